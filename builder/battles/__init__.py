"""Battles in play: a battle file replayed against its rosters (two or more) into what each unit and side has left."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from builder.battles.ending import as_shared
from builder.battles.model import BattleFile, MoreSide, read_context
from builder.battles.replay import replay_battle
from builder.battles.report import BattleResult
from builder.battles.spending import new_seed
from builder.campaigns.edits import dump_ledger, write_ledger
from builder.campaigns.ledger import LedgerError, ledger_data, validate_model
from builder.game import game
from builder.roster.files import LoadedRoster, read_roster, roster_from_data, roster_text
from builder.scenarios import scenario_named
from builder.scenarios.battle import limit_problems
from builder.scenarios.record import ScenarioPlay
from catalog.access import OutsideSharedFolders, admit, reads_recorded
from catalog.files import check_target, write_together
from catalog.toml_input import read_toml_text
from exports.share.battle import decode_battle_code, encode_battle
from exports.share.battle_parts import battle_code_in
from exports.share.source import PICTURE_SUFFIXES, existing_file, read_source


def parse_battle(text: str, source: str) -> BattleFile:
    """Battle TOML text as its model; a malformed one is one LedgerError line naming the key."""
    return battle_from_data(ledger_data(text, source, kinds=("battle",)), source)


def battle_from_data(data: dict[str, Any], source: str) -> BattleFile:
    """Parsed battle data as its model (its header checked already); one LedgerError line for any mistake."""
    battle: BattleFile = validate_model(BattleFile, data, source, read_context(data))
    return battle


def replay_file(battle: BattleFile, base: Path) -> BattleResult:
    """A battle replayed from the start, its rosters read (relative to `base`) or decoded from their codes."""
    return replay_battle(battle, load(battle, base))


def read_battle(path: Path | str) -> BattleFile:
    path = Path(path)
    return parse_battle(read_toml_text(path, LedgerError, "battle"), str(path))


def roster_file(source: str, base: Path) -> Path | None:
    """The roster file `source` names (relative to `base`, or absolute), if it names one; else it is a share code
    or a picture of one. A path this process may not read is refused whether or not there is a file."""

    candidate = base / source
    path = existing_file(str(candidate))
    named_file = any(c in source for c in "/\\") or Path(source).suffix.lower() in (".toml", *PICTURE_SUFFIXES)
    if path is not None or named_file:
        admit(candidate)
    return path if path is not None and path.suffix.lower() == ".toml" else None


def opponent_roster(source: str, base: Path) -> LoadedRoster:
    """The opponent's roster: a file (relative to `base`), a share code, or a QR picture."""

    path = roster_file(source, base)
    return read_roster(path) if path is not None else read_source(source)


def load(battle: BattleFile, base: Path) -> tuple[LoadedRoster, ...]:
    """Every roster a battle names, relative to `base`, side by side (ours must be a file; the others a file or a
    code); one this process may not read is refused, naming the key that names it."""
    ours = _named("roster", lambda: read_roster(base / battle.roster))
    others = [
        _named(_key(side), partial(opponent_roster, battle.source(side), base)) for side in range(1, battle.side_count)
    ]
    return (ours, *others)


def _key(side: int) -> str:
    return "opponent" if side == 1 else f"more_sides[{side - 2}].roster"


def _named(key: str, read: Callable[[], LoadedRoster]) -> LoadedRoster:
    try:
        return read()
    except OutsideSharedFolders as exc:
        raise OutsideSharedFolders(f"{key}: {exc}") from None


def replay_battle_file(path: Path | str) -> BattleResult:
    """Read a battle file and its rosters and replay it."""
    path = Path(path)
    battle = read_battle(path)
    return replay_battle(battle, load(battle, path.parent))


def new_battle(
    roster: Path,
    opponent: str | Sequence[str] | None,
    output: Path,
    *,
    overwrite: bool = False,
    scenario: str | None = None,
    play: ScenarioPlay | None = None,
) -> BattleFile:
    """A battle of `roster` (against `opponent`: a roster file or a share code, or several for a game of more
    sides), written to `output`: paths are kept relative to the battle's folder, and each roster's entries noted to
    notice later changes. Refused before anything is written when the game seats no more sides, when `battle FILE`
    would refuse it, when `output` is a file it read (a roster, a catalogue), or when `output` exists and not
    `overwrite`. Under a `scenario` (of the roster's game), `play` names the players, teams, attacker and secondary
    missions; what the scenario cannot have is refused."""
    opponents = [opponent] if isinstance(opponent, str) else list(opponent or [])
    with reads_recorded() as read:
        ours = read_roster(roster)
        seats(ours.roster.game, 1 + len(opponents))
        theirs = [opponent_roster(source, Path.cwd()) for source in opponents]
        files = [roster_file(source, Path.cwd()) for source in opponents]
    if scenario is not None:  # before the battle's model, which refuses a word that is no id without naming the ids
        scenario = scenario_named(scenario, ours.roster.game).id  # a name said ("Boiling Point"), its id recorded
    refs = [_relative(file, output.parent) if file is not None else source for file, source in zip(files, opponents)]
    battle = BattleFile(
        warbench=1,
        kind="battle",
        game=ours.roster.game,
        name=ours.roster.name,
        roster=_relative(roster, output.parent),
        opponent=refs[0] if refs else None,
        roster_ids=ours.roster.entry_ids(),
        opponent_ids=theirs[0].roster.entry_ids() if theirs else [],
        more_sides=[MoreSide(roster=ref, ids=loaded.roster.entry_ids()) for ref, loaded in zip(refs[1:], theirs[1:])],
        scenario=scenario,
        play=play if play != ScenarioPlay() else None,
        seed=new_seed() if game(ours.roster.game).resources is not None else None,
    )
    replayed = replay_battle(battle, (ours, *theirs))  # what `battle FILE` would refuse is refused now
    played_anyway = set(limit_problems(battle.play, replayed.sides))  # rosters of another size: said, not refused
    if problems := [f for f in replayed.findings if f.code == "battle/scenario" and f not in played_anyway]:
        raise LedgerError(f"{problems[0].path}: {problems[0].message}")
    check_target(output, inputs=tuple(read), overwrite=overwrite, error=LedgerError)
    write_battle(output, battle)
    return battle


def seats(game_id: str, count: int) -> None:
    """Refuse a battle of `count` sides where the game seats fewer or more (one side alone: the opponent's roster
    is named later)."""
    low, high = game(game_id).turns.sides
    if count > high:
        name = game(game_id).short_name
        seated = f"{low} to {high}" if high != low else str(high)
        raise LedgerError(f"{name} is played by {seated} players, not {count}")


def battle_code(path: Path | str) -> str:
    """The code of a battle's current state: both rosters and every mark that counts, for the opponent's Warbench
    (none for a battle that `battle FILE` refuses)."""

    path = Path(path)
    battle = read_battle(path)
    rosters = load(battle, path.parent)
    replayed = replay_battle(battle, rosters)
    return encode_battle(as_shared(battle, replayed.judged), rosters)


def battle_from_code(sources: str | Sequence[str], output: Path, *, overwrite: bool = False) -> BattleFile:
    """The battle a code holds (or its numbered parts, across several sources; each pasted or a QR picture), written
    to `output` with its rosters beside it (`<name>-roster.toml`, `<name>-opponent.toml`, then `<name>-side3.toml`
    …): all of them or none. Refused before anything is written when `battle FILE` would refuse the battle, or when
    one of the files exists (unless `overwrite`) or was read."""

    with reads_recorded() as read:
        code = battle_code_in([sources] if isinstance(sources, str) else sources)
        turn, sides, scenario = decode_battle_code(code)
        loaded = [roster_from_data(data, "battle code") for data, _catalogue, _marks in sides]
    parts = ["roster", "opponent", *(f"side{n + 1}" for n in range(2, len(sides)))]
    files = [output.with_name(f"{output.stem}-{part}.toml") for part in parts][: len(sides)]
    data = {
        "warbench": 1,
        "kind": "battle",
        "game": loaded[0].roster.game,
        "name": loaded[0].roster.name,
        "roster": files[0].name,
        "opponent": files[1].name if len(files) > 1 else None,
        "turn": turn,
        "roster_ids": loaded[0].roster.entry_ids(),
        "opponent_ids": loaded[1].roster.entry_ids() if len(loaded) > 1 else [],
        "units": sides[0][2],
        "opponent_units": sides[1][2] if len(sides) > 1 else [],
        "more_sides": [
            {"roster": file.name, "ids": more.roster.entry_ids(), "units": side[2]}
            for file, more, side in zip(files[2:], loaded[2:], sides[2:])
        ],
        **scenario,
    }
    battle = validate_model(BattleFile, data, "battle code", read_context(data))
    replay_battle(battle, loaded)
    for path in (output, *files):
        check_target(path, inputs=tuple(read), overwrite=overwrite, error=LedgerError)
    texts: dict[Path, str | bytes] = {path: roster_text(r.roster, r.catalogue) for path, r in zip(files, loaded)}
    texts[output] = dump_ledger(battle)
    try:
        write_together(texts)
    except OSError as exc:
        raise LedgerError(
            f"{output}: cannot write the battle and its rosters ({exc.strerror or exc}); none of them was written"
        ) from None
    return battle


write_battle = write_ledger
"""Write a battle file atomically: as every ledger is written."""


def _relative(target: Path, folder: Path) -> str:
    """`target` as a path from `folder` where one exists, else absolute."""
    import os

    try:
        return os.path.relpath(target.resolve(), folder.resolve())
    except ValueError:
        return str(target.resolve())


__all__ = ["BattleFile", "BattleResult", "new_battle", "parse_battle", "read_battle", "replay_battle_file"]
