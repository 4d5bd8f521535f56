"""The catalogue disk cache: a hit gives the same catalogue, any change misses, a broken cache is ignored."""

from __future__ import annotations

import shutil

from catalog import cache
from catalog.loader import read_catalogue_cached, read_catalogue_file
from tests.conftest import FIXTURES, REPO

WARCASTER = REPO / "catalog" / "data" / "warcaster-nm.toml"


def cached_files(home):
    return sorted((home / "cache" / "catalogues").glob("*.pickle"))


def test_a_cache_hit_gives_the_same_catalogue(isolated_home):
    fresh = read_catalogue_file(WARCASTER)
    first = read_catalogue_cached(WARCASTER)
    assert len(cached_files(isolated_home)) == 1
    second = read_catalogue_cached(WARCASTER)
    assert second is not first
    assert second.model_dump() == fresh.model_dump()
    assert second.content_hash == fresh.content_hash
    assert second.unit("dusk-wolf") == fresh.unit("dusk-wolf")
    assert second.known("weapon").keys() == fresh.known("weapon").keys()


def test_editing_the_file_misses_the_cache(isolated_home, tmp_path):
    path = tmp_path / "tiny.toml"
    shutil.copy(FIXTURES / "catalogues" / "tiny-warsurge.toml", path)
    assert read_catalogue_cached(path).revision == 3
    path.write_text(path.read_text(encoding="utf-8").replace("revision = 3", "revision = 4"), encoding="utf-8")
    assert read_catalogue_cached(path).revision == 4
    assert len(cached_files(isolated_home)) == 2


def test_a_corrupt_cache_file_is_ignored_and_rebuilt(isolated_home):
    read_catalogue_cached(WARCASTER)
    (stored,) = cached_files(isolated_home)
    stored.write_bytes(b"not a pickle")
    assert read_catalogue_cached(WARCASTER).id == "warcaster-nm"
    assert cache.load_cached(stored.stem) is not None


def test_a_read_only_cache_folder_does_not_stop_loading(isolated_home):
    (isolated_home / "cache").write_text("a file where the folder should be", encoding="utf-8")
    assert read_catalogue_cached(WARCASTER).id == "warcaster-nm"
