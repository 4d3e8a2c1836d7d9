"""The search's rollouts in Settlement are the same in every process: the coach's hint for a
position is the same in the app, in ``meeple hint`` and in a review (the rollout policy's dice
were once keyed by ``hash`` of text, which Python seeds anew in each process)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

SCRIPT = """
from core.ai import coach
from core.registry import get_game
from core.rng import Rng
from core.table import Controller, Seat, Table

game = get_game("settlement")
table = Table.new(game, [Seat(0, "Ada"), Seat(1, "Brook", Controller("bot", "easy"))], 2)
rng = Rng(2)
for _ in range(11):
    seat = table.to_act()[0]
    legal = table.legal_actions(seat)
    table.submit(seat, legal[rng.randbelow(len(legal))])
seat = table.to_act()[0]
hint = coach.hint(game, table.view(seat), seat, "normal")
print([(game.encode_action(m.action), m.value) for m in hint.moves])
"""


def hint_in_a_process(hash_seed: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env["PYTHONPATH"] = str(ROOT)
    env["PYTHONHASHSEED"] = hash_seed
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_a_hint_is_the_same_whatever_the_hash_seed() -> None:
    first = hint_in_a_process("1")
    assert "kind" in first
    assert hint_in_a_process("2") == first
