"""The turn form given to `narrative direct` and `narrative guards`: a file of another kind named in one line with
the command that reads it, and a form for another stage or game turn, or naming enemies the stage lacks, warned of
on standard error while the orders are still given (a form written before it recorded its turn, as before)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from builder.cli import main
from builder.games.warsurge.narrative.at_table import ShownOrders
from builder.games.warsurge.narrative.play import Entry
from builder.games.warsurge.narrative.reading import bundled_narratives
from tests.conftest import FIXTURES
from tests.test_warsurge_narrative_play import CAPTAIN, play_file, session

STALE = "! the turn form is for stage 1, turn 1; the play is at {}"
STAGE_2_ORDERS = [
    "Stage 2, turn 1: The Beacon Tower",
    "1. B1 Chained Brute (Aggressive): pursue Captain",
    "     - Captain and Human Knights are equally close (no distance entered)",
    "     - Captain has the lowest HP (3)",
]


def filled_form(tmp_path: Path, path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """This turn's form from `narrative state`, with the Captain dashing 9" from L1, in its sight."""
    form = tmp_path / "turn.toml"
    assert main(["narrative", "state", str(path), "-o", str(form)]) == 0
    text = form.read_text().replace('name = "Captain"\nmoved = "none"', 'name = "Captain"\nmoved = "dash"')
    form.write_text(text.replace("distance = {}\nsight = []", 'distance = { "Captain" = 9 }\nsight = ["Captain"]', 1))
    capsys.readouterr()
    return form


@pytest.mark.parametrize(
    ("source", "what"),
    [
        ("play", "this is a narrative in play, not a narrative turn form; open it with `warbench narrative show FILE`"),
        ("roster", "this is a roster, not a narrative turn form; open it with `warbench validate FILE`"),
        ("battle", "this is a battle file, not a narrative turn form; open it with `warbench battle FILE`"),
        (
            "setup",
            "this is a set-up file, not a narrative turn form; open it with `warbench battle new ROSTER --setup FILE`",
        ),
        ("narrative", "this is a narrative, not a narrative turn form; open it with `warbench narrative check FILE`"),
    ],
)
def test_a_file_of_another_kind_is_named_with_the_command_that_reads_it(tmp_path, capsys, source, what):
    """It was `warbench: unexpected error (KeyError: 'narrative-turn'); please report it`."""
    path = play_file(tmp_path, CAPTAIN)
    given = {
        "play": path,
        "roster": tmp_path / "r0.toml",
        "battle": FIXTURES / "corpus" / "warsurge-battle.toml",
        "setup": tmp_path / "setup.toml",
        "narrative": bundled_narratives()["saltmarsh-beacon"],
    }[source]
    (tmp_path / "setup.toml").write_text('warbench = 1\nkind = "setup"\ngame = "warsurge"\n')
    before = path.read_bytes()
    capsys.readouterr()
    for command in ("direct", "guards"):
        assert main(["narrative", command, str(path), "--turn-state", str(given)]) == 2
        assert capsys.readouterr() == ("", f"warbench: {given}: {what}\n")
    assert path.read_bytes() == before


def test_a_missing_malformed_or_unreadable_form_is_one_line(tmp_path, capsys):
    path = play_file(tmp_path, CAPTAIN)
    (tmp_path / "bad.toml").write_text("x = [\n")
    (tmp_path / "bytes.toml").write_bytes(b"\xff\xfe")
    (tmp_path / "nokind.toml").write_text("warbench = 1\n")
    (tmp_path / "stage.toml").write_text('warbench = 1\nkind = "narrative-turn"\nstage = 13\n')
    capsys.readouterr()
    for name, message in (
        ("bad.toml", "not valid TOML: Invalid value (at end of document)"),
        ("gone.toml", "no such turn form file"),
        ("bytes.toml", "not UTF-8 text (bad byte at offset 0)"),
        ("nokind.toml", "kind: required key is missing (expected narrative-turn)"),
        ("stage.toml", "stage: at most 12, not 13"),
    ):
        for command in ("direct", "guards"):
            assert main(["narrative", command, str(path), "--turn-state", str(tmp_path / name)]) == 2
            assert capsys.readouterr() == ("", f"warbench: {tmp_path / name}: {message}\n"), (name, command)
    assert main(["narrative", "direct", str(path), "--turn-state", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"warbench: {tmp_path}: is a directory, not a turn form file\n"


def test_a_turn_form_given_elsewhere_names_the_command_that_reads_it(tmp_path, capsys):
    path = play_file(tmp_path, CAPTAIN)
    form = filled_form(tmp_path, path, capsys)
    reads = "this is a narrative turn form{}; open it with `warbench narrative direct PLAYFILE --turn-state FILE`"
    for command, what in (
        (["narrative", "check"], "  " + reads.format(", not a narrative")),
        (["validate"], f"warbench: {form}: " + reads.format(", not a roster")),
        (["battle"], f"warbench: {form}: " + reads.format(", not a battle file")),
        ([], f"warbench: {form}: " + reads.format("")),  # the builder
    ):
        assert main([*command, str(form)]) == 2
        assert capsys.readouterr().err.splitlines()[-1] == what


def test_the_form_records_its_stage_and_turn(tmp_path, capsys):
    path = play_file(tmp_path, CAPTAIN)
    form = filled_form(tmp_path, path, capsys)
    assert form.read_text().splitlines()[:6] == [
        "# Turn 1 of stage 1: The Reed Road. Fill in what the table shows,",
        "# then: warbench narrative direct PLAYFILE --turn-state THIS-FILE",
        "warbench = 1",
        'kind = "narrative-turn"',
        "stage = 1",
        "turn = 1",
    ]
    assert main(["narrative", "direct", str(path), "--turn-state", str(form)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.splitlines()[1] == "1. L1 Wrecker Lookouts (Aggressive): attack Captain"


def test_last_turns_form_is_warned_of_and_still_read(tmp_path, capsys):
    """A turn-1 form on turn 2 repeated last turn's dash and sighting without a word."""
    path = play_file(tmp_path, CAPTAIN)
    form = filled_form(tmp_path, path, capsys)
    assert main(["narrative", "turn", str(path)]) == 0
    capsys.readouterr()
    assert main(["narrative", "direct", str(path), "--turn-state", str(form)]) == 0
    out, err = capsys.readouterr()
    assert err == STALE.format("stage 1, turn 2") + "\n"
    assert out.splitlines()[:3] == [
        "Stage 1, turn 2: The Reed Road",
        "1. L1 Wrecker Lookouts (Aggressive): attack Captain",
        '     - activated: saw Captain\'s dash at 9" (detection 12")',
    ]
    assert main(["narrative", "guards", str(path), "--turn-state", str(form)]) == 0
    assert capsys.readouterr() == ("recorded: L1 alerted, P1 moved to H4\n", STALE.format("stage 1, turn 2") + "\n")
    assert session(path, tmp_path).result.alerted == {"L1"}


def test_a_form_of_the_last_stage_warns_of_its_stage_and_each_enemy_it_lacks(tmp_path, capsys):
    """A stage-1 form on stage 2 exited 0 with 'no distance entered' and no word of L1, L2 and P1."""
    path = play_file(tmp_path, CAPTAIN)
    form = filled_form(tmp_path, path, capsys)
    assert main(["narrative", "next", str(path)]) == 0
    capsys.readouterr()
    lacking = [
        "! no enemy unit L1 in this stage",
        "! no enemy unit L2 in this stage",
        "! no enemy unit P1 in this stage",
    ]
    for command, out in (
        ("direct", STAGE_2_ORDERS),
        ("guards", ["Stage 2, turn 1: no Guard is activated or relocates"]),
    ):
        assert main(["narrative", command, str(path), "--turn-state", str(form)]) == 0
        assert capsys.readouterr() == (
            "\n".join(out) + "\n",
            "\n".join([STALE.format("stage 2, turn 1"), *lacking]) + "\n",
        )


def test_a_form_written_before_it_recorded_its_turn_is_read_as_before(tmp_path, capsys):
    """No stage or turn in it: no word of them; an enemy the stage lacks is still named (it was silently dropped)."""
    path = play_file(tmp_path, CAPTAIN)
    form = filled_form(tmp_path, path, capsys)
    form.write_text(re.sub(r"(?m)^(stage|turn) = \d+\n", "", form.read_text()))
    assert main(["narrative", "direct", str(path), "--turn-state", str(form)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.splitlines()[1] == "1. L1 Wrecker Lookouts (Aggressive): attack Captain"
    assert main(["narrative", "next", str(path)]) == 0
    capsys.readouterr()
    assert main(["narrative", "direct", str(path), "--turn-state", str(form)]) == 0
    assert capsys.readouterr() == (
        "\n".join(STAGE_2_ORDERS) + "\n",
        "! no enemy unit L1 in this stage\n! no enemy unit L2 in this stage\n! no enemy unit P1 in this stage\n",
    )


def test_a_form_naming_only_its_turn_or_an_unknown_player_unit_is_warned_of(tmp_path, capsys):
    path = play_file(tmp_path, CAPTAIN)
    form = tmp_path / "turn.toml"
    form.write_text(
        'warbench = 1\nkind = "narrative-turn"\nturn = 3\n[[players]]\nname = "Nobody"\nmoved = "dash"\n'
        '[[enemies]]\nid = "L1"\ndistance = { "Ghost" = 3 }\n[[enemies]]\nid = "Z9"\n'
    )
    capsys.readouterr()
    assert main(["narrative", "direct", str(path), "--turn-state", str(form)]) == 0
    assert capsys.readouterr().err.splitlines() == [
        "! the turn form is for turn 3; the play is at stage 1, turn 1",
        "! players: no player unit 'Nobody'",
        "! no enemy unit Z9 in this stage",
        "! L1: no player unit 'Ghost'",
    ]


def test_a_typo_in_sight_or_attacked_by_is_warned_of_not_dropped(tmp_path, capsys):
    """A unit misspelt in `sight` was silently left out, and the orders changed with no word of why."""
    path = play_file(tmp_path, CAPTAIN)
    form = tmp_path / "turn.toml"
    form.write_text(
        'warbench = 1\nkind = "narrative-turn"\nstage = 1\nturn = 1\n[[enemies]]\nid = "L1"\n'
        'distance = { "Captain" = 10 }\nsight = ["Captian"]\nattacked_by = ["Nobody"]\n'
    )
    capsys.readouterr()
    assert main(["narrative", "direct", str(path), "--turn-state", str(form)]) == 0
    assert capsys.readouterr().err.splitlines() == [
        "! L1: no player unit 'Captian' (in sight)",
        "! L1: no player unit 'Nobody' (in attacked_by)",
    ]


def test_the_screen_shows_the_warnings_above_the_orders(tmp_path, capsys):
    """The screen reads `PLAY.turn.toml` beside the play file: the same warnings head its orders."""
    path = play_file(tmp_path, CAPTAIN)
    form = filled_form(tmp_path, path, capsys)
    shutil.copy(form, tmp_path / "play.turn.toml")
    s = session(path, tmp_path)
    s.log(Entry(what="turn"), "turn 2")
    shown = ShownOrders()
    shown.ask(s.result)
    assert shown.lines(s.result, path)[:3] == [
        "Director's orders (from play.turn.toml):",
        STALE.format("stage 1, turn 2"),
        "1. L1 Wrecker Lookouts (Aggressive): attack Captain",
    ]


def enemy_block(form: Path, unit_id: str) -> list[str]:
    """The lines of one enemy unit's table in a turn form."""
    text = form.read_text()
    block = text[text.index(f'id = "{unit_id}"') :].split("\n\n")[0]
    return block.splitlines()[1:]


def test_the_form_offers_an_unaware_guard_what_alerts_it_and_a_sighting_of_an_alerted_guard_chains_the_alarm(
    tmp_path, capsys
):
    """The chain of alarm (a Guard that sees an alerted Guard within its detection is alerted too) was read from
    `sees`, which the form never offered, so a player filling it in could not tell the director of it."""
    path = play_file(tmp_path, CAPTAIN)
    form = filled_form(tmp_path, path, capsys)  # the Captain dashes 9" from L1, in its sight
    assert enemy_block(form, "L2")[-3:] == ["passed_within = {}", "start_distance = {}", "sees = {}"]
    assert '# sight (sees = { "L2" = 8 }): an alerted or fallen Guard within its detection alerts it too.' in (
        form.read_text().splitlines()
    )
    assert main(["narrative", "guards", str(path), "--turn-state", str(form)]) == 0
    assert main(["narrative", "turn", str(path)]) == 0
    second = tmp_path / "turn-2.toml"
    assert main(["narrative", "state", str(path), "-o", str(second)]) == 0
    assert enemy_block(second, "L1")[-1] == "attacked_by = []", "L1 is alerted: nothing more alerts it"
    before, l2 = second.read_text().split('id = "L2"', 1)  # L2 sees L1, alerted, 8" away
    second.write_text(before + 'id = "L2"' + l2.replace("sees = {}", 'sees = { "L1" = 8 }', 1))
    capsys.readouterr()
    assert main(["narrative", "direct", str(path), "--turn-state", str(second)]) == 0
    out = capsys.readouterr().out
    assert '     - activated: saw Guard L1 raise the alarm at 8"' in out.splitlines()


def test_the_forms_sees_example_names_another_enemy_fallen_ones_too_never_the_guard_itself(tmp_path, capsys):
    """L2 and P1 fallen, L1 the one standing: the example read `sees = { "L1" = 8 }`, L1 seeing itself, when a
    fallen Guard, not in the form's list, is the one whose sight alerts it."""
    path = play_file(tmp_path, CAPTAIN)
    assert main(["narrative", "mark", str(path), "L2", "--damage", "3"]) == 0
    assert main(["narrative", "mark", str(path), "P1", "--damage", "8"]) == 0
    form = tmp_path / "turn.toml"
    assert main(["narrative", "state", str(path), "-o", str(form)]) == 0
    assert '# sight (sees = { "L2" = 8 }): an alerted or fallen Guard within its detection alerts it too.' in (
        form.read_text().splitlines()
    )
    form.write_text(form.read_text().replace("sees = {}", 'sees = { "L2" = 8 }', 1))
    capsys.readouterr()
    assert main(["narrative", "direct", str(path), "--turn-state", str(form)]) == 0
    assert '     - activated: saw Guard L2 fall at 8"' in capsys.readouterr().out.splitlines()
