"""The unit a Warmachine attachment joins travels in a share code, and every older code still reads as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
import tomli_w

from builder.catalogues import load_catalogue
from builder.games.warmachine.roster import WarmachineRoster
from builder.roster.files import read_roster
from builder.rules import validate
from exports.share import decode_share_code, encode_roster
from exports.share.errors import ShareCodeError
from tests.conftest import EXAMPLES
from tests.warmachine_attachments import FOREMAN, with_foreman

OLD_FOREMAN = {key: value for key, value in FOREMAN.items() if key != "joins"}
"""The foreman as a catalogue wrote it before attachments said what they join."""
OLD_PLAIN = "U4FXBGTRZMMSDRMHEAE2MACDUMLGEQYCPFUTYAJ4EAAUKA"
OLD_PROFILES = (
    "GFVK23MRZMMSDRMHEAE2MACDUMLGEQYACHKXRU2EKAETMRIGMK2XQ4DQDSVQSL2NGPIEW36KEVLALCGRGG6J7HULRQGB2QC4MXD6D2XIKDYNJRREQ"
    "HRUIKHXKRUEGWEKSC7FDD4QXWNJVECMKCZFDCUAVIOCWKSVSIJYD4MQB2D3EG7CJZRGQPBMVNAXDE7UTJLZFA4MDHLPAR2C3QRLXOURLCNYATQ6A"
    "QOUKBDKAAQWSRKJIDCMZRJIZDENCKKWW2QAJ4WSPABHQQACRIA"
)
"""Codes Warbench wrote before this change (commit 3de55d5) of the army below, on that catalogue: plain, and with
its profiles."""
OLD_EXAMPLE = "3EIWYKLFIXJ3L5DBD3C35RURBTUPPVUST3ASAAUYRWEUCQMCIKA"
"""The bundled example army's code before this change."""


def install(home: Path, catalogue_id: str, foreman: dict) -> None:
    data = load_catalogue("warmachine-example").model_dump(by_alias=True, exclude_unset=True)
    data["id"] = catalogue_id
    data["entries"] = [*data["entries"], foreman]
    (home / "catalogues").mkdir(exist_ok=True)
    (home / "catalogues" / f"{catalogue_id}.toml").write_text(tomli_w.dumps(data), encoding="utf-8")


def army(catalogue_id: str, name: str, **foreman) -> WarmachineRoster:
    units = [{"id": "commander-ysolde-varr"}, {"id": "rivetgun-squad"}, {"id": "rivetgun-foreman", **foreman}]
    return WarmachineRoster.model_validate({"catalogue": catalogue_id, "name": name, "points": 78, "units": units})


@pytest.mark.parametrize("profiles", [False, True])
def test_the_unit_an_attachment_joins_travels_in_the_code(isolated_home, profiles):
    install(isolated_home, "wm-foreman", FOREMAN)
    catalogue = load_catalogue("wm-foreman")
    roster = army("wm-foreman", "Joined", attached_to=1)
    arrived = decode_share_code(encode_roster(roster, catalogue, profiles=profiles)).roster
    assert [u.attached_to for u in arrived.units] == [None, None, 1]
    assert validate(arrived, with_foreman()).findings == ()


def test_an_illegal_join_travels_in_the_general_form(isolated_home):
    install(isolated_home, "wm-foreman", FOREMAN)
    roster = army("wm-foreman", "Draft", attached_to=7)
    roster.units[1].attached_to = 0  # a squad is no attachment: still kept, for the rule to find
    arrived = decode_share_code(encode_roster(roster, load_catalogue("wm-foreman"), profiles=False)).roster
    assert [u.attached_to for u in arrived.units] == [None, 0, 7]


@pytest.mark.parametrize("code", [OLD_PLAIN, OLD_PROFILES], ids=["plain", "profiles"])
def test_an_older_code_reads_and_its_lone_attachment_is_found_not_dropped(isolated_home, code):
    install(isolated_home, "wm-old-attach", OLD_FOREMAN)
    loaded = decode_share_code(code)
    assert [u.id for u in loaded.roster.units] == ["commander-ysolde-varr", "rivetgun-squad", "rivetgun-foreman"]
    assert loaded.roster.units[2].attached_to is None
    assert [(f.code, f.path) for f in validate(loaded.roster, loaded.catalogue).findings] == [
        ("warmachine/attachment", "units[2].attached_to")
    ]
    assert encode_roster(army("wm-old-attach", "Old"), load_catalogue("wm-old-attach"), profiles=False) == OLD_PLAIN


def test_a_catalogue_without_joins_keeps_its_codes_and_refuses_a_join_it_cannot_say(isolated_home):
    example = read_roster(EXAMPLES / "warmachine-example.toml")
    assert encode_roster(example.roster, example.catalogue) == OLD_EXAMPLE
    install(isolated_home, "wm-old-attach", OLD_FOREMAN)
    with pytest.raises(ShareCodeError, match=r"units\[2\].attached_to: catalogue 'wm-old-attach' names no unit"):
        encode_roster(army("wm-old-attach", "Old", attached_to=1), load_catalogue("wm-old-attach"), profiles=False)
