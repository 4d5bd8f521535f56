"""What a player builds: roster models, the rules of each game, the command line and the terminal UI."""
