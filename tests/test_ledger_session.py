"""A league or campaign open for editing, without a screen: changes, undo and redo, autosave, recovery, save."""

from __future__ import annotations

import shutil

import pytest

from builder.campaigns.edits import write_ledger
from builder.campaigns.ledger import LedgerError
from builder.campaigns.session import LedgerSession
from builder.editing.storage import Store
from builder.games.mcwarrior import oldsand_edits
from builder.games.mcwarrior.oldsand_edits import record_encounter, set_pick, set_warband
from builder.games.warmachine.frontier import recon_dice
from builder.games.warmachine.frontier_edits import open_round, set_move, set_spent
from builder.games.warmachine.league_edits import add_goal, cast_vote, set_army, set_painted_army
from builder.ledgers import read_ledger, replay_file
from catalog.access import ShippedFile
from catalog.errors import WarbenchError
from tests.conftest import EXAMPLES

CAMPAIGNS = EXAMPLES / "campaigns"


@pytest.fixture
def copies(tmp_path):
    """The example ledgers copied beside their rosters, so that saving writes only in tmp_path."""
    shutil.copytree(CAMPAIGNS, tmp_path / "campaigns")
    shutil.copy(EXAMPLES / "mcwarrior-warband.toml", tmp_path / "mcwarrior-warband.toml")
    return tmp_path / "campaigns"


def first_round_only(path):
    """Cut a campaign file back to its first round, to play the next one."""
    ledger = read_ledger(path)
    ledger.rounds = ledger.rounds[:1]
    write_ledger(path, ledger)
    return path


def test_a_change_replays_autosaves_and_undoes_to_clean(copies, tmp_path):
    store = Store(tmp_path / "data")
    session = LedgerSession(copies / "warmachine-league.toml", store)
    cato = next(p for p in session.result.players if p.name == "Cato")
    session.change("goal", add_goal, "Cato", 2, "themed-terrain")
    assert next(p for p in session.result.players if p.name == "Cato").points == cato.points + 1
    assert session.dirty and store.recovery_path(session.path).exists()
    assert session.undo() == "goal"
    assert not session.dirty and not store.recovery_path(session.path).exists()
    assert next(p for p in session.result.players if p.name == "Cato").points == cato.points
    assert session.redo() == "goal" and session.dirty


def test_a_refused_change_leaves_the_ledger_as_it_was(copies, tmp_path):
    session = LedgerSession(copies / "warmachine-frontier.toml", Store(tmp_path / "data"))
    before = session.text
    with pytest.raises(LedgerError, match="the campaign has ended"):
        session.change("round", open_round, session.base)
    assert session.text == before and not session.history.can_undo


def test_an_army_that_cannot_be_read_refuses_the_change(copies, tmp_path):
    session = LedgerSession(copies / "warmachine-league.toml", Store(tmp_path / "data"))
    with pytest.raises(WarbenchError, match="no-such.toml: no such roster file"):
        session.change("army", set_army, "Cato", 3, "league/no-such.toml")
    assert not session.dirty


def test_saving_writes_what_replays_and_recovery_restores_unsaved_work(copies, tmp_path):
    store = Store(tmp_path / "data")
    path = copies / "mcwarrior-port-oldsand.toml"
    session = LedgerSession(path, store)
    session.change("warband", set_warband, "Cleo", "../mcwarrior-warband.toml")
    recovered = LedgerSession(path, store)
    text = recovered.recovered_text()
    assert text is not None and "Cleo" in text
    recovered.restore(text)
    assert recovered.ledger == session.ledger and recovered.dirty
    recovered.save()
    assert not recovered.dirty and recovered.recovered_text() is None
    assert read_ledger(path).rounds[-1].warbands == {"Cleo": "../mcwarrior-warband.toml"}
    assert replay_file(path).valid


def test_a_recovery_of_another_kind_is_refused(copies, tmp_path):
    session = LedgerSession(copies / "warmachine-league.toml", Store(tmp_path / "data"))
    with pytest.raises(LedgerError, match="a frontier-campaign file, expected league"):
        session.restore((copies / "warmachine-frontier.toml").read_text(encoding="utf-8"))


def test_armies_painting_and_votes(copies, tmp_path):
    session = LedgerSession(copies / "warmachine-league.toml", Store(tmp_path / "data"))
    session.change("army", set_army, "Cato", 3, "league/cogmire-stage3.toml")
    assert session.ledger.players[2].armies[-1] == "league/cogmire-stage3.toml"
    with pytest.raises(LedgerError, match="cannot take an army to stage 5"):
        session.change("army", set_army, "Cato", 5, "league/cogmire-stage3.toml")
    session.change("painted", set_painted_army, "Cato", True)
    assert session.ledger.players[2].painted_army
    with pytest.raises(LedgerError, match="cannot vote for themselves"):
        session.change("vote", cast_vote, "Anna", "artisan", "Anna")
    session.change("vote", cast_vote, "Anna", "artisan", "Cato")
    assert session.ledger.votes[0].artisan == "Cato"
    assert "best-artisan" in next(p for p in session.result.players if p.name == "Cato").achievements


def test_a_frontier_round_from_opening_to_moves(copies, tmp_path):
    path = first_round_only(copies / "warmachine-frontier.toml")
    session = LedgerSession(path, Store(tmp_path / "data"))
    session.change("round", open_round, session.base)
    with pytest.raises(LedgerError, match="Anna cannot pick d4"):
        session.change("move", set_move, "Anna", "d4")
    session.change("move", set_move, "Anna", "a3", "intel")
    assert session.ledger.rounds[-1].moves == {"Anna": "a3"}
    assert session.ledger.rounds[-1].assault_cost == {"Anna": "intel"}


def test_an_oldsand_round_picks_and_encounters(copies, tmp_path):
    path = first_round_only(copies / "mcwarrior-port-oldsand.toml")
    session = LedgerSession(path, Store(tmp_path / "data"))
    session.change("round", oldsand_edits.open_round, session.base)
    session.change("pick", set_pick, session.base, "Ada", "Skyline")
    session.change("pick", set_pick, session.base, "Cleo", "Skyline")
    assert [s.district for s in session.result.rounds[-1].sieges] == ["Skyline"]
    assert not session.result.valid  # the siege has no encounter yet
    session.change("encounter", record_encounter, session.base, "Skyline", "Cleo")
    assert session.result.valid
    assert "Skyline" in next(p for p in session.result.players if p.name == "Cleo").districts


def test_saving_keeps_the_top_comments_and_warns_of_inner_ones(copies, tmp_path):
    path = copies / "warmachine-league.toml"
    top = path.read_text(encoding="utf-8").split("warbench = 1")[0]
    assert top.startswith("# ")
    session = LedgerSession(path, Store(tmp_path / "data"))
    assert session.save_warnings() == []
    session.change("painted", set_painted_army, "Cato", True)
    session.save()
    assert path.read_text(encoding="utf-8").startswith(top + "warbench = 1")
    path.write_text(
        path.read_text(encoding="utf-8").replace("[[votes]]", "# the votes\n[[votes]]", 1), encoding="utf-8"
    )
    session = LedgerSession(path, Store(tmp_path / "data"))
    assert session.save_warnings() == [
        "warmachine-league.toml has comments among its entries; Warbench keeps only those at the top."
    ]
    session.save()
    assert "# the votes" not in path.read_text(encoding="utf-8") and session.save_warnings() == []


def test_spending_is_bounded_by_the_pool_and_sets_the_recon_dice(copies, tmp_path):
    path = first_round_only(copies / "warmachine-frontier.toml")
    session = LedgerSession(path, Store(tmp_path / "data"))
    session.change("round", open_round, session.base)
    session.change("move", set_move, "Anna", "a3", "intel")  # Anna held 1 intel and discards it
    with pytest.raises(LedgerError, match="Anna holds 0 intel to spend this round, not 1"):
        session.change("spend", set_spent, "Anna", "intel", 1)
    session.change("spend", set_spent, "Anna", "morale", 2)
    assert session.ledger.rounds[-1].spent["Anna"].morale == 2 and session.result.valid
    session.change("spend", set_spent, "Anna", "morale", 0)
    assert "Anna" not in session.ledger.rounds[-1].spent
    assert recon_dice(intel_spent=3) == 3


def test_a_bundled_example_ledger_is_never_written(tmp_path):
    """A league opened where it ships can be tried (changes, undo), but saving it is refused in one line."""
    path = CAMPAIGNS / "warmachine-league.toml"
    shipped = path.read_bytes()
    session = LedgerSession(path, Store(tmp_path / "data"))
    session.change("paint", set_painted_army, "Cato", True)
    with pytest.raises(
        ShippedFile, match=r"^warmachine-league.toml: is in Warbench's own folder of bundled catalogues and examples"
    ):
        session.save()
    assert path.read_bytes() == shipped
