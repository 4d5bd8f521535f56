"""The Battle for Port Oldsand: districts and owners, the open round's picks and sieges, warbands and budgets."""

from __future__ import annotations

from pathlib import Path

from textual import work
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import DataTable, Static

from builder.editing.base import Choice
from builder.games.mcwarrior.oldsand import OldsandResult, legal_picks, replay_oldsand, roll_scenario
from builder.games.mcwarrior.oldsand_edits import open_round, record_encounter, set_pick, set_warband
from builder.tui.screens.ledger import LedgerScreen, players_of
from catalog.wording import counted


class OldsandScreen(LedgerScreen):
    """The map as a table of districts, the players beside it; only legal districts are offered for a pick."""

    HELP_TITLE = "Port Oldsand"
    HELP_SIGNS = [
        ("⌂", "a player's starting district"),
        ("Picks", "who picked the district in the open round"),
        ("Siege", "the open round's siege there: who won its encounter, or that it is still to play"),
    ]
    BINDINGS = [
        Binding("n", "new_round", "New round", tooltip="Open the next round"),
        Binding("p", "pick", "Pick", tooltip="Pick a district for a player this round (only legal districts)"),
        Binding("e", "encounter", "Encounter", tooltip="Record who won a siege's encounter"),
        Binding("r", "roll", "Roll scenario", tooltip="Roll the scenario of a siege's encounter"),
        Binding("b", "warband", "Warband", tooltip="Name the warband roster a player fields"),
        Binding("o", "open_warband", "Open warband", tooltip="Open a player's warband in the editor"),
    ]

    def body(self):
        with Horizontal(id="oldsand-body"):
            yield DataTable(id="districts", cursor_type="row", zebra_stripes=True)
            yield Static(id="oldsand-players")

    def progress(self) -> str:
        return counted(len(self.session.ledger.rounds), "round")

    def show(self, result: OldsandResult) -> None:
        ledger = self.session.ledger
        picks = ledger.rounds[-1].picks if ledger.rounds else {}
        sieges = {s.district: s for s in result.rounds[-1].sieges} if result.rounds else {}
        starts = {p.start for p in ledger.players}
        table = self.query_one("#districts", DataTable)
        keep = table.cursor_row
        table.clear()
        if not table.columns:
            table.add_columns("District", "Owner", "Picks", "Siege")  # of the open round (said beside the table)
        for district in result.districts:
            owner = result.owner_of(district) or "–"
            pickers = ", ".join(who for who, d in picks.items() if d == district) or ""
            siege = sieges.get(district)
            state = "" if siege is None else f"{siege.winner} won" if siege.winner else "to play"
            table.add_row(district + (" ⌂" if district in starts else ""), owner, pickers, state, key=district)
        table.move_cursor(row=min(keep, len(result.districts) - 1))
        self.query_one("#oldsand-players", Static).update(self._players_text(result))

    def _players_text(self, result: OldsandResult) -> Content:
        warbands = self.warbands()
        lines = []
        for player in result.players:
            lines.append(Content.assemble((player.name, "bold"), f"  {counted(len(player.districts), 'district')}"))
            lines.append(Content.assemble(("  budget ", "dim"), f"{player.bolts} bolts"))
            warband = warbands.get(player.name)
            lines.append(Content.styled(f"  {Path(warband).name if warband else 'no warband named'}", "dim"))
        if result.winner:
            lines.append(Content.styled(f"\n{result.winner} wins with six districts.", "bold $success"))
        lines.append(
            Content.styled(f"\n⌂ starting district\nPicks, Siege: round {len(self.session.ledger.rounds)}", "dim")
        )
        return Content("\n").join(lines)

    def warbands(self) -> dict[str, str]:
        """The warband each player fields now: the latest one named."""
        ledger = self.session.ledger
        latest = dict(ledger.warbands)
        for rnd in ledger.rounds:
            latest.update(rnd.warbands)
        return latest

    def _open_sieges(self, only_undecided: bool = False):
        result = self.session.result
        if not result.rounds or len(result.rounds) < len(self.session.ledger.rounds):
            return []
        return [s for s in result.rounds[-1].sieges if not (only_undecided and s.winner)]

    def action_new_round(self) -> None:
        self.change("new round", open_round, self.session.base)

    @work(exclusive=True, group="ask")
    async def action_pick(self) -> None:
        ledger = self.session.ledger
        if not self.round_open():
            return
        player = await self.ask(f"Round {len(ledger.rounds)}: who picks?", players_of(p.name for p in ledger.players))
        if player is None:
            return
        before = replay_oldsand(ledger.model_copy(update={"rounds": ledger.rounds[:-1]}), self.session.base)
        owners = {d: before.owner_of(d) for d in before.districts}
        district = await self.ask(
            f"{player} picks a district",
            [
                Choice(
                    d,
                    d,
                    f"held by {owners[d]}: a siege" if owners[d] else "unclaimed",
                    current=ledger.rounds[-1].picks.get(player) == d,
                )
                for d in legal_picks(before, player)
            ],
        )
        if district is not None:
            self.change(f"{player} picks {district}", set_pick, self.session.base, player, district)

    @work(exclusive=True, group="ask")
    async def action_encounter(self) -> None:
        sieges = self._open_sieges()
        if not sieges:
            self.notify("No siege this round.", timeout=3)
            return
        district = await self.ask(
            "Which siege?", [Choice(s.district, s.district, " v ".join(s.players)) for s in sieges]
        )
        if district is None:
            return
        siege = next(s for s in sieges if s.district == district)
        winner = await self.ask(f"Who won at {district}?", players_of(siege.players))
        if winner is not None:
            self.change(f"{winner} wins {district}", record_encounter, self.session.base, district, winner)

    @work(exclusive=True, group="ask")
    async def action_roll(self) -> None:
        sieges = self._open_sieges(only_undecided=True)
        if not sieges:
            self.notify("No encounter to roll for this round.", timeout=3)
            return
        district = await self.ask(
            "Roll the scenario of which siege?", [Choice(s.district, s.district, " v ".join(s.players)) for s in sieges]
        )
        if district is not None:
            roll, scenario = roll_scenario(owned=self.session.result.owner_of(district) is not None)
            self.notify(f"{district}: rolled {roll}: {scenario}", title="Encounter scenario", timeout=10)

    @work(exclusive=True, group="ask")
    async def action_warband(self) -> None:
        player = await self.ask("Whose warband?", players_of(p.name for p in self.session.ledger.players))
        if player is None:
            return
        path = await self.ask_path(f"{player}'s warband", self.warbands().get(player, ""))
        if path:
            self.change(f"{player}'s warband", set_warband, player, path)

    @work(exclusive=True, group="ask")
    async def action_open_warband(self) -> None:
        warbands = self.warbands()
        if not warbands:
            self.notify("No warband named yet: press b to name one.", timeout=4)
            return
        player = await self.ask("Open whose warband?", [Choice(name, name, path) for name, path in warbands.items()])
        if player is not None:
            self.open_army(warbands[player])
