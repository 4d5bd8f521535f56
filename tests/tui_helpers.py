"""Pilot helpers for the TUI tests: type text and move to inspector rows with real key presses."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import EXAMPLES

EMPTY_MARCHER = """warbench = 1
game = "warcaster"
catalogue = "warcaster-nm"
name = "Will's Marcher force"
faction = "marcher-worlds"
format = "standard"
"""


def empty_roster(directory: Path, name: str = "force.toml") -> Path:
    """An empty Marcher Worlds roster file."""
    path = directory / name
    path.write_text(EMPTY_MARCHER, encoding="utf-8")
    return path


def example_copy(directory: Path, name: str = "warcaster-marcher-worlds.toml") -> Path:
    """A copy of a bundled example roster to edit."""
    target = directory / name
    shutil.copy(EXAMPLES / name, target)
    return target


def keys(text: str) -> list[str]:
    """Key names that type `text`."""
    return ["space" if c == " " else c for c in text]


async def type_text(pilot, text: str) -> None:
    await pilot.press(*keys(text))


async def add_unit(pilot, name: str) -> None:
    """Search the catalogue (Ctrl+F), type the name and press Enter."""
    await pilot.press("ctrl+f", *keys(name), "enter")


async def go_to_row(pilot, row: str) -> None:
    """Move the inspector's cursor down/up to the row with this key."""
    rows = pilot.app.screen.query_one("#inspector-rows")
    ids = [o.id for o in rows.options]
    target = ids.index(row)
    while rows.highlighted != target:
        await pilot.press("down" if rows.highlighted < target else "up")


async def choose(pilot, row: str, text: str) -> None:
    """On the focused inspector: go to a row, open its chooser, filter by `text`, take the first match."""
    await go_to_row(pilot, row)
    await pilot.press("enter")
    await type_text(pilot, text)
    await pilot.press("enter")


async def open_loadout(pilot) -> None:
    """From anywhere in the editor: back to the roster list (Esc) and into the selected entry's loadout."""
    await pilot.press("escape", "enter")
