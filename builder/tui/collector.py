"""The garbage collector around startup: paused while the builder starts, resumed once its first frame is drawn."""

from __future__ import annotations

import gc

_paused = False


def pause() -> None:
    """Starting allocates a great deal and frees little; the collector's passes over it only delay the first frame."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """Collect again, leaving what startup built (Textual, the catalogue, the first screen) out of later full passes."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
