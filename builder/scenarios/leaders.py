"""Warmachine's Leaders under Execution and Assassination Mode: in play, vulnerable, or destroyed."""

from __future__ import annotations

from builder.findings import Finding, error, warning
from builder.scenarios.table import Event, Mode, Table
from catalog.scenarios import Scenario

IN_PLAY, VULNERABLE, DESTROYED = "in play", "vulnerable", "destroyed"


class LeaderStates:
    """Each side's Leader as the battle's Leader events leave it, under the battle's mode."""

    def __init__(self, scenario: Scenario, table: Table) -> None:
        self.mode: Mode | None = (
            "execution" if scenario.leader == "execution" else (table.mode if scenario.leader == "modes" else None)
        )
        self._states = [IN_PLAY] * len(table.sides) if self.mode else []

    def states(self) -> tuple[str, ...]:
        return tuple(self._states)

    def at_zero(self, side: int) -> None:
        """Execution Mode: the tracker shows the Leader's boxes all filled and nothing recorded an enemy Leader's
        attack: by the book it is in play at 0 boxes, vulnerable (anything else leaves it so)."""
        if self.mode == "execution" and self._states[side] == IN_PLAY:
            self._states[side] = VULNERABLE

    def destroy(self, side: int) -> bool:
        """The Leader destroyed by damage the tracker shows (Assassination Mode): whether it was not already."""
        if self._states[side] == DESTROYED:
            return False
        self._states[side] = DESTROYED
        return True

    def apply(self, event: Event) -> tuple[Finding | None, bool]:
        """Apply one Leader event: the finding it makes (if any), and whether it destroyed the Leader.

        Execution Mode: anything but an enemy Leader's attack leaves the Leader vulnerable at 0 boxes; an enemy
        Leader's attack destroys it, vulnerable or not; a vulnerable Leader takes no other damage; its
        controller's next turn ends the vulnerability. Assassination Mode: whatever would destroy it does."""
        if self.mode is None:
            return error("battle/scenario", "", "this scenario tracks no Leaders (Warmachine only)"), False
        state = self._states[event.side]
        if state == DESTROYED:
            return error("battle/after-end", "", "that Leader is already destroyed"), False
        if event.leader == "recovered":
            if state != VULNERABLE:
                return error("battle/scenario", "", "only a vulnerable Leader recovers"), False
            self._states[event.side] = IN_PLAY
            return None, False
        if event.leader == "other" and self.mode == "execution":
            if state == VULNERABLE:
                return warning(
                    "battle/scenario",
                    "",
                    "a vulnerable Leader takes damage only from an enemy Leader's attack: no effect",
                ), False
            self._states[event.side] = VULNERABLE
            return None, False
        self._states[event.side] = DESTROYED
        return None, True
