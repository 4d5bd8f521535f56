"""Save as for a league or campaign, without a screen: a bundled example saved where the player keeps files opens on
its own (its armies copied, the paths to them rewritten), an existing file is never replaced unasked, and the files
are written all or none."""

from __future__ import annotations

import shutil

import pytest

from builder.battles.session import BattleSession
from builder.campaigns import save_as
from builder.campaigns.ledger import LedgerError
from builder.campaigns.session import LedgerSession
from builder.editing.storage import Store
from builder.games.warmachine.league_edits import set_painted_army
from builder.ledgers import read_ledger, replay_file
from catalog.access import ShippedFile
from tests.conftest import EXAMPLES

CAMPAIGNS = EXAMPLES / "campaigns"
ARMIES = [f"league/cogmire-stage{n}.toml" for n in (1, 2, 3, 4)]


def shipped_bytes() -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in EXAMPLES.rglob("*.toml")}


def test_a_bundled_siege_saved_as_names_its_copied_warband_and_opens_on_its_own(tmp_path):
    before = shipped_bytes()
    session = LedgerSession(CAMPAIGNS / "mcwarrior-port-oldsand.toml", Store(tmp_path / "data"))
    target = tmp_path / "mine" / "siege.toml"
    assert session.save_warnings(target) == []
    assert session.save(target) == target
    # the warband named `../mcwarrior-warband.toml` is copied beside the copy, as shipped, and named so
    assert sorted(p.name for p in target.parent.iterdir()) == ["mcwarrior-warband.toml", "siege.toml"]
    assert (target.parent / "mcwarrior-warband.toml").read_bytes() == (EXAMPLES / "mcwarrior-warband.toml").read_bytes()
    copy = read_ledger(target)
    assert [r.warbands for r in copy.rounds] == [
        {},
        {"Ben": "mcwarrior-warband.toml"},
        {},
        {"Ada": "mcwarrior-warband.toml"},
        {},
    ]
    assert target.read_text(encoding="utf-8").startswith("# Battle for Port Oldsand with three players")
    result = replay_file(target)
    assert result.valid and result.winner == "Ada"
    # the copy is now the file open: clean, and a plain save writes there
    assert session.path == target and not session.dirty and session.result.winner == "Ada"
    assert shipped_bytes() == before


def test_a_bundled_league_keeps_its_armies_folder_and_an_edit_goes_to_the_copy(tmp_path):
    before = shipped_bytes()
    session = LedgerSession(CAMPAIGNS / "warmachine-league.toml", Store(tmp_path / "data"))
    session.change("paint", set_painted_army, "Cato", True)
    target = tmp_path / "league.toml"
    session.save(target)
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*.toml")) == sorted([*ARMIES, "league.toml"])
    copy = read_ledger(target)
    assert [p.armies for p in copy.players] == [ARMIES, ARMIES, ARMIES[:2]]
    assert copy.players[2].painted_army is True
    assert [p.points for p in replay_file(target).players] == [13, 10, 6]
    session.change("unpaint", set_painted_army, "Cato", False)
    session.save()
    assert read_ledger(target).players[2].painted_army is False
    assert shipped_bytes() == before


def test_an_existing_file_is_refused_unless_replacing_was_asked_and_an_army_there_is_never_replaced(tmp_path):
    """The ledger is replaced only when asked; an army of that name holding something else (the player's, from an
    earlier copy, edited since) is kept, and the copy goes beside it as `-2`."""
    target = tmp_path / "league.toml"
    target.write_text("mine\n", encoding="utf-8")
    (tmp_path / "league").mkdir()
    (tmp_path / ARMIES[1]).write_text("my stage 2\n", encoding="utf-8")
    shutil.copy(CAMPAIGNS / ARMIES[0], tmp_path / ARMIES[0])  # the same as the copy would be: nothing to lose
    session = LedgerSession(CAMPAIGNS / "warmachine-league.toml", Store(tmp_path / "data"))
    assert session.save_warnings(target) == ["league.toml already exists: saving replaces it."]
    with pytest.raises(LedgerError) as refused:
        session.save(target)
    assert str(refused.value) == "league.toml already exists: not replaced; choose another name"
    assert target.read_text(encoding="utf-8") == "mine\n"
    target.write_text('warbench = 1\nkind = "league"\n', encoding="utf-8")  # a league of its own: said so
    assert session.save_warnings(target) == ["league.toml is a journeyman league file: saving replaces it."]
    (tmp_path / "koth.toml").write_text('warbench = 1\nkind = "battle"\ngame = "mcwarrior"\n', encoding="utf-8")
    assert session.save_warnings(tmp_path / "koth.toml") == [
        "koth.toml is a McWarrior battle file: saving replaces it."
    ]
    with pytest.raises(LedgerError) as refused:
        session.save(target)
    assert str(refused.value) == "league.toml is a journeyman league file: not replaced; choose another name"
    target.write_text("mine\n", encoding="utf-8")
    assert not (tmp_path / ARMIES[2]).exists() and session.path == CAMPAIGNS / "warmachine-league.toml"
    session.save(target, replace=True)  # the player answered "Save anyway"
    assert (tmp_path / ARMIES[1]).read_text(encoding="utf-8") == "my stage 2\n"
    kept_apart = "league/cogmire-stage2-2.toml"
    assert (tmp_path / kept_apart).read_bytes() == (CAMPAIGNS / ARMIES[1]).read_bytes()
    assert read_ledger(target).players[0].armies == [ARMIES[0], kept_apart, *ARMIES[2:]]
    assert replay_file(target).valid


def test_the_files_are_written_all_or_none(tmp_path):
    (tmp_path / "league").write_text("", encoding="utf-8")  # a file where the armies' folder goes: none written
    session = LedgerSession(CAMPAIGNS / "warmachine-league.toml", Store(tmp_path / "data"))
    session.change("paint", set_painted_army, "Cato", True)
    with pytest.raises(LedgerError, match=r"league.toml: cannot write"):
        session.save(tmp_path / "league.toml", replace=True)
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file()) == [
        "data/recovery/" + p.name for p in (tmp_path / "data" / "recovery").iterdir()
    ] + ["league"]
    assert session.path == CAMPAIGNS / "warmachine-league.toml" and session.dirty


def test_into_the_shipped_folder_is_refused_in_one_line(tmp_path):
    session = LedgerSession(CAMPAIGNS / "warmachine-frontier.toml", Store(tmp_path / "data"))
    with pytest.raises(ShippedFile, match=r"^frontier-copy.toml: is in Warbench's own folder"):
        session.save(CAMPAIGNS / "frontier-copy.toml")
    assert not (CAMPAIGNS / "frontier-copy.toml").exists()


def test_a_players_own_league_saved_elsewhere_reaches_its_own_armies_and_undo_still_replays(tmp_path):
    shutil.copytree(CAMPAIGNS, tmp_path / "own")
    session = LedgerSession(tmp_path / "own" / "warmachine-league.toml", Store(tmp_path / "data"))
    session.change("paint", set_painted_army, "Cato", True)
    session.save(tmp_path / "elsewhere" / "league.toml")
    assert sorted(p.name for p in (tmp_path / "elsewhere").iterdir()) == ["league.toml"]  # no second army to keep
    assert read_ledger(tmp_path / "elsewhere" / "league.toml").players[0].armies == [f"../own/{a}" for a in ARMIES]
    assert session.undo() == "paint"  # the state before the save names the armies from the new folder too
    assert session.ledger.players[0].armies == [f"../own/{a}" for a in ARMIES] and session.result.valid


def test_two_bundled_armies_of_one_name_are_copied_under_two(tmp_path, monkeypatch):
    """Armies from two folders outside the ledger's, both with the same file name, do not land on one file."""
    bundled = tmp_path / "bundled"
    for folder in ("a", "b"):
        (bundled / folder).mkdir(parents=True)
        shutil.copy(CAMPAIGNS / ARMIES[0], bundled / folder / "army.toml")
    monkeypatch.setattr(save_as, "shipped", lambda path: "shipped" if bundled in path.parents else None)
    moved = save_as.moved_armies(
        ["../a/army.toml", "../b/army.toml", "../a/army.toml"], bundled / "x", tmp_path / "c.t"
    )
    assert moved.paths == {"../a/army.toml": "army.toml", "../b/army.toml": "army-2.toml"}
    assert sorted(p.name for p in moved.copies) == ["army-2.toml", "army.toml"]


def test_a_battle_is_not_saved_elsewhere(tmp_path):
    shutil.copy(EXAMPLES / "warsurge-499.toml", tmp_path / "army.toml")
    battle = tmp_path / "battle.toml"
    battle.write_text('warbench = 1\nkind = "battle"\ngame = "warsurge"\nroster = "army.toml"\n', encoding="utf-8")
    session = BattleSession(battle, Store(tmp_path / "data"))
    assert not session.saves_elsewhere
    with pytest.raises(LedgerError, match=r"^a battle is saved where it is; to keep it elsewhere, copy its file"):
        session.save(tmp_path / "other.toml")
    assert not (tmp_path / "other.toml").exists()
