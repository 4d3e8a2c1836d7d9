"""The rules viewer: each game's rules help (markdown in seeds/<game>/rules.md)."""

from __future__ import annotations

from importlib import resources
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import MarkdownViewer, Select, Static

from core.registry import all_info
from tui.text import plain
from tui.widgets.key_bar import KeyBar
from tui.widgets.scrollbar import use_solid_thumb


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
    """The rules text has the keys (arrows, page keys, Home/End scroll it); Tab moves to
    the game selector at the top and back.

    The text is the one scrolling part: the viewer scrolls, the document inside it is as
    tall as its text, so there is one scrollbar.
    """

    CSS_PATH = "rules.tcss"
    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back")]
    HELP_TITLE = "Rules"
    HELP_KEYS: ClassVar[list[tuple[str, str]]] = [
        ("↑/↓ pgup/pgdn", "Scroll the rules"),
        ("home/end", "Go to the start / the end of the rules"),
        ("tab", "Go to the game selector (↓ or Enter opens the list), Tab again goes back to the text"),
    ]
    # The rules text (the viewer's document) has the keys when the screen opens.
    AUTO_FOCUS = "#rules Markdown"

    TEXT_HINT = "Tab: choose another game"
    """Next to the game selector while the text has the keys."""
    SELECT_HINT = "↓/Enter: list of games · Tab: back to the text"
    """Next to the game selector while it has the focus."""

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.games = all_info()
        ids = [g.id for g in self.games]
        self.game_id = game_id if game_id in ids else ids[0]

    def compose(self) -> ComposeResult:
        with Horizontal(id="rules-bar"):
            yield Select(
                [(plain(g.title), g.id) for g in self.games], value=self.game_id,
                allow_blank=False, compact=True, id="rules-game",
            )
            yield Static(self.TEXT_HINT, id="rules-hint", markup=False)
        yield MarkdownViewer(rules_text(self.game_id), show_table_of_contents=False, id="rules")
        yield KeyBar()

    def on_mount(self) -> None:
        use_solid_thumb(self.query_one("#rules", MarkdownViewer))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Say what Tab does from where the focus is now."""
        on_select = self.query_one("#rules-game", Select) in event.widget.ancestors_with_self
        self.query_one("#rules-hint", Static).update(
            self.SELECT_HINT if on_select else self.TEXT_HINT, layout=False
        )

    @on(Select.Changed, "#rules-game")
    async def _changed(self, event: Select.Changed) -> None:
        self.game_id = str(event.value)
        viewer = self.query_one("#rules", MarkdownViewer)
        await viewer.document.update(rules_text(self.game_id))
        viewer.scroll_home(animate=False)
