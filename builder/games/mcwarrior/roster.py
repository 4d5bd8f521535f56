"""A McWarrior mech, or a campaign warband of mechs when districts are given."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Literal

from pydantic import Field, field_serializer, field_validator

from builder.roster.common import Ref, Renames, RosterBase, RosterModel, Slug, Text


class UpgradeChoice(RosterModel):
    """An upgrade on a slot; `level` for levelled upgrades (Energy Shield)."""

    id: Slug
    level: int | None = Field(None, ge=0, le=99)
    """The upgrade's level (the rules say which levels it has; this bounds what a file or code may carry)."""


class Mech(RosterModel):
    """One mech: six parts bought in points, an upgrade per slot, a pilot with one skill."""

    name: Text = ""
    pilot: Text = ""
    skill: Slug | None = None
    parts: dict[Slug, Annotated[int, Field(ge=0, le=99)]] = {}
    """Part id -> points bought (the rules allow 1 to 6; a file or code may carry at most 99)."""
    upgrades: dict[Slug, UpgradeChoice] = {}
    """Upgrade slot (head, torso, left-arm, right-arm, legs) -> upgrade."""

    @field_validator("upgrades", mode="before")
    @classmethod
    def _plain_ids(cls, value: object) -> object:
        """Accept `head = "targeting-system"` as well as `{ id = …, level = … }`."""
        if isinstance(value, dict):
            return {slot: {"id": choice} if isinstance(choice, str) else choice for slot, choice in value.items()}
        return value

    @field_serializer("upgrades")
    def _compact(self, upgrades: dict[str, UpgradeChoice]) -> dict[str, str | dict[str, str | int]]:
        return {slot: c.id if c.level is None else {"id": c.id, "level": c.level} for slot, c in upgrades.items()}


MODES = {"skirmish": "Skirmish", "warband": "Warband"}
"""McWarrior's two ways to build, by id, with the one name the editor, the sheet and the cards give each."""


class McWarriorRoster(RosterBase):
    """A McWarrior roster: one mech for a skirmish, or a warband for the Port Oldsand campaign."""

    game: Literal["mcwarrior"] = "mcwarrior"
    RENAMED_KINDS = ("upgrade", "skill")
    budget: int | None = Field(None, ge=1, le=100_000)
    """Bolts per mech; the catalogue's default budget when not given."""
    districts: int | None = Field(None, ge=0, le=1000)
    """Warband mode: districts the player has claimed."""
    mechs: list[Mech] = []

    @property
    def is_warband(self) -> bool:
        return self.districts is not None

    @property
    def mode(self) -> str:
        """'warband' (districts given) or 'skirmish'."""
        return "warband" if self.is_warband else "skirmish"

    def entry_ids(self) -> list[str]:
        """Mechs by name (they have no catalogue id)."""
        return [mech.name or f"mech-{i + 1}" for i, mech in enumerate(self.mechs)]

    def references(self) -> Iterator[Ref]:
        for m, mech in enumerate(self.mechs):
            if mech.skill is not None:
                yield Ref(f"mechs[{m}].skill", "skill", mech.skill)
            for part in mech.parts:
                yield Ref(f"mechs[{m}].parts.{part}", "part", part)
            for slot, choice in mech.upgrades.items():
                yield Ref(f"mechs[{m}].upgrades.{slot}", "upgrade_slot", slot)
                yield Ref(f"mechs[{m}].upgrades.{slot}", "upgrade", choice.id)

    def rename_ids(self, kind: str, renamed: dict[str, str]) -> list[str]:
        """Apply a catalogue revision's renames of upgrades and skills in place."""
        swap = Renames(renamed)
        for m, mech in enumerate(self.mechs):
            if kind == "skill" and mech.skill is not None:
                mech.skill = swap(mech.skill, f"mechs[{m}].skill")
            elif kind == "upgrade":
                for slot, choice in mech.upgrades.items():
                    choice.id = swap(choice.id, f"mechs[{m}].upgrades.{slot}")
        return swap.lines
