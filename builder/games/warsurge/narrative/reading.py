"""Reading a narrative file, bounded and strict, into its model; the bundled narratives by name."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from builder.games.warsurge.narrative.model import NarrativeFile
from catalog.errors import WarbenchError
from catalog.file_kinds import check_kind
from catalog.paths import BUNDLED_DIR
from catalog.toml_input import control_characters, long_strings, parse_toml, pydantic_problems, read_bounded
from catalog.wording import shown

MAX_NARRATIVE_BYTES = 512 * 1024
"""A narrative of twelve stages with long introductions is a few dozen KB; anything past this is refused unread."""
MAX_TEXT = 4000
"""No introduction, event or challenge text is longer."""
NARRATIVES_DIR = BUNDLED_DIR / "narratives"
"""The narratives that ship with Warbench, one TOML file each, named by their id."""


class NarrativeError(WarbenchError):
    """A narrative file or a narrative in play cannot be read, or a change to it is refused (one line)."""


def bundled_narratives() -> dict[str, Path]:
    """The bundled narratives by id (the file's name without `.toml`)."""
    return {path.stem: path for path in sorted(NARRATIVES_DIR.glob("*.toml"))}


def narrative_path(given: str) -> Path:
    """A narrative named on the command line: a file, else a bundled narrative's id."""
    path = Path(given)
    if path.exists() or path.is_symlink() or given.endswith(".toml"):
        return path
    bundled = bundled_narratives()
    if given in bundled:
        return bundled[given]
    known = ", ".join(bundled) or "none"
    raise NarrativeError(f"{shown(given)}: no such file, nor a bundled narrative (bundled: {known})")


def read_narrative(path: Path) -> NarrativeFile:
    """The narrative in `path`; NarrativeError with every problem located (`problems`) when it is not one."""
    return parse_narrative(read_narrative_text(path), str(path))


def read_narrative_text(path: Path) -> str:
    """A narrative file's text as written (bounded in size, UTF-8), before it is read as a narrative."""
    data = read_bounded(path, MAX_NARRATIVE_BYTES, NarrativeError, "narrative")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise NarrativeError(f"{path}: not UTF-8 text (bad byte at offset {exc.start})") from None


def parse_narrative(text: str, source: str) -> NarrativeFile:
    """Narrative TOML text as its model (NarrativeError: not TOML, another kind of file, or located problems)."""
    if not text.strip():
        raise NarrativeError(f"{source}: the narrative file is empty")
    parsed = parse_toml(text, source, NarrativeError, "narrative")
    check_kind(parsed, source, ("narrative",), NarrativeError)
    problems = control_characters(parsed, what="narrative text") + long_strings(parsed, MAX_TEXT, what="narrative text")
    if not problems:
        try:
            return NarrativeFile.model_validate(parsed)
        except ValidationError as exc:
            problems = pydantic_problems(exc)
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    raise NarrativeError(f"{source}: {problems[0]}{more}", problems)
