"""Game over: the ranking and every scoring category per player (one team column for a
co-operative game), each player's score by round charted under them (``c``: the chart
alone) where the table kept the game's positions, and the way to the review of the human
players' decisions."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from core.engine import Result
from core.table import GameTable, Table
from tui.navigation import BackToMenu, OpenReview, WatchReplay, escape_says_lobby
from tui.text import plain, rich_plain, template
from tui.widgets.key_bar import KeyBar
from tui.widgets.players import player_tag
from tui.widgets.score_chart import ChartLine, ScoreChart, history_lines


def ordinal(rank: int) -> str:
    """1 -> "1st", 2 -> "2nd"...

    >>> [ordinal(rank) for rank in (1, 2, 3, 4, 5)]
    ['1st', '2nd', '3rd', '4th', '5th']
    """
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(rank, f"{rank}th")


class GameOverScreen(Screen[None]):
    """Shows the result; Enter or Esc returns to the menu. ``extra`` adds a game's own panel;
    ``save`` is the game's save file (``r`` then reviews a game with a human player)."""

    CSS_PATH = ["game_over.tcss", "../widgets/score_chart.tcss"]
    BINDINGS = [
        Binding("escape,enter", "menu", "Menu"),
        Binding("b", "board", "Back to board"),
        Binding("r", "review", "Review"),
        Binding("w", "replay", "Replay"),
        Binding("c", "chart", "Chart"),
        Binding("c", "scores", "Scores"),
    ]
    HELP_TITLE = "Game over"

    def __init__(self, table: GameTable, extra: Content | None = None, save: Path | None = None) -> None:
        super().__init__()
        self.table = table
        if table.REMOTE:
            escape_says_lobby(self)
        self.result: Result = table.result()
        self.extra = extra or Content()
        self.save = save
        self.chart_lines = self.score_lines()
        self.charting = False
        """True while the chart has the page to itself (``c``), under the headline."""

    def score_lines(self) -> list[ChartLine]:
        """Each player's score by round (the team's in a co-operative game); none for a
        network table, whose positions stay on the hub, nor for one resumed from its saved
        position (its moves no longer replay), which lacks the earlier ones."""
        table = self.table
        if not self.replayable() or not isinstance(table, Table):
            return []
        states = table.history()
        return history_lines(table.game, states, [seat.name for seat in table.seats])

    def compose(self) -> ComposeResult:
        result = self.result
        seats = self.table.seats
        team = self.table.game.cooperative
        if team:  # one team: one result for all, won together or lost together
            outcome = "the team wins!" if result.winners else "the team has lost."
            headline = Content.assemble(template("[b]Game over[/b] — "), outcome)
        else:
            winners = Content(" and ").join(player_tag(s, seats[s].name) for s in result.winners)
            shared = " share the win" if len(result.winners) > 1 else " wins"
            headline = Content.assemble(template("[b]Game over[/b] — "), winners, shared, "!")
        # One scrolling page (arrows, page keys): on a short screen the notes and the
        # game's own panel below the table must stay reachable.
        with VerticalScroll(id="over"):
            yield Static(headline, id="headline")
            table: DataTable[str | Text] = DataTable(id="breakdown", cursor_type="none", zebra_stripes=True,
                                                     classes="scores")
            table.can_focus = False
            order = sorted(range(len(seats)), key=lambda s: (result.ranks[s], s))
            table.add_column("")
            if team:
                order = order[:1]
                table.add_column(rich_plain("Team"))
            for seat in order if not team else ():
                table.add_column(rich_plain(f"{ordinal(result.ranks[seat])} {seats[seat].name}"[:18]))
            for index, category in enumerate(result.categories):
                values = [str(result.breakdown[seat][index]) for seat in order]
                bold = "bold" if category == result.categories[-1] else ""
                table.add_row(rich_plain(category, bold), *values)
            yield table
            if team:
                members = Content(", ").join(player_tag(s, seats[s].name) for s in range(len(seats)))
                yield Static(Content.assemble("The team: ", members), classes="note scores")
            for note in result.notes:
                yield Static(plain(note), classes="note scores")
            if self.extra:
                yield Static(self.extra, id="extra", classes="scores")
            if self.chart_lines:
                # Under the scores, in the room left (a larger screen shows both at once);
                # on a small one below them, or on its own with ``c``.
                unit = self.table.game.standings(self.table.view(None)).unit
                # Your own line over the others (the first person's in a hot-seat game).
                humans = self.table.human_seats()
                own = humans[0] if humans and not self.table.game.cooperative else None
                yield ScoreChart(self.chart_lines, title="Score by round", x_label="Round", y_label=unit,
                                 on_top=own, id="chart")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#over", VerticalScroll).focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on the focused score table goes to the menu, as the footer says."""
        event.stop()
        self.action_menu()

    def action_menu(self) -> None:
        """Back to the menu (the finished game stays saved)."""
        self.post_message(BackToMenu())

    def action_board(self) -> None:
        """Look at the final board again."""
        self.app.pop_screen()

    def can_review(self) -> bool:
        """True for a game with a human player whose save is on disk (a network table has
        none here: the host keeps it)."""
        return (not self.table.REMOTE and bool(self.table.human_seats())
                and self.save is not None and self.save.is_file())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``r`` (Review) only where there is a review to make; ``c`` shows the chart
        (where there is one) or, while it is shown, the scores again."""
        if action == "review":
            return self.can_review()
        if action == "replay":
            return self.replayable()
        if action == "chart":
            return bool(self.chart_lines) and not self.charting
        if action == "scores":
            return self.charting
        return True

    def action_chart(self) -> None:
        """Give the page to the chart, under the headline."""
        self.show_chart(True)

    def action_scores(self) -> None:
        """Show the scores again, the chart under them."""
        self.show_chart(False)

    def show_chart(self, on: bool) -> None:
        """Give the page to the chart alone (``on``), or to the scores and the chart."""
        self.charting = on
        self.set_class(on, "-charting")
        self.query_one("#over", VerticalScroll).scroll_home(animate=False)
        self.refresh_bindings()

    def replayable(self) -> bool:
        """True where this app holds every position of the game: a local table built by
        replaying its moves (not a network table, nor one resumed from its saved position)."""
        table = self.table
        return isinstance(table, Table) and table.has_every_position()

    def action_replay(self) -> None:
        """Watch the game again from its start, move by move."""
        if isinstance(self.table, Table) and self.replayable():
            self.post_message(WatchReplay(self.table, 0))

    def action_review(self) -> None:
        """The coach values the human players' decisions and lists the costliest."""
        if self.save is not None and self.can_review():
            self.post_message(OpenReview(self.save))
