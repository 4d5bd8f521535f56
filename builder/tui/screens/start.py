"""The start screen: a new roster, a file to open, recent rosters and the bundled examples."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from builder.editing.base import Choice, ChoicePrompt
from builder.editing.storage import ExampleRoster, RecentRoster, example_rosters, home_relative
from builder.game import GAMES
from builder.ledgers import LEDGER_KINDS
from builder.tui.dialogs.choice import CANCELLED, ChoiceDialog
from builder.tui.dialogs.text_prompt import path_prompt
from builder.tui.requests import OpenPath
from builder.tui.screens.base import WarbenchScreen
from builder.tui.screens.catalogue_start import edit_catalogue, new_catalogue
from builder.tui.screens.new_roster import NewRosterScreen
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.text import FittedRow
from catalog.access import shared_roots


class Backdrop(WarbenchScreen):
    """The empty screen under the file the app was started with; when that file's screen closes, the start screen
    opens over it."""

    def __init__(self) -> None:
        super().__init__()
        self.covered = False

    def on_screen_suspend(self) -> None:
        self.covered = True

    def on_screen_resume(self) -> None:
        if self.covered:
            self.app.push_screen(StartScreen())


class StartScreen(WarbenchScreen):
    """Pick what to work on; Enter opens it."""

    HELP_TITLE = "Start screen"
    HORIZONTAL_BREAKPOINTS = [(0, "-phone"), (60, "-narrow"), (120, "-wide")]
    BINDINGS = [
        Binding("n", "new", "New roster"),
        Binding("o", "open", "Open"),
        Binding("c", "new_catalogue", "New catalogue"),
        Binding("e", "edit_catalogue", "Edit catalogue"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__(id="start")
        self.recent: list[RecentRoster] = []
        self.examples: list[ExampleRoster] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="start-box"):
            yield Label(Content.assemble(("WARBENCH", "bold $accent"), "  army and roster builder"), id="start-title")
            with Horizontal(id="start-body"):
                yield OptionList(id="start-list")
                yield Static(id="start-detail")
        yield KeyFooter()

    def on_screen_resume(self) -> None:
        """Refresh the lists each time the screen comes back (a roster may have been saved); served to a browser, the
        recent files outside the shared folders are not listed."""
        self.recent = [
            r for r in self.app.store.recent() if not self.app.path_refusal(r.path) and Path(r.path).is_file()
        ]
        self.examples = example_rosters(self.app.examples_dir)
        self._fill_list()
        self.call_after_refresh(self._fill_list)  # again once the list's width is known

    def on_resize(self) -> None:
        self._fill_list()

    def _fill_list(self) -> None:
        """The start list: new, open, recent rosters and examples, each row fitted to the list's width."""
        options: list[Option] = [
            Option(Content.assemble(("✚ New roster…", "bold"), ("  n", "dim")), id="new"),
            Option(Content.assemble(("↗ Open a file…", "bold"), ("  o", "dim")), id="open"),
        ]
        if self.recent:
            options.append(Option(Content.styled("RECENT", "bold $text-muted"), id="head:recent", disabled=True))
            alike = Counter((r.name or Path(r.path).stem, r.game, r.kind) for r in self.recent)
            options += [
                Option(self._row(*shown, below=Path(r.path).name if alike[shown] > 1 else ""), id=f"recent:{i}")
                for i, r in enumerate(self.recent)
                for shown in [(r.name or Path(r.path).stem, r.game, r.kind)]
            ]
        if self.examples:
            options.append(Option(Content.styled("EXAMPLES", "bold $text-muted"), id="head:examples", disabled=True))
            options += [
                Option(self._row(e.name, e.game), id=f"example:{i}") for i, e in enumerate(self.examples) if not e.kind
            ]
        if any(e.kind for e in self.examples):  # one row for them all: the list fits 80×24 without scrolling
            options.append(Option(Content.styled("◆ Leagues and campaigns…", "bold"), id="ledger-examples"))
        options += [
            Option(Content.styled("CATALOGUES", "bold $text-muted"), id="head:catalogues", disabled=True),
            Option(Content.assemble(("✚ New catalogue…", "bold"), ("  c", "dim")), id="new-catalogue"),
            Option(Content.assemble(("✎ Edit a catalogue…", "bold"), ("  e", "dim")), id="edit-catalogue"),
        ]
        start = self.query_one("#start-list", OptionList)
        keep = start.highlighted
        start.set_options(options)
        start.highlighted = keep if keep is not None and keep < len(options) else 0
        start.focus()

    def _row(self, name: str, game: str, kind: str = "", below: str = "") -> FittedRow:
        """A roster row: its name, and its game (and what it is, when not a roster) flush right; a long name is cut
        so the row stays one line. `below`: the file's name, under a row that would read as another's."""
        return FittedRow(name, _kind_and_game(game, kind), mark=Content("  "), below=below)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.query_one("#start-detail", Static).update(self._describe(event.option.id or ""))

    def _describe(self, option_id: str) -> Content:
        if option_id == "new":
            return Content.from_markup(
                "[b]New roster[/]\n\nPick a game, a catalogue, a faction and a format, "
                "then a name. New rosters are saved in\n[b]$dir[/]\n(you can change it).",
                dir=home_relative(self.app.roster_dir),
            )
        if option_id == "open":
            return Content("Open a roster file (.toml) by its path.")
        if option_id == "new-catalogue":
            return Content.from_markup(
                "[b]New catalogue[/]\n\nYour own units and weapons (a Warsurge faction, "
                "Warmachine models from their cards), from nothing or on top of a "
                "catalogue you have: checked as you type, shared by code or QR."
            )
        if option_id == "edit-catalogue":
            return Content.from_markup(
                "[b]Edit a catalogue[/]\n\nOne of your catalogue files: entries by kind, "
                "a form for each, its problems live. Saving raises its revision."
            )
        kind, _, index = option_id.partition(":")
        if kind == "recent":
            item = self.recent[int(index)]
            return Content.from_markup(
                "[b]$name[/]\n$game\n\n$path",
                name=item.name or Path(item.path).stem,
                game=_kind_and_game(item.game, item.kind),
                path=home_relative(item.path),
            )
        if option_id == "ledger-examples":
            names = ", ".join(e.name for e in self.examples if e.kind)
            return Content.from_markup(
                "[b]League and campaign examples[/]\n\n$names\n\nEach opens in its screen, as shipped; saving one "
                "(Save as…) keeps your copy, with the armies it names, in a folder of yours.",
                names=names,
            )
        if kind == "example":
            example = self.examples[int(index)]
            return Content.from_markup(
                "[b]$name[/]\n$game example\n\n$path\n\nChanges are yours to save elsewhere (Save as…).",
                name=example.name,
                game=_short_name(example.game),
                path=example.path.name,
            )
        return Content("")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.app.exiting:
            return
        option_id = event.option.id or ""
        kind, _, index = option_id.partition(":")
        if option_id == "new":
            self.action_new()
        elif option_id == "open":
            self.action_open()
        elif option_id == "new-catalogue":
            self.action_new_catalogue()
        elif option_id == "edit-catalogue":
            self.action_edit_catalogue()
        elif kind == "recent":
            self.post_message(OpenPath(Path(self.recent[int(index)].path)))
        elif kind == "example":
            self.post_message(OpenPath(self.examples[int(index)].path, as_copy=True))
        elif option_id == "ledger-examples":
            self.choose_ledger_example()

    @work(exclusive=True, group="ask")
    async def choose_ledger_example(self) -> None:
        """The bundled leagues and campaigns in a chooser; the one chosen opens in its screen."""
        choices = tuple(
            Choice(str(i), e.name, _kind_and_game(e.game, e.kind)) for i, e in enumerate(self.examples) if e.kind
        )
        chosen = await self.app.push_screen_wait(ChoiceDialog(ChoicePrompt("League and campaign examples", choices)))
        if chosen is not None and chosen != CANCELLED:
            self.post_message(OpenPath(self.examples[int(chosen)].path))

    def action_new(self) -> None:

        self.app.push_screen(NewRosterScreen())

    @work(exclusive=True, group="ask")
    async def action_new_catalogue(self) -> None:

        await new_catalogue(self.app)

    @work(exclusive=True, group="ask")
    async def action_edit_catalogue(self) -> None:

        await edit_catalogue(self.app)

    @work(exclusive=True, group="ask")
    async def action_open(self) -> None:
        """Ask for a file's path, offered from the folder Warbench started in, or (served, where that folder may not
        be one the server shares) from the folder for new rosters or the first folder it shares."""
        folders = (Path.cwd(), self.app.roster_dir, *(shared_roots() or ()))
        folder = next((f for f in folders if self.app.path_refusal(f / "roster.toml") is None), Path.cwd())
        path = await self.app.push_screen_wait(
            path_prompt(self.app, "Open a file", f"{folder}/", "Path of a roster, league, campaign or battle file:")
        )
        if path:
            self.post_message(OpenPath(Path(path).expanduser()))


def _short_name(game_id: str) -> str:
    """The game's short name, or its id when a recent file names a game this version does not know."""
    return GAMES[game_id].short_name if game_id in GAMES else game_id


def _kind_and_game(game_id: str, kind: str) -> str:
    """ "Warsurge" for a roster, "Warsurge · Battle" for a battle file (or a league, a campaign) of that game."""
    if not kind:
        return _short_name(game_id)

    return f"{_short_name(game_id)} · {LEDGER_KINDS[kind].short_name if kind in LEDGER_KINDS else kind}"
