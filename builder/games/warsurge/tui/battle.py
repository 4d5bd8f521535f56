"""Warsurge's battle screen: boxes and models, and in an Advanced game the command points (the Turn Master's roll,
each unit's actions at their doubling cost, where a unit is)."""

from __future__ import annotations

from typing import Any

from textual import work
from textual.binding import Binding
from textual.content import Content

from builder.battles.tracks import UnitState
from builder.editing.base import Choice
from builder.games.warsurge import spending
from builder.games.warsurge.command_points import COUNTED
from builder.games.warsurge.spend_said import undeployed
from builder.games.warsurge.spend_state import Spend
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.screens.battle import BoxesBattle
from builder.tui.screens.battle_keys import BOX_KEYS, RESTORE_KEY, TABLE_KEYS, spent_key
from builder.tui.screens.battle_scenario import SCENARIO_BINDINGS


class WarsurgeBattle(BoxesBattle):
    """`m` rolls the game turn's CP for every player, `a` spends them on the highlighted unit's action, `u` says
    where it is; `n` before `m` asks first."""

    BINDINGS = [
        *BOX_KEYS,
        RESTORE_KEY,
        *TABLE_KEYS,
        spent_key(
            "Each side's command points in full (CP, where each unit is, what it did, the ledger), and the others' lines"
        ),
        Binding("m", "spend_roll", "Roll CP", tooltip="The game turn begins: the Turn Master's CP dice, for everyone"),
        Binding("a", "spend_action", "Action", tooltip="The highlighted unit's action, paid in CP (doubling)"),
        Binding("u", "spend_place", "Place", tooltip="Where the highlighted unit is: reserve, battlefield, embarked"),
        *SCENARIO_BINDINGS,
    ]
    FOOTER_FIRST = (*BoxesBattle.FOOTER_FIRST, "score", "spend_roll", "spend_action", "spend_place")
    """Scoring and each game turn's CP keys stay in a footer too narrow for all (F1 lists every key)."""

    def _state(self) -> Spend | None:
        found = self.session.result.spending
        return found.state if found is not None and isinstance(found.state, Spend) else None

    def unit_tag(self, side: int, state: UnitState) -> tuple[str, str]:
        """Where the unit is, in an Advanced game (whose command points place each unit) once the battle knows where
        the side's units are (`keeps_places`, as the reports say it): on the battlefield or embarked (both give CP),
        in reserve or a casualty."""
        spend = self._advanced()
        known = spend is not None and spending.keeps_places(spend, side)
        place = spending.place_of(spend, side, state.track.index) if spend is not None and known else None
        if place is None:
            return "", ""
        return f"  {spending.PLACE_TAGS[place]}", "$success" if place in COUNTED else "dim"

    def detail_lines(self, state: UnitState) -> list[Content]:
        """The unit in full, and in an Advanced game where it is below its heading: the transport an embarked unit
        is in ("embarked in Ursus APC"), whose name its row has no room for."""
        heading, *rest = super().detail_lines(state)
        spend, chosen = self._advanced(), self.selected()
        if spend is None or chosen is None or not spending.keeps_places(spend, chosen[0]):
            return [heading, *rest]
        return [heading, Content(spending.where_words(spend, chosen[0], state.track.index)), *rest]

    def _advanced(self) -> Spend | None:
        """The command points of a table that plays Advanced (chosen so, or its command points recorded: the CP line
        shows), else None."""
        state = self._state()
        return state if state is not None and state.placing else None

    def time_ran_out(self) -> None:
        """In an Advanced game (chosen so, or whose command points are recorded), offer to pay Time Attack's 1 CP for
        the overrun; elsewhere say the time is up."""
        if self._advanced() is not None:
            self._offer_overrun()
        else:
            super().time_ran_out()

    def action_turn(self, step: int) -> None:
        """The next game turn; in an Advanced game whose game turn's CP dice were not rolled (m), asked first: going
        on gives that game turn's CP up for every player, which nobody means to do unseen (a game over says so)."""
        state = self._advanced()
        unrolled = spending.not_rolled(state) if state is not None else None
        if unrolled is None:
            super().action_turn(step)
        else:
            self._ask_unrolled(step, unrolled)

    @work(exclusive=True, group="ask")
    async def _ask_unrolled(self, step: int, game_turn: int) -> None:
        answer = await self.app.push_screen_wait(
            ConfirmDialog(
                "CP dice not rolled",
                f"Game turn {game_turn}'s CP dice were not rolled (m). Going on gives up its CP for every player: "
                "the Turn Master's dice and 2 for each unit on the battlefield.",
                [("roll", "Roll them now"), ("on", "Next turn without them"), ("cancel", "Cancel")],
            )
        )
        if answer == "roll":
            self.action_spend_roll()
        elif answer == "on":
            super().action_turn(step)

    @work(exclusive=True, group="ask")
    async def _offer_overrun(self) -> None:
        state, result = self._state(), self.session.result
        if state is None:
            return
        sides = [
            Choice(str(n), side.player or side.name, spending.summary(state, n), current=n == self.last_side)
            for n, side in enumerate(result.sides)
        ]
        sides.append(Choice("none", "Nobody pays", "the time ran out on no decision"))
        who = await self.ask(f"Time's up ({self._seconds()} s): who pays Time Attack's 1 CP?", sides)
        if who is not None and who != "none":
            side = result.sides[int(who)]
            self.spend(int(who), {"kind": "overrun"}, f"{side.player or side.name}: over the timer")

    def action_spend_roll(self) -> None:
        state = self._state()
        if state is None:
            return
        roll = spending.roll(self.session.ledger, state)
        rolled = f"the Turn Master rolled {' '.join(map(str, roll))}"
        if self.spend(None, {"kind": "game-turn", "roll": roll}, rolled):  # dice nobody saw: said, with the sum
            gained = f"+{sum(roll)} CP each, and 2 more for each unit on the battlefield"
            now = self._state()
            hint = f". {undeployed('u places the highlighted unit')}" if now and spending.rolled_undeployed(now) else ""
            self.notify(f"{rolled[0].upper()}{rolled[1:]}: {gained}{hint}", title="Game turn")

    @work(exclusive=True, group="ask")
    async def action_spend_action(self) -> None:
        chosen, state = self.selected(), self._state()
        if chosen is None or state is None:
            return
        side, index = chosen
        if state.rolled < state.game_turn:  # said with this screen's key, not the command line's
            turn = state.game_turn
            self.notify(f"Game turn {turn} has no CP yet: roll the Turn Master's dice first (m).", severity="error")
            return
        moment = self.session.ledger.moment()
        offered = [Choice(*action) for action in spending.actions(state, side, index, moment)]  # a refused one: said
        action = await self.ask(f"{self.session.track(side, index).name}: which action?", offered)
        if action is not None:
            counter, _, name = action.rpartition(":")
            event = {"kind": "action", "unit": index, "action": name} | ({"counter": True} if counter else {})
            said = next(choice.label for choice in offered if choice.key == action)  # "Counter Perk", "Move"
            self.spend(side, event, f"{self.session.track(side, index).name}: {said}")

    @work(exclusive=True, group="ask")
    async def action_spend_place(self) -> None:
        chosen, state = self.selected(), self._state()
        if chosen is None or state is None:
            return
        side, index = chosen
        name = self.session.track(side, index).name
        places = [Choice(where, where) for where in spending.place_choices(state, side, index)]
        where = await self.ask(f"Where is {name}?", places)
        if where is None:
            return
        event: dict[str, Any] = {"kind": "place", "unit": index, "where": where}
        if where == "embarked":
            own, offered = state.sides[side].carriers.get(index), spending.boardable(state, side, index)
            mine = own.index if own is not None else None
            into = str(offered[0][0]) if len(offered) == 1 else None  # asked unless one transport alone can take it
            if into is None:
                choices = [
                    Choice(str(t), it, "its roster's" if t == mine else "", current=t == mine) for t, it in offered
                ]
                into = await self.ask(f"Which transport does {name} board?", choices)
                if into is None:
                    return
            event |= {} if int(into) == mine else {"transport": int(into)}
        self.spend(side, event, f"placed: {where}")
