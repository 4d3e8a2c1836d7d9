"""Hostile and careless use of the app: hands behind the curtain, hidden Castillo, names
that look like markup, and a rules bug in the middle of a game."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import DataTable, Input

from core.elgrande.actions import Veto
from core.registry import get_game
from core.rng import Rng
from core.table import Controller, Seat, Table
from saves import Autosaver, list_saves, saves_dir
from tui.app import MeepleApp, StartRequest
from tui.screens.curtain import HandOffScreen
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.load import LoadScreen
from tui.screens.menu import MenuScreen
from tui.screens.new_game import NewGameScreen
from tui.widgets.picture import BoardPicture

from tests.tui.helpers import open_game, random_table, wait_for_screen, wait_for_turn, write_fixed_save

HIDDEN_HAND_GAMES = ("council", "elgrande", "intendentes")
HOSTILE = ("[@click=app.quit()]Bo", "[$error]Cy", "[b]Di")


def screen_text(app: MeepleApp) -> tuple[str, list[dict[str, Any]]]:
    """What the terminal shows now: the text of every line and every segment's metadata.

    A link made from a player's name would appear as ``@click`` metadata.
    """
    update = app.screen._compositor.render_full_update()
    lines: list[str] = []
    metas: list[dict[str, Any]] = []
    for chops in update.strips:
        line = ""
        for strip in chops:
            for segment in strip:
                line += segment.text
                if segment.style is not None and segment.style.meta:
                    metas.append(dict(segment.style.meta))
        lines.append(line)
    return "\n".join(lines), metas


def shown_notifications(app: MeepleApp) -> list[Content]:
    """Every notification as its toast shows it (Meeple sends them all as plain text)."""
    assert not [n.message for n in app._notifications if n.markup], "a notification parsed as markup"
    return [Content(n.message) for n in app._notifications]


def two_humans(game_id: str, names: tuple[str, str] = ("Ada", "Brook")) -> list[Seat]:
    return [Seat(0, names[0]), Seat(1, names[1])]


def hand_text(screen: GameScreen) -> str:
    """The private panel and (Council, Intendentes) the hand line as drawn now."""
    parts = [str(screen.query_one("#private").render())]
    for picture in screen.query(BoardPicture):
        parts += [line for line in picture.plain_lines() if line.strip().startswith(("Hand", "Power", "plans"))]
    return " ".join(parts).strip()


async def assert_curtain_first(pilot: Pilot[Any], app: MeepleApp) -> GameScreen:
    """The curtain is up, the board below shows no hand; Enter shows the acting player's."""
    curtain = await wait_for_screen(pilot, HandOffScreen)
    game_screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    assert game_screen.viewer is None, "no seat's view may be drawn under the curtain"
    assert hand_text(game_screen) in ("", "Hand: 0 cards", "plans: none"), hand_text(game_screen)
    assert game_screen.query_one("#actions")._items == [], "no moves listed under the curtain"
    await pilot.press("enter")
    await pilot.pause()
    assert not isinstance(app.screen, HandOffScreen)
    assert game_screen.viewer == curtain.seat
    assert game_screen.viewer in game_screen.table.to_act()
    assert hand_text(game_screen), "the player's own hand shows once the curtain is lifted"
    return game_screen


@pytest.mark.parametrize("game_id", HIDDEN_HAND_GAMES)
def test_new_hot_seat_game_opens_behind_the_curtain(game_id: str) -> None:
    async def main() -> None:
        request = StartRequest(game=game_id, seats=two_humans(game_id), seed=11, options={})
        app = MeepleApp(start=request, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await assert_curtain_first(pilot, app)

    asyncio.run(main())


@pytest.mark.parametrize("game_id", HIDDEN_HAND_GAMES)
def test_resumed_and_loaded_hot_seat_games_open_behind_the_curtain(game_id: str) -> None:
    table = random_table(game_id, ("human", "human"), seed=4, moves=6)
    path = write_fixed_save(table, f"{game_id}-hot-seat", "hot seat")

    async def resumed() -> None:
        app = MeepleApp(start=StartRequest(resume=path), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await assert_curtain_first(pilot, app)
            # Back to the menu and "Resume last": the curtain comes first again.
            await pilot.press("escape")
            await wait_for_screen(pilot, MenuScreen)
            await pilot.press("r")
            await assert_curtain_first(pilot, app)

    async def loaded() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("l")
            await wait_for_screen(pilot, LoadScreen)
            await pilot.press("enter")
            await assert_curtain_first(pilot, app)

    asyncio.run(resumed())
    asyncio.run(loaded())


def test_one_human_against_bots_needs_no_curtain() -> None:
    async def main() -> None:
        seats = [Seat(0, "Ada"), Seat(1, "Bot", Controller("bot", "easy"))]
        app = MeepleApp(start=StartRequest(game="council", seats=seats, seed=3, options={}), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await wait_for_screen(pilot, GameScreen)
            assert screen.viewer == 0

    asyncio.run(main())


def test_hidden_castillo_shows_no_per_player_sum() -> None:
    async def main() -> None:
        table = random_table("elgrande", ("human", "easy"), seed=2, play_seed=5,
                             options={"castillo_visible": False},
                             until=lambda t: sum(t.state.castillo) >= 3)
        assert sum(table.state.castillo) >= 3, "the random game must have put caballeros in"
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await open_game(pilot, table)
            line = next(text for text in screen.query_one("#eg-picture", BoardPicture).plain_lines()
                        if text.startswith("Castillo"))
            assert "hidden" in line
            assert not any(ch.isdigit() for ch in line.split(":", 1)[1]), line
            logged = [entry for entry in table.log if "Castillo" in entry.text]
            assert logged, "each insertion stays in the log"

    asyncio.run(main())


@pytest.mark.parametrize("game_id", ("quadropolis", "council", "elgrande", "intendentes"))
def test_names_that_look_like_markup_are_shown_as_typed(game_id: str) -> None:
    """Markup in names never becomes links or styles: game screen, log, game over, load."""
    names = HOSTILE[:2]

    async def main() -> None:
        seats = [Seat(0, names[0]), Seat(1, names[1], Controller("bot", "easy"))]
        table = Table.new(get_game(game_id), seats, 5, {"first_player": "0"})
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await open_game(pilot, table)
            for _ in range(6):  # a few moves, so names reach the log and the move list
                legal = table.legal_actions(0)
                if not legal or table.is_over():
                    break
                screen.submit_action(legal[0])
                await pilot.pause(0.05)
                await wait_for_turn(pilot, screen, 0)
            await wait_for_turn(pilot, screen, 0)
            await pilot.pause()
            # The status line names the player to move: "A [@click=app.quit()]Bo: ..."
            text, metas = screen_text(app)
            assert app.is_running
            assert names[0] in text, "the name is shown exactly as typed"
            assert not [m for m in metas if "@click" in m], "a name must never become a link"
            # A finished game between the same players opens on the game-over panel.
            finished = Table.new(get_game(game_id), seats, 6, {"first_player": "0"})
            rng = Rng(9)
            while not finished.is_over():
                seat = finished.to_act()[0]
                legal = finished.legal_actions(seat)
                finished.submit(seat, legal[rng.randbelow(len(legal))])
            await pilot.press("escape")
            await wait_for_screen(pilot, MenuScreen)
            await open_game(pilot, finished)
            over = await wait_for_screen(pilot, GameOverScreen)
            text, metas = screen_text(app)
            assert names[0][:10] in text and not [m for m in metas if "@click" in m]
            await pilot.press("enter")  # leaves for the menu: a quitting link would exit
            await wait_for_screen(pilot, MenuScreen)
            assert app.is_running and over is not None
            await pilot.press("l")
            await wait_for_screen(pilot, LoadScreen)
            text, metas = screen_text(app)
            assert names[0] in text and not [m for m in metas if "@click" in m]

    asyncio.run(main())


def test_veto_question_shows_a_hostile_name_as_plain_text() -> None:
    async def main() -> None:
        names = ("[b]Ann", "[$error]Bo", "[@click=app.quit()]Cy")
        table = random_table("elgrande", ("human", "human", "human"), seed=1, play_seed=1,
                             until=lambda t: any(isinstance(a, Veto) for s in t.to_act()
                                                 for a in t.legal_actions(s)))
        seats = tuple(Seat(i, names[i]) for i in range(3))
        renamed = Table.replay(table.game, seats, table.seed, table.options, table.actions())
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await open_game(pilot, renamed)
            detail = screen.query_one("#eg-detail").render()
            assert "Veto?" in str(detail)
            assert any(name in str(detail) for name in names), str(detail)
            assert not any("@click" in str(span.style) for span in detail.spans)

    asyncio.run(main())


def test_new_game_form_takes_a_markup_name_and_shows_it_plain() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            form = await wait_for_screen(pilot, NewGameScreen)
            form.query_one("#name-0", Input).value = HOSTILE[0]
            form.query_one("#name-1", Input).value = HOSTILE[0]
            form.action_start()
            await pilot.pause()
            shown = shown_notifications(app)
            assert any("names must differ" in c.plain and HOSTILE[0] in c.plain for c in shown)
            assert not [span for c in shown for span in c.spans if "@click" in str(span.style)]
            form.query_one("#name-1", Input).value = HOSTILE[1]
            form.action_start()
            screen = await wait_for_screen(pilot, GameScreen)
            assert [seat.name for seat in screen.table.seats][:2] == [HOSTILE[0], HOSTILE[1]]

    asyncio.run(main())


def test_load_screen_shows_a_file_name_with_an_escape_sequence_as_visible_text() -> None:
    table = random_table("quadropolis", ("human", "human"), seed=4, moves=2)
    good = write_fixed_save(table, "plain", "plain")
    hostile = saves_dir() / "evil\x1b]0;owned\x07.toml"
    hostile.write_bytes(good.read_bytes())

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("l")
            screen = await wait_for_screen(pilot, LoadScreen)
            text, _ = screen_text(app)
            assert "\x1b" not in text and "\x07" not in text
            assert "evil␛]0;owned␇" in text
            rows = screen.query_one("#saves", DataTable).row_count
            assert rows == len(list_saves()) == 2

    asyncio.run(main())


def test_a_rules_bug_during_a_move_is_reported_and_changes_nothing(
    user_dirs: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def main() -> None:
        table = random_table("quadropolis", ("human", "human"), seed=4, moves=3)
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = await open_game(pilot, table)
            autosaver: Autosaver = screen.autosaver
            autosaver.save_now()
            before = autosaver.path.read_bytes()
            moves = len(table.log)

            def broken(*_: Any) -> None:
                raise RuntimeError("rules bug")

            monkeypatch.setattr(table.game, "apply", broken)
            screen.submit_action(table.legal_actions(table.to_act()[0])[0])
            await pilot.pause()
            assert app.is_running and app.screen is screen
            assert len(table.log) == moves
            assert autosaver.path.read_bytes() == before
            messages = [str(n.message) for n in app._notifications]
            assert any("Something went wrong" in m and "rules bug" in m for m in messages), messages
            log = user_dirs / "state" / "meeple" / "crash.log"
            assert log.exists() and "rules bug" in log.read_text()
            # The app stays usable: the menu is one key away and the save resumes.
            monkeypatch.undo()
            await pilot.press("escape")
            await wait_for_screen(pilot, MenuScreen)

    asyncio.run(main())


def test_an_unreadable_saves_folder_is_told_not_taken_for_no_saves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import os

    saves_dir().mkdir(parents=True, exist_ok=True)
    real_scandir = os.scandir

    def denied(path: Any = ".") -> Any:
        if str(path) == str(saves_dir()):
            raise PermissionError(13, "Permission denied")
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", denied)

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            messages = [c.plain for c in shown_notifications(app)]
            assert any("cannot be read" in m and "permission" in m for m in messages), messages
            await pilot.press("l")
            screen = await wait_for_screen(pilot, LoadScreen)
            assert "cannot be read" in str(screen.query_one("#detail").render())

    asyncio.run(main())


def test_ctrl_n_the_moment_the_form_opens_starts_a_game() -> None:
    """Typed fast, 'n' then ctrl+n reached the form before its choice lists were filled;
    the empty first-player choice crashed the app (seen playing in tmux)."""

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            form = NewGameScreen()
            await app.push_screen(form)
            form.action_start()  # before the form's first refresh refills its choices
            screen = await wait_for_screen(pilot, GameScreen)
            assert app.is_running and screen.table.options["first_player"] == "random"

    asyncio.run(main())
