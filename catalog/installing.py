"""Catalogues that arrive from elsewhere (codes, QR pictures) written into the player's catalogue folder, never
over a different catalogue without being told."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from catalog.errors import CatalogueError
from catalog.files import write_atomic
from catalog.loader import (
    HASH_BYTES,
    CatalogueModels,
    catalogue_toml,
    content_hash,
    parse_catalogue,
    read_catalogue_file,
)
from catalog.models.common import CatalogueHeader
from catalog.paths import BUNDLED_DIR, installed_catalogue_dir
from catalog.wording import counted

HEADER_KEYS = ("id", "game", "name", "revision")
"""Written first, so a catalogue list reads them without parsing the whole file."""


@dataclass(frozen=True)
class Installed:
    """Where an arriving catalogue now is, and what happened to get it there."""

    catalogue: CatalogueHeader
    path: Path
    written: bool
    """False when the same content was already installed there."""


def contents(data: dict[str, Any]) -> str:
    """'2 units, 3 weapons': how many entries of each kind the catalogue data holds."""
    kinds = [
        (key, rows)
        for key, rows in data.items()
        if isinstance(rows, list)
        and rows
        and key not in ("notes", "changes")
        and all(isinstance(row, dict) for row in rows)
    ]
    return ", ".join(counted(len(rows), key.removesuffix("s"), key) for key, rows in kinds) or "no entries"


def catalogue_text(data: dict[str, Any], comment: str) -> str:
    """The catalogue data as a TOML file: a comment, the header keys, the rest."""
    ordered = {key: data[key] for key in HEADER_KEYS if key in data} | data
    lines = "".join(f"# {line}\n" for line in comment.splitlines())
    return lines + tomli_w.dumps(ordered)


def loads_back(text: str, source: str, models: CatalogueModels) -> None:
    """CatalogueError, before anything is written, when the TOML made for a catalogue would not load as written (a
    file that fails its own read-back is never installed)."""
    try:
        parse_catalogue(catalogue_toml(text, source), source, models)
    except CatalogueError as exc:
        raise CatalogueError(f"{exc}; the catalogue would not load back as written, so nothing written") from None


def _same_content(path: Path, catalogue: CatalogueHeader, models: CatalogueModels) -> bool | None:
    """Whether the catalogue file at `path` makes exactly this catalogue (None: no such file): their content hashes
    compared, each of what the catalogue makes over the one it builds on."""
    if not path.exists():
        return None
    try:
        return read_catalogue_file(path, models).content_hash == catalogue.content_hash
    except CatalogueError:
        return False


def install(data: dict[str, Any], comment: str, models: CatalogueModels, *, on_conflict: str) -> Installed:
    """Write the catalogue as `<id>.toml` in the player's catalogue folder. Where that id is bundled or installed
    with other content, `on_conflict` decides: "rename" installs it under `<id>-<content hash>` (the same every
    time for the same content), "replace" writes over an installed file, "refuse" raises CatalogueError. `models`:
    each game's catalogue model, as the loader is told it."""
    catalogue = parse_catalogue(data, "the shared catalogue", models)
    folder = installed_catalogue_dir()
    path = folder / f"{catalogue.id}.toml"
    same = _same_content(path, catalogue, models)
    bundled = (BUNDLED_DIR / f"{catalogue.id}.toml").exists()
    if same:
        return Installed(read_catalogue_file(path, models), path, False)
    if bundled or same is False:
        where = "bundled with Warbench" if bundled else f"installed with other content ({path})"
        if on_conflict == "refuse" or (bundled and on_conflict == "replace"):
            raise CatalogueError(
                f"catalogue '{catalogue.id}' is {where}; nothing written"
                + ("" if bundled else " (use --overwrite to replace it)")
            )
        if on_conflict == "rename":
            data = {**data, "id": f"{catalogue.id}-{content_hash(data)[: HASH_BYTES * 2]}"}
            return install(data, comment, models, on_conflict="refuse")
    text = catalogue_text(data, comment)
    loads_back(text, str(path), models)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text)
    except OSError as exc:
        raise CatalogueError(f"{path}: cannot write the catalogue ({exc.strerror or exc})") from None
    return Installed(read_catalogue_file(path, models), path, True)
