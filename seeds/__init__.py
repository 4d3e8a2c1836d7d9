"""Game content as data files (TOML), one folder per game."""
