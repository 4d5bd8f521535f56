"""The enemy's director: each tactic's choice on hand-made table states, ties included; Guards, detection and
their chains; the order enemies act in; dice fixed so every roll is exact."""

from __future__ import annotations

import pytest

from builder.games.warsurge.narrative.director import direct
from builder.games.warsurge.narrative.model import Stage
from builder.games.warsurge.narrative.table import EnemyView, FixedDice, PlayerUnit, TableState

RIFLE = {"id": "rifle", "name": "Rifle", "range": 24, "attacks": 1, "power": 4, "type": "battle"}
CLAWS = {"id": "claws", "name": "Claws", "range": 0, "attacks": 3, "power": 6, "ap": 3, "type": "assault"}
CANNON = {"id": "cannon", "name": "Cannon", "range": 30, "attacks": 1, "power": 9, "type": "heavy"}


def enemy(letter="H", tactic=None, weapons=(RIFLE,), **more) -> dict:
    unit = {"id": f"unit-{letter.lower()}", "name": f"Enemy {letter}", "move": 6, "dash": 6, "defence": 3, "hp": 2}
    return {"letter": letter, "unit": unit, "weapons": list(weapons), "tactic": tactic, **more}


def stage(*enemies: dict, tactic="aggressive") -> Stage:
    return Stage.model_validate(
        {"id": "s", "title": "S", "introduction": "", "objectives": ["win"], "tactic": tactic, "enemies": list(enemies)}
    )


def unit(name, hp=4, points=50.0, armour=None, defence=3, **more) -> PlayerUnit:
    return PlayerUnit(name=name, hp=hp, points=points, armour=armour, defence=defence, **more)


def view(id="H1", **more) -> EnemyView:
    return EnemyView(id=id, **more)


def orders(the_stage, players, views, *dice, turn=1, chosen=None):
    table = TableState(turn=turn, players=list(players), enemies=list(views))
    return direct(the_stage, table, FixedDice(*dice), chosen).orders


# -- Aggressive ------------------------------------------------------------------------------------------------
def test_aggressive_attacks_the_closest_in_sight_not_the_closest_out_of_it():
    (order,) = orders(
        stage(enemy()),
        [unit("Knights"), unit("Pirates")],
        [view(distance={"Knights": 4, "Pirates": 10}, sight=["Pirates"])],
    )
    assert (order.action, order.target) == ("attack", "Pirates")
    assert order.reasons == ['Pirates is the closest player unit in line of sight (10")']


def test_aggressive_ties_go_to_the_lowest_hp_then_a_roll_off():
    players = [unit("Knights", hp=3), unit("Pirates", hp=2), unit("Biker", hp=2)]
    seen = view(distance={"Knights": 8, "Pirates": 8, "Biker": 8}, sight=["Knights", "Pirates", "Biker"])
    (order,) = orders(stage(enemy()), players, [seen], 2)
    assert order.target == "Biker"
    assert order.reasons == [
        'Knights and Pirates and Biker are equally close (8")',
        "and tied on HP (2): a roll-off",
    ]
    assert order.rolls == ["D2 = 2 (roll-off: 1 Pirates, 2 Biker)"]
    (order,) = orders(stage(enemy()), players[:2], [seen])
    assert (order.target, order.reasons[-1]) == ("Pirates", "Pirates has the lowest HP (2)")


def test_aggressive_pursues_when_nothing_is_in_sight():
    (order,) = orders(
        stage(enemy()), [unit("Knights"), unit("Pirates")], [view(distance={"Knights": 30, "Pirates": 20})]
    )
    assert (order.action, order.target) == ("pursue", "Pirates")


# -- Focused ---------------------------------------------------------------------------------------------------
def test_focused_numbers_the_units_in_range_and_rolls():
    players = [unit("Knights"), unit("Pirates"), unit("Biker"), unit("Far")]
    seen = view(
        distance={"Knights": 10, "Pirates": 12, "Biker": 24, "Far": 25}, sight=["Knights", "Pirates", "Biker", "Far"]
    )
    (order,) = orders(stage(enemy(tactic="focused")), players, [seen], 3)
    assert (order.action, order.target) == ("attack", "Biker")
    assert order.rolls == ["D3 = 3 (Focused: 1 Knights, 2 Pirates, 3 Biker)"]


def test_focused_with_nothing_in_range_closes_in():
    (order,) = orders(
        stage(enemy(tactic="focused")), [unit("Knights")], [view(distance={"Knights": 40}, sight=["Knights"])]
    )
    assert (order.action, order.target) == ("pursue", "Knights")


# -- Point Value -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("tactic", "target"), [("point-value-high", "Catapult"), ("point-value-low", "Knights")])
def test_point_value_at_full_hp(tactic, target):
    players = [unit("Knights", points=50), unit("Catapult", hp=1, points=170), unit("Berserkers", points=160)]
    seen = view(distance={"Knights": 20, "Catapult": 20, "Berserkers": 5}, sight=["Knights", "Catapult", "Berserkers"])
    (order,) = orders(stage(enemy(tactic=tactic)), players, [seen])
    assert (order.action, order.target) == ("attack", target)


def test_point_value_ties_go_to_the_closest_and_out_of_sight_it_fires_at_another():
    players = [unit("A", points=90), unit("B", points=90), unit("C", points=20)]
    seen = view(distance={"A": 18, "B": 12, "C": 6}, sight=["C"])
    (order,) = orders(stage(enemy(tactic="point-value-high")), players, [seen])
    assert (order.action, order.target, order.weapons) == ("move toward", "B", {"Rifle": "C"})
    assert order.reasons[0] == "A and B: the highest points (90)"


# -- Coward ----------------------------------------------------------------------------------------------------
def test_coward_hides_unless_something_is_in_range_and_sight():
    players = [unit("Knights"), unit("Pirates")]
    (hiding,) = orders(
        stage(enemy(tactic="coward")), players, [view(distance={"Knights": 30, "Pirates": 26}, sight=["Knights"])]
    )
    assert (hiding.action, hiding.target) == ("hide", None)
    assert hiding.reasons == ["nothing in range: it breaks line of sight to Knights"]
    (shooting,) = orders(
        stage(enemy(tactic="coward")), players, [view(distance={"Knights": 30, "Pirates": 20}, sight=["Pirates"])]
    )
    assert (shooting.action, shooting.target) == ("attack, then hide", "Pirates")


# -- Destroyer -------------------------------------------------------------------------------------------------
def test_destroyer_matches_ap_to_armour_then_weaker_armour_then_power_to_defence():
    players = [
        unit("Plated", armour=2, defence=6),
        unit("Mailed", armour=4, defence=4),
        unit("Cloth", armour=6, defence=2),
    ]
    near = {"Plated": 1, "Mailed": 1, "Cloth": 1}
    the_stage = stage(enemy(tactic="destroyer", weapons=(CLAWS, CANNON)))
    (order,) = orders(the_stage, players, [view(distance=near, sight=list(near))])
    assert order.weapons == {"Claws": "Mailed", "Cannon": "Plated"}
    assert order.action == "split fire"
    assert order.reasons == [
        "Claws: AP 3+ beats Armour 4+ of Mailed",
        "Cannon: Power 9 at the highest Defence (6): Plated",
    ]
    matched = [unit("Three", armour=3, defence=3), unit("Mailed", armour=4, defence=4)]
    (order,) = orders(the_stage, matched, [view(distance={"Three": 1, "Mailed": 1}, sight=["Three", "Mailed"])])
    assert order.weapons["Claws"] == "Three"
    assert order.reasons[0] == "Claws: AP 3+ matches Armour 3+ of Three"


def test_destroyer_ap_beating_no_armour_falls_to_power_and_ties_to_the_closest():
    players = [unit("Plated", armour=2, defence=5), unit("Shield", armour=2, defence=5)]
    the_stage = stage(enemy(tactic="destroyer", weapons=(CLAWS,)))
    (order,) = orders(the_stage, players, [view(distance={"Plated": 1, "Shield": 0.5}, sight=["Plated", "Shield"])])
    assert (order.target, order.weapons) == ("Shield", {"Claws": "Shield"})
    assert order.reasons[:2] == [
        "Claws: its AP beats no target's Armour, so Power decides",
        "Claws: Power 6 at the highest Defence (5): Plated and Shield",
    ]


# -- Threat ----------------------------------------------------------------------------------------------------
def test_threat_starts_like_aggressive_then_follows_the_damage():
    players = [unit("Knights"), unit("Pirates")]
    first = view(distance={"Knights": 10, "Pirates": 14}, sight=["Knights", "Pirates"])
    (order,) = orders(stage(enemy(tactic="threat")), players, [first])
    assert order.target == "Knights"
    hurt = view(
        distance={"Knights": 10, "Pirates": 14}, sight=["Knights", "Pirates"], damage_from={"Knights": 1, "Pirates": 3}
    )
    (order,) = orders(stage(enemy(tactic="threat")), players, [hurt])
    assert (order.target, order.reasons) == ("Pirates", ["Pirates has taken the most HP from it (3)"])


def test_threat_switches_to_the_healer_on_a_4_plus_only():
    players = [unit("Knights"), unit("Medic", healed=2), unit("Priest", healed=3)]
    seen = view(
        distance={"Knights": 5, "Medic": 9, "Priest": 12},
        sight=["Knights", "Medic", "Priest"],
        damage_from={"Knights": 2},
    )
    (order,) = orders(stage(enemy(tactic="threat")), players, [seen], 4)
    assert (order.target, order.rolls) == ("Priest", ["D6 = 4 (Threat: 4+ turns on the healer)"])
    (order,) = orders(stage(enemy(tactic="threat")), players, [seen], 3)
    assert order.target == "Knights"


def test_threat_that_cannot_attack_the_threat_attacks_the_closest():
    players = [unit("Knights"), unit("Sniper")]
    hidden = view(distance={"Knights": 5, "Sniper": 30}, sight=["Knights"], damage_from={"Sniper": 4})
    (order,) = orders(stage(enemy(tactic="threat")), players, [hidden])
    assert order.target == "Knights"
    assert order.reasons[0] == "Sniper took the most HP (4) but cannot be attacked"


# -- Specific, Random, Dialogue, Varies, Player Controlled --------------------------------------------------------
def test_specific_prefers_its_perk_and_says_the_stage_words():
    the_stage = stage(enemy(tactic="specific", specific="Hunts the leader first.", prefers=["Leader"]))
    players = [unit("Knights"), unit("Captain", perks=["Leader"])]
    (order,) = orders(the_stage, players, [view(distance={"Knights": 3, "Captain": 20}, sight=["Knights", "Captain"])])
    assert (order.target, order.reasons[0]) == ("Captain", "Hunts the leader first.")


def test_random_rolls_on_its_list_then_follows_it():
    the_stage = stage(enemy(tactic="random", random=["aggressive", "coward", "focused"]))
    (order,) = orders(the_stage, [unit("Knights")], [view(distance={"Knights": 30}, sight=["Knights"])], 2)
    assert (order.tactic, order.action) == ("Coward", "hide")
    assert order.rolls == ["D3 = 2 (Random: Aggressive, Coward, Focused)"]


def test_dialogue_waits_for_the_event_then_follows_the_choice():
    the_stage = stage(enemy(tactic="dialogue"))
    seen = view(distance={"Knights": 10}, sight=["Knights"])
    (order,) = orders(the_stage, [unit("Knights")], [seen])
    assert (order.action, order.reasons) == ("hold", ["waits: the stage's event decides its tactic"])
    (order,) = orders(the_stage, [unit("Knights")], [seen], chosen={"H": "aggressive"})
    assert (order.tactic, order.target) == ("Aggressive", "Knights")


def test_varies_by_turn_and_by_hp_lost():
    the_stage = stage(
        enemy(tactic="coward", changes=[{"turn": 3, "tactic": "aggressive"}, {"hp_lost": 4, "tactic": "focused"}]),
        tactic="varies",
    )
    seen = {"distance": {"Knights": 10}, "sight": ["Knights"]}
    assert orders(the_stage, [unit("Knights")], [view(**seen)], turn=2)[0].tactic == "Coward"
    assert orders(the_stage, [unit("Knights")], [view(**seen)], turn=3)[0].tactic == "Aggressive"
    assert orders(the_stage, [unit("Knights")], [view(hp_lost=4, **seen)], turn=1)[0].tactic == "Focused"


def test_player_controlled_leaves_it_to_the_player():
    (order,) = orders(stage(enemy(tactic="player-controlled")), [unit("Knights")], [view(distance={"Knights": 1})])
    assert order.action == "you decide"


# -- order of activation ---------------------------------------------------------------------------------------
def test_enemies_act_from_the_one_closest_to_a_player_unit_ties_in_stage_order():
    the_stage = stage(enemy("A", units=2), enemy("B"))
    views = [
        view("A1", distance={"Knights": 12, "Pirates": 20}),
        view("A2", distance={"Knights": 6}),
        view("B1", distance={"Knights": 30, "Pirates": 6}),
    ]
    assert [o.enemy for o in orders(the_stage, [unit("Knights"), unit("Pirates")], views)] == ["A2", "B1", "A1"]


def test_casualties_do_not_act_and_fallen_players_are_not_targets():
    the_stage = stage(enemy("A", units=2))
    views = [
        view("A1", casualty=True, distance={"Knights": 1}),
        view("A2", distance={"Knights": 2, "Pirates": 9}, sight=["Knights", "Pirates"]),
    ]
    (order,) = orders(the_stage, [unit("Knights", hp=0), unit("Pirates")], views)
    assert (order.enemy, order.target) == ("A2", "Pirates")


# -- Guards ----------------------------------------------------------------------------------------------------
def guard(role="lookout", detection=12, route=(), letter="L", units=1):
    return enemy(
        letter, tactic="aggressive", units=units, guard={"role": role, "detection": detection, "route": list(route)}
    )


def test_an_unaware_lookout_holds_and_a_patrol_walks_on_from_where_it_stands():
    """A Patrol went by the turn number (turn 1: the route's first square, where the map put it: no move at all)."""
    the_stage = stage(guard(), guard("patrol", route=["E1", "H4", "E7"], letter="P"))

    def patrol(**where):
        views = [view("L1", distance={"Knights": 30}), view("P1", distance={"Knights": 40}, **where)]
        return orders(the_stage, [unit("Knights")], views, turn=5)

    lookout, first = patrol(at="E1", route_step=0)
    assert (lookout.action, first.action, first.target, first.move_to) == (
        "stays at its post",
        "patrols to",
        "H4",
        "H4",
    )
    assert first.reasons == [
        "Patrol: at E1; the next square of its route (E1 > H4 > E7) is H4, step 2 of 3",
        "unaware of the players: it does not Move or Dash toward them",
    ]
    assert (patrol(at="E7", route_step=2)[1].target, patrol(at="A1")[1].target) == ("E1", "E1")
    assert (
        patrol(at="A1")[1].reasons[0]
        == "Patrol: at A1, off its route; the next square of its route (E1 > H4 > E7) is E1, step 1 of 3"
    )
    moved = patrol(at="H4", route_step=1, moved_to="H4")[1]
    assert (moved.line(), moved.move_to, moved.reasons[0]) == (
        "P1 Enemy P (Guard (Patrol)): stays at H4",
        None,
        "Patrol: it already moved this game turn, to H4",
    )


def test_a_roam_rolls_among_the_other_squares_of_its_route():
    """The book: Roams relocate like Patrols, at random: a different square each turn (it rolled among all)."""
    the_stage = stage(guard("roam", route=["A1", "B2", "C3"], letter="R"))
    (order,) = orders(the_stage, [unit("Knights")], [view("R1", distance={"Knights": 40}, at="B2")], 2)
    assert (order.target, order.move_to, order.rolls) == ("C3", "C3", ["D2 = 2 (Roam: A1, C3)"])
    assert order.reasons[0] == "Roam: at B2; it relocates each turn to another square of its route, at random"
    (order,) = orders(
        stage(guard("roam", route=["A1", "B2"], letter="R")), [unit("Knights")], [view("R1", at="A1", route_step=0)]
    )
    assert (order.target, order.rolls) == ("B2", [])


def test_a_patrol_or_roam_with_no_other_square_stays_put():
    """A route the checks refuse (none, or only where it stands) divided by zero or rolled a D0."""
    for role, route in (("patrol", []), ("roam", ["A1"])):
        (order,) = orders(stage(guard(role, route=route, letter="R")), [unit("Knights")], [view("R1", at="A1")])
        assert (order.action, order.move_to, order.reasons[0]) == (
            "stays at its post",
            None,
            f"{role.title()}: its route names no other square to move to",
        )


def test_detection_needs_a_move_in_sight_within_range():
    the_stage = stage(guard())
    standing = unit("Knights")
    moving = unit("Knights", moved="move")
    near = {"distance": {"Knights": 10}, "sight": ["Knights"]}
    assert orders(the_stage, [standing], [view("L1", **near)])[0].action == "stays at its post"
    assert orders(the_stage, [moving], [view("L1", distance={"Knights": 10})])[0].action == "stays at its post"
    (order,) = orders(the_stage, [moving], [view("L1", **near)])
    assert (order.action, order.target) == ("attack", "Knights")
    assert order.reasons[0] == 'activated: saw Knights\' move at 10" (detection 12")'


def test_a_move_passing_within_range_is_seen_even_ending_outside_it():
    (order,) = orders(
        stage(guard()),
        [unit("Knights", moved="dash")],
        [view("L1", distance={"Knights": 20}, sight=["Knights"], passed_within={"Knights": 11})],
    )
    assert order.reasons[0] == 'activated: saw Knights\' dash at 11" (detection 12")'


def test_stealth_halves_the_detection_range():
    seen = view("L1", distance={"Knights": 7}, sight=["Knights"])
    assert (
        orders(stage(guard()), [unit("Knights", moved="move", perks=["Stealth"])], [seen])[0].action
        == "stays at its post"
    )
    (order,) = orders(
        stage(guard()),
        [unit("Knights", moved="move", perks=["Stealth"])],
        [view("L1", distance={"Knights": 6}, sight=["Knights"])],
    )
    assert order.reasons[0] == 'activated: saw Knights\' move at 6" (detection 6" (Stealth halves it))'


def test_blink_and_teleport_pass_unseen_but_their_ends_are_seen():
    passing = view(
        "L1", distance={"Knights": 20}, sight=["Knights"], passed_within={"Knights": 2}, start_distance={"Knights": 25}
    )
    assert orders(stage(guard()), [unit("Knights", moved="blink")], [passing])[0].action == "stays at its post"
    starting = view("L1", distance={"Knights": 20}, sight=["Knights"], start_distance={"Knights": 9})
    (order,) = orders(stage(guard()), [unit("Knights", moved="teleport")], [starting])
    assert order.reasons[0] == 'activated: saw Knights\' teleport start at 9" (detection 12")'


def test_an_attack_activates_a_guard_wherever_the_attacker_is():
    (order,) = orders(stage(guard()), [unit("Sniper")], [view("L1", distance={"Sniper": 40}, attacked_by=["Sniper"])])
    assert (order.action, order.target, order.reasons[0]) == ("pursue", "Sniper", "activated: attacked by Sniper")


def test_guards_activate_in_a_chain_through_those_that_see_each_other():
    the_stage = stage(guard(units=3))
    views = [
        view("L1", distance={"Knights": 5}, sight=["Knights"]),
        view("L2", distance={"Knights": 30}, sees={"L1": 10}),
        view("L3", distance={"Knights": 40}, sees={"L2": 12}),
    ]
    table = TableState(players=[unit("Knights", moved="move")], enemies=views)
    direction = direct(the_stage, table, FixedDice())
    assert direction.activated == {
        "L1": 'saw Knights\' move at 5" (detection 12")',
        "L2": 'saw Guard L1 raise the alarm at 10"',
        "L3": 'saw Guard L2 raise the alarm at 12"',
    }


def test_a_guard_casualty_seen_activates_and_one_too_far_does_not():
    the_stage = stage(guard(units=3))
    views = [
        view("L1", casualty=True),
        view("L2", sees={"L1": 8}, distance={"Knights": 40}),
        view("L3", sees={"L1": 13}, distance={"Knights": 40}),
    ]
    direction = direct(the_stage, TableState(players=[unit("Knights")], enemies=views), FixedDice())
    assert direction.activated == {"L2": 'saw Guard L1 fall at 8"'}
    assert [o.action for o in direction.orders] == ["pursue", "stays at its post"]


def test_what_the_table_names_that_the_stage_lacks_is_said():
    direction = direct(
        stage(enemy()),
        TableState(players=[unit("Knights")], enemies=[view("Z1"), view("H1", distance={"Ghost": 3})]),
        FixedDice(),
    )
    assert direction.problems == ["no enemy unit Z1 in this stage", "H1: no player unit 'Ghost'"]


def test_every_field_naming_a_unit_the_table_lacks_is_said_with_its_field():
    named = view(
        "H1",
        distance={"Knights": 3},
        sight=["Knight"],
        attacked_by=["Nobody"],
        passed_within={"Ghost": 2},
        start_distance={"Wraith": 5},
        sees={"Z7": 4, "H1": 0},
    )
    direction = direct(stage(enemy()), TableState(players=[unit("Knights")], enemies=[named]), FixedDice())
    assert direction.problems == [
        "H1: no player unit 'Knight' (in sight)",
        "H1: no player unit 'Nobody' (in attacked_by)",
        "H1: no player unit 'Ghost' (in passed_within)",
        "H1: no player unit 'Wraith' (in start_distance)",
        "H1: no enemy unit 'Z7' (in sees)",
    ]
