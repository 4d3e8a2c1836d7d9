"""What the El Grande card viewer (``i``) and detail line say of a place: a region (its
values for 1st/2nd/3rd from ``seeds/elgrande/board.toml``, a mobile scoreboard on it, the
caballeros of each player, the Grandes and the King), the Castillo, an action card (its
whole text from ``seeds/elgrande/cards.toml`` and the caballeros it lets its taker place)
and a power card. Pure functions of a view.
"""

from __future__ import annotations

from textual.content import Content

from core.elgrande import scoring
from core.elgrande.content import ADJACENT, BOARD, CARDS, CASTILLO, REGIONS, SETUP
from core.elgrande.state import State
from core.words import counted
from tui.screens.card_viewer import CardText
from tui.text import paragraphs, template
from tui.widgets.players import player_tag

KING = "♚"
GRANDE = "♜"


def places(values: tuple[int, int, int]) -> str:
    """ "1st 4, 2nd 2, 3rd 0"."""
    return ", ".join(f"{place} {value}" for place, value in zip(("1st", "2nd", "3rd"), values))


def scoreboard_on(view: State, region: int) -> str:
    """The name of the mobile scoreboard lying on ``region`` ("8/4/0 scoreboard"), or ""."""
    for board, where in enumerate(view.scoreboards):
        if where == region:
            return BOARD.scoreboard_names[board]
    return ""


def region_values_text(view: State, region: int) -> str:
    """ "1st 4, 2nd 2, 3rd 0", with the mobile scoreboard that sets them."""
    board = scoreboard_on(view, region)
    return places(view.region_values(region)) + (f" (the {board} lies here)" if board else "")


def caballeros_line(view: State, region: int) -> Content:
    """Each player's caballeros in ``region`` and their Grande: "caballeros: A Ada 2 +
    Grande ♜, B Brook 1" (the map's "A2♜ B1" in words; with more than three players by
    their letters only, "A 2 + Grande ♜, B 1"), or "no caballeros"."""
    parts = []
    for seat, name in enumerate(view.names):
        count = view.board[region][seat]
        grande = view.grandes[seat] == region
        if count or grande:
            tag = player_tag(seat, name) if len(view.names) <= 3 else player_tag(seat)  # (one row)
            parts.append(Content.assemble(tag, f" {count}" + (f" + Grande {GRANDE}" if grande else "")))
    return Content.assemble("caballeros: ", Content(", ").join(parts)) if parts else paragraphs("no caballeros")


def castillo_line(view: State) -> Content:
    """Each player's caballeros in the Castillo ("caballeros inside: A Ada 3, B Brook 2"), or
    that it is empty, or that they are hidden."""
    totals = view.castillo_totals()
    if totals is None:
        return paragraphs("what is inside is hidden (the log lists each insertion)")
    parts = [Content.assemble(player_tag(seat, name) if len(view.names) <= 3 else player_tag(seat), f" {totals[seat]}")
             for seat, name in enumerate(view.names) if totals[seat]]
    return Content.assemble("caballeros inside: ", Content(", ").join(parts)) if parts else paragraphs("empty")


def _standing(view: State, areas: list[int]) -> str:
    """ "If it were scored now: Ada 6, Brook 2" (bonuses in), or "" when nobody scores or it
    cannot be told (a hidden Castillo)."""
    gains = scoring.gains(view, areas)
    if gains is None:
        return ""
    ranked = sorted((-points, seat) for seat, points in enumerate(gains) if points)
    if not ranked:
        return "If it were scored now, nobody would score."
    return "If it were scored now: " + ", ".join(f"{view.names[seat]} {-points}" for points, seat in ranked) + "."


def region_card(view: State, region: int) -> CardText:
    """A region: its values, neighbours and bonuses; who has caballeros there, the Grandes,
    the King, and what scoring it now would give."""
    info = REGIONS[region]
    title = f"{info.name} ({info.short})" + (f" · {info.english}" if info.english != info.name else "")
    neighbours = ", ".join(REGIONS[other].name for other in ADJACENT[region])
    printed = "/".join(map(str, info.values))
    text = (f"Scores {region_values_text(view, region)} points for the most caballeros there "
            f"(printed on the board: {printed}). Tied players drop one place and take that value.\n"
            f"A sole leader gets +{BOARD.king_bonus} while the King is here and +{BOARD.grande_bonus} "
            "while their own Grande is here.\n"
            f"Next to: {neighbours}.")
    lines = [caballeros_line(view, region)]
    if view.king == region:
        lines.append(paragraphs(f"The King {KING} is here: nothing may be placed, moved or removed here."))
    elif view.king in ADJACENT[region]:
        lines.append(paragraphs(f"Next to the King {KING}: caballeros from the court may be placed here."))
    standing = _standing(view, [region])
    if standing:
        lines.append(paragraphs(standing))
    return CardText(title, paragraphs(text), Content("\n").join(lines))


def castillo_card(view: State) -> CardText:
    """The Castillo: how it scores and empties, and who is inside."""
    values = places(BOARD.castillo_values)
    text = (f"Scores {values} points at each general scoring (after rounds "
            f"{', '.join(map(str, SETUP.general_scoring_after))}). Caballeros go in when placed or moved there and "
            "come out only then: each player secretly picks a region on a disk, and their caballeros "
            "from the Castillo go there before the regions are scored.")
    lines = [castillo_line(view)]
    standing = _standing(view, [CASTILLO])
    if standing:
        lines.append(paragraphs(standing))
    return CardText(f"{BOARD.castillo_name} ({BOARD.castillo_short})", paragraphs(text), Content("\n").join(lines))


def action_card(view: State, card: int, stack: int, takes: bool) -> CardText:
    """An action card of the round: its whole text and how many caballeros its taker places
    (``takes``: the viewer can take it now)."""
    info = CARDS[card]
    text = (f"{info.text}\n"
            f"Stack {stack}: its taker may place up to {counted(info.stack, 'caballero')} from their court "
            "in regions next to the King or in the Castillo, before or after the action (never both "
            "mixed).")
    state = "Enter takes it." if takes else "Still face up this round."
    return CardText(info.name, paragraphs(text), paragraphs(state))


def taken_card(stack: int) -> CardText:
    """A stack whose card was taken this round."""
    return CardText(f"Stack {stack}: taken", paragraphs(
        f"Its action card was taken this round. A new stack-{stack} card is turned face up next round "
        "(stack 5 always holds the King's card)."))


def power_card(view: State, value: int, seat: int | None) -> CardText:
    """A power card in the viewer's hand: the caballeros it brings and when it plays."""
    count = BOARD.power_caballeros[value]
    text = (f"Play it when power cards are played: the highest card takes its turn first, and a value "
            f"someone already played this round cannot be played. Its turn brings up to "
            f"{counted(count, 'caballero')} from the provinces to the court. A played card does not "
            "come back to the hand (only the “Power cards” action card brings one back).")
    others = [Content.assemble(player_tag(s, view.names[s]), " ", hand_text(view, s))
              for s in range(len(view.names)) if s != seat]
    lines = [Content.assemble("Their power cards still in hand: ", Content(" · ").join(others))] if others else []
    if seat is not None:
        lines.insert(0, template("Yours: $hand", hand=hand_text(view, seat)))
    return CardText(f"Power card {value}", paragraphs(text), Content("\n").join(lines))


def hand_text(view: State, seat: int) -> str:
    """``seat``'s power cards surely in hand, runs shortened (``1-6 8 9 11-13``), and
    ``+1?`` for each card taken back unseen (public: power cards are played face up)."""
    values = view.hand_known(seat)
    runs: list[list[int]] = []
    for value in values:
        if runs and runs[-1][-1] == value - 1:
            runs[-1].append(value)
        else:
            runs.append([value])
    words = [f"{run[0]}-{run[-1]}" if len(run) > 2 else " ".join(map(str, run)) for run in runs]
    unknown = view.hand_unknown(seat)
    if unknown:
        words.append(f"+{unknown}?")
    return " ".join(words) or "none"
