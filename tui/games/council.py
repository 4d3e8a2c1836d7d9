"""The Council of Four screen: the council balconies, permits, the city map and your hand.

The board uses the shared cursor: arrows move between every city (its detail line
describes it) and the balconies, face-up permits and your hand wherever a move can be
made; Enter plays the move there, or lists the
moves there (each payment with its coin cost) when there are several. Moves without a
place on the board (servants, changing permits, ending the turn) are in the move list.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any, Hashable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from core.council.actions import (
    PAY_CODES,
    Acquire,
    Build,
    Elect,
    ElectQuick,
    EndTurn,
    FreePermit,
    Pay,
    Royal,
    Token,
)
from core.council.content import LETTERS, BALCONIES, CARD_NAMES, CITY_INDEX, CITY_NAMES, REGIONS, C, bonus_text
from core.council.explain import build_need
from core.council.helpers import (

    balconies,
    build_gains,
    city_letter,
    face_up,
    map_cities,
    payment_preview,
    payment_range,
    permit_info,
    player_info,
    queen_city,
    queen_rewards_left,
    route_cost,
    shortest_route,
)
from core.council.state import STAGE_ROYAL, State
from core.table import LogEntry
from core.words import counted
from tui.games.council_render import (
    COLOUR_LETTER,
    LARGE_SCALE,
    LEGEND,
    SMALL_SCALE,
    balcony_position,
    city_position,
    hand_row,
    nobility_row,
    permit_position,
    permit_text,
    render_board,
    reward_name,
    rewards_line,
)
from tui.games.council_cards import (
    COUNCIL_NAME,
    balcony_card,
    city_card,
    hand_card,
    hand_words,
    next_bonus,
    nobility_card,
    permit_card,
    rewards_text,
)
from tui.games.places import start_on_moves
from tui.games.status_row import OneStatusRow
from tui.screens.card_viewer import CardText
from tui.text import notify, paragraphs, plain, template
from tui.widgets.board import BoardView
from tui.widgets.cursor import Target
from tui.widgets.picture import BoardPicture
from tui.widgets.players import player_glyph, player_style, player_tag

# The councils as the move list names them, first in a label.
LIST_COUNCIL = {"coast": "Coast", "hills": "Hills", "mountains": "Mountains", "royal": "the Queen"}  # as on the board


# The scoreboard's columns of figures, headed once: at 80x24 the six fit its 28 cells.
FIGURE_HEADS = ("coin", "serv", "nob", "mer", "perm", "hand")


class CouncilBoard(BoardView):
    """The council board; adds a key to end the turn."""

    BINDINGS = [Binding("e", "end_turn", "End turn")]

    class EndTurn(Message):
        """The player asked to end the turn (e)."""

    def action_end_turn(self) -> None:
        """Ask to end the turn (the screen checks that it is allowed)."""
        self.post_message(self.EndTurn())



@lru_cache(maxsize=8)
def city_positions(coords: tuple[tuple[int, int], ...], scale: tuple[int, int]) -> dict[str, tuple[int, int]]:
    """Picture (row, col) of each city by letter, for a layout's grid points at ``scale``
    (asked for every place of the board at each draw: worked out once per layout)."""
    return {LETTERS[city]: city_position(x, y, scale) for city, (x, y) in enumerate(coords)}

class CouncilScreen(OneStatusRow):
    """Game screen of Council of Four."""

    CSS_PATH = ["../screens/game.tcss", "council.tcss"]
    HELP_TITLE = "Council of Four"
    USES_BOARD_CURSOR = True
    PRIVATE_IN_SCOREBOARD = True
    DETAIL_LINE = "#c4-detail"
    HELP_KEYS = [
        ("arrows", "Move between balconies, permits, cities, your hand and the nobility track"),
        ("enter", "Play the move there, or list the moves there (i describes any place)"),
        ("e", "End your turn (after your main action)"),
        ("m", "Jump to the move list (type to filter)"),
        ("colours", "O orange · P pink · B blue · K black · W white · V purple · J joker"),
        ("map", "city letter, then the letters of players with a merchant there "
                "(n: a neutral merchant of the 2-player game) · ♛ the Queen"),
        ("permits", "BC:3vp 3c = build in B or C, bonus 3 VP and 3 coins"),
        ("♛J · tiles", "the Queen is in J; the VP of her reward tiles left, top first"),
        ("nobility", "each player's step on the nobility track (the detail line tells the next bonus)"),
        ("players", "coin coins · serv servants · nob nobility · mer merchants left · perm permits · "
                    "hand politics cards; permits BC FGH: the cities of a player's unused permits"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._move_places: frozenset[tuple[int, int]] = frozenset()  # where the last moves were
        self._reserved_for: tuple[Any, ...] = ()  # the places the detail line's rows fit

    def compose_board(self) -> ComposeResult:
        with CouncilBoard(id="c4-board"):
            yield BoardPicture(id="c4-picture")
            yield Static("", id="c4-detail")
            yield Static(LEGEND, id="c4-legend")

    def on_mount(self) -> None:
        self.focus_mounted_board("#c4-board")

    @property
    def scale(self) -> tuple[int, int]:
        """Map scale for the terminal size: a roomier map with the city tokens when large."""
        return LARGE_SCALE if self.has_class("-wide") and self.has_class("-tall") else SMALL_SCALE

    # --- where moves are on the board -----------------------------------------------------
    def board_position(self, action: Hashable, view: State) -> tuple[int, int] | None:
        """Balconies, permits, cities and the hand are the places moves are made."""
        if isinstance(action, (Elect, ElectQuick)):
            return balcony_position(BALCONIES.index(action.balcony))
        if isinstance(action, (Acquire, FreePermit)):
            return self._permit_position(view, action.tile)
        if isinstance(action, (Build, Royal, Token)):
            return self._city_positions(view)[action.city]
        if isinstance(action, Pay):
            return (hand_row(self.scale), 0)
        return None

    def last_move_places(self, entry: LogEntry, view: State) -> list[tuple[int, int]]:
        """Another player's payment is not made from your hand: only their moves on the
        councils, permits and cities are marked; a permit taken (and replaced) marks its
        region's two face-up permits."""
        action = entry.action
        if isinstance(action, Pay):
            return []
        places = super().last_move_places(entry, view)
        if isinstance(action, Acquire) and not places:
            region = REGIONS.index(action.region)
            places = [permit_position(region, slot) for slot in range(2)]
        return places

    def board_targets(self, view: State, groups: dict[tuple[int, int], list[Hashable]]) -> list[Target]:
        """The places where moves can be made, then every other place to look at (the
        detail line and ``i`` describe it): the balconies, the face-up permits, the cities,
        your hand and the nobility track."""
        # A new decision (after a bot, a curtain, a step of this one) starts on a place where
        # it can be made, not on a place left under the cursor while looking.
        self._move_places = start_on_moves(self.board_cursor, groups, self._move_places)
        others = [pos for pos in self._places(view) if pos not in groups]
        # Where moves can be made comes first: a cursor whose place is gone starts there.
        return [Target(pos, pos[0], pos[1]) for pos in sorted(groups) + sorted(others)]

    def _places(self, view: State) -> list[tuple[int, int]]:
        """Every place of the board: balconies, face-up permits, cities, the hand (when the
        viewer holds one) and the nobility track."""
        places = [balcony_position(index) for index in range(len(BALCONIES))]
        places += [permit_position(REGIONS.index(region), slot)
                   for region, tiles in face_up(view).items() for slot, tile in enumerate(tiles) if tile]
        places += list(self._city_positions(view).values())
        if self.viewer is not None:
            places.append((hand_row(self.scale), 0))
        places.append((nobility_row(self.scale), 0))
        return places

    def board_choose(self) -> None:
        """Enter on a place where no move can be made now says so; elsewhere as usual."""
        position = self.cursor_position
        if position is not None and self.board_actions and not self.board_actions.get(position):
            view = self.current_view()
            letter = self._city_at(view, position)
            what = next(c.name for c in map_cities(view) if c.letter == letter) if letter else "this place"
            notify(self, f"Nothing to do at {what} now (i describes it; underlined places take a move).")
            return
        super().board_choose()

    def _permit_position(self, view: State, tile: str) -> tuple[int, int] | None:
        for region, tiles in face_up(view).items():
            if tile in tiles:
                return permit_position(REGIONS.index(region), tiles.index(tile))
        return None

    def _city_positions(self, view: State) -> dict[str, tuple[int, int]]:
        return city_positions(view.layout.coords, self.scale)

    def action_label(self, action: Hashable, view: State) -> str:
        """Move-list labels that fit the list at 80x24, or lead with what tells the moves
        apart where they cannot (a row cut short keeps its start; rows sharing two words would
        be shortened to what follows them, which must then still differ): "Elect pink to
        Hills" and "Quick: pink to Hills" (the detail line adds the coins or the servant),
        "Permit BC: 3 VP + 3 coins · pay 4–10 coins", "Burgen with BC: 1 servant", "Queen to
        Arkon: 8 coins, 1 servant", "Pay 9 coins: B V" (its cards by the hand line's
        letters, the Queen's roads in the detail line)."""
        if isinstance(action, Acquire) and action.tile:
            info = permit_info(action.tile)
            price = self._price_text(view, action.region)
            return f"Permit {''.join(info.cities)}: {info.bonus}" + (f" · {price}" if price else "")
        if isinstance(action, Pay):
            text = self._payment_text(action, view, short=True)
            if text:
                return text
        if isinstance(action, Elect):
            return f"Elect {action.colour} to {LIST_COUNCIL[action.balcony]}"
        if isinstance(action, ElectQuick):
            return f"Quick: {action.colour} to {LIST_COUNCIL[action.balcony]}"
        if isinstance(action, Build) and action.city in CITY_INDEX:
            need = view.occupancy(CITY_INDEX[action.city])
            cost = counted(need, "servant") if need else "free"
            letters = "".join(permit_info(action.tile).cities)
            return f"{CITY_NAMES[CITY_INDEX[action.city]]} with {letters}: {cost}"
        if isinstance(action, Royal) and action.city in CITY_INDEX:
            index = CITY_INDEX[action.city]
            costs = [counted(route_cost(view, queen_city(view), action.city), "coin")]
            need = view.occupancy(index)
            costs += [counted(need, "servant")] if need else []
            return f"Queen to {CITY_NAMES[index]}: {', '.join(costs)}"
        return super().action_label(action, view)

    def _payment_text(self, action: Pay, view: State, short: bool, cost: int | None = None) -> str:
        """ "Pay 9 coins: B V" (``short``: the cards as the hand line writes them, "K2" for
        two black) or "Pay 9 coins: blue + purple + 1 road" (the Queen's roads, paid in the
        coins too), the cards in the hand line's order either way; "" when the payment cannot be previewed. ``cost``: its price,
        if the caller has it already."""
        cost = payment_preview(view, action.cards) if cost is None else cost
        if cost is None:
            return ""
        codes = PAY_CODES[action.cards]  # (in the hand line's order)
        if short:
            counts = sorted(Counter(codes).items())
            parts = [" ".join(COLOUR_LETTER[CARD_NAMES[c]] + (str(n) if n > 1 else "") for c, n in counts)]
        else:
            parts = [CARD_NAMES[c] for c in codes]
        if view.stage == STAGE_ROYAL and not short:
            roads = len(shortest_route(view, queen_city(view), city_letter(view.stage_arg))) - 1
            parts += [counted(roads, "road")] if roads else []
        return f"Pay {counted(cost, 'coin')}: {' + '.join(parts)}"

    def place_card(self, view: State) -> CardText | None:
        """The balcony, permit, city, hand or nobility track under the cursor."""
        cursor = self.cursor_position
        if cursor is None:
            return None
        letter = self._city_at(view, cursor)
        if letter:
            need = build_need(view, self.viewer, letter) if self.viewer is not None else ""
            return city_card(view, letter, need)
        if cursor == (hand_row(self.scale), 0) and self.viewer is not None:
            return hand_card(view, self.viewer, bool(self.board_actions.get(cursor)))
        if cursor == (nobility_row(self.scale), 0):
            return nobility_card(view)
        tile, region = self._permit_at(view, cursor)
        if tile:
            free = any(isinstance(a, FreePermit) for a in self.board_actions.get(cursor, []))
            return permit_card(view, tile, self._price_text(view, region, with_cards=True), free)
        for index, name in enumerate(BALCONIES):
            if balcony_position(index) == cursor:
                return balcony_card(view, index, self._price_text(view, name, with_cards=True))
        return None

    def move_preview(self, action: Hashable, view: State) -> Content:
        """A move highlighted in the list is told whole: a payment with its colours' names
        (the list writes their letters) and the coins it leaves you; another move in the
        list's words, then what they leave out ("Elect pink to Hills — main action, +4
        coins")."""
        if isinstance(action, Pay) and self.viewer is not None:
            cost = payment_preview(view, action.cards)
            text = self._payment_text(action, view, short=False, cost=cost)
            if text and cost is not None:
                return plain(f"{text} · leaves you {counted(view.coins[self.viewer] - cost, 'coin')}")
        label = self.action_label(action, view)
        if isinstance(action, Elect):
            more = f"main action: the new councillor pushes out the oldest; +{C.elect_income} coins"
        elif isinstance(action, ElectQuick):
            more = f"quick action for {counted(C.elect_quick_servants, 'servant')}, no coins"
        elif isinstance(action, (Build, Royal)):
            more = self.game.describe(action, view)
        else:
            more = ""
        return plain(f"{label} — {more}" if more else label)

    def list_order(self, legal: list[Hashable], view: State) -> list[Hashable]:
        """Payments cheapest first (the rules list them by the number of cards, the
        dearest first), ties by the hand line's colour order; other moves as the rules
        list them."""
        payments: list[Pay] = [action for action in legal if isinstance(action, Pay)]
        if not payments or len(payments) < len(legal):  # (paying is a decision of its own)
            return legal

        def price(action: Pay) -> tuple[int, tuple[int, ...]]:
            return payment_preview(view, action.cards) or 0, PAY_CODES[action.cards]

        ordered: list[Pay] = sorted(payments, key=price)
        return list(ordered)

    # --- drawing --------------------------------------------------------------------------
    def board_room_changed(self) -> None:
        """The detail line's rows are reserved again for the board column's new height."""
        self._reserved_for = ()
        self._redraw_board()

    def update_board(self, view: State) -> None:
        """Redraw councils, map, hand and the detail line for the cursor."""
        if not self.is_mounted:
            return
        cursor = self.cursor_position
        route = self._route_at(view, cursor)
        picture = self.mark_board(render_board(view, self.viewer, route, self.scale), view)
        self.query_one("#c4-picture", BoardPicture).show(picture)
        places = (self.moves_made(), self.viewer, tuple(t.key for t in self.board_cursor.targets),
                  self.query_one("#c4-detail").content_region.width)
        if places != self._reserved_for:
            # The detail line keeps the rows of its tallest text among the places the
            # cursor can visit, so an arrow never lays the screen out again.
            self._reserved_for = places
            self.reserve_detail("#c4-detail", [
                self._detail(view, (t.row, t.col), self._city_at(view, (t.row, t.col)),
                             self._route_at(view, (t.row, t.col)))
                for t in self.board_cursor.targets
            ])
        self.show_detail("#c4-detail", self._detail(view, cursor, self._city_at(view, cursor), route))
        if self.has_class("-tall"):  # (80x24: each city's detail tells its rewards)
            self.show_detail("#c4-legend", paragraphs(f"{LEGEND}\n{rewards_line(view)}"))

    def _route_at(self, view: State, cursor: tuple[int, int] | None) -> list[str]:
        """The Queen's route to the city at ``cursor`` when her help can build there."""
        letter = self._city_at(view, cursor)
        royal = [a for a in self.board_actions.get(cursor, []) if isinstance(a, Royal)] if cursor else []
        return shortest_route(view, queen_city(view), letter) if royal and letter else []

    def _city_at(self, view: State, position: tuple[int, int] | None) -> str:
        if position is None:
            return ""
        for letter, where in self._city_positions(view).items():
            if where == position:
                return letter
        return ""

    def _detail(self, view: State, cursor: tuple[int, int] | None, letter: str,
                route: list[str]) -> Content:
        """What the detail line says of the place at ``cursor``: a city, its Queen's route
        when her help can build there; a permit, a balcony, the hand, the nobility track."""
        if letter:
            text = self._city_detail(view, letter)
            if route:
                cost = route_cost(view, route[0], route[-1])
                text += paragraphs(f"\nQueen's route {'→'.join(route)}: {counted(len(route) - 1, 'road')}, "
                              f"{counted(cost, 'coin')}")
            return text
        if cursor is None:
            return Content()
        if cursor == (hand_row(self.scale), 0):
            return self._hand_detail(view)
        if cursor == (nobility_row(self.scale), 0):
            return self._nobility_detail(view)
        tile, region = self._permit_at(view, cursor)
        if tile:
            info = permit_info(tile)
            cities = ", ".join(f"{c} {CITY_NAMES[CITY_INDEX[c]]}" for c in info.cities)
            if any(isinstance(a, FreePermit) for a in self.board_actions.get(cursor, [])):
                price = "free (nobility bonus)"
            else:
                price = self._price_text(view, region, with_cards=True)
            return template("[b]$region permit $code[/]: build in $cities · bonus $bonus$price",
                            region=region.capitalize(), code=permit_text(tile), cities=cities, bonus=info.bonus,
                            price=f" · {price}" if price else "")
        for index, name in enumerate(BALCONIES):
            if balcony_position(index) == cursor:
                return self._balcony_detail(view, index)
        return Content()

    def _permit_at(self, view: State, cursor: tuple[int, int]) -> tuple[str, str]:
        """(tile, region) of the face-up permit at ``cursor``, or ("", "")."""
        for region, tiles in face_up(view).items():
            for slot, tile in enumerate(tiles):
                if tile and permit_position(REGIONS.index(region), slot) == cursor:
                    return tile, region
        return "", ""

    def _balcony_detail(self, view: State, index: int) -> Content:
        """A council: its councillors in words, what satisfying it gives and what your cards
        pay for it, what Enter does (and, the Queen's, where she is and her tiles left)."""
        name = BALCONIES[index]
        members = ", ".join(balconies(view)[name])
        lines = [template("[b]$council[/]: $members", council=COUNCIL_NAME[name], members=members)]
        price = self._price_text(view, name) or "satisfy it"
        if name == "royal":
            queen = queen_city(view)
            tiles = "tiles: her rewards left" if queen_rewards_left(view) else "no tiles left"
            lines.append(plain(f"♛{queen}: Queen in {CITY_NAMES[CITY_INDEX[queen]]} · {tiles}"))
            lines.append(plain(f"to build with her help: {price.removeprefix('pay ')} + {C.royal_per_road} a road"))
        else:
            lines.append(plain(f"for a {name} permit: {price}"))
        if any(isinstance(a, Elect) for a in self.board_actions.get(balcony_position(index), [])):
            lines.append(plain(f"Enter: elect a councillor here (+{C.elect_income} coins)"))
        return Content("\n").join(lines)

    def _hand_detail(self, view: State) -> Content:
        """The viewer's politics cards in words; Enter's payments while paying."""
        seat = self.viewer
        info = player_info(view, seat) if seat is not None else None
        if info is None or info.hand is None:
            return Content()
        text = template("[b]Your politics cards[/]: $hand ($count)", hand=hand_words(info.hand), count=info.hand_size)
        if self.board_actions.get((hand_row(self.scale), 0)):
            text += paragraphs("\nEnter lists the payments you can make, each with its coin cost.")
        return text

    def _nobility_detail(self, view: State) -> Content:
        """Each player's step on the nobility track and the viewer's next bonus."""
        steps = [Content.assemble(player_tag(seat, name), f" {view.nobility[seat]}")
                 for seat, name in enumerate(view.names)]
        text = Content.assemble(template("[b]Nobility track[/] steps: "), Content(", ").join(steps))
        ahead = next_bonus(view, self.viewer) if self.viewer is not None else ""
        return text + paragraphs(f"\nYour next bonus: {ahead}" if ahead else "")

    def _price_text(self, view: State, region: str, with_cards: bool = False) -> str:
        """What the viewer's hand and coins can pay a region's council now: "pay 0–10 coins"
        (cheapest–dearest affordable payment, one figure when they are equal) or "you cannot
        pay this council"; "" when the viewer's hand is not shown (a spectator)."""
        seat = self.viewer
        if seat is None or view.hands[seat] is None:
            return ""
        price = payment_range(view, seat, region)
        if price is None:
            return "you cannot pay this council"
        low, high = price
        figures = counted(low, "coin") if low == high else f"{low}–{high} coins"
        return f"pay {figures} with your cards" if with_cards else f"pay {figures}"

    def _city_detail(self, view: State, letter: str) -> Content:
        """A city: name, region, colour class and token; its merchants (the neutral one
        too) and, where you can build now, the servants that costs (one per merchant
        already there) and what the tokens of your network would give at once; elsewhere
        what building there needs ("build: needs a permit for C"); the rewards of its
        colour and region, and the Queen if she is there."""
        city = next(c for c in map_cities(view) if c.letter == letter)
        merchants = [Content.styled(f"{player_glyph(s)} {view.names[s]}", player_style(s)) for s in city.merchants]
        if city.neutral:
            merchants.append(plain("n neutral"))
        need = view.occupancy(CITY_INDEX[letter])
        where = city_position(city.x, city.y, self.scale)
        if self.viewer is None:  # a spectator: what a merchant here costs anyone
            cost = f"building: {counted(need, 'servant') if need else 'free'}"
        elif any(isinstance(a, (Build, Royal)) for a in self.board_actions.get(where, [])):
            # Enter builds here: its price and what it gives at once, the tokens of the
            # merchant's whole network.
            cost = f"build {counted(need, 'servant')}" if need else "build free"
            tokens, gains = build_gains(view, self.viewer, CITY_INDEX[letter])
            if len(tokens) > 1:  # (one: the city's own token, told just before)
                cost += f" → gains {bonus_text(gains)}"
        else:  # what building here needs (a permit, servants, your turn …)
            cost = build_need(view, self.viewer, letter) or "build: not now"
        queen = " · the Queen ♛ is here" if queen_city(view) == letter else ""
        rewards = rewards_text(view, city.colour, city.region)
        return Content.assemble(
            template("[b]$letter $name[/] ($region, $colour) · token: $token\nmerchants: ", letter=city.letter,
                     name=city.name, region=city.region, colour=city.colour, token=city.token or "none"),
            Content(", ").join(merchants) if merchants else "none",
            paragraphs(f" · {cost}" + (f"\n{rewards}{queen}" if rewards or queen else "")),
        )

    def private_text(self, view: State) -> Content:
        """The viewing player's coins, servants, nobility, merchants and permits."""
        seat = self.viewer
        if seat is None:
            return Content()
        info = player_info(view, seat)
        permits = " ".join(f"{''.join(permit_info(p).cities)}" for p in info.unused_permits) or "none"
        lines = [
            f"You: {counted(info.coins, 'coin')} · {counted(info.servants, 'servant')} · nobility {info.nobility}",
            f"{counted(info.merchants_left, 'merchant')} left · permits {permits}",
        ]
        return Content("\n").join(plain(line) for line in lines)

    def scoreboard_extra(self, view: State) -> dict[int, Content]:
        """Each player's coins, servants, nobility, merchants left, permits and hand size in
        columns under :meth:`scoreboard_heading`, and the cities of each player's unused
        permits (public: they lie face up); your own are in the private panel on tall
        screens."""
        extra = {}
        for seat in range(len(self.table.seats)):
            info = player_info(view, seat)
            figures = (info.coins, info.servants, info.nobility, info.merchants_left,
                       len(info.unused_permits) + len(info.used_permits), info.hand_size)
            row = " ".join(f"{n:>{len(head)}}" for n, head in zip(figures, FIGURE_HEADS))
            extra[seat] = template("\n $row", row=row)
            if info.unused_permits and (seat != self.viewer or not self.has_class("-tall")):
                cities = " ".join("".join(permit_info(p).cities) for p in info.unused_permits)
                extra[seat] += template("\n [dim]permits $cities[/]", cities=cities)
        return extra

    def scoreboard_heading(self, view: State) -> Content:
        """The names of the columns of figures under each player."""
        return template(" [dim]$heads[/]", heads=" ".join(FIGURE_HEADS))

    # --- keys -----------------------------------------------------------------------------
    @on(CouncilBoard.EndTurn)
    def end_turn(self) -> None:
        """e: end the turn if that is a legal move now; else say why in the rules' words
        (whose turn it is, the main action still due, the payment or bonus to finish)."""
        if self.viewer is None:
            return
        ends = [a for a in self.table.legal_actions(self.viewer) if isinstance(a, EndTurn)]
        if ends:
            self.submit_action(ends[0])
            return
        reason = self.game.why_illegal(self.current_view(), self.viewer, EndTurn())
        notify(self, reason or "You cannot end your turn now.", severity="warning")

    def game_over_extra(self) -> Content:
        """Final holdings of each player."""
        view = self.table.view(None)
        lines = [template("[b]Final holdings[/]")]
        for seat in self.table.seats:
            info = player_info(view, seat.index)
            lines.append(plain(f"{seat.name}: {10 - info.merchants_left} merchants, nobility {info.nobility}, "
                               f"{len(info.unused_permits) + len(info.used_permits)} permits, "
                               f"rewards {', '.join(reward_name(t) for t in info.reward_tiles) or 'none'}"))
        return Content("\n").join(lines)
