"""The parsed stylesheet kept between starts: the second start parses no CSS and draws exactly the same."""

from __future__ import annotations

import pytest
import textual.css.stylesheet
from textual.css.stylesheet import Stylesheet

from tests.fixtures.tui.pilot import example_copy

from builder.tui import css_cache
from builder.tui.app import make_app


@pytest.fixture
def parses(monkeypatch):
    """How many CSS sources Textual parses (its module-level `parse`, which its stylesheet calls per source)."""
    calls = []
    parse = textual.css.stylesheet.parse
    monkeypatch.setattr(textual.css.stylesheet, "parse", lambda *args, **kwargs: (calls.append(args[2]),
                                                                                   parse(*args, **kwargs))[1])
    return calls


async def start(path, data):
    """Open the roster, let it settle, and return what it drew."""
    app = make_app(path, data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        return app.export_screenshot()


async def test_the_second_start_parses_no_css_and_draws_the_same(tmp_path, isolated_home, parses):
    path = example_copy(tmp_path)
    first = await start(path, tmp_path / "data")
    assert len(parses) >= 10  # the app's stylesheet and its widgets' default CSS
    assert list((isolated_home / "cache" / "css").glob("*.pickle"))
    parses.clear()
    second = await start(path, tmp_path / "data")
    assert parses == []
    assert second == first


async def test_a_damaged_cache_file_means_a_normal_parse_and_is_replaced(tmp_path, isolated_home, parses):
    path = example_copy(tmp_path)
    first = await start(path, tmp_path / "data")
    (kept,) = (isolated_home / "cache" / "css").glob("*.pickle")
    kept.write_bytes(b"not a pickle")
    parses.clear()
    assert await start(path, tmp_path / "data") == first
    assert len(parses) >= 10 and kept.read_bytes() != b"not a pickle"


def test_the_kept_rules_belong_to_one_theme_and_a_changed_source_is_parsed_afresh(isolated_home, parses):
    dark = Stylesheet(variables={"accent": "#ff0000"})
    dark.add_source("Label { color: $accent; }", read_from=("test.tcss", ""))
    dark.parse()
    css_cache.keep(dark, frozenset())

    light = Stylesheet(variables={"accent": "#0000ff"})
    assert css_cache.prime(light) == frozenset()  # another theme's variables: another file

    again = Stylesheet(variables={"accent": "#ff0000"})
    assert len(css_cache.prime(again)) == 1
    again.add_source("Label { color: $accent; background: $accent; }", read_from=("test.tcss", ""))
    parses.clear()
    again.parse()
    assert len(parses) == 1  # the source changed: its text is part of the key
    assert again.rules[0].styles.background.rgb == (255, 0, 0)


def test_another_textual_install_keeps_its_own_file(isolated_home, monkeypatch, tmp_path):
    sheet = Stylesheet(variables={"accent": "#ff0000"})
    sheet.add_source("Label { color: $accent; }", read_from=("test.tcss", ""))
    sheet.parse()
    css_cache.keep(sheet, frozenset())
    assert len(css_cache.prime(Stylesheet(variables={"accent": "#ff0000"}))) == 1

    upgraded = tmp_path / "textual"  # the same files, written again as a reinstall or upgrade would
    for name in css_cache.TEXTUAL_CSS_CODE:
        (upgraded / name).parent.mkdir(parents=True, exist_ok=True)
        (upgraded / name).write_text("# another Textual\n")
    monkeypatch.setattr(css_cache.textual, "__file__", str(upgraded / "__init__.py"))
    assert css_cache.prime(Stylesheet(variables={"accent": "#ff0000"})) == frozenset()


def test_naming_the_file_reads_no_package_metadata():
    import subprocess
    import sys

    code = ("import sys; from textual.css.stylesheet import Stylesheet; from builder.tui import css_cache; "
            "css_cache._cache_file(Stylesheet()); print('importlib.metadata' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"  # textual.__version__ would read it: ~20 ms before every first frame


def test_a_file_kept_for_another_key_is_a_normal_parse(isolated_home):
    """Files are named by a 32-bit checksum of their key; one that holds another key's rules is not used."""
    sheet = Stylesheet(variables={"accent": "#ff0000"})
    sheet.add_source("Label { color: $accent; }", read_from=("test.tcss", ""))
    sheet.parse()
    css_cache.keep(sheet, frozenset())
    path, key = css_cache._cache_file(Stylesheet(variables={"accent": "#ff0000"}))
    assert len(css_cache.prime(Stylesheet(variables={"accent": "#ff0000"}))) == 1
    kept_for, entries = css_cache.read_pickle(path)
    css_cache.write_pickle(path, (kept_for.replace("ff0000", "00ff00"), entries))  # as if another theme shared it
    assert css_cache.prime(Stylesheet(variables={"accent": "#ff0000"})) == frozenset()
