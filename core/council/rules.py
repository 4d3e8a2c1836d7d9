"""Council of Four rules: setup, legal moves and applying moves (reasons: :mod:`.explain`).

The decision model: one small choice at a time (rules: "Playing in Meeple").
A turn starts with an automatic draw, then the player
takes main actions (:class:`Elect`, :class:`Acquire` + :class:`Pay`, :class:`Build`,
:class:`Royal` + :class:`Pay`), at most one quick action at any free moment, and ends with
:class:`EndTurn`. Bonuses are resolved through the ``pending`` stack of the state: automatic
work (network tokens, nobility steps, reward tiles) runs at once, and a nobility choice
(spaces 4, 10, 14, 16) stops it until the player answers.

Whenever the player would face exactly one legal action (a single payment, a forced
nobility choice, ending the turn with nothing else left) the engine applies it itself and
records it as an ``("auto", seat, action)`` event; a choice with no option is skipped. So
``legal_actions`` never offers a one-item list.

``state.events`` lists what the last action did, as tuples: ``("turn", seat)``,
``("draw", seat, n)``, ``("reshuffle",)``, ``("turned_up", region, permit)``,
``("token", seat, city)``, ``("space", seat, space)``, ``("reward", seat, tile_id)``,
``("last_merchant", seat)``, ``("auto", seat, action)`` and ``("over",)``. They hold no
hidden information (drawn cards are counted, not named).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from core.council import payments as pay
from core.council.actions import (
    ACQUIRE,
    CHANGE,
    ELECT,
    ELECT_Q,
    END_TURN,
    EXTRA,
    FREE_PERMIT,
    HIRE,
    PAY,
    PAY_CODES,
    PERMIT_BUILDS,
    REBONUS,
    ROYAL,
    TOKEN,
    Acquire,
    Action,
    Build,
    Change,
    Elect,
    ElectQuick,
    EndTurn,
    Extra,
    FreePermit,
    Hire,
    Pay,
    Rebonus,
    Royal,
    Token,
)
from core.council.board import DEFAULT_LAYOUT, LAYOUTS, Layout
from core.council.content import (
    BALCONIES,
    C,
    CARD_TOTALS,
    CITY_INDEX,
    COLOURS,
    NOBILITY,
    NOBILITY_LAST,
    PERMIT_BONUS,
    PERMIT_CITIES,
    PERMIT_INDEX,
    PERMIT_REGION,
    QUEEN_REWARDS,
    REGION_PERMITS,
    REGIONS,
    REWARD_IDS,
    ROYAL_BALCONY,
    TOKENS,
    Bonus,
)
from core.council.state import (
    CH_FREE,
    CH_REBONUS,
    CH_TOKEN,
    CHOICE,
    STAGE_ACQUIRE,
    STAGE_NONE,
    STAGE_ROYAL,
    W_AFTER,
    W_STEPS,
    W_TOKEN,
    State,
)
from core.rng import Rng

MERCHANTS = C.merchants
HIRE_COINS = C.hire_coins
CHANGE_SERVANTS = C.change_servants
ELECT_Q_SERVANTS = C.elect_quick_servants
EXTRA_SERVANTS = C.extra_main_servants
ELECT_INCOME = C.elect_income
PER_ROAD = C.royal_per_road
BALCONY_INDEX: dict[str, int] = {name: i for i, name in enumerate(BALCONIES)}
REGION_INDEX: dict[str, int] = {name: i for i, name in enumerate(REGIONS)}
COLOUR_INDEX: dict[str, int] = {name: i for i, name in enumerate(COLOURS)}
_QUICK_MIN_SERVANTS = min(CHANGE_SERVANTS, ELECT_Q_SERVANTS)


# --- setup -----------------------------------------------------------------------------------
def new_game(names: Sequence[str], seed: int, layout: str = DEFAULT_LAYOUT, first_player: str | int = "random") -> State:
    """Set up a game and start the first player's turn (their draw included).

    Rules: "What you have", "Two players".

    ``layout`` is "c/h/m" (board sides); ``first_player`` is "random" (drawn with the seeded
    RNG) or a seat number. Raises ValueError for a bad player count, layout or seat.
    """
    n = len(names)
    if not C.min_players <= n <= C.max_players:
        raise ValueError(f"Council of Four takes {C.min_players}-{C.max_players} players, not {n}")
    if layout not in LAYOUTS:
        raise ValueError(f"unknown map layout {layout!r} (choose one of {', '.join(LAYOUTS)})")
    board = LAYOUTS[layout]
    state = State(tuple(str(name) for name in names), board)
    rng = Rng(seed)
    state.rng = rng
    # City tokens on every city but the royal one.
    tokens = list(TOKENS)
    rng.shuffle(tokens)
    bonus: list[Bonus | None] = [None] * 15
    for city in range(15):
        if city != board.royal:
            bonus[city] = tokens.pop()
    state.city_bonus = tuple(bonus)
    # Permit decks, two face up per region (slot 0 first).
    for r in range(3):
        deck = list(REGION_PERMITS[r])
        rng.shuffle(deck)
        state.permit_decks[r] = deck
        state.face_up[r] = [deck.pop(), deck.pop()]
    state.queen = board.royal
    # Councillors: 4 at random on each balcony, the rest in the reserve.
    pool = [c for c in range(6) for _ in range(C.councillors_per_colour)]
    rng.shuffle(pool)
    for b in range(4):
        state.balconies[b] = tuple(pool[4 * b : 4 * b + 4])
    for c in pool[16:]:
        state.reserve[c] += 1
    # Politics deck.
    deck = [c for c in range(7) for _ in range(CARD_TOTALS[c])]
    rng.shuffle(deck)
    state.deck = deck
    # First player, then coins and servants by position in turn order.
    if first_player == "random":
        first = rng.randbelow(n)
    else:
        try:
            first = int(first_player)
        except (TypeError, ValueError):
            raise ValueError(f"first_player must be 'random' or a seat number, not {first_player!r}") from None
        if not 0 <= first < n:
            raise ValueError(f"first_player {first} is not a seat: a {n}-player game has seats 0 to {n - 1}")
    state.first = first
    for position in range(n):
        seat = (first + position) % n
        state.coins[seat] = C.start_coins[position]
        state.servants[seat] = C.start_servants[position]
    for position in range(n):
        seat = (first + position) % n
        hand = state.hands[seat]
        assert hand is not None
        for _ in range(C.start_hand):
            hand[deck.pop()] += 1
        state.hand_count[seat] = C.start_hand
    # Two players: neutral merchants on the cities of one random face-down tile per region.
    if n == 2:
        for r in range(3):
            region_deck = state.permit_decks[r]
            assert region_deck is not None
            tile = region_deck[rng.randbelow(len(region_deck))]
            for city in PERMIT_CITIES[tile]:
                state.neutral |= 1 << city
            rng.shuffle(region_deck)
    state.events = []
    _start_turn(state, first)
    return state


# --- whose turn, legal actions ---------------------------------------------------------------
def to_act(state: State) -> list[int]:
    """The current player (one seat), or nobody once the game is over."""
    return [] if state.over else [state.current]


def token_choices(state: State, seat: int, exclude: int = -1) -> list[int]:
    """Cities whose token ``seat`` may take on nobility spaces 4/16.

    Rules: "The nobility track".
    """
    built = state.built[seat]
    bonus = state.city_bonus
    out = []
    for city in range(15):
        if built >> city & 1 and city != exclude:
            b = bonus[city]
            if b is not None and not b.nobility:
                out.append(city)
    return out


def face_up_permits(state: State) -> list[int]:
    """Every face-up permit of every region (region order, slot order)."""
    return [p for slots in state.face_up for p in slots if p >= 0]


def owned_permits(state: State, seat: int) -> list[int]:
    """Permits ``seat`` owns, used or not, in data order."""
    return sorted(state.unused[seat] + state.used[seat])


def road_cost(state: State, city: int) -> int:
    """Coins to move the Queen from her city to ``city`` (2 per road of a shortest route)."""
    return PER_ROAD * state.layout.dist[state.queen][city]


def pay_options(state: State, seat: int) -> list[tuple[int, ...]]:
    """Affordable payments (card code tuples) for the main action waiting to be paid."""
    hand = state.hands[seat]
    if hand is None or state.stage == STAGE_NONE:
        return []
    if state.stage == STAGE_ACQUIRE:
        return pay.payments(hand, state.balconies[PERMIT_REGION[state.stage_arg]], state.coins[seat])
    budget = state.coins[seat] - road_cost(state, state.stage_arg)
    return pay.payments(hand, state.balconies[ROYAL_BALCONY], budget)


def _choice_actions(state: State, seat: int, item: tuple[int, ...]) -> list[Action]:
    kind = item[0]
    if kind == CH_TOKEN:
        return [TOKEN[c] for c in token_choices(state, seat, item[2])]
    if kind == CH_FREE:
        return [FREE_PERMIT[p] for p in face_up_permits(state)]
    return [REBONUS[p] for p in owned_permits(state, seat)]


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` now (empty if it is not that seat's decision)."""
    if state.over or seat != state.current:
        return []
    if state.pending:
        return _choice_actions(state, seat, state.pending[-1])
    if state.stage != STAGE_NONE:
        return [PAY[codes] for codes in pay_options(state, seat)]
    out: list[Action] = []
    coins = state.coins[seat]
    servants = state.servants[seat]
    reserve = state.reserve
    colours = [c for c in range(6) if reserve[c]]
    if state.mains_taken < state.mains_allowed:
        for b in range(4):
            row = ELECT[b]
            out.extend([row[c] for c in colours])
        hand = state.hands[seat]
        balconies = state.balconies
        if hand is not None:
            for r in range(3):
                slots = state.face_up[r]
                if slots[0] < 0 and slots[1] < 0:
                    continue
                cost = pay.cheapest(hand, balconies[r])
                if 0 <= cost <= coins:
                    for p in slots:
                        if p >= 0:
                            out.append(ACQUIRE[p])
        built = state.built[seat]
        if built.bit_count() < MERCHANTS:
            owners = state.owners
            neutral = state.neutral
            for p in state.unused[seat]:
                for city, build in PERMIT_BUILDS[p]:
                    if not built >> city & 1 and servants >= owners[city].bit_count() + (neutral >> city & 1):
                        out.append(build)
            if hand is not None:
                cost = pay.cheapest(hand, balconies[ROYAL_BALCONY])
                if 0 <= cost <= coins:
                    spare = coins - cost
                    dist = state.layout.dist[state.queen]
                    for city in range(15):
                        if (
                            not built >> city & 1
                            and PER_ROAD * dist[city] <= spare
                            and servants >= owners[city].bit_count() + (neutral >> city & 1)
                        ):
                            out.append(ROYAL[city])
    if not state.quick_used:
        if coins >= HIRE_COINS:
            out.append(HIRE)
        if servants >= CHANGE_SERVANTS:
            for r in range(3):
                slots = state.face_up[r]
                if slots[0] >= 0 or slots[1] >= 0:
                    out.append(CHANGE[r])
        if servants >= ELECT_Q_SERVANTS:
            for b in range(4):
                row_q = ELECT_Q[b]
                out.extend([row_q[c] for c in colours])
        if servants >= EXTRA_SERVANTS:
            out.append(EXTRA)
    if state.mains_taken >= 1:
        out.append(END_TURN)
    return out


# --- applying --------------------------------------------------------------------------------
def apply_in_place(state: State, seat: int, action: Action) -> None:
    """Perform a legal action (not re-checked), resolve what follows, apply forced moves."""
    state.events = []
    _HANDLERS[type(action)](state, seat, action)
    _settle(state)


def _start_turn(state: State, seat: int) -> None:
    state.current = seat
    state.mains_allowed = 1
    state.mains_taken = 0
    state.quick_used = False
    state.stage = STAGE_NONE
    state.stage_arg = -1
    state.events.append(("turn", seat))
    _draw(state, seat, 1)


def _end_turn(state: State) -> None:
    nxt = (state.current + 1) % state.players
    state.turn_number += 1
    if state.end_trigger >= 0 and nxt == state.end_trigger:
        state.over = True
        state.events.append(("over",))
        return
    _start_turn(state, nxt)


def _draw(state: State, seat: int, n: int) -> None:
    """Draw ``n`` politics cards one at a time, reshuffling the discards when needed."""
    deck = state.deck
    if deck is None:
        raise RuntimeError("cannot draw from a hidden deck: determinize the view first")
    hand = state.hands[seat]
    assert hand is not None
    drawn = 0
    for _ in range(n):
        if not deck:
            discard = state.discard
            if not any(discard):
                break
            for c in range(7):
                if discard[c]:
                    deck.extend([c] * discard[c])
            state.discard = [0] * 7
            assert state.rng is not None
            state.rng.shuffle(deck)
            state.events.append(("reshuffle",))
        hand[deck.pop()] += 1
        drawn += 1
    if drawn:
        state.hand_count[seat] += drawn
        state.reveals += 1
        state.events.append(("draw", seat, drawn))


def _turn_up(state: State, region: int, slot: int) -> None:
    """Fill a face-up slot from the top of the region's permit deck (empty if none left)."""
    deck = state.permit_decks[region]
    if deck is None:
        raise RuntimeError("cannot turn up a hidden permit: determinize the view first")
    if deck:
        p = deck.pop()
        state.face_up[region][slot] = p
        state.reveals += 1
        state.events.append(("turned_up", region, p))
    else:
        state.face_up[region][slot] = -1


def _token(state: State, city: int) -> Bonus:
    """The token of ``city``, for a city whose token is being gained."""
    bonus = state.city_bonus[city]
    # Only the royal city has no token, and no rule gains a token there: _place queues tokens
    # only for cities that have one, and token_choices offers only such cities.
    assert bonus is not None, f"city {city} has no token to gain"
    return bonus


def _gain(state: State, seat: int, bonus: Bonus) -> None:
    """Resolve a bonus in the fixed order VP, coins, servants, cards, main action, nobility."""
    vp, coins, servants, cards, main, nobility = bonus
    if vp:
        state.vp[seat] += vp
    if coins:
        state.coins[seat] += coins
    if servants:
        state.servants[seat] += servants
    if cards:
        _draw(state, seat, cards)
    if main:
        state.mains_allowed += main
    if nobility:
        _steps(state, seat, nobility)


def _steps(state: State, seat: int, steps: int) -> None:
    """Move the nobility marker one space at a time, resolving each bonus space entered."""
    track = state.nobility
    while steps > 0:
        pos = track[seat]
        if pos >= NOBILITY_LAST:
            return  # steps beyond the last space are lost
        pos += 1
        track[seat] = pos
        steps -= 1
        space = NOBILITY[pos]
        if space is None:
            continue
        state.events.append(("space", seat, pos))
        if any(space.bonus):
            _gain(state, seat, space.bonus)
        if space.tokens or space.free_permit or space.rebonus:
            if steps:
                state.pending.append((W_STEPS, steps))
            if space.tokens:
                state.pending.append((CH_TOKEN, space.tokens, -1))
            elif space.free_permit:
                state.pending.append((CH_FREE,))
            else:
                state.pending.append((CH_REBONUS,))
            return


def network(layout: Layout, built: int, start: int) -> list[int]:
    """Cities linked to ``start`` through cities in the ``built`` mask, in resolution order.

    Breadth-first from ``start`` (first), each layer in letter order (the chain of
    "Placing a merchant", in a fixed order for replays).
    """
    seen = 1 << start
    order = [start]
    frontier = [start]
    neighbours = layout.neighbours
    while frontier:
        layer = []
        for city in frontier:
            for nb in neighbours[city]:
                bit = 1 << nb
                if built & bit and not seen & bit:
                    seen |= bit
                    layer.append(nb)
        if not layer:
            break
        layer.sort()
        order.extend(layer)
        frontier = layer
    return order


def _place(state: State, seat: int, city: int) -> None:
    """Put a merchant in ``city`` (paying servants) and queue its network bonus and checks."""
    state.servants[seat] -= state.owners[city].bit_count() + (state.neutral >> city & 1)
    state.owners[city] |= 1 << seat
    built = state.built[seat] | (1 << city)
    state.built[seat] = built
    stack = state.pending
    stack.append((W_AFTER, city))
    bonus = state.city_bonus
    for c in reversed(network(state.layout, built, city)):
        if bonus[c] is not None:
            stack.append((W_TOKEN, c))


def _after_build(state: State, seat: int) -> None:
    """Reward tiles completed by the placement (colours before regions), then the 10th merchant."""
    built = state.built[seat]
    left = state.tiles_left
    if left:
        layout = state.layout
        for k, mask in enumerate(layout.tile_mask):
            if left >> k & 1:
                if built & mask == mask:
                    state.tiles_left &= ~(1 << k)
                    state.rewards[seat].append(REWARD_IDS[k])
                    state.events.append(("reward", seat, REWARD_IDS[k]))
                    if state.queen_taken < len(QUEEN_REWARDS):
                        state.queen_taken += 1
                        tile = f"queen{state.queen_taken}"
                        state.rewards[seat].append(tile)
                        state.events.append(("reward", seat, tile))
    if state.end_trigger < 0 and built.bit_count() == MERCHANTS:
        state.vp[seat] += C.last_merchant_vp
        state.end_trigger = seat
        state.events.append(("last_merchant", seat))


def _run(state: State) -> None:
    """Resolve automatic pending work until the stack is empty or a choice is on top."""
    stack = state.pending
    seat = state.current
    while stack:
        item = stack[-1]
        kind = item[0]
        if kind >= CHOICE:
            return
        stack.pop()
        if kind == W_TOKEN:
            state.events.append(("token", seat, item[1]))
            _gain(state, seat, _token(state, item[1]))
        elif kind == W_STEPS:
            _steps(state, seat, item[1])
        else:
            _after_build(state, seat)


def _auto(state: State, seat: int, action: Action) -> None:
    state.events.append(("auto", seat, action))
    _HANDLERS[type(action)](state, seat, action)


def _settle(state: State) -> None:
    """Run automatic work and apply forced moves until a real decision (or the end) is reached."""
    while True:
        if state.pending:
            _run(state)
        if state.over:
            return
        seat = state.current
        if state.pending:
            item = state.pending[-1]
            options = _choice_actions(state, seat, item)
            need = item[1] if item[0] == CH_TOKEN else 1
            if not options:
                state.pending.pop()
                continue
            if len(options) <= need:
                for action in options:
                    _auto(state, seat, action)
                continue
            return
        if state.stage != STAGE_NONE:
            options_p = pay_options(state, seat)
            if len(options_p) == 1:
                _auto(state, seat, PAY[options_p[0]])
                continue
            return
        if state.mains_taken >= state.mains_allowed and (
            state.quick_used or (state.coins[seat] < HIRE_COINS and state.servants[seat] < _QUICK_MIN_SERVANTS)
        ):
            _auto(state, seat, END_TURN)
            continue
        return


# --- action handlers -------------------------------------------------------------------------
def _elect(state: State, balcony: int, colour: int) -> None:
    state.reserve[colour] -= 1
    old = state.balconies[balcony]
    state.reserve[old[3]] += 1
    state.balconies[balcony] = (colour, old[0], old[1], old[2])


def _do_elect(state: State, seat: int, action: Elect) -> None:
    _elect(state, BALCONY_INDEX[action.balcony], COLOUR_INDEX[action.colour])
    state.coins[seat] += ELECT_INCOME
    state.mains_taken += 1


def _do_elect_quick(state: State, seat: int, action: ElectQuick) -> None:
    _elect(state, BALCONY_INDEX[action.balcony], COLOUR_INDEX[action.colour])
    state.servants[seat] -= ELECT_Q_SERVANTS
    state.quick_used = True


def _do_acquire(state: State, seat: int, action: Acquire) -> None:
    state.stage = STAGE_ACQUIRE
    state.stage_arg = PERMIT_INDEX[action.tile]


def _do_royal(state: State, seat: int, action: Royal) -> None:
    state.stage = STAGE_ROYAL
    state.stage_arg = CITY_INDEX[action.city]


def _take_permit(state: State, seat: int, permit: int) -> None:
    """Move a face-up permit to ``seat`` (unused), refill its slot, then gain its bonus."""
    region = PERMIT_REGION[permit]
    _turn_up(state, region, state.face_up[region].index(permit))
    state.unused[seat].append(permit)
    _gain(state, seat, PERMIT_BONUS[permit])


def _do_pay(state: State, seat: int, action: Pay) -> None:
    codes = PAY_CODES[action.cards]
    hand = state.hands[seat]
    assert hand is not None
    discard = state.discard
    for c in codes:
        hand[c] -= 1
        discard[c] += 1
    state.hand_count[seat] -= len(codes)
    state.coins[seat] -= pay.cost(codes)
    target = state.stage_arg
    stage = state.stage
    state.stage = STAGE_NONE
    state.stage_arg = -1
    state.mains_taken += 1
    if stage == STAGE_ROYAL:
        state.coins[seat] -= road_cost(state, target)
        state.queen = target
        _place(state, seat, target)
    else:
        _take_permit(state, seat, target)


def _do_build(state: State, seat: int, action: Build) -> None:
    permit = PERMIT_INDEX[action.tile]
    state.unused[seat].remove(permit)
    state.used[seat].append(permit)
    state.mains_taken += 1
    _place(state, seat, CITY_INDEX[action.city])


def _do_hire(state: State, seat: int, action: Hire) -> None:
    state.coins[seat] -= HIRE_COINS
    state.servants[seat] += 1
    state.quick_used = True


def _do_change(state: State, seat: int, action: Change) -> None:
    region = REGION_INDEX[action.region]
    deck = state.permit_decks[region]
    if deck is None:
        raise RuntimeError("cannot change hidden permits: determinize the view first")
    state.servants[seat] -= CHANGE_SERVANTS
    slots = state.face_up[region]
    for p in slots:  # slot 0 goes under first, so slot 1 ends up lowest
        if p >= 0:
            deck.insert(0, p)
    state.face_up[region] = [-1, -1]
    _turn_up(state, region, 0)
    _turn_up(state, region, 1)
    state.quick_used = True


def _do_extra(state: State, seat: int, action: Extra) -> None:
    state.servants[seat] -= EXTRA_SERVANTS
    state.mains_allowed += 1
    state.quick_used = True


def _do_end_turn(state: State, seat: int, action: EndTurn) -> None:
    _end_turn(state)


def _do_token(state: State, seat: int, action: Token) -> None:
    item = state.pending.pop()
    city = CITY_INDEX[action.city]
    state.events.append(("token", seat, city))
    _gain(state, seat, _token(state, city))
    if item[1] == 2:
        state.pending.append((CH_TOKEN, 1, city))


def _do_free_permit(state: State, seat: int, action: FreePermit) -> None:
    state.pending.pop()
    _take_permit(state, seat, PERMIT_INDEX[action.tile])


def _do_rebonus(state: State, seat: int, action: Rebonus) -> None:
    state.pending.pop()
    _gain(state, seat, PERMIT_BONUS[PERMIT_INDEX[action.tile]])


_HANDLERS: dict[type, Callable[[State, int, Any], None]] = {
    Elect: _do_elect,
    ElectQuick: _do_elect_quick,
    Acquire: _do_acquire,
    Royal: _do_royal,
    Pay: _do_pay,
    Build: _do_build,
    Hire: _do_hire,
    Change: _do_change,
    Extra: _do_extra,
    EndTurn: _do_end_turn,
    Token: _do_token,
    FreePermit: _do_free_permit,
    Rebonus: _do_rebonus,
}


# --- explanations ----------------------------------------------------------------------------
def council_name(balcony: int) -> str:
    """ "the coast council" / "the Queen's council"."""
    return "the Queen's council" if balcony == ROYAL_BALCONY else f"the {BALCONIES[balcony]} council"


__all__ = [
    "new_game",
    "to_act",
    "legal_actions",
    "apply_in_place",
    "network",
    "token_choices",
    "face_up_permits",
    "owned_permits",
    "road_cost",
    "pay_options",
    "council_name",
]
