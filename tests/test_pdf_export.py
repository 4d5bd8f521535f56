"""PDF export: paper sizes, the 3 × 3 grid, ×N counts, embedded fonts, literal user text, shrinking names, --force."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from reportlab.lib.units import mm

from exports.pdf import IllegalRosterError, export_pdf, pdf_bytes
from exports.pdf.card import CARD_H, CARD_W
from exports.pdf.layout import grid_slots
from tests.fixtures.pdf.reading import (
    all_text,
    export,
    exported,
    exported_pages,
    exported_text,
    fonts,
    load,
    load_text,
    page_texts,
    sizes_of,
)

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


def card_faces(loaded) -> int:
    """How many card faces the roster's cards print on (a card too full for one face continues)."""
    from builder.rules import validate
    from exports.pdf.card import faces
    from exports.pdf.document import game_content
    from exports.pdf.fonts import register_fonts

    register_fonts()  # card faces are measured in the embedded fonts

    cards = game_content(loaded.roster, loaded.catalogue, validate(loaded.roster, loaded.catalogue)).cards
    return sum(len(faces(card)) for card in cards)


def dwarf_companies(n: int, smallest: int = 10) -> str:
    """A legal Warsurge roster of n distinct units (`smallest` to smallest+n-1 Dwarven Berserkers, one axe each)."""
    units = "".join(
        f'\n[[units]]\nid = "dwarven-berserkers"\nmodels = {m}\nweapons = {{ dwarven-axe = {m} }}\n'
        for m in range(smallest, smallest + n)
    )
    return (
        'warbench = 1\ngame = "warsurge"\ncatalogue = "warsurge-examples"\nname = "Dwarf holds"\n'
        f"point_limit = 100000\n{units}"
    )


@pytest.mark.parametrize("paper, size", [("a4", A4), ("letter", LETTER)])
def test_every_page_has_the_paper_size(paper, size):
    loaded = load("warcaster-marcher-worlds")
    reader = exported("warcaster-marcher-worlds", paper=paper)
    assert len(reader.pages) == 1 + -(-card_faces(loaded) // 9)  # the sheet, then nine card faces a page
    for page in reader.pages:
        assert (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)) == size


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_grid_is_nine_poker_cards_centred_without_overlap(paper):
    page_w, page_h = A4 if paper == "a4" else LETTER
    slots = grid_slots(page_w, page_h)
    assert (round(CARD_W / mm, 2), round(CARD_H / mm, 2)) == (63.5, 88.9)
    assert len(slots) == 9 and len(set(slots)) == 9
    xs = sorted({x for x, _ in slots})
    ys = sorted({y for _, y in slots})
    assert [round(b - a, 3) for a, b in itertools.pairwise(xs)] == [round(CARD_W, 3)] * 2
    assert [round(b - a, 3) for a, b in itertools.pairwise(ys)] == [round(CARD_H, 3)] * 2
    assert round(xs[0], 3) == round(page_w - xs[-1] - CARD_W, 3) > 0  # centred, inside the page
    assert round(ys[0], 3) == round(page_h - ys[-1] - CARD_H, 3) > 0


def test_nine_cards_to_a_page_then_the_next_page():
    reader = export(load_text(dwarf_companies(10, smallest=3)))  # small companies: one face each
    texts = page_texts(reader)
    assert len(texts) == 3
    assert texts[1].count(" pts") == 9 and texts[2].count(" pts") == 1
    assert [f"Models: {m} " in texts[1] for m in range(3, 12)] == [True] * 9
    assert "Models: 12 " in texts[2]


def test_one_card_per_distinct_loadout_with_a_count():
    text = exported_text("warcaster-marcher-worlds")
    cards = text.split("\n", 1)[1]
    # two identical Dusk Wolves, two Strike Raptors, three Fire Teams, three Weavers: one card each, ×N
    assert "Dusk Wolf ×2" in cards and "Strike Raptor ×2" in cards
    assert "Ranger Fire Team ×3" in cards and "Coalition Weaver ×3" in cards
    assert not re.search(r"(Hunter|Combat Engineer|Ranger Heavy Support) ×", cards)


def test_a_different_loadout_is_a_different_card():
    source = (
        load("warcaster-marcher-worlds")
        .path.read_text(encoding="utf-8")
        .replace('right-arm = "flame-thrower", shoulder', 'right-arm = "battle-rifle", shoulder', 1)
    )
    text = all_text(export(load_text(source)))
    assert "Dusk Wolf ×" not in text
    assert len(re.findall(r"Dusk Wolf Marcher Worlds · Light warjack(?! · continued)", " ".join(text.split()))) == 2
    assert "Dusk Wolf has 1 of 5 weapon points unspent" in text  # the info finding on the sheet


def test_the_fonts_are_embedded_truetype_subsets():
    for reader in (
        exported("warcaster-marcher-worlds"),
        exported("mcwarrior-warband"),
        exported("warsurge-apc", one_per_page=True),
    ):
        found = fonts(reader)
        assert found, "no fonts"
        for name, font in found.items():
            assert font["/Subtype"] == "/TrueType", name
            assert "/FontFile2" in font["/FontDescriptor"].get_object(), name
        assert any("DejaVuSans-Bold" in name for name in found) and any(name.endswith("DejaVuSans") for name in found)


def test_user_text_prints_exactly_as_typed():
    text = exported_text("mcwarrior-long-names")
    for typed in (
        'Tom\'s <b>Big</b> & "Bad" >> Rust & Bolts',
        "Line one has <i>tags</i> & ampersands.",
        "Line two: 5 < 6 > 4 &amp; done.",
        'Wilhelmina "Mina" <Sparks>',
    ):
        assert typed in " ".join(text.split())


def test_markup_in_a_warsurge_label_is_literal():
    source = dwarf_companies(1).replace(
        'id = "dwarven-berserkers"', 'id = "dwarven-berserkers"\nlabel = "<Axe> & <Co>"'
    )
    text = all_text(export(load_text(source)))
    assert text.count("<Axe> & <Co>") == 2  # the sheet's row and the card's title


def test_a_long_name_shrinks_and_wraps_but_all_of_it_prints():
    reader = exported("mcwarrior-long-names")
    title_sizes = sizes_of(reader, 1, "Sir Reginald")
    assert title_sizes and max(title_sizes) < 16  # the data sheet title starts at 16 pt
    assert max(sizes_of(exported("mcwarrior-rustbucket"), 1, "Rustbucket")) == 16
    flat = " ".join(page_texts(reader)[1].split())
    assert (
        "Sir Reginald <The Unbreakable> & Bartholomew-Fitzgerald von Clankenstein, Terror of the Lower Docks, "
        "Scourge of Port Oldsand & Breaker of Walls >>> the Third"
    ) in flat


def test_a_long_card_title_shrinks_then_wraps_without_losing_a_character():
    name = "The Very Long And Carefully Named Company Of Dwarven Axe Throwers From Beneath The Grey Mountains"
    source = dwarf_companies(1).replace('id = "dwarven-berserkers"', f'id = "dwarven-berserkers"\nlabel = "{name}"')
    reader = export(load_text(source))
    sizes = sizes_of(reader, 1, "The Very Long")
    assert sizes and max(sizes) < 11  # card titles start at 11 pt
    assert name in " ".join(page_texts(reader)[1].split())


def test_an_illegal_roster_is_refused_unless_forced():
    loaded = load_text(dwarf_companies(2).replace("point_limit = 100000", "point_limit = 300"))
    with pytest.raises(IllegalRosterError) as refused:
        pdf_bytes(loaded.roster, loaded.catalogue)
    assert [f.code for f in refused.value.report.errors] == ["warsurge/point-limit"]
    sheet = page_texts(export(loaded, force=True))[0]
    assert "NOT A LEGAL ROSTER" in sheet and "warsurge/point-limit" in sheet
    assert "NOT A LEGAL ROSTER" not in exported_pages("warsurge-apc")[0]


def test_one_card_per_page_for_print_shops():
    loaded = load("warmachine-example")
    reader = export(loaded, one_per_page=True)
    sheet, *cards = reader.pages
    assert (round(float(sheet.mediabox.width), 2), round(float(sheet.mediabox.height), 2)) == A4
    assert len(cards) == card_faces(loaded)
    for page in cards:
        assert (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)) == (
            round(CARD_W + 20 * mm, 2),
            round(CARD_H + 20 * mm, 2),
        )
        trim = [round(float(v), 2) for v in page["/TrimBox"]]
        assert trim == [round(10 * mm, 2), round(10 * mm, 2), round(10 * mm + CARD_W, 2), round(10 * mm + CARD_H, 2)]


def test_export_writes_atomically_and_reports_bad_targets(tmp_path):
    loaded = load("warmachine-example")
    target = tmp_path / "army.pdf"
    assert export_pdf(loaded.roster, loaded.catalogue, target) == target
    assert target.read_bytes().startswith(b"%PDF-") and list(tmp_path.iterdir()) == [target]
    from exports.errors import ExportError

    for bad, words in ((tmp_path / "missing" / "x.pdf", "does not exist"), (tmp_path, "is a directory")):
        with pytest.raises(ExportError, match=words):
            export_pdf(loaded.roster, loaded.catalogue, bad)
    with pytest.raises(ExportError, match="unknown paper 'a3'"):
        pdf_bytes(loaded.roster, loaded.catalogue, paper="a3")


def test_a_folder_that_cannot_be_written_is_named_by_its_path_even_the_current_one(tmp_path, monkeypatch):
    loaded = load("warmachine-example")
    from exports.errors import ExportError

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("exports.pdf.os.access", lambda path, mode: False)  # as a folder of another user's
    with pytest.raises(ExportError) as refused:
        export_pdf(loaded.roster, loaded.catalogue, Path("army.pdf"))
    assert str(refused.value) == f"army.pdf: cannot write in {tmp_path} (permission denied)"


def test_the_same_roster_gives_the_same_bytes():
    loaded = load("mcwarrior-rustbucket")
    assert pdf_bytes(loaded.roster, loaded.catalogue) == pdf_bytes(loaded.roster, loaded.catalogue)


def test_every_sheet_carries_the_data_it_was_built_with():
    from io import BytesIO

    from pypdf import PdfReader

    from builder.roster.files import read_roster
    from tests.conftest import EXAMPLES

    loaded = read_roster(EXAMPLES / "warcaster-marcher-worlds.toml")
    text = " ".join(PdfReader(BytesIO(pdf_bytes(loaded.roster, loaded.catalogue))).pages[0].extract_text().split())
    catalogue = loaded.catalogue
    assert f"warcaster-nm revision {catalogue.revision}" in text and f"content {catalogue.content_hash}" in text
