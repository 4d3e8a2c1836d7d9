"""The El Grande state's invariants: :func:`problems` lists, in plain sentences, the rules'
invariants a whole game or a view breaks (what views hide, caballeros and cards
conserved, the flow's fields consistent), for
:meth:`core.elgrande.game.ElGrandeGame.problems`, the decoder and the tests.
"""

from __future__ import annotations

from collections import Counter

from core.elgrande import actions as act
from core.elgrande.content import ALL_POWER, CARD_STACK, DECKS, KING_CARD, SETUP
from core.elgrande.state import (
    BID,
    BODY,
    COURT,
    D_GENERAL,
    D_NONE,
    DISK,
    FULL,
    HIDDEN_DISK,
    NO_DISK,
    OVER,
    PULL,
    RET,
    TAKE,
    VETO,
    VETO_CARD,
    State,
    _mask,
    playable_rounds,
)


def problems(state: State) -> list[str]:
    """The rules' invariants that ``state`` (a whole game or a view) breaks, in plain sentences.

    Empty when all hold. Each field is assumed to have its type and range (as
    :func:`~core.elgrande.encoding.decode_state` reads it); these are the checks across
    fields: what views hide, the round, 30 caballeros in play per colour and none
    negative, scores, the 13 power cards, the action cards of every stack, the bids and
    turn order, the card in play, the steps other players owe, and that no event tells a
    secret.
    """
    found: list[str] = []
    n = state.players
    full = state.viewer == FULL
    over = state.phase == OVER
    if state.rng is not None and not full:
        found.append("a view carries no random generator")
    if state.castillo_masked and (full or state.castillo_visible):
        found.append("only views of a game with a hidden Castillo mask its contents")
    for event in state.events:
        if event[0] == "auto" and (
            isinstance(event[2], act.Disk) or (isinstance(event[2], act.TakeBack) and not event[3][0])
        ):
            found.append("an event tells a secret (a disk's region or an unseen take-back)")
    rounds = playable_rounds(state.short_game)
    if state.round not in rounds:
        found.append(f"round {state.round} is not played in this game")
        return found  # the counts of cards played below depend on the round's place
    round_pos = rounds.index(state.round)
    if over and state.round != rounds[-1]:
        found.append("the game can only be over after the last round")

    # Caballeros and scores.
    for rnd, seat, count in state.castillo_log:
        if rnd > state.round:
            found.append(f"castillo_log entry {[rnd, seat, count]} is impossible")
    for seat in range(n):
        if sum(state.points[seat]) != state.score[seat]:
            found.append(f"seat {seat}'s score {state.score[seat]} differs from its breakdown")
        if min(state.points[seat]) < 0:
            found.append(f"seat {seat} has negative points")
        places = [row[seat] for row in state.board] + [state.castillo[seat], state.court[seat], state.provinces[seat]]
        if min(places) < 0:
            found.append(f"seat {seat} has a negative number of caballeros somewhere")
        inside = state.castillo[seat]
        logged = state.castillo_insertions(seat)
        if state.castillo_masked:
            if inside:
                found.append("a masked Castillo must show zeros")
            inside = logged
        elif inside != logged:
            found.append(f"seat {seat} has {inside} in the Castillo but the insertion log says {logged}")
        total = sum(row[seat] for row in state.board) + inside + state.court[seat] + state.provinces[seat]
        if total != SETUP.in_play:
            found.append(f"seat {seat} has {total} caballeros in play, not {SETUP.in_play}")
    if state.scoreboards[0] >= 0 and state.scoreboards[0] == state.scoreboards[1]:
        found.append("both mobile scoreboards stand on one region")

    # Power cards: each of the 13 is in the hand or was played (views: the sure ones).
    for seat in range(n):
        hand, cands = state.hand[seat], state.cands[seat]
        ever = _mask(state.played[seat])
        if hand & ~ALL_POWER:
            found.append(f"seat {seat} holds a power card that does not exist")
        if cands & ~ever:
            found.append(f"seat {seat}: a take-back candidate was never played")
        if state.backs_hidden[seat] > bin(cands).count("1"):
            found.append(f"seat {seat}: more hidden take-backs than candidates")
        if (state.backs_hidden[seat] == 0) != (cands == 0):
            found.append(f"seat {seat}: candidates without hidden take-backs (or the reverse)")
        if not (full or seat == state.viewer) and hand & cands:
            found.append(f"seat {seat}'s hand in a view may show only the sure values")
        if ALL_POWER & ~ever & ~hand & ~cands:
            found.append(f"seat {seat} lacks a power card it never played")

    # Action cards: every stack's cards add up to its deck (a kept Veto is in ``vetoes``).
    if any(expiry < state.round for _, expiry in state.vetoes):
        found.append("a Veto card is held after it expired")
    if state.vetoes and not state.use_veto:
        found.append("Vetos are held although use_veto is off")
    for i in range(5):
        if state.face_up[i] >= 0 and CARD_STACK[state.face_up[i]] != i + 1:
            found.append(f"face-up card of stack {i + 1} belongs to another stack")
    for i in range(4):
        if any(CARD_STACK[c] != i + 1 for c in state.stacks[i]):
            found.append(f"stack {i + 1} holds a card of another stack")
        seen = Counter(state.stacks[i])
        if state.face_up[i] >= 0:
            seen[state.face_up[i]] += 1
        seen.update(c for c in state.out if CARD_STACK[c] == i + 1)
        if state.card >= 0 and CARD_STACK[state.card] == i + 1:
            if not (state.card == VETO_CARD and state.use_veto):
                seen[state.card] += 1
        if i + 1 == CARD_STACK[VETO_CARD]:
            seen[VETO_CARD] += len(state.vetoes)
        if seen != Counter(DECKS[i + 1]):
            found.append(f"the cards of stack {i + 1} do not add up to its deck")
        if not full and state.stacks[i] != sorted(state.stacks[i]):
            found.append("a view lists face-down cards in sorted order only")
    if state.face_up[4] not in (-1, KING_CARD) or any(CARD_STACK[c] == 5 for c in state.out):
        found.append("the King's card is misplaced")
    revealed = sum(1 for c in state.out if CARD_STACK[c] <= 4)
    if revealed > 4 * (round_pos + 1):
        found.append("more action cards are out of play than rounds allow")

    # Bidding and turns.
    made = [b for b in state.bids if b]
    if len(set(made)) != len(made):
        found.append("two players bid the same power value this round")
    if len(made) != state.bid_count:
        found.append("bid_count differs from the bids made")
    for j in range(n):
        seat = (state.bid_first + j) % n
        if (state.bids[seat] > 0) != (j < state.bid_count):
            found.append("the bids do not follow the bidding order")
        if state.bids[seat] and (not state.played[seat] or state.played[seat][-1] != state.bids[seat]):
            found.append(f"seat {seat}'s bid is not its last played card")
        plays = round_pos + (1 if state.bids[seat] else 0)
        if len(state.played[seat]) != plays:
            found.append(f"seat {seat} played {len(state.played[seat])} power cards, expected {plays}")
    in_turn = state.phase in (COURT, PULL, TAKE, BODY, VETO, RET) or (
        state.phase == DISK and state.bid_count == n and state.turn_idx < n
    )
    order_ok = sorted(state.order) == list(range(n))
    if state.phase != BID and not over and state.bid_count == n:
        if not order_ok:
            found.append("order must list every seat once")
        elif [state.bids[s] for s in state.order] != sorted(made, reverse=True):
            found.append("the turn order does not follow the bids")
    elif state.order and not order_ok:
        found.append("order must be empty or list every seat once")
    if in_turn:
        if state.bid_count != n or state.turn_idx >= n or not order_ok or state.cur != state.order[state.turn_idx]:
            found.append("the current player is not the one whose turn it is")
    elif state.phase == BID and state.cur != -1:
        found.append("nobody is on turn while bidding")

    # The current card.
    if (state.phase == VETO) != (state.proposal is not None) or (state.phase == VETO) != bool(state.veto_queue):
        found.append("a proposal and veto queue exist exactly while asking for a Veto")
    held = {seat for seat, _ in state.vetoes}
    if any(s not in held or s == state.cur for s in state.veto_queue):
        found.append("only other players holding a Veto may be asked")
    if (state.pick_region >= 0) != (state.pick_seat >= 0):
        found.append("a picked caballero needs both a region and a seat")
    elif state.pick_region >= 0 and state.board[state.pick_region][state.pick_seat] < 1:
        found.append("the picked caballero is not there")
    if state.placed > (CARD_STACK[state.card] if state.card >= 0 else 0):
        found.append("more caballeros placed than the card allows")

    # Others' steps.
    if (state.phase == RET) != bool(state.ret_queue):
        found.append("the return queue is used exactly while opponents return caballeros")
    if state.cur in state.ret_queue:
        found.append("the acting player does not return caballeros for his own card")
    if (state.phase == DISK) != (state.disk_purpose != D_NONE) or (state.phase == DISK) != bool(state.disk_group):
        found.append("a disk group exists exactly while disks are being set")
    if len(set(state.disk_group)) != len(state.disk_group):
        found.append("disk_group repeats a seat")
    for seat in range(n):
        if state.disks[seat] != NO_DISK and seat not in state.disk_group:
            found.append(f"seat {seat} set a disk outside the group")
        if state.disks[seat] == HIDDEN_DISK and (full or seat == state.viewer):
            found.append("only views hide other players' disks")
        if state.disks[seat] >= 0 and not full and seat != state.viewer:
            found.append("a view shows another player's secret disk")
    if state.phase == DISK and all(state.disks[s] != NO_DISK for s in state.disk_group):
        found.append("every disk is set but they were not revealed")
    if state.phase in (BODY, VETO, RET) or (state.phase == DISK and state.disk_purpose != D_GENERAL):
        if state.card < 0:
            found.append("a turn in progress needs its action card")
    elif state.card >= 0:
        found.append("an action card is in play outside a turn")
    return found
