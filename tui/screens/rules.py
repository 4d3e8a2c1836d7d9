"""The rules viewer: each game's rules help (markdown in seeds/<game>/rules.md)."""

from __future__ import annotations

from importlib import resources

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import MarkdownViewer, Select

from core.registry import all_info
from tui.text import plain
from tui.widgets.key_bar import KeyBar


def rules_text(game_id: str) -> str:
    """The markdown rules help of a game (shipped as package data), and what the game adds
    from its content (:meth:`core.engine.Game.rules_appendix`)."""
    path = resources.files("seeds") / game_id / "rules.md"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return f"# {game_id}\n\nThe rules help for this game is missing from this installation."
    from core.registry import get_game  # (the game is imported only for its rules help)

    try:
        appendix = get_game(game_id).rules_appendix()
    except KeyError:
        appendix = ""
    return text.rstrip("\n") + "\n\n" + appendix if appendix else text


class RulesScreen(Screen[None]):
    """Pick a game at the top; read with arrows / page keys."""

    CSS_PATH = "rules.tcss"
    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back")]
    HELP_TITLE = "Rules"

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.games = all_info()
        ids = [g.id for g in self.games]
        self.game_id = game_id if game_id in ids else ids[0]

    def compose(self) -> ComposeResult:
        yield Select(
            [(plain(g.title), g.id) for g in self.games], value=self.game_id,
            allow_blank=False, compact=True, id="rules-game",
        )
        yield MarkdownViewer(rules_text(self.game_id), show_table_of_contents=False, id="rules")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#rules", MarkdownViewer).focus()

    @on(Select.Changed, "#rules-game")
    async def _changed(self, event: Select.Changed) -> None:
        self.game_id = str(event.value)
        await self.query_one("#rules", MarkdownViewer).document.update(rules_text(self.game_id))
