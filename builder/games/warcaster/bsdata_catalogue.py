"""BattleScribe Warcaster data as a Warbench catalogue: names and numbers from the data, summaries from our table.

The data gives names, numbers and BattleScribe entry ids (`bs_id`, for rosters going to and from BattleScribe);
warcaster_corrections.toml corrects the data's misspelt names; warcaster_summaries.toml gives every summary in
our own words (a rule the table lacks gets none, and its cards say so).
"""

from __future__ import annotations

import tomllib
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from builder.games.warcaster.bsdata_build import Row, build
from builder.games.warcaster.bsdata_reader import Reader
from builder.games.warcaster.bsdata_records import Data
from builder.games.warcaster.bsdata_toml import write_catalogue
from builder.games.warcaster.bsdata_values import BadData
from catalog.errors import CatalogueError
from catalog.slug import slugify
from catalog.wording import shown

HERE = Path(__file__).resolve().parent
SUMMARIES = HERE / "warcaster_summaries.toml"
CORRECTIONS = HERE / "warcaster_corrections.toml"
GAME_SYSTEM_ID = "6e64-0ab9-a430-a976"
"""BattleScribe's id of the Warcaster: Neo-Mechanika game system (data files and rosters name it)."""
IMPORT_ID = "warcaster-bsdata"
"""The id a player's import gets unless `-o` names the file (the bundled catalogue keeps `warcaster-nm`)."""
IMPORT_NAME = "Warcaster: Neo-Mechanika (BSData import)"
IMPORT_COMMENT = """\
# Warcaster: Neo-Mechanika, imported from BattleScribe data with `warbench catalog import`.
# Names and numbers come from the data; summaries from Warbench's own table (a rule it lacks says so on cards).
# Import the data again to update it: Warbench says what changed and raises the revision.
"""
PROFILELESS_WITH_RULES = {"Cloaking Device"}
"""Hardpoint options that are equipment (rules, no weapon profile) rather than gaps."""
NOTES = [
    "Unit types: a Heroes-category entry is a hero (some heroes are vehicles with a hardpoint); an Attachments "
    "entry is an attachment, a Mantlet entry a mantlet; otherwise the data's profile type decides (Warjack, Squad, "
    "Solo, Vehicle).",
    "Fiddler & Co is filed under Units with no cap in the data, but it is a named character built like the hero "
    "versions of vehicles (Duchess, Aenigma, Execrator Nix), so it is typed hero (unique).",
    "Warjack weight comes from the Hardpoints weapon-point constraint: 5 points is light, 8 is heavy; vehicles "
    "have one slot named Hardpoint with 3 points.",
    "Skirmish: the book only says 'up to 8 units'; heroes (1), mantlets (4), 4 of a kind and the 12-15 card rack "
    "with 3 of each type come from the .gst Skirmish force entry and shared Cypher groups.",
    "The .gst also raises the hero cap when exactly 13 or 14 units (Full Battleforce) or 3-7 units (Skirmish) are "
    "taken; the book does not say so, so the formats keep the flat caps.",
    "Attachments: joins lists the squads the data lets each attachment join; Aerolith prints '-' for its cost "
    "modifier, so its dc_modifier is 0.",
    "Weapons that share a name but not a profile get one id each: the most used keeps the plain slug, the others "
    "add where the data defines them (e.g. fusion-blade-harlan-sek-the-curator).",
    "Data quirk kept as printed: the Paladin Enforcers' Bayonet has RNG 12 POW 4 (the Firebrand's Assault Rifle & "
    "Bayonet carries a Bayonet of RNG 2 POW 3).",
    "Wild Card 'serves' lists the faction catalogues that link the entry; Harlan Sek, The Curator is linked by "
    "the Empyreans only.",
    "Fixed weapons a unit must take more than once are listed once per copy (Corebus's two Fists).",
    "Names follow the data where the book differs: Flame Thrower (book: Flamethrower), Ranger Infiltrators "
    "(book: Ranger Infiltrator).",
    "Mount rules: a hardpoint option may add rules on that chassis only (e.g. Turret on the Razorbat's Blazer).",
]


def source_line(data: Data) -> str:
    """Where the catalogue's names and numbers come from: the data files and their revisions."""
    cats = ", ".join(f"{name} r{rev}" for name, rev in data.cat_revisions.items())
    return (
        f"BSData Warcaster: Neo-Mechanika BattleScribe data — game system r{data.gst_revision}; catalogues {cats}; "
        "force-building limits from the Warcaster: Neo-Mechanika rulebook (WIP)"
    )


def gap_notes(data: Data, reader: Reader) -> list[str]:
    """One note per hardpoint option without a weapon-point cost, and per option without a weapon profile."""
    missing: dict[tuple[str, str], list[str]] = {}
    for unit in data.units:
        for _, options in unit.slots:
            for option in options:
                if option.cost is None:
                    owners = missing.setdefault((option.weapon.name, option.cost_note), [])
                    if unit.name not in owners:
                        owners.append(unit.name)
    notes = []
    for (weapon, why), owners in missing.items():
        detail = (
            "the data gives 0 on an inline entry, which BattleScribe also writes when no cost was set"
            if why.startswith("zero")
            else "the data gives no cost"
        )
        notes.append(
            f"Known gap: {weapon} on {' and '.join(owners)} has no weapon-point cost ({detail}); "
            "cost is left out and counts as 0."
        )
    for name in dict.fromkeys(reader.profileless):
        if not data.rules.get(slugify(name)) and name not in PROFILELESS_WITH_RULES:
            notes.append(
                f"Known gap: {name} is a hardpoint option with no weapon profile in the data (no RNG, POW or rules)."
            )
    return notes


def load_corrections(path: Path = CORRECTIONS) -> dict[str, str]:
    """The reviewed name corrections, wrong -> right (each entry must say why)."""
    rows = tomllib.loads(path.read_text(encoding="utf-8")).get("corrections", [])
    for row in rows:
        if set(row) != {"wrong", "right", "why"} or not row["why"].strip():
            raise CatalogueError(f"{path.name}: every correction has exactly wrong, right and why: {row!r}")
    return {row["wrong"]: row["right"] for row in rows}


def correction_note(corrected: dict[str, str]) -> str:
    """The catalogue note naming every corrected name."""
    listed = "; ".join(f"{right} (data: {wrong})" for wrong, right in corrected.items())
    return f"Names corrected from the data (tools/warcaster_corrections.toml): {listed}."


@dataclass
class Converted:
    """A catalogue made from BattleScribe data: its TOML text, and what the player should know about it."""

    text: str
    units: int
    missing_summaries: list[str]
    """Entries our summaries table does not explain (`rules.id`): their cards say so."""
    reader: Reader
    """What was read: the name corrections that matched, the data's own rule texts."""


def read_data(files: list[tuple[str, ET.Element]]) -> tuple[Reader, Data]:
    """The game system and faction catalogues of Warcaster data files, read with the reviewed name corrections."""
    systems = [(source, root) for source, root in files if root.tag == "gameSystem"]
    if len(systems) != 1:
        raise CatalogueError(
            f"BattleScribe data needs exactly one game system file (.gst); {len(systems) or 'none'} "
            f"given{': ' + ', '.join(s for s, _ in systems) if systems else ''}"
        )
    gst_source, gst = systems[0]
    if gst.get("id") != GAME_SYSTEM_ID:
        raise CatalogueError(
            f"{gst_source}: the game system is {gst.get('name') or 'unnamed'} ({gst.get('id')}), "
            "not Warcaster: Neo-Mechanika"
        )
    cats = []
    for source, root in files:
        if root.tag == "catalogue":
            if root.get("gameSystemId") != GAME_SYSTEM_ID:
                raise CatalogueError(f"{source}: a catalogue for another game system ({root.get('gameSystemId')})")
            cats.append(root)
    if not cats:
        raise CatalogueError("BattleScribe data needs the faction catalogues (.cat) as well as the game system")
    try:
        reader = Reader(gst, cats, load_corrections())
        return reader, reader.read()
    except BadData as exc:
        raise CatalogueError(located(exc, files)) from None
    except (KeyError, IndexError, AttributeError, TypeError, ValueError) as exc:
        raise CatalogueError(
            f"{gst_source}: the data is not laid out as Warcaster's BattleScribe data is "
            f"({type(exc).__name__}: {shown(str(exc))})"
        ) from None


def located(problem: BadData, files: list[tuple[str, ET.Element]]) -> str:
    """A BadData's message on one line, after the file and the element it is about (`<selectionEntry name="…">`)."""
    element = problem.element
    if element is None:
        return str(problem)
    source = next((source for source, root in files if any(e is element for e in root.iter())), "BattleScribe data")
    named = " ".join(f"{key}={shown(element.get(key), 60)}" for key in ("name", "id") if element.get(key) is not None)
    return f"{source}: <{element.tag}{' ' + named if named else ''}>: {problem}"


def convert(
    read: tuple[Reader, Data],
    *,
    catalogue_id: str,
    name: str,
    revision: int,
    changes: list[Row],
    notes: list[str] = NOTES,
    header_comment: str = "",
) -> Converted:
    """The Warbench catalogue the data files describe (`read` is what read_data gave: the trees are read once, as
    it corrects names in place)."""
    reader, data = read
    summaries = tomllib.loads(SUMMARIES.read_text(encoding="utf-8"))
    body, missing = build(data, summaries)
    header = {
        "id": catalogue_id,
        "game": "warcaster",
        "name": name,
        "revision": revision,
        "source": source_line(data),
        "notes": [*notes, correction_note(reader.corrected), *gap_notes(data, reader)],
        "changes": changes,
    }
    return Converted(write_catalogue(header, body, header_comment), len(body["units"]), missing, reader)
