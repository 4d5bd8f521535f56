"""A narrative stage's map drawn as text within 80×24 and 160×48 (grid of 6-inch squares and legend), on PDF
pages, and in the narrative screen (wiring only)."""

from __future__ import annotations

import shutil
from io import BytesIO
from pathlib import Path

from pypdf import PdfReader

from builder.cli import main
from builder.games.warsurge.narrative.grid import draw, legend_lines, placements
from builder.games.warsurge.narrative.pdf import narrative_pdf_bytes
from builder.games.warsurge.narrative.reading import bundled_narratives, read_narrative
from builder.games.warsurge.narrative.sharing import play_code
from builder.tui.app import make_app

EXAMPLES = Path(__file__).parent.parent / "builder" / "examples"
BEACON = read_narrative(bundled_narratives()["saltmarsh-beacon"])
TOWER = BEACON.stages[1]
NAMES = {enemy.letter: enemy.unit.name for enemy in TOWER.enemies}
assert TOWER.map is not None
TOWER_MAP = TOWER.map


def test_at_80x24_the_grid_has_the_legend_beside_it():
    assert draw(TOWER_MAP, NAMES, 80, 24) == [
        "     A   B   C   D   E   F   G   H    6\" squares, 8x8 (4'x4')",
        "    -------------------------------   .  open ground",
        " 1  --- --- --- --- --- --- --- ---   #  impassable, blocks sight",
        " 2  ... ... .B. ... ... ... ... ...   /  cover (+1 Defence)",
        " 3  ... ... ... ### ### ... ... ...   ~  cover, difficult ground",
        " 4  ... ... ... /// .1. ### ... ...   !  cover, dangerous ground",
        " 5  ... ... ... ### ### ... ... ...   -  enemy deployment zone",
        " 6  ... ... !!! !!! ... ~~~ ... ...   B  Chained Brute",
        " 7  ... ... ... ... ... ... ... ...   1  The beacon tower's door",
        " 8  ... ... ... ... ... ... ... ...   +  players deploy: bottom edge",
        "    +++++++++++++++++++++++++++++++   -  enemies enter: top edge",
    ]


def test_at_160x48_each_square_is_seven_by_three():
    lines = draw(TOWER_MAP, NAMES, 160, 48)
    assert (len(lines), max(map(len, lines))) == (27, 100)
    assert lines[6] == " 2  ....... ....... ...B... ....... ....... ....... ....... .......   -  enemy deployment zone"
    assert lines[12] == " 4  ....... ....... ....... /////// ...1... ####### ....... ......."


def test_a_small_space_cuts_the_legend_not_the_grid():
    lines = draw(TOWER_MAP, NAMES, 30, 12)
    assert len(lines) <= 12 and max(map(len, lines)) <= 30
    assert lines[3] == " 2  ..B.....   /  cover (+1 De"


def test_a_view_that_scrolls_gets_the_largest_map_that_fits_or_else_the_whole_legend_to_scroll_to():
    assert draw(TOWER_MAP, NAMES, 160, 48, scrolls=True) == draw(TOWER_MAP, NAMES, 160, 48)  # it fits: the same
    legend = legend_lines(TOWER_MAP, NAMES)
    lines = draw(TOWER_MAP, NAMES, 30, 12, scrolls=True)  # nothing fits 12 lines: all of it, to scroll
    assert len(lines) > 12 and lines[-len(legend) :] == legend


def test_every_letter_and_digit_is_placed_by_square():
    assert placements(TOWER_MAP) == {"B": ["C2"], "1": ["E4"]}


def test_show_draws_one_stage_within_the_size_asked(capsys):
    assert main(["narrative", "show", "saltmarsh-beacon", "--stage", "2", "--width", "80", "--height", "24"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[out.index("") + 1] == "Stage 2 of 2: The Beacon Tower"
    assert " 2  ... ... .B. ... ... ... ... ...   /  cover (+1 Defence)" in out
    assert max(map(len, out)) <= 80
    assert main(["narrative", "show", "saltmarsh-beacon", "--stage", "3"]) == 2


def test_a_pdf_page_per_stage_with_its_map_and_enemies(tmp_path, capsys):
    data, pages = narrative_pdf_bytes(BEACON)
    reader = PdfReader(BytesIO(data))
    assert pages == len(reader.pages) == 2
    second = reader.pages[1].extract_text()
    assert "The Saltmarsh Beacon: Stage 2 of 2: The Beacon\nTower" in second
    assert "Chained Brute (B)" in second and "Dice challenge: Lamp Lighting" in second
    assert main(["narrative", "pdf", "saltmarsh-beacon", "-o", str(tmp_path / "beacon.pdf")]) == 0
    assert capsys.readouterr().out == f"wrote {tmp_path / 'beacon.pdf'}: The Saltmarsh Beacon, 2 pages\n"


async def test_the_narrative_screen_marks_damage_gives_orders_and_moves_on(tmp_path):
    shutil.copy(EXAMPLES / "warsurge-499.toml", tmp_path / "army.toml")
    play = tmp_path / "beacon.toml"
    assert (
        main(["narrative", "play", "saltmarsh-beacon", "--roster", str(tmp_path / "army.toml"), "-o", str(play)]) == 0
    )
    app = make_app(play, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert type(screen).__name__ == "NarrativeScreen"
        units = screen.query_one("#narrative-units")  # too narrow for both side by side: the units above the map
        assert units.region.width == 80 and units.region.y < screen.query_one("#narrative-side").region.y
        await pilot.press("down", "down", "down", "minus")
        assert screen.session.result.enemy_state("L1") == (2, 3)
        await pilot.press("f", "o")
        assert (tmp_path / "beacon.turn.toml").is_file()
        shown = str(screen.query_one("#narrative-orders").render())
        assert "Director's orders (from beacon.turn.toml):" in shown and "L1 Wrecker Lookouts" in shown
        assert (screen.session.result.positions, len(screen.session.ledger.log)) == ({}, 1)  # looking changes nothing
        await pilot.press("x", "x")  # L1 falls: the orders shown are made again, without it
        assert "L1 Wrecker" not in str(screen.query_one("#narrative-orders").render())
        await pilot.press("g")  # the Guards act on the orders: the Patrol's move is kept
        assert screen.session.result.positions == {"P1": "H4"}
        assert "P1 Dyke Patrol (Guard (Patrol)): stays at H4" in str(screen.query_one("#narrative-orders").render())
        assert " 4  ... ... ... .1. ~~~ ~~~ ... .P." in str(screen.query_one("#narrative-map").render())
        await pilot.press("e", "enter")  # the ferryman: each choice whole, what it leads to not told before
        await pilot.pause()
        assert [(c.label, c.detail) for c in app.screen.prompt.choices] == [
            ("Pay him: the Patrol hears the coins and stays wary but does not hunt you.", ""),
            ("Refuse: he shouts for the wreckers as he rows away.", ""),
        ]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert screen.session.result.choices == {"ferryman": "refuse"}
        await pilot.press("t", "n")  # the next stage is asked first, with the stage's objectives
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmDialog"
        assert "Its objectives: Move a unit off the north edge of the map" in str(
            app.screen.query_one(".dialog-question").render()
        )
        assert (screen.session.result.stage, screen.session.result.turn) == (0, 2)  # asked, not yet moved on
        await pilot.press("enter")  # won: on to the next
        await pilot.pause()
        assert (screen.session.result.stage, screen.session.result.turn) == (1, 1)
        assert str(screen.query_one("#narrative-orders").render()).startswith("o: the director's orders")
        await pilot.press("k")  # the play as it stands, shared
        shown = app.screen
        assert type(shown).__name__ == "ShareDialog"
        await pilot.press("escape", "ctrl+s")
    assert 'what = "next"' in play.read_text()
    assert shown.code == play_code(play)  # what was on screen, unsaved then, is the saved file's code


def test_show_wraps_an_events_choices_and_the_rewards_never_cutting_them(capsys):
    assert main(["narrative", "show", "saltmarsh-beacon", "--stage", "1", "--width", "80", "--height", "24"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert max(map(len, out)) <= 80
    at = out.index("Reward [ferry-stores]: The ferryman's dropped satchel: every limited-use perk")
    assert out[at + 1 : at + 4] == [
        "  may be used once more",
        "Reward [wreckers-cache]: The wreckers' powder cache: each player may add 50",
        "  points to the roster for the tower",
    ]
    assert "  [pay] Pay him: the Patrol hears the coins and stays wary but does not hunt" in out
    assert (
        out[out.index("  [pay] Pay him: the Patrol hears the coins and stays wary but does not hunt") + 1] == "    you."
    )
