"""Ledger results as plain text: what the ledger's kind reports, its findings after."""

from __future__ import annotations

from builder.campaigns.ledger import CampaignResult
from builder.ledgers import campaign_kind
from catalog.wording import listed


def result_text(result: CampaignResult) -> list[str]:
    """The readable report of any league or campaign result, findings last."""
    body = campaign_kind(result.kind).text(result)
    return body + listed([f"  {f.severity:<7} {f.code:<26} {f.path}: {f.message}" for f in result.findings])
