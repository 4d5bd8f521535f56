"""Warsurge's own screens: a narrative in play."""
