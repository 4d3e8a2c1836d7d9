"""Read-only helpers for the UI: the map, councils, permits, players, routes, payments.

Everything takes a state or a view (what ``GAME.view`` returns) and answers in player
terms: city letters, colour names, permit ids. Nothing here changes a state. Sentences
(descriptions, prompts, the log) are in :mod:`core.council.text`.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from core.council import payments as pay
from core.council.actions import PAY_CODES, pay_of
from core.council.content import (
    BALCONIES,
    CARD_NAMES,
    CITY_INDEX,
    CITY_NAMES,
    CITY_REGION,
    CLASSES,
    COLOURS,
    LETTERS,
    NOBILITY,
    PERMIT_INDEX,
    PERMITS,
    QUEEN_REWARDS,
    REGIONS,
    REWARD_IDS,
    REWARD_VP,
    ROYAL_BALCONY,
    Bonus,
    bonus_text,
)
from core.council.rules import BALCONY_INDEX, PER_ROAD, network
from core.council.state import STAGE_NONE, STAGE_ROYAL, State


class CityInfo(NamedTuple):
    """A city as drawn: ``x``/``y`` on a 9 x 5 grid (x east, y south), ``token`` in words."""

    letter: str
    name: str
    initial: str
    colour: str  # gold, silver, bronze, iron or royal
    region: str
    x: int
    y: int
    token: str  # "" for the royal city
    merchants: tuple[int, ...]  # seats with a merchant there
    neutral: bool  # a 2-player neutral merchant is there


class PermitInfo(NamedTuple):
    """A permit tile in player terms."""

    id: str
    region: str
    cities: tuple[str, ...]  # letters
    bonus: str


class PlayerInfo(NamedTuple):
    """One player's public holdings (and hand when the viewer may see it)."""

    name: str
    coins: int
    servants: int
    vp: int
    nobility: int
    merchants_left: int
    cities: tuple[str, ...]  # letters of the cities holding this player's merchants
    unused_permits: tuple[str, ...]
    used_permits: tuple[str, ...]
    reward_tiles: tuple[str, ...]
    hand: dict[str, int] | None  # card name -> count; None when hidden
    hand_size: int


def city_letter(city: int) -> str:
    """Letter of a city code."""
    return LETTERS[city]


def map_cities(state: State) -> list[CityInfo]:
    """The 15 cities of the state's layout, A to O, with what stands on them."""
    layout = state.layout
    out = []
    for c in range(15):
        bonus = state.city_bonus[c]
        x, y = layout.coords[c]
        out.append(
            CityInfo(
                letter=LETTERS[c],
                name=CITY_NAMES[c],
                initial=LETTERS[c],
                colour=CLASSES[layout.colour[c]],
                region=REGIONS[CITY_REGION[c]],
                x=x,
                y=y,
                token="" if bonus is None else bonus_text(bonus),
                merchants=tuple(s for s in range(state.players) if state.owners[c] >> s & 1),
                neutral=bool(state.neutral >> c & 1),
            )
        )
    return out


def map_roads(state: State) -> list[tuple[str, str]]:
    """The roads of the layout as letter pairs (alphabetical within and between pairs)."""
    return [(LETTERS[a], LETTERS[b]) for a, b in state.layout.roads]


def layout_key(state: State) -> str:
    """The map layout, "c/h/m" (coast/hills/mountains board sides)."""
    return state.layout.key


def queen_city(state: State) -> str:
    """Letter of the city where the Queen stands."""
    return LETTERS[state.queen]


def shortest_route(state: State, from_city: str, to_city: str) -> list[str]:
    """A shortest road route between two cities (letters, both ends included).

    Ties between equally short routes are broken the same way every time (breadth-first,
    neighbours in letter order). Raises KeyError for an unknown letter.
    """
    return [LETTERS[c] for c in state.layout.route(CITY_INDEX[from_city], CITY_INDEX[to_city])]


def route_cost(state: State, from_city: str, to_city: str) -> int:
    """Coins the Queen's move between two cities costs (2 per road on a shortest route)."""
    return PER_ROAD * state.layout.dist[CITY_INDEX[from_city]][CITY_INDEX[to_city]]


def balconies(state: State) -> dict[str, list[str]]:
    """Councillor colours per balcony (coast, hills, mountains, royal), newest (arrow end) first."""
    return {BALCONIES[b]: [COLOURS[c] for c in bal] for b, bal in enumerate(state.balconies)}


def reserve(state: State) -> dict[str, int]:
    """Councillors waiting beside the board, by colour."""
    return {COLOURS[c]: state.reserve[c] for c in range(6)}


def permit_info(tile: str) -> PermitInfo:
    """Region, city letters and bonus text of a permit id; raises KeyError if unknown."""
    p = PERMITS[PERMIT_INDEX[tile]]
    return PermitInfo(p.id, REGIONS[p.region], tuple(LETTERS[c] for c in p.cities), bonus_text(p.bonus))


def face_up(state: State) -> dict[str, list[str]]:
    """Face-up permit ids per region (slot 0 then slot 1; "" for an empty slot)."""
    return {REGIONS[r]: ["" if p < 0 else PERMITS[p].id for p in state.face_up[r]] for r in range(3)}


def permit_deck_sizes(state: State) -> dict[str, int]:
    """Face-down permit tiles left per region."""
    return {REGIONS[r]: state.permit_deck_size(r) for r in range(3)}


def rewards_left(state: State) -> dict[str, int]:
    """Colour and region reward tiles still available, id -> VP."""
    return {REWARD_IDS[k]: REWARD_VP[REWARD_IDS[k]] for k in range(7) if state.tiles_left >> k & 1}


def queen_rewards_left(state: State) -> list[int]:
    """VP of the Queen's reward tiles still in the pile, top first."""
    return list(QUEEN_REWARDS[state.queen_taken :])


def player_info(state: State, seat: int) -> PlayerInfo:
    """Everything about one seat that the state (or view) shows."""
    hand = state.hands[seat]
    return PlayerInfo(
        name=state.names[seat],
        coins=state.coins[seat],
        servants=state.servants[seat],
        vp=state.vp[seat],
        nobility=state.nobility[seat],
        merchants_left=state.merchants_left(seat),
        cities=tuple(LETTERS[c] for c in range(15) if state.built[seat] >> c & 1),
        unused_permits=tuple(PERMITS[p].id for p in state.unused[seat]),
        used_permits=tuple(PERMITS[p].id for p in state.used[seat]),
        reward_tiles=tuple(state.rewards[seat]),
        hand=None if hand is None else {CARD_NAMES[c]: hand[c] for c in range(7) if hand[c]},
        hand_size=state.hand_count[seat],
    )


def deck_size(state: State) -> int:
    """Politics cards left in the deck."""
    return state.deck_size()


def discard_pile(state: State) -> dict[str, int]:
    """The face-up politics discard pile, by card name."""
    return {CARD_NAMES[c]: state.discard[c] for c in range(7) if state.discard[c]}


def nobility_spaces() -> dict[int, str]:
    """The bonus spaces of the nobility track, in words."""
    out = {}
    for pos, space in enumerate(NOBILITY):
        if space is None:
            continue
        parts = [bonus_text(space.bonus)] if any(space.bonus) else []
        if space.tokens == 1:
            parts.append("the token of one of your cities")
        elif space.tokens:
            parts.append(f"the tokens of {space.tokens} different cities of yours")
        if space.free_permit:
            parts.append("a face-up permit for free")
        if space.rebonus:
            parts.append("the bonus of one of your permits again")
        out[pos] = " + ".join(parts)
    return out


def payment_cost(cards: Sequence[str]) -> int:
    """Council coins for playing these 1-4 cards (10/7/4/0 + 1 per joker); ValueError if bad."""
    return pay.cost(PAY_CODES[pay_of(list(cards)).cards])


def payment_range(state: State, seat: int, balcony: str) -> tuple[int, int] | None:
    """Coins of the cheapest and the dearest payment ``seat`` can make now to a council.

    ``balcony`` is a council's name (coast, hills, mountains or royal); the prices are its
    coins alone (for the Queen's help the roads come on top) for the cards in the seat's
    hand, and only those the seat's coins cover count. None when no payment of the hand
    fits the council or none is affordable. Raises KeyError for an unknown council and
    ValueError when the seat's hand is not visible in ``state`` (another player's view).
    """
    hand = state.hands[seat]
    if hand is None:
        raise ValueError(f"the hand of seat {seat} is not visible here")
    return pay.price_range(hand, state.balconies[BALCONY_INDEX[balcony]], state.coins[seat])


def payment_preview(state: State, cards: Sequence[str]) -> int | None:
    """Total coins the payment being composed would cost now, or None if it cannot be made.

    For the main action waiting for its payment: council coins plus, for the Queen's help,
    the road coins. An empty selection previews the road coins alone (for the Queen) or 0.
    None when nothing waits for a payment, the player does not hold the cards, or they do
    not fit the council. Whether the player can afford it is left to the caller.
    """
    if state.stage == STAGE_NONE:
        return None
    road = 0
    if state.stage == STAGE_ROYAL:
        road = PER_ROAD * state.layout.dist[state.queen][state.stage_arg]
        balcony = state.balconies[ROYAL_BALCONY]
    else:
        balcony = state.balconies[PERMITS[state.stage_arg].region]
    if not cards:
        return road
    try:
        codes = PAY_CODES[pay_of(list(cards)).cards]
    except ValueError:
        return None
    hand = state.hands[state.current]
    if hand is None or any(codes.count(c) > hand[c] for c in set(codes)):
        return None
    if not pay.fits(codes, balcony):
        return None
    return pay.cost(codes) + road


def build_gains(state: State, seat: int, city: int) -> tuple[list[int], Bonus]:
    """What building in ``city`` (an index) would give ``seat`` at once from city tokens:
    the cities whose tokens it gains (the new merchant's network, as in "Placing a
    merchant") and their bonuses added up (nobility steps and reward tiles not included)."""
    built = state.built[seat] | (1 << city)
    cities = [c for c in network(state.layout, built, city) if state.city_bonus[c] is not None]
    total = [0] * len(Bonus._fields)
    for c in cities:
        bonus = state.city_bonus[c]
        assert bonus is not None
        for i, value in enumerate(bonus):
            total[i] += value
    return cities, Bonus(*total)
