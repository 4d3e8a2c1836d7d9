"""Player words for Quadropolis: action descriptions, prompts, progress, results and board views.

Everything takes a state or a view and answers in player terms; nothing here changes a state.
"""

from __future__ import annotations

from typing import Sequence

from core.quadropolis import rules
from core.quadropolis.actions import Action, Build, Discard, Place
from core.quadropolis.board import CITY, SLOT_INDEX, SLOT_NAMES, SLOT_TARGET, city_coords, city_square
from core.quadropolis.content import (
    FACTORY,
    HARBOR,
    PARK,
    RULES,
    SERVICE,
    SHOP,
    TILE_EN,
    TILE_INH,
    TILE_KIND,
    TILE_MAYOR,
    TILE_VP,
    TILES,
    TOWER,
    type_name,
)
from core.quadropolis.scoring import allocate
from core.quadropolis.state import State
from core.words import counted


def tile_name(tile: int) -> str:
    """What a tile is called: its building type ("Shop"), "the Mayor's Tower Block" for the
    Tower Block carrying the Mayor symbol."""
    name = type_name(TILE_KIND[tile])
    return f"the Mayor's {name}" if TILE_MAYOR[tile] else name


def tile_gives(tile: int) -> str:
    """What a tile gives its builder, in words: "gives 2 inhabitants", "gives 1 inhabitant
    and 1 energy", "2 VP printed on it", "gives nothing"; the Mayor's Tower Block adds that
    it makes its builder the Mayor."""
    gifts = [counted(n, noun) for n, noun in ((TILE_INH[tile], "inhabitant"),) if n]
    gifts += [f"{TILE_EN[tile]} energy"] if TILE_EN[tile] else []
    text = f"gives {' and '.join(gifts)}" if gifts else ""
    if TILE_VP[tile]:
        text += f"{', ' if text else ''}{TILE_VP[tile]} VP printed on it"
    text = text or "gives nothing"
    if TILE_MAYOR[tile]:
        text += "; it makes you the Mayor (first to play next round)"
    return text


# How each type's points are counted: the scoring table's entry n is for n of these.
_COUNTED = {TOWER: "floor", SHOP: "customer", SERVICE: "district", PARK: "tower", HARBOR: "harbor"}


def type_points(kind: int) -> str:
    """The points a building type scores, from the rules' tables: "Points: 1 floor 1 VP ·
    2 floors 3 VP · …", a Factory's per neighbour, a Harbor's per line."""
    if kind == FACTORY:
        return (f"Points: {RULES.factory_per_shop} VP per Shop and {RULES.factory_per_harbor} VP "
                "per Harbor next to it")
    table = {TOWER: RULES.tower_table, SHOP: RULES.shop_table, SERVICE: RULES.service_table,
             PARK: RULES.park_table, HARBOR: RULES.harbor_table}[kind]
    parts = [f"{counted(count, _COUNTED[kind])} {points} VP" for count, points in enumerate(table) if count]
    return ("Points per line: " if kind == HARBOR else "Points: ") + " · ".join(parts)


def type_text(kind: int) -> str:
    """The whole card of a building type: what it needs and how it scores, in the content's
    words, then its points."""
    return f"{RULES.type_texts[kind]}\n{type_points(kind)}"


def takes(state: State, square: int) -> str:
    """What an Architect aimed at site ``square`` takes: "takes Shop", "takes the Mayor's
    Tower Block", "face-down tile: takes nothing" or "takes nothing" (the move list, the log
    and the screen's hint all say it in these words)."""
    tile = state.site[square]
    if tile >= 0:
        return f"takes {tile_name(tile)}"
    if state.face_down[square] >= 0:
        return "face-down tile: takes nothing"
    return "takes nothing"


def penalty_note(before: State, after: State, seat: int) -> str:
    """Why ``seat``'s penalties for unused resources differ between two states, if they do
    ("3 inhabitants unused: -1 each", "no energy unused"; both joined by "; "), else "".

    The counts are those of the best end-of-game allocation (:func:`scoring.allocate`), the
    one the standings score.
    """
    old, new = (
        allocate(s.codes[seat], s.inhabitants[seat], s.energy[seat], s.adjacency_needs_activation)
        for s in (before, after)
    )
    parts = []
    for category, unused, noun, plural, each in (
        ("Inhabitant penalty", new.unused_inhabitants, "inhabitant", "inhabitants", RULES.unused_inhabitant),
        ("Energy penalty", new.unused_energy, "energy", "energy", RULES.unused_energy),
    ):
        if old.by_category()[category] == new.by_category()[category]:
            continue
        if not unused:
            parts.append(f"no {plural} unused")
        elif unused == 1:
            parts.append(f"1 {noun} unused: {each}")
        else:
            parts.append(f"{unused} {plural} unused: {each} each")
    return "; ".join(parts)


def describe(action: Action, state: State | None = None) -> str:
    """Short text: "Architect 3 → W2 (takes Shop)", "Build at row 2, col 3", ..."""
    match action:
        case Place(architect=architect, slot=slot):
            text = f"Architect {architect} → {slot}"
            if state is not None and state.phase == "place" and slot in SLOT_INDEX:
                if 1 <= architect <= RULES.architects:
                    text += f" ({takes(state, SLOT_TARGET[SLOT_INDEX[slot]][architect])})"
            return text
        case Build(row=row, col=col):
            where = f"row {row}, col {col}"
            on_board = 1 <= row <= CITY and 1 <= col <= CITY
            if state is not None and state.phase == "build" and on_board:
                tile = state.pending
                seat = rules.to_act(state)[0]
                height = state.height(seat, city_square(row, col))
                floor = f" (floor {height + 1})" if TILE_KIND[tile] == TOWER and height else ""
                return f"Build the {type_name(TILE_KIND[tile])} at {where}{floor}"
            return f"Build at {where}"
        case Discard():
            if state is not None and state.phase == "build":
                return f"Discard the {type_name(TILE_KIND[state.pending])}"
            return "Discard the tile"
    return repr(action)


def prompt(state: State, seat: int) -> str:
    """What ``seat`` must decide now."""
    if state.phase == "over":
        return "The game is over."
    current = rules.to_act(state)[0]
    if seat != current:
        return f"Waiting for {state.names[current]}."
    if state.phase == "place":
        numbers = state.unused_architects(seat)
        if len(numbers) == 1:
            return f"Place your Architect {numbers[0]} on a free slot"
        if numbers == list(range(numbers[0], numbers[-1] + 1)):
            which = f"{numbers[0]}-{numbers[-1]}"
        else:
            which = ", ".join(map(str, numbers))
        return f"Place an Architect ({which}) on a free slot"
    n = state.pending_architect
    name = type_name(TILE_KIND[state.pending])
    if len(rules.legal_actions(state, seat)) == 1:
        return f"No room for the {name} in row or column {n}: discard it"
    if TILE_KIND[state.pending] == TOWER and n > 1:
        return f"Build the {name} in row or column {n} or as floor {n}, or discard it"
    return f"Build the {name} in row or column {n}, or discard it"


def progress(state: State) -> str:
    """ "Round 2/4, turn 3/4" or "Game over"."""
    if state.phase == "over":
        return "Game over"
    game_turn = state.turn // state.players + 1
    return f"Round {state.round}/{RULES.rounds}, turn {game_turn}/{RULES.architects}"


def tie_notes(state: State, totals: Sequence[int], empty: Sequence[int]) -> list[str]:
    """Explain the tie-breaks used: Inhabitants owned, then fewer empty squares.

    Rules: "End of game scoring" › "Ties".
    """
    names = state.names
    notes = []

    def listing(seats: Sequence[int], values: Sequence[int]) -> str:
        """ "Ann 12, Bob 10" for the given seats."""
        return ", ".join(f"{names[s]} {values[s]}" for s in seats)

    for total in sorted(set(totals), reverse=True):
        group = [s for s in range(state.players) if totals[s] == total]
        if len(group) < 2:
            continue
        who = " and ".join(names[s] for s in group)
        inh = state.inhabitants
        if len({inh[s] for s in group}) > 1:
            notes.append(
                f"{who} tied on {total} points; more Inhabitants ranks higher ({listing(group, inh)})."
            )
        for value in sorted({inh[s] for s in group}, reverse=True):
            sub = [s for s in group if inh[s] == value]
            if len(sub) < 2:
                continue
            sub_who = " and ".join(names[s] for s in sub)
            if len({empty[s] for s in sub}) > 1:
                notes.append(
                    f"{sub_who} tied on points and Inhabitants; fewer empty squares ranks higher "
                    f"({listing(sub, empty)})."
                )
            for count in sorted({empty[s] for s in sub}):
                still = [s for s in sub if empty[s] == count]
                if len(still) > 1:
                    tied = " and ".join(names[s] for s in still)
                    notes.append(f"{tied} share their place (tied on every tie-break).")
    return notes


def city_grid(state: State, seat: int) -> list[list[tuple[str, int, str]]]:
    """The city of ``seat`` as rows of ``(top tile id, height, type name)``; ``("", 0, "")`` if empty."""
    grid = []
    for r in range(CITY):
        row = []
        for c in range(CITY):
            stack = state.cities[seat][r * CITY + c]
            if stack:
                row.append((TILES[stack[-1]].id, len(stack), type_name(TILE_KIND[stack[0]])))
            else:
                row.append(("", 0, ""))
        grid.append(row)
    return grid


def turn_order(state: State) -> list[int]:
    """Seats in playing order for the current round (the round's first player first)."""
    return [(state.first + i) % state.players for i in range(state.players)]


def site_grid(state: State) -> list[list[tuple[str, bool]]]:
    """The Construction Site as rows of ``(tile id, face down)``; ``("", False)`` if empty."""
    grid = []
    for r in range(1, RULES.site_size + 1):
        row = []
        for c in range(1, RULES.site_size + 1):
            sq = (r - 1) * RULES.site_size + c - 1
            if state.site[sq] >= 0:
                row.append((TILES[state.site[sq]].id, False))
            elif state.face_down[sq] >= 0:
                row.append((TILES[state.face_down[sq]].id, True))
            else:
                row.append(("", False))
        grid.append(row)
    return grid


def slot_name(slot: int) -> str:
    """Name of a slot index ("W1".."S5")."""
    return SLOT_NAMES[slot]


def square_name(square: int) -> str:
    """Human name of a city square index: "row 2, col 3"."""
    row, col = city_coords(square)
    return f"row {row}, col {col}"
