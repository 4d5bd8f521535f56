"""Up and Down on a number field of the catalogue editor's form, without a screen: the text they leave (the keys
reaching a field are tests/test_tui_catalogue_editor.py)."""

from __future__ import annotations

from builder.editing.catalogue_form import kinds_of, stepped
from builder.game import GAMES


def unit(key: str):
    """A field of a Warsurge unit's form (worked out when a test asks, not as each worker collects)."""
    return {f.key: f for f in kinds_of(GAMES["warsurge"].catalogue_model)[1].fields}[key]


def test_a_whole_number_steps_by_one_each_way():
    assert stepped(unit("move"), "6", 1) == "7"
    assert stepped(unit("move"), stepped(unit("move"), "7", 1) or "", -1) == "7"


def test_a_save_steps_and_is_written_as_the_game_writes_it():
    assert stepped(unit("armour"), "4+", 1) == "5+"
    assert stepped(unit("armour"), "5+", -1) == "4+"


def test_a_decimal_steps_to_the_decimal_without_float_noise():
    assert stepped(unit("points"), "4.15", -1) == "3.15"
    assert stepped(unit("points"), "12.5", 1) == "13.5"


def test_text_that_is_not_a_number_is_not_stepped():
    assert stepped(unit("move"), "six", 1) is None
