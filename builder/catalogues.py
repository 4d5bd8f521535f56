"""Catalogue files read with the models of the games Warbench knows (the loader itself knows no game)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builder.game import catalogue_model
from catalog import loader
from catalog.models.common import CatalogueHeader


def parse_catalogue(data: dict[str, Any], source: str) -> CatalogueHeader:
    """Validate parsed TOML as a catalogue of its game; every problem is listed in the CatalogueError."""
    return loader.parse_catalogue(data, source, catalogue_model)


def read_catalogue_file(path: Path) -> CatalogueHeader:
    """Load and check one catalogue file."""
    return loader.read_catalogue_file(path, catalogue_model)


def load_catalogue(ref: str, base_dir: Path | None = None) -> CatalogueHeader:
    """Load a catalogue by id (bundled, then installed) or by path; cached while the file is unchanged."""
    return loader.load_catalogue(ref, catalogue_model, base_dir)
