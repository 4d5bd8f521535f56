"""Roster models: what a player built, exactly as the roster file says it (one module per game, named by its
record in `builder.games`, sharing `common.RosterBase`); `files` reads and writes roster files, and `header`
reads a file's game without building any model."""
