"""The lobby of a Meeple server: the open tables, your own, a new table, the lobby's chat.

Shown first in a session over SSH (see :mod:`tui.hub_app`). Everything here comes from
the hub's ``lobby`` messages and is drawn as plain text: names and chat lines never
become markup.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Input, Static

from tui.context import HubContext, hub_app
from tui.navigation import AskName, OpenScreen, OpenTable
from tui.screens.prompt import TextPromptScreen
from tui.screens.styled import StyledScreen
from tui.text import notify, plain, template
from tui.widgets.key_bar import KeyBar
from tui.widgets.move_list import MoveList

NEW_TABLE = "new"


class TableList(MoveList):
    """The lobby's tables: a move list whose Enter (join or open) shows in the key bar."""

    BINDINGS = [Binding("enter", "select", "Join / open", key_display="⏎")]


def table_line(listing: dict[str, Any]) -> Content:
    """One table of the lobby in a line: "t3 Council of Four · Ada, Bea, 1 open · Round 2";
    "hints on" after the title when its players may ask the coach (early: a narrow
    terminal cuts the line's end)."""
    seats = listing.get("seats", [])
    names = [str(s.get("name", "")) + ("" if s.get("connected", True) or s.get("kind") == "bot" else " (away)")
             for s in seats if s.get("name")]
    free = len(listing.get("free", []))
    who = ", ".join(names + ([f"{free} open"] if free else []))
    parts = [f"{listing.get('id', '?')} {listing.get('title', listing.get('game', '?'))}"]
    if listing.get("hints") is True:
        parts.append("hints on")
    parts.append(who)
    progress = str(listing.get("progress", ""))
    if listing.get("over"):
        parts.append("finished")
    elif not listing.get("started", not free):
        parts.append("waiting for players")
    elif progress:
        parts.append(progress)
    watching = int(listing.get("spectators", 0) or 0)
    if watching:
        parts.append(f"{watching} watching")
    line = plain(" · ".join(parts))
    marks = []
    if listing.get("password"):
        marks.append("password")
    if listing.get("mine"):
        marks.append("you play here")
    elif int(listing.get("back", -1)) >= 0:
        marks.append("a bot plays your seat: Enter takes it back")
    if marks:
        line += template(" [dim]($marks)[/]", marks=", ".join(marks))
    return line


class LobbyScreen(StyledScreen[None]):
    """The tables of the server in a list; Enter joins (or opens your own), ``w`` watches."""

    HELP_TITLE = "Lobby"
    CSS_PATH = "lobby.tcss"
    BINDINGS = [
        Binding("w", "watch", "Watch"),
        Binding("c", "new_table", "New table"),
        Binding("t", "talk", "Chat"),
        Binding("n", "rename", "Name"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]
    HELP_KEYS = [
        ("Enter", "Join the highlighted table (a free seat), or open one you play at"),
        ("w", "Watch the highlighted table as a spectator"),
        ("c", "Create a new table: game, seats (open or bots), options, hints allowed or not, "
              "a password if you like"),
        ("t", "Write a line in the lobby's chat (Escape: back to the tables)"),
        ("n", "Change your name"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict[str, Any]] = []
        self.built = False
        self._building = False

    def compose(self) -> ComposeResult:
        # The rest is mounted by build(): a player back at a running table goes straight to
        # the game, and the lobby is only built once they leave it (it is a good part of a
        # session's start).
        yield Static("Meeple server · connecting…", id="lobby-who")

    def _content(self) -> list[Widget]:
        return [
            Vertical(Static("Tables", classes="section-head"), TableList(id="lobby-tables"),
                     id="lobby-tables-box"),
            Vertical(Static("Chat", classes="section-head"), Static("", id="lobby-chat"),
                     Input(placeholder="t: say something to everyone in the lobby", max_length=200,
                           compact=True, id="lobby-say"),
                     id="lobby-chat-box"),
            KeyBar(),
        ]

    async def build(self) -> None:
        """Mount the tables, the chat and the keys (once), and show the last lobby."""
        if self.built or self._building:
            return
        self._building = True
        await self.mount_all(self._content())
        self.built = True
        self.show_me(self.hub_app.my_name)
        self.show_lobby(self.hub_app.last_lobby)
        self.set_focus(self.query_one("#lobby-tables", MoveList))
        self.refresh_bindings()

    @property
    def hub_app(self) -> HubContext:
        """The session's app (the lobby runs only there)."""
        return hub_app(self)

    def on_mount(self) -> None:
        if not self.hub_app.lobby_pending:
            self.call_later(self.build)

    def on_screen_resume(self) -> None:
        if self.built:
            self.show_lobby(self.hub_app.last_lobby)
        elif not self.hub_app.lobby_pending:
            self.call_later(self.build)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The lobby's keys wait for its tables (quitting does not)."""
        return self.built or action == "app.quit"

    # --- what the hub said -----------------------------------------------------------
    def show_me(self, name: str) -> None:
        """The line naming the player."""
        text = template("Meeple server · you are [b]$name[/b] · n: change name", name=name) if name else (
            Content("Meeple server · choose a name (n)"))
        self.query_one("#lobby-who", Static).update(text)

    def show_lobby(self, lobby: dict[str, Any]) -> None:
        """The tables and the chat of a ``lobby`` message (kept for later until built)."""
        if not self.built:
            return
        tables = [t for t in lobby.get("tables", []) if isinstance(t, dict)]
        chosen = self.chosen_id()
        self.tables = tables
        options = [table_line(t) for t in tables] + [Content("+ New table…")]
        listing = self.query_one("#lobby-tables", MoveList)
        listing.set_options(options)
        ids = [str(t.get("id")) for t in tables]
        if chosen in ids:
            listing.highlighted = ids.index(chosen)
        chat = lobby.get("chat", [])
        lines = [plain(f"{c.get('name', '?')}: {c.get('text', '')}") for c in chat if isinstance(c, dict)][-6:]
        self.query_one("#lobby-chat", Static).update(
            Content("\n").join(lines) if lines else Content("No one has said anything yet."))

    def chosen(self) -> dict[str, Any] | None:
        """The highlighted table's listing (None on "New table")."""
        index = self.query_one("#lobby-tables", MoveList).highlighted
        return self.tables[index] if index is not None and index < len(self.tables) else None

    def chosen_id(self) -> str:
        table = self.chosen()
        return NEW_TABLE if table is None else str(table.get("id"))

    # --- keys ------------------------------------------------------------------------
    @on(MoveList.Selected, "#lobby-tables")
    def _selected(self, event: MoveList.Selected) -> None:
        event.stop()
        self.action_choose()

    def action_choose(self) -> None:
        """Enter: open your table, join a free seat, or create a table."""
        table = self.chosen()
        if table is None:
            self.action_new_table()
            return
        table_id = str(table.get("id"))
        if table.get("mine"):
            if not table.get("started", not table.get("free")):
                notify(self, "Your table starts when every seat is taken.")
                return
            self.post_message(OpenTable("open", table_id))
            return
        back = int(table.get("back", -1))
        if back >= 0:  # a bot kept the seat while its player was away: theirs again
            self.post_message(OpenTable("join", table_id, seat=back, password=""))
            return
        free = table.get("free", [])
        if not free:
            self.action_watch()
            return
        seat = int(free[0])

        def join(password: str | None) -> None:
            self.post_message(OpenTable("join", table_id, seat=seat, password=password or ""))

        if table.get("password"):
            self.app.push_screen(TextPromptScreen("This table has a password:", secret=True),
                                 lambda typed: join(typed) if typed else None)
        else:
            join("")

    def action_watch(self) -> None:
        """Watch the highlighted table (its password first, if it has one)."""
        table = self.chosen()
        if table is None:
            return
        table_id = str(table.get("id"))
        if table.get("password") and not table.get("mine"):
            def watch(password: str | None) -> None:
                if password:
                    self.post_message(OpenTable("watch", table_id, password=password))

            self.app.push_screen(TextPromptScreen("This table has a password (watching too):", secret=True), watch)
            return
        self.post_message(OpenTable("watch", table_id))

    def action_new_table(self) -> None:
        """The new-table form."""
        if not self.hub_app.my_name:
            self.action_rename()
            return
        self.post_message(OpenScreen("new_table"))

    def action_rename(self) -> None:
        """Choose a new name."""
        self.post_message(AskName())

    def action_talk(self) -> None:
        """Into the chat line."""
        self.set_focus(self.query_one("#lobby-say", Input))

    @on(Input.Submitted, "#lobby-say")
    def _said(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if text:
            self.hub_app.client.send({"type": "chat", "table": "", "text": text})
        event.input.value = ""
        self.set_focus(self.query_one("#lobby-tables", MoveList))

    def key_escape(self) -> None:
        """Escape in the chat line: back to the tables."""
        if isinstance(self.focused, Input):
            self.set_focus(self.query_one("#lobby-tables", MoveList))
