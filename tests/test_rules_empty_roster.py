"""An empty roster of any game is a warning (legal while it is built, not something to play); `validate` exits 0
for it unless another rule is broken (a Warmachine army still needs its Leader)."""

from __future__ import annotations

import json
import re

import pytest

from builder.cli import main
from tests.conftest import EXAMPLES

EMPTY = [
    ("warcaster-marcher-worlds.toml", "units", "warcaster/no-units", 0),
    ("warsurge-499.toml", "units", "warsurge/no-units", 0),
    ("mcwarrior-rustbucket.toml", "mechs", "mcwarrior/no-mechs", 0),
    ("warmachine-example.toml", "units", "warmachine/no-units", 1),
]


def emptied(example: str, entries: str, folder) -> str:
    """The example with every [[entries]] table taken out (its header and settings kept)."""
    text = (EXAMPLES / example).read_text(encoding="utf-8")
    text = re.split(rf"^\[\[{entries}(?:\.|\]\])", text, flags=re.M)[0]
    path = folder / example
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("example", "entries", "code", "status"), EMPTY)
def test_an_empty_roster_warns(tmp_path, capsys, example, entries, code, status):
    assert main(["validate", emptied(example, entries, tmp_path), "--json"]) == status
    findings = json.loads(capsys.readouterr().out)["findings"]
    empty = [(f["severity"], f["path"]) for f in findings if f["code"] == code]
    assert empty == [("warning", entries)]


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.toml")))
def test_a_roster_with_entries_does_not_warn_it_is_empty(capsys, example):
    main(["validate", str(EXAMPLES / example), "--json"])
    codes = {f["code"] for f in json.loads(capsys.readouterr().out)["findings"]}
    assert not codes & {code for _, _, code, _ in EMPTY}


def test_a_warmachine_army_of_only_its_leader_warns(tmp_path, capsys):
    text = (EXAMPLES / "warmachine-example.toml").read_text(encoding="utf-8")
    head, *tables = re.split(r"^(?=\[\[units\]\])", text, flags=re.M)
    path = tmp_path / "leader-only.toml"
    path.write_text(head + tables[0], encoding="utf-8")  # the example's first entry is its Leader
    assert main(["validate", str(path), "--json"]) == 0
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["code"], f["severity"]) for f in findings] == [("warmachine/no-units", "warning")]
