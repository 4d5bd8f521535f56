"""What a new round does by itself where its book says so (McWarrior's Upkeep cools each mech and, under a scenario
with Respawn, redeploys each one destroyed), and the wait at the last round's end for its scoring, recorded with the
turn that begins it, so that battle files written before replay as they did."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.battles.model import BattleFile
from builder.battles.tracks import track_at
from builder.campaigns.ledger import LedgerError
from builder.game import game
from builder.scenarios import edits
from builder.scenarios.battle import Judged
from builder.scenarios.round_end import enters_the_end

if TYPE_CHECKING:
    from builder.battles.report import BattleResult


def round_begun(shown: BattleResult, before: BattleFile, battle: BattleFile, said: list[str]) -> BattleFile:
    """`battle` (a turn on from `before`; `shown`: the battle as the session shows it) with what the book does to
    each unit by itself where a new round begins (`Track.round_begins`), its words added to `said`; unchanged where
    the round goes on."""
    if battle.turn <= before.turn:
        return battle
    respawn = shown.judged is not None and shown.judged.outcome.scenario.respawn
    for side in range(battle.side_count):
        tracks = shown.sides[side].tracks if side < len(shown.sides) else ()
        marks, changed = [], False
        for mark in battle.marks(side):
            track = track_at(tracks, mark.index)
            begun = track.round_begins(mark, respawn) if track is not None else None
            if begun is not None:
                (mark, words), changed = begun, True
                said.append(words)
                if mark.is_blank():  # a mark that says nothing more is dropped, as the tracker does
                    continue
            marks.append(mark)
        if changed:
            battle = battle.with_marks(side, marks)
    return battle


def begun_words(battle: BattleFile, said: list[str]) -> str | None:
    """What a new round's beginning did, in one line named after the game's phase ("Upkeep: Dust Devil cools to heat
    4/2."); None: nothing."""
    if not said:
        return None
    phase = game(battle.game).turns.phase or f"turn {battle.turn}"
    return f"{phase[0].upper()}{phase[1:]}: {'; '.join(said)}."


def waiting(judged: Judged | None, before: BattleFile, after: BattleFile) -> BattleFile:
    """`after` (a turn on or back from `before`; `judged`: the scenario's verdict on `before`) waiting at the
    scenario's last round's end for its scoring where it has just passed that round (`enters_the_end`); no longer
    waiting where it stepped back into that round."""
    if judged is None:
        return after
    scenario = judged.outcome.scenario
    if enters_the_end(scenario, before, after):
        return edits.at_the_end(after)
    last = scenario.win.rounds
    if after.play is not None and after.play.ending and (last is None or after.turn <= last):
        return edits.at_the_end(after, False)
    return after


def end_words(judged: Judged | None) -> str | None:
    """What a battle at a round's end the scenario scores says, in one line: at the last, score it, then go on to
    end the game; at another with nothing scored for it yet, score it now (play goes on without waiting)."""
    if judged is None:
        return None
    word = judged.round_word
    if (last := judged.scoring_last) is not None:
        return f"{word[0].upper()}{word[1:]} {last} is over: score its end now; the next turn ends the game."
    if (ended := judged.scoring_end) is not None:
        return f"{word[0].upper()}{word[1:]} {ended} is over: score its end now, before {word} {ended + 1} goes on."
    return None


def moved_words(judged: Judged | None, battle: BattleFile, said: list[str]) -> str | None:
    """What moving on to `battle` says: a round's end to score (`end_words`), then what the new round's beginning
    did (`begun_words`), in one line each; None: nothing."""
    lines = [words for words in (end_words(judged), begun_words(battle, said)) if words]
    return "\n".join(lines) or None


def refuse_at_last_end(judged: Judged | None) -> None:
    """Nothing a turn spends is recorded at the last round's end, which no turn follows: LedgerError saying so."""
    if judged is not None and (last := judged.scoring_last) is not None:
        raise LedgerError(
            f"not recorded: {judged.round_word} {last} is over and the game ends with it: score its end, then go on "
            "to the next turn (or declare the winner)"
        )
