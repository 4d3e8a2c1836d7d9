"""The Intendentes board picture: the blocks for sale and the auction, and the districts.

Pure functions of a view (and of the :class:`Layout` the terminal's size gives); they know
nothing of cursors. One picture holds, top to bottom:

- the market (:func:`draw_market`): the biddable blocks and the next one as cards (on a
  small terminal the next one on a line under three cards, and outside the Bidding phase
  all four on one or two lines of names: the district needs the rows then), and the
  running auction (or, outside the bidding, this round's event) on two rows under them;
- a district (:func:`draw_district`): a mayor's money, splendor, food and the food price;
  the risk indices; the penalty cards held; the discontent track; the blocks with their
  inhabitants; the plan hand;
- on wide terminals the other mayors' districts side by side (:func:`draw_others`).

The board speaks in words: a number stands next to the word or symbol it counts ("food 3",
"fire+1", "2 officers", "★2"). The symbols left (★ splendor, $ money, 2/4 inhabitants of
room, the discontent track's ■ and fists △, ×2 copies) are told by the legend where it
fits and by the detail line on the place under the cursor.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

from core.intendentes.content import (
    BLOCKS,
    DECK_SIZE,
    DISCONTENT_MAX,
    EVENTS,
    FISTS,
    FOOD_PER_PURCHASE,
    PHASE_NAMES,
    PLANS,
    SECURITY_KINDS,
    Block,
)
from core.intendentes.rules import market_price
from core.intendentes.state import (
    ACQUIRED,
    DECLINED,
    G_BIDDING,
    HIDDEN,
    NONE,
    S_AUCTION,
    S_OPEN_BID,
    State,
)
from tui.widgets.picture import Parts, Picture
from tui.widgets.players import player_glyph, player_style

INDEX_WORDS = ("fire", "flood", "insecurity")
"""The three risk indices."""
PENALTY_WORDS = ("fire", "flood", "insecurity", "demonstration")
"""The penalty cards' kinds."""
PENALTY_SHORT = ("fire", "flood", "insecurity", "demo")
"""The penalty cards' kinds on the board's row of cards (the detail line says it whole)."""
KIND_WORDS = ("Town", "City", "Industry", "Field", "Police", "Fire brigade", "Special")
KIND_CARD = ("Town", "City", "Industry", "Field", "Police", "Brigade", "Special")
"""A block's kind on a card."""
FIST = "△"
FIST_REACHED = "▲"
SHORT_NAMES = {
    "Volunteer Fire Brigade": "Volunteer Brigade",
    "Police Headquarters": "Police HQ",
    "Fire Headquarters": "Fire HQ",
    "Meat-Packing Plant": "Meat-Packing",
    "Provincial Capital": "Prov. Capital",
}
"""Names too long for a card, as the card writes them (the detail line has them whole)."""

# The special blocks' effects in a few words on a card (the content's text says them whole).
EFFECT_CARD = {
    "school": "less discontent",
    "hospital": "births from 1",
    "park": "discontent -2",
    "stadium": "$3: discontent-1",
    "hydraulic_works": "free flood off",
    "cathedral": "demo costs 1★",
    "central_market": "food $2 cheaper",
    "bank": "+$4 income",
    "train_station": "+1 newcomer",
    "radio_station": "plans $1 less",
}

CARD_ROWS = 6
"""Rows of a card at most: kind, cost and splendor; name; inhabitants, officers or
effect; money and food; risk changes (two rows). The cards on show take the rows the
fullest of them needs."""
LINE_ROWS = 2
"""Rows of the auction (or event) line under the cards: a long line goes on to a second."""
RISK_COLS = (6, 15, 25, 40)
"""Where the risk and card rows of a district put fire, flood, insecurity, demonstration."""


@dataclass(frozen=True)
class Layout:
    """Sizes of the board's parts for a terminal size."""

    card: int  # a card's width
    cards: int  # cards side by side: 4, or 3 with the next block on a line under them
    wide: bool  # wide terminal: the other districts side by side, plans with their phase

    @property
    def width(self) -> int:
        """The board's width in cells."""
        return self.cards * (self.card + 1) - 1

    def card_col(self, slot: int) -> int:
        """The column of display slot ``slot`` (3: the next block, on wide boards)."""
        return slot * (self.card + 1)


SMALL = Layout(card=15, cards=3, wide=False)
WIDE = Layout(card=19, cards=4, wide=True)


class At:
    """Draws on ``picture`` with rows counted from ``top`` (a part of the board drawn by
    code that numbers its own rows from 0)."""

    def __init__(self, picture: Picture, top: int) -> None:
        self.picture = picture
        self.top = top

    def put(self, row: int, col: int, parts: Parts, style: str = "") -> int:
        """:meth:`Picture.put` at ``top + row``."""
        return self.picture.put(self.top + row, col, parts, style)


# --- words ---------------------------------------------------------------------------------
def signed(n: int) -> str:
    """ "+2", "-1", "0"."""
    return f"+{n}" if n > 0 else str(n)


def mods_tokens(block: Block) -> list[str]:
    """The index changes on acquisition, ["fire+1", "flood+2"] (non-zero ones only)."""
    return [f"{word}{signed(n)}" for word, n in zip(INDEX_WORDS, block.mods) if n]


def mods_words(block: Block) -> str:
    """The same for a sentence: "fire +1, flood +2" ("no risk change" for none)."""
    words = [f"{name} {signed(n)}" for name, n in zip(INDEX_WORDS, block.mods) if n]
    return ", ".join(words) if words else "no risk change"


def officers(block: Block) -> int:
    """A security block's officers."""
    return block.police + block.firemen


def officer_words(n: int) -> str:
    """ "1 officer", "2 officers"."""
    return f"{n} officer{'s' if n != 1 else ''}"


def block_label(block: int) -> str:
    """A block as the rules' words name it: "City (B13)" for a deck block (names repeat:
    the id tells them apart), "Initial Town" for an initial one."""
    info = BLOCKS[block]
    return f"{info.name} ({info.id})" if block < DECK_SIZE else info.name


def card_name(block: Block, width: int) -> str:
    """The block's name in ``width`` cells (a shorter form for the longest names)."""
    name = block.name
    if len(name) > width:
        name = SHORT_NAMES.get(name, name)
    return name[:width]


def money_text(view: State, seat: int) -> str:
    """``seat``'s money, "$12", or "$?" when the hidden-money option hides it."""
    money = view.money[seat]
    return "$?" if money < 0 else f"${money}"


def yields_text(block: Block) -> str:
    """What each inhabitant makes, "each: $2 food 1" (nothing it does not make)."""
    parts = ([f"${block.money}"] if block.money else []) + ([f"food {block.food}"] if block.food else [])
    return "each: " + " ".join(parts) if parts else "makes nothing"


def phase_words(phase: int) -> str:
    """ "phase 6 Balance"."""
    return f"phase {phase} {PHASE_NAMES[phase - 1]}"


def next_fist(space: int) -> int | None:
    """The first fist of the discontent track above ``space`` (None past the last)."""
    return next((f for f in sorted(FISTS) if f > space), None)


def flow_rows(tokens: list[str], width: int) -> list[str]:
    """``tokens`` side by side, a space apart, in rows of at most ``width`` cells."""
    rows: list[str] = []
    for token in tokens:
        if rows and len(rows[-1]) + 1 + len(token) <= width:
            rows[-1] += " " + token
        else:
            rows.append(token)
    return rows


# --- the market: cards and the auction --------------------------------------------------------
def card_lines(block: Block, layout: Layout, label: str = "") -> list[str]:
    """A block as :data:`CARD_ROWS` lines of ``layout.card`` cells: (label,) kind, minimum
    cost and splendor; name; inhabitants arriving and room, officers or effect; money and
    food per inhabitant; the risk changes on acquisition."""
    width = layout.card
    top = f"{label}{KIND_CARD[block.kind]} ${block.cost} ★{block.splendor}"
    lines = [top, card_name(block, width)]
    if block.population:
        lines.append(f"{block.initial} in, room {block.capacity}" if block.initial else f"room {block.capacity}")
        lines.append(yields_text(block))
    elif block.kind in SECURITY_KINDS:
        lines.append(officer_words(officers(block)))
    else:
        lines.append(EFFECT_CARD.get(block.effect, block.effect))
    lines += flow_rows(mods_tokens(block), width) or ["no risk change"]
    return [line[:width].ljust(width) for line in lines[:CARD_ROWS]]


def compact_market(view: State, layout: Layout) -> bool:
    """True where the market is drawn as names only (a small board outside the Bidding
    phase: the cards are read in the detail line, the district needs the rows)."""
    return not layout.wide and (view.phase != 1 or view.over)


@dataclass(frozen=True)
class MarketPlaces:
    """Where the market's places are: the display slots (3: the next block), the auction
    (or event) line, and the first row after the market."""

    slots: dict[int, tuple[int, int]]
    line: tuple[int, int]
    end: int


def draw_market(picture: Picture, view: State, layout: Layout, opener: int = NONE) -> MarketPlaces:
    """Draw the market on ``picture`` from row 0: the cards, the auction line (``opener``:
    who opened the auction running, if known); where its places are."""
    slots = list(view.display) + [view.next_block]
    places: dict[int, tuple[int, int]] = {}
    if compact_market(view, layout):
        row = _draw_names(picture, view, slots, layout, places)
    else:
        faces = [card_lines(BLOCKS[block], layout, "next: " if slot == 3 else "") if block != NONE
                 else ["—".ljust(layout.card)] for slot, block in enumerate(slots[:layout.cards])]
        row = max(len(lines) for lines in faces)
        for slot, lines in enumerate(faces):
            col = layout.card_col(slot)
            places[slot] = (0, col)
            # The biddable cards on a panel; the next block (not for sale yet) dimmed.
            body = "dim" if slot == 3 or slots[slot] == NONE else "on $boost"
            auctioned = slot == view.slot and view.stage == G_BIDDING
            for offset, line in enumerate(lines + [" " * layout.card] * (row - len(lines))):
                style = f"{body} bold" if offset == 0 or (offset == 1 and auctioned) else body
                picture.put(offset, col, line, style)
        if layout.cards < 4:
            places[3] = (row, 0)
            block = view.next_block
            text = (f"next: {BLOCKS[block].name} · {KIND_CARD[BLOCKS[block].kind]} ${BLOCKS[block].cost}"
                    if block != NONE else "next: none")
            picture.put(row, 0, text[:layout.width], "dim")
            row += 1
    picture.put(row + LINE_ROWS - 1, 0, " ")  # (the line keeps its rows)
    for index, parts in enumerate(wrap_parts(auction_parts(view, layout, opener), layout.width)[:LINE_ROWS]):
        put_parts(picture, row + index, 2 if index else 0, parts, layout.width)
    return MarketPlaces(places, (row, 0), row + LINE_ROWS)


def _draw_names(picture: Picture, view: State, slots: list[int], layout: Layout,
                places: dict[int, tuple[int, int]]) -> int:
    """The market as names: "for sale Field · City · Bank  next Police Post"; the rows used."""
    row, col = 0, picture.put(0, 0, "for sale ", "dim")
    for slot, block in enumerate(slots):
        name = BLOCKS[block].name if block != NONE else "—"
        lead = "  next " if slot == 3 else " · " if slot else ""
        if col + len(lead) + len(name) > layout.width:
            row, col = row + 1, 2
            lead = lead.lstrip(" ·")
        col += picture.put(row, col, lead, "dim")
        places[slot] = (row, col)
        col += picture.put(row, col, name, "dim" if slot == 3 else "")
    return row + 1


def seat_parts(view: State, seat: int) -> list[tuple[str, str]]:
    """A seat as its letter in its colour (never colour alone)."""
    return [(player_glyph(seat), player_style(seat))]


def auction_parts(view: State, layout: Layout, opener: int = NONE) -> list[tuple[str, str]]:
    """The auction line: the block auctioned, who opened or declined it, the high bid and
    bidder or who opens, who passed and who bids now; then who has a block or declined this
    round (and, wide, each mayor's money); outside phase 1 the event."""
    if view.stage != G_BIDDING:
        if view.event in (NONE, HIDDEN):
            return [("Event: turned up in phase 4", "dim")]
        event = EVENTS[view.event]
        return [("Event ", "dim"), (event.name, "bold"), (f": {event.text}", "")]
    parts: list[tuple[str, str]] = []
    if view.slot != NONE and view.display[view.slot] != NONE:
        block = BLOCKS[view.display[view.slot]]
        parts.append((f"{block.name}: ", "bold"))
        if view.decliner != NONE:
            parts += seat_parts(view, view.decliner) + [(" declined it · ", "")]
        elif opener != NONE and view.step != S_OPEN_BID:
            parts += [("opened by ", "")] + seat_parts(view, opener) + [(" · ", "")]
        if view.high_bidder != NONE:
            parts += [("high bid ", ""), (f"${view.high_bid} ", "bold")] + seat_parts(view, view.high_bidder)
        elif view.step == S_OPEN_BID:
            parts += seat_parts(view, view.actor) + [(f" opens it: first bid from ${block.cost}", "")]
        else:
            parts.append((f"no bid yet (from ${block.cost})", ""))
        out = [s for s in range(view.players) if view.passed >> s & 1]
        if out:
            parts.append((" · passed ", ""))
            for s in out:
                parts += seat_parts(view, s)
        if view.step == S_AUCTION:
            parts.append((" · to bid ", ""))
            parts += seat_parts(view, view.actor)
    else:
        parts.append(("Auctions", "bold"))
        if view.actor >= 0 and not view.over:
            parts += [(": ", "")] + seat_parts(view, view.actor) + [(" opens one next", "")]
    for label, status in ((" · has a block ", ACQUIRED), (" · declined ", DECLINED)):
        seats = [s for s, st in enumerate(view.bid_status) if st == status]
        if seats:
            parts.append((label, "dim"))
            for s in seats:
                parts += seat_parts(view, s)
    if layout.wide:
        parts.append((" · money", "dim"))
        for s in range(view.players):
            parts += [(" ", "")] + seat_parts(view, s) + [(f" {money_text(view, s)}", "")]
    return parts


def slice_parts(parts: list[tuple[str, str]], start: int, end: int) -> list[tuple[str, str]]:
    """The characters ``start``..``end`` of ``parts``' text, with their styles."""
    out: list[tuple[str, str]] = []
    at = 0
    for text, style in parts:
        lo, hi = max(start, at), min(end, at + len(text))
        if lo < hi:
            out.append((text[lo - at:hi - at], style))
        at += len(text)
    return out


def wrap_parts(parts: list[tuple[str, str]], width: int, indent: int = 2) -> list[list[tuple[str, str]]]:
    """``parts`` as rows of at most ``width`` cells, broken between words (styles kept);
    rows after the first are indented."""
    text = "".join(t for t, _ in parts)
    rows: list[list[tuple[str, str]]] = []
    at = 0
    room = width
    while at < len(text):
        rest = text[at:]
        if len(rest) <= room:
            rows.append(slice_parts(parts, at, len(text)))
            break
        line = textwrap.wrap(rest, room, drop_whitespace=False)[0].rstrip() or rest[:room]
        rows.append(slice_parts(parts, at, at + len(line)))
        at += len(line)
        while at < len(text) and text[at] == " ":
            at += 1
        room = width - indent
    return rows


def put_parts(picture: Picture | At, row: int, col: int, parts: list[tuple[str, str]], width: int) -> int:
    """Put ``parts`` side by side, cut at ``width`` cells; returns the cells used."""
    used = 0
    for text, style in parts:
        room = width - used
        if room <= 0:
            break
        used += picture.put(row, col + used, text[:room], style)
    return used


# --- a district ---------------------------------------------------------------------------
@dataclass(frozen=True)
class DistrictPlaces:
    """Where the places of a drawn district are, in the cursor's frame."""

    blocks: dict[int, tuple[int, int]]  # block index -> (row, col)
    cards: dict[int, tuple[int, int]]  # penalty type -> (row, col)
    market: tuple[int, int]  # the food price (buy)
    plans: dict[int, tuple[int, int]]  # plan index in hand -> (row, col)
    drawn: dict[int, tuple[int, int]]  # drawn plan -> (row, col)
    end: int  # the first row after the district
    figures: tuple[int, int] = (0, 0)  # the mayor, money, splendor and food
    risk: dict[int, tuple[int, int]] = field(default_factory=dict)  # index -> (row, col)
    track: tuple[int, int] = (0, 0)  # the discontent track


def discontent_track(space: int) -> list[tuple[str, str]]:
    """The 16 spaces 0..15: reached ones filled, fists △ (▲ once reached), the marker bold."""
    parts: list[tuple[str, str]] = []
    for n in range(DISCONTENT_MAX + 1):
        if n in FISTS:
            char = FIST_REACHED if n <= space else FIST
        else:
            char = "■" if n <= space else "·"
        style = "bold reverse" if n == space else ("$warning" if n in FISTS else "dim" if n > space else "")
        parts.append((char, style))
    return parts


def district_places(view: State, seat: int, layout: Layout, top: int, drawn: bool = False) -> DistrictPlaces:
    """The places :func:`draw_district` gives ``seat``'s district (drawn on a picture that
    is thrown away)."""
    return draw_district(Picture(), view, seat, layout, top, "", drawn)


def block_item(view: State, seat: int, position: int, pad: bool = True) -> str:
    """A block in a district: "Riverside Town 3/5" (inhabitants of room), "Police Post
    1 officer" (officers left on the mayor's Security turn; ``pad``: as wide as with all
    of them, so that the blocks keep their places) or the special block's name."""
    block = BLOCKS[view.blocks[seat][position]]
    if block.population:
        return f"{block.name} {view.people[seat][position]}/{view.capacity[seat][position]}"
    if block.kind in SECURITY_KINDS:
        used = view.sec_officers[position] if seat == view.actor and position < len(view.sec_officers) else 0
        text = f"{block.name} {officer_words(officers(block) - used)}"
        return text.ljust(len(f"{block.name} {officer_words(officers(block))}") + 1) if pad else text
    return block.name


def plan_item(plan: int, layout: Layout, copies: int = 1) -> str:
    """A plan in the hand: "Public Tender $1" (wide: "… $1 phase 1"; ×2 for two copies)."""
    info = PLANS[plan]
    return f"{info.name} ${info.cost}" + (f" phase {info.phase}" if layout.wide else "") + \
        (f" ×{copies}" if copies > 1 else "")


class _Flow:
    """Items side by side, " · " between them, in rows of the board's width."""

    def __init__(self, picture: At, row: int, col: int, width: int, indent: int) -> None:
        self.picture, self.row, self.col, self.width, self.indent = picture, row, col, width, indent
        self.start = col

    def put(self, text: str, style: str = "") -> tuple[int, int]:
        """Put one item; where it went (row and column in the picture's frame)."""
        text = text[:self.width - self.indent]
        if self.col > self.start:
            if self.col + 3 + len(text) > self.width:
                self.row, self.col = self.row + 1, self.indent
                self.start = self.indent
            else:
                self.col += self.picture.put(self.row, self.col, " · ", "dim")
        where = (self.picture.top + self.row, self.col)
        self.col += self.picture.put(self.row, self.col, text, style)
        return where


def draw_district(board: Picture, view: State, seat: int, layout: Layout, top: int,
                  name: str = "", drawn: bool = False) -> DistrictPlaces:
    """Draw ``seat``'s district (``name`` its mayor) from row ``top`` of ``board``; where
    its places are (``drawn``: the plans just drawn are shown, the viewer's Planning
    choice)."""
    picture = At(board, top)
    width = layout.width
    # Row 0: who, money, splendor, food; the food price.
    who = [(player_glyph(seat), player_style(seat))] + ([(f" {name[:12]}", "bold")] if name else [])
    col = put_parts(picture, 0, 0, who, width)
    col += picture.put(0, col, f" {money_text(view, seat)} ★{view.splendor[seat]} food {view.warehouse[seat]}")
    col += picture.put(0, col, "  ")
    market = (top, col)
    picture.put(0, col, f"{FOOD_PER_PURCHASE} food for ${market_price(view, seat)}")
    # Rows 1 and 2: the risk indices and the penalty cards, in columns.
    picture.put(1, 0, "risk", "dim")
    picture.put(2, 0, "cards", "dim")
    risk: dict[int, tuple[int, int]] = {}
    cards: dict[int, tuple[int, int]] = {}
    for kind, col in enumerate(RISK_COLS):
        if kind < 3:
            risk[kind] = (top + 1, col)
            picture.put(1, col, f"{INDEX_WORDS[kind]} {view.risk[seat][kind]}", "bold")
        count = view.cards[seat][kind]
        cards[kind] = (top + 2, col)
        picture.put(2, col, f"{PENALTY_SHORT[kind]} {count}", "bold $error" if count else "dim")
    # Row 3: the discontent track.
    space = view.discontent[seat]
    col = picture.put(3, 0, [("discontent ", "dim"), (f"{space:>2} ", "bold")])
    col += picture.put(3, col, discontent_track(space))
    fist = next_fist(space)
    if fist is not None:
        note = f" {FIST} at {fist}: +{FISTS[fist]} demo"
        if col + len(note) <= width:
            picture.put(3, col, note, "dim")
    # The blocks.
    flow = _Flow(picture, 4, 0, width, 0)
    blocks = {block: flow.put(block_item(view, seat, position)) for position, block in enumerate(view.blocks[seat])}
    # The plan hand (and the plans just drawn).
    row = flow.row + 1
    hand = view.hand[seat]
    plans: dict[int, tuple[int, int]] = {}
    label = "plans " if hand else "plans: none"
    picture.put(row, 0, label, "dim")
    if hand and hand[0] == HIDDEN:
        picture.put(row, len(label), f"{len(hand)} in hand (secret)")
        row += 1
    else:
        flow = _Flow(picture, row, len(label), width, 2)
        for plan in dict.fromkeys(hand):
            plans[plan] = flow.put(plan_item(plan, layout, hand.count(plan)))
        row = flow.row + 1
    drawn_places: dict[int, tuple[int, int]] = {}
    if drawn and view.drawn and view.drawn[0] != HIDDEN:
        label = "drawn "
        picture.put(row, 0, label, "bold $warning")
        flow = _Flow(picture, row, len(label), width, 2)
        for plan in dict.fromkeys(view.drawn):
            drawn_places[plan] = flow.put(plan_item(plan, layout, view.drawn.count(plan)))
        row = flow.row + 1
    return DistrictPlaces(blocks, cards, market, plans, drawn_places, top + row, (top, 0), risk, (top + 3, 0))


@dataclass(frozen=True)
class OtherPlaces:
    """Where the other districts' parts are, in the cursor's frame (for the last turn's
    marks): per seat its blocks, its money and food, its plans and its penalty cards."""

    blocks: dict[tuple[int, int], tuple[int, int]]  # (seat, block) -> (row, col)
    figures: dict[int, tuple[int, int]]
    plans: dict[int, tuple[int, int]]
    cards: dict[int, tuple[int, int]]


def held_words(view: State, seat: int) -> str:
    """The penalty cards ``seat`` holds, "fire 1 demo 2" ("none")."""
    held = [f"{word} {n}" for word, n in zip(PENALTY_SHORT, view.cards[seat]) if n]
    return " ".join(held) if held else "none"


def draw_others(board: Picture, view: State, seats: list[int], names: tuple[str, ...], width: int,
                top: int) -> OtherPlaces:
    """Draw the other mayors' districts side by side from row ``top`` of ``board`` (wide
    terminals): per column the mayor, money, splendor, food, discontent, plans, indices,
    penalty cards and blocks; where each part is."""
    picture = At(board, top)
    places = OtherPlaces({}, {}, {}, {})
    if not seats:
        return places
    column = min(40, (width + 2) // len(seats))
    room = column - 2
    for index, seat in enumerate(seats):
        col = index * column
        risk = flow_rows([f"{word} {n}" for word, n in zip(INDEX_WORDS, view.risk[seat])], room - 5)
        lines: list[Parts] = [
            [(player_glyph(seat), player_style(seat)), (f" {names[seat][:room - 2]}", "bold")],
            f"{money_text(view, seat)} ★{view.splendor[seat]} food {view.warehouse[seat]}",
            f"discontent {view.discontent[seat]} · plans {len(view.hand[seat])}",
        ]
        lines += [("risk " if i == 0 else "     ") + r for i, r in enumerate(risk)]
        places.figures[seat] = (top + 1, col)
        places.plans[seat] = (top + 2, col)
        places.cards[seat] = (top + len(lines), col)
        lines.append(f"cards {held_words(view, seat)}")
        for position, block in enumerate(view.blocks[seat]):
            places.blocks[(seat, block)] = (top + len(lines), col)
            lines.append(block_item(view, seat, position, pad=False))
        for row, line in enumerate(lines):
            if isinstance(line, str):
                picture.put(row, col, line[:room])
            else:
                put_parts(picture, row, col, list(line), room)
    return places


LEGEND_ENTRIES: tuple[tuple[str, str], ...] = (
    ("★", "splendor"),
    ("$", "money"),
    ("2/5", "inhabitants/room"),
    ("■", "discontent"),
    (FIST, "fist: demonstrations"),
    ("×2", "copies"),
)
"""The board's symbols and what they mean (the legend under the board where it fits;
the help and the detail line tell them too)."""
