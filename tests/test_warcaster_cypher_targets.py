"""Whom a Warcaster Cypher is played on, as the book's "Cypher card types" says: a Fury on an enemy unit, a Geometric
only on a friendly squad, a Harmonic on any friendly unit, an Overdrive only on a friendly warjack, and a unit
affected by one of each type at a time — until the card expires at the Pulse round's end or is removed. Recorded
with `battle cypher … play CARD --on UNIT`, shown in `--json` and the details, carried in the code; a play recorded
before it named no unit reads as it did."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from builder.battles import battle_code, battle_from_code, read_battle
from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from builder.games.warcaster import offers
from builder.games.warcaster.arc import ArcUnit, new_arc
from builder.games.warcaster.arc_events import Deploy, Destroyed, Recall
from builder.games.warcaster.cyphers import Expire, Face, Play, new_rack
from builder.games.warcaster.steps import Turn
from builder.games.warcaster.table import SideEvent, WarcasterSide, apply_table, new_table
from builder.resources import Refused
from tests.test_warcaster_battle_spending import run, warcaster_battle

FORCE = (ArcUnit("Firebrand", "warjack", 2), ArcUnit("Paladin Defenders", "squad", 2), ArcUnit("Voss", "hero", 1))
FACES = {
    "cryo-lock": Face("Cryo Lock", "fury"),
    "force-barrier": Face("Force Barrier", "geometric"),
    "encrypted-command": Face("Encrypted Command", "harmonic"),
    "revelation-matrix": Face("Revelation Matrix", "harmonic"),
    "impulse-inducer": Face("Impulse Inducer", "overdrive"),
}
RACK = (*FACES, *(f"cypher-{n:02}" for n in range(7)))


def table(hand=tuple(FACES)):
    """Both players with the units 0 and 1 deployed, the first player's turn begun, its hand the five cards."""
    sides = []
    for n in range(2):
        rack = new_rack(RACK, f"s{n}", FACES)
        deck = tuple(card for card in RACK if card not in hand)
        sides.append(WarcasterSide(new_arc(FORCE), replace(rack, hand=hand, deck=deck)))
    state = new_table(tuple(sides))
    for side in (0, 1):
        state = apply_table(state, SideEvent(side=side, event=Deploy(units=[0, 1])))
    return at(state, 0, Turn())


def at(state, side, *events):
    for event in events:
        state = apply_table(state, SideEvent(side=side, event=event))
    return state


def refusal(state, side, event) -> tuple[str, str, str]:
    with pytest.raises(Refused) as caught:
        at(state, side, event)
    found = caught.value.finding
    return found.code, found.path, found.message


def test_a_second_harmonic_on_a_unit_already_affected_by_one_is_refused_with_the_rule():
    state = at(table(), 0, Play(card="encrypted-command", on=0, lasts="pulse"))
    assert dict(state.sides[0].cyphers.on) == {"encrypted-command": 0}
    assert refusal(state, 0, Play(card="revelation-matrix", on=0)) == (
        "battle/cypher",
        "on",
        "Firebrand is affected by a Harmonic already (Encrypted Command): a unit is affected by one Cypher of each "
        "type at a time, until it expires or is removed",
    )
    other = at(state, 0, Play(card="revelation-matrix", on=1, lasts="pulse"))  # another unit: allowed
    assert dict(other.sides[0].cyphers.on) == {"encrypted-command": 0, "revelation-matrix": 1}


def test_one_of_each_type_a_harmonic_and_an_overdrive_on_one_warjack():
    state = at(table(), 0, Play(card="encrypted-command", on=0, lasts="pulse"))
    state = at(state, 0, Play(card="impulse-inducer", on=0, lasts="pulse"))
    assert dict(state.sides[0].cyphers.on) == {"encrypted-command": 0, "impulse-inducer": 0}


def test_a_geometric_only_on_a_squad_an_overdrive_only_on_a_warjack():
    state = table()
    assert refusal(state, 0, Play(card="force-barrier", on=0)) == (
        "battle/cypher",
        "on",
        "Force Barrier is a Geometric: it is played only on a friendly squad, and Firebrand is a warjack",
    )
    assert refusal(state, 0, Play(card="impulse-inducer", on=1))[2] == (
        "Impulse Inducer is an Overdrive: it is played only on a friendly warjack, and Paladin Defenders is a squad"
    )
    assert dict(at(state, 0, Play(card="force-barrier", on=1, lasts="pulse")).sides[0].cyphers.on) == {
        "force-barrier": 1
    }


def test_a_cypher_is_played_on_a_unit_in_play():
    assert refusal(table(), 0, Play(card="encrypted-command", on=2))[2] == (
        "Voss is not in play: a Cypher is played on a unit on the battlefield"
    )
    assert refusal(table(), 0, Play(card="encrypted-command", on=7))[2] == "there is no unit 8 in the force (it has 3)"


def test_a_fury_names_an_enemy_unit_and_a_second_lasting_fury_on_it_is_refused():
    state = at(table(), 0, Play(card="cryo-lock", on=1, lasts="pulse"))
    assert dict(state.sides[0].cyphers.on) == {"cryo-lock": 1}
    assert (
        refusal(table(), 0, Play(card="cryo-lock", on=2))[2]
        == "Voss is not in play: a Cypher is played on a unit on the battlefield"
    )
    resolved = at(table(), 0, Play(card="cryo-lock", on=1))  # resolved at once: it affects nobody afterwards
    assert (dict(resolved.sides[0].cyphers.on), resolved.sides[0].cyphers.discard) == ({}, ("cryo-lock",))


def test_the_type_is_free_again_once_the_card_expires_or_the_pulse_round_ends():
    state = at(table(), 0, Play(card="encrypted-command", on=0, lasts="pulse"), Expire(card="encrypted-command"))
    assert dict(state.sides[0].cyphers.on) == {}
    state = at(state, 0, Play(card="revelation-matrix", on=0, lasts="pulse"))
    assert dict(state.sides[0].cyphers.on) == {"revelation-matrix": 0}
    for _ in range(5):  # to the Pulse round's end
        state = at(at(state, 1, Turn()), 0, Turn())
    assert (state.ended, dict(state.sides[0].cyphers.on), state.sides[0].cyphers.lasting) == (1, {}, ())


def test_a_unit_leaving_play_is_affected_by_nothing_its_own_and_the_enemys_cyphers_discarded():
    state = at(
        table(), 0, Play(card="encrypted-command", on=1, lasts="pulse"), Play(card="cryo-lock", on=0, lasts="pulse")
    )
    state = at(state, 1, Destroyed(unit=0))  # the enemy's unit the Fury was on
    assert (dict(state.sides[0].cyphers.on), state.sides[0].cyphers.discard) == (
        {"encrypted-command": 1},
        ("cryo-lock",),
    )
    state = at(at(state, 1, Turn()), 0, Turn(), Recall(unit=1))
    mine = state.sides[0].cyphers
    assert (dict(mine.on), mine.lasting, mine.discard) == ({}, (), ("cryo-lock", "encrypted-command"))
    assert mine.cards == len(RACK)


def test_a_play_naming_no_unit_is_not_checked_as_before():
    state = at(table(), 0, Play(card="force-barrier", lasts="pulse"), Play(card="encrypted-command", lasts="pulse"))
    assert (state.sides[0].cyphers.lasting, dict(state.sides[0].cyphers.on)) == (
        ("force-barrier", "encrypted-command"),
        {},
    )


# -- in a battle -----------------------------------------------------------------------------------------------------

SEED = "seed0018"
"""Deals the Firebrand's player Plexus Densifier, Malediction Rubric, Annihilation Vector, Encrypted Command and
Revelation Matrix."""
OLD_CODE = (
    "A34GDRI2P5SIFQRBT4KDH6SANGSRSHVCCDINFMNBDTLCY3MAG5PR2MJE2LMUF7GSONJ7WJAWCEFPLNJJ6SAOFEVKEUQXFSVC2UPC2DQDP7IRDZCJ"
    "MREWMZGYZSNSSSTDUIRGWE4BCT7H6PWPHRQSSPKSYMJST6WUWZMI6M3RV2ICOJE2NSDZEZMSU"
)
"""Written by Warbench before a play named its unit (commit 0bd8dde): the Firebrand and the Paladin Weaver deployed,
Encrypted Command played until the Pulse round ends."""


@pytest.fixture
def battle(tmp_path):
    path = warcaster_battle(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace(f'seed = "{read_battle(path).seed}"', f'seed = "{SEED}"'))
    return path


def play_on(capsys, battle: str, card: str, unit: str, *more: str) -> tuple[int, str, str]:
    """`battle cypher BATTLE --side us play CARD --on UNIT --lasts pulse`."""
    return run(
        capsys, "battle", "cypher", battle, "--side", "us", "play", card, "--on", unit, "--lasts", "pulse", *more
    )


AFTER = ("--when", "after")
"""The second card of a turn in which no unit activated: said to be the one after activating (else refused)."""


def cyphers(path, capsys, side=0) -> dict:
    assert main(["battle", str(path), "--json"]) in (0, 1)
    return json.loads(capsys.readouterr().out)["sides"][side]["resources"]["cyphers"]


def test_from_the_command_line_a_harmonic_on_the_weaver_then_a_second_refused(battle, capsys):
    b = str(battle)
    assert run(capsys, "battle", "arc", b, "--side", "us", "deploy", "Firebrand", "Paladin Weaver")[0] == 0
    code, out, _ = play_on(capsys, b, "Revelation Matrix", "Paladin Weaver")
    assert (code, out) == (0, "Matt's Alliance skirmish: Arc 7 · gates none · on units 0 · hand 4 · Pulse 1.1\n")
    before = battle.read_text(encoding="utf-8")
    assert 'event = { kind = "play", card = "revelation-matrix", lasts = "pulse", on = 3 }' in before
    assert run(capsys, "battle", "cypher", b, "--side", "us", "play", "encrypted-command", "--on", "4") == (
        2,
        "",
        "warbench: not recorded: Paladin Weaver is affected by a Harmonic already (Revelation Matrix): a unit is "
        "affected by one Cypher of each type at a time, until it expires or is removed\n",
    )
    assert run(capsys, "battle", "cypher", b, "--side", "us", "play", "encrypted-command", "--on", "1")[2] == (
        "warbench: not recorded: Encrypted Command is played only on a friendly solo, as its card says, and "
        "Firebrand is a warjack\n"
    )
    assert run(capsys, "battle", "cypher", b, "--side", "us", "play", "annihilation-vector", "--on", "Paladin Weaver")[
        2
    ] == (
        "warbench: not recorded: Annihilation Vector is an Overdrive: it is played only on a friendly warjack, and "
        "Paladin Weaver is a solo\n"
    )
    assert battle.read_text(encoding="utf-8") == before
    assert cyphers(battle, capsys)["on"] == [
        {"card": "revelation-matrix", "unit": 3, "name": "Paladin Weaver", "enemy": False}
    ]


def test_a_fury_names_the_enemys_unit_and_the_details_say_which_cyphers_are_on_which_unit(battle, capsys):
    b = str(battle)
    run(capsys, "battle", "arc", b, "--side", "opponent", "deploy", "3")
    run(
        capsys, "battle", "arc", b, "--side", "us", "deploy", "Firebrand", "Paladin Weaver"
    )  # the Weaver channels the Fury
    play_on(capsys, b, "revelation-matrix", "Firebrand")
    assert play_on(capsys, b, "Malediction Rubric", "3", *AFTER)[0] == 0
    assert cyphers(battle, capsys)["on"][1] == {
        "card": "malediction-rubric",
        "unit": 2,
        "name": "Strike Raptor",
        "enemy": True,
    }
    session = BattleSession(battle, Store(battle.parent / "store"))
    assert session.result.spending.details(0)[0] == (
        "This turn (at the Cypher step after activating): Revelation Matrix played on Firebrand · Malediction "
        "Rubric played on the enemy's Strike Raptor"
    )
    assert session.result.spending.details(0)[2] == (
        "In play until the Pulse round ends: Revelation Matrix on Firebrand, Malediction Rubric on the enemy's Strike Raptor"
    )


def test_a_code_written_before_plays_named_a_unit_reads_and_says_the_same(tmp_path, capsys):
    (tmp_path / "theirs").mkdir()
    imported = battle_from_code(OLD_CODE, tmp_path / "theirs" / "battle.toml")
    assert imported.spent[-1].event == {"kind": "play", "card": "encrypted-command", "lasts": "pulse"}
    found = cyphers(tmp_path / "theirs" / "battle.toml", capsys)
    assert (found["in_play"], found["on"]) == (["encrypted-command"], [])
    assert battle_code(tmp_path / "theirs" / "battle.toml") == OLD_CODE


def test_the_unit_a_cypher_is_played_on_travels_in_the_battle_code(battle, capsys, tmp_path):
    b = str(battle)
    run(capsys, "battle", "arc", b, "--side", "us", "deploy", "Firebrand")
    play_on(capsys, b, "revelation-matrix", "Firebrand")
    (tmp_path / "theirs").mkdir()
    imported = battle_from_code(battle_code(battle), tmp_path / "theirs" / "battle.toml")
    assert imported.spent[-1].event["on"] == 0
    assert cyphers(tmp_path / "theirs" / "battle.toml", capsys)["on"][0]["name"] == "Firebrand"


def test_the_units_offered_for_a_card_and_the_cyphers_on_each_unit(battle, capsys):
    """What the battle screen's play key offers (a type's units in play, one already affected saying why) and what
    a unit's detail lists."""
    b = str(battle)
    run(capsys, "battle", "arc", b, "--side", "opponent", "deploy", "3")
    run(capsys, "battle", "arc", b, "--side", "us", "deploy", "Firebrand", "Paladin Weaver", "Paladin Defenders")
    play_on(capsys, b, "revelation-matrix", "Paladin Weaver")
    play_on(capsys, b, "malediction-rubric", "3", *AFTER)
    state = BattleSession(battle, Store(battle.parent / "store")).result.spending.state
    affected = (
        "Paladin Weaver is affected by a Harmonic already (Revelation Matrix): a unit is affected by one Cypher of "
        "each type at a time, until it expires or is removed"
    )
    assert offers.targets(state, 0, "encrypted-command") == [(3, "Paladin Weaver", "solo", affected)]  # a solo's
    assert offers.targets(state, 0, "plexus-densifier") == [(2, "Paladin Defenders", "squad", "")]
    assert offers.targets(state, 0, "annihilation-vector") == [(0, "Firebrand", "warjack", "")]
    assert offers.on_unit(state, 0, 3) == ["Revelation Matrix"]
    assert offers.on_unit(state, 1, 2) == ["Malediction Rubric (enemy's)"]


def test_a_cypher_named_in_part_is_refused_with_the_name_meant(battle, capsys):
    """`cypher … play Annihilation` said only "'Annihilation' is no Cypher of this player's rack" (the
    player-tester's): it names the rack's Cypher meant; a word like none of them is refused as before."""
    b = str(battle)
    before = battle.read_text(encoding="utf-8")
    assert run(capsys, "battle", "cypher", b, "--side", "us", "play", "Annihilation")[::2] == (
        2,
        "warbench: 'Annihilation' is no Cypher of this player's rack (did you mean 'Annihilation Vector'?)\n",
    )
    assert run(capsys, "battle", "cypher", b, "--side", "us", "play", "xyzzy")[2] == (
        "warbench: 'xyzzy' is no Cypher of this player's rack\n"
    )
    assert battle.read_text(encoding="utf-8") == before
