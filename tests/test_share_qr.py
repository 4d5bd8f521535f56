"""Share QR codes: alphanumeric at level M in the smallest version, PNG/SVG out, photos and screenshots back in."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageFilter
from test_share_properties import GAMES

from builder.roster.files import read_roster
from exports.errors import ExportError
from exports.share import decode_share_code, encode_roster
from exports.share.errors import ShareCodeError
from exports.share.qr import qr_matrix, qr_symbol, qr_version, read_qr_image, write_qr
from exports.share.terminal import qr_half_blocks

REPO = Path(__file__).resolve().parent.parent
SAMPLES = sorted((REPO / "builder" / "examples").glob("*.toml")) + sorted(
    (REPO / "tests" / "fixtures" / "rosters").glob("*.toml")
)
ALPHANUMERIC_M = [20, 38, 61, 90, 122, 154, 178, 221, 262, 311, 366, 419, 483, 528, 600, 656, 734, 816, 909, 970]
"""Alphanumeric capacity at level M of QR versions 1–20 (ISO/IEC 18004 table 7)."""


def code_of(path: Path) -> str:
    loaded = read_roster(path)
    return encode_roster(loaded.roster, loaded.catalogue, with_notes=True)


@pytest.fixture(scope="module")
def largest_code() -> str:
    return code_of(REPO / "tests" / "fixtures" / "rosters" / "warcaster-largest.toml")


@pytest.fixture
def png(tmp_path, largest_code) -> Path:
    path = tmp_path / "share.png"
    write_qr(largest_code, path)
    return path


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_each_code_uses_the_smallest_alphanumeric_version_at_level_m(path):
    code = code_of(path)
    smallest = next(v for v, capacity in enumerate(ALPHANUMERIC_M, 1) if capacity >= len(code))
    assert qr_version(code) == smallest
    matrix = qr_matrix(code)
    assert len(matrix) == 17 + 4 * smallest and all(len(row) == len(matrix) for row in matrix)


def test_largest_warcaster_force_is_a_version_5_qr(largest_code):
    assert qr_version(largest_code) == 5
    assert len(qr_matrix(largest_code)) == 37


def test_a_symbol_kept_for_the_next_caller_is_a_fresh_copy_each_time(largest_code):
    """The last few symbols are kept (a roster's cards and its share dialog ask for the same one): what a caller does
    to its copy never reaches the next caller's."""
    version, first = qr_symbol(largest_code)
    first[0][0] = not first[0][0]
    first.pop()
    assert qr_symbol(largest_code) == (version, qr_matrix(largest_code))
    assert len(qr_matrix(largest_code)) == 37 and qr_matrix(largest_code)[0][0] is not first[0][0]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_png_reads_back_to_the_same_code_and_roster(tmp_path, path):
    code = code_of(path)
    write_qr(code, tmp_path / "q.png")
    assert read_qr_image(tmp_path / "q.png") == code
    original = read_roster(path)
    shared = original.roster.model_copy(update={"catalogue_revision": original.catalogue.revision})
    assert decode_share_code(read_qr_image(tmp_path / "q.png")).roster == shared


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(*(strategy() for strategy in GAMES)))
def test_random_rosters_survive_png_and_zxing(tmp_path, case):
    catalogue, roster = case
    code = encode_roster(roster, catalogue, with_notes=True)
    write_qr(code, tmp_path / "random.png")
    assert read_qr_image(tmp_path / "random.png") == code
    shared = roster.model_copy(update={"catalogue_revision": catalogue.revision})  # the revision the code names
    assert decode_share_code(code).roster.model_dump() == shared.model_dump()


def test_svg_is_written_with_the_modules(tmp_path, largest_code):
    write_qr(largest_code, tmp_path / "q.svg")
    text = (tmp_path / "q.svg").read_text()
    assert text.startswith("<?xml") and "<svg" in text and "<path" in text


def test_other_extensions_are_refused(tmp_path, largest_code):
    with pytest.raises(ExportError) as info:
        write_qr(largest_code, tmp_path / "q.jpg")
    assert str(info.value) == f"{tmp_path / 'q.jpg'}: a QR image must be .png or .svg, not '.jpg'"
    assert not (tmp_path / "q.jpg").exists()


def transformed(png: Path, tmp_path: Path, change) -> Path:
    image = change(Image.open(png).convert("L"))
    out = tmp_path / "photo.png"
    image.save(out)
    return out


@pytest.mark.parametrize(
    "name, change",
    [
        ("rotated 15°", lambda im: im.rotate(15, expand=True, fillcolor=255, resample=Image.BICUBIC)),
        ("rotated 90°", lambda im: im.rotate(90, expand=True)),
        ("scaled 0.5×", lambda im: im.resize((im.width // 2, im.height // 2), Image.BILINEAR)),
        ("scaled 2×", lambda im: im.resize((im.width * 2, im.height * 2), Image.BICUBIC)),
        ("blurred", lambda im: im.filter(ImageFilter.GaussianBlur(2))),
        (
            "rotated -20°, shrunk and blurred",
            lambda im: (
                im.rotate(-20, expand=True, fillcolor=255)
                .resize((im.width * 3 // 4, im.height * 3 // 4))
                .filter(ImageFilter.GaussianBlur(1))
            ),
        ),
    ],
)
def test_photos_and_screenshots_of_the_qr_read_back(png, tmp_path, largest_code, name, change):
    assert read_qr_image(transformed(png, tmp_path, change)) == largest_code


def test_a_jpeg_reads_back(png, tmp_path, largest_code):
    Image.open(png).convert("RGB").save(tmp_path / "photo.jpg", quality=60)
    assert read_qr_image(tmp_path / "photo.jpg") == largest_code


def test_a_qr_of_a_web_address_is_not_a_share_code(tmp_path):
    import qrcode

    qrcode.make("https://example.com/roster?id=42").save(tmp_path / "url.png")
    with pytest.raises(ShareCodeError) as info:
        read_qr_image(tmp_path / "url.png")
    assert str(info.value) == (
        f"{tmp_path / 'url.png'}: the QR code says 'https://example.com/roster?id=42', "
        "which is not a Warbench share code"
    )


@pytest.mark.parametrize(
    "image, message",
    [
        (lambda: Image.new("L", (400, 300), 255), "no QR code found in the picture"),
        (lambda: Image.linear_gradient("L").resize((300, 300)), "no QR code found in the picture"),
    ],
)
def test_a_picture_without_a_qr_code_is_one_line(tmp_path, image, message):
    image().save(tmp_path / "plain.png")
    with pytest.raises(ShareCodeError) as info:
        read_qr_image(tmp_path / "plain.png")
    assert str(info.value) == f"{tmp_path / 'plain.png'}: {message}"


def test_missing_and_non_image_files_are_one_line(tmp_path):
    (tmp_path / "notes.png").write_text("not a picture")
    with pytest.raises(ShareCodeError) as info:
        read_qr_image(tmp_path / "notes.png")
    assert str(info.value) == f"{tmp_path / 'notes.png'}: not a picture Warbench can read (PNG, JPEG, GIF, BMP, WebP …)"
    with pytest.raises(ShareCodeError) as info:
        read_qr_image(tmp_path / "missing.png")
    assert str(info.value) == f"{tmp_path / 'missing.png'}: cannot read the image (No such file or directory)"


def terminal_picture(text: str) -> Image.Image:
    """Half-block text drawn as a terminal would: light blocks on a dark background."""
    lines = text.split("\n")
    cell = {"█": (255, 255), "▀": (255, 0), "▄": (0, 255), " ": (0, 0)}
    scale, margin = 8, 3
    image = Image.new("L", ((len(lines[0]) + 2 * margin) * scale, (2 * len(lines) + 2 * margin) * scale), 0)
    for y, line in enumerate(lines):
        for x, char in enumerate(line):
            for half, shade in enumerate(cell[char]):
                top = (2 * y + half + margin) * scale
                image.paste(shade, ((x + margin) * scale, top, (x + margin + 1) * scale, top + scale))
    return image


def test_terminal_half_blocks_scan_as_the_code(tmp_path, largest_code):
    text = qr_half_blocks(largest_code)
    lines = text.split("\n")
    assert len(lines) == (37 + 4 + 1) // 2 and all(len(line) == 37 + 4 for line in lines)
    assert set(text) <= {"█", "▀", "▄", " ", "\n"}
    terminal_picture(text).save(tmp_path / "terminal.png")
    assert read_qr_image(tmp_path / "terminal.png") == largest_code


def test_the_served_address_printed_as_a_qr_scans_as_it_is():
    import zxingcpp

    from exports.share.terminal import half_blocks, text_qr_matrix

    address = "http://192.168.1.20:8000/?token=vBKDuw7eT6dTVOQ-HZ5u_A"
    assert [r.text for r in zxingcpp.read_barcodes(terminal_picture(half_blocks(text_qr_matrix(address))))] == [address]


@pytest.mark.parametrize(("rows", "columns"), [(24, 56), (48, 136), (13, 80), (30, 30)])
def test_fitting_chars_is_the_longest_code_whose_screen_qr_fits(rows, columns):
    """The share dialog sizes a code's parts by it: that many characters fit the screen, one more does not."""
    from exports.share.terminal import fitting_chars, screen_qr

    def fits(code: str) -> bool:
        qr = screen_qr(code, rows, columns)
        return qr.rows <= rows and qr.columns <= columns

    most = fitting_chars(rows, columns)
    assert most > 0 and fits("A" * most) and not fits("A" * (most + 1))
    assert fitting_chars(5, 80) == 0  # not even a version 1 QR (21 modules and the quiet zone)


def test_a_picture_replaced_at_the_same_path_is_read_again(tmp_path):
    """A picture is read as it is now: another QR saved over it gives the other code, never the first one again."""
    import os

    first, second = code_of(SAMPLES[0]), code_of(SAMPLES[1])
    picture = tmp_path / "qr.png"
    write_qr(first, picture)
    assert read_qr_image(picture) == first
    before = picture.stat().st_mtime_ns
    write_qr(second, picture)
    os.utime(picture, ns=(before + 1_000_000_000, before + 1_000_000_000))  # a later save, however fast the disk
    assert read_qr_image(picture) == second
    picture.write_bytes(b"not a picture any more")
    with pytest.raises(ShareCodeError, match="not a picture"):
        read_qr_image(picture)
