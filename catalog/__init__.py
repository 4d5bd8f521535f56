"""What a game offers: catalogue models, the loader and the bundled catalogue files."""
