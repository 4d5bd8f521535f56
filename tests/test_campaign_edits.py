"""Ledger edits for a screen: new ledgers or one-line errors, and a round trip through the file."""

from __future__ import annotations

import pytest

from builder.campaigns.edits import dump_ledger, write_ledger
from builder.campaigns.ledger import LedgerError, read_ledger_data
from builder.games.mcwarrior import oldsand, oldsand_edits
from builder.games.mcwarrior.oldsand_edits import record_encounter, set_pick
from builder.games.warmachine import frontier, league
from builder.games.warmachine.frontier_edits import open_round, record_game, set_move
from builder.games.warmachine.frontier_replay import replay_frontier
from builder.games.warmachine.league_edits import add_goal, remove_goal
from builder.ledgers import replay_file
from tests.conftest import EXAMPLES

CAMPAIGNS = EXAMPLES / "campaigns"


def load(name, reader):
    return reader(read_ledger_data(CAMPAIGNS / name), name)


@pytest.mark.parametrize(
    ("name", "reader"),
    [
        ("warmachine-league.toml", league.read_league),
        ("warmachine-frontier.toml", frontier.read_frontier),
        ("mcwarrior-port-oldsand.toml", oldsand.read_oldsand),
    ],
)
def test_a_written_ledger_replays_the_same(tmp_path, name, reader):
    ledger = load(name, reader)
    path = CAMPAIGNS / name
    copy = tmp_path / "campaigns" / name
    copy.parent.mkdir()
    write_ledger(copy, ledger)
    (tmp_path / "campaigns" / "league").symlink_to(CAMPAIGNS / "league")
    (tmp_path / "mcwarrior-warband.toml").write_text(
        (EXAMPLES / "mcwarrior-warband.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    assert replay_file(copy).as_dict() == replay_file(path).as_dict()
    assert reader(read_ledger_data(copy), "copy") == ledger


def test_goals_are_added_once_and_removed(tmp_path):
    ledger = load("warmachine-league.toml", league.read_league)
    cato = add_goal(ledger, "Cato", 3, "played-one")
    assert cato.players[2].stages[2].goals == ["played-one"] and len(ledger.players[2].stages) == 2
    with pytest.raises(LedgerError, match="already has played-one in stage 3"):
        add_goal(cato, "Cato", 3, "played-one")
    with pytest.raises(LedgerError, match="unknown goal 'won'"):
        add_goal(ledger, "Cato", 1, "won")
    with pytest.raises(LedgerError, match="cannot record stage 4"):
        add_goal(ledger, "Cato", 4, "played-one")
    assert remove_goal(cato, "Cato", 3, "played-one").players[2].stages[2].goals == []


def test_frontier_moves_are_only_legal_squares_and_games_pair_players():
    opened = open_round(frontier.FrontierFile(warbench=1, kind="frontier-campaign", players=["A", "B"]), CAMPAIGNS)
    moved = set_move(set_move(opened, "A", "b3"), "B", "c2")
    with pytest.raises(LedgerError, match="A cannot pick a1; legal: c2 b3 d3 c4"):
        set_move(opened, "A", "a1")
    played = record_game(moved, "A", "B", "A")
    assert replay_frontier(played).as_dict()["players"][0]["controls"] == ["b3", "c3"]
    with pytest.raises(LedgerError, match="won by one of them"):
        record_game(moved, "A", "B", "C")


def test_no_round_opens_after_the_end():
    with pytest.raises(LedgerError, match="the campaign has ended"):
        open_round(load("warmachine-frontier.toml", frontier.read_frontier), CAMPAIGNS)


def test_oldsand_picks_and_encounters():
    start = oldsand.OldsandFile(
        warbench=1,
        kind="port-oldsand",
        districts=["G", "P", "X"],
        players=[{"name": "A", "start": "G"}, {"name": "B", "start": "P"}],
    )
    picked = set_pick(set_pick(oldsand_edits.open_round(start, CAMPAIGNS), CAMPAIGNS, "A", "X"), CAMPAIGNS, "B", "X")
    with pytest.raises(LedgerError, match="A cannot pick P"):
        set_pick(picked, CAMPAIGNS, "A", "P")
    won = record_encounter(picked, CAMPAIGNS, "X", "B")
    result = oldsand.replay_oldsand(won, CAMPAIGNS)
    assert result.valid and result.players[1].districts == ("P", "X")
    with pytest.raises(LedgerError, match="A is not in a siege of G"):
        record_encounter(picked, CAMPAIGNS, "G", "A")
    assert dump_ledger(won).startswith('warbench = 1\nkind = "port-oldsand"\ngame = "mcwarrior"\n')
