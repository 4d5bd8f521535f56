"""BattleScribe rosters (.ros XML, .rosz zip) read safely and turned into Warbench rosters."""
