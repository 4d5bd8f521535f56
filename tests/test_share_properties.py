"""Share code properties: random rosters of every game round-trip exactly; no input makes the decoder crash."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.catalogues import load_catalogue
from builder.games.mcwarrior.roster import McWarriorRoster
from builder.games.warcaster.roster import WarcasterRoster
from builder.games.warmachine.roster import WarmachineRoster
from builder.games.warsurge.roster import WarsurgeRoster
from builder.roster.files import read_roster
from catalog.wording import BIDI_CONTROLS, LINE_SEPARATORS
from exports.share import decode_share_code, encode_roster
from exports.share.base32 import ALPHABET
from exports.share.bits import BitWriter
from exports.share.envelope import bundled_numbers, seal, write_header
from exports.share.errors import ShareCodeError

REPO = Path(__file__).resolve().parent.parent
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
ROUND_TRIP = settings(SETTINGS, max_examples=20)
"""Twenty random rosters for each game and shape, eight sets a run (new ones each run): every example roster, the
edge values and every field round-trip exactly in tests/test_share_codec.py, so these look for the odd case, and the
rosters' drawing is most of the cost (40 each took 6 s of the suite's CPU)."""
plain = st.characters(exclude_categories=("Cc", "Cs"), exclude_characters="".join(BIDI_CONTROLS | LINE_SEPARATORS))
names = st.text(plain, max_size=24)
notes = st.text(plain | st.sampled_from("\n\t"), max_size=60)
slugs = st.lists(st.text(alphabet="abcxyz0189", min_size=1, max_size=5), min_size=1, max_size=3).map("-".join)


@functools.cache
def maybe(strategy):
    """None or a value of the strategy."""
    return st.none() | strategy


@functools.cache
def _sampled(options: tuple):
    return st.sampled_from(options)


def one_of(options) -> st.SearchStrategy:
    """One of these options (ids or numbers): the same strategy whenever the same options are offered, so
    Hypothesis makes and checks it once rather than on every draw of every example."""
    return _sampled(tuple(options))


def entries(draw, pool, max_size: int) -> list:
    """A list of catalogue entries from the pool, drawn by id."""
    by_id = {entry.id: entry for entry in pool}
    return [by_id[entry_id] for entry_id in draw(st.lists(one_of(by_id), max_size=max_size))]


def header(draw, catalogue) -> dict:
    return {
        "catalogue": catalogue.id,
        "name": draw(names),
        "notes": draw(notes),
        "catalogue_revision": draw(maybe(st.just(catalogue.revision))),
    }


@st.composite
def warcaster_rosters(draw, wild: bool = False):
    """Legal-shaped: faction units with their own cortexes, slot options and attachments; wild: anything loadable."""
    cat = load_catalogue("warcaster-nm")
    faction = draw(one_of([f.id for f in cat.factions]))
    pool = [
        u
        for u in cat.units
        if wild
        or (u.type != "attachment" and (u.faction == faction or (u.faction == "wild-card" and faction in u.serves)))
    ]
    units = []
    for entry in entries(draw, pool, 18):
        unit: dict = {"id": entry.id}
        if wild:
            unit["cortex"] = draw(maybe(one_of([c.id for c in cat.cortexes])))
            unit["hardpoints"] = draw(st.dictionaries(slugs, one_of([w.id for w in cat.weapons]), max_size=3))
            unit["attachments"] = draw(st.lists(one_of([u.id for u in cat.units]), max_size=3))
        else:
            if entry.cortexes:
                unit["cortex"] = draw(maybe(one_of(entry.cortexes)))
            unit["hardpoints"] = {
                slot.id: weapon
                for slot in entry.hardpoints
                if (weapon := draw(maybe(one_of([o.weapon for o in slot.options]))))
            }
            joins = [a.id for a in cat.units if a.type == "attachment" and entry.id in a.joins]
            unit["attachments"] = draw(st.lists(one_of(joins), unique=True)) if joins else []
        units.append(unit)
    cyphers = [c.id for c in cat.cyphers]
    rack = draw(st.lists(one_of(cyphers), unique=not wild, max_size=15))
    if draw(st.booleans()):
        rack.sort(key=cyphers.index)
    return cat, WarcasterRoster.model_validate(
        {
            **header(draw, cat),
            "faction": faction,
            "format": draw(one_of([f.id for f in cat.formats])),
            "rack": rack,
            "units": units,
        }
    )


@st.composite
def mcwarrior_rosters(draw, wild: bool = False):
    cat = load_catalogue("mcwarrior")
    points = st.integers(0, 99) if wild else st.integers(cat.rules.min_points, cat.rules.max_points)
    mechs = []
    for _ in range(draw(st.integers(0, 5))):
        upgrades = {}
        for slot in list(cat.known("upgrade_slot")) if wild else cat.slots:
            offered = {u.id: u for u in cat.upgrades if wild or slot in u.slots}
            choice = offered.get(draw(maybe(one_of(offered))))
            if choice is not None:
                level = (
                    draw(maybe(st.integers(0, 99) if wild else st.integers(1, 12))) if choice.levelled or wild else None
                )
                upgrades[slot] = {"id": choice.id, "level": level}
        mechs.append(
            {
                "name": draw(names),
                "pilot": draw(names),
                "skill": draw(maybe(one_of([s.id for s in cat.skills]))),
                "parts": {p.id: v for p in cat.parts if (v := draw(maybe(points))) is not None},
                "upgrades": upgrades,
            }
        )
    return cat, McWarriorRoster.model_validate(
        {
            **header(draw, cat),
            "budget": draw(maybe(one_of([cat.rules.default_budget, 1, 60, 100_000]))),
            "districts": draw(maybe(st.integers(0, 1000))),
            "mechs": mechs,
        }
    )


@st.composite
def warsurge_rosters(draw, wild: bool = False):
    cat = load_catalogue("warsurge-examples")
    units = []
    for entry in entries(draw, cat.units, 12):
        offered = [w.id for w in cat.weapons] if wild else entry.weapons
        quantity = st.integers(0, 100_000) if wild else st.integers(0, 100)
        units.append(
            {
                "id": entry.id,
                "label": draw(names),
                "key": draw(maybe(slugs)),
                "models": draw(st.integers(0, 200)),
                "weapons": draw(st.dictionaries(one_of(offered), quantity)) if offered else {},
                "points": draw(
                    maybe(
                        st.floats(0, 10**7, allow_nan=False, allow_infinity=False)
                        | st.integers(0, 10**6).map(lambda n: n / 100)
                    )
                ),
            }
        )
    keys = [u["key"] for u in units if u["key"]]
    for unit in units:
        unit["embarked_in"] = draw(maybe(slugs if wild or not keys else one_of(keys)))
    return cat, WarsurgeRoster.model_validate(
        {
            **header(draw, cat),
            "point_limit": draw(one_of([cat.rules.default_point_limit, 0, 1000, 10_000_000])),
            "units": units,
        }
    )


@st.composite
def warmachine_units(draw, cat, wild: bool):
    controllers = [e.id for e in cat.entries if wild or e.is_controller]
    units = []
    for entry in entries(draw, cat.entries, 12):
        if wild:
            hardpoints = draw(st.dictionaries(slugs, slugs, max_size=3))
        else:
            hardpoints = {
                slot.id: option
                for slot in entry.hardpoints
                if (option := draw(maybe(one_of([o.id for o in slot.options]))))
            }
        units.append({"id": entry.id, "hardpoints": hardpoints, "battlegroup": draw(maybe(one_of(controllers)))})
    return units


@st.composite
def warmachine_rosters(draw, wild: bool = False):
    cat = load_catalogue("warmachine-example")
    league = draw(maybe(st.integers(1, 6).map(lambda stage: {"stage": stage})))
    if league is not None:
        league["previous"] = draw(warmachine_units(cat, wild))
    return cat, WarmachineRoster.model_validate(
        {
            **header(draw, cat),
            "faction": draw(maybe(one_of([f.id for f in cat.factions]))),
            "points": draw(one_of([cat.rules.default_points, 30, 0, 100_000])),
            "variant": draw(one_of(["standard", "reduced-fa"])),
            "league": league,
            "units": draw(warmachine_units(cat, wild)),
        }
    )


GAMES = [warcaster_rosters, mcwarrior_rosters, warsurge_rosters, warmachine_rosters]


@pytest.mark.parametrize("wild", [False, True], ids=["legal-shaped", "any-loadable"])
@pytest.mark.parametrize("strategy", GAMES, ids=lambda s: s.__name__.split("_")[0])
def test_random_rosters_round_trip_exactly_and_canonically(strategy, wild):
    @ROUND_TRIP
    @given(strategy(wild))
    def check(case):
        catalogue, roster = case
        code = encode_roster(roster, catalogue, with_notes=True)
        back = decode_share_code(code)
        shared = roster.model_copy(update={"catalogue_revision": catalogue.revision})  # the code's revision
        assert back.roster.model_dump(mode="json") == shared.model_dump(mode="json")
        assert encode_roster(back.roster, back.catalogue, with_notes=True) == code

    check()


def only_share_code_errors(text) -> None:
    try:
        decode_share_code(text)
    except ShareCodeError as exc:
        assert "\n" not in str(exc) and str(exc)


@SETTINGS
@given(st.text(max_size=300) | st.text(alphabet=ALPHABET + ALPHABET.lower() + " \n", max_size=300))
def test_random_text_never_crashes(text):
    only_share_code_errors(text)


@SETTINGS
@given(st.binary(max_size=400))
def test_random_bytes_never_crash(data):
    only_share_code_errors(data.decode("latin-1"))
    only_share_code_errors(data)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(one_of(sorted(bundled_numbers())), st.binary(max_size=80), st.integers(0, 7))
def test_random_payloads_behind_a_valid_header_and_checksum_never_crash(catalogue_id, data, skip):
    """The checksum stops random text; here random bits get past it, into every game's decoder."""
    writer = BitWriter()
    write_header(writer, load_catalogue(catalogue_id))
    writer.bits(0b0101, 4)  # empty name, empty notes, no saved revision, strict
    writer.bits(int.from_bytes(data, "big") >> skip, max(8 * len(data) - skip, 0))
    only_share_code_errors(seal(writer))


SAMPLES = [
    "builder/examples/warcaster-firebrand.toml",
    "builder/examples/mcwarrior-warband.toml",
    "builder/examples/warsurge-apc.toml",
    "tests/fixtures/rosters/warmachine-largest.toml",
]


@pytest.mark.parametrize("path", SAMPLES)
def test_every_single_character_substitution_is_refused(path):
    loaded = read_roster(REPO / path)
    code = encode_roster(loaded.roster, loaded.catalogue, with_notes=True)
    for position, original in enumerate(code):
        for char in ALPHABET:
            if char != original:
                with pytest.raises(ShareCodeError):
                    decode_share_code(code[:position] + char + code[position + 1 :])


@pytest.mark.parametrize("strategy", GAMES, ids=lambda s: s.__name__.split("_")[0])
def test_any_decoded_roster_validates_prints_and_exports_without_crashing(strategy):
    """However strange a roster a code carries, validate, the builder's first screen (its view, worked out in
    plain Python), the text export and a forced PDF all finish, never an exception, and the PDF in bounded time."""
    import time

    from builder.editing.view import view_of
    from builder.game import game
    from builder.rules import validate
    from exports.pdf import pdf_bytes
    from exports.text import roster_text

    @settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(strategy(True))
    def check(case):
        catalogue, roster = case
        back = decode_share_code(encode_roster(roster, catalogue, with_notes=True))
        report = validate(back.roster, back.catalogue)
        assert all(f.code.startswith(f"{back.roster.game}/") for f in report.findings)
        adapter = game(back.roster.game).edits(back.catalogue)
        view = view_of(back.roster, report, adapter)
        assert view.errors == len(report.errors)
        for line in view.lines:  # every entry's loadout pane too
            adapter.inspect(back.roster, line.key)
        assert roster_text(back.roster, back.catalogue).startswith(back.roster.name or "Unnamed roster")
        start = time.perf_counter()
        assert pdf_bytes(back.roster, back.catalogue, force=True).startswith(b"%PDF")
        assert time.perf_counter() - start < 5

    check()
