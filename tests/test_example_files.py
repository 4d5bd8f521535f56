"""The examples the start screen lists: every bundled roster, then every bundled league and campaign."""

from __future__ import annotations

from builder.editing.storage import ExampleRoster, example_rosters
from tests.conftest import EXAMPLES


def test_the_bundled_leagues_and_campaigns_are_examples_after_the_rosters(tmp_path):
    found = example_rosters(EXAMPLES)
    rosters = [e for e in found if not e.kind]
    assert [e.path.name for e in rosters] == sorted(p.name for p in EXAMPLES.glob("*.toml"))
    assert [(e.name, e.game, e.kind, e.path.parent.name) for e in found[len(rosters) :]] == [
        ("Battle for Port Oldsand", "mcwarrior", "port-oldsand", "campaigns"),
        ("Frontier of the Thornwood", "warmachine", "frontier-campaign", "campaigns"),
        ("Cogmire Winter League", "warmachine", "league", "campaigns"),
    ]
    (tmp_path / "campaigns").mkdir()
    (tmp_path / "campaigns" / "broken.toml").write_text("kind = [\n", encoding="utf-8")
    (tmp_path / "mine.toml").write_text('game = "warsurge"\nname = "Mine"\n', encoding="utf-8")
    assert example_rosters(tmp_path) == [ExampleRoster(tmp_path / "mine.toml", "Mine", "warsurge")]
