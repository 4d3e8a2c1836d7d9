"""The session app (what a player over SSH runs) against a real hub, through its keys.

The app runs under Textual's test pilot on the same event loop as the hub; a second
person, where needed, is a plain protocol connection (:class:`tests.net.Conn`).
"""

from __future__ import annotations

import asyncio
import importlib
import time
from pathlib import Path
from typing import Any, Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select

from core.registry import get_game
from net.hub import Hub
from net.protocol import HAND_OVER_AFTER
from tests.net import GUARD, FakeClock, greet, run_hub
from tui.games.council import CouncilScreen
from tui.hub_app import HubApp
from tui.navigation import BackToMenu
from tui.screens.confirm import ConfirmScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.new_table import NewTableScreen
from tui.screens.prompt import TextPromptScreen
from tui.text import plain

COUNCIL = get_game("council")


async def until(pilot: Pilot[Any], check: Callable[[], object], what: str) -> None:
    """Let the app and the hub run until ``check()`` holds (fails after GUARD seconds)."""
    deadline = time.monotonic() + GUARD
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await pilot.pause(0.02)


async def named(pilot: Pilot[Any], app: HubApp, name: str) -> None:
    """Answer the first-time name question with ``name``."""
    await until(pilot, lambda: isinstance(app.screen, TextPromptScreen), "the name question")
    await pilot.press(*name, "enter")
    await until(pilot, lambda: app.my_name == name and isinstance(app.screen, LobbyScreen), "the lobby")


async def new_council_table(pilot: Pilot[Any], app: HubApp, second_seat: str) -> None:
    """From the lobby: c, Council of Four for two, the second seat ``second_seat``, no password."""
    await pilot.press("c")
    await until(pilot, lambda: isinstance(app.screen, NewTableScreen), "the new-table form")
    form = app.screen
    for value, field in (("council", "#game"), (2, "#count"), (second_seat, "#ctl-1")):
        for _ in range(3):
            await pilot.pause()
        form.query_one(field, Select).value = value
    for _ in range(3):
        await pilot.pause()
    await pilot.press("ctrl+n")
    await until(pilot, lambda: isinstance(app.screen, TextPromptScreen), "the password question")
    await pilot.press("enter")


def test_a_newcomer_names_themselves_creates_a_table_with_a_bot_and_plays(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        app = HubApp(str(path), hub.issue_token("SHA256:ada"))
        async with app.run_test(size=(100, 30)) as pilot:
            await named(pilot, app, "Ada")
            assert "Ada" in str(app.screen.query_one("#lobby-who").render())
            await until(pilot, lambda: "⏎ Join / open" in str(app.screen.query_one("KeyBar").render()),
                        "Enter's meaning in the key bar")
            await new_council_table(pilot, app, "easy")
            await until(pilot, lambda: isinstance(app.screen, CouncilScreen), "the game screen")
            table = app.table
            assert table is not None
            net = hub.tables[table.id].table
            assert net is not None
            # Ada sees her own view, never the bot's hand or the whole state.
            assert COUNCIL.encode_state(table.view(table.you)) == COUNCIL.encode_state(net.view(0))
            await until(pilot, lambda: 0 in table.to_act(), "Ada's turn")
            moves = len(net.log)
            await pilot.press("m", "enter")  # the first move of the list
            await until(pilot, lambda: len(net.log) > moves and len(table.log) == len(net.log),
                        "Ada's move at the hub and back")
            assert table.log[moves].seat == 0
            await pilot.press("escape")  # back to the lobby; the seat stays hers
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")
            assert app.table is None
            await until(pilot, lambda: "you play here" in _lobby_text(app), "her table in the lobby")

    run_hub(tmp_path, scenario, bot_delay=0)


def test_an_app_that_lost_track_of_the_log_asks_for_it_whole_and_catches_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[dict[str, Any]] = []
    resend = Hub._handlers["resend"]

    def spy(hub: Hub, client: Any, message: dict[str, Any]) -> None:
        asked.append(message)
        resend(hub, client, message)

    monkeypatch.setitem(Hub._handlers, "resend", spy)

    async def scenario(hub: Hub, path: Path) -> None:
        app = HubApp(str(path), hub.issue_token("SHA256:ada"))
        async with app.run_test(size=(100, 30)) as pilot:
            await named(pilot, app, "Ada")
            await new_council_table(pilot, app, "easy")
            await until(pilot, lambda: isinstance(app.screen, CouncilScreen), "the game screen")
            table = app.table
            net = hub.tables[table.id].table if table is not None else None
            assert table is not None and net is not None
            while len(net.log) < 2:  # (Ada may move first)
                await until(pilot, lambda: 0 in table.to_act(), "Ada's turn")
                moves = len(net.log)
                await pilot.press("m", "enter")
                await until(pilot, lambda: len(net.log) > moves, "Ada's move at the hub")
            await until(pilot, lambda: 0 in table.to_act() and len(table.log) == len(net.log), "Ada's turn")
            del table.log[1:]  # (as if messages had been lost on the way)
            await pilot.press("m", "enter")
            await until(pilot, lambda: len(net.log) > 2 and len(table.log) == len(net.log), "the whole log again")
            assert [(e.seat, e.text) for e in table.log] == [(e.seat, e.text) for e in net.log]
            assert [m["type"] for m in asked] == ["resend"]
            assert isinstance(app.screen, CouncilScreen)

    run_hub(tmp_path, scenario, bot_delay=0)


def test_the_way_back_from_a_game_over_leads_to_the_lobby(tmp_path: Path) -> None:
    """The game-over screen asks the app for the menu (tui.navigation.BackToMenu): in a
    session that is the lobby, the table left as Escape leaves it (never a local menu)."""
    async def scenario(hub: Hub, path: Path) -> None:
        app = HubApp(str(path), hub.issue_token("SHA256:ada"))
        async with app.run_test(size=(100, 30)) as pilot:
            await named(pilot, app, "Ada")
            await new_council_table(pilot, app, "easy")
            await until(pilot, lambda: isinstance(app.screen, CouncilScreen), "the game screen")
            app.push_screen(ConfirmScreen(plain("A panel over the game")))
            await pilot.pause()
            app.screen.post_message(BackToMenu())
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            assert app.table is None and len(app.screen_stack) == 1

    run_hub(tmp_path, scenario, bot_delay=0)


def test_the_zygote_preloads_what_the_session_app_imports() -> None:
    """Every name of the session's preload is there (the zygote skips, silently, what fails)."""
    from tui.session import PRELOAD, TARGET

    for name in (*PRELOAD, TARGET):
        module, _, function = name.partition(":")
        imported = importlib.import_module(module)
        assert not function or callable(getattr(imported, function)), name


def test_a_table_waits_for_a_second_player_then_opens_for_both(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        app = HubApp(str(path), hub.issue_token("SHA256:ada"))
        async with app.run_test(size=(80, 24)) as pilot:
            await named(pilot, app, "Ada")
            await new_council_table(pilot, app, "open")
            await until(pilot, lambda: "waiting for players" in _lobby_text(app), "the waiting table")
            table_id = next(iter(hub.tables))
            bob = await greet(hub, path, "SHA256:bob", "Bob")
            for line in ("anyone for Council?", "[b]me[/b]"):
                await bob.request({"type": "chat", "table": "", "text": line})

            def lobby_chat() -> str:
                return str(app.screen_stack[0].query_one("#lobby-chat").render())

            await until(pilot, lambda: "[b]me[/b]" in lobby_chat(), "the lobby's chat")
            assert lobby_chat().splitlines()[-2:] == ["Bob: anyone for Council?", "Bob: [b]me[/b]"]
            joined = await bob.request({"type": "join", "table": table_id, "seat": 1, "password": ""})
            assert joined["type"] == "table" and joined["started"], joined
            await until(pilot, lambda: isinstance(app.screen, CouncilScreen), "Ada's game screen")
            table = app.table
            assert table is not None and table.you == 0
            assert table.seats[1].name == "Bob" and table.seats[1].controller.is_remote
            # (the game screen may still be composing: no key bar yet means not yet, not a failure)
            await until(pilot, lambda: any("esc Lobby" in str(bar.render()) for bar in app.screen.query("KeyBar")),
                        "Escape named for where it leads")
            # Each sees only their own cards: the app holds seat 0's view, Bob got seat 1's.
            net = hub.tables[table_id].table
            assert net is not None
            assert COUNCIL.encode_state(table.view(0)) == COUNCIL.encode_state(net.view(0))
            assert joined["view"] == COUNCIL.encode_state(net.view(1))
            assert joined["view"] != COUNCIL.encode_state(table.view(0))
            # Bob says something: it reaches Ada's screen as a notification.
            await bob.request({"type": "chat", "table": table_id, "text": "[b]hello[/b] Ada"})
            await until(pilot, lambda: any("[b]hello[/b] Ada" in str(n.message) for n in app._notifications),
                        "Bob's chat line, shown as typed")
            # A "leave" that reached the hub after the game started (Ada left its waiting
            # room as Bob joined) moves her to the lobby: the app asks for the table again.
            before = app.last_lobby
            app.client.send({"type": "leave", "table": table_id})

            def ada_shown() -> object:
                return [c.showing for c in hub.clients if c.key == "SHA256:ada"] == [table_id]

            await until(pilot, lambda: app.last_lobby is not before, "the hub's lobby for Ada")
            await until(pilot, ada_shown, "Ada's table shown to her again")
            assert isinstance(app.screen, CouncilScreen)
            # Bob goes away: the status line says so when it waits for him.
            bob.close()
            await until(pilot, lambda: 1 in table.away_seats(), "Bob away")
            await until(pilot, lambda: "Bob away" in str(app.screen.query_one("#scoreboard").render()),
                        "the scoreboard saying so")

    run_hub(tmp_path, scenario, bot_delay=0)


def test_the_app_says_so_and_quits_when_the_hub_is_unreachable(tmp_path: Path) -> None:
    async def main() -> None:
        app = HubApp(str(tmp_path / "nothing.sock"), "token")
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: any("Cannot reach" in str(n.message) for n in app._notifications),
                        "the message")

    asyncio.run(main())


def _lobby_text(app: HubApp) -> str:
    screen = next((s for s in app.screen_stack if isinstance(s, LobbyScreen)), None)
    if screen is None:
        return ""
    return "\n".join(str(line) for line in [*map(str, _options(screen))])


def _options(screen: LobbyScreen) -> list[str]:
    from tui.widgets.move_list import MoveList

    if not screen.built:  # (its tables are mounted once the hub has said where we are)
        return []
    listing = screen.query_one("#lobby-tables", MoveList)
    return [listing.prompt_at(i).plain for i in range(listing.option_count)]


def test_after_a_drop_the_player_is_back_at_their_seat_and_the_creator_can_give_an_empty_seat_to_a_bot(
        tmp_path: Path, monkeypatch: Any) -> None:
    clock = FakeClock()

    async def scenario(hub: Hub, path: Path) -> None:
        bob = await greet(hub, path, "SHA256:bob", "Bob")
        app = HubApp(str(path), hub.issue_token("SHA256:ada"))
        async with app.run_test(size=(80, 24)) as pilot:
            await named(pilot, app, "Ada")
            await new_council_table(pilot, app, "open")
            await until(pilot, lambda: bool(hub.tables), "the table")
            table_id = next(iter(hub.tables))
            await bob.request({"type": "join", "table": table_id, "seat": 1, "password": ""})
            await until(pilot, lambda: isinstance(app.screen, CouncilScreen), "the game")
        # Ada's connection dropped (her app is gone); she connects again with the same key.
        again = HubApp(str(path), hub.issue_token("SHA256:ada"))
        async with again.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(again.screen, CouncilScreen), "straight back at her seat")
            table = again.table
            assert table is not None and table.you == 0 and table.id == table_id
            net = hub.tables[table_id].table
            assert net is not None and len(table.log) == len(net.log)
            # Bob leaves and stays away: after the hand-over time Ada gives his seat to a bot.
            bob.close()
            await until(pilot, lambda: 1 in table.away_seats(), "Bob away")
            await pilot.press("b")  # too early: refused with the reason
            await until(pilot, lambda: any("away" in str(n.message) and "seconds" in str(n.message)
                                           for n in again._notifications), "the reason")
            clock.now += HAND_OVER_AFTER + 1
            later = time.monotonic() + HAND_OVER_AFTER + 1
            monkeypatch.setattr("net.remote_table._now", lambda: later)
            await pilot.press("b")
            await until(pilot, lambda: isinstance(again.screen, ConfirmScreen), "the question")
            await pilot.press("y")
            await until(pilot, lambda: table.seats[1].controller.kind == "bot", "Bob's seat played by a bot")
            # Straight back at her seat, the lobby under the game was never built; Escape
            # shows it, built then.
            lobby = again.screen_stack[0]
            assert isinstance(lobby, LobbyScreen) and not lobby.built
            await pilot.press("escape")
            await until(pilot, lambda: again.screen is lobby and "you play here" in _lobby_text(again),
                        "the lobby, built")
        # Bob is back: told what happened, and Enter on the table gives him his seat again.
        bobs = HubApp(str(path), hub.issue_token("SHA256:bob"))
        async with bobs.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "takes it back" in _lobby_text(bobs), "the offer in the lobby")
            assert any("A bot played your seat" in str(n.message) for n in bobs._notifications)
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(bobs.screen, CouncilScreen), "Bob at his seat")
            assert bobs.table is not None and bobs.table.you == 1
            net = hub.tables[table_id].table
            assert net is not None and net.seats[1].controller.is_human

    run_hub(tmp_path, scenario, bot_delay=0, clock=clock)


def test_a_warmed_up_process_starts_its_sessions_with_the_stylesheet_already_parsed(tmp_path: Path) -> None:
    from tests.tui.helpers import css_parses_after_warm_up

    with css_parses_after_warm_up() as parsed:
        runs: list[int] = []

        async def scenario(hub: Hub, path: Path) -> None:
            for first in (True, False):
                parsed.clear()
                app = HubApp(str(path), hub.issue_token("SHA256:ada"))
                async with app.run_test(size=(80, 24)) as pilot:
                    if first:
                        await named(pilot, app, "Ada")
                    await until(pilot, lambda: app.my_name == "Ada" and isinstance(app.screen, LobbyScreen),
                                "the lobby")
                    assert "Tables" in "".join(str(w.render()) for w in app.screen.query(".section-head"))
                runs.append(len(parsed))

        run_hub(tmp_path, scenario)
        # The second session parses nothing: not even when its theme's variables are set at
        # its start (Textual parses everything again in a new stylesheet then).
        assert runs[1] == 0, runs


def test_a_refused_name_is_asked_for_again_with_what_was_typed(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        await greet(hub, path, "SHA256:bob", "Bob")
        app = HubApp(str(path), hub.issue_token("SHA256:ada"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TextPromptScreen), "the name question")
            await pilot.press(*"Bob", "enter")  # Bob's already

            def asked_again() -> bool:
                screen = app.screen
                return isinstance(screen, TextPromptScreen) and "another player" in screen.question

            await until(pilot, asked_again, "the question again, with the reason")
            box = app.screen.query_one(Input)
            assert box.value == "Bob"
            await pilot.press("backspace", "backspace", "backspace", *"Ada", "enter")
            await until(pilot, lambda: app.my_name == "Ada", "the name taken")

    run_hub(tmp_path, scenario)


def test_the_session_palette_offers_no_screenshot(tmp_path: Path) -> None:
    async def main() -> None:
        app = HubApp(str(tmp_path / "none.sock"), "token", connect=False)
        async with app.run_test(size=(80, 24)):
            titles = [command.title for command in app.get_system_commands(app.screen)]
            assert "Help" in titles and "Screenshot" not in titles  # (it writes on the host)

    asyncio.run(main())


def test_a_sessions_settings_last_for_the_session_and_the_hosts_file_is_not_written(tmp_path: Path) -> None:
    import dataclasses

    from saves.paths import settings_path

    async def main() -> None:
        app = HubApp(str(tmp_path / "none.sock"), "token", connect=False)
        async with app.run_test(size=(80, 24)) as pilot:
            before = settings_path().exists()
            other = next(name for name in app.available_themes if name != app.theme)
            app.update_settings(dataclasses.replace(app.settings, theme=other))
            await pilot.pause()
            assert app.theme == other and app.settings.theme == other
            assert settings_path().exists() == before

    asyncio.run(main())


def test_a_session_started_without_the_garbage_collector_runs_it_again_once_its_lobby_shows(
        tmp_path: Path) -> None:
    import gc

    async def scenario(hub: Hub, path: Path) -> None:
        await greet(hub, path, "SHA256:ada", "Ada")
        app = HubApp(str(path), hub.issue_token("SHA256:ada"))
        gc.disable()  # (as tui.session.main starts it)
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.built, "the lobby")
                await until(pilot, gc.isenabled, "the collector running again")
        finally:
            gc.enable()

    run_hub(tmp_path, scenario)


def _first_frames(app: HubApp) -> list[str]:
    """What each frame the app draws shows (spied on ``App._display``): the screen's class,
    and for the lobby whether its tables are built. The app's first request reaches the hub
    0.3 s late (a busy host), so that a frame drawn before the hub's answer would be seen."""
    frames: list[str] = []
    send = app.client.send

    def late(message: dict[str, Any]) -> None:
        if message.get("type") == "lobby":
            asyncio.get_running_loop().call_later(0.3, send, message)
        else:
            send(message)

    app.client.send = late  # type: ignore[method-assign]
    display = app._display

    def spied(screen: Any, renderable: Any) -> None:
        if renderable is not None and not app._batch_count:
            frames.append(f"{type(screen).__name__}{'' if getattr(screen, 'built', True) else ' (empty)'}")
        display(screen, renderable)

    app._display = spied  # type: ignore[method-assign]
    return frames


def test_a_session_draws_no_frame_before_the_hub_says_where_the_player_goes(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        ada = await greet(hub, path, "SHA256:ada", "Ada")
        bob = await greet(hub, path, "SHA256:bob", "Bob")
        newcomer = HubApp(str(path), hub.issue_token("SHA256:cy"))
        frames = _first_frames(newcomer)
        async with newcomer.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(newcomer.screen, TextPromptScreen), "the name question")
            await until(pilot, lambda: bool(frames), "a frame")
        assert frames[0] in ("LobbyScreen", "TextPromptScreen"), frames  # (the lobby built under it)
        created = await ada.request({"type": "create", "game": "council", "options": {},
                                     "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "level": "easy"}]})
        await bob.request({"type": "join", "table": created["id"], "seat": 1, "password": ""})
        back = HubApp(str(path), hub.issue_token("SHA256:ada"))
        frames = _first_frames(back)
        async with back.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(back.screen, CouncilScreen) and bool(frames), "Ada's table")
        assert frames[0] == "CouncilScreen", frames

    run_hub(tmp_path, scenario, bot_delay=0)


async def _frames_at_start(app: HubApp, first_screen: type[Any]) -> list[Any]:
    """Run ``app`` until it has drawn a frame and 0.3 s more (its first screen must then
    be a ``first_screen``): every frame it drew (spied on ``App._display``), as Textual's
    update (``LayoutUpdate``: the whole screen; ``ChopsUpdate``: parts of it)."""
    frames: list[Any] = []
    display = app._display

    def spied(screen: Any, renderable: Any) -> None:
        if renderable is not None and not app._batch_count:
            frames.append(renderable)
        display(screen, renderable)

    app._display = spied  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: bool(frames), "the first frame")
        for _ in range(10):
            await pilot.pause(0.03)
        assert isinstance(app.screen, first_screen)
    return frames


def test_a_player_going_to_the_lobby_gets_it_whole_in_one_frame(tmp_path: Path) -> None:
    """The lobby is laid out until it is still before anything is drawn (its tables sized,
    then its key bar's keys): one frame of the whole screen, not one per layout pass."""
    from textual._compositor import LayoutUpdate

    async def scenario(hub: Hub, path: Path) -> None:
        await greet(hub, path, "SHA256:ada", "Ada")
        app = HubApp(str(path), hub.issue_token("SHA256:ada"))
        frames = await _frames_at_start(app, LobbyScreen)
        assert len(frames) == 1, [type(frame).__name__ for frame in frames]
        first = frames[0]
        assert isinstance(first, LayoutUpdate)  # (the whole screen)
        text = "\n".join("".join(strip.text for strip in line) for line in first.strips)
        assert "you are Ada" in text and "New table" in text and "Join / open" in text, text

    run_hub(tmp_path, scenario)


def test_a_player_back_at_their_table_gets_the_game_screen_whole_in_one_frame(tmp_path: Path) -> None:
    """The game screen is laid out until it is still before anything is drawn: one frame of
    the whole screen (and one for the note saying where the player is), not one per pass
    of its layout (its detail lines, its log, its status line)."""
    from textual._compositor import LayoutUpdate

    async def scenario(hub: Hub, path: Path) -> None:
        ada = await greet(hub, path, "SHA256:ada", "Ada")
        bob = await greet(hub, path, "SHA256:bob", "Bob")
        created = await ada.request({"type": "create", "game": "council", "options": {},
                                     "seats": [{"kind": "me"}, {"kind": "open"}]})
        await bob.request({"type": "join", "table": created["id"], "seat": 1, "password": ""})
        app = HubApp(str(path), hub.issue_token("SHA256:ada"))
        frames = await _frames_at_start(app, CouncilScreen)
        assert isinstance(frames[0], LayoutUpdate), [type(frame).__name__ for frame in frames]
        assert len(frames) <= 2, [type(frame).__name__ for frame in frames]

    run_hub(tmp_path, scenario, bot_delay=0)
