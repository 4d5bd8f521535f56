"""A roster on a catalogue that is not bundled travels as one code with the profiles it uses, and arrives whole."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from builder.catalogues import load_catalogue
from builder.cli import main
from builder.roster.files import read_roster
from builder.rules import validate
from catalog.paths import installed_catalogue_dir
from exports.share import decode_share_code, encode_roster
from exports.share.bits import BitWriter
from exports.share.codec import carries_profiles, write_common
from exports.share.envelope import PROFILES_FORMAT, seal, write_header
from exports.share.errors import ShareCodeError
from exports.share.profiles import DICTIONARY, write_blob
from exports.share.qr import qr_version, read_qr_image
from exports.share.source import check_source
from tests.conftest import EXAMPLES, FIXTURES

OWN = FIXTURES / "warsurge-own-catalogue.toml"
PATROL = """\
warbench = 1
game = "warsurge"
catalogue = "my-army"
name = "Marsh patrol"
point_limit = 200

[[units]]
id = "marsh-rangers"
models = 10
weapons = { longbow = 10, hand-axe = 10 }

[[units]]
id = "bog-strider"
weapons = { stomp = 1 }
"""


@pytest.fixture
def sender(tmp_path, isolated_home):
    """The sender's machine: their own catalogue installed, the two-unit roster beside it."""
    (isolated_home / "catalogues").mkdir()
    shutil.copy(OWN, isolated_home / "catalogues" / "my-army.toml")
    path = tmp_path / "patrol.toml"
    path.write_text(PATROL, encoding="utf-8")
    return path


def fresh_home(tmp_path, monkeypatch, name: str = "opponent"):
    """Another machine: an empty Warbench folder and home."""
    home = tmp_path / name
    monkeypatch.setenv("WARBENCH_HOME", str(home / "warbench"))
    monkeypatch.setenv("HOME", str(home))
    return home


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([*map(str, argv)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_two_unit_warsurge_roster_with_its_profiles_fits_600_characters(sender, capsys):
    loaded = read_roster(sender)
    assert validate(loaded.roster, loaded.catalogue).valid
    code, out, _ = run(capsys, "share", "code", sender)
    code = out.strip()
    assert carries_profiles(code)
    assert len(code) <= 600
    assert qr_version(code) <= 13


def test_the_code_arrives_whole_on_a_machine_without_the_catalogue(sender, tmp_path, monkeypatch, capsys):
    before = read_roster(sender)
    code = run(capsys, "share", "code", sender)[1].strip()
    fresh_home(tmp_path, monkeypatch)
    target = tmp_path / "theirs.toml"
    status, out, err = run(capsys, "share", "import", code, "-o", target)
    installed = installed_catalogue_dir() / "my-army.toml"
    assert status == 0
    assert err == (
        f"note: installed the profiles this roster uses (2 units, 3 weapons) as catalogue 'my-army': {installed}\n"
    )
    after = read_roster(target)
    ours, theirs = validate(before.roster, before.catalogue), validate(after.roster, after.catalogue)
    assert (theirs.valid, theirs.totals, theirs.findings) == (ours.valid, ours.totals, ours.findings)
    assert after.roster.units == before.roster.units
    assert load_catalogue("my-army").unit("bog-strider") == before.catalogue.unit("bog-strider")
    assert run(capsys, "export", "pdf", target, "-o", tmp_path / "cards.pdf")[0] == 0
    battle = tmp_path / "battle.toml"
    assert run(capsys, "battle", "new", target, "--opponent", code, "-o", battle)[0] == 0
    status, out, _ = run(capsys, "battle", battle, "--json")
    report = json.loads(out)
    assert status == 0 and [side["points"] for side in report["sides"]] == [ours.totals.points_exact] * 2


def test_a_qr_picture_of_the_code_arrives_the_same_way(sender, tmp_path, monkeypatch, capsys):
    picture = tmp_path / "patrol.png"
    assert run(capsys, "share", "qr", sender, "-o", picture)[0] == 0
    fresh_home(tmp_path, monkeypatch)
    assert carries_profiles(read_qr_image(picture))
    assert run(capsys, "share", "import", picture, "-o", tmp_path / "theirs.toml")[0] == 0
    assert read_roster(tmp_path / "theirs.toml").catalogue.id == "my-army"


def test_an_installed_catalogue_with_other_content_is_kept_and_the_profiles_go_beside_it(
    sender, tmp_path, monkeypatch, capsys
):
    code = run(capsys, "share", "code", sender)[1].strip()
    fresh_home(tmp_path, monkeypatch)
    theirs = installed_catalogue_dir() / "my-army.toml"
    theirs.parent.mkdir(parents=True)
    theirs.write_text(OWN.read_text(encoding="utf-8").replace("points = 72.5", "points = 80"), encoding="utf-8")
    kept = theirs.read_bytes()
    status, _, err = run(capsys, "share", "import", code, "-o", tmp_path / "a.toml")
    assert status == 0 and theirs.read_bytes() == kept
    placed = read_roster(tmp_path / "a.toml").catalogue
    assert placed.id.startswith("my-army-") and len(placed.id) == len("my-army-") + 8
    assert err.endswith(
        f"as catalogue '{placed.id}': {installed_catalogue_dir() / (placed.id + '.toml')} "
        "('my-army' here holds other content, which is kept)\n"
    )
    status, _, err = run(capsys, "share", "import", code, "-o", tmp_path / "b.toml")
    assert status == 0 and err.startswith("note: already installed the profiles")
    assert sorted(p.name for p in installed_catalogue_dir().iterdir()) == sorted(["my-army.toml", f"{placed.id}.toml"])


def test_a_machine_that_has_the_catalogue_uses_it_and_installs_nothing(sender, capsys):
    code = run(capsys, "share", "code", sender)[1].strip()
    loaded = decode_share_code(code)
    assert loaded.catalogue.content_hash == load_catalogue("my-army").content_hash
    assert loaded.notes == [] and [p.name for p in installed_catalogue_dir().iterdir()] == ["my-army.toml"]


def test_checking_a_pasted_code_installs_nothing(sender, tmp_path, monkeypatch, capsys):
    code = run(capsys, "share", "code", sender)[1].strip()
    fresh_home(tmp_path, monkeypatch)
    check_source(code)
    assert not installed_catalogue_dir().exists()


def on_a_copy(example, tmp_path):
    """The example on a copy of its catalogue installed as 'copied' (a catalogue that is not bundled)."""
    loaded = read_roster(example)
    copy = installed_catalogue_dir() / "copied.toml"
    copy.parent.mkdir(parents=True, exist_ok=True)
    text = Path(loaded.catalogue.path).read_text(encoding="utf-8")
    copy.write_text(text.replace(f'id = "{loaded.catalogue.id}"', 'id = "copied"', 1), encoding="utf-8")
    moved = example.read_text(encoding="utf-8").replace(f'catalogue = "{loaded.catalogue.id}"', 'catalogue = "copied"')
    (tmp_path / example.name).write_text(moved, encoding="utf-8")
    return read_roster(tmp_path / example.name)


COPY_CEILING = {
    "mcwarrior-rustbucket": 130,
    "mcwarrior-warband": 200,
    "warcaster-firebrand": 140,
    "warcaster-marcher-worlds": 155,
    "warmachine-example": 140,
    "warsurge-499": 130,
    "warsurge-apc": 145,
}
"""Most characters of each bundled example's code on a copy of its catalogue (a QR of version 8 at most)."""


def shared(roster) -> dict:
    return roster.model_dump(exclude={"notes", "catalogue_revision"})


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_every_example_on_a_copy_of_its_catalogue_arrives_with_the_same_totals(example, tmp_path, monkeypatch):
    """Each game's entries are cut to what the roster uses, and the cut catalogue checks the roster alike; on a copy
    of the bundled catalogue they travel as a reference to it, and the code stays short."""
    before = on_a_copy(example, tmp_path)
    code = encode_roster(before.roster, before.catalogue)
    assert carries_profiles(code) and len(code) <= COPY_CEILING[example.stem]
    fresh_home(tmp_path, monkeypatch)
    after = decode_share_code(code)
    assert after.catalogue.id == "copied" and shared(after.roster) == shared(before.roster)
    ours, theirs = validate(before.roster, before.catalogue), validate(after.roster, after.catalogue)
    assert (theirs.valid, theirs.totals, theirs.findings) == (ours.valid, ours.totals, ours.findings)


def forged(blob: bytes) -> str:
    """A code with profiles whose catalogue data is `blob` (raw deflate bytes), and an empty Warsurge force."""
    catalogue = load_catalogue("warsurge-examples")
    writer = BitWriter()
    write_header(writer, catalogue.model_copy(update={"id": "strangers"}))
    write_blob(writer, blob)
    write_common(writer, read_roster(EXAMPLES / "warsurge-apc.toml").roster, False)
    return seal(writer, PROFILES_FORMAT)


def deflated(data: bytes) -> bytes:
    import zlib

    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, zdict=DICTIONARY)
    return packer.compress(data) + packer.flush()


@pytest.mark.parametrize(
    ("blob", "message"),
    [
        (deflated(b" " * 2_200_000), "the code's catalogue data unpacks to over 2048 KB; refused"),
        (b"\xff\x00garbage", "the code's catalogue data is damaged (it does not inflate)"),
        (deflated(b"[" * 5000 + b"]" * 5000), "the code's catalogue data is damaged (not JSON text)"),
        (deflated(b"[1]"), "the code's catalogue data is damaged (not a catalogue)"),
        (
            deflated(b'{"a":' * 30 + b"1" + b"}" * 30),
            "the code's catalogue data nests more than 20 levels deep; refused",
        ),
        (deflated(b"not json"), "the code's catalogue data is damaged (not JSON text)"),
        (
            deflated(b'{"game":"warsurge","name":"x"}')[:-2],
            "the code's catalogue data is damaged (it ends too soon or has bytes after its end)",
        ),
        (
            deflated(b'{"game":"warsurge","name":"x","units":[{"id":"a"}]}'),
            "the share code's profiles are not a valid catalogue: the share code's profiles: units[0]",
        ),
    ],
)
def test_hostile_profiles_are_one_line_and_install_nothing(blob, message, tmp_path, monkeypatch):
    fresh_home(tmp_path, monkeypatch)
    with pytest.raises(ShareCodeError) as info:
        decode_share_code(forged(blob))
    assert str(info.value).startswith(message)
    assert not installed_catalogue_dir().exists()


def test_the_builders_import_takes_the_code_and_installs_its_profiles(sender, tmp_path, monkeypatch, capsys):
    """What Ctrl+O's worker reads from the code (the toast it shows of the notes: tests/test_tui_sharing.py)."""
    from builder.tui.importing import ImportDone, read_import

    code = run(capsys, "share", "code", sender)[1].strip()
    fresh_home(tmp_path, monkeypatch)
    done = read_import(code, tmp_path)
    installed = installed_catalogue_dir() / "my-army.toml"
    assert isinstance(done, ImportDone) and done.said == []
    assert done.loaded.roster.units == read_roster(sender).roster.units
    assert done.loaded.notes == [
        f"installed the profiles this roster uses (2 units, 3 weapons) as catalogue 'my-army': {installed}"
    ]
    assert installed.is_file()
