"""`warbench narrative play|state|direct|guards|mark|perk|revive|choose|challenge|turn|next|end`: a narrative in play
from the command line, each change replayed, checked and saved at once (showing one writes nothing)."""

from __future__ import annotations

import argparse
import os
import re
import secrets
import sys
import tempfile
from pathlib import Path

from pydantic import ValidationError

from builder.campaigns.edits import dump_ledger
from builder.campaigns.ledger import read_army
from builder.editing.storage import Store
from builder.games.warsurge.narrative.directing import direct_turn, form_text, guard_steps, play_dice, read_form
from builder.games.warsurge.narrative.director import Direction
from builder.games.warsurge.narrative.play import SHORT_MOST, UNIT_REF, Entry, Player, new_play
from builder.games.warsurge.narrative.play_text import play_lines
from builder.games.warsurge.narrative.reading import NarrativeError, bundled_narratives, narrative_path, read_narrative
from builder.games.warsurge.narrative.replay import read_party, replay_play
from builder.games.warsurge.narrative.session import NarrativeSession, logged
from builder.games.warsurge.narrative.showing import within
from builder.games.warsurge.narrative.units import ref_problem, unit_hp, unit_label
from catalog.files import write_atomic
from catalog.paths import data_dir
from catalog.toml_input import within_bounds
from catalog.wording import shown


def _write_new(path: Path, text: str, overwrite: bool) -> None:
    if (path.exists() or path.is_symlink()) and not overwrite:
        raise NarrativeError(f"{path}: already exists (--overwrite replaces it)")
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise NarrativeError(f"{path}: cannot write ({exc.strerror or exc})") from None


def start(args: argparse.Namespace) -> int:
    """A narrative-in-play file for the rosters given; exit 1 (the file still written) when they break the
    narrative's logistics."""
    source, output = narrative_path(args.file), Path(args.output)
    narrative = read_narrative(source)
    names = list(args.player or [])
    if len(names) > len(args.roster):
        raise NarrativeError(f"{len(names)} player names for {len(args.roster)} rosters")
    names += [f"Player {n}" for n in range(len(names) + 1, len(args.roster) + 1)]
    if len(set(names)) < len(names):
        raise NarrativeError("two players of the same name")
    if empty := next((n for n, name in enumerate(names, 1) if not name.strip()), None):
        raise NarrativeError(f"player {empty}'s name is empty")
    if too_long := next((name for name in names if len(name) > SHORT_MOST), None):
        raise NarrativeError(f"a name of at most {SHORT_MOST} characters, not {len(too_long)}")
    for roster in args.roster:  # a roster of another game refused as the player typed it, before anything is written
        read_army(Path(), roster, "warsurge", "", "narrative")
    base = output.resolve().parent
    bundled = {path.resolve(): name for name, path in bundled_narratives().items()}
    reference = bundled.get(source.resolve()) or os.path.relpath(source.resolve(), base)
    players = [Player(name=n, roster=os.path.relpath(Path(r).resolve(), base)) for n, r in zip(names, args.roster)]
    play = new_play(narrative.title, reference, players, secrets.SystemRandom())
    result = replay_play(play, narrative, read_party(play, base))  # a roster that cannot be read is refused here
    _write_new(
        output,
        f"# {narrative.title}: a narrative in play. `warbench {output.name}` opens it.\n" + dump_ledger(play),
        args.overwrite,
    )
    print(f"wrote {output}: {narrative.title}, {len(players)} player{'s' if len(players) > 1 else ''}")
    print("\n".join(play_lines(result)))
    return 1 if not result.valid else 0


def _session(path: Path) -> tuple[NarrativeSession, tempfile.TemporaryDirectory[str]]:
    scratch = tempfile.TemporaryDirectory()
    session = NarrativeSession(path, Store(Path(scratch.name)))  # a command keeps no recovery file
    session.journal_root = data_dir()
    return session, scratch


def show_play(args: argparse.Namespace) -> int:
    session, scratch = _session(Path(args.file))
    with scratch:
        print("\n".join(play_lines(session.result, *within(args.width, args.height))))
        return 0 if session.result.valid else 1


def state(args: argparse.Namespace) -> int:
    session, scratch = _session(Path(args.file))
    with scratch:
        _write_new(Path(args.output), form_text(session.result) + "\n", args.overwrite)
        print(
            f"wrote {args.output}: fill in the distances and sight, then `warbench narrative direct {args.file} --turn-state {args.output}`"
        )
        return 0


def direct(args: argparse.Namespace) -> int:
    """The director's orders, the play's own dice (or --seed's) rolling the same each time; nothing written. With
    --record (as before `guards`), their Guard steps are carried out after them."""
    session, scratch = _session(Path(args.file))
    with scratch:
        form = read_form(Path(args.turn_state)) if args.turn_state else None
        result = session.result
        direction = direct_turn(result, form, play_dice(result, args.seed))
        _warn(direction)
        print(f"Stage {result.stage + 1}, turn {result.turn}: {result.stage_model.title}")
        print("\n".join(direction.order_lines()) or "No enemy unit left to act.")
        if args.record:
            _carry_out(session, direction)
        return 0


def guards(args: argparse.Namespace) -> int:
    """The orders' Guard steps carried out and saved: each Guard they activate alerted, each unaware Patrol or Roam
    moved to its square (the orders `direct` shows for the same turn form and seed)."""
    session, scratch = _session(Path(args.file))
    with scratch:
        form = read_form(Path(args.turn_state)) if args.turn_state else None
        result = session.result
        direction = direct_turn(result, form, play_dice(result, args.seed))
        _warn(direction)
        if not _carry_out(session, direction):
            print(f"Stage {result.stage + 1}, turn {result.turn}: no Guard is activated or relocates")
        return 0


def _warn(direction: Direction) -> None:
    """What the turn form names that the play does not have, one line each on standard error, before the rest."""
    for line in direction.warnings():
        print(line, file=sys.stderr)


def _carry_out(session: NarrativeSession, direction: Direction) -> bool:
    entries, label = guard_steps(direction)
    if not entries:
        return False
    session.change(label, logged, *entries)
    session.save()
    print(f"recorded: {label}")
    return True


PLAYER_NUMBERS = re.compile(r"^[0-9]{1,4}:[0-9]{1,4}$")
"""A player's unit by numbers, whether or not the party has it (the party says which it lacks)."""
OPTIONS = {"amount": "--damage", "by": "--by", "square": "square"}
"""The option a field of the log is given with, as a refusal names it."""


def _entry(args: argparse.Namespace) -> tuple[Entry, str]:
    action = args.action
    if action == "mark":
        if args.casualty:
            return Entry(what="casualty", unit=args.unit), f"{args.unit}: a model removed"
        return Entry(what="damage", unit=args.unit, amount=args.damage, by=args.by), f"{args.unit}: {args.damage} HP"
    if action in ("perk", "revive"):
        return Entry(what=action, unit=args.unit, perk=args.perk), f"{args.unit}: {args.perk}"
    if action == "choose":
        return Entry(what="choose", event=args.event, choice=args.choice), f"{args.event}: {args.choice}"
    if action == "challenge":
        return Entry(
            what="challenge", challenge=args.challenge, outcome=args.outcome
        ), f"{args.challenge} {args.outcome}"
    if action == "move":
        return Entry(what="move", unit=args.unit, square=args.square.upper()), f"{args.unit} to {args.square}"
    if action == "end":
        return Entry(what="end", outcome=args.outcome), f"narrative {args.outcome}"
    return Entry(what=action), action


def step(args: argparse.Namespace) -> int:
    """One entry logged, replayed and saved; refused (exit 2, one line) when it breaks a rule."""
    session, scratch = _session(Path(args.file))
    with scratch:
        for given, option in ((getattr(args, "unit", None), "unit"), (getattr(args, "by", None), "--by")):
            if given is not None and PLAYER_NUMBERS.match(given) and (problem := ref_problem(session.result, given)):
                raise NarrativeError(problem if option == "unit" else f"--by {problem.removeprefix('unit ')}")
            if given is not None and not UNIT_REF.match(given):
                raise NarrativeError(
                    f"{option} {shown(given)}: a player's unit as PLAYER:N (2:3) or an enemy's id (L2)"
                )
        try:
            entry, label = _entry(args)
        except ValidationError as exc:  # a number past the log's bounds (--damage 99999999999)
            error = exc.errors()[0]
            field = ".".join(map(str, error["loc"]))
            said = within_bounds(error) or f"{error['msg']}, got {shown(str(error['input']))}"
            raise NarrativeError(f"{OPTIONS.get(field, field)}: {said}") from None
        before = unit_hp(session.result, entry.unit) if entry.unit else None
        session.log(entry, label)
        session.save()
        after = unit_hp(session.result, entry.unit) if entry.unit else None
        if entry.what == "damage" and before and after and after[0] - before[0] < -(entry.amount or 0):
            print(
                f"{unit_label(session.result, entry.unit or '')}: {after[0] - before[0]} HP restored, "
                f"not {-(entry.amount or 0)}: healing stops at full ({after[0]}/{after[1]} HP)"
            )
        print("\n".join(play_lines(session.result, 80, 24, brief=True)))
        if session.journal_problem:
            print(f"warbench: {session.journal_problem}", file=sys.stderr)
        return 0
