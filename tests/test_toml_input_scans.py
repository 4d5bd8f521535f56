"""The scans of parsed data for control characters and long numbers, as plain functions: the quick search that
answers "none" for most data finds what the located search finds, keys, one-line keys' subtrees, the characters
`allowed` and nesting included."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catalog.toml_input import control_characters, long_number

CHARS = st.sampled_from(list("ab \n\t\r\x1b\x7f\x85\u202e\u2028"))
TEXT = st.text(CHARS, max_size=4)
KEY_TEXT = st.text(CHARS, min_size=1, max_size=4)  # an empty key would be located at "" by either search
KEYS = st.one_of(KEY_TEXT, st.sampled_from(["name", "id", "faction", "notes"]))
SCALARS = st.one_of(TEXT, st.integers(), st.booleans(), st.just(10**30), st.just(-(10**31)), st.floats(allow_nan=False))
DATA = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(KEYS, inner, max_size=3)),
    max_leaves=12,
)


def located(data: object, allowed: str) -> list[str]:
    """What the located search alone says (it runs under any `where`), with that `where` taken off again."""
    return [problem[1:].removeprefix(".") for problem in control_characters(data, "r", allowed)]


@settings(max_examples=300, deadline=None)
@given(DATA, st.sampled_from(["\n\t", "\n", ""]))
def test_the_quick_search_finds_what_the_located_search_finds(data, allowed):
    assert control_characters(data, allowed=allowed) == located(data, allowed)


@pytest.mark.parametrize(
    ("data", "allowed", "found"),
    [
        ({"notes": "two\nlines\tand a tab"}, "\n\t", []),
        (
            {"units": [{"notes": "ok\n", "name": "two\nlines"}]},
            "\n\t",
            ["units[0].name: holds the control character \\x0a"],
        ),
        ({"name": {"deep": ["tab\t"]}}, "\n\t", ["name.deep[0]: holds the control character \\x09"]),
        ({"k\x1bey": 1}, "\n\t", ["k\\x1bey: the key holds the control character \\x1b"]),
        ({"notes": "a\tb"}, "", ["notes: holds the control character \\x09"]),
        (["\u202e"], "\n\t", ["[0]: holds the control character \\u202e"]),
    ],
)
def test_a_control_character_is_found_where_it_is(data, allowed, found):
    assert control_characters(data, allowed=allowed) == [f"{where}, which no catalogue text needs" for where in found]


def test_a_long_number_is_found_where_it_is_and_a_bool_is_no_number():
    assert long_number({"a": [1, {"b": True, "c": -(10**30)}]}) == "a[1].c"
    assert long_number({"a": [10**30 - 1, True, 2.5e40, "9" * 40]}) is None
    assert long_number(10**30) == "(top level)"
