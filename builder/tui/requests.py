"""What a screen asks the app to do with files and screens: messages that bubble up to `WarbenchApp`, so no screen
imports the app (or another file's screen) to open one."""

from __future__ import annotations

from pathlib import Path

from textual.message import Message

from builder.editing.catalogue import CatalogueSession
from builder.roster.files import LoadedRoster


class OpenPath(Message):
    """Open a roster, league, campaign, battle or catalogue file in its screen (a roster as a copy without a file,
    for the bundled examples)."""

    def __init__(self, path: Path, *, as_copy: bool = False) -> None:
        super().__init__()
        self.path = path
        self.as_copy = as_copy


class OpenCatalogue(Message):
    """Open a catalogue file in the catalogue editor."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path


class EditCatalogue(Message):
    """Show a catalogue session (a new catalogue) in the catalogue editor."""

    def __init__(self, session: CatalogueSession) -> None:
        super().__init__()
        self.session = session


class OpenLoaded(Message):
    """Open a roster already in memory (an import, a new roster) in its game's editor."""

    def __init__(self, loaded: LoadedRoster, *, saved: bool = True) -> None:
        super().__init__()
        self.loaded = loaded
        self.saved = saved


class NewRosterOn(Message):
    """Ask the new-roster questions with the game and a catalogue (an id or a path) already answered."""

    def __init__(self, game: str, catalogue: str) -> None:
        super().__init__()
        self.game = game
        self.catalogue = catalogue
