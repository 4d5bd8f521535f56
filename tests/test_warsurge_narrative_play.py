"""A Warsurge narrative in play: rosters against the logistics, limited-use, Countdown and Recharge perks across
stages, refills by reward, whole-unit revival, events, challenges, the log refused where it breaks a rule, the
journal entry at the end, and the command line through a whole narrative."""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from datetime import UTC, datetime
from pathlib import Path

import pytest

from builder.cli import main
from builder.editing.storage import Store
from builder.games.warsurge.narrative.logistics import base, kind_of, level, refused
from builder.games.warsurge.narrative.model import Logistics
from builder.games.warsurge.narrative.play import Entry
from builder.games.warsurge.narrative.play_text import play_lines, stage_state_lines
from builder.games.warsurge.narrative.reading import NarrativeError, bundled_narratives
from builder.games.warsurge.narrative.session import NarrativeSession
from builder.roster.toml_output import dumps
from tests.conftest import REPO, examples_in

EXAMPLES = Path(__file__).parent.parent / "builder" / "examples"
CAPTAIN = """warbench = 1
game = "warsurge"
catalogue = "warsurge-examples"
name = "Captain's party"
point_limit = 500

[[units]]
id = "captain"
weapons = { captains-pistol = 1, airstrike = 1 }

[[units]]
id = "human-knights"
models = 2
weapons = { sword = 2 }
"""


def play_file(tmp_path: Path, *rosters: str, narrative: dict | None = None, seeded: bool = False) -> Path:
    """`narrative play` of the rosters; unless `seeded`, the play as a file written before seeds has it (its dice
    drawn from the party, which the tests of the director pin), its random seed taken out."""
    names = []
    for n, text in enumerate(rosters):
        (tmp_path / f"r{n}.toml").write_text(text)
        names.append(f"r{n}.toml")
    story = "saltmarsh-beacon"
    if narrative is not None:
        (tmp_path / "story.toml").write_text(dumps(narrative))
        story = str(tmp_path / "story.toml")
    args = ["narrative", "play", story, "-o", str(tmp_path / "play.toml")]
    for name in names:
        args += ["--roster", str(tmp_path / name)]
    main(args)
    path = tmp_path / "play.toml"
    if not seeded and path.is_file():
        path.write_text(re.sub(r"(?m)^seed = \d+\n", "", path.read_text()))
    return path


def session(path: Path, tmp_path: Path) -> NarrativeSession:
    return NarrativeSession(path, Store(tmp_path / "data"))


def beacon() -> dict:
    return tomllib.loads(bundled_narratives()["saltmarsh-beacon"].read_text())


# -- perks by name -------------------------------------------------------------------------------------------------
def test_perk_names_their_kind_and_level():
    assert [(base(p), level(p), kind_of(p)) for p in ("Use I", "Countdown II", "Recharge 3", "Courage", "Leader")] == [
        ("use", 1, "limited"),
        ("countdown", 2, "countdown"),
        ("recharge", 3, "recharge"),
        ("courage", 1, "limited"),
        ("leader", 1, None),
    ]


def test_the_book_refuses_walls_passed_and_undead_legion_only_with_restrictions():
    on, off = Logistics(), Logistics(perk_restrictions=False, restricted_perks=["Burrow"])
    assert refused(on, "Incorporeal") == "it passes through walls"
    assert refused(on, "Undead Legion") == "a roster perk no narrative with restrictions allows"
    assert refused(off, "Incorporeal") is None
    assert refused(off, "Burrow II") == "this narrative does not allow it"
    assert refused(Logistics(allowed_perks=["Vanish"]), "Vanish") is None


# -- rosters against the logistics --------------------------------------------------------------------------------
def test_a_roster_with_a_refused_perk_or_over_the_limit_is_found(tmp_path, capsys):
    data = beacon()
    data["logistics"]["restricted_perks"] = ["Leader"]
    data["logistics"]["point_limit"] = 100
    path = play_file(tmp_path, CAPTAIN, narrative=data)
    findings = [(f.code, f.path, f.message) for f in session(path, tmp_path).result.findings]
    assert findings == [
        ("narrative/perk", "players[0].units[0]", "Leader (Captain) is refused: this narrative does not allow it"),
        ("warsurge/point-limit", "players[0]", "127 points, over the narrative's 100 for each player"),
    ]


def test_more_players_than_the_narrative_takes(tmp_path):
    roster = (EXAMPLES / "warsurge-499.toml").read_text()
    path = play_file(tmp_path, roster, roster, roster)
    assert [(f.code, f.message) for f in session(path, tmp_path).result.findings] == [
        ("narrative/stage", "3 players; this narrative is for 1 to 2")
    ]


# -- perks used across the narrative ---------------------------------------------------------------------------------
def test_a_limited_use_perk_once_across_the_narrative_until_a_reward_refills_it(tmp_path):
    s = session(play_file(tmp_path, CAPTAIN), tmp_path)
    s.log(Entry(what="perk", unit="1:1", perk="Use I"), "airstrike")
    s.log(Entry(what="next"), "stage 2")
    with pytest.raises(
        NarrativeError, match=r"Captain's Use I is used up for the whole narrative .* \[narrative/perk\]"
    ):
        s.log(Entry(what="perk", unit="1:1", perk="use i"), "again")
    assert s.result.charges == {(0, 0, "Use I"): 0}
    s.undo()
    s.log(Entry(what="choose", event="ferryman", choice="refuse"), "refuse: a refill")
    assert s.result.charges == {(0, 0, "Use I"): 1}
    s.log(Entry(what="next"), "stage 2")
    s.log(Entry(what="perk", unit="1:1", perk="Use I"), "again, refilled")
    assert s.result.charges == {(0, 0, "Use I"): 0} and s.result.rewards == ["ferry-stores"]


def test_countdown_starts_again_each_stage(tmp_path):
    s = session(play_file(tmp_path, CAPTAIN), tmp_path)
    with pytest.raises(NarrativeError, match=r"Countdown II: not before turn 3 of the stage"):
        s.log(Entry(what="perk", unit="1:1", perk="Countdown II"), "too soon")
    s.log(Entry(what="turn"), "turn 2")
    s.log(Entry(what="turn"), "turn 3")
    s.log(Entry(what="perk", unit="1:1", perk="Countdown II"), "ready")
    s.log(Entry(what="next"), "stage 2")
    assert (s.result.stage, s.result.turn, s.result.turns) == (1, 1, 4)
    with pytest.raises(NarrativeError, match="not before turn 3"):
        s.log(Entry(what="perk", unit="1:1", perk="Countdown II"), "reset")


def test_recharge_keeps_counting_across_stages(tmp_path):
    data = beacon()
    data["stages"][0]["enemies"][0]["unit"]["perks"] = []
    shutil.copy(EXAMPLES.parent.parent / "catalog" / "data" / "warsurge-examples.toml", tmp_path / "cat.toml")
    catalogue = tomllib.loads((tmp_path / "cat.toml").read_text())
    airstrike = next(w for w in catalogue["weapons"] if w["id"] == "airstrike")
    airstrike["perks"] = ["Recharge 2"]
    catalogue["id"] = "recharged"
    (tmp_path / "cat.toml").write_text(dumps(catalogue))
    roster = CAPTAIN.replace('catalogue = "warsurge-examples"', 'catalogue = "cat.toml"')
    s = session(play_file(tmp_path, roster), tmp_path)
    s.log(Entry(what="perk", unit="1:1", perk="Recharge 2"), "used on turn 1")
    s.log(Entry(what="next"), "stage 2: one game turn later")
    with pytest.raises(NarrativeError, match=r"used 1 game turns ago, it needs 2"):
        s.log(Entry(what="perk", unit="1:1", perk="Recharge 2"), "too soon")
    s.log(Entry(what="turn"), "turn 2")
    s.log(Entry(what="perk", unit="1:1", perk="Recharge 2"), "recharged")


def test_whole_unit_revival_refused_once_every_player_unit_has_fallen(tmp_path):
    data = beacon()
    data["logistics"]["revival_perks"] = ["Leader"]  # the bundled catalogue has no revival perk: one stands in
    s = session(play_file(tmp_path, CAPTAIN, narrative=data), tmp_path)
    s.log(Entry(what="damage", unit="1:1", amount=3), "captain falls")
    s.log(Entry(what="revive", unit="1:1", perk="Leader"), "back")
    assert s.result.player_state(0, 0) == (3, 3)
    s.log(Entry(what="damage", unit="1:1", amount=3), "captain falls")
    s.log(Entry(what="damage", unit="1:2", amount=4), "knights fall")
    with pytest.raises(
        NarrativeError, match=r"every player unit has fallen: Leader cannot bring Captain back \[narrative/perk\]"
    ):
        s.log(Entry(what="revive", unit="1:1", perk="Leader"), "back")
    assert [f.message for f in s.result.findings if f.severity == "info"] == [
        "every player unit has fallen: the stage is lost unless the narrative says otherwise"
    ]


# -- events, challenges, damage, threat -------------------------------------------------------------------------------
def test_events_set_tactics_and_challenges_earn_rewards(tmp_path):
    s = session(play_file(tmp_path, CAPTAIN), tmp_path)
    s.log(Entry(what="choose", event="ferryman", choice="pay"), "pay")
    assert s.result.chosen == {"P": "coward"}
    with pytest.raises(NarrativeError, match="already chosen"):
        s.log(Entry(what="choose", event="ferryman", choice="refuse"), "again")
    s.log(Entry(what="next"), "stage 2")
    assert s.result.chosen == {}
    s.log(Entry(what="challenge", challenge="lamp", outcome="failed"), "failed")
    s.log(Entry(what="challenge", challenge="lamp", outcome="passed"), "passed")
    assert (s.result.challenges, s.result.rewards) == ({"lamp": "passed"}, ["wreckers-cache", "beacon-lit"])
    with pytest.raises(NarrativeError, match="this is the last stage"):
        s.log(Entry(what="next"), "no stage 3")


def test_damage_by_a_player_unit_feeds_threat_and_healing(tmp_path):
    s = session(play_file(tmp_path, CAPTAIN), tmp_path)
    s.log(Entry(what="damage", unit="L1", amount=2, by="1:2"), "knights hit")
    s.log(Entry(what="casualty", unit="L1", by="1:1"), "captain shoots")
    s.log(Entry(what="damage", unit="1:2", amount=2), "knights hurt")
    s.log(Entry(what="damage", unit="1:2", amount=-1, by="1:1"), "captain heals")
    assert s.result.damage_from == {"L1": {"Human Knights": 2, "Captain": 1}}
    assert s.result.enemy_state("L1") == (0, 3)
    assert s.result.healed == {"Captain": 1}
    s.log(Entry(what="turn"), "turn 2")
    assert s.result.healed == {}


def test_ending_puts_the_narrative_in_the_journal_and_nothing_follows(tmp_path):
    s = session(play_file(tmp_path, CAPTAIN), tmp_path)
    s.clock = lambda: datetime(2026, 5, 1, 20, 0, tzinfo=UTC)
    s.log(Entry(what="next"), "stage 2")
    s.log(Entry(what="end", outcome="won"), "won")
    entry = json.loads((tmp_path / "data" / "journal.jsonl").read_text())
    assert (entry["name"], entry["scenario"], entry["date"]) == (
        "The Saltmarsh Beacon",
        "Narrative: The Saltmarsh Beacon",
        "2026-05-01T20:00:00+00:00",
    )
    assert [side["player"] for side in entry["sides"]] == ["Player 1", "The enemy"]
    assert entry["result"] == {"winners": ["Player 1"], "draw": False, "reason": "narrative won at stage 2 of 2"}
    with pytest.raises(NarrativeError, match="already won"):
        s.log(Entry(what="turn"), "after the end")


def test_a_line_longer_than_the_screen_is_wrapped_never_cut(tmp_path):
    s = session(play_file(tmp_path, CAPTAIN), tmp_path)
    s.log(Entry(what="next"), "stage 2")
    lines = play_lines(s.result, 80, 24, brief=True)
    at = lines.index("Objective: Keep one unit within 6 inches of the tower (1) until the end of turn")
    assert lines[at + 1] == "    5" and max(map(len, lines)) <= 80
    wide = play_lines(s.result, 120, 24, brief=True)
    assert "Objective: Keep one unit within 6 inches of the tower (1) until the end of turn 5" in wide


def test_undo_redo_and_the_file_replayed_from_disk(tmp_path):
    path = play_file(tmp_path, CAPTAIN)
    s = session(path, tmp_path)
    s.log(Entry(what="damage", unit="P1", amount=3), "patrol hit")
    assert s.undo() == "patrol hit" and s.result.enemy_state("P1") == (8, 8)
    assert s.redo() == "patrol hit"
    s.save()
    assert session(path, tmp_path).result.enemy_state("P1") == (5, 8)


# -- the command line through the whole narrative, by two -------------------------------------------------------------
def test_two_players_play_the_bundled_narrative_to_its_end(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("WARBENCH_HOME", str(tmp_path / "home"))
    examples_in(tmp_path)
    play = str(tmp_path / "beacon.toml")
    start = ["narrative", "play", "saltmarsh-beacon", "-o", play, "--player", "Ann", "--player", "Bo"]
    assert (
        main([*start, "--roster", str(tmp_path / "warsurge-499.toml"), "--roster", str(tmp_path / "warsurge-apc.toml")])
        == 0
    )
    assert main(["narrative", "state", play, "-o", str(tmp_path / "turn.toml")]) == 0
    assert main(["narrative", "direct", play, "--turn-state", str(tmp_path / "turn.toml"), "--seed", "1"]) == 0
    steps = [
        ["mark", play, "L1", "--casualty", "--by", "2:4"],
        ["choose", play, "ferryman", "pay"],
        ["turn", play],
        ["next", play],
        ["challenge", play, "lamp", "passed"],
        ["mark", play, "B1", "--damage", "7", "--by", "1:1"],
        ["end", play, "won"],
    ]
    for step in steps:
        assert main(["narrative", *step]) == 0, step
    out = capsys.readouterr().out
    assert "The Saltmarsh Beacon — stage 2 of 2: The Beacon Tower, turn 1 of 5 — WON" in out
    assert "  B1  Chained Brute  5/12 HP  Aggressive" in out
    journal = (tmp_path / "home" / "journal.jsonl").read_text()
    assert '"winners": ["Ann", "Bo"]' in journal
    assert main(["narrative", "turn", play]) == 2
    assert "the narrative was already won" in capsys.readouterr().err


# -- the director at the table -------------------------------------------------------------------------------------
def test_the_turn_form_filled_in_gives_the_orders_and_records_the_alarm(tmp_path, capsys):
    path = play_file(tmp_path, CAPTAIN)
    form = tmp_path / "turn.toml"
    assert main(["narrative", "state", str(path), "-o", str(form)]) == 0
    text = form.read_text()
    assert 'id = "L1"  # Wrecker Lookouts: Guard (Lookout, 12") / Aggressive' in text
    text = text.replace('name = "Captain"\nmoved = "none"', 'name = "Captain"\nmoved = "dash"')
    text = text.replace(
        '# distance = { "Captain" = 12, "Human Knights" = 12 }\ndistance = {}\nsight = []',
        'distance = { "Captain" = 9, "Human Knights" = 20 }\nsight = ["Captain"]',
        1,
    )
    form.write_text(text)
    capsys.readouterr()
    assert main(["narrative", "direct", str(path), "--turn-state", str(form), "--record"]) == 0
    assert capsys.readouterr().out.splitlines()[:4] == [
        "Stage 1, turn 1: The Reed Road",
        "1. L1 Wrecker Lookouts (Aggressive): attack Captain",
        '     - activated: saw Captain\'s dash at 9" (detection 12")',
        '     - Captain is the closest player unit in line of sight (9")',
    ]
    assert session(path, tmp_path).result.alerted == {"L1"}


def test_a_bad_turn_form_or_unit_is_one_line(tmp_path, capsys):
    path = play_file(tmp_path, CAPTAIN)
    form = tmp_path / "turn.toml"
    form.write_text('warbench = 1\nkind = "narrative-turn"\n[[enemies]]\nid = "L1"\ndistance = { "Captain" = -3 }\n')
    assert main(["narrative", "direct", str(path), "--turn-state", str(form)]) == 2
    assert capsys.readouterr().err == (f"warbench: {form}: enemies[0].distance.Captain: at least 0, not -3\n")
    assert main(["narrative", "mark", str(path), "Q9", "--damage", "1"]) == 2
    assert capsys.readouterr().err == "warbench: no unit Q9 [narrative/stage]\n"
    assert main(["narrative", "mark", str(path), "1:1", "--damage", "99999999999999999999"]) == 2
    assert capsys.readouterr().err == ("warbench: --damage: at most 10,000, not 99999999999999999999\n")
    assert (
        main(
            [
                "narrative",
                "play",
                "saltmarsh-beacon",
                "--roster",
                str(tmp_path / "none.toml"),
                "-o",
                str(tmp_path / "p.toml"),
            ]
        )
        == 2
    )
    assert "none.toml: no such roster file" in capsys.readouterr().err


def test_a_narrative_in_play_is_no_league_sheet_nor_campaign_report(tmp_path, capsys):
    """`export pdf` and `warbench campaign` take only the kinds with a sheet and a report: a narrative in play is
    sent to its own command in one line, not into the league engine."""
    path = play_file(tmp_path, (REPO / "builder" / "examples" / "warsurge-499.toml").read_text(encoding="utf-8"))
    for command in (["export", "pdf", str(path), "-o", str(tmp_path / "p.pdf")], ["campaign", str(path)]):
        capsys.readouterr()
        assert main(command) == 2
        err = capsys.readouterr().err
        assert "this is a Warsurge narrative in play" in err and err.count("\n") == 1
    assert not (tmp_path / "p.pdf").exists()


def test_damage_past_the_files_bounds_is_one_line_and_nothing_written(tmp_path, capsys):
    """--damage beyond what an entry holds stopped on the entry's ValidationError (a multi-line 'unexpected error')."""
    path = play_file(tmp_path, CAPTAIN)
    before = path.read_text(encoding="utf-8")
    assert main(["narrative", "mark", str(path), "L1", "--damage", "999999999999"]) == 2
    assert capsys.readouterr().err == ("warbench: --damage: at most 10,000, not 999999999999\n")
    assert path.read_text(encoding="utf-8") == before


# -- rewards of points ---------------------------------------------------------------------------------------------
def test_a_points_reward_raises_the_limit_from_the_next_stage_on(tmp_path):
    """A reward's points were counted nowhere: the rosters stayed held to the narrative's own limit."""
    data = beacon()
    data["logistics"]["point_limit"] = 100
    path = play_file(tmp_path, CAPTAIN, narrative=data)
    s = session(path, tmp_path)
    over = ("warsurge/point-limit", "players[0]", "127 points, over the narrative's 100 for each player")
    assert [(f.code, f.path, f.message) for f in s.result.findings] == [over]
    s.log(Entry(what="choose", event="ferryman", choice="pay"), "pay: the cache")
    assert (s.result.point_limit, s.result.pending_points) == (100, 50)
    assert [(f.code, f.path, f.message) for f in s.result.findings] == [over]  # not before the next stage
    assert "Point limit: 100 each; +50 from the next stage" in play_lines(s.result, brief=True)
    s.log(Entry(what="next"), "stage 2")
    assert s.result.point_limit == 150 and s.result.findings == ()
    assert "Point limit: 150 each (100 + 50 from rewards)" in play_lines(s.result, brief=True)
    s.undo()
    assert s.result.point_limit == 100 and len(s.result.findings) == 1
    s.redo()
    s.clock = lambda: datetime(2026, 11, 28, tzinfo=UTC)
    s.log(Entry(what="end", outcome="won"), "won")
    entry = json.loads((tmp_path / "data" / "journal.jsonl").read_text().splitlines()[-1])
    assert entry["notes"] == "Rewards earned: wreckers-cache; point limit raised to 150 each"


# -- refusals ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("command", "message"),
    [
        (["mark", "L1", "--damage", "1", "--by", "7:1"], "--by 7:1: no player 7, the party has 1 player"),
        (["mark", "L1", "--damage", "1", "--by", "1:7"], "--by 1:7: player 1 has 2 units"),
        (
            ["mark", "L1", "--damage", "1", "--by", "L2"],
            "by L2: the unit that did it is a player's (PLAYER:N), not an enemy [narrative/stage]",
        ),
        (["mark", "9:9", "--damage", "1"], "unit 9:9: no player 9, the party has 1 player"),
        (["mark", "1:9", "--damage", "1"], "unit 1:9: player 1 has 2 units"),
        (["perk", "2:1", "Use I"], "unit 2:1: no player 2, the party has 1 player"),
        (["mark", "1:1", "--damage", "-5"], "1:1 Captain is unhurt (3/3 HP): nothing to heal [narrative/stage]"),
    ],
)
def test_a_unit_the_party_lacks_or_healing_an_unhurt_unit_is_refused_in_one_line(tmp_path, capsys, command, message):
    """--by 7:1 was taken and ignored, 9:9 got the generic PLAYER:N message, and -5 on an unhurt unit was taken."""
    path = play_file(tmp_path, CAPTAIN)
    before = path.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["narrative", command[0], str(path), *command[1:]]) == 2
    assert capsys.readouterr().err == f"warbench: {message}\n"
    assert path.read_text(encoding="utf-8") == before


def test_healing_past_full_stops_at_full_and_says_so(tmp_path, capsys):
    path = play_file(tmp_path, CAPTAIN)
    assert main(["narrative", "mark", str(path), "1:2", "--damage", "3"]) == 0
    capsys.readouterr()
    assert main(["narrative", "mark", str(path), "1:2", "--damage", "-5", "--by", "1:1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "1:2 Human Knights: 3 HP restored, not 5: healing stops at full (4/4 HP)"
    assert "  1:2  Human Knights  4/4 HP" in out
    assert session(path, tmp_path).result.healed == {"Captain": 3}


def test_a_choice_made_tells_what_it_led_to_in_the_authors_words(tmp_path):
    s = session(play_file(tmp_path, CAPTAIN), tmp_path)
    waiting = "Event ferryman: The ferryman's price — choices: pay, refuse"
    assert waiting in play_lines(s.result, 200)
    s.log(Entry(what="choose", event="ferryman", choice="refuse"), "refuse")
    assert "Event ferryman: The ferryman's price — chose refuse: The patrol comes straight for you." in play_lines(
        s.result, 200
    )


def test_a_reward_earned_is_told_in_the_authors_words_not_by_its_id(tmp_path):
    s = session(play_file(tmp_path, CAPTAIN), tmp_path)
    s.log(Entry(what="choose", event="ferryman", choice="refuse"), "choose")
    assert stage_state_lines(s.result)[-1] == (
        "Reward earned: The ferryman's dropped satchel: every limited-use perk may be used once more"
    )
