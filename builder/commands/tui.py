"""`warbench` / `warbench ROSTER`: the terminal builder."""

from __future__ import annotations


def run_tui(args) -> int:
    """Start the builder (with the roster open if one is given); an unreadable roster is a one-line error."""
    from builder.tui.app import make_app

    make_app(getattr(args, "roster", None)).run()
    return 0
