"""Plain records the BSData reader produces for the Warcaster catalogue generator."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Rule:
    """A special rule as the data names and describes it."""

    name: str
    description: str


@dataclass
class Weapon:
    """A weapon profile (or a mount of several) as the data gives it."""

    name: str
    rng: int | str | None
    pow: int | str | None
    rules: list[str]
    owner: str = ""
    """Where the data defines it: the faction (or 'Wild Card') for shared entries, else the enclosing entry."""
    parts: list[Weapon] = field(default_factory=list)
    """For a mount of several weapons ("Assault Rifle & Bayonet"): the weapons it carries."""


@dataclass
class Option:
    """One weapon a hardpoint slot offers, with its cost on that chassis."""

    weapon: Weapon
    cost: int | None
    cost_note: str = ""
    """Why the cost is None ('no cost' or 'zero on an inline entry')."""
    rules: list[str] = field(default_factory=list)
    """Rule names this mount adds (from infoLinks on the entryLink)."""
    bs_id: str = ""
    """The BattleScribe entry id a roster's selection of this option carries (the linked or inline entry)."""


@dataclass
class Unit:
    """A unit entry with everything the catalogue needs, names unresolved to ids."""

    name: str
    faction: str
    profile_type: str
    categories: list[str]
    characteristics: dict[str, str]
    rules: list[str]
    weapons: list[Weapon]
    roster_max: int | None
    weapon_points: int | None = None
    cortexes: list[tuple[str, list[str]]] = field(default_factory=list)
    slots: list[tuple[str, list[Option]]] = field(default_factory=list)
    joins: list[str] = field(default_factory=list)
    serves: list[str] = field(default_factory=list)
    bs_id: str = ""
    """The unit's BattleScribe selectionEntry id."""
    cortex_ids: dict[str, str] = field(default_factory=dict)
    """Cortex name -> this chassis' BattleScribe entry id for it."""


@dataclass
class Cypher:
    """A core Cypher card."""

    name: str
    type: str
    pow: int | str | None
    description: str
    bs_id: str = ""


@dataclass
class Data:
    """Everything read from the XML."""

    gst_revision: str
    cat_revisions: dict[str, str]
    units: list[Unit]
    rules: dict[str, Rule]
    cyphers: list[Cypher]
    force_limits: dict[str, dict[str, int]]
