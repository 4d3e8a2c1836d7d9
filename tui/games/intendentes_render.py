"""The Intendentes board picture: the blocks for sale and the auction, and the districts.

Pure functions of a view (and of the :class:`Layout` the terminal's size gives); they know
nothing of cursors. One picture (:func:`render_board`) holds, top to bottom:

- the market (:func:`render_market`, :data:`MARKET_ROWS` rows): the three biddable blocks
  and the next one as cards, and the running auction (or, outside the bidding, this
  round's event) on the two rows under them;
- a district (:func:`draw_district`, from :data:`DISTRICT_TOP`): a mayor's money,
  splendor, warehouse, the food price, the risk indices, the penalty cards held and the
  discontent track, then the blocks with their inhabitants, then the plan hand;
- on wide terminals the other mayors' districts side by side (:func:`draw_others`).

The round and phase line and the bid entry are widgets above the picture (the screen's).

Abbreviations (the legend, :data:`LEGEND`, and the help tell them): F fire, W flood
(water), I insecurity, D demonstration; ★ splendor; 2/5 inhabitants of capacity; "$2 f1"
money and food per inhabitant; 2o officers; △ a fist of the discontent track.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from core.intendentes.content import (
    BLOCKS,
    DECK_SIZE,
    DISCONTENT_MAX,
    EVENTS,
    FISTS,
    MARKET_PRICES,
    PHASE_NAMES,
    PLANS,
    ROUNDS,
    SECURITY_KINDS,
    SPECIAL,
    Block,
    POLICE,
)
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

INDEX_CODES = ("F", "W", "I")
"""Fire, flood, insecurity as the board writes them."""
PENALTY_CODES = ("F", "W", "I", "D")
"""The penalty cards' types as the board writes them (D demonstration)."""
PENALTY_WORDS = ("fire", "flood", "insecurity", "demonstration")
KIND_WORDS = ("Town", "City", "Industry", "Field", "Police", "Fire brigade", "Special")
KIND_SHORT = ("Town", "City", "Ind.", "Field", "Police", "Brig.", "Spec.")
"""A block's kind on a narrow card."""
KIND_CARD = ("Town", "City", "Industry", "Field", "Police", "Brigade", "Special")
"""A block's kind on a wide card."""
NEXT_MARK = "»"
FIST = "△"
FIST_REACHED = "▲"

# The special blocks' effects in a few words: on a narrow card, on a wide one, and whole
# (the detail line). Our own words for spec §8.1.
EFFECT_SHORT = {
    "school": "7.1 rise -1",
    "hospital": "births at 1",
    "park": "unrest -2",
    "stadium": "$3:unrest-1",
    "hydraulic_works": "free W off",
    "cathedral": "D costs 1★",
    "central_market": "food $2 off",
    "bank": "+$4 income",
    "train_station": "+1 settler",
    "radio_station": "plans -$1",
}
EFFECT_WIDE = {
    "school": "unrest rises 1 less",
    "hospital": "births from 1",
    "park": "unrest back 2",
    "stadium": "$3: unrest back 1",
    "hydraulic_works": "free: a flood off",
    "cathedral": "D cost 1★, not 2",
    "central_market": "food $2 cheaper",
    "bank": "+$4 income",
    "train_station": "a newcomer a round",
    "radio_station": "plans $1 cheaper",
}
EFFECT_TEXT = {
    "school": "in 7.1 your discontent rises 1 space less",
    "hospital": "towns and cities have births from 1 inhabitant; the Epidemic spares you",
    "park": "on acquisition, your discontent moves back 2 spaces",
    "stadium": "once a round, in the Happiness plan window, pay $3: discontent back 1 space",
    "hydraulic_works": "once a round, on your Security turn, remove a flood card for free",
    "cathedral": "each demonstration card costs you 1 splendor in Decline, not 2",
    "central_market": "your food purchase costs $2 less (at least $1)",
    "bank": "$4 more income each round",
    "train_station": "once a round, on your Demography turn, a newcomer from the supply",
    "radio_station": "each plan you play costs $1 less",
}
REMOVES = {POLICE: "insecurity, flood or demonstration", 5: "fire or flood"}
REMOVES_SHORT = {POLICE: "off I W D", 5: "off F W"}

CARD_TOP = 0
MARKET_ROWS = 7
"""Rows of the market: five card rows, two for the auction (or the event): a long line
goes on to the second row."""
DISTRICT_TOP = MARKET_ROWS
"""The first row of the district drawn in full."""
INFO_ROWS = 3
"""The district's rows above its blocks: figures, risk and cards, the discontent track."""


@dataclass(frozen=True)
class Layout:
    """Sizes of the board's parts for a terminal size."""

    card: int  # a card's width
    cell: int  # a district block's width (with its gap)
    cells: int  # blocks to a row
    plan: int  # a plan's width in the hand (with its gap)
    wide: bool  # wide terminal: longer words, the other districts side by side

    @property
    def width(self) -> int:
        """The board's width in cells."""
        return 4 * (self.card + 1) - 1

    def card_col(self, slot: int) -> int:
        """The column of display slot ``slot`` (3: the next block)."""
        return slot * (self.card + 1)

    def plans_per_row(self, indent: int) -> int:
        """Plans to a row of the hand after an ``indent``."""
        return max(1, (self.width - indent + 1) // self.plan)


SMALL = Layout(card=11, cell=16, cells=3, plan=21, wide=False)
WIDE = Layout(card=19, cell=20, cells=4, plan=27, wide=True)


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
    return f"+{n}" if n > 0 else str(n)


def mods_text(block: Block) -> str:
    """The index changes on acquisition, "F+1 W+2 I-1" (non-zero ones only; "" for none)."""
    return " ".join(f"{code}{signed(n)}" for code, n in zip(INDEX_CODES, block.mods) if n)


def mods_words(block: Block) -> str:
    """The same in words: "fire +1, flood +2" ("no index changes" for none)."""
    words = [f"{name} {signed(n)}" for name, n in zip(("fire", "flood", "insecurity"), block.mods) if n]
    return ", ".join(words) if words else "no index changes"


def officers(block: Block) -> int:
    return block.police + block.firemen


def block_label(block: int) -> str:
    """A block as the rules' words name it: "City (B13)" for a deck block (names repeat:
    the id tells them apart), "Initial Town" for an initial one."""
    info = BLOCKS[block]
    return f"{info.name} ({info.id})" if block < DECK_SIZE else info.name


def short_block(block: int) -> str:
    """A block in few letters for a narrow list: "Field B29", "Init. Town"."""
    info = BLOCKS[block]
    return f"{block_name(info)} {info.id}" if block < DECK_SIZE else block_name(info)


def block_name(block: Block) -> str:
    """The block's name, "Initial Town" shortened to "Init. Town"."""
    return block.name.replace("Initial ", "Init. ")


def money_text(view: State, seat: int) -> str:
    """``seat``'s money, "$12", or "$?" when the hidden-money option hides it."""
    money = view.money[seat]
    return "$?" if money < 0 else f"${money}"


def block_summary(block: Block, owned: bool = False) -> str:
    """What a block is, whole, for the detail line (after its name): kind, cost,
    inhabitants, yields, splendor, index changes and effect (``owned``: in a district, so
    without what it costs and brings on acquisition)."""
    parts = [KIND_WORDS[block.kind].lower()]
    if block.cost and not owned:
        parts.append(f"min ${block.cost}")
    if block.population:
        arrive = f"{block.initial} arrive, " if block.initial and not owned else ""
        parts.append(f"{arrive}room for {block.capacity}")
        parts.append(f"${block.money} and {block.food} food per inhabitant")
    elif block.kind in SECURITY_KINDS:
        parts.append(f"{officers(block)} officer{'s' if officers(block) != 1 else ''}: each removes a "
                     f"{REMOVES[block.kind]} card; or $6 for {'insecurity' if block.kind == POLICE else 'fire'} -1")
    elif block.kind == SPECIAL and block.effect:
        parts.append(EFFECT_TEXT.get(block.effect, block.effect))
    if block.splendor and not owned:
        parts.append(f"splendor +{block.splendor}")
    if any(block.mods) and not owned:
        parts.append(mods_words(block))
    return " · ".join(parts)


def phase_line(view: State) -> str:
    """"Round 3/8 · Phase 5 Security" (and "Game over" at the end)."""
    if view.over:
        return f"Round {view.round}/{ROUNDS} · game over"
    return f"Round {view.round}/{ROUNDS} · Phase {view.phase} {PHASE_NAMES[view.phase - 1]}"


def event_text(view: State, long: bool) -> str:
    """This round's event ("Event: Great Storm — Flood cards above 4, …"), or how many are
    still to come before it is revealed."""
    if view.event == NONE or view.event == HIDDEN:
        return "Event: revealed in phase 4" if long else "Event in phase 4"
    event = EVENTS[view.event]
    return f"Event: {event.name} — {event.text}" if long else f"Event: {event.name}"


# --- the market: cards and the auction --------------------------------------------------------
def card_lines(block: Block, layout: Layout, label: str) -> list[str]:
    """A block as five lines of ``layout.card`` cells: label (slot number or », kind and
    minimum cost), name, inhabitants or officers and splendor, yields or effect, index
    changes."""
    width = layout.card
    kinds = KIND_CARD if layout.wide else KIND_SHORT
    top = f"{label} {kinds[block.kind]} ${block.cost}"
    if block.population:
        third = (f"{block.initial} in, room {block.capacity} ★{block.splendor}" if layout.wide
                 else f"{block.initial}/{block.capacity} ★{block.splendor}")
        fourth = (f"${block.money} {block.food} food each" if layout.wide else f"${block.money} f{block.food}")
    elif block.kind in SECURITY_KINDS:
        third = f"{officers(block)}o ★{block.splendor}"
        fourth = REMOVES_SHORT[block.kind] + (" · $6 -1" if layout.wide else "")
    else:
        third = f"★{block.splendor}"
        fourth = (EFFECT_WIDE if layout.wide else EFFECT_SHORT).get(block.effect, block.effect)
    lines = [top, block_name(block), third, fourth, mods_text(block) or "no risk"]
    return [line[:width].ljust(width) for line in lines]


def card_position(slot: int, layout: Layout) -> tuple[int, int]:
    """Where the card of display ``slot`` (3: the next block) is chosen: its first row."""
    return (CARD_TOP, layout.card_col(slot))


def render_market(view: State, layout: Layout, opener: int = NONE) -> Picture:
    """The market picture: the phase line, the four cards and the auction line
    (``opener``: who opened the auction running, if known)."""
    picture = Picture()
    slots = list(view.display) + [view.next_block]
    for slot, block in enumerate(slots):
        col = layout.card_col(slot)
        label = str(slot + 1) if slot < 3 else "next" if layout.wide else NEXT_MARK
        if block == NONE:
            lines = ["—".ljust(layout.card)] + [" " * layout.card] * 4
        else:
            lines = card_lines(BLOCKS[block], layout, label)
        # The biddable cards on a panel; the next block (not for sale yet) dimmed.
        body = "dim" if slot == 3 or block == NONE else "on $boost"
        auctioned = slot == view.slot and view.stage == G_BIDDING
        for offset, line in enumerate(lines):
            style = f"{body} bold" if offset == 0 or (offset == 1 and auctioned) else body
            picture.put(CARD_TOP + offset, col, line, style)
    # (a long line goes on to a second row: it is cut after that)
    picture.put(MARKET_ROWS - 1, 0, " ")  # (the market keeps its rows)
    for index, row in enumerate(wrap_parts(auction_parts(view, layout, opener), layout.width)[:2]):
        put_parts(picture, CARD_TOP + 5 + index, 2 if index else 0, row, layout.width)
    return picture


def seat_parts(view: State, seat: int) -> list[tuple[str, str]]:
    """A seat as its letter in its colour (never colour alone)."""
    return [(player_glyph(seat), player_style(seat))]


def auction_parts(view: State, layout: Layout, opener: int = NONE) -> list[tuple[str, str]]:
    """The auction line: the block auctioned, who opened or declined it, the high bid and
    bidder or who opens, who passed and who bids now; then who has a block or declined this
    round (and, wide, each mayor's money); outside phase 1 the event."""
    if view.stage != G_BIDDING:
        if view.event in (NONE, HIDDEN):
            return [(event_text(view, long=True), "dim")]
        event = EVENTS[view.event]
        return [("Event ", "dim"), (event.name, "bold"), (f": {event.text}", "")]
    parts: list[tuple[str, str]] = []
    if view.slot != NONE and view.display[view.slot] != NONE:
        block = BLOCKS[view.display[view.slot]]
        parts.append((f"#{view.slot + 1} {block.name}: ", "bold"))
        if view.decliner != NONE:
            parts += seat_parts(view, view.decliner) + [(" declined it · ", "")]
        elif opener != NONE and view.step != S_OPEN_BID:
            parts += [("opened by ", "")] + seat_parts(view, opener) + [(" · ", "")]
        if view.high_bidder != NONE:
            parts += [("high ", ""), (f"${view.high_bid} ", "bold")] + seat_parts(view, view.high_bidder)
        elif view.step == S_OPEN_BID:
            parts += seat_parts(view, view.actor) + [(f" opens it: first bid from ${block.cost}", "")]
        else:
            parts.append((f"no bid yet (min ${block.cost})", ""))
        out = [s for s in range(view.players) if view.passed >> s & 1]
        if out:
            parts.append((" · passed ", ""))
            for s in out:
                parts += seat_parts(view, s)
        if view.step == S_AUCTION:
            parts.append((" · to bid ", ""))
            parts += seat_parts(view, view.actor)
    else:
        parts.append(("Bidding", "bold"))
        if view.actor >= 0 and not view.over:
            parts += [(": ", "")] + seat_parts(view, view.actor) + [(" opens next", "")]
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
    """Where the targets of a drawn district are, in the cursor's frame."""

    blocks: dict[int, tuple[int, int]]  # block index -> (row, col)
    cards: dict[int, tuple[int, int]]  # penalty type -> (row, col)
    market: tuple[int, int]  # the food price (buy)
    plans: dict[int, tuple[int, int]]  # plan index in hand -> (row, col)
    drawn: dict[int, tuple[int, int]]  # drawn plan -> (row, col)
    end: int  # rows used


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


def district_places(view: State, seat: int, layout: Layout, top: int = DISTRICT_TOP,
                    drawn: bool = False) -> DistrictPlaces:
    """The places :func:`draw_district` gives ``seat``'s district (drawn on a picture that
    is thrown away)."""
    return draw_district(Picture(), view, seat, layout, top, "", drawn)


def draw_district(board: Picture, view: State, seat: int, layout: Layout, top: int = DISTRICT_TOP,
                  name: str = "", drawn: bool = False) -> DistrictPlaces:
    """Draw ``seat``'s district (``name`` its mayor) from row ``top`` of ``board``; where
    its places are (``drawn``: the plans just drawn are shown, the viewer's Planning
    choice)."""
    picture = At(board, top)
    width = layout.width
    price = MARKET_PRICES[view.market]
    food = view.warehouse[seat]
    # Row 0: who, money, splendor, food, the food price.
    col = put_parts(picture, 0, 0, [(player_glyph(seat), player_style(seat)), (f" {name[:14]}", "bold")]
                    if name else [(player_glyph(seat), player_style(seat))], width)
    figures = f" · {money_text(view, seat)} · ★{view.splendor[seat]} · food {food}"
    col += picture.put(0, col, figures)
    col += picture.put(0, col, " · ")
    market = (0 + top, col)
    picture.put(0, col, f"buy ${price}")
    # Row 1: risk indices and penalty cards.
    risk = " ".join(f"{code}{n}" for code, n in zip(INDEX_CODES, view.risk[seat]))
    col = picture.put(1, 0, [("risk ", "dim"), (risk, "bold"), ("  cards ", "dim")])
    cards: dict[int, tuple[int, int]] = {}
    for kind, (code, count) in enumerate(zip(PENALTY_CODES, view.cards[seat])):
        cards[kind] = (1 + top, col)
        col += picture.put(1, col, f"{code}{count}", "bold $error" if count else "dim")
        col += picture.put(1, col, " ")
    # Row 2: the discontent track.
    space = view.discontent[seat]
    col = picture.put(2, 0, [("unrest ", "dim"), (f"{space:>2} ", "bold")])
    col += picture.put(2, col, discontent_track(space))
    nxt = next((f for f in sorted(FISTS) if f > space), None)
    if nxt is not None and col + 12 <= width:
        picture.put(2, col, f" {FIST}{nxt}: {FISTS[nxt]}D", "dim")
    # The blocks.
    blocks: dict[int, tuple[int, int]] = {}
    row = INFO_ROWS
    for index, (block_index, people, capacity) in enumerate(
            zip(view.blocks[seat], view.people[seat], view.capacity[seat])):
        r, c = divmod(index, layout.cells)
        where = (row + r, c * layout.cell)
        blocks[block_index] = (where[0] + top, where[1])
        picture.put(*where, block_cell(view, seat, index, block_index, people, capacity, layout))
    row += -(-len(view.blocks[seat]) // layout.cells)
    # The plan hand (and the plans just drawn).
    hand = view.hand[seat]
    plans: dict[int, tuple[int, int]] = {}
    label = "plans " if hand else "plans: none"
    per_row = layout.plans_per_row(len(label))
    picture.put(row, 0, label, "dim")
    if hand and hand[0] == HIDDEN:
        picture.put(row, len(label), f"{len(hand)} in hand (secret)")
        row += 1
    else:
        col, used = len(label), 0
        for plan in dict.fromkeys(hand):
            copies = hand.count(plan)
            text = plan_item(plan, layout, copies)
            if used and used % per_row == 0:
                row, col = row + 1, len(label)
            plans[plan] = (row + top, col)
            picture.put(row, col, text)
            col += layout.plan
            used += 1
        row += 1
    drawn_places: dict[int, tuple[int, int]] = {}
    if drawn and view.drawn and view.drawn[0] != HIDDEN:
        label = "drawn "
        picture.put(row, 0, label, "bold $warning")
        col = len(label)
        for plan in dict.fromkeys(view.drawn):
            drawn_places[plan] = (row + top, col)
            picture.put(row, col, plan_item(plan, layout, view.drawn.count(plan)))
            col += layout.plan
        row += 1
    return DistrictPlaces(blocks, cards, market, plans, drawn_places, top + row)


def plan_item(plan: int, layout: Layout, copies: int = 1) -> str:
    """A plan in the hand: "Public Tender $1 p1" (name cut to fit; ×2 for two copies)."""
    info = PLANS[plan]
    tail = f" ${info.cost} p{info.phase}" + (f" ×{copies}" if copies > 1 else "")
    room = layout.plan - 1 - len(tail)
    return info.name[:room] + tail


def block_cell(view: State, seat: int, position: int, block_index: int, people: int, capacity: int,
               layout: Layout) -> str:
    """A block in a district: "Riverside T 3/5" (inhabitants of capacity), "Police Post 2o"
    (officers left this Security turn) or the special block's name."""
    block = BLOCKS[block_index]
    room = layout.cell - 1
    name = block_name(block)
    if block.population:
        tail = f" {people}/{capacity}"
    elif block.kind in SECURITY_KINDS:
        used = view.sec_officers[position] if seat == view.actor and position < len(view.sec_officers) else 0
        tail = f" {officers(block) - used}o"
    else:
        tail = ""
    return (name[: room - len(tail)] + tail).ljust(room)


OTHERS_TOP = 200
"""The first row of the other districts' picture in the cursor's frame (wide terminals)."""
OTHER_FIGURES, OTHER_PLANS, OTHER_CARDS, OTHER_BLOCKS = 1, 2, 4, 5
"""Rows of a column of :func:`render_others`: money and food, discontent and plans,
penalty cards, and the first block."""


@dataclass(frozen=True)
class OtherPlaces:
    """Where the other districts' parts are, in the cursor's frame (for the last turn's
    marks): per seat its blocks, its money and food, its plans and its penalty cards."""

    blocks: dict[tuple[int, int], tuple[int, int]]  # (seat, block) -> (row, col)
    figures: dict[int, tuple[int, int]]
    plans: dict[int, tuple[int, int]]
    cards: dict[int, tuple[int, int]]


def draw_others(board: Picture, view: State, seats: list[int], names: tuple[str, ...], width: int,
                top: int) -> OtherPlaces:
    """Draw the other mayors' districts side by side from row ``top`` of ``board`` (wide
    terminals): per column the mayor, money, splendor, food, discontent, indices, penalty
    cards, blocks and plan count; where each part is."""
    picture = At(board, top)
    places = OtherPlaces({}, {}, {}, {})
    if not seats:
        return places
    column = min(28, (width + 2) // len(seats))
    room = column - 2
    narrow = Layout(card=0, cell=room + 1, cells=1, plan=0, wide=True)
    for index, seat in enumerate(seats):
        col = index * column
        lines: list[Parts] = [
            [(player_glyph(seat), player_style(seat)), (f" {names[seat][:room - 2]}", "bold")],
            f"{money_text(view, seat)} ★{view.splendor[seat]} food {view.warehouse[seat]}",
            f"unrest {view.discontent[seat]} · plans {len(view.hand[seat])}",
            "risk " + " ".join(f"{c}{n}" for c, n in zip(INDEX_CODES, view.risk[seat])),
            "cards " + " ".join(f"{c}{n}" for c, n in zip(PENALTY_CODES, view.cards[seat])),
        ]
        places.figures[seat] = (top + OTHER_FIGURES, col)
        places.plans[seat] = (top + OTHER_PLANS, col)
        places.cards[seat] = (top + OTHER_CARDS, col)
        for position, (block, people, capacity) in enumerate(
                zip(view.blocks[seat], view.people[seat], view.capacity[seat])):
            places.blocks[(seat, block)] = (top + OTHER_BLOCKS + position, col)
            lines.append(block_cell(view, seat, position, block, people, capacity, narrow))
        for row, line in enumerate(lines):
            if isinstance(line, str):
                picture.put(row, col, line[:room])
            else:
                put_parts(picture, row, col, list(line), room)
    return places


def render_board(view: State, layout: Layout, seat: int, names: tuple[str, ...], opener: int = NONE,
                 drawn: bool = False) -> tuple[Picture, DistrictPlaces, OtherPlaces | None]:
    """The whole board: the market, ``seat``'s district (``drawn``: with the plans just
    drawn) and, on wide terminals, the others' districts; the places of both."""
    picture = render_market(view, layout, opener)
    places = draw_district(picture, view, seat, layout, DISTRICT_TOP, names[seat], drawn)
    others = None
    if layout.wide:
        rest = [s for s in range(view.players) if s != seat]
        others = draw_others(picture, view, rest, names, layout.width, places.end + 1)
    return picture, places, others


LEGEND_ENTRIES: tuple[tuple[str, str], ...] = (
    ("F/W/I/D", "fire/flood/insecurity/demonstration"),
    ("2/5", "people/room"),
    ("$2 f1", "each"),
    ("★", "splendor"),
    ("2o", "officers"),
    (FIST, "fist"),
    (NEXT_MARK, "next block"),
)
"""The board's abbreviations and what they mean (the legend under the board; the help
tells them whole)."""
