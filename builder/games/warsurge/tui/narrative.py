"""A Warsurge narrative in play: the party's and the enemy's units, the director's orders (made again at every
change), the stage's map; keys mark damage, use perks, carry out the Guards' orders, choose events, and move on
through turns and stages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import DataTable, Static

from builder.editing.base import Choice
from builder.games.warsurge.narrative.at_table import (
    ORDERS_HINT,
    ShownOrders,
    guards_act,
    perk_choices,
    rows,
    write_form,
)
from builder.games.warsurge.narrative.grid import draw
from builder.games.warsurge.narrative.patrols import map_names, relocated
from builder.games.warsurge.narrative.play import Entry
from builder.games.warsurge.narrative.play_text import heading, stage_state_lines
from builder.games.warsurge.narrative.session import logged
from builder.games.warsurge.narrative.sharing import code_of
from builder.games.warsurge.narrative.state import PlayResult
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.screens.ledger import LedgerScreen
from builder.tui.sharing import show_code
from builder.tui.widgets.text import Hanging
from catalog.errors import WarbenchError

if TYPE_CHECKING:
    from builder.games.warsurge.narrative.session import NarrativeSession


class NarrativeScreen(LedgerScreen):
    """Units on the left (the highlighted one is marked), the orders and the map on the right."""

    HELP_TITLE = "Narrative"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    HELP_SIGNS = [("L1", "an enemy unit: its letter on the map and its number"), ("1:2", "player 1's second unit")]
    BINDINGS = [
        Binding("minus", "take(1)", "Damage", tooltip="The highlighted unit loses 1 HP"),
        Binding("plus,equals_sign", "take(-1)", "Heal", tooltip="The highlighted unit gets 1 HP back"),
        Binding("x", "casualty", "Casualty", tooltip="Remove a model of the highlighted unit"),
        Binding("u", "perk", "Use perk", tooltip="The highlighted unit uses a limited, Countdown or Recharge perk"),
        Binding(
            "o", "orders", "Orders", tooltip="The director's orders for this turn (from the turn form); changes nothing"
        ),
        Binding(
            "g",
            "guards",
            "Guards act",
            tooltip="Carry out the orders' Guard steps: those activated alerted, each unaware Patrol or Roam moved",
        ),
        Binding("f", "form", "Turn form", tooltip="Write this turn's form beside the file, to fill in at the table"),
        Binding("e", "event", "Event", tooltip="Make a choice in one of the stage's events"),
        Binding("c", "challenge", "Challenge", tooltip="A dice challenge passed or failed"),
        Binding("t", "turn", "Next turn", tooltip="On to the next game turn"),
        Binding("n", "next_stage", "Next stage", tooltip="The stage won: on to the next"),
        Binding("w", "end", "End", tooltip="The narrative won or lost (into your journal)"),
        Binding("k", "share", "Share", tooltip="The narrative as it stands as a code and QR, for another Warbench"),
    ]

    session: NarrativeSession

    def __init__(self, session: NarrativeSession) -> None:
        super().__init__(session)
        self.shown_orders = ShownOrders()

    def body(self):
        with Horizontal(id="narrative-body"):
            yield DataTable(id="narrative-units", cursor_type="row", zebra_stripes=True)
            with VerticalScroll(id="narrative-side"):
                yield Static(ORDERS_HINT, id="narrative-orders")
                yield Static(id="narrative-map")

    def progress(self) -> str:
        result = self.session.result
        return f"stage {result.stage + 1} of {len(result.narrative.stages)}, turn {result.turn}"

    def show(self, result: PlayResult) -> None:
        table = self.query_one("#narrative-units", DataTable)
        keep = table.cursor_row
        table.clear()
        if not table.columns:
            table.add_columns("Unit", "Name", "HP", "")
        listed = rows(result)
        for row in listed:
            table.add_row(row.ref, row.name, row.hp, row.note, key=row.ref)
        table.move_cursor(row=min(keep, len(listed) - 1))
        stage_map = relocated(result.stage_model, result.positions)
        names = map_names(result.stage_model)
        side = self.query_one("#narrative-map", Static)
        self.query_one("#narrative-orders", Static).update(Hanging(self.shown_orders.lines(result, self.session.path)))
        above = [heading(result), *stage_state_lines(result), ""]
        view = self.query_one("#narrative-side").size.height or self.app.size.height - 8  # before it is laid out
        room = view - self.query_one("#narrative-orders").outer_size.height - len(above)
        width = max(24, self.app.size.width // 2 - 4)
        drawn = draw(stage_map, names, width, max(room, 12), scrolls=True) if stage_map else []  # else it scrolls
        side.update("\n".join([*above, *drawn]))

    def on_resize(self) -> None:
        self.show(self.session.result)  # the map drawn for the room the screen now gives it

    def highlighted(self) -> str | None:
        table = self.query_one("#narrative-units", DataTable)
        if not table.row_count:
            return None
        return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)

    def record(self, entry: Entry, label: str) -> bool:
        return self.change(label, logged, entry)

    # -- keys ------------------------------------------------------------------------------------
    def action_take(self, amount: int) -> None:
        if (ref := self.highlighted()) is not None:
            self.record(
                Entry(what="damage", unit=ref, amount=amount), f"{ref}: {'-' if amount > 0 else '+'}{abs(amount)} HP"
            )

    def action_casualty(self) -> None:
        if (ref := self.highlighted()) is not None:
            self.record(Entry(what="casualty", unit=ref), f"{ref}: a model removed")

    def action_turn(self) -> None:
        self.record(Entry(what="turn"), "next game turn")

    @work(exclusive=True, group="ask")
    async def action_next_stage(self) -> None:
        """The stage won, on to the next: asked first, with the stage's objectives (the battle screen's `n` is only
        the next turn, and a stage ended by mistake lost its turns' play)."""
        result = self.session.result
        goals = "; ".join(result.stage_model.objectives) or "none written"
        answer = await self.app.push_screen_wait(
            ConfirmDialog(
                "Next stage",
                f"Is stage {result.stage + 1} won? Its objectives: {goals}. (The next game turn is t.)",
                [("next", "Won: on to the next stage"), ("stay", "Not yet")],
            )
        )
        if answer == "next":
            self.record(Entry(what="next"), "next stage")

    def action_orders(self) -> None:
        """The orders for the play as it stands, kept up to date at every change (looking changes nothing)."""
        self.shown_orders.ask(self.session.result)
        self.refresh_view()
        self.query_one("#narrative-side", VerticalScroll).scroll_home(animate=False)

    def action_guards(self) -> None:
        """The orders' Guard steps carried out, one undoable change in the log."""
        try:
            entries, label = guards_act(self.session.result, self.session.path)
        except WarbenchError as exc:
            self.notify(str(exc), title="The turn form cannot be read", severity="error", timeout=8)
            return
        if not entries:
            self.notify("No Guard is activated or relocates this turn.", timeout=4)
            return
        self.shown_orders.ask(self.session.result)  # the orders as they stand once carried out
        if self.change(label, logged, *entries):
            self.notify(f"Guards: {label}", timeout=4)

    @work(exclusive=True, group="ask")
    async def action_share(self) -> None:
        """The play as it stands (what is on screen, saved or not) as a code and its QR, in numbered parts when one
        QR cannot hold it (a narrative of the players' own travels whole in it)."""
        try:
            code = code_of(self.session.ledger, self.session.path)
        except WarbenchError as exc:
            self.notify(str(exc), title="Cannot share", severity="error", timeout=8)
            return
        note = "another player opens it with `warbench narrative import CODE -o FILE`"
        path = self.session.path
        await show_code(self.app, code, note, str(path.with_name(f"{path.stem}-qr.png")), toggles=False)

    def action_form(self) -> None:
        try:
            path = write_form(self.session.result, self.session.path)
        except OSError as exc:
            self.notify(str(exc), title="Not written", severity="error")
            return
        self.notify(f"Wrote {path.name}: fill in distances and sight, then press o.", timeout=6)

    @work(exclusive=True, group="ask")
    async def action_perk(self) -> None:
        ref = self.highlighted()
        offered = perk_choices(self.session.result, ref or "")
        if ref is None or not offered:
            self.notify("The highlighted unit has no perk the narrative counts.", timeout=3)
            return
        perk = await self.ask(f"{ref} uses", [Choice(name, name, state) for name, state in offered])
        if perk is not None:
            self.record(Entry(what="perk", unit=ref, perk=perk), f"{ref}: {perk}")

    @work(exclusive=True, group="ask")
    async def action_event(self) -> None:
        stage = self.session.result.stage_model
        pending = [e for e in stage.events if e.id not in self.session.result.choices]
        event_id = await self.ask("Which event?", [Choice(e.id, e.title, e.text) for e in pending])
        event = next((e for e in pending if e.id == event_id), None)
        if event is None:
            return
        # each choice whole (the dialog wraps it); what it leads to is told once chosen, in the stage's lines
        choice = await self.ask(event.title, [Choice(c.id, c.text) for c in event.choices])
        if choice is not None:
            self.record(Entry(what="choose", event=event.id, choice=choice), f"{event.title}: {choice}")

    @work(exclusive=True, group="ask")
    async def action_challenge(self) -> None:
        stage = self.session.result.stage_model
        challenge = await self.ask(
            "Which dice challenge?", [Choice(c.id, c.title, f"{c.dice} dice") for c in stage.challenges]
        )
        if challenge is None:
            return
        outcome = await self.ask("It was", [Choice("passed", "Passed"), Choice("failed", "Failed")])
        if outcome is not None:
            entry = Entry.model_validate({"what": "challenge", "challenge": challenge, "outcome": outcome})
            self.record(entry, f"{challenge} {outcome}")

    @work(exclusive=True, group="ask")
    async def action_end(self) -> None:
        outcome = await self.ask("The narrative is", [Choice("won", "Won"), Choice("lost", "Lost")])
        if outcome is None:
            return
        ended = self.record(Entry.model_validate({"what": "end", "outcome": outcome}), f"narrative {outcome}")
        if ended and self.session.journal_problem:
            self.notify(self.session.journal_problem, severity="warning")
