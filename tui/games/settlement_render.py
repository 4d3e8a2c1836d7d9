"""The Settlement board picture: the track with the pawn, the stock, the pyramid, the shop.

Pure functions of a view (and of the :class:`Layout` the terminal's size gives); they know
nothing of cursors. One picture (:func:`render_board`) holds, top to bottom:

- the track (:func:`draw_track`) as a loop: fields 1-6 along the top row, left to right,
  fields 7-12 back along the bottom row, right to left; each field with its holder (the
  fate field: the fate pile; the mayor field: the mayor; the losses field: the rot), the
  pawn ``●`` before the field it stands on, and between the two rows this round's fate
  card (the round itself is on the status line);
- the stock (:func:`draw_stock`) in words and numbers, with what Losses would take and
  the next feeding, the smile pool "☺ x/20"; beside it the satisfaction pyramid
  (:func:`draw_pyramid`): ten rectangles in rows 1-2-3-4, ``■`` a token, ``W`` ``M``
  ``T`` a gate still shut (Warehouse, Monument, Town Hall);
- on wide terminals this round's fate card whole;
- the buildings and the inventions (:func:`draw_items`): ``✓`` owned, ``●`` the stock
  pays it now, ``○`` not yet (dimmed). On 80 columns only their names, four to a row (the
  detail line under the board tells the cost and what is missing, in words); on wide
  terminals with the cost (``●``) or what is still missing (``○``), in words.

While the Merchant trades, his form (:func:`draw_trade`) takes the stock's place, and the
items' marks are those after the trade as it stands in the form.

Every number stands next to the word it counts; every symbol is told in words by the
detail line when the cursor is on it (the legend, :data:`LEGEND_ENTRIES`, shows only
where there is room).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.settlement import rules
from core.settlement.content import (
    BP,
    BUILDINGS,
    CHARACTER_AT,
    CHARACTERS,
    FATE,
    FATE_FIELD,
    FEED_PER_ROUND,
    FOOD,
    GATES,
    GOODS,
    INVENTIONS,
    ITEMS,
    LOSSES_FIELD,
    MAYOR_FIELD,
    PYRAMID_ROWS,
    RECTANGLES,
    RESOURCE_SHORT,
    RP,
    SMELT,
    SMILE_POOL_CAP,
    STORAGE_CAP,
    TRACK,
    TRADE,
)
from core.settlement.state import State
from core.settlement.text import roll_range
from tui.widgets.picture import Parts, Picture
from tui.widgets.players import player_glyph, player_style

GATE_LETTERS = {rect: ITEMS[item].name[0] for rect, item in GATES.items()}
"""The letter a shut gate shows on its rectangle (W, M, T)."""
PAWN = "●"
OWNED, CAN_BUY, CANNOT = "✓", "●", "○"
SMILE = "☺"
TOKEN = "■"
FIELD_SHORT = {
    "hunter": "Hunter", "peasant": "Peasant", "woodcutter": "Woodct.", "stonemason": "Stonem.",
    "miner": "Miner", "fate": "Fate", "blacksmith": "Smith", "builder": "Builder",
    "scholar": "Scholar", "merchant": "Merch.", "mayor": "Mayor", "losses": "Losses",
}
"""Field names in seven letters (80 columns; the detail line names the field whole)."""
FIELD_NAMES = {
    **{c.id: c.name for c in CHARACTERS}, "fate": "Fate", "mayor": "Mayor", "losses": "Losses",
}
LEGEND_ENTRIES: tuple[tuple[str, str], ...] = (
    ("RP BP", "research / building points"),
    (OWNED, "owned"),
    (CAN_BUY, "can buy: its cost"),
    (CANNOT, "not yet: what is missing"),
    ("!", "above the cap of 10"),
    (SMILE, "smiles"),
    (TOKEN, "token"),
    ("W M T", "gates: Warehouse Monument Town Hall"),
    (PAWN, "the pawn"),
)
"""The board's symbols (each shorter than the 80-column board, so a legend line never wraps)."""


@dataclass(frozen=True)
class Layout:
    """Sizes of the board's parts for a terminal size."""

    wide: bool
    width: int
    cell: int  # a track field's width

    @property
    def stock_width(self) -> int:
        return 46 if self.wide else 32

    @property
    def item_widths(self) -> tuple[int, int]:
        """The widths of the buildings' and the inventions' columns (wide: costs in words,
        the buildings' the longer)."""
        return (46, self.width - 46) if self.wide else (self.width // 2, self.width // 2)


NARROW = Layout(wide=False, width=48, cell=8)
WIDE = Layout(wide=True, width=82, cell=13)

NARROW_STOCK_COLS = (0, 9, 18, 28)
"""The columns of the 80-column stock's four cells a row (the pyramid's top rows leave room)."""
NARROW_ITEM_COL = 12
"""An item's cell on 80 columns: its mark and name, four to a row."""
TRACK_ROWS = 5
"""The loop's rows: names and holders of fields 1-6, the fate line, then fields 12-7."""


@dataclass
class Places:
    """Where the board's places are put (row, col): what the cursor can visit."""

    fields: dict[int, tuple[int, int]] = field(default_factory=dict)  # track position
    stock: dict[int, tuple[int, int]] = field(default_factory=dict)  # resource
    rects: dict[int, tuple[int, int]] = field(default_factory=dict)  # rectangle 1..10
    items: dict[int, tuple[int, int]] = field(default_factory=dict)  # item
    form: dict[int, tuple[int, int]] = field(default_factory=dict)  # trade form row
    fate: tuple[int, int] | None = None  # this round's fate card
    pool: tuple[int, int] | None = None  # the smile pool
    losses: tuple[int, int] | None = None  # what Losses would take (80 columns)
    feed: tuple[int, int] | None = None  # the next feeding

    def notes(self) -> dict[str, tuple[int, int]]:
        """The places that are neither fields, goods, rectangles nor items, by name."""
        found = {"fate": self.fate, "pool": self.pool, "losses": self.losses, "feed": self.feed}
        return {name: where for name, where in found.items() if where is not None}


@dataclass
class TradeForm:
    """The Merchant's trade as set in the form: ``net`` per good (+ bought, − paid, this
    trade's swaps already made included), the tax good, the row under the cursor."""

    net: list[int]
    tax: int
    row: int = 0
    message: str = ""
    tax_set: bool = False  # the player chose the tax good (else the form picks one)

    def buys(self) -> int:
        return sum(n for n in self.net if n > 0)

    def pays(self) -> int:
        return -sum(n for n in self.net if n < 0)


def _put(picture: Picture, row: int, col: int, parts: Parts | tuple[str, str], style: str = "") -> int:
    """:meth:`Picture.put`, taking one (text, style) pair as well as a list of them."""
    if isinstance(parts, tuple):
        parts = [parts]
    return picture.put(row, col, parts, style)


# --- words ---------------------------------------------------------------------------------
def short_words(amounts: tuple[int, ...] | list[int]) -> str:
    """Amounts per resource in the stock's words: "6 wood 5 stone 5 BP"."""
    return " ".join(f"{n} {RESOURCE_SHORT[r]}" for r, n in enumerate(amounts) if n > 0)


def missing(stock: list[int], item: int) -> list[int]:
    """What the stock still lacks for ``item``, per resource."""
    return [max(0, need - have) for have, need in zip(stock, ITEMS[item].cost)]


def specialty_words(view: State, character: int) -> str:
    """What a specialty gives, in a few words: "1-6 food", "1-6 smelted", "2-7 trade"."""
    spec = CHARACTERS[character]
    what = "trade" if spec.kind == TRADE else "smelted" if spec.kind == SMELT else RESOURCE_SHORT[spec.product]
    return f"{roll_range(view, character)} {what}"


def rot_span(view: State) -> str:
    """The food this round's Losses can rot: "1-6", "0-4" (Cellar), "none" (Frost)."""
    least, most = rot_range(view)
    return "none" if most == 0 else f"{least}-{most}"


def rot_words(view: State) -> str:
    """How this round's rot is rolled, in words: "a die", "the higher of 2 dice, -2"."""
    if rules.fate_effects(view, "rot_none"):
        return "no rot roll this round (Frost)"
    modifier = sum(item.rot_modifier for item in ITEMS if view.owned[item.index])
    dice = "the higher of 2 dice (Heatwave)" if rules.fate_effects(view, "rot_two_dice_high") else "a die"
    return f"{dice}, {modifier:+d} (Cellar)" if modifier else dice


def rot_range(view: State) -> tuple[int, int]:
    """The least and the most food this round's Losses can rot."""
    if rules.fate_effects(view, "rot_none"):
        return 0, 0
    modifier = sum(item.rot_modifier for item in ITEMS if view.owned[item.index])
    return max(0, 1 + modifier), max(0, 6 + modifier)


def feed_outlook(view: State, food: int | None = None) -> tuple[str, str]:
    """Whether the food in stock feeds the settlers next round, after this round's rot and
    cap: ("safe", style), ("need up to 3 more food", …) when a high rot would leave too
    little, ("need 2-7 more food", …) when even the least rot would, or the last round's
    words."""
    if view.round >= view.limit:
        return "last round: no more feeding", "dim"
    food = view.stock[FOOD] if food is None else food
    least, most = rot_range(view)
    # food to make before Losses for the feeding, with the least and the most rot (the cap
    # of 10 at Losses never takes food below the 6 a feeding needs)
    best, worst = FEED_PER_ROUND + least - food, FEED_PER_ROUND + most - food
    if worst <= 0:
        return "safe", "$success"
    if best <= 0:
        return f"need up to {worst} more food", "bold $warning"
    more = f"{best}" if best == worst else f"{best}-{worst}"
    return f"need {more} more food", "bold $error"


def food_after_losses(view: State) -> tuple[int, int]:
    """The least and the most food left after this round's rot and cap."""
    least, most = rot_range(view)
    food = view.stock[FOOD]

    def left(rot: int) -> int:
        after = max(0, food - rot)
        return min(after, STORAGE_CAP) if rules.storage_capped(view) else after

    return left(most), left(least)


def cap_losses(view: State, stock: list[int]) -> list[int]:
    """Goods the storage cap would throw away at Losses (food: after the least rot)."""
    if not rules.storage_capped(view):
        return [0] * len(GOODS)
    least, _ = rot_range(view)
    out = []
    for g in GOODS:
        have = stock[g] - (least if g == FOOD else 0)
        out.append(max(0, have - STORAGE_CAP))
    return out


def fit_words(text: str, width: int, rows: int) -> list[str]:
    """``text`` on at most ``rows`` lines of ``width``, broken between words; what does not
    fit ends with "…" ("Mine collapse" in 7: "Mine…")."""
    lines: list[str] = []
    words = text.split()
    while words and len(lines) < rows:
        line = words.pop(0)
        while words and len(line) + 1 + len(words[0]) <= width:
            line += " " + words.pop(0)
        lines.append(line)
    if words or any(len(line) > width for line in lines):
        last = lines[-1] if len(lines[-1]) < width else lines[-1][: width - 1]
        lines[-1] = last + "…" if len(last) < width else last[: width - 1] + "…"
    return lines


def first_fitting(width: int, *texts: str) -> str:
    """The first of ``texts`` (longest first) that fits ``width`` cells; else the last."""
    return next((text for text in texts if len(text) <= width), texts[-1])


def holder_text(seat: int, names: tuple[str, ...], width: int) -> Parts:
    """A seat's letter in its colour and its name where the whole name fits ``width``
    cells; else the letter alone (the scoreboard and the detail line name it whole)."""
    if not 0 <= seat < len(names):
        return "—"
    name = names[seat]
    glyph = (player_glyph(seat), player_style(seat))
    return [glyph, (f" {name}", "")] if len(name) + 2 <= width else [glyph]


def holder_width(layout: Layout) -> int:
    """The cells a holder may take under a field (the cell's last one stays free for the
    pawn drawn before the next field's holder on 80 columns)."""
    return layout.cell - 1


def fate_line(view: State, width: int) -> str:
    """This round's fate card by name (between the track's rows on 80 columns)."""
    if view.fate < 0:
        card = "not drawn yet"
    else:
        card = FATE[view.fate].name
    return first_fitting(width, f"Fate this round: {card}", f"Fate: {card}")


def income_words(view: State) -> str:
    """The smiles each satisfaction phase adds now: "1-6 (a die)", "3-8 (a die +2)"."""
    income = rules.satisfaction_income(view)
    how = f"a die +{income}" if income else "a die"
    return f"{1 + income}-{6 + income} ({how})"


# --- drawing -------------------------------------------------------------------------------
def field_at(layout: Layout, pos: int) -> tuple[int, int]:
    """Where field ``pos``'s name is put: 1-6 along the top, 7-12 back along the bottom."""
    half = len(TRACK) // 2
    if pos < half:
        return 0, pos * layout.cell + 1
    return middle_row(layout) + 1, (len(TRACK) - 1 - pos) * layout.cell + 1


def middle_row(layout: Layout) -> int:
    """The row between the loop's two rows of fields (the fate line)."""
    return 3 if layout.wide else 2


def draw_track(picture: Picture, view: State, names: tuple[str, ...], layout: Layout, places: Places) -> None:
    """The loop of twelve fields with holders, the pawn and, between its rows, the fate
    card (80 columns) or the mayor and the difficulty (wide)."""
    over = view.step == "over"
    width = layout.cell - 1
    for pos, fid in enumerate(TRACK):
        row, col = field_at(layout, pos)
        here = pos == view.pos and not over and view.step != "pick"
        name = FIELD_NAMES[fid] if layout.wide else FIELD_SHORT[fid]
        label = f"{pos + 1} {name}" if layout.wide else name
        style = "bold" if here else ""
        if here:  # (on 80 columns, before the holder: the names fill their cells)
            _put(picture, row if layout.wide else row + 1, col - 1, PAWN, "bold $accent")
        character = CHARACTER_AT.get(pos, -1)
        if character >= 0 and rules.is_skipped(view, character):
            style = "dim strike"
        _put(picture, row, col, label[:width], style)
        places.fields[pos] = (row, col)
        info: Parts | tuple[str, str] = ""
        if character >= 0:
            seat = view.holder[character]
            info = holder_text(seat, names, holder_width(layout)) if seat >= 0 else ("free", "dim")
        elif pos == FATE_FIELD:
            if layout.wide:
                card = FATE[view.fate].name if view.fate >= 0 else "—"
                lines = fit_words(card, width, 2)
                info = (lines[0], "italic")
                if len(lines) > 1:
                    _put(picture, row + 2, col, (lines[1], "italic"))
            else:
                info = (f"pile {len(view.fate_pile)}", "")
        elif pos == MAYOR_FIELD:
            info = holder_text(view.mayor, names, holder_width(layout)) if view.step != "pick" else "—"
        elif pos == LOSSES_FIELD:
            span = rot_span(view)
            info = ("no rot" if span == "none" else f"rot {span}", "")
        _put(picture, row + 1, col, info)
        if layout.wide and character >= 0:
            _put(picture, row + 2, col, (specialty_words(view, character)[:width], "dim"))
    middle = middle_row(layout)
    _put(picture, middle, 0, "↑")
    right = layout.width - layout.cell + 1 + (layout.cell // 2 - 1)
    _put(picture, middle, right, "↓")
    room = right - 4
    if layout.wide:
        line = f"{view.difficulty.title()}: {view.limit} rounds at most"
        if view.step != "pick" and 0 <= view.mayor < len(names):
            line = first_fitting(room, f"{line} · mayor {player_glyph(view.mayor)} {names[view.mayor]}", line)
        _put(picture, middle, 3, (line, "bold"))
    else:
        _put(picture, middle, 3, (fate_line(view, room), "italic"))
        places.fate = (middle, 3)


def track_rows(layout: Layout) -> int:
    """Rows the track takes (the wide one has a row of rolls under each name)."""
    return 7 if layout.wide else TRACK_ROWS


def losses_line(view: State, width: int) -> str:
    """What Losses would take, in words that fit ``width``: "Losses: rot 1-6 food, 5 BP,
    3 over the cap" (shorter words where that is too long)."""
    span = rot_span(view)
    bp = view.stock[BP]
    over = sum(cap_losses(view, view.stock))
    if not rules.storage_capped(view):
        cap = ("no cap", "no cap", "no cap")
    elif over:
        cap = (f"{over} over the cap", f"{over} over cap", f"{over} over")
    else:
        cap = (f"cap {STORAGE_CAP}", f"cap {STORAGE_CAP}", "")
    rot = "no rot" if span == "none" else f"rot {span}"
    tried = []
    for short, rot_part in enumerate((f"{rot} food" if span != "none" else rot, rot, rot, rot)):
        parts = [rot_part, f"{bp} BP" if bp else "", cap[max(0, short - 1)]]
        tried.append("Losses: " + ", ".join(part for part in parts if part))
    return first_fitting(width, *tried)


def feed_line(view: State, width: int) -> Parts:
    """The next feeding and whether the food in stock covers it."""
    word, style = feed_outlook(view)
    if view.round >= view.limit:
        return [("No more feeding: last round", "dim")]
    lead = first_fitting(width - len(word), f"Next feeding {FEED_PER_ROUND} food: ", f"Feeding {FEED_PER_ROUND} food: ",
                         "Feeding: ")
    return [(lead, ""), (word, style)]


def draw_stock(picture: Picture, view: State, top: int, layout: Layout, places: Places) -> None:
    """The stock with what Losses would take, the next feeding, the smiles."""
    stock = view.stock
    capped = rules.storage_capped(view)
    over = cap_losses(view, stock)
    if layout.wide:
        heading = "Stock" + (f"  (cap {STORAGE_CAP} a good at Losses)" if capped else "  (no cap: Warehouse)")
        _put(picture, top, 0, (heading, "bold"))
        for r in range(len(stock)):
            row = top + 1 + r
            amount = stock[r]
            above = r in GOODS and capped and amount > STORAGE_CAP
            places.stock[r] = (row, 0)
            _put(picture, row, 0, (f"{RESOURCE_SHORT[r]:<6}{amount:>3}{'!' if above else ' '}",
                                 "bold $warning" if above else ""))
            note: Parts | tuple[str, str] = ""
            if r == FOOD:
                span = rot_span(view)
                rot = "no rot this round" if span == "none" else f"rots {span}"
                note = (rot + (f", then {over[r]} over the cap go" if over[r] else " at Losses"), "")
            elif r in GOODS and over[r]:
                note = (f"{over[r]} over the cap go at Losses", "$warning")
            elif r == BP:
                note = ("all lost at Losses" if amount else "lost at Losses", "dim")
            elif r == RP:
                note = ("never lost", "dim")
            _put(picture, row, 12, note)
        row = top + 1 + len(stock)
        _put(picture, row, 0, feed_line(view, layout.stock_width))
        places.feed = (row, 0)
        return
    cells = 4
    for r in range(len(stock)):
        row = top + r // cells
        col = NARROW_STOCK_COLS[r % cells]
        amount = stock[r]
        above = r in GOODS and capped and amount > STORAGE_CAP
        places.stock[r] = (row, col)
        _put(picture, row, col, (f"{RESOURCE_SHORT[r]:<4} {amount:>2}{'!' if above else ''}",
                                 "bold $warning" if above else ""))
    _put(picture, top + 1, NARROW_STOCK_COLS[-1], f"{SMILE} {view.pool}/{SMILE_POOL_CAP}")
    places.pool = (top + 1, NARROW_STOCK_COLS[-1])
    _put(picture, top + 2, 0, losses_line(view, layout.stock_width + 2))  # (the pyramid's row 3 leaves 2)
    places.losses = (top + 2, 0)
    _put(picture, top + 3, 0, feed_line(view, layout.stock_width))
    places.feed = (top + 3, 0)


def draw_pyramid(picture: Picture, view: State, top: int, left: int, layout: Layout, places: Places) -> int:
    """The ten rectangles in rows 1-2-3-4; returns the rows used."""
    cell = 6 if layout.wide else 4
    widest = PYRAMID_ROWS[-1] * cell - 1
    row = top
    if layout.wide:
        _put(picture, row, left, f"{SMILE} {view.pool}/{SMILE_POOL_CAP} smiles")
        places.pool = (row, left)
        _put(picture, row, left + 17, f"tokens {view.tokens}/{RECTANGLES}")
        row += 1
    rect = 1
    for count in PYRAMID_ROWS:
        width = count * cell - 1
        col = left + (widest - width) // 2
        for _ in range(count):
            filled = rect <= view.tokens
            gate = GATES.get(rect, -1)
            shut = gate >= 0 and not view.owned[gate]
            inner = TOKEN if filled else GATE_LETTERS[rect] if shut else " "
            if layout.wide:
                inner = f"{rect:>2}{inner}"
            style = "bold" if filled else "bold $warning" if shut else "dim"
            _put(picture, row, col, f"[{inner}]", style)
            places.rects[rect] = (row, col)
            col += cell
            rect += 1
        row += 1
    if layout.wide:
        for r, item in GATES.items():
            built = view.owned[item] > 0
            mark = f"{OWNED} built" if built else "not built"
            _put(picture, row, left, [(f"{GATE_LETTERS[r]} ", "bold"),
                                    (f"{ITEMS[item].name}: opens {r} · {mark}", "" if built else "dim")])
            row += 1
        _put(picture, row, left, (f"Each round: {income_words(view)} smiles", "dim"))
        row += 1
    return row - top


def fate_text(view: State) -> str:
    """This round's fate card whole (wide terminals)."""
    if view.fate < 0:
        return "Fate: no card drawn yet this round"
    card = FATE[view.fate]
    return f"Fate: {card.name} — {card.text}"


def draw_fate(picture: Picture, view: State, top: int, layout: Layout, places: Places) -> int:
    """This round's fate card whole (wide terminals); returns the rows used."""
    lines: list[str] = [""]
    for word in fate_text(view).split(" "):
        if lines[-1] and len(lines[-1]) + 1 + len(word) > layout.width:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}" if lines[-1] else word
    for offset, line in enumerate(lines):
        _put(picture, top + offset, 0, (line, "italic" if offset or view.fate < 0 else ""))
    places.fate = (top, 0)
    return len(lines)


def item_line(view: State, item: int, stock: list[int], layout: Layout) -> list[tuple[str, str]]:
    """One building or invention: its mark and name; on wide terminals the round it was
    bought in, its cost (the stock pays it) or what is still missing, in words."""
    it = ITEMS[item]
    if view.owned[item]:
        parts = [(f"{OWNED} ", "bold $success"), (f"{it.name:<10}", "bold")]
        if layout.wide:
            parts.append((f"{'made' if it.invention else 'built'} in round {view.owned[item]}", "dim"))
        return parts
    short = missing(stock, item)
    can = not any(short)
    mark = (f"{CAN_BUY if can else CANNOT} ", "bold" if can else "dim")
    name = (f"{it.name:<10}", "bold" if can else "dim")
    if not layout.wide:
        return [mark, name]
    words = short_words(list(it.cost) if can else short)
    return [mark, name, (words, "" if can else "dim")]


def draw_items(picture: Picture, view: State, top: int, layout: Layout, places: Places,
               stock: list[int] | None = None, heading: bool = True) -> int:
    """Buildings, then inventions; returns the rows used. Wide: two columns, one item a
    row; 80 columns: names only, four to a row (buildings in the left half)."""
    stock = view.stock if stock is None else stock
    row = top
    left = layout.item_widths[0]
    if heading:
        _put(picture, row, 0, ("Buildings", "bold"))
        if layout.wide:
            _put(picture, row, 10, (f"({CAN_BUY} its cost · {CANNOT} what is missing)", "dim"))
        _put(picture, row, left, ("Inventions", "bold"))
        row += 1
    if layout.wide:
        for c, items in enumerate((BUILDINGS, INVENTIONS)):
            for offset, item in enumerate(items):
                where = (row + offset, c * left)
                _put(picture, *where, item_line(view, item, stock, layout))
                places.items[item] = where
        return row - top + max(len(BUILDINGS), len(INVENTIONS))
    per_row = 2
    for c, items in enumerate((BUILDINGS, INVENTIONS)):
        for offset, item in enumerate(items):
            where = (row + offset // per_row, c * left + (offset % per_row) * NARROW_ITEM_COL)
            _put(picture, *where, item_line(view, item, stock, layout))
            places.items[item] = where
    return row - top + (max(len(BUILDINGS), len(INVENTIONS)) + per_row - 1) // per_row


def after_trade(view: State, form: TradeForm) -> list[int]:
    """The stock once the form's trade (and its tax) is made."""
    stock = view.stock[:]
    for g in GOODS:
        stock[g] += form.net[g] - (view.bought[g] - view.paid[g])
    if form.tax >= 0 and form.buys() and rules.tax_due(view):
        stock[form.tax] -= 1
    return stock


def trade_problem(view: State, form: TradeForm) -> str:
    """What keeps the form's trade from being made ("" when it can be)."""
    buys, pays = form.buys(), form.pays()
    if buys > view.trade_limit:
        return f"The roll allows {view.trade_limit} goods; the form buys {buys}."
    if buys != pays:
        more = buys - pays
        if more > 0:
            return f"Pay {more} more good{'s' if more != 1 else ''}: {buys} bought, {pays} paid."
        return f"Buy {-more} more or pay {-more} fewer: {buys} bought, {pays} paid."
    start = view.stock[:]
    for g in GOODS:
        start[g] -= view.bought[g] - view.paid[g]
        if form.net[g] < 0 and -form.net[g] > start[g]:
            return f"Only {start[g]} {RESOURCE_SHORT[g]} to pay with."
    if buys and rules.tax_due(view):
        if form.tax < 0:
            return "Choose the good for the tax."
        if after_trade(view, form)[form.tax] < 0:
            return f"No {RESOURCE_SHORT[form.tax]} is left for the tax."
    return ""


def draw_trade(picture: Picture, view: State, form: TradeForm, top: int, layout: Layout, places: Places) -> int:
    """The Merchant's trade form; returns the rows used."""
    limit = view.trade_limit
    tax = rules.tax_due(view)
    after = after_trade(view, form)
    word, style = feed_outlook(view, after[FOOD])  # (the stock, with its feeding line, is hidden)
    fed = [(" · feeding: ", ""), (word, style)] if view.round < view.limit else []
    _put(picture, top, 0, [("Trade", "bold"), (f" up to {limit}", ""), *fed])
    _put(picture, top + 1, 1, ("good   have  ←pay buy→  after", "dim"))
    start = view.stock[:]
    for g in GOODS:
        start[g] -= view.bought[g] - view.paid[g]
    for g in GOODS:
        row = top + 2 + g
        n = form.net[g]
        change = f"buy {n}" if n > 0 else f"pay {-n}" if n < 0 else "·"
        line = f"{RESOURCE_SHORT[g]:<6}{start[g]:>4}   {change:^9}  {after[g]:>4}"
        _put(picture, row, 1, (line, "bold" if n else ""))
        places.form[g] = (row, 1)
    row = top + 2 + len(GOODS)
    if tax and form.buys():
        good = RESOURCE_SHORT[form.tax] if form.tax >= 0 else "?"
        _put(picture, row, 1, [("tax   ", ""), (f"◀ 1 {good} ▶", "bold")])
    elif tax:
        _put(picture, row, 1, ("tax   1 good once you buy", "dim"))
    else:
        _put(picture, row, 1, ("tax   none this trade", "dim"))
    places.form[len(GOODS)] = (row, 1)
    problem = trade_problem(view, form)
    room = (layout.stock_width if layout.wide else layout.width) - 2
    row += 1
    if form.message:
        _put(picture, row, 0, [("✗ ", "bold $error"), (form.message[: room], "$error")])
    elif problem:
        _put(picture, row, 0, [("· ", "bold $warning"), (problem[: room], "")])
    else:
        what = f"buy {form.buys()}, pay {form.pays()}" if form.buys() else "buy nothing"
        _put(picture, row, 0, [(f"{OWNED} ", "bold $success"), (f"{what} · Enter makes it", "")])
    return row - top + 1


def render_board(view: State, names: tuple[str, ...], layout: Layout,
                 form: TradeForm | None = None) -> tuple[Picture, Places]:
    """The whole board picture and its places."""
    picture = Picture(layout.width)
    places = Places()
    if layout.wide:
        _render_wide(picture, view, names, layout, places, form)
    else:
        _render_narrow(picture, view, names, layout, places, form)
    return picture, places


def _render_narrow(picture: Picture, view: State, names: tuple[str, ...], layout: Layout,
                   places: Places, form: TradeForm | None) -> None:
    draw_track(picture, view, names, layout, places)
    top = TRACK_ROWS
    left = layout.stock_width + 1
    if form is not None:
        rows = draw_trade(picture, view, form, top, layout, places)
        draw_items(picture, view, top + rows, layout, places, after_trade(view, form), heading=False)
        return
    draw_stock(picture, view, top, layout, places)
    draw_pyramid(picture, view, top, left, layout, places)
    draw_items(picture, view, top + 4, layout, places)


def _render_wide(picture: Picture, view: State, names: tuple[str, ...], layout: Layout,
                 places: Places, form: TradeForm | None) -> None:
    draw_track(picture, view, names, layout, places)
    top = track_rows(layout) + 1
    left = layout.stock_width + 2
    stock = view.stock
    if form is not None:
        rows = draw_trade(picture, view, form, top, layout, places)
        stock = after_trade(view, form)
    else:
        draw_stock(picture, view, top, layout, places)
        rows = len(view.stock) + 2
    rows = max(rows, draw_pyramid(picture, view, top, left, layout, places))
    top += rows + 1
    top += draw_fate(picture, view, top, layout, places)
    draw_items(picture, view, top, layout, places, stock)
