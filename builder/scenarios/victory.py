"""A scenario's victory conditions applied to what a battle recorded: VP totals, the winner and why, findings."""

from __future__ import annotations

from dataclasses import dataclass, replace

from builder.findings import Finding, error, warning
from builder.points import show as _points
from builder.scenarios.leaders import LeaderStates
from builder.scenarios.moments import Moment, TurnEnds, Verdict, after_moment, in_order, moment_key, verdict
from builder.scenarios.scoring import extra_problem, side_problems, together_problem, vp_problem
from builder.scenarios.table import Event, Mode, Table
from catalog.scenarios import Scenario, ScenarioBook

Winner = Verdict
"""Who won (a side, or a team of sides) and why."""


@dataclass(frozen=True)
class Outcome:
    """The scenario as the battle's record leaves it."""

    scenario: Scenario
    vp: tuple[int, ...]
    """Per side, every VP counted."""
    by_round: tuple[tuple[int, ...], ...]
    """Per side, the VP of each round from the first to the battle's current one."""
    winner: Winner | None
    over: bool
    """The game has ended: a winner, the last round played, or the players ending it (a draw when no winner)."""
    leaders: tuple[str, ...]
    """Warmachine: each side's Leader: "in play", "vulnerable" or "destroyed" (empty elsewhere)."""
    findings: tuple[Finding, ...]
    draw: str | None = None
    """Why the game is a draw, when the scenario's conditions made it one (the game is over, with no winner)."""
    out: tuple[int, ...] = ()
    """The sides out of the game (eliminated, knocked out for good)."""
    mode: Mode | None = None
    """Warmachine: the mode the Leaders are judged by (the scenario's own, else the table's chosen or by size); the
    one truth the bar, the Leader events and the game's focus read."""

    def unit_vp(self, table: Table) -> tuple[int, ...]:
        return tuple(sum(self.vp[s] for s in members) for members in table.units())


def decide(scenario: Scenario, book: ScenarioBook, table: Table) -> Outcome:
    """Replay the record moment by moment (`moments.in_order`): each VP checked against what the scenario can
    give at its moment, a moment's VP counted together, the winner (or a draw) named the moment its conditions are
    met, anything recorded after that reported and not counted."""
    findings = side_problems(scenario, book, table)
    count = len(table.sides)
    if table.teams and sorted(s for team in table.teams for s in team) != list(range(count)):
        table = replace(table, teams=())  # reported by side_problems; each side then plays alone
    vp = [0] * count
    by_round = [[0] * max(table.round, 1) for _ in range(count)]
    leaders = LeaderStates(scenario, table)
    gone = [False] * count
    wipeout = scenario.win.wipeout_from
    out_until: dict[int, int] = {}  # Warsurge: a side out is eliminated at the end of this round (at the earliest
    # `wipeout_from`'s), not at once
    winner: Verdict | None = None
    counted: list[Event] = []
    own: dict[tuple[int, int], int] = {}
    where = table.path("events")
    moment, key = Moment(), None
    ends = TurnEnds(scenario, table)
    for i, event in in_order(table):
        path = f"{where}[{i}]"
        if winner is None and (next_key := moment_key(scenario, table, i, event)) != key:
            winner = after_moment(scenario, table, moment, _unit_totals(table, vp))
            moment, key = Moment(event.turn), next_key
        if winner is None:
            winner = ends.until(scenario, table, table.position(event), _unit_totals(table, vp))
        if winner is not None:
            findings.append(error("battle/after-end", path, f"recorded after the game ended ({winner.words})"))
            continue
        if out_until and event.round <= table.round:
            winner = _eliminated(scenario, table, gone, out_until, event.round - 1, book.round_word)
            if winner is not None:
                findings.append(error("battle/after-end", path, f"recorded after the game ended ({winner.words})"))
                continue
        if scenario.win.lead_at and scenario.win.lead_at[0] < event.round <= table.round:
            winner = _lead_after(scenario, book, table, by_round)  # the last round before it is over
            if winner is not None:
                findings.append(error("battle/after-end", path, f"recorded after the game ended ({winner.words})"))
                continue
        if problem := _misplaced(scenario, book, table, event, count):
            findings.append(error(problem[0], f"{path}.{problem[1]}", problem[2]))
            continue
        if event.vp is not None:
            so_far = own.get((event.side, event.round), 0)
            if problem_vp := vp_problem(scenario, book, table, event, so_far, counted):
                findings.append(error("battle/vp", path, problem_vp))
                continue
            together = sum(vp for (_, at), vp in own.items() if at == event.round)
            if too_many := together_problem(scenario, book, event, together):
                findings.append(warning("battle/vp", path, too_many))  # counted: old files read as they did
            if misplaced := extra_problem(scenario, book, table, event, counted):
                findings.append(warning("battle/vp", path, misplaced))  # counted, as above
            if event.mission is None:
                own[(event.side, event.round)] = so_far + event.vp
                moment.scorers.append(event.side)
            else:
                counted.append(event)
            vp[event.side] += event.vp
            by_round[event.side][event.round - 1] += event.vp
            moment.scored = True
        elif event.leader is not None:
            struck, destroyed = leaders.apply(event)
            if struck:
                findings.append(replace(struck, path=f"{path}.leader"))
            if destroyed:
                winner = _leader_win(scenario, table, leaders, event.side)
        elif event.out and wipeout:
            out_until.setdefault(event.side, max(event.round, wipeout))
        elif event.out:
            gone[event.side] = True
            winner = _standing(scenario, table, gone, book.round_word)
    if winner is None:
        winner = after_moment(scenario, table, moment, _unit_totals(table, vp))
    if winner is None:
        winner = ends.until(scenario, table, (table.round, table.step), _unit_totals(table, vp))
    if leaders.mode == "execution":
        for side, down in enumerate(table.leaders_down[:count]):
            if down:
                leaders.at_zero(side)
    if winner is None and leaders.mode == "assassination":
        for side, down in enumerate(table.leaders_down[:count]):
            if down and leaders.destroy(side):  # its boxes filled on the tracker, no Leader event recorded
                winner = winner or _leader_win(scenario, table, leaders, side)
    if winner is None and out_until:
        done = table.round if table.over else table.round - 1
        winner = _eliminated(scenario, table, gone, out_until, done, book.round_word)
    if winner is None:
        # The tracker cannot say when a side was wiped out: under Warsurge's elimination it counts once the
        # battle is past the first round it can (an `out` event says exactly when). Under a Respawn rule a side's
        # mechs all destroyed are back at the next Upkeep: never out for that.
        counts = not scenario.respawn and (not wipeout or table.over or table.round > wipeout)
        for side, wiped in enumerate(table.wiped):
            gone[side] = gone[side] or (wiped and counts)
        winner = _standing(scenario, table, gone, book.round_word)
    if winner is None and scenario.win.lead_at and table.round > scenario.win.lead_at[0]:
        winner = _lead_after(scenario, book, table, by_round)
    ended = table.over or bool(scenario.win.rounds and table.round > scenario.win.rounds and not table.ending)
    stands = scenario.win.kind == "declared" and table.declared is not None and 0 <= table.declared[0] < count
    if ended and winner is None and scenario.win.survival_op:
        for side, bonus in enumerate(_survival_vp(table, gone)):
            vp[side] += bonus
            by_round[side][-1] += bonus
    if winner is None and not stands:  # a verdict the table declared is the scenario's own: no fallback replaces it
        winner = _at_end(scenario, book, table, vp, ended, gone)
    if table.declared is not None:
        side, reason = table.declared
        if not 0 <= side < count:
            findings.append(error("battle/scenario", table.path("declared"), f"no side {side} to declare"))
        elif winner is None:
            winner = _winner(table, table.unit_of(side), reason)
        else:
            findings.append(
                warning(
                    "battle/after-end",
                    table.path("declared"),
                    f"the scenario already decided the game ({winner.words}); the declaration is not used",
                )
            )
    drawn = winner is not None and winner.drawn
    return Outcome(
        scenario,
        tuple(vp),
        tuple(map(tuple, by_round)),
        None if drawn else winner,
        ended or winner is not None,
        leaders.states(),
        tuple(findings),
        winner.reason if winner is not None and drawn else None,
        tuple(s for s, out in enumerate(gone) if out),
        leaders.mode,
    )


def _misplaced(
    scenario: Scenario, book: ScenarioBook, table: Table, event: Event, count: int
) -> tuple[str, str, str] | None:
    """(code, key, message) for an event of no side, after the last round, or at a moment not yet reached."""
    word = book.round_word
    if not 0 <= event.side < count:
        return "battle/scenario", "side", f"no side {event.side} (the battle has {count}: 0 to {count - 1})"
    if scenario.win.rounds and event.round > scenario.win.rounds:
        return "battle/after-end", "round", f"{scenario.name} ends after {word} {scenario.win.rounds}"
    if event.round > table.round:
        return "battle/vp", "round", f"{word} {event.round} has not begun (the battle is in {word} {table.round})"
    if event.round == table.round and table.position(event)[1] > table.step and event.turn is not None:
        return "battle/vp", "turn", f"{table.told[event.turn]}'s turn of {word} {event.round} has not begun"
    return None


def _survival_vp(table: Table, gone: list[bool]) -> list[int]:
    """Per side, 1 VP for every whole 10% of its roster's points left (none for a side out of the game)."""
    if len(table.points_full) != len(table.sides) or len(table.points_left) != len(table.sides):
        return [0] * len(table.sides)
    return [
        0 if out or not full else int(round(10 * left / full, 6))  # 434.3 of 434.3 is 10, not 9.999…
        for out, left, full in zip(gone, table.points_left, table.points_full, strict=True)
    ]


def _unit_totals(table: Table, vp: list[int]) -> list[int]:
    return [sum(vp[s] for s in members) for members in table.units()]


_winner = verdict


def _leader_win(scenario: Scenario, table: Table, leaders: LeaderStates, side: int) -> Winner | None:
    """Destroying a Leader ends the game where the mode or the scenario says so."""
    either = leaders.mode == "assassination" or scenario.win.leader_kill == "either"
    if not either and not (scenario.win.leader_kill == "attacker" and side == table.attacker):
        return None
    others = [u for u in range(len(table.units())) if u != table.unit_of(side)]
    if len(others) != 1:
        return None
    why = "Assassination Mode" if leaders.mode == "assassination" else scenario.name
    return _winner(table, others[0], f"destroyed {table.told[side]}'s Leader ({why})")


def _eliminated(
    scenario: Scenario, table: Table, gone: list[bool], out_until: dict[int, int], done: int, round_word: str
) -> Winner | None:
    """Warsurge: each side out at the end of a round already played (`done`) is eliminated; one left wins."""
    for side, last in out_until.items():
        gone[side] = gone[side] or last <= done
    return _standing(scenario, table, gone, round_word)


def _standing(scenario: Scenario, table: Table, gone: list[bool], round_word: str) -> Winner | None:
    """Last standing, the mercy rule, or Warsurge's elimination: one team left in the game wins."""
    win = scenario.win
    if not any(gone) or not (win.kind == "last-standing" or win.mercy or win.wipeout_from):
        return None
    left = [u for u, members in enumerate(table.units()) if not all(gone[s] for s in members)]
    if len(left) != 1:
        return None
    why = {"last-standing": "last standing"}.get(win.kind, "the only one left in the game")
    if win.mercy:
        why = "the opponent has no models in play (mercy rule)"
    return _winner(table, left[0], why)


def _lead_after(scenario: Scenario, book: ScenarioBook, table: Table, by_round: list[list[int]]) -> Winner | None:
    """With `lead_at`: the winner by the VP as they stood when that round ended, a lead big enough (Contested
    Ground: 3 ahead after turn 5). VP scored later do not count: the rounds after it go to the most VP."""
    assert scenario.win.lead_at is not None
    last, needed = scenario.win.lead_at
    totals = _unit_totals(table, [sum(rounds[:last]) for rounds in by_round])
    ranked = sorted(range(len(totals)), key=lambda u: -totals[u])
    if len(ranked) < 2 or (lead := totals[ranked[0]] - totals[ranked[1]]) < needed:
        return None
    return _winner(
        table, ranked[0], f"{totals[ranked[0]]} VP to {totals[ranked[1]]}, {lead} ahead after {book.round_word} {last}"
    )


def _at_end(
    scenario: Scenario, book: ScenarioBook, table: Table, vp: list[int], ended: bool, gone: list[bool]
) -> Winner | None:
    """The winner when the rounds run out (a side out of the game has nothing left to count)."""
    win, totals = scenario.win, _unit_totals(table, vp)
    ranked = sorted(range(len(totals)), key=lambda u: -totals[u])
    lead = totals[ranked[0]] - totals[ranked[1]] if len(ranked) > 1 else 0
    if not ended:
        return None
    if win.at_limit == "defender" and table.attacker is not None and len(table.sides) == 2:
        return _winner(
            table,
            table.unit_of(1 - table.attacker),
            f"the attacker did not win by the end of {book.round_word} {win.rounds}",
        )
    if win.kind == "points-left" and len(table.points_left) == len(table.sides):
        left = [sum(0 if gone[s] else table.points_left[s] for s in members) for members in table.units()]
        order = sorted(range(len(left)), key=lambda u: -left[u])
        if len(order) > 1 and left[order[0]] == left[order[1]]:
            return None
        return _winner(
            table,
            order[0],
            f"{_points(left[order[0]])} points left to "
            f"{_points(max(left[u] for u in order[1:]))} (reserves count as lost)",
        )
    if win.kind == "most-vp" and len(ranked) > 1:
        if lead > 0:
            return _winner(table, ranked[0], f"{totals[ranked[0]]} VP to {totals[ranked[1]]}, the most VP")
        if win.tiebreak == "points-destroyed" and len(table.points_destroyed) == len(table.sides):
            destroyed = [sum(table.points_destroyed[s] for s in members) for members in table.units()]
            best = sorted(range(len(destroyed)), key=lambda u: -destroyed[u])
            if destroyed[best[0]] > destroyed[best[1]]:
                return _winner(
                    table,
                    best[0],
                    f"tied on {totals[best[0]]} VP, destroyed more ({_points(destroyed[best[0]])} points)",
                )
    return None
