"""Colour arithmetic for checking themes: WCAG contrast, colour difference, CVD simulation.

Everything takes Textual colour strings (``"#E69F00"``, ``"ansi_bright_red"``, ``"white"``)
or :class:`textual.color.Color` objects.

* :func:`contrast_ratio` is the WCAG 2 ratio (1..21) between two opaque colours.
* :func:`delta_e` is the CIE76 distance in CIELAB (about 2.3 is "just noticeable"; players
  need far more than that to be told apart at a glance).
* :func:`simulate_cvd` applies the Machado et al. (2009) matrices for full protanopia,
  deuteranopia or tritanopia, to check that player colours survive colour blindness.
* :func:`resolve` turns a theme value into an opaque colour: translucent colours are
  composited over a base, and ``ansi_default`` (the terminal's own default colour, used by
  ANSI themes) is replaced by an assumed palette, see :data:`ANSI_DEFAULT_ASSUMED`.

ANSI names resolve to Textual's canonical RGB values for the 16 colours (``ansi_red`` is
``#800000``); a real terminal's palette may differ, which is why ANSI themes stick to the
strong, bright entries for anything that must be read.
"""

from __future__ import annotations

from typing import Literal

from textual.color import Color, rgb_to_lab

ColorLike = str | Color
"""A Textual colour string or a parsed :class:`~textual.color.Color`."""

Role = Literal["foreground", "background"]
"""Whether a colour is drawn as text (foreground) or behind it (background)."""

CvdKind = Literal["protanopia", "deuteranopia", "tritanopia"]
"""The three kinds of dichromacy :func:`simulate_cvd` can model."""

ANSI_DEFAULT_ASSUMED: dict[tuple[bool, Role], str] = {
    (True, "background"): "#000000",
    (True, "foreground"): "#C0C0C0",
    (False, "background"): "#FFFFFF",
    (False, "foreground"): "#000000",
}
"""What ``ansi_default`` is assumed to look like, keyed by (theme is dark, role)."""

_CVD_MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    # Machado, Oliveira & Fernandes (2009), severity 1.0, applied in linear RGB.
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def parse(color: ColorLike) -> Color:
    """Parse a Textual colour string (or pass a :class:`Color` through unchanged)."""
    return color if isinstance(color, Color) else Color.parse(color)


def resolve(
    color: ColorLike,
    *,
    over: ColorLike | None = None,
    dark: bool = True,
    role: Role = "foreground",
) -> Color:
    """Return the opaque colour a theme value shows as.

    Args:
        color: The theme value.
        over: What the colour is drawn over, used when it is translucent (defaults to
            the assumed terminal background for ``dark``).
        dark: Whether the theme is dark; picks the assumed ``ansi_default`` colours.
        role: Whether ``color`` is text or a background; picks the assumed
            ``ansi_default`` colour.
    """
    parsed = parse(color)
    if parsed.ansi == -1:
        return Color.parse(ANSI_DEFAULT_ASSUMED[(dark, role)])
    rgb = Color(parsed.r, parsed.g, parsed.b, parsed.a)
    if rgb.a >= 1.0:
        return rgb
    base = resolve(
        over if over is not None else ANSI_DEFAULT_ASSUMED[(dark, "background")],
        dark=dark,
        role="background",
    )
    return base + rgb


def _linear(channel: float) -> float:
    """sRGB channel (0..1) to linear light."""
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _encode(channel: float) -> float:
    """Linear light (0..1) to an sRGB channel (0..1)."""
    channel = min(1.0, max(0.0, channel))
    return channel * 12.92 if channel <= 0.0031308 else 1.055 * channel ** (1 / 2.4) - 0.055


def relative_luminance(color: ColorLike) -> float:
    """WCAG 2 relative luminance of an opaque colour: 0 for black, 1 for white."""
    r, g, b = (_linear(c) for c in parse(color).normalized)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: ColorLike, second: ColorLike) -> float:
    """WCAG 2 contrast ratio between two opaque colours, from 1 (same) to 21."""
    lighter, darker = sorted(
        (relative_luminance(first), relative_luminance(second)), reverse=True
    )
    return (lighter + 0.05) / (darker + 0.05)


def delta_e(first: ColorLike, second: ColorLike) -> float:
    """CIE76 colour difference (Euclidean distance in CIELAB) between two colours."""
    a, b = rgb_to_lab(parse(first)), rgb_to_lab(parse(second))
    return ((a.L - b.L) ** 2 + (a.a - b.a) ** 2 + (a.b - b.b) ** 2) ** 0.5


def simulate_cvd(color: ColorLike, kind: CvdKind) -> Color:
    """How ``color`` looks to someone with full protanopia, deuteranopia or tritanopia."""
    matrix = _CVD_MATRICES[kind]
    linear = [_linear(c) for c in parse(color).normalized]
    out = [sum(m * c for m, c in zip(row, linear)) for row in matrix]
    r, g, b = (round(_encode(c) * 255) for c in out)
    return Color(r, g, b)
