"""Starting on a catalogue from the start screen: a new one (perhaps building on another), or one to edit."""

from __future__ import annotations

from pathlib import Path

from builder.editing.base import Choice, ChoicePrompt
from builder.editing.catalogue import CatalogueSession
from builder.game import GAMES
from builder.tui.dialogs.choice import CANCELLED, ChoiceDialog
from builder.tui.dialogs.text_prompt import TextPrompt, path_prompt
from builder.tui.requests import EditCatalogue, OpenCatalogue
from catalog.errors import WarbenchError
from catalog.loader import list_catalogues
from catalog.paths import installed_catalogue_dir
from catalog.slug import slugify

NOTHING = "\0nothing"
"""The "start from nothing" answer to "build on which catalogue?"."""


async def new_catalogue(app) -> None:
    """Ask the game, the name, what it builds on and where to keep it; then open it in the editor (await it in a
    worker of group "ask": it waits for each answer)."""
    games = ChoicePrompt("New catalogue: which game?", tuple(Choice(g.id, g.name) for g in GAMES.values()))
    game = await app.push_screen_wait(ChoiceDialog(games))
    if game in (None, CANCELLED):
        return
    name = await app.push_screen_wait(
        TextPrompt(
            "New catalogue",
            hint="Its name (shown in lists and on cards):",
            max_length=120,
            check=lambda t: None if slugify(t) else "letters or digits, please",
        )
    )
    if not name:
        return
    base = await app.push_screen_wait(ChoiceDialog(_base_question(game)))
    if base in (None, CANCELLED):
        return
    text = await app.push_screen_wait(
        path_prompt(
            app,
            "Save the catalogue as",
            str(installed_catalogue_dir() / f"{slugify(name)}.toml"),
            "Installed catalogues are found by their id; a file elsewhere is named by its path:",
        )
    )
    if not text:
        return
    path = Path(text).expanduser()
    if path.exists():
        app.notify(
            f"{path} exists already: open it with Edit a catalogue, or choose another name.",
            severity="warning",
            timeout=8,
        )
        return
    create(app, game, name, None if base == NOTHING else base, path)


def _base_question(game: str) -> ChoicePrompt:
    """Start from nothing, or build on one of the game's catalogues."""
    bases = tuple(
        Choice(info.id, info.name, f"rev {info.revision}" + ("" if info.bundled else " · yours"))
        for info in list_catalogues()
        if info.game == game
    )
    return ChoicePrompt(
        "Build on a catalogue?",
        (
            Choice(NOTHING, "Start from nothing", "only your own entries"),
            *(
                base._replace(detail=f"{base.detail} · its entries, and its updates, with yours on top")
                for base in bases
            ),
        ),
    )


def create(app, game: str, name: str, base: str | None, path: Path) -> None:
    """Open a new catalogue in the editor (its first save writes revision 1 at `path`)."""

    try:
        session = CatalogueSession.new(game, name, path, app.store, extends=base)
        path.parent.mkdir(parents=True, exist_ok=True)
    except (WarbenchError, OSError) as exc:
        app.notify(str(exc), title="Cannot create the catalogue", severity="error", timeout=8)
        return
    app.post_message(EditCatalogue(session))


async def edit_catalogue(app) -> None:
    """Ask which catalogue file to edit (the player's installed ones are offered by name), then open it (await it
    in a worker of group "ask")."""
    installed = [info for info in list_catalogues() if not info.bundled]
    if installed:
        choices = tuple(
            Choice(str(info.path), info.name, f"{GAMES[info.game].short_name} · rev {info.revision}")
            for info in installed
            if info.game in GAMES
        )
        prompt = ChoicePrompt("Edit which catalogue?", (*choices, Choice(NOTHING, "Another file…")))
        key = await app.push_screen_wait(ChoiceDialog(prompt))
        if key in (None, CANCELLED):
            return
        if key != NOTHING:
            app.post_message(OpenCatalogue(Path(str(key))))
            return
    text = await app.push_screen_wait(
        path_prompt(app, "Edit a catalogue", str(installed_catalogue_dir()) + "/", "Path of the catalogue file:")
    )
    if text:
        app.post_message(OpenCatalogue(Path(text).expanduser()))
