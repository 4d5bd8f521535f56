"""The McWarrior editor: the stepping layout, with upgrades and skills from the browser going onto the selected mech."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, cast

from textual import work
from textual.app import SystemCommand

from builder.editing.base import Choice, ChoicePrompt
from builder.editing.stepping import SETTINGS
from builder.tui.dialogs.choice import CANCELLED, ChoiceDialog
from builder.tui.screens.stepping import SteppingEditor
from builder.tui.widgets.catalogue_browser import CatalogueBrowser
from builder.tui.widgets.inspector import Inspector

if TYPE_CHECKING:
    from builder.games.mcwarrior.catalogue import McWarriorCatalogue
    from builder.games.mcwarrior.editing import McWarriorAdapter
    from builder.games.mcwarrior.roster import McWarriorRoster


class McWarriorEditor(SteppingEditor):
    """Mechs on the left of the loadout; the catalogue's upgrades and skills install on the selected mech."""

    # This editor is made only for McWarrior rosters, so its session and adapter are McWarrior's own.
    @property
    def force(self) -> McWarriorRoster:
        return cast("McWarriorRoster", self.loaded_session.roster)

    @property
    def mech_catalogue(self) -> McWarriorCatalogue:
        return cast("McWarriorCatalogue", self.loaded_session.catalogue)

    @property
    def mcwarrior_adapter(self) -> McWarriorAdapter:
        return cast("McWarriorAdapter", self.adapter)

    def palette(self) -> Iterable[SystemCommand]:
        yield from super().palette()
        if self.session is not None:
            yield SystemCommand(
                "Warband mode on/off",
                "Switch between skirmish mechs and a Port Oldsand warband",
                partial(self.run_action, "toggle_warband"),
            )

    def on_catalogue_browser_chosen(self, event: CatalogueBrowser.Chosen) -> None:
        event.prevent_default()  # RosterEditor's handler runs only through super() below
        kind, _, ident = event.key.partition(":")
        if kind not in ("upgrade", "skill"):
            super().on_catalogue_browser_chosen(event)
            return
        key = self.target_mech()
        if key is None:
            self.notify("Add a mech first (New mech), or select one in the roster.", severity="warning")
            return
        if kind == "skill":
            self.edit(f"give skill {ident}", lambda roster: self.mcwarrior_adapter.give_skill(roster, key, ident))
            self.query_one(Inspector).select_row("skill")
            return
        upgrade = self.mech_catalogue.upgrade(ident)
        assert upgrade is not None, "the browser lists only the catalogue's upgrades"
        mech = self.force.mechs[int(key[6:-1])]
        empty = [slot for slot in upgrade.slots if slot not in mech.upgrades]
        if len(upgrade.slots) == 1 or len(empty) == 1:
            self.install(key, ident, (empty or upgrade.slots)[0])
            return
        prompt = ChoicePrompt(
            f"Where does the {upgrade.name} go?",
            tuple(
                Choice(slot, self.mcwarrior_adapter.slot_name(slot), self._holds(mech, slot)) for slot in upgrade.slots
            ),
        )
        self._install_where(key, ident, prompt)

    @work(exclusive=True, group="ask")
    async def _install_where(self, key: str, upgrade_id: str, prompt: ChoicePrompt) -> None:
        """Ask which of its slots an upgrade goes in, and install it there."""
        slot = await self.app.push_screen_wait(ChoiceDialog(prompt))
        if slot not in (None, CANCELLED):
            self.install(key, upgrade_id, slot)

    def _holds(self, mech, slot: str) -> str:
        choice = mech.upgrades.get(slot)
        upgrade = self.mech_catalogue.upgrade(choice.id) if choice else None
        return f"replaces {upgrade.name}" if upgrade else "empty"

    def install(self, key: str, upgrade_id: str, slot: str) -> None:
        self.edit(f"install {upgrade_id}", lambda roster: self.mcwarrior_adapter.install(roster, key, upgrade_id, slot))
        self.query_one(Inspector).select_row(f"upgrades.{slot}")

    def target_mech(self) -> str | None:
        """The selected mech, or the only one."""
        if self.selected and self.selected.startswith("mechs["):
            return self.selected
        mechs = self.force.mechs
        return "mechs[0]" if len(mechs) == 1 else None

    def action_toggle_warband(self) -> None:
        mode = "skirmish" if self.force.is_warband else "warband"
        self.edit(f"switch to {mode}", lambda roster: self.adapter.choose(roster, SETTINGS, "mode", mode))
