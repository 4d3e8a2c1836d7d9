"""Nothing on a game screen depends on what the viewer's view hides: two secret choices of
another seat that leave the viewer the same view give the same picture (board and its
last-turn marks, status, scoreboard, move list, log), at a local table and at a network
table drawn from what the hub sends that seat."""

from __future__ import annotations

from typing import Any

import pytest

from core.registry import game_ids, get_game
from core.table import Controller, Seat, Table
from net.hub_store import SeatInfo, TableMeta
from net.hub_tables import NetTable
from net.remote_table import RemoteTable
from tests.secret_pairs import WITH_SECRETS, Pair, secret_pairs
from tui.app import MeepleApp
from tui.games import screen_for


def local_table(pair: Pair, move: Any) -> Table[Any]:
    """The pair's position after ``move``: the viewer plays here, the others elsewhere."""
    seats = [Seat(i, f"P{i}", Controller() if i == pair.viewer else Controller("remote"))
             for i in range(pair.players)]
    return Table.replay(get_game(pair.game_id), seats, pair.seed, pair.options,
                        [*pair.moves, (pair.seat, move)])


def hub_message(pair: Pair, move: Any) -> dict[str, Any]:
    """What the hub sends the viewer's seat of the pair's position after ``move``."""
    table = local_table(pair, move)
    meta = TableMeta(id="t1", game=pair.game_id, options=dict(pair.options),
                     seats=[SeatInfo("player", key=f"k{i}", name=f"P{i}") for i in range(pair.players)],
                     creator="k0", started=True)
    net_table = NetTable(meta, get_game(pair.game_id), table)
    return net_table.message(f"k{pair.viewer}", pair.viewer, lambda key: "", lambda key: (True, 0.0), 0)


async def picture(table: Any, size: tuple[int, int]) -> str:
    """The whole screen of ``table``'s game for its viewer, as an SVG."""
    app = MeepleApp(bot_delay=0)
    async with app.run_test(size=size) as pilot:
        screen = screen_for(table.game.info.id)(table, None)
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.pause()
        return app.export_screenshot(simplify=True)


@pytest.mark.parametrize("game_id", game_ids())
def test_two_secret_choices_the_viewer_cannot_tell_apart_look_the_same(game_id: str) -> None:
    pairs = secret_pairs(game_id)
    assert bool(pairs) == (game_id in WITH_SECRETS), pairs

    async def main() -> None:
        for pair in pairs:
            for size in ((80, 24), (120, 40)):
                made = await picture(local_table(pair, pair.made), size)
                other = await picture(local_table(pair, pair.other), size)
                assert made == other, (pair, size)

    import asyncio
    asyncio.run(main())


@pytest.mark.parametrize("game_id", WITH_SECRETS)
def test_the_hub_sends_a_seat_no_secret_choice_of_another_and_its_screen_shows_none(game_id: str) -> None:
    pairs = secret_pairs(game_id)
    assert pairs

    async def main() -> None:
        for pair in pairs:
            messages = [hub_message(pair, move) for move in (pair.made, pair.other)]
            for message in messages:
                assert "action" not in message["log"][-1]
                assert message["log"][-1]["text"]
            assert messages[0]["log"] == messages[1]["log"]
            game = get_game(game_id)
            tables = [RemoteTable(game, message, lambda sent: None) for message in messages]
            assert not tables[0].seen(len(tables[0].log) - 1, pair.viewer)
            assert await picture(tables[0], (80, 24)) == await picture(tables[1], (80, 24))
            # The maker's own message keeps the move.
            maker = local_table(pair, pair.made)
            meta = TableMeta(id="t1", game=game_id, options=dict(pair.options),
                             seats=[SeatInfo("player", key=f"k{i}", name=f"P{i}") for i in range(pair.players)],
                             creator="k0", started=True)
            own = NetTable(meta, game, maker).message(f"k{pair.seat}", pair.seat, lambda key: "",
                                                      lambda key: (True, 0.0), 0)
            assert own["log"][-1]["action"] == game.encode_action(pair.made)

    import asyncio
    asyncio.run(main())
