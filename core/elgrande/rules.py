"""El Grande rules: setup, the round flow, legal moves and applying them (rules: "A round",
"Action cards in short"; the engine's decision model).

The state always waits for one decision: one seat, or one simultaneous secret-disk group.
Everything automatic (revealing cards, scorings, resolving disks, ending turns and rounds)
happens inside the :func:`apply_in_place` call that completes the enabling decision, and
any decision with a single legal option is taken by the engine and recorded as an
``("auto", seat, action, facts)`` event (the forced-move rule: a decision with one option is
never asked).

Flow of a round: ``bid`` (power cards clockwise from the previous round's lowest bidder) →
per player, highest bid first: ``court`` (refill from the provinces) → ``pull`` (shortage:
own caballeros from regions) → ``take`` (an action card) → ``body`` (placement and the
special action, in either order) with ``veto`` windows and the ``ret``/``disk`` steps that
other players decide → end of round (and a general scoring with a ``disk`` group after
rounds 3, 6 and 9).

This module is the rules' one public entry point: :func:`new_game`, :func:`to_act`,
:func:`legal_actions` and :func:`apply_in_place` live here, and it re-exports the public
names of the concern modules behind it (``__all__``), lowest first: ``legal`` (every legal
move of the decision at hand), ``rounds`` (bids, turns, the end of a round, scorings and
secret-disk groups) and ``specials`` (a turn's body: placements, the special action and its
Veto windows). Each imports only those below it.

Everything here works on :class:`~core.elgrande.state.State` and is written for speed;
:func:`core.elgrande.explain.why_illegal` gives player-readable reasons. What an action
causes is recorded in ``state.events`` (kinds: :data:`~core.elgrande.state.EVENTS`), which
each applied action starts afresh; :func:`core.elgrande.text.event_texts` words them.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from core.elgrande.actions import (
    Action,
    Allow,
    Court,
    CourtFrom,
    CourtStop,
    Disk,
    Power,
    Ret,
    Take,
    Veto,
)
from core.elgrande.content import DECKS, SETUP
from core.elgrande.legal import (
    ALL_OWN_MOVE,
    AREAS,
    PLACE_NEAR,
    POWER_CAB,
    REGION_RANGE,
    _legal,
    can_place,
    disk_options,
    first_steps,
    remove_disk_options,
    scoreboard_moves,
)
from core.elgrande.rounds import GENERAL_ROUNDS, _bid, _refill, _resolve_disks, _start_round, _take
from core.elgrande.specials import _answer_veto, _apply_body, _ret
from core.elgrande.state import (
    BID,
    BODY,
    COURT,
    DISK as DISK_PHASE,
    NO_DISK,
    OVER,
    RET as RET_PHASE,
    TAKE as TAKE_PHASE,
    VETO as VETO_PHASE,
    State,
    action_facts,
    playable_rounds,
)
from core.rng import Rng


# --- setup ------------------------------------------------------------------------------------
def new_game(names: Sequence[str], seed: int, options: Mapping[str, Any]) -> State:
    """Set up a game (rules: "Set-up") with parsed options; raises ValueError for bad input.

    Options: ``veto_windows`` ("every_step"/"start_only"), ``use_veto``,
    ``castillo_visible``, ``short_game``, ``score_class_uses_printed`` (bools) and
    ``first_player`` ("random" or a seat number as text).
    """
    n = len(names)
    if not SETUP.min_players <= n <= SETUP.max_players:
        raise ValueError(f"El Grande takes {SETUP.min_players}-{SETUP.max_players} players, not {n}")
    state = State(tuple(str(name) for name in names))
    state.veto_windows = str(options.get("veto_windows", "every_step"))
    if state.veto_windows not in ("every_step", "start_only"):
        raise ValueError(f"veto_windows must be every_step or start_only, not {state.veto_windows!r}")
    state.use_veto = bool(options.get("use_veto", True))
    state.castillo_visible = bool(options.get("castillo_visible", True))
    state.short_game = bool(options.get("short_game", False))
    state.printed_classes = bool(options.get("score_class_uses_printed", False))
    rng = Rng(seed)
    state.rng = rng
    regions = list(REGION_RANGE)
    rng.shuffle(regions)
    state.king = regions[0]
    for seat in range(n):
        home = regions[1 + seat]
        state.grandes[seat] = home
        state.board[home][seat] = SETUP.home_region_caballeros
        state.court[seat] = SETUP.court
        state.provinces[seat] = SETUP.provinces
    for i in range(4):
        deck = list(DECKS[i + 1])
        rng.shuffle(deck)
        state.stacks[i] = deck
    first = options.get("first_player", "random")
    if first == "random" or first is None:
        state.bid_first = rng.randbelow(n)
    else:
        try:
            seat = int(first)
        except (TypeError, ValueError):
            raise ValueError(f"first_player must be 'random' or a seat number, not {first!r}") from None
        if not 0 <= seat < n:
            raise ValueError(f"first_player {seat} is not a seat: a {n}-player game has seats 0 to {n - 1}")
        state.bid_first = seat
    state.events.append(("start", state.king, tuple(state.grandes)))
    state.round = playable_rounds(state.short_game)[0]
    _start_round(state)
    _settle(state)
    return state


# --- who acts ---------------------------------------------------------------------------------
def to_act(state: State) -> list[int]:
    """Seats that must decide now (several only for a secret-disk group)."""
    phase = state.phase
    if phase == BID:
        return [(state.bid_first + state.bid_count) % state.players]
    if COURT <= phase <= BODY:
        return [state.cur]
    if phase == VETO_PHASE:
        return [state.veto_queue[0]]
    if phase == RET_PHASE:
        return [state.ret_queue[0]]
    if phase == DISK_PHASE:
        disks = state.disks
        return [s for s in state.disk_group if disks[s] == NO_DISK]
    return []


# --- legal actions ----------------------------------------------------------------------------
def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` now (empty if it need not act)."""
    cache = state.cache
    if cache is not None and state.cache_seat == seat:
        return cache[:]
    if seat not in to_act(state):
        return []
    return _legal(state, seat)


# --- applying ---------------------------------------------------------------------------------
def apply_in_place(state: State, seat: int, action: Action) -> None:
    """Perform a legal action (not re-checked), then every automatic step that follows."""
    state.cache = None
    state.events = []
    _apply(state, seat, action)
    _settle(state)


def _settle(state: State) -> None:
    """Run forced decisions (single legal option) until a real choice or the end."""
    while True:
        phase = state.phase
        if phase == OVER:
            state.cache = None
            return
        if phase == DISK_PHASE:
            state.cache = None
            for s in state.disk_group:
                if state.disks[s] == NO_DISK:
                    options = disk_options(state, s)
                    if len(options) == 1:
                        state.disks[s] = options[0]
                        state.events.append(("disk_auto", s))
            if any(state.disks[s] == NO_DISK for s in state.disk_group):
                return
            _resolve_disks(state)
            continue
        seat = to_act(state)[0]
        actions = _legal(state, seat)
        if len(actions) != 1:
            if not actions:
                raise RuntimeError(f"no legal action in phase {state.phase_name}: the state is inconsistent")
            state.cache = actions
            state.cache_seat = seat
            return
        action = actions[0]
        state.events.append(("auto", seat, action, action_facts(state, action)))
        _apply(state, seat, action)


def _apply(state: State, seat: int, action: Action) -> None:
    if state.phase == BODY:
        _apply_body(state, seat, action)
        return
    match action:  # the most frequent kinds first: each case is one isinstance check
        case Power(value=value):
            _bid(state, seat, value)
        case Take(stack=stack):
            _take(state, seat, stack)
        case Court(n=n):
            _refill(state, seat, n)
        case Disk(region=region):
            state.disks[seat] = region
        case Ret(source=source):
            _ret(state, seat, source)
        case Veto():
            _answer_veto(state, seat, True)
        case Allow():
            _answer_veto(state, seat, False)
        case CourtFrom(region=region):
            state.board[region][seat] -= 1
            state.court[seat] += 1
            state.refill_left -= 1
            if state.refill_left <= 0:
                state.phase = TAKE_PHASE
        case CourtStop():
            state.refill_left = 0
            state.phase = TAKE_PHASE
        case _:
            raise TypeError(f"not an El Grande action for phase {state.phase_name}: {action!r}")


__all__ = [
    "ALL_OWN_MOVE", "AREAS", "GENERAL_ROUNDS", "PLACE_NEAR", "POWER_CAB", "REGION_RANGE",
    "apply_in_place", "can_place", "disk_options", "first_steps", "legal_actions", "new_game",
    "remove_disk_options", "scoreboard_moves", "to_act",
]
