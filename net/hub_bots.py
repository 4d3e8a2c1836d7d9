"""The hub's bots: searches run in worker processes, never on the hub's event loop.

:class:`BotPool` owns a small :class:`~concurrent.futures.ProcessPoolExecutor` (forkserver
where there is one, else spawn: never plain fork from a process running an event loop).
A worker gets the game id, the bot's level and seed, the seat and its view in the game's
plain-data encoding, and answers with the chosen action encoded the same way, so nothing
but plain data crosses the process boundary.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

THINK_SECONDS = {"easy": 0.5, "normal": 0.8, "hard": 1.0}
"""Wall-clock budget of one decision per level (as the local app's game screen gives)."""


def bot_seed(table_seed: int, moves: int, seat: int) -> int:
    """The seed of a bot's decision, derived as the local app derives it."""
    return (table_seed * 1_000_003 + moves * 31 + seat) & 0x7FFFFFFF


def choose_encoded(game_id: str, level: str, seed: int, seat: int, view: Any) -> Any:
    """Worker side: decode ``view``, let a bot of ``level`` choose, return the encoded move."""
    from core.ai import make_bot
    from core.registry import get_game

    game = get_game(game_id)
    state = game.decode_state(view)
    deadline = time.monotonic() + THINK_SECONDS.get(level, 1.0)
    bot = make_bot(level, seed, should_stop=lambda: time.monotonic() > deadline, game=game)
    return game.encode_action(bot.choose(game, state, seat))


def _warm() -> None:
    """Worker start-up: import the engines once, before the first decision needs them."""
    from core.registry import game_ids, get_game

    for game_id in game_ids():
        get_game(game_id)


class BotPool:
    """Worker processes for bot decisions, started on first use."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_warm)
        return self._pool

    async def choose(self, game_id: str, level: str, seed: int, seat: int, view: Any) -> Any:
        """The encoded action a bot chooses; raises what the worker raised."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(
                self._executor(), choose_encoded, game_id, level, seed, seat, view
            )
        except BrokenProcessPool:
            self._pool = None  # a worker died: the next decision starts a fresh pool
            raise

    async def close(self) -> None:
        """Stop the workers (a search under way is abandoned)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
