"""Game glyphs read on the boards: 4.5:1 for every player and building colour, every theme.

The boards are drawn on the screen's ``$background`` (``$boost`` over it while the board
has focus, see ``tui/games/*.tcss``); ``$surface`` and ``$board-bg`` are the other
backgrounds a board may sit on, so glyphs must read on all of them. The colours are taken
from the render modules themselves (their style strings), so a change there is checked
too:

* seats: ``tui.widgets.players.player_style`` (``$player-1`` .. ``$player-5``), used by
  every board (El Grande's caballeros, Council's merchants, Quadropolis' architects);
* Quadropolis buildings: ``tui.games.quadropolis_render.STYLES`` (theme base colours);
* Council of Four: city classes (``CLASS_STYLE``, the theme's ``$city-*`` colours) and
  councillor/card chips (``COLOUR_STYLE``, a fixed letter colour on its
  own fixed chip colour).

Theme colours are read from the colour system Textual generates (what ``$warning`` really
paints, which may differ from the file by a rounding step).
"""

from __future__ import annotations

import pytest
from textual.color import Color
from textual.theme import Theme

from tests.themes.support import BUILTIN_NAMES
from themes import MAX_PLAYERS, load_builtin_themes, variable_defaults
from themes.contrast import contrast_ratio, resolve
from tui.games.council_render import CLASS_STYLE, COLOUR_STYLE
from tui.games.quadropolis_render import STYLES as BUILDING_STYLES
from tui.widgets.players import player_style

HIGH_CONTRAST = "meeple-high-contrast"
GLYPH_MINIMUM = 4.5
"""WCAG AA for text: board glyphs are letters, so they need what text needs."""

_THEMES: dict[str, Theme] = {theme.name: theme for theme in load_builtin_themes()}


def style_colours(style: str) -> tuple[str | None, str | None]:
    """The (foreground, background) colour words of a Content style such as
    ``"bold $warning"`` or ``"bold #000000 on #f39c34"``; None where there is none."""
    words = style.split()
    background = None
    if "on" in words:
        at = words.index("on")
        background = words[at + 1]
        words = words[:at]
    colours = [word for word in words if word.startswith(("$", "#")) or "_" in word]
    assert len(colours) <= 1, style
    return (colours[0] if colours else None), background


def css_variables(theme: Theme) -> dict[str, str]:
    """The CSS variables ``theme`` gives the app, merged as ``App.get_css_variables`` does."""
    return {**variable_defaults(), **theme.to_color_system().generate(), **theme.variables}


def theme_colour(theme: Theme, word: str) -> str:
    """A colour word of a style: ``$name`` looked up in the theme's CSS variables."""
    return css_variables(theme)[word[1:]] if word.startswith("$") else word


def board_backgrounds(theme: Theme) -> dict[str, Color]:
    """Every opaque background a board's glyphs may be drawn on in ``theme``."""
    variables = css_variables(theme)

    def opaque(value: str, over: Color | None = None) -> Color:
        return resolve(value, over=over, dark=theme.dark, role="background")

    background = opaque(variables["background"])
    found = {
        "background": background,
        "surface": opaque(variables["surface"], background),
        "board-bg": opaque(variables["board-bg"], background),
    }
    # A focused board: $boost over what it stands on.
    for name in ("background", "board-bg"):
        found[f"boost over {name}"] = opaque(variables["boost"], found[name])
    return found


def ink(theme: Theme, word: str) -> Color:
    """A glyph colour of ``theme`` made opaque."""
    return resolve(theme_colour(theme, word), dark=theme.dark)


def lowest(theme: Theme, word: str) -> tuple[float, str]:
    """The lowest ratio of a glyph colour over the board backgrounds, and where."""
    colour = ink(theme, word)
    return min(
        (contrast_ratio(colour, back), name) for name, back in board_backgrounds(theme).items()
    )


def theme_minimum(name: str) -> float:
    """Glyphs in theme colours: 4.5:1, and 7:1 in the high-contrast theme."""
    return 7.0 if name == HIGH_CONTRAST else GLYPH_MINIMUM


# --- the style tables are what the test thinks they are ---------------------------------


def test_style_tables_parse() -> None:
    """Every style the boards use names one colour the test can check."""
    for seat in range(MAX_PLAYERS):
        assert style_colours(player_style(seat)) == (f"$player-{seat + 1}", None)
    for style in BUILDING_STYLES.values():
        word, back = style_colours(style)
        assert word is not None and word.startswith("$") and back is None, style
    for style in CLASS_STYLE.values():
        word, back = style_colours(style)
        assert word is not None and word.startswith("$city-") and back is None, style
    for style in COLOUR_STYLE.values():
        word, back = style_colours(style)
        assert word is not None and back is not None, style


BOARD_SHEETS = ("council", "elgrande", "quadropolis")
CHECKED_BACKGROUNDS = {"$background", "$surface", "$board-bg", "$boost"}
MARK_TINTS = {"$success 35%"}
"""Translucent tints of marks (Quadropolis' target squares, which are underlined too):
transient cues, not a board background, so not held to the glyph minimum here."""


def test_boards_are_drawn_where_checked() -> None:
    """Every background a board's tcss puts behind glyphs is one the tests check."""
    from importlib.resources import files

    for game in BOARD_SHEETS:
        text = files("tui.games").joinpath(f"{game}.tcss").read_text(encoding="utf-8")
        backgrounds = {
            line.split(":", 1)[1].strip().rstrip(";")
            for line in text.splitlines()
            if line.strip().startswith("background:")
        }
        assert backgrounds <= CHECKED_BACKGROUNDS | MARK_TINTS, (game, backgrounds)


# --- every theme --------------------------------------------------------------------------


@pytest.mark.parametrize("name", BUILTIN_NAMES)
@pytest.mark.parametrize("seat", range(MAX_PLAYERS))
def test_player_glyphs_readable(name: str, seat: int) -> None:
    """Each seat's letter reads on every board background (El Grande, Council, Quadropolis)."""
    word, _ = style_colours(player_style(seat))
    assert word is not None
    ratio, where = lowest(_THEMES[name], word)
    assert ratio >= theme_minimum(name), f"{word} on {where}: {ratio:.2f}"


@pytest.mark.parametrize("name", BUILTIN_NAMES)
@pytest.mark.parametrize("kind", sorted(BUILDING_STYLES))
def test_quadropolis_buildings_readable(name: str, kind: str) -> None:
    """Each Quadropolis building kind's colour reads on every board background."""
    word, _ = style_colours(BUILDING_STYLES[kind])
    assert word is not None
    ratio, where = lowest(_THEMES[name], word)
    assert ratio >= theme_minimum(name), f"{kind} {word} on {where}: {ratio:.2f}"


@pytest.mark.parametrize("name", BUILTIN_NAMES)
@pytest.mark.parametrize("cls", sorted(CLASS_STYLE))
def test_council_city_classes_readable(name: str, cls: str) -> None:
    """Council city letters (the theme's ``$city-*`` colours) read on every board background."""
    word, _ = style_colours(CLASS_STYLE[cls])
    assert word is not None
    ratio, where = lowest(_THEMES[name], word)
    assert ratio >= theme_minimum(name), f"{cls} {word} on {where}: {ratio:.2f}"


@pytest.mark.parametrize("colour", sorted(COLOUR_STYLE))
def test_council_chip_letters_readable(colour: str) -> None:
    """A councillor's or card's letter reads on its own chip colour (same in every theme)."""
    word, back = style_colours(COLOUR_STYLE[colour])
    assert word is not None and back is not None
    ratio = contrast_ratio(word, back)
    assert ratio >= GLYPH_MINIMUM, f"{colour}: {word} on {back}: {ratio:.2f}"
