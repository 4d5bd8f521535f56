"""The embedded fonts: DejaVu Sans and Bold from exports/fonts, registered once per process."""

from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from exports.errors import ExportError

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
REGULAR = "WarbenchSans"
BOLD = "WarbenchSans-Bold"
_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}
_lock = threading.Lock()
_registered = threading.Event()


def register_fonts() -> None:
    """Register the TrueType fonts with reportlab (embedded as subsets); cheap after the first call."""
    if _registered.is_set():
        return
    with _lock:
        if _registered.is_set():
            return
        for name, filename in _FILES.items():
            path = FONT_DIR / filename
            try:
                pdfmetrics.registerFont(TTFont(name, str(path)))
            except (OSError, ValueError) as exc:
                raise ExportError(f"cannot load the card font {path} ({exc})") from None
        pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD)
        _registered.set()


@lru_cache(maxsize=65536)
def _unit_width(text: str, bold: bool) -> float:
    unit_width: float = pdfmetrics.stringWidth(text, BOLD if bold else REGULAR, 1.0)
    return unit_width


def width(text: str, size: float, bold: bool = False) -> float:
    """Width in points of `text` set in the card font at `size` (widths scale linearly: cached at 1 pt)."""
    return _unit_width(text, bold) * size
