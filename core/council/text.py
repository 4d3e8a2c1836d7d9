"""Player words for Council of Four: action descriptions, prompts, progress, the log and results.

Everything takes a state or a view and answers in player terms; nothing here changes a state.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from core.council.actions import (
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
from core.council.content import (
    C,
    CITY_INDEX,
    CITY_NAMES,
    PERMIT_INDEX,
    PERMITS,
    REGIONS,
    REWARD_VP,
    ROYAL_BALCONY,
    Bonus,
    bonus_text,
    permit_name,
)
from core.council.helpers import payment_preview
from core.council.rules import PER_ROAD, council_name
from core.council.state import CH_FREE, CH_TOKEN, STAGE_ACQUIRE, STAGE_NONE, STAGE_ROYAL, State


def _tile_name(tile: str) -> str:
    return permit_name(PERMIT_INDEX[tile]) if tile in PERMIT_INDEX else tile


def _permit_text(tile: str) -> str:
    if tile not in PERMIT_INDEX:
        return tile
    return f"{_tile_name(tile)} [{bonus_text(PERMITS[PERMIT_INDEX[tile]].bonus)}]"


def _city_text(letter: str) -> str:
    return CITY_NAMES[CITY_INDEX[letter]] if letter in CITY_INDEX else letter


def _balcony_text(balcony: str) -> str:
    return "the Queen's council" if balcony == "royal" else f"the {balcony} council"


def _article(word: str) -> str:
    """ "an" before a vowel sound ("an orange councillor"), else "a"."""
    return "an" if word[:1] in "aeiou" else "a"


def describe(action: Action, state: State | None = None) -> str:
    """Short human text for an action (see :meth:`CouncilGame.describe`)."""
    if isinstance(action, Elect):
        return f"Elect {_article(action.colour)} {action.colour} councillor to {_balcony_text(action.balcony)} (+{C.elect_income} coins)"
    if isinstance(action, ElectQuick):
        return f"Quick: elect {_article(action.colour)} {action.colour} councillor to {_balcony_text(action.balcony)} for 1 servant"
    if isinstance(action, Acquire):
        return f"Acquire permit {_permit_text(action.tile)}"
    if isinstance(action, Build):
        text = f"Build in {_city_text(action.city)} with permit {_tile_name(action.tile)}"
        if state is not None and action.city in CITY_INDEX:
            need = state.occupancy(CITY_INDEX[action.city])
            if need:
                text += f" (pay {need} servant{'s' if need > 1 else ''})"
        return text
    if isinstance(action, Royal):
        text = f"Queen's help: build in {_city_text(action.city)}"
        if state is not None and action.city in CITY_INDEX:
            roads = state.layout.dist[state.queen][CITY_INDEX[action.city]]
            extra = [f"{roads} road{'s' if roads != 1 else ''}, {PER_ROAD * roads} coins"]
            need = state.occupancy(CITY_INDEX[action.city])
            if need:
                extra.append(f"{need} servant{'s' if need > 1 else ''}")
            text += f" ({', '.join(extra)})"
        return text
    if isinstance(action, Pay):
        cards = " + ".join(action.cards)
        if state is not None:
            total = payment_preview(state, action.cards)
            if total is not None:
                return f"Pay {cards} ({total} coin{'s' if total != 1 else ''})"
        return f"Pay {cards}"
    if isinstance(action, Hire):
        return f"Quick: engage a servant for {C.hire_coins} coins"
    if isinstance(action, Change):
        return f"Quick: change the {action.region} permit tiles for 1 servant"
    if isinstance(action, Extra):
        return f"Quick: one more main action for {C.extra_main_servants} servants"
    if isinstance(action, EndTurn):
        return "End turn"
    if isinstance(action, Token):
        text = f"Take {_city_text(action.city)}'s token"
        if state is not None and action.city in CITY_INDEX:
            bonus = state.city_bonus[CITY_INDEX[action.city]]
            if bonus is not None:
                text += f" ({bonus_text(bonus)})"
        return text
    if isinstance(action, FreePermit):
        return f"Take permit {_permit_text(action.tile)} for free"
    if isinstance(action, Rebonus):
        tile = action.tile
        if tile in PERMIT_INDEX:
            return f"Gain the bonus of permit {_tile_name(tile)} again ({bonus_text(PERMITS[PERMIT_INDEX[tile]].bonus)})"
        return f"Gain the bonus of permit {tile} again"
    return repr(action)


def prompt(state: State, seat: int) -> str:
    """What ``seat`` must decide now."""
    if state.over:
        return "The game is over."
    if seat != state.current:
        return f"Waiting for {state.names[state.current]}."
    if state.pending:
        item = state.pending[-1]
        if item[0] == CH_TOKEN:
            if item[1] == 2:
                return "Nobility: choose the first of two of your cities whose token bonus you gain"
            return "Nobility: choose one of your cities whose token bonus you gain"
        if item[0] == CH_FREE:
            return "Nobility: take one face-up permit tile for free"
        return "Nobility: choose one of your permit tiles to gain its bonus again"
    if state.stage != STAGE_NONE:
        if state.stage == STAGE_ACQUIRE:  # (short: the status line has one row at 80x24)
            region = REGIONS[PERMITS[state.stage_arg].region]
            return f"Choose cards to pay the {region} council for permit {permit_name(state.stage_arg)}"
        return f"Choose cards to pay for the Queen's move to {CITY_NAMES[state.stage_arg]}"
    mains = state.mains_allowed - state.mains_taken
    quick = "" if state.quick_used else " or a quick action"
    if mains > 0:
        which = "your main action" if state.mains_taken == 0 else f"a main action ({mains} left)"
        return f"Take {which}{quick}" + (", or end your turn" if state.mains_taken else "")
    return "Take a quick action or end your turn"


def progress(state: State) -> str:
    """ "Turn 12" (or "Turn 40, final round" once the end is triggered), "Game over" at the end."""
    if state.over:
        return "Game over"
    if state.end_trigger >= 0:
        return f"Turn {state.turn_number}, final round"  # who ended it: in the log (it must fit the status line)
    return f"Turn {state.turn_number}"


def effects(state: State) -> list[str]:
    """Draws, turned-up permits, tokens, rewards and forced moves of the last action."""
    return [text for text in event_texts(state, lambda a: describe(a, state))
            if not text.endswith("'s turn.")]


def paying_for(state: State) -> str:
    """What the waiting payment is for, in words ("" if none)."""
    if state.stage == STAGE_ACQUIRE:
        p = PERMITS[state.stage_arg]
        return f"permit {permit_name(state.stage_arg)} ({council_name(p.region)})"
    if state.stage == STAGE_ROYAL:
        return f"the Queen's move to {CITY_NAMES[state.stage_arg]} ({council_name(ROYAL_BALCONY)})"
    return ""


def event_texts(state: State, describe: Callable[[Any], str] | None = None) -> list[str]:
    """What the last action did, in player words (``describe`` renders automatic actions)."""
    names = state.names
    out = []
    for event in state.events:
        kind = event[0]
        if kind == "turn":
            out.append(f"{names[event[1]]}'s turn.")
        elif kind == "draw":
            n = event[2]
            out.append(f"{names[event[1]]} draws {n} politics card{'s' if n > 1 else ''}.")
        elif kind == "reshuffle":
            out.append("The politics discard pile is shuffled into a new deck.")
        elif kind == "turned_up":
            out.append(f"Permit {permit_name(event[2])} is turned up in the {REGIONS[event[1]]} region.")
        elif kind == "token":
            bonus: Bonus | None = state.city_bonus[event[2]]
            text = "nothing" if bonus is None else bonus_text(bonus)
            out.append(f"{names[event[1]]} gains {CITY_NAMES[event[2]]}'s token: {text}.")
        elif kind == "space":
            out.append(f"{names[event[1]]} reaches nobility space {event[2]}.")
        elif kind == "reward":
            tile = event[2]
            label = f"Queen's reward tile ({REWARD_VP[tile]} VP)" if tile.startswith("queen") else f"{tile} reward tile ({REWARD_VP[tile]} VP)"
            out.append(f"{names[event[1]]} takes the {label}.")
        elif kind == "last_merchant":
            out.append(
                f"{names[event[1]]} placed their last merchant (+{C.last_merchant_vp} VP): "
                "everyone else plays one more turn."
            )
        elif kind == "auto":
            text = describe(event[2]) if describe else repr(event[2])
            out.append(f"{names[event[1]]}: {text} (the only option).")
        elif kind == "over":
            out.append("The game is over.")
    return out


def tie_notes(state: State, totals: Sequence[int], ties: Sequence[int]) -> list[str]:
    """Explain the tie-break (servants + politics cards) and shared places."""
    names = state.names
    notes = []
    for total in sorted(set(totals), reverse=True):
        group = [s for s in range(state.players) if totals[s] == total]
        if len(group) < 2:
            continue
        who = " and ".join(names[s] for s in group)
        if len({ties[s] for s in group}) > 1:
            listing = ", ".join(f"{names[s]} {ties[s]}" for s in group)
            notes.append(f"{who} tied on {total} VP; more servants + politics cards ranks higher ({listing}).")
        for value in sorted({ties[s] for s in group}, reverse=True):
            still = [s for s in group if ties[s] == value]
            if len(still) > 1:
                notes.append(f"{' and '.join(names[s] for s in still)} share their place (tied on the tie-break too).")
    return notes
