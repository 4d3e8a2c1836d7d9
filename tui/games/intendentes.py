"""The Intendentes screen: the blocks for sale and the auction, your district, your plans.

The board uses the shared cursor. Arrows move over the blocks for sale and the next one,
the auction (or event) line, and your district: your figures, the food price, the risk
indices, your penalty cards, the discontent track, your blocks and your plans. The detail
line under the board tells the place in a few words and what Enter does there; ``i``
opens the card viewer with its whole text (:mod:`tui.games.intendentes_cards`). Enter
makes the move there, or lists the moves there when there are several (opening or
declining a block; moving an inhabitant from a block to another; an officer's choice of
card ...). A bid is made with the bid entry, shown above the cards while you bid: Up and
Down change the amount by $1, Page keys by $5, digits type it, Enter bids (Escape returns
to the board, where Enter on the block comes back to it); passing is a move in the list
(or e). Moves without a place (ending a turn or a plan window, passing, skipping) are in
the move list, and e makes the one there is. On wide terminals the other mayors'
districts stand side by side under yours (the last turn's moves in them marked); on
smaller ones Tab shows them one at a time, and the board scrolls under a detail line that
stays whole. The board is one picture (market, then districts), its places in picture
rows. The round and phase are on the status line above.
"""

from __future__ import annotations

from typing import Any, Hashable

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from core.intendentes.actions import (
    Bid,
    Birth,
    Buy,
    Choose,
    Decline,
    Discard,
    End,
    Fast,
    HydraulicWorks,
    Keep,
    KeepHand,
    Move,
    NationalHelp,
    Officer,
    Open,
    Paid,
    Pass,
    Place,
    Play,
    Remove,
    Skip,
    Stadium,
    Stop,
    TrainStation,
    bid,
)
from core.intendentes.content import BLOCKS, EFFECT_BLOCK, PLANS
from core.intendentes.state import BONUS_CATEGORIES, NONE, S_KEEP, State
from core.table import LogEntry
from tui.games import intendentes_cards as words
from tui.games.intendentes_cards import Spot
from tui.games.intendentes_render import (
    LEGEND_ENTRIES,
    PENALTY_WORDS,
    SMALL,
    WIDE,
    DistrictPlaces,
    Layout,
    MarketPlaces,
    OtherPlaces,
    block_label,
    district_places,
    draw_district,
    draw_market,
    draw_others,
    held_words,
    money_text,
    phase_words,
)
from tui.screens.card_viewer import CardText
from tui.screens.game import GameScreen
from tui.text import notify, plain, template
from tui.widgets.board import BoardView
from tui.widgets.cursor import Target
from tui.widgets.legend import Legend
from tui.widgets.number_entry import NumberEntry
from tui.widgets.picture import BoardPicture, Picture
from tui.widgets.players import player_tag

DONE_KINDS = (End, Pass, Skip, Stop, KeepHand)
"""The moves without a place that e makes (one of them at most is legal at a time)."""


def legend_entries() -> list[Content]:
    """The board's symbols ("★ splendor", "△ fist" …), symbols in bold."""
    return [Content.assemble(Content.styled(code, "bold"), f" {meaning}") for code, meaning in LEGEND_ENTRIES]


class IntendentesBoard(BoardView):
    """The board, with the bid entry inside it: arrows and Enter as on every board, e for
    the move without a place (end, pass, skip …), Tab for the other districts."""

    BINDINGS = [
        Binding("e", "done", "End/pass"),
        Binding("tab", "district(1)", "Districts"),
        Binding("shift+tab", "district(-1)", "Previous district", show=False),
    ]

    class Done(Message):
        """e: make the move without a place (end the turn, pass, skip, stop, keep the hand)."""

    class DistrictCycled(Message):
        """Tab: show the next (``step`` 1) or previous (-1) mayor's district."""

        def __init__(self, step: int) -> None:
            super().__init__()
            self.step = step

    def action_done(self) -> None:
        """End the turn, pass, skip or stop (the screen checks which one is legal)."""
        self.post_message(self.Done())

    def action_district(self, step: int) -> None:
        """Show another mayor's district."""
        self.post_message(self.DistrictCycled(step))

    def _entry_has_keys(self) -> bool:
        focused = self.screen.focused
        return isinstance(focused, NumberEntry) and focused.parent is self

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the bid entry has the keys, the arrows are its (left and right do nothing)."""
        if action in ("move", "choose") and self._entry_has_keys():
            return False
        return super().check_action(action, parameters)

    async def _on_key(self, event: events.Key) -> None:
        """A key the bid entry inside the board did not take bubbles up here: it is not a
        board key (BoardView's handler, which hands keys on to the focused widget, would send
        it back to the entry round and round): it goes on up, to the bindings."""
        if self._entry_has_keys():
            event.prevent_default()  # (Textual runs each base class's handler otherwise)
            return
        await super()._on_key(event)


class IntendentesScreen(GameScreen):
    """Game screen of Intendentes."""

    CSS_PATH = ["../screens/game.tcss", "../widgets/number_entry.tcss", "intendentes.tcss"]
    HELP_TITLE = "Intendentes"
    USES_BOARD_CURSOR = True
    PRIVATE_IN_SCOREBOARD = True
    DETAIL_LINE = "#in-detail"
    HELP_KEYS = [
        ("arrows", "Move over the blocks for sale, the auction or event line and your district: "
                   "figures, food price, risk indices, penalty cards, discontent, blocks, plans"),
        ("enter", "Make the move there, or list the moves there (on the block being auctioned: "
                  "the bid entry)"),
        ("bid entry", "up/down $1 · page up/down $5 · digits type an amount · enter bids · "
                      "escape back to the board"),
        ("e", "End your turn or plan window, pass, skip or stop (the move without a place)"),
        ("tab", "Show the other mayors' districts (wide terminals show them all)"),
        ("m", "Jump to the move list (type to filter)"),
        ("cards", "kind, minimum bid $ and splendor ★ · name · inhabitants arriving and room · "
                  "money and food each inhabitant makes · risk index changes when bought"),
        ("district", "★ splendor · 2/5 inhabitants and room · risk: the fire, flood and insecurity "
                     "indices · cards: penalty cards held · discontent: ■ reached, △ a fist "
                     "(demonstration cards on reaching it)"),
        ("plans", "name and cost (×2: two copies); the detail line and i tell the phase and effect"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.shown: int | None = None  # the district shown (None: the viewer's or the actor's)
        self._places: tuple[object, Layout, MarketPlaces, DistrictPlaces | None] | None = None
        self._others: tuple[object, tuple[int, int], OtherPlaces] | None = None  # the same, wide
        self._bid_for: tuple[Any, ...] = ()  # the decision the bid entry was set for
        self._targets_for: tuple[Any, ...] = ()  # the decision the cursor's places are for
        self._aim: list[tuple[int, int]] = []  # places the highlighted move aims at
        self._detail_rows: tuple[Any, ...] = ()  # what the detail line's height was set for

    # --- layout ---------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        with IntendentesBoard(id="in-board"):
            # (the bid entry, shown while you bid)
            yield NumberEntry("Bid", "$", "Bid", id="in-bid")
            yield BoardPicture(id="in-picture")
        yield Static("", id="in-detail")
        yield Legend(legend_entries(), id="in-legend")

    def on_mount(self) -> None:
        entry = self.query_one("#in-bid", NumberEntry)
        entry.display = False
        self.focus_mounted_board("#in-board")
        # A hint panel compares the amount in the entry with the coach's best as it changes.
        self.watch(entry, "value", lambda _: self.coach.compare_cursor_move(), init=False)

    def show_hinted(self, action: Hashable) -> bool:
        """A hinted bid goes into the bid entry, which gets the keys (Enter bids it)."""
        entry = self.query_one("#in-bid", NumberEntry)
        if not isinstance(action, Bid) or not entry.display or not entry.low <= action.amount <= entry.high:
            return False
        entry.value = action.amount
        self.focus_bid_entry()
        return True

    def own_cursor_move(self) -> Hashable | None:
        """The amount in the bid entry while it has the keys."""
        entry = self.query_one("#in-bid", NumberEntry)
        return bid(entry.value) if entry.display and self.focused is entry else None

    @property
    def sizes(self) -> Layout:
        """Card and block sizes for the terminal size."""
        return WIDE if self.has_class("-wide") else SMALL

    def district_seat(self, view: State) -> int:
        """The mayor whose district is drawn in full: the one Tab chose, else the viewer,
        else (a spectator) the mayor to act."""
        if self.shown is not None:
            return self.shown
        if self.viewer is not None:
            return self.viewer
        return view.actor if 0 <= view.actor < view.players else 0

    def _board_places(self, view: State) -> tuple[MarketPlaces, DistrictPlaces | None]:
        """Where the market's places are, and the viewer's district's (None for a spectator)."""
        layout = self.sizes
        cached = self._places
        if cached is None or cached[0] is not view or cached[1] != layout:
            market = draw_market(Picture(), view, layout)
            district = None if self.viewer is None else district_places(
                view, self.viewer, layout, market.end, self._drawn_shown(view))
            cached = self._places = (view, layout, market, district)
        return cached[2], cached[3]

    def market_places(self, view: State) -> MarketPlaces:
        """Where the blocks for sale and the auction line are."""
        return self._board_places(view)[0]

    def places(self, view: State) -> DistrictPlaces | None:
        """Where the viewer's district's places are (None for a spectator)."""
        return self._board_places(view)[1]

    def _drawn_shown(self, view: State) -> bool:
        return view.step == S_KEEP and view.actor == self.viewer

    def _own_shown(self, view: State) -> bool:
        return self.viewer is not None and self.district_seat(view) == self.viewer

    def place_map(self, view: State) -> dict[tuple[int, int], Spot]:
        """Every place the cursor can visit, by its position on the board."""
        market, district = self._board_places(view)
        found: dict[tuple[int, int], Spot] = {where: ("slot", slot) for slot, where in market.slots.items()}
        found[market.line] = ("line", 0)
        if district is not None and self._own_shown(view):
            found[district.figures] = ("figures", 0)
            found[district.market] = ("market", 0)
            found[district.track] = ("track", 0)
            for kind, group in (("risk", district.risk), ("cards", district.cards), ("block", district.blocks),
                                ("plan", district.plans), ("drawn", district.drawn)):
                for which, where in group.items():
                    found[where] = (kind, which)
        return found

    # --- where moves are on the board -----------------------------------------------------
    def board_position(self, action: Hashable, view: State) -> tuple[int, int] | None:
        """The cards (open, decline, bid), the viewer's blocks, penalty cards, food price
        and plans; moves without a place (end, pass, skip …) have none."""
        market = self.market_places(view)
        if isinstance(action, (Open, Decline)):
            return market.slots.get(action.slot)
        if isinstance(action, Bid):
            return market.slots.get(view.slot) if view.slot != NONE else None
        places = self.places(view)
        if places is None:
            return None
        if isinstance(action, Move):
            return places.blocks.get(action.from_block)
        if isinstance(action, (TrainStation, Place, Remove, Choose, Birth, Fast, Officer, Paid)):
            return places.blocks.get(action.block)
        if isinstance(action, NationalHelp):
            return places.cards.get(action.penalty)
        if isinstance(action, HydraulicWorks):
            return places.blocks.get(EFFECT_BLOCK["hydraulic_works"])
        if isinstance(action, Stadium):
            return places.blocks.get(EFFECT_BLOCK["stadium"])
        if isinstance(action, Buy):
            return places.market
        if isinstance(action, (Play, Discard)):
            return places.plans.get(action.plan)
        if isinstance(action, Keep):
            return places.drawn.get(action.plan)
        return None

    def board_targets(self, view: State, groups: dict[tuple[int, int], list[Hashable]]) -> list[Target]:
        """Where moves can be made first, then every place of the market and of the
        district drawn (places to read about: the detail line tells them); while another
        mayor's district is shown, only the market's."""
        decision = (len(self.table.log), self.viewer)
        current = self.board_cursor.current
        here = None if current is None else (current.row, current.col)
        if groups and decision != self._targets_for and here not in groups:
            # A decision has just begun: start on a place where a move can be made (not on
            # a place left under the cursor while looking).
            self.board_cursor.index = -1
        self._targets_for = decision
        looks = set(self.place_map(view))
        own = self._own_shown(view)
        end = self.market_places(view).end
        keys = [pos for pos in sorted(groups) if own or pos[0] < end]
        keys += sorted(looks - set(keys))
        return [Target(pos, pos[0], pos[1]) for pos in keys]

    def last_move_places(self, entry: LogEntry, view: State) -> list[tuple[int, int]]:
        """The cards of an open, a decline or a bid on the block still auctioned; the
        viewer's own moves where they were made; on wide terminals the others' moves in
        their districts (the blocks an inhabitant left and reached, a placement or removal,
        a security block used; their money and food for a purchase, their plans for a
        plan, their cards for national help)."""
        action = entry.action
        market = self.market_places(view)
        if isinstance(action, (Open, Decline)):
            return [market.slots[action.slot]] if action.slot in market.slots else []
        if isinstance(action, Bid):
            return [market.slots[view.slot]] if view.slot in market.slots else []
        if entry.seat == self.viewer:
            return super().last_move_places(entry, view)
        places = self._others_places(view)
        if places is None:
            return []
        seat = entry.seat
        blocks: list[int] = []
        if isinstance(action, Move):
            blocks = [action.from_block, action.to_block]
        elif isinstance(action, (TrainStation, Place, Remove, Choose, Birth, Fast, Officer, Paid)):
            blocks = [action.block]
        elif isinstance(action, HydraulicWorks):
            blocks = [EFFECT_BLOCK["hydraulic_works"]]
        elif isinstance(action, Stadium):
            blocks = [EFFECT_BLOCK["stadium"]]
        found = [places.blocks[(seat, b)] for b in blocks if (seat, b) in places.blocks]
        if isinstance(action, Buy) and seat in places.figures:
            found.append(places.figures[seat])
        if isinstance(action, (Play, Keep, Discard, KeepHand)) and seat in places.plans:
            found.append(places.plans[seat])
        if isinstance(action, NationalHelp) and seat in places.cards:
            found.append(places.cards[seat])
        return found

    def _others_places(self, view: State) -> OtherPlaces | None:
        """Where the other districts' parts are (wide terminals only)."""
        if not self.sizes.wide:
            return None
        seat = self.district_seat(view)
        key = (seat, self.sizes.width)
        if self._others is None or self._others[0] is not view or self._others[1] != key:
            layout = self.sizes
            drawn = seat == self.viewer and self._drawn_shown(view)
            end = district_places(view, seat, layout, self.market_places(view).end, drawn).end
            rest = [s for s in range(view.players) if s != seat]
            names = tuple(s.name for s in self.table.seats)
            self._others = (view, key, draw_others(Picture(), view, rest, names, layout.width, end + 1))
        return self._others[2]

    def list_order(self, legal: list[Hashable], view: State) -> list[Hashable]:
        """Bids are made with the bid entry: the list offers only the lowest (so the list
        alone can play every decision), the other moves as the rules list them."""
        bids = [a for a in legal if isinstance(a, Bid)]
        others = [a for a in legal if not isinstance(a, Bid)]
        if not bids:
            return legal
        return [min(bids, key=lambda a: a.amount)] + others

    def action_label(self, action: Hashable, view: State) -> str:
        """Labels lead with what tells a place's moves apart (the list wraps them whole):
        the block opened or declined, an inhabitant's destination, the card an officer
        clears; the lowest bid says the bid entry takes any other amount. The detail line
        tells the highlighted move in the rules' words."""
        text = super().action_label(action, view)
        if isinstance(action, Bid):
            return f"{text} (other amounts: the bid entry)"
        if isinstance(action, Open):
            block = view.display[action.slot]
            return f"Open {block_label(block)}, from ${BLOCKS[block].cost}"
        if isinstance(action, Decline):
            return f"Decline: {block_label(view.display[action.slot])} for the others"
        if isinstance(action, Move):
            return f"To {block_label(action.to_block)}, from {block_label(action.from_block)}"
        if isinstance(action, Officer):
            repression = " (+1 discontent)" if action.penalty == 3 else ""
            card = PENALTY_WORDS[action.penalty].capitalize()
            return f"{card} card off{repression}: officer of {block_label(action.block)}"
        return text

    def move_preview(self, action: Hashable, view: State) -> Content:
        """The move whole, in the rules' words (the list may have cut it or led with its
        place); a bid adds that the entry takes any amount."""
        text = self.game.describe(action, view)
        if isinstance(action, Bid):
            text += " · any other amount: the bid entry (m, then Escape, and Enter on the block)"
        return plain(text)

    # --- drawing --------------------------------------------------------------------------
    def update_board(self, view: State) -> None:
        """Redraw the cards and the auction, the districts, the bid entry and the detail
        line (the round and phase are on the status line)."""
        if not self.is_mounted:
            return
        layout = self.sizes
        seat = self.district_seat(view)
        names = tuple(s.name for s in self.table.seats)
        picture = Picture()
        market = draw_market(picture, view, layout, self._opener(view))
        # Another mayor's district is shown (Tab): the marks of the viewer's places are put
        # before it is drawn, so that only the cards carry them.
        early = self.viewer is not None and seat != self.viewer
        if early:
            self.mark_board(picture, view)
        drawn = seat == self.viewer and self._drawn_shown(view)
        places = draw_district(picture, view, seat, layout, market.end, names[seat], drawn)
        if layout.wide:
            rest = [s for s in range(view.players) if s != seat]
            draw_others(picture, view, rest, names, layout.width, places.end + 1)
        if not early:
            self.mark_board(picture, view)
            for row, col in self._aim:
                picture.mark(row, col, "aim")
        self.query_one("#in-picture", BoardPicture).show(picture)
        entry_rows = self._update_entry(view)
        self._fit_detail(view)
        self.show_detail("#in-detail", self._detail(view, self.cursor_position))
        self._fit_board(picture.height + entry_rows)
        self._cursor_in_view(entry_rows)

    def _fit_detail(self, view: State) -> None:
        """Give the detail line the rows of the longest text it can show in this decision
        (every place's detail and every move's preview), once when the places change: an
        arrow then never lays the screen out, and no text is ever cut."""
        widget = self.query_one("#in-detail", Static)
        width = widget.content_region.width
        if width <= 0:
            return
        targets = tuple((t.row, t.col) for t in self.board_cursor.targets)
        log = self.table.log
        # (a view is a new object at each call: the decision is told by the log)
        key = (len(log), id(log[-1]) if log else 0, self.viewer, targets, width, self.shown, self._aim != [])
        if key == self._detail_rows:
            return
        self._detail_rows = key
        texts = [self._detail(view, where) for where in targets]
        if self.viewer is not None and not self.table.is_over() and self.viewer in self.table.to_act():
            texts += [self.move_preview(a, view) for a in self.table.legal_actions(self.viewer)
                      if not isinstance(a, Bid)]
        rules = widget.styles.get_rules()
        rows = max((text.get_height(rules, width) for text in texts), default=1)
        if widget.styles.height is None or widget.styles.height.value != rows:
            widget.styles.height = rows

    def _fit_board(self, board_rows: int) -> None:
        """Share the board column: the detail line keeps the rows of its longest text; the
        legend is shown only where it fits under the whole board; on a small terminal the
        board takes at most the rows left (it scrolls beyond them), so that the detail is
        never pushed off the screen. Styles are set again only when they change."""
        column = self.query_one("#board")
        height = column.content_region.height
        detail = self.query_one("#in-detail", Static)
        if not height or detail.styles.height is None:
            return
        legend = self.query_one("#in-legend", Legend)
        rows = int(detail.styles.height.value) + detail.styles.margin.top
        legend_rows = len(legend.lines(max(1, column.content_region.width - 2)))
        fits = board_rows + rows + legend_rows <= height
        if legend.display != fits:
            legend.display = fits
        board = self.query_one("#in-board", IntendentesBoard)
        room: int | None = None if self.sizes.wide else max(3, height - rows - (legend_rows if fits else 0))
        now = board.styles.max_height
        if (None if now is None else int(now.value)) != room:
            board.styles.max_height = room

    def _cursor_in_view(self, entry_rows: int) -> None:
        """Scroll the board (a small terminal's, when the district is long) so that the
        place under the cursor is in view."""
        cursor = self.cursor_position
        board = self.query_one("#in-board", IntendentesBoard)
        if cursor is None or board.max_scroll_y == 0:
            return
        row = cursor[0] + entry_rows
        top = board.scroll_y
        height = board.scrollable_content_region.height
        if row < top or row >= top + height:
            board.scroll_to(y=max(0, row - height // 2), animate=False, immediate=True)

    def _opener(self, view: State) -> int:
        """Who opened the auction running (the last Open in the log), or NONE."""
        if view.slot == NONE or view.decliner != NONE:
            return NONE
        for entry in reversed(self.table.log):
            if isinstance(entry.action, Open):
                return entry.seat if entry.action.slot == view.slot else NONE
            if not isinstance(entry.action, (Bid, Pass)):
                return NONE
        return NONE

    def _bids(self) -> list[int]:
        """The amounts the viewer may bid now (empty when it is no bid decision)."""
        return sorted(a.amount for actions in self.board_actions.values() for a in actions
                      if isinstance(a, Bid))

    def _update_entry(self, view: State) -> int:
        """Show the bid entry while the viewer bids (and give it the keys when the
        decision begins); hide it otherwise. The rows it takes above the picture."""
        entry = self.query_one("#in-bid", NumberEntry)
        amounts = self._bids() if not self.table.is_over() else []
        decision = (len(self.table.log), self.viewer, view.step, view.slot, view.high_bid)
        if not amounts:
            self._bid_for = ()
            if entry.display:
                if self.focused is entry:
                    self.set_focus(self.query_one("#in-board"))
                entry.display = False
            return 0
        if decision != self._bid_for:
            self._bid_for = decision
            entry.set_range(amounts[0], amounts[-1], amounts[0])
            entry.display = True
            self.set_focus(entry)
            # (a move chosen in the list gives the keys back to the board after the move is
            # drawn: the entry takes them once that is done)
            self.app.call_later(self.focus_bid_entry)
        return 1

    def focus_bid_entry(self) -> None:
        """Give the keys to the bid entry (when a bid can be made)."""
        entry = self.query_one("#in-bid", NumberEntry)
        if entry.display:
            self.set_focus(entry)

    # --- the detail line and the card viewer --------------------------------------------------
    def _place(self, view: State, cursor: tuple[int, int] | None) -> Spot | None:
        return None if cursor is None else self.place_map(view).get(cursor)

    def _detail(self, view: State, cursor: tuple[int, int] | None) -> Content:
        """What the place under the cursor is, and what Enter does there."""
        place = self._place(view, cursor)
        if place is None or cursor is None:
            return Content()
        return words.detail(place, view, self.viewer, self.board_actions.get(cursor, []))

    def place_card(self, view: State) -> CardText | None:
        """The card viewer's text of the place under the cursor (i)."""
        place = self._place(view, self.cursor_position)
        return None if place is None else words.card(place, view, self.viewer, self.viewer)

    def show_on_board(self, action: Hashable, view: State) -> bool:
        """The cursor goes to the move's place; a move's destination is shaded."""
        aim: list[tuple[int, int]] = []
        places = self.places(view)
        if isinstance(action, Move) and places is not None:
            where = places.blocks.get(action.to_block)
            aim = [where] if where is not None else []
        changed = aim != self._aim
        self._aim = aim
        return super().show_on_board(action, view) or changed

    def board_move(self, direction: str) -> None:
        """Arrows: back to your own district if another was shown; the aim mark goes."""
        self._aim = []
        if self.shown is not None and self.shown != self.viewer:
            self.shown = None
            self.refresh_all()
        super().board_move(direction)

    def board_choose(self) -> None:
        """Enter: the bid entry on the block being auctioned; a place where nothing can be
        done says so; elsewhere as on every board."""
        position = self.cursor_position
        actions = self.board_actions.get(position, []) if position is not None else []
        if any(isinstance(a, Bid) for a in actions):
            self.focus_bid_entry()
            return
        if position is not None and not actions and self.board_actions:
            notify(self, "Nothing to do there now (i tells what it is).")
            return
        super().board_choose()

    # --- the bid entry's messages and the board's keys ------------------------------------
    @on(NumberEntry.Submitted, "#in-bid")
    def _bid_submitted(self, event: NumberEntry.Submitted) -> None:
        event.stop()
        self.submit_action(bid(event.value))

    @on(NumberEntry.Cancelled, "#in-bid")
    def _bid_cancelled(self, event: NumberEntry.Cancelled) -> None:
        """Escape: the keys go back to the board, its cursor on the block auctioned."""
        event.stop()
        view = self.current_view()
        where = self.market_places(view).slots.get(view.slot)
        if where is not None:
            self.board_cursor.select(where)
        self.set_focus(self.query_one("#in-board"))
        self.update_board(view)

    @on(IntendentesBoard.Done)
    def _done(self) -> None:
        """e: the one move without a place (end, pass, skip, stop, keep the hand)."""
        if self.viewer is None or self.viewer not in self.table.to_act():
            notify(self, "It is not your turn.", severity="warning")
            return
        moves = [a for a in self.table.legal_actions(self.viewer) if isinstance(a, DONE_KINDS)]
        if not moves:
            notify(self, "There is no turn to end or move to pass now: choose a move.", severity="warning")
            return
        self.submit_action(moves[0])

    @on(IntendentesBoard.DistrictCycled)
    def _district_cycled(self, event: IntendentesBoard.DistrictCycled) -> None:
        """Tab: the next mayor's district (the arrows bring yours back)."""
        view = self.current_view()
        if self.has_class("-wide"):
            notify(self, "Every district is in view: Tab shows them one at a time on smaller terminals.")
            return
        current = self.district_seat(view)
        self.shown = (current + event.step) % view.players
        if self.shown == self.viewer:
            self.shown = None
        self.refresh_all()

    # --- side panel -----------------------------------------------------------------------
    def scoreboard_extra(self, view: State) -> dict[int, Content]:
        """Each mayor's money (or $? when hidden), food, plans in hand, discontent and the
        penalty cards they hold, each number next to its word, on two rows (at 80 columns
        four mayors fit the panel)."""
        extra: dict[int, Content] = {}
        for seat in range(view.players):
            extra[seat] = template("\n $money food $food plans $plans\n discontent $discontent",
                                   money=money_text(view, seat), food=view.warehouse[seat],
                                   discontent=view.discontent[seat], plans=len(view.hand[seat]))
            if any(view.cards[seat]):
                extra[seat] += template(" · cards [b $error]$held[/]", held=held_words(view, seat))
        return extra

    def private_text(self, view: State) -> Content:
        """Tall screens: your plans with what each does (the district lists their names)."""
        seat = self.viewer
        if seat is None or not view.hand[seat] or view.hand[seat][0] < 0:
            return Content()
        lines = [template("[b]Your plans[/]")]
        for plan in dict.fromkeys(view.hand[seat]):
            info = PLANS[plan]
            lines.append(plain(f"{info.name} ${info.cost}, {phase_words(info.phase)}: {info.text}"))
        return Content("\n").join(lines)

    def game_over_extra(self) -> Content:
        """The final scoring's points per category for each mayor."""
        view = self.table.view(None)
        if not view.final:
            return Content()
        lines = [template("[b]Final scoring[/]")]
        for seat in self.table.seats:
            points = view.final[seat.index]
            parts = ", ".join(f"{name} {p:+d}" for name, p in zip(BONUS_CATEGORIES, points))
            lines.append(Content.assemble(player_tag(seat.index, seat.name), plain(f": {parts}")))
        return Content("\n").join(lines)
