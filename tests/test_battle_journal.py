"""The player's journal: every finished battle recorded once in the data folder, listed with each roster's record."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from builder.battles import journal
from builder.battles.journal import JOURNAL_NAME, JournalEntry, JournalSide, read_journal, records
from builder.cli import main

CLOCK = datetime(2026, 11, 28, 20, 15, tzinfo=timezone(timedelta(hours=1)))


@pytest.fixture(autouse=True)
def clock(monkeypatch):
    """The journal dates its entries by a fixed clock."""
    monkeypatch.setattr(journal, "now", lambda: CLOCK)


def new_battle(table: Path, name: str, *extra: str, roster="warmachine-example.toml", scenario="first-blood") -> str:
    path = str(table / name)
    args = ["battle", "new", str(table / roster), "--opponent", str(table / roster), "--scenario", scenario]
    attacker = ["--attacker", "us"] if roster.startswith("warmachine") else []  # who takes the first turn
    assert main([*args, *attacker, *extra, "-o", path]) == 0
    return path


def entries(home: Path) -> list[dict]:
    return [json.loads(line) for line in (home / JOURNAL_NAME).read_text(encoding="utf-8").splitlines()]


def test_a_battle_ended_from_the_command_line_goes_into_the_journal_once(table, isolated_home, capsys):
    path = new_battle(table, "level.toml", "--players", "Ann", "Bo", "--attacker", "Ann")
    assert not (isolated_home / JOURNAL_NAME).exists(), "a battle going on is not in the journal"
    assert main(["battle", "turn", path, "--over"]) == 0
    [entry] = entries(isolated_home)
    assert entry["date"] == "2026-11-28T20:15:00+01:00"
    assert entry["battle"] == str(Path(path).resolve())
    assert (entry["game"], entry["scenario"]) == ("warmachine", "First Blood")
    roster = str((table / "warmachine-example.toml").resolve())
    assert [(s["player"], s["roster_file"], s["vp"]) for s in entry["sides"]] == [("Ann", roster, 0), ("Bo", roster, 0)]
    assert entry["result"] == {"winners": [], "draw": True, "reason": "a draw"}
    assert main(["battle", "turn", path, "--over"]) == 0  # the same end again: nothing new
    assert main(["battle", "declare", path, "--side", "Bo", "--reason", "conceded"]) == 0
    assert len(entries(isolated_home)) == 1


def test_an_undone_end_leaves_the_journal_and_a_redone_one_goes_back_in(table, isolated_home, capsys):
    """The tester's: a Leader's destruction undone left 'won by Ben' in the journal, skewing each roster's record."""
    from builder.battles.session import BattleSession
    from builder.editing.storage import Store
    from builder.scenarios import edits

    path = new_battle(table, "u.toml", "--players", "Ann", "Bo", "--attacker", "Ann")
    data = table / "data"
    session = BattleSession(path, Store(data))
    session.clock = lambda: CLOCK
    session.change("Bo wins", edits.declare, 1, "conceded")
    assert [e["result"]["winners"] for e in entries(data)] == [["Bo"]]
    assert session.undo() == "Bo wins"
    assert entries(data) == [] and session.journal_problem is None
    assert session.redo() == "Bo wins"
    assert [e["result"]["winners"] for e in entries(data)] == [["Bo"]]


def test_a_declared_win_is_recorded_with_its_winner(table, isolated_home, capsys):
    path = new_battle(table, "won.toml", "--players", "Ann", "Bo", "--attacker", "Ann")
    assert main(["battle", "declare", path, "--side", "Bo", "--reason", "Ann conceded"]) == 0
    [entry] = entries(isolated_home)
    assert entry["result"]["winners"] == ["Bo"] and entry["result"]["draw"] is False
    assert "Ann conceded" in entry["result"]["reason"]


def test_the_session_records_the_change_that_ends_the_game_and_ending_it_again_updates_the_entry(
    table, isolated_home, capsys
):
    from builder.battles.session import BattleSession
    from builder.editing.storage import Store
    from builder.scenarios import edits

    path = new_battle(table, "s.toml", "--players", "Ann", "Bo", "--attacker", "Ann")
    data = table / "data"
    session = BattleSession(path, Store(data))
    session.clock = lambda: CLOCK + timedelta(days=1)
    session.change("Bo wins", edits.declare, 1, "conceded")
    [first] = entries(data)
    assert first["result"]["winners"] == ["Bo"] and first["date"].startswith("2026-11-29")
    session.change("taken up again", edits.declare, None)
    session.change("over", edits.end_game)
    [again] = entries(data)
    assert again["result"]["draw"] is True and again["battle"] == first["battle"]
    assert session.journal_problem is None


def test_a_journal_that_cannot_be_written_leaves_the_battle_saved_and_says_so_in_one_line(table, isolated_home, capsys):
    path = new_battle(table, "b.toml")
    (isolated_home / JOURNAL_NAME).mkdir()
    capsys.readouterr()
    assert main(["battle", "turn", path, "--over"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("warbench: not in the journal:") and err.count("\n") == 1
    assert main(["battle", path, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["result"]["draw"] is True


def test_recording_keeps_lines_that_are_not_entries_and_reads_the_rest(table, isolated_home, capsys):
    journal_file = isolated_home / JOURNAL_NAME
    journal_file.write_text("{not json\n", encoding="utf-8")
    path = new_battle(table, "b.toml")
    assert main(["battle", "turn", path, "--over"]) == 0
    read = read_journal(journal_file)
    assert len(read.entries) == 1 and [n for n, _, _ in read.bad_lines] == [1]
    assert journal_file.read_text(encoding="utf-8").startswith("{not json\n")


def test_warbench_journal_lists_battles_newest_first_with_each_rosters_record(
    table, isolated_home, capsys, monkeypatch, tmp_path
):
    first = new_battle(table, "one.toml", "--players", "Ann", "Bo", "--attacker", "Ann")
    assert main(["battle", "declare", first, "--side", "Ann", "--reason", "Bo conceded"]) == 0
    monkeypatch.setattr(journal, "now", lambda: CLOCK + timedelta(hours=2))
    second = new_battle(
        table, "two.toml", roster="warcaster-marcher-worlds.toml", scenario="strange-matter"
    )  # against itself
    assert main(["battle", "turn", second, "--over"]) == 0
    capsys.readouterr()
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["journal"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Journal: 2 battles, newest first"
    assert out[1].split() == ["Date", "Game", "Scenario", "Sides", "Result"] and out[2].startswith("  1.  ")
    assert "Strange Matter" in out[2] and "a draw" in out[2], "the newest first"
    assert "First Blood" in out[3] and out[3].endswith("Ann won (Bo conceded)")  # the reason names no winner twice
    monkeypatch.setenv("COLUMNS", "80")  # too narrow for the table: each battle on two lines, none wider
    assert main(["journal"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:5] == [
        "  1.  2026-11-28 22:15  Warcaster  Strange Matter",
        "    Will's Marcher force vs Will's Marcher force: a draw",
        "  2.  2026-11-28 20:15  Warmachine  First Blood",
        "    Ann (Cogmire vanguard) vs Bo (Cogmire vanguard): Ann won (Bo conceded)",
    ]
    assert out[-3:] == [
        "Records (wins / draws / losses):",
        "  Cogmire vanguard      1 / 0 / 1",
        "  Will's Marcher force  0 / 2 / 0",
    ]
    assert main(["journal", "--json", "--roster", "warmachine-example.toml"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert [e["scenario"] for e in found["entries"]] == ["First Blood"]
    assert found["records"] == [{"roster": "Cogmire vanguard", "wins": 1, "draws": 0, "losses": 1}]
    assert main(["journal", "--report", "2"]) == 0  # the design's battle report, from the journal's number
    report = capsys.readouterr().out
    assert report.startswith("# ") and "- **Scenario:** First Blood" in report
    assert main(["journal", "--report", "2", "-o", str(tmp_path / "first-blood.pdf")]) == 0
    assert capsys.readouterr().out == f"wrote {tmp_path / 'first-blood.pdf'}\n"
    assert (tmp_path / "first-blood.pdf").read_bytes().startswith(b"%PDF")
    for argv, said in (
        (["--report", "3"], "--report 3: the journal lists 2 battles (1 is the newest)"),
        (["-o", "x.md"], "-o writes a battle's report: name the battle with --report N"),
    ):
        assert main(["journal", *argv]) == 2
        assert capsys.readouterr().err == f"warbench: {said}\n"
    Path(first).unlink()
    assert main(["journal", "--report", "2"]) == 2
    gone = Path(first).resolve()
    assert capsys.readouterr().err == (
        f"warbench: --report 2: its battle file {gone} is gone (the journal keeps only its result)\n"
    )
    assert main(["journal", "--roster", "nobody"]) == 0
    assert capsys.readouterr().out == "No battle in the journal where nobody played.\n"


def test_a_battles_sides_show_vp_only_where_a_side_scored_some():
    """A Deathmatch scores no VP: its sides are listed without a row of zeros."""
    from builder.battles.journal import JournalEntry
    from builder.battles.journal_commands import sides_words

    def entry(*vp: int) -> JournalEntry:
        sides = [{"player": name, "vp": v} for name, v in zip(("Ann", "Bo"), vp)]
        return JournalEntry(date="", battle="b", game="warsurge", sides=sides, result={"winners": ["Ann"]})

    assert sides_words(entry(0, 0)) == "Ann vs Bo"
    assert sides_words(entry(3, 0)) == "Ann 3 VP vs Bo 0 VP"


def test_an_empty_journal_says_how_a_battle_gets_there(capsys):
    assert main(["journal", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"entries": [], "records": []}
    assert main(["journal"]) == 0
    assert "a battle goes in when its scenario ends the game" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"\xff\xfe not text", "not a journal file (not UTF-8 text)"),
        (b"x" * (journal.MAX_JOURNAL_BYTES + 1), "too large for a journal file"),
    ],
)
def test_a_journal_that_cannot_be_read_is_one_line_and_exit_2(isolated_home, capsys, content, said):
    (isolated_home / JOURNAL_NAME).write_bytes(content)
    assert main(["journal"]) == 2
    captured = capsys.readouterr()
    assert said in captured.err and captured.err.count("\n") == 1 and "Traceback" not in captured.err


def test_a_bad_line_is_reported_and_the_rest_listed(table, isolated_home, capsys):
    path = new_battle(table, "b.toml")
    assert main(["battle", "turn", path, "--over"]) == 0
    journal_file = isolated_home / JOURNAL_NAME
    journal_file.write_text(journal_file.read_text() + '{"date": 3}\n', encoding="utf-8")
    capsys.readouterr()
    assert main(["journal", "--json"]) == 2
    captured = capsys.readouterr()
    assert len(json.loads(captured.out)["entries"]) == 1
    assert captured.err.startswith("warbench: ") and "line 2 is not a journal entry (date:" in captured.err
    assert captured.err.count("\n") == 1


def test_the_documented_entry_is_the_one_written():
    """docs/battle-file.md names every key of a journal entry and of its sides, and the README lists the command."""
    from builder.battles.journal import JournalEntry, JournalSide
    from tests.conftest import REPO

    docs = (REPO / "docs" / "battle-file.md").read_text(encoding="utf-8")
    said = docs.split("## The journal")[1].split("## ")[0]
    for key in JournalEntry.model_fields:
        assert f'"{key}"' in said, key
    for key in JournalSide.model_fields:
        assert f'"{key}"' in said, key
    assert "`warbench journal [--roster R] [--json] [--report N [-o FILE]]`" in (REPO / "README.md").read_text(
        encoding="utf-8"
    )


def test_notes_go_into_the_entry_and_stay_when_the_battle_is_ended_again(table, isolated_home, capsys):
    path = new_battle(table, "n.toml", "--players", "Ann", "Bo", "--attacker", "Ann")
    assert main(["battle", "turn", path, "--over", "--notes", "rain; *table 3*"]) == 0
    assert entries(isolated_home)[0]["notes"] == "rain; *table 3*"
    assert main(["battle", "declare", path, "--side", "Ann", "--reason", "Bo conceded"]) == 0
    [entry] = entries(isolated_home)
    assert (entry["notes"], entry["result"]["winners"]) == ("rain; *table 3*", ["Ann"])
    assert main(["battle", "turn", path, "--notes", "a rematch next week"]) == 2, "the next round has no note"
    assert main(["battle", "turn", path, "--over", "--notes", "a rematch next week"]) == 0
    assert entries(isolated_home)[0]["notes"] == "a rematch next week", "a note for a game already over"


def test_a_score_that_ends_the_game_records_it_under_the_battle_files_resolved_path(table, isolated_home, capsys):
    path = new_battle(table, "lead.toml", "--players", "Ann", "Bo", "--attacker", "Ann")
    (table / "link.toml").symlink_to(table / "lead.toml")
    linked = str(table / "link.toml")
    for _ in range(4):  # Ann's turn of round 3: Ann scores from the defender's second turn, in her own
        assert main(["battle", "turn", linked]) == 0
    assert main(["battle", "score", linked, "--side", "Ann", "--vp", "3"]) == 0
    assert not (isolated_home / JOURNAL_NAME).exists(), "VP that do not end the game record nothing"
    assert main(["battle", "score", linked, "--side", "Bo", "--leader", "enemy-leader"]) == 0
    [entry] = entries(isolated_home)
    assert entry["battle"] == str(Path(path).resolve())
    assert entry["result"]["winners"] == ["Ann"] and "destroyed Bo's Leader" in entry["result"]["reason"]
    assert [side["vp"] for side in entry["sides"]] == [3, 0]
    assert main(["battle", "declare", path, "--side", "Ann", "--notes", "by the file itself"]) == 0
    [again] = entries(isolated_home)
    assert again["notes"] == "by the file itself", "the same battle by another path is the same entry"


def test_the_journal_keeps_its_latest_battles_and_never_rewrites_one_it_cannot_read(table, isolated_home, monkeypatch):
    monkeypatch.setattr(journal, "MAX_ENTRIES", 2)
    for hour, name in enumerate(("a.toml", "b.toml", "c.toml")):
        monkeypatch.setattr(journal, "now", lambda hour=hour: CLOCK + timedelta(hours=hour))
        assert main(["battle", "turn", new_battle(table, name), "--over"]) == 0
    assert [Path(e["battle"]).name for e in entries(isolated_home)] == ["b.toml", "c.toml"], "the oldest let go"
    journal_file = isolated_home / JOURNAL_NAME
    journal_file.write_bytes(journal_file.read_bytes() + b" " * journal.MAX_JOURNAL_BYTES)
    before = journal_file.read_bytes()
    assert main(["battle", "turn", new_battle(table, "d.toml"), "--over"]) == 0
    assert journal_file.read_bytes() == before, "a journal too large to read is left whole, not cut"


def test_a_mark_from_the_command_line_that_ends_the_game_goes_into_the_players_journal(table, isolated_home, capsys):
    """Assassination Mode ends on the tracker: a Leader's last box marked with `battle mark` is the end. The command
    marks through a session with no recovery file, whose journal was once that session's scratch folder (lost)."""
    path = new_battle(table, "leader.toml", "--players", "Ann", "Bo", "--attacker", "Ann")
    assert main(["battle", "mark", path, "--unit", "1", "--theirs", "--damage", "16"]) == 0
    [entry] = entries(isolated_home)
    assert entry["battle"] == str(Path(path).resolve())
    assert entry["result"]["winners"] == ["Ann"] and "Leader" in entry["result"]["reason"]


def test_two_roster_files_of_one_name_keep_records_of_their_own(table, isolated_home, capsys, monkeypatch):
    """The tester's: Ben's and Cy's rosters, both "Cogmire vanguard", were counted as one roster's record."""
    example = (table / "warmachine-example.toml").read_text(encoding="utf-8")
    for name in ("ben.toml", "cy.toml"):
        (table / name).write_text(example, encoding="utf-8")
    won = new_battle(table, "won.toml", "--players", "Ann", "Ben", "--attacker", "Ann", roster="ben.toml")
    assert main(["battle", "declare", won, "--side", "Ben", "--reason", "Ann conceded"]) == 0
    drawn = new_battle(table, "drawn.toml", "--players", "Ann", "Cy", "--attacker", "Ann", roster="cy.toml")
    assert main(["battle", "turn", drawn, "--over"]) == 0
    capsys.readouterr()
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["journal"]) == 0
    assert capsys.readouterr().out.splitlines()[-3:] == [
        "Records (wins / draws / losses):",
        "  Cogmire vanguard (ben.toml)  1 / 0 / 1",
        "  Cogmire vanguard (cy.toml)   0 / 2 / 0",
    ]
    assert main(["journal", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["records"] == [
        {"roster": "Cogmire vanguard", "wins": 1, "draws": 0, "losses": 1, "roster_file": str(table / "ben.toml")},
        {"roster": "Cogmire vanguard", "wins": 0, "draws": 2, "losses": 0, "roster_file": str(table / "cy.toml")},
    ]
    assert main(["journal", "--roster", "x" * 5000]) == 0
    assert capsys.readouterr().out == f"No battle in the journal where {'x' * 40}… (5,000 characters) played.\n"


def test_rosters_of_one_name_in_two_folders_are_told_by_their_path_and_one_from_a_code_as_such():
    side = {"vp": 0}
    found = records(
        [
            JournalEntry(
                date="2026-11-28T20:15:00+01:00",
                battle="/b.toml",
                game="warsurge",
                sides=[
                    JournalSide(player="Ann", roster="Army", roster_file="/ann/army.toml", **side),
                    JournalSide(player="Bo", roster="Army", roster_file="/bo/army.toml", **side),
                    JournalSide(player="Cy", roster="Army", **side),
                    JournalSide(player="Di", roster="Other", **side),
                ],
                result={"winners": ["Ann"]},
            )
        ]
    )
    assert [(r.label, r.wins, r.losses) for r in found] == [
        ("Army (/ann/army.toml)", 1, 0),
        ("Army (/bo/army.toml)", 0, 1),
        ("Army (from a code)", 0, 1),
        ("Other", 0, 1),
    ]


def test_a_long_roster_name_is_cut_in_the_records_never_past_the_terminals_width():
    """A roster named 'The Extraordinarily Long-Named … Volume Two' (102 characters) drew its records 118 columns
    wide on an 80-column terminal; its name is cut with '…' and the record keeps its column."""
    from builder.battles.journal import Journal, Record
    from builder.battles.journal_commands import journal_lines

    long = "The Extraordinarily Long-Named Mechanised Brigade of the Rusting Harbour Wastes and Beyond, Volume Two"
    entry = JournalEntry(date="", battle="b", game="mcwarrior", sides=[{"player": "Zoë"}], result={"winners": ["Zoë"]})
    tally = [Record(long, wins=1, losses=1), Record("Rustbucket", losses=1)]
    lines = journal_lines([entry], tally, Journal(entries=[entry]), None, 80)
    assert lines[-2:] == [
        "  The Extraordinarily Long-Named Mechanised Brigade of the Rusting H…  1 / 0 / 1",
        "  Rustbucket" + " " * 59 + "0 / 0 / 1",
    ]
    assert max(map(len, lines)) <= 80
