"""A file given to the wrong command is named with the command that reads it, a mistyped command gets the command
it looks like, and a file with twenty thousand mistakes is told in fifty lines and a count."""

from __future__ import annotations

import shutil

import pytest

from builder.cli import main
from catalog.wording import listed
from tests.conftest import EXAMPLES, FIXTURES

LEAGUE = EXAMPLES / "campaigns" / "warmachine-league.toml"
OLDSAND = EXAMPLES / "campaigns" / "mcwarrior-port-oldsand.toml"
ROSTER = EXAMPLES / "warsurge-499.toml"
CATALOGUE = FIXTURES / "warsurge-own-catalogue.toml"


def error_line(capsys) -> str:
    out = capsys.readouterr()
    assert out.out == "" and out.err.count("\n") == 1, out
    return out.err.rstrip("\n")


@pytest.mark.parametrize(
    "argv, said",
    [
        (
            ["league", str(ROSTER)],
            (
                f"{ROSTER}: this is a Warsurge roster, not a journeyman league file; "
                "open it with `warbench validate FILE`"
            ),
        ),
        (
            ["validate", str(LEAGUE)],
            (
                f"{LEAGUE}: this is a Warmachine journeyman league file, not a roster; "
                "open it with `warbench league FILE`"
            ),
        ),
        (
            ["campaign", str(LEAGUE)],
            (
                f"{LEAGUE}: this is a Warmachine journeyman league file, not a frontier campaign "
                "file or Port Oldsand campaign file; open it with `warbench league FILE`"
            ),
        ),
        (
            ["league", str(OLDSAND)],
            (
                f"{OLDSAND}: this is a McWarrior Port Oldsand campaign file, not a journeyman league "
                "file; open it with `warbench campaign FILE`"
            ),
        ),
        (
            ["battle", str(LEAGUE)],
            (
                f"{LEAGUE}: this is a Warmachine journeyman league file, not a battle file; "
                "open it with `warbench league FILE`"
            ),
        ),
        (
            ["battle", str(ROSTER)],
            (f"{ROSTER}: this is a Warsurge roster, not a battle file; open it with `warbench validate FILE`"),
        ),
        (
            ["validate", str(CATALOGUE)],
            (f"{CATALOGUE}: this is a Warsurge catalogue, not a roster; open it with `warbench catalog check FILE`"),
        ),
        (
            ["share", "code", str(LEAGUE)],
            (
                f"{LEAGUE}: this is a Warmachine journeyman league file, not a roster; "
                "open it with `warbench league FILE`"
            ),
        ),
    ],
)
def test_a_file_given_to_the_wrong_command_says_what_it_is_and_which_command_reads_it(capsys, argv, said):
    assert main(argv) == 2
    assert error_line(capsys) == f"warbench: {said}"


ROS = FIXTURES / "battlescribe" / "marcher-strike.ros"
TO_VALIDATE = "open it with `warbench validate FILE`"
TO_IMPORT = "import it with `warbench import FILE -o ROSTER`"
TO_SHARE_IMPORT = "a QR picture of a share code opens with `warbench share import PICTURE -o ROSTER`"
A_PDF = "this is a PDF, which Warbench writes but does not read"


@pytest.mark.parametrize(
    "argv, said",
    [
        (
            ["import", "{roster}", "-o", "{out}"],
            "{roster}: not a BattleScribe roster: this is a Warsurge roster; " + TO_VALIDATE,
        ),
        (
            ["import", "{league}", "-o", "{out}"],
            "{league}: not a BattleScribe roster: this is a Warmachine journeyman league file; open it with `warbench league FILE`",
        ),
        (["import", "{png}", "-o", "{out}"], "{png}: not a BattleScribe roster: this is a picture; " + TO_SHARE_IMPORT),
        (
            ["share", "import", "{roster}", "-o", "{out}"],
            "{roster}: not a picture: this is a Warsurge roster; " + TO_VALIDATE,
        ),
        (["share", "import", "{pdf}", "-o", "{out}"], "{pdf}: not a picture: " + A_PDF),
        (["validate", "{ros}"], "{ros}: not a roster file: this is a BattleScribe roster; " + TO_IMPORT),
        (["validate", "{png}"], "{png}: not a roster file: this is a picture; " + TO_SHARE_IMPORT),
        (["validate", "{pdf}"], "{pdf}: not a roster file: " + A_PDF),
        (
            ["catalog", "import", "{roster}"],
            "{roster}: not a catalogue code: this is a Warsurge roster; " + TO_VALIDATE,
        ),
    ],
)
def test_a_file_of_another_format_says_what_it_is_and_which_command_reads_it(tmp_path, capsys, argv, said):
    """A Warbench file, a BattleScribe roster, a picture or a PDF given to a reader of another format is named,
    with the command that reads it, not reported as broken XML, TOML or picture data."""
    png, pdf = tmp_path / "code.png", tmp_path / "cards.pdf"
    assert main(["share", "qr", str(ROSTER), "-o", str(png)]) == 0
    assert main(["export", "pdf", str(ROSTER), "-o", str(pdf)]) == 0
    capsys.readouterr()
    paths = {"roster": ROSTER, "league": LEAGUE, "ros": ROS, "png": png, "pdf": pdf, "out": tmp_path / "new.toml"}
    assert main([word.format(**paths) for word in argv]) == 2
    assert error_line(capsys) == f"warbench: {said.format(**paths)}"
    assert not (tmp_path / "new.toml").exists()


def test_a_battle_file_given_to_validate_names_the_battle_command(tmp_path, capsys):
    (tmp_path / "r.toml").write_text(ROSTER.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["battle", "new", str(tmp_path / "r.toml"), "-o", str(tmp_path / "b.toml")]) == 0
    capsys.readouterr()
    assert main(["validate", str(tmp_path / "b.toml")]) == 2
    assert error_line(capsys).endswith(
        "this is a Warsurge battle file, not a roster; open it with `warbench battle FILE`"
    )


def test_a_file_of_no_known_kind_says_which_kind_was_expected(tmp_path, capsys):
    odd = tmp_path / "odd.toml"
    odd.write_text('title = "shopping list"\n', encoding="utf-8")
    assert main(["league", str(odd)]) == 2
    assert error_line(capsys) == f"warbench: {odd}: kind: required key is missing (expected league)"


@pytest.mark.parametrize(
    "typed, meant",
    [
        ("valdiate", "validate"),
        ("leauge", "league"),
        ("campain", "campaign"),
        ("batle", "battle"),
        ("Validate", "validate"),
    ],
)
def test_a_mistyped_command_names_the_command_it_looks_like(tmp_path, monkeypatch, capsys, typed, meant):
    monkeypatch.chdir(tmp_path)
    assert main([typed, "r.toml"]) == 2
    assert error_line(capsys) == f"warbench: unknown command '{typed}' — did you mean '{meant}'?"


def test_an_unknown_word_before_more_arguments_lists_the_commands(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["frobnicate", "r.toml"]) == 2
    assert error_line(capsys).startswith("warbench: unknown command 'frobnicate' (commands: battle, campaign, ")


def test_an_existing_file_named_like_a_command_still_opens(tmp_path, monkeypatch):
    from builder.cli import unknown_command

    monkeypatch.chdir(tmp_path)
    (tmp_path / "valdiate").write_text(ROSTER.read_text(encoding="utf-8"), encoding="utf-8")
    assert unknown_command(["valdiate"]) is None
    assert unknown_command(["valdiate", "more"]) is None
    assert unknown_command(["new-roster.toml"]) is None  # `warbench FILE` may name a roster still to be made


def test_listed_keeps_fifty_lines_and_counts_the_rest():
    lines = [f"problem {n}" for n in range(1_000)]
    assert listed(lines) == lines[:50] + ["… and 950 more"]
    assert listed(lines[:50]) == lines[:50]


def test_catalog_check_of_twenty_thousand_mistakes_lists_fifty_on_stderr(tmp_path, capsys):
    huge = tmp_path / "huge.toml"
    entries = ",".join(["1"] * 20_000)
    huge.write_text(
        f'id = "huge"\ngame = "warsurge"\nname = "Huge"\nrevision = 1\nunits = [{entries}]\n', encoding="utf-8"
    )
    assert main(["catalog", "check", str(huge)]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    lines = out.err.splitlines()
    assert lines[0] == f"{huge}: 20000 problems"
    assert lines[1] == "  units[0]: Input should be a valid dictionary or instance of WarsurgeUnit, got 1"
    assert lines[-1] == "  … and 19950 more"
    assert len(lines) == 52


def test_validate_lists_at_most_fifty_problems(tmp_path, capsys):
    roster = tmp_path / "many.toml"
    units = "".join(f'\n[[units]]\nid = "catapult"\nweapons = {{ giant-rock = 1 }}\nbogus{n} = 1\n' for n in range(80))
    roster.write_text(
        'warbench = 1\ngame = "warsurge"\ncatalogue = "warsurge-examples"\npoint_limit = 500\n' + units,
        encoding="utf-8",
    )
    assert main(["validate", str(roster)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == f"warbench: {roster}: 80 problems"
    assert lines[1:] == [f"  units[{n}].bogus{n}: unknown key" for n in range(50)] + ["  … and 30 more"]


@pytest.mark.parametrize(
    "argv",
    [
        ["share", "import", "{code}", "-o", "{example}", "--overwrite"],
        ["battle", "new", "{other}", "-o", "{example}", "--overwrite"],
        ["share", "qr", "{example}", "-o", "{new}"],
    ],
)
def test_no_command_writes_into_the_files_warbench_ships_with(capsys, argv):
    """Warbench's own examples and bundled catalogues stay as shipped, whatever a command is told to write."""
    from catalog.paths import BUNDLED_DIR

    example, catalogue = EXAMPLES / "warsurge-499.toml", BUNDLED_DIR / "warsurge-examples.toml"
    before = example.read_bytes(), catalogue.read_bytes()
    assert main(["share", "code", str(example)]) == 0
    code = capsys.readouterr().out.strip()
    paths = {
        "code": code,
        "example": example,
        "catalogue": catalogue,
        "other": EXAMPLES / "warsurge-apc.toml",
        "new": BUNDLED_DIR / "code.png",
    }
    assert main([word.format(**paths) for word in argv]) == 2
    assert (
        ": is in Warbench's own folder of bundled catalogues and examples, which stay as shipped; write to another folder"
        in error_line(capsys)
    )
    assert (example.read_bytes(), catalogue.read_bytes()) == before
    assert not (BUNDLED_DIR / "code.png").exists()


def test_a_file_where_a_subcommand_goes_names_the_subcommands_not_argparses_own_argument(capsys):
    """`warbench share ROSTER` (the subcommand left out): argparse said "argument action: invalid choice"."""
    roster = str(EXAMPLES / "warsurge-499.toml")
    with pytest.raises(SystemExit) as stopped:
        main(["share", roster])
    assert stopped.value.code == 2
    assert capsys.readouterr().err == (
        f"warbench: {roster!r} is not a subcommand of `warbench share`: choose code, qr or import "
        "(`warbench share code --help`)\n"
    )


@pytest.mark.parametrize(
    "typed, meant",
    [
        ("pdf", "export pdf' or 'narrative pdf"),
        ("qr", "share qr"),
        ("PDF", "export pdf' or 'narrative pdf"),
        ("mark", "battle mark' or 'narrative mark"),
    ],
)
def test_a_groups_word_alone_names_the_group_with_it(tmp_path, monkeypatch, capsys, typed, meant):
    """`warbench pdf roster.toml` listed every command, saying nothing of `export pdf` (the player-tester's); a word
    of one or two groups names the commands meant ('code', of share, battle and narrative, lists them all)."""
    monkeypatch.chdir(tmp_path)
    assert main([typed, "r.toml"]) == 2
    assert error_line(capsys) == f"warbench: unknown command '{typed}' — did you mean '{meant}'?"
    assert main(["code", "r.toml"]) == 2
    assert error_line(capsys).startswith("warbench: unknown command 'code' (commands: battle, campaign, ")


def test_a_positionals_wrong_value_is_not_called_a_subcommand(tmp_path, capsys):
    """`battle cp … action 2 shoot` said "'shoot' is not a subcommand of `… action`: choose move, …
    (`… action move --help`)", as if the actions were commands; it lists the values, pointing at the command's own
    help, while a group's unknown word is still a subcommand."""
    shutil.copy(EXAMPLES / "warsurge-499.toml", tmp_path / "w.toml")
    path = str(tmp_path / "b.toml")
    assert main(["battle", "new", str(tmp_path / "w.toml"), "--opponent", str(tmp_path / "w.toml"), "-o", path]) == 0
    capsys.readouterr()
    with pytest.raises(SystemExit) as exited:  # the battle's own words are parsed past `main`'s own parser
        main(["battle", "cp", path, "--side", "1", "action", "1", "shoot"])
    assert exited.value.code == 2
    assert error_line(capsys) == (
        "warbench: 'shoot' is none of move, dash, attack, use-perks, prepare, guard, deploy or support "
        "(`warbench battle cp BATTLE action --help`)"
    )
    with pytest.raises(SystemExit) as exited:
        main(["battle", "cp", path, "frob"])
    assert exited.value.code == 2
    assert error_line(capsys) == (
        "warbench: 'frob' is not a subcommand of `warbench battle cp`: choose roll, action, place or overrun "
        "(`warbench battle cp roll --help`)"
    )
