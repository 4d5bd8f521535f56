"""BattleScribe files as XML element trees: bounded in size, zip bombs and DTDs refused (rosters and data files)."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
import zipfile
import zlib
from pathlib import Path

from builder.game import short_name_of
from builder.roster.errors import RosterFileError
from catalog.errors import CatalogueError, WarbenchError
from catalog.file_kinds import what_else
from catalog.toml_input import read_bounded

MAX_ROSTER_BYTES = 4 * 1024 * 1024
"""Largest .ros (or .ros inside a .rosz) read: real rosters are tens of kilobytes."""
MAX_DATA_BYTES = 8 * 1024 * 1024
"""Largest data file (.gst, .cat, or one inside a zip) read: BSData's are around 100 KB."""
MAX_ZIP_MEMBERS = 16
MAX_DATA_ZIP_MEMBERS = 512
"""A zipped BSData repository holds a few dozen files; only its .gst and .cat files are read."""
MAX_DATA_FILES = 64
ZIP_MAGIC = b"PK\x03\x04"
CHUNK = 64 * 1024
DATA_ROOTS = ("gameSystem", "catalogue")
_DECLARATION = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


def read_roster_xml(path: Path | str) -> ET.Element:
    """The <roster> element of a .ros or .rosz file, tags without their namespace; RosterFileError otherwise."""
    path = Path(path)
    data = read_bounded(path, MAX_ROSTER_BYTES, RosterFileError, "BattleScribe roster")
    if data.startswith(ZIP_MAGIC):
        members = _unzip(
            path, data, (".ros",), MAX_ZIP_MEMBERS, MAX_ROSTER_BYTES, "BattleScribe roster", RosterFileError
        )
        if len(members) != 1:
            raise RosterFileError(
                f"{path}: not a BattleScribe roster (the zip holds "
                f"{len(members) or 'no'} .ros file{'' if len(members) == 1 else 's'})"
            )
        data = members[0][1]
    return parse_roster_xml(data, str(path))


def parse_roster_xml(data: bytes, source: str) -> ET.Element:
    """Parse UTF-8 XML after refusing any DOCTYPE or ENTITY declaration (no entity can expand or load)."""
    return parse_xml(data, source, ("roster",), "BattleScribe roster", RosterFileError)


def read_data_files(paths: list[Path | str]) -> list[tuple[str, ET.Element]]:
    """(source, root) of every BattleScribe data file named: .gst and .cat files, plain or zipped (.gstz, .catz, or
    a .zip holding several); CatalogueError with one line otherwise."""
    found: list[tuple[str, ET.Element]] = []
    for path in map(Path, paths):
        data = read_bounded(path, MAX_DATA_BYTES, CatalogueError, "BattleScribe data")
        if data.startswith(ZIP_MAGIC):
            members = _unzip(
                path,
                data,
                (".gst", ".cat"),
                MAX_DATA_ZIP_MEMBERS,
                MAX_DATA_BYTES,
                "BattleScribe data file",
                CatalogueError,
            )
            if not members:
                raise CatalogueError(f"{path}: the zip holds no BattleScribe data file (.gst or .cat)")
            found += [
                (
                    f"{path}:{name}",
                    parse_xml(member, f"{path}:{name}", DATA_ROOTS, "BattleScribe data file", CatalogueError),
                )
                for name, member in members
            ]
        else:
            found.append((str(path), parse_xml(data, str(path), DATA_ROOTS, "BattleScribe data file", CatalogueError)))
        if len(found) > MAX_DATA_FILES:
            raise CatalogueError(f"{path}: more than {MAX_DATA_FILES} data files; a game's data has a few")
    return found


def parse_xml(data: bytes, source: str, roots: tuple[str, ...], what: str, error: type[WarbenchError]) -> ET.Element:
    """The root element (one of `roots`) of UTF-8 XML with no DOCTYPE or ENTITY declaration, tags unqualified."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"{source}: not a {what}: {_what_else(data) or f'not UTF-8 text (byte {exc.start + 1})'}") from None
    if _DECLARATION.search(text):
        raise error(f"{source}: refused: the XML declares a DOCTYPE or ENTITY (BattleScribe files never do)")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        if not text.lstrip().startswith("<") and (other := _what_else(data)):
            raise error(f"{source}: not a {what}: {other}") from None
        line, column = exc.position
        raise error(f"{source}: malformed XML at line {line}, column {column + 1}") from None
    if (depth := _depth(root)) > MAX_DEPTH:
        raise error(f"{source}: elements nested {depth} deep; no {what} nests more than {MAX_DEPTH}")
    for element in root.iter():
        element.tag = element.tag.rpartition("}")[2]
    if root.tag not in roots:
        expected = " or ".join(f"<{r}>" for r in roots)
        raise error(f"{source}: not a {what} (its root element is <{root.tag}>, not {expected})")
    return root


MAX_DEPTH = 100
"""Elements nested deeper than this are refused (BattleScribe data nests about 15 deep, rosters less)."""


def _depth(root: ET.Element) -> int:
    """How deep the elements under `root` nest (counted without recursion, which a deep file would exhaust)."""
    deepest, stack = 0, [(root, 1)]
    while stack:
        element, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in element)
    return deepest


def _what_else(data: bytes) -> str | None:
    """What a file that is not BattleScribe XML is instead (a Warbench file, a picture …), with its command."""
    return what_else(data, short_name_of)


def _unzip(
    path: Path,
    data: bytes,
    suffixes: tuple[str, ...],
    max_members: int,
    limit: int,
    what: str,
    error: type[WarbenchError],
) -> list[tuple[str, bytes]]:
    """(name, bytes) of the members with these suffixes, read in chunks so a bomb stops at the bound whatever its
    header claims (the bound holds for all members together)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = [m for m in archive.infolist() if not m.is_dir()]
            if len(members) > max_members:
                raise error(f"{path}: not a {what} ({len(members)} files in the zip)")
            wanted = [m for m in members if m.filename.lower().endswith(suffixes)]
            out: list[tuple[str, bytes]] = []
            total = 0
            for member in wanted:
                content = bytearray()
                with archive.open(member) as stream:
                    while chunk := stream.read(CHUNK):
                        content += chunk
                        total += len(chunk)
                        if total > limit:
                            raise error(
                                f"{path}: refused: the {what} inside the zip unpacks to over {limit // 1024} KB"
                            )
                out.append((member.filename, bytes(content)))
            return out
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        zlib.error,
        NotImplementedError,
        RuntimeError,
        EOFError,
        ValueError,
    ) as exc:
        raise error(f"{path}: not a {what} (a damaged or unsupported zip: {exc})") from None
