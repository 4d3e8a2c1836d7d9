"""The Textual front end of Meeple: app, screens, per-game boards and shared widgets."""
