"""A narrative in play as a share code: `narrative code` and `narrative import` round trip its players, rosters
and whole log; other codes and other commands say what the code is; an old format-1 roster code is still one."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.cli import main
from builder.game import game
from builder.games.warsurge.narrative import code as narrative_code
from builder.games.warsurge.narrative.play import Entry
from builder.games.warsurge.narrative.play_text import play_lines
from builder.roster.files import read_roster
from builder.tui import importing
from exports.share import decode_share_code, encode_roster
from exports.share.base32 import ALPHABET
from exports.share.catalogue_code import split
from exports.share.codec import encode_payload
from exports.share.envelope import seal
from exports.share.errors import ShareCodeError
from exports.share.qr import write_qr
from tests.test_warsurge_narrative_play import CAPTAIN, EXAMPLES, play_file, session


def played(tmp_path: Path) -> Path:
    """Two players through both stages: every kind of entry the log holds."""
    path = play_file(tmp_path, CAPTAIN, (EXAMPLES / "warsurge-499.toml").read_text())
    s = session(path, tmp_path)
    for entry in (
        Entry(what="damage", unit="L1", amount=2, by="1:2"),
        Entry(what="casualty", unit="2:3"),
        Entry(what="damage", unit="1:1", amount=2),
        Entry(what="damage", unit="1:1", amount=-1, by="2:1"),
        Entry(what="perk", unit="1:1", perk="Use I"),
        Entry(what="alert", unit="L2"),
        Entry(what="move", unit="P1", square="H4"),
        Entry(what="choose", event="ferryman", choice="pay"),
        Entry(what="turn"),
        Entry(what="next"),
        Entry(what="challenge", challenge="lamp", outcome="failed"),
        Entry(what="damage", unit="B1", amount=7, by="2:2"),
    ):
        s.log(entry, entry.what)
    s.save()
    return path


def code_of(path: Path, capsys) -> str:
    capsys.readouterr()
    assert main(["narrative", "code", str(path)]) == 0
    return capsys.readouterr().out.strip()


def test_a_narrative_in_play_round_trips_through_its_code(tmp_path, capsys):
    path = played(tmp_path)
    code = code_of(path, capsys)
    assert len(code) < 400
    other = tmp_path / "other"
    other.mkdir()
    assert main(["narrative", "import", code, "-o", str(other / "beacon.toml")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert (
        out[0] == f"wrote {other / 'beacon.toml'} and {other / 'beacon-player1.toml'}, {other / 'beacon-player2.toml'}"
    )
    mine, theirs = session(path, tmp_path), session(other / "beacon.toml", tmp_path)
    assert theirs.ledger.log == mine.ledger.log and theirs.ledger.name == mine.ledger.name
    assert [p.name for p in theirs.ledger.players] == ["Player 1", "Player 2"]
    assert play_lines(theirs.result, 80, 24) == play_lines(mine.result, 80, 24)
    assert (theirs.result.stage, theirs.result.point_limit, theirs.result.enemy_state("B1")) == (1, 550, (5, 12))
    for n, original in ((1, tmp_path / "r0.toml"), (2, tmp_path / "r1.toml")):
        imported, own = read_roster(other / f"beacon-player{n}.toml").roster, read_roster(original).roster
        assert (imported.name, imported.units) == (own.name, own.units)  # as a roster's code carries it
    assert code_of(other / "beacon.toml", capsys) == code  # the same play, the same code


def test_other_codes_say_what_they_are_and_nothing_is_written(tmp_path, capsys):
    path = played(tmp_path)
    code = code_of(path, capsys)
    roster_code = code_of_roster(tmp_path / "r0.toml", capsys)
    middle = len(code) // 2
    damaged = code[:middle] + ALPHABET[(ALPHABET.index(code[middle]) + 1) % 32] + code[middle + 1 :]
    out = tmp_path / "new.toml"
    for command, message in (
        (
            ["share", "import", code, "-o", str(out)],
            "this is a narrative's code, not a roster's share code: open it with `warbench narrative import`",
        ),
        (
            ["battle", "import", code, "-o", str(out)],
            "this is a narrative's code, not a battle's code: open it with `warbench narrative import`",
        ),
        (
            ["narrative", "import", roster_code, "-o", str(out)],
            "this is a roster's share code, not a narrative's code: import it with `warbench share import`",
        ),
        (
            ["narrative", "import", damaged, "-o", str(out)],
            "the share code is damaged or mistyped (its checksum does not match)",
        ),
        (["narrative", "import", code, "-o", str(path)], f"{path}: already exists (use --overwrite to replace it)"),
    ):
        capsys.readouterr()
        assert main(command) == 2
        assert capsys.readouterr().err == f"warbench: {message}\n"
    assert not out.exists() and not (tmp_path / "play-player1.toml").exists()


def code_of_roster(path: Path, capsys) -> str:
    capsys.readouterr()
    assert main(["share", "code", str(path)]) == 0
    return capsys.readouterr().out.strip()


def test_a_code_of_another_version_of_a_bundled_narrative_is_refused(tmp_path, capsys, monkeypatch):
    code = code_of(played(tmp_path), capsys)
    monkeypatch.setattr(narrative_code, "narrative_hash", lambda narrative: 12345)
    assert main(["narrative", "import", code, "-o", str(tmp_path / "n.toml")]) == 2
    assert capsys.readouterr().err == (
        "warbench: the code was made with another version of narrative 'saltmarsh-beacon': its log may not fit\n"
    )


def own_story(tmp_path: Path) -> Path:
    """A play of a narrative of the players' own: the bundled one's file, renamed and with a comment of its author."""
    path = played(tmp_path)
    text = Path(narrative_code.bundled_narratives()["saltmarsh-beacon"]).read_text(encoding="utf-8")
    story = tmp_path / "story.toml"
    story.write_text("# Our table's version, by Anna\n" + text.replace("The Saltmarsh Beacon", "Anna's Beacon", 1))
    path.write_text(path.read_text().replace('narrative = "saltmarsh-beacon"', 'narrative = "story.toml"'))
    return path


def test_a_narrative_of_the_players_own_travels_in_the_code_and_is_written_beside_the_play(tmp_path, capsys):
    path = own_story(tmp_path)
    code = code_of(path, capsys)
    assert len(code) < 4000  # the narrative deflated: some 2,200 bytes of its 5,300
    other = tmp_path / "other"
    other.mkdir()
    assert main(["narrative", "import", code, "-o", str(other / "beacon.toml")]) == 0
    written = [
        f"{other / 'beacon-player1.toml'}",
        f"{other / 'beacon-player2.toml'}",
        f"{other / 'beacon-narrative.toml'}",
    ]
    assert capsys.readouterr().out.splitlines()[0] == f"wrote {other / 'beacon.toml'} and {', '.join(written)}"
    assert (other / "beacon-narrative.toml").read_text(encoding="utf-8") == (tmp_path / "story.toml").read_text(
        encoding="utf-8"
    )  # as its author wrote it, comments and all
    mine, theirs = session(path, tmp_path), session(other / "beacon.toml", tmp_path)
    assert theirs.ledger.narrative == "beacon-narrative.toml" and theirs.ledger.log == mine.ledger.log
    assert play_lines(theirs.result, 80, 24) == play_lines(mine.result, 80, 24)
    assert code_of(other / "beacon.toml", capsys) == code  # the same play, the same code


def test_a_code_whose_own_narrative_was_tampered_with_or_is_not_one_is_refused_and_writes_nothing(
    tmp_path, capsys, monkeypatch
):
    path = own_story(tmp_path)
    real = narrative_code.zlib.compress
    out = tmp_path / "n.toml"
    for swapped, message in (
        (
            b'warbench = 1\nkind = "roster"\ngame = "warsurge"\n',
            "the code's narrative: this is a roster, not a narrative; open it with `warbench validate FILE`",
        ),
        (b"\xff\xfe", "the code's narrative is not UTF-8 text (damaged code)"),
    ):
        monkeypatch.setattr(narrative_code.zlib, "compress", lambda data, level, swapped=swapped: real(swapped, level))
        code = code_of(path, capsys)
        monkeypatch.undo()
        assert main(["narrative", "import", code, "-o", str(out)]) == 2
        assert capsys.readouterr().err.startswith(f"warbench: {message}")
    assert not out.exists() and not (tmp_path / "n-narrative.toml").exists()


def test_an_old_format_1_roster_code_still_says_it_is_old():
    """Format 1 carries the narrative's code behind 40 zero bits; an old roster code of format 1 never starts so."""
    loaded = read_roster(EXAMPLES / "warsurge-499.toml")
    old = seal(encode_payload(loaded.roster, loaded.catalogue), 1)
    with pytest.raises(ShareCodeError) as info:
        decode_share_code(old)
    assert str(info.value) == (
        "the share code is in format 1; this Warbench reads format 3 (made by an older Warbench: ask for a new code)"
    )
    with pytest.raises(ShareCodeError, match=r"^the share code is in format 1, an older Warbench's roster code, "):
        narrative_code.decode_play(old)


def test_a_qr_picture_of_a_narrative_code_imports_and_a_missing_picture_is_one_line(tmp_path, capsys):
    """As `battle import` does, `narrative import` reads the code from a photo or screenshot of its QR."""
    from exports.share.qr import write_qr

    path = played(tmp_path)
    code = code_of(path, capsys)
    picture = tmp_path / "beacon-qr.png"
    write_qr(code, picture)
    assert main(["narrative", "import", str(picture), "-o", str(tmp_path / "from-qr.toml")]) == 0
    capsys.readouterr()
    assert code_of(tmp_path / "from-qr.toml", capsys) == code
    assert main(["narrative", "import", str(tmp_path / "gone.png"), "-o", str(tmp_path / "x.toml")]) == 2
    assert capsys.readouterr().err == f"warbench: {tmp_path / 'gone.png'}: no such image file (and not a share code)\n"
    assert not (tmp_path / "x.toml").exists()


def test_the_code_of_an_own_narrative_imports_from_its_numbered_parts_in_any_order(tmp_path, capsys):
    code = code_of(own_story(tmp_path), capsys)
    parts = split(code)
    assert len(parts) == 4 and parts[0].startswith("1/4 ")
    assert main(["narrative", "import", " ".join(reversed(parts)), "-o", str(tmp_path / "n.toml")]) == 0
    capsys.readouterr()
    assert code_of(tmp_path / "n.toml", capsys) == code
    assert main(["narrative", "import", " ".join(parts[:3]), "-o", str(tmp_path / "m.toml")]) == 2
    assert capsys.readouterr().err == "warbench: part 4 of 4 is missing\n"


def test_the_builders_import_prompt_takes_a_narrative_code_its_parts_or_its_qr_and_writes_the_play(tmp_path, capsys):
    """Ctrl+O's import: a narrative in play's code (whole, as numbered parts, or a QR picture) is accepted by the
    prompt and written under a free name with its rosters beside it; a roster's code is no narrative's."""
    code = code_of(played(tmp_path), capsys)
    book = game("warsurge").narratives
    picture = tmp_path / "qr.png"
    write_qr(code, picture)
    parts = " ".join(split(code, 3))
    assert (
        importing.narrative_code(code)
        == importing.narrative_code(parts)
        == importing.narrative_code(str(picture))
        == (book, code)
    )
    roster = read_roster(EXAMPLES / "warsurge-499.toml")
    assert importing.narrative_code(encode_roster(roster.roster, roster.catalogue)) is None
    assert importing.refused_code(parts, lambda path: None) is None
    received = tmp_path / "received"
    received.mkdir()
    (received / "narrative-player1.toml").write_text("")  # a name an earlier import took: the next is free
    target = importing._free_path(received, "narrative")
    assert target.name == "narrative-2.toml"
    assert [path.name for path in book.import_play(code, target)] == [
        "narrative-2.toml",
        "narrative-2-player1.toml",
        "narrative-2-player2.toml",
    ]
    assert code_of(target, capsys) == code
