"""Shared helpers for the Council of Four tests: new games, random play, invariants."""

from __future__ import annotations

import random

from core.council import GAME, State
from core.council.content import PERMITS
from core.council.state import problems


def new(players: int = 3, seed: int = 7, **options: object) -> State:
    """A fresh game with the given options."""
    return GAME.setup([f"P{i}" for i in range(players)], seed, options)


def play(state: State, steps: int, seed: int = 0) -> State:
    """Play up to ``steps`` random moves in place (stops at the end of the game)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        GAME.apply_in_place(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def check_invariants(state: State) -> None:
    """Fail with every broken rule invariant (:func:`core.council.state.problems`) of a whole game."""
    assert state.deck is not None, "a whole game, not a view"
    found = problems(state)
    assert not found, found  # helpers get no assertion rewriting: say what broke


def put_face_up(state: State, slot: int, tile: str) -> None:
    """Swap permit ``tile`` (from its region's deck or other slot) into face-up ``slot``."""
    from core.council.content import PERMIT_INDEX

    p = PERMIT_INDEX[tile]
    region = PERMITS[p].region
    slots = state.face_up[region]
    deck = state.permit_decks[region]
    assert deck is not None
    if slots[slot] == p:
        return
    if p in slots:
        other = slots.index(p)
        slots[other], slots[slot] = slots[slot], slots[other]
        return
    i = deck.index(p)
    deck[i], slots[slot] = slots[slot], p


def take_permit(state: State, seat: int, tile: str, used: bool = False) -> None:
    """Give ``seat`` permit ``tile`` straight from its region's deck (test set-up only)."""
    from core.council.content import PERMIT_INDEX

    p = PERMIT_INDEX[tile]
    deck = state.permit_decks[PERMITS[p].region]
    assert deck is not None
    if p not in deck:
        put_face_up(state, 0, tile)
        put_face_up(state, 0, next(PERMITS[q].id for q in deck))
    deck.remove(p)
    (state.used if used else state.unused)[seat].append(p)


def set_hand(state: State, seat: int, *names: str) -> None:
    """Replace a hand, keeping the 90 cards: old cards go to the deck, new ones come from it."""
    from core.council.content import CARD_NAMES

    deck = state.deck
    hand = state.hands[seat]
    assert deck is not None and hand is not None
    for c in range(7):
        deck.extend([c] * hand[c])
    new_hand = [0] * 7
    for name in names:
        c = CARD_NAMES.index(name)
        if c in deck:
            deck.remove(c)
        else:  # take it from the discard pile
            assert state.discard[c] > 0
            state.discard[c] -= 1
        new_hand[c] += 1
    state.hands[seat] = new_hand
    state.hand_count[seat] = len(names)


def set_balcony(state: State, balcony: int, *names: str) -> None:
    """Set a balcony (newest first), keeping 4 councillors per colour via the reserve."""
    from core.council.content import COLOURS

    for c in state.balconies[balcony]:
        state.reserve[c] += 1
    codes = tuple(COLOURS.index(n) for n in names)
    for c in codes:
        if state.reserve[c] == 0:  # borrow from another balcony
            for b in range(4):
                if b != balcony and c in state.balconies[b]:
                    swap = next(x for x in range(6) if state.reserve[x] > 0 and x not in codes)
                    row = list(state.balconies[b])
                    row[row.index(c)] = swap
                    state.balconies[b] = tuple(row)
                    state.reserve[swap] -= 1
                    state.reserve[c] += 1
                    break
        state.reserve[c] -= 1
    state.balconies[balcony] = codes


def place(state: State, seat: int, *letters: str) -> None:
    """Put merchants of ``seat`` in cities (test set-up only; no bonus)."""
    for letter in letters:
        city = "ABCDEFGHIJKLMNO".index(letter)
        state.owners[city] |= 1 << seat
        state.built[seat] |= 1 << city


RULEBOOK_TOKENS = {
    "A": dict(vp=1),
    "B": dict(cards=1, vp=1),
    "C": dict(vp=3),
    "D": dict(servants=2),
    "E": dict(servants=1, cards=1),
    "F": dict(vp=2),
    "G": dict(servants=1, coins=1),
    "H": dict(coins=1),
    "I": dict(coins=3),
    "K": dict(cards=1),
    "L": dict(servants=1),
    "M": dict(nobility=1),
    "N": dict(coins=2),
    "O": dict(nobility=1),
}


def rulebook_tokens(state: State) -> None:
    """The city tokens of the rulebook's setup picture (needs hills side 1)."""
    from core.council.content import Bonus

    bonus = []
    for letter in "ABCDEFGHIJKLMNO":
        raw = RULEBOOK_TOKENS.get(letter)
        bonus.append(None if raw is None else Bonus(**raw))
    state.city_bonus = tuple(bonus)


def grant(state: State, seat: int, **bonus: int) -> None:
    """Give ``seat`` a bonus as if from a tile, then let the engine settle (uses rules internals)."""
    from core.council import rules
    from core.council.content import Bonus

    state.events = []
    rules._gain(state, seat, Bonus(**bonus))
    rules._settle(state)


def fresh(players: int = 3, layout: str = "1/1/1", seed: int = 5) -> State:
    """Seat 0 to act on its first turn, rulebook tokens when the hills show side 1."""
    state = new(players, seed, first_player="0", layout=layout)
    if layout.split("/")[1] == "1":
        rulebook_tokens(state)
    return state


def why(state: State, seat: int, action: object) -> str:
    """The reason an action is illegal (fails the test if it is legal)."""
    reason = GAME.why_illegal(state, seat, action)  # type: ignore[arg-type]
    assert reason is not None, f"{action!r} is legal"
    return reason
