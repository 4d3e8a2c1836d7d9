"""What the Quadropolis card viewer (``i``) and detail line say of a place: an Architect
slot (the building it reaches: what it is, gives, needs and scores) and a city square (what
is built there). Pure functions of a view; the words of each building type come from
``seeds/quadropolis/rules.toml`` (:func:`core.quadropolis.text.type_text`).
"""

from __future__ import annotations

from textual.content import Content

from core.quadropolis.board import SLOT_NAMES, SLOT_TARGET, URBANIST_BLOCKS, city_coords, site_coords
from core.quadropolis.content import TILE_KIND, TILE_VP, TILES, TOWER, type_name
from core.quadropolis.state import State
from core.quadropolis.text import tile_gives, tile_name, type_text
from core.words import counted
from tui.screens.card_viewer import CardText
from tui.text import paragraphs
from tui.widgets.players import player_glyph


def slot_closed(view: State, slot: int) -> str:
    """Why ``slot`` is closed ("N2 is taken by B3", "W2 is closed by the Urbanist (U, on
    row 2)"), or "" when it is open."""
    name = SLOT_NAMES[slot]
    value = view.slots[slot]
    if value >= 0:
        seat, number = divmod(value, 8)
        return f"{name} is taken by {player_glyph(seat)}{number} ({view.names[seat]}'s Architect {number})"
    if view.urbanist >= 0 and URBANIST_BLOCKS[view.urbanist] >> slot & 1:
        row, col = site_coords(view.urbanist)
        line = f"row {row}" if name[0] in "WE" else f"column {col}"
        return f"{name} is closed by the Urbanist (U, on {line})"
    return ""


def built_text(view: State, seat: int, square: int) -> str:
    """What stands on a city square, in words: "empty", "Tower Block, 2 floors", "Public
    Service, 2 VP printed"."""
    stack = view.cities[seat][square]
    if not stack:
        return "empty"
    kind = TILE_KIND[stack[0]]
    if kind == TOWER:
        return f"{type_name(kind)}, {counted(len(stack), 'floor')}"
    return f"{type_name(kind)}, {TILE_VP[stack[0]]} VP printed" if TILE_VP[stack[0]] else type_name(kind)


def square_name(square: int) -> str:
    """ "Row 2, col 3" of a city square."""
    row, col = city_coords(square)
    return f"Row {row}, col {col}"


def slot_card(view: State, slot: int, architect: int, viewer: int | None) -> CardText:
    """The card of an Architect slot: the building Architect ``architect`` reaches from it
    (its name, what it gives, needs and scores) and whether the slot is open; with no
    Architect in hand (0: a replay, another player's turn), what each of them would reach."""
    name = SLOT_NAMES[slot]
    if architect == 0:
        return _slot_reaches(view, slot)
    square = SLOT_TARGET[slot][architect]
    row, col = site_coords(square)
    tile = view.site[square]
    where = f"From {name}, Architect {architect} reaches row {row}, col {col} of the construction site."
    if tile >= 0:
        title = f"{name}, Architect {architect}: {tile_name(tile)}"
        kind = TILE_KIND[tile]
        text = [where, f"{type_name(kind)} (a round {TILES[tile].round} tile): {tile_gives(tile)}.",
                type_text(kind)]
    elif view.face_down[square] >= 0:
        title = f"{name}, Architect {architect}: a face-down tile"
        text = [where, "A face-down tile counts as an empty square: the Architect takes nothing "
                       "there, and the Urbanist moves onto it."]
    else:
        title = f"{name}, Architect {architect}: an empty square"
        text = [where, "Nothing is left there: the Architect takes nothing, and the Urbanist moves onto it."]
    state = slot_closed(view, slot)
    if not state:
        state = f"{name} is open."
        if viewer is not None and tile >= 0:
            state += (f" With Architect {architect} you could build it in row {architect} or column "
                      f"{architect} of your city")
            state += f", or as floor {architect} of a tower." if TILE_KIND[tile] == TOWER and architect > 1 else "."
    return CardText(title, paragraphs("\n".join(text)), paragraphs(state))


def _slot_reaches(view: State, slot: int) -> CardText:
    """A slot's card when no Architect is in hand: the square each Architect 1-4 reaches."""
    name = SLOT_NAMES[slot]
    lines = []
    for architect in range(1, 5):
        square = SLOT_TARGET[slot][architect]
        row, col = site_coords(square)
        tile = view.site[square]
        if tile >= 0:
            what = f"{tile_name(tile)}: {tile_gives(tile)}"
        else:
            what = "a face-down tile (takes nothing)" if view.face_down[square] >= 0 else "empty (takes nothing)"
        lines.append(f"Architect {architect} reaches row {row}, col {col}: {what}.")
    state = slot_closed(view, slot) or f"{name} is open."
    return CardText(f"{name}: what each Architect reaches from it", paragraphs("\n".join(lines)), paragraphs(state))


def square_card(view: State, seat: int, square: int, whose: str, build: Content = Content()) -> CardText:
    """The card of a square of ``seat``'s city (``whose``: "your", "Brook's"): what is built
    there, what it needs and scores; ``build``: what building the tile in hand there would
    do (the detail line's preview), while you build."""
    stack = view.cities[seat][square]
    title = f"{square_name(square)} of {whose} city: {built_text(view, seat, square)}"
    if stack:
        kind = TILE_KIND[stack[0]]
        gifts = "; ".join(f"{tile_name(tile)}: {tile_gives(tile)}" for tile in stack)
        text = paragraphs(f"Built here: {gifts}.\n{type_text(kind)}")
    else:
        text = paragraphs("Nothing is built here yet.")
    if build.plain and view.pending >= 0:
        kind = TILE_KIND[view.pending]
        build = Content.assemble(paragraphs(f"In hand: {tile_name(view.pending)}, {tile_gives(view.pending)}.\n"),
                                 build, paragraphs(f"\n{type_text(kind)}"))
    return CardText(title, text, build)
