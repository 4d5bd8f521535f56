"""Screens of the builder: the start screen, the new-roster flow and one roster editor per game."""
