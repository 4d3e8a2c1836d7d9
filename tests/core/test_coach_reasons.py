"""The coach's reasons (:meth:`Game.coach_reason` through :func:`core.ai.coach.reason`) in
every registered game: a short plain line for every legal move, most moves with one, the
same for positions a seat cannot tell apart, and the exact words at a few pinned positions
(played from a fixed seed) so that a broken reason shows."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from core.ai import coach
from core.engine import Game
from core.registry import game_ids, get_game
from core.rng import Rng

# Per game: (players, options) of the seeded games played. Options with hidden information
# where a game has them (El Grande's hidden Castillo, Intendentes' hidden money).
PLAYED: dict[str, tuple[int, dict[str, Any]]] = {
    "elgrande": (3, {"castillo_visible": False}),
    "council": (3, {}),
    "quadropolis": (3, {}),
    "intendentes": (3, {"hidden_money": True}),
    "settlement": (3, {}),
}
LONG_NAMES = ("Bartholomew", "Cleopatra", "Maximiliana", "Evangeline")
"""Long player names: a reason that names a player must still fit."""
WIDEST = 80
"""The longest a reason may be (the panel wraps it in 28 columns; ~70 is the aim)."""
EVERY = {"elgrande": 4, "council": 6, "quadropolis": 4, "intendentes": 3, "settlement": 2}
"""Every how many moves of a seeded game a position is checked (a few dozen per game)."""
MOST_STEPS = 1000
GUIDED: dict[str, str] = {"settlement": "reference"}
"""Games whose second seeded game a scripted team plays (``Game.scripted_bots``): random
play starves the settlement in a few rounds, before any trade, tax or purchase."""


def test_every_game_is_played_here() -> None:
    assert set(PLAYED) == set(game_ids())


def positions(game_id: str, seed: int, names: tuple[str, ...] = LONG_NAMES, every: int = 1,
              options: dict[str, Any] | None = None, team: str = "") -> Iterator[tuple[Game[Any, Any], Any, int]]:
    """``(game, state, seat to act)`` at every ``every``-th move of a seeded random game (or
    of one the game's scripted ``team`` plays)."""
    game = get_game(game_id)
    players, played = PLAYED[game_id]
    state = game.setup(names[:players], seed, played if options is None else options)
    rng = Rng(seed)
    bot = game.scripted_bots()[team](seed) if team else None
    step = 0
    while not game.is_over(state) and step < MOST_STEPS:
        acting = game.to_act(state)
        seat = acting[rng.randbelow(len(acting))]
        if step % every == 0:
            yield game, state, seat
        if bot is not None:
            action = bot.choose(game, game.view(state, seat), seat)
        else:
            legal = game.legal_actions(state, seat)
            action = legal[rng.randbelow(len(legal))]
        state = game.apply(state, seat, action)
        step += 1


def at_step(game_id: str, seed: int, step: int) -> tuple[Game[Any, Any], Any, int]:
    """The position after ``step`` moves of the seeded game (short names, default options)."""
    for index, found in enumerate(positions(game_id, seed, ("Ana", "Bea", "Cai", "Dov"), options={})):
        if index == step:
            return found
    raise AssertionError(f"the {game_id} game of seed {seed} ended before move {step}")


@pytest.mark.parametrize("game_id", sorted(PLAYED))
def test_every_legal_move_gets_a_short_plain_reason_and_most_get_one(game_id: str) -> None:
    told = total = 0
    for seed, team in ((1, ""), (2, GUIDED.get(game_id, ""))):
        for game, state, seat in positions(game_id, seed, every=EVERY[game_id], team=team):
            view = game.view(state, seat)
            kept = game.encode_state(view)
            for action in game.legal_actions(view, seat):
                why = coach.reason(game, view, seat, action, seed)
                assert isinstance(why, str)
                assert "\n" not in why and len(why) <= WIDEST, (game.describe(action, view), why)
                assert "[" not in why and "]" not in why, why  # never markup
                assert why == why.strip(), why
                total += 1
                told += bool(why)
            assert game.encode_state(view) == kept  # a reason works on copies
    assert total > 100
    assert told >= 0.75 * total, f"{told} of {total} moves have a reason"


@pytest.mark.parametrize("game_id", sorted(PLAYED))
def test_states_a_seat_cannot_tell_apart_give_it_the_same_reasons(game_id: str) -> None:
    """Two true states behind one view (and two sampled futures after the move) give the
    same reason: it never tells another seat's secret, nor a card or die still to come."""
    checked = 0
    for game, state, seat in positions(game_id, 3, every=EVERY[game_id] + 1, team=GUIDED.get(game_id, "")):
        view = game.view(state, seat)
        worlds = [game.determinize(view, seat, Rng(k)) for k in (11, 12)]
        for action in game.legal_actions(view, seat)[:25]:
            said = set()
            for world in worlds:
                after = game.clone(world)
                game.apply_in_place(after, seat, action)
                said.add(game.coach_reason(game.view(world, seat), seat, action, game.view(after, seat)))
            said |= {coach.reason(game, view, seat, action, k) for k in (5, 6)}
            assert len(said) == 1, (game.describe(action, view), said)
            checked += 1
    assert checked > 50


# (game, seed, moves played, the move, its reason) — move numbers count every decision.
PINNED: list[tuple[str, int, int, str, str]] = [
    ("elgrande", 4, 17, "Place(dest=4)", "wins the majority in Castilla la Vieja (6 pts at the next scoring)"),
    ("elgrande", 4, 16, "King(region=1)", "moves the King to País Vasco (+2 pts for you there)"),
    ("council", 4, 0, "Elect(balcony='mountains', colour='blue', kind='elect')",
     "+4 coins; the mountains council now costs you 1 coin (was 5)"),
    ("council", 4, 1, "Pay(cards=('blue', 'joker', 'orange'), kind='pay')",
     "pays 5 coins for permit FGH, gains 1 coin + 1 nobility step"),
    ("quadropolis", 4, 13, "Build(row=1, col=2)",
     "+5 points in your city (Public Services +4, 1 fewer inhabitant unused)"),
    ("quadropolis", 4, 1, "Place(architect=1, slot='N1')", "takes the Mayor's Tower Block: makes you the Mayor"),
    ("intendentes", 4, 5, "Bid(amount=13)", "bids $13 for University City: +7 splendor, 3 inhabitants (+$6 a round)"),
    ("intendentes", 4, 114, "Play(plan=14, target=0)", "Ana gets a fire card"),
    ("settlement", 4, 9, "Other(product=1)", "makes 1 wood: covers the Mill's wood"),
    ("settlement", 4, 9, "Specialty()", "makes 1-6 food: 6 food in stock now"),
]


@pytest.mark.parametrize(("game_id", "seed", "step", "move", "expected"), PINNED,
                         ids=[f"{p[0]}-{p[3].split('(')[0]}-{p[2]}" for p in PINNED])
def test_pinned_reasons(game_id: str, seed: int, step: int, move: str, expected: str) -> None:
    game, state, seat = at_step(game_id, seed, step)
    view = game.view(state, seat)
    action = next((a for a in game.legal_actions(view, seat) if repr(a) == move), None)
    assert action is not None, f"{move} is not legal here: {[repr(a) for a in game.legal_actions(view, seat)]}"
    assert coach.reason(game, view, seat, action, 0) == expected
    assert coach.reason(game, view, seat, action, 7) == expected
