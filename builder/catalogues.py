"""Catalogue files read with the models of the games Warbench knows (the loader itself knows no game), and what each
game warns of in one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builder.findings import Finding
from builder.game import catalogue_model, game
from catalog import loader
from catalog.models.common import CatalogueHeader


def parse_catalogue(data: dict[str, Any], source: str, base_dir: Path | None = None) -> CatalogueHeader:
    """Validate a catalogue's own data (as its file or a code holds it) as a catalogue of its game, over the
    catalogue it builds on (found by id, or by a path from `base_dir`); every problem is listed in the
    CatalogueError."""
    return loader.parse_catalogue(data, source, catalogue_model, base_dir)


def parse_merged(data: dict[str, Any], source: str) -> CatalogueHeader:
    """Validate catalogue data already merged over its base (the editor's, which keeps the base it read)."""
    return loader.parse_merged(data, source, catalogue_model)


def read_catalogue_file(path: Path) -> CatalogueHeader:
    """Load and check one catalogue file."""
    return loader.read_catalogue_file(path, catalogue_model)


def load_catalogue(ref: str, base_dir: Path | None = None) -> CatalogueHeader:
    """Load a catalogue by id (bundled, then installed) or by path; cached while the file is unchanged."""
    return loader.load_catalogue(ref, catalogue_model, base_dir)


def catalogue_warnings(catalogue: CatalogueHeader) -> list[Finding]:
    """What its game warns of in a loaded catalogue (key paths into the catalogue as loaded, over its base): said by
    `catalog check` and the catalogue editor, never stopping it loading, so rosters, battles and codes on it read as
    they did."""
    return list(game(catalogue.game).catalogue_warnings(catalogue))
