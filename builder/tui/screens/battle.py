"""A battle at the table: both sides' units with what they have left; keys mark damage, casualties and heat."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

from textual import work
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from builder.battles.report import BattleResult, Side
from builder.battles.tracks import MechTrack, UnitState
from builder.battles.warcaster_track import WHERE, WarcasterTrack
from builder.editing.base import Choice
from builder.tui.screens.battle_scenario import SCENARIO_BINDINGS, ScenarioActions
from builder.tui.widgets.roll_log import RollLog
from builder.tui.widgets.scenario_bar import ScenarioBar

if TYPE_CHECKING:
    from builder.battles.session import BattleSession


def boxes(state: UnitState) -> str:
    """A unit's boxes as marks, ■ standing and □ lost, one group per model."""
    return " ".join("■" * (size - damage) + "□" * damage for damage, size in zip(state.damage, state.track.sizes))


def mech_line(state: UnitState, short: bool = False) -> str:
    """A mech's heat against its capacity (and by how much it is overheated), and its upgrades lost (counted when
    `short`)."""
    numbers = state.derived
    over = f" OVERHEATED +{numbers['overheated']}" if numbers.get("overheated") else ""
    lost = list(numbers.get("upgrades_lost", {}).values())
    said = f" · {len(lost)} upgrade{'s' if len(lost) > 1 else ''} lost" if short else f" · lost: {', '.join(lost)}"
    return f"heat {state.heat}/{numbers.get('heat_capacity', 0)}{over}{said if lost else ''}"


def grid_rows(grid: tuple[str, ...], damage: int) -> list[str]:
    """A damage grid with its first `damage` boxes (in reading order) marked ×; system boxes keep their letter."""
    rows, left = [], damage
    for row in grid:
        cells = []
        for cell in row:
            if cell == " ":
                cells.append("  ")
            else:
                cells.append("× " if left > 0 else ("□ " if cell == "." else f"{cell} "))
                left -= 1
        rows.append("".join(cells).rstrip())
    return rows


def beside(rows: list[str], notes: list[str]) -> list[tuple[str, str]]:
    """Each row padded to one width, with a note beside it (a grid with what its letters stand for); notes
    beyond the last row get rows of their own."""
    width = max(map(len, rows), default=0) + 3
    count = max(len(rows), len(notes))
    rows, notes = rows + [""] * (count - len(rows)), notes + [""] * (count - len(notes))
    return [(row.ljust(width) if note else row, note) for row, note in zip(rows, notes)]


def unit_row(state: UnitState) -> Content:
    """One unit: its name and points left, then its track (boxes, models, or parts and heat)."""
    track = state.track
    points = f"{_points(state.remaining)}/{_points(track.points)}"
    style = "strike dim" if state.destroyed else "bold"
    where = f"  {WHERE[state.where]}" if state.where else ""
    back = f"destroyed {state.returned}×, " if state.returned else ""
    if isinstance(track, MechTrack):
        parts = " ".join(
            f"{''.join(word[0] for word in track.part_names.get(p, p).split())}{n}" for p, n in state.parts_left.items()
        )
        second = f"{parts}  {mech_line(state, short=True)}"
    elif track.models > 1:
        marks = f"  {boxes(state)}" if track.full <= 6 else ""
        second = f"{state.models_left}/{track.models} models, {state.boxes_left}/{track.full} {track.box_word}{marks}"
    else:
        marks = f"{boxes(state)}  " if track.boxes <= 12 else ""
        second = f"{marks}{state.boxes_left}/{track.boxes} {track.box_word}"
    return Content.assemble(
        (track.name, style),
        ("  " + points, "$accent"),
        (where, "$success" if state.where == "play" else "dim"),
        "\n",
        ("  " + back + second, "dim" if state.destroyed or state.where == "reserve" else ""),
    )


def _points(value: float) -> str:
    return f"{value:.0f}" if abs(value - round(value)) < 0.005 else f"{value:.1f}"


class BattleScreen(ScenarioActions):
    """Our side and the opponent's side by side; the highlighted unit's detail below."""

    session: BattleSession  # what open_session makes

    HELP_TITLE = "Battle"
    BINDINGS = [
        Binding("minus", "take(1)", "Damage", tooltip="The highlighted unit takes 1 damage (HP, DMG box)"),
        Binding("plus,equals_sign", "take(-1)", "Heal", tooltip="Give the highlighted unit 1 damage back"),
        Binding("c", "casualty", "Casualty", tooltip="Remove a model of the highlighted unit"),
        Binding("b", "bring_back", "Model back", tooltip="Bring the last removed model back"),
        Binding("r", "restore", "Restore unit", tooltip="The highlighted unit back as it started"),
        Binding("p", "deploy", "Deploy/recall", tooltip="Warcaster: deploy the unit from the reserves, or recall it"),
        Binding("h", "hit", "Hit part", tooltip="McWarrior: hits on one of the mech's body parts"),
        Binding("x", "critical", "Crit", tooltip="McWarrior: a critical hit on a part destroys its upgrade"),
        Binding("right_square_bracket", "heat(1)", "Heat +1", tooltip="McWarrior: the mech's heat up one"),
        Binding("left_square_bracket", "heat(-1)", "Heat −1", tooltip="McWarrior: the mech's heat down one"),
        Binding("n", "turn(1)", "Next turn", tooltip="On to the next turn"),
        Binding("d", "dice", "Dice", tooltip="Roll dice (7d6, 2d6+1) or Warsurge's scatter arrow"),
        Binding("k", "share", "Share", tooltip="The battle as it stands as a code and QR, for the opponent's Warbench"),
        *SCENARIO_BINDINGS,
    ]

    @staticmethod
    def open_session(path: Path, store):
        from builder.battles.session import BattleSession

        return BattleSession(path, store)

    def body(self):
        yield ScenarioBar(id="scenario-bar")
        with Horizontal(id="battle-sides"):
            yield OptionList(id="side-0", classes="battle-side")
            yield OptionList(id="side-1", classes="battle-side")
        yield Static(id="unit-detail")
        yield RollLog(id="roll-log")

    def progress(self) -> str:
        result: BattleResult = self.session.result
        ahead = f" · ahead: {result.leader}" if result.leader else ""
        return f"turn {result.battle.turn}{ahead}"

    def show(self, result: BattleResult) -> None:
        self.query_one(ScenarioBar).show(result.judged, result.battle.turn)
        for number in (0, 1):
            pane = self.query_one(f"#side-{number}", OptionList)
            pane.display = number < len(result.sides)
            if number >= len(result.sides):
                continue
            side: Side = result.sides[number]
            keep = pane.highlighted
            pane.set_options([Option(unit_row(state), id=str(state.track.index)) for state in side.states])
            pane.highlighted = min(keep or 0, len(side.states) - 1) if side.states else None
            pane.border_title = f"{side.name}  {_points(side.remaining)}/{_points(side.points)} ({side.percent}%)"
            places = [state.where for state in side.states if state.where]
            pane.border_subtitle = (
                " · ".join(f"{places.count(key)} {said}" for key, said in WHERE.items() if places.count(key))
                if places
                else ""
            )
        self._show_detail()

    def on_option_list_option_highlighted(self) -> None:
        self._show_detail()

    def on_descendant_focus(self, event) -> None:
        if event.widget.id in ("side-0", "side-1"):
            self.last_side = int(event.widget.id[-1])
        self._show_detail()

    def selected(self) -> tuple[int, int] | None:
        """(side, entry index) of the highlighted unit on the side that has (or last had) the focus."""
        side = getattr(self, "last_side", 0)
        focused = self.query_one(f"#side-{side}", OptionList)
        if focused.highlighted is None or side >= len(self.session.result.sides):
            return None
        return side, int(str(focused.get_option_at_index(focused.highlighted).id))

    def _show_detail(self) -> None:
        chosen = self.selected()
        detail = self.query_one("#unit-detail", Static)
        if chosen is None:
            detail.update("")
            return
        state = self.session.result.sides[chosen[0]].states[chosen[1]]
        track = state.track
        lines = [
            Content.assemble(
                (track.name, "bold"),
                f"  {_points(state.remaining)} of {_points(track.points)} "
                f"points left" + ("  DESTROYED" if state.destroyed else ""),
            )
        ]
        if isinstance(track, MechTrack):
            if track.pilot:
                lines[0] = Content.assemble(lines[0], ("  pilot ", "dim"), track.pilot)
            lines.append(
                Content(
                    "  ".join(f"{track.part_names.get(p, p)} {n}/{track.parts[p]}" for p, n in state.parts_left.items())
                )
            )
            numbers = state.derived
            dice = ", ".join(f"{track.part_names.get(p, p)} {n}" for p, n in numbers.get("dice", {}).items())
            lines.append(
                Content(
                    f"{mech_line(state)} · target number {numbers.get('target_number', 0)} · move "
                    f"{numbers.get('move', 0)} · dice {dice}"
                )
            )
            working = ", ".join(numbers.get("upgrades", {}).values())
            lines.append(Content(f"upgrades: {working or 'none working'}"))
        elif track.grid:
            legend = [f"{letter} {name}" for letter, name in track.grid_legend]
            lines += [
                Content.assemble(row, (note, "dim"))
                for row, note in beside(grid_rows(track.grid, state.damage[0]), legend)
            ]
        elif track.models > 4:
            lines.append(
                Content(
                    f"{state.models_left}/{track.models} models standing, {state.boxes_left}/"
                    f"{track.full} {track.box_word}: {boxes(state)}"
                )
            )
        else:
            for model, (damage, size) in enumerate(zip(state.damage, track.sizes)):
                left = size - damage
                lines.append(
                    Content(
                        f"{track.model_name(model)}: {'■' * left}{'□' * damage}  {left}/{size} "
                        f"{track.box_word}" + ("  removed" if left == 0 else "")
                    )
                )
        if isinstance(track, WarcasterTrack):
            hint = {
                "reserve": "p deploys it",
                "play": "p recalls it to the reserves",
                "removed": "a destroyed hero does not come back",
            }[state.where]
            back = f" · destroyed {state.returned}× so far" if state.returned else ""
            lines.insert(1, Content(f"{WHERE[state.where]}{back} ({hint})"))
        self.query_one("#unit-detail", Static).update(Content("\n").join(lines))

    # -- marks --------------------------------------------------------------------------------
    def _mark(self, apply) -> None:
        """Apply a mark to the highlighted unit; a refused one says why."""
        chosen = self.selected()
        if chosen is None:
            return
        from catalog.errors import WarbenchError

        try:
            apply(*chosen)
        except WarbenchError as exc:
            self.notify(str(exc), title="Not allowed", severity="error", timeout=5)
            return
        self.refresh_view()

    def action_take(self, amount: int) -> None:
        self._mark(lambda side, index: self.session.take(side, index, amount))

    def action_casualty(self) -> None:
        self._mark(lambda side, index: self.session.casualty(side, index))

    def action_bring_back(self) -> None:
        self._mark(lambda side, index: self.session.casualty(side, index, restore=True))

    def action_restore(self) -> None:
        self._mark(lambda side, index: self.session.restore_unit(side, index))

    def action_deploy(self) -> None:
        self._mark(lambda side, index: self.session.deploy(side, index))

    def action_heat(self, amount: int) -> None:
        self._mark(lambda side, index: self.session.heat(side, index, amount))

    def action_turn(self, step: int) -> None:
        self.session.next_turn(step)
        self.refresh_view()

    @work(exclusive=True, group="ask")
    async def action_hit(self) -> None:
        chosen = self.selected()
        if chosen is None:
            return
        track = self.session.result.sides[chosen[0]].tracks[chosen[1]]
        if not isinstance(track, MechTrack):
            self.notify("Only McWarrior mechs have body parts: - marks damage.", timeout=3)
            return
        state = self.session.result.sides[chosen[0]].states[chosen[1]]
        part = await self.ask(
            f"{track.name}: hits on which part?",
            [Choice(p, track.part_names.get(p, p), f"{state.parts_left[p]}/{n} left") for p, n in track.parts.items()],
        )
        if part is None:
            return
        hits = await self.ask(
            f"How many hits on {track.part_names.get(part, part)}?",
            [
                Choice(str(n), str(n), "excess goes to the torso" if n > state.parts_left[part] else "")
                for n in range(1, 7)
            ]
            + [Choice("-1", "repair 1")],
        )
        if hits is not None:
            self._mark(lambda side, index: self.session.hit(side, index, part, int(hits)))

    @work(exclusive=True, group="ask")
    async def action_critical(self) -> None:
        chosen = self.selected()
        if chosen is None:
            return
        track = self.session.result.sides[chosen[0]].tracks[chosen[1]]
        if not isinstance(track, MechTrack):
            self.notify("Only McWarrior mechs take critical hits on their parts.", timeout=3)
            return
        state = self.session.result.sides[chosen[0]].states[chosen[1]]
        working = state.derived.get("upgrades", {})
        part = await self.ask(
            f"{track.name}: critical hit on which part?",
            [
                Choice(p, track.part_names.get(p, p), working.get(track.part_slots.get(p, p), "no upgrade: torso −1"))
                for p in track.parts
            ],
        )
        if part is not None:
            self._mark(lambda side, index: self.session.critical(side, index, part))

    def check_action(self, action: str, parameters) -> bool | None:
        """Keys for tracks the battle does not have are left out of the footer: deploying for units with
        reserves, parts, crits and heat for mechs, boxes for whatever is not a mech."""
        kinds = {type(track) for side in self.session.result.sides for track in side.tracks}
        if action == "deploy":
            return WarcasterTrack in kinds
        if action in ("hit", "critical", "heat"):
            return MechTrack in kinds
        if action in ("take", "casualty", "bring_back"):
            return bool(kinds - {MechTrack})
        return super().check_action(action, parameters)

    @work(exclusive=True, group="ask")
    async def action_dice(self) -> None:
        from builder.battles.dice import DiceError, throw
        from builder.tui.dialogs.text_prompt import TextPrompt

        def check(text: str) -> str | None:
            try:
                throw(text, random.Random(0))
            except DiceError as exc:
                return str(exc)
            return None

        log = self.query_one(RollLog)
        text = await self.app.push_screen_wait(
            TextPrompt(
                "Roll dice",
                log.last_dice,
                check=check,
                hint="Six-sided dice: 7d6, 2d6+1, d6 — or 'scatter' (Warsurge's arrow, "
                "2d6 inches; 'scatter 1d6' for other distance dice).",
            )
        )
        if text:
            log.add(throw(text).line())

    def action_share(self) -> None:
        from builder.tui.dialogs.share import ShareDialog
        from catalog.errors import WarbenchError
        from exports.share.battle import encode_battle

        rosters = self.session.rosters
        assert rosters is not None, "the session read them when it replayed the battle on opening"
        try:
            code = encode_battle(self.session.ledger, rosters)
        except WarbenchError as exc:
            self.notify(str(exc), title="Cannot share", severity="error", timeout=8)
            return
        note = "the opponent opens it with `warbench battle import CODE -o FILE`; notes never travel"
        self.app.push_screen(
            ShareDialog(code, note, str(Path(self.session.path).with_name(f"{Path(self.session.path).stem}-qr.png")))
        )
