"""BattleScribe data a stranger made: cycles, deep nesting, missing attributes and impossible numbers are one
located line each (exit 2), and nothing is written."""

from __future__ import annotations

import pytest

from catalog.paths import installed_catalogue_dir
from tests.test_warcaster_bsdata_import import edit, run, unpacked

GST = "Warcaster_Neo-Mechanika.gst"
CAT = "Marcher_Worlds.cat"
DUSK_WOLF = '<selectionEntry id="c9ff-4d93-b27c-d56b" name="Dusk Wolf"'
LOOP = (
    '<selectionEntry id="loop-0000" name="Loop" type="upgrade"><entryLinks>'
    '<entryLink id="loop-link" name="Loop" targetId="loop-0000" type="selectionEntry"/></entryLinks></selectionEntry>'
)


def cycle(files):
    edit(files[GST], "<sharedSelectionEntries>", "<sharedSelectionEntries>", "<sharedSelectionEntries>" + LOOP)
    edit(files[CAT], "<entryLink", 'targetId="3b72-5fc5-a159-1429"', 'targetId="loop-0000"')
    return files[GST], 'name="Loop"', "cycle"


def nested(files):
    deep = files[CAT].with_name("Deep.cat")
    deep.write_text("<catalogue>" + "<a>" * 1200 + "</a>" * 1200 + "</catalogue>", encoding="utf-8")
    files["Deep.cat"] = deep
    return deep, "1201 deep", "nests more than 100"


def no_id(files):
    edit(files[CAT], DUSK_WOLF, 'id="c9ff-4d93-b27c-d56b" ', "")
    return files[CAT], 'name="Dusk Wolf"', "has no id attribute"


def no_name(files):
    edit(files[CAT], DUSK_WOLF, ' name="Dusk Wolf"', "")
    return files[CAT], "id='c9ff-4d93-b27c-d56b'", "has no name attribute"


def cost(text):
    def change(files):
        edit(files[CAT], 'name="Hardpoint|<cost ', 'value="', f'value="{text}" was="')  # a hardpoint option's cost
        return files[CAT], "<cost name='Weapon Points'", "is not a number Warcaster's data uses"

    return change


def long_stat(files):
    edit(files[CAT], DUSK_WOLF + '|<characteristic name="SPD"', ">5<", ">" + "5" * 5000 + "<")
    return files[CAT], "<characteristic name='SPD'", "5000 digits"


@pytest.mark.parametrize(
    "hostile",
    [cycle, nested, no_id, no_name, cost("inf"), cost("nan"), cost("1" * 400), cost("1e308"), long_stat],
    ids=["cycle", "nested", "no-id", "no-name", "inf", "nan", "400-digits", "1e308", "5000-digit-stat"],
)
def test_hostile_data_is_one_located_line_and_writes_nothing(tmp_path, capsys, hostile):
    files = unpacked(tmp_path)
    where, element, says = hostile(files)
    code, out, err = run(capsys, *files.values())
    assert code == 2 and out == "" and err.count("\n") == 1, err[:300]
    assert err.startswith(f"warbench: {where}: ") and element.replace("'", '"') in err.replace("'", '"'), err[:300]
    assert says in err and "unexpected error" not in err and len(err) < 400
    assert not installed_catalogue_dir().exists()
