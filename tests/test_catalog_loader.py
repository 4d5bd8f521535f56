"""Catalogue loading: ids and paths, installed catalogues, the content hash, the bundled set."""

from __future__ import annotations

import shutil
from collections import Counter

import pytest

from builder.catalogues import load_catalogue, read_catalogue_file
from catalog.errors import CatalogueError
from catalog.loader import content_hash, list_catalogues
from catalog.slug import slugify
from tests.conftest import FIXTURES, REPO

TINY = FIXTURES / "catalogues" / "tiny-warsurge.toml"
BUNDLED = sorted((REPO / "catalog" / "data").glob("*.toml"))


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("'Jack Hunter", "jack-hunter"),
        ("Assault Rifle & Bayonet", "assault-rifle-bayonet"),
        ("Left Shoulder", "left-shoulder"),
        ("Strike Raptor", "strike-raptor"),
        ("Warder's Shield", "warders-shield"),
        ("  --Über  Cannon--  ", "uber-cannon"),
        ("A.R.C. Node", "a-r-c-node"),
    ],
)
def test_slugs_follow_the_design_rule(name, slug):
    assert slugify(name) == slug


def test_hash_ignores_comments_spacing_and_key_order(tmp_path):
    original = read_catalogue_file(TINY)
    text = TINY.read_text(encoding="utf-8")
    shuffled = tmp_path / "same.toml"
    shuffled.write_text(
        "# a comment\n\n" + text.replace('name = "Troopers"\n', 'name   =   "Troopers"  # spaced\n'), encoding="utf-8"
    )
    assert read_catalogue_file(shuffled).content_hash == original.content_hash
    changed = tmp_path / "changed.toml"
    changed.write_text(text.replace("points = 5.0", "points = 5.5"), encoding="utf-8")
    assert read_catalogue_file(changed).content_hash != original.content_hash
    assert len(original.content_hash) == 8
    assert content_hash({"b": 1, "a": 2}) == content_hash({"a": 2, "b": 1})


def test_installed_catalogue_loads_by_id(isolated_home):
    folder = isolated_home / "catalogues"
    folder.mkdir()
    shutil.copy(TINY, folder / "tiny-warsurge.toml")
    assert load_catalogue("tiny-warsurge").name == "Tiny Warsurge test catalogue"
    info = [i for i in list_catalogues() if i.id == "tiny-warsurge"]
    assert len(info) == 1 and not info[0].bundled and info[0].revision == 3


def test_unknown_catalogue_id_suggests_near_ones():
    with pytest.raises(
        CatalogueError, match="unknown catalogue 'warsurge-exemples' — did you mean 'warsurge-examples'"
    ):
        load_catalogue("warsurge-exemples")


def test_relative_path_resolves_against_the_roster_folder():
    assert load_catalogue("./tiny-warsurge.toml", base_dir=TINY.parent).id == "tiny-warsurge"


def test_cache_returns_the_same_object_until_the_file_changes(tmp_path):
    path = tmp_path / "c.toml"
    shutil.copy(TINY, path)
    first = load_catalogue(str(path))
    assert load_catalogue(str(path)) is first
    path.write_text(path.read_text(encoding="utf-8").replace("revision = 3", "revision = 4"), encoding="utf-8")
    assert load_catalogue(str(path)).revision == 4


def test_the_four_bundled_catalogues_are_listed():
    bundled = {info.id: info.game for info in list_catalogues() if info.bundled}
    assert bundled == {
        "warcaster-nm": "warcaster",
        "mcwarrior": "mcwarrior",
        "warsurge-examples": "warsurge",
        "warmachine-example": "warmachine",
    }


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_bundled_catalogue_is_valid_and_named_after_its_id(path):
    catalogue = read_catalogue_file(path)
    assert catalogue.id == path.stem
    assert catalogue.revision >= 1


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_every_bundled_id_is_the_slug_of_its_name(path):
    catalogue = read_catalogue_file(path)
    mismatched = []
    for kind in ("unit", "weapon", "cortex", "cypher", "faction", "rule", "part", "upgrade", "skill", "entry"):
        entries = catalogue.known(kind)
        names = Counter(getattr(e, "name", None) for e in entries.values())
        for entry_id, entry in entries.items():
            name = getattr(entry, "name", None)
            if name is None or slugify(name) == entry_id:
                continue
            # Two different entries printed with one name: the second gets a disambiguating suffix.
            if names[name] > 1 and entry_id.startswith(slugify(name) + "-"):
                continue
            mismatched.append((kind, entry_id, name))
    assert mismatched == []
