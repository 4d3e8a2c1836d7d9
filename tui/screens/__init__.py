"""Shared screens: menu, new game, load, rules, settings, help, hand-off curtain, game over."""
