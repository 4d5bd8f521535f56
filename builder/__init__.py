"""What a player builds: roster models, the rules of each game, the command line and the terminal UI."""

VERSION = "0.1.0"
"""The release, as `warbench --version` prints it (a test keeps it equal to pyproject's version)."""
