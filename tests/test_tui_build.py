"""Build the rulebook's Marcher Worlds force from an empty roster with real key presses, then save it."""

from __future__ import annotations

from builder.games.warcaster.tui.editor import WarcasterEditor
from builder.roster.files import read_roster
from builder.tui.app import make_app
from tests.fixtures.tui.pilot import example_copy, paste, wait_loaded
from tests.fixtures.tui.screen import screen_text

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


LONG = "The Very Long Named Scrapyard Salvage Brigade of Port Oldsand"


async def test_new_roster_flow_creates_and_opens_the_file_and_a_line_too_long_for_80_columns_ends_in_an_ellipsis(
    tmp_path,
):
    """The new-roster screen's keys, from the start screen to the editor of the file they made; its trail, and the
    totals bar of an editor opened after it, are one row each at 80 columns, cut with "…" so the player knows more
    is there."""
    warband = example_copy(tmp_path, "mcwarrior-warband.toml")
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
        await paste(pilot, LONG)
        await pilot.press("enter")
        trail = next(line.rstrip() for line in screen_text(app).splitlines() if "Marcher Worlds" in line)
        assert trail == "  Warcaster: Neo-Mechanika › Marcher Worlds › Standard › The Very Long Named …", trail
        target = tmp_path / "the-very-long-named-scrapyard-salvage-brigade-of-port-oldsand.toml"
        assert app.screen.query_one("#new-input").value == str(target)
        await pilot.press("enter")
        assert isinstance(app.screen, WarcasterEditor)
        assert app.screen.session.path == target

        app.open_path(warband)  # in place of the new roster's editor (unchanged)
        await wait_loaded(pilot)
        totals = str(app.screen.query_one("#totals").render())
        shown = next(line.rstrip() for line in screen_text(app).splitlines() if line.startswith(" Warband 145/170"))
        assert shown.endswith("…") and "Dust Devil" in totals
    loaded = read_roster(target)
    assert (loaded.roster.name, loaded.roster.faction, loaded.roster.format, loaded.roster.units) == (
        LONG,
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
