"""Phase 1, the bidding (§4.4): the bids on offer, who opens next, the auction passing from
bidder to bidder until it ends, the winner acquiring the block, and the display refilled
from the block deck.
"""

from __future__ import annotations

from core.intendentes.actions import BID, Action, bid
from core.intendentes.cards import _reshuffled, move_discontent
from core.intendentes.content import PARK_CALM, PUBLIC_TENDER_DISCOUNT
from core.intendentes.districts import plays
from core.intendentes.state import ACQUIRED, ELIGIBLE, G_BIDDING, NONE, S_AUCTION, S_OPEN, State
from core.intendentes.tables import B_CAP, B_INITIAL, B_MODS, B_SPLENDOR, P_TENDER, PARK


def _bids(lo: int, hi: int) -> list[Action]:
    if hi < lo:
        return []
    if hi <= len(BID) - 1:
        return list(BID[lo : hi + 1])
    return [bid(a) for a in range(lo, hi + 1)]


def _clear_auction(state: State) -> None:
    state.slot = NONE
    state.high_bid = 0
    state.high_bidder = NONE
    state.passed = 0
    state.decliner = NONE


def _open_next(state: State) -> bool:
    """Start the next opening (True), or say the bidding phase is over (False, §4.4.6)."""
    _clear_auction(state)
    if all(b == NONE for b in state.display):
        return False
    for seat in state.order:
        if state.bid_status[seat] == ELIGIBLE:
            state.step = S_OPEN
            state.actor = seat
            return True
    return False


def _next_bidder(state: State) -> bool:
    """Give the auction to the next eligible mayor who has not passed (True), or end it
    (False): the block goes to the highest bidder, or unsold to the discard pile, the empty
    slot is refilled and the bidding phase goes on with the next opening."""
    n = state.players
    order = state.order
    start = order.index(state.actor)
    for k in range(1, n + 1):
        seat = order[(start + k) % n]
        if seat == state.high_bidder:
            continue
        if state.bid_status[seat] == ELIGIBLE and not state.passed >> seat & 1:
            state.step = S_AUCTION
            state.actor = seat
            return True
    slot = state.slot
    block = state.display[slot]
    state.display[slot] = NONE
    if state.high_bidder != NONE:
        acquire(state, state.high_bidder, block, state.high_bid)
    else:
        state.block_discard.append(block)
        state.log.append(("unsold", block))
    _refill(state, slot)
    state.stage = G_BIDDING
    return False


def acquire(state: State, seat: int, block: int, price: int) -> None:
    """``seat`` acquires ``block`` for a winning bid of ``price`` (§4.4.4)."""
    paid = max(0, price - PUBLIC_TENDER_DISCOUNT * plays(state, seat, P_TENDER))
    state.money[seat] -= paid
    risk = state.risk[seat]
    deltas = []
    for index, mod in enumerate(B_MODS[block]):
        new = max(0, risk[index] + mod)
        deltas.append(new - risk[index])
        risk[index] = new
    placed = min(B_INITIAL[block], state.supply)
    state.supply -= placed
    state.blocks[seat].append(block)
    state.people[seat].append(placed)
    state.capacity[seat].append(B_CAP[block])
    state.splendor[seat] += B_SPLENDOR[block]
    state.bid_status[seat] = ACQUIRED
    state.log.append(("acquire", seat, block, paid, placed, tuple(deltas)))
    if placed < B_INITIAL[block]:
        state.log.append(("lost", seat, B_INITIAL[block] - placed))
    if block == PARK:
        move_discontent(state, seat, -PARK_CALM)


def _draw_block(state: State) -> int:
    """The top block of the deck (the discard pile reshuffled first if it is empty), or NONE."""
    if not _reshuffled(state, state.block_deck, state.block_discard, "block_reshuffle"):
        return NONE
    state.reveals += 1
    return state.block_deck.pop()


def _refill(state: State, slot: int) -> None:
    """The next block moves into the empty ``slot`` and a new next block is drawn (§4.4.5)."""
    if state.next_block == NONE:
        state.next_block = _draw_block(state)
    state.display[slot] = state.next_block
    state.next_block = _draw_block(state) if state.next_block != NONE else NONE
    state.log.append(("refill", slot, state.display[slot], state.next_block))
