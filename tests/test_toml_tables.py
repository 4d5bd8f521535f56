"""A Warmachine entry's weapons and hardpoints edited as TOML lines, a table at a time, not as one line."""

from __future__ import annotations

import pytest

from builder.catalogues import load_catalogue
from builder.editing.catalogue_form import FieldValueError, kinds_of
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
    with pytest.raises(FieldValueError, match=r"weapons: not TOML \(.*line 3"):
        parse_table_lines(spec_of("weapons"), '[[weapons]]\nname = "Axe"\nkind = melee\n')
    with pytest.raises(FieldValueError, match=r"each table starts with \[\[weapons\]\]"):
        parse_table_lines(spec_of("weapons"), '[[weapon]]\nname = "Axe"\n')
    assert parse_table_lines(spec_of("weapons"), "") == []
