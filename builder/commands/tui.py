"""`warbench` / `warbench ROSTER`: the terminal builder."""

from __future__ import annotations

import argparse


def run_tui(args: argparse.Namespace) -> int:
    """Start the builder (with the roster open if one is given); a roster that will not open is a one-line error."""
    from builder.tui.app import make_app

    app = make_app(getattr(args, "roster", None))
    app.run()
    if app.failure is not None:
        raise app.failure
    return 0
