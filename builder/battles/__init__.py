"""Battles in play: a battle file replayed against the two rosters into what each unit and side has left."""

from __future__ import annotations

from pathlib import Path

from builder.battles.model import BattleFile
from builder.battles.report import BattleResult, replay_battle
from builder.campaigns.edits import dump_ledger
from builder.campaigns.ledger import LedgerError, ledger_data, validate_model
from builder.roster.files import LoadedRoster, read_roster
from catalog.files import write_atomic
from catalog.toml_input import read_toml_text


def parse_battle(text: str, source: str) -> BattleFile:
    """Battle TOML text as its model; a malformed one is one LedgerError line naming the key."""
    data = ledger_data(text, source, kinds=("battle",))
    return validate_model(BattleFile, data, source)


def read_battle(path: Path | str) -> BattleFile:
    path = Path(path)
    return parse_battle(read_toml_text(path, LedgerError, "battle"), str(path))


def roster_file(source: str, base: Path) -> Path | None:
    """The roster file `source` names (relative to `base`, or absolute), if it names one; else it is a share code
    or a picture of one."""
    from exports.share.source import existing_file

    path = existing_file(str(base / source))
    return path if path is not None and path.suffix.lower() == ".toml" else None


def opponent_roster(source: str, base: Path) -> LoadedRoster:
    """The opponent's roster: a file (relative to the battle's folder), a share code, or a QR picture."""
    from exports.share.source import read_source

    path = roster_file(source, base)
    return read_roster(path) if path is not None else read_source(source)


def load(battle: BattleFile, base: Path) -> tuple[LoadedRoster, LoadedRoster | None]:
    """Both rosters a battle names, relative to `base` (ours must be a file; the opponent's a file or a code)."""
    ours = read_roster(base / battle.roster)
    theirs = opponent_roster(battle.opponent, base) if battle.opponent else None
    return ours, theirs


def replay_battle_file(path: Path | str) -> BattleResult:
    """Read a battle file and its rosters and replay it."""
    path = Path(path)
    battle = read_battle(path)
    return replay_battle(battle, *load(battle, path.parent))


def new_battle(roster: Path, opponent: str | None, output: Path) -> BattleFile:
    """A battle of `roster` (against `opponent`: a roster file or a share code), written to `output`: paths are
    kept relative to the battle's folder, and each roster's entries noted to notice later changes."""
    ours = read_roster(roster)
    theirs = opponent_roster(opponent, Path.cwd()) if opponent else None
    if theirs is not None and theirs.roster.game != ours.roster.game:
        raise LedgerError(f"the opponent's roster is {theirs.roster.game}, ours is {ours.roster.game}")
    opponent_file = roster_file(opponent, Path.cwd()) if opponent else None
    opponent_ref = _relative(opponent_file, output.parent) if opponent_file is not None else opponent
    battle = BattleFile(warbench=1, kind="battle", game=ours.roster.game, name=ours.roster.name,
                        roster=_relative(roster, output.parent), opponent=opponent_ref,
                        roster_ids=ours.roster.entry_ids(), opponent_ids=theirs.roster.entry_ids() if theirs else [])
    write_battle(output, battle)
    return battle


def battle_code(path: Path | str) -> str:
    """The code of a battle's current state: both rosters and every mark, for the opponent's Warbench."""
    from exports.share.battle import encode_battle

    path = Path(path)
    battle = read_battle(path)
    return encode_battle(battle, load(battle, path.parent))


def battle_from_code(source: str, output: Path) -> BattleFile:
    """The battle a code (or a QR picture of one) holds, written to `output` with its two rosters beside it
    (`<name>-roster.toml`, `<name>-opponent.toml`); existing files are never replaced."""
    from builder.roster.files import roster_from_data, write_roster
    from exports.share.battle import decode_battle
    from exports.share.source import existing_file

    from exports.share.normalise import pasted_code

    if (picture := existing_file(source)) is not None:
        from exports.share.qr import read_qr_image

        source = read_qr_image(picture)
    turn, sides = decode_battle(pasted_code(source))
    files = [output.with_name(f"{output.stem}-{part}.toml") for part in ("roster", "opponent")][:len(sides)]
    for path in (output, *files):
        if path.exists():
            raise LedgerError(f"{path}: already exists (Warbench never replaces a file it was not asked to)")
    loaded = [roster_from_data(data, "battle code") for data, _catalogue, _marks in sides]
    battle = validate_model(BattleFile, {
        "warbench": 1, "kind": "battle", "game": loaded[0].roster.game, "name": loaded[0].roster.name,
        "roster": files[0].name, "opponent": files[1].name if len(files) > 1 else None, "turn": turn,
        "roster_ids": loaded[0].roster.entry_ids(), "opponent_ids": loaded[1].roster.entry_ids() if len(loaded) > 1 else [],
        "units": sides[0][2], "opponent_units": sides[1][2] if len(sides) > 1 else []}, "battle code")
    for path, roster in zip(files, loaded):
        write_roster(path, roster.roster, roster.catalogue)
    write_battle(output, battle)
    return battle


def write_battle(path: Path, battle: BattleFile, preface: str = "") -> None:
    try:
        write_atomic(path, preface + dump_ledger(battle))
    except OSError as exc:
        raise LedgerError(f"{path}: cannot write ({exc.strerror or exc})") from None


def _relative(target: Path, folder: Path) -> str:
    """`target` as a path from `folder` where one exists, else absolute."""
    import os

    try:
        return os.path.relpath(target.resolve(), folder.resolve())
    except ValueError:
        return str(target.resolve())


__all__ = ["BattleFile", "BattleResult", "new_battle", "parse_battle", "read_battle", "replay_battle_file"]
