"""The hub's bot workers (:mod:`net.hub_bots`): Ctrl+C at the server's terminal reaches
every process of its group; the workers leave it to the server, which stops them itself
(a worker interrupted printed a traceback on the host's terminal and died)."""

from __future__ import annotations

import asyncio
import os
import signal

from core.registry import get_game
from core.table import Seat, Table
from net.hub_bots import BotPool


def test_a_bot_worker_leaves_ctrl_c_to_the_server_and_goes_on_choosing() -> None:
    game = get_game("council")
    table = Table.new(game, [Seat(0, "A"), Seat(1, "B")], 3, {})
    seat = table.to_act()[0]
    view = game.encode_state(table.view(seat))

    async def main() -> None:
        pool = BotPool(workers=1)
        try:
            legal = table.legal_actions(seat)
            assert game.decode_action(await pool.choose("council", "easy", 1, seat, view)) in legal
            executor = pool._pool
            assert executor is not None
            workers = list(executor._processes.values())  # (the pool's own record of them)
            assert workers and all(w.is_alive() for w in workers)
            for worker in workers:
                assert worker.pid is not None
                os.kill(worker.pid, signal.SIGINT)
            await asyncio.sleep(0.5)
            assert all(w.is_alive() for w in workers)
            assert game.decode_action(await pool.choose("council", "easy", 2, seat, view)) in legal
        finally:
            await pool.close()

    asyncio.run(main())
