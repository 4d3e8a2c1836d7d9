"""The Settlement board picture: the track with the pawn, the stock, the pyramid, the shop.

Pure functions of a view (and of the :class:`Layout` the terminal's size gives); they know
nothing of cursors. One picture (:func:`render_board`) holds, top to bottom:

- the track (:func:`draw_track`) as a loop: fields 1-6 along the top row, left to right,
  fields 7-12 back along the bottom row, right to left; each field with its holder (the
  fate field: the card drawn; the mayor field: the mayor; the losses field: the rot roll),
  the pawn ``●`` before the field it stands on, and between the two rows the round line
  ("Round 3/13 Normal") with the size of the fate pile;
- the stock (:func:`draw_stock`) with the storage cap of 10 and what Losses would take
  (the cap hidden once the Warehouse stands), the next feeding, the smile pool "x/20";
  beside it the satisfaction pyramid (:func:`draw_pyramid`): ten rectangles in rows
  1-2-3-4, ``■`` a token, ``W`` ``M`` ``T`` a gate still shut (Warehouse, Monument, Town Hall);
- on wide terminals this round's fate card whole (name, text, the pile);
- the buildings (left column) and the inventions (right) with their costs
  (:func:`draw_items`): ``✓`` owned, ``●`` the stock pays it now, ``○`` not (dimmed, and on
  80 columns what is still missing instead of the cost, "-5B").

While the Merchant trades, his form (:func:`draw_trade`) takes the stock's place, and the
items' missing amounts are those after the trade as it stands in the form.

Codes (the legend, :data:`LEGEND_ENTRIES`): f food, w wood, s stone, o ore, i iron,
R research points, B building points; ``!`` a good above the cap.
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
from tui.widgets.picture import Parts, Picture
from tui.widgets.players import player_glyph, player_style

CODES = ("f", "w", "s", "o", "i", "R", "B")
"""Resources in costs: food, wood, stone, ore, iron, RP, BP."""
GATE_LETTERS = {rect: ITEMS[item].name[0] for rect, item in GATES.items()}
"""The letter a shut gate shows on its rectangle (W, M, T)."""
PAWN = "●"
OWNED, CAN_BUY, CANNOT = "✓", "●", "○"
SMILE = "☺"
FIELD_SHORT = {
    "hunter": "Hunter", "peasant": "Peasant", "woodcutter": "Woodct.", "stonemason": "Stonem.",
    "miner": "Miner", "fate": "Fate", "blacksmith": "Smith", "builder": "Builder",
    "scholar": "Scholar", "merchant": "Merch.", "mayor": "Mayor", "losses": "Losses",
}
"""Field names in seven letters (80 columns)."""
FIELD_NAMES = {
    **{c.id: c.name for c in CHARACTERS}, "fate": "Fate", "mayor": "Mayor", "losses": "Losses",
}
LEGEND_ENTRIES: tuple[tuple[str, str], ...] = (
    ("f w s o i", "food wood stone ore iron"),
    ("R B", "research/building points"),
    (f"{OWNED} {CAN_BUY} {CANNOT}", "owned / can buy / cannot"),
    ("-2s", "still missing"),
    ("!", "above the cap of 10"),
    (f"{SMILE}", "smiles"),
    ("■ W M T", "token / shut gates: Warehouse Monument Town Hall"),
    (PAWN, "the pawn"),
)


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
    def item_width(self) -> int:
        return self.width // 2


NARROW = Layout(wide=False, width=48, cell=8)
WIDE = Layout(wide=True, width=82, cell=13)

NARROW_STOCK_COLS = (0, 9, 18, 28)
"""The columns of the 80-column stock's four cells a row (the pyramid's top rows leave room)."""
TRACK_ROWS = 5
"""The loop's rows: names and holders of fields 1-6, the round line, then fields 12-7."""


@dataclass
class Places:
    """Where the board's places are put (row, col): what the cursor can visit."""

    fields: dict[int, tuple[int, int]] = field(default_factory=dict)  # track position
    stock: dict[int, tuple[int, int]] = field(default_factory=dict)  # resource
    rects: dict[int, tuple[int, int]] = field(default_factory=dict)  # rectangle 1..10
    items: dict[int, tuple[int, int]] = field(default_factory=dict)  # item
    form: dict[int, tuple[int, int]] = field(default_factory=dict)  # trade form row
    fate: tuple[int, int] | None = None  # the card's text (wide)


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
def compact(amounts: tuple[int, ...] | list[int], spaced: bool = False) -> str:
    """Amounts per resource in codes: "6w5s5B" (80 columns) or "6w 5s 5B" (wide)."""
    parts = [f"{n}{CODES[r]}" for r, n in enumerate(amounts) if n > 0]
    return (" " if spaced else "").join(parts)


def missing(stock: list[int], item: int) -> list[int]:
    """What the stock still lacks for ``item``, per resource."""
    return [max(0, need - have) for have, need in zip(stock, ITEMS[item].cost)]


def dice_text(view: State, character: int) -> str:
    """The roll a character's specialty would make now: "d6", "d6+1", "2d6-2"."""
    dice = rules.specialty_dice(view, character)
    bonus = rules.specialty_bonus(view, character)
    return f"{'2' if dice == 2 else ''}d6{bonus:+d}" if bonus else f"{'2' if dice == 2 else ''}d6"


def specialty_words(view: State, character: int) -> str:
    """"d6+1 food", "d6 smelt", "d6+2 trade"."""
    spec = CHARACTERS[character]
    what = "trade" if spec.kind == TRADE else "smelt" if spec.kind == SMELT else RESOURCE_SHORT[spec.product]
    return f"{dice_text(view, character)} {what}"


def rot_text(view: State) -> str:
    """This round's rot roll: "d6", "d6-2" (Cellar), "high of 2d6", "none" (Frost)."""
    if rules.fate_effects(view, "rot_none"):
        return "none"
    modifier = sum(item.rot_modifier for item in ITEMS if view.owned[item.index])
    dice = "high 2d6" if rules.fate_effects(view, "rot_two_dice_high") else "d6"
    return f"{dice}{modifier:+d}" if modifier else dice


def rot_range(view: State) -> tuple[int, int]:
    """The least and the most food this round's Losses can rot."""
    if rules.fate_effects(view, "rot_none"):
        return 0, 0
    modifier = sum(item.rot_modifier for item in ITEMS if view.owned[item.index])
    return max(0, 1 + modifier), max(0, 6 + modifier)


def feed_outlook(view: State, food: int | None = None) -> tuple[str, str]:
    """Whether the food in stock feeds the settlers next round, after this round's rot and
    cap: ("safe", style), ("at risk …"), ("short …"), or the last round's words."""
    if view.round >= view.limit:
        return "last round: no more feeding", "dim"
    food = view.stock[FOOD] if food is None else food
    least, most = rot_range(view)
    cap = rules.storage_capped(view)

    def left(rot: int) -> int:
        after = max(0, food - rot)
        return min(after, STORAGE_CAP) if cap else after

    if left(most) >= FEED_PER_ROUND:
        return "safe", "$success"
    if left(least) >= FEED_PER_ROUND:
        return "at risk (rot)", "bold $warning"
    return f"need {FEED_PER_ROUND - left(least)} more", "bold $error"


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


def holder_text(view: State, names: tuple[str, ...], seat: int, width: int) -> Parts:
    """A seat's letter in its colour and its name, cut to ``width``."""
    if not 0 <= seat < len(names):
        return "—"
    rest = names[seat][: max(0, width - 2)]
    return [(player_glyph(seat), player_style(seat)), (f" {rest}" if rest else "", "")]


def round_line(view: State) -> str:
    """"Round 3/13 Normal · 14 fate cards" (the pile's size)."""
    pile = len(view.fate_pile)
    return f"Round {view.round}/{view.limit} {view.difficulty.title()} · fate pile {pile}"


# --- drawing -------------------------------------------------------------------------------
def field_at(layout: Layout, pos: int) -> tuple[int, int]:
    """Where field ``pos``'s name is put: 1-6 along the top, 7-12 back along the bottom."""
    half = len(TRACK) // 2
    if pos < half:
        return 0, pos * layout.cell + 1
    return middle_row(layout) + 1, (len(TRACK) - 1 - pos) * layout.cell + 1


def middle_row(layout: Layout) -> int:
    """The row between the loop's two rows of fields (the round line)."""
    return 3 if layout.wide else 2


def draw_track(picture: Picture, view: State, names: tuple[str, ...], layout: Layout, places: Places) -> None:
    """The loop of twelve fields with holders, the pawn and the round line."""
    over = view.step == "over"
    width = layout.cell - 2
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
        _put(picture, row, col, label[: layout.cell - 1], style)
        places.fields[pos] = (row, col)
        info: Parts | tuple[str, str] = ""
        if character >= 0:
            seat = view.holder[character]
            info = holder_text(view, names, seat, width) if seat >= 0 else ("free", "dim")
        elif pos == FATE_FIELD:
            card = FATE[view.fate].name if view.fate >= 0 else "—"
            lines = fit_words(card, layout.cell - 1, 2 if layout.wide else 1)
            info = (lines[0], "italic")
            if len(lines) > 1:
                _put(picture, row + 2, col, (lines[1], "italic"))
        elif pos == MAYOR_FIELD:
            info = holder_text(view, names, view.mayor, width) if view.step != "pick" else "—"
        elif pos == LOSSES_FIELD:
            info = (f"rot {rot_text(view)}"[: layout.cell - 1], "")
        _put(picture, row + 1, col, info)
        if layout.wide and character >= 0:
            _put(picture, row + 2, col, (specialty_words(view, character)[: layout.cell - 1], "dim"))
    middle = middle_row(layout)
    _put(picture, middle, 0, "↑")
    _put(picture, middle, layout.width - layout.cell + 1, "↓")
    line = round_line(view)
    if layout.wide:
        mayor = names[view.mayor] if 0 <= view.mayor < len(names) else ""
        line = f"{line} · mayor {player_glyph(view.mayor)} {mayor}" if view.step != "pick" else line
    _put(picture, middle, 3, (line[: layout.width - layout.cell - 3], "bold"))


def track_rows(layout: Layout) -> int:
    """Rows the track takes (the wide one has a row of dice under each name)."""
    return 7 if layout.wide else TRACK_ROWS


def draw_stock(picture: Picture, view: State, top: int, layout: Layout, places: Places) -> None:
    """The stock with the cap and what Losses would take, the next feeding, the smiles."""
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
                note = (f"rot {rot_text(view)}" + (f", then cap: -{over[r]}" if over[r] else ""), "")
            elif r in GOODS and over[r]:
                note = (f"cap: -{over[r]} at Losses", "$warning")
            elif r == BP:
                note = ("all lost at Losses" if amount else "lost at Losses", "dim")
            elif r == RP:
                note = ("never lost", "dim")
            _put(picture, row, 12, note)
        word, style = feed_outlook(view)
        row = top + 1 + len(stock)
        _put(picture, row, 0, [(f"Next feeding {FEED_PER_ROUND} food: ", ""), (word, style)])
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
    lost = [f"rot {rot_text(view)}"]
    if capped:
        cut = compact([*over, 0, 0])
        lost.append(f"cap {STORAGE_CAP}" + (f" -{cut}" if cut else ""))
    else:
        lost.append("no cap")
    if stock[BP]:
        lost.append(f"-{stock[BP]}B")
    _put(picture, top + 2, 0, ("Losses: " + ", ".join(lost))[: layout.stock_width])
    word, style = feed_outlook(view)
    _put(picture, top + 3, 0, [(f"Next feed {FEED_PER_ROUND}: ", ""), (word[: layout.stock_width - 13], style)])


def draw_pyramid(picture: Picture, view: State, top: int, left: int, layout: Layout, places: Places) -> int:
    """The ten rectangles in rows 1-2-3-4; returns the rows used."""
    cell = 6 if layout.wide else 4
    widest = PYRAMID_ROWS[-1] * cell - 1
    row = top
    if layout.wide:
        _put(picture, row, left, [("Satisfaction ", "bold"), (f"{SMILE} {view.pool}/{SMILE_POOL_CAP}", ""),
                                (f"  tokens {view.tokens}/{RECTANGLES}", "")])
        row += 1
    rect = 1
    for count in PYRAMID_ROWS:
        width = count * cell - 1
        col = left + (widest - width) // 2
        for _ in range(count):
            filled = rect <= view.tokens
            gate = GATES.get(rect, -1)
            shut = gate >= 0 and not view.owned[gate]
            inner = "■" if filled else GATE_LETTERS[rect] if shut else " "
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
        income = rules.satisfaction_income(view)
        _put(picture, row, left, (f"Each round: d6{f' + {income}' if income else ''} smiles", "dim"))
        row += 1
    return row - top


def draw_fate(picture: Picture, view: State, top: int, layout: Layout, places: Places) -> int:
    """This round's fate card whole and the pile (wide terminals); returns the rows used."""
    if view.fate >= 0:
        card = FATE[view.fate]
        text = f"Fate: {card.name} — {card.text}"
    else:
        text = "Fate: no card drawn yet this round"
    text += f" · {len(view.fate_pile)} in the pile"
    words = text.split(" ")
    lines: list[str] = [""]
    for word in words:
        if lines[-1] and len(lines[-1]) + 1 + len(word) > layout.width:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}" if lines[-1] else word
    for offset, line in enumerate(lines[:2]):
        _put(picture, top + offset, 0, (line, "italic" if offset or view.fate < 0 else ""))
    places.fate = (top, 0)
    return 2


def item_line(view: State, item: int, stock: list[int], layout: Layout) -> list[tuple[str, str]]:
    """One building or invention: mark, name, cost (and what is missing)."""
    it = ITEMS[item]
    if view.owned[item]:
        rest = f" r{view.owned[item]}"
        return [(f"{OWNED} ", "bold $success"), (it.name, "bold"), (rest, "dim")]
    short = missing(stock, item)
    can = not any(short)
    mark = (f"{CAN_BUY if can else CANNOT} ", "bold" if can else "dim")
    name = (f"{it.name:<10}", "bold" if can else "dim")
    if layout.wide:
        cost = (f"{compact(it.cost, True):<15}", "" if can else "dim")
        need = ("" if can else f"-{compact(short, True)}", "dim $warning" if not can else "")
        return [mark, name, cost, need]
    if can:
        return [mark, name, (compact(it.cost), "")]
    return [mark, name, (f"-{compact(short)}", "dim")]


def draw_items(picture: Picture, view: State, top: int, layout: Layout, places: Places,
               stock: list[int] | None = None, only: list[int] | None = None) -> int:
    """Buildings on the left, inventions on the right; returns the rows used."""
    stock = view.stock if stock is None else stock
    row = top
    if layout.wide:
        _put(picture, row, 0, ("Buildings", "bold"))
        _put(picture, row, layout.item_width, ("Inventions", "bold"))
        row += 1
    columns = (list(BUILDINGS), list(INVENTIONS))
    if only is not None:
        half = (len(only) + 1) // 2
        columns = (only[:half], only[half:])
    for c, items in enumerate(columns):
        for offset, item in enumerate(items):
            where = (row + offset, c * layout.item_width)
            _put(picture, *where, item_line(view, item, stock, layout))
            places.items[item] = where
    return row - top + max(len(items) for items in columns)


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
    _put(picture, top, 0, [("Trade: ", "bold"), (f"buy up to {limit}, pay as many other goods", "")])
    _put(picture, top + 1, 1, ("good   have  ←pay buy→  after", "dim"))
    after = after_trade(view, form)
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
        stock = after_trade(view, form)
        ranked = sorted((i for i in range(len(ITEMS)) if not view.owned[i]),
                        key=lambda i: (sum(missing(stock, i)), i))
        room = max(0, 10 - rows + 4) * 2
        draw_items(picture, view, top + rows, layout, places, stock, ranked[:room])
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
