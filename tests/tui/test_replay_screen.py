"""The replay viewer: a save stepped through on its game's own screen, read-only.

Keys (← → one move, Home/End, the move list in step with the board), whose eyes (the
question, the curtain of a hot-seat game, what a seat may see), play on from here, the
Load screen's Replay and ``meeple replay``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from core.history import round_starts
from core.replay import OPEN, ReplayTable
from core.table import Table
from saves import LoadedGame, list_saves, load_table
from tests.tui.helpers import random_table, wait_for_screen, write_fixed_save
from tui.app import MeepleApp, StartRequest
from tui.cli import main as cli_main
from tui.games.elgrande import ElGrandeScreen
from tui.games.quadropolis import QuadropolisScreen
from tui.screens.game import GameScreen
from tui.screens.load import LoadScreen
from tui.screens.chart import ChartScreen
from tui.screens.watcher import WatcherScreen
from tui.widgets.score_chart import ScoreChart
from tui.widgets.replay_moves import ReplayMoves
from tui.widgets.status import StatusLine

pytestmark = pytest.mark.xdist_group("replay")


def finished(game_id: str, kinds: tuple[str, ...] = ("human", "normal")) -> Table[Any]:
    return random_table(game_id, kinds, 7, until=lambda table: False)


def status_text(screen: GameScreen) -> str:
    return str(screen.query_one("#status", StatusLine).render())


async def step(pilot: Any, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


def test_arrows_home_and_end_step_the_board_the_log_and_the_move_list() -> None:
    table = finished("quadropolis")  # no hidden information: no question, all open
    path = write_fixed_save(table, "qp", "Quadropolis: Ada, Brook")
    total = len(table.log)

    async def main() -> None:
        app = MeepleApp(StartRequest(replay=path), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await wait_for_screen(pilot, QuadropolisScreen)
            replay = screen.table
            assert isinstance(replay, ReplayTable) and replay.at == 0 and replay.viewer is OPEN
            moves = screen.query_one(ReplayMoves)
            assert moves.option_count == total + 1 and moves.highlighted == 0
            assert not screen.query_one("#actions").display
            await step(pilot, "right", "right", "right")
            history = table.history()
            assert replay.at == 3 and replay.log == table.log[:3] and moves.highlighted == 3
            assert screen.current_view() == history[3]
            assert f"Replay · move 3/{total}" in status_text(screen)
            await step(pilot, "left")
            assert replay.at == 2 and len(replay.log) == 2
            await step(pilot, "end")
            assert replay.at == total and replay.is_over() and "game over" in status_text(screen)
            await step(pilot, "right")  # nothing after the end
            assert replay.at == total
            await step(pilot, "home", "left")
            assert replay.at == 0 and "Replay · start" in status_text(screen)
            # PgDn/PgUp: the start of the next round, of this one, of the one before
            starts = round_starts(table.game, history)
            assert len(starts) == 4  # Quadropolis: four rounds, the first from the start
            await step(pilot, "pagedown", "pagedown")
            assert replay.at == starts[2] and table.game.round_number(history[starts[2]]) == 3
            assert "Round 3/4" in status_text(screen)
            await step(pilot, "right", "pageup")
            assert replay.at == starts[2]
            await step(pilot, "pageup")
            assert replay.at == starts[1]
            await step(pilot, "home")
            # the move list: moving in it moves the board; Enter gives the keys back
            await step(pilot, "m", "down", "down")
            assert moves.has_focus and replay.at == 2
            await step(pilot, "enter")
            assert not moves.has_focus and replay.at == 2
            # nothing can be played, undone or saved: the table is unchanged
            await step(pilot, "d", "ctrl+z", "e")
            assert replay.at == 2 and len(table.log) == total and app.screen is screen
            await step(pilot, "escape")
            assert not isinstance(app.screen, GameScreen)

    import asyncio

    asyncio.run(main())


def test_a_finished_game_asks_whose_eyes_and_shows_what_that_seat_saw() -> None:
    table = finished("elgrande")
    path = write_fixed_save(table, "eg", "El Grande: Ada, Brook")

    async def main() -> None:
        app = MeepleApp(StartRequest(replay=path), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            watcher = await wait_for_screen(pilot, WatcherScreen)
            assert watcher.choices == [OPEN, 0, 1] and watcher.finished
            await step(pilot, "down", "down", "enter")  # Brook, the bot
            screen = await wait_for_screen(pilot, ElGrandeScreen)
            replay = screen.table
            assert isinstance(replay, ReplayTable) and replay.viewer == 1 and screen.viewer == 1
            await step(pilot, "right", "right", "right", "right", "right")
            assert screen.current_view() == table.game.view(table.history()[5], 1)
            assert "as B Brook" in status_text(screen)
            # v: other eyes, at the same position
            await step(pilot, "v")
            await wait_for_screen(pilot, WatcherScreen)
            await step(pilot, "enter")  # all open
            screen = await wait_for_screen(pilot, ElGrandeScreen)
            assert screen.table.viewer is OPEN and screen.table.at == 5
            assert screen.current_view() == table.history()[5]

    import asyncio

    asyncio.run(main())


def test_an_unfinished_hot_seat_game_asks_who_is_watching_behind_a_curtain() -> None:
    table = random_table("elgrande", ("human", "human"), 7, moves=30)
    path = write_fixed_save(table, "hot", "El Grande: Ada, Brook")

    async def main() -> None:
        app = MeepleApp(StartRequest(replay=path), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            watcher = await wait_for_screen(pilot, WatcherScreen)
            assert watcher.choices == [0, 1] and not watcher.finished  # never all open
            assert watcher.has_class("-curtain")
            await step(pilot, "down", "enter")
            screen = await wait_for_screen(pilot, ElGrandeScreen)
            replay = screen.table
            assert replay.viewer == 1 and replay.at == 0
            await step(pilot, "end")
            assert screen.current_view() == table.view(1)
            await step(pilot, "p")  # an unfinished game is resumed, not played on anew
            assert app.screen is screen and len(list_saves()) == 1
            await step(pilot, "v")  # the other seat: asked again, behind the curtain
            assert isinstance(app.screen, WatcherScreen) and app.screen.has_class("-curtain")
            await step(pilot, "escape")  # nobody takes the keyboard: the replay closes,
            assert not isinstance(app.screen, (GameScreen, WatcherScreen))  # Brook's view with it

    import asyncio

    asyncio.run(main())


def test_an_unfinished_game_against_bots_opens_as_its_player_without_a_question() -> None:
    table = random_table("council", ("human", "normal"), 5, moves=12)
    path = write_fixed_save(table, "c4", "Council of Four: Ada, Brook")

    async def main() -> None:
        app = MeepleApp(StartRequest(replay=path), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen) and isinstance(screen.table, ReplayTable)
            assert screen.table.viewer == 0
            await step(pilot, "v")  # nobody else's eyes to choose
            assert app.screen is screen and screen.table.viewer == 0

    import asyncio

    asyncio.run(main())


def test_play_on_from_a_position_of_a_finished_game_starts_a_new_save() -> None:
    table = finished("quadropolis")
    path = write_fixed_save(table, "qp", "Quadropolis: Ada, Brook")

    async def main() -> None:
        app = MeepleApp(StartRequest(replay=path), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await wait_for_screen(pilot, QuadropolisScreen)
            await step(pilot, "end", "p", "home", "p")  # the end, the start: nothing to play on from
            assert app.screen is screen and len(list_saves()) == 1
            await step(pilot, "home", "right", "right", "right", "right", "p")
            new = await wait_for_screen(pilot, QuadropolisScreen)
            assert new is not screen and isinstance(new.table, Table) and new.autosaver is not None
            assert new.table.actions() == table.actions()[:4] and new.table.seats == table.seats
            assert new.table.options == table.options and new.table.seed == table.seed
            saved = new.autosaver.path
            assert saved.exists() and saved != path
            assert load_table(saved).table.actions() == table.actions()[:4]
            assert load_table(path).table.actions() == table.actions()  # the old one unchanged

    import asyncio

    asyncio.run(main())


def test_the_load_screen_replays_the_selected_save() -> None:
    table = finished("quadropolis")
    write_fixed_save(table, "qp", "Quadropolis: Ada, Brook")

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(LoadScreen())
            load = await wait_for_screen(pilot, LoadScreen)
            assert load.query_one("#saves", DataTable).row_count == 1
            await step(pilot, "r")
            screen = await wait_for_screen(pilot, QuadropolisScreen)
            assert isinstance(screen.table, ReplayTable) and screen.autosaver is None
            await step(pilot, "escape")
            assert app.screen is load

    import asyncio

    asyncio.run(main())


def test_meeple_replay_refuses_a_missing_or_broken_save(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("[header]\nformat_version = 1\n")
    for name in ("no-such-save", str(broken)):
        with pytest.raises(SystemExit) as exit_:
            cli_main(["replay", name])
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err and err.startswith("meeple replay: error: ")


def test_c_charts_each_players_score_by_round_up_to_the_move_shown() -> None:
    table = finished("quadropolis")
    path = write_fixed_save(table, "qp", "Quadropolis: Ada, Brook")
    starts = round_starts(table.game, table.history())

    async def main() -> None:
        app = MeepleApp(StartRequest(replay=path), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await wait_for_screen(pilot, QuadropolisScreen)
            await step(pilot, "pagedown", "pagedown", "c")
            chart = await wait_for_screen(pilot, ChartScreen)
            lines = chart.query_one(ScoreChart).lines
            assert [line.marker for line in lines] == ["A", "B"]
            assert lines[0].xs == (0, 1, 2, 3)  # up to round 3, just begun: not the rounds to come
            assert chart.chart_title == f"Score by round, after move {starts[2]}"
            await step(pilot, "c")
            assert app.screen is screen and screen.table.at == starts[2]

    import asyncio

    asyncio.run(main())


def test_a_save_resumed_from_its_saved_position_alone_is_not_replayed(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    table = finished("quadropolis")
    path = write_fixed_save(table, "qp", "Quadropolis: Ada, Brook")
    resumed = Table(game=table.game, seats=table.seats, seed=table.seed, options=table.options,
                    _states=[table.state], log=list(table.log))
    fake = lambda _: LoadedGame(resumed, path, "qp", None)  # type: ignore[arg-type]  # noqa: E731
    monkeypatch.setattr("saves.resume.open_save", fake)
    monkeypatch.setattr("saves.open_save", fake, raising=False)  # (the package keeps what it imported)
    with pytest.raises(SystemExit) as exit_:
        cli_main(["replay", str(path)])
    assert exit_.value.code == 2 and "no longer replay" in capsys.readouterr().err


def test_an_unfinished_game_of_bots_alone_with_hidden_information_is_not_replayed(
        capsys: pytest.CaptureFixture[str]) -> None:
    table = random_table("elgrande", ("easy", "normal"), 7, moves=10)
    path = write_fixed_save(table, "bots", "El Grande: bots")
    with pytest.raises(SystemExit) as exit_:
        cli_main(["replay", str(path)])
    assert exit_.value.code == 2 and "stays hidden until it is over" in capsys.readouterr().err

    async def main() -> None:
        app = MeepleApp(StartRequest(replay=path), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert not isinstance(app.screen, (GameScreen, WatcherScreen))

    import asyncio

    asyncio.run(main())


def test_help_lists_the_replays_keys_instead_of_the_games_and_shift_arrows_move_the_cursor() -> None:
    from tui.screens.help import HelpScreen

    table = finished("elgrande")
    path = write_fixed_save(table, "eg", "El Grande: Ada, Brook")

    async def main() -> None:
        app = MeepleApp(StartRequest(replay=path), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, WatcherScreen)
            await step(pilot, "enter")
            screen = await wait_for_screen(pilot, ElGrandeScreen)
            before = screen.cursor_position
            await step(pilot, "shift+right")
            assert screen.cursor_position != before and screen.table.at == 0
            await step(pilot, "question_mark")
            help_screen = await wait_for_screen(pilot, HelpScreen)
            keys = dict(help_screen.keys())
            assert keys["← →"] == "One move back or on" and "p" in keys and "c" in keys
            texts = " ".join(keys.values())
            assert "Hint" not in texts and "Undo" not in texts and "Take" not in texts

    import asyncio

    asyncio.run(main())


def test_a_quadropolis_replay_has_places_for_the_cursor_and_i_describes_them() -> None:
    from tui.screens.card_viewer import CardViewerScreen

    table = finished("quadropolis")
    path = write_fixed_save(table, "qp", "Quadropolis: Ada, Brook")

    async def main() -> None:
        app = MeepleApp(StartRequest(replay=path), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await wait_for_screen(pilot, QuadropolisScreen)  # (nothing hidden: no question)
            await step(pilot, "end")
            assert screen.board_cursor.targets, "no place to look at"
            before = screen.board_cursor.current
            await step(pilot, "shift+right")
            assert screen.board_cursor.current != before
            while screen.board_cursor.current.key[0] != "slot":
                await step(pilot, "shift+right")
            await step(pilot, "i")
            viewer = await wait_for_screen(pilot, CardViewerScreen)
            text = " ".join(str(w.render()) for w in viewer.query("Static"))
            # No Architect is in hand in a replay: what each of the four would take.
            assert "Architect 0" not in text
            assert all(f"Architect {n} reaches" in text for n in range(1, 5)), text

    import asyncio

    asyncio.run(main())


@pytest.mark.parametrize("start", [0, 20])
def test_a_burst_of_arrows_ends_where_the_keys_say_and_the_replay_keeps_answering(start: int) -> None:
    """Ten → then ten ← typed at once (a held key): the replay is back where it started and
    answers the next key. The move list's highlight events of the burst used to ask for
    positions already left, and the board and the list stepped each other for ever."""
    import asyncio

    from textual import events

    table = finished("quadropolis")
    path = write_fixed_save(table, "qp", "Quadropolis: Ada, Brook")

    async def main() -> None:
        app = MeepleApp(StartRequest(replay=path), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await wait_for_screen(pilot, QuadropolisScreen)
            replay = screen.table
            assert isinstance(replay, ReplayTable)
            for _ in range(start):
                app.post_message(events.Key("right", None))
            await pilot.pause()
            steps: list[int] = []
            go = replay.go

            def counted(at: int) -> None:
                steps.append(at)
                go(at)

            replay.go = counted  # type: ignore[method-assign]
            for key in ["right"] * 10 + ["left"] * 10:
                app.post_message(events.Key(key, None))
            for _ in range(20):
                await pilot.pause()
            assert len(steps) <= 20, f"{len(steps)} steps for 20 keys: {steps[:40]}"
            assert replay.at == start
            assert screen.query_one(ReplayMoves).highlighted == start
            await pilot.press("right")
            await pilot.pause()
            assert replay.at == start + 1

    asyncio.run(main())
