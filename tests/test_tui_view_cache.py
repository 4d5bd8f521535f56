"""The fast start: a roster opened before is drawn from its cached view, then loaded; any change means a normal start."""

from __future__ import annotations

import gc
import os
import subprocess
import sys

import pytest

from tests.conftest import FIXTURES, REPO
from tests.fixtures.tui.pilot import add_unit, example_copy

from builder.commands.tui import open_app
from builder.tui.app import make_app
from builder.tui.view import _cache_file, cached_view
from catalog.errors import WarbenchError


async def open_and_settle(path, data):
    """Open the roster once (which keeps its view), and return that editor's view."""
    app = make_app(path, data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        return app.screen.view


async def test_a_roster_opened_before_starts_on_its_view_then_loads_the_same(tmp_path):
    path = example_copy(tmp_path)
    assert cached_view(path) is None
    view = await open_and_settle(path, tmp_path / "data")
    assert cached_view(path) == view and view.game == "warcaster" and len(view.lines) == 14

    app = make_app(path, data_dir=tmp_path / "data")
    assert app._cached[:2] == (path, view.game) and app._cached[2]() == view
    async with app.run_test(size=(80, 24)) as pilot:
        editor = app.screen
        await pilot.pause()
        assert editor.loaded  # loaded right after the first frame
        assert editor.view == view  # and the live view is the one that was drawn
        await add_unit(pilot, "hunter")  # an ordinary editor from here on
        assert [u.id for u in editor.session.roster.units].count("hunter") == 2


@pytest.mark.parametrize("example", ["warcaster-marcher-worlds.toml", "warsurge-499.toml", "mcwarrior-rustbucket.toml",
                                     "warmachine-example.toml"])
def test_the_first_frame_of_a_cached_roster_needs_no_roster_model_or_rules(tmp_path, isolated_home, example):
    """Measured in a fresh interpreter: pydantic, the roster models and the rules load after the first frame."""
    path = example_copy(tmp_path, example)
    probe = (
        "import sys\n"
        "from builder.tui.app import make_app\n"
        "app = make_app(sys.argv[1], data_dir=sys.argv[2], exit_after_first_frame=True)\n"
        "def first_frame():\n"
        "    heavy = sorted(m for m in ('pydantic', 'builder.roster', 'builder.rules', 'catalog.models') if m in sys.modules)\n"
        "    print('cached' if app._cached else 'loaded', heavy)\n"
        "    app.exit()\n"
        "app._first_frame_drawn = first_frame\n"
        "app.run(headless=True, size=(80, 24))\n")
    env = {**os.environ, "WARBENCH_HOME": str(isolated_home)}
    runs = [subprocess.run([sys.executable, "-c", probe, str(path), str(tmp_path / "data")], cwd=REPO, env=env,
                           capture_output=True, text=True, check=True).stdout.strip() for _ in range(2)]
    assert runs[0] == "loaded ['builder.roster', 'builder.rules', 'catalog.models', 'pydantic']"
    assert runs[1] == "cached []"


async def test_any_change_to_the_roster_or_its_catalogue_means_a_normal_start(tmp_path):
    catalogue = tmp_path / "tiny.toml"
    catalogue.write_bytes((FIXTURES / "catalogues" / "tiny-warsurge.toml").read_bytes())
    path = tmp_path / "r.toml"
    path.write_text('warbench = 1\ngame = "warsurge"\ncatalogue = "tiny.toml"\nname = "Tiny"\n', encoding="utf-8")
    await open_and_settle(path, tmp_path / "data")
    assert cached_view(path) is not None

    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("Tiny", "Tinz"), encoding="utf-8")  # same size, one letter
    assert cached_view(path) is None
    path.write_text(text, encoding="utf-8")
    assert cached_view(path) is not None  # the same bytes again

    os.utime(catalogue, ns=(1, 1))  # the catalogue file changed (or was touched)
    assert cached_view(path) is None
    await open_and_settle(path, tmp_path / "data")
    assert cached_view(path) is not None


async def test_a_damaged_or_foreign_cache_file_is_a_normal_start(tmp_path):
    path = example_copy(tmp_path)
    await open_and_settle(path, tmp_path / "data")
    for junk in (b"not a pickle", b"", __import__("pickle").dumps({"view": "something else"})):
        _cache_file(path).write_bytes(junk)
        assert cached_view(path) is None
        app = make_app(path, data_dir=tmp_path / "data")
        assert app._cached is None and app._loaded is not None


async def test_saving_keeps_the_new_view_and_unsaved_changes_never_do(tmp_path):
    path = example_copy(tmp_path)
    opened = await open_and_settle(path, tmp_path / "data")
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        editor = app.screen
        await pilot.pause()
        await add_unit(pilot, "hunter")
        assert cached_view(path) == opened  # an unsaved change is not the file's view
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert cached_view(path) == editor.view != opened
        assert editor.view.lines[-1].label == "Hunter"


async def test_a_roster_broken_after_the_check_is_reported_and_closed_not_a_crash(tmp_path):
    from builder.tui.screens.start import StartScreen
    from catalog.errors import WarbenchError
    from builder.roster.files import read_roster

    path = example_copy(tmp_path)
    await open_and_settle(path, tmp_path / "data")
    app = make_app(path, data_dir=tmp_path / "data")
    assert app._cached is not None
    path.write_text("warbench = 1\ngame = 'warcaster'\ncatalogue = 'nowhere'\n", encoding="utf-8")  # after the check
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        with pytest.raises(WarbenchError) as error:
            read_roster(path)
        assert [(n.title, n.message) for n in app._notifications] == [("Cannot open", str(error.value))]


async def test_the_command_pauses_the_collector_until_the_first_frame(tmp_path, isolated_home, collector_restored):
    path = example_copy(tmp_path)
    app = open_app(str(path))
    assert not gc.isenabled()  # Textual, the catalogue and the first screen are built without collections
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert gc.isenabled() and gc.get_freeze_count() > 0  # what startup built stays out of later passes
        assert app.screen.loaded


def test_a_roster_the_command_cannot_open_leaves_the_collector_running(tmp_path, isolated_home, collector_restored):
    path = tmp_path / "broken.toml"
    path.write_text("warbench = 1\ngame = [", encoding="utf-8")
    with pytest.raises(WarbenchError):
        open_app(str(path))
    assert gc.isenabled()


async def test_the_editor_lays_out_again_for_a_new_size_only(tmp_path):
    """Textual sends resize events of the size the screen already has while it starts; they must not re-lay it out."""
    from textual import events
    from textual.geometry import Size

    app = make_app(example_copy(tmp_path), data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        editor = app.screen
        layouts = []
        lay_out = editor._refresh_layout
        editor._refresh_layout = lambda size=None, scroll=False: (layouts.append(size), lay_out(size, scroll))
        editor.post_message(events.Resize(Size(80, 24), Size(80, 24)))
        await pilot.pause()
        assert layouts == []
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert Size(120, 40) in layouts and editor.has_class("-wide", "-tall")  # a real resize still reflows
        assert editor.query_one("#roster-list").size.width > 30


async def test_notifications_still_show_on_the_editor(tmp_path):
    """The editor hides the notification rack inline at mount (saving a layout pass); a notice must still appear."""
    app = make_app(example_copy(tmp_path), data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        rack = app.screen.get_child_by_id("textual-toastrack")
        assert not rack.display
        app.notify("Saved.")
        await pilot.pause()
        assert rack.display and "Saved." in str(rack.query_one("Toast").render())


def _rules(screen) -> dict[int, str]:
    """Every widget's matched CSS rules, by widget."""
    return {id(node): repr(sorted(node._css_styles._rules.items(), key=str))
            for node in screen.walk_children(with_self=True)}


@pytest.mark.parametrize("game", ["warcaster", "mcwarrior", "warsurge", "warmachine"])
@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
async def test_the_first_resume_restyles_nothing_and_every_widget_is_styled_as_a_full_restyle_would(
        tmp_path, game, size):
    """Mount styled every widget; the editor skips Textual's restyle on its first resume (a third of the CSS work
    before the first frame). A full restyle afterwards must change no widget's rules."""
    from textual import events

    app = make_app(FIXTURES / "rosters" / f"{game}-largest.toml", data_dir=tmp_path / "data")
    restyled = []
    update_styles = app.update_styles
    app.update_styles = lambda node, animate=True: (restyled.append(node), update_styles(node, animate))[1]
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        editor = app.screen
        assert editor not in restyled
        styled = _rules(editor)
        editor.update_node_styles(animate=False)
        await pilot.pause()
        assert _rules(editor) == styled

        editor.post_message(events.ScreenResume())  # a later resume restyles as Textual asks
        await pilot.pause()
        assert restyled.count(editor) == 2  # the forced restyle above, and that resume


async def test_a_view_kept_for_another_path_is_not_used(tmp_path):
    """Kept views are named by a 32-bit checksum of the roster's path; one made for another path (even of the same
    bytes) is not drawn for this one."""
    import shutil

    first = example_copy(tmp_path)
    await open_and_settle(first, tmp_path / "data")
    assert cached_view(first) is not None
    second = tmp_path / "elsewhere" / first.name
    second.parent.mkdir()
    shutil.copy(first, second)
    _cache_file(second).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(_cache_file(first), _cache_file(second))  # as if the two paths shared a name
    assert cached_view(second) is None
