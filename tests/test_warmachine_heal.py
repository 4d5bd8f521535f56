"""A Warmachine Leader healing itself spends no more focus than its damage needs (1 damage a point, 5 in Execution
Mode): the tracker's damage judges what is recorded next, while a heal a battle file holds already reads as before."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType, SimpleNamespace

import pytest

from builder.battles import read_battle
from builder.battles.session import BattleSession
from builder.campaigns.ledger import LedgerError
from builder.cli import main
from builder.editing.storage import Store
from builder.games.warmachine.focus import Allocate, ControlPhase, Heal, Leader, apply_focus, new_focus
from builder.games.warmachine.tui.battle import WarmachineBattle
from builder.resources import Refused
from tests.conftest import EXAMPLES

YSOLDE = Leader(0, "Ysolde", 7)


def heal(amount: int, damage: dict[int, int] | None, execution: bool = False) -> str | int:
    """The damage removed, or the refusal's message."""
    state = apply_focus(new_focus((YSOLDE,), execution), ControlPhase())
    state = state if damage is None else replace(state, damage=MappingProxyType(damage))
    try:
        return apply_focus(state, Heal(leader=0, amount=amount)).healed
    except Refused as refusal:
        return refusal.finding.message


def test_a_heal_spends_at_most_the_points_the_damage_needs():
    assert heal(2, {}) == "Ysolde has no damage to remove"
    assert heal(3, {0: 2}) == "Ysolde has only 2 damage to remove: 2 focus at most"
    assert heal(2, {0: 2}) == 2
    assert heal(3, {0: 10}, execution=True) == (
        "Ysolde has only 10 damage to remove: 2 focus at most (5 damage a point in Execution Mode)"
    )
    assert heal(2, {0: 7}, execution=True) == 10  # the second point removes what is left: the tracker stops at 0
    assert heal(2, None) == 2  # damage not known (an event replayed): judged as it always was


def new(tmp_path, *more: str) -> str:
    shutil.copy(EXAMPLES / "warmachine-example.toml", tmp_path / "army.toml")
    path, army = tmp_path / "wmh.toml", str(tmp_path / "army.toml")
    command = ["battle", "new", army, "--opponent", army, "--players", "Anna", "Ben", "--attacker", "Anna"]
    assert main([*command, "--scenario", "first-blood", *more, "-o", str(path)]) == 0
    return str(path)


def refused(capsys, path: str, *heal: str) -> str:
    before = Path(path).read_bytes()
    capsys.readouterr()
    assert main(["battle", "focus", path, "--side", "Anna", "heal", *heal]) == 2
    said = capsys.readouterr()
    assert said.out == "" and Path(path).read_bytes() == before
    return said.err


def leader(path: str) -> tuple[list[int], int]:
    """The Leader's damage and focus."""
    battle = read_battle(path)
    damage = next((m.damage for m in battle.marks(0) if m.index == 0), [])
    session = BattleSession(path, Store(Path(path).parent / "data"))
    assert session.result.spending is not None
    return damage, session.result.spending.state.sides[0].holding(0)


def test_battle_focus_heal_refuses_points_past_the_damage_and_writes_nothing(tmp_path, capsys):
    path = new(tmp_path)
    assert refused(capsys, path, "1", "2") == "warbench: not recorded: Commander Ysolde Varr has no damage to remove\n"
    assert leader(path) == ([], 7)
    assert main(["battle", "mark", path, "--unit", "1", "--damage", "2"]) == 0
    assert refused(capsys, path, "1", "4") == (
        "warbench: not recorded: Commander Ysolde Varr has only 2 damage to remove: 2 focus at most\n"
    )
    assert main(["battle", "focus", path, "--side", "Anna", "heal", "1", "2"]) == 0
    assert leader(path) == ([], 5)  # healed to full: no damage marked


def test_in_execution_mode_five_damage_a_point_sets_the_most(tmp_path, capsys):
    path = new(tmp_path, "--mode", "execution")
    assert main(["battle", "mark", path, "--unit", "1", "--damage", "10"]) == 0
    assert refused(capsys, path, "1", "5") == (
        "warbench: not recorded: Commander Ysolde Varr has only 10 damage to remove: 2 focus at most "
        "(5 damage a point in Execution Mode)\n"
    )
    with pytest.raises(LedgerError) as caught:  # the app's heal key goes this way
        BattleSession(path, Store(tmp_path / "data")).spend(0, {"kind": "heal", "leader": 0, "amount": 3}, "heal")
    assert str(caught.value) == (
        "not recorded: Commander Ysolde Varr has only 10 damage to remove: 2 focus at most "
        "(5 damage a point in Execution Mode)"
    )
    assert main(["battle", "focus", path, "--side", "Anna", "heal", "1", "2"]) == 0
    assert leader(path) == ([], 5)  # healed to full: no damage marked


def test_a_heal_past_the_damage_a_file_holds_already_reads_as_before(tmp_path, capsys):
    path = new(tmp_path)
    text = Path(path).read_text(encoding="utf-8")
    spent = '\n[[spent]]\nside = 0\nround = 1\nturn = 0\nevent = { kind = "heal", leader = 0, amount = 2 }\n'
    Path(path).write_text(text + spent, encoding="utf-8")
    capsys.readouterr()
    assert main(["battle", path, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == []
    assert leader(path) == ([], 5)


def test_the_battle_screens_h_key_heals_the_highlighted_leader_by_one_point():
    """The key records the same `heal` event as `battle focus … heal LEADER 1`, judged by the same rules."""
    keys = {binding.key: binding.action for binding in WarmachineBattle.BINDINGS}
    assert keys["h"] == "spend_heal"
    spent: list[tuple[str, str, str, dict[str, int]]] = []
    fake = SimpleNamespace(_spend=lambda kind, field, label, **more: spent.append((kind, field, label, more)))
    WarmachineBattle.action_spend_heal(fake)  # type: ignore[arg-type]
    assert spent == [("heal", "leader", "heal 1", {"amount": 1})]


def test_a_heal_a_feat_or_an_allocation_by_what_is_no_leader_names_it(tmp_path, capsys):
    """Unit 2 of the example army is its Bulwark Warjack: the refusal says what it is and what only a Leader does,
    where it said "entry 2 is no Leader of this army"."""
    path = new(tmp_path)
    assert refused(capsys, path, "2", "1") == (
        "warbench: not recorded: Bulwark Warjack is not a Leader: only a Leader removes its own damage with focus\n"
    )
    assert main(["battle", "feat", path, "--side", "Anna", "2"]) == 2
    assert (
        capsys.readouterr().err == "warbench: not recorded: Bulwark Warjack is not a Leader: only a Leader has a feat\n"
    )
    state = replace(
        apply_focus(new_focus((Leader(0, "Lylyth", 6, "fury"),)), ControlPhase()),
        names=MappingProxyType({0: "Lylyth", 1: "Bloodtrackers"}),
    )
    with pytest.raises(Refused) as allocated:
        apply_focus(state, Allocate(leader=1, model=0))
    assert (
        allocated.value.finding.message
        == "Bloodtrackers is not a Leader: only a Leader allocates fury to a battlegroup"
    )
    with pytest.raises(Refused) as unnamed:
        apply_focus(state, Heal(leader=7))
    assert unnamed.value.finding.message == "entry 8 is not a Leader: only a Leader removes its own damage with fury"


def test_the_battle_screens_p_key_powers_up_the_highlighted_warjack(tmp_path):
    """Power Up (each warjack in its controller's control range gains 1 focus in the Control Phase) was only
    `battle focus … power-up` on the command line: the battle screen's `p` records the same event, which the
    session takes (1 focus on the Bulwark, none from its Leader)."""
    keys = {binding.key: binding.action for binding in WarmachineBattle.BINDINGS}
    assert keys["p"] == "spend_power_up"
    spent: list[tuple[str, str, str, dict[str, int]]] = []
    fake = SimpleNamespace(_spend=lambda kind, field, label, **more: spent.append((kind, field, label, more)))
    WarmachineBattle.action_spend_power_up(fake)  # type: ignore[arg-type]
    assert spent == [("power-up", "model", "power up", {})]
    session = BattleSession(Path(new(tmp_path)), Store(tmp_path / "data"))
    session.spend(0, {"kind": "power-up", "model": 1}, "Bulwark Warjack: power up")
    spending = session.result.spending
    assert spending is not None
    focus = spending.state.sides[0]
    assert (focus.holding(1), focus.holding(0)) == (1, 7)
