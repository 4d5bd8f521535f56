"""Each game's marks are its own model (`Game.mark_model`), read, kept and written back as that model; the battle
code writes them in the columns codes have always had and refuses a key it has no column for."""

from __future__ import annotations

import pytest
from pydantic import Field

from builder.battles import battle_code, battle_from_code, new_battle, read_battle
from builder.battles.model import UnitMark, as_model
from builder.battles.session import BattleSession
from builder.catalogues import load_catalogue
from builder.editing.storage import Store
from builder.games.mcwarrior.marks import heated
from builder.games.mcwarrior.unit_mark import MechMark
from builder.games.warcaster.unit_mark import WarcasterMark
from builder.games.warsurge.unit_mark import LeftMark
from exports.share.battle import BLANK_ROW, _more_of, _read_marks, _row, _write_marks
from exports.share.bits import BitReader, BitWriter
from exports.share.envelope import BATTLE_FORMATS
from exports.share.errors import ShareCodeError
from exports.share.mark_keys import MAX_KEYS_BYTES, read_keys

MARKED = {
    "warsurge-499.toml": (LeftMark, "index = 0\nhp = 5", {"index": 0, "hp": 5}),
    "warcaster-marcher-worlds.toml": (WarcasterMark, 'index = 0\nstatus = "play"\ndamage = [2]', {"index": 0}),
    "mcwarrior-rustbucket.toml": (MechMark, "index = 0\nheat = 4\nlost = { torso = 1 }", {"index": 0, "heat": 4}),
    "warmachine-example.toml": (UnitMark, "index = 0\ndamage = [3]", {"index": 0, "damage": [3]}),
}


@pytest.mark.parametrize("roster", sorted(MARKED))
def test_a_battle_reads_its_marks_as_its_games_model_and_a_blank_one_is_of_it_too(table, roster):
    model, marks, fields = MARKED[roster]
    path = table / "battle.toml"
    new_battle(table / roster, None, path)
    path.write_text(path.read_text(encoding="utf-8") + f"\n[[units]]\n{marks}\n", encoding="utf-8")
    battle = read_battle(path)
    mark = battle.units[0]
    assert type(mark) is model and mark.model_dump(include=set(fields)) == fields
    blank = battle.mark_of(0, 1)
    assert type(blank) is model and blank.is_blank() and not mark.is_blank()


def test_a_mark_changed_in_play_stays_its_games_model_and_is_written_as_its_keys(table):
    path = table / "battle.toml"
    new_battle(table / "mcwarrior-rustbucket.toml", None, path)
    session = BattleSession(path, Store(table / "data"))
    heated(session, 0, 0, 3)
    session.save()
    assert type(session.ledger.units[0]) is MechMark
    assert "[[units]]\nindex = 0\nheat = 3\n" in path.read_text(encoding="utf-8")
    assert read_battle(path).units[0] == MechMark(index=0, heat=3)


class _Morale(UnitMark):
    """A mark of a game whose key the battle code has no column for."""

    morale: int = Field(0, ge=0)


def test_a_games_own_mark_key_no_column_holds_travels_in_a_keys_kind_code_and_others_keep_theirs():
    """A game adds mark keys in its own package; the code carries those no column holds as their JSON, in an
    extended kind of its own (`KEYS_KIND`), so every code without such a key is the code it always was."""
    catalogue = load_catalogue("warmachine-example")
    writer = BitWriter()
    marks = [_Morale(index=0, damage=[2], morale=3), _Morale(index=4)]
    assert [_more_of(*_row(mark)) for mark in marks] == [3, 0]
    _write_marks(writer, marks, catalogue, more=3)
    reader = BitReader(writer.value, writer.length, version=BATTLE_FORMATS[-1])
    assert _read_marks(reader, catalogue, more=3) == [{"index": 0, "damage": [2], "morale": 3}, {"index": 4}]
    every_games = set(MechMark.model_fields) | set(WarcasterMark.model_fields) | set(LeftMark.model_fields)
    # every key a bundled game's mark has has its column, but McWarrior's checks passed, which came after the columns
    # and travel as a game's own keys do
    assert set(BLANK_ROW) == every_games - {"index", "checks"}


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b'{"heat":3}', "repeat its columns"),
        (b'{"index":1}', "repeat its columns"),
        (b"[1,2]", "not keys and values"),
        (b"\xff\xfe", "unreadable"),
        (b'{"morale":', "unreadable"),
        pytest.param(b'{"a":' + b"[" * 997 + b"]" * 997 + b"}", "unreadable", id="2,000 bytes nested past json"),
    ],
)
def test_a_strangers_own_keys_that_are_not_an_object_of_new_keys_are_a_damaged_code(data, said):
    writer = BitWriter()
    writer.count(len(data), MAX_KEYS_BYTES, "bytes")
    for byte in data:
        writer.bits(byte, 8)
    with pytest.raises(ShareCodeError, match=said):
        read_keys(BitReader(writer.value, writer.length), BLANK_ROW)
    short = BitWriter()
    short.count(MAX_KEYS_BYTES, MAX_KEYS_BYTES, "bytes")  # claims 2,000 bytes and ends
    with pytest.raises(ShareCodeError, match="ends inside"):
        read_keys(BitReader(short.value, short.length), BLANK_ROW)


def test_the_code_of_a_battle_with_each_games_marks_opens_to_the_same_marks(table, tmp_path):
    for roster, (model, marks, _fields) in MARKED.items():
        path = table / f"{roster}-battle.toml"
        new_battle(table / roster, str(table / roster), path)
        path.write_text(path.read_text(encoding="utf-8") + f"\n[[opponent_units]]\n{marks}\n", encoding="utf-8")

        opened = battle_from_code(battle_code(path), tmp_path / f"{roster}-opened.toml")
        assert opened.opponent_units == read_battle(path).opponent_units
        assert type(opened.opponent_units[0]) is model


def test_a_blank_mark_the_engine_made_reads_as_a_games_own_model_with_its_keys():
    assert as_model(UnitMark(index=1, damage=[1]), WarcasterMark) == WarcasterMark(index=1, damage=[1])
    mark = MechMark(index=0, heat=2)
    assert as_model(mark, MechMark) is mark
