"""Which scenario keys a battle offers follows what its scenario uses: Leaders in Warmachine's, reserves counted as
lost in Warsurge's Deathmatch, alone or combined with another game type (the battle screen's footer and help, and
what the key then does, ask the same question)."""

from __future__ import annotations

from builder.game import game
from builder.scenarios import find_scenario
from builder.scenarios.battle import as_played
from builder.scenarios.record import ScenarioPlay

GAMES = ("warcaster", "warsurge", "mcwarrior", "warmachine")


def test_only_warmachines_scenarios_track_leaders():
    tracking = {s.game for g in GAMES for s in game(g).scenarios.scenarios if s.tracks_leaders}
    assert tracking == {"warmachine"}
    assert all(s.tracks_leaders for s in game("warmachine").scenarios.scenarios)


def test_reserves_count_as_lost_in_deathmatch_alone_or_combined_and_nowhere_else():
    counting = sorted(s.id for g in GAMES for s in game(g).scenarios.scenarios if s.counts_reserves)
    assert counting == ["deathmatch"]
    combined = as_played(find_scenario("capture-territory", "warsurge"), ScenarioPlay(combined=["deathmatch"]))
    assert combined.counts_reserves and combined.name == "Capture Territory + Deathmatch"
    assert not as_played(find_scenario("capture-territory", "warsurge"), ScenarioPlay()).counts_reserves
