"""Load: every save with game, players, progress and last played; open or delete one.

Each save is one row of three columns: the game and the save's name; every player on a
line of their own (human, or bot and its level, then the whole name); the progress and
when it was last played. Columns are as wide as their longest line when the terminal has
room; when it has not, the save's name wraps first, and whatever is still too long wraps
in its column, so at 80×24 nothing is cut (a 20-character name stays on one line).
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from core.registry import UnknownGame, get_game
from saves import PlayerRecord, SaveListing, delete_save, folder_problem, list_saves
from tui.navigation import OpenReplay, OpenSave
from tui.text import notify, rich_plain, template
from tui.widgets.key_bar import KeyBar


class LoadScreen(Screen[None]):
    """A table of saves, newest first. Broken files are listed with their problem."""

    HELP_TITLE = "Saved games"

    CSS_PATH = "load.tcss"
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("enter", "open", "Open", show=True),
        Binding("r", "replay", "Replay"),
        Binding("d,delete", "delete", "Delete"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.listings: list[SaveListing] = []
        self._laid_out: tuple[int, int, int] = (0, 0, 0)

    # Column widths in cells (DataTable adds one cell of padding on each side). Each column
    # fits its longest line if there is room; when there is not, the save's name wraps
    # first, and players keep at least a 20-character name and its mark on one line at 80
    # columns. Anything longer wraps in its column, never cut.
    GAME_MIN = 18
    PROGRESS_WIDTH = (16, 22)
    MARK_WIDTH = 11
    PLAYERS_MIN = MARK_WIDTH + 20
    _RESERVED = 2 + 3 * 2  # the vertical scrollbar, and the padding of three columns

    def compose(self) -> ComposeResult:
        yield Static("Saved games", id="title")
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True, header_height=2)
        yield Static("", id="detail")
        yield KeyBar()

    def on_mount(self) -> None:
        self.reload()
        self.query_one("#saves", DataTable).focus()

    def on_resize(self) -> None:
        """Lay the columns out again for the new width (names wrap only when they must)."""
        if self.listings and self._widths() != self._laid_out:
            self._fill()

    def reload(self) -> None:
        """Read the saves folder again and refill the table."""
        self.listings = list_saves()
        self._fill()

    def _widths(self) -> tuple[int, int, int]:
        """(game, players, progress) column widths for the screen's width."""
        width = self.size.width or self.app.size.width
        headers = [listing.header for listing in self.listings if listing.header is not None]
        names = [cell_len(listing.name) for listing in self.listings]
        people = [
            rich_plain(player.name).cell_len for header in headers for player in header.players
        ]
        low, high = self.PROGRESS_WIDTH
        progress = min(high, max([low, *(cell_len(header.progress) for header in headers)]))
        game = max([self.GAME_MIN, *names])
        players = max([self.PLAYERS_MIN, *(self.MARK_WIDTH + n for n in people)])
        room = width - self._RESERVED - progress
        if game + players > room:  # the save's name wraps before a player's name does
            game = max(self.GAME_MIN, room - players)
        # Players get the room they need (more would push the progress far from the names).
        return game, max(self.PLAYERS_MIN, min(players, room - game)), progress

    def _fill(self) -> None:
        """(Re)build the table's columns and rows from ``listings``; the cursor stays."""
        table = self.query_one("#saves", DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        self._laid_out = game, players, progress = self._widths()
        table.add_column("Game\nsave", width=game)
        table.add_column("Players", width=players)
        table.add_column("Progress\nlast played", width=progress)
        for listing in self.listings:
            table.add_row(*self._row(listing), key=listing.name, height=None)
        if self.listings:
            table.move_cursor(row=min(max(row, 0), len(self.listings) - 1), animate=False)
        self._show_detail()

    def _show_detail(self) -> None:
        """Under the table: the highlighted save's title, or why it cannot be read."""
        detail = self.query_one("#detail", Static)
        listing = self._selected()
        if not self.listings:
            problem = folder_problem()
            if problem:
                detail.update(template("[$error]$problem[/]", problem=problem))
            else:
                detail.update("No saved games yet. Start one from the menu (n).")
        elif listing is None:
            detail.update("")
        elif listing.error or listing.header is None:
            detail.update(template("[$error]$name: $problem[/]", name=listing.name, problem=listing.error or ""))
        else:
            header = listing.header
            text = template("$title · started $created", title=header.title,
                            created=header.created.replace("T", " ")[:16])
            if listing.warning:
                text += template("\n[$warning]$note[/]", note=listing.warning)
            detail.update(text)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Follow the cursor with the detail line."""
        self._show_detail()

    @classmethod
    def player_lines(
        cls, players: Iterable[PlayerRecord], width: int = 0, console: Console | None = None
    ) -> Text:
        """One line per player: a mark (``human``, or ``bot`` and its level), then the whole
        name as plain text (never read as markup). Given the column's ``width``, a name too
        long for it wraps under itself, never cut."""
        lines = Text(overflow="fold")
        room = width - cls.MARK_WIDTH
        for index, player in enumerate(players):
            if index:
                lines.append("\n")
            mark = "human" if player.kind == "human" else f"bot {player.level}".strip()
            name = rich_plain(player.name)
            parts = name.wrap(console, room, overflow="fold") if console and room > 0 else [name]
            for number, part in enumerate(parts):
                if number:
                    lines.append("\n")
                lines.append(f"{mark if not number else '':<{cls.MARK_WIDTH - 1}} ", style="dim")
                lines.append_text(part)
        return lines

    def _row(self, listing: SaveListing) -> tuple[Text, ...]:
        header = listing.header
        if header is None or listing.error:
            return (
                self._lines(rich_plain("unreadable", "red"), rich_plain(listing.name, "dim")),
                rich_plain("see below"),
                rich_plain(""),
            )
        try:
            title = get_game(header.game_id).info.title
        except UnknownGame:
            title = header.game_id
        progress = "finished" if header.over else header.progress
        updated = header.updated.replace("T", " ")[:16]
        return (
            self._lines(rich_plain(title), rich_plain(listing.name, "dim")),
            self.player_lines(header.players, self._laid_out[1], self.app.console),
            self._lines(rich_plain(progress), rich_plain(updated)),
        )

    @staticmethod
    def _lines(*parts: Text) -> Text:
        """Texts one under the other; a line too long for its column folds, never cut."""
        text = Text("\n", overflow="fold").join(parts)
        text.overflow = "fold"
        return text

    def _selected(self) -> SaveListing | None:
        table = self.query_one("#saves", DataTable)
        if not self.listings or table.cursor_row < 0:
            return None
        return self.listings[table.cursor_row]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a row opens it."""
        self.action_open()

    def action_open(self) -> None:
        """Resume the selected save."""
        listing = self._openable()
        if listing is not None:
            self.post_message(OpenSave(listing.path, replace=True))

    def action_replay(self) -> None:
        """Replay the selected save move by move (it stays as it is)."""
        listing = self._openable()
        if listing is not None:
            self.post_message(OpenReplay(listing.path))

    def _openable(self) -> SaveListing | None:
        """The selected save, unless it is broken (then its problem is told)."""
        listing = self._selected()
        if listing is not None and listing.error:
            notify(self, f"{listing.name}: {listing.error}", severity="error")
            return None
        return listing

    def action_delete(self) -> None:
        """Delete the selected save after asking."""
        from tui.screens.confirm import ConfirmScreen

        listing = self._selected()
        if listing is None:
            return

        def done(yes: bool | None) -> None:
            if yes:
                try:
                    delete_save(listing.path)
                except OSError as exc:
                    notify(self, f"Could not delete {listing.name}: {exc}", severity="error")
                else:
                    notify(self, f"Deleted {listing.name}.")
                self.reload()

        question = template("Delete the save $name? This cannot be undone.", name=repr(listing.name))
        self.app.push_screen(ConfirmScreen(question), done)
