"""A table of four McWarrior players at 80x24: one side's pane at a time, every side and its VP always in sight; and
three sides of one name told apart by number."""

from __future__ import annotations

from textual.widgets import OptionList

from builder.battles import new_battle
from builder.cli import main
from builder.tui.app import make_app
from builder.tui.widgets.scenario_bar import ScenarioBar
from builder.tui.widgets.seats import SeatsBar
from tests.fixtures.tui.pilot import wait_loaded
from tests.test_battle_sides import four_mcwarriors


def three_of_one_name(table):
    """King of the Hill between three copies of one roster, no players named, the second side 2 VP ahead."""
    for n in (2, 3):
        (table / f"rb{n}.toml").write_bytes((table / "mcwarrior-rustbucket.toml").read_bytes())
    path = table / "kh3.toml"
    rosters = [str(table / "rb2.toml"), str(table / "rb3.toml")]
    new_battle(table / "mcwarrior-rustbucket.toml", rosters, path, scenario="king-of-the-hill")
    for command in (["turn"], ["turn"], ["score", "--side", "2", "--vp", "2"]):
        assert main(["battle", command[0], str(path), *command[1:]]) == 0
    return path


async def test_three_of_one_name_are_told_apart_and_four_players_at_80x24_show_one_side_at_a_time(table):
    """In one app at 80×24: three sides of one name, where the bar, the line of seats, the pane and who is ahead say
    which side is which; then the four-player battle, one side's pane at a time (Tab to the next, whose keys then act
    on it), and every pane once the terminal is 160×48."""
    app = make_app(three_of_one_name(table), data_dir=table / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        drawn = lambda bar: bar.render().fit(bar.content_size.width).plain  # as 80 columns show it
        assert "VP Rustbu… (1) 0 · Rustbu… (2) 2 · Rustbu… (3) 0" in drawn(screen.query_one(ScenarioBar))
        seats = "Tab: ▸Rustbuc… (side 1) 100%  Rustbuc… (side 2) 100%  Rustbuc… (side 3) 100%"
        assert drawn(screen.query_one(SeatsBar)) == seats
        assert screen.progress() == "turn 3 · ahead: Rustbucket (side 2)"
        await pilot.press("tab")
        assert str(screen.query_one("#side-1", OptionList).border_title).startswith("Rustbucket (side 2)  36/36")

        app.open_path(four_mcwarriors(table))
        await wait_loaded(pilot)
        screen = app.screen
        shown = lambda: [n for n in range(4) if screen.query_one(f"#side-{n}", OptionList).display]
        assert shown() == [0]
        assert str(screen.query_one(SeatsBar).render()) == "Tab: ▸Anna 100%  Cai 100%  Ben 100%  Dee 100%"
        assert "Anna 0+Ben 0 = 0 · Cai 0+Dee 0 = 0" in str(screen.query_one(ScenarioBar).render())
        await pilot.press("tab", "tab", "tab", "right_square_bracket")  # Dee's mech runs hot
        assert shown() == [3] and screen.session.result.sides[3].states[0].heat == 1
        assert "▸Dee" in str(screen.query_one(SeatsBar).render())
        assert str(screen.query_one("#side-3", OptionList).border_title).startswith("Dee: Rustbucket")
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        assert shown() == [0, 1, 2, 3] and not screen.query_one(SeatsBar).display
