"""Share codes: exact round trips of every example, canonical codes, drafts, header checks and hostile input."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.catalogues import load_catalogue
from builder.games.mcwarrior.roster import McWarriorRoster
from builder.games.warcaster.roster import WarcasterRoster
from builder.games.warsurge.roster import WarsurgeRoster
from builder.roster.files import read_roster, write_roster
from exports.share import MAX_CODE_CHARS, decode_share_code, encode_roster
from exports.share.base32 import ALPHABET
from exports.share.bits import BitWriter
from exports.share.codec import encode_payload, write_common
from exports.share.envelope import seal, write_header
from exports.share.errors import ShareCodeError

REPO = Path(__file__).resolve().parent.parent
SAMPLES = sorted((REPO / "builder" / "examples").glob("*.toml")) + sorted(
    (REPO / "tests" / "fixtures" / "rosters").glob("*.toml")
)
MINI = REPO / "tests" / "fixtures" / "share" / "share-mini.toml"


def dump(roster) -> dict:
    return roster.model_dump(mode="json")


def as_shared(roster, catalogue) -> dict:
    """What a decoded roster holds: the roster, recorded against the revision the code names."""
    return dump(roster.model_copy(update={"catalogue_revision": catalogue.revision}))


def install_mini(home: Path, text: str | None = None) -> Path:
    """Put the share-mini catalogue where catalogues are found by id (optionally with edited text)."""
    target = home / "catalogues" / "share-mini.toml"
    target.parent.mkdir(parents=True, exist_ok=True)
    if text is None:
        shutil.copy(MINI, target)
    else:
        target.write_text(text, encoding="utf-8")
    return target


def mini_roster(**changes) -> WarcasterRoster:
    data = {
        "catalogue": "share-mini",
        "name": "Reds",
        "faction": "red",
        "rack": ["burn", "bend", "hum", "red-oath"],
        "units": [
            {"id": "red-walker", "cortex": "wild-cortex", "hardpoints": {"arm": "hammer", "back": "rocket"}},
            {"id": "red-squad", "attachments": ["red-banner"]},
            {"id": "drifter"},
        ],
    }
    data.update(changes)
    return WarcasterRoster.model_validate(data)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_example_round_trips_exactly(path):
    loaded = read_roster(path)
    code = encode_roster(loaded.roster, loaded.catalogue, with_notes=True)
    assert set(code) <= set(ALPHABET)
    back = decode_share_code(code)
    assert dump(back.roster) == as_shared(loaded.roster, loaded.catalogue)
    assert back.catalogue is loaded.catalogue
    assert encode_roster(back.roster, back.catalogue, with_notes=True) == code  # canonical: same roster, same code


@pytest.mark.parametrize(
    "path, version, most",
    [
        (REPO / "tests" / "fixtures" / "rosters" / "warcaster-largest.toml", 5, 122),
        (REPO / "builder" / "examples" / "mcwarrior-warband.toml", 6, 154),
    ],
    ids=["warcaster-largest", "mcwarrior-warband"],
)
def test_fits_a_small_qr_at_level_m(path, version, most):
    """A version-5 QR holds 122 alphanumeric characters at error correction M, a version 6 holds 154: the largest
    Warcaster force still fits a 5; a four-mech warband, with the 32-bit catalogue hash, needs a 6."""
    from exports.share.qr import qr_matrix

    loaded = read_roster(path)
    code = encode_roster(loaded.roster, loaded.catalogue, with_notes=True)
    assert len(code) <= most
    assert len(qr_matrix(code)) == 4 * version + 17


def test_own_catalogue_code_has_exact_size_and_round_trips(isolated_home):
    install_mini(isolated_home)
    roster = mini_roster()
    code = encode_roster(roster, load_catalogue("share-mini"), with_notes=True, profiles=False)
    # Without its profiles (the opponent has the catalogue): 35 bits of checksum and version, 101 of header (the id spelled out: 68, a 32-bit hash), 29 of name and
    # notes, 26 of force (strict flag, faction, 6-card bit set, 3 units): 191 bits -> 39 characters.
    assert len(code) == 39
    assert dump(decode_share_code(code).roster) == as_shared(roster, load_catalogue("share-mini"))


def test_reading_is_case_insensitive_and_ignores_surrounding_whitespace():
    loaded = read_roster(SAMPLES[0])
    code = encode_roster(loaded.roster, loaded.catalogue, with_notes=True)
    for text in (code.lower(), f"\n  {code}\t\r\n", code[:10].lower() + code[10:]):
        assert dump(decode_share_code(text).roster) == as_shared(loaded.roster, loaded.catalogue)


def test_the_same_roster_twice_gives_the_same_code():
    first, second = (read_roster(SAMPLES[0]) for _ in range(2))
    assert first.roster is not second.roster
    assert encode_roster(first.roster, first.catalogue, with_notes=True) == encode_roster(
        second.roster, second.catalogue, with_notes=True
    )


def test_illegal_drafts_still_encode_exactly():
    loaded = read_roster(REPO / "tests" / "fixtures" / "rosters" / "warcaster-largest.toml")
    roster = loaded.roster.model_copy(deep=True)
    roster.units = roster.units + roster.units[:3]  # 21 units: too many, too many of one chassis
    roster.units[0].hardpoints = {"tail": "battle-rifle", **roster.units[0].hardpoints}  # a slot it lacks
    roster.units[1].cortex = "neural-net-cortex"  # another chassis' cortex
    roster.units.append(roster.units[4].model_copy(update={"attachments": ["warder", "warder"]}))
    roster.rack = roster.rack + roster.rack[:2]  # duplicates
    roster.units.append(roster.units[0].model_copy(update={"id": "saber-guardians"}))  # another faction's squad
    code = encode_roster(roster, loaded.catalogue, with_notes=True)
    assert dump(decode_share_code(code).roster) == as_shared(roster, loaded.catalogue)


def test_every_roster_field_survives(isolated_home):
    install_mini(isolated_home)
    roster = mini_roster(notes="Line one\nline two: «ünïcødé» 🚀", name="Ünïcode ⚔ name")
    back = decode_share_code(encode_roster(roster, load_catalogue("share-mini"), with_notes=True)).roster
    assert back.notes == "Line one\nline two: «ünïcødé» 🚀"
    assert back.catalogue_revision == 1 and back.name == "Ünïcode ⚔ name"


def test_mcwarrior_and_warsurge_edge_values_survive():
    mc = McWarriorRoster.model_validate(
        {
            "catalogue": "mcwarrior",
            "budget": 100_000,
            "districts": 0,
            "mechs": [
                {
                    "name": "",
                    "pilot": "",
                    "parts": {"head": 0, "torso": 99},
                    "upgrades": {"head": {"id": "energy-shield", "level": 0}, "left-leg": "boosters"},
                }
            ],
        }
    )
    mcwarrior = load_catalogue("mcwarrior")
    assert dump(decode_share_code(encode_roster(mc, mcwarrior, with_notes=True)).roster) == as_shared(mc, mcwarrior)
    ws = WarsurgeRoster.model_validate(
        {
            "catalogue": "warsurge-examples",
            "point_limit": 0,
            "units": [
                {
                    "id": "troopers",
                    "models": 0,
                    "weapons": {"giant-rock": 100_000},
                    "points": 0.1 + 0.2,
                    "key": "a-1",
                    "embarked_in": "nowhere",
                    "label": "x" * 200,
                },
                {"id": "troopers", "weapons": {"laser-rifle": 7}, "points": 51.3, "embarked_in": "a-1"},
            ],
        }
    )
    warsurge = load_catalogue("warsurge-examples")
    back = decode_share_code(encode_roster(ws, warsurge, with_notes=True)).roster
    assert dump(back) == as_shared(ws, warsurge)
    assert back.units[0].points == 0.30000000000000004


@pytest.mark.parametrize(
    "change, message",
    [
        ({"notes": "n" * 2001}, "the roster's notes is too long for a share code (2001 characters; at most 2000)"),
        ({"units": [{"id": "red-squad"}] * 256}, "units: 256 entries is more than a share code holds (255)"),
    ],
)
def test_values_outside_the_codec_are_refused_on_encode(isolated_home, change, message):
    install_mini(isolated_home)
    with pytest.raises(ShareCodeError) as info:
        encode_roster(mini_roster(**change), load_catalogue("share-mini"), with_notes=True)
    assert str(info.value) == message


def test_out_of_range_numbers_and_wrong_catalogue_are_refused_on_encode():
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="less than or equal to 99"):
        McWarriorRoster.model_validate({"catalogue": "mcwarrior", "mechs": [{"parts": {"head": 2**45}}]})
    mc = McWarriorRoster.model_validate({"catalogue": "mcwarrior", "mechs": [{"parts": {"head": 2}}]})
    mc.mechs[0].parts["head"] = 2**45  # past the model's bound, as only code could make it
    with pytest.raises(ShareCodeError) as info:
        encode_roster(mc, load_catalogue("mcwarrior"), with_notes=True)
    assert str(info.value) == (
        "mechs[0].parts.head: 35184372088832 is out of the range a share code holds (-549755813887 to 549755813887)"
    )
    ws = WarsurgeRoster.model_validate({"catalogue": "warsurge-examples", "units": [{"id": "troopers"}]})
    with pytest.raises(ShareCodeError, match="a warsurge roster cannot be coded against the mcwarrior catalogue"):
        encode_roster(ws, load_catalogue("mcwarrior"), with_notes=True)


def test_own_catalogue_revision_change_is_named(isolated_home):
    installed = install_mini(isolated_home)
    code = encode_roster(mini_roster(), load_catalogue("share-mini"), profiles=False)
    installed.write_text(MINI.read_text().replace("revision = 1", "revision = 2"), encoding="utf-8")
    with pytest.raises(ShareCodeError) as info:
        decode_share_code(code)
    assert str(info.value) == "needs catalogue 'share-mini' revision 1; you have revision 2"


def test_same_revision_with_other_content_is_refused(isolated_home):
    installed = install_mini(isolated_home)
    catalogue = load_catalogue("share-mini")
    code = encode_roster(mini_roster(), catalogue, with_notes=True, profiles=False)
    installed.write_text(MINI.read_text().replace('name = "Hammer"', 'name = "Big Hammer"'), encoding="utf-8")
    edited = load_catalogue("share-mini")
    with pytest.raises(ShareCodeError) as info:
        decode_share_code(code)
    # A code carries the first 32 bits (8 hex digits) of the catalogue's content hash.
    assert str(info.value) == (
        f"needs catalogue 'share-mini' revision 1 with content hash {catalogue.content_hash[:8]}; "
        f"yours has the same revision but hash {edited.content_hash[:8]} (an edited copy?)"
    )


def test_a_catalogue_that_is_not_installed_is_named(isolated_home):
    installed = install_mini(isolated_home)
    code = encode_roster(mini_roster(), load_catalogue("share-mini"), profiles=False)
    installed.unlink()
    with pytest.raises(
        ShareCodeError,
        match="^the share code needs catalogue 'share-mini' revision 1, which cannot "
        "be loaded here: unknown catalogue 'share-mini'",
    ):
        decode_share_code(code)


def payload(catalogue, strict: bool = False) -> BitWriter:
    """Header and the fields of an empty roster, ready for hand-made game fields."""
    writer = BitWriter()
    write_header(writer, catalogue)
    write_common(writer, WarcasterRoster(catalogue=catalogue.id, faction="red"), False)
    writer.flag(strict)
    return writer


def test_out_of_range_index_and_trailing_data_are_refused():
    catalogue = load_catalogue("warcaster-nm")
    writer = payload(catalogue)
    writer.bits(0, 2)  # faction 0
    writer.bits(0, 1)  # format 0
    writer.flag(False)
    writer.bits(0, len(catalogue.cyphers))  # empty rack
    writer.number(1, "units")
    writer.bits(63, 6)  # unit 63 of 58
    with pytest.raises(ShareCodeError) as info:
        decode_share_code(seal(writer))
    assert str(info.value) == f"the share code names unit number 63, but there are only {len(catalogue.units)}"
    loaded = read_roster(SAMPLES[0])
    writer = encode_payload(loaded.roster, loaded.catalogue, with_notes=True)
    writer.bits(0, 5)
    with pytest.raises(ShareCodeError) as info:
        decode_share_code(seal(writer))
    assert str(info.value) == "the share code has trailing data after the roster (damaged code)"


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "not a share code: the text is empty"),
        ("  \n\t ", "not a share code: the text is empty"),
        ("ABCDEFG", "not a share code: 7 characters is too short (truncated?)"),
        (
            "ABCDEFGHIJKLMNOPQRSTÄ",
            "not a share code: character 21 is 'U+00C4' (share codes use only the letters A–Z and digits 2–7)",
        ),
        ("ABCD EFGH", "not a share code: character 5 is ' ' (share codes use only the letters A–Z and digits 2–7)"),
        (
            "https://example.com/x",
            "not a share code: character 6 is ':' (share codes use only the letters A–Z and digits 2–7)",
        ),
        (
            "ßSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSS",
            "not a share code: character 1 is 'U+00DF' (share codes use only the letters A–Z and digits 2–7)",
        ),
        ("🚀" * 30, "not a share code: character 1 is 'U+1F680' (share codes use only the letters A–Z and digits 2–7)"),
        (None, "not a share code: expected text"),
        (b"ABCDEFGH", "not a share code: expected text"),
    ],
)
def test_bad_input_is_one_clear_line(text, message):
    with pytest.raises(ShareCodeError) as info:
        decode_share_code(text)
    assert str(info.value) == message


def test_truncated_codes_are_refused():
    loaded = read_roster(SAMPLES[0])
    code = encode_roster(loaded.roster, loaded.catalogue, with_notes=True)
    for end in range(len(code)):
        with pytest.raises(ShareCodeError):
            decode_share_code(code[:end])


def test_huge_input_is_refused_before_any_work(monkeypatch):
    from exports.share import envelope

    def never(*_):
        raise AssertionError("a 5 MB input reached the Base32 decoder")

    monkeypatch.setattr(envelope, "decode_bits", never)
    huge = "A" * (5 * 1024 * 1024)
    with pytest.raises(ShareCodeError) as info:
        decode_share_code(huge)
    assert (
        str(info.value)
        == f"not a share code: 5242880 characters is too long (a share code has at most {MAX_CODE_CHARS})"
    )


def test_saving_a_roster_does_not_change_its_code(tmp_path):
    loaded = read_roster(SAMPLES[0])
    before = encode_roster(loaded.roster, loaded.catalogue, with_notes=True)
    write_roster(tmp_path / "saved.toml", loaded.roster, loaded.catalogue)  # records catalogue_revision
    saved = read_roster(tmp_path / "saved.toml")
    assert saved.roster.catalogue_revision == loaded.catalogue.revision
    assert encode_roster(saved.roster, saved.catalogue, with_notes=True) == before


def test_a_roster_from_an_older_revision_shares_as_current_without_renaming_twice(isolated_home, tmp_path):
    """Loading applies the renames; the code carries the renamed ids, so importing it reports no changes."""
    (isolated_home / "catalogues").mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "tests" / "fixtures" / "catalogues" / "tiny-warsurge.toml", isolated_home / "catalogues")
    path = tmp_path / "old.toml"
    path.write_text(
        'warbench = 1\ngame = "warsurge"\ncatalogue = "tiny-warsurge"\ncatalogue_revision = 1\n\n'
        '[[units]]\nid = "grunts"\nmodels = 5\nweapons = { laser-gun = 5 }\n',
        encoding="utf-8",
    )
    loaded = read_roster(path)
    assert loaded.notes[0] == "catalogue 'tiny-warsurge' has changed since this roster was saved (revision 1 → 3)"
    back = decode_share_code(encode_roster(loaded.roster, loaded.catalogue, with_notes=True))
    assert back.notes == []
    assert back.roster.catalogue_revision == 3
    assert [(u.id, u.weapons) for u in back.roster.units] == [("troopers", {"laser-rifle": 5})]


@pytest.mark.parametrize(
    "version, made_by", [(1, "an older Warbench: ask for a new code"), (2, "an older Warbench: ask for a new code")]
)
def test_a_code_in_another_format_names_both_formats(version, made_by):
    from exports.share.base32 import decode_bits, encode_bits
    from exports.share.envelope import CHECKSUM_BITS, CODE_FORMAT, VERSION_BITS

    loaded = read_roster(SAMPLES[0])
    value, length = decode_bits(encode_roster(loaded.roster, loaded.catalogue, with_notes=True))
    body_length = length - CHECKSUM_BITS - VERSION_BITS
    value ^= (CODE_FORMAT ^ version) << body_length
    with pytest.raises(ShareCodeError) as info:
        decode_share_code(encode_bits(value, length))
    assert str(info.value) == (
        f"the share code is in format {version}; this Warbench reads format {CODE_FORMAT} (made by {made_by})"
    )


@pytest.mark.parametrize("text", ["AAAABBBBCCCCDDDD", "AAAABBCBCCCCDDDD"])
def test_a_strangers_text_that_reads_as_an_older_format_is_called_damaged_not_old(text):
    """Typed junk whose version bits say format 1 or 2 was told it came from an older Warbench ("ask for a new
    code"), as if it were a code; those formats had the same checksum, so a wrong one is a damaged code."""
    from exports.share.base32 import decode_bits
    from exports.share.envelope import CHECKSUM_BITS, VERSION_BITS

    value, length = decode_bits(text)
    assert (value >> (length - CHECKSUM_BITS - VERSION_BITS)) & 7 in (1, 2)
    with pytest.raises(ShareCodeError) as info:
        decode_share_code(text)
    assert str(info.value) == "the share code is damaged or mistyped (its checksum does not match)"


@pytest.mark.parametrize("version, what", [(5, "a catalogue's code"), (6, "a battle's code"), (7, "a battle's code")])
def test_a_code_of_another_kind_says_which_command_opens_it(version, what):
    from exports.share.base32 import decode_bits, encode_bits
    from exports.share.envelope import CHECKSUM_BITS, CODE_FORMAT, VERSION_BITS

    loaded = read_roster(SAMPLES[0])
    value, length = decode_bits(encode_roster(loaded.roster, loaded.catalogue, with_notes=True))
    value ^= (CODE_FORMAT ^ version) << (length - CHECKSUM_BITS - VERSION_BITS)
    with pytest.raises(ShareCodeError, match=f"^this is {what}, not a roster's share code: "):
        decode_share_code(encode_bits(value, length))


def test_notes_are_private_unless_asked_for(isolated_home, capsys, tmp_path):
    from builder.cli import main
    from builder.roster.files import write_roster

    install_mini(isolated_home)
    catalogue = load_catalogue("share-mini")
    roster = mini_roster(notes="Ambush them on the left flank")
    private, shared = encode_roster(roster, catalogue), encode_roster(roster, catalogue, with_notes=True)
    assert decode_share_code(private).roster.notes == "" and len(private) < len(shared)
    assert decode_share_code(shared).roster.notes == "Ambush them on the left flank"
    path = tmp_path / "r.toml"
    write_roster(path, roster, catalogue)
    assert main(["share", "code", str(path)]) == 0 and capsys.readouterr().out.strip() == private
    assert main(["share", "code", str(path), "--notes"]) == 0 and capsys.readouterr().out.strip() == shared
