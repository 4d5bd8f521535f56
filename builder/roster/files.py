"""Roster files: read (migrate, resolve the catalogue, check every id), write atomically."""

from __future__ import annotations

import os
from copy import deepcopy
from dataclasses import dataclass, field
from difflib import get_close_matches
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from builder.catalogues import load_catalogue
from builder.game import GAMES, game, short_name_of
from builder.roster.common import FORMAT_VERSION, RosterBase
from builder.roster.errors import RosterFileError
from builder.roster.header import game_named
from builder.roster.toml_output import dumps
from catalog.access import OutsideSharedFolders
from catalog.errors import CatalogueError
from catalog.file_kinds import check_kind
from catalog.files import write_atomic
from catalog.loader import looks_like_path
from catalog.models.common import CatalogueHeader
from catalog.toml_input import parse_toml, pydantic_problems, read_toml_text
from catalog.wording import shown

HEADER_KEYS = ("warbench", "game", "catalogue", "catalogue_revision", "name", "notes")
KIND_NAMES = {"upgrade_slot": "upgrade slot", "entry": "entry"}


@dataclass
class LoadedRoster:
    """A roster with the catalogue it was checked against and what loading it had to say."""

    roster: RosterBase
    catalogue: CatalogueHeader
    path: Path | None = None
    notes: list[str] = field(default_factory=list)
    """Migrations applied and catalogue changes since the roster was saved (shown, never silent)."""
    preface: str = ""
    """The file's comment lines at the top, which saving keeps."""
    inner_comments: bool = False
    """Whether the file has comments further down, which saving loses."""


def migrate(data: dict[str, Any], source: str) -> tuple[dict[str, Any], list[str]]:
    """Bring a parsed roster up to the current format version; each step says what it did."""
    notes: list[str] = []
    version = data.get("warbench", 0)
    if not isinstance(version, int) or isinstance(version, bool):
        raise RosterFileError(
            f"{source}: warbench: expected the format version as a whole number, got {shown(version)}"
        )
    if version > FORMAT_VERSION:
        raise RosterFileError(
            f"{source}: made by a newer Warbench (format {version}; this one reads up to {FORMAT_VERSION})"
        )
    if version < 0:
        raise RosterFileError(f"{source}: warbench: unknown format version {version}")
    if version == 0:
        # Format 0: hand-written files before the header existed; the catalogue defaulted to the bundled one.
        if "catalogue" not in data and isinstance(data.get("game"), str) and data["game"] in GAMES:
            data["catalogue"] = game(data["game"]).catalogue
            notes.append(f"format 0 → 1: catalogue set to the bundled '{data['catalogue']}'")
        data["warbench"] = FORMAT_VERSION
    return data, notes


def parse_roster(text: str, source: str = "<roster>", base_dir: Path | None = None) -> LoadedRoster:
    """A roster from TOML text: parsed, migrated, validated, its catalogue loaded and every id checked."""
    data = parse_toml(text, source, RosterFileError, "roster")
    return roster_from_data(data, source, base_dir)


def roster_from_data(data: dict[str, Any], source: str, base_dir: Path | None = None) -> LoadedRoster:
    """A roster from parsed data (TOML or a share code): the same checks as a file."""
    check_kind(data, source, ("roster",), RosterFileError, short_name_of)
    data, notes = migrate(data, source)
    model: type[RosterBase] = GAMES[game_named(data, source)].roster_model
    try:
        roster = model.model_validate(data)
    except ValidationError as exc:
        problems = pydantic_problems(exc) + ids_beside_wrong_values(model, data, exc, base_dir)
        raise every_problem(source, problems) from None
    try:
        catalogue = load_catalogue(roster.catalogue, base_dir)
    except CatalogueError as exc:
        raise RosterFileError(f"{source}: catalogue: {exc}", exc.problems) from None
    except OutsideSharedFolders as exc:
        raise OutsideSharedFolders(f"{source}: catalogue: {exc}") from None
    if catalogue.game != roster.game:
        raise RosterFileError(f"{source}: catalogue '{catalogue.id}' is for {catalogue.game}, not {roster.game}")
    notes += catalogue_changes(roster, catalogue)
    problems = reference_problems(roster, catalogue)
    if problems:
        raise every_problem(source, problems)
    return LoadedRoster(roster, catalogue, None, notes)


def ids_beside_wrong_values(
    model: type[RosterBase], data: dict[str, Any], exc: ValidationError, base_dir: Path | None
) -> list[str]:
    """The unknown ids of a roster that also has wrong values, checked on a copy without the wrong keys.

    Nothing when the copy still does not validate or its catalogue cannot be loaded: the wrong values
    are reported either way.
    """
    trimmed = deepcopy(data)
    for err in exc.errors(include_url=False):
        _drop(trimmed, err["loc"])
    try:
        roster = model.model_validate(trimmed)
        catalogue = load_catalogue(roster.catalogue, base_dir)
    except (ValidationError, CatalogueError, OutsideSharedFolders):
        return []
    return reference_problems(roster, catalogue) if catalogue.game == roster.game else []


def _drop(data: dict[str, Any], loc: tuple[int | str, ...]) -> None:
    """Delete the deepest dict key an error location reaches (pydantic's union branch names are not keys)."""
    node: Any = data  # parsed TOML: any mix of dicts, lists and scalars
    parent: Any = None
    key: int | str | None = None
    for part in loc:
        in_dict = isinstance(node, dict) and part in node
        in_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        if in_dict or in_list:
            parent, key, node = node, part, node[part]
    if isinstance(parent, dict):
        del parent[key]


def every_problem(source: str, problems: list[str]) -> RosterFileError:
    """One error for every located problem: the first (and how many more) as its line, all of them listed."""
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return RosterFileError(f"{source}: {problems[0]}{more}", problems)


def catalogue_changes(roster: RosterBase, catalogue: CatalogueHeader) -> list[str]:
    """Apply renames from revisions newer than the roster's and say what changed."""
    saved = roster.catalogue_revision
    if saved is None or saved >= catalogue.revision:
        return []
    notes = [
        f"catalogue '{catalogue.id}' has changed since this roster was saved (revision {saved} → {catalogue.revision})"
    ]
    for change in catalogue.changes:
        if change.revision <= saved:
            continue
        if change.renamed:
            for kind in roster.RENAMED_KINDS:
                notes += [f"revision {change.revision}: {line}" for line in roster.rename_ids(kind, change.renamed)]
        if change.note:
            notes.append(f"revision {change.revision}: {change.note}")
    return notes


def reference_problems(roster: RosterBase, catalogue: CatalogueHeader) -> list[str]:
    """Every id the catalogue lacks, located, with the nearest known ids or the revision that removed it."""
    removed = {old: change.revision for change in catalogue.changes for old in change.removed}
    problems = []
    for ref in roster.references():
        known = catalogue.known(ref.kind)
        if ref.id in known:
            continue
        kind = KIND_NAMES.get(ref.kind, ref.kind)
        if ref.id in removed:
            problems.append(
                f"{ref.path}: {kind} '{ref.id}' was removed in revision {removed[ref.id]} of "
                f"'{catalogue.id}'; the roster is unchanged on disk"
            )
            continue
        near = get_close_matches(ref.id, list(known), n=3, cutoff=0.5)
        hint = f" — did you mean {', '.join(repr(n) for n in near)}?" if near else ""
        problems.append(f"{ref.path}: unknown {kind} '{ref.id}'{hint}")
    return problems


def read_roster(path: Path | str) -> LoadedRoster:
    """Load a roster file (catalogue paths in it are relative to the file)."""
    path = Path(path)
    text = read_toml_text(path, RosterFileError, "roster")
    loaded = parse_roster(text, str(path), path.parent)
    loaded.path = path
    loaded.preface, loaded.inner_comments = comments_of(text)
    return loaded


def comments_of(text: str) -> tuple[str, bool]:
    """A roster file's comment lines at the top, and whether it has comments further down."""
    lines = text.splitlines()
    top = 0
    while top < len(lines) and lines[top].lstrip().startswith("#"):
        top += 1
    return "".join(line + "\n" for line in lines[:top]), any(line.lstrip().startswith("#") for line in lines[top:])


def roster_to_data(roster: RosterBase) -> dict[str, Any]:
    """The roster as plain data in file order: header keys, then the game's keys."""
    trimmed = roster.model_dump(mode="json", exclude_defaults=True, by_alias=True)
    full = roster.model_dump(mode="json", exclude_none=True, by_alias=True)
    # Top-level settings (format, budget, point limit) are written even at their defaults.
    body = {
        k: trimmed.get(k, v)
        for k, v in full.items()
        if k in trimmed or (not isinstance(v, (list, dict)) and k not in HEADER_KEYS[3:])
    }
    data = {"warbench": FORMAT_VERSION, "game": roster.game, "catalogue": roster.catalogue}
    for key in HEADER_KEYS[3:]:
        if key in body:
            data[key] = body.pop(key)
    for key in ("warbench", "game", "catalogue"):
        body.pop(key, None)
    data.update(body)
    return data


def dump_roster(roster: RosterBase) -> str:
    """The roster file's text."""
    return dumps(roster_to_data(roster))


def catalogue_ref_from(ref: str, old_dir: Path, new_dir: Path) -> str:
    """A roster's catalogue reference as seen from `new_dir`: ids and absolute paths stay; a relative path is
    rewritten so that it names the same file when the roster is saved into another folder."""
    if not looks_like_path(ref) or Path(ref).expanduser().is_absolute():
        return ref
    target = (old_dir / ref).resolve()
    return os.path.relpath(target, new_dir.resolve()).replace(os.sep, "/")


def roster_text(roster: RosterBase, catalogue: CatalogueHeader | None = None, *, preface: str = "") -> str:
    """The roster file's text, recording the catalogue revision it was checked against; `preface`: comment lines
    kept at the top of the file."""
    if catalogue is not None:
        roster.catalogue_revision = catalogue.revision
    return preface + dump_roster(roster)


def write_roster(
    path: Path | str, roster: RosterBase, catalogue: CatalogueHeader | None = None, *, preface: str = ""
) -> None:
    """Save a roster atomically (its text as `roster_text` makes it)."""
    try:
        write_atomic(Path(path), roster_text(roster, catalogue, preface=preface))
    except OSError as exc:
        raise RosterFileError(f"{path}: cannot write roster ({exc.strerror or exc})") from None
