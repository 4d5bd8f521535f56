"""SVG snapshots of the start screen and the Warcaster editor at fixed sizes, in both themes."""

from __future__ import annotations

from pathlib import Path

from builder.tui.app import make_app
from tests.conftest import FIXTURES

TUI = FIXTURES / "tui"


def start_app(tmp_path):
    return make_app(data_dir=tmp_path / "data", roster_dir=Path("/home/player/warbench"), examples_dir=TUI / "examples")


def editor_app(tmp_path):
    return make_app(TUI / "snap-force.toml", data_dir=tmp_path / "data", examples_dir=TUI / "examples")


def test_start_screen(snap_compare, tmp_path):
    assert snap_compare(start_app(tmp_path), terminal_size=(80, 24))


def test_warcaster_editor_80x24(snap_compare, tmp_path):
    # Esc leaves the filter field (no blinking cursor in the picture); the roster list has the focus.
    assert snap_compare(editor_app(tmp_path), press=["escape", "down"], terminal_size=(80, 24))


def test_warcaster_editor_wide_light(snap_compare, tmp_path):
    assert snap_compare(editor_app(tmp_path), press=["escape", "down", "enter", "ctrl+t"], terminal_size=(130, 36))


def test_warcaster_loadout_chooser(snap_compare, tmp_path):
    # The Dusk Wolf's right arm: Battle Rifle would go over the 5 weapon points, and says so.
    # (Tab moves to the list: no blinking cursor in the picture.)
    assert snap_compare(
        editor_app(tmp_path), press=["escape", "enter", "down", "down", "enter", "tab"], terminal_size=(80, 24)
    )


def test_warcaster_rack(snap_compare, tmp_path):
    assert snap_compare(editor_app(tmp_path), press=["ctrl+r", "down"], terminal_size=(80, 24))
