"""The core cannot see the UI: importing it in a fresh interpreter loads no textual (nor heavy export libs)."""

from __future__ import annotations

import json
import subprocess
import sys

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
    "builder.editing.session",
    "builder.editing.view",
    "builder.editing.warcaster",
    "builder.editing.mcwarrior",
    "builder.editing.warsurge",
    "builder.editing.warmachine",
    "catalog.games",
    "builder.battles",
    "builder.battles.session",
    "builder.battles.sides",
    "builder.scenarios",
    "builder.scenarios.victory",
    "builder.scenarios.battle",
    "catalog.scenarios",
    "builder.campaigns.session",
    "builder.serving",
    "catalog.access",
]


def loaded_after(code: str) -> set[str]:
    probe = f"import sys\n{code}\nimport json; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def test_core_modules_import_no_ui_and_no_heavy_exports():
    """One fresh interpreter imports the core modules one by one and names each that brings a heavy library in
    (imports only accumulate, so none brought in after all of them means none brings one in alone)."""
    probe = (f"import importlib, json, sys\nheavy = {HEAVY!r}\nfound = {{}}\n"
             f"for module in {CORE!r}:\n"
             "    importlib.import_module(module)\n"
             "    new = sorted(m for m in sys.modules if m.split('.')[0] in heavy)\n"
             "    if new:\n"
             "        found[module] = new\n"
             "        break\n"
             "print(json.dumps(found))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == {}


def test_validate_command_end_to_end_stays_light(tmp_path):
    roster = REPO / "builder" / "examples" / "warsurge-499.toml"
    code = f"from builder.cli import main\ntry:\n    main(['validate', {str(roster)!r}])\nexcept SystemExit:\n    pass"
    modules = loaded_after(code)
    assert not {m for m in modules if m.split(".")[0] in HEAVY}


def test_no_core_source_file_mentions_textual():
    offenders = []
    for package in ("catalog", "exports", "builder/rules", "builder/roster", "builder/editing"):
        for path in (REPO / package).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if "import textual" in text or "from textual" in text:
                offenders.append(str(path.relative_to(REPO)))
    assert offenders == []


def test_the_commands_spare_pydantic_its_search_for_plugins(tmp_path):
    """Pydantic looks through every installed package for plugins on its first validation (about 30 ms of a cold
    start); Warbench uses none, so the command and the builder turn the search off before anything validates."""
    roster = str(REPO / "builder" / "examples" / "warsurge-499.toml")
    code = (f"import os\nos.environ.pop('PYDANTIC_DISABLE_PLUGINS', None)\nos.environ['WARBENCH_HOME'] = {str(tmp_path)!r}\n"
            + "from builder.cli import main\ntry:\n    main(['validate', {roster!r}])\nexcept SystemExit:\n    pass".format(roster=roster)
            + "\nfrom builder.roster.files import read_roster\nfrom pathlib import Path\nread_roster(Path({roster!r}))"
              "\nimport pydantic.plugin._loader as plugins\nprint(plugins._plugins is None)".format(roster=roster))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True)
    assert out.stdout.strip().splitlines()[-1] == "True"  # validated, and never searched
