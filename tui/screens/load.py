"""Load: every save with game, players, progress and last played; open or delete one."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from core.registry import UnknownGame, get_game
from saves import SaveListing, delete_save, folder_problem, list_saves
from tui.text import esc, rich_plain


class LoadScreen(Screen[None]):
    """A table of saves, newest first. Broken files are listed with their problem."""

    CSS_PATH = "load.tcss"
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("enter", "open", "Open", show=True),
        Binding("d,delete", "delete", "Delete"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.listings: list[SaveListing] = []

    def compose(self) -> ComposeResult:
        yield Static("Saved games", id="title")
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Static("", id="detail")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#saves", DataTable)
        table.add_columns("Game", "Players", "Progress", "Last played", "Name")
        self.reload()
        table.focus()

    def reload(self) -> None:
        """Read the saves folder again and refill the table."""
        table = self.query_one("#saves", DataTable)
        table.clear()
        self.listings = list_saves()
        for listing in self.listings:
            table.add_row(*self._row(listing), key=listing.name)
        self._show_detail()

    def _show_detail(self) -> None:
        """Under the table: the highlighted save's title, or why it cannot be read."""
        detail = self.query_one("#detail", Static)
        listing = self._selected()
        if not self.listings:
            problem = folder_problem()
            if problem:
                detail.update(f"[$error]{esc(problem)}[/]")
            else:
                detail.update("No saved games yet. Start one from the menu (n).")
        elif listing is None:
            detail.update("")
        elif listing.error or listing.header is None:
            detail.update(f"[$error]{esc(listing.name)}: {esc(listing.error or '')}[/]")
        else:
            header = listing.header
            detail.update(f"{esc(header.title)} · started {header.created.replace('T', ' ')[:16]}")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Follow the cursor with the detail line."""
        self._show_detail()

    @staticmethod
    def _row(listing: SaveListing) -> tuple[Text, ...]:
        header = listing.header
        if header is None or listing.error:
            return (rich_plain("unreadable", "red"), rich_plain("see below"), rich_plain(""), rich_plain(""),
                    rich_plain(listing.name))
        try:
            title = get_game(header.game_id).info.title
        except UnknownGame:
            title = header.game_id
        players = ", ".join(p.name for p in header.players)
        progress = "finished" if header.over else header.progress
        updated = header.updated.replace("T", " ")[:16]
        return tuple(rich_plain(text) for text in (title, players, progress, updated, listing.name))

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
        from tui.launch import open_save

        listing = self._selected()
        if listing is None:
            return
        if listing.error:
            self.notify(f"{esc(listing.name)}: {esc(listing.error)}", severity="error")
            return
        open_save(self.app, listing.path, replace=True)

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
                    self.notify(f"Could not delete {esc(listing.name)}: {esc(exc)}", severity="error")
                else:
                    self.notify(f"Deleted {esc(listing.name)}.")
                self.reload()

        self.app.push_screen(ConfirmScreen(f"Delete the save {esc(repr(listing.name))}? This cannot be undone."), done)
