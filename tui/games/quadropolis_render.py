"""Pictures of the Quadropolis Construction Site and cities.

Pure functions of a view, so they are easy to test and the screen stays small. Two cell
widths: 4 characters (80×24) and 7 (wide terminals, with longer labels).
"""

from __future__ import annotations

from core.quadropolis.board import CITY, SITE, SLOT_NAMES, URBANIST_BLOCKS
from core.quadropolis.content import (
    RULES,
    TILE_EN,
    TILE_INH,
    TILE_KIND,
    TILE_MAYOR,
    TILE_VP,
    TYPE_KEYS,
    type_name,
)
from core.quadropolis.state import State
from tui.widgets.picture import Picture
from tui.widgets.players import player_glyph, player_style

STYLES = {
    "tower": "bold $secondary",
    "shop": "bold $warning",
    "service": "bold $accent",
    "park": "bold $success",
    "factory": "bold $error",
    "harbor": "bold $primary",
}
# The building types' letters and four-letter names, from the game's data.
LETTERS = dict(zip(TYPE_KEYS, RULES.type_letters))
WORDS = dict(zip(TYPE_KEYS, RULES.type_shorts))

KEY: tuple[tuple[str, str], ...] = (
    ("2i", "gives 2 inhabitants"),
    ("2e", "gives 2 energy"),
    ("ie", "gives 1 inhabitant and 1 energy"),
    ("2v", "2 VP printed"),
    ("M", "the Mayor's Tower Block (build it to play first next round)"),
    ("×3", "a tower of 3 floors"),
    ("░", "face-down tile (gives nothing)"),
    ("·", "empty"),
    ("U", "the Urbanist"),
    ("N1", "open slot (side N/S/W/E, line 1–5)"),
    ("××", "slot closed by the Urbanist (his row, column)"),
    ("A3", "player A's Architect 3"),
)
"""(code, meaning) of every figure drawn on the site and cities besides the type letters:
the help lists them all; tall and wide screens show them under the types (:func:`type_entries`)."""


def type_entries(width: int) -> list[tuple[str, str, str]]:
    """(code, style, meaning) of the building types as drawn in cells ``width`` wide: "T"
    for a Tower Block at 4 characters, "Towr" at 7 (a word that is the type's name, "Shop",
    is left out there: it needs no key)."""
    entries = []
    for kind, key in enumerate(TYPE_KEYS):
        code = WORDS[key] if width >= 7 else LETTERS[key]
        name = type_name(kind)
        if code != name:
            entries.append((code, STYLES[key], name))
    return entries

TYPES_HELP: tuple[str, str] = (
    " ".join(LETTERS[key] for key in TYPE_KEYS),
    ", ".join(type_name(kind) for kind in range(len(TYPE_KEYS)))
    + " (wider terminals: " + ", ".join(WORDS[key] for key in TYPE_KEYS) + ")",
)
"""The help's line for the building types."""


def _gifts(tile: int) -> str:
    inh, en, vp = TILE_INH[tile], TILE_EN[tile], TILE_VP[tile]
    text = ""
    if inh and en:
        text = f"{inh}i{en}e" if (inh, en) != (1, 1) else "ie"
    elif inh:
        text = f"{inh}i"
    elif en:
        text = f"{en}e"
    if vp:
        text += f"{vp}v"
    if TILE_MAYOR[tile]:
        text += "M"
    return text


def site_label(tile: int, width: int) -> str:
    """Plain label of a face-up site tile, at most ``width`` characters."""
    key = TYPE_KEYS[TILE_KIND[tile]]
    gifts = _gifts(tile)
    if width >= 7:
        spaced = f"{WORDS[key]} {gifts}".rstrip()
        return (spaced if len(spaced) <= width else f"{WORDS[key]}{gifts}")[:width]
    return f"{LETTERS[key]}{gifts}"[:width]


def city_label(stack: tuple[int, ...], width: int) -> str:
    """Plain label of a built city square (towers show their floors)."""
    key = TYPE_KEYS[TILE_KIND[stack[0]]]
    if key == "tower":
        extra = f"×{len(stack)}"
    elif TILE_VP[stack[0]]:
        extra = f"{TILE_VP[stack[0]]}v"
    else:
        extra = ""
    word = WORDS[key] if width >= 7 else LETTERS[key]
    sep = " " if width >= 7 and extra else ""
    return f"{word}{sep}{extra}"[:width]


def slot_cell(slot: int, width: int) -> tuple[int, int]:
    """Where an architect slot is drawn on the site picture (row, col)."""
    name = SLOT_NAMES[slot]
    side, line = name[0], int(name[1:])
    if side in "NS":
        return (0 if side == "N" else SITE + 1), 3 + (line - 1) * (width + 1)
    return line, 0 if side == "W" else 3 + SITE * (width + 1)


def site_cell(square: int, width: int) -> tuple[int, int]:
    """Where a Construction Site square is drawn on the site picture (row, col)."""
    row, col = divmod(square, SITE)
    return row + 1, 3 + col * (width + 1)


def city_cell(square: int, width: int) -> tuple[int, int]:
    """Where a city square is drawn on the city picture (row, col); districts have a gap."""
    row, col = divmod(square, CITY)
    half = CITY // 2
    return 1 + row + (row >= half), 3 + col * (width + 1) + (col >= half)


def _slot_text(state: State, slot: int) -> tuple[str, str]:
    """(2-character text, style) of an architect slot."""
    value = state.slots[slot]
    if value >= 0:
        seat, number = divmod(value, 8)
        return f"{player_glyph(seat)}{number}", player_style(seat)
    if state.urbanist >= 0 and URBANIST_BLOCKS[state.urbanist] >> slot & 1:
        return "××", "$text-disabled"
    return SLOT_NAMES[slot], "$text-muted"


def render_site(state: State, width: int) -> Picture:
    """The 5×5 Construction Site with its 20 architect slots around the edges."""
    picture = Picture()
    for slot in range(len(SLOT_NAMES)):
        text, style = _slot_text(state, slot)
        row, col = slot_cell(slot, width)
        picture.put(row, col, text.center(width) if row in (0, SITE + 1) else text, style)
    for square in range(SITE * SITE):
        tile = state.site[square]
        if square == state.urbanist:
            text, style = "U".center(width), "bold $warning"  # (reverse is the cursor's look)
        elif state.face_down[square] >= 0:
            text, style = "░" * width, "$text-disabled"
        elif tile >= 0:
            text, style = site_label(tile, width).center(width), STYLES[TYPE_KEYS[TILE_KIND[tile]]]
        else:
            text, style = "·".center(width), "$text-disabled"
        picture.put(*site_cell(square, width), text.ljust(width)[:width], style)
    return picture


def render_city(state: State, seat: int, width: int) -> Picture:
    """The 4×4 city of ``seat`` with row/column numbers and a gap between districts."""
    picture = Picture()
    for col in range(CITY):
        picture.put(0, city_cell(col, width)[1], str(col + 1).center(width), "$text-muted")
    for row in range(CITY):
        picture.put(city_cell(row * CITY, width)[0], 0, str(row + 1), "$text-muted")
        for col in range(CITY):
            square = row * CITY + col
            stack = state.cities[seat][square]
            if stack:
                text, style = city_label(stack, width).center(width), STYLES[TYPE_KEYS[TILE_KIND[stack[0]]]]
            else:
                text, style = "·".center(width), "$text-disabled"
            picture.put(*city_cell(square, width), text.ljust(width)[:width], style)
    return picture


def pools_line(state: State, seat: int) -> str:
    """Inhabitants and energy of a seat in words, their numbers in their colours: "5
    inhabitants, 3 energy" (markup)."""
    inhabitants = state.inhabitants[seat]
    noun = "inhabitant" if inhabitants == 1 else "inhabitants"
    return f"[bold $primary]{inhabitants}[/] {noun}, [bold $error]{state.energy[seat]}[/] energy"
