"""The values BattleScribe Warcaster data holds, read strictly: stats, costs and limits, required attributes, and the
located BadData for anything the data never holds."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from catalog.errors import CatalogueError
from catalog.wording import shown


class BadData(CatalogueError):
    """Data that BattleScribe's schema or Warcaster's data never holds, at one element (None: the file as a whole);
    `read_data` names the file and the element."""

    def __init__(self, element: ET.Element | None, message: str) -> None:
        super().__init__(message)
        self.element = element


MAX_DIGITS = 9
"""No stat, cost or limit in Warcaster's data has more digits than this."""
_DECIMAL = re.compile(r"[+-]?\d{1," + str(MAX_DIGITS) + r"}(?:\.\d{1,6})?")


def value(text: str | None, element: ET.Element | None = None) -> int | str:
    """A printed stat: an int where it is a whole number, otherwise the mark as printed ("-", "*", "+1"); a whole
    number too long for any stat is BadData at `element`."""
    text = (text or "").strip()
    if not re.fullmatch(r"\d+", text):
        return text
    if len(text) > MAX_DIGITS:
        raise BadData(element, f"{shown(text)} is no stat Warcaster has ({len(text)} digits)")
    return int(text)


def characteristic(element: ET.Element) -> str:
    """A characteristic's text as printed, once `value` has found it is no impossible number."""
    value(element.text, element)
    return (element.text or "").strip()


def number(element: ET.Element, key: str) -> int | None:
    """A cost or limit written as '3.0' in the attribute `key`; None when absent, BadData when it is not a plain
    number of a few digits ("inf", "1e308", a 400-digit run)."""
    text = element.get(key)
    if text is None:
        return None
    if not _DECIMAL.fullmatch(text.strip()):
        raise BadData(element, f"{key}={shown(text)} is not a number Warcaster's data uses")
    return round(float(text))


def required_number(element: ET.Element, key: str) -> int:
    """`number` of an attribute the schema requires."""
    found = number(element, key)
    if found is None:
        raise BadData(element, f"has no {key} attribute, which BattleScribe data always gives")
    return found


def attr(element: ET.Element, key: str) -> str:
    """An attribute the BattleScribe schema requires (BadData, located, when it is missing)."""
    found = element.get(key)
    if found is None:
        raise BadData(element, f"has no {key} attribute, which BattleScribe data always gives")
    return found


def kids(element: ET.Element, group: str, tag: str) -> list[ET.Element]:
    """The `tag` children of the element's `group` child (none when it has no such group)."""
    holder = element.find(group)
    return [] if holder is None else holder.findall(tag)
