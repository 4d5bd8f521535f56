"""`warbench` / `warbench ROSTER`: the terminal builder."""

from __future__ import annotations

from pathlib import Path

from builder.commands import skip_pydantic_plugin_scan
from builder.tui import collector


def open_app(roster: str | None):
    """The builder as the command starts it: the collector paused from before Textual loads to the first frame,
    and the roster's first view got ready (kept, or worked out by a forked child) while Textual loads."""
    collector.pause()
    skip_pydantic_plugin_scan()  # before the fork: the child validates the roster
    try:
        first_view = None
        if roster is not None:
            from builder.tui.first_view import begin

            first_view = begin(Path(roster))
        from builder.tui.app import make_app

        return make_app(roster, first_view=first_view)
    except BaseException:
        collector.resume()
        raise


def run_tui(args) -> int:
    """Start the builder (with the roster open if one is given); an unreadable roster is a one-line error."""
    app = open_app(getattr(args, "roster", None))
    app.run()
    if app.failure is not None:  # a roster that named its game but would not load: said as any other bad roster
        raise app.failure
    return 0
