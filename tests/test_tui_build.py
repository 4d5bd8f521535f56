"""Build the rulebook's Marcher Worlds force from an empty roster with real key presses, then save it."""

from __future__ import annotations

from builder.games.warcaster.tui.editor import WarcasterEditor
from builder.roster.files import read_roster
from builder.tui.app import make_app
from tests.fixtures.tui.pilot import paste, wait_loaded

RACK = [
    "cryo-lock",
    "velocity-projector",
    "pyrokinetic-surge",
    "force-barrier",
    "displacement-index",
    "temporal-cycle",
    "divination-algorithm",
    "recall-initiative",
    "arcane-synthesis",
    "interdiction-protocol",
    "momentum-calibrator",
    "kinetic-accelerator",
]


def findings_shown(app) -> list[str]:
    return [f.code for f in app.screen.query_one("#findings").findings]


async def test_new_roster_flow_creates_and_opens_the_file(tmp_path):
    app = make_app(data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        assert app.screen.id == "start"
        await pilot.press("n")
        assert app.screen.id == "new-roster"
        await pilot.press("enter")  # Warcaster
        await pilot.press("enter")  # the bundled catalogue
        choices = app.screen.query_one("#new-choices")
        labels = [str(o.prompt).split("  ")[0] for o in choices.options]
        while labels[choices.highlighted] != "Marcher Worlds":
            await pilot.press("down")
        await pilot.press("enter")  # faction
        await pilot.press("enter")  # format: standard (the default)
        assert app.screen.query_one("#new-input").value == "My Marcher Worlds force"
        await pilot.press("ctrl+u")
        await paste(pilot, "Test force")
        await pilot.press("enter")
        assert app.screen.query_one("#new-input").value == str(tmp_path / "test-force.toml")
        await pilot.press("enter")
        assert isinstance(app.screen, WarcasterEditor)
        assert app.screen.session.path == tmp_path / "test-force.toml"
    loaded = read_roster(tmp_path / "test-force.toml")
    assert (loaded.roster.name, loaded.roster.faction, loaded.roster.format, loaded.roster.units) == (
        "Test force",
        "marcher-worlds",
        "standard",
        [],
    )


def test_the_new_roster_trail_says_nothing_twice():
    from builder.tui.screens.new_roster import breadcrumb

    assert breadcrumb(["Warcaster: Neo-Mechanika", "Warcaster: Neo-Mechanika", "Marcher Worlds", "Standard"]) == [
        "Warcaster: Neo-Mechanika",
        "Marcher Worlds",
        "Standard",
    ]
    assert breadcrumb(["McWarrior", "McWarrior (V. 01/2024)", "Skirmish"]) == ["McWarrior (V. 01/2024)", "Skirmish"]
