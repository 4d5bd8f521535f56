"""A roster whose profiles are too long for one code (a Warcaster catalogue wholly in its own words) travels as
numbered parts, like a catalogue's code: joined in any order, a missing part named, a catalogue's parts refused."""

from __future__ import annotations

import io
import json

import pytest

from builder.catalogue_arrival import raw_catalogue
from builder.roster.files import read_roster
from builder.rules import validate
from catalog.paths import BUNDLED_DIR, installed_catalogue_dir
from exports.share.catalogue_code import PART_CHARS, encode_catalogue, join, split
from exports.share.codec import carries_profiles
from exports.share.envelope import MAX_CODE_CHARS
from exports.share.errors import ShareCodeError
from exports.share.qr import qr_version, write_qr
from exports.share.roster_code import code_with_profiles, encode_roster
from exports.share.roster_parts import decode_roster_parts, roster_parts
from tests.test_share_bundled_base import MARCHER, own_words_roster, same_check
from tests.test_share_profiles import fresh_home, run

OWN_WORDS_CHARS = 6447
"""The Marcher example's code with the profiles it uses from a catalogue wholly in its own words."""


@pytest.fixture(scope="module")
def parts_sent(tmp_path_factory) -> list[str]:
    """The roster's parts, worked out once for the module in a sender's home of its own: encoding 6 KB of profiles
    takes a quarter of a second, and the tests only read the parts (the roster is read again in each test's home)."""
    home = tmp_path_factory.mktemp("sender")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WARBENCH_HOME", str(home / "data"))
        loaded = read_roster(own_words_roster(home))
        return roster_parts(loaded.roster, loaded.catalogue)


@pytest.fixture
def sent(tmp_path, parts_sent):
    """(the roster as its sender reads it, its parts)."""
    return read_roster(own_words_roster(tmp_path)), parts_sent


def test_the_code_with_its_profiles_goes_in_seven_parts_each_a_small_qr(sent):
    loaded, parts = sent
    whole = code_with_profiles(loaded.roster, loaded.catalogue)
    assert len(whole) == OWN_WORDS_CHARS > MAX_CODE_CHARS
    assert len(parts) == 7 and parts == split(whole)
    assert [p.split()[0] for p in parts] == [f"{n}/7" for n in range(1, 8)]
    assert all(len(p.split()[1]) <= PART_CHARS and qr_version(p) <= 21 for p in parts)


def test_the_parts_in_any_order_arrive_under_a_fresh_home_with_the_same_totals(sent, tmp_path, monkeypatch):
    before, parts = sent
    ours = validate(before.roster, before.catalogue)
    assert ours.valid and (ours.totals.units, ours.totals.dc) == (14, 27)
    fresh_home(tmp_path, monkeypatch)
    after = decode_roster_parts([parts[3], " ".join(parts[5:]), *reversed(parts[:3]), parts[4]])
    assert after.catalogue.id == "own" and (installed_catalogue_dir() / "own.toml").is_file()
    same_check(before, after)
    assert after.catalogue.unit("strike-raptor") == before.catalogue.unit("strike-raptor")


def test_a_missing_part_is_named(sent):
    _, parts = sent
    with pytest.raises(ShareCodeError, match=r"^parts 2, 6 of 7 are missing$"):
        decode_roster_parts([p for n, p in enumerate(parts, 1) if n not in (2, 6)])


def test_a_rosters_parts_and_a_catalogues_parts_are_not_joined(sent):
    _, parts = sent
    catalogue = split(encode_catalogue(raw_catalogue(BUNDLED_DIR / "warsurge-examples.toml")))
    assert len(catalogue) == 4
    with pytest.raises(ShareCodeError, match=r"^the parts belong to different codes \(of \d+ and \d+ parts\)$"):
        decode_roster_parts([*parts, *catalogue])
    same_count = [*parts[:6], f"7/7 {catalogue[-1].split()[1]}"]
    with pytest.raises(ShareCodeError, match=r"^the share code is damaged or mistyped"):
        decode_roster_parts(same_count)


def test_share_code_prints_the_parts_and_share_import_reads_them(sent, tmp_path, monkeypatch, capsys):
    before, parts = sent
    code, out, err = run(capsys, "share", "code", str(tmp_path / MARCHER.name))
    assert code == 0 and out.splitlines() == parts
    assert err == (
        f"note: the roster with the profiles it uses is {OWN_WORDS_CHARS} characters, in 7 parts (one a line, one "
        "QR each): `warbench share import` takes them all, in any order\n"
    )
    fresh_home(tmp_path, monkeypatch)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(reversed(parts[4:]))))
    target = tmp_path / "got.toml"
    code, out, err = run(capsys, "share", "import", *parts[:4], "-", "-o", str(target))
    assert code == 0, err
    same_check(before, read_roster(target))
    assert run(capsys, "export", "pdf", target, "-o", tmp_path / "cards.pdf")[0] == 0
    battle = tmp_path / "battle.toml"
    assert run(capsys, "battle", "new", target, "-o", battle)[0] == 0
    status, out, _ = run(capsys, "battle", battle, "--json")
    assert status == 0 and [side["points"] for side in json.loads(out)["sides"]] == [27]


def test_share_import_refuses_a_strangers_broken_parts_in_one_line(sent, tmp_path, monkeypatch, capsys):
    _, parts = sent
    fresh_home(tmp_path, monkeypatch)
    target = str(tmp_path / "got.toml")
    assert run(capsys, "share", "import", *parts[1:], "-o", target) == (2, "", "warbench: part 1 of 7 is missing\n")
    mistyped = parts[2][:100] + ("B" if parts[2][100] == "A" else "A") + parts[2][101:]
    assert run(capsys, "share", "import", *parts[:2], mistyped, *parts[3:], "-o", target) == (
        2,
        "",
        "warbench: the share code is damaged or mistyped (its checksum does not match)\n",
    )
    assert run(capsys, "share", "import", parts[0].split()[1], parts[1].split()[1], "-o", target) == (
        2,
        "",
        "warbench: 2 share codes given: give one, or every numbered part of one\n",
    )
    assert run(capsys, "catalog", "import", *parts)[2] == (
        "warbench: this is a roster's share code, not a catalogue's code: import it with `warbench share import`\n"
    )
    assert not (tmp_path / "got.toml").exists() and not installed_catalogue_dir().exists()


def test_the_qr_pictures_of_the_parts_import_under_a_fresh_home(sent, tmp_path, monkeypatch, capsys):
    from PIL import Image

    before, parts = sent
    code, out, err = run(capsys, "share", "qr", str(tmp_path / MARCHER.name), "-o", str(tmp_path / "x.png"))
    pictures = [tmp_path / f"x-{n}.png" for n in range(1, 8)]
    assert code == 0 and all(p.is_file() for p in pictures) and not (tmp_path / "x.png").exists()
    assert out.splitlines()[0] == f"wrote {pictures[0]}: QR version {qr_version(parts[0])}, {len(parts[0])} characters"
    images = [Image.open(p).convert("L") for p in pictures[:3]]
    sheet = Image.new("L", (sum(i.width for i in images) + 40, max(i.height for i in images) + 20), 255)
    x = 10
    for image in images:
        sheet.paste(image, (x, 10))
        x += image.width + 10
    sheet.save(tmp_path / "sheet.png")
    fresh_home(tmp_path, monkeypatch)
    sources = [*map(str, reversed(pictures[3:])), str(tmp_path / "sheet.png")]
    code, out, err = run(capsys, "share", "import", *sources, "-o", str(tmp_path / "got.toml"))
    assert code == 0, err
    same_check(before, read_roster(tmp_path / "got.toml"))


def test_a_roster_short_enough_keeps_its_one_code(tmp_path):
    loaded = read_roster(MARCHER)
    parts = roster_parts(loaded.roster, loaded.catalogue)
    assert len(parts) == 1 and not carries_profiles(parts[0])


def test_the_builders_import_refuses_a_part_left_out_and_opens_the_parts_on_one_line(sent, tmp_path, monkeypatch):
    """What Ctrl+O's prompt refuses and its worker reads (the prompt and the editor it opens:
    tests/test_tui_sharing.py)."""

    from builder.tui.importing import ImportDone, read_import, refused_code

    before, parts = sent
    fresh_home(tmp_path, monkeypatch)
    assert refused_code(" ".join(parts[1:]), lambda path: None) == "part 1 of 7 is missing"
    assert not installed_catalogue_dir().exists()
    pasted = " ".join([*parts[4:], *parts[:4]])
    assert refused_code(pasted, lambda path: None) is None
    done = read_import(pasted, tmp_path)
    assert isinstance(done, ImportDone)
    assert done.loaded.roster.units == before.roster.units and done.loaded.catalogue.id == "own"
    assert (installed_catalogue_dir() / "own.toml").is_file()


def test_the_builders_import_takes_the_pictures_of_the_parts_named_on_one_line_and_refuses_a_missing_one(
    sent, tmp_path, monkeypatch
):
    """Ctrl+O with the paths of the parts' QR pictures, apart by spaces (one quoted, a space in its name), in any
    order; a picture named that is not there, or whole codes in two pictures, said in the prompt in one line."""
    from builder.tui.importing import ImportDone, read_import, refused_code

    before, parts = sent
    pictures = [tmp_path / f"part {n}.png" if n == 3 else tmp_path / f"part-{n}.png" for n in range(1, 8)]
    for part, picture in zip(parts, pictures):
        write_qr(part, picture)
    fresh_home(tmp_path, monkeypatch)
    named = " ".join(f"'{p}'" if " " in p.name else str(p) for p in reversed(pictures))
    assert refused_code(named, lambda path: None) is None
    done = read_import(named, tmp_path)
    assert isinstance(done, ImportDone) and done.loaded.roster.units == before.roster.units
    assert refused_code(f"'{pictures[2]}'", lambda path: None) == "parts 1, 2, 4, 5, 6, 7 of 7 are missing"  # quoted
    missing = f"{pictures[0]} {tmp_path / 'part-9.png'}"
    assert refused_code(missing, lambda path: None) == f"{tmp_path / 'part-9.png'}: no such image file"
    some = " ".join(map(str, pictures[1:4:2]))
    assert refused_code(some, lambda path: None) == "parts 1, 3, 5, 6, 7 of 7 are missing"
    assert refused_code(str(pictures[1]), lambda path: None) == "parts 1, 3, 4, 5, 6, 7 of 7 are missing"  # one alone
    assert refused_code(named, lambda path: "outside the folders shared" if "part-5" in path else None) == (
        "outside the folders shared"
    )
    code = encode_roster(before.roster, before.catalogue)
    for n in (1, 2):
        write_qr(code, tmp_path / f"whole-{n}.png")
    both = f"{tmp_path / 'whole-1.png'} {tmp_path / 'whole-2.png'}"
    assert refused_code(both, lambda path: None) == "2 codes in 2 pictures: name one, or the pictures of every part"


class Table:
    """What the share flow asks of the app: its size, and a dialog shown (answered with `answers`, in turn)."""

    def __init__(self, size: tuple[int, int], *answers: str) -> None:
        from textual.geometry import Size

        self.size, self.answers, self.shown = Size(*size), list(answers), []

    async def push_screen_wait(self, dialog):
        self.shown.append(dialog)
        return self.answers.pop(0) if self.answers else "next"


async def test_the_share_dialogs_show_the_printed_parts_one_after_another_and_space_ends_on_the_last(sent):
    from builder.tui.sharing import show_code

    _, parts = sent
    table = Table((160, 48))  # room for the printed parts' QR (80×24: smaller parts)
    assert await show_code(table, join("\n".join(parts)), "no notes to share", "/lists/qr.png") is False
    assert [dialog.code for dialog in table.shown] == parts
    notes = [dialog.notes.rsplit(" · ", 1)[-1] for dialog in table.shown]
    assert notes[0] == "part 1 of 7, Space for the next" and notes[-1] == "part 7 of 7, the last"
    assert [dialog.save_to for dialog in table.shown][::6] == ["/lists/qr-1.png", "/lists/qr-7.png"]
    assert [dialog.check_action("next", ()) for dialog in table.shown] == [True] * 6 + [False]  # Space on the last
    assert {dialog.copied for dialog in table.shown} == {"\n".join(parts)}  # `c`: every part, one a line

    closed = Table((160, 48), "next", "close")  # Esc on the second part closes them all
    assert await show_code(closed, join("\n".join(parts)), "no notes to share", "/lists/qr.png") is False
    assert [dialog.code for dialog in closed.shown] == parts[:2]

    # Backspace goes back a part (offered from the second on), so after the last the first ones show again
    back = Table((160, 48), *["next"] * 6, "previous", "previous", "close")
    assert await show_code(back, join("\n".join(parts)), "no notes to share", "/lists/qr.png") is False
    assert [dialog.code for dialog in back.shown] == [*parts, parts[5], parts[4]]
    assert [dialog.check_action("previous", ()) for dialog in back.shown] == [False] + [True] * 8
    assert back.shown[-1].notes.endswith("part 5 of 7, Space for the next")


async def test_the_builders_share_shows_the_parts_sized_to_the_screen_one_after_another(sent, tmp_path):
    """Ctrl+K's flow (`share_roster`) on an 80×24 screen: smaller parts than the printed ones, Space for the next, Esc
    closing them all (that Ctrl+K runs it: tests/test_tui_sharing.py; the dialog's Space and Esc:
    tests/test_tui_catalogue_editor.py)."""
    from types import SimpleNamespace

    from builder.tui.dialogs.share import screen_parts
    from builder.tui.sharing import share_roster

    loaded, parts = sent
    table = Table((80, 24), "next", "close")
    table.roster_dir = tmp_path
    await share_roster(SimpleNamespace(app=table, session=loaded))
    shown = screen_parts(join("\n".join(parts)), table.size)
    assert len(shown) > len(parts)
    assert [dialog.code for dialog in table.shown] == shown[:2]
    assert table.shown[1].notes == f"no notes to share · part 2 of {len(shown)}, Space for the next"
    assert table.shown[1].save_to == str(loaded.path.with_name(f"{loaded.path.stem}-2.png"))
