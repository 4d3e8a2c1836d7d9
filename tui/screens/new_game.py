"""New game: pick a game, the seats (human or bot level, names), options and a seed."""

from __future__ import annotations

import secrets
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from core.engine import GameInfo
from core.registry import all_info
from core.table import Controller, Seat
from saves import check_player_name
from tui.app import meeple_app
from tui.text import notify, plain
from tui.widgets.key_bar import KeyBar
from tui.widgets.players import player_glyph

class TickBox(Checkbox):
    """A checkbox whose state shows without colour: a tick when on, blank when off.

    Textual's ``Checkbox`` draws the same ``X`` either way and tells them apart by colour
    alone, which some themes (and every monochrome terminal) hardly show.
    """

    ON = "✓"
    OFF = " "

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.BUTTON_INNER = self.ON if self.value else self.OFF

    def watch_value(self) -> None:
        """Show the new state (Textual sets the ``-on`` class)."""
        super().watch_value()
        self.BUTTON_INNER = self.ON if self.value else self.OFF


CONTROLLERS: list[tuple[str, str]] = [
    ("Human", "human"),
    ("Bot · easy", "easy"),
    ("Bot · normal", "normal"),
    ("Bot · hard", "hard"),
]


def controller_from(value: str) -> Controller:
    """Controller for a seat row's select value."""
    return Controller() if value == "human" else Controller("bot", value)


def _choices(offered: list[tuple[str, str]]) -> list[tuple[Content, str]]:
    """An option's ``(label, value)`` choices with the labels as plain text for a Select."""
    return [(plain(label), value) for label, value in offered]


class NewGameScreen(Screen[None]):
    """A one-page form; Enter on Start (or ctrl+n anywhere) begins the game."""

    HELP_TITLE = "New game"

    CSS_PATH = "new_game.tcss"
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+n", "start", "Start game"),
    ]

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.games: list[GameInfo] = all_info()
        self.game: GameInfo = next((g for g in self.games if g.id == game_id), self.games[0])
        self._options_players = 0
        """Player count the option widgets were built for."""

    def compose(self) -> ComposeResult:
        settings = meeple_app(self).settings
        with VerticalScroll(id="form"):
            yield Static("New game", id="title")
            with Horizontal(classes="row"):
                yield Label("Game", classes="label")
                yield Select(
                    [(plain(g.title), g.id) for g in self.games],
                    value=self.game.id,
                    allow_blank=False,
                    compact=True,
                    id="game",
                )
            yield Static(plain(self.game.blurb), id="blurb")
            with Horizontal(classes="row"):
                yield Label("Players", classes="label")
                yield Select([], allow_blank=True, compact=True, id="count")
            for index in range(5):
                with Horizontal(classes="row seat", id=f"seat-{index}"):
                    yield Label(f"Seat {player_glyph(index)}", classes="label")
                    names = settings.default_names
                    yield Input(
                        names[index] if index < len(names) else f"Player {index + 1}",
                        max_length=16,
                        compact=True,
                        id=f"name-{index}",
                        classes="name",
                    )
                    default = "human" if index == 0 else settings.bot_level
                    yield Select(
                        CONTROLLERS, value=default, allow_blank=False, compact=True,
                        id=f"ctl-{index}", classes="controller",
                    )
            yield Static("Options", classes="section")
            yield VerticalScroll(id="options")
            yield Static("", id="option-help")
            with Horizontal(classes="row"):
                yield Label("Seed", classes="label")
                yield Input(
                    placeholder="blank = random", restrict=r"[0-9]*", max_length=18,
                    compact=True, id="seed",
                )
            with Horizontal(id="buttons"):
                yield Button("Start game", variant="primary", id="start", compact=True)
                yield Button("Back", id="back", compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self._show_game(self.game)
        self.query_one("#game", Select).focus()

    def _show_game(self, info: GameInfo) -> None:
        self.game = info
        self.query_one("#blurb", Static).update(plain(info.blurb))
        count = self.query_one("#count", Select)
        counts = list(range(info.min_players, info.max_players + 1))
        count.set_options([(str(n), n) for n in counts])
        count.value = 2 if 2 in counts else counts[0]
        self._show_seats(int(count.value))
        self._options_players = int(count.value)
        box = self.query_one("#options", VerticalScroll)
        box.remove_children()
        for spec in info.options:
            if isinstance(spec.default, bool):
                box.mount(TickBox(plain(spec.label), spec.default, compact=True, id=f"opt-{spec.key}"))
            else:
                row = Horizontal(classes="row")
                box.mount(row)
                row.mount(Label(plain(spec.label), classes="label wide"))
                row.mount(
                    Select(
                        _choices(spec.offered(int(count.value))),
                        value=str(spec.default),
                        allow_blank=False,
                        compact=True,
                        id=f"opt-{spec.key}",
                    )
                )
        box.display = bool(info.options)
        self.query_one("#option-help", Static).update("")

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Explain the option under the focus in the line below the options."""
        widget_id = event.widget.id or ""
        spec = next((o for o in self.game.options if widget_id == f"opt-{o.key}"), None)
        self.query_one("#option-help", Static).update(plain(spec.help) if spec else "")

    def _show_seats(self, count: int) -> None:
        for index in range(5):
            self.query_one(f"#seat-{index}").display = index < count

    @on(Select.Changed, "#game")
    def _game_changed(self, event: Select.Changed) -> None:
        info = next(g for g in self.games if g.id == event.value)
        if info is not self.game:
            self._show_game(info)

    @on(Select.Changed, "#count")
    def _count_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self._show_seats(event.value)
            # The option widgets of a newly shown game are built for its count already (and
            # may still be mounting): refit only when the player changed the count.
            if event.value != self._options_players:
                self._fit_seat_choices(event.value)

    def _fit_seat_choices(self, players: int) -> None:
        """Offer only the seats of a ``players``-player game in seat choices."""
        self._options_players = players
        for spec in self.game.options:
            if spec.seat_choices:
                select = self.query_one(f"#opt-{spec.key}", Select)
                choices = spec.offered(players)
                value = select.value
                select.set_options(_choices(choices))
                select.value = value if value in [v for _, v in choices] else str(spec.default)

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        """Validate the form and start the game."""
        from tui.launch import start_new_game

        seats = self.seats()
        if seats is None:
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else secrets.randbelow(2**31)
        options = self.options()
        if options is None:
            return
        # The game screen replaces this form, so escape from the game goes to the menu.
        start_new_game(self.app, self.game.id, seats, seed, options, replace=True)

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.app.pop_screen()

    def seats(self) -> list[Seat] | None:
        """The seats from the form, or None (with a message) if a name is missing/repeated."""
        count = self.query_one("#count", Select).value
        assert isinstance(count, int)
        seats: list[Seat] = []
        for index in range(count):
            name = self.query_one(f"#name-{index}", Input).value.strip()
            if not name:
                notify(self, f"Seat {player_glyph(index)} needs a name.", severity="error")
                return None
            problem = check_player_name(name)
            if problem:
                notify(self, f"Seat {player_glyph(index)}: {problem}.", severity="error")
                return None
            if any(seat.name.casefold() == name.casefold() for seat in seats):
                notify(self, f"Two seats are called {name!r}; names must differ.", severity="error")
                return None
            value = self.query_one(f"#ctl-{index}", Select).value
            seats.append(Seat(index, name, controller_from(str(value))))
        return seats

    def options(self) -> dict[str, Any] | None:
        """The variant options chosen in the form, or None (with a message) if one is not valid.

        A choice list that is still being refilled (the player count just changed, or
        ctrl+n came the moment the form opened) has no value yet: its default stands.
        """
        chosen: dict[str, Any] = {}
        for spec in self.game.options:
            widget = self.query_one(f"#opt-{spec.key}")
            assert isinstance(widget, (Checkbox, Select)), "_show_game builds each option as a Checkbox or a Select"
            value: object = widget.value
            if value is Select.NULL:
                value = spec.default
            try:
                chosen[spec.key] = spec.parse(value)
            except ValueError as exc:
                notify(self, f"{spec.label}: {exc}", severity="error")
                return None
        return chosen
