"""The Warmachine example catalogue with a command attachment added (the bundled one has none), for tests."""

from __future__ import annotations

from builder.catalogues import load_catalogue
from builder.games.warmachine.catalogue import WarmachineCatalogue

FOREMAN = {
    "id": "rivetgun-foreman",
    "name": "Rivetgun Foreman",
    "faction": "cogmire-union",
    "type": "attachment",
    "points": 3,
    "fa": 2,
    "damage": 5,
    "joins": ["rivetgun-squad"],
    "summary": "A foreman who keeps the rivets coming.",
}


def with_foreman() -> WarmachineCatalogue:
    """warmachine-example plus the Rivetgun Foreman, who may join a Rivetgun Squad."""
    data = load_catalogue("warmachine-example").model_dump(by_alias=True, exclude_unset=True)
    data["entries"] = [*data["entries"], FOREMAN]
    catalogue = WarmachineCatalogue.model_validate(data)
    assert not catalogue.cross_reference_problems()
    return catalogue
