"""Refusals a player can reach from the command line: one line in the player's words, exit 2, nothing written."""

from __future__ import annotations

from builder.cli import main
from builder.scenarios.scoring import team_problem


def test_a_declared_reason_longer_than_a_battle_file_keeps_is_refused_in_one_line(table, capsys):
    rb = table / "mcwarrior-rustbucket.toml"
    battle = table / "lms.toml"
    args = ["battle", "new", rb, "--opponent", rb, "--opponent", rb, "--players", "Ada", "Bo", "Cy"]
    assert main([*map(str, args), "--scenario", "last-mech-standing", "-o", str(battle)]) == 0
    before = battle.read_bytes()
    capsys.readouterr()
    assert main(["battle", "declare", str(battle), "--side", "Bo", "--reason", "x" * 500]) == 2
    assert capsys.readouterr().err == "warbench: a reason of at most 200 characters, not 500\n"
    assert battle.read_bytes() == before
    assert main(["battle", "declare", str(battle), "--side", "Bo", "--reason", "x" * 200]) == 0
    assert "Game over: Bo wins: " + "x" * 200 in capsys.readouterr().out


def test_a_narrative_players_name_too_long_or_empty_is_refused_in_one_line(table, capsys):
    roster, play = str(table / "warsurge-499.toml"), table / "play.toml"
    start = ["narrative", "play", "saltmarsh-beacon", "--roster", roster, "-o", str(play), "--player"]
    assert main([*start, "x" * 500]) == 2
    assert capsys.readouterr().err == "warbench: a name of at most 120 characters, not 500\n"
    assert main([*start, " "]) == 2
    assert capsys.readouterr().err == "warbench: player 1's name is empty\n"
    assert not play.exists()


def test_teams_are_judged_in_the_players_names():
    sides = ("Ada", "Bo", "Cy")
    assert team_problem([[0, 1], [2]], sides) is None
    assert team_problem([[0, 1], [2], [0]], sides) == "Ada is in two teams"
    assert team_problem([[0, 1]], sides) == "Cy is in no team"
    assert team_problem([[0], [2]], (*sides, "Di")) == "Bo and Di are in no team"
    assert team_problem([[0, 0], [1, 2]], sides) == "Ada is named twice in one team"
    assert team_problem([[0, 1], [5]], sides) == "no side 5 in a team (the battle seats 3: 0 to 2)"


def test_a_narrative_refuses_a_roster_of_another_game_in_plain_words(table, monkeypatch, capsys):
    monkeypatch.chdir(table)
    assert main(["narrative", "play", "saltmarsh-beacon", "--roster", "mcwarrior-rustbucket.toml", "-o", "p.toml"]) == 2
    assert capsys.readouterr().err == (
        "warbench: mcwarrior-rustbucket.toml is a McWarrior roster; a Warsurge narrative needs a Warsurge roster\n"
    )
    assert not (table / "p.toml").exists()


def test_validate_says_each_problem_of_an_unreadable_roster_once(table, capsys):
    path = table / "big.toml"
    text = (table / "mcwarrior-rustbucket.toml").read_text(encoding="utf-8")
    path.write_text(text.replace("budget = 40", "budget = 4000000000").replace("right-leg = 2", "right-leg = 600000"))
    assert main(["validate", str(path)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"warbench: {path}: 2 problems",
        "  budget: at most 100,000, not 4000000000",
        "  mechs[0].parts.right-leg: at most 99, not 600000",
    ]


def test_narrative_names_a_file_of_a_game_without_narratives_and_the_command_that_reads_it(table, capsys):
    roster, battle = table / "warcaster-marcher-worlds.toml", table / "wc.toml"
    assert main(["battle", "new", str(roster), "--opponent", str(roster), "-o", str(battle)]) == 0
    capsys.readouterr()
    assert main(["narrative", "check", str(battle)]) == 2
    assert capsys.readouterr().err == (
        f"warbench: {battle}: this is a Warcaster battle file; open it with `warbench battle FILE`\n"
    )
    assert main(["narrative", "show", str(table / "mcwarrior-rustbucket.toml")]) == 2
    assert capsys.readouterr().err == (
        f"warbench: {table / 'mcwarrior-rustbucket.toml'}: this is a McWarrior roster; open it with "
        "`warbench validate FILE`\n"
    )
    story = table / "story.toml"
    story.write_text('warbench = 1\nkind = "narrative"\ngame = "mcwarrior"\n', encoding="utf-8")
    assert main(["narrative", "check", str(story)]) == 2
    assert capsys.readouterr().err == f"warbench: {story}: McWarrior plays no narratives\n"


def test_a_play_shown_at_a_width_of_nothing_is_drawn_at_the_narrowest_as_a_narrative_is(table, capsys):
    """`narrative show PLAY --width -5` was a ValueError from the text wrapper."""
    play = table / "play.toml"
    roster = str(table / "warsurge-499.toml")
    assert main(["narrative", "play", "saltmarsh-beacon", "--roster", roster, "-o", str(play)]) == 0
    capsys.readouterr()
    assert main(["narrative", "show", str(play), "--width", "-5"]) == 0
    narrowest = capsys.readouterr().out
    assert main(["narrative", "show", str(play), "--width", "20"]) == 0
    assert capsys.readouterr().out == narrowest
    assert max(len(line) for line in narrowest.splitlines()) == 20


def test_notes_longer_than_the_journal_keeps_are_refused_before_the_battle_changes(table, capsys):
    rb = str(table / "mcwarrior-rustbucket.toml")
    battle = table / "lms.toml"
    assert main(["battle", "new", rb, "--opponent", rb, "--scenario", "last-mech-standing", "-o", str(battle)]) == 0
    before = battle.read_bytes()
    capsys.readouterr()
    assert main(["battle", "turn", str(battle), "--over", "--notes", "x" * 20_000]) == 2
    assert capsys.readouterr().err == "warbench battle turn: --notes of at most 10,000 characters, not 20,000\n"
    assert main(["battle", "declare", str(battle), "--side", "us", "--notes", "x" * 10_001]) == 2
    assert capsys.readouterr().err == "warbench battle declare: --notes of at most 10,000 characters, not 10,001\n"
    assert battle.read_bytes() == before


def test_a_spend_past_what_a_recorded_event_keeps_is_said_with_its_bound(table, capsys):
    roster = str(table / "warmachine-example.toml")
    battle = str(table / "wm.toml")
    assert main(["battle", "new", roster, "--opponent", roster, "-o", battle]) == 0
    capsys.readouterr()
    focus = ["battle", "focus", battle, "--side", "us"]
    assert main([*focus, "spend", "1", "1", "--for", "x" * 5000]) == 2
    assert capsys.readouterr().err == "warbench: not a Warmachine focus event: what: at most 80 characters, not 5,000\n"
    assert main([*focus, "spend", "1", "99999999999999999999"]) == 2
    assert capsys.readouterr().err == (
        "warbench: not a Warmachine focus event: amount: at most 99, not 99999999999999999999\n"
    )
    assert main([*focus, "allocate", "2", "-5"]) == 2
    assert capsys.readouterr().err == "warbench: not a Warmachine focus event: amount: at least 1, not -5\n"


def test_a_narrative_perk_or_choice_too_long_is_said_in_characters(table, capsys):
    play = table / "play.toml"
    roster = str(table / "warsurge-499.toml")
    assert main(["narrative", "play", "saltmarsh-beacon", "--roster", roster, "-o", str(play)]) == 0
    capsys.readouterr()
    assert main(["narrative", "perk", str(play), "1:1", "x" * 5000]) == 2
    assert capsys.readouterr().err == "warbench: perk: at most 120 characters, not 5,000\n"
    assert main(["narrative", "choose", str(play), "ferryman", "x" * 5000]) == 2
    assert capsys.readouterr().err == "warbench: choice: at most 120 characters, not 5,000\n"


def test_a_long_word_a_player_typed_is_quoted_short(isolated_home, capsys):
    long = "x" * 5000
    quoted = "'" + "x" * 40 + "'… (5,000 characters)"
    assert main(["scenario", "show", long]) == 2
    assert capsys.readouterr().err.startswith(f"warbench: no scenario {quoted} in any game (known: ")
    assert main(["scenario", "roll", "warsurge", "--chart", long]) == 2
    assert capsys.readouterr().err == (
        f"warbench: Warsurge has no chart {quoted} (charts: game-type, objective-markers)\n"
    )
    assert main(["scenario", "list", long]) == 2
    assert capsys.readouterr().err == (
        f"warbench: unknown game {quoted} (expected one of warcaster, mcwarrior, warsurge, warmachine)\n"
    )
