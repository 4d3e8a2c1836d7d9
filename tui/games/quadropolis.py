"""The Quadropolis screen: the building grid — Construction Site, architects and cities.

Keyboard flow: 1–4 choose an Architect, arrows move around the slots and Enter
takes; then arrows move over your city, Enter builds on a highlighted square, d discards.
Tab shows the next player's city while you choose (while you build, your own city stays in
view); each turn opens on the city of the player to move. Terminals 120 columns wide and
more show every city, two to a row, under the site. The move list on the right offers the same moves.
"""

from __future__ import annotations

from typing import Any, Hashable

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Static

from core.engine import IllegalAction
from core.quadropolis.actions import Build, Discard, Place
from core.quadropolis.board import CITY, NUM_SLOTS, SITE, SLOT_INDEX, SLOT_NAMES, SLOT_TARGET
from core.quadropolis.content import RULES, TILES
from core.quadropolis.scoring import allocate
from core.quadropolis.state import State
from core.quadropolis.text import penalty_note, tile_gives, tile_name
from tui.games.quadropolis_render import (
    KEY,
    TYPES_HELP,
    city_cell,
    pools_line,
    render_city,
    render_site,
    site_cell,
    slot_cell,
    type_entries,
)
from tui.games.quadropolis_cards import built_text, slot_card, slot_closed, square_card, square_name
from tui.screens.card_viewer import CardText
from tui.games.status_row import OneStatusRow
from tui.text import notify, plain, template
from tui.widgets.legend import Legend
from tui.widgets.board import BoardView
from tui.widgets.cursor import Target
from tui.widgets.picture import BoardPicture
from tui.widgets.players import player_tag

MAX_SEATS = RULES.max_players


def legend_entries(width: int) -> list[Content]:
    """The building types as drawn in cells ``width`` wide, in their colours ("T Tower Block")."""
    return [Content.assemble(Content.styled(code, style), f" {name}")
            for code, style, name in type_entries(width)]


def key_entries() -> list[Content]:
    """Every other figure on the board with its meaning ("ie gives 1 inhabitant and 1 energy")."""
    return [Content.assemble(Content.styled(code, "bold"), f" {meaning}") for code, meaning in KEY]


class QuadropolisBoard(BoardView):
    """The focusable board: arrows and Enter as on every board, plus Quadropolis's own keys."""

    BINDINGS = [
        Binding("1", "architect(1)", "Architect 1", show=False),
        Binding("2", "architect(2)", "Architect 2", show=False),
        Binding("3", "architect(3)", "Architect 3", show=False),
        Binding("4", "architect(4)", "Architect 4", show=False),
        Binding("enter", "choose", "Take / build"),
        Binding("d", "discard", "Discard"),
        Binding("tab", "city(1)", "Next city"),
        Binding("shift+tab", "city(-1)", "Previous city", show=False),
    ]

    class ArchitectChosen(Message):
        """The player picked Architect ``number`` (1–4)."""

        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

    class Discarded(Message):
        """The player asked to discard the building in hand (d)."""

    class CityCycled(Message):
        """The player asked to look at the next (``step`` 1) or previous (-1) city."""

        def __init__(self, step: int) -> None:
            super().__init__()
            self.step = step

    def action_architect(self, number: int) -> None:
        """Choose an Architect."""
        self.post_message(self.ArchitectChosen(number))

    def action_discard(self) -> None:
        """Discard the tile in hand."""
        self.post_message(self.Discarded())

    def action_city(self, step: int) -> None:
        """Show another player's city."""
        self.post_message(self.CityCycled(step))


class QuadropolisScreen(OneStatusRow):
    """Game screen of Quadropolis."""

    CSS_PATH = ["../screens/game.tcss", "quadropolis.tcss"]
    HELP_TITLE = "Quadropolis"
    DETAIL_LINE = "#qp-hint"
    HELP_KEYS = [
        ("1–4", "Choose an Architect"),
        ("arrows", "Move around the slots, or over your city"),
        ("enter", "Take the building / build it here"),
        ("d", "Discard the building in hand"),
        ("tab / shift+tab", "Look at the other players' cities (wide terminals show them all)"),
        ("m", "Jump to the move list (type to filter)"),
        TYPES_HELP,
        *KEY,
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.architect = 0
        self._last_slot = SLOT_INDEX["N1"]
        self.shown_city: int | None = None
        self._turn_shown: tuple[int, int] | None = None  # (round, turn) the shown city was set for
        self._holding_city = False  # a bot's build is flashing on its city: do not switch yet
        self._release_when_back = False  # the flash ended while a panel covered the board
        # Build previews of one position ((log, seat)), by (row, col).
        self._previews: tuple[tuple[object, ...], dict[tuple[int, int], Content]] = ((), {})
        self._reserved_for: tuple[object, ...] = ()  # what the hint's rows were reserved for
        self._built: dict[int, list[int]] = {}  # squares built on in the last turn, by city
        self._snapped_at = -1  # log length when the city cursor was last put on a legal square
        self._slot_snapped_at = -1  # the same for the slot cursor

    # --- layout -------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        with QuadropolisBoard(id="qp-board"):
            with Horizontal(id="qp-panes"):
                with Vertical(id="qp-site-pane"):
                    yield Static("", id="qp-site-title", classes="qp-title")
                    yield BoardPicture(id="qp-site")
                with Vertical(id="qp-city-pane"):
                    yield Static("", id="qp-city-title", classes="qp-title")
                    yield BoardPicture(id="qp-city")
            # Wide terminals: every city, two to a row (the one city above is hidden).
            with Vertical(id="qp-cities"):
                for first in range(0, MAX_SEATS, 2):
                    with Horizontal(classes="qp-cities-row"):
                        for seat in range(first, first + 2):
                            with Vertical(id=f"qp-city-pane-{seat}", classes="qp-city-cell"):
                                yield Static("", id=f"qp-city-title-{seat}", classes="qp-title")
                                yield BoardPicture(id=f"qp-city-{seat}", classes="qp-city-picture")
            yield Static("", id="qp-hint")
            yield Legend(legend_entries(self.cell_width), id="qp-legend")
            yield Legend(key_entries(), id="qp-codes")

    def on_mount(self) -> None:
        players = len(self.table.seats)
        for seat in range(MAX_SEATS):
            self.query_one(f"#qp-city-pane-{seat}").display = seat < players
        for index, row in enumerate(self.query(".qp-cities-row")):
            row.display = index * 2 < players
        self.focus_mounted_board("#qp-board")

    @property
    def all_cities(self) -> bool:
        """True when every city is drawn side by side (wide terminals) instead of one + Tab."""
        return self.has_class("-wide")

    @property
    def cell_width(self) -> int:
        """Characters per board cell."""
        return 7 if self.has_class("-wide") else 4

    # --- drawing ------------------------------------------------------------------------
    def _my_turn(self, view: State) -> bool:
        return (
            not self.table.is_over()
            and self.viewer is not None
            and self.viewer in self.table.to_act()
            and not self._curtain_up
        )

    # --- the shared cursor: slots while placing, your city's squares while building ---------
    def board_position(self, action: Hashable, view: State) -> tuple[int, int] | None:
        """A slot on the site picture (placing) or a square of your city (building), where
        the city lies under the site (:meth:`_city_offset`)."""
        if isinstance(action, Place):
            return slot_cell(SLOT_INDEX[action.slot], self.cell_width)
        if isinstance(action, Build):
            row, col = city_cell((action.row - 1) * CITY + (action.col - 1), self.cell_width)
            top, left = self._city_offset()
            return row + top, col + left
        return None

    def board_targets(self, view: State, groups: dict[tuple[int, int], list[Hashable]]) -> list[Target]:
        """Every slot (a closed one says why) and every square of the city in view: the
        slots take an Architect while placing, the squares the building in hand while
        building, and the others are there to look at (the detail line and ``i`` describe
        them). The squares sit under the site on the screen, and so they do for the cursor.
        A replay's board has them all the time, to look at."""
        if not (self._my_turn(view) or self.replay is not None):
            return []
        width = self.cell_width
        top, left = self._city_offset()
        slots = [Target(("slot", slot), *slot_cell(slot, width)) for slot in range(NUM_SLOTS)]
        squares = [Target(("square", square), row + top, col + left)
                   for square in range(CITY * CITY) for row, col in [city_cell(square, width)]]
        # (the places of the step at hand first: where a cursor whose place is gone starts)
        return slots + squares if view.phase == "place" else squares + slots

    def _city_offset(self) -> tuple[int, int]:
        """Where the city whose squares the cursor visits lies, seen from the site picture
        (for the arrows only: marks go on the city's own picture)."""
        seat = self._square_city()
        if self.all_cities:
            return SITE + 3 + (seat // 2) * (CITY + 4), (seat % 2) * 39
        return SITE + 3, 0

    def _square_city(self) -> int:
        """The city whose squares the cursor visits: yours while you build or when every
        city is in view, else the one shown (Tab)."""
        view_seat = self.viewer if self.viewer is not None else 0
        if self.all_cities or self.shown_city is None:
            return view_seat
        return self.shown_city

    def _cursor_on(self, kind: str) -> int:
        target = self.board_cursor.current
        if target is None or not isinstance(target.key, tuple) or target.key[0] != kind:
            return -1
        index: int = target.key[1]
        return index

    @property
    def slot_cursor(self) -> int:
        """The slot under the cursor while placing (-1 otherwise)."""
        return self._cursor_on("slot")

    @slot_cursor.setter
    def slot_cursor(self, slot: int) -> None:
        self.board_cursor.move_to(("slot", slot))

    @property
    def city_cursor(self) -> int:
        """The city square under the cursor while building (-1 otherwise)."""
        return self._cursor_on("square")

    @city_cursor.setter
    def city_cursor(self, square: int) -> None:
        self.board_cursor.move_to(("square", square))

    # --- drawing ------------------------------------------------------------------------
    def board_room_changed(self) -> None:
        """The detail line's rows are reserved again for the board column's new height."""
        self._reserved_for = ()
        self._redraw_board()

    def update_board(self, view: State) -> None:
        """Redraw site, city and hint from the view."""
        if not self.is_mounted:
            return
        mine = self._my_turn(view)
        phase = view.phase
        seat = self.viewer
        width = self.cell_width
        if mine and seat is not None and phase == "place":
            if not (view.available[seat] >> self.architect) & 1:
                self.architect = next(n for n in range(1, 5) if (view.available[seat] >> n) & 1)
        legal = [a for actions in self.board_actions.values() for a in actions]
        placing = mine and phase == "place"
        if placing and self._slot_snapped_at != len(self.table.log):
            # Each turn starts with the cursor on an open slot (nearest the last one used),
            # once the board's moves are this turn's (a move chosen in the list redraws the
            # board before they are).
            open_slots = {SLOT_INDEX[a.slot] for a in legal if isinstance(a, Place)}
            if open_slots:
                self._slot_snapped_at = len(self.table.log)
                self.slot_cursor = min(open_slots, key=lambda s: (s - self._last_slot) % NUM_SLOTS)
        site = render_site(view, width)
        slot = self.slot_cursor
        if placing:
            for action in legal:
                if isinstance(action, Place) and action.architect == self.architect:
                    site.mark(*slot_cell(SLOT_INDEX[action.slot], width), "target")
            if slot >= 0:
                self._last_slot = slot
                site.mark(*site_cell(SLOT_TARGET[slot][self.architect], width), "aim")
        if slot >= 0:
            site.mark(*slot_cell(slot, width), "cursor")
        placed, self._built = self._last_turn_marks(view)
        for flash_slot, flash_square in placed:
            site.mark(*slot_cell(flash_slot, width), "flash")
            site.mark(*site_cell(flash_square, width), "flash")
        self.query_one("#qp-site", BoardPicture).show(site)
        # (the round: the status line leaves the progress out where it needs the row)
        self.show_detail("#qp-site-title", template("Construction site · round $round/4", round=max(view.round, 1)))
        acting = self.table.to_act()
        turn = (view.round, view.turn)
        if turn != self._turn_shown and not self._holding_city:
            # Each turn opens on the city of the player to move (a bot's or your own).
            self._turn_shown = turn
            if acting:
                self.shown_city = acting[0]
        building = mine and phase == "build" and seat is not None
        if building:
            self.shown_city = seat  # while you build, your own city is the one shown
        shown = self.shown_city if self.shown_city is not None else (seat if seat is not None else 0)
        if building and self._snapped_at != len(self.table.log):
            # Start each build on a legal square (found playing: a Place chosen in the list
            # left the cursor on a slot); afterwards the cursor goes where it is moved.
            squares = {(a.row - 1) * CITY + (a.col - 1) for a in legal if isinstance(a, Build)}
            if squares:
                self._snapped_at = len(self.table.log)
                if self.city_cursor not in squares:
                    self.city_cursor = min(squares)
        if self.all_cities:
            for index in range(len(self.table.seats)):
                self._draw_city(view, index, f"#qp-city-{index}", f"#qp-city-title-{index}",
                                building and index == seat, index == seat, "")
        else:
            self._draw_city(view, shown, "#qp-city", "#qp-city-title", building, shown == seat,
                            "" if shown == seat else " [dim](tab)[/]")
        self._reserve_hint(view, mine)
        self.show_detail("#qp-hint", self._hint(view, mine))
        codes_shown = self.has_class("-tall") or self.has_class("-wide")  # (see quadropolis.tcss)
        self.query_one("#qp-legend", Legend).set_entries(
            legend_entries(width) + ([] if codes_shown else [template("[dim]? help: the other codes[/]")]))
        if not codes_shown:  # (80x24: only where the detail leaves it the rows)
            self.fit_legend("#qp-legend", "#qp-hint", self._board_rows())

    def _draw_city(self, view: State, index: int, picture: str, title: str, marked: bool,
                   yours: bool, suffix: str) -> None:
        """Draw the city of seat ``index`` and its title (``marked``: the cursor and targets)."""
        width = self.cell_width
        city = render_city(view, index, width)
        if marked:  # (the board's places are the site's while placing: not marked here)
            top, left = self._city_offset()
            for row, col in self.board_actions:
                city.mark(row - top, col - left, "target")
        for square in self._built.get(index, []):
            city.mark(*city_cell(square, width), "flash")
        if self.city_cursor >= 0 and index == self._square_city():
            city.mark(*city_cell(self.city_cursor, width), "cursor")
        self.query_one(picture, BoardPicture).show(city)
        self.show_detail(title, Content.assemble(
            "City of ", player_tag(index, self.table.seats[index].name), ": ", _pools(view, index),
            template(" · [b]Mayor[/]") if view.mayor == index else "",
            template(" [dim](you)[/]") if yours and self.all_cities else "",
            template(suffix),
        ))

    def _hint(self, view: State, mine: bool, place: Hashable = None) -> Content:
        """The detail under the board: what is at ``place`` (a target's key, ("slot", n) or
        ("square", n); default: the cursor's) and what Enter does there — the building the
        Architect takes from a slot, what stands on a square and what building there does —
        and (on tall screens; the key bar has them too) a line of the keys."""
        if not mine or self.viewer is None:
            return Content()
        if place is None:
            target = self.board_cursor.current
            place = target.key if target is not None else None
        kind, index = place if isinstance(place, tuple) else ("", -1)
        tall = self.has_class("-tall")
        placing = view.phase == "place"
        if placing:
            line = template("[dim]1–4 architect · arrows move · enter takes[/]")
        else:
            line = template("[dim]row/col $n · enter builds · d discards[/]", n=view.pending_architect)
        keys = Content("\n") + line if tall else Content()
        if kind == "slot":
            return self._slot_hint(view, index) + keys
        if kind == "square":
            if placing:
                seat = self._square_city()
                whose = "your" if seat == self.viewer else f"{self.table.seats[seat].name}'s"
                return template("[b]$where[/] of $whose city: $what", where=square_name(index), whose=whose,
                                what=built_text(view, seat, index)) + keys
            row, col = divmod(index, CITY)
            return self._build_preview(view, row + 1, col + 1) + keys
        if placing:
            return line if tall else Content()
        return template("Architect $n: row/column $n or a green square", n=view.pending_architect) + keys

    def _slot_hint(self, view: State, slot: int) -> Content:
        """A slot: why it is closed, or the move there as the list says it and what the
        Architect takes ("Architect 2→E1: Harbor — takes it: gives 1 inhabitant and 1
        energy"), and why it may not go there."""
        closed = slot_closed(view, slot)
        if closed:
            return plain(closed)
        if view.phase != "place" or self.viewer is None:
            return template("[b]$slot[/] is open · now build the $tile in your city (or d discards it)",
                            slot=SLOT_NAMES[slot], tile=TILES[view.pending].name if view.pending >= 0 else "tile")
        target = SLOT_TARGET[slot][self.architect]
        tile = view.site[target]
        if tile >= 0:
            gets = f"takes it: {tile_gives(tile)}"
        else:
            gets = "a face-down tile: takes nothing" if view.face_down[target] >= 0 else "an empty square: takes nothing"
        text = Content.assemble(
            template("[b]$label[/] — ", label=self._place_label(view, self.architect, SLOT_NAMES[slot])), plain(gets))
        reason = self.game.why_illegal(view, self.viewer, Place(self.architect, SLOT_NAMES[slot]))
        return text + template("\n[$error]$reason[/]", reason=reason) if reason else text

    def _reserve_hint(self, view: State, mine: bool) -> None:
        """Give the hint the rows of its tallest text over the places the cursor can visit
        (every slot and square), once per turn, Architect, city in view and size: an arrow
        then never lays the screen out again."""
        hint = self.query_one("#qp-hint", Static)
        key = (self.moves_made(), view.phase, mine, self.architect, self._square_city(), self.size,
               self.has_class("-tall"))
        if key == self._reserved_for or not hint.content_region.width:
            return
        self._reserved_for = key
        self.reserve_detail("#qp-hint", [self._hint(view, mine, target.key) for target in self.board_cursor.targets]
                            or [Content()])

    def _board_rows(self) -> int:
        """Rows of the board column above the detail: the site and the city with their titles."""
        panes = self.query_one("#qp-panes")
        return panes.outer_size.height

    def _build_preview(self, view: State, row: int, col: int) -> Content:
        """The build on (row, col) as the list says it, and what it does to the viewer's score
        if the game ended now ("Row 1, col 4: floor 2 on the Tower Block, 1 floor · VP if it
        ended now 12 → 15"), with the reason when a penalty for unused inhabitants or energy changes ("0 → -3 (3
        inhabitants unused: -1 each)"), or why it may not go there."""
        seat = self.viewer
        assert seat is not None
        key = (tuple(entry.action for entry in self.table.log), seat)
        if self._previews[0] != key:
            self._previews = (key, {})
        known = self._previews[1]
        if (row, col) in known:
            return known[(row, col)]
        square = (row - 1) * CITY + col - 1
        built = built_text(view, seat, square)
        on = "" if built == "empty" else f" ({built})"
        try:
            after = self.game.apply(view, seat, Build(row, col))  # views are states; apply is pure
        except IllegalAction as exc:
            text = template("[b]Row $row, col $col[/]$on: [$error]$reason[/]", row=row, col=col, on=on,
                            reason=exc.reason)
        else:
            before = self.game.standings(view).projected[seat]
            now = self.game.standings(after).projected[seat]
            label = self._build_label(view, Build(row, col))
            text = template("[b]$label[/]$on · VP if it ended now $before → [b]$now[/]", label=label,
                            on=f" on the {built}" if on else "", before=before, now=now)
            note = penalty_note(view, after, seat)
            if note:
                text += template(" ($note)", note=note)
        known[(row, col)] = text
        return text

    def place_card(self, view: State) -> CardText | None:
        """The slot under the cursor (the building its Architect reaches) or the city square
        (what is built there and, while you build, what building there does)."""
        target = self.board_cursor.current
        if target is None or not isinstance(target.key, tuple):
            return None
        kind, index = target.key
        if kind == "slot":
            choosing = self._my_turn(view) and view.phase == "place"
            return slot_card(view, index, self.architect if choosing else 0, self.viewer)
        seat = self._square_city()
        whose = "your" if seat == self.viewer else f"{self.table.seats[seat].name}'s"
        building = view.phase == "build" and self._my_turn(view) and seat == self.viewer
        row, col = divmod(index, CITY)
        return square_card(view, seat, index, whose, self._build_preview(view, row + 1, col + 1) if building else Content())

    def private_text(self, view: State) -> Content:
        """The viewing player's pools, Architects left and tile in hand."""
        seat = self.viewer
        if seat is None:
            return Content()
        left = " ".join(str(n) for n in range(1, 5) if (view.available[seat] >> n) & 1) or "none"
        text = Content.assemble("You: ", _pools(view, seat), template("\nArchitects: $left", left=left))
        if view.phase == "build" and view.pending >= 0 and seat in self.table.to_act():
            text += template("\nIn hand: [b]$tile[/]", tile=TILES[view.pending].name)
        return text

    def scoreboard_extra(self, view: State) -> dict[int, Content]:
        """Name the Mayor."""
        return {view.mayor: template("[b]Mayor[/]")}

    def show_bot_move(self, seat: int, action: Hashable) -> None:
        """After another player's build, show their city with it for a moment, then the city
        of the player to move (the build stays marked there until your next move)."""
        if isinstance(action, Build):
            self.shown_city = seat
            self._holding_city = True
            self.set_timer(1.2, self._release_city)

    def _release_city(self) -> None:
        if self._holding_city and self.app.screen is not self:
            # A panel is over the board (i, ?): the city it was opened on stays until the
            # board is back, and a moment after (the board looks as it was left).
            self._release_when_back = True
            return
        if self._holding_city:
            self._holding_city = False
            self._turn_shown = None
            if self.is_attached:
                self.update_board(self.current_view())

    @on(events.ScreenResume)
    def _back_on_board(self, event: events.ScreenResume) -> None:
        """The board is shown again: a bot's city held while a panel covered it stays a
        moment more, then the turn's city is shown."""
        if self._release_when_back:
            self._release_when_back = False
            self.set_timer(1.2, self._release_city)

    def action_label(self, action: Hashable, view: State) -> str:
        """Labels short enough for the list at 80x24, leading with what tells the moves
        apart: "Architect 2→E1: Harbor" (no space around the arrow: rows that share two
        words would be shortened to what follows them, "…E1: Harbor", the Architect lost),
        a build by its square, "Row 3, col 2: Shop" or "Row 1, col 4: floor 2" (the tile in
        hand is the prompt's; the log keeps "Build the Shop at row 3, col 2")."""
        if isinstance(action, Place) and view.phase == "place" and action.slot in SLOT_INDEX:
            return self._place_label(view, action.architect, action.slot)
        if isinstance(action, Build) and view.phase == "build" and view.pending >= 0 and self.viewer is not None:
            return self._build_label(view, action)
        return super().action_label(action, view)

    def _place_label(self, view: State, architect: int, slot: str) -> str:
        square = SLOT_TARGET[SLOT_INDEX[slot]][architect]
        tile = view.site[square]
        what = tile_name(tile) if tile >= 0 else "face-down" if view.face_down[square] >= 0 else "nothing"
        return f"Architect {architect}→{slot}: {what}"

    def _build_label(self, view: State, action: Build) -> str:
        height = view.height(self.viewer if self.viewer is not None else 0, (action.row - 1) * CITY + action.col - 1)
        what = f"floor {height + 1}" if height else TILES[view.pending].name
        return f"Row {action.row}, col {action.col}: {what}"

    def move_preview(self, action: Hashable, view: State) -> Content:
        """A move highlighted in the list is told as the detail tells its place: the
        building the Architect takes, or the build's preview."""
        if isinstance(action, (Place, Build)) and self._my_turn(view):
            return self._hint(view, True)
        return super().move_preview(action, view)

    def show_on_board(self, action: Hashable, view: State) -> bool:
        """A move highlighted in the list shows on the board: the Architect's slot and the
        square it takes, or the square the building would go on."""
        before = (self.architect, self.slot_cursor, self.city_cursor)
        if isinstance(action, Place):
            self.architect, self.slot_cursor = action.architect, SLOT_INDEX[action.slot]
        elif isinstance(action, Build):
            self.city_cursor = (action.row - 1) * CITY + (action.col - 1)
        return (self.architect, self.slot_cursor, self.city_cursor) != before

    def _last_turn_marks(self, view: State) -> tuple[list[tuple[int, int]], dict[int, list[int]]]:
        """The last turn's places: (slot, site square) of each Architect placed (while it
        stands there: a new round clears the site), and the squares built on in each city."""
        placed: list[tuple[int, int]] = []
        built: dict[int, list[int]] = {}
        for entry in self.recent_moves():
            action = entry.action
            if isinstance(action, Place) and view.architect_on(action.slot) == (entry.seat, action.architect):
                slot = SLOT_INDEX[action.slot]
                placed.append((slot, SLOT_TARGET[slot][action.architect]))
            elif isinstance(action, Build):
                built.setdefault(entry.seat, []).append((action.row - 1) * CITY + (action.col - 1))
        return placed, built

    def game_over_extra(self) -> Content:
        """Where each player's Inhabitants and Energy went in the best allocation."""
        view = self.table.view(None)
        lines = [template("[b]Where the resources went[/] (the best allocation is chosen for you)")]
        for seat in self.table.seats:
            i = seat.index
            alloc = allocate(view.codes[i], view.inhabitants[i], view.energy[i],
                             view.adjacency_needs_activation)
            customers = sum(n for _, n in alloc.customers)
            parks = sum(n for _, n in alloc.park_energy)
            lines.append(Content.assemble(player_tag(i, seat.name), plain(
                f": {view.inhabitants[i]} inhabitants → "
                f"{len(alloc.inhabitant_on)} activate {_squares(alloc.inhabitant_on)}, "
                f"{customers} shop customers, {alloc.unused_inhabitants} unused · "
                f"{view.energy[i]} energy → {len(alloc.energy_on)} activate "
                f"{_squares(alloc.energy_on)}, {parks} in parks, {alloc.unused_energy} unused"
            )))
        return Content("\n").join(lines)

    # --- keyboard flow ------------------------------------------------------------------
    def _view_if_my_turn(self) -> State | None:
        view = self.current_view()
        return view if self._my_turn(view) else None

    # --- the board's keys (messages from QuadropolisBoard) ----------------------------------
    def board_move(self, direction: str) -> None:
        """Arrows move over the slots or your city (which is shown again while building)."""
        view = self._view_if_my_turn()
        if view is not None and view.phase == "build":
            self.shown_city = self.viewer
        super().board_move(direction)

    def board_choose(self) -> None:
        """Enter takes at the slot or builds on the square."""
        self.confirm()

    @on(QuadropolisBoard.ArchitectChosen)
    def _architect_chosen(self, event: QuadropolisBoard.ArchitectChosen) -> None:
        self.choose_architect(event.number)

    @on(QuadropolisBoard.Discarded)
    def _discarded(self) -> None:
        self.discard()

    @on(QuadropolisBoard.CityCycled)
    def _city_cycled(self, event: QuadropolisBoard.CityCycled) -> None:
        self.cycle_city(event.step)

    def choose_architect(self, number: int) -> None:
        """Pick Architect ``number`` (only in the placing step)."""
        view = self._view_if_my_turn()
        if view is None or view.phase != "place" or self.viewer is None:
            return
        if not (view.available[self.viewer] >> number) & 1:
            notify(self, f"Architect {number} is already on the board this round.", severity="warning")
            return
        self.architect = number
        self.update_board(view)

    def confirm(self) -> None:
        """Enter: take at the highlighted slot, or build on the highlighted square (a place
        of the other step says what to do first)."""
        view = self._view_if_my_turn()
        if view is None:
            return
        if view.phase == "place" and self.slot_cursor >= 0:
            self.submit_action(Place(self.architect, SLOT_NAMES[self.slot_cursor]))
        elif view.phase == "build" and self.city_cursor >= 0:
            row, col = divmod(self.city_cursor, CITY)
            self.shown_city = self.viewer
            self.submit_action(Build(row + 1, col + 1))
        elif view.phase == "place":
            notify(self, "First send an Architect to a slot around the construction site "
                         "(up to the slots); you build what it takes in your city after that.")
        else:
            notify(self, f"Build the {TILES[view.pending].name} on a square of your city first "
                         "(down to your city), or d to discard it.")

    def discard(self) -> None:
        """d: discard the tile in hand."""
        view = self._view_if_my_turn()
        if view is not None and view.phase == "build":
            self.submit_action(Discard())

    def cycle_city(self, step: int) -> None:
        """Tab: show another player's city (not while you build: yours stays in view)."""
        if self.all_cities:
            notify(self, "Every city is in view: Tab switches cities on smaller terminals.")
            return
        view = self._view_if_my_turn()
        if view is not None and view.phase == "build":
            notify(self, "You are building: your own city stays in view. "
                   "Tab shows the other cities while you choose a slot.", severity="warning")
            return
        current_view = self.current_view()
        if self._holding_city:  # the player looks elsewhere: no switch when the flash ends
            self._holding_city = False
            self._turn_shown = (current_view.round, current_view.turn)
        count = len(self.table.seats)
        current = self.shown_city if self.shown_city is not None else (self.viewer or 0)
        self.shown_city = (current + step) % count
        self.update_board(current_view)


def _pools(view: State, seat: int) -> Content:
    """A seat's inhabitants and energy, the numbers in their colours ("5 inhabitants, 3
    energy"): ``pools_line`` is markup of our own holding numbers only."""
    return template(pools_line(view, seat))


def _squares(squares: tuple[tuple[int, int], ...]) -> str:
    return "(" + " ".join(f"{r},{c}" for r, c in squares) + ")" if squares else ""
