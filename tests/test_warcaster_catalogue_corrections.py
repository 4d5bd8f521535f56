"""The reviewed name corrections reach the bundled Warcaster catalogue, which says so; BattleScribe ids ride along."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from builder.catalogues import read_catalogue_file
from builder.roster.files import parse_roster
from catalog.errors import CatalogueError
from catalog.paths import BUNDLED_DIR

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from warcaster_from_bsdata import CHANGES, REVISION

from builder.games.warcaster.bsdata_catalogue import correction_note, load_corrections

BS_ID = re.compile(r"[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}")


@pytest.fixture(scope="module")
def cat():
    return read_catalogue_file(BUNDLED_DIR / "warcaster-nm.toml")


def every_name(cat) -> set[str]:
    kinds = ("factions", "rules", "weapons", "cortexes", "units", "cyphers")
    return {entry.name for kind in kinds for entry in getattr(cat, kind)}


def test_every_correction_is_applied_and_no_wrong_name_is_left(cat):
    corrections = load_corrections()
    assert corrections["Aporopaic Reactor (Spike)"] == "Apotropaic Reactor (Spike)"
    assert corrections["Arc Distuptor (Charge)"] == "Arc Disruptor (Charge)"
    names = every_name(cat)
    assert not set(corrections) & names
    assert set(corrections.values()) <= names
    assert cat.rule("apotropaic-reactor-spike").name == "Apotropaic Reactor (Spike)"


def test_the_catalogue_says_which_names_were_corrected(cat):
    assert correction_note(load_corrections()) in cat.notes
    assert cat.revision == REVISION == 3
    assert [(c.revision, c.note) for c in cat.changes] == [(2, CHANGES[0]["note"]), (3, CHANGES[1]["note"])]


def test_every_correction_says_why(tmp_path):
    bad = tmp_path / "corrections.toml"
    bad.write_text('[[corrections]]\nwrong = "Foo"\nright = "Bar"\nwhy = " "\n', encoding="utf-8")
    with pytest.raises(CatalogueError, match="exactly wrong, right and why"):
        load_corrections(bad)


def test_a_roster_saved_against_revision_1_loads_and_says_what_changed():
    text = (
        'warbench = 1\ngame = "warcaster"\ncatalogue = "warcaster-nm"\ncatalogue_revision = 1\n'
        'faction = "marcher-worlds"\nrack = []\n\n[[units]]\nid = "astreus-aeon-of-the-first-magnitude"\n'
    )
    loaded = parse_roster(text)
    assert loaded.roster.units[0].id == "astreus-aeon-of-the-first-magnitude"
    assert loaded.notes == [
        "catalogue 'warcaster-nm' has changed since this roster was saved (revision 1 → 3)",
        f"revision 2: {CHANGES[0]['note']}",
        f"revision 3: {CHANGES[1]['note']}",
    ]


def test_units_options_cortexes_and_cyphers_carry_battlescribe_ids(cat):
    assert all(BS_ID.fullmatch(unit.bs_id) for unit in cat.units)
    assert all(BS_ID.fullmatch(o.bs_id) for u in cat.units for h in u.hardpoints for o in h.options)
    assert all(c.bs_ids and all(BS_ID.fullmatch(i) for i in c.bs_ids) for c in cat.cortexes)
    assert all(BS_ID.fullmatch(c.bs_id) for c in cat.cyphers)
    assert len({unit.bs_id for unit in cat.units}) == len(cat.units)
    assert cat.unit("dusk-wolf").bs_id == "c9ff-4d93-b27c-d56b"
