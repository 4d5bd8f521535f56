"""A Warcaster roster on a catalogue that builds on the bundled one (an overlay, an edited copy, a BSData import)
travels as one short code: the entries the bundled catalogue has alike go as a reference to it, and the receiving
side takes them from its own copy, or refuses in one line when its copy differs."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from builder.catalogues import load_catalogue
from builder.cli import main
from builder.roster.files import read_roster
from builder.rules import validate
from catalog.paths import BUNDLED_DIR, installed_catalogue_dir
from exports.share import decode_share_code, encode_roster
from exports.share.bundled_base import BUNDLED_KEY
from exports.share.codec import carries_profiles, encode_payload
from exports.share.envelope import PROFILES_FORMAT, open_any, read_header, seal
from exports.share.errors import ShareCodeError
from exports.share.profiles import pack, read_blob, unpack
from exports.share.qr import qr_version, read_qr_image
from tests.conftest import EXAMPLES
from tests.test_share_profiles import fresh_home, run
from tests.test_warcaster_bsdata_import import edit, on_catalogue, unpacked

NEW_RELEASE = """
[[rules]]
id = "overclock-spike"
name = "Overclock Spike"
summary = "Spike to make one more attack with a weapon this activation."

[[weapons]]
id = "storm-lance"
name = "Storm Lance"
rng = 8
pow = 5
rules = ["overclock-spike"]

[[units]]
id = "tempest-outrider"
name = "Tempest Outrider"
type = "solo"
faction = "wild-card"
serves = ["marcher-worlds", "iron-star-alliance"]
dc = 2
health = 2
stats = { spd = 7, mat = 4, rat = 4, foc = "-", def = 3, arm = 3 }
weapons = ["storm-lance"]
rules = ["overclock-spike", "slip-displacer-spike"]
"""
"""A new Wild Card solo with a rule and a weapon of its own, serving both examples' factions."""
OVERLAY = (
    'id = "new-releases"\ngame = "warcaster"\nname = "Warcaster with the new releases"\nrevision = 1\n'
    'extends = "warcaster-nm"\n' + NEW_RELEASE
)
CHANGED = {"warcaster-marcher-worlds": ("strike-raptor", 4, 5), "warcaster-firebrand": ("firebrand", 2, 3)}
"""Per example: the unit whose cost the edited copy changes (DC before, after)."""
TOTALS = {
    # (catalogue, example): (units, DC). Marcher: 27 + the solo's 2 (+ 2 × 1 for the dearer Strike Raptors);
    # Firebrand: 9 + 2 (+ 1 for the dearer Firebrand).
    ("new-releases", "warcaster-marcher-worlds"): (15, 29),
    ("new-releases", "warcaster-firebrand"): (5, 11),
    ("copied", "warcaster-marcher-worlds"): (15, 31),
    ("copied", "warcaster-firebrand"): (5, 12),
}
CEILING = 540
"""Most characters of each such code (a QR of version 15 at level M, which a phone reads off a screen): the new
solo's rule, weapon and unit whole, the dearer unit as its changed key, the rest a reference."""
WARCASTER = sorted(EXAMPLES.glob("warcaster-*.toml"))
MARCHER = EXAMPLES / "warcaster-marcher-worlds.toml"


def edited_copy(example: str) -> str:
    """A full copy of the bundled catalogue as 'copied': one unit of the example dearer, the new solo added."""
    unit, before, after = CHANGED[example]
    text = (
        (BUNDLED_DIR / "warcaster-nm.toml")
        .read_text(encoding="utf-8")
        .replace('id = "warcaster-nm"', 'id = "copied"', 1)
    )
    block = re.compile(rf'(id = "{unit}"\n(?:[^\n\[]+\n)*?dc = ){before}\n')
    assert len(block.findall(text)) == 1
    return block.sub(rf"\g<1>{after}\n", text) + NEW_RELEASE


def with_the_solo(example: Path, catalogue: str, folder: Path) -> Path:
    """The example on `catalogue`, with the new solo added."""
    text = re.sub(r'(?m)^catalogue = ".*"$', f'catalogue = "{catalogue}"', example.read_text(encoding="utf-8"))
    path = folder / f"{catalogue}-{example.name}"
    path.write_text(text + '\n[[units]]\nid = "tempest-outrider"\n', encoding="utf-8")
    return path


def install(name: str, text: str) -> None:
    folder = installed_catalogue_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.toml").write_text(text, encoding="utf-8")


def sender_roster(kind: str, example: Path, folder: Path) -> Path:
    install(kind, OVERLAY if kind == "new-releases" else edited_copy(example.stem))
    return with_the_solo(example, kind, folder)


def same_check(before, after) -> None:
    ours, theirs = validate(before.roster, before.catalogue), validate(after.roster, after.catalogue)
    assert (theirs.valid, theirs.totals, theirs.findings) == (ours.valid, ours.totals, ours.findings)
    assert after.roster.model_dump(exclude={"notes", "catalogue_revision"}) == before.roster.model_dump(
        exclude={"notes", "catalogue_revision"}
    )


@pytest.mark.parametrize("kind", ["new-releases", "copied"])
@pytest.mark.parametrize("example", WARCASTER, ids=lambda p: p.stem)
def test_a_warcaster_force_on_a_catalogue_built_on_the_bundled_one_arrives_whole(kind, example, tmp_path, monkeypatch):
    before = read_roster(sender_roster(kind, example, tmp_path))
    ours = validate(before.roster, before.catalogue)
    assert ours.valid and (ours.totals.units, ours.totals.dc) == TOTALS[kind, example.stem]
    code = encode_roster(before.roster, before.catalogue)
    assert carries_profiles(code) and len(code) <= CEILING
    assert qr_version(code) <= 15
    fresh_home(tmp_path, monkeypatch)
    after = decode_share_code(code)
    assert after.catalogue.id == kind and not after.catalogue.extends
    same_check(before, after)
    assert after.catalogue.unit("tempest-outrider") == before.catalogue.unit("tempest-outrider")
    assert after.catalogue.rule("overclock-spike") == before.catalogue.rule("overclock-spike")
    installed = installed_catalogue_dir() / f"{kind}.toml"
    assert after.notes == [
        f"installed the profiles this roster uses ({after_contents(after.catalogue)}; "
        f"{from_bundled(after.catalogue, kind)} of them from your bundled 'warcaster-nm', the same as the "
        f"sender's) as catalogue '{kind}': {installed}"
    ]


def after_contents(catalogue) -> str:
    from catalog.installing import contents
    from exports.share.profiles import catalogue_data

    return contents(catalogue_data(catalogue))


def from_bundled(catalogue, kind: str) -> int:
    """How many of the installed entries are the bundled catalogue's own: all but the solo, its rule and weapon,
    and (in the edited copy) the dearer unit."""
    total = sum(
        len(getattr(catalogue, key))
        for key in ("formats", "factions", "rules", "weapons", "cortexes", "units", "cyphers")
    )
    return total - 3 - (kind == "copied")


@pytest.mark.parametrize("example", WARCASTER, ids=lambda p: p.stem)
def test_a_force_on_an_exact_copy_of_the_bundled_catalogue_costs_80_characters_more_at_most(example, tmp_path):
    text = (
        (BUNDLED_DIR / "warcaster-nm.toml")
        .read_text(encoding="utf-8")
        .replace('id = "warcaster-nm"', 'id = "copied"', 1)
    )
    install("copied", text)
    path = tmp_path / example.name
    path.write_text(example.read_text(encoding="utf-8").replace('"warcaster-nm"', '"copied"'), encoding="utf-8")
    copied, bundled = read_roster(path), read_roster(example)
    with_profiles = encode_roster(copied.roster, copied.catalogue)
    plain = encode_roster(bundled.roster, bundled.catalogue)
    assert carries_profiles(with_profiles) and len(with_profiles) - len(plain) <= 80


def test_a_force_on_updated_bsdata_travels_as_one_short_code(tmp_path, monkeypatch, capsys):
    """A BSData import is the bundled catalogue entry for entry but what the update changed: only that travels."""
    files = unpacked(tmp_path)
    edit(files["Marcher_Worlds.cat"], 'name="Strike Raptor"|name="CST"', ">4</characteristic>", ">5</characteristic>")
    assert main(["catalog", "import", *map(str, files.values())]) == 0
    path = on_catalogue(tmp_path, "warcaster-marcher-worlds.toml", "warcaster-bsdata")
    before = read_roster(path)
    ours = validate(before.roster, before.catalogue)
    assert ours.valid and ours.totals.dc == 29  # 27, and 1 more for each Strike Raptor
    capsys.readouterr()
    status, code, _ = run(capsys, "share", "code", path)
    code = code.strip()
    assert status == 0 and carries_profiles(code) and len(code) <= 310
    fresh_home(tmp_path, monkeypatch)
    status, _, err = run(capsys, "share", "import", code, "-o", tmp_path / "theirs.toml")
    assert status == 0, err
    same_check(before, read_roster(tmp_path / "theirs.toml"))
    assert err == (
        "note: installed the profiles this roster uses (1 format, 2 factions, 50 rules, 26 weapons, 8 cortexes, "
        "9 units, 12 cyphers; 106 of them from your bundled 'warcaster-nm', the same as the sender's) as catalogue "
        f"'warcaster-bsdata': {installed_catalogue_dir() / 'warcaster-bsdata.toml'}\n"
    )


def carried(code: str) -> dict:
    """The profiles a code carries, as packed."""
    _, reader = open_any(code, PROFILES_FORMAT)
    read_header(reader)
    return unpack(read_blob(reader))


def test_a_changed_entry_travels_as_its_changed_keys_and_a_dropped_key_as_null(tmp_path, monkeypatch):
    install("copied", edited_copy("warcaster-marcher-worlds").replace('bs_id = "f87a-0fb7-2e88-2cf1"\n', "", 1))
    before = read_roster(with_the_solo(MARCHER, "copied", tmp_path))
    code = encode_roster(before.roster, before.catalogue)
    profiles = carried(code)
    assert profiles["bundled"]["changed"] == {"units": [{"id": "strike-raptor", "dc": 5, "bs_id": None}]}
    assert [unit["id"] for unit in profiles["units"]] == ["tempest-outrider"]
    assert set(profiles) == {"game", "rules", "weapons", "units", "bundled"}
    fresh_home(tmp_path, monkeypatch)
    after = decode_share_code(code)
    assert after.catalogue.unit("strike-raptor") == before.catalogue.unit("strike-raptor")
    assert after.catalogue.unit("strike-raptor").bs_id is None
    same_check(before, after)


def their_bundled(tmp_path, monkeypatch, change) -> None:
    """The other machine's bundled catalogues: Warbench's own, with `change` made to the Warcaster text."""
    theirs = tmp_path / "their-bundled"
    shutil.copytree(BUNDLED_DIR, theirs)
    catalogue = theirs / "warcaster-nm.toml"
    text = catalogue.read_text(encoding="utf-8")
    assert change(text) != text
    catalogue.write_text(change(text), encoding="utf-8")
    monkeypatch.setattr("catalog.loader.BUNDLED_DIR", theirs)


def newer(text: str) -> str:
    return text.replace("revision = 3\n", "revision = 4\n", 1)


def test_a_code_whose_bundled_entries_differ_here_is_refused_in_one_line(tmp_path, monkeypatch, capsys):
    before = read_roster(sender_roster("copied", MARCHER, tmp_path))
    code = encode_roster(before.roster, before.catalogue)
    fresh_home(tmp_path, monkeypatch)
    their_bundled(tmp_path, monkeypatch, lambda text: text.replace('spike to move 3\\"', 'spike to move 4\\"', 1))
    status, out, err = run(capsys, "share", "import", code, "-o", tmp_path / "theirs.toml")
    assert (status, out) == (2, "")
    assert err == (
        "warbench: the share code takes entries of the bundled catalogue 'warcaster-nm' revision 3 as its sender "
        "has them, and this Warbench's 'warcaster-nm' (revision 3) differs in them: ask for the catalogue itself "
        "(`warbench catalog share copied` on the sender's machine)\n"
    )
    assert not installed_catalogue_dir().exists() and not (tmp_path / "theirs.toml").exists()


def test_a_newer_bundled_catalogue_that_dropped_a_changed_entry_is_named(tmp_path, monkeypatch):
    before = read_roster(sender_roster("copied", MARCHER, tmp_path))
    code = encode_roster(before.roster, before.catalogue)
    fresh_home(tmp_path, monkeypatch)
    their_bundled(tmp_path, monkeypatch, lambda text: newer(text).replace('"strike-raptor"', '"strike-raptor-mk-ii"'))
    with pytest.raises(
        ShareCodeError,
        match=r"^the share code takes entries of the bundled catalogue 'warcaster-nm' "
        r"revision 3 as its sender has them, and this Warbench's 'warcaster-nm' \(revision 4\) differs",
    ):
        decode_share_code(code)


def test_a_newer_bundled_catalogue_changed_elsewhere_still_reads_the_code(tmp_path, monkeypatch):
    """Only the entries the roster uses must be alike: a summary the force does not use may differ."""
    before = read_roster(sender_roster("copied", MARCHER, tmp_path))
    code = encode_roster(before.roster, before.catalogue)
    fresh_home(tmp_path, monkeypatch)
    unused = 'name = "Arcane Parasite"\nsummary = "'
    their_bundled(tmp_path, monkeypatch, lambda text: newer(text).replace(unused, unused + "In other words: ", 1))
    after = decode_share_code(code)
    assert load_catalogue("warcaster-nm").revision == 4 and after.catalogue.rule("arcane-parasite") is None
    same_check(before, after)


def test_a_newer_bundled_catalogue_that_reads_the_roster_otherwise_refuses_it(tmp_path, monkeypatch):
    """A unit added before the Dusk Wolf moves the units the code names by their place: refused, not misread."""
    before = read_roster(sender_roster("copied", MARCHER, tmp_path))
    code = encode_roster(before.roster, before.catalogue)
    fresh_home(tmp_path, monkeypatch)
    early = '[[units]]\nid = "dusk-hound"\nname = "Dusk Hound"\ntype = "solo"\nfaction = "marcher-worlds"\ndc = 1\n\n'
    their_bundled(
        tmp_path,
        monkeypatch,
        lambda t: newer(t).replace('[[units]]\nid = "dusk-wolf"', early + '[[units]]\nid = "dusk-wolf"', 1),
    )
    with pytest.raises(ShareCodeError, match=r"and this Warbench's 'warcaster-nm' \(revision 4\) differs in them: "):
        decode_share_code(code)
    assert not installed_catalogue_dir().exists()


def own_words_roster(folder: Path) -> Path:
    """The Marcher example on 'own': a copy of warcaster-nm with every name and summary reworded, no BSData ids."""
    text = (
        (BUNDLED_DIR / "warcaster-nm.toml").read_text(encoding="utf-8").replace('id = "warcaster-nm"', 'id = "own"', 1)
    )
    install("own", re.sub(r'(?m)^(summary = "|name = ")', r"\g<1>Own ", re.sub(r"(?m)^bs_ids? = .*\n", "", text)))
    path = folder / MARCHER.name
    path.write_text(MARCHER.read_text(encoding="utf-8").replace('"warcaster-nm"', '"own"'), encoding="utf-8")
    return path


def test_a_force_on_a_catalogue_of_its_own_words_does_not_fit_one_code(tmp_path):
    """Nothing the bundled catalogue has alike: every summary travels, which one code cannot hold (its numbered
    parts: tests/test_share_roster_parts.py)."""
    loaded = read_roster(own_words_roster(tmp_path))
    with pytest.raises(ShareCodeError, match=r"^the roster with its profiles is too large for a share code \(\d+ "):
        encode_roster(loaded.roster, loaded.catalogue, profiles=True)
    assert not carries_profiles(encode_roster(loaded.roster, loaded.catalogue))


GOLDEN = (
    "I4XF3PMRAYYSACEYY6XGY5MEAIHSWK32DUCGAKEMX4FHBVUGS23OHCESE2NRSMDQMLANRYFAMGAIBRHY523ZLHS2VEMEOIHE67O7F5PXMWE"
    "U3M6EXV6XE4WPOKUJCDPTTDWEN6JLJAXD4KVKXQYY2DL7VP2PDVY6A4BTY3IQ64FVRZ4QAKELDVLCA24KGCJT2MLTHBNIZ5A5SPKLSKFBYLD"
    "K7GT5MRK5BBSHDBFUZ4JCPFHS75NB7JS6KF7QWRABCTLFDPEGUJDR6MLRU4RHTS3DPCQBLQWYIPQSKQCDIIBLCKNTYZJTGRMSWHOXI3DJAJE"
    "CRCBE54Z6R2CR6JYQ3WX4MHSDHGLR3SQ2A6FWWV3SF6XPASK6S2V2UE2YDJKHKBXXHDH26IXVX7KUHWW5WYZN5V22JOFGM63BZNDWB4RBJ2U"
    "QBT2HBZCP5QTXU7RXYUSQRDCQ4S2MAMS2C2JSI"
)
"""The two-unit Warsurge patrol (tests/test_share_profiles.py) with its profiles, as the Warbench before profiles
could build on a bundled catalogue made it: such codes keep decoding, and an own catalogue still gives them."""


def test_a_code_with_whole_profiles_from_before_still_decodes_and_is_still_made(tmp_path, monkeypatch):
    from tests.test_share_profiles import OWN, PATROL

    install("my-army", OWN.read_text(encoding="utf-8"))
    (tmp_path / "patrol.toml").write_text(PATROL, encoding="utf-8")
    before = read_roster(tmp_path / "patrol.toml")
    assert encode_roster(before.roster, before.catalogue) == GOLDEN
    fresh_home(tmp_path, monkeypatch)
    same_check(before, decode_share_code(GOLDEN))


def forged(bundled: object, **more: object) -> str:
    """A code with profiles that name `bundled` as the catalogue they build on, and the Firebrand example."""
    loaded = read_roster(EXAMPLES / "warcaster-firebrand.toml")
    blob = pack({"game": "warcaster", **more, BUNDLED_KEY: bundled})
    strangers = loaded.catalogue.model_copy(update={"id": "strangers"})
    return seal(encode_payload(loaded.roster, strangers, profiles=(blob, loaded.catalogue)), PROFILES_FORMAT)


GOOD = {"id": "warcaster-nm", "revision": 3, "hash": "0123abcd"}


@pytest.mark.parametrize(
    ("bundled", "more", "message"),
    [
        ([1], {}, "the share code's profiles are damaged (their bundled catalogue is not named right)"),
        (
            {**GOOD, "extra": 1},
            {},
            "the share code's profiles are damaged (their bundled catalogue is not named right)",
        ),
        (
            {**GOOD, "id": "warcaster-next"},
            {},
            "the share code's profiles build on catalogue 'warcaster-next', which this Warbench does not bundle "
            "for Warcaster: Neo-Mechanika (made by a newer Warbench?)",
        ),
        ({**GOOD, "revision": True}, {}, "the share code's profiles are damaged (their bundled catalogue's revision)"),
        ({**GOOD, "revision": 0}, {}, "the share code's profiles are damaged (their bundled catalogue's revision)"),
        ({**GOOD, "hash": "XYZ"}, {}, "the share code's profiles are damaged (their content hash)"),
        (
            {**GOOD, "changed": {"units": [{"dc": 3}]}},
            {},
            "the share code's profiles are damaged (their changes to the bundled catalogue)",
        ),
        ({**GOOD}, {"units": [{"id": ["a"]}]}, "the share code's profiles are damaged (an entry without an id)"),
        (
            {**GOOD, "changed": {"units": [{"id": "nobody", "dc": 3}]}},
            {},
            "the share code takes entries of the bundled catalogue 'warcaster-nm' revision 3 as its sender has them",
        ),
        (
            {**GOOD, "changed": {"units": [{"id": "firebrand", "dc": "many"}]}},
            {},
            "the share code's profiles are not a valid catalogue: the share code's profiles: units[",
        ),
        (GOOD, {}, "the share code takes entries of the bundled catalogue 'warcaster-nm' revision 3 as its sender"),
    ],
)
def test_hostile_references_to_the_bundled_catalogue_are_one_line_and_install_nothing(
    bundled, more, message, tmp_path, monkeypatch
):
    fresh_home(tmp_path, monkeypatch)
    with pytest.raises(ShareCodeError) as info:
        decode_share_code(forged(bundled, **more))
    assert str(info.value).startswith(message) and "\n" not in str(info.value)
    assert not installed_catalogue_dir().exists()


def test_a_player_shares_a_force_on_an_overlay_by_qr_picture(tmp_path, monkeypatch, capsys):
    """The command line as a player uses it: the QR picture on one machine, the whole round on a fresh one."""
    path = sender_roster("new-releases", MARCHER, tmp_path)
    picture = tmp_path / "force.png"
    status, out, _ = run(capsys, "share", "qr", path, "-o", picture)
    assert status == 0 and out.startswith(f"wrote {picture}: QR version 15, ")
    code = read_qr_image(picture)
    fresh_home(tmp_path, monkeypatch)
    theirs = tmp_path / "theirs.toml"
    assert run(capsys, "share", "import", picture, "-o", theirs)[0] == 0
    status, out, _ = run(capsys, "validate", theirs, "--json")
    report = json.loads(out)
    assert (status, report["valid"], report["totals"]["units"], report["totals"]["dc"]) == (0, True, 15, 29)
    assert run(capsys, "export", "pdf", theirs, "-o", tmp_path / "cards.pdf")[0] == 0
    assert run(capsys, "battle", "new", theirs, "--opponent", code, "-o", tmp_path / "battle.toml")[0] == 0
    status, out, _ = run(capsys, "battle", tmp_path / "battle.toml", "--json")
    assert status == 0 and [side["points"] for side in json.loads(out)["sides"]] == [29, 29]


def test_the_builders_import_takes_the_qr_picture_of_a_force_on_an_overlay(tmp_path, monkeypatch, capsys):
    """What Ctrl+O's worker reads from the picture (the prompt and the editor it opens: tests/test_tui_sharing.py)."""
    from builder.tui.importing import ImportDone, read_import

    path = sender_roster("new-releases", MARCHER, tmp_path)
    before = read_roster(path)
    picture = tmp_path / "force.png"
    assert run(capsys, "share", "qr", path, "-o", picture)[0] == 0
    fresh_home(tmp_path, monkeypatch)
    done = read_import(str(picture), tmp_path)
    assert isinstance(done, ImportDone) and done.loaded.roster.units == before.roster.units
    [note] = done.loaded.notes
    assert (
        "; 108 of them from your bundled 'warcaster-nm', the same as the sender's) as catalogue 'new-releases'" in note
    )
    assert (installed_catalogue_dir() / "new-releases.toml").is_file()
