"""The hub's bots: searches run in worker processes, never on the hub's event loop.

:class:`BotPool` owns a small :class:`~concurrent.futures.ProcessPoolExecutor` (forkserver
where there is one, else spawn: never plain fork from a process running an event loop).
A worker gets the game id, the bot's level and seed, the seat and its view in the game's
plain-data encoding, and answers with the chosen action encoded the same way, so nothing
but plain data crosses the process boundary. :class:`BotSeats` plays every bot seat of the
hub's tables with it: a move is checked and submitted like a person's, ``delay`` seconds
after the bot started thinking, and dropped if the table changed meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import signal
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable

from core.engine import IllegalAction
from net.hub_tables import NetTable

log = logging.getLogger("meeple.hub")

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
    """Worker start-up: leave Ctrl+C to the server (which stops the workers itself: a worker
    interrupted too printed a traceback on the host's terminal), and import the engines
    once, before the first decision needs them."""
    from core.registry import game_ids, get_game

    signal.signal(signal.SIGINT, signal.SIG_IGN)

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


class BotSeats:
    """Plays the bot seats of hub tables; ``moved(table)`` is told of every bot move."""

    def __init__(self, delay: float, moved: Callable[[NetTable], None], workers: int = 2) -> None:
        self.delay = delay
        self.moved = moved
        self.pool = BotPool(workers)
        self._thinking: dict[tuple[str, int], int] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._stopped = False

    def kick(self, nt: NetTable) -> None:
        """Start a decision for each bot seat of ``nt`` that must act and is not thinking yet."""
        if self._stopped:
            return
        for seat in nt.bot_seats_to_act():
            if self._thinking.get((nt.id, seat)) != nt.version:
                self._thinking[(nt.id, seat)] = nt.version
                task = asyncio.get_running_loop().create_task(self._turn(nt, seat, nt.version))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    def stop(self) -> None:
        """Abandon every decision under way and start no more."""
        self._stopped = True
        for task in list(self._tasks):
            task.cancel()

    async def close(self) -> None:
        """Stop, then shut the worker processes down."""
        self.stop()
        await self.pool.close()

    async def _turn(self, nt: NetTable, seat: int, version: int) -> None:
        table = nt.table
        assert table is not None
        loop = asyncio.get_running_loop()
        began = loop.time()
        game = nt.game
        encoded: Any = None
        try:
            encoded = await self.pool.choose(
                game.info.id, nt.meta.seats[seat].level, bot_seed(table.seed, len(table.log), seat),
                seat, game.encode_state(table.view(seat)),
            )
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bot at %s seat %d failed", nt.id, seat)
        wait = self.delay - (loop.time() - began)
        if wait > 0:
            await asyncio.sleep(wait)
        if self._thinking.get((nt.id, seat)) == version:
            del self._thinking[(nt.id, seat)]
        if self._stopped or nt.version != version or nt.table is not table or seat not in nt.bot_seats_to_act():
            return  # stale: the table changed while the bot thought
        action = None
        if encoded is not None:
            try:
                action = game.decode_action(encoded)
            except Exception:
                log.exception("the bot at %s seat %d answered an unreadable move", nt.id, seat)
        if action is None or game.why_illegal(table.state, seat, action) is not None:
            if action is not None:
                log.error("the bot at %s seat %d chose an illegal move", nt.id, seat)
            legal = table.legal_actions(seat)
            if not legal:
                return
            action = legal[0]  # keep the game going rather than stall every player
        try:
            table.submit(seat, action)
        except IllegalAction as exc:
            log.error("the bot's move at %s was refused: %s", nt.id, exc.reason)
            return
        self.moved(nt)
