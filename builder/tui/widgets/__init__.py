"""Widgets of the builder: they show what the screen sets and post messages about what the player did."""
