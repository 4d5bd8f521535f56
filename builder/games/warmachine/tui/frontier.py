"""The frontier campaign: each player's claim grid and resources, the open round's moves and games, the winner."""

from __future__ import annotations

from textual import work
from textual.binding import Binding
from textual.containers import Grid as GridLayout
from textual.content import Content
from textual.widgets import Static

from builder.editing.base import Choice
from builder.games.warmachine.frontier import (
    KEY_TERRITORIES,
    NAMED,
    SHORT,
    FrontierResult,
    Grid,
    Spent,
    legal_moves,
    operation,
    recon_dice,
)
from builder.games.warmachine.frontier_edits import frontier_now, open_round, record_game, set_move, set_spent
from builder.tui.screens.ledger import LedgerScreen, players_of
from catalog.wording import counted

SIGNS = [
    ("[Camp  ]", "held"),
    ("·Fort", "may be picked next"),
    ("*Key", "this round's pick"),
    ("[*Key  ]", "this round's pick, now held"),
]
"""The claim grid's signs, explained under the grids and in F1."""


def grid_content(grid: Grid, legal: list[str], picked: str | None) -> Content:
    """A claim grid: held squares [in brackets], the squares the player may pick next ·marked, this round's pick
    *starred* (inside the brackets once it is held); then key territories held and the resource pool."""
    lines = [Content.styled("    a       b       c       d", "dim")]
    for row in "1234":
        cells: list[Content | str | tuple[str, str]] = [(f"{row} ", "dim")]
        for col in "abcd":
            square = f"{col}{row}"
            label = SHORT.get(square, "Key")
            if square == picked and square in grid.controls:
                cells.append((f"[*{label:<5}]", "bold $warning on $primary-muted"))
            elif square == picked:
                cells.append((f"*{label:<6} ", "bold $warning"))
            elif square in grid.controls:
                cells.append((f"[{label:<6}]", "bold $text on $primary-muted"))
            elif square in legal:
                cells.append((f"·{label:<6} ", "$success"))
            else:
                cells.append((f" {label:<6} ", "dim"))
        lines.append(Content.assemble(*cells))
    pool = " · ".join(f"{kind} {count}" for kind, count in grid.resources.items())
    lines.append(Content.assemble(("key territories ", "dim"), str(grid.key_territories)))
    lines.append(Content(pool))
    return Content("\n").join(lines)


def square_choice(square: str) -> Choice:
    if square in KEY_TERRITORIES:
        return Choice(square, f"{square}  key territory", "assault: discards a resource")
    name, resource = NAMED[square]
    return Choice(square, f"{square}  {name}", f"{operation(square)} · makes {resource}")


class FrontierScreen(LedgerScreen):
    """Claim grids side by side; the open round below. Only legal squares are offered for a move."""

    HELP_TITLE = "Frontier campaign"
    HELP_SIGNS = SIGNS
    BINDINGS = [
        Binding("n", "new_round", "New round", tooltip="Open the next round"),
        Binding("m", "move", "Move", tooltip="Pick a player's square this round (only legal squares)"),
        Binding("w", "game", "Game", tooltip="Pair two players for this round's game and record the winner"),
        Binding("s", "spend", "Spend", tooltip="Resources a player spends this round on recon dice and in battle"),
    ]

    def body(self):
        yield GridLayout(id="claim-grids")
        yield Static(id="round-detail")

    def progress(self) -> str:
        return f"round {len(self.session.ledger.rounds)} of 10"

    def show(self, result: FrontierResult) -> None:
        grids = self.query_one("#claim-grids", GridLayout)
        ledger = self.session.ledger
        moves = ledger.rounds[-1].moves if ledger.rounds else {}
        now = self._grids_now() if ledger.rounds and result.winner is None else {}
        panes = list(grids.query(Static))
        if len(panes) != len(ledger.players):
            grids.remove_children()
            panes = [Static(classes="claim-grid") for _ in ledger.players]
            grids.mount_all(panes)
        for pane, grid in zip(panes, result.grids):
            legal = legal_moves(now[grid.name]) if grid.name in now and grid.name not in moves else []
            pane.border_title = Content(grid.name)  # a player's name, never markup
            pane.update(grid_content(grid, legal, moves.get(grid.name)))
        self.query_one("#round-detail", Static).update(self._round_text(result))

    def _grids_now(self) -> dict[str, Grid]:
        """Each player's grid as the open round found it (resources generated)."""
        ledger = self.session.ledger
        return frontier_now(ledger.model_copy(update={"rounds": ledger.rounds[:-1]}))

    def _round_text(self, result: FrontierResult) -> Content:
        legend = Content("\n").join(
            Content.assemble(
                *(part for sign, meaning in SIGNS[i : i + 2] for part in ((sign, "bold"), f" {meaning}   "))
            )
            for i in (0, 2)
        )
        return Content("\n").join([legend, self._round_lines(result)])

    def _round_lines(self, result: FrontierResult) -> Content:
        ledger = self.session.ledger
        if result.winner is not None:
            return Content.styled(f"{result.winner.name} wins: a {result.winner.victory} victory.", "bold $success")
        if not ledger.rounds:
            return Content("No round yet: press n to open the first.")
        last = ledger.rounds[-1]
        r = len(ledger.rounds)
        moves = ", ".join(
            f"{who} → {square}" + (f" (discards {last.assault_cost[who]})" if who in last.assault_cost else "")
            for who, square in last.moves.items()
        )
        lines = [Content.assemble((f"Round {r}  ", "bold"), moves or "no moves yet (m)")]
        for who in ledger.players:
            spent = last.spent.get(who, Spent())
            paid = ", ".join(
                f"{getattr(spent, kind)} {kind}" for kind in ("intel", "supply", "morale") if getattr(spent, kind)
            )
            lines.append(
                Content.assemble(
                    (f"{who}: ", "dim"),
                    counted(recon_dice(spent.intel), "recon die", "recon dice"),
                    f"; spends {paid}" if paid else "",
                )
            )
        played = result.rounds[r - 1] if len(result.rounds) >= r else ()
        for game in played:
            ops = " v ".join(f"{who} ({op or '?'})" for who, op in zip(game.players, game.operations))
            lines.append(
                Content(f"{ops}: {game.scenario or 'scenario when both have moved'}; won by {game.winner or '–'}")
            )
        if not played:
            lines.append(Content.styled("no game paired yet (w)", "dim"))
        return Content("\n").join(lines)

    def action_new_round(self) -> None:
        self.change("new round", open_round, self.session.base)

    @work(exclusive=True, group="ask")
    async def action_move(self) -> None:
        ledger = self.session.ledger
        if not self.round_open():
            return
        player = await self.ask(f"Round {len(ledger.rounds)}: whose move?", players_of(ledger.players))
        if player is None:
            return
        grid = self._grids_now()[player]
        square = await self.ask(f"{player} picks a square", [square_choice(s) for s in legal_moves(grid)])
        if square is None:
            return
        cost = None
        if square in KEY_TERRITORIES:
            cost = await self.ask(
                f"{player} discards for the assault on {square}",
                [Choice(kind, kind, f"holds {count}") for kind, count in grid.resources.items() if count > 0],
            )
            if cost is None:
                return
        self.change(f"{player} → {square}", set_move, player, square, cost)

    @work(exclusive=True, group="ask")
    async def action_game(self) -> None:
        ledger = self.session.ledger
        if not self.round_open():
            return
        first = await self.ask(f"Round {len(ledger.rounds)}: a game between", players_of(ledger.players))
        if first is None:
            return
        second = await self.ask(f"{first} plays", players_of(p for p in ledger.players if p != first))
        if second is None:
            return
        winner = await self.ask(
            f"{first} v {second}: who won?", [*players_of((first, second)), Choice("", "Not played yet")]
        )
        if winner is not None:
            self.change(f"{first} v {second}", record_game, first, second, winner or None)

    @work(exclusive=True, group="ask")
    async def action_spend(self) -> None:
        ledger = self.session.ledger
        if not self.round_open():
            return
        player = await self.ask(f"Round {len(ledger.rounds)}: who spends?", players_of(ledger.players))
        if player is None:
            return
        pool = self._grids_now()[player].resources
        resource = await self.ask(
            f"{player} spends",
            [
                Choice(
                    kind,
                    kind,
                    f"holds {count} this round"
                    + ("; Intel spent on recon adds dice, up to 2" if kind == "intel" else ""),
                )
                for kind, count in pool.items()
            ],
        )
        if resource is None:
            return
        spent = getattr(ledger.rounds[-1].spent.get(player, Spent()), resource)
        amount = await self.ask(
            f"{player} spends how much {resource}?",
            [Choice(str(n), str(n), current=n == spent) for n in range(pool[resource] + 1)],
        )
        if amount is not None:
            self.change(f"{player} spends {amount} {resource}", set_spent, player, resource, int(amount))
