"""Widgets shared by every game screen: status line, action list, log, scoreboard, players."""
