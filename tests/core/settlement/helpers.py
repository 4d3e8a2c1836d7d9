"""Building Settlement positions by hand and scripting its dice, for the rules tests.

* :class:`ScriptedDice` goes in ``state.rng``: every ``randint(1, 6)`` pops the next scripted
  value (and fails loudly when the script runs out or for any other range); shuffles do
  nothing, or are passed to a real :class:`core.rng.Rng`; ``clone`` and ``encode`` work, so
  ``GAME.apply`` and ``encode_state`` still do.
* :func:`at` builds a valid state (``state.problems`` empty) on a given field from a real
  ``rules.new_game``, then sets the stock, items, tokens, pool, fate card, round and mayor.
* :func:`do` applies actions in place, checking that each is legal and that the state stays
  valid; :func:`to_field` plays "idle" choices up to a field; :func:`end_round` ends the
  round from the mayor field with the rot and satisfaction dice.

Stocks are written as dicts of resource names (``{"food": 3, "wood": 9}``; missing ones 0)
and read back with :func:`stock`, a dict of the non-zero resources.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Sequence

from core.engine import PlainData
from core.rng import Rng
from core.settlement import GAME, rules
from core.settlement import actions as act
from core.settlement.actions import Action, Buy, Finish, Other, PayOne, Pick, Swap
from core.settlement.content import (
    BP,
    CHARACTER_AT,
    CHARACTER_IDS,
    FATE_IDS,
    GOODS,
    ITEM_IDS,
    RESOURCES,
    RP,
    SCHOLAR,
    TRACK,
)
from core.settlement.state import State, mayor_in_round, problems

# Resource codes by name, for short test code.
FOOD, WOOD, STONE, ORE, IRON = GOODS
R = {name: i for i, name in enumerate(RESOURCES)}


class ScriptedDice(Rng):
    """Dice that roll a script: ``randint(1, 6)`` returns the next value of ``rolls``.

    ``shuffler``: a real Rng that does the shuffles (None: shuffles leave lists as they are).
    ``rolled`` lists the values used so far and ``shuffles`` counts the shuffles. When
    ``watch`` is set, each roll first records ``(value, stock, pool, tokens)`` of that state
    in ``seen`` (the state as it is just before the die is used).
    """

    def __init__(self, rolls: Iterable[int] = (), shuffler: Rng | None = None) -> None:
        super().__init__(0)
        self.rolls: list[int] = list(rolls)
        for value in self.rolls:
            if not 1 <= value <= 6:
                raise ValueError(f"a die shows 1..6, not {value}")
        self.rolled: list[int] = []
        self.shuffler = shuffler
        self.shuffles = 0
        self.watch: State | None = None
        self.seen: list[tuple[int, list[int], int, int]] = []

    def randint(self, lo: int, hi: int) -> int:
        """The next scripted value; only ``randint(1, 6)`` is allowed."""
        if (lo, hi) != (1, 6):
            raise AssertionError(f"randint({lo}, {hi}): only dice (1, 6) are scripted")
        if not self.rolls:
            raise AssertionError(f"the dice script ran out (rolled so far: {self.rolled})")
        value = self.rolls.pop(0)
        if self.watch is not None:
            s = self.watch
            self.seen.append((value, s.stock[:], s.pool, s.tokens))
        self.rolled.append(value)
        return value

    def next_u32(self) -> int:
        """Any other use of randomness is a test error (choice, random, spawn, randbelow)."""
        raise AssertionError("scripted dice only roll randint(1, 6) and shuffle")

    def shuffle(self, items: Any) -> None:
        """Counted; passed on to ``shuffler`` if there is one, else the order is kept."""
        self.shuffles += 1
        if self.shuffler is not None:
            self.shuffler.shuffle(items)

    def clone(self) -> "ScriptedDice":
        """A copy with the same script left (not watching any state)."""
        other = ScriptedDice(self.rolls, None if self.shuffler is None else self.shuffler.clone())
        other.rolled = self.rolled[:]
        other.shuffles = self.shuffles
        other.seen = [(v, st[:], p, t) for v, st, p, t in self.seen]
        return other

    def encode(self) -> dict[str, str]:
        """Plain data (not decodable as an Rng: a scripted state is not meant to be saved)."""
        return {"script": ",".join(str(v) for v in self.rolls)}

    @property
    def left(self) -> list[int]:
        """The values not rolled yet."""
        return self.rolls


def dice(s: State) -> ScriptedDice:
    """The scripted dice of ``s`` (fails if the state rolls real dice)."""
    assert isinstance(s.rng, ScriptedDice), "this state has no scripted dice"
    return s.rng


def script(s: State, *rolls: int) -> ScriptedDice:
    """Give ``s`` fresh scripted dice (shuffles keep the order) and return them."""
    d = ScriptedDice(rolls)
    s.rng = d
    return d


def add_rolls(s: State, *rolls: int) -> None:
    """Append values to the script of ``s``."""
    dice(s).rolls.extend(rolls)


def assert_all_rolled(s: State) -> None:
    """Every scripted value was used."""
    assert dice(s).left == [], f"unused dice: {dice(s).left}"


CANDIDATES: tuple[Action, ...] = (
    *(Pick(c) for c in range(10)),
    act.SPECIALTY,
    *(Other(r) for r in range(8)),
    *(Swap(b, p) for b in range(7) for p in range(7)),
    *(Finish(t) for t in range(-1, 7)),
    act.PAY,
    act.REFUSE,
    *(PayOne(g) for g in range(7)),
    *(Buy(i) for i in range(21)),
    act.DONE,
)
"""Every action of every kind, with a few codes out of range (RP and BP as goods, a 10th
character, a 21st item)."""


# --- stocks ----------------------------------------------------------------------------------
def res(spec: Mapping[str, int]) -> list[int]:
    """A full stock from ``{"food": 3, ...}`` (missing resources 0)."""
    unknown = set(spec) - set(R)
    assert not unknown, f"unknown resources {unknown}"
    return [spec.get(name, 0) for name in RESOURCES]


def stock(s: State) -> dict[str, int]:
    """The non-zero stocks of ``s`` by name."""
    return {name: s.stock[i] for i, name in enumerate(RESOURCES) if s.stock[i]}


def row(s: State) -> tuple[int, ...]:
    """The stock as the spec's tables write it: food, wood, stone, ore, iron, RP, BP."""
    return tuple(s.stock)


def item(name: str) -> int:
    """The index of a building or invention id ("warehouse", "bow")."""
    return ITEM_IDS[name]


def card(name: str) -> int:
    """The index of a fate card id ("wolves")."""
    return FATE_IDS[name]


def character(name: str) -> int:
    """The index of a character id ("merchant")."""
    return CHARACTER_IDS[name]


# --- building states -------------------------------------------------------------------------
def names(players: int) -> list[str]:
    """Seat names P0, P1, ..."""
    return [f"P{i}" for i in range(players)]


def new(players: int = 1, difficulty: str = "normal", deal: str = "order", seed: int = 1) -> State:
    """A real new game (``rules.new_game``), waiting for the Hunter (or the first pick)."""
    return rules.new_game(names(players), seed, {"difficulty": difficulty, "characters": deal})


def put_on_top(s: State, name: str) -> None:
    """Make fate card ``name`` the top of the draw pile (from the pile or the discards)."""
    c = card(name)
    if c in s.fate_pile:
        s.fate_pile.remove(c)
    else:
        s.fate_discard.remove(c)
    s.fate_pile.insert(0, c)


def set_fate(s: State, name: str | None) -> None:
    """Make ``name`` this round's fate card (drawn: on the discard pile), or none (None)."""
    if name is None:
        s.fate = -1
        return
    c = card(name)
    if c in s.fate_pile:
        s.fate_pile.remove(c)
        s.fate_discard.append(c)
    s.fate = c


def at(
    field: str = "hunter",
    *,
    players: int = 1,
    stock: Mapping[str, int] | None = None,
    owned: Iterable[str] = (),
    tokens: int = 0,
    pool: int = 0,
    fate: str | None = None,
    top: str | Sequence[str] | None = None,
    round_: int = 1,
    mayor: int | None = None,
    dice: Iterable[int] | None = (),
    difficulty: str = "normal",
    step: str | None = None,
) -> State:
    """A valid state with the pawn on ``field`` waiting for its decision.

    ``field``: a character's id (its work, step "work"), "mayor" (step "shop") or "fate"
    (with ``step="tax"``: the Tax collector's choice; ``fate`` is then "tax_collector").
    ``stock``: the whole stock (missing resources 0; None keeps round 1's 6/3/0/0/1/0/0).
    ``owned``: items bought (in round 1). ``fate``: this round's card, already drawn (needed
    for fields after fate). ``top``: the card(s) on top of the draw pile, first on top.
    ``mayor``: this round's mayor seat (the first mayor is set to match). ``dice``: the
    script (None keeps the game's real RNG). Characters are held in order: character c by
    seat c mod ``players``.
    """
    s = new(players, difficulty)
    s.events = []
    s.round = round_
    s.pos = TRACK.index(field)
    if step is None:
        step = "work" if field in CHARACTER_IDS else "shop" if field == "mayor" else ""
    assert step, f"say which decision the {field} field waits for"
    s.step = step
    if stock is not None:
        s.stock = res(stock)
    for name in owned:
        s.owned[item(name)] = 1
    s.tokens = tokens
    s.pool = pool
    if top is not None:
        for name in reversed([top] if isinstance(top, str) else list(top)):
            put_on_top(s, name)
    set_fate(s, fate)
    if field == "fate" and step in ("tax", "tax_pay") and fate is None:
        set_fate(s, "tax_collector")
    if mayor is not None:
        s.first_mayor = (mayor + round_ - 1) % players
    s.mayor = mayor_in_round(s.first_mayor, players, round_)
    if dice is not None:
        s.rng = ScriptedDice(dice)
    found = problems(s)
    assert found == [], found
    return s


# --- playing ---------------------------------------------------------------------------------
def seat(s: State) -> int:
    """The one seat to act."""
    seats = rules.to_act(s)
    assert len(seats) == 1, f"expected one seat to act, got {seats}"
    return seats[0]


def legal(s: State) -> list[Action]:
    """The legal actions of the seat to act."""
    return rules.legal_actions(s, seat(s))


def do(s: State, *actions: Action) -> State:
    """Apply each action in place for the seat to act, checking that it is legal (both ways)
    and that the state stays valid; returns ``s``. ``s.events`` are the last action's."""
    for action in actions:
        who = seat(s)
        assert action in rules.legal_actions(s, who), f"{action!r} is not legal at {s.step} on {s.field()}"
        assert GAME.why_illegal(s, who, action) is None
        GAME.apply_in_place(s, who, action)
        found = problems(s)
        assert found == [], found
    return s


def reason(s: State, action: Action, who: int | None = None) -> str:
    """``why_illegal`` of an action that must be illegal (also not in the legal list)."""
    who = seat(s) if who is None else who
    assert action not in rules.legal_actions(s, who)
    why = GAME.why_illegal(s, who, action)
    assert why is not None, f"{action!r} should be illegal"
    return why


def kinds(s: State) -> list[str]:
    """The kinds of the last action's events, in order."""
    return [e[0] for e in s.events]


def events_of(s: State, kind: str) -> list[tuple[Any, ...]]:
    """The last action's events of one kind, without the kind."""
    return [tuple(e[1:]) for e in s.events if e[0] == kind]


def idle(s: State) -> Action:
    """A work choice that rolls nothing and touches no good: 1 RP (the Scholar: 1 BP)."""
    return Other(BP if rules.acting_character(s) == SCHOLAR else RP)


def default_choice(s: State, work: Action | Callable[[State], Action]) -> Action:
    """The "nothing special" choice of each decision: ``work`` on character fields, an empty
    trade, refuse the Tax collector, the mayor buys nothing."""
    if s.step == "work":
        return work(s) if callable(work) else work
    if s.step == "trade":
        return act.NO_TAX if act.NO_TAX in legal(s) else Finish(next(g for g in GOODS if s.stock[g]))
    if s.step == "tax":
        return act.REFUSE
    if s.step == "shop":
        return act.DONE
    raise AssertionError(f"no default choice at step {s.step}")


def to_field(s: State, field: str, work: Action | Callable[[State], Action] = idle, rounds: int = 0) -> State:
    """Play default choices until the pawn waits on ``field`` (after ``rounds`` more round
    starts); the fate card and any dice must be scripted by the caller."""
    target = TRACK.index(field)
    goal = s.round + rounds
    assert rounds > 0 or s.pos <= target, "that field is behind the pawn this round"
    guard = 0
    while (s.round, s.pos) != (goal, target):
        assert s.step != "over", "the game ended on the way"
        assert (s.round, s.pos) < (goal, target), "went past the field"
        do(s, default_choice(s, work))
        guard += 1
        assert guard < 500
    return s


def end_round(s: State, *rolls: int) -> State:
    """On the mayor field: append ``rolls`` (rot die or dice, satisfaction die) to the
    script and buy nothing more, so Losses, the satisfaction phase and the next feeding run."""
    assert s.step == "shop"
    add_rolls(s, *rolls)
    return do(s, act.DONE)


def character_field(name: str) -> int:
    """The track position of a character."""
    pos = TRACK.index(name)
    assert CHARACTER_AT[pos] == character(name)
    return pos


def encoded(s: State) -> dict[str, PlainData]:
    """The state's plain data (for comparing states: State has no ``==``)."""
    return GAME.encode_state(s)
