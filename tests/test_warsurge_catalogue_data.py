"""The bundled Warsurge catalogue reproduces the book's printed figures; a player's own catalogue loads or says where it is wrong."""

from __future__ import annotations

import shutil

import pytest

from builder.catalogues import load_catalogue, read_catalogue_file
from builder.cli import main
from builder.games.warsurge.points import Remaining, remaining_value, roster_remaining, round_points
from builder.roster.files import read_roster, roster_from_data
from builder.rules import validate
from catalog.errors import CatalogueError
from tests.conftest import EXAMPLES, FIXTURES, REPO

OWN = FIXTURES / "warsurge-own-catalogue.toml"
BOOK_499 = FIXTURES / "rosters" / "warsurge-book-499.toml"
GUIDE = REPO / "docs" / "warsurge-catalogue.md"

# (unit id, models, weapons, the total the book prints)
PRINTED_TOTALS = [
    ("catapult", 1, {"giant-rock": 1}, 269),
    ("dwarven-berserkers", 10, {"dwarven-axe": 10}, 193),
    ("human-knights", 1, {"sword": 2}, 37),
    ("revenge-wing-biker", 1, {"plasma-gun": 2, "bike-slam": 1}, 96),
    ("scavenger-soldiers", 27, {"scavenger-rifle": 27}, 163),
    ("sniper-troopers", 5, {"sniper-rifle": 5}, 177),
    ("troopers", 7, {"laser-rifle": 7}, 40),
    ("captain", 1, {"captains-pistol": 1, "airstrike": 1}, 77),
    ("soldiers", 10, {"rifle": 10, "combat-knife": 10}, 82),
    ("tank", 1, {"tank-cannon": 1, "tank-machine-gun": 1}, 142),
    ("pirates", 8, {"flintlock-pistol": 8, "cutlass": 8, "musket": 3}, 150),
    ("dwarf-berserkers", 3, {"axe": 6, "throwing-axe": 3}, 86),
]


def roster(units: list[dict], limit: int = 10_000, catalogue: str = "warsurge-examples"):
    data = {"warbench": 1, "game": "warsurge", "catalogue": catalogue, "point_limit": limit, "units": units}
    return roster_from_data(data, "<test>")


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue("warsurge-examples")


def test_header(catalogue):
    assert (catalogue.id, catalogue.game, catalogue.revision) == ("warsurge-examples", "warsurge", 2)
    assert catalogue.name == "Warsurge rulebook examples"
    assert catalogue.illustrative is True
    notes = " ".join(catalogue.notes)
    for word in ("Printed points per model or weapon", "Printed unit totals", "Derived", "Invented"):
        assert word in notes


@pytest.mark.parametrize("unit_id, models, weapons, printed", PRINTED_TOTALS, ids=[t[0] for t in PRINTED_TOTALS])
def test_every_printed_unit_total_is_reproduced(unit_id, models, weapons, printed):
    loaded = roster([{"id": unit_id, "models": models, "weapons": weapons}])
    unit_total = validate(loaded.roster, loaded.catalogue).totals.as_dict()["unit_points"][0]
    assert unit_total["points"] == printed
    assert abs(unit_total["points_exact"] - printed) < 0.5


def test_the_books_499_roster_totals_exactly_499_and_breaks_its_own_unit_minimum():
    loaded = read_roster(BOOK_499)
    report = validate(loaded.roster, loaded.catalogue)
    assert report.totals.as_dict()["points"] == 499
    assert report.totals.as_dict()["points_exact"] == 499.0
    assert [u["points"] for u in report.totals.as_dict()["unit_points"]] == [269, 193, 37]
    assert [f.as_dict() for f in report.findings] == [
        {
            "code": "warsurge/unit-minimum",
            "severity": "error",
            "path": "units[2]",
            "message": "Human Knights is worth 37 points; every unit must be worth at least 50",
        }
    ]


def test_the_legal_499_example_keeps_the_three_units_and_the_total():
    loaded = read_roster(EXAMPLES / "warsurge-499.toml")
    report = validate(loaded.roster, loaded.catalogue)
    assert report.findings == ()
    assert [u["id"] for u in report.totals.as_dict()["unit_points"]] == [
        "catapult",
        "dwarven-berserkers",
        "human-knights",
    ]
    assert [u["points_exact"] for u in report.totals.as_dict()["unit_points"]] == [269.0, 180.0, 50.0]
    assert (report.totals.as_dict()["points"], report.totals.as_dict()["points_exact"]) == (499, 499.0)


def test_the_advanced_roster_shows_300_although_its_units_show_77_82_142():
    loaded = roster(
        [
            {"id": "captain", "weapons": {"captains-pistol": 1, "airstrike": 1}},
            {"id": "soldiers", "models": 10, "weapons": {"rifle": 10, "combat-knife": 10}},
            {"id": "tank", "weapons": {"tank-cannon": 1, "tank-machine-gun": 1}},
        ],
        limit=300,
    )
    report = validate(loaded.roster, loaded.catalogue)
    assert [u["points"] for u in report.totals.as_dict()["unit_points"]] == [77, 82, 142]
    assert (report.totals.as_dict()["points"], report.totals.as_dict()["points_exact"]) == (300, 299.9)
    assert report.findings == ()


def test_printed_stats(catalogue):
    catapult = catalogue.unit("catapult")
    assert (
        catapult.move,
        catapult.dash,
        catapult.defence,
        catapult.hp,
        catapult.armour,
        catapult.aegis,
        catapult.transport,
        catapult.fire_points,
        catapult.perks,
    ) == (5, 5, 6, 10, 4, None, 0, False, ["Wreckage"])
    apc = catalogue.unit("ursus-apc")
    assert (
        apc.name,
        apc.move,
        apc.dash,
        apc.defence,
        apc.hp,
        apc.armour,
        apc.aegis,
        apc.transport,
        apc.fire_points,
    ) == ("Ursus APC", 12, 9, 7, 5, 3, 5, 300, True)
    assert catalogue.unit("tank").transport == 150
    assert catalogue.unit("dwarf-berserkers").armour is None
    assert catalogue.unit("scavenger-soldiers").points == 2.27
    sword = catalogue.weapon("energy-sword")
    assert (
        sword.range,
        sword.attacks,
        sword.power,
        sword.ap,
        sword.type,
        sword.deflect,
        sword.ward,
        sword.parry,
        sword.points,
    ) == (0, 3, 5, 3, "assault", 1, 1, 2, 33.0)
    rock = catalogue.weapon("giant-rock")
    assert (rock.range, rock.attacks, rock.power, rock.ap, rock.type, rock.perks) == (
        35,
        1,
        8,
        2,
        "heavy",
        ["Annihilate II", "Obliterate I"],
    )
    assert catalogue.weapon("flintlock-pistol").points == 1.16
    assert catalogue.weapon("laser-rifle").ap is None
    assert catalogue.weapon("captains-pistol").name == "Captain's Pistol"


def test_every_weapon_is_carried_by_a_unit_except_the_armoury_only_ones(catalogue):
    carried = {w for unit in catalogue.units for w in unit.weapons}
    assert {w.id for w in catalogue.weapons} - carried == {"energy-sword", "shadow-pistol"}


# ---- play tracking with the book's figures -------------------------------------------------------


@pytest.mark.parametrize(
    "unit_id, models, weapons, hp_left, shown",
    [
        ("sniper-troopers", 5, {"sniper-rifle": 5}, 6, "106 of 177 (60%)"),  # 3/5 models at 2/2 HP
        ("troopers", 7, {"laser-rifle": 7}, 4, "23 of 40 (57%)"),  # 4/7 models at 1/1 HP
        ("scavenger-soldiers", 27, {"scavenger-rifle": 27}, 12, "72 of 163 (44%)"),
        ("revenge-wing-biker", 1, {"plasma-gun": 2, "bike-slam": 1}, 3, "96 of 96 (100%)"),
        ("pirates", 8, {"flintlock-pistol": 8, "cutlass": 8, "musket": 3}, 13, "122 of 150 (81%)"),  # 7/8 at 1/2
        ("dwarf-berserkers", 3, {"axe": 6, "throwing-axe": 3}, 2, "29 of 86 (33%)"),
    ],
)
def test_a_units_remaining_value_matches_the_app(unit_id, models, weapons, hp_left, shown, catalogue):
    loaded = roster([{"id": unit_id, "models": models, "weapons": weapons}])
    points = validate(loaded.roster, loaded.catalogue).totals.as_dict()["unit_points"][0]["points_exact"]
    full_hp = models * catalogue.unit(unit_id).hp
    left = roster_remaining([(points, full_hp, hp_left)])
    assert f"{left.remaining} of {left.total} ({left.percent}%)" == shown


def test_the_books_roster_remaining_points_622_of_953():
    """The book shows two units of that roster; the rest (953 − 177 − 40 = 736, of which 622 − 106 − 23 = 493
    remain) stands in as one entry, so the sum and percentage are the app's."""
    left = roster_remaining([(177.0, 10, 6), (39.9, 7, 4), (736.0, 736, 493)])
    assert str(left) == "Remaining Points: 622 of 953 (65%)"
    other = roster_remaining([(96.0, 3, 3), (163.08, 27, 12), (693.0, 693, 349)])
    assert str(other) == "Remaining Points: 517 of 952 (54%)"


def test_remaining_value_arithmetic():
    assert remaining_value(177.0, 10, 6) == pytest.approx(106.2)
    assert remaining_value(50.0, 4, 9) == 50.0 and remaining_value(50.0, 4, -1) == 0.0
    assert remaining_value(50.0, 0, 0) == 0.0
    assert Remaining(0.0, 0.0).percent == 0
    assert round_points(22.5) == 23 and round_points(22.49) == 22


# ---- a player's own catalogue ---------------------------------------------------------------------


def test_the_annotated_own_catalogue_loads():
    catalogue = read_catalogue_file(OWN)
    assert (catalogue.id, catalogue.game, catalogue.revision) == ("my-army", "warsurge", 1)
    assert [u.id for u in catalogue.units] == ["marsh-rangers", "bog-strider"]
    assert [w.id for w in catalogue.weapons] == ["longbow", "hand-axe", "stomp"]
    assert catalogue.unit("marsh-rangers").max_models == 15
    assert catalogue.unit("bog-strider").transport == 120


def test_catalog_check_passes_the_own_catalogue(capsys):
    assert main(["catalog", "check", str(OWN)]) == 0
    assert f"{OWN}: ok — my-army (warsurge) rev 1" in capsys.readouterr().out


def test_a_roster_uses_the_own_catalogue_by_path_and_by_installed_id(tmp_path, isolated_home, capsys):
    shutil.copy(OWN, tmp_path / "my-army.toml")
    body = (
        'point_limit = 200\n\n[[units]]\nid = "bog-strider"\nkey = "strider"\nweapons = { stomp = 1 }\n\n'
        '[[units]]\nid = "marsh-rangers"\nmodels = 10\nweapons = { longbow = 10 }\nembarked_in = "strider"\n'
    )
    by_path = tmp_path / "by-path.toml"
    by_path.write_text('warbench = 1\ngame = "warsurge"\ncatalogue = "./my-army.toml"\n' + body, encoding="utf-8")
    assert main(["validate", str(by_path)]) == 0
    assert "totals: points 139" in capsys.readouterr().out  # 78.5 + 60 = 138.5, shown as 139

    (isolated_home / "catalogues").mkdir()
    shutil.copy(OWN, isolated_home / "catalogues" / "my-army.toml")
    by_id = tmp_path / "by-id.toml"
    by_id.write_text('warbench = 1\ngame = "warsurge"\ncatalogue = "my-army"\n' + body, encoding="utf-8")
    loaded = read_roster(by_id)
    assert loaded.catalogue.id == "my-army"
    assert validate(loaded.roster, loaded.catalogue).totals.as_dict()["points_exact"] == 138.5


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("armour = 5  ", 'armour = "5+"', "units[0].armour: Input should be a valid integer, got '5+'"),
        ("armour = 4\n", "armor = 4\n", "units[1].armor: unknown key"),
        ('type = "battle"', 'type = "ranged"', "weapons[0].type: Input should be 'heavy', 'battle' or 'assault'"),
        (
            'weapons = ["longbow", "hand-axe"]',
            'weapons = ["longbow", "hand-axes"]',
            "units[0].weapons[1]: unknown weapon 'hand-axes'",
        ),
        ('id = "bog-strider"', 'id = "marsh-rangers"', "units[1].id: duplicate id 'marsh-rangers'"),
        ("points = 4.15", "points = -4.15", "units[0].points: Input should be greater than or equal to 0, got -4.15"),
    ],
)
def test_a_broken_own_catalogue_gives_the_located_message(tmp_path, capsys, old, new, message):
    text = OWN.read_text(encoding="utf-8")
    assert text.count(old) == 1
    broken = tmp_path / "my-army.toml"
    broken.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(CatalogueError) as caught:
        read_catalogue_file(broken)
    assert str(caught.value) == f"{broken}: {message}"
    assert main(["catalog", "check", str(broken)]) == 2
    assert capsys.readouterr().err.splitlines() == [f"{broken}: 1 problem", f"  {message}"]


def test_the_guides_example_catalogue_and_roster_work_as_written(tmp_path, capsys):
    blocks = GUIDE.read_text(encoding="utf-8").split("```toml\n")[1:]
    catalogue_text, roster_text = (block.split("```", 1)[0] for block in blocks[:2])
    (tmp_path / "my-army.toml").write_text(catalogue_text, encoding="utf-8")
    (tmp_path / "roster.toml").write_text(roster_text.replace("\n  ", "\n").strip() + "\n", encoding="utf-8")
    assert main(["catalog", "check", str(tmp_path / "my-army.toml")]) == 0
    assert main(["validate", str(tmp_path / "roster.toml"), "--json"]) == 0
    capsys.readouterr()
    loaded = read_roster(tmp_path / "roster.toml")
    assert validate(loaded.roster, loaded.catalogue).totals.as_dict()["points_exact"] == 69.0
