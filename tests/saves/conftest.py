"""Fixtures for the saves tests, and "Pig", a tiny self-contained test game.

Pig: players take turns rolling a die (randomness lives in the state's Rng). A roll of 1
loses the turn's points and passes the turn; "hold" banks the turn's points and passes.
First to the target wins. Rolls draw randomness, so they are undo barriers; holds are not.
The game is registered as ``pig`` in ``core.registry`` for every test here, so these tests
never depend on a real game module.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Mapping, NamedTuple, Sequence

import pytest

from core import registry
from core.engine import CorruptData, Game, GameInfo, OptionSpec, Result, rank_by
from core.rng import Rng
from core.table import Controller, Seat, Table


class PigAction(NamedTuple):
    """"roll" or "hold"."""

    kind: str


ROLL = PigAction("roll")
HOLD = PigAction("hold")


@dataclass
class PigState:
    """The whole game state."""

    names: list[str]
    scores: list[int]
    current: int
    turn_total: int
    last_roll: int
    target: int
    sides: int
    rng: Rng


class PigGame(Game[PigState, PigAction]):
    """The test game."""

    info = GameInfo(
        id="pig",
        title="Pig",
        min_players=2,
        max_players=4,
        blurb="Push your luck with one die.",
        options=(
            OptionSpec("target", "Target score", 20, ("10", "20", "30")),
            OptionSpec("die", "Die", "d6", ("d6", "d8")),
            OptionSpec("fast", "Fast start", False),
        ),
    )
    stream = 54  # tests change this to simulate a rules change

    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any]) -> PigState:
        rng = Rng(seed, self.stream)
        n = len(players)
        start = 5 if options.get("fast") else 0
        return PigState(
            names=list(players),
            scores=[start] * n,
            current=rng.randbelow(n),
            turn_total=0,
            last_roll=0,
            target=int(options.get("target", 20)),
            sides=8 if options.get("die") == "d8" else 6,
            rng=rng,
        )

    def to_act(self, state: PigState) -> list[int]:
        return [] if self.is_over(state) else [state.current]

    def legal_actions(self, state: PigState, seat: int) -> list[PigAction]:
        if seat not in self.to_act(state):
            return []
        return [ROLL, HOLD] if state.turn_total > 0 else [ROLL]

    def apply_in_place(self, state: PigState, seat: int, action: PigAction) -> None:
        if action.kind == "roll":
            roll = state.rng.randint(1, state.sides)
            state.last_roll = roll
            if roll == 1:
                state.turn_total = 0
                state.current = (state.current + 1) % len(state.scores)
            else:
                state.turn_total += roll
        else:
            state.scores[seat] += state.turn_total
            state.turn_total = 0
            state.last_roll = 0
            if state.scores[seat] < state.target:
                state.current = (state.current + 1) % len(state.scores)

    def is_over(self, state: PigState) -> bool:
        return max(state.scores) >= state.target

    def result(self, state: PigState) -> Result:
        totals = tuple(state.scores)
        return Result(("Points",), tuple((s,) for s in totals), totals, rank_by([(s,) for s in totals]))

    def clone(self, state: PigState) -> PigState:
        return PigState(
            names=list(state.names),
            scores=list(state.scores),
            current=state.current,
            turn_total=state.turn_total,
            last_roll=state.last_roll,
            target=state.target,
            sides=state.sides,
            rng=state.rng.clone(),
        )

    def view(self, state: PigState, seat: int | None) -> PigState:
        return self.clone(state)

    def determinize(self, view: PigState, seat: int, rng: Rng) -> PigState:
        return self.clone(view)

    def describe(self, action: PigAction, state: PigState | None = None) -> str:
        return "Roll the die" if action.kind == "roll" else "Hold"

    def encode_state(self, state: PigState) -> dict[str, Any]:
        return {
            "names": list(state.names),
            "scores": list(state.scores),
            "current": state.current,
            "turn_total": state.turn_total,
            "last_roll": state.last_roll,
            "target": state.target,
            "sides": state.sides,
            "rng": state.rng.encode(),
        }

    def decode_state(self, data: Any) -> PigState:
        try:
            state = PigState(
                names=[str(n) for n in data["names"]],
                scores=[int(s) for s in data["scores"]],
                current=int(data["current"]),
                turn_total=int(data["turn_total"]),
                last_roll=int(data["last_roll"]),
                target=int(data["target"]),
                sides=int(data["sides"]),
                rng=Rng.decode(data["rng"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise CorruptData(f"bad pig state: {exc}") from None
        if not 0 <= state.current < len(state.scores) or len(state.names) != len(state.scores):
            raise CorruptData("bad pig state: seat out of range")
        return state

    def encode_action(self, action: PigAction) -> dict[str, Any]:
        return {"kind": action.kind}

    def decode_action(self, data: Any) -> PigAction:
        if not isinstance(data, dict) or data.get("kind") not in ("roll", "hold"):
            raise CorruptData(f"not a pig action: {data!r}")
        return PigAction(data["kind"])

    def num_players(self, state: PigState) -> int:
        return len(state.scores)

    def scores(self, state: PigState) -> list[int]:
        return list(state.scores)

    def progress(self, state: PigState) -> str:
        return f"Leader {max(state.scores)}/{state.target}"


GAME = PigGame()


def play_moves(table: Table[Any], count: int) -> None:
    """Play ``count`` moves with a fixed policy: roll until 8+ points this turn, then hold."""
    for _ in range(count):
        if table.is_over():
            return
        seat = table.to_act()[0]
        state = table.state
        table.submit(seat, HOLD if state.turn_total >= 8 else ROLL)


def make_seats(names: Sequence[str] = ("Ada", "Brook"), bots: Sequence[int] = ()) -> list[Seat]:
    """Seats with the given names; indices in ``bots`` are hard bots."""
    return [
        Seat(i, name, Controller("bot", "hard") if i in bots else Controller())
        for i, name in enumerate(names)
    ]


@pytest.fixture(autouse=True)
def isolated_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register Pig and point XDG folders at temporary ones for every test."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setitem(registry._MODULES, "pig", __name__)
    registry.get_game.cache_clear()
    yield
    registry.get_game.cache_clear()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """An empty saves folder."""
    path = tmp_path / "saves"
    path.mkdir()
    return path


@pytest.fixture
def table() -> Table[Any]:
    """A fresh 3-player Pig table (one bot) with non-default options."""
    return Table.new(GAME, make_seats(("Ada", "Brook", "Cyd"), bots=(2,)), 4242, {"target": 30, "die": "d8"})


@pytest.fixture
def played(table: Table[Any]) -> Table[Any]:
    """The table after 12 moves."""
    play_moves(table, 12)
    assert not table.is_over()
    return table
