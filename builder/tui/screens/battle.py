"""A battle at the table: both sides' units with what they have left; keys mark damage, casualties and heat."""

from __future__ import annotations

from pathlib import Path

from textual import work
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from builder.battles.report import BattleResult, Side
from builder.battles.tracks import UnitState
from builder.games import GAMES, game
from builder.editing.base import Choice
from builder.tui.screens.ledger import LedgerScreen
from builder.tui.spans import content
from catalog.errors import WarbenchError


def unit_row(state: UnitState) -> Content:
    """One unit: its name and points left, then its track (boxes, models, or parts and heat)."""
    track = state.track
    points = f"{_points(state.remaining)}/{_points(track.points)}"
    style = "strike dim" if state.destroyed else "bold"
    return Content.assemble((track.name, style), ("  " + points, "$accent"), "\n",
                            ("  " + track.summary(state), "dim" if state.destroyed else ""))


def _points(value: float) -> str:
    return f"{value:.0f}" if abs(value - round(value)) < 0.005 else f"{value:.1f}"


class BattleScreen(LedgerScreen):
    """Our side and the opponent's side by side; the highlighted unit's detail below."""

    HELP_TITLE = "Battle"
    BINDINGS = [
        Binding("minus", "take(1)", "Damage", tooltip="The highlighted unit takes 1 damage (HP, DMG box)"),
        Binding("plus,equals_sign", "take(-1)", "Heal", tooltip="Give the highlighted unit 1 damage back"),
        Binding("c", "casualty", "Casualty", tooltip="Remove a model of the highlighted unit"),
        Binding("b", "bring_back", "Model back", tooltip="Bring the last removed model back"),
        Binding("r", "restore", "Restore unit", tooltip="The highlighted unit back as it started"),
        Binding("h", "hit", "Hit part", tooltip="McWarrior: hits on one of the mech's body parts"),
        Binding("right_square_bracket", "heat(1)", "Heat +1", tooltip="McWarrior: the mech's heat up one"),
        Binding("left_square_bracket", "heat(-1)", "Heat −1", tooltip="McWarrior: the mech's heat down one"),
        Binding("n", "turn(1)", "Next turn", tooltip="On to the next turn"),
        Binding("d", "dice", "Dice", tooltip="Roll dice (d6) or Warsurge's scatter arrow"),
        Binding("k", "share", "Share", tooltip="The battle as it stands as a code and QR, for the opponent's Warbench"),
    ]

    @staticmethod
    def open_session(path: Path, store):
        from builder.battles.session import BattleSession

        return BattleSession(path, store)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A game's own actions (a mech's body parts and heat) only in a battle of that game: hidden elsewhere."""
        own = game(self.session.ledger.game).battle_actions
        if action not in own and any(action in record.battle_actions for record in GAMES.values()):
            return False
        return super().check_action(action, parameters)

    def body(self):
        with Horizontal(id="battle-sides"):
            yield OptionList(id="side-0", classes="battle-side")
            yield OptionList(id="side-1", classes="battle-side")
        yield Static(id="unit-detail")

    def progress(self) -> str:
        result: BattleResult = self.session.result
        ahead = f" · ahead: {result.leader}" if result.leader else ""
        return f"turn {result.battle.turn}{ahead}"

    def show(self, result: BattleResult) -> None:
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
        return side, int(focused.get_option_at_index(focused.highlighted).id)

    def _show_detail(self) -> None:
        chosen = self.selected()
        detail = self.query_one("#unit-detail", Static)
        if chosen is None:
            detail.update("")
            return
        state = self.session.result.sides[chosen[0]].states[chosen[1]]
        track = state.track
        heading = Content.assemble((track.name, "bold"), f"  {_points(state.remaining)} of {_points(track.points)} "
                                   f"points left" + ("  DESTROYED" if state.destroyed else ""), content(track.note()))
        lines = [heading, *map(content, track.detail(state))]
        self.query_one("#unit-detail", Static).update(Content("\n").join(lines))

    # -- marks --------------------------------------------------------------------------------
    def _mark(self, apply) -> None:
        """Apply a mark to the highlighted unit; a refused one says why."""
        chosen = self.selected()
        if chosen is None:
            return
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
        try:
            track = self.session.mech(*chosen)
        except WarbenchError as exc:
            self.notify(str(exc), title="Not allowed", severity="error", timeout=5)
            return
        state = self.session.result.sides[chosen[0]].states[chosen[1]]
        part = await self.ask(f"{track.name}: hits on which part?", [
            Choice(p, track.part_names.get(p, p), f"{state.parts_left[p]}/{n} left") for p, n in track.parts.items()])
        if part is None:
            return
        hits = await self.ask(f"How many hits on {track.part_names.get(part, part)}?",
                              [Choice(str(n), str(n), "excess goes to the torso" if n > state.parts_left[part] else "")
                               for n in range(1, 7)] + [Choice("-1", "repair 1")])
        if hits is not None:
            self._mark(lambda side, index: self.session.hit(side, index, part, int(hits)))

    @work(exclusive=True, group="ask")
    async def action_dice(self) -> None:
        from builder.battles.dice import roll, scatter

        what = await self.ask("Roll", [Choice(str(n), f"{n}d6") for n in (1, 2, 3, 4, 5, 6, 8, 10, 12, 20)]
                              + [Choice("scatter", "Scatter arrow", "Warsurge: a direction or a hit, 2d6 inches")])
        if what is not None:
            text = scatter(2).text() if what == "scatter" else roll(int(what)).text()
            self.notify(text, title="Dice", timeout=12)

    def action_share(self) -> None:
        from builder.tui.dialogs.share import ShareDialog
        from exports.share.battle import encode_battle
        from exports.share.qr import qr_version
        from exports.share.terminal import qr_half_blocks

        try:
            code = encode_battle(self.session.ledger, self.session.rosters)
        except WarbenchError as exc:
            self.notify(str(exc), title="Cannot share", severity="error", timeout=8)
            return
        note = "the opponent opens it with `warbench battle import CODE -o FILE`; notes never travel"
        self.app.push_screen(ShareDialog(code, qr_half_blocks(code), qr_version(code), note))
