"""A served builder keeps to the folders it shares: every path it reads or writes, typed or named inside a file it
opens (a battle's rosters, league armies, Port Oldsand warbands, a roster's catalogue, a QR picture), is resolved
with its symbolic links and refused with the reason when it leads outside; in a terminal the same files read."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from builder.battles import replay_battle_file
from builder.ledgers import replay_file
from builder.roster.files import read_roster, write_roster
from builder.tui.app import make_app
from catalog.access import ROOTS_VARIABLE, OutsideSharedFolders, reads_recorded
from catalog.files import write_atomic
from catalog.paths import BUNDLED_DIR
from catalog.toml_input import header_keys
from tests.conftest import EXAMPLES
from tests.fixtures.tui.pilot import answer_prompt, notifications, wait_loaded

OUTSIDE = "outside the folders this server shares"


@pytest.fixture
def served(tmp_path, monkeypatch):
    """The examples in a shared folder, a roster, an army, a warband and a catalogue in a folder beside it (not
    shared), and the builder's data folder: the roots `warbench serve` would set. Yields (shared, outside)."""
    shared, outside = tmp_path / "shared", tmp_path / "outside"
    shutil.copytree(EXAMPLES, shared)
    outside.mkdir()
    shutil.copy(EXAMPLES / "warsurge-499.toml", outside / "secret.toml")
    shutil.copy(EXAMPLES / "campaigns" / "league" / "cogmire-stage1.toml", outside / "army.toml")
    shutil.copy(EXAMPLES / "mcwarrior-warband.toml", outside / "warband.toml")
    shutil.copy(BUNDLED_DIR / "warsurge-examples.toml", outside / "catalogue.toml")
    (shared / "link.toml").symlink_to(outside / "secret.toml")
    monkeypatch.setenv(ROOTS_VARIABLE, os.pathsep.join((str(shared), str(tmp_path / "data"))))
    return shared, outside


def battle(folder: Path, roster: str, opponent: str | None = None, name: str = "battle.toml") -> Path:
    path = folder / name
    lines = ["warbench = 1", 'kind = "battle"', 'game = "warsurge"', f'roster = "{roster}"']
    path.write_text("\n".join(lines + ([f'opponent = "{opponent}"'] if opponent else [])) + "\n", encoding="utf-8")
    return path


def in_a_terminal(monkeypatch, read):
    """What `read` gives with no serve roots: the refused file itself is fine, only out of bounds."""
    monkeypatch.delenv(ROOTS_VARIABLE)
    return read()


@pytest.mark.parametrize("key", ["roster", "opponent"])
@pytest.mark.parametrize("named", ["../outside/secret.toml", "ABSOLUTE", "link.toml"])
def test_a_battle_naming_a_roster_outside_is_refused_naming_the_key(served, monkeypatch, key, named):
    shared, outside = served
    named = str(outside / "secret.toml") if named == "ABSOLUTE" else named
    path = battle(shared, named, None) if key == "roster" else battle(shared, "warsurge-499.toml", named)
    with pytest.raises(OutsideSharedFolders, match=rf"^{key}: .*{OUTSIDE}"):
        replay_battle_file(path)
    assert len(in_a_terminal(monkeypatch, lambda: replay_battle_file(path)).sides) == (1 if key == "roster" else 2)


def test_the_battle_commands_refuse_a_roster_outside_too(served):
    from builder.battles import battle_code, new_battle

    shared, outside = served
    with pytest.raises(OutsideSharedFolders, match=rf"^opponent: .*{OUTSIDE}"):
        battle_code(battle(shared, "warsurge-499.toml", "../outside/secret.toml"))
    for opponent in (str(outside / "secret.toml"), str(outside / "missing.toml"), "../outside/secret.toml"):
        with pytest.raises(OutsideSharedFolders, match=OUTSIDE):  # a file or not: the same answer, no probe
            new_battle(shared / "warsurge-499.toml", opponent, shared / "new.toml")
    assert not (shared / "new.toml").exists()


def test_a_league_army_outside_is_refused_naming_the_army(served, monkeypatch):
    shared, _outside = served
    league = shared / "campaigns" / "warmachine-league.toml"
    league.write_text(
        league.read_text(encoding="utf-8").replace('"league/cogmire-stage1.toml"', '"../../outside/army.toml"', 1),
        encoding="utf-8",
    )
    with pytest.raises(OutsideSharedFolders, match=rf"^players\[0\]\.armies\[0\]: .*{OUTSIDE}"):
        replay_file(league)
    assert in_a_terminal(monkeypatch, lambda: replay_file(league)).players[0].name == "Anna"


def test_a_port_oldsand_warband_outside_is_refused_naming_it(served, monkeypatch):
    shared, outside = served
    campaign = shared / "campaigns" / "mcwarrior-port-oldsand.toml"
    text = campaign.read_text(encoding="utf-8").replace('"../mcwarrior-warband.toml"', f'"{outside / "warband.toml"}"')
    campaign.write_text(text, encoding="utf-8")
    with pytest.raises(OutsideSharedFolders, match=rf"^rounds\[\d\]\.warbands\.\w+: .*{OUTSIDE}"):
        replay_file(campaign)
    assert in_a_terminal(monkeypatch, lambda: replay_file(campaign)).winner is not None


@pytest.mark.parametrize("reference", ["../outside/catalogue.toml", "ABSOLUTE"])
def test_a_roster_whose_catalogue_is_outside_is_refused_even_from_the_cache(served, monkeypatch, reference):
    shared, outside = served
    reference = str(outside / "catalogue.toml") if reference == "ABSOLUTE" else reference
    roster = shared / "own.toml"
    roster.write_text(
        (shared / "warsurge-499.toml")
        .read_text(encoding="utf-8")
        .replace('catalogue = "warsurge-examples"', f'catalogue = "{reference}"'),
        encoding="utf-8",
    )
    assert in_a_terminal(monkeypatch, lambda: read_roster(roster)).catalogue.id == "warsurge-examples"  # now cached
    monkeypatch.setenv(ROOTS_VARIABLE, str(shared))
    with pytest.raises(OutsideSharedFolders, match=rf"^{roster}: catalogue: .*{OUTSIDE}"):
        read_roster(roster)


def test_a_catalogue_building_on_one_outside_is_refused(served, monkeypatch):
    from builder.catalogues import load_catalogue

    shared, _outside = served
    mine = shared / "mine.toml"
    mine.write_text(
        'id = "mine"\ngame = "warsurge"\nname = "Mine"\nrevision = 1\nextends = "../outside/catalogue.toml"\n',
        encoding="utf-8",
    )
    with pytest.raises(OutsideSharedFolders, match=OUTSIDE):
        load_catalogue(str(mine))
    assert in_a_terminal(monkeypatch, lambda: load_catalogue(str(mine))).id == "mine"


def test_bundled_catalogues_and_shared_files_still_read_and_write(served):
    shared, _outside = served
    loaded = read_roster(shared / "warsurge-499.toml")  # its catalogue is bundled: Warbench's own data
    assert loaded.catalogue.id == "warsurge-examples"
    write_roster(shared / "copy.toml", loaded.roster, loaded.catalogue)
    assert read_roster(shared / "copy.toml").roster == loaded.roster
    assert replay_file(shared / "campaigns" / "warmachine-league.toml").valid


def test_writing_outside_or_through_a_link_out_is_refused_and_writes_nothing(served):
    shared, outside = served
    before = (outside / "secret.toml").read_bytes()
    for target in (outside / "new.toml", shared / "link.toml", shared / ".." / "outside" / "secret.toml"):
        with pytest.raises(OutsideSharedFolders, match=OUTSIDE):
            write_atomic(target, "x")
    assert (outside / "secret.toml").read_bytes() == before and not (outside / "new.toml").exists()
    assert sorted(p.name for p in outside.iterdir()) == ["army.toml", "catalogue.toml", "secret.toml", "warband.toml"]


def test_a_qr_picture_outside_is_refused_and_headers_outside_are_not_read(served, monkeypatch):
    from exports.share import encode_roster
    from exports.share.qr import write_qr
    from exports.share.source import read_source

    shared, outside = served
    loaded = read_roster(shared / "warsurge-499.toml")
    monkeypatch.delenv(ROOTS_VARIABLE)
    write_qr(encode_roster(loaded.roster, loaded.catalogue), outside / "code.png")
    assert read_source(str(outside / "code.png")).roster.units == loaded.roster.units
    assert header_keys(outside / "secret.toml")["game"] == "warsurge"
    monkeypatch.setenv(ROOTS_VARIABLE, str(shared))
    with pytest.raises(OutsideSharedFolders, match=OUTSIDE):
        read_source(str(outside / "code.png"))
    assert header_keys(outside / "secret.toml") is None


def test_every_file_read_is_recorded_the_ones_named_inside_files_too(served):
    shared, outside = served
    roster = shared / "own.toml"
    shutil.copy(outside / "catalogue.toml", shared / "catalogue.toml")
    roster.write_text(
        (shared / "warsurge-499.toml")
        .read_text(encoding="utf-8")
        .replace('catalogue = "warsurge-examples"', 'catalogue = "catalogue.toml"'),
        encoding="utf-8",
    )
    path = battle(shared, "own.toml", "warsurge-apc.toml")
    with reads_recorded() as read:
        replay_battle_file(path)
    assert [p.resolve() for p in read] == [
        path,
        roster,
        shared / "catalogue.toml",
        shared / "warsurge-apc.toml",
        BUNDLED_DIR / "warsurge-examples.toml",
    ]


# -- in the builder a browser drives --------------------------------------------------------------------------------


def test_the_play_prompt_refuses_an_opponent_outside(served, tmp_path):
    from builder.tui.sharing import refused_opponent

    shared, outside = served
    assert refused_opponent("warsurge", str(outside / "secret.toml")) == (
        f"{outside / 'secret.toml'}: {OUTSIDE} ({shared}, {tmp_path / 'data'})"
    )


async def test_the_builder_lists_no_recent_file_outside_and_opens_none_a_file_names_outside(served, tmp_path):
    """One served builder: the start screen's recent files, then the Open prompt given a battle, a league and a
    roster that each name a file outside (one toast each, the start screen stays), then Play (Ctrl+B) on a shared
    roster given an opponent outside (the prompt says why and stays; no battle is started). What each refusal says is
    the plain tests above; here, that the builder's ways in reach them (a Port Oldsand campaign is opened as a league
    is, by the ledger reader: its refusal is test_a_port_oldsand_warband_outside_is_refused_naming_it)."""
    from builder.editing.storage import Store
    from builder.tui.dialogs.text_prompt import TextPrompt
    from builder.tui.screens.start import StartScreen

    shared, outside = served
    store = Store(tmp_path / "data")
    for path in (outside / "secret.toml", shared / "warsurge-499.toml", shared / "link.toml"):
        store.remember(path, path.stem, "warsurge")
    league = shared / "campaigns" / "warmachine-league.toml"
    league.write_text(
        league.read_text(encoding="utf-8").replace('"league/cogmire-stage2.toml"', '"../../outside/army.toml"', 1),
        encoding="utf-8",
    )
    roster = shared / "own.toml"
    roster.write_text(
        (shared / "warsurge-499.toml")
        .read_text(encoding="utf-8")
        .replace('catalogue = "warsurge-examples"', f'catalogue = "{outside / "catalogue.toml"}"'),
        encoding="utf-8",
    )
    refused = [
        (battle(shared, "warsurge-499.toml", "../outside/secret.toml"), "opponent: "),
        (league, "players[0].armies[1]: "),
        (roster, f"{roster}: catalogue: "),
    ]
    app = make_app(data_dir=tmp_path / "data")
    said = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert [r.path for r in app.screen.recent] == [str((shared / "warsurge-499.toml").resolve())]
        for count, (path, start) in enumerate(refused, 1):
            await pilot.press("o")
            if count == 1:  # offered from a folder the server shares, not the one it started in (outside them)
                assert app.screen.query_one("#prompt-input").value == f"{shared.resolve()}/"
            await answer_prompt(pilot, str(path))
            await wait_loaded(pilot)
            assert isinstance(app.screen, StartScreen)
            assert len(said) == count and said[-1].startswith(start) and OUTSIDE in said[-1], said

        await pilot.press("o")
        await answer_prompt(pilot, str(shared / "warsurge-499.toml"))
        await wait_loaded(pilot)
        await pilot.press("ctrl+b")
        await answer_prompt(pilot, str(outside / "secret.toml"))
        assert isinstance(app.screen, TextPrompt)  # refused: the prompt stays, saying why
        assert OUTSIDE in str(app.screen.query_one("#prompt-error").render())
    assert not (shared / "warsurge-499-battle.toml").exists()
