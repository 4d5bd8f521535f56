"""What a McWarrior mech says in a battle's text and `--json`: its heat, parts and shields left, what a part at 0
means in play, and the numbers its parts give."""

from __future__ import annotations

from typing import Any, Protocol

from builder.battles.tracks import UnitState
from builder.games.mcwarrior.mech_state import heat_words, mech_state


class MechTrack(Protocol):
    """What these words read of a mech's track (`track.MechTrack`, which imports them for its text and `--json`)."""

    @property
    def parts(self) -> dict[str, int]: ...
    @property
    def part_names(self) -> dict[str, str]: ...
    @property
    def upgrades(self) -> dict[str, tuple[str, int]]: ...
    @property
    def shields(self) -> dict[str, int]: ...
    @property
    def heat_resets(self) -> tuple[str, ...]: ...
    def part_name(self, part: str) -> str: ...
    def levels(self, slot: str, left: int) -> str: ...


def mech_details(track: MechTrack, state: UnitState) -> dict[str, Any]:
    state = mech_state(state)
    numbers = state.derived
    return {
        "heat": state.heat,
        "heat_capacity": numbers.get("heat_capacity", 0),
        "overheated": numbers.get("overheated", 0),
        "parts": {p: {"left": n, "of": track.parts[p]} for p, n in state.parts_left.items()},
        "target_number": numbers.get("target_number", 0),
        "move": numbers.get("move", 0),
        "dice": numbers.get("dice", {}),
        "upgrades": numbers.get("upgrades", {}),
        "upgrades_lost": numbers.get("upgrades_lost", {}),
        "cannot_attack": numbers.get("cannot_attack", {}),
        **({"shields": numbers.get("shields", {})} if track.shields else {}),
        **({"heat_exchanger_used": numbers.get("heat_exchanger_used", False)} if track.heat_resets else {}),
        **({"redeployed": state.returned} if state.returned else {}),
        **({"rockets": numbers["rockets"]} if "rockets" in numbers else {}),
        **({"shut_down": {"cool_to": numbers["cool_to"]}} if numbers.get("shut_down") else {}),
    }


def mech_left_words(track: MechTrack, state: UnitState) -> str:
    state = mech_state(state)
    left = ", ".join(f"{track.part_names.get(p, p)} {n}/{track.parts[p]}" for p, n in state.parts_left.items())
    numbers = state.derived
    over = f" (overheated by {numbers['overheated']})" if numbers.get("overheated") else ""
    lost = f"; upgrades lost: {', '.join(numbers['upgrades_lost'].values())}" if numbers.get("upgrades_lost") else ""
    wrecked = "".join(f"; {words}" for words in wrecked_words(track, state))
    down = "".join(f"; {words}" for words in shields_words(track, state, down=True))
    back = f"; redeployed {state.returned}×" if state.returned else ""
    rockets = numbers.get("rockets", {})
    fired = f"; rockets {rockets['left']}/{rockets['of']}" if rockets and rockets["left"] < rockets["of"] else ""
    spent = [track.upgrades[s][0] for s in track.heat_resets if numbers.get("heat_exchanger_used")]
    fired += "".join(f"; {name} used" for name in spent)  # once a game, as the screen's "(used)" says
    return f"{heat_words(state)}{over}{down_words(track, state)}; {left}{down}{wrecked}{lost}{fired}{back}"


def down_words(track: MechTrack, state: UnitState) -> str:
    """ ", SHUT DOWN until heat 3" where a failed overheat check stopped the mech; else ""."""
    state = mech_state(state)
    numbers = state.derived
    return f", SHUT DOWN until heat {numbers['cool_to']}" if numbers.get("shut_down") else ""


def wrecked_words(track: MechTrack, state: UnitState) -> list[str]:
    """What a part at 0 means in play, a line each: an arm's weapon cannot attack, a head at 0 hits only with a
    bonus, legs at 0 move nothing (or what the pilot's skill moves)."""
    state = mech_state(state)
    numbers = state.derived
    words = [f"{track.part_name(p)} 0 — {name} cannot attack" for p, name in numbers.get("cannot_attack", {}).items()]
    if "target_number" in numbers and numbers["target_number"] <= 0:
        words.append("target number 0 — hits only with a bonus")
    if "legs_move" in numbers and numbers["legs_move"] <= 0:
        skill = f"moves {numbers['move']}\" by the pilot's skill" if numbers["move"] > 0 else "cannot move"
        words.append(f"legs 0 — {skill}")
    return words


def shields_words(track: MechTrack, state: UnitState, down: bool = False) -> list[str]:
    """Each working shield's levels ("Energy Shield 1/2"); with `down`, only those that lost some."""
    state = mech_state(state)
    found = state.derived.get("shields", {})
    return [track.levels(slot, n["left"]) for slot, n in found.items() if not down or n["left"] < n["of"]]
