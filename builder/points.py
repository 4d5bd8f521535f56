"""Points as every message writes them, for every game that counts points in decimals."""

from __future__ import annotations


def show(value: float) -> str:
    """Points for a message: up to two decimals, no trailing zeros (37, 49.99, 163.08)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text
