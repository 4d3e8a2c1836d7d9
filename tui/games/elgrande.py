"""The El Grande screen: the region map of Spain, the Castillo, action cards, power cards.

The board uses the shared cursor: arrows move between regions (and the Castillo), the five
action cards and your power cards wherever a move can be made; Enter plays it, or lists the
moves there when there are several. Where the move at hand can go, a region's title starts
with ► (next to the King) or ▻ (elsewhere, as a card allows; the Castillo too), so the map
tells it without colour; the detail line and the help name these marks. A Veto question and
the secret disk are asked in the status line and the move list; in hot-seat games a curtain
hides hands between players. A move that ends the placing early says how many caballeros it
leaves unplaced; a bot's Veto of your step comes as a notification (and your next prompt
in that turn starts with it, whoever vetoed).
"""

from __future__ import annotations

import textwrap
from typing import Any, Hashable

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from core.elgrande import veto_prompt
from core.elgrande import scoring
from core.elgrande.actions import Court, Disk, King, Place, PlaceExtra, Power, Score, SpecialGo, Take, Veto
from core.elgrande.content import ADJACENT, BOARD, CARDS, CASTILLO, REGIONS, SETUP
from core.elgrande.state import State
from core.elgrande.text import unplaced_note, vetoed_notice
from core.table import LogEntry
from tui.games.elgrande_render import (
    ELSEWHERE,
    KING,
    NEAR_KING,
    layout,
    map_size,
    power_position,
    region_anchor,
    render_board,
    target_glyph,
)
from tui.games.elgrande_cards import (
    action_card,
    caballeros_line,
    castillo_card,
    castillo_line,
    hand_text,
    power_card,
    region_card,
    region_values_text,
    taken_card,
)
from tui.games.places import start_on_moves
from tui.games.status_row import OneStatusRow, status_rows
from tui.screens.card_viewer import CardText
from tui.text import notify, template
from tui.widgets.board import BoardView
from tui.widgets.cursor import Target
from tui.widgets.picture import BoardPicture, Parts
from tui.widgets.players import player_tag

REGION_FIELDS = ("dest", "region", "source", "area")


def _caballeros(count: int) -> str:
    return f"{count} caballero" if count == 1 else f"{count} caballeros"


def veto_text(view: State, seat: int) -> str:
    """``seat``'s live Vetos and until when they last (``veto to end of round 5``), or "".

    A Veto lasts until the end of the next round played; one taken in the last round
    lasts to the game's end.
    """
    ends = sorted(expiry for holder, expiry in view.vetoes if holder == seat)
    if not ends:
        return ""
    what = "veto" if len(ends) == 1 else f"{len(ends)} vetos"
    until = [f"end of round {e}" if e <= SETUP.rounds else "the game's end" for e in dict.fromkeys(ends)]
    return f"{what} to {', '.join(until)}"


class ElGrandeScreen(OneStatusRow):
    """Game screen of El Grande."""

    CSS_PATH = ["../screens/game.tcss", "elgrande.tcss"]
    HELP_TITLE = "El Grande"
    USES_BOARD_CURSOR = True
    PRIVATE_IN_SCOREBOARD = True
    DETAIL_LINE = "#eg-detail"
    HELP_KEYS = [
        ("arrows", "Move between regions, the Castillo, action cards and power cards"),
        ("enter", "Play the move there, or list the moves there"),
        ("m", "Jump to the move list (type to filter)"),
        ("map", "GA 4/2/0: region and its 1st/2nd/3rd points · A3: player A has 3 caballeros"),
        ("map", "A3♜: player A's Grande is there too · ♚ the King"),
        ("map", f"{NEAR_KING} before a region: a caballero can be placed there, next to the King · "
                f"{ELSEWHERE} before a region or the Castillo: your move can go there (other "
                "places a card allows; the King's, a disk's or a scoring's choices)"),
        ("hand", "others' power cards still in hand (1-6: 1 to 6; +1?: one taken back unseen), "
                 "on the scoreboard when tall and with the cursor on your power cards"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._move_places: frozenset[tuple[int, int]] = frozenset()  # where the last moves were
        self._reserved_for: tuple[Any, ...] = ()  # the places the detail line's rows fit
        self._room_drawn = -1  # the detail's room when the board was last drawn

    def compose_board(self) -> ComposeResult:
        with BoardView(id="eg-board"):
            yield BoardPicture(id="eg-picture")
            yield Static("", id="eg-detail")

    def on_mount(self) -> None:
        self.focus_mounted_board("#eg-board")

    @property
    def cell(self) -> tuple[int, int]:
        """Map cell width and height for the terminal size."""
        return (16, 5) if self.has_class("-wide") and self.has_class("-tall") else (11, 3)

    @property
    def compact(self) -> bool:
        """At 80x24 the Castillo shares the fifth card's row, so the detail gets two."""
        return not self.has_class("-tall")

    def _rows(self) -> tuple[tuple[int, int], int, int]:
        """Picture (row, col) of the Castillo line, the first card row and the power row."""
        return layout(*self.cell, self.compact)

    # --- where moves are --------------------------------------------------------------------
    def board_position(self, action: Hashable, view: State) -> tuple[int, int] | None:
        """Regions, the Castillo, the action cards and the power cards."""
        castillo, first_card, power_row = self._rows()
        if isinstance(action, Power):
            return power_position(power_row, action.value)
        if isinstance(action, Take):
            return (first_card + action.stack - 1, 0)
        for name in REGION_FIELDS:
            value = getattr(action, name, None)
            if isinstance(value, int) and not isinstance(value, bool):
                if 0 <= value < len(REGIONS):
                    return region_anchor(value, *self.cell)
                if value == CASTILLO:
                    return castillo
        return None

    def action_label(self, action: Hashable, view: State) -> str:
        """A placement leads with its region (at 80x24 the list cuts each row: "Place a
        caballero in Castill…" was the same for both Castillas): "Place in Castilla la Nueva".
        A move that ends the placing unannounced (the special action, or skipping it, after
        the first caballero) says so: "Move the King to Granada — ends placing: 2 not placed"
        (found playing: the King's move lost a newcomer two caballeros without a word)."""
        if isinstance(action, Power):  # ("Play power card 1 (6 caballeros to court)" was cut)
            return f"Power card {action.value}: {_caballeros(BOARD.power_caballeros[action.value])}"
        if isinstance(action, Disk) and 0 <= action.region < len(REGIONS):  # (one row, not two)
            return f"Secret disk: {REGIONS[action.region].name}"
        if isinstance(action, Court):  # (from the provinces: the prompt says so)
            return f"Bring {_caballeros(action.n)} to the court"
        text = self._move_text(action, view)
        note = unplaced_note(view, action)
        return f"{text} — {note}" if note else text

    def move_preview(self, action: Hashable, view: State) -> Content:
        """The move whole, as in the list, with what it costs the placing in warning colours."""
        note = unplaced_note(view, action)
        if not note:
            return super().move_preview(action, view)
        return template("$move — [b $warning]$note[/]", move=self._move_text(action, view), note=note)

    def _move_text(self, action: Hashable, view: State) -> str:
        """:meth:`action_label` without what the move does to the placing."""
        text = super().action_label(action, view)
        for kind, lead, short in ((Place, "Place a caballero in ", "Place in "),
                                  (PlaceExtra, "Place an extra court caballero in ", "Extra one in ")):
            if isinstance(action, kind) and text.startswith(lead):
                return short + text[len(lead):]
        gains = self.scoring_gains(action, view)
        return f"{text} {gains}" if gains else text

    def scoring_gains(self, action: Hashable, view: State) -> str:
        """What a scoring move gives if made now ("→ you 5, Bea 3"; "" for other moves): a
        chosen region's scoring, or a scoring card's special action."""
        if isinstance(action, Score):
            areas, first_only = [action.area], False
        elif isinstance(action, SpecialGo) and 0 <= view.card < len(CARDS):
            scored = scoring.card_areas(view, view.card)
            if scored is None:
                return ""
            areas, first_only = scored
        else:
            return ""
        gains = scoring.gains(view, areas, first_only)
        if gains is None:
            return "→ the Castillo's caballeros are hidden until it is scored"
        ranked = sorted((-points, seat) for seat, points in enumerate(gains) if points)
        if not ranked:
            return "→ no one scores"
        names = ["you" if seat == self.viewer else view.names[seat] for _, seat in ranked]
        return "→ " + ", ".join(f"{name} {-points}" for (points, _), name in zip(ranked, names))

    def board_targets(self, view: State, groups: dict[tuple[int, int], list[Hashable]]) -> list[Target]:
        """Every place on the board: where a move can be made first, where a caballero can be
        placed first of all (found playing: with the King's card, the cursor began on a region
        only the King could go to, and the first Enter moved him); then the other regions,
        the Castillo, the action cards and your power cards, to look at (the detail line and
        ``i`` describe them). A decision that has just begun starts on a place of its moves."""
        # A new decision (after a bot, a curtain, a step of this one) starts on a place where
        # it can be made, not on a place left under the cursor while looking.
        self._move_places = start_on_moves(self.board_cursor, groups, self._move_places)

        def placing(where: tuple[int, int]) -> bool:
            return any(isinstance(a, (Place, PlaceExtra)) for a in groups.get(where, []))

        moves = sorted(sorted(groups), key=lambda where: not placing(where))
        others = [where for where in self._places(view) if where not in groups]
        return [Target(where, *where) for where in moves + others]

    def _places(self, view: State) -> list[tuple[int, int]]:
        """Where the cursor can look: the regions, the Castillo, the face-up action cards and
        the viewer's power cards."""
        castillo, first_card, power_row = self._rows()
        places = [region_anchor(index, *self.cell) for index in range(len(REGIONS))] + [castillo]
        places += [(first_card + stack - 1, 0) for stack in range(1, 6)]
        if self.viewer is not None:
            places += [power_position(power_row, value) for value in view.hand_values(self.viewer)]
        return places

    def board_choose(self) -> None:
        """Enter on a place where no move can be made now says so (``i`` describes it)."""
        position = self.cursor_position
        if self.board_actions and position is not None and position not in self.board_actions:
            notify(self, "Nothing to do here now: the underlined places take your move (i describes this one).")
            return
        super().board_choose()

    def show_bot_move(self, seat: int, action: Hashable) -> None:
        """A Veto of the viewing player's step is told at once (found playing: a bot's Veto
        of the King's move left only a cut log line; the King just stayed)."""
        if isinstance(action, Veto) and self.viewer is not None:
            notice = vetoed_notice(self.table.view(self.viewer), self.viewer)
            if notice:
                notify(self, notice, title="Veto", severity="warning", timeout=10)

    def last_move_places(self, entry: LogEntry, view: State) -> list[tuple[int, int]]:
        """The others' power cards are not in your row of power cards: their bids show on
        the scoreboard, so only moves on the map and the cards are marked."""
        if isinstance(entry.action, Power):
            return []
        return super().last_move_places(entry, view)

    # --- drawing ----------------------------------------------------------------------------
    def board_room_changed(self) -> None:
        """The detail line's rows are reserved again for the board column's new height."""
        self._reserved_for = ()
        self._redraw_board()

    def update_board(self, view: State) -> None:
        """Redraw the map, Castillo, cards, power cards and the detail line; a detail too
        long for the rows under the board (80x24) is told on a sheet over the map."""
        if not self.is_mounted:
            return
        targets = self.target_areas()
        picture = self.mark_board(render_board(view, self.viewer, *self.cell, self.compact, targets,
                                               self.near_king(view), self.game.progress(view)), view)
        cursor = self.cursor_position
        self._room_drawn = self._detail_room()
        detail, sheet = self._shown_detail(view, cursor)
        if sheet is not None:
            width = len(picture.lines()[0])  # the map's (the power row may be a cell wider)
            rows = self._sheet(*sheet, width)
            _, first_card, power_row = self._rows()
            if self._stack_at(cursor) or cursor == self._rows()[0] or veto_prompt(view):
                top = first_card - len(rows)  # over the map's bottom rows, the cards in view
            else:  # a place on the map: over the cards, the map in view
                top = max(0, min(first_card, power_row + 1 - len(rows)))
            picture.cover(top, rows)
        self.query_one("#eg-picture", BoardPicture).show(picture)
        places = (self.moves_made(), self.viewer, tuple(t.key for t in self.board_cursor.targets),
                  self.query_one("#eg-detail").content_region.width, self._detail_room())
        if places != self._reserved_for:
            # The detail keeps the rows of its tallest text among the places the cursor can
            # visit, so an arrow never lays the screen out again.
            self._reserved_for = places
            self.reserve_detail("#eg-detail", [self._shown_detail(view, (t.row, t.col))[0]
                                               for t in self.board_cursor.targets] or [detail])
        self.show_detail("#eg-detail", detail)

    def refresh_all(self) -> None:
        """Redraw every panel; the board again if the status line now takes another number
        of rows than the board was drawn for (the detail's room under it changed)."""
        super().refresh_all()
        if self.is_mounted and self._detail_room() != self._room_drawn:
            self._redraw_board()

    def _shown_detail(self, view: State, cursor: tuple[int, int] | None) -> tuple[Content, tuple[str, str] | None]:
        """The detail of ``cursor``'s place as the screen shows it, and the (bold lead, rest)
        of the sheet over the map when the whole of it does not fit the rows under the board."""
        question = veto_prompt(view)
        if question:
            text = template("[b $warning]Veto?[/] $question", question=question)
            if self._too_long(text):
                return (template("[b $warning]Veto?[/] The question is over the map (m: Veto or Allow)"),
                        ("Veto?", question))
            return text, None
        text = self._detail(view, cursor)
        if not self._too_long(text):
            return text, None
        card = self._card_at(view, cursor)
        lead = CARDS[card].name if card is not None else text.plain.partition(": ")[0]
        rest = text.plain[len(lead) + 2:]
        if card is not None:
            takes = " · Enter takes it" if cursor in self.board_actions else ""
            pointer = template("[b]$card[/]: its whole text is over the map$takes", card=lead, takes=takes)
        else:
            pointer = template("[b]$lead[/]: told in the box over the cards", lead=lead)
        return pointer, (f"{lead}:", rest)

    def _detail_room(self) -> int:
        """Rows the board column has under the picture for the detail (at 80x24: 3, with a
        one-row status line), for the status line's text now (it may not be laid out yet);
        0 while the screen is not laid out (no limit then)."""
        height = self.query_one("#board").content_region.height
        if not height:
            return 0
        rows = status_rows(self)
        if rows:
            height += self.query_one("#status").size.height - rows
        return max(1, height - self._rows()[2] - 1)

    def target_areas(self) -> set[int]:
        """The regions (and the Castillo, :data:`CASTILLO`) where a move can be made now."""
        areas = {region_anchor(index, *self.cell): index for index in range(len(REGIONS))}
        areas[self._rows()[0]] = CASTILLO
        return {areas[where] for where in self.board_actions if where in areas}

    def _area_actions(self, area: int) -> list[Hashable]:
        where = self._rows()[0] if area == CASTILLO else region_anchor(area, *self.cell)
        return self.board_actions.get(where, [])

    def near_king(self, view: State) -> set[int]:
        """The regions where a caballero can be placed next to the King now (marked ►)."""
        return {area for area in self.target_areas()
                if area != CASTILLO and area in ADJACENT[view.king]
                and any(isinstance(action, (Place, PlaceExtra)) for action in self._area_actions(area))}

    def target_hint(self, view: State, area: int) -> str:
        """What the glyph before ``area``'s title says ("" when no move can go there)."""
        if area not in self.target_areas():
            return ""
        glyph = target_glyph(view, area, self.near_king(view))
        actions = self._area_actions(area)
        place = any(isinstance(action, (Place, PlaceExtra)) for action in actions)
        king = any(isinstance(action, King) for action in actions)
        also = "; so can the King" if place and king else ""
        if glyph == NEAR_KING:
            return f"{glyph} next to the King {KING}: a caballero can go here{also}"
        if place:
            where = "" if area == CASTILLO else ", though not next to the King"
            return f"{glyph} a caballero can go here{where}{also}"
        # Only the special action goes here: say if taking it now ends the placing.
        note = next((text for action in actions if (text := unplaced_note(view, action))), "")
        cost = f" — {note}" if note else ""
        if king:
            return f"{glyph} the King can go here{cost}"
        return f"{glyph} your move can go here{cost}"

    def _detail(self, view: State, cursor: tuple[int, int] | None) -> Content:
        """What the detail says of the place under the cursor: a region's values, who has
        caballeros there and whether the move at hand can go there (what its mark means); the
        Castillo's; an action card's text; a power card's caballeros and the others' hands."""
        if cursor is None:
            return Content()
        for index in range(len(REGIONS)):
            if region_anchor(index, *self.cell) == cursor:
                text = Content.assemble(
                    template("[b]$short $region[/]: $values", region=REGIONS[index].name,
                             short=REGIONS[index].short, values=region_values_text(view, index)),
                    template(" · King $king", king=KING) if view.king == index else "",
                    "\n", caballeros_line(view, index))
                hint = self.target_hint(view, index)
                return text + template("\n$hint", hint=hint) if hint else text
        if cursor == self._rows()[0]:
            values = ", ".join(f"{p} {v}" for p, v in zip(("1st", "2nd", "3rd"), BOARD.castillo_values))
            text = Content.assemble(template("[b]Castillo[/]: $values at each scoring\n", values=values),
                                    castillo_line(view))
            hint = self.target_hint(view, CASTILLO)
            return text + template("\n$hint", hint=hint) if hint else text
        if cursor[0] == self._rows()[2]:
            return self._power_detail(view, cursor)
        card = self._card_at(view, cursor)
        if card is not None:
            return template("[b]$card[/]: $text (places up to $count)", card=CARDS[card].name,
                            text=CARDS[card].text, count=_caballeros(CARDS[card].stack))
        stack = self._stack_at(cursor)
        if stack:
            return template("[b]Stack $stack[/] (—): its card was taken this round", stack=stack)
        return Content()

    def _stack_at(self, cursor: tuple[int, int] | None) -> int:
        """The action card stack (1-5) whose row is under the cursor, or 0."""
        first_card = self._rows()[1]
        if cursor is None or not (first_card <= cursor[0] < first_card + 5 and cursor[1] == 0):
            return 0
        return cursor[0] - first_card + 1

    def _card_at(self, view: State, cursor: tuple[int, int] | None) -> int | None:
        """The face-up action card under the cursor, or None."""
        return dict(view.face_up_cards()).get(self._stack_at(cursor))

    def _too_long(self, text: Content) -> bool:
        """Whether ``text`` needs more rows than the board column has under the picture
        (at 80x24 only; larger screens have room)."""
        detail = self.query_one("#eg-detail", Static)
        width = detail.content_region.width
        room = self._detail_room()
        return self.compact and width > 0 and room > 0 and text.get_height(detail.styles.get_rules(), width) > room

    def _sheet(self, lead: str, text: str, width: int) -> list[Parts]:
        """The rows of a sheet ``width`` cells wide telling ``lead`` (bold) and ``text``
        whole, laid over the map's bottom rows just above the cards (the regions there are
        hidden only while it is up)."""
        inner = width - 4
        border = "$accent"
        rows: list[Parts] = [[("┌" + "─" * (width - 2) + "┐", border)]]
        lines = [line for paragraph in f"{lead} {text}".split("\n") for line in textwrap.wrap(paragraph, inner)]
        for index, line in enumerate(lines):
            words = [(lead, "bold"), (line[len(lead):], "")] if index == 0 and line.startswith(lead) else [(line, "")]
            rows.append([("│ ", border), *words, (" " * (inner - len(line)), ""), (" │", border)])
        rows.append([("└" + "─" * (width - 2) + "┘", border)])
        return rows

    def place_card(self, view: State) -> CardText | None:
        """The region, the Castillo, the action card or the power card under the cursor."""
        cursor = self.cursor_position
        if cursor is None:
            return None
        for index in range(len(REGIONS)):
            if region_anchor(index, *self.cell) == cursor:
                return region_card(view, index)
        castillo, first_card, power_row = self._rows()
        if cursor == castillo:
            return castillo_card(view)
        card = self._card_at(view, cursor)
        if card is not None:
            return action_card(view, card, cursor[0] - first_card + 1, cursor in self.board_actions)
        if self._stack_at(cursor):
            return taken_card(self._stack_at(cursor))
        hand = view.hand_values(self.viewer) if self.viewer is not None else []
        value = next((v for v in hand if power_position(power_row, v) == cursor), None)
        return None if value is None else power_card(view, value, self.viewer)

    def _power_detail(self, view: State, cursor: tuple[int, int]) -> Content:
        """A power card under the cursor: its caballeros, and what the others still hold."""
        parts = []
        hand = view.hand_values(self.viewer) if self.viewer is not None else []
        value = next((v for v in hand if power_position(cursor[0], v) == cursor), None)
        if value is not None:
            parts.append(template("[b]Power card $value[/]: brings $count to your court", value=value,
                                  count=_caballeros(BOARD.power_caballeros[value])))
        others = [s for s in range(len(view.names)) if s != self.viewer]
        if others:
            hands = [Content.assemble(player_tag(s), " ", hand_text(view, s)) for s in others]
            parts.append(Content.assemble("still in their hands: ", Content(" · ").join(hands)))
        return Content(" · ").join(parts)

    def private_text(self, view: State) -> Content:
        """Court and provinces of the viewing player."""
        seat = self.viewer
        if seat is None:
            return Content()
        return template("You: court $court · provinces $provinces", court=view.court[seat],
                        provinces=view.provinces[seat])

    def scoreboard_extra(self, view: State) -> dict[int, Content]:
        """Court, provinces and bid of each player, who holds a Veto and until when, and
        (tall screens) the others' power cards in hand."""
        extra = {}
        for seat in range(len(self.table.seats)):
            bid = f" bid {view.bids[seat]}" if view.bids[seat] > 0 else ""
            extra[seat] = template("\n   [dim]court $court prov $provinces$bid[/]", court=view.court[seat],
                                   provinces=view.provinces[seat], bid=bid)
            veto = veto_text(view, seat)
            if veto:
                extra[seat] += template("\n   [$warning]$veto[/]", veto=veto)
            if seat != self.viewer and self.has_class("-tall"):
                extra[seat] += template("\n   [dim]hand $hand[/]", hand=hand_text(view, seat))
        return extra

    def game_over_extra(self) -> Content:
        """Where each player's caballeros stood at the end."""
        view = self.table.view(None)
        lines = [template("[b]Final board[/]")]
        for seat in self.table.seats:
            spots = [f"{REGIONS[r].short}{view.board[r][seat.index]}" for r in range(len(REGIONS))
                     if view.board[r][seat.index]]
            lines.append(template("$name: $spots", name=seat.name,
                                  spots=" ".join(spots) or "no caballeros in regions"))
        return Content("\n").join(lines)

