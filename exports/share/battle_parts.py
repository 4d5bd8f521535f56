"""A battle's code as it arrives: whole, or in the numbered parts a small screen shows a long one in ("1/3 …"),
pasted or in the QR codes of pictures, in any order."""

from __future__ import annotations

from collections.abc import Sequence

from exports.share.battle import is_battle, open_battle
from exports.share.catalogue_code import join, numbered
from exports.share.errors import ShareCodeError
from exports.share.qr import read_qr_texts
from exports.share.source import existing_file

WHAT = "battle code"


def holds_battle(texts: Sequence[str]) -> bool:
    """Whether numbered parts (across these texts) join into a battle's code; False for parts that do not join or
    join into another kind of code."""
    try:
        open_battle(join("\n".join(texts), WHAT))
    except ShareCodeError:
        return False
    return True


def battle_code_in(sources: Sequence[str]) -> str:
    """The battle's whole code in these sources, each a pasted code, a part or a piece of one (a code in groups given
    unquoted), or the path of a picture of its QR codes: one code, or every numbered part of one (a part given twice
    must say the same)."""
    texts: list[str] = []
    pictures = 0
    for source in sources:
        picture = existing_file(source)
        texts += [source] if picture is None else read_qr_texts(picture, _battle_text, WHAT)
        pictures += picture is not None
    text = "\n".join(texts)  # a part's number may come as its own argument (`1/2 ABC…` unquoted)
    if pictures and len(texts) > 1 and not numbered(text):
        raise ShareCodeError(f"{len(texts)} battle codes in the pictures: give one, or every numbered part of one")
    return join(text, WHAT)


def _battle_text(text: str) -> bool:
    """Whether a QR code's text is a part of a code or a battle's whole code."""
    return numbered(text) or is_battle(text)
