"""Warmachine's own screens: the journeyman league and the frontier campaign."""
