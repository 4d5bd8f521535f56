"""The Battle for Port Oldsand as plain text: each round's claims and sieges, who holds what, who picks next."""

from __future__ import annotations

from builder.games.mcwarrior.oldsand import OldsandResult, legal_picks
from catalog.wording import counted


def oldsand_text(result: OldsandResult) -> list[str]:
    lines = [
        f"{result.name or 'Battle for Port Oldsand'}: {'valid' if result.valid else 'NOT VALID'}, "
        f"{counted(len(result.rounds), 'round')} played"
    ]
    for r, rnd in enumerate(result.rounds):
        claims = ", ".join(f"{who} claims {d}" for who, d in rnd.claims) or "no claims"
        sieges = "; ".join(
            f"{s.district} besieged by {', '.join(s.players)}, won by {s.winner or '?'}" for s in rnd.sieges
        )
        lines.append(f"  round {r + 1}: {claims}" + (f"; {sieges}" if sieges else ""))
    for p in result.players:
        lines.append(
            f"  {p.name:<16} {counted(len(p.districts), 'district')}, {p.bolts} bolts: {', '.join(p.districts)}"
        )
    if result.winner:
        lines.append(f"winner: {result.winner}")
    else:
        lines += [f"next: {p.name} may pick {', '.join(legal_picks(result, p.name))}" for p in result.players]
    return lines
