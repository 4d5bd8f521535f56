"""A battle open at the table: each mark and event one undo step, replayed once, autosaved; the rosters read once."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from builder.battles import load, parse_battle
from builder.battles.ending import refuse_after_end, sealed
from builder.battles.journal import journal_ended
from builder.battles.model import BattleFile, UnitMark
from builder.battles.replay import replay_battle, tracks_of
from builder.battles.report import BattleResult
from builder.battles.reserves import in_reserves, kept_in_step, out_of_reach, reserve_event
from builder.battles.rounds import moved_words, refuse_at_last_end, round_begun, waiting
from builder.battles.spending import set_up_over, spent_marks
from builder.battles.standing import healed, leader_record, out_of_models, recovered, struck_with_boxes_left, with_loss
from builder.battles.tracks import Track, track_at
from builder.campaigns.ledger import LedgerError
from builder.campaigns.session_base import LedgerSessionBase
from builder.editing.storage import Store
from builder.game import game
from builder.roster.files import LoadedRoster
from builder.scenarios import edits

T = TypeVar("T")


class BattleSession(LedgerSessionBase[BattleFile, BattleResult]):
    """The battle file and its rosters; the mark methods take a side (0 ours, 1 the opponent's, 2 on the more
    sides) and an entry index."""

    file_word = "battle"

    def __init__(self, path: Path | str, store: Store) -> None:
        self.rosters: tuple[LoadedRoster, ...] | None = None
        self.tracks: tuple[tuple[Track, ...], ...] = ()
        self._replayed: tuple[BattleFile, BattleResult] | None = None
        """The battle last replayed and its result: a change is replayed once, to seal its end and to keep it."""
        self.clock: Callable[[], datetime] | None = None
        """What dates a journal entry (None: the journal's clock; a test puts its own here)."""
        self.journal_problem: str | None = None
        """Why the last change that ended the game is not in the journal, when it could not be written."""
        self.journal_notes: str | None = None
        """A note for the journal entry of the game the next change ends (the command line's --notes)."""
        self.told: dict[str, object] = {}
        """What the command line gave beside the mark it makes, by flag (McWarrior's `--roll`, the overheat die)."""
        self.journal_root = store.root
        """The data folder whose journal a game this session ends goes into (the store's, unless its opener says
        otherwise: a command that keeps no recovery file still journals in the player's data folder)."""
        super().__init__(path, store)

    def parse(self, text: str, source: str) -> BattleFile:
        return parse_battle(text, source)

    def _replay(self, battle: BattleFile) -> BattleResult:
        if self.rosters is None:
            self.rosters = load(battle, self.path.parent)
            self.tracks = tuple(tracks_of(loaded) for loaded in self.rosters)
            self._replayed = None
        if self._replayed is not None and self._replayed[0] is battle:
            return self._replayed[1]
        result = replay_battle(battle, self.rosters, tracks=self.tracks)
        self._replayed = (battle, result)
        return result

    def change(self, label: str, edit: Callable[..., BattleFile], *args: Any) -> None:
        """One undoable change (a side it leaves with no model in play out, by a mercy rule); the change that ends
        the game keeps the marks it ended with in the file, and puts the battle in the player's journal (in the
        store's data folder)."""

        def ending(battle: BattleFile) -> BattleFile:
            changed = out_of_models(self.result, edit(battle, *args), self._replay)  # the mercy rule
            return sealed(changed, self._replay(changed).judged)

        before = self.result.result()
        super().change(label, ending)
        self.journal_problem = journal_ended(
            before, self.result, self.path, self.journal_root, self.clock, self.journal_notes
        )

    def undo(self) -> str | None:
        """Step back one change; the journal follows (a game's end undone leaves it, one redone or another end
        goes in)."""
        return self._journalled(super().undo)

    def redo(self) -> str | None:
        return self._journalled(super().redo)

    def _journalled(self, step: Callable[[], str | None]) -> str | None:
        before = self.result.result()
        label = step()
        if label is not None:
            self.journal_problem = journal_ended(before, self.result, self.path, self.journal_root, self.clock)
        return label

    def replay_again(self) -> None:
        """Read the rosters again (one may have been edited meanwhile) and replay."""
        self.rosters = None
        self.result = self._replay(self.ledger)

    # -- marks ------------------------------------------------------------------------------
    def track(self, side: int, index: int) -> Track:
        track = track_at(self.result.sides[side].tracks, index)
        if track is None:
            raise LedgerError(f"entry {index + 1} has no models of its own to mark (it joined another unit)")
        return track

    def mark(self, side: int, index: int) -> UnitMark:
        """The entry's mark (a blank one if it has none)."""
        return self.ledger.mark_of(side, index)

    def take(self, side: int, index: int, amount: int) -> None:
        """`amount` damage (HP, DMG boxes) on the entry's first standing model; negative heals (`_markable`)."""
        track = self.track(side, index)
        self._markable(side, index, track, amount)
        verb = "takes" if amount > 0 else "recovers"
        self.set_mark(
            side, _refused(lambda: track.take(self.mark(side, index), amount)), f"{track.name} {verb} {abs(amount)}"
        )

    def casualty(self, side: int, index: int, restore: bool = False) -> None:
        track = self.track(side, index)
        self._markable(side, index, track, -1 if restore else 1)
        label = f"{track.name}: a model back" if restore else f"{track.name}: a casualty"
        self.set_mark(side, _refused(lambda: track.casualty(self.mark(side, index), restore)), label)

    def _markable(self, side: int, index: int, track: Track, amount: int) -> None:
        """Refuse damage (`amount` > 0) on a unit out of the attackers' reach (`out_of_reach`), and any damage on a
        unit the scenario holds vulnerable (Execution Mode: "it cannot have damage removed", as its focus says; at 0
        boxes, only an enemy Leader's attack destroys it, a fate the scenario records): a LedgerError naming it. Undo,
        a mark a file holds already and a turn start's recovery are not refused."""
        if amount > 0 and (why := out_of_reach(self.ledger, self.result, side, index)) is not None:
            raise LedgerError(f"not marked: {track.name} {why}")
        if (state := self.result.sides[side].state_of(index)) is None or not state.vulnerable:
            return
        if amount < 0:
            raise LedgerError(f"not marked: {track.name} is vulnerable: it cannot have damage removed")
        raise LedgerError(
            f"not marked: {track.name} is vulnerable at 0 boxes: only an attack by an enemy Leader destroys it, "
            "recorded as the Leader's fate (the builder's l key, or battle score --leader enemy-leader), not as damage"
        )

    def reserve(self, side: int, index: int, label: str) -> None:
        """The unit into the scenario's reserves or out of them (`e`), as one change; where the game's resources
        place units (Warsurge Advanced), as the place that puts it there, which the reserves then follow."""
        event = reserve_event(self.result, side, index, not in_reserves(self.ledger, side, index))
        if event is None:
            self.play(label, edits.toggle_reserve, side, index)
        else:
            self.spend(side, event, label)

    def restore_unit(self, side: int, index: int) -> None:
        """The entry back as it started, what its game keeps for good kept (`Track.restored`)."""
        track = self.track(side, index)
        self.set_mark(side, track.restored(self.mark(side, index)), f"{track.name} restored")

    def marked(self, side: int, index: int, change: Callable[[Track, UnitMark], tuple[UnitMark, str]]) -> str:
        """A mark the game makes its own way (a mech's upgrade used): `change` gives it and its words, or ValueError."""
        track = self.track(side, index)
        mark, said = _refused(lambda: change(track, self.mark(side, index)))
        if mark != self.mark(side, index):
            self.set_mark(side, mark, f"{track.name}: {said}")
        return said

    def play(self, label: str, edit: Callable[..., BattleFile], *args: Any) -> None:
        """A scenario event as one change, refused once the game is over, and refused with the book's reason when the
        scenario would not count it at this moment (VP it cannot give, a score in the opponent's turn)."""
        refuse_after_end(self.result.judged)

        def counted(battle: BattleFile) -> BattleFile:
            changed = edit(battle, *args)
            events = changed.play.events if changed.play else []
            last = f"play.events[{len(events) - 1}]"
            refused = [
                f
                for f in self._replay(changed).findings
                if (f.severity == "error" or f.code == "battle/vp")
                and (f.path == last or f.path.startswith(last + "."))
            ]
            if refused:
                raise LedgerError(f"not recorded: {refused[0].message}")
            fell = events[-1] if events and events[-1].leader is not None else None
            if (
                fell is not None
                and fell.leader == "enemy-leader"
                and (why := struck_with_boxes_left(self.result, fell.side))
            ):
                raise LedgerError(f"not recorded: {why}")
            return self._leader_lost(changed, fell.side) if fell is not None else changed

        self.change(label, counted)

    def _leader_lost(self, battle: BattleFile, side: int) -> BattleFile:
        """`battle`, and the event the game's resources make of the side's Leader destroyed by the Leader event
        just recorded (Execution Mode: an enemy Leader's attack on a Leader vulnerable at 0 boxes)."""
        states = self.result.sides[side].states if side < len(self.result.sides) else ()
        leader = next((st.track.index for st in states if st.track.leader), None)
        return battle if leader is None else with_loss(self.result, battle, side, leader, self._replay)

    def spend(
        self,
        side: int | None,
        event: dict[str, Any],
        label: str,
        mark: tuple[int, UnitMark] | None = None,
        more: Sequence[tuple[int, UnitMark]] = (),
    ) -> None:
        """One thing done with what a turn spends (`Game.resources`), by `side` (None: the whole table) at the moment
        the battle is at, as one change (with `mark` and `more`, the units' marks it goes with: Warcaster units
        deployed); refused with the rule's reason when the book forbids it (never stored), and once the game is
        over. The scenario's reserves follow where the resources then keep units (`kept_in_step`)."""
        refuse_after_end(self.result.judged)
        if self.result.spending is None:
            raise LedgerError(f"this {game(self.ledger.game).short_name} battle tracks nothing a turn spends")
        refuse_at_last_end(self.result.judged)
        book = self.result.spending.book
        try:
            parsed = book.parse(event)
        except ValueError as exc:
            raise LedgerError(str(exc).splitlines()[0]) from None
        marks = spent_marks(self.result.spending, side, self.ledger.moment(), parsed)  # with what follows from it
        if (why := self.result.spending.refusal(side, self.ledger.moment(), parsed)) is not None:
            raise LedgerError(f"not recorded: {why}")  # judged by the table as it stands now (a Leader vulnerable)
        if side is not None and (what := leader_record(self.result, side, parsed)) is not None:
            self.play(label, edits.leader, side, what)  # one record of the Leader: the scenario's, which all read
            return

        def spent(battle: BattleFile) -> BattleFile:
            changed = battle.model_copy(update={"spent": [*battle.spent, *marks]})
            for marked, unit in [*([mark] if mark is not None else []), *more]:
                changed = changed.with_mark(marked, unit)
            paths = {f"spent[{n}]" for n in range(len(battle.spent), len(changed.spent))}
            spending = self._replay(changed).spending
            refused = [f for f in spending.refused if f.path.split(".")[0] in paths] if spending else []
            if refused:
                raise LedgerError(f"not recorded: {refused[0].message}")
            return healed(kept_in_step(changed, self._replay(changed), side), side, self._replay, self.track)

        self.change(label, spent)

    def next_turn(self, step: int = 1) -> str | None:
        """One player turn on (a round where rounds have none; from the set-up, its end), or back with a negative
        `step`; on is refused once the game is over, and ends it at the last round's end (`waiting` there once past
        it); a new round begins as its book says in the same change (`round_begun`): what that did in a line."""
        if step > 0 and self._ends_now():
            return None
        if step > 0 and (over := set_up_over(self.result.spending)) is not None:  # turn 1.1 begins, passing nothing
            self.spend(self.ledger.first_player, over, "set-up over")
            return "The set-up is over: the first player's first turn begins."
        battle = self.ledger
        turns, seats, first = game(battle.game).turns, battle.seats, battle.first_player
        move = turns.after if step > 0 else turns.before
        round_, at = (min(n, 99) for n in move(battle.turn, battle.step, seats, first))
        label = f"turn {round_}" + (f", player turn {at + 1}" if at else "")
        said: list[str] = []

        def moved(battle: BattleFile) -> BattleFile:
            on = battle.model_copy(update={"turn": round_, "step": at})  # going back begins no turn:
            on = self._recovered(battle, round_begun(self.result, battle, on, said)) if step > 0 else on
            return waiting(self.result.judged, battle, on)

        self.change(label, moved)
        return moved_words(self.result.judged, self.ledger, said)

    def _ends_now(self) -> bool:
        """Going on is refused once the game is over or a game length's roll is due; it ends the game at the last
        round's end (one change): whether it did."""
        refuse_after_end(judged := self.result.judged)
        edits.refuse_unrolled(self.ledger)
        if judged is None or judged.scoring_last is None:
            return False
        self.change("game over", edits.end_game)
        return True

    def _recovered(self, before: BattleFile, battle: BattleFile) -> BattleFile:
        """`battle` (a player turn on from `before`) with Execution Mode's recovery where its turn begins."""
        return recovered(self.result, before, battle, self._replay)

    def next_round(self) -> str | None:
        """On to the next round's first player turn (Warcaster: the next Pulse round), as one change; each player
        turn passed on the way begins, and is said, as `next_turn` begins it (a vulnerable Leader recovers in its
        player's turn, played, only not recorded turn by turn); refused once the scenario ended the game."""
        if self._ends_now():
            return None
        round_ = min(self.ledger.turn + 1, 99)
        said: list[str] = []

        def onwards(battle: BattleFile) -> BattleFile:
            turns, seats, first = game(battle.game).turns, battle.seats, battle.first_player
            if battle.turn >= round_:  # the last round: back to its first turn, as before
                return self._recovered(battle, battle.model_copy(update={"step": 0}))
            start = battle
            while battle.turn < round_:
                r, at = turns.after(battle.turn, battle.step, seats, first)
                on = round_begun(self.result, battle, battle.model_copy(update={"turn": r, "step": at}), said)
                battle = self._recovered(battle, on)
            return waiting(self.result.judged, start, battle)

        self.change(f"turn {round_}", onwards)
        return moved_words(self.result.judged, self.ledger, said)

    def set_mark(self, side: int, mark: UnitMark, label: str) -> None:
        """Put the entry's mark in the battle (dropping it when it marks nothing), as one change called `label` (a
        game's own marks come this way or through `marked`: a mech's hits, a Warcaster unit deployed); a mark of a kind
        the entry's track does not record (damage boxes on a mech) is refused, never stored beside what it has, and so
        is any mark once the scenario's victory conditions have ended the game."""
        refuse_after_end(self.result.judged)
        track = self.track(side, index := mark.index)
        if new := set(track.foreign_keys(mark)) - set(track.foreign_keys(self.mark(side, index))):
            raise LedgerError(f"{track.name} records {track.mark_words}, not {', '.join(sorted(new))}")

        def edit(battle: BattleFile) -> BattleFile:
            if mark.is_blank():  # it marks nothing: dropped
                marked = battle.with_marks(side, [m for m in battle.marks(side) if m.index != mark.index])
            else:
                marked = battle.with_mark(side, mark)
            return with_loss(self.result, marked, side, index, self._replay)

        self.change(label, edit)


def _refused(apply: Callable[[], T]) -> T:
    """What `apply` returns; a mark the rules refuse (a track's ValueError) as a LedgerError saying why."""
    try:
        return apply()
    except ValueError as exc:
        raise LedgerError(str(exc)) from None
