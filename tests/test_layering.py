"""The core cannot see the UI: importing it in a fresh interpreter loads no textual (nor heavy export libs)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import REPO

HEAVY = ["textual", "reportlab", "qrcode", "PIL", "zxingcpp"]
CORE = [
    "catalog.loader",
    "catalog.models.warcaster",
    "catalog.models.mcwarrior",
    "catalog.models.warsurge",
    "catalog.models.warmachine",
    "builder.roster",
    "builder.rules",
    "builder.rules.warcaster",
    "builder.rules.mcwarrior",
    "builder.rules.warsurge",
    "builder.rules.warmachine",
    "builder.roster.files",
    "builder.commands.validate",
]


def loaded_after(code: str) -> set[str]:
    probe = f"import sys\n{code}\nimport json; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("module", CORE)
def test_core_module_imports_no_ui_and_no_heavy_exports(module):
    modules = loaded_after(f"import {module}")
    assert not {m for m in modules if m.split(".")[0] in HEAVY}


def test_validate_command_end_to_end_stays_light(tmp_path):
    roster = REPO / "builder" / "examples" / "warsurge-499.toml"
    code = f"from builder.cli import main\ntry:\n    main(['validate', {str(roster)!r}])\nexcept SystemExit:\n    pass"
    modules = loaded_after(code)
    assert not {m for m in modules if m.split(".")[0] in HEAVY}


def test_no_core_source_file_mentions_textual():
    offenders = []
    for package in ("catalog", "exports", "builder/rules", "builder/roster"):
        for path in (REPO / package).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if "import textual" in text or "from textual" in text:
                offenders.append(str(path.relative_to(REPO)))
    assert offenders == []


@pytest.mark.parametrize("entry", [
    "from builder.cli import main\ntry:\n    main(['validate', {roster!r}])\nexcept SystemExit:\n    pass",
    "from builder.commands.tui import open_app\nopen_app({roster!r})",
], ids=["validate", "builder"])
def test_the_commands_spare_pydantic_its_search_for_plugins(entry, tmp_path):
    """Pydantic looks through every installed package for plugins on its first validation (about 30 ms of a cold
    start); Warbench uses none, so the command and the builder turn the search off before anything validates."""
    roster = str(REPO / "builder" / "examples" / "warsurge-499.toml")
    code = (f"import os\nos.environ.pop('PYDANTIC_DISABLE_PLUGINS', None)\nos.environ['WARBENCH_HOME'] = {str(tmp_path)!r}\n"
            + entry.format(roster=roster)
            + "\nfrom builder.roster.files import read_roster\nfrom pathlib import Path\nread_roster(Path({roster!r}))"
              "\nimport pydantic.plugin._loader as plugins\nprint(plugins._plugins is None)".format(roster=roster))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True)
    assert out.stdout.strip().splitlines()[-1] == "True"  # validated, and never searched


def test_opening_an_editor_loads_nothing_its_first_frame_does_not_need():
    """The text area (notes) loads when a prompt first needs it, the Warcaster rack builder when its tab is first
    opened, JSON when the recent list is read or written, hashlib when a catalogue or recovery file is named: not
    with every editor (each is milliseconds of a start)."""
    import ast

    probe = ("import sys\nimport builder.commands.tui, builder.tui.first_view, builder.tui.app\n"
             "from catalog.games import GAMES\n"
             "for editor in GAMES.values():\n    editor.editor\nprint(sorted(sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, check=True)
    modules = set(ast.literal_eval(out.stdout.strip().splitlines()[-1]))  # not loaded_after: it loads json itself
    assert "builder.tui.screens.warcaster" in modules and "builder.tui.screens.stepping" in modules
    assert not {m for m in modules if m.startswith(("textual.widgets._text_area", "textual.document",
                                                    "builder.tui.widgets.rack_builder", "json", "hashlib",
                                                    "_hashlib"))}
