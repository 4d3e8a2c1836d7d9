"""Colour checks: WCAG contrast and distinguishable player colours for every built-in."""

from __future__ import annotations

from itertools import combinations

import pytest
from textual.color import Color
from textual.theme import BUILTIN_THEMES as TEXTUAL_THEMES
from textual.theme import Theme

from tests.themes.support import BUILTIN_NAMES
from themes import GAME_VARIABLES, player_colors, variable_defaults
from themes.contrast import contrast_ratio, delta_e, relative_luminance, resolve, simulate_cvd

HIGH_CONTRAST = "meeple-high-contrast"
CITY_CLASSES = [name for name in GAME_VARIABLES if name.startswith("city-")]
"""Council's city-class colours: letters on the map (``test_glyph_contrast.py`` checks them)."""
MARKERS = [
    name for name in GAME_VARIABLES if name not in ("board-bg", "highlight", *CITY_CLASSES)
]
CITY_DELTA_E = 10.0
"""Minimum difference between two city classes' colours (they also differ in letter)."""
PLAYER_DELTA_E = 20.0
"""Minimum CIE76 difference between two players' colours (2.3 is just noticeable)."""
MARKER_DELTA_E = 15.0
"""Minimum difference between a marker colour and any player or other marker colour."""
CVD_DELTA_E = 10.0
"""Minimum difference between Okabe-Ito players as seen with colour blindness."""


def text_minimum(name: str) -> float:
    """WCAG level for body text: AA (4.5) for all, AAA (7) for the high-contrast theme."""
    return 7.0 if name == HIGH_CONTRAST else 4.5


def graphic_minimum(name: str) -> float:
    """Level for pieces and markers: 3 (WCAG non-text), 7 in the high-contrast theme."""
    return 7.0 if name == HIGH_CONTRAST else 3.0


def surfaces(theme: Theme) -> dict[str, Color]:
    """The opaque background, board background, highlight and foreground of a theme."""
    background = resolve(theme.background or "#000000", dark=theme.dark, role="background")
    board = resolve(
        theme.variables["board-bg"], over=background, dark=theme.dark, role="background"
    )
    return {
        "background": background,
        "board": board,
        "highlight": resolve(
            theme.variables["highlight"], over=board, dark=theme.dark, role="background"
        ),
        "foreground": resolve(theme.foreground or "#FFFFFF", dark=theme.dark),
    }


def ink(theme: Theme, value: str | None) -> Color:
    """A foreground colour of the theme made opaque."""
    assert value is not None
    return resolve(value, dark=theme.dark)


# --- the formula itself ---------------------------------------------------------------


def test_contrast_formula_known_values() -> None:
    """Matches WCAG's published reference points."""
    assert contrast_ratio("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert contrast_ratio("#FFFFFF", "#000000") == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#777777") == pytest.approx(1.0)
    assert contrast_ratio("#767676", "#FFFFFF") == pytest.approx(4.54, abs=0.01)
    assert relative_luminance("#FF0000") == pytest.approx(0.2126)


def test_resolve_composites_and_ansi_default() -> None:
    """Translucent colours blend over the base; ansi_default uses the assumed palette."""
    assert resolve("#00000080", over="#FFFFFF").rgb == (127, 127, 127)
    assert resolve("ansi_default", dark=True, role="background").rgb == (0, 0, 0)
    assert resolve("ansi_default", dark=False, role="foreground").rgb == (0, 0, 0)
    assert resolve("ansi_bright_red").rgb == (255, 0, 0)


def test_delta_e_and_cvd_sanity() -> None:
    """Identical colours differ by 0; red/green collapse under deuteranopia."""
    assert delta_e("#123456", "#123456") == pytest.approx(0.0)
    normal = delta_e("#D62728", "#2CA02C")
    red, green = (simulate_cvd(value, "deuteranopia") for value in ("#D62728", "#2CA02C"))
    deutan = delta_e(red, green)
    assert deutan < normal / 3
    assert simulate_cvd("#FFFFFF", "protanopia").rgb == (255, 255, 255)


# --- every built-in theme ----------------------------------------------------------------


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_foreground_on_background(builtins: dict[str, Theme], name: str) -> None:
    """Body text: 4.5:1 (7:1 for high contrast) on the background and the board."""
    s = surfaces(builtins[name])
    assert contrast_ratio(s["foreground"], s["background"]) >= text_minimum(name)
    assert contrast_ratio(s["foreground"], s["board"]) >= text_minimum(name)


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_foreground_on_highlight(builtins: dict[str, Theme], name: str) -> None:
    """Text under the board cursor stays readable."""
    s = surfaces(builtins[name])
    assert contrast_ratio(s["foreground"], s["highlight"]) >= text_minimum(name)


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_primary_and_accent_readable(builtins: dict[str, Theme], name: str) -> None:
    """Titles and keys drawn in primary/accent read on the background."""
    theme = builtins[name]
    background = surfaces(theme)["background"]
    for value in (theme.primary, theme.accent):
        assert contrast_ratio(ink(theme, value), background) >= 3.0, value


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_players_readable(builtins: dict[str, Theme], name: str) -> None:
    """Player colours read on the background and on the board."""
    theme = builtins[name]
    s = surfaces(theme)
    for value in player_colors(theme):
        for surface in ("background", "board"):
            ratio = contrast_ratio(ink(theme, value), s[surface])
            assert ratio >= graphic_minimum(name), f"{value} on {surface}: {ratio:.2f}"


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_markers_readable(builtins: dict[str, Theme], name: str) -> None:
    """Legal-move, neutral, inhabitant and energy colours read on the board."""
    theme = builtins[name]
    board = surfaces(theme)["board"]
    for marker in MARKERS:
        ratio = contrast_ratio(ink(theme, theme.variables[marker]), board)
        assert ratio >= graphic_minimum(name), f"{marker}: {ratio:.2f}"


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_players_distinguishable(builtins: dict[str, Theme], name: str) -> None:
    """Player colours are distinct values and far apart in CIELAB."""
    theme = builtins[name]
    colours = player_colors(theme)
    assert len({Color.parse(value) for value in colours}) == len(colours)
    for first, second in combinations(colours, 2):
        difference = delta_e(ink(theme, first), ink(theme, second))
        assert difference >= PLAYER_DELTA_E, f"{first} vs {second}: {difference:.1f}"


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_markers_distinct_from_players(builtins: dict[str, Theme], name: str) -> None:
    """No marker can be mistaken for a player's colour or another marker."""
    theme = builtins[name]
    markers = [theme.variables[marker] for marker in MARKERS]
    for marker in markers:
        for player in player_colors(theme):
            assert delta_e(ink(theme, marker), ink(theme, player)) >= MARKER_DELTA_E, (
                marker,
                player,
            )
    for first, second in combinations(markers, 2):
        assert delta_e(ink(theme, first), ink(theme, second)) >= MARKER_DELTA_E, (first, second)


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_city_classes_distinct(builtins: dict[str, Theme], name: str) -> None:
    """Council's five city classes can be told apart by colour in every theme."""
    theme = builtins[name]
    colours = [ink(theme, theme.variables[cls]) for cls in CITY_CLASSES]
    for first, second in combinations(colours, 2):
        assert delta_e(first, second) >= CITY_DELTA_E, (first.hex, second.hex)


@pytest.mark.parametrize("kind", ["protanopia", "deuteranopia", "tritanopia"])
def test_okabe_ito_survives_colour_blindness(builtins: dict[str, Theme], kind: str) -> None:
    """The colour-blind-safe theme keeps its players apart under each dichromacy."""
    theme = builtins["meeple-okabe-ito"]
    seen = [simulate_cvd(ink(theme, value), kind) for value in player_colors(theme)]
    for first, second in combinations(seen, 2):
        assert delta_e(first, second) >= CVD_DELTA_E, (first.hex, second.hex)


def test_okabe_ito_players_are_okabe_ito(builtins: dict[str, Theme]) -> None:
    """The player colours are taken from the published Okabe-Ito palette."""
    palette = {"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"}
    assert {Color.parse(v).hex for v in player_colors(builtins["meeple-okabe-ito"])} <= palette


@pytest.mark.parametrize("textual_theme", ["textual-dark", "textual-light"])
def test_defaults_readable_on_textual_themes(textual_theme: str) -> None:
    """Default colours (used with Textual's own themes) read on dark and light alike."""
    theme = TEXTUAL_THEMES[textual_theme]
    background = resolve(
        theme.background or theme.to_color_system().generate()["background"],
        role="background",
    )
    defaults = variable_defaults()
    for name in [f"player-{n}" for n in range(1, 6)] + MARKERS + CITY_CLASSES:
        ratio = contrast_ratio(resolve(defaults[name]), background)
        assert ratio >= 3.0, f"{name} on {textual_theme}: {ratio:.2f}"
    players = [defaults[f"player-{n}"] for n in range(1, 6)]
    for first, second in combinations(players, 2):
        assert delta_e(first, second) >= PLAYER_DELTA_E
