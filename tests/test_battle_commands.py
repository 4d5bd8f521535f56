"""`warbench battle` as subcommands: every spelling players scripted against the one flat parser still parses to the
same thing and plays the same, each subcommand's help lists only its own options, the marks come from the games,
and a mistyped subcommand is named in one line."""

from __future__ import annotations

import json
import re

import pytest

from builder.battles import new_battle, read_battle, replay_battle_file
from builder.cli import build_parser, main
from builder.commands.battle_parser import BATTLE_COMMANDS, battle_argv, spend_commands
from builder.commands.parser import Parser
from builder.game import GAMES


def parsed(*words: str) -> dict[str, object]:
    args = vars(build_parser().parse_args(battle_argv(["battle", *words])))
    args["marks"] = {next(iter(offered.values())).flag: value for offered, value in args.get("marks", ())}
    args["told"] = {next(iter(offered.values())).flag: value for offered, value in args.get("told", ())}
    return {key: value for key, value in args.items() if value not in (None, False, {}) and key != "command"}


NEW_UNDER_A_SCENARIO = (
    "new R.toml --opponent CODE --scenario deathmatch --players A B --team A B --team C D --attacker us "
    "--secondary recon --opponent-secondary hold --mode execution -o B.toml --overwrite"
)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("B.toml --json", {"action": "report", "battle": "B.toml", "json": True}),
        ("B.toml", {"action": "report", "battle": "B.toml"}),
        ("--json B.toml", {"action": "report", "battle": "B.toml", "json": True}),
        ("report B.toml --json", {"action": "report", "battle": "B.toml", "json": True}),
        (
            "new R.toml --opponent O.toml -o B.toml",
            {"action": "new", "roster": "R.toml", "opponent": ["O.toml"], "output": "B.toml"},
        ),
        (
            "--overwrite new R.toml -o B.toml",  # the flat parser took options before the word
            {"action": "new", "roster": "R.toml", "output": "B.toml", "overwrite": True},
        ),
        (
            NEW_UNDER_A_SCENARIO,
            {"action": "new", "roster": "R.toml", "opponent": ["CODE"], "scenario": "deathmatch"}
            | {"players": ["A", "B"], "team": [["A", "B"], ["C", "D"]], "attacker": "us", "mode": "execution"}
            | {"secondary": ["recon"], "opponent_secondary": ["hold"], "output": "B.toml", "overwrite": True},
        ),
        (
            "mark B.toml --unit 1 --theirs --damage 2",
            {"action": "mark", "battle": "B.toml", "unit": 1, "theirs": True, "marks": {"--damage": 2}},
        ),
        (
            "mark B.toml --damage -1 --unit 2",
            {"action": "mark", "battle": "B.toml", "unit": 2, "marks": {"--damage": -1}},
        ),
        (
            "mark B.toml --unit 1 --deploy",
            {"action": "mark", "battle": "B.toml", "unit": 1, "marks": {"--deploy": True}},
        ),
        (
            "mark B.toml --unit 1 --crit head",
            {"action": "mark", "battle": "B.toml", "unit": 1, "marks": {"--crit": "head"}},
        ),
        ("mark B.toml --unit 1 --heat 4", {"action": "mark", "battle": "B.toml", "unit": 1, "marks": {"--heat": 4}}),
        ("score B.toml --side NAME --vp 3", {"action": "score", "battle": "B.toml", "side": "NAME", "vp": 3}),
        (
            "score B.toml --side Anna --vp 3 --mission recon",
            {"action": "score", "battle": "B.toml", "side": "Anna", "vp": 3, "mission": "recon"},
        ),
        (
            "score B.toml --side us --leader other",
            {"action": "score", "battle": "B.toml", "side": "us", "leader": "other"},
        ),
        ("score B.toml --side us --out", {"action": "score", "battle": "B.toml", "side": "us", "out": True}),
        ("turn B.toml --over", {"action": "turn", "battle": "B.toml", "over": True}),
        ("turn B.toml", {"action": "turn", "battle": "B.toml"}),
        (
            "declare B.toml --side opponent --reason conceded",
            {"action": "declare", "battle": "B.toml", "side": "opponent", "reason": "conceded"},
        ),
        ("code B.toml", {"action": "code", "battle": "B.toml"}),
        ("import CODE -o B.toml", {"action": "import", "source": ["CODE"], "output": "B.toml"}),  # or every part
        (
            "import CODE -o B.toml --overwrite",
            {"action": "import", "source": ["CODE"], "output": "B.toml", "overwrite": True},
        ),
    ],
)
def test_every_old_spelling_parses_to_what_the_flat_parser_read(line, expected):
    assert parsed(*line.split()) == expected


def battle(*words: object) -> int:
    return main(["battle", *map(str, words)])


def test_the_old_spellings_play_a_battle_as_before(table, capsys):
    path, roster, opponent = table / "b.toml", table / "warsurge-499.toml", table / "warsurge-apc.toml"
    assert battle("new", roster, "--opponent", opponent, "--scenario", "capture-objectives", "-o", path) == 0
    assert capsys.readouterr().out.startswith(f"wrote {path}: ")
    assert battle("mark", path, "--unit", "1", "--theirs", "--damage", "2") == 0
    assert battle("mark", path, "--unit", "1", "--damage", "3") == 0
    marked = read_battle(path)
    assert (marked.units[0].index, marked.opponent_units[0].index) == (0, 0)
    assert battle("score", path, "--side", "us", "--vp", "3") == 0
    assert battle("turn", path) == 0
    assert read_battle(path).turn == 2
    capsys.readouterr()
    assert battle("code", path) == 0
    code = capsys.readouterr().out.strip()
    assert battle("declare", path, "--side", "us", "--reason", "conceded") == 0
    assert battle("turn", path, "--over") == 0
    capsys.readouterr()
    assert battle(path, "--json") == battle("report", path, "--json") == 0
    first, second = capsys.readouterr().out.splitlines()
    assert first == second and json.loads(first)["winner"]["name"] == marked.name
    received = table / "received" / "b.toml"
    received.parent.mkdir()
    assert battle("import", code, "-o", received) == 0
    assert read_battle(received).turn == 2 and replay_battle_file(received).valid


OWN_OPTIONS = {
    "report": {"--json", "--markdown", "--output", "--overwrite", "--side"},
    "new": {
        "--opponent",
        "--output",
        "--overwrite",
        "--scenario",
        "--setup",
        "--players",
        "--player",
        "--first",
        "--team",
        "--attacker",
        "--secondary",
        "--opponent-secondary",
        "--secondaries-each",
        "--no-mercy",
        "--mode",
    },
    "code": set(),
    "import": {"--output", "--overwrite"},
    "mark": {
        "--unit",
        "--theirs",
        "--side",
        "--damage",
        "--deploy",
        "--hit",
        "--crit",
        "--heat",
        "--use",
        "--self-destruct",
        "--roll",
    },
    "score": {"--side", "--vp", "--mission", "--leader", "--out"},
    "turn": {"--round", "--over", "--notes", "--end-roll"},
    "declare": {"--side", "--reason", "--notes"},
}


def help_of(capsys, *words: str) -> str:
    with pytest.raises(SystemExit) as exited:
        main(["battle", *words, "--help"])
    assert exited.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("command", BATTLE_COMMANDS)
def test_each_subcommands_help_lists_only_its_own_options(command, capsys):
    text = help_of(capsys, command)
    assert set(re.findall(r"--[a-z][a-z-]*", text)) == OWN_OPTIONS[command] | {"--help"}


def test_score_help_says_nothing_of_a_games_marks_and_mark_help_names_each_marks_game(capsys):
    assert "--crit" not in help_of(capsys, "score") and "--deploy" not in help_of(capsys, "new")
    text = " ".join(help_of(capsys, "mark").split())
    assert "--deploy Warcaster: deploy the unit" in text
    assert "--crit PART McWarrior: a critical hit" in text and "--heat N McWarrior: the mech's heat" in text
    assert "--damage N Warcaster, Warsurge, Warmachine: damage" in text  # a mech takes hits on its parts instead
    assert "--hit PART[:N] McWarrior: hits on a body part" in text


def test_the_mark_options_are_the_union_of_the_games_marks():
    mark = parsed("mark", "B.toml", "--unit", "1", "--damage", "1")
    assert mark["marks"] == {"--damage": 1}
    beside = parsed("mark", "B.toml", "--unit", "1", "--heat", "2", "--roll", "3:torso")
    assert beside["marks"] == {"--heat": 2} and beside["told"] == {"--roll": "3:torso"}
    offered = {option.flag for record in GAMES.values() for option in record.marks}
    assert offered == OWN_OPTIONS["mark"] - {"--unit", "--theirs", "--side"}


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["mrak", "b.toml", "--unit", "1", "--damage", "1"], "unknown battle command 'mrak' — did you mean 'mark'?"),
        (["scroe", "b.toml", "--side", "us", "--vp", "1"], "unknown battle command 'scroe' — did you mean 'score'?"),
        (["mrak"], "unknown battle command 'mrak' — did you mean 'mark'?"),
        (["start", "r.toml", "-o", "b.toml"], "unknown battle command 'start' (commands: new, report, code, import,"),
    ],
)
def test_a_mistyped_subcommand_is_named_in_one_line(words, said, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["battle", *words]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"warbench: {said}") and err.count("\n") == 1


def test_a_file_named_like_a_subcommand_typo_is_still_reported(table, capsys, monkeypatch):
    new_battle(table / "warsurge-499.toml", None, table / "mrak")
    monkeypatch.chdir(table)
    assert main(["battle", "mrak", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["sides"]


@pytest.mark.parametrize(
    ("roster", "option", "said"),
    [
        (
            "warsurge-499.toml",
            ["--deploy"],
            "warbench: Catapult is no Warcaster unit: --deploy deploys one from the reserves or recalls it\n",
        ),
        (
            "mcwarrior-rustbucket.toml",
            ["--deploy"],
            "warbench: Rustbucket is no Warcaster unit: --deploy deploys one from the reserves or recalls it\n",
        ),
        (
            "warmachine-example.toml",
            ["--deploy"],
            "warbench: Commander Ysolde Varr is no Warcaster unit: --deploy deploys one from the reserves or "
            "recalls it\n",
        ),
        ("warcaster-marcher-worlds.toml", ["--crit", "head"], "warbench: Dusk Wolf has no body parts to hit\n"),
    ],
)
def test_a_mark_of_another_game_is_refused_in_one_line_and_not_written(table, capsys, roster, option, said):
    path = table / "b.toml"
    new_battle(table / roster, None, path)
    before = path.read_bytes()
    assert main(["battle", "mark", str(path), "--unit", "1", *option]) == 2
    assert capsys.readouterr().err == said
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["score", "b.toml", "--side", "us", "--crit", "head"], "unrecognized arguments: --crit head"),
        (
            ["mark", "b.toml", "--unit", "1"],
            "one of the arguments --damage --deploy --hit --crit --heat --use --self-destruct is required",
        ),
        (["code", "b.toml", "--json"], "unrecognized arguments: --json"),
        (["new", "r.toml"], "the following arguments are required: -o/--output"),
        ([], "the following arguments are required: SUBCOMMAND"),
    ],
)
def test_an_option_of_another_subcommand_or_a_missing_one_is_one_line_and_exit_2(words, said, capsys):
    with pytest.raises(SystemExit) as exited:
        main(["battle", *words])
    assert exited.value.code == 2
    assert capsys.readouterr().err == f"warbench: {said}\n"


def test_a_long_mistyped_subcommand_is_quoted_short(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["battle", "mark" + "x" * 100_000, "b.toml"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 300 and "(100,004 characters)" in err


@pytest.mark.parametrize("command", sorted(OWN_OPTIONS))
def test_each_subcommands_help_says_what_it_does_under_its_usage(capsys, command):
    """A player's `battle score --help` once showed only the usage and the options."""
    text = help_of(capsys, command)
    described = text.split("\n\n")[1]
    assert described[0].isupper() and described.rstrip().endswith(".") and not described.startswith(" ")


@pytest.mark.parametrize(
    "words",
    [
        ["score", "{f}", "--side", "us", "--vp", "1"],
        ["turn", "{f}"],
        ["declare", "{f}", "--side", "us"],
        ["mark", "{f}", "--unit", "1", "--damage", "1"],
    ],
)
def test_a_battle_command_on_a_missing_file_calls_it_a_battle_file(words, capsys, tmp_path):
    """As `battle FILE` and `battle code` say it: a player never started a "ledger"."""
    missing = tmp_path / "none.toml"
    assert main(["battle", *(str(missing) if w == "{f}" else w for w in words)]) == 2
    assert capsys.readouterr().err == f"warbench: {missing}: no such battle file\n"


@pytest.mark.parametrize(
    "words",
    [
        ("focus", "b.toml", "allocate"),
        ("focus", "b.toml", "power-up"),
        ("focus", "b.toml", "spend"),
        ("focus", "b.toml", "heal"),
        ("focus", "b.toml", "vulnerable"),
        ("cp", "b.toml", "place"),
    ],
)
def test_each_spend_words_help_says_what_it_does_and_what_each_argument_is(capsys, words):
    """`battle focus BATTLE heal --help` said "Heal." and left LEADER and N unexplained."""
    text = help_of(capsys, *words)
    described = text.split("\n\n")[1]
    assert len(described.split()) > 3 and described.rstrip().endswith(".")
    positionals = text.split("positional arguments:\n")[1].split("\n\n")[0].splitlines()
    assert positionals and all(len(line.split()) > 1 for line in positionals), positionals


def spend_words() -> list[tuple[str, str]]:
    """(spend command, one of its own words) for every game's spend command: `focus allocate`, `cp place` …"""
    found = []
    for name, command in spend_commands().items():
        words = Parser(add_help=False)
        command.add_arguments(words)
        found += [(name, word) for word in words.subcommands]
    return found


def test_a_spend_words_help_with_no_battle_file_before_it_is_that_words_own(capsys):
    """`battle focus allocate --help` printed the whole `focus` group's help; only `battle focus BATTLE allocate
    --help` gave allocate's. Now both give the word's own, for every game's spend command."""
    pairs = spend_words()
    assert {("focus", "allocate"), ("cp", "place")} <= set(pairs)
    assert {"arc", "cp", "cypher", "focus"} <= {name for name, _ in pairs}  # `feat`, `activate`: no words of their own
    for name, word in pairs:
        text = help_of(capsys, name, word)
        assert text.startswith(f"usage: warbench battle {name} BATTLE {word} "), (name, word)
        assert text == help_of(capsys, name, "b.toml", word)
