"""A McWarrior mech in battle: points per body part, hits and critical hits on them, and its heat."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from builder.battles.model import UnitMark
from builder.battles.tracks import Track, UnitState
from builder.games.mcwarrior.mech_report import mech_details, mech_left_words
from builder.games.mcwarrior.mech_state import MechState
from builder.games.mcwarrior.unit_mark import MechMark, as_mech
from builder.numbers import field_range
from catalog.wording import counted

MAX_HEAT = field_range(MechMark, "heat")[1]
"""The most heat a battle file keeps on a mech."""
MAX_RETURNED = field_range(MechMark, "returned")[1]
"""The most redeployments a battle file counts."""


@dataclass(frozen=True)
class MechTrack(Track):
    """A McWarrior mech: points per body part; hits excess to a part go to the torso, which at 0 ends the mech."""

    marks: ClassVar[tuple[str, ...]] = (
        "lost",
        "heat",
        "upgrades_lost",
        "shield_lost",
        "shield_restored",
        "used",
        "returned",
        "shut_down",
        "rockets_fired",
        "checks",
    )
    mark_words: ClassVar[str] = "the points each part lost, its heat and the upgrades destroyed"

    parts: dict[str, int] = field(default_factory=dict)
    part_names: dict[str, str] = field(default_factory=dict)
    derive: Callable[[dict[str, int]], dict[str, Any]] | None = None
    """Function of {part: points left} → the derived numbers."""
    torso: str = "torso"
    pilot: str = ""
    """The pilot and their skill, as the card shows them."""
    part_slots: dict[str, str] = field(default_factory=dict)
    """Part id -> the upgrade slot it holds (both legs hold `legs`)."""
    upgrades: dict[str, tuple[str, int]] = field(default_factory=dict)
    """Upgrade slot -> (the upgrade's name, its bolts)."""
    weapons: dict[str, str] = field(default_factory=dict)
    """Arm (part id) -> the slot of the weapon mounted there, which rolls as many dice as the arm has points left: at
    0 it cannot attack (an Energy Shield, bought by level, rolls no dice and is no weapon here)."""
    least_move: int = 0
    """Inches the pilot may move on a Move action whatever the legs have left (the Techie's 2), else 0."""
    hit_stops: dict[str, int] = field(default_factory=dict)
    """Upgrade slot -> hits its upgrade stops of each batch the mech receives while it works (Additional Armor's 1)."""
    shields: dict[str, int] = field(default_factory=dict)
    """Upgrade slot -> the levels its Energy Shield was bought at, which hits strip first."""
    use_heat: dict[str, int] = field(default_factory=dict)
    """Upgrade slot -> the heat its Active upgrade generates when used (the Use Upgrade action), where known."""
    heat_resets: tuple[str, ...] = ()
    """Upgrade slots whose upgrade resets the heat to 0 once a game (the Heat Exchanger)."""
    actives: tuple[str, ...] = ()
    """Upgrade slots holding an Active upgrade."""
    rockets: dict[str, int] = field(default_factory=dict)
    """Upgrade slot -> the rockets its Rocket Launcher comes with, each fired gone for the game."""

    def part_name(self, part: str) -> str:
        return self.part_names.get(part, part)

    def heated(self, mark: UnitMark, amount: int) -> MechMark:
        """The heat up or down (never below 0); more heat on a destroyed mech, or beyond the 99 a battle file keeps,
        is refused (ValueError)."""
        mark = as_mech(mark)
        if amount > 0:
            self.refuse_wreck(mark)
            self.refuse_shut_down(mark)
        if mark.heat + amount > MAX_HEAT:
            raise ValueError(
                f"a mech's heat is 0 to {MAX_HEAT}: {self.name} is at {mark.heat}, {amount:+d} makes "
                f"{mark.heat + amount}"
            )
        return self.cooled(mark.model_copy(update={"heat": max(mark.heat + amount, 0)}))

    def cooled(self, mark: UnitMark) -> MechMark:
        """`mark`, no longer shut down where its heat has sunk to its torso's points left or below."""
        mark = as_mech(mark)
        if mark.shut_down and not self.shut_down(mark):
            return mark.model_copy(update={"shut_down": False})
        return mark

    def shut_down(self, mark: UnitMark) -> bool:
        """Whether a failed overheat check stops the mech: until its heat is at its torso's points left or below."""
        mark = as_mech(mark)
        return mark.shut_down and mark.heat > self.parts.get(self.torso, 0) - mark.lost.get(self.torso, 0)

    def refuse_shut_down(self, mark: UnitMark) -> None:
        """ValueError where an overheat check shut the mech down: no more heat, and no action, until it cools."""
        mark = as_mech(mark)
        if self.shut_down(mark):
            cool = self.parts.get(self.torso, 0) - mark.lost.get(self.torso, 0)
            raise ValueError(
                f"{self.name} is shut down by overheating: it cannot act until cooled to heat {cool} (now {mark.heat})"
            )

    def rockets_left(self, mark: UnitMark) -> int:
        """The rockets its Rocket Launcher has left (0 without one)."""
        mark = as_mech(mark)
        return max(sum(self.rockets.values()) - mark.rockets_fired, 0)

    def round_begins(self, mark: UnitMark, respawn: bool = False) -> tuple[MechMark, str] | None:
        """The Upkeep phase ("Reduce your Mech's current Heat level by 1"), for a mech not destroyed with heat; under
        a scenario's Respawn rule a destroyed mech is redeployed with its pilot as it started (`restored`: a
        once-a-game use and the rockets fired stay spent), counted in `returned`. Cooled to its torso's points, a mech
        shut down by overheating is no longer."""
        mark = as_mech(mark)
        if respawn and self.state(mark).destroyed:
            back = self.restored(mark).model_copy(update={"returned": min(mark.returned + 1, MAX_RETURNED)})
            return back, f"{self.name} redeploys with its pilot, as it started"
        if mark.heat <= 0 or self.state(mark).destroyed:
            return None
        cooled = self.cooled(mark.model_copy(update={"heat": mark.heat - 1}))
        up = ", no longer shut down" if mark.shut_down and not cooled.shut_down else ""
        said = f"{self.name} cools to heat {cooled.heat}/{self.state(cooled).derived.get('heat_capacity', 0)}{up}"
        return cooled, said

    def restored(self, mark: UnitMark) -> MechMark:
        """The mech as it started (parts, heat, upgrades, shield, shut down no more), what is gone for the game still
        gone: its once-a-game uses, the rockets fired and its redeployments."""
        mark = as_mech(mark)
        return MechMark(
            index=mark.index, used=list(mark.used), rockets_fired=mark.rockets_fired, returned=mark.returned
        )

    def struck(self, mark: UnitMark, part: str, amount: int) -> tuple[MechMark, str | None]:
        """Hits as recorded: each batch is first taken off the working Energy Shields' levels ("the hits is first
        reduced from the protective levels"), then made smaller by the working upgrades that stop hits ("Reduce all
        hits this Mech receives by 1, no matter the body part hit"); a repair (negative) is as typed."""
        mark = as_mech(mark)
        if amount <= 0:
            return self.hit(mark, part, amount), None
        self.refuse_wreck(mark)
        mark, shielded = self._shielded(mark, amount)
        working = [slot for slot in self.hit_stops if self.working(mark, slot)]
        stopped = min(amount - sum(shielded.values()), sum(self.hit_stops[slot] for slot in working))
        if not stopped and not shielded:
            return self.hit(mark, part, amount), None
        taken = amount - sum(shielded.values()) - stopped
        said = [f"{n} taken by {self.shield_words(mark, slot)}" for slot, n in shielded.items()]
        if stopped:
            said.append(f"{stopped} stopped by {' and '.join(self.upgrades[slot][0] for slot in working)}")
        words = f"{counted(amount, 'hit')}, {', '.join(said)}: {self.part_name(part)} takes {self.taken_words(mark, part, taken)}"
        return (self.hit(mark, part, taken) if taken else mark), words

    def taken_words(self, mark: MechMark, part: str, taken: int) -> str:
        """What `taken` hits do to the part ("3", "2, 1 more to the torso", "nothing, 2 to the torso" for a part at 0,
        "3 of 97: all it had"): hits beyond what the part has left go to the torso, and beyond the torso's are lost
        with the mech."""
        if not taken:
            return "nothing"
        left = self.parts[part] - mark.lost.get(part, 0)
        if taken <= left:
            return str(taken)
        if part == self.torso:
            return f"{left} of {taken}: all it had"
        torso = self.parts[self.torso] - mark.lost.get(self.torso, 0)
        more = min(taken - left, torso)
        share = f"{left}, {more} more" if left else f"nothing, {more}"  # a part at 0 passes every hit on
        return f"{share} to the {self.part_name(self.torso).lower()}" + (": all it had" if taken - left > torso else "")

    def working(self, mark: UnitMark, slot: str) -> bool:
        """Whether the mech has an upgrade on `slot` that no critical hit destroyed."""
        mark = as_mech(mark)
        return slot in self.upgrades and slot not in mark.upgrades_lost

    def shield_left(self, mark: UnitMark, slot: str) -> int:
        """The levels the Energy Shield on `slot` has left."""
        mark = as_mech(mark)
        return max(self.shields.get(slot, 0) - mark.shield_lost.get(slot, 0), 0)

    def shield_words(self, mark: UnitMark, slot: str) -> str:
        """The shield and its levels left ("Energy Shield 1/2"), its arm named where the mech has two."""
        mark = as_mech(mark)
        return self.levels(slot, self.shield_left(mark, slot))

    def levels(self, slot: str, left: int) -> str:
        """A shield's levels left of those bought ("Energy Shield 1/2"; its slot named where the mech has two)."""
        where = f" ({self.part_name(slot)})" if len(self.shields) > 1 else ""
        return f"{self.upgrades[slot][0]}{where} {left}/{self.shields[slot]}"

    def _shielded(self, mark: UnitMark, amount: int) -> tuple[MechMark, dict[str, int]]:
        """The mark with `amount` hits taken off the working shields' levels in turn, and the levels each lost."""
        mark = as_mech(mark)
        taken: dict[str, int] = {}
        lost = dict(mark.shield_lost)
        for slot in self.shields:
            if self.working(mark, slot) and (n := min(amount - sum(taken.values()), self.shield_left(mark, slot))):
                taken[slot] = n
                lost[slot] = lost.get(slot, 0) + n
        return (mark.model_copy(update={"shield_lost": lost}) if taken else mark), taken

    def refuse_wreck(self, mark: UnitMark) -> None:
        """ValueError where the mech is destroyed (its torso at 0): it takes no more hits, criticals or heat."""
        mark = as_mech(mark)
        if self.parts.get(self.torso, 0) > 0 and mark.lost.get(self.torso, 0) >= self.parts[self.torso]:
            raise ValueError(f"{self.name} is destroyed: its {self.part_name(self.torso)} has no points left")

    def details(self, state: UnitState) -> dict[str, Any]:
        return mech_details(self, state)

    def left_words(self, state: UnitState) -> str:
        return mech_left_words(self, state)

    def limits(self) -> str:
        return ", ".join(f"{self.part_names.get(p, p)} {n}" for p, n in self.parts.items())

    def problems(self, mark: UnitMark) -> list[str]:
        mark = as_mech(mark)
        found = [f"{self.name} has no part {p!r}" for p in mark.lost if p not in self.parts]
        found += [
            f"{self.name} loses {n} points of {self.part_names.get(p, p)}, which has {self.parts[p]}"
            for p, n in mark.lost.items()
            if p in self.parts and n > self.parts[p]
        ]
        found += [
            f"{self.name} has no upgrade on {slot!r} for a critical hit to destroy"
            for slot in mark.upgrades_lost
            if slot not in self.upgrades
        ]
        found += [
            f"{self.name} has no Energy Shield on {slot!r} to lose levels"
            if slot not in self.shields
            else f"{self.name}'s shield on {slot} loses {n} levels of {self.shields[slot]}"
            for slot, n in mark.shield_lost.items()
            if n > self.shields.get(slot, 0)
        ]
        found += [
            f"{self.name} has no once-a-game upgrade on {slot!r} to use"
            for slot in mark.used
            if slot not in self.heat_resets
        ]
        if mark.rockets_fired > sum(self.rockets.values()):
            found.append(f"{self.name} fires {mark.rockets_fired} rockets of {sum(self.rockets.values())}")
        return found

    def state(self, mark: UnitMark | None) -> MechState:
        blank = as_mech(mark) if mark else MechMark(index=self.index)
        lost = blank.lost
        left = {p: max(n - lost.get(p, 0), 0) for p, n in self.parts.items()}
        destroyed = self.parts.get(self.torso, 0) > 0 and left.get(self.torso, 0) == 0
        gone = [slot for slot in self.upgrades if slot in blank.upgrades_lost]
        heat = blank.heat
        numbers = dict(self.derive(left)) if self.derive else {}
        idle = {
            p: slot
            for p, slot in self.weapons.items()
            if not left.get(p) and slot in self.upgrades and slot not in gone
        }
        numbers["upgrades"] = {
            slot: name for slot, (name, _) in self.upgrades.items() if slot not in gone and slot not in idle.values()
        }
        numbers["cannot_attack"] = {part: self.upgrades[slot][0] for part, slot in idle.items()}
        if "move" in numbers:  # the legs' sum, or what the pilot's skill moves without them
            numbers["legs_move"] = numbers["move"]
            numbers["move"] = max(numbers["move"], self.least_move)
        numbers["upgrades_lost"] = {slot: self.upgrades[slot][0] for slot in gone}
        numbers["shields"] = {
            slot: {"left": self.shield_left(blank, slot), "of": n}
            for slot, n in self.shields.items()
            if slot not in gone
        }
        numbers["heat_exchanger_used"] = any(slot in blank.used for slot in self.heat_resets)
        numbers["overheated"] = (
            0 if destroyed else max(heat - numbers.get("heat_capacity", heat), 0)
        )  # a wreck: no torso
        if any(slot not in gone for slot in self.rockets):  # a launcher a critical hit destroyed fires no more
            numbers["rockets"] = {"left": self.rockets_left(blank), "of": sum(self.rockets.values())}
        numbers["shut_down"] = self.shut_down(blank) and not destroyed
        numbers["cool_to"] = numbers.get("heat_capacity", 0)
        worth = self.points - sum(self.upgrades[slot][1] for slot in gone)
        return MechState(
            self,
            (),
            0 if destroyed else 1,
            sum(left.values()),
            0.0 if destroyed else worth,
            returned=blank.returned,
            parts_left=left,
            heat=heat,
            derived=numbers,
        )

    def critical(self, mark: UnitMark, part: str) -> tuple[MechMark, str]:
        """A critical hit on `part`: the upgrade its slot holds is destroyed (a leg's takes the legs' upgrade);
        with none working there, the torso takes 1 damage. Returns the mark and what happened."""
        mark = as_mech(mark)
        if part not in self.parts:
            raise ValueError(f"{self.name} has no part {part!r}")
        self.refuse_wreck(mark)
        slot = self.part_slots.get(part, part)
        if slot in self.upgrades and slot not in mark.upgrades_lost:
            lost = [s for s in self.upgrades if s in (*mark.upgrades_lost, slot)]
            return mark.model_copy(update={"upgrades_lost": lost}), f"{self.upgrades[slot][0]} destroyed"
        return self.hit(
            mark, self.torso, 1
        ), f"no upgrade there: 1 damage to the {self.part_names.get(self.torso, 'torso')}"

    def hit(self, mark: UnitMark, part: str, amount: int) -> MechMark:
        """`amount` hits on a part (negative: repaired); hits beyond what the part has left go to the torso (a torso
        repaired up to the heat lifts a shut-down). Refused (ValueError): hits on a mech already destroyed, a repair
        of a part that lost nothing."""
        mark = as_mech(mark)
        lost = dict(mark.lost)
        if amount > 0:
            self.refuse_wreck(mark)
        if amount < 0 and not lost.get(part, 0):
            raise ValueError(f"{self.name}'s {self.part_name(part)} has lost no points to repair")
        if amount >= 0:
            on_part = min(amount, self.parts[part] - lost.get(part, 0))
            lost[part] = lost.get(part, 0) + on_part
            excess = amount - on_part
            if excess and part != self.torso:
                lost[self.torso] = min(lost.get(self.torso, 0) + excess, self.parts[self.torso])
        else:
            lost[part] = max(lost.get(part, 0) + amount, 0)
        return self.cooled(mark.model_copy(update={"lost": {p: n for p, n in lost.items() if n}}))
