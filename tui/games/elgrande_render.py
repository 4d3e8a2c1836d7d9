"""The El Grande board picture: Spain's nine regions as boxes in their real relative
positions, the Castillo, the five action cards and the power cards.

Where the decision at hand can go, a glyph starts the area's title (drawn, so it reads in
every theme, monochrome too): :data:`NEAR_KING` before a region next to the King,
:data:`ELSEWHERE` before any other region (a card that allows it) or the Castillo. The
screen's marks (target, cursor) come on top of the titles as on every board.
"""

from __future__ import annotations

from typing import Collection

from rich.cells import cell_len

from core.elgrande.content import ADJACENT, BOARD, CARDS, CASTILLO, REGIONS
from core.elgrande.state import State
from tui.widgets.picture import Picture
from tui.widgets.players import player_glyph, player_style

# Box-drawing junctions by which of (up, down, left, right) edges meet there.
JUNCTIONS = {
    (1, 1, 0, 0): "│", (0, 0, 1, 1): "─", (0, 1, 0, 1): "┌", (0, 1, 1, 0): "┐",
    (1, 0, 0, 1): "└", (1, 0, 1, 0): "┘", (1, 1, 0, 1): "├", (1, 1, 1, 0): "┤",
    (0, 1, 1, 1): "┬", (1, 0, 1, 1): "┴", (1, 1, 1, 1): "┼", (1, 0, 0, 0): "│",
    (0, 1, 0, 0): "│", (0, 0, 1, 0): "─", (0, 0, 0, 1): "─", (0, 0, 0, 0): " ",
}


def _owner_grid() -> list[list[int]]:
    grid = [[-1] * BOARD.map_cols for _ in range(BOARD.map_rows)]
    for index, region in enumerate(REGIONS):
        for r in range(region.row, region.row + region.rows):
            for c in range(region.col, region.col + region.cols):
                grid[r][c] = index
    return grid


OWNER = _owner_grid()
GRANDE = "♜"  # after a player's count: that player's Grande is in the region
KING = "♚"  # in the title of the King's region
NEAR_KING = "►"  # starts a region's title: the move at hand can go there, next to the King
ELSEWHERE = "▻"  # starts the title of another region (or the Castillo) the move can go to
TARGET_STYLE = "bold"


def target_glyph(view: State, area: int, near: Collection[int] | None = None) -> str:
    """The glyph before the title of ``area`` (a region or the Castillo) where the move at
    hand can go: :data:`NEAR_KING` where a caballero can be placed next to the King (the
    areas ``near``; by default every neighbour of the King), else :data:`ELSEWHERE` (a
    place a card allows, the King's, a disk's or a scoring's choice)."""
    if near is not None:
        return NEAR_KING if area in near else ELSEWHERE
    return NEAR_KING if 0 <= area < len(REGIONS) and area in ADJACENT[view.king] else ELSEWHERE


def region_anchor(index: int, cw: int, ch: int) -> tuple[int, int]:
    """Picture (row, col) of a region's first text line (its cursor position)."""
    region = REGIONS[index]
    return region.row * ch + 1, region.col * cw + 1


def map_size(cw: int, ch: int) -> tuple[int, int]:
    """(height, width) of the map picture."""
    return BOARD.map_rows * ch + 1, BOARD.map_cols * cw + 1


def _owner(r: int, c: int) -> int:
    if 0 <= r < BOARD.map_rows and 0 <= c < BOARD.map_cols:
        return OWNER[r][c]
    return -2


Parts = list[tuple[str, str]]


def _cells(parts: Parts) -> int:
    return sum(cell_len(text) for text, _ in parts)


def _flow(tokens: list[Parts], width: int, sep: str, first: Parts | None = None) -> list[Parts]:
    """``tokens`` laid out left to right, a new line whenever the next one would not fit.

    ``first`` starts the first line (followed by a space before the first token).
    """
    lines: list[Parts] = [list(first)] if first else []
    for token in tokens:
        if lines:
            gap = " " if (first and len(lines) == 1 and _cells(lines[0]) == _cells(first)) else sep
            if lines[-1] and _cells(lines[-1]) + len(gap) + _cells(token) <= width:
                lines[-1] += [(gap, "")] + token if gap else token
                continue
        lines.append(list(token))
    return lines


def _clip(parts: Parts, width: int) -> Parts:
    """``parts`` cut to ``width`` cells (an ellipsis where something was cut)."""
    if _cells(parts) <= width:
        return parts
    out: Parts = []
    room = width - 1
    for text, style in parts:
        piece = text[:max(room, 0)]
        while cell_len(piece) > room:
            piece = piece[:-1]
        if piece:
            out.append((piece, style))
        room -= cell_len(piece)
        if room <= 0:
            break
    return out + [("…", "dim")]


def region_lines(view: State, index: int, width: int, height: int, mark: str = "") -> list[Parts]:
    """Lines inside a region's box (at most ``height``, each at most ``width`` cells).

    The title (short name, 1st/2nd/3rd values, ♚ for the King) comes first, then each
    player's caballeros (``A3``, ``A3♜`` with that player's Grande), wrapped onto the
    next lines of the box. When they need more lines than the box has, the values leave
    the title (the detail line shows them) and the pieces follow the short name on the
    first line; in the most crowded boxes the short name goes too (the box's place names
    it). ``mark`` (a :func:`target_glyph`) starts the first line whatever else is cut.
    """
    region = REGIONS[index]
    values = "/".join(map(str, view.region_values(index)))
    king = KING if view.king == index else ""
    lead: Parts = [(mark, TARGET_STYLE)] if mark else []
    pieces = []
    for seat in range(len(view.names)):
        count = view.board[index][seat]
        grande = view.grandes[seat] == index
        if count or grande:
            pieces.append((seat, count, grande))
    tokens: list[Parts] = [
        [(player_glyph(s), player_style(s)), (str(n), "")] + ([(GRANDE, player_style(s))] if g else [])
        for s, n, g in pieces
    ]
    titles = [f"{region.short} {values}" + (f" {king}" if king else "")]
    if king and mark:
        titles.append(f"{region.short} {values}{king}")  # the mark takes the space's cell
    lines: list[Parts] = []
    for text in titles:
        for sep in (" ", ""):
            lines = [lead + [(text, "bold")]] + (_flow(tokens, width, sep) or [[]])
            if len(lines) <= height and all(_cells(line) <= width for line in lines):
                break
        else:
            continue
        break
    else:
        short_first = lead + [(f"{region.short}{king}", "bold")]
        bare_first = lead + ([(king, "bold")] if king else [])
        for first in (short_first, bare_first or None):
            lines = _flow(tokens, width, "", first)
            if len(lines) <= height:
                break
        else:
            # The fullest boxes: the mark (if any) ends the last line when it fits there.
            tail = _flow(tokens, width, "", [(king, "bold")] if king else None)
            if mark and len(tail) <= height and _cells(tail[-1]) < width:
                lines = tail[:-1] + [tail[-1] + lead]
            else:
                lines = lines[:height]
                lines[-1] = _clip(lines[-1] + [("…", "")], width)
    if height >= 4 and len(lines) < height:
        lines.append([(region.name, "dim")])
    return [_clip(line, width) for line in lines[:height]]


def draw_map(picture: Picture, view: State, cw: int, ch: int, targets: Collection[int] = (),
             near: Collection[int] | None = None) -> None:
    """The region map with its borders, at the top of ``picture``; the regions in
    ``targets`` (where the move at hand can go) start their titles with a glyph."""
    height, width = map_size(cw, ch)
    for y in range(height):
        row = []
        for x in range(width):
            on_h, on_v = y % ch == 0, x % cw == 0
            r, c = y // ch, x // cw
            if on_h and on_v:
                up = _owner(r - 1, c - 1) != _owner(r - 1, c)
                down = _owner(r, c - 1) != _owner(r, c)
                left = _owner(r - 1, c - 1) != _owner(r, c - 1)
                right = _owner(r - 1, c) != _owner(r, c)
                row.append(JUNCTIONS[(int(up), int(down), int(left), int(right))])
            elif on_h:
                row.append("─" if _owner(r - 1, c) != _owner(r, c) else " ")
            elif on_v:
                row.append("│" if _owner(r, c - 1) != _owner(r, c) else " ")
            else:
                row.append(" ")
        picture.put(y, 0, "".join(row))
    for index, region in enumerate(REGIONS):
        inner_w = region.cols * cw - 1
        inner_h = region.rows * ch - 1
        y0, x0 = region_anchor(index, cw, ch)
        mark = target_glyph(view, index, near) if index in targets else ""
        for i, parts in enumerate(region_lines(view, index, inner_w, inner_h, mark)[:inner_h]):
            picture.put(y0 + i, x0, parts)


def draw_castillo(picture: Picture, view: State, row: int, col: int = 0, mark: str = "") -> None:
    """The Castillo: per-player totals, or (hidden variant) no figures at all.

    With ``castillo_visible`` off the players must remember what went in: the log keeps
    each insertion as it was announced, and the board shows no sum of them. ``mark`` (the
    move at hand can go in) goes in the cell before the title, or starts it at column 0.
    """
    values = "/".join(map(str, BOARD.castillo_values))
    title: Parts = [(f"Castillo {values}", "bold")]
    if mark and col > 0:
        picture.put(row, col - 1, mark, TARGET_STYLE)
    elif mark:
        title = [(mark, TARGET_STYLE)] + title
    used = col + picture.put(row, col, title)
    totals = view.castillo_totals()
    if totals is None:
        picture.put(row, used, [(": hidden ", ""), ("(see log)", "dim")])
        return
    parts: list[tuple[str, str]] = [(":", "")]
    for s in range(len(view.names)):
        parts += [(" ", ""), (player_glyph(s), player_style(s)), (str(totals[s]), "")]
    picture.put(row, used, parts)


def draw_cards(picture: Picture, view: State, first_row: int, width: int) -> None:
    """The five action cards of the round (taken ones shown as gone)."""
    face = dict(view.face_up_cards())
    for stack in range(1, 6):
        card = face.get(stack)
        text = f"{stack} —" if card is None else f"{stack} {CARDS[card].name}"[:width]
        picture.put(first_row + stack - 1, 0, text)


def draw_power(picture: Picture, view: State, seat: int | None, row: int) -> None:
    """The viewing seat's power cards still in hand (this round's bids are on the scoreboard)."""
    values = view.hand_values(seat) if seat is not None else []
    if not values:
        return
    picture.put(row, 0, "Power")
    for value in values:
        picture.put(*power_position(row, value), str(value))


def power_position(row: int, value: int) -> tuple[int, int]:
    """Picture position of a power card in the hand line."""
    return row, 6 + value * 3


def layout(cw: int, ch: int, compact: bool) -> tuple[tuple[int, int], int, int]:
    """Where the Castillo line starts (row, col), the first card row and the power row.

    Below the map come the Castillo, the five cards and the power cards; ``compact``
    (80x24) puts the Castillo beside the fifth card (always The King), one row less: the
    board column has no row to spare there when the status line takes its second row.
    A :data:`CASTILLO_SEPARATOR` then parts the two, so the line does not read as one card
    ("5 The King│ Castillo 5/3/1: …", a border as between the map's boxes).
    """
    height, _ = map_size(cw, ch)
    if compact:
        return (height + 4, KING_COL), height, height + 5
    return (height, 0), height + 1, height + 6


KING_COL = 12  # the compact Castillo's column: after "5 The King", the separator and the mark's cell
CASTILLO_SEPARATOR = "│"  # in the compact layout, two cells before the Castillo's title


def draw_caption(picture: Picture, text: str, cw: int, ch: int) -> None:
    """``text`` (the round and the next scoring) on the map's bottom border, in its longest
    straight run: the status line leaves the progress out where it needs the row."""
    height, _ = map_size(cw, ch)
    lines = picture.lines()
    row = lines[height - 1] if len(lines) >= height else ""
    best, run = (0, 0), 0
    for col, char in enumerate(row):
        if char == "─":
            run += 1
            if run > best[0]:
                best = (run, col - run + 1)
        else:
            run = 0
    run, start = best
    caption = f" {text} "
    if text and len(caption) + 2 <= run:
        picture.put(height - 1, start + (run - len(caption)) // 2, caption, "bold")


def render_board(view: State, seat: int | None, cw: int, ch: int, compact: bool = False,
                 targets: Collection[int] = (), near: Collection[int] | None = None,
                 caption: str = "") -> Picture:
    """The whole board: map, then the Castillo line, the five cards and the power cards.

    ``targets``: the regions (and :data:`CASTILLO`) where the move at hand can go, each
    marked with its :func:`target_glyph` (``near``: where caballeros go next to the King);
    ``caption``: the game's progress, on the map's bottom border.
    """
    picture = Picture()
    draw_map(picture, view, cw, ch, targets, near)
    draw_caption(picture, caption, cw, ch)
    _, width = map_size(cw, ch)
    castillo, first_card, power_row = layout(cw, ch, compact)
    draw_cards(picture, view, first_card, width)
    if compact:
        picture.put(castillo[0], castillo[1] - 2, CASTILLO_SEPARATOR)
    draw_castillo(picture, view, *castillo, target_glyph(view, CASTILLO, near) if CASTILLO in targets else "")
    draw_power(picture, view, seat, power_row)
    return picture
