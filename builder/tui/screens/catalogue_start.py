"""Starting on a catalogue from the start screen: a new one (perhaps building on another), or one to edit."""

from __future__ import annotations

from pathlib import Path

from builder.editing.base import Choice, ChoicePrompt
from builder.games import GAMES
from builder.tui.dialogs.choice import CANCELLED, ChoiceDialog
from builder.tui.dialogs.text_prompt import TextPrompt, path_prompt
from catalog.errors import WarbenchError
from catalog.loader import list_catalogues
from catalog.paths import installed_catalogue_dir
from catalog.slug import slugify

NOTHING = "\0nothing"
"""The "start from nothing" answer to "build on which catalogue?"."""


def new_catalogue(app) -> None:
    """Ask the game, the name, what it builds on and where to keep it; then open it in the editor."""
    games = ChoicePrompt("New catalogue: which game?", tuple(Choice(g.id, g.name) for g in GAMES.values()))

    def game_chosen(game: str | None) -> None:
        if game in (None, CANCELLED):
            return

        def named(name: str | None) -> None:
            if name:
                base_question(str(game), name)

        app.push_screen(
            TextPrompt(
                "New catalogue",
                hint="Its name (shown in lists and on cards):",
                max_length=120,
                check=lambda t: None if slugify(t) else "letters or digits, please",
            ),
            named,
        )

    def base_question(game: str, name: str) -> None:
        bases = tuple(
            Choice(info.id, info.name, f"rev {info.revision}" + ("" if info.bundled else " · yours"))
            for info in list_catalogues()
            if info.game == game
        )
        prompt = ChoicePrompt(
            "Build on a catalogue?",
            (
                Choice(NOTHING, "Start from nothing", "only your own entries"),
                *(
                    base._replace(detail=f"{base.detail} · its entries, and its updates, with yours on top")
                    for base in bases
                ),
            ),
        )

        def based(base: str | None) -> None:
            if base is not None and base != CANCELLED:
                where(game, name, base)

        app.push_screen(ChoiceDialog(prompt), based)

    def where(game: str, name: str, base: str) -> None:
        default = installed_catalogue_dir() / f"{slugify(name)}.toml"

        def chosen(text: str | None) -> None:
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

        path_prompt(
            app,
            "Save the catalogue as",
            str(default),
            "Installed catalogues are found by their id; a file elsewhere is named by its path:",
            chosen,
        )

    app.push_screen(ChoiceDialog(games), game_chosen)


def create(app, game: str, name: str, base: str | None, path: Path) -> None:
    """Open a new catalogue in the editor (its first save writes revision 1 at `path`)."""
    from builder.editing.catalogue import CatalogueSession

    try:
        session = CatalogueSession.new(game, name, path, app.store, extends=base)
        path.parent.mkdir(parents=True, exist_ok=True)
    except (WarbenchError, OSError) as exc:
        app.notify(str(exc), title="Cannot create the catalogue", severity="error", timeout=8)
        return
    app.edit_catalogue(session)


def edit_catalogue(app) -> None:
    """Ask which catalogue file to edit (the player's installed ones are offered by name)."""
    installed = [info for info in list_catalogues() if not info.bundled]
    if not installed:
        return _path_question(app)
    choices = tuple(
        Choice(str(info.path), info.name, f"{GAMES[info.game].short_name} · rev {info.revision}")
        for info in installed
        if info.game in GAMES
    )
    prompt = ChoicePrompt("Edit which catalogue?", (*choices, Choice(NOTHING, "Another file…")))

    def chosen(key: str | None) -> None:
        if key == NOTHING:
            _path_question(app)
        elif key not in (None, CANCELLED):
            app.open_catalogue(Path(str(key)))

    app.push_screen(ChoiceDialog(prompt), chosen)


def _path_question(app) -> None:
    def chosen(text: str | None) -> None:
        if text:
            app.open_catalogue(Path(text).expanduser())

    path_prompt(app, "Edit a catalogue", str(installed_catalogue_dir()) + "/", "Path of the catalogue file:", chosen)
