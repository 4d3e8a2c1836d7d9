"""Intendentes' content as tables for the rules' hot loops: each block's numbers by block index
(``B_*``), the blocks with an effect, the plan indices (``P_*``) with their cost, phase and
kind, the events' keys and catastrophes, the fists of the discontent track, and each seat's
neighbours (§4.3).
"""

from __future__ import annotations

from core.intendentes.content import (
    BLOCKS,
    CITY,
    DEMONSTRATION,
    DISCONTENT_MAX,
    EFFECT_BLOCK,
    EVENTS,
    FIELD,
    FIRE,
    FIRE_BRIGADE,
    FISTS,
    FLOOD,
    INDUSTRY,
    INSECURITY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPEN_CONCERT_CALM,
    PLAN_BY_KEY,
    PLANS,
    POLICE,
    POPULAR_FESTIVAL_CALM,
    SOCIAL_SUBSIDIES_CALM,
    SPECIAL,
    TOWN,
)
from core.intendentes.state import State

NUM_BLOCKS = len(BLOCKS)
B_KIND: tuple[int, ...] = tuple(b.kind for b in BLOCKS)
B_COST: tuple[int, ...] = tuple(b.cost for b in BLOCKS)
B_MONEY: tuple[int, ...] = tuple(b.money for b in BLOCKS)
B_FOOD: tuple[int, ...] = tuple(b.food for b in BLOCKS)
B_INITIAL: tuple[int, ...] = tuple(b.initial for b in BLOCKS)
B_CAP: tuple[int, ...] = tuple(b.capacity for b in BLOCKS)
B_MODS: tuple[tuple[int, int, int], ...] = tuple(b.mods for b in BLOCKS)
B_SPLENDOR: tuple[int, ...] = tuple(b.splendor for b in BLOCKS)
B_OFFICERS: tuple[int, ...] = tuple(b.police + b.firemen for b in BLOCKS)
B_POLICE: tuple[bool, ...] = tuple(b.kind == POLICE for b in BLOCKS)
B_BRIGADE: tuple[bool, ...] = tuple(b.kind == FIRE_BRIGADE for b in BLOCKS)
B_TOWN_CITY: tuple[bool, ...] = tuple(b.kind in (TOWN, CITY) for b in BLOCKS)
B_FIELD: tuple[bool, ...] = tuple(b.kind == FIELD for b in BLOCKS)
B_INDUSTRY: tuple[bool, ...] = tuple(b.kind == INDUSTRY for b in BLOCKS)
B_TOURIST: tuple[bool, ...] = tuple(b.kind in (CITY, SPECIAL) for b in BLOCKS)
POLICE_REMOVES: tuple[int, ...] = (INSECURITY, FLOOD, DEMONSTRATION)
BRIGADE_REMOVES: tuple[int, ...] = (FIRE, FLOOD)

SCHOOL = EFFECT_BLOCK["school"]
HOSPITAL = EFFECT_BLOCK["hospital"]
PARK = EFFECT_BLOCK["park"]
STADIUM_BLOCK = EFFECT_BLOCK["stadium"]
HYDRAULIC = EFFECT_BLOCK["hydraulic_works"]
CATHEDRAL = EFFECT_BLOCK["cathedral"]
CENTRAL_MARKET = EFFECT_BLOCK["central_market"]
BANK = EFFECT_BLOCK["bank"]
TRAIN = EFFECT_BLOCK["train_station"]
RADIO = EFFECT_BLOCK["radio_station"]


def _plan(key: str) -> int:
    return PLAN_BY_KEY[key].index


P_TENDER = _plan("public_tender")
P_FEES = _plan("permit_fees")
P_HOUSING = _plan("housing_plan")
P_EXODUS = _plan("rural_exodus")
P_IMMIGRATION = _plan("immigration_program")
P_ADVISORS = _plan("advisors")
P_PREVENTION = _plan("prevention_campaign")
P_DEFENSE = _plan("civil_defense")
P_VOLUNTEERS = _plan("community_volunteers")
P_WATCH = _plan("neighbourhood_watch")
P_DIALOGUE = _plan("dialogue_table")
P_FIRE_PREVENTION = _plan("fire_prevention")
P_DRAINAGE = _plan("drainage_works")
P_LIGHTING = _plan("street_lighting")
P_ARSON = _plan("arson")
P_SUBSIDIES = _plan("social_subsidies")
P_TAX = _plan("tax_increase")
P_SOUP = _plan("soup_kitchens")
P_IRRIGATION = _plan("irrigation")
P_AUDIT = _plan("tax_audit")
P_CONCERT = _plan("open_concert")
P_FESTIVAL = _plan("popular_festival")
P_AGITATORS = _plan("agitators")
P_CREDITS = _plan("housing_credits")
P_PRESS = _plan("press_campaign")
P_SMEAR = _plan("smear_campaign")

PLAN_COST: tuple[int, ...] = tuple(p.cost for p in PLANS)
PLAN_NEIGHBOUR: tuple[bool, ...] = tuple(p.neighbour for p in PLANS)
PHASE_PLANS: tuple[frozenset[int], ...] = tuple(
    frozenset(p.index for p in PLANS if p.phase == phase) for phase in range(9)
)
CALM: dict[int, int] = {
    P_SUBSIDIES: SOCIAL_SUBSIDIES_CALM,
    P_CONCERT: OPEN_CONCERT_CALM,
    P_FESTIVAL: POPULAR_FESTIVAL_CALM,
}
INDEX_PLAN: dict[int, int] = {P_FIRE_PREVENTION: FIRE, P_DRAINAGE: FLOOD, P_LIGHTING: INSECURITY}

EV_KEY: tuple[str, ...] = tuple(e.key for e in EVENTS)
EV_CATASTROPHES: tuple[tuple[tuple[int, int], ...], ...] = tuple(e.catastrophes for e in EVENTS)
ALL_EVENTS: tuple[int, ...] = tuple(range(len(EVENTS)))

FIST: tuple[int, ...] = tuple(FISTS.get(space, 0) for space in range(DISCONTENT_MAX + 1))

NEIGHBOURS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(
        tuple(((seat - 1) % n, (seat + 1) % n)) if n == 4 else tuple(o for o in range(n) if o != seat)
        for seat in range(n)
    )
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}
"""Each seat's neighbours (§4.3): with 4 mayors seat ±1, otherwise everyone else."""


def neighbours(state: State, seat: int) -> tuple[int, ...]:
    """The neighbours of ``seat`` (fixed seats, §4.3)."""
    return NEIGHBOURS[state.players][seat]
