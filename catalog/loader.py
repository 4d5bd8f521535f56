"""Find, read and check catalogue files: bundled ones by id, a player's own by id or path."""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from catalog.access import admit, reads_recorded
from catalog.errors import CatalogueError
from catalog.file_kinds import check_kind
from catalog.models.common import CatalogueHeader
from catalog.overlay import in_own_terms, resolve_extends
from catalog.paths import BUNDLED_DIR, installed_catalogue_dir
from catalog.toml_input import control_characters, header_keys, parse_toml, pydantic_problems, read_toml_text
from catalog.wording import escaped, hidden_character, shown

HASH_BYTES = 4
"""Share codes carry this many bytes of the content hash."""

CatalogueModels = Callable[[str], type[CatalogueHeader]]
"""A game id → the model of that game's catalogue files (KeyError naming the known games for any other): the
loader is told it by the layer that knows the games."""


@dataclass(frozen=True, slots=True)
class CatalogueInfo:
    """A catalogue found on disk, described without loading it whole."""

    id: str
    game: str
    name: str
    revision: int
    path: Path
    bundled: bool


def content_hash(data: dict[str, Any]) -> str:
    """Hex hash of the catalogue's parsed content, blind to comments, spacing and key order."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[: HASH_BYTES * 2]


def parse_catalogue(
    data: dict[str, Any], source: str, models: CatalogueModels, base_dir: Path | None = None
) -> CatalogueHeader:
    """Validate a catalogue's own data, as its file or a code holds it, merged over the catalogue its `extends` names
    (an id, or a path from `base_dir`): what `catalog check`, the editor, sharing and installing all check. Every
    problem is listed in the CatalogueError, in the catalogue's own terms (its own entries, each named)."""
    check_kind(data, source, ("catalogue",), CatalogueError)
    merged = with_base(data, source, base_dir)
    try:
        return parse_merged(merged, source, models)
    except CatalogueError as exc:
        if merged is data or not exc.problems:
            raise
        problems = [in_own_terms(problem, data, merged) for problem in exc.problems]  # its entries, not the merged
        raise CatalogueError(_summary(source, problems), problems) from None


def parse_merged(data: dict[str, Any], source: str, models: CatalogueModels) -> CatalogueHeader:
    """Validate catalogue data already merged over its base (the editor keeps the base it read); every problem is
    listed in the CatalogueError."""
    check_kind(data, source, ("catalogue",), CatalogueError)
    game = data.get("game")
    try:
        if not isinstance(game, str):
            raise KeyError(f"unknown game {shown(game)}")
        model = models(game)
    except KeyError as exc:
        problem = f"game: {exc.args[0]}"
        raise CatalogueError(f"{source}: {problem}", [problem]) from None
    refuse_control_characters(data, source)
    try:
        catalogue = model.model_validate(data)
    except ValidationError as exc:
        problems = pydantic_problems(exc)
        raise CatalogueError(_summary(source, problems), problems) from None
    problems = [f"{where}: {message}" for where, message in catalogue.cross_reference_problems()]
    if problems:
        raise CatalogueError(_summary(source, problems), problems)
    catalogue._content_hash = content_hash(data)
    catalogue._path = source
    return catalogue


def refuse_control_characters(data: dict[str, Any], source: str) -> None:
    """CatalogueError listing every key or string that holds a control or bidi character: whatever shows a
    catalogue (the loader, the catalogue editor, a recovery file restored) asks this first."""
    if problems := control_characters(data):
        raise CatalogueError(_summary(source, problems), problems)


def catalogue_toml(text: str, source: str) -> dict[str, Any]:
    """A catalogue file's text parsed, refused whole if any of it could drive a terminal."""
    data = parse_toml(text, source, CatalogueError, "catalogue")
    refuse_control_characters(data, source)
    return data


def _summary(source: str, problems: list[str]) -> str:
    more = f" (and {len(problems) - 1} more problem{'s' if len(problems) > 2 else ''})" if len(problems) > 1 else ""
    return f"{source}: {problems[0]}{more}"


def read_catalogue_file(path: Path, models: CatalogueModels) -> CatalogueHeader:
    """Load and check one catalogue file (with the catalogue it builds on, if it `extends` one)."""
    data = catalogue_toml(read_toml_text(path, CatalogueError, "catalogue"), str(path))
    return parse_catalogue(data, str(path), models, path.parent)


def catalogue_data(path: Path, depth: int = 0) -> dict[str, Any]:
    """A catalogue file's parsed TOML, merged over the catalogue it builds on."""
    data = catalogue_toml(read_toml_text(path, CatalogueError, "catalogue"), str(path))
    return with_base(data, str(path), path.parent, depth)


def with_base(data: dict[str, Any], source: str, base_dir: Path | None, depth: int = 0) -> dict[str, Any]:
    """Parsed catalogue data merged over the catalogue its `extends` names (found as rosters find theirs)."""
    return resolve_extends(data, source, lambda ref: catalogue_data(find_catalogue(ref, base_dir), depth + 1), depth)


CACHE_SIZE = 32
"""How many loaded catalogues a long-running builder keeps."""
Stamp = tuple[Path, int, int]
"""A file a catalogue was read from, with its modification time and size when it was read."""
_cache: dict[tuple[str, CatalogueModels], tuple[CatalogueHeader, tuple[Stamp, ...]]] = {}
_cache_lock = threading.Lock()


def _stamp(path: Path) -> Stamp | None:
    try:
        found = path.stat()
    except OSError:
        return None
    return path, found.st_mtime_ns, found.st_size


def _load_path(path: Path, models: CatalogueModels) -> CatalogueHeader:
    """A catalogue file loaded, from the cache while neither it nor any catalogue it builds on (the whole `extends`
    chain) has changed on disk since it was read."""
    admit(path)
    if _stamp(path) is None:
        return read_catalogue_file(path, models)  # raises the one-line error
    key = (str(path.resolve()), models)
    if (cached := _cache.get(key)) is not None and all(_stamp(p) == (p, *at) for p, *at in cached[1]):
        for source, *_ in cached[1]:
            admit(source)  # a catalogue from the cache is read from its files all the same: each is asked again
        return cached[0]
    stamps: dict[Path, Stamp] = {}
    with reads_recorded() as read:
        catalogue = read_catalogue_file(path, models)
    for source in read:  # stamped just after reading (the files it read are only known once it has read them)
        if (stamp := _stamp(source)) is not None:
            stamps[source] = stamp
    with _cache_lock:  # builders load catalogues in worker threads
        _cache.pop(key, None)
        _cache[key] = (catalogue, tuple(stamps.values()))
        while len(_cache) > CACHE_SIZE:
            del _cache[next(iter(_cache))]
    return catalogue


def looks_like_path(ref: str) -> bool:
    """Whether a catalogue reference is a file path rather than an id."""
    return "/" in ref or "\\" in ref or ref.endswith(".toml")


def find_catalogue(ref: str, base_dir: Path | None = None) -> Path:
    """The file a catalogue reference names: a path (relative to `base_dir`), a bundled id, an installed id."""
    if (char := hidden_character(ref)) is not None:  # NUL above all: no file system takes it
        raise CatalogueError(f"{shown(ref)}: a catalogue reference holds the control character {escaped(char)}")
    if looks_like_path(ref):
        path = Path(ref).expanduser()
        if not path.is_absolute() and base_dir is not None:
            path = base_dir / path
        return path
    for candidate in (BUNDLED_DIR / f"{ref}.toml", installed_catalogue_dir() / f"{ref}.toml"):
        if candidate.is_file():
            return candidate
    known = [info.id for info in list_catalogues()]
    from difflib import get_close_matches

    near = get_close_matches(ref, known, n=3)
    hint = f" — did you mean {', '.join(repr(n) for n in near)}?" if near else f" (known: {', '.join(known)})"
    raise CatalogueError(f"unknown catalogue '{ref}'{hint}")


def load_catalogue(ref: str, models: CatalogueModels, base_dir: Path | None = None) -> CatalogueHeader:
    """Load a catalogue by id (bundled, then installed) or by path; cached while the file is unchanged."""
    return _load_path(find_catalogue(ref, base_dir), models)


def _describe(path: Path, bundled: bool) -> CatalogueInfo | None:
    """Read only a file's header keys (fast: stops at the first table)."""
    head = header_keys(path)
    if head is None:
        return None
    try:
        return CatalogueInfo(
            str(head["id"]), str(head["game"]), str(head.get("name", head["id"])), int(head["revision"]), path, bundled
        )
    except (KeyError, ValueError, TypeError):
        return None


def list_catalogues() -> list[CatalogueInfo]:
    """Bundled catalogues, then the player's installed ones (unreadable files are skipped here)."""
    found = []
    for directory, bundled in ((BUNDLED_DIR, True), (installed_catalogue_dir(), False)):
        if directory.is_dir():
            for path in sorted(directory.glob("*.toml")):
                if info := _describe(path, bundled):
                    found.append(info)
    return found
