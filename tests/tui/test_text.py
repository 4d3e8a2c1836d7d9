"""Outside text is never read as markup: the template helper, notifications, and every text
hook of the game screens giving Content (never a markup string)."""

from __future__ import annotations

import ast
import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.content import Content
from textual.widgets import Static

from core.registry import get_game
from core.table import Seat, Table
from tui.app import MeepleApp
from tui.games import _SCREENS
from tui.screens.game import GameScreen
from tui.text import notify, template
from tui.widgets.cursor import DIRECTIONS
from tui.widgets.key_bar import KeyBar
from tui.widgets.players import player_tag

from tests.tui.helpers import open_game, random_table

TUI = Path(__file__).resolve().parents[2] / "tui"
HOSTILE = ("[@click=app.quit()]Bo", "$warning", "[b]x", "Cy\\")


@pytest.mark.parametrize("value", HOSTILE)
def test_a_value_in_a_template_stays_literal(value: str) -> None:
    content = template("[b]$name[/b] says $name", name=value)
    assert content.plain == f"{value} says {value}"
    assert [(span.start, span.end, span.style) for span in content.spans] == [(0, len(value), "b")]


def test_a_value_never_fills_another_hole_or_closes_a_tag() -> None:
    content = template("$first [dim]$second[/]", first="$second [/]", second="ok\\")
    assert content.plain == "$second [/] ok\\"
    assert [(span.start, span.end, span.style) for span in content.spans] == [(12, 15, "dim")]


def test_a_theme_variable_in_a_tag_is_a_style_and_a_hole_in_text_is_a_value() -> None:
    content = template("[b $warning]Veto?[/] $question", question="$warning")
    assert content.plain == "Veto? $warning"
    assert [span.style for span in content.spans] == ["b $warning"]


def test_control_characters_in_a_value_are_made_visible() -> None:
    assert template("Saved as $name.", name="evil\x1b]0;owned\x07").plain == "Saved as evil␛]0;owned␇."
    assert template("$name", name="two\nlines").plain == "two␊lines"


def test_styled_pieces_are_joined_not_put_in_holes() -> None:
    with pytest.raises(TypeError):
        template("Pass the keyboard to $who", who=player_tag(0, "Ada"))
    tag = player_tag(0, "[b]Ada")
    assert tag.plain == "A [b]Ada"
    assert [(span.start, span.end, span.style) for span in tag.spans] == [(0, 1, "bold $player-1")]


def test_notifications_are_plain_text() -> None:
    sent: list[tuple[str, dict[str, Any]]] = []

    class Recorder:
        def notify(self, message: str, **options: Any) -> None:
            sent.append((message, options))

    notify(Recorder(), f"Could not delete {HOSTILE[0]}: \x1b[2J", severity="error")
    assert sent == [("Could not delete [@click=app.quit()]Bo: ␛[2J",
                     {"title": "", "severity": "error", "timeout": None, "markup": False})]


def _calls(attribute: str) -> list[str]:
    found = []
    for path in sorted(TUI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == attribute:
                found.append(f"{path.relative_to(TUI.parent)}:{node.lineno}")
    return found


def test_every_notification_goes_through_the_plain_text_helper() -> None:
    """Textual reads a notification as markup unless told not to: only tui.text.notify calls it."""
    assert [call for call in _calls("notify") if not call.startswith("tui/text.py:")] == []


def test_no_screen_or_widget_escapes_text_into_markup() -> None:
    """Nothing escapes outside text into markup: ``esc`` is gone, ``template`` fills holes."""
    users = []
    for path in sorted(TUI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "tui.text":
                if any(alias.name == "esc" for alias in node.names):
                    users.append(str(path.relative_to(TUI.parent)))
    assert users == [], users


def _hostile_table(game_id: str) -> Table[Any]:
    table = random_table(game_id, ("human", "human"), seed=3, moves=8)
    seats = (Seat(0, HOSTILE[0]), Seat(1, HOSTILE[2]))
    return Table.replay(get_game(game_id), seats, table.seed, table.options, table.actions())


@pytest.mark.parametrize("game_id", sorted(_SCREENS))
def test_every_text_hook_of_a_game_screen_gives_content(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Status, scoreboard, private panel, detail lines, hints and the game-over panel are Content
    (never a markup string), wherever the board cursor goes; no name becomes a link."""
    updates: list[tuple[str, object]] = []
    update = Static.update

    def spy(widget: Static, content: Any = "", *, layout: bool = True) -> None:
        if not isinstance(widget, KeyBar):
            updates.append((widget.id or type(widget).__name__, content))
        update(widget, content, layout=layout)

    monkeypatch.setattr(Static, "update", spy)

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            screen: GameScreen = await open_game(pilot, _hostile_table(game_id))
            shown: list[tuple[str, object]] = []
            show_detail = screen.show_detail

            def detail_spy(selector: str, text: Any) -> None:
                shown.append((selector, text))
                show_detail(selector, text)

            monkeypatch.setattr(screen, "show_detail", detail_spy)
            for seat in (0, 1):
                screen.viewer = seat
                screen.refresh_all()
                view = screen.current_view()
                hooks: list[tuple[str, object]] = [("private_text", screen.private_text(view))]
                hooks += [(f"scoreboard_extra[{s}]", v) for s, v in screen.scoreboard_extra(view).items()]
                hooks.append(("game_over_extra", screen.game_over_extra()))
                for name, value in hooks:
                    assert isinstance(value, Content), f"{name} gave {type(value).__name__}"
                for _ in range(len(screen.board_cursor.targets)):  # every place on the board
                    for direction in DIRECTIONS:
                        screen.board_move(direction)
                await pilot.pause()
            assert shown, "the board has detail lines"
            for selector, text in shown:
                assert isinstance(text, Content), f"{selector} was given {type(text).__name__}"
            markup = [(where, content) for where, content in updates if isinstance(content, str) and content]
            assert markup == [], "a panel was given a markup string"
            spans = [span for _, content in updates if isinstance(content, Content) for span in content.spans]
            assert spans and not [span for span in spans if "@click" in str(span.style)]
            status = screen.query_one("#status", Static).content
            assert isinstance(status, Content)
            assert HOSTILE[0] in status.plain or HOSTILE[2] in status.plain, status.plain

    asyncio.run(main())
