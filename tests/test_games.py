"""Every game has every part, each what it claims to be; nothing else keeps a table of games."""

import re
from pathlib import Path

import pytest

from builder.battles.model import UnitMark, mark_model
from builder.editing.base import GameAdapter
from builder.game import GAMES, PARTS, Game, game, game_ids
from builder.games.mcwarrior.unit_mark import MechMark
from builder.games.warcaster.unit_mark import WarcasterMark
from builder.games.warsurge.unit_mark import LeftMark
from builder.roster.common import RosterBase
from builder.rules.registry import RuleSet
from catalog.models.common import CatalogueHeader

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_names_every_part(game_id):
    record = GAMES[game_id]
    assert PARTS == (
        "catalogue_model",
        "roster_model",
        "rules",
        "edits",
        "codec",
        "cards",
        "text",
        "battle",
        "editor",
        "battle_screen",
        "battlescribe",
        "catalogue_warnings",
        "ledgers",
        "setup",
        "narratives",
        "mark_model",
        "marks",
        "resources",
        "spend_commands",
        "scenarios",
    )
    shared = (
        "scenarios",
        "battlescribe",
        "catalogue_warnings",
        "ledgers",
        "setup",
        "narratives",
        "mark_model",
        "marks",
        "resources",
        "spend_commands",
    )  # scenarios: a bundled file named after the game; marks: damage unless it says otherwise; the mark model: the
    # engine's unless the game records more; the others: if any
    assert [part for part in PARTS if part not in shared and getattr(type(record), part) is getattr(Game, part)] == []
    assert record.id == game_id and record.name and record.short_name


def test_share_codes_name_each_bundled_catalogue_by_its_own_fixed_number():
    from builder.catalogues import load_catalogue

    numbers = {record.catalogue: record.code_number for record in GAMES.values()}
    assert numbers == {"warcaster-nm": 1, "mcwarrior": 2, "warsurge-examples": 3, "warmachine-example": 4}
    assert all(load_catalogue(record.catalogue).game == record.id for record in GAMES.values())


@pytest.mark.parametrize("game_id", game_ids())
def test_each_part_is_what_it_claims_to_be(game_id):
    record = game(game_id)
    assert issubclass(record.catalogue_model, CatalogueHeader)
    assert issubclass(record.roster_model, RosterBase)
    assert record.roster_model.model_fields["game"].default == game_id
    assert isinstance(record.rules, RuleSet) and record.rules.game == game_id
    assert issubclass(record.edits, GameAdapter) and record.edits.game == game_id
    assert callable(record.codec.encode) and callable(record.codec.decode)
    assert callable(record.cards) and callable(record.text) and callable(record.battle)
    assert record.scenarios.game == game_id and record.scenarios.scenarios
    assert (record.battlescribe is not None) == (game_id == "warcaster")  # BattleScribe data Warbench reads
    assert (record.setup is not None) == (game_id == "warsurge")  # the guided competitive set-up
    spends = {"warcaster": ["arc", "cypher", "activate"], "warsurge": ["cp"], "warmachine": ["focus", "feat"]}.get(
        game_id, []
    )
    assert [c.name for c in record.spend_commands] == spends and (record.resources is None) == (not spends)
    own = {
        "warmachine": ["league", "frontier-campaign"],
        "mcwarrior": ["port-oldsand"],
        "warsurge": ["narrative-play"],
    }.get(game_id, [])
    assert [kind.id for kind in record.ledgers] == own  # the league and campaign files each game plays
    own_marks = {"warcaster": WarcasterMark, "mcwarrior": MechMark, "warsurge": LeftMark}.get(game_id)
    assert record.mark_model is own_marks and mark_model(game_id) is (own_marks or UnitMark)
    assert (own_marks is None) or (
        issubclass(own_marks, UnitMark) and own_marks.__module__.startswith(f"builder.games.{game_id}.")
    )
    flags = [option.flag for option in record.marks]
    assert len(set(flags)) == len(flags)  # each flag once
    assert (flags[0] == "--damage") == (game_id != "mcwarrior")  # a mech records hits on its parts, not damage
    assert all(option.flag.startswith("--") and callable(option.apply) for option in record.marks)


def test_every_game_has_an_editor_and_a_battle_screen():
    from builder.tui.screens.battle import BattleScreen
    from builder.tui.screens.editor import RosterEditor

    for record in GAMES.values():
        assert issubclass(record.editor, RosterEditor)
        assert issubclass(record.battle_screen, BattleScreen)


def test_an_unknown_game_names_the_known_ones():
    with pytest.raises(KeyError, match="expected one of warcaster, mcwarrior, warsurge, warmachine"):
        game("warhammer")


def test_no_other_module_spells_a_display_name_or_keeps_a_table_of_games():
    names = {record.name for record in GAMES.values()} | {"Warmachine Mk IV"}
    table = re.compile(r'\{\s*"warcaster"\s*:')
    offenders = []
    for package in ("builder", "catalog", "exports"):
        for path in (ROOT / package).rglob("*.py"):
            if path.name == "__init__.py" and path.parent.parent.name == "games":
                continue
            text = path.read_text(encoding="utf-8")
            if table.search(text) or any(
                f'"{name}"' in text for name in names if name != "McWarrior" and name != "Warsurge"
            ):
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


@pytest.mark.parametrize(
    "example, figures",
    [
        ("warcaster-marcher-worlds.toml", {"units": 14, "dc": 27, "rack": 12}),
        ("mcwarrior-rustbucket.toml", {"total_bolts": 36, "budget": 40, "warband_budget": None}),
        ("warsurge-499.toml", {"points": 499, "point_limit": 500, "units": 3}),
        ("warmachine-example.toml", {"points_used": 75, "points_limit": 75, "leader": "Commander Ysolde Varr"}),
    ],
)
def test_each_games_rules_make_its_own_typed_totals(example, figures):
    import dataclasses

    from builder.findings import Totals
    from builder.roster.files import read_roster
    from builder.rules import validate

    loaded = read_roster(ROOT / "builder" / "examples" / example)
    totals = validate(loaded.roster, loaded.catalogue).totals
    assert isinstance(totals, Totals) and type(totals) is not Totals
    assert {name: getattr(totals, name) for name in figures} == figures
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(totals, next(iter(figures)), 0)


def test_nothing_under_catalog_imports_a_module_by_name_or_anything_above_it():
    offenders = []
    for path in (ROOT / "catalog").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if any(word in text for word in ("import_module", "__import__", "from builder", "import builder")):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_a_kind_a_game_brings_is_read_as_a_ledger_without_a_second_list(monkeypatch, tmp_path):
    from builder.campaigns.ledger import is_ledger, ledger_data
    from builder.ledgers import LEDGER_KINDS, read_ledger

    class Crusade:
        id, name, short_name, command = "crusade", "Crusade", "Crusade", "campaign"

        def read(self, data, source):
            return ("read", data["name"])

    record = game("mcwarrior")
    own = record.ledgers
    monkeypatch.setattr(type(record), "ledgers", property(lambda self: (*own, Crusade())))
    monkeypatch.setattr(LEDGER_KINDS, "_found", None)  # the kinds are found again, with the game's new one
    path = tmp_path / "crusade.toml"
    path.write_text('warbench = 1\nkind = "crusade"\ngame = "mcwarrior"\nname = "Long March"\n', encoding="utf-8")
    assert ledger_data(path.read_text(encoding="utf-8"), str(path))["kind"] == "crusade"
    assert is_ledger(path)
    assert read_ledger(path) == ("read", "Long March")


def test_every_screen_with_a_file_open_keeps_the_apps_document_contract():
    """The app asks roster, catalogue, league, campaign and battle screens for their session (one typed contract,
    `DocumentSession`) and to save, before closing or quitting (`OpenDocument`), instead of reaching into each by
    getattr."""
    from builder.tui.document import OpenDocument
    from builder.tui.screens.catalogue_editor import CatalogueEditor
    from builder.tui.screens.editor import RosterEditor
    from builder.tui.screens.ledger import LedgerScreen

    members = [name for name in vars(OpenDocument) if not name.startswith("_")]
    assert sorted(members) == ["open_session", "save"]
    for screen in (RosterEditor, CatalogueEditor, LedgerScreen, *(g.battle_screen for g in GAMES.values())):
        assert all(
            callable(getattr(screen, m, None)) or isinstance(getattr(screen, m, None), property) for m in members
        )


def test_only_warsurge_plays_narratives():
    assert [game_id for game_id in game_ids() if game(game_id).narratives is not None] == ["warsurge"]
