"""The journeyman league: standings, each player's stages (army, goals, league points), votes and achievements."""

from __future__ import annotations

from pathlib import Path

from textual import work
from textual.binding import Binding
from textual.content import Content
from textual.widgets import DataTable, Static

from builder.editing.base import Choice
from builder.games.warmachine.league import GOALS, LeagueResult
from builder.games.warmachine.league_edits import add_goal, cast_vote, remove_goal, set_army, set_painted_army
from builder.tui.screens.ledger import LedgerScreen, players_of

GOAL_NAMES = {
    "painted-leader": "Painted a leader",
    "painted-unit": "Painted a unit or solos",
    "painted-cohort": "Painted a cohort model",
    "painted-all-new": "Painted everything new",
    "played-one": "Played a game",
    "played-five": "Played five games",
    "played-each": "Played each other player",
    "themed-terrain": "Made themed terrain (once)",
}
AWARDS = {"artisan": "Best Artisan", "commander": "Best Commander"}
ACHIEVEMENT_NAMES = {
    "best-strategist": "Best Strategist",
    "best-artisan": "Best Artisan",
    "best-commander": "Best Commander",
    "seasoned-veteran": "Seasoned Veteran",
    "battle-hardened": "Battle Hardened",
    "apprentice": "Apprentice",
}


class LeagueScreen(LedgerScreen):
    """Standings on top, the selected player's stages below; keys record goals, armies, painting and votes."""

    HELP_TITLE = "League"
    BINDINGS = [
        Binding("g", "goals", "Goals", tooltip="Tick or untick the selected player's goals in a stage"),
        Binding("a", "army", "Army", tooltip="Name the roster the selected player takes to a stage"),
        Binding("e", "edit_army", "Open army", tooltip="Open one of the selected player's armies in the editor"),
        Binding("p", "painted", "Painted", tooltip="Mark the selected player's army fully painted, or not"),
        Binding("v", "vote", "Vote", tooltip="The selected player's vote for Best Artisan or Best Commander"),
    ]

    def body(self):
        yield DataTable(id="standings", cursor_type="row", zebra_stripes=True)
        yield Static(id="player-detail")

    def progress(self) -> str:
        result: LeagueResult = self.session.result
        return "stages " + "/".join(str(level) for level in result.levels)

    def show(self, result: LeagueResult) -> None:
        table = self.query_one("#standings", DataTable)
        keep = table.cursor_row
        table.clear()
        if not table.columns:
            table.add_columns("Player", "Points", *(f"{level} pts" for level in result.levels), "Awards")
        for player in result.players:
            per_stage = [str(s.league_points) + ("" if s.counts else "*") for s in player.stages]
            per_stage += ["–"] * (len(result.levels) - len(per_stage))
            table.add_row(player.name, str(player.points), *per_stage, str(len(player.achievements)), key=player.name)
        table.move_cursor(row=min(keep, len(result.players) - 1))
        self._show_player()

    def on_data_table_row_highlighted(self) -> None:
        self._show_player()

    def selected(self) -> str:
        """The player whose row is highlighted."""
        table = self.query_one("#standings", DataTable)
        return self.session.ledger.players[max(table.cursor_row, 0)].name

    def _player(self):
        return next(p for p in self.session.ledger.players if p.name == self.selected())

    def _show_player(self) -> None:
        if not self.session.ledger.players:
            return
        player = self._player()
        levels = self.session.result.levels
        standing = next(p for p in self.session.result.players if p.name == player.name)
        awards = ", ".join(ACHIEVEMENT_NAMES.get(a, a) for a in standing.achievements) or "no awards yet"
        lines = [
            Content.assemble(
                (player.name, "bold"),
                " · fully painted army" if player.painted_army else "",
                " · ",
                (awards, "$accent"),
            )
        ]
        for stage, _level in enumerate(levels, start=1):
            army = Path(player.armies[stage - 1]).name if stage <= len(player.armies) else "no army yet"
            goals = player.stages[stage - 1].goals if stage <= len(player.stages) else []
            lines.append(
                Content.assemble(
                    (f"{stage} ", "bold"),
                    (f"{army}  ", "dim"),
                    ", ".join(g.replace("-", " ") for g in goals) or "no goals",
                )
            )
        vote = next((v for v in self.session.ledger.votes if v.voter == player.name), None)
        if vote is not None:
            lines.append(Content(f"Votes: artisan {vote.artisan or '–'}, commander {vote.commander or '–'}"))
        lines.append(
            Content.styled(
                "* a stage that does not count for the minor achievements (no game or no painted model)", "dim"
            )
        )
        self.query_one("#player-detail", Static).update(Content("\n").join(lines))

    def _stages(self, reached: int) -> list[Choice]:
        """The stages a player may record in: those reached and the next one."""
        levels = self.session.result.levels
        return [
            Choice(str(s), f"Stage {s}", f"{levels[s - 1]} points", current=(s == reached))
            for s in range(1, min(reached + 1, len(levels)) + 1)
        ]

    @work(exclusive=True, group="ask")
    async def action_goals(self) -> None:
        player = self._player()
        stage = await self.ask(f"{player.name}: goals of which stage?", self._stages(len(player.stages)))
        while stage is not None:
            player = self._player()
            ticked = player.stages[int(stage) - 1].goals if int(stage) <= len(player.stages) else []
            goal = await self.ask(
                f"{player.name}, stage {stage}: Enter ticks or unticks",
                [Choice(g, GOAL_NAMES[g], current=g in ticked) for g in GOALS],
            )
            if goal is None:
                return
            edit = remove_goal if goal in ticked else add_goal
            self.change(f"{goal} for {player.name}", edit, player.name, int(stage), goal)

    @work(exclusive=True, group="ask")
    async def action_army(self) -> None:
        player = self._player()
        stage = await self.ask(f"{player.name}: army for which stage?", self._stages(len(player.armies)))
        if stage is None:
            return
        current = player.armies[int(stage) - 1] if int(stage) <= len(player.armies) else ""
        path = await self.ask_path(f"{player.name}'s army, stage {stage}", current)
        if path:
            self.change(f"army for {player.name}", set_army, player.name, int(stage), path)

    @work(exclusive=True, group="ask")
    async def action_edit_army(self) -> None:
        player = self._player()
        if not player.armies:
            self.notify(f"{player.name} has no army yet: press a to name one.", timeout=4)
            return
        stage = await self.ask(
            f"Open which of {player.name}'s armies?",
            [Choice(str(s), f"Stage {s}", army) for s, army in enumerate(player.armies, 1)],
        )
        if stage is not None:
            self.open_army(player.armies[int(stage) - 1])

    def action_painted(self) -> None:
        player = self._player()
        self.change(f"painted army of {player.name}", set_painted_army, player.name, not player.painted_army)

    @work(exclusive=True, group="ask")
    async def action_vote(self) -> None:
        voter = self.selected()
        award = await self.ask(f"{voter} votes for", [Choice(a, name) for a, name in AWARDS.items()])
        if award is None:
            return
        others = [p.name for p in self.session.ledger.players if p.name != voter]
        whom = await self.ask(f"{voter}: {AWARDS[award]}", [*players_of(others), Choice("", "Take the vote back")])
        if whom is not None:
            self.change(f"{voter}'s vote", cast_vote, voter, award, whom or None)
