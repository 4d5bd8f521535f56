"""A battle open on a screen while a player marks it from the command line: saving the screen's change over the file
asks first (it would replace the mark), as the roster editor does; saved, the file is the screen's again."""

from __future__ import annotations

from builder.battles import new_battle, read_battle
from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store

CHANGED = "battle.toml changed on disk since it was opened (another window or program?): saving replaces those changes."


def test_saving_over_a_mark_made_from_the_command_line_is_asked_first(table, capsys):
    path = table / "battle.toml"
    new_battle(table / "warsurge-499.toml", str(table / "warsurge-apc.toml"), path)
    session = BattleSession(path, Store(table / "data"))
    session.take(0, 0, 1)  # the screen: 1 damage on the Catapult, not saved yet
    assert session.save_warnings() == []
    assert main(["battle", "mark", str(path), "--side", "opponent", "--unit", "1", "--damage", "2"]) == 0
    capsys.readouterr()
    assert session.save_warnings() == [CHANGED]
    session.save()  # the player answered "Save anyway"
    assert session.save_warnings() == []
    assert read_battle(path).opponent_units == []  # the command line's mark was replaced, as the question said
    path.touch()  # touched, not changed: nothing to ask
    assert session.save_warnings() == []
