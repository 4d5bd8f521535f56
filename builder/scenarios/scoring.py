"""What a scenario lets a battle record: who plays (sides, teams, secondary missions) and which VP it can give."""

from __future__ import annotations

from collections.abc import Sequence

from builder.findings import Finding, error, warning
from builder.scenarios.table import Event, Table
from catalog.scenarios import Scenario, ScenarioBook
from catalog.wording import ordinal, possessive


def team_problem(teams: Sequence[Sequence[int]], sides: Sequence[str]) -> str | None:
    """What keeps the teams from holding each side exactly once, in the players' names ("Ada is in two teams", "Cy
    is in no team"); None: each side is in one team."""
    seen: set[int] = set()
    for team in teams:
        for n, side in enumerate(team):
            if not 0 <= side < len(sides):
                return f"no side {side} in a team (the battle seats {len(sides)}: 0 to {len(sides) - 1})"
            if side in team[:n]:
                return f"{sides[side]} is named twice in one team"
            if side in seen:
                return f"{sides[side]} is in two teams"
            seen.add(side)
    left = [name for side, name in enumerate(sides) if side not in seen]
    if left:
        named = left[0] if len(left) == 1 else f"{', '.join(left[:-1])} and {left[-1]}"
        return f"{named} {'is' if len(left) == 1 else 'are'} in no team"
    return None


def side_problems(scenario: Scenario, book: ScenarioBook, table: Table) -> list[Finding]:
    """`battle/scenario` findings for sides, teams, secondary missions and an attacker the scenario cannot have."""
    found: list[Finding] = []
    low, high = scenario.players
    count = len(table.sides)
    if not low <= count <= high:
        found.append(
            error(
                "battle/scenario",
                table.path("sides"),
                f"{scenario.name} is for {low}" + (f" to {high}" if high != low else "") + f" players, not {count}",
            )
        )
    if table.teams:
        if not scenario.teams:
            found.append(error("battle/scenario", table.path("teams"), f"{scenario.name} is not played in teams"))
        elif (problem := team_problem(table.teams, table.sides)) is not None:
            found.append(error("battle/scenario", table.path("teams"), problem))
        elif not 2 <= len(table.teams) <= scenario.most_teams:
            most = "two" if scenario.most_teams == 2 else f"two to {scenario.most_teams}"
            found.append(
                error(
                    "battle/scenario",
                    table.path("teams"),
                    f"{scenario.name} is played in {most} teams, not {len(table.teams)}",
                )
            )
    known = {m.id: m for m in book.missions}
    agreed = table.secondaries_each  # the book gives no number: the table's, else the scenario's (one)
    allowed = (agreed or scenario.secondaries) if scenario.secondaries else 0
    if agreed is not None and not allowed:
        found.append(
            error("battle/scenario", table.path("secondaries_each"), f"{scenario.name} allows no secondary missions")
        )
    for side, chosen in enumerate(table.secondaries):
        where = f"{table.path('secondaries')}[{side}]"
        if not allowed and chosen and agreed is None:
            found.append(error("battle/scenario", where, f"{scenario.name} allows no secondary missions"))
        elif allowed and len(chosen) > allowed:
            more = "" if agreed else " (the table may agree more: secondaries_each)"
            found.append(
                error(
                    "battle/scenario",
                    where,
                    f"{scenario.name} allows {allowed} secondary mission(s) a player, not {len(chosen)}{more}",
                )
            )
        for mission in chosen:
            if mission not in known:
                found.append(
                    error(
                        "battle/scenario",
                        where,
                        f"no secondary mission {mission!r} (known: {', '.join(known) or 'none'})",
                    )
                )
    if table.attacker is None and (scenario.needs_attacker or table.needs_first):
        said = f"{scenario.name} needs the attacker (red) named: --attacker NAME"
        if scenario.needs_attacker:
            found.append(error("battle/scenario", table.path("attacker"), said))
        else:  # a battle begun before turns were counted still judges as it did; a new one is refused
            found.append(warning("battle/scenario", table.path("attacker"), f"{said} (who takes the first turn)"))
    if table.attacker is not None and not 0 <= table.attacker < count:
        found.append(error("battle/scenario", table.path("attacker"), f"no side {table.attacker}"))
    return found


def vp_problem(
    scenario: Scenario, book: ScenarioBook, table: Table, event: Event, so_far: int, counted: list[Event]
) -> str | None:
    """Why the scenario cannot give this scoring (None: it can). `so_far`: the side's VP from the scenario's own
    scoring already counted this round; `counted`: the secondary-mission and extra scorings already counted."""
    assert event.vp is not None
    word, count, name = book.round_word, scenario.count, table.told[event.side]
    if problem := _unknown_mission(scenario, book, event) or too_early(scenario, book, table, event):
        return problem
    if event.mission is not None:
        return _mission_problem(scenario, book, table, event, counted)
    if count.own_turn and event.turn is not None and event.turn != event.side and count.per != "none":
        when = "in each player's own turn" if count.per == "event" else "at the end of each player's own turn"
        return f"{scenario.name} scores {when}: it is {_turn_of(table.told[event.turn])}, not {_turn_of(name)}"
    if count.per == "none":
        return f"{scenario.name} scores no VP: {scenario.victory[0].lower()}{scenario.victory[1:]}"
    if event.round < count.from_round:
        return f"{scenario.name} scores from {word} {count.from_round}, not in {word} {event.round}"
    if count.by == "attacker" and event.side != table.attacker:
        return f"only the attacker scores in {scenario.name}; {name} is not the attacker"
    allowed = count.vp_by_round[event.round - 1] if event.round <= len(count.vp_by_round) else count.vp
    if allowed and event.vp not in allowed:
        return f"one scoring in {scenario.name} gives {' or '.join(map(str, allowed))} VP, not {event.vp}"
    most = _most(scenario, event.round)
    if most is not None:
        so_far = 0 if count.per == "turn" else so_far
        if so_far + event.vp > most:
            per = "player turn" if count.per == "turn" else f"{word} {event.round}"
            return f"at most {most} VP a side in {scenario.name} for a {per}; {name} would have {so_far + event.vp}"
    return None


def together_problem(scenario: Scenario, book: ScenarioBook, event: Event, together: int) -> str | None:
    """Why this scoring of the scenario's own gives more than all sides may score together in its round (King Of
    The Hill's five tokens), or None. `together`: every side's VP from the scenario's own scoring already counted
    that round. A battle refuses it as it is recorded; a file written before keeps it, warned."""
    most = scenario.count.most_together
    if most is None or event.vp is None or event.mission is not None or together + event.vp <= most:
        return None
    return (
        f"at most {most} VP for all sides together in {scenario.name} for {book.round_word} {event.round}; "
        f"{together} scored already, {event.vp} more would make {together + event.vp}"
    )


def extra_name(book: ScenarioBook, extra: str) -> str:
    """An extra's name as the book gives it ("Kill Box", a rule of the file), else its id as a word ("Cache")."""
    named = {rule.id: rule.name for rule in book.rules} | {mission.id: mission.name for mission in book.missions}
    return named.get(extra) or extra.replace("-", " ").capitalize()


def extra_problem(
    scenario: Scenario, book: ScenarioBook, table: Table, event: Event, counted: Sequence[Event]
) -> str | None:
    """Why a side cannot score this extra as often as it would, or None: the Kill Box once a player turn (that turn's
    end), a cache once a game where each player has one (First Blood). `counted`: the secondary-mission and extra
    scorings already counted. A battle refuses it as it is recorded; a file written before keeps it, warned."""
    count, extra = scenario.count, event.mission
    if extra is None or extra not in count.extras or event.vp is None or event.side >= len(table.sides):
        return None
    name, turn, said = table.told[event.side], event.turn, extra_name(book, extra)
    earlier = [e for e in counted if e.side == event.side and e.mission == extra]
    most = count.extras_each_game.get(extra)
    if most is not None and len(earlier) >= most:
        return f"{said} scores {_times(most)} a game for each player in {scenario.name}: {name} scored it already"
    most = count.extras_each_turn.get(extra)
    if most is None or turn is None or turn >= len(table.sides):
        return None
    if len([e for e in earlier if e.round == event.round and e.turn == turn]) < most:
        return None
    return f"{said} scores {_times(most)} a player turn: {name} scored it in {possessive(table.told[turn])} turn {event.round} already"


def _times(n: int) -> str:
    """'once', 'twice', '3 times'."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def too_early(scenario: Scenario, book: ScenarioBook, table: Table, event: Event) -> str | None:
    """Why nothing scores yet at the event's moment: in the round scoring starts, the attacker's turn comes before
    the defender's, from whose turn the book counts (Warmachine's "from the defender's second turn"). An extra may
    start at its own player's turn (the Kill Box: from the attacker's second turn)."""
    count = scenario.count
    starts = count.extras_from.get(event.mission or "", count.from_player)
    if starts != "defender" or event.round != count.from_round or event.turn is None:
        return None
    if table.attacker is None or event.turn != table.attacker:
        return None
    nth = nth_turn(count.from_round)
    what = scenario.name if event.mission is None else f"{scenario.name}'s {extra_name(book, event.mission)}"
    return f"{what} scores from the defender's {nth} turn; this is the attacker's {nth} turn"


def wrong_turn(scenario: Scenario, book: ScenarioBook, table: Table, event: Event) -> str | None:
    """Why an extra cannot be scored in the player turn it is recorded in: a cache only in its claimer's own turn,
    the Kill Box only in the opponent's (None: it can, or the turn is not recorded)."""
    whose = scenario.count.extras_turn.get(event.mission or "")
    if whose is None or event.turn is None or event.turn >= len(table.sides):
        return None
    name, turn, said = table.told[event.side], table.told[event.turn], extra_name(book, event.mission or "")
    if whose == "own" and event.turn != event.side:
        return f"{name} scores {said} only in their own turn; this is {possessive(turn)} turn"
    if whose == "opponent" and event.turn == event.side:
        return f"{name} scores {said} only at the end of an opponent's turn; this is {possessive(name)} own turn"
    return None


def _before_scoring(scenario: Scenario, book: ScenarioBook, event: Event, said: str) -> str:
    """Why an extra cannot score in a round before scoring starts: from whose turn of which round it starts, as
    `too_early` says it in that round ("First Blood's Kill Box scores from the attacker's second turn")."""
    count = scenario.count
    starts = count.extras_from.get(event.mission or "", count.from_player)
    if starts is None:
        return f"{said} scores from {book.round_word} {count.from_round}"
    nth = nth_turn(count.from_round)
    return f"{scenario.name}'s {said} scores from the {starts}'s {nth} turn; this is {book.round_word} {event.round}"


def _turn_of(name: str) -> str:
    """ "Bob's turn", or "the turn of Matt's Alliance skirmish (ours)" where a name ends told apart."""
    return f"the turn of {name}" if name.endswith(")") else f"{possessive(name)} turn"


def nth_turn(n: int) -> str:
    """'first', 'second', 'third', then '4th', '21st': which of a player's turns, as the book counts them."""
    return {1: "first", 2: "second", 3: "third"}.get(n, ordinal(n))


def _most(scenario: Scenario, round_: int) -> int | None:
    count = scenario.count
    if count.most_last_round is not None and round_ == scenario.win.rounds:
        return count.most_last_round
    if round_ <= len(count.most_by_round):
        return count.most_by_round[round_ - 1]
    return count.most


def _unknown_mission(scenario: Scenario, book: ScenarioBook, event: Event) -> str | None:
    """Why a scoring names a mission the game cannot score: neither a secondary mission of the book nor an extra of
    the scenario (None: no mission named, or one it has). Refused before anything the moment says, so an unknown id
    is never told to wait as if it were one of the scenario's extras."""
    if event.mission is None or event.mission in scenario.count.extras:
        return None
    if any(m.id == event.mission for m in book.missions):
        return None
    extras = ", ".join(scenario.count.extras) or "none"
    return f"{scenario.name} has no {event.mission!r} scoring (extras: {extras}; or a chosen secondary mission)"


def _mission_problem(
    scenario: Scenario, book: ScenarioBook, table: Table, event: Event, counted: list[Event]
) -> str | None:
    name, word = table.sides[event.side], book.round_word
    mission = next((m for m in book.missions if m.id == event.mission), None)
    if mission is None:
        extra = scenario.count.extras[event.mission or ""]  # a mission it has not: refused first (`_unknown_mission`)
        said = extra_name(book, event.mission or "")
        if event.vp != extra:
            return f"{said} gives {extra} VP, not {event.vp}"
        if event.round < scenario.count.from_round:
            return _before_scoring(scenario, book, event, said)
        return wrong_turn(scenario, book, table, event)
    chosen = table.secondaries[event.side] if event.side < len(table.secondaries) else ()
    if mission.id not in chosen:
        return f"{name} did not choose the secondary mission {mission.name}"
    if event.vp != mission.vp:
        return f"{mission.name} scores {mission.vp} VP, not {event.vp}"
    earlier = [e for e in counted if e.side == event.side and e.mission == mission.id]
    if mission.once and earlier:
        return f"{mission.name} scores once a game"
    if mission.per_round and any(e.round == event.round for e in earlier):
        return f"{mission.name} scores once a {word}"
    return None
