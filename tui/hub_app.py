"""The Meeple app of one SSH session: the lobby first, games on the server's tables.

:class:`HubApp` is the usual app with a :class:`~net.client.HubClient` instead of local
saves: every message from the hub arrives as a :class:`HubApp.FromHub` message on the
app's own loop and is handed to the lobby or to the open table's
:class:`~net.remote_table.RemoteTable`, whose events draw the game screen as at home.
Settings changed in a session last for the session (the host's files are not written).
"""

from __future__ import annotations

import gc
from typing import Any, Awaitable, Callable, Iterable

from textual import on
from textual.binding import Binding
from textual.message import Message
from textual.app import SystemCommand
from textual.screen import Screen

from core.engine import CorruptData
from core.registry import UnknownGame, get_game, listings
from net.client import HubClient
from net.protocol import HAND_OVER_AFTER, MAX_CHAT, MAX_NAME
from net.remote_table import RemoteTable
from tui import navigation
from tui.app import MeepleApp
from tui.screens.styled import StyledScreen
from tui.startup_profile import StartupProfile
from tui.text import notify, plain
from tui.widgets.hint_panel import HintPanel


FIRST_FRAME_WAIT = 2.0
"""Seconds after its mount at which a session app draws its first frame even if the hub
has not yet said where the player goes."""

START_GC_AFTER = 5.0
"""Seconds after its mount at which a session app runs its garbage collector again even
if no first screen has been drawn (:func:`tui.session.main` starts it without)."""

_WARM_CSS: dict[tuple[Any, ...], Any] = {}
"""Parsed CSS rules per (theme variables, CSS source), shared by every stylesheet of the
process once :func:`share_parsed_css` has run."""

_WARM_TOKENS: dict[frozenset[tuple[str, str]], Any] = {}
"""The theme variables' values tokenized, per theme variables, shared the same way."""


def share_parsed_css() -> Callable[[], None]:
    """Make every stylesheet of this process share its parsed rules (per theme variables
    and CSS source) through :data:`_WARM_CSS`; returns what undoes it.

    Textual (pinned) keeps parsed rules per stylesheet, and parses all of it again in a
    fresh stylesheet whenever the theme's variables are set (``reparse``, at every app's
    start): about 70 ms of each session's start, spent again by every session. The
    variables' values, tokenized for the parser and for markup styles such as
    ``[b $warning]``, are shared too (3 ms a session).
    """
    from textual.css.stylesheet import Stylesheet
    from textual.css.tokenize import tokenize_values

    parse_rules = Stylesheet._parse_rules
    variable_tokens = Stylesheet._variable_tokens

    def shared(self: Stylesheet, css: str, read_from: Any, is_default_rules: bool = False,
               tie_breaker: int = 0, scope: str = "") -> Any:
        key = (frozenset(self._variables.items()), css, read_from, is_default_rules, tie_breaker, scope)
        rules = _WARM_CSS.get(key)
        if rules is None:
            rules = _WARM_CSS[key] = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        return rules

    def shared_tokens(self: Stylesheet) -> Any:
        tokens = self._Stylesheet__variable_tokens  # type: ignore[attr-defined]
        if tokens is None:
            key = frozenset(self._variables.items())
            tokens = _WARM_TOKENS.get(key)
            if tokens is None:
                tokens = _WARM_TOKENS[key] = tokenize_values(self._variables)
            self._Stylesheet__variable_tokens = tokens  # type: ignore[attr-defined]
        return tokens

    def undo() -> None:
        Stylesheet._parse_rules = parse_rules  # type: ignore[method-assign]
        Stylesheet._variable_tokens = variable_tokens  # type: ignore[method-assign]
        _WARM_CSS.clear()
        _WARM_TOKENS.clear()

    Stylesheet._parse_rules = shared  # type: ignore[method-assign]
    Stylesheet._variable_tokens = property(shared_tokens)  # type: ignore[method-assign, assignment]
    return undo


def warm_up() -> None:
    """Start a lobby, headless and without a hub, with the parsed CSS shared (see
    :func:`share_parsed_css`), for the apps started after it in this process (the session
    zygote calls this before it forks: parsing the CSS was the largest part of a session's
    start); then, in an app of its own for each game, the lobby and that game's screen on
    top, as a player back at a table sees them (an app's stylesheet keeps each source with
    the highest priority it met, so one app showing every game would warm other keys)."""
    import asyncio

    share_parsed_css()
    for screen in [None, *_warm_game_screens()]:
        async def shown(pilot: Any, screen: Screen[Any] | None = screen) -> None:
            await pilot.pause()
            await pilot.pause()  # (the lobby builds itself after its mount)
            if screen is not None:
                await pilot.app.push_screen(screen)
                await pilot.pause()
                screen.query_one(HintPanel).build()  # (its lines mount when it first opens)
                await pilot.pause()
            pilot.app.exit()

        app = HubApp("", "", connect=False)
        asyncio.run(app.run_async(headless=True, size=(80, 24), auto_pilot=shown))


def _warm_game_screens() -> list[Screen[Any]]:
    """A game screen of each game on a fresh local table of people only (no bot, no save)."""
    from core.table import Seat, Table
    from tui.games import screen_for

    screens: list[Screen[Any]] = []
    for listing in listings():
        game = get_game(listing.id)
        seats = [Seat(i, f"Player {i + 1}") for i in range(max(2, listing.min_players))]
        options = {"first_player": "0"} if any(o.key == "first_player" for o in game.info.options) else {}
        screens.append(screen_for(listing.id)(Table.new(game, seats, 1, options), None))
    return screens


def _lobby_screen() -> Screen[Any]:
    from tui.screens.lobby import LobbyScreen

    return LobbyScreen()


class HubApp(MeepleApp):
    """A session's app: talks to the hub at ``hub_socket`` as the person ``token`` names."""

    MODES = {"_default": _lobby_screen}
    SAVES_SETTINGS = False  # (kept for the session: the host's files are not written)
    BINDINGS = [*MeepleApp.BINDINGS, Binding("t", "chat", "Chat"),
                Binding("b", "hand_over", "Seat to bot")]

    class FromHub(Message):
        """A message from the hub (plain data, checked where it is used)."""

        def __init__(self, message: dict[str, Any]) -> None:
            super().__init__()
            self.message = message

    def __init__(self, hub_socket: str, token: str, *, connect: bool = True) -> None:
        """``connect`` False: no hub at all (:func:`warm_up`)."""
        super().__init__(None, bot_delay=0.0)  # (the hub paces its bots)
        self._connect = connect
        self.client = HubClient(hub_socket, token, lambda message: self.post_message(self.FromHub(message)))
        self.my_name = ""
        self.my_key = ""
        self.last_lobby: dict[str, Any] = {}
        self.table: RemoteTable | None = None
        self._asked_name = False
        self._first_lobby = True
        self.lobby_pending = connect
        """True while the lobby waits to be built: until the hub's first lobby tells whether
        the player goes straight back to a running table (then until that table shows)."""
        self._reopening: str | None = None  # the running table asked for at the start
        self._naming: str | None = None  # a name sent, not yet answered
        self._waiting_for: set[str] = set()  # own tables waiting for players (opened when full)
        self._left: set[str] = set()  # tables left: their last messages in flight are dropped
        self._answering: list[RemoteTable] = []  # tables left whose hint replies may still come
        self.profile: StartupProfile | None = None  # (MEEPLE_PROFILE: see tui.startup_profile)
        self._started = False  # the first screen has been drawn
        self._holding = connect
        if connect:
            # No frame until the hub has said where the player goes (the lobby, built, or
            # their table): a frame of the empty lobby first was work for both ends.
            self._begin_batch()

    def _mark(self, name: str) -> None:
        if self.profile is not None:
            self.profile.mark(name)

    def _first_screen_drawn(self, screen: Screen[Any], kind: str) -> None:
        """Once ``screen`` has been drawn the session has started: the garbage collector
        runs again (see :func:`tui.session.main`) and the startup profile (if any) is complete."""
        if self._started:
            return
        self._started = True

        def drawn() -> None:
            gc.enable()
            if self.profile is not None:
                self.profile.finish(kind)

        screen.call_after_refresh(drawn)

    async def on_mount(self) -> None:  # type: ignore[override]
        # (Textual runs MeepleApp's own on_mount first: it is not called again here.)
        if not self._connect:
            return
        self._mark("mounted")
        self.set_timer(START_GC_AFTER, gc.enable)  # (if no first screen comes: a name asked)
        self.set_timer(FIRST_FRAME_WAIT, self._release_frames)  # (a hub slow to answer)
        try:
            await self.client.connect()
        except OSError as exc:
            self._goodbye(f"Cannot reach the Meeple server ({exc}).")
            return
        self._mark("hub connected")
        self.client.send({"type": "lobby"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Chat and the hand-over are keys of an open table (the lobby has its own chat)."""
        table = self.table
        if action in ("chat", "hand_over") and table is None:
            return False
        if action == "hand_over" and table is not None and (table.you is None or not table.away_seats()):
            return False  # (shown while a player of the table is away)
        return True

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette's commands, less the screenshot: it would write a file on the host."""
        for command in super().get_system_commands(screen):
            if command.title != "Screenshot":
                yield command

    def crash_message(self, error: BaseException | None, where: str) -> str:
        """After an unexpected error: the tables are the server's, nothing is lost."""
        return (f"Meeple stopped after an unexpected error ({type(error).__name__}: {error}). "
                "Your tables are kept on the server: connect again to go on.")

    # --- the hub's messages ----------------------------------------------------------
    @on(FromHub)
    def _from_hub(self, event: FromHub) -> None:
        message = event.message
        kind = message.get("type")
        self._mark(f"hub {kind}")
        if kind in ("hint_ok", "error") and self._hint_reply(message):
            return
        try:
            if kind == "welcome":
                self._welcome(message)
            elif kind == "lobby":
                self._lobby(message)
            elif kind == "table":
                self._table(message)
            elif kind == "error":
                reason = str(message.get("message", "The server refused that."))
                notify(self, reason, severity="warning")
                if self._reopening is not None and self.table is None:
                    self._lobby_ready()  # (the table to go back to is gone: the lobby, then)
                if self._naming is not None:  # the name was refused: ask again, as typed
                    typed, self._naming = self._naming, None
                    self.ask_name(first=not self.my_name, typed=typed, refused=reason)
            elif kind == "bye":
                self._lobby_ready()
                reason = str(message.get("message", "The server closed the connection."))
                for table in [self.table, *self._answering]:
                    if table is not None:
                        table.settle(reason)  # (no hint request waits for ever)
                self._goodbye(reason)
        except CorruptData as exc:
            notify(self, str(exc), severity="error")

    def _hint_reply(self, message: dict[str, Any]) -> bool:
        """Hand the hub's answer to a hint request (``hint_ok``, or an ``error`` with its
        ``ref``) to the table that asked; True if it was one."""
        for table in [self.table, *self._answering]:
            if table is not None and table.take_reply(message):
                if table is not self.table and not table.awaiting_replies():
                    self._answering.remove(table)
                return True
        return False

    def _welcome(self, message: dict[str, Any]) -> None:
        self._naming = None
        self.my_name = str(message.get("name", ""))[:MAX_NAME]
        self.my_key = str(message.get("key", ""))
        lobby = self._find_lobby()
        if lobby is not None:
            lobby.show_me(self.my_name)
        if not self.my_name and not self._asked_name:
            self._asked_name = True
            self.ask_name(first=True)

    def ask_name(self, first: bool = False, typed: str = "", refused: str = "") -> None:
        """Ask for a display name and send it (again with the text ``typed`` when the
        server ``refused`` it)."""
        from tui.screens.prompt import TextPromptScreen

        question = ("Welcome to Meeple! Your name at the tables:" if first
                    else "Your new name at the tables:")
        if refused:
            question = f"{refused}\n\n{question}"

        def chosen(name: str | None) -> None:
            if name:
                self._naming = name
                self.client.send({"type": "set_name", "name": name})
            elif not self.my_name:
                notify(self, "Choose a name (n) before you join or create a table.")

        self.push_screen(TextPromptScreen(question, typed or self.my_name, max_length=MAX_NAME), chosen)

    def _lobby(self, message: dict[str, Any]) -> None:
        self.last_lobby = message
        table = self.table
        if table is not None and table.you is not None and self._game_screen() is not None:
            # The hub shows us the lobby while our game is on screen (a table that started
            # as we were leaving its waiting room): ask for the table again.
            self.show_table("open", table.id)
        tables = [t for t in message.get("tables", []) if isinstance(t, dict)]
        reopening = False
        if self._first_lobby:
            self._first_lobby = False
            running = [t for t in tables if t.get("mine") and t.get("started") and not t.get("over")]
            for listing in tables:
                if int(listing.get("back", -1)) >= 0:
                    notify(self, f"A bot played your seat at table {listing.get('id')} while you were "
                                 "away: Enter on that table takes the seat back.", timeout=10)
            if len(running) == 1 and self.table is None:
                # Back after a drop (or a break): straight to the seat, where it was.
                table_id = str(running[0].get("id"))
                notify(self, f"Back at your table {table_id}; Escape leads to the lobby.")
                self.show_table("open", table_id)
                reopening = True
                self._reopening = table_id
            if not reopening:
                self._lobby_ready()
        for listing in tables:
            table_id = str(listing.get("id"))
            started = listing.get("started", not listing.get("free"))
            if listing.get("mine") and not started:
                self._waiting_for.add(table_id)
            elif table_id in self._waiting_for and listing.get("mine") and self.table is None:
                # Every seat of a table we wait at is now taken: it starts, so show it.
                self._waiting_for.discard(table_id)
                self.show_table("open", table_id)
        lobby = self._find_lobby()
        if lobby is not None:
            lobby.show_lobby(message)
            if lobby.built and self.table is None and not reopening and lobby is self.screen:
                self._first_screen_drawn(lobby, "lobby")

    def _table(self, message: dict[str, Any]) -> None:
        table_id = str(message.get("id", ""))
        if table_id in self._left:
            return
        if not message.get("started", True):
            # Seated at a table still waiting for players: it opens once every seat is taken.
            if table_id not in self._waiting_for:
                self._waiting_for.add(table_id)
                notify(self, f"You sit at table {table_id}: it starts when every seat is taken.")
            # Back to the lobby's news meanwhile: the table is opened here when it starts.
            self.client.send({"type": "leave", "table": table_id})
            self._lobby_ready()
            return
        if self.table is not None and self.table.id == table_id and self._game_screen() is not None:
            table = self.table
            before = table.away_seats()
            table.receive(message)
            self._show_chat(table)
            if table.you is not None:
                for seat in sorted(table.away_seats() - before):
                    notify(self, f"{table.seats[seat].name} is disconnected. If they are not back within "
                                 f"{int(HAND_OVER_AFTER)} seconds, b gives the seat to a bot.", timeout=10)
            if table.away_seats() != before:
                self.refresh_bindings()
            return
        if message.get("log_from", 0) != 0:
            # Only the newest moves, for a table this app no longer shows: ask for it whole.
            self.client.send({"type": "resend", "table": table_id})
            return
        try:
            game = get_game(str(message.get("game", "")))
        except UnknownGame as exc:
            raise CorruptData(str(exc)) from None
        from tui.games import screen_for

        self._waiting_for.discard(table_id)
        if self.table is not None:  # (replaced without being left)
            self._retire(self.table)
        self.table = RemoteTable(game, message, self.client.send, self._table_left)
        self._close_game_screens()
        screen = screen_for(game.info.id)(self.table, None)
        mounted = self.push_screen(screen)
        if self._holding:
            self.call_later(self._show_first, screen, mounted)
        self._reopening = None
        self.lobby_pending = False  # (built when the player leaves the table)
        self.table.unread_chat.clear()  # (said before we sat down)
        self._first_screen_drawn(screen, "game")

    async def _show_first(self, screen: StyledScreen[None], mounted: Awaitable[object]) -> None:
        """The session's first screen is this game screen: laid out until it is still, then
        drawn whole in one frame (see :meth:`StyledScreen.settle`)."""
        await mounted
        await self._first_frame(screen)

    async def _first_frame(self, screen: StyledScreen[None]) -> None:
        """Frames are drawn again, the first one ``screen`` whole if it is the screen shown
        while they are still held (laid out until it is still: see
        :meth:`StyledScreen.settle`)."""
        held = self._holding and screen is self.screen
        if held:
            await screen.settle()
        self._release_frames()
        if held:
            screen.refresh()

    def _show_chat(self, table: RemoteTable) -> None:
        for name, text in table.unread_chat:
            who = f"{name} (you)" if name == self.my_name else name
            notify(self, f"{who}: {text}", title="Chat", timeout=8)
        table.unread_chat.clear()

    def action_chat(self) -> None:
        """Say something to the players (and spectators) of the open table."""
        table = self.table
        if table is None:
            return
        from tui.screens.prompt import TextPromptScreen

        def said(text: str | None) -> None:
            if text:
                table.say(text)

        recent = "\n".join(f"{name}: {text}" for name, text in table.chat[-5:])
        question = (f"{recent}\n\nSay to this table:" if recent else "Say to this table:")
        self.push_screen(TextPromptScreen(question, max_length=MAX_CHAT), said)

    def _release_frames(self) -> None:
        """Frames are drawn again (once: see ``__init__``)."""
        if self._holding:
            self._holding = False
            self._end_batch()

    def _goodbye(self, text: str) -> None:
        self._release_frames()
        notify(self, text, severity="error", timeout=4)
        self.set_timer(3.0, self.exit)

    # --- screens ---------------------------------------------------------------------
    def _lobby_ready(self) -> None:
        """The lobby is what the player sees now: build it (once)."""
        self._reopening = None
        if self.lobby_pending:
            self.lobby_pending = False
            lobby = self._find_lobby()
            if lobby is not None:
                self.call_later(self._build_lobby, lobby)

    async def _build_lobby(self, lobby: Any) -> None:
        await lobby.build()
        await self._first_frame(lobby)
        if self.table is None and lobby is self.screen:
            self._first_screen_drawn(lobby, "lobby")

    def _find_lobby(self) -> Any:
        from tui.screens.lobby import LobbyScreen

        for screen in self.screen_stack:
            if isinstance(screen, LobbyScreen):
                return screen
        return None

    def _game_screen(self) -> Any:
        from tui.screens.game import GameScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    def _close_game_screens(self) -> None:
        from tui.screens.lobby import LobbyScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, LobbyScreen):
            self.pop_screen()

    def action_hand_over(self) -> None:
        """The table's creator gives a seat whose player has been away a while to a bot."""
        table = self.table
        if table is None:
            return
        if table.you is None:
            notify(self, "Only the players of this table can give a seat to a bot.", severity="warning")
            return
        away = [seat for seat in sorted(table.away_seats()) if table.away_seconds(seat) >= HAND_OVER_AFTER]
        if not away:
            notify(self, f"A seat can go to a bot once its player has been away "
                         f"{int(HAND_OVER_AFTER)} seconds.", severity="warning")
            return
        seat = away[0]
        level = self.settings.bot_level
        from tui.screens.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes and self.table is table:
                self.client.send({"type": "hand_to_bot", "table": table.id, "seat": seat, "level": level})

        question = plain(f"{table.seats[seat].name} has been away for a while. "
                         f"Give the seat to a bot ({level})? The game goes on without waiting.")
        self.push_screen(ConfirmScreen(question, yes="Give to a bot", no="Wait"), answered)

    def _table_left(self, table: RemoteTable) -> None:
        """The game screen of ``table`` was left (back to the lobby)."""
        self._left.add(table.id)
        self._retire(table)
        if self.table is table:
            self.table = None

    def _retire(self, table: RemoteTable) -> None:
        """``table`` is no longer shown: a hint request still waiting there is refused
        now, and the hub's late replies to its requests are kept from the lobby."""
        table.settle("You left the table.")
        if table.awaiting_replies() and table not in self._answering:
            self._answering.append(table)

    def show_table(self, kind: str, table_id: str, **fields: Any) -> None:
        """Ask the hub to show a table here: ``kind`` is "open", "join" or "watch"."""
        self._left.discard(table_id)
        self.client.send({"type": kind, "table": table_id, **fields})

    # --- navigation: what the lobby and the tables ask for (tui.navigation) -------------
    def on_open_table(self, message: navigation.OpenTable) -> None:
        self.show_table(message.kind, message.table_id, **message.fields)

    def on_ask_name(self, message: navigation.AskName) -> None:
        self.ask_name()

    def new_screen(self, name: navigation.ScreenName) -> Screen[Any]:
        """The new-table form; the other screens as in the local app."""
        if name == "new_table":
            from tui.screens.new_table import NewTableScreen

            return NewTableScreen()
        return super().new_screen(name)

    def back_to_menu(self) -> None:
        """From a finished game back to the lobby (leaving the table as Escape does)."""
        from tui.screens.game import GameScreen

        if self._game_screen() is None:
            return
        while not isinstance(self.screen, GameScreen):  # (the game over, a panel over it)
            self.pop_screen()
        self.screen.action_menu()
