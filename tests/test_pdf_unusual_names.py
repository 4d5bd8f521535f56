"""Names the embedded DejaVu cannot draw (CJK, emoji) in a PDF: printed transliterated instead of as empty boxes, and
kept as written in the page's ActualText (what copying and searching read)."""

from __future__ import annotations

import pypdf

from builder.cli import main
from exports.pdf.glyphs import actual_text, drawable, missing
from tests.conftest import EXAMPLES

DRAGON, LEE = "🐉 Drágon", "李小龍 <script>"


def test_what_the_font_cannot_draw_is_transliterated_and_the_rest_kept():
    assert [drawable(text) for text in (DRAGON, LEE, "Ωmega ″ ✔", "한국어", "👍🏽 ok", "❤️")] == [
        ":dragon: Drágon",
        "Li Xiao Long <script>",
        "Ωmega ″ ✔",
        "Han Gug Eo",
        ":thumbsup: ok",
        "❤️",
    ]
    assert (missing(DRAGON), missing("Ωmega ″ ✔")) == (True, False)
    assert actual_text("李") == "/Span <</ActualText <FEFF674E>>> BDC"


def test_a_battle_report_prints_the_names_transliterated_and_keeps_them_as_written(tmp_path, capsys):
    battle, pdf = tmp_path / "em.toml", tmp_path / "em.pdf"
    rustbucket = str(EXAMPLES / "mcwarrior-rustbucket.toml")
    words = ["battle", "new", rustbucket, "--opponent", rustbucket, "--players", DRAGON, LEE]
    assert main([*words, "--scenario", "last-mech-standing", "-o", str(battle)]) == 0
    assert main(["battle", "report", str(battle), "-o", str(pdf)]) == 0
    page = pypdf.PdfReader(pdf).pages[0]
    printed = page.extract_text()  # pypdf reads the glyphs; ActualText readers (poppler, Acrobat) the names
    assert ":dragon: Drágon: Rustbucket (ours)" in printed
    assert "Li Xiao Long <script>: Rustbucket (the opponent's)" in printed
    stream = page.get_contents().get_data().decode("latin-1")
    assert all(actual_text(name) in stream for name in (DRAGON, LEE, f"{DRAGON}: Rustbucket (ours)"))


def test_an_emoji_the_font_draws_is_still_read_back_as_written(tmp_path):
    """DejaVu draws 😀, but reportlab maps a glyph past U+FFFF to four hex digits (U+1F60, 'ὠ', when copied): the
    name keeps its ActualText though nothing in it is transliterated."""
    battle, pdf = tmp_path / "z.toml", tmp_path / "z.pdf"
    rustbucket = str(EXAMPLES / "mcwarrior-rustbucket.toml")
    words = ["battle", "new", rustbucket, "--opponent", rustbucket, "--players", "Zoë 😀", "Ann"]
    assert main([*words, "--scenario", "last-mech-standing", "-o", str(battle)]) == 0
    assert main(["battle", "report", str(battle), "-o", str(pdf)]) == 0
    assert (missing("Zoë 😀"), drawable("Zoë 😀")) == (False, "Zoë 😀")  # drawn as it is
    stream = pypdf.PdfReader(pdf).pages[0].get_contents().get_data().decode("latin-1")
    assert actual_text("Zoë 😀") in stream and actual_text("Zoë 😀: Rustbucket (ours)") in stream
