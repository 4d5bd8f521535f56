"""A mark of each game's battle, without a screen: undone to a clean file, redone, saved and read back; the keys
that make these marks are wired in tests/test_tui_battle.py."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from builder.battles import new_battle, replay_battle_file
from builder.battles.session import BattleSession
from builder.editing.storage import Store
from builder.games.mcwarrior.marks import critical, heated, hit
from builder.games.warcaster.marks import deploy
from builder.ledgers import LedgerError
from tests.conftest import EXAMPLES


def session_of(folder: Path, roster: str) -> BattleSession:
    """A session on a new battle of a copy of an example roster, with no opponent."""
    shutil.copy(EXAMPLES / roster, folder / roster)
    path = folder / "battle.toml"
    new_battle(folder / roster, None, path)
    return BattleSession(path, Store(folder / "data"))


def undone_redone_and_saved(session: BattleSession, mark: Callable[[], None], marked) -> None:
    """Mark the first unit; undo it (clean again), redo it and save: the file read back holds the mark."""
    first = lambda: session.result.sides[0].states[0]
    mark()
    assert marked(first()) and session.dirty
    session.undo()
    assert not marked(first()) and not session.dirty
    session.redo()
    session.save()
    assert marked(first()) and not session.dirty
    assert marked(replay_battle_file(session.path).sides[0].states[0])


def test_a_warsurge_mark_is_undone_redone_and_saved_and_a_unit_keeps_no_heat(tmp_path):
    session = session_of(tmp_path, "warsurge-499.toml")
    undone_redone_and_saved(session, lambda: session.take(0, 0, 1), lambda s: s.boxes_left == 9)
    before = session.ledger
    with pytest.raises(LedgerError):
        heated(session, 0, 0, 1)
    assert session.ledger == before


def test_a_mechs_critical_hit_destroys_the_upgrade_there_and_a_part_hit_is_undone_redone_and_saved(tmp_path):
    session = session_of(tmp_path, "mcwarrior-rustbucket.toml")
    critical(session, 0, 0, "left-leg")
    state = session.result.sides[0].states[0]
    assert state.derived["upgrades_lost"] == {"legs": "Jump Jets"} and state.remaining == 34
    session.save()
    undone_redone_and_saved(
        session, lambda: hit(session, 0, 0, "head", 3), lambda s: s.parts_left["head"] == s.track.parts["head"] - 1
    )  # 2 of the 3 on its Energy Shield's levels
    assert session.mark(0, 0).shield_lost == {"right-arm": 2}
    before = session.ledger
    heated(session, 0, 0, 1)
    assert session.ledger != before and session.result.sides[0].states[0].heat == 1


def test_a_warcaster_mark_is_undone_redone_and_saved(tmp_path):
    session = session_of(tmp_path, "warcaster-marcher-worlds.toml")
    deploy(session, 0, 0)
    session.save()
    undone_redone_and_saved(session, lambda: session.take(0, 0, 1), lambda s: s.boxes_left == s.track.full - 1)
