"""One package per game, each holding all of that game; the engines reach them only through `builder.game`."""
