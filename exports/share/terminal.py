"""QR codes drawn with Unicode half blocks, two modules per character cell: the share code in the TUI, the served
builder's address in the terminal."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from exports.share.qr import qr_matrix, qr_symbol

QUIET_ZONE = 2
"""Light modules around the symbol (phones read 2 reliably from a screen; print uses 4)."""
_CELLS = {(False, False): "█", (False, True): "▀", (True, False): "▄", (True, True): " "}
"""(top dark, bottom dark) -> character; light modules are drawn, dark ones left blank."""


def qr_half_blocks(code: str, quiet: int = QUIET_ZONE, level: str = "M") -> str:
    """The share code's QR as text lines; show it light-on-dark (light foreground on a dark background)."""
    return half_blocks(qr_matrix(code, level), quiet)


@dataclass(frozen=True)
class ScreenQR:
    """A share code's QR drawn for a screen: its text lines, version and error correction level."""

    text: str
    version: int
    level: str

    @property
    def rows(self) -> int:
        return self.text.count("\n") + 1

    @property
    def columns(self) -> int:
        return len(self.text.split("\n", 1)[0])


def screen_qr(code: str, rows: int, columns: int | None = None) -> ScreenQR:
    """The code's QR at level M, or at level L when only that fits in `rows` text rows (and `columns`, if given: a
    screen is not worn or creased like print, so L's smaller symbol reads as well there); M when neither fits."""
    best = _drawn(code, "M")
    if best.rows <= rows and (columns is None or best.columns <= columns):
        return best
    smaller = _drawn(code, "L")
    return smaller if smaller.rows <= rows and (columns is None or smaller.columns <= columns) else best


def fitting_chars(rows: int, columns: int) -> int:
    """The most code characters a QR holds when drawn in `rows` text rows and `columns` columns (level L, the smallest
    symbol `screen_qr` draws); 0 when not even the smallest QR fits."""
    import qrcode.util

    modules = min(2 * rows, columns) - 2 * QUIET_ZONE
    version = min(40, (modules - 17) // 4)
    if version < 1:
        return 0
    bits: int = qrcode.util.BIT_LIMIT_TABLE[qrcode.constants.ERROR_CORRECT_L][version]  # qrcode ships no types
    header: int = qrcode.util.length_in_bits(qrcode.util.MODE_ALPHA_NUM, version)
    room = bits - 4 - header  # mode and length headers
    return 2 * (room // 11) + (1 if room % 11 >= 6 else 0)  # 11 bits a pair of characters, 6 a last one alone


@lru_cache(maxsize=16)
def _drawn(code: str, level: str) -> ScreenQR:
    """The code's QR at this level, drawn for the screen (kept for the last few codes: a dialog fitting its QR to
    a resized screen asks for the same ones again)."""
    version, matrix = qr_symbol(code, level)
    return ScreenQR(half_blocks(matrix), version, level)


def text_qr_matrix(text: str) -> list[list[bool]]:
    """The QR modules of any text (an address), in whatever mode fits it, error correction M."""
    import qrcode

    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0)
    qr.add_data(text)
    qr.make(fit=True)
    return [list(row) for row in qr.get_matrix()]


def half_blocks(matrix: list[list[bool]], quiet: int = QUIET_ZONE) -> str:
    """QR modules as text lines, two per character cell, light modules drawn: show them light-on-dark."""
    size = len(matrix) + 2 * quiet
    rows = [[False] * size for _ in range(quiet)]
    rows += [[False] * quiet + row + [False] * quiet for row in matrix]
    rows += [[False] * size for _ in range(quiet)]
    if len(rows) % 2:
        rows.append([False] * size)
    return "\n".join(
        "".join(_CELLS[(top[x], bottom[x])] for x in range(size)) for top, bottom in zip(rows[0::2], rows[1::2])
    )
