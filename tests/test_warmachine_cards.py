"""The Warmachine catalogue's card data: stat lines, weapons, keywords, damage boxes and grids."""

from __future__ import annotations

import pytest

from builder.catalogues import read_catalogue_file
from catalog.errors import CatalogueError

HEAD = """id = "wm-test"
game = "warmachine"
name = "Wm test"
revision = 1
factions = [{ id = "f", name = "F" }]
systems = { H = "head" }

[[keywords]]
id = "reach"
name = "Reach"
summary = "Melee range 2."
"""


def write(tmp_path, entries: str):
    path = tmp_path / "wm-test.toml"
    path.write_text(HEAD + entries, encoding="utf-8")
    return path


def test_stats_weapons_and_a_grid_load(tmp_path):
    catalogue = read_catalogue_file(
        write(
            tmp_path,
            """
[[entries]]
id = "jack"
name = "Jack"
faction = "f"
type = "warjack"
points = 10
fa = 2
stats = { spd = 5, str = 11, mat = 6, rat = 4, def = 12, arm = 18 }
grid = ["..H..", ".MCL.", " ... "]
weapons = [{ id = "axe", name = "Axe", kind = "melee", rng = 2, pow = 16, keywords = ["reach"] }]

[[entries]]
id = "squad"
name = "Squad"
faction = "f"
type = "unit"
points = 8
fa = 2
models = 4
damage = 5
""",
        )
    )
    jack, squad = catalogue.entry("jack"), catalogue.entry("squad")
    assert jack.stats.shown() == [("SPD", 5), ("STR", 11), ("MAT", 6), ("RAT", 4), ("DEF", 12), ("ARM", 18)]
    assert jack.boxes() == 13 and jack.models == 1
    # each letter once, in reading order: the catalogue's own (H), then the Mk IV ones it need not name
    assert catalogue.grid_legend(jack) == (("H", "head"), ("M", "movement"), ("C", "cortex"), ("L", "left arm"))
    assert jack.weapons[0].keywords == ["reach"] and catalogue.keyword("reach").summary == "Melee range 2."
    assert (squad.models, squad.boxes()) == (4, 5)


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        ('grid = ["...", ".."]', "entries[0].grid: every row of a damage grid has the same number of columns"),
        ('grid = ["..x"]', "entries[0].grid[0]: a grid row is 1-12 characters"),
        ('grid = ["..."]\ndamage = 3', "entries[0].damage: give damage boxes or a grid, not both"),
        ('keywords = ["flight"]', "entries[0].keywords[0]: unknown keyword 'flight'"),
        ('grid = [".X."]', "entries[0].grid: system box 'X' is not named (add it to the catalogue's systems)"),
    ],
)
def test_bad_card_data_is_named(tmp_path, entry, said):
    path = write(
        tmp_path,
        f"""
[[entries]]
id = "jack"
name = "Jack"
faction = "f"
type = "warjack"
points = 10
fa = 2
{entry}
""",
    )
    with pytest.raises(CatalogueError) as caught:
        read_catalogue_file(path)
    assert said in str(caught.value)


def test_the_documented_example_loads(tmp_path):
    import re

    from tests.conftest import REPO

    text = (REPO / "docs" / "warmachine-catalogue.md").read_text(encoding="utf-8")
    path = tmp_path / "my-faction.toml"
    path.write_text(re.search(r"```toml\n(.*?)```", text, re.S).group(1), encoding="utf-8")
    catalogue = read_catalogue_file(path)
    assert (
        catalogue.entry("mauler-heavy-warjack").boxes() == 4 + 6 + 6 + 6
        and catalogue.entry("rivetgun-squad").models == 6
    )


ATTACHABLE = """
[[entries]]
id = "squad"
name = "Squad"
faction = "f"
type = "unit"
points = 10
fa = 2
models = 4

[[entries]]
id = "jack"
name = "Jack"
faction = "f"
type = "warjack"
points = 10
fa = 2
"""


def test_an_attachment_names_the_units_it_may_join(tmp_path):
    catalogue = read_catalogue_file(
        write(
            tmp_path,
            ATTACHABLE
            + """
[[entries]]
id = "officer"
name = "Officer"
faction = "f"
type = "attachment"
points = 3
fa = 1
joins = ["squad"]
""",
        )
    )
    assert catalogue.entry("officer").joins == ["squad"] and catalogue.entry("squad").joins == []


@pytest.mark.parametrize(
    ("kind", "joins", "said"),
    [
        ("attachment", '["nobody"]', "entries[2].joins[0]: unknown entry 'nobody'"),
        ("attachment", '["jack"]', "entries[2].joins[0]: Jack is not a unit, so no attachment joins it"),
        ("attachment", '["squad", "squad"]', "entries[2].joins[1]: 'squad' is named twice"),
        ("solo", '["squad"]', "entries[2].joins: only an attachment joins a unit (Officer is a solo)"),
    ],
)
def test_what_an_attachment_joins_is_checked(tmp_path, kind, joins, said):
    path = write(
        tmp_path,
        ATTACHABLE
        + f"""
[[entries]]
id = "officer"
name = "Officer"
faction = "f"
type = "{kind}"
points = 3
fa = 1
joins = {joins}
""",
    )
    with pytest.raises(CatalogueError) as caught:
        read_catalogue_file(path)
    assert said in str(caught.value)
