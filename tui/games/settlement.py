"""The Settlement screen: the settlement track, the shared stock, the pyramid and the shop.

The board uses the shared cursor. Arrows move over the twelve fields of the track, this
round's fate card, the goods and points of the stock, the smiles, what Losses would take,
the next feeding, the pyramid's rectangles and the buildings and inventions; the detail
line under the board tells in words what the place is, what it costs and gives, and what
Enter does there (:mod:`tui.games.settlement_cards`), and ``i`` opens the card viewer with
everything the content says of it and its state now:

- on the field of the character whose turn it is (where each turn puts the cursor), Enter
  is its specialty work (the detail line says what it can make, "2-7 food (a die +1)");
  other work is Enter on a good or point of the stock ("make 1 of that"), or a move in the
  list;
- in the draft, Enter on a character's field takes it;
- the Tax collector: Enter on the fate field lists paying and refusing; each good paid is
  Enter on that good of the stock;
- the mayor's shop: Enter on a building or invention buys it; e ends the shopping (Done,
  the move without a place), as it ends the trade.

The Merchant's trade is a form in the stock's place: Up and Down choose a good (and the
tax), Right buys one more of it (or pays one fewer), Left pays one more (or buys one
fewer), Left and Right on the tax row choose the tax good; the form says at once what is
wrong with the trade as set. Enter (or e) makes it: the screen submits one swap per good
bought, then the end of the trade with its tax, one after another by the usual path. A
trade that breaks a rule is refused with the reason and changes nothing.

There is nothing secret in the game, so hot-seat play needs no hand-off curtain: the
board is always shown to whoever must decide.
"""

from __future__ import annotations

from typing import Any, Hashable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from core.settlement import rules
from core.settlement.actions import (
    NO_TAX,
    Buy,
    Done,
    Finish,
    Other,
    Pay,
    PayOne,
    Pick,
    Refuse,
    Specialty,
    Swap,
)
from core.settlement.content import (
    CHARACTER_AT,
    CHARACTERS,
    FATE_FIELD,
    GOODS,
    IRON,
    ITEMS,
    RESOURCE_SHORT,
)
from core.settlement.state import State
from core.settlement.text import amount_words
from core.table import LogEntry
from tui.games import settlement_cards as words
from tui.games.settlement_render import (
    LEGEND_ENTRIES,
    NARROW,
    WIDE,
    Layout,
    Places,
    TradeForm,
    after_trade,
    render_board,
    trade_problem,
)
from tui.screens.card_viewer import CardText
from tui.screens.game import GameScreen
from tui.text import notify, plain, template
from tui.widgets.board import BoardView
from tui.widgets.cursor import Target
from tui.widgets.legend import Legend
from tui.widgets.picture import BoardPicture, Picture

TAX_ROW = len(GOODS)
"""The trade form's row of the tax good (after the five goods)."""


def legend_entries() -> list[Content]:
    """The board's codes and marks, codes in bold."""
    return [Content.assemble(Content.styled(code, "bold"), f" {meaning}") for code, meaning in LEGEND_ENTRIES]


class SettlementBoard(BoardView):
    """The board: arrows and Enter as on every board, e for the move without a place (the
    mayor's Done, the end of the trade)."""

    BINDINGS = [Binding("e", "done", "Done")]

    class Done(Message):
        """e: end the shopping or make the trade (the move without a place)."""

    def action_done(self) -> None:
        """End the mayor's shopping or the Merchant's trade (the screen checks which)."""
        self.post_message(self.Done())


class SettlementScreen(GameScreen):
    """Game screen of Settlement (Osada)."""

    CSS_PATH = ["../screens/game.tcss", "settlement.tcss"]
    HELP_TITLE = "Settlement"
    USES_BOARD_CURSOR = True
    PRIVATE_IN_SCOREBOARD = True
    DETAIL_LINE = "#st-detail"
    HELP_KEYS = [
        ("goal", "Together, put a token on all 10 rectangles of the pyramid by the last round "
                 "(10 smiles a token, at most 2 a round) and feed the settlers 6 food at the start "
                 "of every round: a food missing costs a token, and with none left the game is lost"),
        ("arrows", "Move over the track's fields, this round's fate, the stock, the smiles, what "
                   "Losses would take, the next feeding, the pyramid and the buildings and "
                   "inventions; the line under the board tells what is there, in words"),
        ("enter", "On the field whose turn it is: specialty work (the line under the board gives "
                  "what it can make, 1-6 food) · on a good or point of the stock: other work, make 1 "
                  "of it (or pay it to the Tax collector) · on a field in the draft: take that "
                  "character · on a building or invention in the mayor's shop: buy it · on the "
                  "fate field: pay or refuse the Tax collector"),
        ("trade form", "up/down a good or the tax · right buys one more (pays one fewer) · left "
                       "pays one more (buys one fewer) · left/right on the tax row: the tax good · "
                       "enter makes the trade (all zero: buy nothing)"),
        ("e", "Done: end the mayor's shopping, or make the trade as set in the form"),
        ("m", "Jump to the move list (type to filter)"),
        ("track", "● the pawn · under each character its holder's letter (and name where it fits); "
                  "under Fate the cards left in the pile, under Mayor the mayor, under Losses the "
                  "food rot can take · between the rows this round's fate card"),
        ("stock", "! a good above the cap of 10 (cut at Losses until the Warehouse stands) · RP "
                  "research points, BP building points · ☺ smiles in the pool, at most 20"),
        ("pyramid", "■ a token · W M T a gate still shut: rectangle 2 needs the Warehouse, 4 the "
                    "Monument, 7 the Town Hall · 10 smiles a token, at most 2 a round"),
        ("shop", "✓ owned · ● the stock pays it now · ○ not yet (wide screens: what is still "
                 "missing) · the line under the board gives the cost and what is missing"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._places: tuple[tuple[Any, ...], Places] | None = None
        self._form: TradeForm | None = None
        self._form_for: tuple[Any, ...] = ()
        self._queue: list[Hashable] = []  # the trade's moves still to submit, in order
        self._targets_for: tuple[Any, ...] = ()
        self._reserved_for: tuple[Any, ...] = ()  # the places the detail line's rows are for

    # --- layout ---------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        with SettlementBoard(id="st-board"):
            yield BoardPicture(id="st-picture")
        yield Static("", id="st-detail")
        yield Legend(legend_entries(), id="st-legend")

    def on_mount(self) -> None:
        self.focus_mounted_board("#st-board")

    @property
    def layout_size(self) -> Layout:
        """The wide board on terminals both wide and tall, else the 80x24 one."""
        return WIDE if self.has_class("-wide") and self.has_class("-tall") else NARROW

    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.table.seats)

    def places(self, view: State) -> Places:
        """Where the board's places are for this view (they move only with the layout and
        the trade form)."""
        form = self._form_for_view(view)
        key = (self.layout_size, form is not None, None if form is None else tuple(form.net),
               tuple(view.owned) if form is not None else ())
        if self._places is None or self._places[0] != key:
            _, places = render_board(view, self.names(), self.layout_size, form)
            self._places = (key, places)
        return self._places[1]

    # --- the trade form -------------------------------------------------------------------
    def _my_trade(self, view: State) -> bool:
        return (view.step == "trade" and self.viewer is not None and self.viewer in self.table.to_act()
                and not self.table.is_over())

    def _form_for_view(self, view: State) -> TradeForm | None:
        """The form of the viewer's trade (set up when the trade begins), or None."""
        if not self._my_trade(view):
            self._form = None
            self._form_for = ()
            return None
        decision = (self.moves_made(), self.viewer)
        if self._form is None or decision != self._form_for:
            net = [view.bought[g] - view.paid[g] for g in GOODS]
            self._form = TradeForm(net=net, tax=-1)
            self._form_for = decision
            self._auto_tax(view)
        return self._form

    def _auto_tax(self, view: State) -> None:
        """Until a tax good is chosen, the one the trade leaves the most of."""
        form = self._form
        if form is None or form.tax_set:
            return
        form.tax = -1
        stock = after_trade(view, form)
        best = max(GOODS, key=lambda g: (stock[g], -g))
        form.tax = best if stock[best] >= 1 else -1

    def _form_rows(self, view: State) -> list[int]:
        return [*GOODS, TAX_ROW] if rules.tax_due(view) else list(GOODS)

    def _form_key(self, view: State, direction: str) -> None:
        """An arrow in the trade form."""
        form = self._form
        assert form is not None
        form.message = ""
        rows = self._form_rows(view)
        if direction in ("up", "down"):
            index = rows.index(form.row) if form.row in rows else 0
            index = max(0, min(len(rows) - 1, index + (1 if direction == "down" else -1)))
            form.row = rows[index]
        elif form.row == TAX_ROW:
            if not form.buys():
                form.message = "No tax is due until the trade buys something."
            else:
                stock = after_trade(view, form)
                if form.tax >= 0:
                    stock[form.tax] += 1
                choices = [g for g in GOODS if stock[g] >= 1]
                if choices:
                    at = choices.index(form.tax) if form.tax in choices else -1
                    form.tax = choices[(at + (1 if direction == "right" else -1)) % len(choices)]
                    form.tax_set = True
        else:
            form.message = self._step_good(view, form, form.row, 1 if direction == "right" else -1)
        if form.message:
            self.app.bell()
        self._auto_tax(view)
        self.update_board(view)

    def _step_good(self, view: State, form: TradeForm, good: int, delta: int) -> str:
        """Change a good's amount in the form by ``delta`` (+1 buys one more or pays one
        fewer); the reason it cannot, or ""."""
        new = form.net[good] + delta
        name = RESOURCE_SHORT[good]
        if view.bought[good] and new < view.bought[good]:
            return f"{view.bought[good]} {name} is bought already (ctrl+z takes the trade back)."
        if view.paid[good] and new > -view.paid[good]:
            return f"{view.paid[good]} {name} is paid already (ctrl+z takes the trade back)."
        if new > 0 and delta > 0 and form.buys() + 1 > view.trade_limit:
            return f"The roll allows {view.trade_limit} good{'s' if view.trade_limit != 1 else ''} in all."
        have = view.stock[good] - (view.bought[good] - view.paid[good])
        if new < 0 and -new > have:
            return f"Only {have} {name} to pay with."
        form.net[good] = new
        return ""

    def _form_submit(self, view: State) -> None:
        """Enter in the form: make the trade (one swap per good bought, then the end of the
        trade with its tax), or say why not and change nothing."""
        form = self._form
        assert form is not None
        problem = trade_problem(view, form)
        if problem:
            form.message = problem
            self.app.bell()
            notify(self, problem, severity="error")
            self.update_board(view)
            return
        buys: list[int] = []
        pays: list[int] = []
        for g in GOODS:
            buys += [g] * max(0, form.net[g] - view.bought[g])
            pays += [g] * max(0, -form.net[g] - view.paid[g])
        moves: list[Hashable] = [Swap(b, p) for b, p in zip(buys, pays)]
        taxed = form.buys() > 0 and rules.tax_due(view)
        moves.append(Finish(form.tax) if taxed else NO_TAX)
        self._queue = moves
        self._submit_next()

    def _submit_next(self) -> None:
        """Submit the next move of the trade; a refused one empties the queue."""
        if not self._queue:
            return
        action = self._queue.pop(0)
        before = len(self.table.log)
        self.submit_action(action)
        if not self.table.REMOTE and len(self.table.log) == before:
            self._queue.clear()  # refused (and told): the rest is not made
        # (a network table's move comes back later, as a MoveApplied: the rest follows then)

    def advance(self) -> None:
        """The trade's moves go on one by one (each reaches the screen as its own move);
        then the game moves on as always."""
        if self._queue:
            if (self.is_attached and not self.table.is_over() and self.viewer is not None
                    and self.viewer in self.table.to_act()
                    and self.table.view(self.viewer).step == "trade"):
                self._submit_next()
                return
            self._queue.clear()
        super().advance()

    def action_undo(self) -> None:
        """Undo (a trade still being submitted stops)."""
        self._queue.clear()
        super().action_undo()

    # --- where moves are on the board -----------------------------------------------------
    def board_position(self, action: Hashable, view: State) -> tuple[int, int] | None:
        """The character's field (pick, specialty), the stock (other work, paying the Tax
        collector), the fate field (pay or refuse), the items (buy), the form's rows (the
        trade); the mayor's Done has none."""
        places = self.places(view)
        if isinstance(action, Pick):
            return places.fields.get(CHARACTERS[action.character].field)
        if isinstance(action, Specialty):
            return places.fields.get(view.pos)
        if isinstance(action, Other):
            return places.stock.get(action.product)
        if isinstance(action, PayOne):
            return places.stock.get(action.good)
        if isinstance(action, (Pay, Refuse)):
            return places.fields.get(FATE_FIELD)
        if isinstance(action, Buy):
            return places.items.get(action.item)
        if isinstance(action, Swap):
            return places.form.get(action.buy)
        if isinstance(action, Finish):
            return places.form.get(TAX_ROW)
        return None

    def board_targets(self, view: State, groups: dict[tuple[int, int], list[Hashable]]) -> list[Target]:
        """Where moves can be made first, then every place to read about; none while the
        viewer's trade form has the arrows."""
        if self._form_for_view(view) is not None:
            return []
        decision = (self.moves_made(), self.viewer)
        current = self.board_cursor.current
        here = None if current is None else (current.row, current.col)
        if groups and decision != self._targets_for and (here not in groups or view.step == "work"):
            # A new decision: start where a move can be made; a character's turn always on
            # its field, so that Enter is its specialty as the status line says (the cursor
            # left on a good by the last other work would make that good again).
            self.board_cursor.index = -1
        self._targets_for = decision
        places = self.places(view)
        looks = set(places.fields.values()) | set(places.stock.values()) | set(places.rects.values())
        looks |= set(places.items.values()) | set(places.notes().values())
        keys = sorted(groups)
        if view.step == "work":
            # the pawn's field first: Enter there is the specialty
            keys.sort(key=lambda pos: pos != places.fields.get(view.pos))
        keys += sorted(looks - set(keys))
        return [Target(pos, pos[0], pos[1]) for pos in keys]

    def mark_board(self, picture: Picture, view: Any) -> Picture:
        """As on every board; in the trade form, its row under the cursor instead."""
        form = self._form_for_view(view)
        if form is None:
            return super().mark_board(picture, view)
        places = self.places(view)
        where = places.form.get(form.row)
        if where is not None:
            picture.mark(*where, "cursor")
        return picture

    def last_move_places(self, entry: LogEntry, view: State) -> list[tuple[int, int]]:
        """A pick's field, other work's product, a swap's goods, a payment's good, a purchase."""
        places = self.places(view)
        action = entry.action
        found: list[tuple[int, int] | None] = []
        if isinstance(action, Pick):
            found = [places.fields.get(CHARACTERS[action.character].field)]
        elif isinstance(action, Other):
            found = [places.stock.get(action.product)]
        elif isinstance(action, PayOne):
            found = [places.stock.get(action.good)]
        elif isinstance(action, Swap):
            found = [places.stock.get(action.buy), places.stock.get(action.pay)]
        elif isinstance(action, Buy):
            found = [places.items.get(action.item)]
        return [where for where in found if where is not None]

    def list_order(self, legal: list[Hashable], view: State) -> list[Hashable]:
        """In the trade, ending it comes first (the form makes the swaps)."""
        if view.step == "trade":
            return [a for a in legal if isinstance(a, Finish)] + [a for a in legal if not isinstance(a, Finish)]
        return legal

    # --- drawing --------------------------------------------------------------------------
    def update_board(self, view: State) -> None:
        """Redraw the picture, its marks and the detail line."""
        if not self.is_mounted:
            return
        form = self._form_for_view(view)
        picture, places = render_board(view, self.names(), self.layout_size, form)
        self.mark_board(picture, view)
        self.query_one("#st-picture", BoardPicture).show(picture)
        # The detail line keeps the rows of its tallest text among the places the cursor can
        # visit now (in the trade: the form's keys), so an arrow never lays the screen out.
        key = (self.moves_made(), self.viewer, form is None, tuple(t.key for t in self.board_cursor.targets),
               self.query_one("#st-detail").content_region.width)
        if key != self._reserved_for:
            self._reserved_for = key
            self.reserve_detail("#st-detail", [self._form_detail(view)] if form is not None else [
                self._detail(view, places, (t.row, t.col)) for t in self.board_cursor.targets])
            # (the legend is fitted again once the detail line has its new rows)
            self.call_after_refresh(self._fit_legend, picture.height)
        self.show_detail("#st-detail", self._form_detail(view) if form is not None
                         else self._detail(view, places, self.cursor_position))
        self._fit_legend(picture.height)

    def _fit_legend(self, board_rows: int) -> None:
        """The legend where it fits; never on the 80-column board, whose places each tell
        their symbols in words (the legend's rows go to the detail line)."""
        if not self.is_attached:
            return
        if self.layout_size.wide:
            self.fit_legend("#st-legend", "#st-detail", board_rows)
        else:
            self.query_one("#st-legend", Legend).display = False

    # --- the detail line and the card viewer ----------------------------------------------
    def place_at(self, view: State, position: tuple[int, int] | None) -> words.Place | None:
        """Which place of the board is at ``position`` (see :data:`settlement_cards.Place`)."""
        if position is None:
            return None
        places = self.places(view)
        kinds: tuple[tuple[str, dict[int, tuple[int, int]]], ...] = (
            ("field", places.fields), ("stock", places.stock), ("rect", places.rects), ("item", places.items))
        for kind, found in kinds:
            for key, where in found.items():
                if where == position:
                    return kind, key
        for name, where in places.notes().items():
            if where == position:
                return name, 0
        return None

    def place_card(self, view: State) -> CardText | None:
        """The card viewer's text of the place under the cursor."""
        place = self.place_at(view, self.cursor_position)
        return None if place is None else words.place_card(view, place, self.names())

    def _detail(self, view: State, places: Places, cursor: tuple[int, int] | None) -> Content:
        """The detail line of the place at ``cursor``: what it is, what it costs and gives,
        what Enter does there."""
        place = self.place_at(view, cursor)
        if place is None or cursor is None:
            return Content()
        kind, key = place
        actions = self.board_actions.get(cursor, [])
        hint = self._enter_hint(view, actions)
        if kind == "field":
            acting = key == view.pos and self.viewer in self.table.to_act() and not self.table.is_over()
            text = words.field_detail(view, key, self.names(), acting)
            return text if acting and view.step == "work" else Content.assemble(text, hint)
        if kind == "stock":  # (what Enter does next to the name: it is what a player looks for)
            lead, note = words.stock_detail(view, key)
            return Content.assemble(lead, hint, note)
        if kind == "item":
            lead, note = words.item_detail(view, key)
            return Content.assemble(lead, hint, note)
        if kind == "rect":
            return words.rect_detail(view, key)
        if kind == "fate":
            return words.fate_detail(view)
        if kind == "pool":
            return words.pool_detail(view)
        if kind == "losses":
            return words.losses_detail(view)
        return words.feed_detail(view)

    def _enter_hint(self, view: State, actions: list[Hashable]) -> Content:
        if not actions:
            return Content()
        if len(actions) == 1:
            return template(" · [b]Enter[/]: $move", move=self._hint_words(actions[0], view))
        moves = " or ".join(self._hint_words(a, view) for a in actions)
        return template(" · [b]Enter[/]: $moves", moves=moves)

    def _hint_words(self, action: Hashable, view: State) -> str:
        """A move in few words where its place says the rest ("buy it", "make 1 wood")."""
        if isinstance(action, Buy):
            return "buy it"
        if isinstance(action, Other):
            made = "1 iron from 1 ore" if action.product == IRON else amount_words(1, action.product)
            return f"make {made} (other work)"
        if isinstance(action, PayOne):
            return f"pay 1 {RESOURCE_SHORT[action.good]} to the Tax collector"
        if isinstance(action, Pick):
            return f"take the {CHARACTERS[action.character].name}"
        if isinstance(action, Pay):
            return "pay 3 goods"
        if isinstance(action, Refuse):
            return f"refuse, lose 5 smiles (the pool has {view.pool})"
        return self.action_label(action, view)

    def _form_detail(self, view: State) -> Content:
        limit = view.trade_limit
        tax = "tax 1 good" if rules.tax_due(view) else "no tax"
        return Content.assemble(
            plain(f"Up to {limit} good{'s' if limit != 1 else ''}, {tax} · "),
            template("[b]↑↓[/] a good · [b]→[/] buy · [b]←[/] pay · [b]Enter[/] trades"),
        )

    # --- keys -----------------------------------------------------------------------------
    def board_move(self, direction: str) -> None:
        """Arrows: the trade form's while it is shown, else the board cursor's."""
        view = self.current_view()
        if self._form_for_view(view) is not None:
            self._form_key(view, direction)
            return
        super().board_move(direction)

    def board_choose(self) -> None:
        """Enter: the trade; the move at the cursor; where a move cannot be made now, why."""
        view = self.current_view()
        if self._form_for_view(view) is not None:
            self._form_submit(view)
            return
        position = self.cursor_position
        actions = self.board_actions.get(position, []) if position is not None else []
        if actions or position is None or not self.board_actions:
            super().board_choose()
            return
        guess = self._move_at(view, position)
        if guess is not None:
            self.submit_action(guess)  # refused, with the rules' reason
            return
        notify(self, "Nothing to do there now.")

    def _move_at(self, view: State, position: tuple[int, int]) -> Hashable | None:
        """The move the place stands for in this decision, legal or not (for its reason)."""
        places = self.places(view)
        if view.step == "shop":
            for item, where in places.items.items():
                if where == position:
                    return Buy(item)
        if view.step in ("work", "tax_pay"):
            for r, where in places.stock.items():
                if where == position:
                    return Other(r) if view.step == "work" else PayOne(r)
        if view.step == "pick":
            for pos, where in places.fields.items():
                if where == position and pos in CHARACTER_AT:
                    return Pick(CHARACTER_AT[pos])
        return None

    def on_settlement_board_done(self, event: SettlementBoard.Done) -> None:
        """e: the mayor's Done, or the trade as set in the form."""
        event.stop()
        if self.viewer is None or self.viewer not in self.table.to_act():
            notify(self, "It is not your turn.", severity="warning")
            return
        view = self.current_view()
        if self._form_for_view(view) is not None:
            self._form_submit(view)
            return
        done = [a for a in self.table.legal_actions(self.viewer) if isinstance(a, Done)]
        if not done:
            notify(self, "There is no shopping to end now: choose a move.", severity="warning")
            return
        self.submit_action(done[0])

    # --- side panel -----------------------------------------------------------------------
    def scoreboard_extra(self, view: State) -> dict[int, Content]:
        """The characters each seat holds (and the mayor's role)."""
        extra: dict[int, Content] = {}
        for seat in range(view.players):
            held = view.seats_of(seat)
            if len(held) == len(CHARACTERS):
                said = "all nine characters"
            else:
                said = ", ".join(CHARACTERS[c].name for c in held) or "no character yet"
            if seat == view.mayor and view.step != "pick":
                said += " · mayor"
            extra[seat] = template("\n $said", said=said)
        return extra

    def game_over_extra(self) -> Content:
        """What the town had at the end: tokens, smiles, buildings and inventions."""
        view = self.table.view(None)
        owned = [ITEMS[i].name for i in range(len(ITEMS)) if view.owned[i]]
        lines = [template("[b]The town at the end[/]"),
                 plain(f"Round {view.end_round or view.round}/{view.limit} · tokens {view.tokens}/10 · "
                       f"smiles {view.pool}/20"),
                 plain("Owned: " + (", ".join(owned) if owned else "nothing"))]
        return Content("\n").join(lines)
