"""A Warcaster unit in battle: deployed from the reserves, back to them when destroyed (a hero is removed), with a
squad's attachments as models of their own."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from builder.battles.model import UnitMark
from builder.battles.tracks import WHERE, Track, UnitState
from builder.games.warcaster.unit_mark import as_warcaster


@dataclass(frozen=True)
class WarcasterTrack(Track):
    """A unit, its models (a squad's attachments last, each with its own boxes) and whether it is a hero."""

    hero: bool = False
    marks: ClassVar[tuple[str, ...]] = ("damage", "status", "returned")
    mark_words: ClassVar[str] = "the damage on each of its models, where it is and how often it returned"

    def where(self, mark: UnitMark | None) -> str:
        """'reserve', 'play' or 'removed': as the mark says, else in play once it has damage."""
        if mark is not None and (status := as_warcaster(mark).status) is not None:
            return status
        return "play" if mark is not None and any(mark.damage) else "reserve"

    def problems(self, mark: UnitMark) -> list[str]:
        found = super().problems(mark)
        mark = as_warcaster(mark)
        if mark.status in ("reserve", "removed") and any(mark.damage):
            found.append(f"{self.name} is {WHERE[mark.status]} but has damage marked (a unit takes damage in play)")
        if mark.status == "removed" and not self.hero:
            found.append(
                f"{self.name} is removed from the game, but only a destroyed hero is: a unit goes back to the reserves"
            )
        return found

    def state(self, mark: UnitMark | None) -> UnitState:
        settled = self.settled(mark) if mark is not None else None
        where = self.where(settled)
        whole = super().state(settled if where == "play" else None)
        if where == "removed":
            return replace(
                whole,
                damage=tuple(self.sizes),
                models_left=0,
                boxes_left=0,
                remaining=0.0,
                where=where,
                returned=as_warcaster(settled).returned if settled else 0,
            )
        return replace(whole, where=where, returned=as_warcaster(settled).returned if settled else 0)

    def settled(self, mark: UnitMark) -> UnitMark:
        """A unit whose last model fell leaves play: a hero is removed from the game, any other unit goes back to
        the reserves, whole again, to be deployed anew."""
        mark = as_warcaster(mark)
        damage = self.damage_on(mark)
        if self.where(mark) != "play" or any(d < size for d, size in zip(damage, self.sizes)):
            return mark
        if self.hero:
            return mark.model_copy(update={"status": "removed", "damage": []})
        return mark.model_copy(update={"status": "reserve", "damage": [], "returned": mark.returned + 1})

    def take(self, mark: UnitMark, amount: int) -> UnitMark:
        return super().take(self._in_play(mark), amount)

    def casualty(self, mark: UnitMark, restore: bool = False) -> UnitMark:
        return super().casualty(self._in_play(mark), restore)

    def deployed(self, mark: UnitMark) -> UnitMark:
        """Deployed from the reserves, or recalled to them (whole: a unit in reserve has no damage)."""
        where = self.where(mark)
        if where == "removed":
            raise ValueError(f"{self.name} was destroyed and removed from the game (a hero does not come back)")
        return as_warcaster(mark).model_copy(update={"status": "reserve" if where == "play" else "play", "damage": []})

    def _in_play(self, mark: UnitMark) -> UnitMark:
        """The mark of a unit in play, saying so (healed to no damage, it stays in play); else ValueError."""
        where = self.where(mark)
        if where != "play":
            hint = " (deploy it first)" if where == "reserve" else ""
            raise ValueError(f"{self.name} is {WHERE[where]}: only a unit in play takes damage{hint}")
        return as_warcaster(mark).model_copy(update={"status": "play"})


def deployed(track: Track, mark: UnitMark) -> UnitMark:
    """The unit deployed from the reserves, or recalled to them (`WarcasterTrack.deployed`); ValueError: a unit of a
    game with no reserves (`battle mark --deploy` on a Warsurge unit), or a hero removed from the game."""
    if not isinstance(track, WarcasterTrack):
        raise ValueError(f"{track.name} is no Warcaster unit: --deploy deploys one from the reserves or recalls it")
    return track.deployed(mark)
