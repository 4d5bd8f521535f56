"""A Warmachine entry's weapons and hardpoints edited as TOML lines, a table at a time, not as one line."""

from __future__ import annotations

import pytest

from builder.catalogues import load_catalogue
from builder.editing.catalogue_form import FieldSpec, FieldValueError, kinds_of, parse_value
from builder.editing.toml_tables import parse_table_lines, table_lines
from builder.game import GAMES


def spec_of(key: str):
    entries = next(k for k in kinds_of(GAMES["warmachine"].catalogue_model) if k.key == "entries")
    return next(f for f in entries.fields if f.key == key)


@pytest.mark.parametrize("key", ["weapons", "hardpoints"])
def test_an_entrys_tables_come_back_as_they_were(key):
    entry = next(e for e in load_catalogue("warmachine-example").entries if getattr(e, key))
    value = [item.model_dump(exclude_defaults=True, by_alias=True) for item in getattr(entry, key)]
    text = table_lines(key, value)
    assert text.startswith((f"[[{key}]]\nid = ", f"[[{key}]]\nname = "))
    assert text.count(f"[[{key}]]") == len(value)
    assert parse_table_lines(spec_of(key), text) == value


def test_a_mistake_names_its_line_and_a_table_of_another_key_is_refused():
    with pytest.raises(FieldValueError, match=r"weapons: not valid TOML: .*line 3"):
        parse_table_lines(spec_of("weapons"), '[[weapons]]\nname = "Axe"\nkind = melee\n')
    with pytest.raises(FieldValueError, match=r"each table starts with \[\[weapons\]\]"):
        parse_table_lines(spec_of("weapons"), '[[weapon]]\nname = "Axe"\n')
    assert parse_table_lines(spec_of("weapons"), "") == []


@pytest.mark.parametrize(
    ("parse", "text"),
    [
        (lambda text: parse_table_lines(spec_of("weapons"), text), "[[weapons]]\nrng = " + "9" * 5_000 + "\n"),
        (lambda text: parse_table_lines(spec_of("weapons"), text), "[[weapons]]\nrng = " + "9_" * 2_500 + "9\n"),
        (lambda text: parse_value(FieldSpec("tags", "", "toml", False), text), "[" + "9" * 5_000 + "]"),
        (lambda text: parse_value(FieldSpec("tags", "", "ids", False), text), "[" + "9_" * 2_500 + "9]"),
    ],
    ids=["table-lines", "table-lines-underscores", "toml-field", "ids-field-underscores"],
)
def test_a_number_no_catalogue_needs_is_one_line_in_the_form_not_a_crash(parse, text):
    """Python refuses to read an integer of more than 4,300 digits with a ValueError that is no TOML error: typed
    or pasted into the form it went past the form's handler and ended the app."""
    with pytest.raises(FieldValueError, match="a number of more than 30 digits") as refused:
        parse(text)
    assert len(str(refused.value)) < 100


def test_a_table_of_another_key_is_quoted_short():
    with pytest.raises(FieldValueError) as refused:
        parse_table_lines(spec_of("weapons"), "x" * 100_000 + " = 1\n")
    assert len(str(refused.value)) < 200
