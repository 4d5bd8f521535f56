"""What a key press does to a battle's scenario record, in plain Python: score VP, a Leader's fate, a side out,
the table's verdict, the game's end; and the VP a scoring may give, to offer as choices."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.scenarios import find_scenario
from builder.scenarios.battle import EARLIEST_END, RANDOM_LAST, Judged, as_played, rolled_end, with_event
from builder.scenarios.record import REASON_MOST, Declared, LengthRoll, ScenarioPlay
from builder.scenarios.round_end import scoring_moment
from builder.scenarios.scoring import extra_name, extra_problem, nth_turn, too_early, wrong_turn
from builder.scenarios.table import Event
from catalog.scenarios import Scenario, ScenarioBook, ScenarioError
from catalog.wording import possessive

if TYPE_CHECKING:
    from builder.battles.model import BattleFile

MOST_OFFERED = 12
"""The largest VP offered for one scoring when the scenario sets no limit."""


@dataclass(frozen=True)
class Scoring:
    """One way a side may score now: its VP and the mission or extra it comes from (None: the scenario's own)."""

    vp: int
    mission: str | None
    label: str


def gives_vp(scenario: Scenario) -> bool:
    """Whether the scenario as played scores VP at all: by its own scoring, an extra or secondary missions (a
    Deathmatch or McWarrior's Theft does not: points left, or the table, decide them)."""
    return scenario.count.per != "none" or bool(scenario.count.extras) or scenario.secondaries > 0


def scorings(judged: Judged, book: ScenarioBook, side: int) -> list[Scoring]:
    """What `side` may score in the battle's current round: the scenario's own amounts, then its extras (each in the
    player turn it scores in, as often as the turn or game still gives it) and the side's chosen secondary missions.
    Offers only what the scenario can give; the victory rules check the rest."""
    scenario, table = judged.outcome.scenario, judged.table
    count, round_ = scenario.count, table.ended or table.round

    def early(mission: str | None) -> bool:
        moment = Event(side, round_, 0, mission=mission, turn=table.turn)
        return (too_early(scenario, book, table, moment) or wrong_turn(scenario, book, table, moment)) is not None

    own: list[int] = []
    yours = not count.own_turn or table.turn is None or table.turn == side
    by = count.by == "side" or side == table.attacker
    if count.per != "none" and round_ >= count.from_round and by and yours and not early(None):
        allowed = count.vp_by_round[round_ - 1] if round_ <= len(count.vp_by_round) else count.vp
        most = (
            count.most_last_round
            if count.most_last_round is not None and round_ == scenario.win.rounds
            else (count.most_by_round[round_ - 1] if round_ <= len(count.most_by_round) else count.most)
        )
        own = list(allowed) or list(range((most if most is not None else MOST_OFFERED) + 1))
    found = [Scoring(vp, None, f"{vp} VP") for vp in own]
    scored = [e for e in table.events if e.mission is not None and e.vp is not None]
    found += [
        Scoring(vp, extra, f"{vp} VP: {extra_name(book, extra)}")
        for extra, vp in count.extras.items()
        if round_ >= count.from_round
        and not early(extra)
        and extra_problem(scenario, book, table, Event(side, round_, vp, mission=extra, turn=table.turn), scored)
        is None
    ]
    chosen = table.secondaries[side] if side < len(table.secondaries) else ()
    found += [Scoring(m.vp, m.id, f"{m.vp} VP: {m.name}") for m in book.missions if m.id in chosen and not early(m.id)]
    return found


def nothing_to_score(judged: Judged, book: ScenarioBook) -> str:
    """Why no side may score now (`scorings` offers nobody anything): an extra already scored as often as this turn
    or game gives it ("Kill Box scores once a player turn: …"), else the scenario's own scoring not begun yet, else
    that it gives no VP now."""
    scenario, table = judged.outcome.scenario, judged.table
    count, round_ = scenario.count, table.ended or table.round
    scored = [e for e in table.events if e.mission is not None and e.vp is not None]
    for side in range(len(table.sides)):
        for extra, vp in count.extras.items():
            moment = Event(side, round_, vp, mission=extra, turn=table.turn)
            if (
                round_ < count.from_round
                or too_early(scenario, book, table, moment)
                or wrong_turn(scenario, book, table, moment)
            ):
                continue
            if (used := extra_problem(scenario, book, table, moment, scored)) is not None:
                return used
    early = too_early(scenario, book, table, Event(0, table.round, 0, turn=table.turn))
    return early or f"{scenario.name} gives no VP now."


def cannot_score(judged: Judged, book: ScenarioBook, side: int) -> str:
    """Why `side` may score nothing now (`scorings` offers it nothing), in one line: the scenario's scoring not begun
    ("First Blood scores from the defender's second turn; this is the attacker's second turn"), the attacker's alone,
    or in the side's own turn only; else only that it cannot."""
    scenario, table = judged.outcome.scenario, judged.table
    count, round_, name = scenario.count, table.ended or table.round, table.told[side]
    if count.per != "none" and round_ < count.from_round:
        start = f"the {count.from_player}'s {nth_turn(count.from_round)} turn" if count.from_player else ""
        start = start or f"{book.round_word} {count.from_round}"
        return f"{scenario.name} scores from {start}; this is {book.round_word} {round_}"
    if early := too_early(scenario, book, table, Event(side, round_, 0, turn=table.turn)):
        return early
    if count.by == "attacker" and table.attacker is not None and side != table.attacker:
        return f"{scenario.name} is scored by the attacker alone, {table.told[table.attacker]}"
    if count.own_turn and table.turn is not None and table.turn != side:
        return f"{name} scores only in their own turn; this is {possessive(table.told[table.turn])} turn"
    return f"{name} cannot score now"


def _play(battle: BattleFile) -> ScenarioPlay:
    return battle.play or ScenarioPlay()


def now(battle: BattleFile) -> dict[str, int | None]:
    """The battle's moment, as an event records it: the round and whose player turn it is."""
    moment = battle.moment()
    return {"round": moment.round, "turn": moment.turn}


def score(battle: BattleFile, side: int, vp: int, mission: str | None = None) -> BattleFile:
    """`side` scores `vp` at the battle's current moment; at the end of a round the scenario scores at its end (the
    next round begun, nothing done in it yet), for the round that ended."""
    moment = now(battle)
    if battle.scenario is not None:
        scenario = as_played(find_scenario(battle.scenario, battle.game), _play(battle))
        moment = scoring_moment(battle, scenario)
    event = {"side": side, "vp": vp, "mission": mission, **moment}
    return battle.model_copy(update={"play": with_event(battle.play, **event)})


def leader(battle: BattleFile, side: int, what: str) -> BattleFile:
    """What befell `side`'s Leader now: enemy-leader, other or recovered."""
    return battle.model_copy(update={"play": with_event(battle.play, side=side, leader=what, **now(battle))})


def knocked_out(battle: BattleFile, side: int) -> BattleFile:
    """`side` has nothing left in the game."""
    return battle.model_copy(update={"play": with_event(battle.play, side=side, out=True, **now(battle))})


def declare(battle: BattleFile, side: int | None, reason: str = "") -> BattleFile:
    """The table's verdict (None takes it back); ScenarioError for a reason longer than a battle file keeps."""
    if len(reason) > REASON_MOST:
        raise ScenarioError(f"a reason of at most {REASON_MOST} characters, not {len(reason)}")
    verdict = Declared(side=side, reason=reason) if side is not None else None
    return battle.model_copy(update={"play": _play(battle).model_copy(update={"declared": verdict})})


def toggle_reserve(battle: BattleFile, side: int, index: int) -> BattleFile:
    """Roster entry `index` of `side` (0 ours, 1 the opponent's) into the reserves, or out of them."""
    play = _play(battle)
    reserves = [list(entries) for entries in play.reserves] + [[] for _ in range(side + 1 - len(play.reserves))]
    reserves[side] = sorted(set(reserves[side]) ^ {index})
    while reserves and not reserves[-1]:
        reserves.pop()
    return battle.model_copy(update={"play": play.model_copy(update={"reserves": reserves})})


def length_roll_due(battle: BattleFile) -> int | None:
    """The game turn at whose end the Turn Master rolls a D6 for a Random game length and has not yet (the book: "At
    the end of Game Turn 4 and onward, the Turn Master rolls a D6. On a 4+ the game continues, otherwise it ends");
    None where no roll is due: another length, before game turn 4, at the last game turn (it ends there), or over."""
    play = _play(battle)
    if play.length != "random" or play.over or not EARLIEST_END <= battle.turn < RANDOM_LAST:
        return None
    if rolled_end(play) is not None:  # a roll ended the game: its last game turn's end is being scored
        return None
    return None if any(rolled.turn == battle.turn for rolled in play.length_rolls) else battle.turn


def refuse_unrolled(battle: BattleFile) -> None:
    """Going on past a game turn whose Random game length's D6 is due is refused (ScenarioError): the roll decides
    whether there is a next game turn at all."""
    if (due := length_roll_due(battle)) is not None:
        raise ScenarioError(
            f"the Random game length's D6 at the end of game turn {due} comes first (4+ the game goes on, else it ends)"
        )


def length_reminder(battle: BattleFile) -> str | None:
    """The reminder of a Random game length's roll due now, in a player's words; None where none is due."""
    due = length_roll_due(battle)
    if due is None:
        return None
    return f"Random game length: roll a D6 at the end of game turn {due}: 4+ the game goes on, else it ends"


def length_roll(battle: BattleFile, roll: int) -> BattleFile:
    """The Turn Master's D6 for a Random game length at the end of the game turn the battle is at, recorded: under 4
    that game turn is the last (the next turn waits at its end for its scoring, then ends the game, as a Set length's
    last); ScenarioError where no roll is due (`length_roll_due`)."""
    play = _play(battle)
    if not 1 <= roll <= 6:
        raise ScenarioError(f"a D6 rolls 1 to 6, not {roll}")
    if play.length != "random":
        length = play.length or "the scenario's own"
        raise ScenarioError(f"only a Random game length rolls for the game's end (this game's: {length})")
    if length_roll_due(battle) is None:
        if (ended := rolled_end(play)) is not None:
            raise ScenarioError(f"the roll at the end of game turn {ended} ended the game: no roll is due")
        if play.over:
            raise ScenarioError("the game is over: no roll for its length is due")
        if battle.turn < EARLIEST_END:
            raise ScenarioError(
                f"the roll comes at the end of game turn {EARLIEST_END} and after (this is game turn {battle.turn})"
            )
        if battle.turn >= RANDOM_LAST:
            raise ScenarioError(f"a Random game ends after game turn {RANDOM_LAST} without a roll")
        raise ScenarioError(f"game turn {battle.turn}'s roll is recorded already")
    rolls = [*play.length_rolls, LengthRoll(turn=battle.turn, roll=roll)]
    return battle.model_copy(update={"play": play.model_copy(update={"length_rolls": rolls})})


def at_the_end(battle: BattleFile, ending: bool = True) -> BattleFile:
    """The battle waiting at its last round's end for that round's scoring (or, with `ending=False`, no longer)."""
    return battle.model_copy(update={"play": _play(battle).model_copy(update={"ending": ending})})


def end_game(battle: BattleFile, over: bool = True) -> BattleFile:
    """The last round played and scored (or, with `over=False`, the game taken up again); a Conflict or Random game
    ends no sooner than the end of game turn 4."""
    length = _play(battle).length
    if over and length in ("conflict", "random") and battle.turn < EARLIEST_END:
        raise ScenarioError(
            f"a {length.capitalize()} game ends at the end of game turn {EARLIEST_END} at the soonest "
            f"(this is game turn {battle.turn})"
        )
    return battle.model_copy(update={"play": _play(battle).model_copy(update={"over": over})})
