"""Hints in the session app against a real hub: the creator allows them in the new-table
form, the lobby shows it, and the table's hint requests get the hub's answer once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Select

from net.hub import Hub
from tests.net import greet, run_hub
from tests.net.test_session_app import _lobby_text, _options, named, until
from tui.games.council import CouncilScreen
from tui.hub_app import HubApp
from tui.screens.lobby import LobbyScreen
from tui.screens.new_table import NewTableScreen
from tui.screens.prompt import TextPromptScreen


def test_the_creator_allows_hints_in_the_form_the_lobby_shows_it_and_a_hint_is_allowed(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        app = HubApp(str(path), hub.issue_token("SHA256:ada"))
        async with app.run_test(size=(80, 24)) as pilot:
            await named(pilot, app, "Ada")
            sent: list[dict[str, Any]] = []
            send = app.client.send
            app.client.send = lambda message: (sent.append(message), send(message))[1]  # type: ignore[method-assign]
            await pilot.press("c")
            await until(pilot, lambda: isinstance(app.screen, NewTableScreen), "the new-table form")
            form = app.screen
            assert form.query_one("#hints", Select).value == "off"  # not allowed unless chosen
            for value, field in (("council", "#game"), (2, "#count"), ("easy", "#ctl-1"), ("on", "#hints")):
                for _ in range(3):
                    await pilot.pause()
                form.query_one(field, Select).value = value
            form.query_one("#hints", Select).focus()
            await pilot.pause()
            assert "coach" in str(form.query_one("#option-help").render())  # what the choice means
            await pilot.press("ctrl+n")
            await until(pilot, lambda: isinstance(app.screen, TextPromptScreen), "the password question")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, CouncilScreen), "the game screen")
            create = next(m for m in sent if m["type"] == "create")
            assert create["hints"] is True
            table = app.table
            assert table is not None and table.hints_allowed()
            assert hub.tables[table.id].meta.hints is True
            await until(pilot, lambda: 0 in table.to_act(), "Ada's turn")
            # h: the hub allows it, and the panel shows what the coach makes of Ada's view.
            from core.ai import coach
            from tui.widgets.hint_panel import HintPanel

            game_screen = app.screen
            await pilot.press("h")
            panel = game_screen.query_one("#hint", HintPanel)
            await until(pilot, lambda: panel.hint is not None and panel.hint.complete, "the hint")
            assert panel.hint is not None
            assert panel.hint.top() == coach.hint(table.game, table.view(0), 0, "hard").top()
            await pilot.press("escape")
            await pilot.pause()
            answers: list[str | None] = []
            table.request_hint(answers.append)
            await until(pilot, lambda: answers, "the hub's answer")
            await pilot.pause(0.05)
            assert answers == [None]
            await pilot.press("escape")
            await until(pilot, lambda: "hints on" in _lobby_text(app), "the table's hints in the lobby")
            screen = app.screen
            assert isinstance(screen, LobbyScreen)
            line = _options(screen)[0]
            assert line.startswith(f"{table.id} Council of Four · hints on · Ada")
            assert "hints on" in line[:76]  # in sight at 80 columns

    run_hub(tmp_path, scenario, bot_delay=0)


def test_a_spectators_request_is_refused_and_one_left_waiting_is_answered_once(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        bob = await greet(hub, path, "SHA256:bob", "Bob")
        created = await bob.request({"type": "create", "game": "council", "hints": True,
                                     "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}]})
        table_id = created["id"]
        app = HubApp(str(path), hub.issue_token("SHA256:ada"))
        async with app.run_test(size=(80, 24)) as pilot:
            await named(pilot, app, "Ada")
            await until(pilot, lambda: "hints on" in _lobby_text(app), "Bob's table in the lobby")
            await pilot.press("w")
            await until(pilot, lambda: isinstance(app.screen, CouncilScreen), "the game, watched")
            table = app.table
            assert table is not None and table.you is None and table.hints_allowed()
            answers: list[str | None] = []
            table.request_hint(answers.append)
            await until(pilot, lambda: answers, "the hub's answer")
            assert answers == ["Spectators get no hints."]
            # Asked, and the table left before the hub's answer came: refused at once, and
            # the hub's late refusal is neither a second answer nor a notification.
            table.request_hint(answers.append)
            await pilot.press("escape")
            assert answers[1:] == ["You left the table."]
            await until(pilot, lambda: not table.awaiting_replies(), "the hub's late answer")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await pilot.pause(0.05)
            assert answers == ["Spectators get no hints.", "You left the table."]
            assert not any("Spectators" in str(n.message) for n in app._notifications)

    run_hub(tmp_path, scenario, bot_delay=0)


def test_a_request_waiting_when_the_connection_ends_is_refused_once(tmp_path: Path) -> None:
    async def scenario(hub: Hub, path: Path) -> None:
        app = HubApp(str(path), hub.issue_token("SHA256:ada"))
        async with app.run_test(size=(80, 24)) as pilot:
            await named(pilot, app, "Ada")
            await hub_table(hub, app, pilot)
            table = app.table
            assert table is not None
            answers: list[str | None] = []
            table.request_hint(answers.append)
            # The bye comes before the hub's answer to the request (handled at once here).
            app._from_hub(HubApp.FromHub({"type": "bye", "message": "The hub is closing."}))
            assert answers == ["The hub is closing."]
            await until(pilot, lambda: not table.awaiting_replies(), "the hub's answer, too late")
            table.request_hint(answers.append)
            assert answers == ["The hub is closing."] * 2

    run_hub(tmp_path, scenario, bot_delay=0)


async def hub_table(hub: Hub, app: HubApp, pilot: Any) -> None:
    """Ada's table against an easy bot, hints allowed, open in her app (no form)."""
    app.client.send({"type": "create", "game": "council", "hints": True,
                     "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}]})
    await until(pilot, lambda: isinstance(app.screen, CouncilScreen), "the game screen")
