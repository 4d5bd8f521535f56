"""The share code's QR drawn with Unicode half blocks, two modules per character cell, for the TUI."""

from __future__ import annotations

from exports.share.qr import qr_matrix

QUIET_ZONE = 2
"""Light modules around the symbol (phones read 2 reliably from a screen; print uses 4)."""
_CELLS = {(False, False): "█", (False, True): "▀", (True, False): "▄", (True, True): " "}
"""(top dark, bottom dark) -> character; light modules are drawn, dark ones left blank."""


def qr_half_blocks(code: str, quiet: int = QUIET_ZONE) -> str:
    """The QR as text lines; show it light-on-dark (light foreground on a dark background)."""
    matrix = qr_matrix(code)
    size = len(matrix) + 2 * quiet
    rows = [[False] * size for _ in range(quiet)]
    rows += [[False] * quiet + row + [False] * quiet for row in matrix]
    rows += [[False] * size for _ in range(quiet)]
    if len(rows) % 2:
        rows.append([False] * size)
    return "\n".join("".join(_CELLS[(top[x], bottom[x])] for x in range(size))
                     for top, bottom in zip(rows[0::2], rows[1::2]))
