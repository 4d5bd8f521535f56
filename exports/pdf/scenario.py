"""The scenario card printed with a roster's cards: the scenario's setup, special rules, scoring and victory."""

from __future__ import annotations

from catalog.scenarios import Scenario
from exports.pdf.blocks import Block, Rich
from exports.pdf.card import Card


def scenario_card(scenario: Scenario) -> Card:
    """One card with our summary of the scenario, each part under its own lead."""
    parts = (
        ("Setup:", scenario.setup),
        ("Special rules:", scenario.rules),
        ("Scoring:", scenario.scoring),
        ("Victory:", scenario.victory),
    )
    blocks: list[Block] = [Rich(lead, text) for lead, text in parts if text.strip()]
    return Card(scenario.name, subtitle="Scenario", blocks=blocks)
