"""Why a Council of Four move is illegal, in player words (:func:`why_illegal`), and what
stands between a player and building in a city (:func:`build_need`)."""

from __future__ import annotations

from typing import Any

from core.council import payments as pay
from core.council.actions import (
    ACTION_TYPES,
    PAY_CODES,
    Acquire,
    Action,
    Build,
    Change,
    Elect,
    ElectQuick,
    EndTurn,
    FreePermit,
    Hire,
    Pay,
    Rebonus,
    Royal,
    Token,
)
from core.council.content import (
    BALCONIES,
    CARD_NAMES,
    CITY_INDEX,
    CITY_NAMES,
    COLOURS,
    PERMIT_CITIES,
    PERMIT_INDEX,
    PERMIT_REGION,
    PERMITS,
    REGIONS,
    ROYAL_BALCONY,
    permit_name,
)
from core.council.rules import (
    _HANDLERS,
    BALCONY_INDEX,
    CHANGE_SERVANTS,
    COLOUR_INDEX,
    ELECT_Q_SERVANTS,
    EXTRA_SERVANTS,
    HIRE_COINS,
    MERCHANTS,
    REGION_INDEX,
    council_name,
    face_up_permits,
    legal_actions,
    road_cost,
)
from core.council.state import CH_FREE, CH_REBONUS, CH_TOKEN, STAGE_ACQUIRE, STAGE_NONE, State
from core.words import counted


def _field_problem(action: Any) -> str | None:
    """A reason if an action's fields are not known names, letters or ids."""
    for name, value in zip(action._fields, action):
        if name != "cards" and not isinstance(value, str):
            return f"The {name} of that move must be a name, not {value!r}."
        if name == "balcony" and value not in BALCONY_INDEX:
            return f"There is no balcony called {value!r} (use {', '.join(BALCONIES)})."
        if name == "region" and value not in REGION_INDEX:
            return f"There is no region called {value!r} (use {', '.join(REGIONS)})."
        if name == "colour" and value not in COLOUR_INDEX:
            return f"There are no {value!r} councillors (colours: {', '.join(COLOURS)})."
        if name == "tile" and value not in PERMIT_INDEX:
            return f"There is no permit tile called {value!r}."
        if name == "city" and value not in CITY_INDEX:
            return f"There is no city with the letter {value!r} (use A to O)."
        if name == "cards" and (not isinstance(value, tuple) or value not in PAY_CODES):
            return "A payment lists 1 to 4 politics cards by colour name (or joker), sorted alphabetically."
    return None


def _payment_problem(state: State, seat: int, balcony: int, extra: int, what: str) -> str | None:
    hand = state.hands[seat]
    if hand is None:
        return "Your hand is not visible here."
    cheapest = pay.cheapest(hand, state.balconies[balcony])
    if cheapest < 0:
        return f"None of your politics cards matches a councillor of {council_name(balcony)}."
    if cheapest + extra > state.coins[seat]:
        if extra:
            return (
                f"{what} costs at least {counted(cheapest + extra, 'coin')} ({counted(cheapest, 'coin')} for "
                f"{council_name(balcony)} + {counted(extra, 'coin')} for the Queen's roads); you have {state.coins[seat]}."
            )
        return f"{what} costs at least {counted(cheapest, 'coin')} with your cards; you have {state.coins[seat]}."
    return None


def _placement_problem(state: State, seat: int, city: int) -> str | None:
    name = CITY_NAMES[city]
    if state.built[seat] >> city & 1:
        return f"You already have a merchant in {name}."
    if state.built[seat].bit_count() >= MERCHANTS:
        return "You have no merchants left."
    need = state.occupancy(city)
    if state.servants[seat] < need:
        return (
            f"Building in {name} costs {counted(need, 'servant')} (one per merchant already there); "
            f"you have {state.servants[seat]}."
        )
    return None


def why_illegal(state: State, seat: int, action: object) -> str | None:
    """A player-readable reason why ``action`` is illegal for ``seat`` now, or None."""
    if state.over:
        return "The game is over."
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        return f"There is no seat {seat!r} in this game."
    if seat != state.current:
        return f"It is {state.names[state.current]}'s turn, not yours."
    # Exactly one of the action classes (not a subclass), with its own kind. The isinstance
    # check adds nothing to the first one (they list the same classes) but types ``action``.
    if (
        type(action) not in _HANDLERS
        or not isinstance(action, ACTION_TYPES)
        or action.kind != type(action)._field_defaults["kind"]
    ):
        return f"That is not a Council of Four move: {action!r}."
    problem = _field_problem(action)
    if problem:
        return problem
    reason = _reason(state, seat, action)
    if reason is None and action not in legal_actions(state, seat):
        return "That move is not allowed now."
    return reason


def _reason(state: State, seat: int, action: Action) -> str | None:
    choice_classes = (Token, FreePermit, Rebonus)
    if state.pending:
        item = state.pending[-1]
        wanted = {CH_TOKEN: Token, CH_FREE: FreePermit, CH_REBONUS: Rebonus}[item[0]]
        if not isinstance(action, wanted):
            return "First finish your nobility bonus: " + {
                CH_TOKEN: "choose a city whose token you gain.",
                CH_FREE: "choose a face-up permit tile to take for free.",
                CH_REBONUS: "choose one of your permit tiles to gain its bonus again.",
            }[item[0]]
        if isinstance(action, Token):
            city = CITY_INDEX[action.city]
            name = CITY_NAMES[city]
            if not state.built[seat] >> city & 1:
                return f"You have no merchant in {name}."
            bonus = state.city_bonus[city]
            if bonus is None:
                return f"{name} is the royal city: it has no token."
            if bonus.nobility:
                return f"{name}'s token moves the nobility marker, so it cannot be chosen here."
            if city == item[2]:
                return f"You already took {name}'s token for this bonus: choose a different city."
            return None
        if isinstance(action, FreePermit):
            if PERMIT_INDEX[action.tile] not in face_up_permits(state):
                return f"Permit {action.tile} is not face up."
            return None
        if isinstance(action, Rebonus):
            permit = PERMIT_INDEX[action.tile]
            if permit not in state.unused[seat] and permit not in state.used[seat]:
                return f"You do not own permit {action.tile}."
        return None
    if isinstance(action, choice_classes):
        return "There is no nobility bonus to choose now."
    if state.stage != STAGE_NONE:
        if not isinstance(action, Pay):
            what = "the permit tile" if state.stage == STAGE_ACQUIRE else "the Queen's help"
            return f"First pay for {what}: choose the politics cards to play."
        return _pay_reason(state, seat, PAY_CODES[action.cards])
    if isinstance(action, Pay):
        return "There is nothing to pay for now: choose a permit tile or the Queen's help first."
    if isinstance(action, EndTurn):
        if state.mains_taken < 1:
            return "You cannot end your turn yet: take your main action first."
        return None
    if isinstance(action, (Elect, Acquire, Build, Royal)):
        if state.mains_taken >= state.mains_allowed:
            return "You have no main action left this turn: take a quick action or end your turn."
        if isinstance(action, Elect):
            colour = COLOUR_INDEX[action.colour]
            if not state.reserve[colour]:
                return f"No {COLOURS[colour]} councillor is waiting beside the board."
            return None
        if isinstance(action, Acquire):
            region = REGION_INDEX[action.region]
            permit = PERMIT_INDEX[action.tile]
            if PERMIT_REGION[permit] != region:
                return f"Permit {action.tile} belongs to the {REGIONS[PERMIT_REGION[permit]]} region."
            if permit not in state.face_up[region]:
                return f"Permit {action.tile} is not face up in the {REGIONS[region]} region."
            return _payment_problem(state, seat, region, 0, "A permit of this region")
        if isinstance(action, Build):
            permit = PERMIT_INDEX[action.tile]
            city = CITY_INDEX[action.city]
            if permit in state.used[seat]:
                return f"Permit {permit_name(permit)} is already used."
            if permit not in state.unused[seat]:
                return f"You do not own permit {permit_name(permit)}."
            if city not in PERMIT_CITIES[permit]:
                return f"Permit {permit_name(permit)} does not name {CITY_NAMES[city]}."
            return _placement_problem(state, seat, city)
        city = CITY_INDEX[action.city]
        problem = _placement_problem(state, seat, city)
        if problem:
            return problem
        return _payment_problem(state, seat, ROYAL_BALCONY, road_cost(state, city), "The Queen's help")
    # Quick actions.
    if state.quick_used:
        return "You already took your quick action this turn."
    servants = state.servants[seat]
    if isinstance(action, Hire):
        if state.coins[seat] < HIRE_COINS:
            return f"Engaging a servant costs {counted(HIRE_COINS, 'coin')}; you have {state.coins[seat]}."
        return None
    if isinstance(action, Change):
        if servants < CHANGE_SERVANTS:
            return f"Changing permit tiles costs {counted(CHANGE_SERVANTS, 'servant')}; you have {servants}."
        region = REGION_INDEX[action.region]
        if max(state.face_up[region]) < 0:
            return f"The {REGIONS[region]} region has no face-up permit tile to change."
        return None
    if isinstance(action, ElectQuick):
        if servants < ELECT_Q_SERVANTS:
            return f"Electing as a quick action costs {counted(ELECT_Q_SERVANTS, 'servant')}; you have {servants}."
        colour = COLOUR_INDEX[action.colour]
        if not state.reserve[colour]:
            return f"No {COLOURS[colour]} councillor is waiting beside the board."
        return None
    if servants < EXTRA_SERVANTS:
        return f"An extra main action costs {counted(EXTRA_SERVANTS, 'servant')}; you have {servants}."
    return None


def _pay_reason(state: State, seat: int, codes: tuple[int, ...]) -> str | None:
    hand = state.hands[seat]
    if hand is None:
        return "Your hand is not visible here."
    for c in set(codes):
        if codes.count(c) > hand[c]:
            return f"You do not hold {codes.count(c)} {CARD_NAMES[c]} card{'s' if codes.count(c) > 1 else ''}."
    if state.stage == STAGE_ACQUIRE:
        balcony = PERMIT_REGION[state.stage_arg]
        extra = 0
    else:
        balcony = ROYAL_BALCONY
        extra = road_cost(state, state.stage_arg)
    if not pay.fits(codes, state.balconies[balcony]):
        return (
            f"Those cards do not fit {council_name(balcony)}: each coloured card needs its own "
            f"councillor of that colour (jokers match any)."
        )
    total = pay.cost(codes) + extra
    if total > state.coins[seat]:
        road = f" including {counted(extra, 'coin')} for the Queen's roads" if extra else ""
        return f"That payment costs {counted(total, 'coin')}{road}; you have {state.coins[seat]}."
    return None


def build_need(state: State, seat: int, city: str) -> str:
    """What stands between ``seat`` and building in ``city`` (a letter) now, in a few words
    for a city's detail line; "" when a build there (with a permit or the Queen's help) is
    a legal move now.

    The holdings come first, the moment last: "you built here", "no merchants left",
    "build: needs a permit for C" (no unused permit names the city and the hand and coins
    cannot pay for the Queen's help), "build: needs 2 servants" (one per merchant already
    there), then "build next turn" (another player's turn, or no main action left) or
    "build after this move" (a payment or a nobility bonus under way first). Short: at
    80x24 the city's whole line has two rows. Raises KeyError for an unknown letter.
    """
    index = CITY_INDEX[city]
    if state.built[seat] >> index & 1:
        return "you built here"
    if state.built[seat].bit_count() >= MERCHANTS:
        return "no merchants left"
    hand = state.hands[seat]
    cheapest = -1 if hand is None else pay.cheapest(hand, state.balconies[ROYAL_BALCONY])
    queen = 0 <= cheapest and cheapest + road_cost(state, index) <= state.coins[seat]
    if not queen and not any(index in PERMIT_CITIES[p] for p in state.unused[seat]):
        return f"build: needs a permit for {city}"
    need = state.occupancy(index)
    if state.servants[seat] < need:
        return f"build: needs {counted(need, 'servant')}"
    if state.over:
        return "the game is over"
    left = state.mains_allowed - state.mains_taken - (state.stage != STAGE_NONE)
    if seat != state.current or left <= 0:
        return "build next turn"
    if state.pending or state.stage != STAGE_NONE:
        return "build after this move"
    return ""
