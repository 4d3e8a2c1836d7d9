"""Settlement's words for the place under the board's cursor: the detail line (short, and
whole at 80x24) and the card viewer's text (``i``: everything the content says of it, and
its state now).

Pure functions of a view and the seats' names; the screen adds what Enter does there. A
place is a :data:`Place`: its kind and which one — ``("field", track position)``,
``("stock", resource)``, ``("rect", rectangle 1..10)``, ``("item", item)``, or one of
``("fate", 0)`` (this round's card), ``("pool", 0)`` (the smiles), ``("losses", 0)``
(what Losses would take) and ``("feed", 0)`` (the next feeding).

Names, costs, effects and fate texts come from the content file
(``seeds/settlement/content.toml``, through :mod:`core.settlement.content`); the words
around them are ours.
"""

from __future__ import annotations

from textual.content import Content

from core.settlement import rules
from core.settlement.content import (
    BP,
    CHARACTER_AT,
    CHARACTERS,
    FATE,
    FATE_FIELD,
    FEED_PER_ROUND,
    FOOD,
    GATES,
    GOODS,
    IRON,
    ITEMS,
    LOSSES_FIELD,
    MAX_TOKENS_PER_ROUND,
    MAYOR_FIELD,
    ORE,
    PYRAMID_ROWS,
    RECTANGLES,
    RESOURCE_SHORT,
    SMELT,
    SMILE_POOL_CAP,
    SMILES_PER_TOKEN,
    STORAGE_CAP,
    TRACK,
    TRADE,
)
from core.settlement.state import State
from core.settlement.text import amount_words, cost_words, item_effect, item_effects, specialty_roll
from tui.games.settlement_render import (
    CAN_BUY,
    CANNOT,
    FIELD_NAMES,
    GATE_LETTERS,
    OWNED,
    PAWN,
    SMILE,
    TOKEN,
    cap_losses,
    feed_outlook,
    food_after_losses,
    income_words,
    missing,
    rot_span,
    rot_words,
)
from tui.screens.card_viewer import CardText
from tui.text import plain, template
from tui.widgets.players import player_tag

Place = tuple[str, int]
"""A place of the board: its kind and which one (see the module docstring)."""

RESOURCE_TITLES = ("Food", "Wood", "Stone", "Ore", "Iron", "Research points (RP)", "Building points (BP)")


# --- small words ---------------------------------------------------------------------------
def holder(seat: int, names: tuple[str, ...]) -> Content:
    """A seat's letter and whole name, or "nobody yet"."""
    if not 0 <= seat < len(names):
        return plain("nobody yet")
    return player_tag(seat, names[seat])


def lines(*parts: Content | str) -> Content:
    """Paragraphs of a card, one a line (strings plain, never markup)."""
    return Content("\n").join(part if isinstance(part, Content) else plain(part) for part in parts if part)


def other_work_words(character: int) -> str:
    """The products ``character``'s other work may make."""
    own = CHARACTERS[character].product
    made = [amount_words(2, r).removeprefix("2 ") if r != IRON else "iron (from 1 ore)"
            for r in range(len(RESOURCE_SHORT)) if r != own]
    return ", ".join(made[:-1]) + " or " + made[-1]


def specialty_rule(character: int) -> str:
    """What a character's specialty does, from its content."""
    spec = CHARACTERS[character]
    if spec.kind == TRADE:
        return ("Specialty: trade. Roll a die; the result is how many goods he may buy in one "
                "trade, paying as many goods of other kinds, plus a tax of 1 good (none with "
                "Coinage or in a round of the Caravan). Goods only: food, wood, stone, ore, iron.")
    if spec.kind == SMELT:
        return (f"Specialty: smelting. Roll a die; he turns that much {RESOURCE_SHORT[spec.source]} into "
                f"{RESOURCE_SHORT[spec.product]} (all the {RESOURCE_SHORT[spec.source]}, if there is less).")
    return (f"Specialty: roll a die; that much {amount_words(2, spec.product).removeprefix('2 ')} "
            "goes into the stock.")


def bonus_sources(character: int) -> str:
    """The buildings and inventions that raise ``character``'s specialty, from content."""
    found = [f"{it.name} +{it.bonus[character]}" for it in ITEMS if it.bonus[character]]
    return ", ".join(found)


# --- the track ----------------------------------------------------------------------------
def field_detail(view: State, pos: int, names: tuple[str, ...], acting: bool) -> Content:
    """A field of the track in one line; ``acting``: the pawn is here and the viewer
    decides (a character's work: Enter's moves are said here; the pawn is not)."""
    fid = TRACK[pos]
    lead = template("[b]$n $name[/]", n=pos + 1, name=FIELD_NAMES[fid])
    character = CHARACTER_AT.get(pos, -1)
    here = view.pos == pos and view.step not in ("pick", "over")
    pawn = plain(f" · the pawn {PAWN} is here") if here and not acting else Content()
    if character >= 0:
        parts = [lead, plain(" · "), holder(view.holder[character], names)]
        if view.step == "pick":
            return Content.assemble(*parts, plain(f" · specialty {specialty_roll(view, character)}"))
        if rules.is_skipped(view, character):
            return Content.assemble(*parts, plain(" · does not work this round (Fever)"))
        if acting and view.step == "work":
            return Content.assemble(*parts, template(
                " · [b]Enter[/]: specialty, $roll · or other work: Enter on a good or point of the "
                "stock makes 1 of it", roll=specialty_roll(view, character)))
        when = ""
        if view.step != "over" and not here:
            when = " · has worked this round" if pos < view.pos else " · works later this round"
        return Content.assemble(*parts, plain(f" · specialty {specialty_roll(view, character)}{when}"), pawn)
    if pos == FATE_FIELD:
        return Content.assemble(fate_detail(view, with_field=True), pawn)
    if pos == MAYOR_FIELD:
        who = holder(view.mayor, names) if view.step != "pick" else plain("not chosen yet")
        return Content.assemble(lead, plain(" · "), who,
                                plain(" · the mayor's shop: buy buildings and inventions here"), pawn)
    assert pos == LOSSES_FIELD
    return Content.assemble(lead, plain(" · " + losses_words(view)), pawn)


def field_card(view: State, pos: int, names: tuple[str, ...]) -> CardText:
    """The viewer's text of a field of the track."""
    fid = TRACK[pos]
    character = CHARACTER_AT.get(pos, -1)
    if character >= 0:
        c = CHARACTERS[character]
        bonuses = bonus_sources(character)
        text = lines(
            f"Field {pos + 1} of the track: when the pawn gets here, the {c.name} works, "
            "once a round. Whoever holds the character chooses how:",
            specialty_rule(character),
            "The result is the roll plus the bonuses that apply, never below 0."
            + (f" Bonuses from: {bonuses}." if bonuses else ""),
            f"Other work instead: make exactly 1 of {other_work_words(character)}. Bonuses never count there.",
        )
        state = [Content.assemble(plain("Held by "), holder(view.holder[character], names), plain("."))]
        if rules.is_skipped(view, character):
            state.append(plain("Fever: does not work this round."))
        else:
            state.append(plain(f"Specialty now: {specialty_roll(view, character)}."))
            if view.step not in ("pick", "over"):
                if view.pos == pos:
                    state.append(plain(f"The pawn {PAWN} is here: this is the {c.name}'s turn."))
                else:
                    state.append(plain("Has worked this round." if pos < view.pos else "Works later this round."))
        return CardText(f"{pos + 1} {c.name} ({c.name_pl})", text, lines(*state))
    if pos == FATE_FIELD:
        return fate_card(view)
    if pos == MAYOR_FIELD:
        text = lines(
            "Field 11 of the track: the mayor's shop. The mayor buys any buildings and inventions "
            "whose whole cost is in the stock, one at a time, then says Done (the shop opens every "
            "round, even when nothing can be bought). Each exists once and works at once.",
            "The mayor also draws the fate card and makes its choice. From round 2 on the role "
            "passes to the player on the right at the start of each round.",
        )
        if view.step == "pick":
            return CardText("11 Mayor", text, plain("The first mayor is rolled for once the characters are taken."))
        mayor = Content.assemble(plain("Mayor this round: "), holder(view.mayor, names), plain("."))
        if view.players == 1:
            mayor += plain(" Playing alone, you are the mayor every round.")
        return CardText("11 Mayor", text, mayor)
    return losses_card(view)


# --- fate ---------------------------------------------------------------------------------
def fate_detail(view: State, with_field: bool = False) -> Content:
    """This round's fate card (on the fate field: with the pile)."""
    pile = f" · {len(view.fate_pile)} cards left in the pile" if with_field else ""
    if view.fate < 0:
        lead = template("[b]6 Fate[/]") if with_field else template("[b]Fate this round[/]")
        return Content.assemble(lead, plain(f" · the mayor turns up a card here, when the pawn gets there{pile}"))
    card = FATE[view.fate]
    lead = template("[b]6 Fate: $name[/]" if with_field else "[b]Fate this round: $name[/]", name=card.name)
    return Content.assemble(lead, plain(f" · {card.text}{pile}"))


def fate_card(view: State) -> CardText:
    """The fate field and this round's card, with the pile."""
    text = [
        "Field 6 of the track: the mayor turns up the top card of the fate pile and it happens "
        "at once. Effects \"this round\" last until the end of the round's satisfaction. When the "
        "pile is empty, the used cards are shuffled into a new one.",
    ]
    title = "6 Fate"
    if view.fate >= 0:
        card = FATE[view.fate]
        title = f"Fate: {card.name} ({card.name_pl})"
        text.append(f"This round's card, {card.name}: {card.text}")
    else:
        text.append("No card is drawn yet this round.")
    used = [FATE[i].name for i in view.fate_discard if i != view.fate]
    state = [f"Cards left in the pile: {len(view.fate_pile)} of {len(FATE)}."]
    state.append("Used so far: " + ", ".join(used) + "." if used else "No card used before this one.")
    return CardText(title, lines(*text), lines(*state))


# --- the stock ----------------------------------------------------------------------------
def losses_words(view: State) -> str:
    """What Losses does this round, in a sentence."""
    span = rot_span(view)
    rot = "no food rots (Frost)" if span == "none" else f"food rots {span} ({rot_words(view)})"
    cap = (f"goods above {STORAGE_CAP} are thrown away" if rules.storage_capped(view)
           else "no storage cap (Warehouse)")
    return f"{rot}, every building point is lost, {cap}"


def stock_detail(view: State, r: int) -> tuple[Content, Content]:
    """A resource of the stock: the lead (name, amount) and the rest (Enter's move goes
    between them)."""
    amount = view.stock[r]
    lead = template("[b]$name: $n[/]", name=RESOURCE_TITLES[r], n=amount)
    if r in GOODS:
        over = cap_losses(view, view.stock)[r]
        if not rules.storage_capped(view):
            note = " · no storage cap (Warehouse)"
        elif over:
            note = f" · ! above the cap of {STORAGE_CAP}: {over} thrown away at Losses"
        else:
            note = f" · kept up to {STORAGE_CAP} at Losses"
        if r == FOOD:
            span = rot_span(view)
            word, _ = feed_outlook(view)
            note += (" · no rot this round" if span == "none" else f" · rots {span} at Losses")
            note += f" · next feeding {FEED_PER_ROUND} food: {word}"
    elif r == BP:
        note = " · every one left is lost at Losses: spend them in the mayor's shop"
    else:
        note = " · never lost; inventions cost them"
    return lead, plain(note)


def stock_card(view: State, r: int) -> CardText:
    """A resource: who makes it, what it pays for, what happens to it at Losses."""
    makers = [c.name for c in CHARACTERS if c.product == r]
    word = amount_words(2, r).removeprefix("2 ")
    text = []
    if makers:
        how = "smelting ore" if r == IRON else "specialty work (a die)"
        text.append(f"Made by the {' and the '.join(makers)}'s {how}, or 1 at a time by any "
                    "other character's other work" + (" (1 ore into 1 iron)." if r == IRON else "."))
    if r == ORE:
        text.append("The Blacksmith smelts ore into iron; other work can turn 1 ore into 1 iron.")
    uses = [f"{it.name} {it.cost[r]}" for it in ITEMS if it.cost[r]]
    if uses:
        text.append(f"Paid for: {', '.join(uses)}.")
    if r == FOOD:
        text.append(f"The settlers eat {FEED_PER_ROUND} food at the start of every round; each food "
                    "missing takes the latest token off the pyramid, and with no token left the "
                    "settlement starves. At Losses food rots: a die roll.")
    if r in GOODS:
        text.append("A good: the Merchant trades goods, and the Tax collector takes them. At Losses "
                    f"each good above {STORAGE_CAP} is thrown away, until the Warehouse stands.")
    elif r == BP:
        text.append("At Losses every building point left is lost, every round: spend them in the "
                    "same round's shop.")
    else:
        text.append("Never lost and never capped.")
    state = [f"In the stock: {amount_words(view.stock[r], r)}."]
    if r in GOODS:
        over = cap_losses(view, view.stock)[r]
        if over:
            state.append(f"! {over} {word} above the cap would be thrown away at Losses.")
        if r == FOOD:
            state.append(feed_words(view))
    elif r == BP and view.stock[BP]:
        state.append(f"All {view.stock[BP]} will be lost at Losses unless spent.")
    return CardText(RESOURCE_TITLES[r], lines(*text), lines(*state))


def pool_detail(view: State) -> Content:
    """The smile pool."""
    return Content.assemble(
        template("[b]$smile Smiles: $n of at most $cap[/]", smile=SMILE, n=view.pool, cap=SMILE_POOL_CAP),
        plain(f" · at the round's end {income_words(view)} more; every {SMILES_PER_TOKEN} buy a "
              f"pyramid token, at most {MAX_TOKENS_PER_ROUND} a round"))


def pool_card(view: State) -> CardText:
    """The smile pool: how smiles come and become tokens."""
    buildings = ", ".join(f"{it.name} {it.smiles}" for it in ITEMS if not it.invention and it.smiles)
    music = [it for it in ITEMS if it.invention and it.smiles > 1]
    text = lines(
        "After Losses, at every round's end (the satisfaction), the town gains smiles: a die, "
        f"+1 for every invention, + the smiles of buildings ({buildings})"
        + (f", + {music[0].smiles - 1} more with {music[0].name}." if music else "."),
        f"The pool then keeps at most {SMILE_POOL_CAP}: the rest is lost. Every {SMILES_PER_TOKEN} "
        f"smiles buy a token on the pyramid's next rectangle, at most {MAX_TOKENS_PER_ROUND} a round. "
        "Smiles left stay for the next round. Some fate cards add or take smiles.",
    )
    state = lines(f"Smiles now: {view.pool} of {SMILE_POOL_CAP}.",
                  f"Each round now: {income_words(view)} smiles.",
                  f"Tokens on the pyramid: {view.tokens} of {RECTANGLES}.")
    return CardText(f"{SMILE} Smiles", text, state)


def losses_detail(view: State) -> Content:
    """What this round's Losses would take."""
    return Content.assemble(template("[b]At Losses[/] (end of the round)"), plain(" · " + losses_taken(view)))


def losses_taken(view: State) -> str:
    """What this round's Losses would take from the stock as it is, in words."""
    span = rot_span(view)
    said = ["no food rots (Frost)" if span == "none" else f"{span} food rots ({rot_words(view)})"]
    said.append(f"{amount_words(view.stock[BP], BP)} lost" if view.stock[BP] else "no building points to lose")
    if rules.storage_capped(view):
        over = cap_losses(view, view.stock)
        if any(over):
            said.append(f"above the cap of {STORAGE_CAP}: {cost_words(over + [0, 0])} thrown away")
        else:
            said.append(f"no good above the cap of {STORAGE_CAP}")
    else:
        said.append("no storage cap (Warehouse)")
    return ", ".join(said)


def losses_card(view: State) -> CardText:
    """The Losses field: rot, building points, the storage cap."""
    text = lines(
        "Field 12 of the track, the end of the round, in this order:",
        "1. Rot: roll a die and lose that much food (the Cellar takes 2 off; the Heatwave card "
        "rolls 2 dice and keeps the higher; the Frost card: no rot).",
        "2. Every building point left is lost, Warehouse or not.",
        f"3. Storage: every good above {STORAGE_CAP} is cut back to {STORAGE_CAP}, until the "
        "Warehouse stands. Research points are never lost.",
        "Then the satisfaction: smiles are rolled and may buy pyramid tokens.",
    )
    return CardText("12 Losses", text, plain(f"This round: {losses_taken(view)}."))


def feed_words(view: State) -> str:
    """The next feeding and the food for it."""
    if view.round >= view.limit:
        return "This is the last round: there is no more feeding."
    least, most = food_after_losses(view)
    word, _ = feed_outlook(view)
    left = f"{least}" if least == most else f"{least}-{most}"
    return (f"Next feeding, at the start of round {view.round + 1}: {FEED_PER_ROUND} food. Food now "
            f"{view.stock[FOOD]}, after this round's Losses {left}: {word}.")


def feed_detail(view: State) -> Content:
    """The next feeding."""
    if view.round >= view.limit:
        return template("[b]Feeding[/] · this is the last round: there is no more feeding")
    least, most = food_after_losses(view)
    word, _ = feed_outlook(view)
    left = f"{least}" if least == most else f"{least}-{most}"
    return Content.assemble(
        template("[b]Next feeding[/]: $n food at the start of round $r", n=FEED_PER_ROUND, r=view.round + 1),
        plain(f" · food {view.stock[FOOD]} now, {left} after Losses: {word}"),
        plain(" · each food missing costs a pyramid token" if not word == "safe" else ""))


def feed_card(view: State) -> CardText:
    """Feeding: the rule and the outlook."""
    text = lines(
        f"At the start of every round, the first one too, the settlers eat {FEED_PER_ROUND} food.",
        "If there is not enough, all the food goes and each food missing takes away the latest "
        "token on the pyramid. If a missing food finds no token left, the settlement starves: "
        "the game is lost.",
    )
    return CardText("Feeding", text, plain(feed_words(view)))


# --- the pyramid --------------------------------------------------------------------------
def rect_row(rect: int) -> int:
    """The pyramid row (1 at the apex) of rectangle ``rect``."""
    return next(i + 1 for i in range(len(PYRAMID_ROWS)) if rect <= sum(PYRAMID_ROWS[: i + 1]))


def rect_detail(view: State, rect: int) -> Content:
    """A rectangle of the pyramid: token or not, its gate."""
    filled = rect <= view.tokens
    state = f"a token {TOKEN}" if filled else "empty"
    lead = template("[b]Rectangle $rect[/] (row $row): $state", rect=rect, row=rect_row(rect), state=state)
    gate = GATES.get(rect, -1)
    note = ""
    if gate >= 0:
        built = "built" if view.owned[gate] else f"not built yet ({GATE_LETTERS[rect]})"
        note = f" · needs the {ITEMS[gate].name}: {built}"
    note += (f" · a token costs {SMILES_PER_TOKEN} smiles, at most {MAX_TOKENS_PER_ROUND} a round; "
             f"smiles {view.pool}/{SMILE_POOL_CAP}")
    return Content.assemble(lead, plain(note))


def rect_card(view: State, rect: int) -> CardText:
    """A rectangle of the pyramid: how tokens come and go, and its gate."""
    text = [
        f"The satisfaction pyramid has {RECTANGLES} rectangles in rows of "
        f"{', '.join(str(n) for n in PYRAMID_ROWS)}, filled from the top. At a round's end every "
        f"{SMILES_PER_TOKEN} smiles buy a token on the next rectangle, at most {MAX_TOKENS_PER_ROUND} "
        "a round. A token on every rectangle wins the game.",
        "At feeding, each food missing takes away the latest token.",
    ]
    gate = GATES.get(rect, -1)
    if gate >= 0:
        text.append(f"Rectangle {rect} is a gate ({GATE_LETTERS[rect]}): no token goes here, nor on any "
                    f"rectangle after it, until the {ITEMS[gate].name} ({ITEMS[gate].name_pl}) stands.")
    state = [f"Rectangle {rect}: " + (f"a token {TOKEN}." if rect <= view.tokens else "empty.")]
    if gate >= 0:
        state.append(f"The {ITEMS[gate].name} is " + ("built." if view.owned[gate] else "not built yet."))
    state.append(f"Tokens {view.tokens} of {RECTANGLES}; smiles {view.pool} of {SMILE_POOL_CAP}.")
    return CardText(f"Pyramid: rectangle {rect} (row {rect_row(rect)})", lines(*text), lines(*state))


# --- the shop -----------------------------------------------------------------------------
def item_detail(view: State, item: int, stock: list[int] | None = None) -> tuple[Content, Content]:
    """A building or invention: the lead and the rest (Enter's move goes between)."""
    it = ITEMS[item]
    kind = "invention" if it.invention else "building"
    lead = template("[b]$name[/] ($kind)", name=it.name, kind=kind)
    if view.owned[item]:
        note = f" · {OWNED} {'made' if it.invention else 'built'} in round {view.owned[item]}"
    else:
        short = missing(view.stock if stock is None else stock, item)
        note = f" · costs {cost_words(it.cost)}"
        note += (f" · {CANNOT} missing {cost_words(short)}" if any(short)
                 else f" · {CAN_BUY} the stock pays it")
        if it.cost[FOOD] and not any(short) and view.round < view.limit:
            word, _ = feed_outlook(view, view.stock[FOOD] - it.cost[FOOD])
            note += f" (next feeding after it: {word})"
    return lead, plain(f"{note} · {item_effect(item)}")


def item_card(view: State, item: int) -> CardText:
    """A building or invention: cost, effect in words, owned or what is missing."""
    it = ITEMS[item]
    kind = "Invention" if it.invention else "Building"
    text = lines(
        f"{kind}. Cost: {cost_words(it.cost)}, paid from the stock in the mayor's shop (field 11). "
        "There is one of it; it works at once.",
        *(whole for _, whole in item_effects(item)),
    )
    if view.owned[item]:
        state = plain(f"{OWNED} {'Made' if it.invention else 'Built'} in round {view.owned[item]}.")
    else:
        short = missing(view.stock, item)
        state = plain(f"{CANNOT} Not yet: the stock is missing {cost_words(short)}." if any(short)
                      else f"{CAN_BUY} The stock pays it now (in the mayor's shop).")
    return CardText(f"{it.name} ({it.name_pl})", text, state)


# --- dispatch -----------------------------------------------------------------------------
def place_card(view: State, place: Place, names: tuple[str, ...]) -> CardText:
    """The viewer's text of any place."""
    kind, key = place
    if kind == "field":
        return field_card(view, key, names)
    if kind == "stock":
        return stock_card(view, key)
    if kind == "rect":
        return rect_card(view, key)
    if kind == "item":
        return item_card(view, key)
    if kind == "fate":
        return fate_card(view)
    if kind == "pool":
        return pool_card(view)
    if kind == "losses":
        return losses_card(view)
    assert kind == "feed", kind
    return feed_card(view)

