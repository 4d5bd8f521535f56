"""Why the catalogue editor refuses to remove an entry, asked before its Remove question (Del on the entry list)."""

from __future__ import annotations

import shutil

import pytest

from builder.editing.catalogue import CatalogueEditError, CatalogueSession
from builder.editing.storage import Store
from tests.conftest import FIXTURES


@pytest.fixture
def own(tmp_path) -> CatalogueSession:
    path = tmp_path / "mine.toml"
    shutil.copy(FIXTURES / "warsurge-own-catalogue.toml", path)
    return CatalogueSession.open(path, Store(tmp_path / "data"))


def test_an_entry_in_use_is_refused_with_its_users_and_an_unused_one_is_not(own):
    """The screen asks `refusal_to_remove` first and says the reason instead of asking (the key: the catalogue
    editor's Pilot test); a unit nobody names is removable, and a weapon no longer carried is too."""
    assert [w["id"] for w in own.data["weapons"]] == ["longbow", "hand-axe", "stomp"]
    assert own.refusal_to_remove("weapons", 0) == "Longbow is used by Marsh Rangers: change those first"
    assert own.refusal_to_remove("weapons", 2) == "Stomp is used by Bog Strider: change those first"
    assert own.refusal_to_remove("units", 0) is None
    with pytest.raises(CatalogueEditError, match="^Longbow is used by Marsh Rangers: change those first$"):
        own.remove("weapons", 0)
    assert [w["id"] for w in own.data["weapons"]] == ["longbow", "hand-axe", "stomp"] and not own.dirty
    own.set_value("units", 0, "weapons", ["hand-axe"])
    assert own.refusal_to_remove("weapons", 0) is None
    own.remove("weapons", 0)
    assert [w["id"] for w in own.data["weapons"]] == ["hand-axe", "stomp"]
