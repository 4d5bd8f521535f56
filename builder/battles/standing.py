"""How a unit stands as the battle shows it (the tracker's marks and the scenario's Leader record, one truth), and
what a mark or a Leader event that changes it makes of the game's resources."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from builder.battles.ending import is_over
from builder.battles.model import BattleFile
from builder.battles.spending import spent_marks
from builder.campaigns.ledger import LedgerError
from builder.resources import ResourceEvent
from builder.scenarios import edits
from catalog.wording import possessive

if TYPE_CHECKING:
    from builder.battles.report import BattleResult
    from builder.battles.tracks import Track


def down(result: BattleResult, side: int, index: int) -> bool | None:
    """Whether the side's entry is destroyed as the battle shows it: its boxes filled on the tracker, or (a Leader)
    destroyed by the scenario's record; None for an entry with no track of its own."""
    state = result.sides[side].state_of(index) if side < len(result.sides) else None
    if state is None:
        return None
    leaders = result.judged.outcome.leaders if result.judged is not None else ()
    return state.destroyed or (state.track.leader and leaders[side : side + 1] == ("destroyed",))


def change_event(was: BattleResult, after: BattleResult, side: int, index: int) -> dict[str, Any] | None:
    """The event the game's resources make of a change to the entry (None: nothing): destroyed by it, or sent back to
    the reserves again (Warcaster), is `lost`; marked back from destroyed (a mistake corrected) is `back`."""
    spending = after.spending
    before, now = down(was, side, index), down(after, side, index)
    if spending is None or before is None or now is None:
        return None
    then_state, now_state = was.sides[side].state_of(index), after.sides[side].state_of(index)
    returned = now_state is not None and then_state is not None and now_state.returned > then_state.returned
    if (now and not before) or returned:
        return spending.book.lost(spending.state, side, index)
    if before and not now:
        return spending.book.back(spending.state, side, index)
    return None


def struck_with_boxes_left(result: BattleResult, side: int) -> str | None:
    """Why an enemy Leader's attack cannot be recorded as destroying the side's Leader (None: it can). Execution
    Mode's book: a Leader not vulnerable is destroyed by the attack that fills its last box, a vulnerable one by any
    damage from it; one in play with boxes left on the tracker is neither (its damage is marked first)."""
    judged = result.judged
    if judged is None or judged.outcome.mode != "execution" or side >= len(result.sides):
        return None
    if judged.outcome.leaders[side : side + 1] != ("in play",):
        return None
    leader = next((st for st in result.sides[side].states if st.track.leader), None)
    if leader is None or leader.models_left == 0:
        return None
    name = judged.table.sides[side] if side < len(judged.table.sides) else leader.track.name
    return (
        f"{possessive(name)} Leader has {leader.boxes_left} of {leader.track.boxes} boxes left and is not vulnerable: "
        "mark the attack's damage first (its last box filled, or any while vulnerable, destroys it)"
    )


def leader_record(result: BattleResult, side: int | None, event: ResourceEvent) -> str | None:
    """What befell the side's Leader in the scenario's record (`other`, …) that `event` of the game's resources
    stands for, to be recorded there in its place, so that the bar, the unit's row and its resources read one record
    (Warmachine: `battle focus vulnerable`); None: the event is the resources' own, or no scenario judges the side's
    Leader (the event as it always was). LedgerError, one line, for a unit that is not the army's Leader, or for a
    Leader vulnerable already."""
    spending, judged = result.spending, result.judged
    if spending is None or side is None or judged is None or side >= len(judged.outcome.leaders):
        return None
    found = spending.book.leader_event(spending.state, side, event)
    if found is None or side >= len(result.sides):
        return None
    index, what = found
    state = result.sides[side].state_of(index)
    if state is None or not state.track.leader:
        name = state.track.name if state is not None else f"entry {index + 1}"
        raise LedgerError(f"not recorded: {name} is not the army's Leader (only a Leader becomes vulnerable)")
    if judged.outcome.leaders[side] == "vulnerable":  # the record would keep it, with no effect
        raise LedgerError(f"not recorded: {state.track.name} is vulnerable already")
    return what


def recovered(
    shown: BattleResult, before: BattleFile, battle: BattleFile, replay: Callable[[BattleFile], BattleResult]
) -> BattleFile:
    """`battle` (a player turn on from `before`; `shown`: the battle as the session shows it), with Execution Mode's
    recovery where its turn begins: the player's vulnerable Leader stops being vulnerable and 1 damage is removed
    from it, as one change with the turn."""
    turn = battle.moment().turn
    if turn is None or shown.judged is None or shown.judged.outcome.leaders[turn : turn + 1] != ("vulnerable",):
        return battle  # turns passing only end vulnerability: one not vulnerable now was not vulnerable then
    was = replay(before)
    if was.judged is None or was.judged.outcome.leaders[turn : turn + 1] != ("vulnerable",):
        return battle
    if is_over(replay(battle).judged):  # the turn that ended the game begins no player's turn
        return battle
    at_zero = next(
        (st for st in was.sides[turn].states if st.track.leader and st.vulnerable and not st.boxes_left), None
    )
    if at_zero is not None:
        try:
            healed = at_zero.track.take(battle.mark_of(turn, at_zero.track.index), -1)
        except ValueError as exc:
            raise LedgerError(str(exc)) from None
        battle = battle.with_mark(turn, healed)
    after = replay(battle).judged
    if after is not None and after.outcome.leaders[turn : turn + 1] == ("vulnerable",):  # recorded, not 0 boxes
        battle = edits.leader(battle, turn, "recovered")
    return battle


def out_of_models(shown: BattleResult, battle: BattleFile, replay: Callable[[BattleFile], BattleResult]) -> BattleFile:
    """`battle` (changed from the one `shown`) with each side the change left with no model in play out of the game,
    where the scenario's mercy rule ends it then ("If a player has no models in play, either units or void gates,
    they immediately lose the game") and the game's resources know what is in play: an event recorded with the
    change, so that a battle written before keeps its verdict."""
    after = replay(battle)
    judged = after.judged
    if judged is None or not judged.outcome.scenario.win.mercy or judged.outcome.over:
        return battle
    if shown.spending is None or after.spending is None:
        return battle
    book, was, now = after.spending.book, shown.spending.state, after.spending.state
    for side in range(min(len(after.sides), len(judged.table.sides))):
        if book.nothing_in_play(was, side) is False and book.nothing_in_play(now, side):
            battle = edits.knocked_out(battle, side)
    return battle


def healed(
    battle: BattleFile,
    side: int | None,
    replay: Callable[[BattleFile], BattleResult],
    track: Callable[[int, int], Track],
) -> BattleFile:
    """`battle` with the damage the side's last event removed taken off its unit's boxes (a Warmachine Leader
    healing itself: five boxes a point in Execution Mode), in the same change (`track`: a side's entry's track)."""
    spending = replay(battle).spending
    if spending is None or side is None or (heal := spending.book.healing(spending.state, side)) is None:
        return battle
    index, boxes = heal
    mark = battle.mark_of(side, index)
    damage = sum(mark.damage)
    if not damage:
        return battle
    try:
        less = track(side, index).take(mark, -min(boxes, damage))
    except ValueError as exc:
        raise LedgerError(str(exc)) from None
    return battle.with_mark(side, less)


def with_loss(
    result: BattleResult, battle: BattleFile, side: int, index: int, replay: Callable[[BattleFile], BattleResult]
) -> BattleFile:
    """`battle` (just marked; `result`, the battle before), and the event its game's resources make of the unit being
    destroyed by this mark (a Warcaster unit's Arc back to the well as it goes back to the reserves, a Warsurge
    casualty's CP), or marked back from destroyed (a mistake corrected: a Warmachine model holds points again),
    recorded at the moment the battle is at with those the book has follow from it (`Resources.along`: a Warsurge
    transport's survivors)."""
    after = replay(battle)
    event = change_event(result, after, side, index)
    if event is None or after.spending is None:
        return battle
    made = spent_marks(after.spending, side, battle.moment(), after.spending.book.parse(event))
    with_event = battle.model_copy(update={"spent": [*battle.spent, *made]})
    refused = (s := replay(with_event).spending) is None or any(
        f.path.startswith(f"spent[{len(battle.spent)}]") for f in s.refused
    )
    return battle if refused else with_event
