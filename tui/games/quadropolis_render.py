"""Text pictures of the Quadropolis Construction Site and cities (Textual content markup).

Pure functions of a view, so they are easy to test and the screen stays small. Two cell
widths: 4 characters (80×24) and 7 (wide terminals, with longer labels).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.quadropolis.board import CITY, SITE, SLOT_INDEX, SLOT_NAMES, SLOT_TARGET, URBANIST_BLOCKS
from core.quadropolis.content import TILE_EN, TILE_INH, TILE_KIND, TILE_MAYOR, TILE_VP, TYPE_KEYS
from core.quadropolis.state import State
from tui.text import esc
from tui.widgets.players import player_glyph, player_style

STYLES = {
    "tower": "bold $secondary",
    "shop": "bold $warning",
    "service": "bold $accent",
    "park": "bold $success",
    "factory": "bold $error",
    "harbor": "bold $primary",
}
LETTERS = {"tower": "T", "shop": "S", "service": "P", "park": "G", "factory": "F", "harbor": "H"}
WORDS = {"tower": "Towr", "shop": "Shop", "service": "Serv", "park": "Park", "factory": "Fact", "harbor": "Harb"}
LEGEND = (
    "[bold $secondary]T[/] tower  [bold $warning]S[/] shop  [bold $accent]P[/] public service  "
    "[bold $success]G[/] park  [bold $error]F[/] factory  [bold $primary]H[/] harbor\n"
    "2i/2e gives inhabitants/energy · 2v prints VP · M mayor · ×3 floors · "
    "░ face down · [reverse]U[/] urbanist"
)


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


def styled(text: str, width: int, style: str) -> str:
    """``text`` padded to ``width`` inside a markup style (brackets escaped)."""
    padded = esc(text.ljust(width)[:width])
    return f"[{style}]{padded}[/]" if style else padded


@dataclass
class SiteMarks:
    """What to highlight on the site: the slot cursor, the chosen architect, a bot's move."""

    cursor_slot: int = -1
    architect: int = 0
    flash_slot: int = -1
    flash_square: int = -1
    legal_slots: frozenset[int] = field(default_factory=frozenset)


def _slot_text(state: State, slot: int, marks: SiteMarks) -> tuple[str, str]:
    """(2-character text, style) of an architect slot."""
    value = state.slots[slot]
    if value >= 0:
        seat, number = divmod(value, 8)
        text, style = f"{player_glyph(seat)}{number}", player_style(seat)
    elif state.urbanist >= 0 and URBANIST_BLOCKS[state.urbanist] >> slot & 1:
        text, style = "××", "$text-disabled"
    else:
        text, style = SLOT_NAMES[slot], "$text-muted"
    if slot == marks.flash_slot:
        style = "bold reverse $warning"
    if slot == marks.cursor_slot:
        style = "bold reverse"
    return text, style


def render_site(state: State, marks: SiteMarks, width: int) -> str:
    """The 5×5 Construction Site with its 20 architect slots around the edges."""
    target = -1
    if marks.cursor_slot >= 0 and marks.architect:
        target = SLOT_TARGET[marks.cursor_slot][marks.architect]
    gap = " "
    lines = []

    def edge(side: str) -> str:
        cells = []
        for col in range(1, SITE + 1):
            text, style = _slot_text(state, SLOT_INDEX[f"{side}{col}"], marks)
            cells.append(styled(text.center(width), width, style))
        return "   " + gap.join(cells)

    lines.append(edge("N"))
    for row in range(1, SITE + 1):
        cells = []
        for col in range(1, SITE + 1):
            square = (row - 1) * SITE + (col - 1)
            tile = state.site[square]
            if square == state.urbanist:
                text, style = "U".center(width), "bold reverse"
            elif state.face_down[square] >= 0:
                text, style = "░" * width, "$text-disabled"
            elif tile >= 0:
                key = TYPE_KEYS[TILE_KIND[tile]]
                text, style = site_label(tile, width).center(width), STYLES[key]
            else:
                text, style = "·".center(width), "$text-disabled"
            if square == marks.flash_square:
                style += " on $warning 40%"
            if square == target:
                style += " on $accent 50%"
            cells.append(styled(text, width, style))
        west, west_style = _slot_text(state, SLOT_INDEX[f"W{row}"], marks)
        east, east_style = _slot_text(state, SLOT_INDEX[f"E{row}"], marks)
        lines.append(f"{styled(west, 2, west_style)} {gap.join(cells)} {styled(east, 2, east_style)}")
    lines.append(edge("S"))
    return "\n".join(lines)


@dataclass
class CityMarks:
    """What to highlight on a city: the cursor and the squares where a build is legal."""

    cursor: int = -1
    legal: frozenset[int] = field(default_factory=frozenset)
    flash: int = -1


def render_city(state: State, seat: int, marks: CityMarks, width: int) -> str:
    """The 4×4 city of ``seat`` with row/column numbers and a gap between districts."""
    half = CITY // 2
    header = "   " + " ".join(
        (" " if col == half else "") + str(col + 1).center(width) for col in range(CITY)
    )
    lines = [f"[$text-muted]{header}[/]"]
    for row in range(CITY):
        if row == half:
            lines.append("")
        cells = []
        for col in range(CITY):
            square = row * CITY + col
            stack = state.cities[seat][square]
            if stack:
                key = TYPE_KEYS[TILE_KIND[stack[0]]]
                text, style = city_label(stack, width).center(width), STYLES[key]
            else:
                text, style = "·".center(width), "$text-disabled"
            if square in marks.legal:
                style += " on $success 35%"
            if square == marks.flash:
                style += " on $warning 40%"
            if square == marks.cursor:
                style = "bold reverse"
            cell = styled(text, width, style)
            cells.append((" " if col == half else "") + cell)
        lines.append(f"[$text-muted]{row + 1}[/]  " + " ".join(cells))
    return "\n".join(lines)


def pools_line(state: State, seat: int) -> str:
    """Inhabitants and energy of a seat, e.g. "5i 3e"."""
    return f"[bold $primary]{state.inhabitants[seat]}i[/] [bold $error]{state.energy[seat]}e[/]"
