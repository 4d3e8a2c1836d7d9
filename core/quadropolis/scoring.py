"""Quadropolis scoring: the points tables, the optimal final allocation and estimates (rules:
"End of game scoring").

A city is described by its 16 square codes (see :func:`core.quadropolis.state.square_code`)
plus the two pools. Three entry points:

* :func:`best_score` — the maximum score over all final allocations (exact; memoised; cheap
  enough for every scoreboard refresh and for bots).
* :func:`allocate` — the allocation shown to players: the first maximum found when the sets of
  Inhabitant-activated (A) and Energy-activated (B) buildings are enumerated as bit masks in
  increasing order over the buildings sorted by (row, column), A outer, B inner. It carries
  the result breakdown (one line per scoring category and penalty).
* :func:`estimate` — a soft version for bot evaluation mid-game.

How :func:`best_score` avoids the 2^16 brute force: the score splits into an Energy side
(Tower Blocks, Parks, pollution) and an Inhabitant side (Public Services, Factories, Harbors),
coupled only through the Shops (how many are activated, how many spare Inhabitants become
Customers). So we tabulate, per number ``a`` of Inhabitant-activated buildings, the best
Inhabitant-side value, and per number ``t`` of activated Tower Blocks the best Energy-side
value, then combine over (shops activated, a, t). With ``adjacency_needs_activation`` the
neighbours that Parks and Factories count must be activated, so we tabulate per *set* of
activated Shops and Tower Blocks instead of per count. Tests check this against the literal
enumeration of every pair of activated sets and against an independent resource-by-resource
search.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from core.quadropolis.board import CITY, CITY_SQUARES, DISTRICT, NEIGHBOURS, city_coords
from core.quadropolis.content import FACTORY, HARBOR, PARK, RULES, SERVICE, SHOP, TOWER

CATEGORIES: tuple[str, ...] = (
    "Tower Blocks",
    "Shops",
    "Public Services (districts)",
    "Public Services (printed VP)",
    "Parks",
    "Factories",
    "Harbors (lines)",
    "Harbors (printed VP)",
    "Inhabitant penalty",
    "Energy penalty",
    "Total",
)

_TOWER = RULES.tower_table
_SHOP = RULES.shop_table
_SERVICE = RULES.service_table
_PARK = RULES.park_table
_HARBOR = RULES.harbor_table
_CAP = RULES.max_customers
_FULL_SHOP = _SHOP[_CAP]
_PER_SHOP = RULES.factory_per_shop
_PER_HARBOR = RULES.factory_per_harbor
_ABSORB = RULES.park_absorbs
_PEN_I = RULES.unused_inhabitant
_PEN_E = RULES.unused_energy
_NEG = -(10**9)
_CACHE_LIMIT = 200_000

Codes = tuple[int, ...]


def kind_of(code: int) -> int:
    """Building type of a square code (undefined for 0 = empty)."""
    return (code - 1) & 7


def param_of(code: int) -> int:
    """Height (Tower Block) or printed VP (Public Service, Harbor) of a square code."""
    return (code - 1) >> 3


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


def _longest_run(bits: int) -> int:
    best = run = 0
    while bits:
        if bits & 1:
            run += 1
            best = max(best, run)
        else:
            run = 0
        bits >>= 1
    return best


_ROW_MASK = (1 << CITY) - 1
_RUN: tuple[int, ...] = tuple(_longest_run(bits) for bits in range(1 << CITY))
_harbor_lines: dict[int, int] = {}


def harbor_lines(mask: int) -> int:
    """Harbor line points for a bit mask of city squares holding activated Harbors.

    The longest run in any row and the longest run in any column are scored separately.
    """
    value = _harbor_lines.get(mask)
    if value is None:
        rows = max(_RUN[(mask >> (r * CITY)) & _ROW_MASK] for r in range(CITY))
        cols = 0
        for c in range(CITY):
            bits = 0
            for r in range(CITY):
                bits |= ((mask >> (r * CITY + c)) & 1) << r
            cols = max(cols, _RUN[bits])
        value = _HARBOR[rows] + _HARBOR[cols]
        _harbor_lines[mask] = value
    return value


def shop_points(activated: int, spare: int) -> int:
    """Points of ``activated`` Shops when ``spare`` Inhabitants become Customers, best first."""
    full = spare // _CAP
    if full >= activated:
        return activated * _FULL_SHOP
    return full * _FULL_SHOP + _SHOP[spare - full * _CAP]


def _merge(left: Sequence[int], right: Sequence[int]) -> list[int]:
    """Max-plus convolution: best total for each combined count."""
    out = [_NEG] * (len(left) + len(right) - 1)
    for i, x in enumerate(left):
        for j, y in enumerate(right):
            if x + y > out[i + j]:
                out[i + j] = x + y
    return out


def _best_by_count(values: Iterable[tuple[int, int]], size: int) -> list[int]:
    best = [_NEG] * (size + 1)
    for count, value in values:
        if value > best[count]:
            best[count] = value
    return best


class _City:
    """Everything about a city that does not depend on the pools (cached per layout)."""

    __slots__ = (
        "towers",
        "shops",
        "services",
        "parks",
        "factories",
        "harbors",
        "inh_squares",
        "en_squares",
        "ev_by_towers",
        "shop_options",
    )

    def __init__(self, codes: Codes, adjacency: bool) -> None:
        groups: dict[int, list[int]] = {k: [] for k in range(6)}
        for sq, code in enumerate(codes):
            if code:
                groups[kind_of(code)].append(sq)
        self.towers = groups[TOWER]
        self.shops = groups[SHOP]
        self.services = groups[SERVICE]
        self.parks = groups[PARK]
        self.factories = groups[FACTORY]
        self.harbors = groups[HARBOR]
        self.inh_squares = sorted(self.services + self.factories + self.harbors)
        self.en_squares = sorted(self.towers + self.shops)

        # Energy side, by number of activated Tower Blocks: tower points + park points.
        tower_pts = [_TOWER[param_of(codes[sq])] for sq in self.towers]
        if adjacency:
            nt = len(self.towers)
            index = {sq: i for i, sq in enumerate(self.towers)}
            park_adj = [
                [index[nb] for nb in NEIGHBOURS[p] if nb in index] for p in self.parks
            ]
            options = []
            for mask in range(1 << nt):
                value = sum(tower_pts[i] for i in range(nt) if mask >> i & 1)
                for adj in park_adj:
                    value += _PARK[sum(1 for i in adj if mask >> i & 1)]
                options.append((_popcount(mask), value))
            self.ev_by_towers = _best_by_count(options, nt)
        else:
            park = sum(
                _PARK[sum(1 for nb in NEIGHBOURS[p] if kind_of(codes[nb]) == TOWER and codes[nb])]
                for p in self.parks
            )
            prefix = [park]
            for pts in sorted(tower_pts, reverse=True):
                prefix.append(prefix[-1] + pts)
            self.ev_by_towers = prefix

        # Inhabitant side: Public Services by count (independent of everything else).
        services = self.services
        svc_options = []
        for mask in range(1 << len(services)):
            districts = 0
            value = 0
            for i, square in enumerate(services):
                if mask >> i & 1:
                    districts |= 1 << DISTRICT[square]
                    value += param_of(codes[square])
            svc_options.append((_popcount(mask), _SERVICE[_popcount(districts)] + value))
        svc_best = _best_by_count(svc_options, len(services))
        harbors = self.harbors
        harbor_sets = []
        for mask in range(1 << len(harbors)):
            squares = [harbors[i] for i in range(len(harbors)) if mask >> i & 1]
            city_mask = sum(1 << sq for sq in squares)
            value = harbor_lines(city_mask) + sum(param_of(codes[sq]) for sq in squares)
            harbor_sets.append((len(squares), city_mask, value))

        def factory_values(shop_mask: int, harbor_mask: int) -> list[int]:
            """Points of each Factory, best first, given the Shops and Harbors that count."""
            return sorted(
                (
                    _PER_SHOP * sum(1 for nb in NEIGHBOURS[f] if shop_mask >> nb & 1)
                    + _PER_HARBOR * sum(1 for nb in NEIGHBOURS[f] if harbor_mask >> nb & 1)
                    for f in self.factories
                ),
                reverse=True,
            )

        def inhabitant_side(shop_mask: int, harbors_fixed: int | None) -> list[int]:
            """Best Services + Harbors + Factories value by number of activated buildings."""
            nf = len(self.factories)
            best = [_NEG] * (len(harbors) + nf + 1)
            for count, city_mask, value in harbor_sets:
                facs = factory_values(shop_mask, city_mask if harbors_fixed is None else harbors_fixed)
                total = value
                for f in range(nf + 1):
                    if total > best[count + f]:
                        best[count + f] = total
                    if f < nf:
                        total += facs[f]
            return _merge(best, svc_best)

        all_shops = sum(1 << sq for sq in self.shops)
        all_harbors = sum(1 << sq for sq in self.harbors)
        ns = len(self.shops)
        if adjacency:
            self.shop_options = []
            for mask in range(1 << ns):
                shop_mask = sum(1 << self.shops[i] for i in range(ns) if mask >> i & 1)
                self.shop_options.append((_popcount(mask), inhabitant_side(shop_mask, None)))
        else:
            side = inhabitant_side(all_shops, all_harbors)
            self.shop_options = [(k, side) for k in range(ns + 1)]


_cities: dict[tuple[Codes, bool], _City] = {}


def _city(codes: Codes, adjacency: bool) -> _City:
    key = (codes, adjacency)
    city = _cities.get(key)
    if city is None:
        if len(_cities) > _CACHE_LIMIT:
            _cities.clear()
        city = _City(codes, adjacency)
        _cities[key] = city
    return city


def _optimum(city: _City, inh: int, en: int, w_inh: float, w_en: float) -> float:
    """Best value with ``w_inh``/``w_en`` points per unused Inhabitant/Energy (both <= 0)."""
    n_inh = len(city.inh_squares)
    shops = len(city.shops)
    capacity = _CAP * shops
    absorb = _ABSORB * len(city.parks)
    towers = len(city.towers)
    ev = city.ev_by_towers
    best = float(_NEG)
    top_a = min(inh, n_inh)
    for k, side in city.shop_options:
        if k > en:
            continue
        # More activated Tower Blocks never hurt (tables never decrease), so use all we can.
        t = min(towers, en - k)
        left_e = en - t - k - absorb
        base = ev[t] + (w_en * left_e if left_e > 0 else 0)
        for a in range(top_a + 1):
            spare = inh - a
            value = base + side[a] + shop_points(k, spare)
            if spare > capacity:
                value += w_inh * (spare - capacity)
            if value > best:
                best = value
    return best


_best: dict[tuple[Codes, int, int, bool], int] = {}


def best_score(codes: Sequence[int], inh: int, en: int, adjacency: bool = False) -> int:
    """Top final score (optimal allocation) of a city with ``inh`` Inhabitants and ``en`` Energy."""
    key = (tuple(codes), inh, en, adjacency)
    value = _best.get(key)
    if value is None:
        if len(_best) > _CACHE_LIMIT:
            _best.clear()
        value = int(_optimum(_city(key[0], adjacency), inh, en, _PEN_I, _PEN_E))
        _best[key] = value
    return value


_estimates: dict[tuple[Codes, int, int, bool, float], float] = {}


def estimate(codes: Sequence[int], inh: int, en: int, adjacency: bool, penalty_weight: float) -> float:
    """Best score with unused resources costing only ``penalty_weight`` (0..1) of the real penalty.

    Mid-game, unused Inhabitants and Energy are mostly future value, not waste; bots scale the
    penalty with the game's progress.
    """
    key = (tuple(codes), inh, en, adjacency, penalty_weight)
    value = _estimates.get(key)
    if value is None:
        if len(_estimates) > _CACHE_LIMIT:
            _estimates.clear()
        city = _city(key[0], adjacency)
        value = _optimum(city, inh, en, _PEN_I * penalty_weight, _PEN_E * penalty_weight)
        _estimates[key] = value
    return value


# --- the displayed allocation and its breakdown --------------------------------------------
Square = tuple[int, int]


@dataclass(frozen=True)
class Allocation:
    """Where a player's Inhabitants and Energy stand at the end, and what that scores.

    Squares are ``(row, col)`` in the city (1-based). ``breakdown`` follows
    :data:`CATEGORIES` (penalties negative, total last).
    """

    inhabitant_on: tuple[Square, ...]  # Public Services, Factories, Harbors activated
    energy_on: tuple[Square, ...]  # Tower Blocks and Shops activated
    customers: tuple[tuple[Square, int], ...]  # Shops with Customers, and how many
    park_energy: tuple[tuple[Square, int], ...]  # Parks absorbing Energy, and how much
    unused_inhabitants: int
    unused_energy: int
    breakdown: tuple[int, ...]

    @property
    def total(self) -> int:
        """The final score."""
        return self.breakdown[-1]

    @property
    def activated(self) -> frozenset[Square]:
        """Every building carrying its activation resource (Parks not included)."""
        return frozenset(self.inhabitant_on) | frozenset(self.energy_on)

    def by_category(self) -> dict[str, int]:
        """The breakdown as a category -> points mapping."""
        return dict(zip(CATEGORIES, self.breakdown))


def score_allocation(
    codes: Sequence[int], activated: Iterable[int], inh: int, en: int, adjacency: bool = False
) -> Allocation:
    """Score one allocation given the activated squares (0..15); the rest is allocated as below.

    Spare Inhabitants fill activated Shops to capacity in (row, column) order, then the other
    Shops; spare Energy goes to Parks in (row, column) order; the rest is penalised.
    Raises ValueError if more buildings are activated than the pools allow.
    """
    on = set(activated)
    inh_on = sorted(sq for sq in on if kind_of(codes[sq]) in (SERVICE, FACTORY, HARBOR))
    en_on = sorted(sq for sq in on if kind_of(codes[sq]) in (TOWER, SHOP))
    if len(inh_on) + len(en_on) != len(on) or any(codes[sq] == 0 for sq in on):
        raise ValueError("only buildings that need a resource can be activated")
    if len(inh_on) > inh or len(en_on) > en:
        raise ValueError("not enough resources for that allocation")

    def kind(sq: int) -> int:
        """Building type on a square, -1 if empty."""
        return kind_of(codes[sq]) if codes[sq] else -1

    towers_pts = sum(_TOWER[param_of(codes[sq])] for sq in en_on if kind(sq) == TOWER)
    shops = [sq for sq in range(CITY_SQUARES) if kind(sq) == SHOP]
    spare = inh - len(inh_on)
    customers: list[tuple[Square, int]] = []
    shop_pts = 0
    for sq in [s for s in shops if s in on] + [s for s in shops if s not in on]:
        count = min(spare, _CAP)
        spare -= count
        if count:
            customers.append((city_coords(sq), count))
            if sq in on:
                shop_pts += _SHOP[count]
    unused_inh = spare
    services = [sq for sq in inh_on if kind(sq) == SERVICE]
    districts = _SERVICE[len({DISTRICT[sq] for sq in services})]
    service_vp = sum(param_of(codes[sq]) for sq in services)

    def counts(sq: int) -> bool:
        """Whether a neighbour counts for a Park or Factory (always, unless the option is on)."""
        return not adjacency or sq in on

    park_pts = 0
    parks = [sq for sq in range(CITY_SQUARES) if kind(sq) == PARK]
    for sq in parks:
        park_pts += _PARK[sum(1 for nb in NEIGHBOURS[sq] if kind(nb) == TOWER and counts(nb))]
    factory_pts = 0
    for sq in inh_on:
        if kind(sq) == FACTORY:
            for nb in NEIGHBOURS[sq]:
                if kind(nb) == SHOP and counts(nb):
                    factory_pts += _PER_SHOP
                elif kind(nb) == HARBOR and counts(nb):
                    factory_pts += _PER_HARBOR
    harbors = [sq for sq in inh_on if kind(sq) == HARBOR]
    lines = harbor_lines(sum(1 << sq for sq in harbors))
    harbor_vp = sum(param_of(codes[sq]) for sq in harbors)
    energy_left = en - len(en_on)
    park_energy: list[tuple[Square, int]] = []
    for sq in parks:
        amount = min(energy_left, _ABSORB)
        energy_left -= amount
        if amount:
            park_energy.append((city_coords(sq), amount))
    parts = [
        towers_pts,
        shop_pts,
        districts,
        service_vp,
        park_pts,
        factory_pts,
        lines,
        harbor_vp,
        _PEN_I * unused_inh,
        _PEN_E * energy_left,
    ]
    return Allocation(
        inhabitant_on=tuple(city_coords(sq) for sq in inh_on),
        energy_on=tuple(city_coords(sq) for sq in en_on),
        customers=tuple(customers),
        park_energy=tuple(park_energy),
        unused_inhabitants=unused_inh,
        unused_energy=energy_left,
        breakdown=tuple(parts) + (sum(parts),),
    )


def allocate(codes: Sequence[int], inh: int, en: int, adjacency: bool = False) -> Allocation:
    """The deterministic optimal allocation to display (first maximum in bit-mask order)."""
    codes = tuple(codes)
    target = best_score(codes, inh, en, adjacency)
    city = _city(codes, adjacency)
    inh_sq, en_sq = city.inh_squares, city.en_squares
    # Upper bound of the Energy side (Towers, Parks, Shops, penalties) for a given count of
    # Inhabitant-activated buildings; exact when adjacency is off.
    capacity = _CAP * len(city.shops)
    absorb = _ABSORB * len(city.parks)
    upper_b: dict[int, int] = {}
    for a in range(min(inh, len(inh_sq)) + 1):
        spare = inh - a
        best = _NEG
        for k in range(min(len(city.shops), en) + 1):
            t = min(len(city.towers), en - k)
            value = city.ev_by_towers[t] + shop_points(k, spare)
            value += _PEN_E * max(0, en - t - k - absorb) + _PEN_I * max(0, spare - capacity)
            best = max(best, value)
        upper_b[a] = best
    all_shops = sum(1 << sq for sq in city.shops)
    for amask in range(1 << len(inh_sq)):
        a = _popcount(amask)
        if a > inh:
            continue
        chosen = [inh_sq[j] for j in range(len(inh_sq)) if amask >> j & 1]
        chosen_set = set(chosen)
        # Inhabitant-side points with every Shop counted (exact unless adjacency is on).
        services = [sq for sq in chosen if kind_of(codes[sq]) == SERVICE]
        harbors = [sq for sq in chosen if kind_of(codes[sq]) == HARBOR]
        value = _SERVICE[len({DISTRICT[sq] for sq in services})] + sum(param_of(codes[sq]) for sq in services)
        value += harbor_lines(sum(1 << sq for sq in harbors)) + sum(param_of(codes[sq]) for sq in harbors)
        for sq in chosen:
            if kind_of(codes[sq]) == FACTORY:
                for nb in NEIGHBOURS[sq]:
                    if all_shops >> nb & 1:
                        value += _PER_SHOP
                    elif codes[nb] and kind_of(codes[nb]) == HARBOR and (not adjacency or nb in chosen_set):
                        value += _PER_HARBOR
        if value + upper_b[a] < target:
            continue
        for bmask in range(1 << len(en_sq)):
            if _popcount(bmask) > en:
                continue
            activated = chosen + [en_sq[j] for j in range(len(en_sq)) if bmask >> j & 1]
            result = score_allocation(codes, activated, inh, en, adjacency)
            if result.total == target:
                return result
    raise AssertionError("no allocation reaches the optimum")  # unreachable: best_score is exact
