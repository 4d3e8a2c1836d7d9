"""The Council of Four board picture: balconies, permits, the 15-city map with roads, hand.

Pure functions of a view. Councillors and politics cards are
shown as a coloured block holding a letter, so no colour is ever the only cue.
"""

from __future__ import annotations

from core.council.content import CLASSES, REGIONS
from core.council.helpers import (
    balconies,
    face_up,
    map_cities,
    map_roads,
    permit_info,
    player_info,
    queen_city,
    queen_rewards_left,
    rewards_left,
)
from core.council.state import State
from tui.widgets.picture import Picture
from tui.widgets.players import player_glyph, player_style

# Piece colours are the physical ones, fixed across themes; the letter carries the meaning.
COLOUR_STYLE = {
    "orange": "bold #000000 on #f39c34",
    "pink": "bold #000000 on #f48fb1",
    "blue": "bold #ffffff on #2f6fd6",
    "black": "bold #ffffff on #3a3a3a",
    "white": "bold #000000 on #eeeeee",
    "purple": "bold #ffffff on #8e44ad",
    "joker": "bold #000000 on #d4c26a",
}
COLOUR_LETTER = {
    "orange": "O", "pink": "P", "blue": "B", "black": "K",
    "white": "W", "purple": "V", "joker": "J",
}
# City classes take the theme's colours ($city-gold ..): the pieces' light metal colours
# would not read on a light theme.
CLASS_STYLE = {cls: f"bold $city-{cls}" for cls in ("gold", "silver", "bronze", "iron", "royal")}
BALCONY_LABEL = {"coast": "Coast", "hills": "Hills", "mountains": "Mountain", "royal": "Queen"}
LEGEND = (
    "Councillors/cards: O orange P pink B blue K black W white V purple J joker · "
    "cities: letter, then merchants by player letter (n neutral) · ♛ the Queen"
)

# Picture coordinates: the map starts below the councils. A map scale is one grid unit's
# width and height in cells; the large scale also prints each city's bonus token under it.
MAP_TOP = 6


def map_top(scale: tuple[int, int]) -> int:
    """The map's first row: right under the councils at the small scale (80x24 needs the
    row for the detail line), a row lower on larger screens."""
    return MAP_TOP if scale[1] >= 3 else MAP_TOP - 1
SMALL_SCALE = (5, 2)
LARGE_SCALE = (8, 3)


def hand_row(scale: tuple[int, int]) -> int:
    """Picture row of the hand line for a map scale (right under the map)."""
    return map_top(scale) + 4 * scale[1] + 1 + (1 if scale[1] >= 3 else 0)


def nobility_row(scale: tuple[int, int]) -> int:
    """Picture row of the nobility track line (under the hand)."""
    return hand_row(scale) + 1


def city_position(x: int, y: int, scale: tuple[int, int]) -> tuple[int, int]:
    """Picture (row, col) of a map grid point."""
    return map_top(scale) + y * scale[1], 1 + x * scale[0]


def balcony_position(index: int) -> tuple[int, int]:
    """Picture (row, col) of a balcony (0–2 regions, 3 the Queen's)."""
    return 1 + index, 9


PERMIT_WIDTH = 14
"""Columns of a face-up permit's text: the longest, "CDE:1card 1nob", fits whole."""


def permit_position(region: int, slot: int) -> tuple[int, int]:
    """Picture (row, col) of a face-up permit."""
    return 1 + region, 15 + slot * (PERMIT_WIDTH + 2)


def short_bonus(text: str) -> str:
    """Compact bonus text: "3 VP + 3 coins" -> "3vp 3c"."""
    words = {
        "VP": "vp", "coins": "c", "coin": "c", "servants": "s", "servant": "s",
        "politics cards": "card", "politics card": "card", "nobility steps": "nob",
        "nobility step": "nob", "main actions": "main", "main action": "main",
        "extra main actions": "main", "extra main action": "main",
    }
    parts = []
    for part in text.split(" + "):
        number, _, what = part.partition(" ")
        parts.append(f"{number}{words.get(what, what)}")
    return " ".join(parts)


def permit_text(tile: str) -> str:
    """A permit as its cities and compact bonus: "BC:3vp 3c"."""
    info = permit_info(tile)
    return f"{''.join(info.cities)}:{short_bonus(info.bonus)}"


def draw_councils(picture: Picture, view: State) -> None:
    """Rows 0–4: each balcony (newest councillor first) and its region's face-up permits."""
    picture.put(0, 0, [("Councils", "bold"), ("  new→old    ", ""), ("Permits", "bold"),
                       (" (cities: bonus)", "")])
    perms = face_up(view)
    for index, (name, members) in enumerate(balconies(view).items()):
        row, col = balcony_position(index)
        picture.put(row, 0, BALCONY_LABEL[name].ljust(9))
        used = col + picture.put(row, col, [chip(c) for c in members])
        if name == "royal":
            left = queen_rewards_left(view)
            tiles = f"tiles {' '.join(map(str, left))} VP" if left else "no tiles left"
            picture.put(row, used, f"  ♛{queen_city(view)} · {tiles}")
            continue
        for slot, tile in enumerate(perms[name]):
            where = permit_position(index, slot)
            text = permit_text(tile)[:PERMIT_WIDTH] if tile else "—"
            picture.put(*where, text.ljust(PERMIT_WIDTH))


def draw_map(picture: Picture, view: State, route: list[str], scale: tuple[int, int] = SMALL_SCALE) -> None:
    """The 15 cities on their grid with dotted roads, from row :func:`map_top`; the roads of the
    route (if any) drawn "•" in bold.

    At a scale with room between the rows (3 or more), each city's bonus token is printed
    dimmed on the line under its name.
    """
    cities = map_cities(view)
    by_letter = {c.letter: c for c in cities}
    tokens = scale[1] >= 3
    on_route = {frozenset(pair) for pair in zip(route, route[1:])}
    for a, b in map_roads(view):
        (r0, c0), (r1, c1) = (city_position(by_letter[x].x, by_letter[x].y, scale) for x in (a, b))
        steps = max(abs(r1 - r0), abs(c1 - c0))
        bold = frozenset((a, b)) in on_route
        for i in range(1, steps):
            r = round(r0 + (r1 - r0) * i / steps)
            c = round(c0 + (c1 - c0) * i / steps)
            picture.put(r, c, "•" if bold else "·", "bold $warning" if bold else "")
    queen = queen_city(view)
    for city in cities:
        row, col = city_position(city.x, city.y, scale)
        marks = "".join(player_glyph(s) for s in city.merchants) + ("n" if city.neutral else "")
        text = city.letter + ("♛" if city.letter == queen else "") + marks
        # (the route shows in its roads, "•": underlining is the mark of a place to play)
        style = CLASS_STYLE[city.colour]
        picture.put(row, col - 1, " ")  # clear the roads around the label
        picture.put(row, col, text, style)
        if tokens and city.token:
            picture.put(row + 1, col, short_bonus(city.token), "dim")


def chip(colour: str) -> tuple[str, str]:
    """One councillor or card: its letter on its colour."""
    return COLOUR_LETTER[colour], COLOUR_STYLE[colour]


def draw_hand(picture: Picture, view: State, seat: int | None, scale: tuple[int, int] = SMALL_SCALE) -> None:
    """The viewing seat's politics cards (or only their count for a spectator)."""
    if seat is None:
        return
    row = hand_row(scale)
    info = player_info(view, seat)
    if info.hand is None:
        picture.put(row, 0, f"Hand: {info.hand_size} cards")
        return
    used = picture.put(row, 0, "Hand")
    parts: list[tuple[str, str]] = [(": ", "")]
    for i, (name, count) in enumerate(info.hand.items()):
        parts += [(" ", "")] if i else []
        parts += [chip(name), (str(count) if count > 1 else "", "")]
    parts += [("no cards", "")] if not info.hand else []
    parts += [("  ", ""), (f"({info.hand_size})", "dim")]
    picture.put(row, used, parts)


def draw_nobility(picture: Picture, view: State, scale: tuple[int, int] = SMALL_SCALE) -> None:
    """The nobility track: each player's step, by their letter ("Nobility  A 0  B 3")."""
    parts: list[tuple[str, str]] = [("Nobility", "")]
    for seat in range(len(view.names)):
        parts += [("  ", ""), (player_glyph(seat), player_style(seat)), (f" {view.nobility[seat]}", "")]
    picture.put(nobility_row(scale), 0, parts)


def render_board(view: State, seat: int | None, route: list[str],
                 scale: tuple[int, int] = SMALL_SCALE) -> Picture:
    """The whole board: councils and permits, the map under them, the hand and the nobility
    track below."""
    picture = Picture()
    draw_councils(picture, view)
    draw_map(picture, view, route, scale)
    draw_hand(picture, view, seat, scale)
    draw_nobility(picture, view, scale)
    return picture


ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th")


def reward_name(tile: str) -> str:
    """A reward tile by the name players know: "gold" -> "Gold cities", "coast" ->
    "Coast region", "queen1" -> "Queen's 1st"."""
    if tile in CLASSES:
        return f"{tile.capitalize()} cities"
    if tile in REGIONS:
        return f"{tile.capitalize()} region"
    number = tile.removeprefix("queen")
    if number.isdigit() and 0 < int(number) <= len(ORDINALS):
        return f"Queen's {ORDINALS[int(number) - 1]}"
    return tile


def rewards_line(view: State) -> str:
    """Colour and region reward tiles still available, by name with their VP; within a
    group only the first names the group: "Gold cities 20 · Silver 12 · … · Coast region 5"."""
    left = rewards_left(view)
    if not left:
        return "Rewards: all taken"
    parts = []
    for group in (CLASSES, REGIONS):
        tiles = [t for t in left if t in group]
        for i, tile in enumerate(tiles):
            parts.append(f"{reward_name(tile) if i == 0 else tile.capitalize()} {left[tile]}")
    return "Rewards: " + " · ".join(parts)
