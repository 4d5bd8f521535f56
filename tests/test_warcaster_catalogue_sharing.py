"""A Warcaster catalogue built on the bundled one ("its entries, and its updates, with yours on top") travels as a
code of its own entries: `catalog check`, `catalog share`, the editor and `catalog import` in another home agree,
and a roster on it validates there."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.catalogue_arrival import outgoing, read_catalogue_code
from builder.catalogues import read_catalogue_file
from builder.cli import main
from builder.editing.catalogue import CatalogueSession
from builder.editing.storage import Store
from catalog.errors import CatalogueError
from catalog.paths import installed_catalogue_dir
from exports.share.catalogue_code import encode_catalogue
from exports.share.errors import ShareCodeError

ROSTER = """warbench = 1
game = "warcaster"
catalogue = "homebrew-three"
name = "Riders"
faction = "marcher-worlds"
format = "skirmish"
rack = ["cryo-lock", "velocity-projector", "pyrokinetic-surge", "force-barrier", "displacement-index",
    "temporal-cycle", "divination-algorithm", "recall-initiative", "arcane-synthesis", "interdiction-protocol",
    "momentum-calibrator", "kinetic-accelerator"]

[[units]]
id = "wolf-rider"
cortex = "jack-hunter"

[[units]]
id = "dusk-wolf"
cortex = "neural-net-cortex"
hardpoints = { left-arm = "battle-rifle", right-arm = "flame-thrower", shoulder = "talon-rocket-pod" }
"""


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([*map(str, argv)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def homebrew(tmp_path: Path) -> Path:
    """What the start screen's "Warcaster: Neo-Mechanika … with yours on top" and a few edits save: one warjack of
    the player's own on top of the bundled catalogue, installed by id."""
    path = installed_catalogue_dir() / "homebrew-three.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    session = CatalogueSession.new(
        "warcaster", "Homebrew Three", path, Store(tmp_path / "store"), extends="warcaster-nm"
    )
    unit = session.add("units", "Wolf Rider")
    for key, value in (
        ("faction", "marcher-worlds"),
        ("type", "warjack"),
        ("dc", 2),
        ("health", 3),
        ("weight", "light"),
        ("weapon_points", 0),
        ("cortexes", ["jack-hunter"]),
    ):
        session.set_value("units", unit, key, value)
    assert session.problems == []
    session.save()
    return path


def test_a_catalogue_on_the_bundled_one_is_shared_imported_elsewhere_and_a_roster_on_it_validates(
    tmp_path, monkeypatch, capsys
):
    path = homebrew(tmp_path)
    status, out, _ = run(capsys, "catalog", "check", path)
    checked = read_catalogue_file(path)
    assert status == 0 and out == (
        f"{path}: ok — homebrew-three (warcaster) rev 1, building on warcaster-nm@3, hash {checked.content_hash}\n"
    )
    status, out, err = run(capsys, "catalog", "share", "homebrew-three")
    code = out.strip()
    assert status == 0 and code == encode_catalogue(outgoing(path)[0])  # the code the editor's Ctrl+K shows
    assert (
        err == f"catalogue 'homebrew-three' revision 1 (1 unit, building on warcaster-nm@3): {len(code)} characters\n"
    )
    assert len(code) < 250  # its own entries only: the base is the receiver's bundled copy

    monkeypatch.setenv("WARBENCH_HOME", str(tmp_path / "other" / "warbench"))
    installed = installed_catalogue_dir() / "homebrew-three.toml"
    status, out, err = run(capsys, "catalog", "import", code)
    assert (status, err) == (0, "")
    assert out == (
        "catalogue 'homebrew-three' (Warcaster: Neo-Mechanika) revision 1, \"Homebrew Three\": 1 unit, building on "
        f"warcaster-nm@3\ninstalled {installed}\n"
    )
    arrived = read_catalogue_file(installed)
    assert arrived.content_hash == checked.content_hash and arrived.extends == "warcaster-nm@3"
    assert arrived.unit("wolf-rider").dc == 2 and arrived.unit("dusk-wolf").dc == 2
    assert run(capsys, "catalog", "import", code)[1].endswith(f"already installed, unchanged: {installed}\n")

    roster = tmp_path / "riders.toml"
    roster.write_text(ROSTER, encoding="utf-8")
    status, out, _ = run(capsys, "validate", roster)
    assert status == 0 and out.splitlines()[0] == "Riders: legal (Homebrew Three rev 1)"
    status, out, _ = run(capsys, "export", "text", roster)
    assert status == 0 and "  1. Wolf Rider — DC 2\n" in out and "Force: 2/8 units, 0/1 heroes, DC 4\n" in out


def test_a_catalogue_on_a_file_is_not_shared_and_a_code_naming_one_is_refused(tmp_path, capsys):
    path = homebrew(tmp_path)
    mine = tmp_path / "mine.toml"
    mine.write_text(path.read_text(encoding="utf-8").replace('"warcaster-nm"', '"../base.toml"'), encoding="utf-8")
    status, _, err = run(capsys, "catalog", "share", mine)
    assert status == 2 and err == (
        f"warbench: {mine}: extends: builds on the file '../base.toml', which a code cannot bring; to share it, "
        "build on a catalogue by its id (bundled, or installed: the receiver installs that one first)\n"
    )
    data = outgoing(path)[0] | {"extends": "~/secrets.toml"}
    with pytest.raises(ShareCodeError) as refused:
        read_catalogue_code([encode_catalogue(data)])
    assert str(refused.value) == "the code's catalogue builds on the file '~/secrets.toml', which a code cannot bring"


def test_a_code_on_a_catalogue_not_installed_here_says_to_install_that_first(tmp_path, capsys):
    data = outgoing(homebrew(tmp_path))[0] | {"id": "homebrew-four", "extends": "homebrew-extra"}
    status, _, err = run(capsys, "catalog", "import", encode_catalogue(data))
    assert status == 2 and err == (
        "warbench: the code's catalogue builds on catalogue 'homebrew-extra', which is not installed here: install "
        "that one first (its own code, from `warbench catalog share` where it is installed)\n"
    )


def test_sharing_a_catalogue_on_an_installed_one_says_the_receiver_needs_that_one(tmp_path, capsys):
    path = homebrew(tmp_path)
    top = installed_catalogue_dir() / "homebrew-top.toml"
    top.write_text(
        'id = "homebrew-top"\ngame = "warcaster"\nname = "Top"\nrevision = 1\nextends = "homebrew-three"\n', "utf-8"
    )
    status, _, err = run(capsys, "catalog", "share", "homebrew-top")
    assert status == 0 and err.splitlines()[1] == (
        "note: it builds on catalogue 'homebrew-three', which is not bundled: whoever imports it needs "
        "'homebrew-three' installed first (`warbench catalog share homebrew-three`)"
    )
    assert path.exists()


def test_a_catalogue_whose_base_is_gone_is_one_line_when_shared(tmp_path, capsys):
    path = homebrew(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace('"warcaster-nm"', '"warcaster-old"'), encoding="utf-8")
    with pytest.raises(CatalogueError, match="^unknown catalogue 'warcaster-old'"):
        outgoing(path)


def test_a_code_whose_catalogue_builds_on_itself_installs_nothing(tmp_path, capsys):
    """Installed, it would replace the catalogue it builds on with a file that never loads (the reviewer's)."""
    installed = homebrew(tmp_path)  # homebrew-three, installed by id
    before = installed.read_bytes()
    selfish = {"id": "homebrew-three", "game": "warcaster", "name": "Self", "revision": 2, "extends": "homebrew-three"}
    status, _, err = run(capsys, "catalog", "import", "--overwrite", encode_catalogue(selfish))
    assert (status, err) == (2, "warbench: the code's catalogue builds on itself ('homebrew-three'): not installed\n")
    assert installed.read_bytes() == before
