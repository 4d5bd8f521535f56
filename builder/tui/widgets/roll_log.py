"""The battle screen's roll log: the last few rolls, newest first, so a result outlives any toast or dialog."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static


class RollLog(Static):
    """Call `add(line)` after each roll; hidden until the first one (rolls are not saved with the battle)."""

    SHOWN = 3
    """Rolls kept in sight."""
    rolls: tuple[str, ...] = ()

    def add(self, line: str) -> None:
        self.rolls = (line, *self.rolls)[: self.SHOWN]
        self.display = True
        self.update(
            Content("\n").join(
                [Content.styled(self.rolls[0], "bold"), *(Content.styled(older, "dim") for older in self.rolls[1:])]
            )
        )

    @property
    def last_dice(self) -> str:
        """The dice rolled last, as typed (offered again), or 2d6."""
        return self.rolls[0].split(":")[0] if self.rolls and not self.rolls[0].startswith("Scatter") else "2d6"
