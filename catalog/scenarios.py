"""The scenarios each rulebook plays battles for: bundled data per game, read on first use (`game(id).scenarios`)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, ValidationError, model_validator

from catalog.errors import WarbenchError
from catalog.models.common import CatalogueModel, Named, RuleText, Slug
from catalog.paths import BUNDLED_DIR
from catalog.toml_input import parse_toml, pydantic_problems, read_toml_text

SCENARIO_DIR = BUNDLED_DIR / "scenarios"
Count = Annotated[int, Field(ge=0, le=999)]


class ScenarioError(WarbenchError):
    """A scenario id, a chart or the bundled scenario data is unknown or malformed."""


class ChartRow(CatalogueModel):
    """One line of a chart: the rolls that land on it and what it gives."""

    roll: list[Annotated[int, Field(ge=1, le=36)]] = Field(min_length=1)
    result: Slug
    """A scenario id, or the id of an effect the row names."""
    text: str = ""
    """What the effect does, in our words (a scenario row says nothing: the scenario has its summary)."""
    reroll: int = Field(0, ge=0, le=3)
    """Roll this many times more on the same chart, never landing on this row again (War Torn: 2)."""
    table: Slug | None = None
    """Roll once more on this chart (a recon die's result)."""
    gains: Literal["intel", "supply", "morale"] | None = None
    """A resource a player may gain during the game (Lost Supplies' crate: supply)."""


class Chart(Named):
    """A table the book rolls on, with its dice."""

    dice: Literal["d3", "d6", "2d6"]
    note: str = ""
    rows: list[ChartRow] = Field(min_length=1)


class Mission(Named):
    """A secondary mission a player may choose beside the primary one."""

    summary: str
    vp: int = Field(ge=1, le=99)
    """What one scoring gives."""
    once: bool = False
    """Scored at most once in the game."""
    per_round: bool = False
    """Scored at most once per round."""


class Tally(CatalogueModel):
    """What a tracker counts for the scenario: when VP come, how many one scoring may give."""

    per: Literal["round", "turn", "event", "none"]
    """VP scored at the end of each round (Pulse round, game turn), each player turn, each event, or never."""
    at: Literal["end", "start"] = "end"
    """Where `per = "round"`: whether a round is scored at its end (once its last turn is played, before the next
    round does anything: VP recorded then count for it, and a game with a last round waits for them before it ends)
    or at the start of the next (McWarrior's Upkeep)."""
    from_round: int = Field(1, ge=1, le=99)
    from_player: Literal["defender"] | None = None
    """In `from_round`, scoring starts at this player's turn (Warmachine's "from the defender's second turn": not
    in the attacker's turn of that round)."""
    own_turn: bool = False
    """A side scores only at the end of its own player turn (Warmachine: "at the end of each player's turn, 1 VP
    per objective that player secures"); extras and secondary missions excepted."""
    vp: list[Count] = []
    """The amounts one scoring may give (empty: any amount up to the limits)."""
    vp_by_round: list[list[Count]] = []
    """Per round, the amounts one scoring may give (Boiling Point: 1, then 2, then 3)."""
    most: int | None = Field(None, ge=0, le=999)
    """The most one side may score in one round (or turn)."""
    most_together: int | None = Field(None, ge=0, le=999)
    """The most all sides together may score in one round from the scenario's own scoring (King Of The Hill: a VP a
    token, five tokens on the board)."""
    most_by_round: list[Count] = []
    most_last_round: int | None = Field(None, ge=0, le=999)
    """The most in the last round, when that round scores more (Warsurge: 3 OP a marker)."""
    by: Literal["side", "attacker"] = "side"
    """Who may score: any side, or only the attacker (red)."""
    extras: dict[Slug, Count] = {}
    """Scorings beside the scenario's own, each with the VP it gives (a claimed cache, the Kill Box)."""
    extras_from: dict[Slug, Literal["attacker", "defender"]] = {}
    """In `from_round`, the player whose turn an extra starts at where it is not `from_player` (Warmachine's Kill
    Box: from the attacker's second turn, while a cache waits for the defender's)."""
    extras_turn: dict[Slug, Literal["own", "opponent"]] = {}
    """Whose player turn an extra is scored in, where the book says: the scorer's own (a cache, claimed by forfeiting
    a combat action) or the opponent's (the Kill Box: the opponent's Leader ended their turn near their edge)."""
    extras_each_turn: dict[Slug, Count] = {}
    """The most times one side scores an extra in one player turn (the Kill Box: once, as that turn ends)."""
    extras_each_game: dict[Slug, Count] = {}
    """The most times one side scores an extra in the game (a cache: as many as the opponent has to claim)."""


class Win(CatalogueModel):
    """How the scenario is won, in terms a tracker can decide."""

    kind: Literal["most-vp", "first-to", "lead-by", "points-left", "last-standing", "declared"]
    target: int | None = Field(None, ge=1, le=999)
    """first-to: the VP that win; lead-by: the lead that wins."""
    target_more_players: int | None = Field(None, ge=1, le=999)
    """first-to with three or four players each playing alone, when the book changes the target (teams keep
    `target`)."""
    rounds: int | None = Field(None, ge=1, le=99)
    """The last round: the game ends after it."""
    at_limit: Literal["most-vp", "defender"] = "most-vp"
    """Who wins when the last round ends without a winner."""
    lead_at: tuple[int, int] | None = Field(None, strict=False)  # a TOML array, read as the pair it is
    """(round, lead): after that round, a lead this large wins (Contested Ground: 5, 3)."""
    leader_kill: Literal["either", "attacker"] | None = None
    """Destroying a Leader wins at once: either side's, or only the attacker's (then the defender wins)."""
    mercy: bool = False
    """A side with nothing left in play loses at once (Warcaster's mercy rule)."""
    mercy_optional: bool = False
    """The players may agree to leave the mercy rule out (Warcaster's skirmish missions)."""
    wipeout_from: int | None = Field(None, ge=1, le=99)
    """From this round, a side with nothing left at a round's end is out (Warsurge)."""
    tiebreak: Literal["points-destroyed"] | None = None
    rolled_from: int | None = Field(None, ge=1, le=99)
    """From the end of this round a D6 says whether the game goes on, 4+ (a Random game length; `rounds`: the last
    at the latest)."""
    survival_op: bool = False
    """At the end, each side scores 1 VP for every 10% of its roster's points left (Warsurge's Deathmatch combined
    with objectives or territory)."""


class Scenario(Named):
    """One scenario: our summary of it, the chart it is rolled from, and what a tracker counts."""

    game: str
    """Its game (the file's, given to every scenario as it is read)."""
    group: str = Field(min_length=1, max_length=60)
    """The book's kind of scenario ("primary mission", "team versus team", "frontier campaign")."""
    chart: Slug | None = None
    """The chart it is rolled from (`matrix`: the frontier operations matrix); None: chosen."""
    setup: str
    rules: str
    scoring: str
    victory: str
    players: tuple[int, int] = Field((2, 2), strict=False)  # a TOML array, read as the pair it is
    """The fewest and most players."""
    force: Slug | None = None
    """The force format its rosters are built to (Warcaster's Boiling Point: skirmish); None: any."""
    teams: bool = False
    """Played by teams (McWarrior TVT; Warsurge's teams that act as one player): a team's players score together."""
    most_teams: int = Field(2, ge=2, le=8)
    """How many teams may play (McWarrior's two; Warsurge's as many as there are players)."""
    respawn: bool = False
    respawn_rule: str = Field("", max_length=400)
    """The scenario's own wording of the Respawn rule where the book gives one (King Of The Hill's mechs come back at
    a token of their team's colour); empty: the book's (`ScenarioBook.respawn`)."""
    secondaries: int = Field(0, ge=0, le=5)
    """How many secondary missions each player may choose."""
    leader: Literal["modes", "execution"] | None = None
    """Warmachine: Execution or Assassination Mode by the game's size, or always Execution."""
    uses: list[Slug] = []
    """The file's other `rules` this scenario is played with (the casual scenarios' Kill Box)."""
    count: Tally
    win: Win

    @property
    def needs_attacker(self) -> bool:
        """Whether the tracker must know the attacker (red): only they score, or the rules name them."""
        return self.count.by == "attacker" or self.win.at_limit == "defender" or self.win.leader_kill == "attacker"

    @property
    def counts_reserves(self) -> bool:
        """Whether units left in reserve at the end count as lost: Warsurge's Deathmatch, alone or combined."""
        return self.win.kind == "points-left" or self.win.survival_op

    @property
    def tracks_leaders(self) -> bool:
        """Whether the tracker follows Leaders destroyed, vulnerable or recovered (Warmachine's scenarios)."""
        return self.leader is not None

    @model_validator(mode="after")
    def _targets(self) -> Scenario:
        if self.win.kind in ("first-to", "lead-by") and self.win.target is None:
            raise ValueError(f"{self.id}: win.target is needed by {self.win.kind}")
        if stray := sorted(set(self.count.extras_from) - set(self.count.extras)):
            raise ValueError(f"{self.id}: count.extras_from names no extra: {', '.join(stray)}")
        told = {**self.count.extras_turn, **self.count.extras_each_turn, **self.count.extras_each_game}
        if stray := sorted(set(told) - set(self.count.extras)):
            raise ValueError(f"{self.id}: count.extras_turn or extras_each_* names no extra: {', '.join(stray)}")
        return self


class Matrix(CatalogueModel):
    """The frontier operations matrix: row, one player's operation; column, the opponent's."""

    operations: list[Slug] = Field(min_length=1)
    scenarios: list[list[Slug]]


class ScenarioBook(CatalogueModel):
    """One game's scenario file."""

    game: str
    round_word: str = "round"
    """What the game calls a round ("Pulse round", "game turn")."""
    mercy: str = ""
    respawn: str = ""
    execution_up_to: int | None = Field(None, ge=0, le=100_000)
    """The largest game (in points) whose Leaders play Execution Mode unless the table says, larger ones
    Assassination Mode (Warmachine's "recommended at 50 points or less"; None: the game has no Leader modes)."""
    rules: list[RuleText] = []
    """Rules every scenario of the game may use (Execution Mode, Kill Box)."""
    charts: list[Chart] = []
    missions: list[Mission] = []
    matrix: Matrix | None = None
    scenarios: list[Scenario] = Field(min_length=1)

    @model_validator(mode="before")
    @classmethod
    def _game_of_each(cls, data: object) -> object:
        if isinstance(data, dict) and isinstance(data.get("scenarios"), list):
            data = {
                **data,
                "scenarios": [{**s, "game": data.get("game")} if isinstance(s, dict) else s for s in data["scenarios"]],
            }
        return data

    @model_validator(mode="after")
    def _references(self) -> ScenarioBook:
        ids = {s.id for s in self.scenarios}
        charts = {c.id for c in self.charts} | ({"matrix"} if self.matrix else set())
        for s in self.scenarios:
            if s.chart is not None and s.chart not in charts:
                raise ValueError(f"{s.id}: chart {s.chart!r} is not in this file")
        rules = {r.id for r in self.rules}
        for s in self.scenarios:
            if unknown := [u for u in s.uses if u not in rules]:
                raise ValueError(f"{s.id}: uses {', '.join(unknown)}, not rules of this file")
        for row in (r for c in self.charts for r in c.rows if c.id in {s.chart for s in self.scenarios}):
            if row.result not in ids and not row.reroll:
                raise ValueError(f"chart row {row.roll}: {row.result!r} is not a scenario of this file")
        for line in self.matrix.scenarios if self.matrix else []:
            if unknown := [s for s in line if s not in ids]:
                raise ValueError(f"matrix: {', '.join(unknown)} not scenarios of this file")
        return self


@cache
def book_of(game: str) -> ScenarioBook:
    """A game's bundled scenario file (named after the game's id), read and checked the first time it is asked for."""
    return read_book(SCENARIO_DIR / f"{game}.toml")


def read_book(path: Path) -> ScenarioBook:
    """A scenario file, checked: every problem located."""
    source = str(path)
    data = parse_toml(read_toml_text(path, ScenarioError, "scenario"), source, ScenarioError, "scenario")
    try:
        return ScenarioBook.model_validate(data)
    except ValidationError as exc:
        problems = pydantic_problems(exc)
        raise ScenarioError(f"{source}: {problems[0]}", problems) from None
