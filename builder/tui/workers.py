"""Thread workers for what is slow (PDF, QR pictures, reading codes): each posts back what it did, by message."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.message import Message
from textual.screen import Screen

from builder.editing.storage import where
from catalog.errors import WarbenchError
from exports.share.qr import write_qr


class ExportDone(Message):
    """A file was written."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class ExportFailed(Message):
    """An export or import could not be done; `reason` is one line for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason


def in_thread(screen: Screen, name: str, work: Callable[[], Message]) -> None:
    """Run `work()` in a thread worker; it returns the message to post, or raises WarbenchError."""
    app = screen.app

    def run() -> None:
        try:
            message = work()
        except WarbenchError as exc:
            message = ExportFailed(str(exc))
        except OSError as exc:
            message = ExportFailed(f"{exc.filename or ''}: {exc.strerror or exc}".strip(": "))
        app.post_message(message)

    app.run_worker(run, name=name, group=name, thread=True, exclusive=True)


def write_qr_image(screen: Screen, code: str, path: str) -> None:
    """Write a code's QR image (.png or .svg) in a thread worker."""
    target = Path(path).expanduser()

    def work() -> Message:
        write_qr(code, target)
        return ExportDone(f"QR code written to {where(target)}")

    in_thread(screen, "export-qr", work)
