"""Pydantic models of the catalogue files, one module per game."""
