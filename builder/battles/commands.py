"""`warbench battle new …`, `warbench battle FILE [--json]` and `warbench roll …`."""

from __future__ import annotations

import json
import sys
from argparse import Namespace
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.scenarios.record import ScenarioPlay


def run_battle(args: Namespace) -> int:
    if args.target == "new":
        return _new(args)
    if args.target == "import":
        return _import(args)
    if args.target == "mark":
        return _mark(args)
    if args.target in ("score", "turn", "declare"):
        from builder.scenarios.play_commands import run_play

        return run_play(args)
    if args.target == "code" and args.roster is not None:
        from builder.battles import battle_code

        print(battle_code(args.roster))
        return 0
    if args.roster is not None:
        print(
            f"warbench battle: unexpected {args.roster!r} (for a new battle: warbench battle new ROSTER -o FILE)",
            file=sys.stderr,
        )
        return 2
    from builder.battles import replay_battle_file
    from builder.battles.text import battle_text

    result = replay_battle_file(args.target)
    print(json.dumps(result.as_dict(), ensure_ascii=True) if args.json else "\n".join(battle_text(result)))
    return 0 if result.valid else 1


def _new(args: Namespace) -> int:
    from builder.battles import new_battle, replay_battle_file

    if args.roster is None or args.output is None:
        print(
            "warbench battle new: give the roster and -o BATTLE (warbench battle new ROSTER -o FILE)", file=sys.stderr
        )
        return 2
    output = Path(args.output)
    battle = new_battle(
        Path(args.roster), args.opponent, output, overwrite=args.overwrite, scenario=args.scenario, play=_play(args)
    )
    result = replay_battle_file(output)  # the sides and the scenario by their names, not a path, a code or an id
    names = " against ".join(side.name for side in result.sides) or battle.name or "our roster"
    under = f", {result.judged.outcome.scenario.name}" if result.judged else ""
    print(f"wrote {output}: {names}{under}, turn 1")
    return 0


def _play(args: Namespace) -> ScenarioPlay | None:
    """The scenario's record from `--players`, `--team`, `--attacker`, `--secondary` and `--mode`."""
    if args.scenario is None:
        return None
    from builder.battles import opponent_roster
    from builder.roster.files import read_roster
    from builder.scenarios.setup import new_play

    names = [read_roster(Path(args.roster)).roster.name or "Us"]
    if args.opponent:
        names.append(opponent_roster(args.opponent, Path.cwd()).roster.name or "Opponent")
    return new_play(
        names,
        args.players,
        args.team,
        args.attacker,
        [args.secondary or [], args.opponent_secondary or []],
        args.mode,
        args.secondaries_each,
    )


def run_roll(args: Namespace) -> int:
    from builder.battles.dice import throw

    scattering = args.what.lower() == "scatter"
    print(throw(f"scatter {args.distance}" if scattering else args.what).text())
    return 0


def _import(args: Namespace) -> int:
    """`warbench battle import CODE|IMAGE -o BATTLE`: the opponent's table, with both rosters beside it."""
    from builder.battles import battle_from_code

    if args.roster is None or args.output is None:
        print("warbench battle import: give the code (or a QR picture) and -o BATTLE", file=sys.stderr)
        return 2
    battle = battle_from_code(args.roster, Path(args.output), overwrite=args.overwrite)
    print(
        f"wrote {args.output}: {battle.name or 'a battle'}, turn {battle.turn}, "
        f"{len(battle.units) + len(battle.opponent_units)} units marked"
    )
    return 0


def _mark(args: Namespace) -> int:
    """`warbench battle mark BATTLE --unit N [--theirs] (--deploy | --crit PART | --damage N | --heat N)`."""
    from builder.battles.marking import mark_battle

    chosen = [
        (name, value)
        for name, value in (
            ("deploy", args.deploy or None),
            ("crit", args.crit),
            ("damage", args.damage),
            ("heat", args.heat),
        )
        if value is not None
    ]
    if args.roster is None or args.unit is None or len(chosen) != 1:
        print(
            "warbench battle mark: give the battle, --unit N and one of --deploy, --crit PART, --damage N, --heat N",
            file=sys.stderr,
        )
        return 2
    print(mark_battle(Path(args.roster), args.unit, args.theirs, *chosen[0]))
    return 0
