"""Warcaster's battle screen: every unit starts in reserve, is deployed into play, and may come back destroyed."""

from __future__ import annotations

from textual.binding import Binding
from textual.content import Content

from builder.battles.report import Side
from builder.battles.tracks import WHERE, UnitState
from builder.tui.screens.battle import BOX_KEYS, RESTORE_KEY, TABLE_KEYS, BattleScreen
from builder.tui.screens.battle_scenario import SCENARIO_BINDINGS

HINTS = {
    "reserve": "p deploys it",
    "play": "p recalls it to the reserves",
    "removed": "a destroyed hero does not come back",
}
"""What `p` does for a unit, by where it is."""


class WarcasterBattle(BattleScreen):
    """Where each unit is (reserve, play, removed) beside its boxes; `p` deploys or recalls it."""

    BINDINGS = [
        *BOX_KEYS,
        RESTORE_KEY,
        Binding("p", "deploy", "Deploy", tooltip="Deploy the unit from the reserves, or recall it"),
        *TABLE_KEYS,
        *SCENARIO_BINDINGS,
    ]

    FOOTER_FIRST = (*BattleScreen.FOOTER_FIRST, "deploy")

    def side_note(self, side: Side) -> str:
        places = [state.where for state in side.states if state.where]
        return " · ".join(f"{places.count(key)} {said}" for key, said in WHERE.items() if places.count(key))

    def unit_tag(self, state: UnitState) -> tuple[str, str]:
        return (f"  {WHERE[state.where]}", "$success" if state.where == "play" else "dim") if state.where else ("", "")

    def unit_track(self, state: UnitState) -> str:
        back = f"destroyed {state.returned}×, " if state.returned else ""
        return back + super().unit_track(state)

    def out_of_the_fight(self, state: UnitState) -> bool:
        return state.destroyed or state.where == "reserve"

    def detail_lines(self, state: UnitState) -> list[Content]:
        heading, *rest = super().detail_lines(state)
        if not state.where:
            return [heading, *rest]
        back = f" · destroyed {state.returned}× so far" if state.returned else ""
        return [heading, Content(f"{WHERE[state.where]}{back} ({HINTS[state.where]})"), *rest]

    def action_deploy(self) -> None:
        self._mark(lambda side, index: self.session.deploy(side, index))
