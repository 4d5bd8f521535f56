"""Each game's tracks for a roster: what every entry brings to the table (named in each game's record)."""

from __future__ import annotations

from functools import partial

from builder.battles.tracks import LeftTrack, MechTrack, Track
from builder.rules import validate


def warsurge_tracks(roster, catalogue) -> list[Track]:
    """Units with their models and HP per model; points count in proportion to HP left."""
    rows = validate(roster, catalogue).totals.unit_points
    return [LeftTrack(i, row.name, row.points_exact, row.models, _hp(catalogue, unit.id), "pro-rata", "HP")
            for i, (row, unit) in enumerate(zip(rows, roster.units))]


def _hp(catalogue, unit_id: str) -> int:
    unit = catalogue.unit(unit_id)
    return unit.hp if unit is not None else 1


def warcaster_tracks(roster, catalogue) -> list[Track]:
    """Units with their models and DMG boxes; their deployment cost counts until the last model falls."""
    costs = validate(roster, catalogue).totals.unit_dc
    tracks = []
    for i, (unit, cost) in enumerate(zip(roster.units, costs)):
        known = catalogue.unit(unit.id)
        name = known.name if known else unit.id
        tracks.append(Track(i, name, cost, known.models if known else 1, (known.health or 1) if known else 1,
                            box_word="DMG"))
    return tracks


def warmachine_tracks(roster, catalogue) -> list[Track]:
    """Models with their damage boxes (or grid); their points count until the last model falls."""
    rows = validate(roster, catalogue).totals.units
    tracks = []
    for i, (unit, row) in enumerate(zip(roster.units, rows)):
        entry = catalogue.entry(unit.id)
        tracks.append(Track(i, row.name, row.points, entry.models if entry else 1, entry.boxes() if entry else 1,
                            grid=tuple(entry.grid) if entry else (),
                            grid_legend=catalogue.grid_legend(entry) if entry else ()))
    return tracks


def mcwarrior_tracks(roster, catalogue) -> list[Track]:
    """Mechs with the points of each body part; a mech counts its bolts until its torso falls."""
    from builder.rules.mcwarrior_costs import derived, tables

    t = tables(catalogue)
    mechs = validate(roster, catalogue).totals.mechs
    names = {pid: part.name for pid, part in t.parts.items()}
    return [MechTrack(i, totals.name or f"Mech {i + 1}", totals.bolts, 1, sum(mech.parts.values()),
                      parts={pid: mech.parts.get(pid, 0) for pid in t.parts}, part_names=names,
                      derive=partial(_derived, derived, t, mech), pilot=_pilot(catalogue, mech))
            for i, (mech, totals) in enumerate(zip(roster.mechs, mechs))]


def _derived(derive, t, mech, parts_left: dict[str, int]) -> dict:
    """The mech's derived numbers with only the points its parts have left."""
    return derive(t, mech.model_copy(update={"parts": parts_left}))


def _pilot(catalogue, mech) -> str:
    skill = catalogue.skill(mech.skill) if mech.skill else None
    return ", ".join(part for part in (mech.pilot, skill.name if skill else "") if part)
