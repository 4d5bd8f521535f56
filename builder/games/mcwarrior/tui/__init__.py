"""McWarrior's own screens: the mech editor and the battle screen with parts, heat and pilots."""
