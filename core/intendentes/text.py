"""Player words for Intendentes: action descriptions, the log's narration and effect lines,
prompts and progress.

* :func:`describe`: a move's short label (the move list, the log), led by what tells it
  apart from its neighbours ("Bid $9", "Play Arson on Bea ($4)", "Move 1 inhabitant
  Initial Town → Field (B29)"). With a state it adds what the state knows (the block on a
  slot, the price, the plan's cost); without one it still names the move.
* :func:`narrate`: the shared log's words for a move, about the player (the log line is led
  by the player's name, so the words never repeat it and never say "you").
* :func:`effects`: the state's ``log`` (:data:`core.intendentes.state.LOG`) in words, from
  public entries only, so any view gives the same lines.
* :func:`prompt` and :func:`progress`: the status line.

Secrets: a plan a mayor keeps (``Keep``) is named only to the mayor who keeps it, in the
menus of their own view; the log says that a plan was kept, never which. Plans that reach
the discard pile are public and named.
"""

from __future__ import annotations

from typing import Any, Sequence, TypeGuard

from core.intendentes.actions import (
    Bid,
    Birth,
    Buy,
    Choose,
    Decline,
    Discard,
    End,
    Fast,
    HydraulicWorks,
    Keep,
    KeepHand,
    Move,
    NationalHelp,
    Officer,
    Open,
    Paid,
    Pass,
    Place,
    Play,
    Remove,
    Skip,
    Stadium,
    Stop,
    TrainStation,
)
from core.intendentes.content import (
    BLOCK_KINDS,
    BLOCKS,
    DECK_SIZE,
    DEMONSTRATION,
    DISPLAY_SLOTS,
    FIRE,
    FLOOD,
    INDEX_PLAN_CUT,
    INSECURITY,
    SOUP_KITCHENS_FOOD,
    WAREHOUSE_MAX,
    EVENTS,
    FAST_INCREASE_MAX,
    FAST_INCREASE_SPLENDOR,
    FOOD_PER_PURCHASE,
    HOUSING_PLAN_CAPACITY,
    INDICES,
    MARKET_PRICES,
    NATIONAL_HELP_COST,
    NATIONAL_HELP_SPLENDOR,
    PAID_ACTION_COST,
    PENALTIES,
    PENALTY_CAP,
    PHASE_NAMES,
    PLANS,
    POLICE,
    REPRESSION_DISCONTENT,
    ROUNDS,
    STADIUM_CALM,
    STADIUM_COST,
    TRAIN_STATION_INHABITANTS,
)
from core.intendentes.state import (
    BONUS_CATEGORIES,
    CARD_SOURCES,
    HIDDEN,
    IMMUNITY,
    NONE,
    S_AUCTION,
    S_BIRTH,
    S_CHOOSE,
    S_DEMOGRAPHY,
    S_FAST,
    S_HAND,
    S_KEEP,
    S_MARKET,
    S_OPEN,
    S_OPEN_BID,
    S_OVER,
    S_PLACE,
    S_REMOVE,
    S_SECURITY,
    S_WINDOW,
    W_ADVISORS,
    W_CREDITS,
    W_EPIDEMIC,
    W_EXODUS,
    W_FAMINE,
    W_IMMIGRATION,
    W_MIGRATION,
    State,
)
from core.words import counted

# --- names ---------------------------------------------------------------------------------------


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def block_label(block: Any) -> str:
    """A block as players see it: "City (B13)" for deck blocks (names repeat: the id tells
    them apart), "Initial Town" for the initial blocks.

    >>> block_label(12), block_label(64)
    ('City (B13)', 'Initial Town')
    """
    if not _is_int(block) or not 0 <= block < len(BLOCKS):
        return f"block {block!r}"
    info = BLOCKS[block]
    return f"{info.name} ({info.id})" if block < DECK_SIZE else info.name


def plan_name(plan: Any) -> str:
    """A plan's name ("Arson"), or "a hidden plan" for a card a view does not show."""
    if _is_int(plan) and 0 <= plan < len(PLANS):
        return PLANS[plan].name
    return "a hidden plan" if plan == HIDDEN else f"plan {plan!r}"


def penalty_name(penalty: Any) -> str:
    """ "Fire", "Flood", "Insecurity" or "Demonstration"."""
    if _is_int(penalty) and 0 <= penalty < len(PENALTIES):
        return PENALTIES[penalty].capitalize()
    return f"penalty {penalty!r}"


def _cards(count: int, penalty: int) -> str:
    """ "1 Fire card", "3 Flood cards"."""
    return counted(count, f"{penalty_name(penalty)} card")


def _event_name(event: Any) -> str:
    if _is_int(event) and 0 <= event < len(EVENTS):
        return EVENTS[event].name
    return "a hidden event"


def _name(state: State | None, seat: Any) -> str:
    if state is not None and _is_int(seat) and 0 <= seat < len(state.names):
        return state.names[seat]
    return f"seat {seat}"


def _names(state: State, seats: Sequence[int]) -> str:
    """ "Ann", "Ann and Bea", "Ann, Bea and Carl"."""
    words = [_name(state, s) for s in seats]
    if len(words) <= 1:
        return "".join(words) or "nobody"
    return ", ".join(words[:-1]) + " and " + words[-1]


def _money(amount: int) -> str:
    return f"${amount}"


def _signed(value: int) -> str:
    """ "+3", "−2", "0" (a true minus sign)."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"\u2212{-value}"
    return "0"


def _phase_name(phase: Any) -> str:
    if _is_int(phase) and 1 <= phase <= len(PHASE_NAMES):
        return PHASE_NAMES[phase - 1]
    return f"phase {phase}"


def _slot_block(state: State | None, slot: Any) -> int:
    """The block on display ``slot`` (or NONE)."""
    if state is None or not _is_int(slot) or not 0 <= slot < len(state.display):
        return NONE
    return state.display[slot]


def _slot_text(state: State | None, slot: Any) -> str:
    block = _slot_block(state, slot)
    if block != NONE:
        return block_label(block)
    if _is_int(slot) and 0 <= slot < DISPLAY_SLOTS:
        return f"block #{slot + 1}"
    return f"block {slot!r}"


def _plan_cost(state: State, seat: int, plan: int) -> int:
    from core.intendentes.rules import plan_cost

    return plan_cost(state, seat, plan)


def _price(state: State, seat: int) -> int:
    from core.intendentes.rules import market_price

    return market_price(state, seat)


def _valid_seat(state: State | None, seat: int) -> bool:
    return state is not None and _is_int(seat) and 0 <= seat < state.players


# --- describe ------------------------------------------------------------------------------------


def describe(action: Any, state: State | None = None) -> str:
    """Short text for an action (menus, the log); ``state`` (the chooser's view in menus)
    adds context: the block on a slot, prices, a plan's cost. A kept plan is named only
    when ``state`` is the view of the mayor who keeps it (their menu); with the whole
    game, another view or no state (logs, saves) the words do not say which."""
    seat = state.actor if state is not None and state.step != S_OVER else NONE
    return _describe(action, state, seat, chooser=state is not None and state.viewer == seat >= 0)


def _describe(action: Any, state: State | None, seat: int, chooser: bool) -> str:
    """:func:`describe` for ``seat`` acting in ``state``; ``chooser``: the words are for
    that seat (they may name the plan it keeps)."""
    known = _valid_seat(state, seat)
    match action:
        case Play(plan=plan, target=target):
            return _play_text(state, seat, plan, target)
        case Pass():
            if state is not None and state.step == S_AUCTION:
                return "Pass (out of this auction)"
            if state is not None and state.step == S_MARKET:
                return "Pass (buy no food)"
            return "Pass"
        case Open(slot=slot):
            block = _slot_block(state, slot)
            if block != NONE:
                return f"Open the auction for {block_label(block)} (from {_money(BLOCKS[block].cost)})"
            return f"Open the auction for {_slot_text(state, slot)}"
        case Decline(slot=slot):
            return f"Decline, and put {_slot_text(state, slot)} up for auction"
        case Bid(amount=amount):
            return f"Bid {_money(amount)}"
        case Move(from_block=a, to_block=b):
            return f"Move 1 inhabitant {block_label(a)} \u2192 {block_label(b)}"
        case TrainStation(block=block):
            return f"Train Station: {counted(TRAIN_STATION_INHABITANTS, 'new inhabitant')} on {block_label(block)}"
        case End():
            if state is not None and state.step == S_DEMOGRAPHY:
                return "End the Demography turn"
            if state is not None and state.step == S_SECURITY:
                return "End the Security turn"
            return "End the turn"
        case Keep(plan=plan):
            lead = "Advisors: keep" if state is not None and state.why == W_ADVISORS else "Keep"
            if chooser:
                return f"{lead} {plan_name(plan)}"
            return f"{lead} one of the drawn plans"
        case KeepHand():
            return "Keep the hand (draw nothing)"
        case Discard(plan=plan):
            return f"Discard {plan_name(plan)}, then draw 2"
        case Officer(block=block, penalty=penalty):
            text = f"Officer of {block_label(block)} removes {_a(penalty_name(penalty))} card"
            if penalty == DEMONSTRATION:
                text += f" ({_signed(REPRESSION_DISCONTENT)} discontent)"
            return text
        case Paid(block=block):
            index = "insecurity"
            if _is_int(block) and 0 <= block < len(BLOCKS) and BLOCKS[block].kind != POLICE:
                index = "fire"
            return f"Pay {_money(PAID_ACTION_COST)} at {block_label(block)}: {index} index \u22121"
        case NationalHelp(penalty=penalty):
            extra = f", {_signed(REPRESSION_DISCONTENT)} discontent" if penalty == DEMONSTRATION else ""
            return (
                f"National help: remove {_a(penalty_name(penalty))} card "
                f"({_money(NATIONAL_HELP_COST)}, \u2212{NATIONAL_HELP_SPLENDOR} splendor{extra})"
            )
        case HydraulicWorks():
            return "Hydraulic Works: remove a Flood card (free)"
        case Stadium():
            return f"Stadium: discontent \u2212{STADIUM_CALM} for {_money(STADIUM_COST)}"
        case Buy():
            if known and state is not None:
                return f"Buy {FOOD_PER_PURCHASE} food for {_money(_price(state, seat))}"
            return f"Buy {FOOD_PER_PURCHASE} food"
        case Place(block=block):
            return f"Place an inhabitant on {block_label(block)}"
        case Stop():
            if state is not None and state.step == S_FAST:
                return "Stop the fast increase here"
            return "Stop placing newcomers"
        case Remove(block=block):
            return f"Remove an inhabitant from {block_label(block)}"
        case Choose(block=block):
            return f"Housing Plan: {block_label(block)} gets +{HOUSING_PLAN_CAPACITY} capacity"
        case Birth(block=block):
            if state is not None and state.why == W_CREDITS:
                return f"Housing Credits: 1 inhabitant on {block_label(block)}"
            return f"Birth on {block_label(block)}"
        case Fast(block=block):
            if state is not None and state.step == S_FAST and state.done > 0:
                return f"Fast increase: 1 more on {block_label(block)}"
            return f"Fast increase: 1 on {block_label(block)} (\u2212{FAST_INCREASE_SPLENDOR} splendor)"
        case Skip():
            return "No fast increase this round"
    return repr(action)


def _play_text(state: State | None, seat: int, plan: Any, target: Any) -> str:
    name = plan_name(plan)
    if not (_is_int(plan) and 0 <= plan < len(PLANS)):
        return f"Play {name}"
    info = PLANS[plan]
    text = f"Play {name}"
    if info.neighbour:
        text += f" on {_name(state, target)}"
        payer = seat
    else:
        payer = target if _valid_seat(state, target) else seat
    if state is not None and _valid_seat(state, payer):
        text += f" ({_money(_plan_cost(state, payer, plan))})"
    else:
        text += f" ({_money(info.cost)})"
    return text


# --- narration -----------------------------------------------------------------------------------


def narrate(action: Any, seat: int, before: State, after: State) -> str:
    """The shared log's words for ``seat``'s action in ``before`` (``after``: the state it
    led to; both are the spectator's views): about that player, in the third person, never
    "you" (the log line is led by their name). What a move changed that the state's log
    does not tell (an index, a card removed) is added from the two states."""
    match action:
        case Play(plan=plan, target=target):
            return _play_narration(before, seat, plan, target)
        case Pass():
            if before.step == S_AUCTION:
                block = _slot_block(before, before.slot)
                return f"Passes on {block_label(block)}" if block != NONE else "Passes in the auction"
            if before.step == S_MARKET:
                return "Buys no food"
            return f"Plays no more {_phase_name(before.phase)} plans"
        case Open(slot=slot):
            return f"Opens the auction for {_slot_text(before, slot)}"
        case Decline(slot=slot):
            return f"Declines, and puts {_slot_text(before, slot)} up for auction"
        case Bid(amount=amount):
            block = _slot_block(before, before.slot)
            if block != NONE:
                return f"Bids {_money(amount)} for {block_label(block)}"
            return f"Bids {_money(amount)}"
        case Move(from_block=a, to_block=b):
            return f"Moves 1 inhabitant {block_label(a)} \u2192 {block_label(b)}"
        case TrainStation(block=block):
            return f"Uses the Train Station: {counted(TRAIN_STATION_INHABITANTS, 'new inhabitant')} on {block_label(block)}"
        case End():
            return f"Ends the {_phase_name(before.phase)} turn"
        case Keep():
            why = "Advisors: keeps" if before.why == W_ADVISORS else "Keeps"
            return f"{why} one of the 2 drawn plans"
        case KeepHand():
            return "Keeps the hand and draws nothing"
        case Discard(plan=plan):
            return f"Discards {plan_name(plan)}, then draws 2"
        case Officer(block=block, penalty=penalty):
            return f"Officer of {block_label(block)} removes {_a(penalty_name(penalty))} card"
        case Paid(block=block):
            text = f"Pays {_money(PAID_ACTION_COST)} at {block_label(block)}"
            if _is_int(block) and 0 <= block < len(BLOCKS) and _valid_seat(before, seat):
                index = INSECURITY if BLOCKS[block].kind == POLICE else FIRE
                text += ": " + _index_drop(before, seat, index, 1)
            return text
        case NationalHelp(penalty=penalty):
            return (
                f"Calls national help ({_money(NATIONAL_HELP_COST)}, \u2212{NATIONAL_HELP_SPLENDOR} splendor): "
                f"removes {_a(penalty_name(penalty))} card"
            )
        case HydraulicWorks():
            return "Uses the Hydraulic Works: removes a Flood card"
        case Stadium():
            return f"Uses the Stadium ({_money(STADIUM_COST)})"
        case Buy():
            return f"Buys {FOOD_PER_PURCHASE} food for {_money(_price(before, seat))}"
        case Place(block=block):
            why = {W_IMMIGRATION: " (Immigration Program)", W_MIGRATION: " (Migration Wave)",
                   W_EXODUS: " (Rural Exodus)"}.get(before.why, "")
            return f"Places an inhabitant on {block_label(block)}{why}"
        case Remove(block=block):
            why = {W_FAMINE: " (famine)", W_EPIDEMIC: " (Epidemic)", W_EXODUS: " (Rural Exodus)"}.get(before.why, "")
            return f"Removes an inhabitant from {block_label(block)}{why}"
        case Choose(block=block):
            return f"Enlarges {block_label(block)} by {HOUSING_PLAN_CAPACITY} (Housing Plan)"
        case Birth(block=block):
            if before.why == W_CREDITS:
                return f"Places a Housing Credits inhabitant on {block_label(block)}"
            return f"Gives a birth to {block_label(block)}"
        case Fast(block=block):
            if before.step == S_FAST and before.done > 0:
                return f"Fast increase: 1 more on {block_label(block)}"
            return f"Fast increase: 1 on {block_label(block)} (\u2212{FAST_INCREASE_SPLENDOR} splendor)"
        case Skip():
            return "Makes no fast increase this round"
        case Stop():
            if before.step == S_FAST:
                return f"Stops the fast increase at {before.done}"
            return f"Stops after {counted(before.done, 'newcomer')}"
    return _describe(action, before, seat, chooser=False)


def _play_narration(before: State, seat: int, plan: Any, target: Any) -> str:
    if not (_is_int(plan) and 0 <= plan < len(PLANS)):
        return f"Plays {plan_name(plan)}"
    info = PLANS[plan]
    cost = _money(_plan_cost(before, seat, plan)) if _valid_seat(before, seat) else _money(info.cost)
    if info.neighbour:
        return f"Plays {info.name} on {_name(before, target)} ({cost})"
    return f"Plays {info.name} ({cost}){_plan_result(before, seat, plan)}"


def _plan_result(state: State, seat: int, plan: int) -> str:
    """What an own-district plan does at once that the state's log does not tell (an index
    lowered, a card removed, food stored), worked out from ``state`` before it is played
    (": flood index 5 → 3"), or "". Discontent moves are logged by the rules."""
    from core.intendentes.rules import INDEX_PLAN, P_DIALOGUE, P_SOUP, P_VOLUNTEERS, P_WATCH

    if not _valid_seat(state, seat):
        return ""
    if plan in INDEX_PLAN:
        return ": " + _index_drop(state, seat, INDEX_PLAN[plan], INDEX_PLAN_CUT)
    cards = state.cards[seat]
    if plan == P_VOLUNTEERS:
        kind = FIRE if cards[FIRE] > 0 else FLOOD
        return f": removes {_a(penalty_name(kind))} card"
    if plan == P_WATCH:
        return f": removes {_a(penalty_name(INSECURITY))} card"
    if plan == P_DIALOGUE:
        return f": removes {_a(penalty_name(DEMONSTRATION))} card"
    if plan == P_SOUP:
        old = state.warehouse[seat]
        return f": warehouse {old} \u2192 {min(WAREHOUSE_MAX, old + SOUP_KITCHENS_FOOD)}"
    return ""


def _index_drop(state: State, seat: int, index: int, cut: int) -> str:
    """ "fire index 3 → 1" for ``seat``'s ``index`` lowered by ``cut`` (never below 0)."""
    old = state.risk[seat][index]
    return f"{INDICES[index]} index {old} \u2192 {max(0, old - cut)}"


def _a(word: str) -> str:
    """ "a Fire", "an Insecurity"."""
    return f"an {word}" if word[:1].lower() in "aeiou" else f"a {word}"


# --- effects -------------------------------------------------------------------------------------


def effects(state: State) -> list[str]:
    """What the latest action caused beyond itself (``state.log``), one line per entry
    (incomes and decline losses of all mayors together); public on every view."""
    out: list[str] = []
    log = state.log
    i = 0
    while i < len(log):
        entry = log[i]
        kind = entry[0]
        if kind in ("income", "decline"):
            run = [entry]
            while i + 1 < len(log) and log[i + 1][0] == kind:
                i += 1
                run.append(log[i])
            out.append(_run_text(state, kind, run))
        else:
            text = _entry_text(state, i)
            if text:
                out.append(text)
        i += 1
    return out


def _run_text(state: State, kind: str, run: list[tuple[Any, ...]]) -> str:
    if kind == "income":
        parts = ", ".join(f"{_name(state, e[1])} {_money(e[2])}" for e in run)
        return f"Income: {parts}."
    losses = [e for e in run if e[2]]
    if not losses:
        return "Decline: nobody loses splendor."
    parts = ", ".join(f"{_name(state, e[1])} \u2212{e[2]}" for e in losses)
    return f"Decline (splendor lost): {parts}."


def _entry_text(state: State, i: int) -> str:
    """The words for ``state.log[i]`` ("" for an entry that needs none)."""
    entry = state.log[i]
    kind = entry[0]
    name = _name(state, entry[1]) if len(entry) > 1 and kind not in _NO_SEAT else ""
    if kind == "round":
        return f"Round {entry[1]} of {ROUNDS} begins."
    if kind == "order":
        return f"Turn order: {', '.join(_name(state, s) for s in entry[1])}."
    if kind == "phase":
        return f"Phase {entry[1]}: {_phase_name(entry[1])}."
    if kind == "last_space":
        return f"{name} is on the last discontent space and takes a Demonstration card."
    if kind == "auto":
        return f"{name}: {_auto_text(state, i)} (only option)."
    if kind == "over":
        winners = list(entry[1])
        if not winners:
            return "Game over."
        best = state.splendor[winners[0]]
        verb = "share the victory" if len(winners) > 1 else "wins"
        return f"Game over: {_names(state, winners)} {verb} with {best} splendor."
    if kind == "final":
        return _final_text(state, entry[1])
    if kind == "acquire":
        return _acquire_text(state, entry)
    if kind == "unsold":
        return f"Nobody bids for {block_label(entry[1])}: it goes to the block discard pile."
    if kind == "refill":
        slot, block, after = entry[1], entry[2], entry[3]
        if block == NONE:
            return f"Slot #{slot + 1} stays empty: no blocks are left."
        text = f"{block_label(block)} fills slot #{slot + 1}"
        if after != NONE:
            return f"{text}; the next block is {block_label(after)}."
        return f"{text}; no next block is left."
    if kind == "block_reshuffle":
        return f"The block discard pile ({entry[1]}) is shuffled into a new block deck."
    if kind == "bidding_over":
        return "The bidding is over for this round."
    if kind == "draw":
        if not entry[2]:
            return f"{name} draws no plan: the plan deck and discard pile are empty."
        return f"{name} draws {counted(entry[2], 'plan')}."
    if kind == "plan_discard":
        return f"{name} discards {plan_name(entry[2])}."
    if kind == "plan_reshuffle":
        return f"The plan discard pile ({entry[1]}) is shuffled into a new plan deck."
    if kind == "pays":
        return f"{name} pays {_money(entry[2])} to the bank."
    if kind == "exodus":
        return f"{name} loses an inhabitant from {block_label(entry[3])} to {_name(state, entry[2])}."
    if kind == "event":
        return f"Event of round {state.round}: {_event_name(entry[1])}."
    if kind == "immune":
        why = IMMUNITY[entry[2]] if 0 <= entry[2] < len(IMMUNITY) else ""
        shield = "Civil Defense" if why == "civil_defense" else "the Hospital"
        return f"The event passes {name} by ({shield})."
    if kind == "cards":
        return _cards_text(state, entry)
    if kind == "capped":
        return f"{name} is spared {counted(entry[2], 'card')} by the cap of {PENALTY_CAP} a round."
    if kind == "prevented":
        return f"Prevention Campaign keeps {counted(entry[2], 'card')} off {name}."
    if kind == "gains":
        return f"{name} receives {_money(entry[2])}."
    if kind == "splendor":
        delta = entry[2]
        verb = "gains" if delta > 0 else "loses"
        return f"{name} {verb} {abs(delta)} splendor."
    if kind == "inflation":
        return f"Inflation: food goes from {_price_at(entry[1])} to {_price_at(entry[2])}."
    if kind == "epidemic":
        return f"Epidemic: {name} must remove {counted(entry[2], 'inhabitant')}."
    if kind == "migration":
        return f"{name} settles {counted(entry[2], 'newcomer')} (Migration Wave)."
    if kind == "discontent":
        return _discontent_text(state, entry)
    if kind == "market":
        if entry[1] == entry[2]:
            return f"The food price stays at {_price_at(entry[2])}."
        return f"The food price falls back from {_price_at(entry[1])} to {_price_at(entry[2])}."
    if kind == "food":
        made, eaten, store, missing = entry[2:6]
        text = f"{name}: {made} food made, {eaten} eaten, warehouse {store}"
        if missing:
            text += f"; {missing} food short: famine"
        return text + "."
    if kind == "famine":
        return f"Famine: {name} loses {counted(entry[2], 'inhabitant')}."
    if kind == "births":
        return f"{name}: {counted(entry[2], 'birth')}."
    if kind == "credits":
        return f"{name}: {counted(entry[2], 'new inhabitant')} from Housing Credits."
    if kind == "lost":
        return f"{name}: {counted(entry[2], 'inhabitant')} not placed (the supply is empty)."
    return ""


_NO_SEAT = frozenset(
    ("round", "order", "phase", "over", "final", "unsold", "refill", "block_reshuffle", "plan_reshuffle",
     "event", "inflation", "market", "bidding_over")
)


def _price_at(space: int) -> str:
    if _is_int(space) and 0 <= space < len(MARKET_PRICES):
        return _money(MARKET_PRICES[space])
    return f"space {space}"


def _acquire_text(state: State, entry: tuple[Any, ...]) -> str:
    _, seat, block, paid, placed, deltas = entry
    from core.intendentes.rules import P_TENDER

    tender = " with Public Tender" if P_TENDER in state.round_plays[seat] else ""
    parts = []
    if placed:
        parts.append(counted(placed, "inhabitant"))
    splendor = BLOCKS[block].splendor
    if splendor:
        parts.append(f"{_signed(splendor)} splendor")
    for index, delta in enumerate(deltas):
        if delta:
            parts.append(f"{INDICES[index]} {_signed(delta)}")
    detail = f" ({', '.join(parts)})" if parts else ""
    return f"{_name(state, seat)} acquires {block_label(block)} for {_money(paid)}{tender}{detail}."


def _cards_text(state: State, entry: tuple[Any, ...]) -> str:
    _, seat, penalty, count, source = entry
    where = CARD_SOURCES[source] if 0 <= source < len(CARD_SOURCES) else ""
    why = {"arson": " (Arson)", "protest": " (Social Protest)", "last_space": " (last discontent space)"}.get(where, "")
    return f"{_name(state, seat)} takes {_cards(count, penalty)}{why}."


def _discontent_text(state: State, entry: tuple[Any, ...]) -> str:
    _, seat, start, end, taken, returned = entry
    verb = "rises" if end > start else "falls"
    text = f"{_name(state, seat)}'s discontent {verb} from {start} to {end}"
    if taken:
        text += f" and takes {_cards(taken, DEMONSTRATION)}"
    if returned:
        text += f" and returns {_cards(returned, DEMONSTRATION)}"
    return text + "."


def _final_text(state: State, totals: Sequence[int]) -> str:
    rows = state.final
    parts = []
    for seat, total in enumerate(totals):
        line = f"{_name(state, seat)} {_signed(total)}"
        if seat < len(rows) and len(rows[seat]) == len(BONUS_CATEGORIES):
            detail = ", ".join(
                f"{category.lower()} {_signed(points)}"
                for category, points in zip(BONUS_CATEGORIES, rows[seat])
                if points
            )
            if detail:
                line += f" ({detail})"
        parts.append(line)
    return f"Final scoring: {'; '.join(parts)}."


def _auto_text(state: State, i: int) -> str:
    """A move the engine made for a mayor with a single option (``auto`` entry ``i``)."""
    _, seat, action = state.log[i]
    match action:
        case Decline():
            block = _following_block(state, i, seat)
            what = f"puts {block_label(block)} up for auction" if block != NONE else "declines"
            return f"can afford no block and {what}"
        case Open(slot=slot):
            return f"opens the auction for {_slot_text(None, slot)}"
        case Pass():
            return "cannot outbid and passes"
        case Bid(amount=amount):
            return f"bids {_money(amount)}"
        case Place(block=block):
            return f"places an inhabitant on {block_label(block)}"
        case Remove(block=block):
            return f"removes an inhabitant from {block_label(block)}"
        case Choose(block=block):
            return f"Housing Plan on {block_label(block)} (+{HOUSING_PLAN_CAPACITY} capacity)"
        case Birth(block=block):
            return f"a birth on {block_label(block)}"
        case Fast(block=block):
            return f"fast increase on {block_label(block)}"
    words = _describe(action, None, seat, chooser=False)
    return words[0].lower() + words[1:]


def _following_block(state: State, i: int, seat: int) -> int:
    """The block an automatic decline put up: the one a later entry acquires or discards,
    or the one still auctioned in ``state``."""
    for entry in state.log[i + 1:]:
        if entry[0] == "acquire":
            return int(entry[2])
        if entry[0] == "unsold":
            return int(entry[1])
    if state.decliner == seat:
        return _slot_block(state, state.slot)
    return NONE


# --- prompt and progress -------------------------------------------------------------------------


def prompt(state: State, seat: int) -> str:
    """What ``seat`` has to decide now, in a few words (or whom the game waits for)."""
    if state.step == S_OVER:
        return "The game is over."
    actor = state.actor
    if seat != actor:
        return f"Waiting for {_name(state, actor)} {_waiting_for(state)}."
    step = state.step
    phase = _phase_name(state.phase)
    if step == S_WINDOW:
        from core.intendentes.plans import _stadium_ok

        if _stadium_ok(state, seat):
            return f"Play {phase} plans or use the Stadium, then pass."
        return f"Play {phase} plans, then pass."
    if step == S_OPEN:
        return "Open an auction, or decline and name a block for the others."
    if step == S_OPEN_BID:
        block = _slot_block(state, state.slot)
        low = BLOCKS[block].cost if block != NONE else 0
        return f"Opening bid for {block_label(block)}: {_money(low)} to {_money(state.money[seat])}."
    if step == S_AUCTION:
        block = _slot_block(state, state.slot)
        if state.high_bidder != NONE:
            return (
                f"{block_label(block)}: raise above {_money(state.high_bid)} "
                f"({_name(state, state.high_bidder)}) or pass."
            )
        low = BLOCKS[block].cost if block != NONE else 0
        return f"{block_label(block)}: bid {_money(low)} or more, or pass."
    if step == S_DEMOGRAPHY:
        return "Move inhabitants between your blocks, then end."
    if step == S_HAND:
        return "Your hand is full: keep it, or discard a plan to draw 2."
    if step == S_KEEP:
        if state.why == W_ADVISORS:
            return "Advisors: keep one of the two plans drawn."
        return "Keep one of the two plans drawn."
    if step == S_SECURITY:
        return "Security: use officers, national help or plans, then end."
    if step == S_MARKET:
        return f"Buy {FOOD_PER_PURCHASE} food for {_money(_price(state, seat))}, or pass?"
    if step == S_PLACE:
        why = state.why
        if why == W_EXODUS:
            return "Rural Exodus: choose where the inhabitant settles."
        if why == W_MIGRATION:
            return f"Migration Wave: place a newcomer ({state.left} left), or stop."
        if why == W_IMMIGRATION:
            return f"Immigration Program: choose where the new inhabitant goes ({state.left} left)."
        return "Choose where the new inhabitant goes."
    if step == S_REMOVE:
        why = state.why
        if why == W_FAMINE:
            return f"Famine: remove {counted(state.left, 'inhabitant')}."
        if why == W_EPIDEMIC:
            return f"Epidemic: remove {counted(state.left, 'inhabitant')}."
        if why == W_EXODUS:
            by = state.queue[0][1] if state.queue else NONE
            return f"Rural Exodus by {_name(state, by)}: choose the block that loses an inhabitant."
        return "Choose the block that loses an inhabitant."
    if step == S_CHOOSE:
        return f"Housing Plan: choose the town or city that gets +{HOUSING_PLAN_CAPACITY} capacity."
    if step == S_BIRTH:
        what = "Housing Credits inhabitants" if state.why == W_CREDITS else "births"
        return f"Too few inhabitants in the supply: choose the blocks for the {what} ({state.left} left)."
    if step == S_FAST:
        if state.done == 0:
            return (
                f"Fast increase: up to {FAST_INCREASE_MAX} new inhabitants for "
                f"{FAST_INCREASE_SPLENDOR} splendor, or skip."
            )
        return f"Fast increase: place {state.left} more, or stop."
    return "Choose an action."


def _waiting_for(state: State) -> str:
    """What the acting mayor is deciding, as "to …" (after "Waiting for Bea")."""
    step = state.step
    if step == S_WINDOW:
        return f"to play {_phase_name(state.phase)} plans or pass"
    if step == S_OPEN:
        return "to open an auction or decline"
    if step == S_OPEN_BID:
        return "to make the opening bid"
    if step == S_AUCTION:
        return "to bid or pass"
    if step == S_DEMOGRAPHY:
        return "to move inhabitants"
    if step in (S_HAND, S_KEEP):
        return "to choose plans"
    if step == S_SECURITY:
        return "to take security actions"
    if step == S_MARKET:
        return "to buy food or pass"
    if step == S_PLACE:
        return "to place inhabitants"
    if step == S_REMOVE:
        return "to remove inhabitants"
    if step == S_CHOOSE:
        return "to choose a block for the Housing Plan"
    if step == S_BIRTH:
        return "to choose where the births go"
    if step == S_FAST:
        return "to decide on a fast increase"
    return "to decide"


def progress(state: State) -> str:
    """ "Round 3/8 · Phase 5 Security" (plans and the help name phases by number), or
    "Game over"."""
    if state.step == S_OVER:
        return "Game over"
    return f"Round {state.round}/{ROUNDS} \u00b7 Phase {state.phase} {_phase_name(state.phase)}"


def _sentence(text: str) -> str:
    """``text`` ending with a full stop."""
    return text if text.endswith((".", "!", "?")) else text + "."


def rules_appendix() -> str:
    """Every plan, event and block of the game's content, for the rules help (the board can
    show only a few words of each at 80x24)."""
    lines = ["## Every plan", ""]
    for plan in PLANS:
        copies = f" ×{len(plan.ids)}" if len(plan.ids) > 1 else ""
        target = "on a neighbour" if plan.neighbour else "your district"
        lines.append(f"- **{plan.name}**{copies}: ${plan.cost}, phase {plan.phase} "
                     f"{PHASE_NAMES[plan.phase - 1]}, {target}. {_sentence(plan.text)}")
    lines += ["", "## Every event", "", "Events marked (family) are the family game's deck.", ""]
    for event in EVENTS:
        family = " (family)" if event.family else ""
        lines.append(f"- **{event.name}**{family}: {_sentence(event.text)}")
    lines += ["", "## Every block", "",
              "Cost, then what it holds and gives: $ and food per inhabitant, inhabitants it "
              "arrives with / room, splendor on acquisition, and the index changes "
              "(F fire, W flood, I insecurity). What each special block does is told above.", ""]
    for block in BLOCKS[:DECK_SIZE]:
        parts = [f"${block.cost}"]
        if block.population:
            parts.append(f"${block.money} and {block.food} food each, {block.initial}/{block.capacity}")
        if block.police or block.firemen:
            parts.append(counted(block.police + block.firemen, "officer"))
        parts.append(f"★{block.splendor}")
        mods = " ".join(f"{'FWI'[i]}{_signed(m)}" for i, m in enumerate(block.mods) if m)
        if mods:
            parts.append(mods)
        lines.append(f"- {block.id} **{block.name}** ({BLOCK_KINDS[block.kind].replace('_', ' ')}): "
                     + ", ".join(parts))
    return "\n".join(lines) + "\n"
