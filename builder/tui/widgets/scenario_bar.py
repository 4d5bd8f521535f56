"""The scenario bar of a battle: the scenario, the round, each side's VP, and the winner once there is one."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from builder.points import show
from builder.scenarios.battle import Judged
from builder.scenarios.side_names import told_apart
from builder.scenarios.text import tracker_line
from builder.tui.widgets.text import FittedToWidth, fit_sides, wrapped_at_spaces

SHORTEST_NAME = 4
"""A side's name is cut no shorter than this ("Mat…") before the line itself is cut."""
BAR_ROWS = 3
"""The rows the bar is drawn in at most (`#scenario-bar`'s max-height in warbench.tcss)."""


def by_points(judged: Judged) -> bool:
    """Whether the scenario scores no VP and counts the points each side has left (Warsurge's Deathmatch)."""
    outcome = judged.outcome
    return outcome.scenario.count.per == "none" and len(judged.table.points_left) == len(outcome.vp)


def _scores(judged: Judged, name_room: int | None) -> Content:
    """Each side's (or team's) VP — or points left, where the scenario counts those — its names cut to `name_room`
    columns (None: whole)."""
    return Content(" · ").join(_score_parts(judged, name_room))


def _score_parts(judged: Judged, name_room: int | None, compact: bool = False) -> list[Content]:
    """`_scores`, a part a side (or team); `compact`: points left to the whole point, and a team by its total alone
    after its members' names (where a line of their own has no room for more)."""
    outcome, table = judged.outcome, judged.table
    shown = (lambda value: f"{value:.0f}") if compact else show
    values = [shown(p) for p in table.points_left] if by_points(judged) else [str(vp) for vp in outcome.vp]
    totals = (
        [shown(sum(table.points_left[s] for s in members)) for members in table.units()]
        if by_points(judged)
        else [str(vp) for vp in outcome.unit_vp(table)]
    )

    names = fit_sides(table.sides, name_room)  # sides of one name told apart

    def named(side: int) -> str:
        return names[side]

    if table.teams:
        return [
            Content.assemble(
                "+".join(named(s) if compact else f"{named(s)} {values[s]}" for s in members), " = ", (total, "bold")
            )
            for members, total in zip(table.units(), totals)
        ]
    return [Content.assemble(f"{named(side)} ", (value, "bold")) for side, value in enumerate(values)]


def first_line(judged: Judged, turn: int, width: int | None = None) -> Content:
    """ "Rampage · turn 3 · VP Anna 6 · Ben 4 …" ("turn 2 (Bob)" where the round is made of player turns) in
    `width` columns: the sides' names are cut first, so every VP stays in sight; what follows the VP (Leaders,
    reserves) is cut with an ellipsis."""
    outcome, table = judged.outcome, judged.table
    told = told_apart(table.sides)
    owner = table.turn if table.turn is not None and table.turn < len(table.sides) else None
    last, scoring = judged.past_last, judged.scoring_last
    if last is not None or scoring is not None:  # the game ends with the last round: the round after it is nobody's
        owner = None

    def head(room: int | None) -> Content:
        whose = "" if owner is None else f" ({fit_sides(table.sides, room)[owner]})"
        counted = "points left" if by_points(judged) else "VP"
        when = f"over after {judged.round_word} {last}" if last is not None else f"{judged.round_word} {turn}{whose}"
        if scoring is not None:
            when = f"end of {judged.round_word} {scoring}"
        return Content.assemble((outcome.scenario.name, "bold $accent"), f" · {when} · {counted} ")

    room = None
    scores_apart = False
    if width is not None:
        room = max((len(name) for name in told), default=0)
        while room > SHORTEST_NAME and head(room).cell_length + _scores(judged, room).cell_length > width:
            room -= 1
        scores_apart = head(room).cell_length + _scores(judged, room).cell_length > width
    line = head(room) if not scores_apart else head(room)[:-1]  # the VP on a line of their own
    line = Content.assemble(line, _scores(judged, room)) if not scores_apart else line
    if outcome.leaders and any(state != "in play" for state in outcome.leaders):
        line = Content.assemble(
            line, " · Leaders ", ", ".join(f"{name} {state}" for name, state in zip(told, outcome.leaders))
        )
    if outcome.out:
        line = Content.assemble(line, " · out: ", ", ".join(told[s] for s in outcome.out))
    if table.reserve_names:
        line = Content.assemble(line, " · in reserve: ", ", ".join(table.reserve_names))
    if width is not None and line.cell_length > width:
        line = line[: max(width - 1, 0)] + Content("…")
    if scores_apart and width is not None:
        line = Content("\n").join([line, _scores_line(judged, width)])
    return line


def _scores_line(judged: Judged, width: int) -> Content:
    """Every side's VP (or points left) on a line of their own in `width` columns, where the bar's first line has no
    room for them (eight players at 80 columns): the names cut first, then the points to the whole point and a team
    by its total; then as many sides as fit and how many more there are ("+2 more (v)": the scoring lists them)."""
    longest = max((len(name) for name in judged.table.sides), default=0)
    for compact in (False, True):
        for room in range(longest, SHORTEST_NAME - 2, -1):
            if (line := Content(" · ").join(_score_parts(judged, room, compact))).cell_length <= width:
                return line
    parts = _score_parts(judged, SHORTEST_NAME - 1, compact=True)
    for shown in range(len(parts) - 1, 0, -1):
        cut = Content.assemble(Content(" · ").join(parts[:shown]), f" · +{len(parts) - shown} more (v)")
        if cut.cell_length <= width:
            return cut
    return line[: max(width - 1, 0)] + Content("…")


def second_line(judged: Judged) -> Content:
    """The winner ("Ann wins: …", the winning side in bold green), a draw, or what the tracker counts."""
    outcome = judged.outcome
    if outcome.winner:
        who, said, why = outcome.winner.words.partition(": ")  # "Ann wins" (told apart from a side of its name), why
        return Content.assemble((who, "bold $success"), (said + why, "bold"))
    if outcome.over:
        return Content.assemble(("GAME OVER ", "bold $warning"), outcome.draw or "no winner by the scenario: a draw")
    if (last := judged.scoring_last) is not None:
        return Content.assemble(
            ("LAST SCORING ", "bold $warning"), f"the end of {judged.round_word} {last} (v); then n ends the game"
        )
    if (ended := judged.scoring_end) is not None:  # a reminder: play goes on, scored or not
        word = judged.round_word
        return Content.assemble(
            ("SCORING ", "bold $warning"), f"the end of {word} {ended} (v), before {word} {ended + 1}"
        )
    return Content(tracker_line(outcome.scenario, judged.round_word)).stylize("dim")


def scenario_lines(judged: Judged, turn: int, width: int | None = None) -> Content:
    """The first line fitted to `width`, then the second wrapped at spaces to it (None: both whole), in the bar's
    rows: where the first takes two (the scores on a row of their own) and the second would need more than the one
    left, its last row shown ends with "…", never cut unsaid."""
    first, second = first_line(judged, turn, width), second_line(judged)
    if width is None:
        return Content("\n").join([first, second])
    rows = wrapped_at_spaces(second, width).split("\n")
    room = max(BAR_ROWS - len(first.split("\n")), 1)
    if len(rows) > room:
        last = rows[room - 1]
        rows = [*rows[: room - 1], (last if last.cell_length < width else last[: max(width - 1, 0)]) + Content("…")]
    return Content("\n").join([first, *rows])


class ScenarioLines(FittedToWidth):
    """The bar's lines laid out for the width they are drawn at."""

    def __init__(self, judged: Judged, turn: int) -> None:
        self.judged = judged
        self.turn = turn

    def fit(self, width: int) -> Content:
        return scenario_lines(self.judged, self.turn, width)

    def __str__(self) -> str:
        """The lines whole (tests and searches read this)."""
        return scenario_lines(self.judged, self.turn).plain


class ScenarioBar(Static):
    """Drawn from the battle's judged scenario (nothing without one)."""

    def show(self, judged: Judged | None, turn: int) -> None:
        self.display = judged is not None
        if judged is not None:
            self.update(ScenarioLines(judged, turn))
