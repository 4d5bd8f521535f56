"""A shared catalogue arriving as a code, its parts or QR pictures: read, described, compared and installed (the
command line prints what it says, the builder shows it)."""

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
from catalog.models.common import CatalogueHeader
from catalog.paths import installed_catalogue_dir
from catalog.toml_input import parse_toml, read_toml_text
from catalog.wording import counted
from exports.share.catalogue_code import decode_catalogue, join
from exports.share.errors import ShareCodeError
from exports.share.roster_code import PROFILES_SOURCE

COMMENT = "Installed by `warbench catalog import` from a catalogue code."


def raw_catalogue(path: Path) -> dict[str, Any]:
    """A catalogue file's data as it parses (what its content hash is made from)."""
    return parse_toml(read_toml_text(path, CatalogueError, "catalogue"), str(path), CatalogueError, "catalogue")


def read_catalogue_code(texts: list[str]) -> tuple[dict[str, Any], CatalogueHeader]:
    """The catalogue in a code given whole or in parts (in any order, across these texts), checked like a file;
    nothing is written."""
    data = decode_catalogue(join("\n".join(texts)))
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
        f'"{catalogue.name}": {contents(data)}'
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
