"""New game: pick a game, the seats (human or bot level, names), options and a seed.

The form remembers, per game, what it held when it was last left (started or backed out
of): the player count, each seat's human or bot level and the options
(:class:`FormChoices`), and the game last used; they are kept in the settings file, so a
new run opens the form as the last one left it. Names come from the settings, the seed
is new each time.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace
from typing import Any
from weakref import WeakKeyDictionary

from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from core.engine import GameInfo
from core.registry import all_info, listings
from core.table import Controller, Seat
from saves import check_player_name
from tui.context import MeepleContext, meeple_app
from tui.navigation import StartGame
from tui.widgets.scrollbar import use_solid_thumb
from tui.text import notify, plain
from tui.widgets.key_bar import KeyBar
from tui.widgets.players import player_glyph

SEATS = max(entry.max_players for entry in listings())
"""Seat rows in the form: the most players any game takes (Settlement's nine)."""


@dataclass
class FormChoices:
    """What the form held for one game when it was last left."""

    players: int
    controllers: tuple[str, ...]
    """Each seat row's controller value ("human" or a bot level), all rows, shown or not."""
    options: dict[str, str | bool]
    """Each option's widget value, by option key."""


@dataclass
class FormMemory:
    """The new-game choices: per game, and the game last left."""

    last_game: str | None = None
    games: dict[str, FormChoices] = field(default_factory=dict)

    @classmethod
    def from_settings(cls, data: dict[str, Any]) -> FormMemory:
        """The memory kept in the settings (``Settings.new_game``, checked when read)."""
        memory = cls(last_game=data.get("last"))
        for game_id, item in data.items():
            if game_id != "last":
                memory.games[game_id] = FormChoices(
                    players=item["players"], controllers=tuple(item["seats"]),
                    options=dict(item.get("options", {})))
        return memory

    def to_settings(self) -> dict[str, Any]:
        """The memory as ``Settings.new_game`` keeps it."""
        data: dict[str, Any] = {"last": self.last_game} if self.last_game else {}
        for game_id, choices in self.games.items():
            data[game_id] = {"players": choices.players, "seats": list(choices.controllers),
                             "options": dict(choices.options)}
        return data


_MEMORY: WeakKeyDictionary[App[Any], FormMemory] = WeakKeyDictionary()


def form_memory(app: App[Any]) -> FormMemory:
    """The new-game memory of ``app``, first read from its settings."""
    memory = _MEMORY.get(app)
    if memory is None:
        try:
            kept = meeple_app(app).settings.new_game
        except TypeError:  # (a screen tried in a bare test app: no settings)
            kept = {}
        memory = _MEMORY[app] = FormMemory.from_settings(kept)
    return memory


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


class FocusMarker(Static):
    """The first cells of a form row: ``▶`` while a field of the row has the focus.

    A glyph, not a colour: the compact fields' own focus look is a slight change of
    background that some themes hardly show.
    """

    GLYPH = "▶"

    def __init__(self) -> None:
        super().__init__(" ", classes="marker", markup=False)

    def show(self, marked: bool) -> None:
        """Mark the row or clear the mark (the marker's size never changes: no layout)."""
        self.update(self.GLYPH if marked else " ", layout=False)


class OptionHelp(Static):
    """The explanation of the option with the focus, in a place that does not move.

    It is as tall as the longest explanation of the game's options at its width
    (:meth:`reserve`), so a focus change never lays the form out and never pushes what
    is below it away.
    """

    def __init__(self, *, id: str) -> None:
        super().__init__("", id=id, markup=False)
        self._texts: list[str] = []

    def reserve(self, texts: list[str]) -> None:
        """Make room for the longest of ``texts`` (shown one at a time) and show none."""
        self._texts = list(texts)
        self.update("")

    def say(self, text: str) -> None:
        """Show ``text`` (one of the reserved texts, or "") in the reserved room."""
        self.update(plain(text), layout=False)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The lines of the longest reserved text wrapped at ``width``."""
        lines = [len(plain(text).wrap(width)) for text in self._texts]
        return max([super().get_content_height(container, viewport, width), *lines])


class FormScroll(VerticalScroll, can_focus=False):
    """The form's fields, scrolled by the focus (Tab): not a stop of its own on the way."""


class NewGameScreen(Screen[None]):
    """A one-page form; Enter on Start (or ctrl+n anywhere) begins the game.

    The fields scroll; the option explanation and the buttons sit below them and never
    scroll away. A ``▶`` marks the row of the field with the focus.
    """

    HELP_TITLE = "New game"

    CSS_PATH = "new_game.tcss"
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+n", "start", "Start game"),
    ]

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.games: list[GameInfo] = all_info()
        self._wanted = game_id
        """The game asked for; None: the game last left (kept in the settings), or the first."""
        self.game: GameInfo = next((g for g in self.games if g.id == game_id), self.games[0])
        self._options_players = 0
        """Player count the option widgets were built for."""
        self._marked: FocusMarker | None = None

    @property
    def game_id(self) -> str:
        """The game chosen in the form (F1 opens its rules)."""
        return self.game.id

    def compose(self) -> ComposeResult:
        settings = meeple_app(self).settings
        if self._wanted is None:
            last = form_memory(self.app).last_game
            self.game = next((g for g in self.games if g.id == last), self.game)
        with FormScroll(id="form"):
            yield Static("New game", id="title")
            with Horizontal(classes="row"):
                yield FocusMarker()
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
                yield FocusMarker()
                yield Label("Players", classes="label")
                # Never blank (a blank count could not start a game): the first game's
                # counts now, each game's own once it is shown.
                counts = range(self.game.min_players, self.game.max_players + 1)
                yield Select([(str(n), n) for n in counts], allow_blank=False, compact=True, id="count")
            for index in range(SEATS):
                with Horizontal(classes="row seat", id=f"seat-{index}"):
                    yield FocusMarker()
                    yield Label(f"Seat {player_glyph(index)}", classes="label")
                    names = settings.default_names
                    yield Input(
                        names[index] if index < len(names) else f"Player {index + 1}",
                        max_length=16,
                        compact=True,
                        id=f"name-{index}",
                        classes="name",
                    )
                    yield Select(
                        self.seat_choices(index), value=self._default_controller(index), allow_blank=False,
                        compact=True, id=f"ctl-{index}", classes="controller",
                    )
            yield Static("Options", classes="section")
            # Not a scrolling box of its own: the form is the one part that scrolls.
            yield Vertical(id="options")
            with Horizontal(classes="row"):
                yield FocusMarker()
                yield Label("Seed", classes="label")
                yield Input(
                    placeholder="blank = random", restrict=r"[0-9]*", max_length=18,
                    compact=True, id="seed",
                )
            yield from self.extra_rows()
        with Vertical(id="form-foot"):
            yield OptionHelp(id="option-help")
            with Horizontal(id="buttons", classes="row"):
                yield FocusMarker()
                yield Button("Start game", variant="primary", id="start", compact=True)
                yield Button("Back", id="back", compact=True)
        yield KeyBar()

    def extra_rows(self) -> ComposeResult:
        """Rows of the form after the seed (override: none here)."""
        yield from ()

    def seat_choices(self, index: int) -> list[tuple[str, str]]:
        """Who may play seat ``index``: ``(label, value)`` pairs (override)."""
        return CONTROLLERS

    def _default_controller(self, index: int) -> str:
        """A seat's controller when nothing is remembered: the first seat human, the others
        bots at the settings' level."""
        return "human" if index == 0 else meeple_app(self).settings.bot_level

    def on_mount(self) -> None:
        use_solid_thumb(self.query_one("#form", FormScroll))
        self._show_game(self.game)
        self.set_focus(self.query_one("#game", Select))

    def _show_game(self, info: GameInfo) -> None:
        """Fill the form for ``info``: its choices as last left (this run or an earlier one), or defaults."""
        self.game = info
        remembered = form_memory(self.app).games.get(info.id)
        self.query_one("#blurb", Static).update(plain(info.blurb))
        count = self.query_one("#count", Select)
        counts = list(range(info.min_players, info.max_players + 1))
        count.set_options([(str(n), n) for n in counts])
        if remembered is not None and remembered.players in counts:
            players = remembered.players
        else:
            players = 2 if 2 in counts else counts[0]
        count.value = players
        self._show_seats(players)
        self._options_players = players
        if remembered is not None:
            for index, value in enumerate(remembered.controllers[:SEATS]):
                if value in {v for _, v in self.seat_choices(index)}:
                    self.query_one(f"#ctl-{index}", Select).value = value
        kept = remembered.options if remembered is not None else {}
        box = self.query_one("#options", Vertical)
        box.remove_children()
        for spec in info.options:
            if isinstance(spec.default, bool):
                ticked = kept.get(spec.key, spec.default)
                row = Horizontal(classes="row")
                box.mount(row)
                row.mount(FocusMarker())
                row.mount(
                    TickBox(plain(spec.label), ticked if isinstance(ticked, bool) else spec.default,
                            compact=True, id=f"opt-{spec.key}")
                )
            else:
                offered = spec.offered(players)
                chosen = kept.get(spec.key, str(spec.default))
                if chosen not in [v for _, v in offered]:
                    chosen = str(spec.default)
                row = Horizontal(classes="row")
                box.mount(row)
                row.mount(FocusMarker())
                row.mount(Label(plain(spec.label), classes="label wide"))
                row.mount(
                    Select(
                        _choices(offered),
                        value=chosen,
                        allow_blank=False,
                        compact=True,
                        id=f"opt-{spec.key}",
                    )
                )
        box.display = bool(info.options)
        self.query_one("#option-help", OptionHelp).reserve(self.help_texts())

    def remember(self) -> None:
        """Keep what the form holds for its game, for the next time it is opened."""
        count = self.query_one("#count", Select).value
        if not isinstance(count, int):
            return  # the choice list is still being filled: nothing was chosen yet
        options: dict[str, str | bool] = {}
        for spec in self.game.options:
            widget = self.query(f"#opt-{spec.key}").first()
            value = widget.value if isinstance(widget, (Checkbox, Select)) else Select.NULL
            if isinstance(value, (str, bool)):
                options[spec.key] = value
        memory = form_memory(self.app)
        memory.last_game = self.game.id
        memory.games[self.game.id] = FormChoices(
            players=count,
            controllers=tuple(
                str(self.query_one(f"#ctl-{index}", Select).value) for index in range(SEATS)
            ),
            options=options,
        )

    def keep(self) -> None:
        """Remember the form and keep the memory in the settings file, when the form is
        left (not on every change of game inside it)."""
        self.remember()
        app = self.app
        kept = form_memory(app).to_settings()
        if isinstance(app, MeepleContext) and app.settings.new_game != kept:
            app.update_settings(replace(app.settings, new_game=kept))  # (it says if it fails)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Mark the focused field's row; explain the option under the focus below the form."""
        widget = event.widget
        marker = self._marker_of(widget)
        if marker is not self._marked:
            if self._marked is not None:
                self._marked.show(False)
            if marker is not None:
                marker.show(True)
            self._marked = marker
        self.query_one("#option-help", OptionHelp).say(self.help_for(widget))

    def help_texts(self) -> list[str]:
        """Every explanation the form may show below it: its game's options' (override: more)."""
        return [spec.help for spec in self.game.options]

    def help_for(self, widget: Widget) -> str:
        """The explanation shown while ``widget`` has the focus (one of :meth:`help_texts`)."""
        widget_id = widget.id or ""
        spec = next((o for o in self.game.options if widget_id == f"opt-{o.key}"), None)
        return spec.help if spec else ""

    def _marker_of(self, widget: Widget) -> FocusMarker | None:
        """The focus marker of the form row that holds ``widget`` (None outside a row)."""
        for node in widget.ancestors_with_self:
            if isinstance(node, Widget) and node.has_class("row"):
                return next(iter(node.query_children(FocusMarker)), None)
        return None

    def _show_seats(self, count: int) -> None:
        for index in range(SEATS):
            self.query_one(f"#seat-{index}").display = index < count

    @on(Select.Changed, "#game")
    def _game_changed(self, event: Select.Changed) -> None:
        info = next(g for g in self.games if g.id == event.value)
        if info is not self.game:
            self.remember()
            self._show_game(info)

    @on(Select.Changed, "#count")
    def _count_changed(self, event: Select.Changed) -> None:
        # The count as it is now, not as the event was posted: a new game's list sets its
        # first count, then the remembered one, and both changes arrive after the form
        # was refilled for the latter.
        players = event.select.value
        if isinstance(players, int):
            self._show_seats(players)
            # The option widgets of a newly shown game are built for its count already (and
            # may still be mounting): refit only when the player changed the count.
            if players != self._options_players:
                self._fit_seat_choices(players)

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
        seats = self.seats()
        if seats is None:
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else secrets.randbelow(2**31)
        options = self.options()
        if options is None:
            return
        self.keep()
        # The game screen replaces this form, so escape from the game goes to the menu.
        self.post_message(StartGame(self.game.id, seats, seed, options, replace=True))

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        """Leave the form; its choices are kept for the next time."""
        self.keep()
        self.app.pop_screen()

    def seats(self) -> list[Seat] | None:
        """The seats from the form, or None (with a message) if a name is missing/repeated."""
        count = self.query_one("#count", Select).value
        if not isinstance(count, int):
            notify(self, "Choose how many players.", severity="error")
            return None
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
