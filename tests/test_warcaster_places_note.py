"""The Warcaster battle pane's border counts the side's units by where they are, short enough for 80 columns."""

from __future__ import annotations

from builder.battles import replay_battle_file
from builder.cli import main
from builder.games.warcaster.tui.battle import places_note
from tests.conftest import examples_in


def test_the_border_counts_reserve_play_and_removed_in_the_34_columns_a_pane_has_at_80(tmp_path):
    examples_in(tmp_path)
    battle = tmp_path / "w.toml"
    args = ["battle", "new", str(tmp_path / "warcaster-firebrand.toml"), "--opponent"]
    assert main([*args, str(tmp_path / "warcaster-marcher-worlds.toml"), "-o", str(battle)]) == 0
    assert places_note(replay_battle_file(battle).sides[0]) == "5 in reserve"
    assert main(["battle", "mark", str(battle), "--unit", "1", "--deploy"]) == 0
    assert places_note(replay_battle_file(battle).sides[0]) == "4 in reserve · 1 in play"
    for mark in (["--deploy"], ["--damage", "3"]):  # Justicar Voss, a hero: destroyed, removed from the game
        assert main(["battle", "mark", str(battle), "--unit", "5", *mark]) == 0
    note = places_note(replay_battle_file(battle).sides[0])
    assert note == "3 reserve · 1 in play · 1 removed" and len(note) <= 34
