"""Every word on every card and sheet is at least 7 pt; a card that does not fit one face continues (each face
filled first, saying so at the top) or, with backs, prints on its back for long-edge duplex printing."""

from __future__ import annotations

from io import BytesIO

import pytest
from pypdf import PdfReader

from builder.campaigns.noticeboard import ledger_pdf_bytes
from builder.ledgers import replay_file
from tests.conftest import EXAMPLES
from tests.fixtures.pdf.reading import exported, exported_pages, load, page_texts, smallest_text

ROSTERS = [
    "warcaster-marcher-worlds",
    "warcaster-firebrand",
    "mcwarrior-rustbucket",
    "mcwarrior-warband",
    "warsurge-499",
    "warsurge-apc",
    "warmachine-example",
]
MIN_POINTS = 7.0
LAYOUTS = ("warcaster-marcher-worlds", "warsurge-apc", "warmachine-example", "mcwarrior-warband")


@pytest.mark.parametrize("name", ROSTERS)
def test_every_word_of_every_export_is_at_least_7_pt(name):
    variants = ({}, {"backs": True}, {"one_per_page": True}) if name in LAYOUTS else ({},)
    for options in variants:  # the page layouts draw the same faces: one roster with cards per game tries them
        size, text = smallest_text(exported(name, **options))
        assert size >= MIN_POINTS, (name, options, size, text)


@pytest.mark.parametrize(
    "ledger", ["warmachine-league.toml", "warmachine-frontier.toml", "mcwarrior-port-oldsand.toml"]
)
def test_league_and_campaign_sheets_are_at_least_7_pt(ledger):
    reader = PdfReader(BytesIO(ledger_pdf_bytes(replay_file(EXAMPLES / "campaigns" / ledger), "a4")))
    size, text = smallest_text(reader)
    assert size >= MIN_POINTS, (ledger, size, text)


def title_x(reader: PdfReader, page: int, title: str) -> list[float]:
    """Where a card title starts on a page (x of each run that is exactly the title)."""
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip() == title:
            found.append(tm[4] * (cm[0] or 1) + cm[4])

    reader.pages[page].extract_text(visitor_text=visit)
    return found


def test_with_backs_a_card_continues_on_its_back_in_the_mirrored_column():
    reader = exported("warcaster-marcher-worlds", backs=True)
    width = float(reader.pages[1].mediabox.width)
    front, back = page_texts(reader)[1:3]
    assert "Dusk Wolf ×2\nMarcher Worlds · Light warjack\n" in front  # its first face …
    assert "Light warjack · continued" in back  # … and its second face, on the back
    front_x, back_x = title_x(reader, 1, "Dusk Wolf ×2"), title_x(reader, 2, "Dusk Wolf ×2")
    assert len(front_x) == 2 and front_x[0] < width / 3  # front: left column (its third face is the next card)
    assert len(back_x) == 1 and back_x[0] > width / 2  # back: the right column, behind the left one
    assert (len(reader.pages) - 1) % 2 == 0  # every front page has its back page


def test_without_backs_a_continuation_says_so_at_the_top():
    texts = exported_pages("warcaster-marcher-worlds")
    assert "Strike Raptor ×2\nMarcher Worlds · Heavy warjack · continued" in "\n".join(texts)


def test_backs_from_the_command_line_and_not_with_one_per_page(tmp_path, capsys):
    from builder.cli import main

    roster = EXAMPLES / "warcaster-marcher-worlds.toml"
    assert main(["export", "pdf", str(roster), "-o", str(tmp_path / "duplex.pdf"), "--backs"]) == 0
    assert (len(PdfReader(tmp_path / "duplex.pdf").pages) - 1) % 2 == 0
    assert main(["export", "pdf", str(roster), "-o", str(tmp_path / "x.pdf"), "--backs", "--one-per-page"]) == 2
    assert "choose --backs (duplex sheets) or --one-per-page" in capsys.readouterr().err


@pytest.mark.parametrize("name", LAYOUTS)
def test_every_page_names_the_data_the_list_was_built_with_and_its_share_code(name):
    from exports.share import encode_roster

    loaded = load(name)
    code = encode_roster(loaded.roster, loaded.catalogue)
    stamp = f"{loaded.catalogue.id} revision {loaded.catalogue.revision} · content {loaded.catalogue.content_hash}"
    for options in ({}, {"backs": True}):
        for number, text in enumerate(exported_pages(name, **options)):
            flat = "".join(text.split())
            assert "".join(stamp.split()) in flat and code in flat, (name, options, number)
