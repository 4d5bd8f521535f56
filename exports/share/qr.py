"""The share code as a QR code: alphanumeric mode, error correction M, the smallest version that fits."""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from builder.game import short_name_of
from catalog.access import admit
from catalog.file_kinds import what_else
from catalog.files import write_atomic
from catalog.toml_input import MAX_INPUT_BYTES, read_bounded
from exports.errors import ExportError
from exports.share.envelope import ROSTER_FORMATS, open_code
from exports.share.errors import ShareCodeError

if TYPE_CHECKING:
    from PIL.Image import Image
    from qrcode import QRCode

MAX_IMAGE_BYTES = 30 * 1024 * 1024
MAX_IMAGE_PIXELS = 40_000_000
"""Pictures larger than this are refused before decoding (phone photos are ~12–50 MP before scaling)."""
IMAGE_SUFFIXES = (".png", ".svg")


def _qr(code: str, border: int, level: str = "M", *, drawn: bool = True) -> QRCode:
    """A qrcode.QRCode holding the code as one alphanumeric segment (level M, or L where a screen needs it), its
    modules made (`drawn`: the slow part, for it tries each of the eight masks) or only its version found."""
    import qrcode
    from qrcode.util import MODE_ALPHA_NUM, QRData

    correction = {"M": qrcode.constants.ERROR_CORRECT_M, "L": qrcode.constants.ERROR_CORRECT_L}[level]
    qr = qrcode.QRCode(version=None, error_correction=correction, box_size=10, border=border)
    qr.add_data(QRData(code.strip().upper(), mode=MODE_ALPHA_NUM), optimize=0)
    try:
        if drawn:
            qr.make(fit=True)
        else:
            qr.best_fit()
    except (ValueError, qrcode.exceptions.DataOverflowError):
        raise ShareCodeError(f"a {len(code)}-character share code is too long for a QR code") from None
    return qr


def qr_version(code: str, level: str = "M") -> int:
    """The QR version (1–40) the code needs at this error correction level."""
    version: int = _qr(code, 0, level, drawn=False).version  # qrcode ships no types
    return version


def qr_matrix(code: str, level: str = "M") -> list[list[bool]]:
    """The QR's modules, True for dark, without the quiet zone."""
    return qr_symbol(code, level)[1]


def qr_symbol(code: str, level: str = "M") -> tuple[int, list[list[bool]]]:
    """The QR's version and its modules (True for dark, without the quiet zone), made once."""
    version, rows = _symbol(code, level)
    return version, [list(row) for row in rows]


@lru_cache(maxsize=16)
def _symbol(code: str, level: str) -> tuple[int, tuple[tuple[bool, ...], ...]]:
    """The QR's version and modules, kept for the last few codes: the cards of one roster, printed again, and its
    share dialog ask for the same symbol."""
    qr = _qr(code, 0, level)
    version: int = qr.version  # qrcode ships no types
    return version, tuple(tuple(row) for row in qr.get_matrix())


def write_qr(code: str, path: Path | str) -> int:
    """Write the QR as .png or .svg (4-module quiet zone), atomically; other extensions are refused. Returns
    its version."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in IMAGE_SUFFIXES:
        raise ExportError(f"{path}: a QR image must be .png or .svg, not '{path.suffix or 'no extension'}'")
    qr = _qr(code, 4)
    if suffix == ".svg":
        from qrcode.image.svg import SvgPathImage

        image = qr.make_image(image_factory=SvgPathImage)
    else:
        from qrcode.image.pil import PilImage

        image = qr.make_image(image_factory=PilImage)
    rendered = io.BytesIO()
    image.save(rendered)
    try:
        write_atomic(path, rendered.getvalue())
    except OSError as exc:
        raise ExportError(f"{path}: cannot write the QR image ({exc.strerror or exc})") from None
    version: int = qr.version  # qrcode ships no types
    return version


def _load_image(path: Path) -> Image:
    """The picture as a PIL image, refusing unreadable, non-image and oversized files with one line."""
    from PIL import Image, UnidentifiedImageError

    admit(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise ShareCodeError(f"{path}: cannot read the image ({exc.strerror or exc})") from None
    if not path.is_file():
        raise ShareCodeError(f"{path}: not an image file")
    if size > MAX_IMAGE_BYTES:
        raise ShareCodeError(
            f"{path}: {size // (1024 * 1024)} MB is too large for a QR picture "
            f"(limit {MAX_IMAGE_BYTES // (1024 * 1024)} MB)"
        )
    try:
        image = Image.open(path)
        if image.width * image.height > MAX_IMAGE_PIXELS:
            raise ShareCodeError(f"{path}: {image.width}×{image.height} pixels is too large for a QR picture")
        image.load()
    except UnidentifiedImageError:
        other = what_else(read_bounded(path, MAX_INPUT_BYTES, ShareCodeError, "picture"), short_name_of)
        raise ShareCodeError(
            f"{path}: not a picture: {other}"
            if other
            else f"{path}: not a picture Warbench can read (PNG, JPEG, GIF, BMP, WebP …)"
        ) from None
    except Image.DecompressionBombError:
        raise ShareCodeError(f"{path}: not a picture Warbench can read (PNG, JPEG, GIF, BMP, WebP …)") from None
    except (OSError, ValueError, SyntaxError) as exc:
        raise ShareCodeError(f"{path}: the picture is damaged or unreadable ({exc})") from None
    return image.convert("L")


def opens(text: str, code_format: int | tuple[int, ...]) -> bool:
    """Whether a QR code's text is a whole code in one of these formats."""
    try:
        open_code(text, code_format)
    except ShareCodeError:
        return False
    return True


def read_qr_texts(path: Path | str, accept: Callable[[str], bool], what: str = "share code") -> list[str]:
    """The texts of every QR code in a photo or screenshot that `accept` takes (rotated, scaled or slightly blurred
    is fine), in reading order; a picture with none is one ShareCodeError."""
    path = admit(Path(path))  # asked (and noted as read) each time, whether or not it was decoded before
    try:
        seen = path.stat()
    except OSError as exc:
        raise ShareCodeError(f"{path}: cannot read the image ({exc.strerror or exc})") from None
    texts = _qr_texts(path, (seen.st_ino, seen.st_size, seen.st_mtime_ns, seen.st_ctime_ns))
    if not texts:
        raise ShareCodeError(f"{path}: no QR code found in the picture")
    taken = [text.strip().upper() for text in texts if accept(text)]
    if taken:
        return taken
    shown = texts[0][:40].encode("ascii", "backslashreplace").decode("ascii")
    more = "…" if len(texts[0]) > 40 else ""
    raise ShareCodeError(f"{path}: the QR code says '{shown}{more}', which is not a Warbench {what}")


@lru_cache(maxsize=4)
def _qr_texts(path: Path, version: tuple[int, ...]) -> tuple[str, ...]:
    """The texts of every QR code in a picture as it is now (its `version`: inode, size, modification and change
    times): a picture checked when it is named, then imported, is decoded once."""
    import zxingcpp

    image = _load_image(path)
    results = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode))
    return tuple(result.text for result in results)


def read_qr_image(path: Path | str, code_format: int | tuple[int, ...] = ROSTER_FORMATS) -> str:
    """The share code in a photo or screenshot of its QR code (rotated, scaled or slightly blurred is fine);
    `code_format`: a roster's code (with or without profiles), or a battle's."""
    return read_qr_texts(path, lambda text: opens(text, code_format))[0]
