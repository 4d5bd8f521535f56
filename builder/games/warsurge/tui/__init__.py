"""Warsurge's own screens: a narrative in play, and the battle's command-point keys."""
