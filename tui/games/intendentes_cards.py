"""The Intendentes board's places in words: the short detail line under the board and the
card viewer's whole text (key ``i``), for every place the cursor reaches.

A place is named by a :data:`Spot`: ``("slot", 0..3)`` a block for sale (3: the next
one), ``("line", 0)`` the auction or this round's event, ``("figures", 0)`` a mayor's
money, splendor and food, ``("market", 0)`` the food price, ``("risk", 0..2)`` an index,
``("cards", 0..3)`` penalty cards of a kind, ``("track", 0)`` the discontent track,
``("block", b)`` a block of the district, ``("plan", p)`` a plan in hand and ``("drawn",
p)`` a plan just drawn. The words come from the content (``seeds/intendentes``: names,
numbers, the effects' and plans' and events' texts), never parsed as markup.
"""

from __future__ import annotations

from typing import Any, Hashable

from textual.content import Content

from core.intendentes.actions import (
    Bid,
    Birth,
    Buy,
    Choose,
    Decline,
    Discard,
    Fast,
    HydraulicWorks,
    Keep,
    Move,
    NationalHelp,
    Officer,
    Open,
    Paid,
    Place,
    Play,
    Remove,
    Stadium,
    TrainStation,
)
from core.intendentes.content import (
    BIRTH_MIN,
    BLOCKS,
    CITY,
    DECK_SIZE,
    DECLINE_CARD_SPLENDOR,
    DECLINE_DEMONSTRATION_SPLENDOR,
    DISCONTENT_MAX,
    EVENTS,
    FAST_INCREASE_SPLENDOR,
    FIELD,
    FIRE_BRIGADE,
    FISTS,
    FOOD_PER_PURCHASE,
    HAPPINESS_POINTS,
    INDUSTRY,
    MARKET_PRICES,
    NATIONAL_HELP_COST,
    NATIONAL_HELP_SPLENDOR,
    PAID_ACTION_COST,
    PENALTY_CAP,
    PLANS,
    POLICE,
    REPRESSION_DISCONTENT,
    RISK_SHARED_LOWEST,
    RISK_UNIQUE_LOWEST,
    SECURITY_KINDS,
    TOWN,
    WAREHOUSE_MAX,
    Block,
)
from core.intendentes.rules import income, market_price, plan_cost, production
from core.intendentes.state import ACQUIRED, G_BIDDING, HIDDEN, NONE, State
from tui.games.intendentes_render import (
    FIST,
    FIST_REACHED,
    INDEX_WORDS,
    KIND_WORDS,
    PENALTY_WORDS,
    auction_parts,
    block_label,
    mods_words,
    money_text,
    next_fist,
    officer_words,
    officers,
    phase_words,
    WIDE,
)
from tui.screens.card_viewer import CardText
from tui.text import paragraphs, plain, template

Spot = tuple[str, int]
"""A place of the board (a spot): its kind and which one (see the module's docstring)."""

SLOT_WORDS = ("For sale", "For sale", "For sale", "The next block")
CLEARS = {POLICE: "an insecurity, flood or demonstration card", FIRE_BRIGADE: "a fire or flood card"}
"""What a security block's officer clears (a card of the kinds the rules give it)."""


def article(word: str) -> str:
    """ "a" or "an" before ``word``."""
    return "an" if word[:1] in "aeiou" else "a"


# --- the Enter hint ---------------------------------------------------------------------------
VERBS: dict[type, str] = {
    Open: "auction",
    Decline: "decline",
    Bid: "the bid entry",
    Move: "move an inhabitant away",
    TrainStation: "a newcomer here (Train Station)",
    Keep: "keep it",
    Discard: "discard it and draw 2",
    HydraulicWorks: "clear a flood card for free",
    Stadium: "the Stadium calms discontent",
    Place: "place an inhabitant here",
    Remove: "remove an inhabitant",
    Choose: "more room here (Housing Plan)",
    Birth: "an inhabitant here",
    Fast: f"fast increase here (-{FAST_INCREASE_SPLENDOR}★ once)",
}
"""What Enter does with a move of each kind, in a few words (the move list says it whole)."""


def verb(action: Hashable, view: State) -> str:
    """What Enter does with ``action``, in a few words: :data:`VERBS`, or for the moves
    whose words depend on them, the card, the index, the price or the target."""
    said = VERBS.get(type(action))
    if said is not None:
        return said
    if isinstance(action, Officer):
        return f"an officer clears a {PENALTY_WORDS[action.penalty]} card"
    if isinstance(action, Paid):
        return f"pay ${PAID_ACTION_COST}: {'insecurity' if BLOCKS[action.block].kind == POLICE else 'fire'} -1"
    if isinstance(action, NationalHelp):
        return f"national help clears one (${NATIONAL_HELP_COST}, -{NATIONAL_HELP_SPLENDOR}★)"
    if isinstance(action, Buy):
        seat = view.actor
        return f"buy {FOOD_PER_PURCHASE} food for ${market_price(view, seat)}" if seat >= 0 else "buy food"
    if isinstance(action, Play):
        target = action.target
        on = f" on {view.names[target]}" if PLANS[action.plan].neighbour and 0 <= target < view.players else ""
        return f"play it{on}"
    return "make the move"


def enter_hint(actions: list[Hashable], view: State) -> Content:
    """ " · Enter: keep it", " · Enter: open its auction or decline …" (nothing where no
    move is); the bid entry with its range."""
    if not actions:
        return Content()
    amounts = [a.amount for a in actions if isinstance(a, Bid)]
    if amounts:
        return template(" · [b]Enter[/]: the bid entry, $low to $high", low=f"${min(amounts)}",
                        high=f"${max(amounts)}")
    verbs = list(dict.fromkeys(verb(a, view) for a in actions))
    if len(verbs) > 2:
        said = f"{len(actions)} choices"
    else:
        said = " or ".join(verbs) + (f" ({len(actions)} choices)" if len(actions) > len(verbs) else "")
    return template(" · [b]Enter[/]: $said", said=said)


# --- blocks -----------------------------------------------------------------------------------
def kind_word(block: Block) -> str:
    """ "field", "fire brigade"."""
    return KIND_WORDS[block.kind].lower()


def people_words(block: Block, bought: bool) -> str:
    """ "3 arrive, room for 5" (``bought``: "room for 5")."""
    if block.initial and not bought:
        return f"{block.initial} arrive{'s' if block.initial == 1 else ''}, room for {block.capacity}"
    return f"room for {block.capacity}"


def yields_words(block: Block, who: str = "each inhabitant") -> str:
    """ "each inhabitant makes $2 and 1 food"."""
    parts = ([f"${block.money}"] if block.money else []) + ([f"{block.food} food"] if block.food else [])
    return f"{who} makes " + " and ".join(parts) if parts else "inhabitants make nothing"


def block_detail(block: Block, bought: bool) -> str:
    """A block in a few words for the detail line, after its name: kind and minimum bid
    (not ``bought``), inhabitants or officers or effect, splendor and risk changes."""
    lead = kind_word(block) + ("" if bought or block.index >= DECK_SIZE else f" from ${block.cost}")
    if block.population:
        lead += f": {people_words(block, bought)}, {yields_words(block, 'each')}"
    elif block.kind in SECURITY_KINDS:
        lead += f": {officer_words(officers(block))}, each clears {CLEARS[block.kind]}"
    else:
        lead += f": {block.text}"
    parts = [lead]
    if not bought:
        parts.append(f"★{block.splendor} splendor")
        if any(block.mods):
            parts.append(mods_words(block))
    return " · ".join(parts)


def block_text(block: Block) -> Content:
    """A block's whole card for the viewer."""
    lines: list[str] = []
    if block.index >= DECK_SIZE:
        lines.append(f"Every district starts with one ({kind_word(block)}); it is never for sale.")
    else:
        lines.append(f"{KIND_WORDS[block.kind]} {block.id}: the first bid is at least ${block.cost}.")
    if block.population:
        if block.index >= DECK_SIZE:
            arrive = f"It starts with {block.initial} inhabitants; " if block.initial else "It starts empty; "
        else:
            arrive = f"{block.initial} inhabitants arrive with it; " if block.initial else "It comes empty; "
        lines.append(f"{arrive}it has room for {block.capacity}.")
        lines.append(f"In Balance, {yields_words(block)} (everyone eats 1 food).")
        if block.kind in (TOWN, CITY):
            lines.append(f"Towns and cities have a birth in Happiness with {BIRTH_MIN} or more inhabitants and room.")
        elif block.kind == INDUSTRY:
            lines.append("Industries have no births: fill them by moving inhabitants in Demography.")
        elif block.kind == FIELD:
            lines.append("Fields have no births: move inhabitants there in Demography to make food.")
    elif block.kind in SECURITY_KINDS:
        lines.append(f"{officer_words(officers(block)).capitalize()}, for your Security turn (phase 5).")
        lines.append(block.text + ".")
    else:
        lines.append(block.text + ".")
    if block.index < DECK_SIZE:
        risk = f"your risk indices change: {mods_words(block)}" if any(block.mods) else "no risk change"
        lines.append(f"When bought: splendor +{block.splendor}; {risk}.")
    return paragraphs("\n".join(lines))


def slot_state(view: State, slot: int, seat: int | None) -> str:
    """What a block for sale is now to ``seat``: on sale or next, auctioned, affordable."""
    block = view.display[slot] if slot < 3 else view.next_block
    info = BLOCKS[block]
    lines = [f"{SLOT_WORDS[slot]}." if slot < 3 else "The next block: for sale once a block is bought."]
    if slot < 3 and view.slot == slot and view.stage == G_BIDDING:
        lines.append("Being auctioned: " + "".join(text for text, _ in auction_parts(view, WIDE)).split(" · money")[0])
    if seat is not None and slot < 3 and view.phase != 1:
        lines.append("Auctions are held in the Bidding phase (phase 1) of the next round.")
    elif seat is not None and slot < 3:
        money = view.money[seat]
        low = view.high_bid + 1 if view.slot == slot and view.high_bidder != NONE else info.cost
        if view.bid_status[seat] == ACQUIRED and view.stage == G_BIDDING:
            lines.append("You have bought a block this round: one a round at most.")
        elif money >= low:
            lines.append(f"You have ${money}: enough for a bid of ${low}.")
        else:
            lines.append(f"You have ${money}: ${low - money} short of a bid of ${low}.")
    return " ".join(lines)


def own_block_state(view: State, seat: int, block: int) -> str:
    """A block of ``seat``'s district now: its inhabitants and what they make, or its
    officers left on this Security turn."""
    info = BLOCKS[block]
    position = view.position(seat, block)
    if info.population:
        people, room = view.people[seat][position], view.capacity[seat][position]
        money, food = people * info.money, people * info.food
        return (f"In your district: {people} inhabitant{'s' if people != 1 else ''}, room for {room}; "
                f"they make ${money} and {food} food a round.")
    if info.kind in SECURITY_KINDS:
        used = view.sec_officers[position] if seat == view.actor and position < len(view.sec_officers) else 0
        return f"In your district: {officer_words(officers(info) - used)} left this turn."
    return "In your district."


# --- the district's figures and tracks ---------------------------------------------------------
def food_forecast(view: State, seat: int) -> str:
    """ "you have 4 food; this round yours make 4 and eat 8"."""
    return (f"you have {view.warehouse[seat]} food; this round yours make {production(view, seat)} "
            f"and eat {sum(view.people[seat])}")


def figures_detail(view: State, seat: int) -> str:
    """The mayor's money, splendor and food, in words."""
    return (f"{view.names[seat]}: {money_text(view, seat)} money · splendor ★{view.splendor[seat]}, "
            f"the score · {food_forecast(view, seat)}")


def figures_card(view: State, seat: int) -> CardText:
    """The viewer's text of a mayor's figures."""
    text = paragraphs(
        "Money pays bids, plans, food and national help; income comes in Balance (phase 6).\n"
        "Splendor (★) is the score: blocks bring it, penalty cards cost it in Decline (phase 8), "
        "and the final scoring adds to it after round 8.\n"
        f"Food waits in the warehouse ({WAREHOUSE_MAX} at most): each inhabitant eats 1 in Balance; "
        "a shortfall is a famine.")
    people = sum(view.people[seat])
    balance = production(view, seat) - people
    food = (f"{balance} food more than they eat" if balance >= 0 else
            f"{-balance} food less than they eat (the warehouse makes up for it; when it is empty, a famine)")
    state = plain(f"{money_text(view, seat)} · ★{view.splendor[seat]} · {view.warehouse[seat]} food · "
                  f"{people} inhabitants; this round they make ${income(view, seat)} and {food}.")
    return CardText(f"{view.names[seat]}'s district", text, state)


def market_detail(view: State, seat: int) -> str:
    """The food market in words, and whether the mayor needs food."""
    return (f"Food market: {FOOD_PER_PURCHASE} food for ${market_price(view, seat)}, once a round in Balance · "
            f"{food_forecast(view, seat)}")


def market_card(view: State, seat: int) -> CardText:
    """The viewer's text of the food market."""
    prices = ", ".join(f"${p}" for p in MARKET_PRICES)
    text = paragraphs(
        f"In Balance (phase 6), in reverse turn order, each mayor may buy {FOOD_PER_PURCHASE} food once. "
        "The price rises a space after each purchase and falls back one after the market.\n"
        f"Prices: {prices}.")
    state = plain(f"Now {FOOD_PER_PURCHASE} food cost you ${market_price(view, seat)} "
                  f"(the track's price ${MARKET_PRICES[view.market]}); {food_forecast(view, seat)}.")
    return CardText("Food market", text, state)


def risk_detail(view: State, seat: int, index: int) -> str:
    """A risk index in words."""
    word = INDEX_WORDS[index]
    return (f"{word.capitalize()} index {view.risk[seat][index]}: an event such as {word.capitalize()} 3 "
            f"gives {article(word)} {word} card per point above its number")


def risk_card(view: State, seat: int, index: int) -> CardText:
    """The viewer's text of a risk index."""
    word = INDEX_WORDS[index]
    lowers = {0: "fire brigades (pay $6 in Security) and the Fire Prevention plan",
              1: "some blocks and the Drainage Works plan",
              2: "police (pay $6 in Security) and the Street Lighting plan"}[index]
    text = paragraphs(
        f"Blocks change it when bought. An event that strikes {word} gives every mayor whose index is above "
        f"its number {article(word)} {word} card per point above ({PENALTY_CAP} fire, flood and insecurity cards a round "
        f"at most).\nIt is lowered by {lowers}.\n"
        f"Final scoring: the lowest {word} index alone earns {RISK_UNIQUE_LOWEST} splendor; "
        f"tied for the lowest, {RISK_SHARED_LOWEST} each.")
    others = ", ".join(f"{view.names[s]} {view.risk[s][index]}" for s in range(view.players) if s != seat)
    state = plain(f"{view.names[seat]}: {view.risk[seat][index]}" + (f"; {others}." if others else "."))
    return CardText(f"{word.capitalize()} index", text, state)


def cards_detail(view: State, seat: int, kind: int) -> str:
    """Penalty cards of a kind in words."""
    count = view.cards[seat][kind]
    word = PENALTY_WORDS[kind]
    if kind == 3:
        cost = f"each costs {DECLINE_DEMONSTRATION_SPLENDOR} splendor in Decline"
    else:
        cost = f"each adds 1 discontent in Happiness and costs {DECLINE_CARD_SPLENDOR} splendor in Decline"
    return f"{count} {word} card{'s' if count != 1 else ''}: {cost}"


def cards_card(view: State, seat: int, kind: int) -> CardText:
    """The viewer's text of the penalty cards of a kind."""
    word = PENALTY_WORDS[kind]
    if kind == 3:
        comes = (f"Reaching a fist {FIST} of the discontent track gives demonstration cards; "
                 "so do some events.")
        clears = (f"Police officers clear them, or national help; either way discontent rises "
                  f"{REPRESSION_DISCONTENT}.")
        cost = f"In Decline (phase 8) each costs {DECLINE_DEMONSTRATION_SPLENDOR} splendor."
    else:
        comes = (f"Events give them to mayors whose {word} index is above the card's number"
                 + ("; so does the Arson plan." if kind == 0 else "."))
        who = {0: "Fire brigade officers", 1: "Police and fire brigade officers", 2: "Police officers"}[kind]
        clears = f"{who} clear them in Security, or national help (${NATIONAL_HELP_COST} and " \
                 f"{NATIONAL_HELP_SPLENDOR} splendor, once a round), or a plan."
        cost = (f"While held, each adds 1 discontent in Happiness (phase 7) and costs "
                f"{DECLINE_CARD_SPLENDOR} splendor in Decline (phase 8).")
    count = view.cards[seat][kind]
    state = plain(f"{view.names[seat]} holds {count}; this round {view.capped[seat]} of the "
                  f"{PENALTY_CAP} fire, flood and insecurity cards a mayor can take.")
    return CardText(f"{word.capitalize()} cards", paragraphs("\n".join((comes, clears, cost))), state)


def track_detail(view: State, seat: int) -> str:
    """The discontent track in words."""
    space = view.discontent[seat]
    fist = next_fist(space)
    count = FISTS[fist] if fist is not None else 0
    ahead = (f"{FIST} at {fist}: +{count} demonstration card{'s' if count != 1 else ''}" if fist is not None
             else "no fist ahead")
    reached = f", {FIST_REACHED} a fist reached" if any(f <= space for f in FISTS) else ""
    return (f"Discontent {space} of {DISCONTENT_MAX} (■ reached{reached}) · {ahead} · "
            f"final scoring now {HAPPINESS_POINTS[space]:+d}")


def track_card(view: State, seat: int) -> CardText:
    """The viewer's text of the discontent track."""
    fists = ", ".join(f"{space} ({n})" for space, n in sorted(FISTS.items()))
    bands: list[str] = []
    start = 0
    for space in range(1, DISCONTENT_MAX + 2):
        if space > DISCONTENT_MAX or HAPPINESS_POINTS[space] != HAPPINESS_POINTS[start]:
            spaces = str(start) if space - 1 == start else f"{start}-{space - 1}"
            bands.append(f"{spaces}: {HAPPINESS_POINTS[start]:+d}")
            start = space
    text = paragraphs(
        f"From 0 (peace) to {DISCONTENT_MAX}. In Happiness (phase 7) it rises 1 for each fire, flood "
        "and insecurity card held; plans, the Park and the Stadium bring it down.\n"
        f"The fists {FIST} at {fists} give that many demonstration cards when it climbs onto or past "
        "them, and take them back when it steps off them going down.\n"
        f"Final scoring: {', '.join(bands)}.")
    return CardText("Discontent", text, plain(track_detail(view, seat) + "."))


# --- plans and the line -----------------------------------------------------------------------
def plan_detail(view: State, seat: int, plan: int) -> str:
    """A plan in words: cost, phase, what it does."""
    info = PLANS[plan]
    on = ", on a neighbour" if info.neighbour else ""
    copies = view.hand[seat].count(plan)
    held = f" (×{copies}: {copies} copies)" if copies > 1 else ""
    return f"{info.name}{held} ${plan_cost(view, seat, plan)}, {phase_words(info.phase)}{on}: {info.text}"


def plan_card(view: State, seat: int, plan: int, drawn: bool) -> CardText:
    """The viewer's text of a plan."""
    info = PLANS[plan]
    target = "a neighbour (each neighbour once a round)" if info.neighbour else "your own district"
    text = paragraphs(f"{info.text}.\nCosts ${info.cost}; played in {phase_words(info.phase)}, on {target}.\n"
                 f"Cards: {', '.join(info.ids)}.")
    held = view.hand[seat].count(plan)
    where = "Just drawn: keep one of the two." if drawn else f"In your hand: {held}."
    cost = plan_cost(view, seat, plan)
    if cost != info.cost:
        where += f" It costs you ${cost} (Radio Station)."
    return CardText(info.name, text, plain(where))


def line_detail(view: State) -> Content:
    """The auction line or the event, whole."""
    if view.stage == G_BIDDING:
        return Content.assemble(*[(text, style) for text, style in auction_parts(view, WIDE)])
    if view.event in (NONE, HIDDEN):
        return plain(f"This round's event is turned up in phase 4 · {len(view.event_deck)} still face down")
    event = EVENTS[view.event]
    return template("[b]Event $name[/]: $text", name=event.name, text=event.text)


def line_card(view: State, seat: int | None) -> CardText:
    """The viewer's text of the auction or this round's event."""
    if view.stage == G_BIDDING:
        text = paragraphs(
            "The first mayor in turn order without a block opens an auction on one of the three blocks "
            "(a first bid of at least its cost), or declines: buys nothing this round and names a block "
            "for the others.\nThe others raise or pass in turn; a pass is for good. The last bidder "
            "pays and takes the block. One block a round per mayor.")
        return CardText("The auction", text, line_detail(view))
    if view.event in (NONE, HIDDEN):
        text = paragraphs("Each round one event is turned up in phase 4 and strikes every mayor. Most are "
                     "catastrophes: a mayor whose index is above the card's number takes a card of that "
                     f"kind per point above ({PENALTY_CAP} a round at most).")
        return CardText("This round's event", text, plain(f"{len(view.event_deck)} events still face down."))
    event = EVENTS[view.event]
    lines = [event.text + "."]
    for index, number in event.catastrophes:
        word = INDEX_WORDS[index]
        lines.append(f"Every mayor whose {word} index is above {number} takes {article(word)} {word} card "
                     "per point above.")
    state = ""
    if seat is not None:
        state = "Your indices: " + ", ".join(f"{w} {n}" for w, n in zip(INDEX_WORDS, view.risk[seat])) + "."
    return CardText(f"Event: {event.name}", paragraphs("\n".join(lines)), plain(state))


# --- the place's detail and card --------------------------------------------------------------
def detail(place: Spot, view: State, seat: int | None, actions: list[Hashable]) -> Content:
    """The detail line of ``place`` (``seat``: the district drawn, None for a spectator)."""
    kind, which = place
    hint = enter_hint(actions, view)
    if kind == "slot":
        block = view.display[which] if which < 3 else view.next_block
        if block == NONE:
            return plain("No block here" if which < 3 else "No next block: the deck is empty")
        lead = "Next: " if which == 3 else ""
        return Content.assemble(template("[b]$lead$name[/]", lead=lead, name=BLOCKS[block].name), hint,
                                plain(f" · {block_detail(BLOCKS[block], bought=False)}"))
    if kind == "line":
        return Content.assemble(line_detail(view), hint)
    if seat is None:
        return Content()
    if kind == "block":
        info = BLOCKS[which]
        position = view.position(seat, which)
        name = template("[b]$name[/]", name=block_label(which))
        if info.population:
            people, room = view.people[seat][position], view.capacity[seat][position]
            return Content.assemble(name, hint, plain(
                f" · {people}/{room}: {people} inhabitant{'s' if people != 1 else ''}, room for {room} · "
                f"{kind_word(info)}, {yields_words(info, 'each')}"))
        return Content.assemble(name, hint, plain(f" · {block_detail(info, True)}"))
    texts = {
        "figures": lambda: figures_detail(view, seat),
        "market": lambda: market_detail(view, seat),
        "risk": lambda: risk_detail(view, seat, which),
        "cards": lambda: cards_detail(view, seat, which),
        "track": lambda: track_detail(view, seat),
        "plan": lambda: plan_detail(view, seat, which),
        "drawn": lambda: plan_detail(view, seat, which),
    }
    return Content.assemble(plain(texts[kind]()), hint)


def card(place: Spot, view: State, seat: int | None, viewer: int | None) -> CardText | None:
    """The card viewer's text of ``place`` (``seat``: the district drawn; ``viewer``: whose
    money decides what they can afford)."""
    kind, which = place
    if kind == "slot":
        block = view.display[which] if which < 3 else view.next_block
        if block == NONE:
            return CardText("No block", plain("This place of the market is empty."))
        return CardText(block_label(block), block_text(BLOCKS[block]), plain(slot_state(view, which, viewer)))
    if kind == "line":
        return line_card(view, viewer)
    if seat is None:
        return None
    if kind == "block":
        return CardText(block_label(which), block_text(BLOCKS[which]), plain(own_block_state(view, seat, which)))
    cards: dict[str, Any] = {
        "figures": lambda: figures_card(view, seat),
        "market": lambda: market_card(view, seat),
        "risk": lambda: risk_card(view, seat, which),
        "cards": lambda: cards_card(view, seat, which),
        "track": lambda: track_card(view, seat),
        "plan": lambda: plan_card(view, seat, which, False),
        "drawn": lambda: plan_card(view, seat, which, True),
    }
    made: CardText = cards[kind]()
    return made
