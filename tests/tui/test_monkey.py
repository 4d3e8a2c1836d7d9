"""The seeded monkey (``tests/tui/monkey.py``) on every game at 80x24 and 120x40: random
keys in bursts, never a quitting key, with no crash and the screen's frame kept after
every burst. A failing run prints the line that replays it.

CI budget: 5 games x (400 keys at 80x24 + 150 at 120x40), about 90 s on two
cores; ``python -m tests.tui.monkey GAME SEED KEYS`` runs longer ones.
"""

from __future__ import annotations

import asyncio

import pytest

from core.registry import game_ids
from tests.tui.monkey import monkey

RUNS = [(game_id, size, keys) for game_id in game_ids()
        for size, keys in (((80, 24), 400), ((120, 40), 150))]


@pytest.mark.slow
@pytest.mark.parametrize("game_id, size, keys", RUNS,
                         ids=[f"{g}-{w}x{h}" for g, (w, h), _ in RUNS])
def test_random_keys_never_stop_the_app_nor_break_its_frame(game_id: str, size: tuple[int, int],
                                                            keys: int) -> None:
    run = asyncio.run(monkey(game_id, seed=size[0], keys=keys, size=size))
    last = " | ".join(" ".join(burst) for burst in run.bursts[-4:])
    assert not run.problems, f"{run.problems[0]}\n  last bursts: {last}\n  replay: {run.replay_line()}"
