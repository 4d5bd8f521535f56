"""The scenario and attacker asked when the builder starts a battle (Ctrl+B), in plain Python: a stand-in app
answers the choosers and keeps what they offered."""

from __future__ import annotations

from builder.tui.screens.battle_setup import ask_scenario


class Table:
    """Answers each chooser in turn, keeping its prompt."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.asked: list = []

    async def push_screen_wait(self, dialog):
        self.asked.append(dialog.prompt)
        return self.answers.pop(0)


async def test_the_attacker_is_chosen_by_the_players_names():
    """With the players named 'Anna' and 'Ben', the attacker's chooser offered 'We do' and 'Ben' (the
    player-tester's): it names Anna, as 'we do'."""
    table = Table("first-blood", "Ben")
    scenario, play = await ask_scenario(table, "warmachine", ["Anna", "Ben"])
    attacker = table.asked[1]
    assert attacker.title == "First Blood: who attacks (red)?"
    assert [(c.key, c.label, c.detail) for c in attacker.choices] == [("us", "Anna", "we do"), ("Ben", "Ben", "")]
    assert scenario == "first-blood" and play is not None
