"""Statistics: each player's record per game, computed from the saves folder.

One tab per game that has records (:mod:`saves.stats`): a table of its players, most games
first — games, finished, wins (a shared first place counts as shared), win rate, average
and best score — and for a co-operative game the team's record by difficulty under it.
The line under the tables tells more of the highlighted player (when they last played,
which bot levels they played against), and under it a chart of their scores over their
last finished games of it (:func:`saves.stats.scores_over_time`). ←/→ change the game, ↑/↓
the player; Escape goes back.

The saves are read in a worker thread (a folder of saves never listed before is replayed
file by file), so the screen answers keys meanwhile. Player names come from files: they are
shown as plain text, never markup.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static, TabbedContent, TabPane

from core.words import counted
from saves.stats import (
    GameStats,
    PlayerStats,
    Stats,
    StatsSource,
    compute_stats,
    player_figures,
    read_source,
    scores_over_time,
    team_figures,
)
from tui.crash import write_crash_log
from tui.text import plain, rich_plain, template
from tui.widgets.key_bar import KeyBar
from tui.widgets.score_chart import ChartLine, ScoreChart

CHART_GAMES = 20
"""The chart shows a player's scores in this many of their last finished games."""

# (heading, width in cells) of the figures of a player's row, after the name.
FIGURES: tuple[tuple[str, int], ...] = (
    ("Games", 5), ("Finished", 8), ("Wins", 5), ("Win rate", 8), ("Average", 7), ("Best", 5),
)
TEAM_FIGURES: tuple[tuple[str, int], ...] = (
    ("Games", 5), ("Finished", 8), ("Won", 4), ("Lost", 4), ("Best", 5),
)
NAME_MIN = 12
"""The player column is as wide as the longest name, at least this; a name too long for
the screen wraps in it, never cut."""
_RESERVED = 2 + 2  # the vertical scrollbar and the pane's padding


def _cell(text: str) -> Text:
    """A figure, right-aligned in its column."""
    return Text(text, justify="right")


def players_table(entry: GameStats, name_width: int) -> DataTable[Text]:
    """A game's players, one row each (a name too long for ``name_width`` wraps)."""
    table: DataTable[Text] = DataTable(cursor_type="row", zebra_stripes=True,
                                       id=f"players-{entry.game_id}", classes="players")
    table.add_column("Player", width=name_width)
    for heading, width in FIGURES:
        table.add_column(_cell(heading), width=width)
    for record in entry.players:
        name = rich_plain(record.name)
        name.overflow = "fold"
        table.add_row(name, *(_cell(text) for text in player_figures(record)), height=None)
    return table


def team_table(entry: GameStats, name_width: int) -> DataTable[Text]:
    """A co-operative game's team records, one row per difficulty (no cursor: nothing to
    choose there)."""
    table: DataTable[Text] = DataTable(cursor_type="none", zebra_stripes=True,
                                       id=f"teams-{entry.game_id}", classes="teams")
    table.can_focus = False
    table.add_column("Difficulty", width=name_width)
    for heading, width in TEAM_FIGURES:
        table.add_column(_cell(heading), width=width)
    for record in entry.teams:
        table.add_row(rich_plain(record.difficulty.title()), *(_cell(text) for text in team_figures(record)))
    return table


class Records(Vertical):
    """The records, a tab per game, and the line about the highlighted player; or why there
    are none. Built again (:meth:`recompose`) when its ``stats`` or width change."""

    def __init__(self) -> None:
        super().__init__(id="records")
        self.stats: Stats | None = None
        self.failure: str | None = None
        self.name_width = NAME_MIN

    def compose(self) -> ComposeResult:
        stats = self.stats
        if stats is None or not stats.games:
            yield Static(self._empty_text(), id="status")
            return
        with TabbedContent(id="games"):
            for entry in stats.games:
                with TabPane(plain(entry.title), id=f"game-{entry.game_id}"):
                    yield players_table(entry, self.name_width)
                    if entry.cooperative and entry.teams:
                        yield Static("The team, by difficulty", classes="section-head")
                        yield team_table(entry, self.name_width)
        yield Static("", id="detail")
        yield ScoreChart([], x_label="Game", y_label="Score", id="player-chart")

    def _empty_text(self) -> Content:
        if self.failure is not None:
            return template("[$error]$problem[/]", problem=self.failure)
        if self.stats is None:
            return plain("Reading the saved games…")
        return plain("No games with a human player in the saves yet. Start one from the menu (n).")


class StatsScreen(Screen[None]):
    """Every game's records, a tab per game; the saves are read when it opens."""

    CSS_PATH = ["stats.tcss", "../widgets/score_chart.tcss"]
    HELP_TITLE = "Statistics"
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        # Priority: the players' table would take the arrows to scroll sideways.
        Binding("left", "game(-1)", "Previous game", key_display="←", priority=True),
        Binding("right", "game(1)", "Next game", key_display="→", priority=True),
    ]
    HELP_KEYS: ClassVar[list[tuple[str, str]]] = [
        ("←/→", "The previous / next game's records"),
        ("↑/↓ pgup/pgdn", "Move through the players (the line under the table tells more)"),
        ("escape", "Back to the menu"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.stats: Stats | None = None
        self.source: StatsSource | None = None

    def compose(self) -> ComposeResult:
        yield Static(self._title(), id="title")
        yield Records()
        yield KeyBar()

    def _title(self) -> Content:
        stats = self.stats
        if stats is None:
            return plain("Statistics")
        text = f" · {counted(stats.saves, 'saved game')}"
        if stats.broken:
            text += f" · {counted(len(stats.broken), 'unreadable save')} skipped (Load tells why)"
        return Content.assemble(plain("Statistics"), plain(text, "not bold $text-muted"))

    # --- reading the saves, in a worker thread ----------------------------------------------
    def on_mount(self) -> None:
        self._read()

    @work(thread=True, exclusive=True, group="stats", exit_on_error=False)
    def _read(self) -> None:
        try:
            source = read_source()
            stats = compute_stats(source)
        except Exception as exc:  # bad files are skipped; this would be a bug
            path = write_crash_log(exc)
            where = f" Details are in {path}." if path is not None else ""
            self._tell(self._failed, f"The statistics could not be computed "
                                     f"({type(exc).__name__}: {exc}).{where}")
            return
        self._tell(self._loaded, source, stats)

    def _tell(self, callback: Callable[..., Any], *args: Any) -> None:
        try:
            self.app.call_from_thread(callback, *args)
        except RuntimeError:  # the app has closed meanwhile
            pass

    async def _loaded(self, source: StatsSource, stats: Stats) -> None:
        self.source, self.stats = source, stats
        if not self.is_attached:
            return
        self.query_one("#title", Static).update(self._title())
        records = self.query_one(Records)
        records.stats = stats
        if stats.games:
            records.name_width = self._name_column(stats)
        await records.recompose()
        self._focus_players()
        self._show_detail()

    async def _failed(self, problem: str) -> None:
        if self.is_attached:
            records = self.query_one(Records)
            records.failure = problem
            await records.recompose()

    def _name_column(self, stats: Stats) -> int:
        """The player column's width: the longest name, as much as the screen leaves."""
        longest = max(cell_len(rich_plain(r.name).plain) for g in stats.games for r in g.players)
        figures = sum(width + 2 for _, width in FIGURES)
        room = (self.size.width or self.app.size.width) - _RESERVED - figures - 2
        return max(NAME_MIN, min(longest, room))

    def on_resize(self) -> None:
        """Lay the tables out again when the player column's width changes."""
        stats = self.stats
        if stats is not None and stats.games and self._name_column(stats) != self.query_one(Records).name_width:
            self.call_later(self._relayout)

    async def _relayout(self) -> None:
        """Build the tables again for the new width, on the same game and player."""
        if self.stats is None or not self.stats.games:
            return
        shown, table = self._game_entry(), self._players()
        row = table.cursor_row if table is not None else 0
        records = self.query_one(Records)
        records.name_width = self._name_column(self.stats)
        await records.recompose()
        if shown is not None:
            self.query_one("#games", TabbedContent).active = f"game-{shown.game_id}"
        table = self._players()
        if table is not None:
            table.move_cursor(row=row, animate=False)
        self._focus_players()
        self._show_detail()

    # --- what is highlighted -------------------------------------------------------------
    def _game_entry(self) -> GameStats | None:
        """The game whose tab is shown."""
        if self.stats is None or not self.stats.games:
            return None
        active = self.query_one("#games", TabbedContent).active
        return next((g for g in self.stats.games if f"game-{g.game_id}" == active), self.stats.games[0])

    def _players(self) -> DataTable[Text] | None:
        entry = self._game_entry()
        if entry is None:
            return None
        return self.query_one(f"#players-{entry.game_id}", DataTable)

    def highlighted_player(self) -> PlayerStats | None:
        """The record of the player under the cursor in the shown game's table."""
        entry, table = self._game_entry(), self._players()
        if entry is None or table is None or not entry.players:
            return None
        return entry.players[min(max(table.cursor_row, 0), len(entry.players) - 1)]

    def _focus_players(self) -> None:
        table = self._players()
        if table is not None:
            self.set_focus(table)

    def _show_detail(self) -> None:
        """Under the tables: when the highlighted player last played, and against which bots."""
        if self.stats is None or not self.stats.games:
            return
        entry, record = self._game_entry(), self.highlighted_player()
        detail = self.query_one("#detail", Static)
        if entry is None or record is None:
            detail.update("")
            return
        when = record.last_played.replace("T", " ")[:16]
        text = template("[b]$name[/b] · last played $when", name=record.name, when=when)
        if not entry.cooperative:  # (in a team game the bots are teammates)
            bots = ", ".join(f"{level} {counted(count, 'game')}" for level, count in record.against.items())
            text += template(" · against bots: $bots", bots=bots) if bots else plain(" · no bots played against")
        detail.update(text)
        self._chart(entry, record)

    def _chart(self, entry: GameStats, record: PlayerStats) -> None:
        """The highlighted player's scores over their last finished games of this game."""
        chart = self.query_one("#player-chart", ScoreChart)
        points = scores_over_time(self.source, record.name, entry.game_id, CHART_GAMES) if self.source else []
        chart.display = len(points) >= 2  # (one game makes no line)
        if not chart.display:
            return
        whose = "The team's" if entry.cooperative else f"{rich_plain(record.name).plain}'s"
        xs = tuple(float(i) for i in range(1, len(points) + 1))
        chart.set_lines([ChartLine("Team" if entry.cooperative else record.name, xs, tuple(float(score) for _, score in points), "*", "accent")],
                        title=f"{whose} scores, last {counted(len(points), 'finished game')}")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Follow the cursor with the detail line."""
        self._show_detail()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """Another game: its players' table takes the keys."""
        self._focus_players()
        self._show_detail()

    def action_game(self, step: int) -> None:
        """Show the previous (-1) or next (+1) game's records."""
        if self.stats is None or not self.stats.games:
            return
        ids = [f"game-{g.game_id}" for g in self.stats.games]
        tabs = self.query_one("#games", TabbedContent)
        index = ids.index(tabs.active) if tabs.active in ids else 0
        tabs.active = ids[(index + step) % len(ids)]
