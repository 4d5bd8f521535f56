"""The keys of a battle at the table: those of units that lose boxes and models, and those of the table as a whole
(each game's battle screen binds them beside its own)."""

from __future__ import annotations

from textual.binding import Binding

BOX_KEYS = [
    Binding("minus", "take(1)", "Damage", tooltip="The highlighted unit takes 1 damage (HP, DMG box)"),
    Binding("plus,equals_sign", "take(-1)", "Heal", tooltip="Give the highlighted unit 1 damage back"),
    Binding("c", "casualty", "Casualty", tooltip="Remove a model of the highlighted unit"),
    Binding("b", "bring_back", "Model back", tooltip="Bring the last removed model back"),
]
"""Keys for units that lose boxes and models (every game but McWarrior, whose mechs lose parts)."""
RESTORE_KEY = Binding("r", "restore", "Restore unit", tooltip="The highlighted unit back as it started")
TABLE_KEYS = [
    Binding("n", "turn(1)", "Next turn", tooltip="On to the next turn (the next player's, where the game has them)"),
    Binding(
        "tab", "side(1)", "Next side", show=False, tooltip="The next side's units (one at a time at a crowded table)"
    ),
    Binding("shift+tab", "side(-1)", "Previous side", show=False, tooltip="The previous side's units"),
    Binding("d", "dice", "Dice", tooltip="Roll dice (7d6, 2d6+1) or Warsurge's scatter arrow"),
    Binding("k", "share", "Share", tooltip="The battle as it stands as a code and QR, for the opponent's Warbench"),
]
"""Keys for the table as a whole, after the units' own (then `s`, in the game's words: `spent_key`)."""


def spent_key(what: str) -> Binding:
    """`s`: what each side's turns spent, `what` saying it in the game's own words (a hand is Warcaster's, command
    points Warsurge's)."""
    return Binding("s", "spent", "Spent", tooltip=what)


SPENT_KEY = spent_key("What a side's turns spent in full (the side whose turn it is), and the others' lines")
"""`s` where the game says nothing of its own (a game that tracks nothing a turn spends has no `s`)."""
