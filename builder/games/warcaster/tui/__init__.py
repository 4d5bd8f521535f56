"""Warcaster's own screens and widgets: the force editor with its rack builder, and the battle screen that deploys."""
