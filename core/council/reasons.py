"""Why the coach suggests a Council of Four move, in a few player words
(:meth:`Game.coach_reason`).

A reason is worked out from the seat's view *before* the move and the move itself, never
from the state after it: that is one sampled future, where the cards drawn and the permits
turned up are guesses. What a merchant brings is the bonus of every city token its network
links, the reward tiles it completes and the last merchant's bonus, all on the open board;
what a councillor does is how much the seat's own hand would pay that council.
"""

from __future__ import annotations

from core.council import payments as pay
from core.council.actions import (
    PAY_CODES,
    Acquire,
    Action,
    Build,
    Change,
    Elect,
    ElectQuick,
    Extra,
    FreePermit,
    Hire,
    Pay,
    Rebonus,
    Royal,
    Token,
)
from core.council.content import (
    BALCONIES,
    C,
    CARD_INDEX,
    CITY_INDEX,
    CITY_NAMES,
    PERMIT_INDEX,
    PERMITS,
    QUEEN_REWARDS,
    REGIONS,
    REWARD_IDS,
    REWARD_VP,
    ROYAL_BALCONY,
    Bonus,
    bonus_text,
    permit_name,
)
from core.council.rules import PER_ROAD, network
from core.council.state import STAGE_ACQUIRE, STAGE_ROYAL, State
from core.words import counted, fit


def _council(balcony: int) -> str:
    return "the Queen's council" if balcony == ROYAL_BALCONY else f"the {BALCONIES[balcony]} council"


def _coins(n: int) -> str:
    return counted(n, "coin")


def _cheapest(state: State, seat: int, balcony: tuple[int, ...]) -> int:
    """Coins the seat's own hand pays ``balcony`` at best (-1: it cannot)."""
    hand = state.hands[seat]
    return -1 if hand is None else pay.cheapest(hand, balcony)


def _council_change(before: State, seat: int, balcony: int, colour: int) -> str:
    """What a new councillor of ``colour`` in ``balcony`` does to the seat's own payment."""
    old = before.balconies[balcony]
    new = (colour,) + tuple(old[:3])
    was, now = _cheapest(before, seat, old), _cheapest(before, seat, new)
    where = _council(balcony)
    if now == was:
        return ""
    if now < 0:
        return f"your cards no longer fit {where}"
    if was < 0:
        return f"your cards now fit {where} ({_coins(now)})"
    if now < was:
        return f"{where} now costs you {_coins(now)} (was {was})"
    return ""


def _bonus_sum(bonuses: list[Bonus]) -> Bonus:
    return Bonus(*(sum(values) for values in zip(*bonuses))) if bonuses else Bonus()


def build_gains(before: State, seat: int, city: int) -> tuple[Bonus, int, list[tuple[str, int]]]:
    """What a merchant of ``seat`` in ``city`` brings at once, from the open board: the sum
    of the tokens its network links, how many tokens, and the reward tiles it completes
    (``("the coast tile", 5)``), the last merchant's bonus included."""
    built = before.built[seat] | (1 << city)
    tokens = [b for c in network(before.layout, built, city) if (b := before.city_bonus[c]) is not None]
    tiles: list[tuple[str, int]] = []
    queen = before.queen_taken
    for k, mask in enumerate(before.layout.tile_mask):
        if before.tiles_left >> k & 1 and built & mask == mask:
            tile = REWARD_IDS[k]
            tiles.append((f"the {tile} tile", REWARD_VP[tile]))
            if queen < len(QUEEN_REWARDS):
                tiles.append(("a Queen's tile", QUEEN_REWARDS[queen]))
                queen += 1
    if before.end_trigger < 0 and built.bit_count() == C.merchants:
        tiles.append(("the last merchant's bonus", C.last_merchant_vp))
    return _bonus_sum(tokens), len(tokens), tiles


def _build_text(before: State, seat: int, city: int, lead: str) -> str:
    total, count, tiles = build_gains(before, seat, city)
    parts = [bonus_text(total)] if count else []
    if len(tiles) == 1:
        parts.append(f"{tiles[0][0]} ({tiles[0][1]} VP)")
    elif tiles:
        parts.append(f"{len(tiles)} reward tiles ({sum(vp for _, vp in tiles)} VP)")
    if not parts:
        return lead
    tokens = f" ({counted(count, 'token')})" if count > 1 else ""
    return fit(f"{lead}, gains {' and '.join(parts)}{tokens}", f"{lead}, gains {' and '.join(parts)}",
               *(f"{lead}, gains {part}" for part in reversed(parts)), lead)


def _permit_text(tile: int, lead: str, price: str = "") -> str:
    bonus = bonus_text(PERMITS[tile].bonus)
    named = f"{lead} {permit_name(tile)}"
    return fit(f"{named}{price}, gains {bonus}", f"{named}, gains {bonus}", named)


def _pay(before: State, seat: int, cards: tuple[str, ...]) -> str:
    codes = PAY_CODES.get(cards)
    if codes is None:
        return ""
    coins = pay.cost(codes)
    jokers = sum(1 for c in codes if c == CARD_INDEX["joker"])
    how = counted(len(codes), "card") + (f", {counted(jokers, 'joker')}" if jokers else "")
    if before.stage == STAGE_ACQUIRE:
        tile = before.stage_arg
        bonus = bonus_text(PERMITS[tile].bonus)
        return fit(f"pays {_coins(coins)} ({how}) for permit {permit_name(tile)}, gains {bonus}",
                   f"pays {_coins(coins)} for permit {permit_name(tile)}, gains {bonus}",
                   f"pays {_coins(coins)} ({how}) for permit {permit_name(tile)}",
                   f"pays {_coins(coins)} for permit {permit_name(tile)}")
    if before.stage == STAGE_ROYAL:
        city = before.stage_arg
        road = PER_ROAD * before.layout.dist[before.queen][city]
        lead = fit(f"pays {_coins(coins + road)} ({how}), builds in {CITY_NAMES[city]}",
                   f"pays {_coins(coins + road)}, builds in {CITY_NAMES[city]}")
        return _build_text(before, seat, city, lead)
    return ""


def coach_reason(before: State, seat: int, action: Action) -> str:
    """Why ``action`` is worth playing for ``seat``, from its view ``before`` the move
    ("" when nothing specific applies: the game's default then tells the standings)."""
    match action:
        case Elect(balcony=balcony, colour=colour):
            income = f"+{_coins(C.elect_income)}"
            change = _council_change(before, seat, BALCONIES.index(balcony), CARD_INDEX[colour])
            return fit(f"{income}; {change}", income) if change else income
        case ElectQuick(balcony=balcony, colour=colour):
            change = _council_change(before, seat, BALCONIES.index(balcony), CARD_INDEX[colour])
            return change or f"changes {_council(BALCONIES.index(balcony))} for 1 servant"
        case Acquire(tile=tile):
            permit = PERMIT_INDEX[tile]
            price = _cheapest(before, seat, before.balconies[PERMITS[permit].region])
            return _permit_text(permit, "takes permit", f" for {_coins(price)}" if price >= 0 else "")
        case Royal(city=letter):
            city = CITY_INDEX[letter]
            road = PER_ROAD * before.layout.dist[before.queen][city]
            price = _cheapest(before, seat, before.balconies[ROYAL_BALCONY])
            lead = f"moves the Queen to {CITY_NAMES[city]}"
            if price >= 0:
                lead = fit(f"{lead} ({_coins(price + road)})", lead)
            return _build_text(before, seat, city, lead)
        case Build(city=letter):
            city = CITY_INDEX[letter]
            need = before.occupancy(city)
            lead = f"builds in {CITY_NAMES[city]}"
            told = _build_text(before, seat, city, lead)
            if need and told == lead:
                return f"{lead} ({counted(need, 'servant')})"
            return told
        case Pay(cards=cards):
            return _pay(before, seat, cards)
        case Token(city=letter):
            bonus = before.city_bonus[CITY_INDEX[letter]]
            what = "nothing" if bonus is None else bonus_text(bonus)
            return fit(f"gains {CITY_NAMES[CITY_INDEX[letter]]}'s token: {what}", f"gains {what}")
        case FreePermit(tile=tile):
            return _permit_text(PERMIT_INDEX[tile], "takes the free permit")
        case Rebonus(tile=tile):
            return fit(f"gains {bonus_text(PERMITS[PERMIT_INDEX[tile]].bonus)} again", "gains a permit's bonus again")
        case Hire():
            return f"engages a servant for {_coins(C.hire_coins)} ({before.servants[seat] + 1} in all)"
        case Change(region=region):
            return f"turns up 2 new {region} permits" if region in REGIONS else ""
        case Extra():
            return f"one more main action for {counted(C.extra_main_servants, 'servant')}"
    return ""


__all__ = ["build_gains", "coach_reason"]
