"""Text pictures for El Grande: Spain's nine regions as boxes in their real relative
positions, the Castillo, the five action cards and the power cards (content markup)."""

from __future__ import annotations

from core.elgrande.content import BOARD, CARDS, REGIONS
from core.elgrande.state import State
from tui.text import esc
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


def region_lines(view: State, index: int, width: int, height: int) -> list[tuple[str, str]]:
    """(text, style) lines inside a region's box."""
    region = REGIONS[index]
    values = "/".join(map(str, view.region_values(index)))
    king = " ♚" if view.king == index else ""
    lines = [(f"{region.short} {values}{king}"[:width], "bold")]
    pieces = []
    for seat in range(len(view.names)):
        count = view.board[index][seat]
        grande = view.grandes[seat] == index
        if count or grande:
            pieces.append((seat, count, grande))
    sep = " " if sum(len(str(n)) + 1 for _, n, _ in pieces) + len(pieces) - 1 <= width else ""
    markup = sep.join(
        f"[{player_style(s)}{' underline' if g else ''}]{player_glyph(s)}[/]{n}" for s, n, g in pieces
    )
    lines.append((markup, "markup"))
    if height >= 3:
        grandes = [player_glyph(s) for s, _, g in pieces if g]
        if grandes:
            lines.append((f"Grande {' '.join(grandes)}"[:width], "dim"))
        if height >= 4:
            lines.append((region.name[:width], "dim"))
    return lines


def render_map(view: State, cw: int, ch: int, cursor: tuple[int, int] | None,
               legal: set[tuple[int, int]]) -> list[str]:
    """The region map with borders; the cursor region reversed, playable ones underlined."""
    height, width = map_size(cw, ch)
    canvas = [[" "] * width for _ in range(height)]
    for y in range(height):
        for x in range(width):
            on_h, on_v = y % ch == 0, x % cw == 0
            r, c = y // ch, x // cw
            if on_h and on_v:
                up = _owner(r - 1, c - 1) != _owner(r - 1, c)
                down = _owner(r, c - 1) != _owner(r, c)
                left = _owner(r - 1, c - 1) != _owner(r, c - 1)
                right = _owner(r - 1, c) != _owner(r, c)
                canvas[y][x] = JUNCTIONS[(int(up), int(down), int(left), int(right))]
            elif on_h:
                canvas[y][x] = "─" if _owner(r - 1, c) != _owner(r, c) else " "
            elif on_v:
                canvas[y][x] = "│" if _owner(r, c - 1) != _owner(r, c) else " "
    rows = ["".join(canvas[y]) for y in range(height)]
    texts: dict[tuple[int, int], tuple[int, str]] = {}  # (y, x) -> (length, markup)
    for index, region in enumerate(REGIONS):
        inner_w = region.cols * cw - 1
        inner_h = region.rows * ch - 1
        y0, x0 = region_anchor(index, cw, ch)
        for i, (text, style) in enumerate(region_lines(view, index, inner_w, inner_h)):
            if i >= inner_h:
                break
            if style == "markup":
                plain_len = len(_strip(text))
                markup = text
            else:
                plain_len = len(text)
                mark = ""
                if i == 0:
                    mark = _mark((y0, x0), cursor, legal)
                combined = " ".join(part for part in (style, mark) if part)
                markup = f"[{combined}]{esc(text)}[/]" if combined else esc(text)
            if plain_len:
                texts[(y0 + i, x0)] = (plain_len, markup)
    out = []
    for y, row in enumerate(rows):
        line, x = "", 0
        while x < width:
            if (y, x) in texts:
                length, markup = texts[(y, x)]
                line += markup
                x += length
                continue
            line += row[x]
            x += 1
        out.append(line)
    return out


def _strip(markup: str) -> str:
    out = ""
    i = 0
    while i < len(markup):
        if markup[i] == "[" and (i == 0 or markup[i - 1] != "\\"):
            end = markup.index("]", i)
            i = end + 1
            continue
        out += markup[i]
        i += 1
    return out


def _mark(position: tuple[int, int], cursor: tuple[int, int] | None, legal: set[tuple[int, int]]) -> str:
    if position == cursor:
        return "reverse"
    if position in legal:
        return "underline $success"
    return ""


def castillo_line(view: State, row: int, cursor: tuple[int, int] | None, legal: set[tuple[int, int]]) -> str:
    """The Castillo: per-player totals, or (hidden variant) no figures at all.

    With ``castillo_visible`` off the players must remember what went in: the log keeps
    each insertion as it was announced, and the board shows no sum of them.
    """
    values = "/".join(map(str, BOARD.castillo_values))
    label = f"Castillo {values}"
    mark = _mark((row, 0), cursor, legal)
    label = f"[b {mark}]{label}[/]" if mark else f"[b]{label}[/]"
    totals = view.castillo_totals()
    if totals is None:
        return f"{label}: hidden [dim](see the log)[/]"
    seats = range(len(view.names))
    return f"{label}: " + " ".join(f"[{player_style(s)}]{player_glyph(s)}[/]{totals[s]}" for s in seats)


def card_lines(view: State, first_row: int, cursor: tuple[int, int] | None,
               legal: set[tuple[int, int]], width: int) -> list[str]:
    """The five action cards of the round (taken ones shown as gone)."""
    lines = []
    face = dict(view.face_up_cards())
    for stack in range(1, 6):
        position = (first_row + stack - 1, 0)
        card = face.get(stack)
        if card is None:
            text = f"{stack} —"
        else:
            text = f"{stack} {CARDS[card].name}"[:width]
        mark = _mark(position, cursor, legal)
        lines.append(f"[{mark}]{esc(text)}[/]" if mark else esc(text))
    return lines


def power_line(view: State, seat: int | None, row: int, cursor: tuple[int, int] | None,
               legal: set[tuple[int, int]]) -> str:
    """The viewing seat's power cards still in hand (this round's bids are on the scoreboard)."""
    parts = []
    if seat is not None:
        for value in view.hand_values(seat):
            mark = _mark(power_position(row, value), cursor, legal)
            parts.append(f"[{mark}]{value}[/]" if mark else str(value))
    return "Power " + " ".join(parts) if parts else ""


def power_position(row: int, value: int) -> tuple[int, int]:
    """Picture position of a power card in the hand line."""
    return row, 6 + value * 3

