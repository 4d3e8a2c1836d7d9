"""The Intendentes screen: the blocks for sale and the auction, your district, your plans.

The board uses the shared cursor. Arrows move over the three biddable blocks and the next
one, over the blocks of your district, your penalty cards, the food price and your plans;
Enter makes the move there, or lists the moves there when there are several (opening or
declining a block; moving an inhabitant from a block to another; an officer's choice of
card ...). A bid is made with the bid entry, which takes the round line's place above the
cards while you bid: Up and Down change the amount by $1, Page keys by $5, digits type it,
Enter bids (Escape returns to the board, where Enter on the block comes back to it);
passing is a move in the list (or e). Moves without a place (ending a turn or a plan
window, passing, skipping) are in the move list, and e makes the one there is. On wide terminals the other mayors' districts stand side by side
under yours (the last turn's moves in them marked); on smaller ones Tab shows them one at
a time. The board is one picture (market, then districts), its places in picture rows.
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
from core.intendentes.content import (
    BLOCKS,
    DEMONSTRATION,
    EFFECT_BLOCK,
    MARKET_PRICES,
    PHASE_NAMES,
    PLANS,
)
from core.intendentes.state import (
    BONUS_CATEGORIES,
    HIDDEN,
    NONE,
    S_KEEP,
    State,
)
from core.table import LogEntry
from tui.games.intendentes_render import (
    DISTRICT_TOP,
    LEGEND_ENTRIES,
    PENALTY_WORDS,
    SMALL,
    WIDE,
    DistrictPlaces,
    Layout,
    OtherPlaces,
    block_label,
    short_block,
    block_name,
    block_summary,
    card_position,
    district_places,
    draw_district,
    draw_others,
    money_text,
    phase_line,
    render_market,
)
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

# The scoreboard's columns of figures, headed once (they fit the side panel at 80x24).
FIGURE_HEADS = ("  $", "food", "unr", "plan")


def legend_entries() -> list[Content]:
    """The board's abbreviations ("F W I D fire flood …"), codes in bold."""
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
        ("arrows", "Move over the blocks for sale, your district's blocks, penalty cards, "
                   "the food price and your plans"),
        ("enter", "Make the move there, or list the moves there (on the block being auctioned: "
                  "the bid entry)"),
        ("bid entry", "up/down $1 · page up/down $5 · digits type an amount · enter bids · "
                      "escape back to the board"),
        ("e", "End your turn or plan window, pass, skip or stop (the move without a place)"),
        ("tab", "Show the other mayors' districts (wide terminals show them all)"),
        ("m", "Jump to the move list (type to filter)"),
        ("cards", "1-3 the blocks for sale, » the next one · kind and minimum cost · "
                  "2/5 inhabitants arriving/room · $2 f1 money and food per inhabitant · "
                  "★ splendor · 2o officers · F+1 W+2 I-1 the indices' changes on acquisition"),
        ("district", "risk: fire (F), flood (W) and insecurity (I) indices · cards: penalty cards "
                     "held (D demonstration) · unrest: the discontent track, △ a fist "
                     "(demonstration cards on reaching it) · buy $7: the food price"),
        ("plans", "Public Tender $1 p1: cost and phase; ×2 two copies"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.shown: int | None = None  # the district shown (None: the viewer's or the actor's)
        self._places: tuple[object, DistrictPlaces] | None = None  # (view, its places)
        self._others: tuple[object, tuple[int, int], OtherPlaces] | None = None  # the same, wide
        self._bid_for: tuple[Any, ...] = ()  # the decision the bid entry was set for
        self._targets_for: tuple[Any, ...] = ()  # the decision the cursor's places are for
        self._aim: list[tuple[int, int]] = []  # places the highlighted move aims at

    # --- layout ---------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        with IntendentesBoard(id="in-board"):
            # (one row: the round line, or the bid entry in its place while you bid)
            yield Static("", id="in-phase")
            yield NumberEntry("Bid", "$", "Bid", id="in-bid")
            yield BoardPicture(id="in-picture")
        yield Static("", id="in-detail")
        yield Legend(legend_entries(), id="in-legend")

    def on_mount(self) -> None:
        self.query_one("#in-bid", NumberEntry).display = False
        super().on_mount()
        self.focus_mounted_board("#in-board")

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

    def places(self, view: State) -> DistrictPlaces | None:
        """Where the viewer's district's places are (None for a spectator)."""
        if self.viewer is None:
            return None
        if self._places is None or self._places[0] is not view:
            self._places = (view, district_places(view, self.viewer, self.sizes, DISTRICT_TOP,
                                                  self._drawn_shown(view)))
        return self._places[1]

    def _drawn_shown(self, view: State) -> bool:
        return view.step == S_KEEP and view.actor == self.viewer

    # --- where moves are on the board -----------------------------------------------------
    def board_position(self, action: Hashable, view: State) -> tuple[int, int] | None:
        """The cards (open, decline, bid), the viewer's blocks, penalty cards, food price
        and plans; moves without a place (end, pass, skip …) have none."""
        layout = self.sizes
        if isinstance(action, (Open, Decline)):
            return card_position(action.slot, layout)
        if isinstance(action, Bid):
            return card_position(view.slot, layout) if view.slot != NONE else None
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
        """Where moves can be made first, then every card and block of the district drawn
        (places to read about: the detail line tells them); while another mayor's district
        is shown, only the cards."""
        decision = (len(self.table.log), self.viewer)
        current = self.board_cursor.current
        here = None if current is None else (current.row, current.col)
        if groups and decision != self._targets_for and here not in groups:
            # A decision has just begun: start on a place where a move can be made (not on
            # a place left under the cursor while looking).
            self.board_cursor.index = -1
        self._targets_for = decision
        layout = self.sizes
        looks = {card_position(slot, layout) for slot in range(4)}
        places = self.places(view)
        own = places is not None and self.district_seat(view) == self.viewer
        if places is not None and own:
            looks |= set(places.blocks.values()) | set(places.cards.values()) | {places.market}
            looks |= set(places.plans.values()) | set(places.drawn.values())
        keys = [pos for pos in sorted(groups) if own or pos[0] < DISTRICT_TOP]
        keys += sorted(looks - set(keys))
        return [Target(pos, pos[0], pos[1]) for pos in keys]

    def last_move_places(self, entry: LogEntry, view: State) -> list[tuple[int, int]]:
        """The cards of an open, a decline or a bid on the block still auctioned; the
        viewer's own moves where they were made; on wide terminals the others' moves in
        their districts (the blocks an inhabitant left and reached, a placement or removal,
        a security block used; their money and food for a purchase, their plans for a
        plan, their cards for national help)."""
        action = entry.action
        if isinstance(action, (Open, Decline)):
            return [card_position(action.slot, self.sizes)]
        if isinstance(action, Bid):
            return [card_position(view.slot, self.sizes)] if view.slot != NONE else []
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
            end = district_places(view, seat, layout, DISTRICT_TOP, drawn).end
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
        """Labels lead with what tells a place's moves apart (a narrow list cuts the end of
        a row): an inhabitant's move its destination ("→ Field B29 ← Init. Town"),
        an officer's the card removed; the lowest bid says the bid entry takes any other
        amount. The detail line tells each move whole."""
        text = super().action_label(action, view)
        if isinstance(action, Bid):
            return f"{text} (other amounts: the bid entry)"
        if isinstance(action, Move):
            return f"→ {short_block(action.to_block)} ← {short_block(action.from_block)}"
        if isinstance(action, Officer):
            card = PENALTY_WORDS[action.penalty]
            repression = " (+1 discontent)" if action.penalty == DEMONSTRATION else ""
            return f"Remove a {card} card{repression}: officer of {block_label(action.block)}"
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
        """Redraw the round line, the cards and the auction, the districts, the bid entry
        and the detail line."""
        if not self.is_mounted:
            return
        layout = self.sizes
        seat = self.district_seat(view)
        names = tuple(s.name for s in self.table.seats)
        picture = render_market(view, layout, self._opener(view))
        # Another mayor's district is shown (Tab): the marks of the viewer's places are put
        # before it is drawn, so that only the cards carry them.
        early = self.viewer is not None and seat != self.viewer
        if early:
            self.mark_board(picture, view)
        drawn = seat == self.viewer and self._drawn_shown(view)
        places = draw_district(picture, view, seat, layout, DISTRICT_TOP, names[seat], drawn)
        if layout.wide:
            rest = [s for s in range(view.players) if s != seat]
            draw_others(picture, view, rest, names, layout.width, places.end + 1)
        if not early:
            self.mark_board(picture, view)
            for row, col in self._aim:
                picture.mark(row, col, "aim")
        self.query_one("#in-picture", BoardPicture).show(picture)
        self.show_detail("#in-phase", template("[b]$phase[/]$more", phase=phase_line(view),
                                               more=self._phase_more(view)))
        self._update_entry(view)
        self.show_detail("#in-detail", self._detail(view, self.cursor_position))
        self.fit_legend("#in-legend", "#in-detail", picture.height + 1)  # the round line too

    def _phase_more(self, view: State) -> str:
        """What the round line adds: the events still to come before phase 4."""
        if view.over or view.event not in (NONE, HIDDEN):
            return ""
        return f" · {len(view.event_deck)} events to come"

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

    def _update_entry(self, view: State) -> None:
        """Show the bid entry while the viewer bids (and give it the keys when the
        decision begins); hide it otherwise."""
        entry = self.query_one("#in-bid", NumberEntry)
        amounts = self._bids() if not self.table.is_over() else []
        decision = (len(self.table.log), self.viewer, view.step, view.slot, view.high_bid)
        phase = self.query_one("#in-phase", Static)
        if not amounts:
            self._bid_for = ()
            if entry.display:
                if self.focused is entry:
                    self.set_focus(self.query_one("#in-board"))
                entry.display = False
                phase.display = True
            return
        if decision != self._bid_for:
            self._bid_for = decision
            entry.set_range(amounts[0], amounts[-1], amounts[0])
            entry.display = True
            phase.display = False
            self.set_focus(entry)
            # (a move chosen in the list gives the keys back to the board after the move is
            # drawn: the entry takes them once that is done)
            self.app.call_later(self.focus_bid_entry)

    def focus_bid_entry(self) -> None:
        """Give the keys to the bid entry (when a bid can be made)."""
        entry = self.query_one("#in-bid", NumberEntry)
        if entry.display:
            self.set_focus(entry)

    # --- the detail line --------------------------------------------------------------------
    def _detail(self, view: State, cursor: tuple[int, int] | None) -> Content:
        """What the place under the cursor is, and what Enter does there."""
        if cursor is None:
            return Content()
        layout = self.sizes
        actions = self.board_actions.get(cursor, [])
        for slot in range(4):
            if card_position(slot, layout) == cursor:
                return self._card_detail(view, slot, actions)
        places = self.places(view)
        if places is None or self.viewer is None:
            return Content()
        seat = self.viewer
        for block, where in places.blocks.items():
            if where == cursor:
                position = view.position(seat, block)
                info = BLOCKS[block]
                lead = block_name(info)
                if info.population:
                    lead += f" {view.people[seat][position]}/{view.capacity[seat][position]}"
                return Content.assemble(template("[b]$lead[/]", lead=lead), self._enter_hint(view, actions),
                                        plain(f" · {block_summary(info, owned=True)}"))
        for kind, where in places.cards.items():
            if where == cursor:
                count = view.cards[seat][kind]
                what = ("while they stay, each costs 2 splendor in Decline" if kind == DEMONSTRATION
                        else "while they stay, each adds 1 discontent in 7.1 and costs 1 splendor in Decline")
                return Content.assemble(
                    template("[b]$count $kind card(s)[/]", count=count, kind=PENALTY_WORDS[kind]),
                    self._enter_hint(view, actions), plain(f" · {what}"))
        if cursor == places.market:
            price = MARKET_PRICES[view.market]
            return Content.assemble(
                template("[b]Food market[/]", price=f"${price}"), self._enter_hint(view, actions),
                template(" · 3 food for $price, then the price rises a space", price=f"${price}"))
        for group in (places.plans, places.drawn):
            for plan, where in group.items():
                if where == cursor:
                    card = PLANS[plan]
                    on = " (on a neighbour)" if card.neighbour else ""
                    phase = f"phase {card.phase} {PHASE_NAMES[card.phase - 1]}"
                    return Content.assemble(
                        template("[b]$name[/]", name=card.name), self._enter_hint(view, actions),
                        template(" · $cost, $phase$on: ", cost=f"${card.cost}", phase=phase, on=on),
                        plain(card.text))
        return Content()

    def _card_detail(self, view: State, slot: int, actions: list[Hashable]) -> Content:
        block = view.display[slot] if slot < 3 else view.next_block
        label = f"#{slot + 1}" if slot < 3 else "Next block"
        if block == NONE:
            return template("$label: empty", label=label)
        info = BLOCKS[block]
        lead = template("[b]$label $name[/]", label=label, name=info.name)
        amounts = [a.amount for a in actions if isinstance(a, Bid)]
        if amounts:
            hint = template(" · [b]Enter[/]: the bid entry ($low–$high)",
                            low=f"${min(amounts)}", high=f"${max(amounts)}")
        elif slot == 3:
            hint = plain(" · for sale once a slot is free")
        else:
            hint = self._enter_hint(view, actions)
        return Content.assemble(lead, hint, plain(f" · {block_summary(info)}"))

    def _enter_hint(self, view: State, actions: list[Hashable]) -> Content:
        """" · Enter: <the move>" or " · Enter: 3 moves"; nothing where no move is."""
        if not actions:
            return Content()
        if len(actions) == 1:
            return template(" · [b]Enter[/]: $move", move=self.game.describe(actions[0], view))
        return template(" · [b]Enter[/]: choose among $n moves", n=len(actions))

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
            notify(self, "Nothing to do there now.")
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
        if view.slot != NONE:
            self.board_cursor.select(card_position(view.slot, self.sizes))
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
        """Each mayor's money (or $? when hidden), food, discontent and plans in hand, in
        columns under :meth:`scoreboard_heading`, and the penalty cards they hold."""
        extra: dict[int, Content] = {}
        for seat in range(view.players):
            figures = (money_text(view, seat).removeprefix("$"), view.warehouse[seat],
                       view.discontent[seat], len(view.hand[seat]))
            row = " ".join(f"{n:>{len(head)}}" for n, head in zip(figures, FIGURE_HEADS))
            cards = view.cards[seat]
            held = " ".join(f"{code}{n}" for code, n in zip("FWID", cards) if n)
            extra[seat] = template("\n $row", row=row)
            if held:
                extra[seat] += template(" [b $error]$held[/]", held=held)
        return extra

    def scoreboard_heading(self, view: State) -> Content:
        """The names of the columns under each mayor."""
        return template(" [dim]$heads cards[/]", heads=" ".join(FIGURE_HEADS))

    def private_text(self, view: State) -> Content:
        """Tall screens: your plans with what each does (the district lists their names)."""
        seat = self.viewer
        if seat is None or not view.hand[seat] or view.hand[seat][0] < 0:
            return Content()
        lines = [template("[b]Your plans[/]")]
        for plan in dict.fromkeys(view.hand[seat]):
            info = PLANS[plan]
            lines.append(plain(f"{info.name} ${info.cost} p{info.phase}: {info.text}"))
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

