"""A catalogue as a code: a file's own data leaving (checked as `catalog check` checks it), and a shared catalogue
arriving as a code, its parts or QR pictures: read, described, compared and installed (the command line prints what
it says, the builder shows it)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from builder.catalogue_changes import differences
from builder.catalogues import parse_catalogue
from builder.game import GAMES, catalogue_model
from catalog.errors import CatalogueError
from catalog.files import check_target, write_atomic
from catalog.installing import catalogue_text, contents, install, loads_back
from catalog.loader import find_catalogue, looks_like_path
from catalog.models.common import CatalogueHeader
from catalog.paths import BUNDLED_DIR, installed_catalogue_dir
from catalog.toml_input import parse_toml, read_toml_text
from catalog.wording import counted, shown
from exports.share.catalogue_code import decode_catalogue, join
from exports.share.errors import ShareCodeError
from exports.share.roster_code import PROFILES_SOURCE

COMMENT = "Installed by `warbench catalog import` from a catalogue code."


def raw_catalogue(path: Path) -> dict[str, Any]:
    """A catalogue file's data as it parses (what its content hash is made from)."""
    return parse_toml(read_toml_text(path, CatalogueError, "catalogue"), str(path), CatalogueError, "catalogue")


def outgoing(path: Path) -> tuple[dict[str, Any], CatalogueHeader]:
    """A catalogue file's own data, as its code carries it (a catalogue that builds on another carries only its own
    entries and the base's id: the receiver lays them over their copy of it), checked as `catalog check` checks the
    file. A base named by its path is refused: no code can bring a file."""
    data = raw_catalogue(path)
    ref = data.get("extends")
    if isinstance(ref, str) and looks_like_path(ref):
        raise CatalogueError(
            f"{path}: extends: builds on the file {shown(ref)}, which a code cannot bring; to share it, build on a "
            "catalogue by its id (bundled, or installed: the receiver installs that one first)"
        )
    return data, parse_catalogue(data, str(path), path.parent)


def base_note(data: dict[str, Any]) -> str | None:
    """What a receiver needs first when the catalogue builds on one that is not bundled (None: nothing)."""
    ref = data.get("extends")
    if not isinstance(ref, str) or (BUNDLED_DIR / f"{ref}.toml").is_file():
        return None
    return (
        f"it builds on catalogue '{ref}', which is not bundled: whoever imports it needs '{ref}' installed first "
        f"(`warbench catalog share {ref}`)"
    )


def read_catalogue_code(texts: list[str]) -> tuple[dict[str, Any], CatalogueHeader]:
    """The catalogue in a code given whole or in parts (in any order, across these texts), checked like a file
    over the catalogue it builds on (by id only: a code never names a file to read); nothing is written."""
    data = decode_catalogue(join("\n".join(texts)))
    ref = data.get("extends")
    if isinstance(ref, str) and looks_like_path(ref):
        raise ShareCodeError(f"the code's catalogue builds on the file {shown(ref)}, which a code cannot bring")
    if ref is not None and ref == data.get("id"):  # installed, it would replace the one it builds on
        raise ShareCodeError(f"the code's catalogue builds on itself ({shown(ref)}): not installed")
    if isinstance(ref, str):
        try:
            find_catalogue(ref)
        except CatalogueError:
            raise ShareCodeError(
                f"the code's catalogue builds on catalogue {shown(ref)}, which is not installed here: install that "
                "one first (its own code, from `warbench catalog share` where it is installed)"
            ) from None
    try:
        return data, parse_catalogue(data, "the catalogue code")
    except CatalogueError as exc:
        raise ShareCodeError(f"the code's catalogue is not valid: {exc}") from None


def _only_profiles(path: Path, catalogue_id: str) -> bool:
    """Whether the installed file holds only the profiles a roster code brought of this very catalogue."""
    try:
        source = str(raw_catalogue(path).get("source", "")) if path.exists() else ""
    except CatalogueError:
        return False
    return source.startswith(f"{PROFILES_SOURCE} '{catalogue_id}' ")


def arrive(
    data: dict[str, Any],
    catalogue: CatalogueHeader,
    say: Callable[[str], None],
    *,
    overwrite: bool = False,
    output: Path | None = None,
) -> Path:
    """Say what the catalogue holds (and, when there is one already, what it changes), then install it in the
    catalogue folder, or write it to `output`: never over a different catalogue unless `overwrite` (the profiles
    a roster code installed of this very catalogue are replaced, saying so). Returns where it is."""
    say(
        f"catalogue '{catalogue.id}' ({GAMES[catalogue.game].name}) revision {catalogue.revision}, "
        f'"{catalogue.name}": {contents(data)}' + (f", building on {catalogue.extends}" if catalogue.extends else "")
    )
    target = output or installed_catalogue_dir() / f"{catalogue.id}.toml"
    if target.exists():
        try:
            lines = differences(raw_catalogue(target), data)
        except CatalogueError:
            lines = []
        if lines:
            say(f"compared with {target}: {counted(len(lines), 'change')}")
            for line in lines:
                say(f"  {line}")
    if output is not None:
        check_target(output, overwrite=overwrite, error=CatalogueError)
        text = catalogue_text(data, COMMENT)
        loads_back(text, str(output), catalogue_model)
        try:
            write_atomic(output, text)
        except OSError as exc:
            raise CatalogueError(f"{output}: cannot write the catalogue ({exc.strerror or exc})") from None
        say(f"wrote {output}")
        return output
    replace = overwrite or _only_profiles(target, catalogue.id)
    if replace and not overwrite:
        say(f"replacing the profiles a shared roster installed as '{catalogue.id}' with the whole catalogue")
    installed = install(data, COMMENT, catalogue_model, on_conflict="replace" if replace else "refuse")
    say(f"{'installed' if installed.written else 'already installed, unchanged:'} {installed.path}")
    return installed.path
