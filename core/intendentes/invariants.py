"""The Intendentes state's invariants: :func:`problems` lists, in plain sentences, the rules'
invariants a whole game or a view breaks (pieces, cards and money conserved, the decision
at hand consistent with the flow), for :meth:`core.intendentes.game.IntendentesGame.problems`,
the decoder and the tests.
"""

from __future__ import annotations

from collections import Counter

from core.intendentes.content import (
    BLOCKS,
    CITY,
    DECK_SIZE,
    DISCONTENT_MAX,
    EVENTS,
    EVENTS_PER_GAME,
    FAMILY_EVENT_INDICES,
    HAND_LIMIT,
    HOUSING_PLAN_CAPACITY,
    INITIAL_FIELD,
    INITIAL_TOWN,
    MARKET_LAST,
    PENALTY_CAP,
    PLAN_DECK,
    ROUNDS,
    SUPPLY,
    TOWN,
    WAREHOUSE_MAX,
)
from core.intendentes.state import (
    FULL,
    G_BIDDING,
    G_OVER,
    HIDDEN,
    NONE,
    S_AUCTION,
    S_DEMOGRAPHY,
    S_FAST,
    S_HAND,
    S_KEEP,
    S_MARKET,
    S_OPEN,
    S_OPEN_BID,
    S_OVER,
    S_PLACE,
    S_SECURITY,
    S_WINDOW,
    W_EXODUS,
    State,
)

_PLAN_COUNTS = Counter(PLAN_DECK)
_DECK_BLOCKS = frozenset(range(DECK_SIZE))


def problems(state: State) -> list[str]:
    """The rules' invariants that ``state`` (a whole game or a view) breaks, in plain sentences.

    Empty when all hold: views hide what they must; 70 inhabitants in all (supply and
    districts), none over a block's capacity and none on blocks that hold nobody; every deck
    block in exactly one place; the initial blocks; the 32 plan cards and the events dealt;
    money, indices and cards never negative; hands of at most 4; warehouse 0..40;
    discontent 0..15; the round's cap; the turn order, the decision and its actor.
    """
    found: list[str] = []
    n = state.players
    full = state.viewer == FULL
    if full and state.rng is None:
        found.append("a whole game carries its random generator")
    if not full and state.rng is not None:
        found.append("a view carries no random generator")
    if not full and state.viewer >= n:
        found.append("the view's seat is not in the game")

    # Inhabitants and districts (a Rural Exodus inhabitant is in transit while placed).
    total = state.supply
    if state.step == S_PLACE and state.why == W_EXODUS:
        total += state.left
    town, field = INITIAL_TOWN[state.family], INITIAL_FIELD[state.family]
    owned: list[int] = []
    for s in range(n):
        blocks, people, capacity = state.blocks[s], state.people[s], state.capacity[s]
        if not (len(blocks) == len(people) == len(capacity)):
            found.append(f"seat {s}'s district rows differ in length")
            continue
        if blocks[:2] != [town, field]:
            found.append(f"seat {s}'s district does not start with its initial town and field")
        if len(blocks) > 2 + ROUNDS:
            found.append(f"seat {s} has more blocks than rounds allow")
        owned.extend(blocks[2:])
        for b, p, c in zip(blocks, people, capacity):
            block = BLOCKS[b]
            printed = block.capacity
            if block.kind in (TOWN, CITY):
                if c < printed or (c - printed) % HOUSING_PLAN_CAPACITY:
                    found.append(f"seat {s}'s {block.id} has an impossible capacity {c}")
            elif c != printed:
                found.append(f"seat {s}'s {block.id} has capacity {c}, not {printed}")
            if p > c:
                found.append(f"seat {s}'s {block.id} holds {p} inhabitants over its capacity {c}")
        total += sum(people)
    if total != SUPPLY:
        found.append(f"{total} inhabitants in the game, not {SUPPLY}")

    # Blocks: each deck block in exactly one place.
    places = owned + [b for b in state.display if b != NONE] + state.block_deck + state.block_discard
    if state.next_block != NONE:
        places.append(state.next_block)
    if any(b not in _DECK_BLOCKS for b in places):
        found.append("an initial block is out of a district")
    elif len(places) != DECK_SIZE or set(places) != _DECK_BLOCKS:
        found.append("the 64 deck blocks are not each in one place")
    if not full and state.block_deck != sorted(state.block_deck):
        found.append("a view lists the block deck in sorted order only")
    if state.next_block == NONE and state.block_deck:
        found.append("the deck has blocks but no next block is shown")

    # Tracks.
    for s in range(n):
        if state.money[s] < 0 and not (state.money[s] == HIDDEN and state.hidden_money and not full and s != state.viewer):
            found.append(f"seat {s} has negative money")
        if min(state.risk[s]) < 0 or min(state.cards[s]) < 0:
            found.append(f"seat {s} has a negative index or card count")
        if not 0 <= state.warehouse[s] <= WAREHOUSE_MAX:
            found.append(f"seat {s}'s warehouse is out of 0..{WAREHOUSE_MAX}")
        if not 0 <= state.discontent[s] <= DISCONTENT_MAX:
            found.append(f"seat {s}'s discontent is out of 0..{DISCONTENT_MAX}")
        if not 0 <= state.capped[s] <= PENALTY_CAP:
            found.append(f"seat {s} received more capped cards than the cap this round")
    if not 0 <= state.market <= MARKET_LAST:
        found.append("the market marker is off the track")

    # Plans: 32 cards in deck, discard pile, hands and the draw.
    hands_ok = True
    for s in range(n):
        if len(state.hand[s]) > HAND_LIMIT:
            found.append(f"seat {s} holds more than {HAND_LIMIT} plans")
        hidden = [p for p in state.hand[s] if p == HIDDEN]
        if hidden and (full or s == state.viewer):
            found.append(f"seat {s}'s hand is hidden where it should show")
        if hidden and len(hidden) != len(state.hand[s]):
            hands_ok = False
        known = [p for p in state.hand[s] if p != HIDDEN]
        if known != sorted(known):
            found.append(f"seat {s}'s hand is not sorted")
    if not hands_ok:
        found.append("a hand is partly hidden")
    every = state.plan_deck + state.plan_discard + state.drawn + [p for row in state.hand for p in row]
    if len(every) != len(PLAN_DECK):
        found.append(f"{len(every)} plan cards in the game, not {len(PLAN_DECK)}")
    seen = Counter(p for p in every if p != HIDDEN)
    if full:
        if HIDDEN in seen or seen != _PLAN_COUNTS:
            found.append("the plan cards do not add up to the plan deck")
    else:
        if any(seen[p] > _PLAN_COUNTS[p] for p in seen):
            found.append("a view shows more copies of a plan than exist")
        if any(p != HIDDEN for p in state.plan_deck):
            found.append("a view shows the plan deck")
    if HIDDEN in state.plan_discard:
        found.append("the plan discard pile is public")
    if state.step == S_KEEP:
        if len(state.drawn) < 2:
            found.append("a keep step needs two drawn cards")
    elif state.drawn:
        found.append("drawn cards wait only in a keep step")
    if state.drawn and len(state.hand[state.actor]) >= HAND_LIMIT:
        found.append("a full hand cannot take a drawn card")
    if HIDDEN in state.drawn and (full or state.viewer == state.actor):
        found.append("the drawn cards are hidden from the one who drew them")
    if not full and state.viewer != state.actor and any(p != HIDDEN for p in state.drawn):
        found.append("a view shows another mayor's drawn cards")

    # Events.
    pool = FAMILY_EVENT_INDICES if state.family else tuple(range(len(EVENTS)))
    revealed = state.round if state.phase >= 4 else state.round - 1
    if len(state.events_seen) != revealed:
        found.append(f"{len(state.events_seen)} events revealed by round {state.round}, phase {state.phase}")
    if len(state.events_seen) + len(state.event_deck) != EVENTS_PER_GAME:
        found.append(f"the events dealt are not {EVENTS_PER_GAME}")
    dealt = state.events_seen + [e for e in state.event_deck if e != HIDDEN]
    if len(set(dealt)) != len(dealt) or any(e not in pool for e in dealt):
        found.append("the events dealt repeat a card or are not of the game's pool")
    if full and HIDDEN in state.event_deck:
        found.append("a whole game hides no event")
    if not full and any(e != HIDDEN for e in state.event_deck):
        found.append("a view shows an unrevealed event")
    expected_event = state.events_seen[-1] if state.phase >= 4 and state.events_seen else NONE
    if state.event != expected_event:
        found.append("this round's event is not the last one revealed")

    # Flow.
    if sorted(state.order) != list(range(n)):
        found.append("the turn order must list every seat once")
    if state.step == S_OVER:
        if state.stage != G_OVER or state.round != ROUNDS:
            found.append("the game ends only after round 8")
        if len(state.final) != n:
            found.append("a finished game has its final scoring")
    else:
        if state.stage == G_OVER:
            found.append("the over stage ends the game")
        if state.final:
            found.append("the final scoring is only for a finished game")
        if not 0 <= state.pos < n:
            found.append("the stage is at no mayor")
        elif state.step in (S_WINDOW, S_DEMOGRAPHY, S_SECURITY, S_HAND, S_FAST):
            if state.actor != state.order[state.pos]:
                found.append("the mayor to act is not the one the stage is at")
        elif state.step == S_MARKET and state.actor != state.order[n - 1 - state.pos]:
            found.append("the market goes in reverse turn order")
    if state.step in (S_OPEN, S_OPEN_BID, S_AUCTION) and state.stage != G_BIDDING:
        found.append("bidding steps belong to the bidding stage")
    if state.stage == G_BIDDING and state.step in (S_OPEN_BID, S_AUCTION):
        if state.slot == NONE or state.display[state.slot] == NONE:
            found.append("an auction needs a block on its slot")
    if state.high_bidder != NONE and state.high_bid <= 0:
        found.append("a high bidder needs a bid")
    if state.step == S_SECURITY and len(state.sec_officers) != len(state.blocks[state.actor]):
        found.append("the security turn tracks every block of the mayor")
    if state.step == S_KEEP and not state.drawn:
        found.append("nothing drawn to keep")
    return found
