"""The new-roster flow: game → catalogue → the game's questions (faction, format, limit) → name → file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from builder.catalogues import load_catalogue
from builder.editing.base import Choice, SettingField
from builder.editing.stepping import whole_number
from builder.game import GAMES
from builder.roster.files import LoadedRoster, write_roster
from builder.tui.requests import OpenLoaded
from builder.tui.screens.base import WarbenchScreen
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.key_hint import key_hint
from catalog.errors import WarbenchError
from catalog.loader import list_catalogues, looks_like_path
from catalog.slug import slugify

OWN_FILE = "\0own-file"


@dataclass
class Step:
    """One question: pick from choices, or type a value."""

    key: str
    question: str
    kind: str = "choice"  # choice | int | text
    choices: tuple[Choice, ...] = ()
    default: str = ""
    optional: bool = False
    bounds: tuple[int | None, int | None] = (None, None)
    """A number's lowest and highest value (None: no bound)."""
    label: str = ""
    """What a number is called in a refusal ("Bolts per mech")."""


class NewRosterScreen(WarbenchScreen):
    """Asks one question at a time; Esc goes back a step (or to the start screen)."""

    HELP_TITLE = "New roster"
    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, *, game: str | None = None, catalogue: str | None = None) -> None:
        """With `game` and `catalogue` (an installed id or a file's path), those two questions are answered already
        (a roster on a catalogue the player is editing)."""
        super().__init__(id="new-roster")
        self.answers: dict[str, object] = {}
        self.catalogue = None
        self.own_file = False
        if game is not None and catalogue is not None:
            self.answers = {"game": game, "catalogue": catalogue}
            self.own_file = looks_like_path(catalogue)
            self.catalogue = load_catalogue(catalogue)

    def plan(self) -> list[Step]:
        """The questions, given the answers so far (later ones depend on the game and catalogue)."""
        steps = [Step("game", "Which game?", choices=tuple(Choice(g.id, g.name) for g in GAMES.values()))]
        game = self.answers.get("game")
        if not isinstance(game, str):  # not answered yet (a game's answer is its id)
            return steps
        if self.own_file:
            steps.append(Step("catalogue", "Path of the catalogue file:", kind="text"))
        else:
            options = [
                Choice(info.id, info.name, f"rev {info.revision}" + ("" if info.bundled else " · yours"))
                for info in list_catalogues()
                if info.game == game
            ]
            steps.append(
                Step(
                    "catalogue",
                    "Which catalogue?",
                    choices=(*options, Choice(OWN_FILE, "Another file…", "a catalogue file of your own")),
                )
            )
        if self.catalogue is None:
            return steps
        adapter = GAMES[game].edits
        steps += [_step(f) for f in adapter.new_roster_fields(self.catalogue, self._values())]
        steps.append(
            Step(
                "name", "Name of the roster:", kind="text", default=adapter.default_name(self.catalogue, self._values())
            )
        )
        if "name" in self.answers:
            default = self.app.roster_dir / f"{slugify(str(self.answers['name'])) or 'roster'}.toml"
            steps.append(Step("path", "Save it as:", kind="text", default=_tilde(default)))
        return steps

    def compose(self) -> ComposeResult:
        with Vertical(id="new-box"):
            yield Label(id="new-trail")
            yield Label(id="new-question")
            yield OptionList(id="new-choices")
            yield Input(id="new-input")
            yield Label(id="new-error", markup=False)
            yield key_hint(("Enter next", None), ("Esc back", "back"), id="new-hint", classes="")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show_step()

    @property
    def step(self) -> Step | None:
        """The first unanswered question, or None when every one is answered."""
        return next((s for s in self.plan() if s.key not in self.answers), None)

    @property
    def asking(self) -> Step:
        """The question on screen: there is one while the screen asks (`finish` runs once none is left)."""
        step = self.step
        assert step is not None, "every question is answered"
        return step

    def show_step(self) -> None:
        step = self.asking
        trail = " › ".join(breadcrumb([str(self._answer_label(k, v)) for k, v in self.answers.items()]))
        self.query_one("#new-trail", Label).update(Content.styled(trail or "New roster", "dim"))
        self.query_one("#new-question", Label).update(Content.styled(step.question, "bold"))
        self.query_one("#new-error", Label).update("")
        choices, field = self.query_one(OptionList), self.query_one(Input)
        choices.display, field.display = step.kind == "choice", step.kind != "choice"
        if step.kind == "choice":
            choices.set_options(
                [
                    Option(Content.assemble((c.label, "bold"), ("  " + c.detail if c.detail else "", "dim")), id=str(i))
                    for i, c in enumerate(step.choices)
                ]
            )
            keys = [c.key for c in step.choices]
            choices.highlighted = keys.index(step.default) if step.default in keys else 0
            choices.focus()
        else:
            field.value = step.default
            field.placeholder = "leave empty for none" if step.optional else ""
            field.type = "integer" if step.kind == "int" else "text"
            field.focus()
            field.select_all()  # typing replaces the default; the field is reused, so no stale selection

    def _answer_label(self, key: str, value) -> str:
        step = next((s for s in self.plan() if s.key == key), None)
        return next((c.label for c in step.choices if c.key == value), str(value)) if step else str(value)

    @on(OptionList.OptionSelected, "#new-choices")
    def _chose(self, event: OptionList.OptionSelected) -> None:
        self.answer(self.asking.choices[int(str(event.option.id))].key)

    @on(Input.Submitted, "#new-input")
    def _typed(self, event: Input.Submitted) -> None:
        step, text = self.asking, event.value.strip()
        if step.kind == "int":
            if not text and step.optional:
                self.answer(None)
                return
            try:
                value = whole_number(text, *step.bounds, step.label)
            except ValueError as exc:  # refused at this step: the number stays to correct, the reason under it
                self.query_one("#new-error", Label).update(str(exc))
                return
            self.answer(value)
        elif text:
            self.answer(text)

    def answer(self, value) -> None:
        """Record the answer to the current question and move on (or finish)."""
        key = self.asking.key
        if key == "catalogue" and value == OWN_FILE:
            self.own_file = True
        elif key == "catalogue":
            try:
                self.catalogue = self._load(str(value))
            except WarbenchError as exc:
                self.notify(str(exc), title="Cannot use that catalogue", severity="error", timeout=8)
                return
            self.answers[key] = value
        else:
            self.answers[key] = value
        if self.step is None:
            self.finish()
        else:
            self.show_step()

    def _load(self, ref: str):
        catalogue = load_catalogue(str(Path(ref).expanduser().resolve()) if self.own_file else ref)
        if catalogue.game != self.answers["game"]:
            raise WarbenchError(f"'{ref}' is a {catalogue.game} catalogue, not {self.answers['game']}")
        return catalogue

    def _values(self) -> dict:
        """The answers to the game's own questions."""
        return {k: v for k, v in self.answers.items() if k not in ("game", "catalogue", "name", "path")}

    def finish(self) -> None:
        """Build the roster, save it where the player said and open it."""
        path = Path(str(self.answers["path"])).expanduser()
        values = self._values()
        assert self.catalogue is not None, "the name and path are asked only once the catalogue is loaded"
        ref = self.catalogue.path if self.own_file else str(self.answers["catalogue"])
        if path.exists():
            self.answers.pop("path")
            self.notify(f"{path} exists already: choose another name.", severity="warning")
            self.show_step()
            return
        try:
            roster = GAMES[str(self.answers["game"])].edits.new_roster(
                ref, self.catalogue, values, str(self.answers["name"])
            )
            path.parent.mkdir(parents=True, exist_ok=True)
            write_roster(path, roster, self.catalogue)
        except (WarbenchError, OSError, ValueError) as exc:
            self.answers.pop("path")
            self.notify(str(exc).splitlines()[0], title="Cannot create the roster", severity="error")
            self.show_step()
            return
        self.dismiss()
        self.post_message(OpenLoaded(LoadedRoster(roster, self.catalogue, path)))

    def action_back(self) -> None:
        if self.own_file and "catalogue" not in self.answers:
            self.own_file = False
        elif not self.answers:
            self.dismiss()
            return
        else:
            key, _ = self.answers.popitem()
            if key == "catalogue":
                self.catalogue, self.own_file = None, False
        self.show_step()


def _step(field: SettingField) -> Step:
    default = "" if field.default is None else str(field.default)
    return Step(
        field.key, f"{field.label}:", field.kind, field.choices, default, field.optional, field.bounds, field.label
    )


def _tilde(path: Path) -> str:
    home = str(Path.home())
    return "~" + str(path)[len(home) :] if str(path).startswith(home + "/") else str(path)


def breadcrumb(labels: list[str]) -> list[str]:
    """The answers so far as a trail, saying nothing twice: a catalogue named after its game stands for both."""
    trail: list[str] = []
    for label in labels:
        if trail and label.lower().startswith(trail[-1].lower().split(":")[0]):
            trail[-1] = label  # the more specific of the two
        else:
            trail.append(label)
    return trail
