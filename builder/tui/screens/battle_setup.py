"""A new battle's scenario asked in the builder (Ctrl+B): none, the game's guided set-up, or one of its book's, and
the attacker where the scenario needs one."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pydantic import ValidationError

from builder.editing.base import Choice, ChoicePrompt
from builder.game import game
from builder.game_parts import SetupFlow
from builder.scenarios.setup import BattleSetup, new_play
from builder.tui.dialogs.choice import CANCELLED, ChoiceDialog
from builder.tui.dialogs.confirm import ConfirmDialog
from catalog.errors import WarbenchError

if TYPE_CHECKING:
    from builder.scenarios.record import ScenarioPlay
    from catalog.scenarios import Scenario


async def ask_scenario(
    app,
    game_id: str,
    players: list[str] | None = None,
    point_limit: int = 1000,
    forces: tuple[str | None, ...] = (),
) -> tuple[str | None, ScenarioPlay | None] | None:
    """Ask which scenario a new battle is played under ("None" first, and the game's guided set-up where it has
    one), and for the attacker when the scenario needs one: (scenario id or None, its play record or None), or None
    on Escape. A scenario played with another force format than a side's (`forces`, in seat order: skirmish,
    standard, or None where the game has none) is refused in the chooser, saying whose. Await it in a worker."""

    book, flow = game(game_id).scenarios, game(game_id).setup
    names = players or ["Us", "Opponent"]

    guided = (Choice(GUIDED, "Guided set-up", "the book's steps; what you leave to the dice is rolled"),)
    choices = (
        Choice("none", "No scenario", "points left decide"),
        *(guided if flow is not None else ()),
        *(
            Choice(s.id, s.name, f"{s.group} · {s.force} forces only" if s.force else s.group, unfit(s, names, forces))
            for s in book.scenarios
            if s.players[0] <= len(names) <= s.players[1]
        ),
    )
    prompt = ChoicePrompt("Play under which scenario?", choices, refused=True)
    answer = await app.push_screen_wait(ChoiceDialog(prompt))
    if answer == CANCELLED:
        return None
    if answer == "none":
        return None, None
    if answer == GUIDED and flow is not None:
        return await _guided(app, flow, names, point_limit)
    scenario = next(s for s in book.scenarios if s.id == answer)
    no_mercy = False
    if scenario.win.mercy_optional:  # the players may agree to leave it out (Warcaster's skirmish missions)
        mercy = await app.push_screen_wait(ChoiceDialog(ChoicePrompt(f"{scenario.name}: the mercy rule?", MERCY)))
        if mercy == CANCELLED:
            return None
        no_mercy = mercy == "out"
    if not scenario.needs_attacker and game(game_id).turns.first != "attacker":  # Warmachine: red goes first
        return answer, new_play(names, no_mercy=True) if no_mercy else None
    sides = (Choice("us", names[0], "we do"), *(Choice(name, name) for name in names[1:]))
    question = ChoicePrompt(f"{scenario.name}: who attacks (red)?", sides)
    attacker = await app.push_screen_wait(ChoiceDialog(question))
    if attacker == CANCELLED:
        return None
    return answer, new_play(names, attacker=attacker, no_mercy=no_mercy)


MERCY = (
    Choice("keep", "Keep it", "a player with no models in play loses at once"),
    Choice("out", "Leave it out", "as the players agree: such a player plays on"),
)
"""The mercy rule kept or left out, asked where the scenario lets the players agree (a skirmish mission)."""


GUIDED = "guided-setup"


def unfit(scenario: Scenario, names: list[str], forces: tuple[str | None, ...]) -> str:
    """Why a side cannot play the scenario with its roster, by the force format each brings ("" where all can)."""
    for name, force in zip(names, forces, strict=False):
        if scenario.force is not None and force not in (None, scenario.force):
            return f"it is played with {scenario.force} forces, and {name} brings a {force} force"
    return ""


async def _guided(
    app, flow: SetupFlow, players: list[str], point_limit: int
) -> tuple[str | None, ScenarioPlay | None] | None:
    """The game's set-up steps as choosers, then its card (start the battle, roll again, or cancel)."""
    answers: dict[str, str] = {}
    for key, prompt in flow.questions():
        answer = await app.push_screen_wait(ChoiceDialog(prompt))
        if answer in (None, CANCELLED):
            return None
        answers[key] = str(answer)
    while True:
        try:
            card = flow.card_from(answers, players, point_limit, random.Random())
            setup = BattleSetup.model_validate(card.data["battle"])
        except (WarbenchError, ValidationError) as exc:
            app.notify(str(exc), title="Cannot set up", severity="error", timeout=8)
            return None
        verdict = await app.push_screen_wait(
            ConfirmDialog(
                "Set-up card",
                "\n".join(card.short),
                [("start", "Start the battle"), ("again", "Roll again"), ("cancel", "Cancel")],
            )
        )
        if verdict == "start":
            return setup.scenario, setup.applied_to(new_play(players))
        if verdict != "again":
            return None
