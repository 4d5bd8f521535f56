"""A game Warbench has never heard of, registered as an installed package registers it, is played end to end.

`tests/sample_game/tinmen` is a package of its own; nothing under builder/, catalog/ or exports/ names it. The
test writes the package metadata an installer would (an entry point in the `warbench.games` group) and runs
Warbench in a fresh interpreter that has it on its path.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import REPO

SAMPLE = REPO / "tests" / "sample_game"

PLAY = r"""
import json, shutil, sys
from contextlib import redirect_stdout
from io import StringIO
from pathlib import Path

from builder.cli import main
from builder.game import GAMES, game
from catalog.paths import data_dir

import tinmen

here = Path(sys.argv[1])
out = {"games": list(GAMES)}
(data_dir() / "catalogues").mkdir(parents=True, exist_ok=True)
shutil.copy(tinmen.CATALOGUE_FILE, data_dir() / "catalogues" / "tinmen-core.toml")
roster = here / "force.toml"
roster.write_text('warbench = 1\ngame = "tinmen"\ncatalogue = "tinmen-core"\nname = "Clockwork Company"\npoints = 100\n'
                  '[[units]]\nid = "brass-guard"\n[[units]]\nid = "brass-guard"\n[[units]]\nid = "copper-scout"\n')

def run(*argv):
    text = StringIO()
    with redirect_stdout(text):
        code = main([str(a) for a in argv])
    return code, text.getvalue()

code, text = run("validate", roster, "--json")
out["validate"] = [code, json.loads(text)]

from builder.editing.session import EditSession
from builder.editing.storage import Store
from builder.roster.files import read_roster
session = EditSession(read_roster(roster), Store(here / "data"))
adapter = game("tinmen").edits(session.catalogue)
session.change("add Iron Colossus", lambda r: adapter.add(r, "iron-colossus"))
out["after_add"] = [u.id for u in session.roster.units]
out["undo"] = session.undo()
out["after_undo"] = [u.id for u in session.roster.units]

out["text"] = run("export", "text", roster)
out["pdf"] = run("export", "pdf", roster, "-o", here / "cards.pdf")[0]
from pypdf import PdfReader
out["pdf_text"] = "".join(page.extract_text() for page in PdfReader(here / "cards.pdf").pages)

code, shared = run("share", "code", roster)
out["share"] = run("share", "import", shared.strip(), "-o", here / "back.toml")[0]
out["same"] = read_roster(here / "back.toml").roster.model_dump(exclude={"catalogue_revision"}) == \
    read_roster(roster).roster.model_dump(exclude={"catalogue_revision"})

battle = here / "battle.toml"
out["battle_new"] = run("battle", "new", roster, "--opponent", here / "back.toml", "--opponent", here / "back.toml",
                        "--players", "Ann", "Bo", "Cy", "--scenario", "wind-down", "-o", battle)[0]
out["mark"] = run("battle", "mark", battle, "--side", "Bo", "--unit", "3", "--damage", "2")[0]
out["mark_cy"] = run("battle", "mark", battle, "--side", "Cy", "--unit", "1", "--damage", "3")[0]
out["turns"] = [run("battle", "turn", battle)[0] for _ in range(3)]
code, text = run("battle", battle, "--json")
out["battle"] = [code, json.loads(text)]
battle.write_text(battle.read_text().replace("damage = [2]", "damage = [2]\nrusted = true"))  # a key of its own
out["rusted_valid"] = run("battle", battle)[0]
code, shared = run("battle", "code", battle)
out["battle_import"] = run("battle", "import", shared.strip(), "-o", here / "back-battle.toml")[0]
from builder.battles import read_battle
out["rusted_back"] = [m.model_dump() for m in read_battle(here / "back-battle.toml").marks(1)]

import asyncio
from builder.tui.app import make_app
from tests.fixtures.tui.pilot import wait_loaded

async def edit():
    app = make_app(roster, data_dir=here / "data", roster_dir=here)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        editor = app.screen
        out["screen"] = type(editor).__name__
        await pilot.press("enter")  # the catalogue's first unit, Brass Guard
        out["tui_added"] = [u.id for u in editor.session.roster.units]
        await pilot.press("ctrl+z")
        out["tui_undone"] = [u.id for u in editor.session.roster.units]

asyncio.run(edit())
print(json.dumps(out))
"""


def test_a_game_in_its_own_package_validates_edits_prints_shares_and_plays(tmp_path):
    metadata = tmp_path / "site" / "tinmen-0.1.dist-info"
    metadata.mkdir(parents=True)
    (metadata / "METADATA").write_text("Metadata-Version: 2.1\nName: tinmen\nVersion: 0.1\n")
    (metadata / "entry_points.txt").write_text("[warbench.games]\ntinmen = tinmen:GAME\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(SAMPLE), str(tmp_path / "site")])}
    done = subprocess.run(
        [sys.executable, "-c", PLAY, str(tmp_path)], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])

    assert out["games"] == ["warcaster", "mcwarrior", "warsurge", "warmachine", "tinmen"]
    code, report = out["validate"]
    assert code == 0 and report["valid"] and report["game"] == "tinmen"
    assert report["totals"] == {"points": 80, "limit": 100, "units": [30, 30, 20]}

    assert out["after_add"] == ["brass-guard", "brass-guard", "copper-scout", "iron-colossus"]
    assert out["undo"] == "add Iron Colossus"
    assert out["after_undo"] == ["brass-guard", "brass-guard", "copper-scout"]

    code, text = out["text"]
    assert code == 0 and "Tinmen Skirmish" in text and "80/100 points" in text and "3. Copper Scout" in text
    assert out["pdf"] == 0 and "Brass Guard" in out["pdf_text"] and "Copper Scout" in out["pdf_text"]
    assert out["share"] == 0 and out["same"]

    assert out["battle_new"] == 0 and out["mark"] == 0 and out["mark_cy"] == 0 and out["turns"] == [0, 0, 0]
    code, battle = out["battle"]
    assert code == 0
    assert [(side["player"], side["points"], side["remaining"]) for side in battle["sides"]] == [
        ("Ann", 80, 80),
        ("Bo", 80, 60),  # the scout's two springs are gone
        ("Cy", 80, 50),  # a guard lost three
    ]
    assert battle["result"] == {"winners": ["Ann"], "draw": False, "reason": battle["result"]["reason"]}
    assert "80 points left" in battle["result"]["reason"]  # three rounds of Wind Down: the most points left wins
    assert out["rusted_valid"] == 0 and out["battle_import"] == 0  # its own mark key, through a code and back
    assert out["rusted_back"] == [{"index": 2, "damage": [2], "rusted": True}]

    assert out["screen"] == "SteppingEditor"
    assert out["tui_added"] == ["brass-guard", "brass-guard", "copper-scout", "brass-guard"]
    assert out["tui_undone"] == ["brass-guard", "brass-guard", "copper-scout"]
