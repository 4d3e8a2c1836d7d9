"""Phase 4, the event (§10): the penalty cards a catastrophe or Social Protest gives a mayor
(:func:`event_hits`: the round's cap, then Prevention Campaign), whether the event can
change anything for them (the test of Civil Defense), and the event applied mayor by mayor
(:func:`_event_for`).
"""

from __future__ import annotations

from core.intendentes.content import (
    DEMONSTRATION,
    ELECTION_SPLENDOR,
    EPIDEMIC_PER,
    MIGRATION_INHABITANTS,
    PENALTY_CAP,
    PREVENTION_CUT,
    PROTEST_CARDS,
    PROTEST_THRESHOLD,
    PROVINCIAL_FUNDS,
    TOURISM_MONEY,
)
from core.intendentes.districts import _has_free, defended, plays
from core.intendentes.state import S_PLACE, S_REMOVE, W_EPIDEMIC, W_MIGRATION, State
from core.intendentes.tables import B_TOURIST, EV_CATASTROPHES, EV_KEY, HOSPITAL, P_PREVENTION


def event_hits(state: State, seat: int, cut: int | None = None) -> tuple[list[int], int, int]:
    """The penalty cards this round's event would give ``seat`` now: ``(cards per type,
    cards lost to the cap, cards Prevention Campaign keeps off)``.

    ``cut`` is the Prevention Campaign reduction (default: what ``seat`` played). The cap
    is applied first, then the cut, taken off the last catastrophe first (§10). Civil
    Defense is not looked at here.
    """
    hits = [0, 0, 0, 0]
    event = state.event
    if event < 0:
        return hits, 0, 0
    if cut is None:
        cut = PREVENTION_CUT * plays(state, seat, P_PREVENTION)
    lost = 0
    prevented = 0
    cats = EV_CATASTROPHES[event]
    if cats:
        room = PENALTY_CAP - state.capped[seat]
        got: list[list[int]] = []
        risk = state.risk[seat]
        for index, threshold in cats:
            k = max(0, risk[index] - threshold)
            take = min(k, room)
            room -= take
            lost += k - take
            got.append([index, take])
        for item in reversed(got):
            c = min(cut, item[1])
            cut -= c
            prevented += c
            item[1] -= c
        for index, take in got:
            hits[index] += take
    elif EV_KEY[event] == "social_protest" and state.discontent[seat] >= PROTEST_THRESHOLD:
        c = min(cut, PROTEST_CARDS)
        prevented = c
        hits[DEMONSTRATION] = PROTEST_CARDS - c
    return hits, lost, prevented


def _event_changes(state: State, seat: int) -> bool:
    """True unless this round's event is certain to change nothing for ``seat`` (P09)."""
    key = EV_KEY[state.event]
    if EV_CATASTROPHES[state.event] and key != "drought":
        return sum(event_hits(state, seat)[0]) > 0
    if key in ("drought", "bumper_harvest", "general_strike", "provincial_funds"):
        return True
    if key == "inflation":
        return False
    if key == "migration_wave":
        return state.supply > 0 and _has_free(state, seat)
    if key == "elections":
        return ELECTION_SPLENDOR[state.discontent[seat]] != 0
    if key == "social_protest":
        return sum(event_hits(state, seat)[0]) > 0
    if key == "epidemic":
        return HOSPITAL not in state.blocks[seat] and sum(state.people[seat]) // EPIDEMIC_PER > 0
    if key == "tourism_boom":
        return any(B_TOURIST[b] for b in state.blocks[seat])
    return True


def _event_for(state: State, seat: int) -> bool:
    """Apply this round's event to ``seat`` (§10). True if ``seat`` must now decide."""
    event = state.event
    key = EV_KEY[event]
    if key == "inflation":
        return False  # the market moved once, before the mayors
    if defended(state, seat):
        state.log.append(("immune", seat, 0))
        return False
    if EV_CATASTROPHES[event] or key == "social_protest":
        hits, lost, prevented = event_hits(state, seat)
        for kind in range(4):
            if hits[kind]:
                state.cards[seat][kind] += hits[kind]
                if kind != DEMONSTRATION:
                    state.capped[seat] += hits[kind]
                state.log.append(("cards", seat, kind, hits[kind], 2 if key == "social_protest" else 0))
        if lost:
            state.log.append(("capped", seat, lost))
        if prevented:
            state.log.append(("prevented", seat, prevented))
        return False
    if key == "provincial_funds":
        state.money[seat] += PROVINCIAL_FUNDS
        state.log.append(("gains", seat, PROVINCIAL_FUNDS))
    elif key == "tourism_boom":
        gain = TOURISM_MONEY * sum(1 for b in state.blocks[seat] if B_TOURIST[b])
        if gain:
            state.money[seat] += gain
            state.log.append(("gains", seat, gain))
    elif key == "elections":
        delta = ELECTION_SPLENDOR[state.discontent[seat]]
        if delta:
            state.splendor[seat] += delta
            state.log.append(("splendor", seat, delta))
    elif key == "migration_wave":
        if state.supply > 0 and _has_free(state, seat):
            state.step = S_PLACE
            state.actor = seat
            state.left = MIGRATION_INHABITANTS
            state.done = 0
            state.why = W_MIGRATION
            return True
    elif key == "epidemic":
        if HOSPITAL in state.blocks[seat]:
            state.log.append(("immune", seat, 1))
            return False
        k = sum(state.people[seat]) // EPIDEMIC_PER
        if k:
            state.log.append(("epidemic", seat, k))
            state.step = S_REMOVE
            state.actor = seat
            state.left = k
            state.done = 0
            state.why = W_EPIDEMIC
            return True
    return False  # Bumper Harvest, General Strike: they act in phase 6
