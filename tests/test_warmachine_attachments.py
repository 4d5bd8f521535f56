"""Editing a Warmachine attachment without a screen: the unit it joins chosen in the inspector, refused units with
their reasons, and every attachment kept on its unit while entries are added, copied and removed."""

from __future__ import annotations

from builder.editing.stepping import SETTINGS
from builder.games.warmachine.editing import WarmachineAdapter
from builder.games.warmachine.roster import WarmachineRoster
from builder.rules import validate
from tests.warmachine_attachments import with_foreman

CAT = with_foreman()


def army(*ids: str) -> WarmachineRoster:
    return WarmachineRoster.model_validate(
        {"catalogue": "warmachine-example", "points": 100, "units": [{"id": i} for i in ids]}
    )


def codes(roster: WarmachineRoster) -> list[tuple[str, str]]:
    return [(f.code, f.path) for f in validate(roster, CAT).findings]


def test_choosing_the_unit_an_attachment_joins():
    adapter = WarmachineAdapter(CAT)
    roster = army("commander-ysolde-varr", "rivetgun-squad", "dockside-wardens", "rivetgun-squad")
    key = adapter.add(roster, "rivetgun-foreman")
    assert roster.units[4].attached_to is None  # two squads it may join: the player chooses
    assert codes(roster) == [("warmachine/attachment", "units[4].attached_to")]
    row = next(r for r in adapter.inspect(roster, key).rows if r.key == "attached_to")
    assert (row.label, row.value, row.clearable) == ("Joins", "— choose a unit —", False)
    prompt = adapter.choices(roster, key, "attached_to")
    assert [(c.key, c.label, c.reason) for c in prompt.choices] == [
        ("0", "Commander Ysolde Varr (unit 1)", "a Rivetgun Foreman joins only a Rivetgun Squad"),
        ("1", "Rivetgun Squad (unit 2)", ""),
        ("2", "Dockside Wardens (unit 3)", "a Rivetgun Foreman joins only a Rivetgun Squad"),
        ("3", "Rivetgun Squad (unit 4)", ""),
    ]
    adapter.choose(roster, key, "attached_to", "3")
    assert roster.units[4].attached_to == 3 and codes(roster) == []
    assert next(r for r in adapter.inspect(roster, key).rows if r.key == "attached_to").value == (
        "Rivetgun Squad (unit 4)"
    )
    lines = {line.key: line.summary for line in adapter.lines(roster)}
    assert lines["units[4]"] == "attachment · joined to Rivetgun Squad (unit 4)"
    assert lines["units[3]"] == "unit · with Rivetgun Foreman"
    second = adapter.duplicate(roster, key)  # a second foreman on the same squad: refused there, with the reason
    reasons = {c.key: c.reason for c in adapter.choices(roster, second, "attached_to").choices}
    assert reasons["3"] == "already has a Rivetgun Foreman (unit 5): one of each kind" and reasons["1"] == ""
    adapter.clear(roster, second, "attached_to")
    assert roster.units[5].attached_to is None


def test_a_lone_squad_is_joined_at_once_and_attachments_follow_their_units():
    adapter = WarmachineAdapter(CAT)
    roster = army("rivetgun-squad", "dockside-wardens")
    adapter.add(roster, "rivetgun-foreman")
    assert roster.units[2].attached_to == 0
    adapter.choose(roster, SETTINGS, "leader", "commander-ysolde-varr")  # the leader goes first: all move down
    assert roster.units[0].id == "commander-ysolde-varr" and roster.units[3].attached_to == 1
    adapter.duplicate(roster, "units[0]")
    assert roster.units[4].attached_to == 2 and roster.units[2].id == "rivetgun-squad"
    adapter.remove(roster, "units[1]")
    assert roster.units[3].attached_to == 1 and roster.units[1].id == "rivetgun-squad"
    adapter.remove(roster, "units[1]")  # the squad leaves: its foreman stays, joined to nothing, and is found
    assert [u.id for u in roster.units] == ["commander-ysolde-varr", "dockside-wardens", "rivetgun-foreman"]
    assert roster.units[2].attached_to is None
    assert ("warmachine/attachment", "units[2].attached_to") in codes(roster)
