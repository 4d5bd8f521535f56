"""Warsurge's screens: the battle's command-point keys."""
