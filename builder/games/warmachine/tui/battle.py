"""Warmachine's battle screen: boxes and models, and each Leader's focus or fury (allocated, spent, its feat)."""

from __future__ import annotations

from textual.binding import Binding

from builder.battles.tracks import UnitState
from builder.tui.screens.battle import BoxesBattle
from builder.tui.screens.battle_keys import BOX_KEYS, RESTORE_KEY, TABLE_KEYS, spent_key
from builder.tui.screens.battle_scenario import SCENARIO_BINDINGS


class WarmachineBattle(BoxesBattle):
    """`f` allocates 1 focus to the highlighted warjack from its Leader, `p` powers it up (1 focus of its own), `x`
    spends 1 of the highlighted model's, `t` uses the highlighted Leader's feat, `h` spends 1 of its focus to remove
    its own damage."""

    BINDINGS = [
        *BOX_KEYS,
        RESTORE_KEY,
        *TABLE_KEYS,
        spent_key("Each Leader's focus or fury in full (its battlegroup's, its feat), and the other sides' lines"),
        Binding("f", "spend_allocate", "Allocate", tooltip="Its Leader gives the highlighted warjack 1 focus"),
        Binding(
            "p",
            "spend_power_up",
            "Power up",
            tooltip="The highlighted warjack powers up: 1 focus in the Control Phase, in its Leader's control range",
        ),
        Binding("x", "spend_points", "Spend 1", tooltip="The highlighted model spends 1 focus or fury"),
        Binding("t", "spend_feat", "Feat", tooltip="The highlighted Leader uses its feat (once a game)"),
        Binding(
            "h",
            "spend_heal",
            "Heal 1",
            tooltip="The highlighted Leader spends 1 focus or fury to remove its own damage (5 in Execution Mode)",
        ),
        *SCENARIO_BINDINGS,
    ]

    def unit_track(self, state: UnitState) -> str:
        """The unit's track in a line, and a Leader's vulnerability as the scenario's bar and its focus line say it."""
        said = super().unit_track(state)
        return f"{said}  vulnerable" if state.vulnerable else said

    def _spend(self, kind: str, field: str, label: str, **more: int) -> None:
        if (chosen := self.selected()) is not None:
            side, index = chosen
            name = self.session.track(side, index).name
            self.spend(side, {"kind": kind, field: index, **more}, f"{name}: {label}")

    def action_spend_allocate(self) -> None:
        chosen, found = self.selected(), self.session.result.spending
        if chosen is None or found is None:
            return
        side, index = chosen
        leader = next((leader.index for leader in found.state.sides[side].leaders if index in leader.cohort), index)
        self._spend("allocate", "model", "1 allocated", leader=leader)

    def action_spend_power_up(self) -> None:
        self._spend("power-up", "model", "power up")

    def action_spend_points(self) -> None:
        self._spend("spend", "model", "1 spent")

    def action_spend_feat(self) -> None:
        self._spend("feat", "leader", "feat")

    def action_spend_heal(self) -> None:
        self._spend("heal", "leader", "heal 1", amount=1)
