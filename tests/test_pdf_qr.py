"""The roster sheet's QR: drawn as vector modules, it scans back to the roster's share code.

The sheet page is rasterised with pypdfium2 (PDFium, from a wheel: nothing to install on the system)
and read with zxing-cpp, as a phone would read the printed sheet.
"""

from __future__ import annotations

import pytest
import zxingcpp

from exports.share import encode_roster
from tests.fixtures.pdf.reading import export, load, page_texts


def scan_sheet(pdf: bytes, tmp_path, dpi: int = 150) -> list[str]:
    """The QR codes zxing-cpp finds on page 1 rendered at `dpi`."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=dpi / 72).to_pil()
    finally:
        document.close()
    return [r.text for r in zxingcpp.read_barcodes(image) if r.format == zxingcpp.BarcodeFormat.QRCode]


@pytest.mark.parametrize(
    "name", ["warcaster-marcher-worlds", "mcwarrior-long-names", "warsurge-apc", "warmachine-example"]
)
def test_the_sheet_qr_decodes_to_the_share_code(name, tmp_path):
    from exports.pdf import pdf_bytes

    loaded = load(name)
    code = encode_roster(loaded.roster, loaded.catalogue)
    assert scan_sheet(pdf_bytes(loaded.roster, loaded.catalogue), tmp_path) == [code]


def test_the_code_text_is_printed_under_the_qr():
    loaded = load("warcaster-marcher-worlds")
    code = encode_roster(loaded.roster, loaded.catalogue)
    sheet = page_texts(export(loaded))[0]
    assert code in "".join(sheet.split())  # wrapped over lines of equal length


def test_a_code_too_long_for_a_qr_is_noted_not_fatal(monkeypatch):
    import exports.pdf.qr as sheet_qr
    from exports.share.errors import ShareCodeError

    def too_long(code):
        raise ShareCodeError(f"a {len(code)}-character share code is too long for a QR code")

    monkeypatch.setattr(sheet_qr, "qr_matrix", too_long)  # where the sheet looks it up
    loaded = load("warmachine-example")
    sheet = " ".join(page_texts(export(loaded))[0].split())
    assert "No QR code: a " in sheet and "-character share code is too long for a QR code" in sheet
    assert encode_roster(loaded.roster, loaded.catalogue) in "".join(sheet.split())  # the code text still prints
