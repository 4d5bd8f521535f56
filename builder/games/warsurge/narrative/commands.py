"""The game's side of `warbench narrative …`: each subcommand on Warsurge's narrative files, printed."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from builder.games.warsurge.narrative import play_commands, sharing
from builder.games.warsurge.narrative.check import narrative_findings
from builder.games.warsurge.narrative.reading import NarrativeError, bundled_narratives, narrative_path, read_narrative
from builder.games.warsurge.narrative.showing import narrative_lines, within
from catalog.toml_input import header_keys
from catalog.wording import counted, listed, visible


def check(args: argparse.Namespace) -> int:
    """Exit 0 with a summary line; 1 with the findings, each at its place; 2 for a file that is no narrative (its
    problems listed on standard error, like `catalog check`)."""
    path = narrative_path(args.file)
    try:
        narrative = read_narrative(path)
    except NarrativeError as exc:
        problems = exc.problems or [str(exc)]
        print(f"{visible(str(path))}: {counted(len(problems), 'problem')}", file=sys.stderr)
        for problem in listed([p.removeprefix(f"{path}: ") for p in problems]):
            print(f"  {visible(problem)}", file=sys.stderr)
        return 2
    findings = narrative_findings(narrative)
    if findings:
        print(f"{path}: {counted(len(findings), 'finding')}")
        for line in listed([f"{f.path}: {f.message} [{f.code}]" for f in findings]):
            print(f"  {line}")
        return 1
    enemies = sum(len(stage.enemies) for stage in narrative.stages)
    print(
        f"{path}: ok — {narrative.title} ({narrative.focus}), {counted(len(narrative.stages), 'stage')}, "
        f"{counted(enemies, 'enemy profile')}"
    )
    return 0


def show(args: argparse.Namespace) -> int:
    """A narrative's stages with their maps drawn within the width and height asked."""
    width, height = within(args.width, args.height)
    narrative = read_narrative(narrative_path(args.file))
    if args.stage is not None and not 1 <= args.stage <= len(narrative.stages):
        raise NarrativeError(f"--stage {args.stage}: the narrative has {counted(len(narrative.stages), 'stage')}")
    stages = [args.stage - 1] if args.stage is not None else list(range(len(narrative.stages)))
    print("\n".join(narrative_lines(narrative, stages, width, height)))
    return 0


def pdf(args: argparse.Namespace) -> int:
    """Every stage on PDF pages: its introduction, map, enemies, challenges and events."""
    from builder.games.warsurge.narrative.pdf import write_narrative_pdf

    path = narrative_path(args.file)
    narrative = read_narrative(path)
    output = Path(args.output)
    if (output.exists() or output.is_symlink()) and not args.overwrite:
        raise NarrativeError(f"{output}: already exists (--overwrite replaces it)")
    pages = write_narrative_pdf(narrative, output, args.paper)
    print(f"wrote {output}: {narrative.title}, {counted(pages, 'page')}")
    return 0


def show_any(args: argparse.Namespace) -> int:
    """`narrative show`: a narrative's stages, or where a narrative in play stands."""
    path = Path(args.file)
    if path.is_file() and (header_keys(path) or {}).get("kind") == "narrative-play":
        return play_commands.show_play(args)
    return show(args)


ACTIONS: dict[str, Callable[[argparse.Namespace], int]] = {
    "check": check,
    "show": show_any,
    "pdf": pdf,
    "play": play_commands.start,
    "state": play_commands.state,
    "direct": play_commands.direct,
    "guards": play_commands.guards,
    "code": sharing.code,
    "import": sharing.import_code,
    **dict.fromkeys(
        ("mark", "perk", "revive", "choose", "challenge", "move", "turn", "next", "end"), play_commands.step
    ),
}


class WarsurgeNarratives:
    """Warsurge's narratives, as `Game.narratives` gives them to the command line."""

    def bundled(self, name: str) -> Path | None:
        return bundled_narratives().get(name)

    def run(self, action: str, args: argparse.Namespace) -> int:
        return ACTIONS[action](args)

    def play_in(self, source: str) -> str | None:
        return sharing.play_in(source)

    def import_play(self, code: str, output: Path) -> list[Path]:
        play, _ = sharing.play_from_code(code, output)
        return sharing.written(play, output)


NARRATIVES = WarsurgeNarratives()
