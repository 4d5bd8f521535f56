"""Text laid out for the width it is drawn at: a list's items wrapped under their own words, not back at the margin
(the narrative's orders at 80 columns), and the help's keys beside what they do."""

from __future__ import annotations

from builder.tui.dialogs.help import KeyTableText
from builder.tui.widgets.text import Hanging

ORDERS = [
    "Director's orders (from beacon.turn.toml):",
    "1. P1 Dyke Patrol (Guard (Patrol)): patrols to H4",
    "     - Patrol: at E1; the next square of its route (E1 > H4 > E7) is H4, step 2 of 3",
]


def test_each_wrapped_row_hangs_under_the_words_after_its_marker():
    assert Hanging(ORDERS).fit(40).plain.split("\n") == [
        "Director's orders (from",
        "beacon.turn.toml):",
        "1. P1 Dyke Patrol (Guard (Patrol)):",
        "   patrols to H4",
        "     - Patrol: at E1; the next square of",
        "       its route (E1 > H4 > E7) is H4,",
        "       step 2 of 3",
    ]
    assert str(Hanging(ORDERS)) == "\n".join(ORDERS)


def test_the_help_lays_out_keys_right_aligned_and_what_they_do_wrapped_beside_them():
    table = [
        ("Everywhere", [("Ctrl+S", "Save"), ("F1 / ?", "List every key, by where it works, with what each does")]),
        ("Lists", [("↑ ↓ PgUp PgDn Home End", "Move in a list")]),
    ]
    assert KeyTableText(table).fit(50).plain.split("\n") == [
        "Everywhere",
        "          Ctrl+S  Save",
        "          F1 / ?  List every key, by where it",
        "                  works, with what each does",
        "",
        "Lists",
        "↑ ↓ PgUp PgDn Home End",
        "                  Move in a list",
    ]
