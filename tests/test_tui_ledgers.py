"""Leagues and campaigns in the builder: one short keyboard flow per kind, the palette, quitting, bad files."""

from __future__ import annotations

import shutil

import pytest

from builder.campaigns.edits import write_ledger
from builder.cli import main
from builder.editing.storage import Store
from builder.games.mcwarrior.tui.oldsand import OldsandScreen
from builder.games.warmachine.league_edits import set_painted_army
from builder.games.warmachine.tui.frontier import FrontierScreen
from builder.games.warmachine.tui.league import LeagueScreen
from builder.ledgers import read_ledger
from builder.tui.app import make_app
from builder.tui.dialogs.text_prompt import TextPrompt
from builder.tui.keys import own_keys
from builder.tui.screens.editor import RosterEditor
from tests.conftest import EXAMPLES
from tests.fixtures.tui.pilot import paste, wait_loaded


@pytest.fixture
def campaigns(tmp_path):
    shutil.copytree(EXAMPLES / "campaigns", tmp_path / "campaigns")
    shutil.copy(EXAMPLES / "mcwarrior-warband.toml", tmp_path / "mcwarrior-warband.toml")
    return tmp_path / "campaigns"


def first_rounds(path, count: int):
    """Cut a campaign file back to its first `count` rounds (to play the next one)."""
    ledger = read_ledger(path)
    ledger.rounds = ledger.rounds[:count]
    write_ledger(path, ledger)
    return path


async def test_an_oldsand_siege_by_keys_the_warband_opens_and_a_frontier_move_pays_for_an_assault(campaigns, tmp_path):
    """In one app: a Port Oldsand round picked and its siege's encounter recorded by keys, and a player's warband
    opened in the editor; then a Frontier round, where a move is offered only legal squares and an assault asks what
    it costs."""
    path = campaigns / "mcwarrior-port-oldsand.toml"
    frontier = first_rounds(campaigns / "warmachine-frontier.toml", 1)
    before = path.read_text(encoding="utf-8")
    app = make_app(first_rounds(path, 2), data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OldsandScreen)
        titles = [b.description for b in own_keys(screen)]
        assert titles[:4] == ["Save", "Undo", "Redo", "Close"] and "Pick" in titles and "Roll scenario" in titles
        # a new round (the palette offers a ledger screen's keys by name: the league's Save as… below)
        rounds = len(screen.session.ledger.rounds)
        await pilot.press("n")
        assert len(screen.session.ledger.rounds) == rounds + 1
        # Ada picks Ben's Skyline: a siege, whose encounter is due
        await pilot.press("p", "enter")
        await paste(pilot, "skyline")
        await pilot.press("enter")
        assert [s.district for s in screen.session.result.rounds[-1].sieges] == ["Skyline"]
        assert not screen.session.result.valid
        await pilot.press("e", "enter", "enter")  # the siege of Skyline, won by its first besieger, Ada
        assert screen.session.result.valid and "Skyline" in screen.session.result.players[0].districts
        await pilot.press("ctrl+s", "o", "enter")  # Ben's warband (named in round 2) opens in the editor
        await wait_loaded(pilot)
        assert isinstance(app.screen, RosterEditor)
        await pilot.press("ctrl+w")
        assert app.screen is screen
        # (quitting a changed ledger asks: the league's test below; Discard there drops the recovery file for every
        # document alike: tests/test_tui_app.py::test_autosave_restore_on_reopen_save_then_quit_and_discard)

        app.open_path(frontier)
        await wait_loaded(pilot)
        assert isinstance(app.screen, FrontierScreen)
        await pilot.press("n", "m", "enter")  # a new round; Anna moves
        offered = [c.key for c in app.screen.prompt.choices]
        assert offered == ["b2", "c2", "a3", "d3", "b4", "c4"]
        await paste(pilot, "a3")
        await pilot.press("enter")
        assert [c.key for c in app.screen.prompt.choices] == ["intel", "morale"]  # what Anna holds
        await pilot.press("enter")
        await pilot.press("ctrl+s")
    assert path.read_text(encoding="utf-8") != before and len(read_ledger(path).rounds) == rounds + 1
    assert read_ledger(path).rounds[-1].encounters[0].winner == "Ada"
    assert not Store(tmp_path / "data").recovery_path(path).exists()  # saved: no recovery left
    last = read_ledger(frontier).rounds[-1]
    assert (last.moves, last.assault_cost) == ({"Anna": "a3"}, {"Anna": "intel"})


async def test_a_league_goal_ticked_undone_redone_and_saved_and_a_bundled_league_saved_as_from_the_palette(
    campaigns, tmp_path
):
    """A copy of the league: a goal ticked, undone (clean again), redone and saved. Then, in the same app, the league
    as shipped, which stays as shipped: the palette's Save as…, Ctrl+S and Save when quitting all ask where, starting
    in the folder rosters are saved in."""
    path = campaigns / "warmachine-league.toml"
    shipped = EXAMPLES / "campaigns" / "warmachine-league.toml"
    app = make_app(path, data_dir=tmp_path / "data", roster_dir=tmp_path / "mine")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LeagueScreen)
        cato = lambda: next(p for p in screen.session.result.players if p.name == "Cato")
        assert cato().points == 6
        await pilot.press("down", "down", "g", "enter")
        await paste(pilot, "five")
        await pilot.press("enter", "escape")
        assert cato().points == 7 and "played-five" in screen.session.ledger.players[2].stages[1].goals
        await pilot.press("ctrl+z")
        assert cato().points == 6 and not screen.session.dirty
        await pilot.press("ctrl+y", "ctrl+s")
        assert not screen.session.dirty
        assert "played-five" in read_ledger(path).players[2].stages[1].goals
        assert path.read_text(encoding="utf-8").startswith("# A journeyman league")

        app.open_path(shipped)
        await wait_loaded(pilot)
        screen = app.screen
        assert isinstance(screen, LeagueScreen) and screen.session.path == shipped
        await pilot.press("ctrl+p")
        await paste(pilot, "save as")
        await wait_loaded(pilot)  # the palette's search
        await pilot.press("enter")
        assert isinstance(app.screen, TextPrompt) and app.screen.title_text == "Save as"
        await pilot.press("escape", "ctrl+s")
        assert isinstance(app.screen, TextPrompt)
        assert app.screen.value == str(tmp_path / "mine" / "cogmire-winter-league.toml")
        await pilot.press("escape")
        screen.change("paint", set_painted_army, "Cato", True)
        await pilot.press("ctrl+q", "s")  # Save: where? (the copy above is saved: nothing to ask of it)
        assert isinstance(app.screen, TextPrompt)
        await pilot.press("enter")
        assert not app.is_running
    assert read_ledger(tmp_path / "mine" / "cogmire-winter-league.toml").players[2].painted_army is True
    assert (tmp_path / "mine" / "league" / "cogmire-stage4.toml").is_file()


def test_a_file_of_a_kind_the_builder_cannot_open_is_one_line_and_exit_2(tmp_path, capsys):
    path = tmp_path / "odd.toml"
    path.write_text('warbench = 1\nkind = "tournament"\ngame = "warsurge"\n', encoding="utf-8")
    assert main([str(path)]) == 2
    assert capsys.readouterr().err.strip() == f"warbench: {path}: kind: Warbench cannot open a 'tournament' file"


def test_a_broken_league_is_one_line_and_exit_2(campaigns, capsys):
    path = campaigns / "warmachine-league.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('name = "Cato"', 'nam = "Cato"'), encoding="utf-8")
    assert main([str(path)]) == 2
    assert "players[2].name: required key is missing" in capsys.readouterr().err
