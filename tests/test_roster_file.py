"""Roster files: round trips, format migration, catalogue revision changes, atomic saves."""

from __future__ import annotations

import os

import pytest

from builder.games.warsurge.roster import WarsurgeRoster
from builder.roster.errors import RosterFileError
from builder.roster.files import dump_roster, parse_roster, read_roster, write_roster
from tests.conftest import EXAMPLES, FIXTURES

TINY = FIXTURES / "catalogues" / "tiny-warsurge.toml"


def tiny_roster(tmp_path, body: str, name: str = "r.toml"):
    path = tmp_path / name
    path.write_text(f'warbench = 1\ngame = "warsurge"\ncatalogue = "{TINY}"\n{body}', encoding="utf-8")
    return path


def test_dump_then_parse_gives_the_same_roster(tmp_path):
    path = tiny_roster(
        tmp_path,
        'name = "A <b> & \\"c\\""\npoint_limit = 300\n\n[[units]]\nid = "troopers"\nmodels = 7\nweapons = { laser-rifle = 7 }\n',
    )
    loaded = read_roster(path)
    again = parse_roster(dump_roster(loaded.roster), base_dir=tmp_path)
    assert again.roster == loaded.roster
    assert again.roster.name == 'A <b> & "c"'
    assert again.roster.units[0].weapons == {"laser-rifle": 7}


def test_written_file_starts_with_the_header_keys(tmp_path):
    loaded = read_roster(tiny_roster(tmp_path, "point_limit = 300\n"))
    text = dump_roster(loaded.roster)
    assert text.splitlines()[:3] == ["warbench = 1", 'game = "warsurge"', f'catalogue = "{TINY}"']
    assert "point_limit = 300" in text


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_every_example_roster_survives_a_save(example, tmp_path):
    loaded = read_roster(example)
    copy = tmp_path / example.name
    write_roster(copy, loaded.roster, loaded.catalogue)
    reread = read_roster(copy) if not loaded.roster.catalogue.endswith(".toml") else None
    if reread is not None:
        assert reread.roster.model_dump(exclude={"catalogue_revision"}) == loaded.roster.model_dump(
            exclude={"catalogue_revision"}
        )
        assert reread.roster.catalogue_revision == loaded.catalogue.revision


def test_format_0_file_is_migrated_and_says_so(tmp_path):
    path = tmp_path / "old.toml"
    path.write_text('game = "warsurge"\ncatalogue = "' + str(TINY) + '"\n', encoding="utf-8")
    loaded = read_roster(path)
    assert loaded.roster.warbench == 1
    path.write_text('game = "mcwarrior"\n', encoding="utf-8")
    if (EXAMPLES.parent.parent / "catalog" / "data" / "mcwarrior.toml").exists():
        loaded = read_roster(path)
        assert loaded.roster.catalogue == "mcwarrior"
        assert loaded.notes == ["format 0 → 1: catalogue set to the bundled 'mcwarrior'"]


def test_older_catalogue_revision_loads_and_reports_renames(tmp_path):
    path = tiny_roster(
        tmp_path, 'catalogue_revision = 1\n\n[[units]]\nid = "grunts"\nmodels = 5\nweapons = { laser-gun = 5 }\n'
    )
    loaded = read_roster(path)
    assert loaded.roster.units[0].id == "troopers"
    assert loaded.roster.units[0].weapons == {"laser-rifle": 5}
    assert loaded.notes == [
        "catalogue 'tiny-warsurge' has changed since this roster was saved (revision 1 → 3)",
        "revision 2: units[0].id: 'grunts' is now 'troopers'",
        "revision 2: units[0].weapons.laser-gun: 'laser-gun' is now 'laser-rifle'",
        "revision 2: Laser Gun renamed Laser Rifle; Grunts renamed Troopers.",
        "revision 3: Flamer withdrawn.",
    ]
    assert path.read_text(encoding="utf-8").count("grunts") == 1, "loading never rewrites the file"


def test_current_revision_has_no_notes(tmp_path):
    assert read_roster(tiny_roster(tmp_path, "catalogue_revision = 3\n")).notes == []


def test_save_is_atomic_when_the_disk_fails(tmp_path, monkeypatch):
    path = tiny_roster(tmp_path, 'name = "original"\n')
    before = path.read_text(encoding="utf-8")
    loaded = read_roster(path)
    loaded.roster.name = "changed"

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(RosterFileError, match="cannot write roster"):
        write_roster(path, loaded.roster)
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["r.toml"], "no temp file left behind"


def test_unwritable_target_is_a_roster_file_error(tmp_path):
    roster = WarsurgeRoster(catalogue=str(TINY))
    with pytest.raises(RosterFileError, match="cannot write roster"):
        write_roster(tmp_path / "missing-dir" / "r.toml", roster)


def test_nothing_is_dropped_unknown_keys_refuse_instead(tmp_path):
    path = tiny_roster(tmp_path, 'faction = "x"\n')
    with pytest.raises(RosterFileError, match="faction: unknown key"):
        read_roster(path)


def test_saving_through_a_link_keeps_the_link_and_new_files_follow_the_umask(tmp_path):
    import os
    import stat

    from catalog.files import write_atomic

    real = tmp_path / "real.toml"
    link = tmp_path / "link.toml"
    real.write_text("old", encoding="utf-8")
    os.chmod(real, 0o640)
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640  # an existing file keeps its mode
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "fresh.toml", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "fresh.toml").stat().st_mode) == 0o644  # as open() would make it


def test_a_killed_saves_leftover_is_removed_by_the_next_save(tmp_path):
    import os
    import time

    from catalog.files import STALE_SECONDS, write_atomic

    target = tmp_path / "army.toml"
    leftover = tmp_path / ".army.toml.abc123.tmp"
    leftover.write_text("half", encoding="utf-8")
    old = time.time() - STALE_SECONDS - 5
    os.utime(leftover, (old, old))
    write_atomic(target, "whole")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["army.toml"]
