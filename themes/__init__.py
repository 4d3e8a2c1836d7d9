"""Meeple's colour themes: TOML data files mapped to Textual ``Theme`` objects.

Built-in themes (package data, ``themes/*.toml``):

==========================  ========================================================
``meeple-dark``             default; warm dark colours
``meeple-light``            ink on paper
``meeple-high-contrast``    black and white, every colour at least 7:1
``meeple-okabe-ito``        colour-blind safe player colours (Okabe-Ito palette)
``meeple-ansi16``           only the 16 ANSI colours, in the terminal's own palette
                            (Textual's native ANSI mode) for plain SSH terminals
==========================  ========================================================

User themes are read from ``platformdirs.user_config_dir("meeple")/themes/*.toml``
(:func:`user_themes_dir`). A broken one is skipped with a message naming the file; so is
one whose name is taken by a built-in (Meeple's or Textual's) or by an earlier file.

App-specific CSS variables
--------------------------
Every Meeple theme defines all of these (user themes get :func:`variable_defaults` for
any they leave out); the app returns the defaults from
``App.get_theme_variable_defaults()`` so Textual's own themes work too.

``$player-1`` .. ``$player-5``
    Seat colours, in seat order: pieces, names, scores. Board glyphs, so readable as
    text (4.5:1; 7:1 in the high-contrast theme) on ``$background``, ``$surface``,
    ``$board-bg`` and a focused board's ``$boost``; never the only cue (seats also have
    letters).
``$board-bg``
    Background of board areas (maps, grids, tracks).
``$highlight``
    Background of the board cursor / current selection; ``$foreground`` text on it is
    readable (4.5:1).
``$legal``
    Marks where a legal action can go (targets, free cells).
``$neutral``
    Pieces that belong to no player: El Grande's King, Council's King, Quadropolis'
    Urbanist.
``$inhabitant``
    Quadropolis inhabitants (people).
``$energy``
    Quadropolis energy (barrels).

``$city-gold``, ``$city-silver``, ``$city-bronze``, ``$city-iron``, ``$city-royal``
    Council of Four's city classes (the city letters on the map): readable as text
    (4.5:1; 7:1 in the high-contrast theme) on every board background, and distinct
    from each other.

``$legal``, ``$neutral``, ``$inhabitant`` and ``$energy`` are foreground colours,
readable (3:1) on ``$board-bg`` and distinct from the player colours.

Textual's ``$primary``, ``$secondary``, ``$accent``, ``$success``, ``$warning`` and
``$error`` also colour board glyphs (Quadropolis' building kinds), so they too reach
4.5:1 on every board background (``tests/themes/test_glyph_contrast.py``).

File format
-----------
::

    name = "my-theme"            # required; lowercase letters, digits, '-', '_'
    title = "My theme"           # optional label for the settings screen
    dark = true                  # required
    ansi = false                 # optional: Textual's native ANSI mode (ansi_* colours)
    luminosity_spread = 0.15     # optional, 0..1
    text_alpha = 0.95            # optional, 0..1
    players = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#CC79A7"]   # up to 5

    [colors]                     # primary, foreground, background required;
    primary = "#56B4E9"          # also secondary, accent, surface, panel, boost,
    foreground = "#EDEDED"       # warning, error, success
    background = "#16181D"

    [game]                       # optional: board-bg, highlight, legal, neutral,
    legal = "#FFFFFF"            # inhabitant, energy, city-gold .. city-royal

    [variables]                  # optional: overrides of Textual's own variables
    block-cursor-background = "#FFD700"

Colours are anything Textual parses: ``#RRGGBB``, ``#RRGGBBAA``, ``rgb(...)``, CSS names,
``ansi_red`` .. ``ansi_bright_white`` and ``ansi_default``.
"""

from __future__ import annotations

from themes.loader import (
    APP_VARIABLES,
    BASE_COLORS,
    DEFAULT_THEME,
    GAME_VARIABLES,
    MAX_PLAYERS,
    PLAYER_VARIABLES,
    MeepleTheme,
    ThemeError,
    load_builtin_themes,
    load_user_themes,
    player_colors,
    theme_from_toml,
    theme_title,
    user_themes_dir,
    variable_defaults,
)

__all__ = [
    "APP_VARIABLES",
    "BASE_COLORS",
    "DEFAULT_THEME",
    "GAME_VARIABLES",
    "MAX_PLAYERS",
    "PLAYER_VARIABLES",
    "MeepleTheme",
    "ThemeError",
    "load_builtin_themes",
    "load_user_themes",
    "player_colors",
    "theme_from_toml",
    "theme_title",
    "user_themes_dir",
    "variable_defaults",
]
