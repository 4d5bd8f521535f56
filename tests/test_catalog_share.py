"""`warbench catalog share` and `catalog import CODE|PICTURE…`: a whole catalogue as a code and back, unchanged."""

from __future__ import annotations

import shutil

import pytest
from PIL import Image

from builder.catalogues import read_catalogue_file
from builder.cli import main
from catalog.paths import BUNDLED_DIR, installed_catalogue_dir
from catalog.toml_input import parse_toml
from exports.share import encode_roster
from exports.share.catalogue_code import (
    PART_CHARS,
    decode_catalogue,
    encode_catalogue,
    join,
    split,
)
from exports.share.qr import qr_version
from tests.conftest import FIXTURES

OWN = FIXTURES / "warsurge-own-catalogue.toml"


def run(capsys, *argv, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    if stdin is not None:
        import io

        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main([*map(str, argv)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def raw(path) -> dict:
    return parse_toml(path.read_text(encoding="utf-8"), str(path), ValueError, "catalogue")


def fresh_home(tmp_path, monkeypatch):
    monkeypatch.setenv("WARBENCH_HOME", str(tmp_path / "other" / "warbench"))
    monkeypatch.setenv("HOME", str(tmp_path / "other"))


@pytest.mark.parametrize("path", [OWN, *sorted(BUNDLED_DIR.glob("*.toml"))], ids=lambda p: p.stem)
def test_every_catalogue_comes_back_with_the_same_content_hash(path):
    data = raw(path)
    code = encode_catalogue(data)
    parts = split(code)
    assert len(parts) == -(-len(code) // PART_CHARS)
    assert qr_version(parts[0]) <= 21  # every part but the last is as long as the first
    assert decode_catalogue(join("\n".join(reversed(parts)))) == data  # any order


def test_a_catalogue_travels_as_a_code_and_installs_with_the_same_hash(tmp_path, monkeypatch, capsys):
    status, out, err = run(capsys, "catalog", "share", OWN)
    code = out.strip()
    assert (
        status == 0
        and "\n" not in code
        and err == f"catalogue 'my-army' revision 1 (2 units, 3 weapons): {len(code)} characters\n"
    )
    fresh_home(tmp_path, monkeypatch)
    status, out, _ = run(capsys, "catalog", "import", code)
    installed = installed_catalogue_dir() / "my-army.toml"
    assert status == 0
    assert out == (
        f"catalogue 'my-army' (Warsurge) revision 1, \"Marsh Wardens\": 2 units, 3 weapons\ninstalled {installed}\n"
    )
    assert read_catalogue_file(installed).content_hash == read_catalogue_file(OWN).content_hash
    assert run(capsys, "catalog", "import", code)[1].endswith(f"already installed, unchanged: {installed}\n")


def test_a_large_catalogue_goes_in_numbered_parts_and_their_pictures(tmp_path, monkeypatch, capsys):
    copy = tmp_path / "warsurge-copy.toml"
    copy.write_text(
        (BUNDLED_DIR / "warsurge-examples.toml")
        .read_text(encoding="utf-8")
        .replace('id = "warsurge-examples"', 'id = "warsurge-copy"', 1),
        encoding="utf-8",
    )
    status, out, err = run(capsys, "catalog", "share", copy, "--qr", tmp_path / "copy.png")
    parts = out.splitlines()
    assert status == 0 and [p.split(" ")[0] for p in parts] == ["1/4", "2/4", "3/4", "4/4"]
    assert [line.rsplit(": QR version ", 1)[0] for line in err.splitlines()[1:]] == [
        f"wrote {tmp_path / f'copy-{n}.png'}" for n in range(1, 5)
    ]
    fresh_home(tmp_path, monkeypatch)
    sheet = Image.new("L", (1200, 1200), 255)  # one screenshot showing the last two parts side by side
    for n, x in ((3, 0), (4, 600)):
        sheet.paste(Image.open(tmp_path / f"copy-{n}.png").convert("L").resize((600, 600)), (x, 300))
    sheet.save(tmp_path / "sheet.png")
    status, out, _ = run(
        capsys, "catalog", "import", tmp_path / "copy-2.png", tmp_path / "sheet.png", *parts[0].split()
    )
    assert status == 0, out
    installed = installed_catalogue_dir() / "warsurge-copy.toml"
    assert read_catalogue_file(installed).content_hash == read_catalogue_file(copy).content_hash


def test_an_installed_catalogue_with_other_content_is_replaced_only_when_told(tmp_path, monkeypatch, capsys):
    newer = tmp_path / "my-army.toml"
    newer.write_text(
        OWN.read_text(encoding="utf-8").replace("revision = 1", "revision = 2").replace("points = 72.5", "points = 75"),
        encoding="utf-8",
    )
    code = run(capsys, "catalog", "share", newer)[1].strip()
    installed = installed_catalogue_dir() / "my-army.toml"
    installed.parent.mkdir(parents=True)
    shutil.copy(OWN, installed)
    status, out, err = run(capsys, "catalog", "import", code)
    assert status == 2 and installed.read_text(encoding="utf-8") == OWN.read_text(encoding="utf-8")
    assert out.splitlines()[1:] == [f"compared with {installed}: 1 change", "  Bog Strider: points 72.5 → 75"]
    assert err == (
        f"warbench: catalogue 'my-army' is installed with other content ({installed}); nothing written "
        "(use --overwrite to replace it)\n"
    )
    assert run(capsys, "catalog", "import", code, "--overwrite")[0] == 0
    assert read_catalogue_file(installed).revision == 2


def test_the_whole_catalogue_replaces_the_profiles_a_roster_code_installed(tmp_path, monkeypatch, capsys):
    roster = tmp_path / "patrol.toml"
    roster.write_text(
        'warbench = 1\ngame = "warsurge"\ncatalogue = "my-army"\nname = "P"\n\n[[units]]\n'
        'id = "bog-strider"\nweapons = { stomp = 1 }\n',
        encoding="utf-8",
    )
    (installed_catalogue_dir()).mkdir(parents=True)
    shutil.copy(OWN, installed_catalogue_dir() / "my-army.toml")
    from builder.roster.files import read_roster

    loaded = read_roster(roster)
    roster_code = encode_roster(loaded.roster, loaded.catalogue)
    catalogue_code = run(capsys, "catalog", "share", "my-army")[1].strip()
    fresh_home(tmp_path, monkeypatch)
    assert run(capsys, "share", "import", roster_code, "-o", tmp_path / "theirs.toml")[0] == 0
    assert read_catalogue_file(installed_catalogue_dir() / "my-army.toml").units[0].id == "bog-strider"
    status, out, _ = run(capsys, "catalog", "import", catalogue_code)
    assert status == 0
    assert "replacing the profiles a shared roster installed as 'my-army' with the whole catalogue\n" in out
    assert len(read_catalogue_file(installed_catalogue_dir() / "my-army.toml").units) == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1/3 AAAA 3/3 BBBB", "part 2 of 3 is missing"),
        ("1/2 AAAA 2/3 BBBB", "the parts belong to different codes (of 2 and 3 parts)"),
        ("1/2 AAAA 1/2 BBBB 2/2 CCCC", "part 1/2 is given twice, differently: keep one"),
        ("0/2 AAAA", "not a catalogue code: part '0/2' (a code has 1 to 99 parts)"),
        ("HELLOWORLD2345", "the share code is damaged or mistyped (its checksum does not match)"),
    ],
)
def test_broken_parts_are_one_line(text, message, capsys):
    status, out, err = run(capsys, "catalog", "import", *text.split())
    assert (status, out, err) == (2, "", f"warbench: {message}\n")
    assert not installed_catalogue_dir().exists()


def test_codes_of_the_wrong_kind_say_where_they_go(tmp_path, capsys):
    from tests.conftest import EXAMPLES

    roster_code = run(capsys, "share", "code", EXAMPLES / "warsurge-apc.toml")[1].strip()
    assert run(capsys, "catalog", "import", roster_code)[2] == (
        "warbench: this is a roster's share code, not a catalogue's code: import it with `warbench share import`\n"
    )
    catalogue_code = run(capsys, "catalog", "share", OWN)[1].strip()
    assert run(capsys, "share", "import", catalogue_code, "-o", tmp_path / "x.toml")[2] == (
        "warbench: this is a catalogue's code, not a roster's share code: install it with `warbench catalog import`\n"
    )
    assert run(capsys, "catalog", "import", OWN.with_suffix(".cat"), catalogue_code)[2] == (
        "warbench: give either BattleScribe data files (.gst, .cat, zipped) or a catalogue's code or QR pictures, "
        "not both\n"
    )


def test_the_builders_import_refuses_a_code_cut_short_and_installs_its_pictures(tmp_path, monkeypatch, capsys):
    """What Ctrl+O's prompt refuses and its worker installs (the toasts it shows: tests/test_tui_sharing.py)."""

    from builder.tui.importing import CatalogueArrived, read_import, refused_code

    code = run(capsys, "catalog", "share", OWN, "--qr", tmp_path / "own.png")[1].strip()
    fresh_home(tmp_path, monkeypatch)
    installed = installed_catalogue_dir() / "my-army.toml"
    assert refused_code(code[:-8], lambda path: None) == (
        "the share code is damaged or mistyped (its checksum does not match)"
    )
    done = read_import(str(tmp_path / "own.png"), tmp_path)
    assert isinstance(done, CatalogueArrived) and done.installed
    assert done.said == [
        "catalogue 'my-army' (Warsurge) revision 1, \"Marsh Wardens\": 2 units, 3 weapons",
        f"installed {installed}",
    ]
    assert read_catalogue_file(installed).content_hash == read_catalogue_file(OWN).content_hash
