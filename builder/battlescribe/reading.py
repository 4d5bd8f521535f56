"""A BattleScribe roster file as an XML element tree: bounded in size, zip bombs and DTDs refused."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
import zipfile
import zlib
from pathlib import Path

from builder.roster.errors import RosterFileError
from catalog.toml_input import read_bounded

MAX_ROSTER_BYTES = 4 * 1024 * 1024
"""Largest .ros (or .ros inside a .rosz) read: real rosters are tens of kilobytes."""
MAX_ZIP_MEMBERS = 16
ZIP_MAGIC = b"PK\x03\x04"
CHUNK = 64 * 1024
_DECLARATION = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


def read_roster_xml(path: Path | str) -> ET.Element:
    """The <roster> element of a .ros or .rosz file, tags without their namespace; RosterFileError otherwise."""
    path = Path(path)
    data = read_bounded(path, MAX_ROSTER_BYTES, RosterFileError, "BattleScribe roster")
    if data.startswith(ZIP_MAGIC):
        data = _unzip(path, data)
    return parse_roster_xml(data, str(path))


def parse_roster_xml(data: bytes, source: str) -> ET.Element:
    """Parse UTF-8 XML after refusing any DOCTYPE or ENTITY declaration (no entity can expand or load)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RosterFileError(f"{source}: not a BattleScribe roster: not UTF-8 text (byte {exc.start + 1})") from None
    if _DECLARATION.search(text):
        raise RosterFileError(f"{source}: refused: the XML declares a DOCTYPE or ENTITY (BattleScribe files never do)")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        line, column = exc.position
        raise RosterFileError(f"{source}: malformed XML at line {line}, column {column + 1}") from None
    for element in root.iter():
        element.tag = element.tag.rpartition("}")[2]
    if root.tag != "roster":
        raise RosterFileError(f"{source}: not a BattleScribe roster (its root element is <{root.tag}>, not <roster>)")
    return root


def _unzip(path: Path, data: bytes) -> bytes:
    """The one .ros inside a .rosz, read in chunks so a bomb stops at the bound whatever its header claims."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = [m for m in archive.infolist() if not m.is_dir()]
            if len(members) > MAX_ZIP_MEMBERS:
                raise RosterFileError(f"{path}: not a BattleScribe roster ({len(members)} files in the zip)")
            rosters = [m for m in members if m.filename.lower().endswith(".ros")]
            if len(rosters) != 1:
                raise RosterFileError(f"{path}: not a BattleScribe roster (the zip holds "
                                      f"{len(rosters) or 'no'} .ros file{'' if len(rosters) == 1 else 's'})")
            out = bytearray()
            with archive.open(rosters[0]) as stream:
                while chunk := stream.read(CHUNK):
                    out += chunk
                    if len(out) > MAX_ROSTER_BYTES:
                        raise RosterFileError(f"{path}: refused: the roster inside the zip unpacks to over "
                                              f"{MAX_ROSTER_BYTES // 1024} KB")
            return bytes(out)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, NotImplementedError, RuntimeError, EOFError,
            ValueError) as exc:
        raise RosterFileError(f"{path}: not a BattleScribe roster (a damaged or unsupported zip: {exc})") from None
