"""The scenario bar of a battle: the scenario, the round, each side's VP, and the winner once there is one."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from builder.scenarios.battle import Judged
from builder.scenarios.text import tracker_line


def scenario_lines(judged: Judged, turn: int) -> Content:
    """Two lines: "Rampage · turn 3 · VP Anna 6 · Ben 4 …", then the winner (or what the tracker counts)."""
    outcome, table = judged.outcome, judged.table
    if table.teams:
        scores = Content(" · ").join(
            Content.assemble("+".join(f"{table.sides[s]} {outcome.vp[s]}" for s in members), " = ", (str(vp), "bold"))
            for members, vp in zip(table.units(), outcome.unit_vp(table))
        )
    else:
        scores = Content(" · ").join(
            Content.assemble(f"{name} ", (str(vp), "bold")) for name, vp in zip(table.sides, outcome.vp)
        )
    first = Content.assemble((outcome.scenario.name, "bold $accent"), f" · {judged.round_word} {turn} · VP ", scores)
    if outcome.leaders and any(state != "in play" for state in outcome.leaders):
        first = Content.assemble(
            first, " · Leaders ", ", ".join(f"{name} {state}" for name, state in zip(table.sides, outcome.leaders))
        )
    if table.reserve_names:
        first = Content.assemble(first, " · in reserve: ", ", ".join(table.reserve_names))
    if outcome.winner:
        second = Content.assemble(("WINNER ", "bold $success"), (outcome.winner.reason, "bold"))
    elif outcome.over:
        second = Content.assemble(("GAME OVER ", "bold $warning"), "no winner by the scenario: a draw")
    else:
        second = Content(tracker_line(outcome.scenario, judged.round_word)).stylize("dim")
    return Content("\n").join([first, second])


class ScenarioBar(Static):
    """Drawn from the battle's judged scenario (nothing without one)."""

    def show(self, judged: Judged | None, turn: int) -> None:
        self.display = judged is not None
        if judged is not None:
            self.update(scenario_lines(judged, turn))
