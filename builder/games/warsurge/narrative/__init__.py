"""Warsurge narratives: the narrative file, its checks, its maps, the enemy's director, and a narrative in play."""
