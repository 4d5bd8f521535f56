"""Read a finding's key path ("units[3].hardpoints.left-arm", "rack[2]") as where to go in the editor."""

from __future__ import annotations

import re
from typing import NamedTuple

_HEAD = re.compile(r"^(?P<name>[A-Za-z_][\w-]*)(?:\[(?P<index>\d+)\])?(?:\.(?P<rest>.*))?$")


class Location(NamedTuple):
    """A collection ("units", "rack", "mechs"), the index in it if any, and the rest of the path."""

    collection: str
    index: int | None = None  # type: ignore[assignment]  # the field shadows tuple.index, as NamedTuple allows at runtime
    rest: str = ""

    @property
    def line_key(self) -> str | None:
        """The roster line this path is about ("units[3]"), or None for the whole collection."""
        return None if self.index is None else f"{self.collection}[{self.index}]"


def locate(path: str) -> Location | None:
    """Split a finding path; None when it names no collection (an empty or odd path)."""
    match = _HEAD.match(path.strip())
    if not match:
        return None
    index = match["index"]
    return Location(match["name"], None if index is None else int(index), match["rest"] or "")
