"""`warbench` / `warbench ROSTER`: the terminal builder."""

from __future__ import annotations

from builder.tui import collector


def open_app(roster: str | None):
    """The builder as the command starts it: the collector paused from before Textual loads to the first frame."""
    collector.pause()
    try:
        from builder.tui.app import make_app

        return make_app(roster)
    except BaseException:
        collector.resume()
        raise


def run_tui(args) -> int:
    """Start the builder (with the roster open if one is given); an unreadable roster is a one-line error."""
    open_app(getattr(args, "roster", None)).run()
    return 0
