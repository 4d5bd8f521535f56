"""McWarrior's Battle for Port Oldsand: districts, picks, claims and sieges, encounters, warband budgets."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import Field

from builder.campaigns.ledger import (
    CampaignResult,
    LedgerError,
    LedgerHeader,
    LedgerModel,
    check_player,
    read_army,
    validate_model,
)
from builder.findings import Finding, error
from builder.roster.common import PathText
from builder.rules import validate

BASE_BOLTS, BOLTS_PER_DISTRICT, DISTRICTS_TO_WIN = 150, 10, 6
ENCOUNTER_SCENARIOS = {
    1: "Capture the Flag",
    2: "King of the Hill",
    3: "Mass Carnage",
    4: "Rampage",
    5: "Tug of War",
    6: "the district's owner chooses",
}
MANY_PLAYER_CHANGES = {"Capture the Flag", "Tug of War"}
"""Scenarios the book changes when more than two players meet."""


class OldsandPlayer(LedgerModel):
    name: str
    start: str


class Encounter(LedgerModel):
    district: str
    winner: str


class OldsandRound(LedgerModel):
    picks: dict[str, str] = {}
    encounters: list[Encounter] = []
    warbands: dict[str, PathText] = {}


class OldsandFile(LedgerHeader):
    kind: Literal["port-oldsand"]
    game: Literal["mcwarrior"] = "mcwarrior"
    districts: list[str] = Field(min_length=1)
    players: list[OldsandPlayer] = Field(min_length=1)
    rounds: list[OldsandRound] = []
    warbands: dict[str, PathText] = {}


@dataclass(frozen=True)
class Siege:
    district: str
    players: tuple[str, ...]
    winner: str | None


@dataclass(frozen=True)
class RoundResult:
    claims: tuple[tuple[str, str], ...]
    """(player, district) claimed unopposed."""
    sieges: tuple[Siege, ...]


@dataclass(frozen=True)
class OldsandPlayerState:
    name: str
    start: str
    districts: tuple[str, ...]
    """Every district the player owns, the starting one first."""

    @property
    def claimed(self) -> int:
        """Districts won, the starting district not counted."""
        return len(self.districts) - 1

    @property
    def bolts(self) -> int:
        return BASE_BOLTS + BOLTS_PER_DISTRICT * self.claimed


@dataclass(frozen=True)
class OldsandResult(CampaignResult):
    """A replayed Port Oldsand campaign: who owns what, each round's claims and sieges, the winner, every finding."""

    kind: ClassVar[str] = "port-oldsand"

    name: str
    districts: tuple[str, ...]
    players: tuple[OldsandPlayerState, ...]
    rounds: tuple[RoundResult, ...]
    winner: str | None
    findings: tuple[Finding, ...]

    def winner_text(self) -> str | None:
        return self.winner

    def owner_of(self, district: str) -> str | None:
        return next((p.name for p in self.players if district in p.districts), None)

    def as_dict(self) -> dict[str, Any]:
        """The `warbench campaign --json` object of a Port Oldsand campaign."""
        return {
            "valid": self.valid,
            "players": [{"name": p.name, "districts": list(p.districts), "bolts": p.bolts} for p in self.players],
            "rounds": [
                {
                    "claims": [{"player": who, "district": d} for who, d in r.claims],
                    "sieges": [
                        {"district": s.district, "players": list(s.players), "winner": s.winner} for s in r.sieges
                    ],
                }
                for r in self.rounds
            ],
            "winner": self.winner,
            "findings": self.finding_dicts(),
        }


def scenario_for(roll: int) -> str:
    """The encounter's scenario for a d6 roll (6: the owner chooses; in an unclaimed district, roll again)."""
    if roll not in ENCOUNTER_SCENARIOS:
        raise ValueError(f"a d6 roll is 1 to 6, not {roll}")
    return ENCOUNTER_SCENARIOS[roll]


def roll_scenario(owned: bool, seed: int | None = None) -> tuple[int, str]:
    """Roll for an encounter's scenario (rolling again on a 6 in an unclaimed district): the roll and the scenario."""
    dice = random.Random(seed)
    while True:
        roll = dice.randint(1, 6)
        if roll != 6 or owned:
            return roll, scenario_for(roll)


def legal_picks(result: OldsandResult, player: str) -> list[str]:
    """Districts a player may pick next: any but a starting district and those they own already."""
    starts = {p.start for p in result.players}
    mine = next(p.districts for p in result.players if p.name == player)
    return [d for d in result.districts if d not in starts and d not in mine]


def pick_findings(
    owners: dict[str, str], starts: dict[str, str], districts: list[str], rnd: OldsandRound, r: int
) -> list[Finding]:
    """`oldsand/district` and `oldsand/starting-district` for a round's picks."""
    found = []
    for name, district in rnd.picks.items():
        where = f"rounds[{r}].picks.{name}"
        if district not in districts:
            found.append(
                error("oldsand/district", where, f"round {r + 1}: {name} picks {district!r}, not a district of the map")
            )
        elif starts.get(name) == district:
            found.append(
                error(
                    "oldsand/starting-district",
                    where,
                    f"round {r + 1}: {name} picks {district}, their own starting district (already "
                    "theirs: a pick is one of the other districts)",
                )
            )
        elif district in starts.values():
            found.append(
                error(
                    "oldsand/starting-district",
                    where,
                    f"round {r + 1}: {name} picks {district}, another player's starting district",
                )
            )
    return found


def resolve_picks(
    owners: dict[str, str], starts: dict[str, str], districts: list[str], picks: dict[str, str]
) -> tuple[list[tuple[str, str]], dict[str, tuple[str, ...]]]:
    """Claims (one picker, a district nobody else owns) and sieges (several pickers, or picked from its owner)."""
    by_district: dict[str, list[str]] = {}
    for name, district in picks.items():
        if district in districts and district not in starts.values():
            by_district.setdefault(district, []).append(name)
    claims, sieges = [], {}
    for district, pickers in by_district.items():
        owner = owners.get(district)
        if len(pickers) == 1 and owner in (None, pickers[0]):
            if owner is None:
                claims.append((pickers[0], district))
        else:
            sieges[district] = tuple(pickers) + ((owner,) if owner is not None and owner not in pickers else ())
    return claims, sieges


def encounter_findings(
    sieges: dict[str, tuple[str, ...]], rnd: OldsandRound, r: int
) -> tuple[dict[str, str], list[Finding]]:
    """`oldsand/encounter`: one encounter per siege won by one of its players; the winners per district."""
    found, winners = [], {}
    for e, encounter in enumerate(rnd.encounters):
        where = f"rounds[{r}].encounters[{e}]"
        if encounter.district not in sieges:
            found.append(
                error(
                    "oldsand/encounter", f"{where}.district", f"round {r + 1}: {encounter.district} is not under siege"
                )
            )
        elif encounter.district in winners:
            found.append(
                error(
                    "oldsand/encounter",
                    f"{where}.district",
                    f"round {r + 1}: {encounter.district} has a second encounter",
                )
            )
        elif encounter.winner not in sieges[encounter.district]:
            found.append(
                error(
                    "oldsand/encounter",
                    f"{where}.winner",
                    f"round {r + 1}: {encounter.winner} did not "
                    f"besiege {encounter.district} ({', '.join(sieges[encounter.district])} did)",
                )
            )
        else:
            winners[encounter.district] = encounter.winner
    for district in sieges:
        if district not in winners and not any(e.district == district for e in rnd.encounters):
            found.append(
                error(
                    "oldsand/encounter",
                    f"rounds[{r}].encounters",
                    f"round {r + 1}: the siege of {district} has no encounter",
                )
            )
    return winners, found


def budget_findings(
    base: Path, warbands: dict[str, str], claimed: dict[str, int], where: str, when: str
) -> list[Finding]:
    """`oldsand/warband-budget`: each warband checked by the McWarrior rules with the player's claimed districts."""
    found = []
    for name, path in warbands.items():
        check_player(name, list(claimed), f"{where}.{name}")
        loaded = read_army(base, path, "mcwarrior", f"{where}.{name}", "campaign")
        roster = loaded.roster.model_copy(update={"districts": claimed[name]})
        report = validate(roster, loaded.catalogue)
        found += [
            error("oldsand/warband-budget", f"{where}.{name}", f"{when}{name}: {f.message}")
            for f in report.findings
            if f.code == "mcwarrior/warband-budget"
        ]
    return found


def winner_of(owned: dict[str, int]) -> str | None:
    """The player owning six districts or more (the most, if several)."""
    best = max(owned.values())
    leaders = [name for name, count in owned.items() if count == best]
    return " and ".join(leaders) if best >= DISTRICTS_TO_WIN else None


def replay_oldsand(campaign: OldsandFile, base: Path) -> OldsandResult:
    """Replay Port Oldsand from the start: picks into claims and sieges, encounters, budgets, the winner."""
    starts = {p.name: p.start for p in campaign.players}
    owners = {p.start: p.name for p in campaign.players}
    rounds, findings, winner = [], [], None
    claimed: Callable[[], dict[str, int]] = lambda: {
        name: sum(o == name for o in owners.values()) - 1 for name in starts
    }
    for r, rnd in enumerate(campaign.rounds):
        if winner is not None:
            findings.append(
                error("oldsand/after-end", f"rounds[{r}]", f"round {r + 1} comes after {winner} won with six districts")
            )
            continue
        for name in [*rnd.picks, *(e.winner for e in rnd.encounters)]:
            check_player(name, list(starts), f"rounds[{r}]")
        findings += budget_findings(base, rnd.warbands, claimed(), f"rounds[{r}].warbands", f"round {r + 1}: ")
        findings += pick_findings(owners, starts, campaign.districts, rnd, r)
        findings += [
            error(
                "oldsand/district",
                f"rounds[{r}].encounters[{e}].district",
                f"round {r + 1}: {enc.district!r} is not a district of the map",
            )
            for e, enc in enumerate(rnd.encounters)
            if enc.district not in campaign.districts
        ]
        claims, sieges = resolve_picks(owners, starts, campaign.districts, rnd.picks)
        winners, problems = encounter_findings(sieges, rnd, r)
        findings += problems
        for name, district in claims:
            owners[district] = name
        owners.update(winners)
        rounds.append(RoundResult(tuple(claims), tuple(Siege(d, who, winners.get(d)) for d, who in sieges.items())))
        winner = winner_of({name: count + 1 for name, count in claimed().items()})
    findings += budget_findings(base, campaign.warbands, claimed(), "warbands", "")
    players = tuple(
        OldsandPlayerState(
            name,
            start,
            (
                start,
                *sorted(d for d, o in owners.items() if o == name and d != start),
            ),
        )
        for name, start in starts.items()
    )
    return OldsandResult(campaign.name, tuple(campaign.districts), players, tuple(rounds), winner, tuple(findings))


def read_oldsand(data: dict[str, Any], source: str) -> OldsandFile:
    """The Port Oldsand model of a parsed file: players named once, starting districts on the map and distinct."""
    campaign = validate_model(OldsandFile, data, source)
    names = [p.name for p in campaign.players]
    if len(set(names)) != len(names):
        raise LedgerError(f"{source}: players: a player is named twice")
    for p, player in enumerate(campaign.players):
        if player.start not in campaign.districts:
            raise LedgerError(f"{source}: players[{p}].start: {player.start!r} is not a district of the map")
    if len({p.start for p in campaign.players}) != len(names):
        raise LedgerError(f"{source}: players: two players start in the same district")
    return campaign
