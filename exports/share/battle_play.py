"""A battle code's scenario trailer: the scenario id and its `[play]` record, after the rosters.

A code without a scenario ends after the rosters, exactly as codes did before scenarios, so old codes still
decode; a trailer starts with a 1 bit and is always longer than the few padding bits a code may end with. A code of
more than two rosters names its sides in wider fields (`seats`); what a battle of two writes is what it always
wrote. The moments (the player turn in progress, who goes first, whose turn each event happened in) follow the
events, only when there are any; what the players agreed in a set-up (the game length, game types combined, the
playstyle, Time Attack's seconds, the point limit) follows them, only when there is any; then, only when one is set,
the flags (`FLAGS`: a battle waiting at its last round's end for that round's scoring, the mercy rule left out,
a Random game length's rolls recorded),
every part before them written so that they are found (an empty part reads back as nothing set)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from exports.share.bits import BitReader, BitWriter
from exports.share.errors import ShareCodeError
from exports.share.names import read_name, write_name

MAX_SIDES, MAX_TEAMS, MAX_SECONDARIES, MAX_RESERVES, MAX_EVENTS = 4, 2, 5, 500, 2_000
MORE_SIDES = 8
"""The sides a code of more than two rosters may name (its side fields are this wide)."""
MODES = (None, "execution", "assassination")
LEADER = ("enemy-leader", "other", "recovered")
NAME_CHARS, REASON_CHARS = 60, 200
LENGTHS = (None, "conflict", "random", "set", "custom")
PLAYSTYLES = (None, "standard", "advanced")
MAX_COMBINED = 2
EACH_BITS = 4
"""The secondary missions a player the table agreed (Warcaster), after a flag: five bits in all, more than the
padding a code may end with."""
FLAGS = ("ending", "no_mercy", "length_rolls")
"""The flags a trailer may end with, by bit (the first the lowest): `ending`, the last round played and waiting for
its scoring; `no_mercy`, the players agreed to leave out the mercy rule (Warcaster's skirmish missions);
`length_rolls`, a Random game length's D6 recorded (they follow the flags). Written only when one is set, after a 1,
in `FLAG_BITS` bits (five in all: more than the padding); a bit this Warbench does not name is a newer Warbench's."""
MAX_LENGTH_ROLLS = 99
FLAG_BITS = 4


class Event(Protocol):
    """What the code keeps of one scenario event: VP scored, a Leader's fate, or a side out."""

    @property
    def side(self) -> int: ...
    @property
    def round(self) -> int: ...
    @property
    def vp(self) -> int | None: ...
    @property
    def mission(self) -> str | None: ...
    @property
    def leader(self) -> str | None: ...
    @property
    def turn(self) -> int | None: ...


class Declaration(Protocol):
    """A winner declared, and why."""

    @property
    def side(self) -> int: ...
    @property
    def reason(self) -> str: ...


class LengthRoll(Protocol):
    """A Random game length's D6 at the end of a game turn."""

    @property
    def turn(self) -> int: ...
    @property
    def roll(self) -> int: ...


class ScenarioPlay(Protocol):
    """What the code keeps of a battle's scenario record (a battle file's ScenarioPlay, which sits above exports)."""

    @property
    def players(self) -> Sequence[str]: ...
    @property
    def teams(self) -> Sequence[Sequence[int]]: ...
    @property
    def attacker(self) -> int | None: ...
    @property
    def first(self) -> int | None: ...
    @property
    def mode(self) -> str | None: ...
    @property
    def secondaries(self) -> Sequence[Sequence[str]]: ...
    @property
    def secondaries_each(self) -> int | None: ...
    @property
    def reserves(self) -> Sequence[Sequence[int]]: ...
    @property
    def length(self) -> str | None: ...
    @property
    def rounds(self) -> int | None: ...
    @property
    def combined(self) -> Sequence[str]: ...
    @property
    def playstyle(self) -> str | None: ...
    @property
    def time_attack(self) -> int | None: ...
    @property
    def point_limit(self) -> int | None: ...
    @property
    def no_mercy(self) -> bool: ...
    @property
    def over(self) -> bool: ...
    @property
    def ending(self) -> bool: ...
    @property
    def length_rolls(self) -> Sequence[LengthRoll]: ...
    @property
    def declared(self) -> Declaration | None: ...
    @property
    def events(self) -> Sequence[Event]: ...


def seats_of(rosters: int) -> int:
    """How many sides a code's side fields can name: four in a code of two rosters (as always), else more."""
    return MAX_SIDES if rosters <= 2 else MORE_SIDES


def write_play(w: BitWriter, scenario: str, play: ScenarioPlay | None, rosters: int = 2, step: int = 0) -> None:
    """The trailer for a battle of `rosters` rosters, `step` player turns into its round, under `scenario` with its
    record `play` (or None)."""
    seats = seats_of(rosters)
    w.flag(True)
    w.slug(scenario, "scenario")
    players = play.players if play else []
    w.count(len(players), seats, "players")
    for name in players:
        write_name(w, name, NAME_CHARS, "a player's name")
    teams = play.teams if play else []
    w.count(len(teams), MAX_TEAMS if rosters <= 2 else seats, "teams")
    for team in teams:
        w.count(len(team), seats, "team members")
        for side in team:
            w.choice(side, seats)
    _optional_side(w, play.attacker if play else None, seats)
    w.choice(MODES.index(play.mode if play else None), len(MODES))
    secondaries = play.secondaries if play else []
    w.count(len(secondaries), seats, "secondary missions")
    for chosen in secondaries:
        w.count(len(chosen), MAX_SECONDARIES, "secondary missions")
        for mission in chosen:
            w.slug(mission, "secondary mission")
    reserves = play.reserves if play else []
    w.count(len(reserves), max(rosters, 2), "reserves")
    for entries in reserves:
        w.count(len(entries), MAX_RESERVES, "reserves")
        for index in entries:
            w.number(index, "reserve")
    w.flag(bool(play and play.over))
    declared = play.declared if play else None
    w.flag(declared is not None)
    if declared is not None:
        w.choice(declared.side, seats)
        write_name(w, declared.reason, REASON_CHARS, "the declared reason")
    events = play.events if play else []
    w.count(len(events), MAX_EVENTS, "events")
    for event in events:
        w.choice(event.side, seats)
        w.number(event.round - 1, "round")
        w.choice(0 if event.vp is not None else 1 if event.leader is not None else 2, 3)
        if event.vp is not None:
            w.number(event.vp, "vp")
            w.flag(event.mission is not None)
            if event.mission is not None:
                w.slug(event.mission, "mission")
        elif event.leader is not None:
            w.choice(LEADER.index(event.leader), len(LEADER))
    each = play.secondaries_each if play else None
    first = play.first if play else None
    timed = bool(step or first is not None or any(e.turn is not None for e in events))
    flags = sum(1 << bit for bit, name in enumerate(FLAGS) if play is not None and getattr(play, name))
    agreed = play is not None and (_agreed(play) or bool(flags))  # (empty where only the flags need it)
    if each is not None or timed or agreed:  # after the events, so that codes without it end where they always did
        w.flag(True)
        w.bits(each or 0, EACH_BITS)  # 0: not agreed (the table agrees at least one)
    if timed or agreed:
        w.flag(True)
        w.number(step, "player turn")
        _optional_side(w, first, seats)
        for event in events:
            w.choice(0 if event.turn is None else event.turn + 1, seats + 1)
    if play is not None and agreed:
        _write_agreed(w, play)
    if flags:
        w.flag(True)
        w.bits(flags, FLAG_BITS)
    rolls = play.length_rolls if play is not None else []
    if rolls:
        w.count(len(rolls), MAX_LENGTH_ROLLS, "game length rolls")
        for rolled in rolls:
            w.number(rolled.turn, "game turn")
            w.choice(rolled.roll - 1, 6)


def _agreed(play: ScenarioPlay) -> bool:
    """Whether the players agreed anything in a set-up (a battle begun from `battle new --setup`)."""
    agreed = (play.length, play.rounds, play.playstyle, play.time_attack, play.point_limit)
    return any(value is not None for value in agreed) or bool(play.combined)


def _write_agreed(w: BitWriter, play: ScenarioPlay) -> None:
    """The set-up's agreements, after the moments (at least ten bits: more than a code's padding)."""
    w.flag(True)
    w.choice(LENGTHS.index(play.length), len(LENGTHS))
    _optional_number(w, play.rounds, "game turns")
    w.count(len(play.combined), MAX_COMBINED, "game types combined")
    for game_type in play.combined:
        w.slug(game_type, "a game type combined")
    w.choice(PLAYSTYLES.index(play.playstyle), len(PLAYSTYLES))
    _optional_number(w, play.time_attack, "Time Attack's seconds")
    _optional_number(w, play.point_limit, "the point limit")


def _read_agreed(r: BitReader, play: dict[str, Any]) -> None:
    if not r.flag():
        raise ShareCodeError("the share code has trailing data after the battle (damaged code)")
    play["length"] = LENGTHS[r.choice(len(LENGTHS), "game length")]
    play["rounds"] = r.number("game turns") if r.flag() else None
    play["combined"] = [r.slug("game type") for _ in range(r.count(MAX_COMBINED, "game types combined"))]
    play["playstyle"] = PLAYSTYLES[r.choice(len(PLAYSTYLES), "playstyle")]
    play["time_attack"] = r.number("Time Attack's seconds") if r.flag() else None
    play["point_limit"] = r.number("point limit") if r.flag() else None


def _read_flags(r: BitReader, play: dict[str, Any]) -> None:
    if not r.flag():
        raise ShareCodeError("the share code has trailing data after the battle (damaged code)")
    flags = r.bits(FLAG_BITS)
    if flags >> len(FLAGS):
        raise ShareCodeError("the battle's code holds a state this Warbench does not know (made by a newer one)")
    play.update({name: True for bit, name in enumerate(FLAGS) if flags >> bit & 1})
    if play.pop("length_rolls", False):
        play["length_rolls"] = [
            {"turn": r.number("game turn"), "roll": r.choice(6, "game length roll") + 1}
            for _ in range(r.count(MAX_LENGTH_ROLLS, "game length rolls"))
        ]


def _optional_number(w: BitWriter, value: int | None, what: str) -> None:
    w.flag(value is not None)
    if value is not None:
        w.number(value, what)


def read_play(r: BitReader, rosters: int = 2) -> dict[str, Any]:
    """`{"scenario": id, "play": {...}, "step": n}` from a trailer of a code of `rosters` rosters; the battle file's
    model checks the rest."""
    seats = seats_of(rosters)
    if not r.flag():
        raise ShareCodeError("the share code has trailing data after the battle (damaged code)")
    scenario = r.slug("scenario")
    play: dict[str, Any] = {"players": [read_name(r, NAME_CHARS, "player") for _ in range(r.count(seats, "players"))]}
    play["teams"] = [
        [r.choice(seats, "side") for _ in range(r.count(seats, "team members"))]
        for _ in range(r.count(MAX_TEAMS if rosters <= 2 else seats, "teams"))
    ]
    if r.flag():
        play["attacker"] = r.choice(seats, "side")
    play["mode"] = MODES[r.choice(len(MODES), "mode")]
    play["secondaries"] = [
        [r.slug("secondary mission") for _ in range(r.count(MAX_SECONDARIES, "missions"))]
        for _ in range(r.count(seats, "secondary missions"))
    ]
    play["reserves"] = [
        [r.number("reserve") for _ in range(r.count(MAX_RESERVES, "reserves"))]
        for _ in range(r.count(max(rosters, 2), "reserves"))
    ]
    play["over"] = r.flag()
    if r.flag():
        play["declared"] = {"side": r.choice(seats, "side"), "reason": read_name(r, REASON_CHARS, "reason")}
    events = []
    for _ in range(r.count(MAX_EVENTS, "events")):
        event: dict[str, Any] = {"side": r.choice(seats, "side"), "round": r.number("round") + 1}
        kind = r.choice(3, "event kind")
        if kind == 0:
            event["vp"] = r.number("vp")
            if r.flag():
                event["mission"] = r.slug("mission")
        elif kind == 1:
            event["leader"] = LEADER[r.choice(len(LEADER), "leader event")]
        else:
            event["out"] = True
        events.append(event)
    play["events"] = events
    step = 0
    if r.remaining >= 1 + EACH_BITS:  # more than the last character's padding: the agreed secondaries
        if not r.flag():
            raise ShareCodeError("the share code has trailing data after the battle (damaged code)")
        play["secondaries_each"] = r.bits(EACH_BITS) or None
    if r.remaining >= 5:  # the moments
        if not r.flag():
            raise ShareCodeError("the share code has trailing data after the battle (damaged code)")
        step = r.number("player turn")
        if r.flag():
            play["first"] = r.choice(seats, "side")
        for event in events:
            if turn := r.choice(seats + 1, "player turn"):
                event["turn"] = turn - 1
    if r.remaining >= 5:  # what a set-up agreed
        _read_agreed(r, play)
    if r.remaining >= 1 + FLAG_BITS:  # the state flags
        _read_flags(r, play)
    unset = {k for k, v in play.items() if v is None or v is False or v == []}  # never 0: side 0 is a side
    found: dict[str, Any] = {"scenario": scenario, "play": {k: v for k, v in play.items() if k not in unset}}
    return {**found, "step": step} if step else found


def write_players(w: BitWriter, players: Sequence[str], rosters: int) -> None:
    """The players' names of a battle without a scenario (one with a scenario names them in its trailer)."""
    w.count(len(players), seats_of(rosters), "players")
    for name in players:
        write_name(w, name, NAME_CHARS, "a player's name")


def read_players(r: BitReader, rosters: int) -> list[str]:
    return [read_name(r, NAME_CHARS, "player") for _ in range(r.count(seats_of(rosters), "players"))]


def _optional_side(w: BitWriter, side: int | None, seats: int) -> None:
    w.flag(side is not None)
    if side is not None:
        w.choice(side, seats)
