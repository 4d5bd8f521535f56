"""Property test: the Warcaster rules never raise, whatever ids and loadouts a roster holds."""

from __future__ import annotations

import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.games.warcaster.roster import WarcasterRoster, WarcasterUnit
from builder.games.warcaster.rules import RULES
from builder.rules import validate
from tests.test_warcaster_rules import CAT, MINI_PATH

UNKNOWN = ["no-such-thing"]
unit_ids = st.sampled_from(list(CAT.known("unit")) + UNKNOWN)
cortex_ids = st.none() | st.sampled_from(list(CAT.known("cortex")) + UNKNOWN)
slot_ids = st.sampled_from(["left-arm", "right-arm", "shoulder", "left-shoulder", "turret", "hardpoint"])
weapon_ids = st.sampled_from(list(CAT.known("weapon")) + UNKNOWN)
cypher_ids = st.sampled_from(list(CAT.known("cypher")) + UNKNOWN)

units = st.builds(
    WarcasterUnit,
    id=unit_ids,
    cortex=cortex_ids,
    hardpoints=st.dictionaries(slot_ids, weapon_ids, max_size=4),
    attachments=st.lists(unit_ids, max_size=3),
)
rosters = st.builds(
    WarcasterRoster,
    catalogue=st.just(str(MINI_PATH)),
    faction=st.sampled_from(["marcher-worlds", "iron-star-alliance", "no-such-faction"]),
    format=st.sampled_from(["standard", "skirmish", "no-such-format"]),
    rack=st.lists(cypher_ids, max_size=18),
    units=st.lists(units, max_size=24),
)
PATH = re.compile(
    r"^(faction|format|rack|rack\[\d+\]|units|units\[\d+\](\.(id|cortex|hardpoints(\.[a-z0-9-]+)?"
    r"|attachments\[\d+\]))?)$"
)


@settings(max_examples=150, deadline=None)
@given(rosters)
def test_rules_never_raise_and_every_finding_is_well_formed(roster):
    report = validate(roster, CAT)
    for finding in report.findings:
        assert finding.code in RULES.rules
        assert finding.severity in ("error", "warning", "info")
        assert PATH.match(finding.path), finding.path
        assert finding.message
    assert json.loads(json.dumps(report.as_dict())) == report.as_dict()
    assert len(report.totals.as_dict()["unit_dc"]) == len(roster.units)
