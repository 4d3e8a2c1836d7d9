"""What the Council of Four card viewer (``i``) and detail line say of a place: a balcony
(its councillors and what satisfying it gives), a face-up permit (its cities and bonus), a
city (its bonus token, merchants and their owners, the rewards of its colour and region,
the Queen's route there), your hand of politics cards and the nobility track. Pure
functions of a view; the numbers come from ``seeds/council/content.toml``.
"""

from __future__ import annotations

from textual.content import Content

from core.council.content import BALCONIES, C, CITY_INDEX, CITY_NAMES
from core.council.helpers import (
    balconies,
    map_cities,
    map_roads,
    nobility_spaces,
    permit_info,
    player_info,
    queen_city,
    queen_rewards_left,
    rewards_left,
    route_cost,
    shortest_route,
)
from core.council.state import State
from core.words import counted
from tui.screens.card_viewer import CardText
from tui.text import paragraphs
from tui.widgets.players import player_glyph, player_style, player_tag

COUNCIL_NAME = {"coast": "Coast council", "hills": "Hills council", "mountains": "Mountains council",
                "royal": "Queen's council"}


def colours_text(members: list[str]) -> str:
    """A balcony's councillors in words, newest first: "blue, pink, black, purple"."""
    return ", ".join(members)


def hand_words(hand: dict[str, int]) -> str:
    """Politics cards in words: "orange, 2 blue, white, 2 purple, 3 jokers"."""
    return ", ".join(f"{count} {name}{'s' if name == 'joker' else ''}" if count > 1 else name
                     for name, count in hand.items()) or "no cards"


def cost_table() -> str:
    """What a council costs by the cards played, from the content: "1 card 10 coins, 2 cards
    7, 3 cards 4, 4 cards 0; +1 coin for each joker"."""
    parts = [f"{counted(n, 'card')} {C.permit_cost[n]} coins" if n == 1 else f"{n} cards {C.permit_cost[n]}"
             for n in range(1, 5)]
    return ", ".join(parts) + f"; +{counted(C.joker_surcharge, 'coin')} for each joker"


def balcony_card(view: State, index: int, price: str) -> CardText:
    """A council: its councillors, what satisfying it gives and what it costs (``price``:
    what the viewer's cards and coins can pay, "" for a spectator)."""
    name = BALCONIES[index]
    members = balconies(view)[name]
    if name == "royal":
        gives = (f"Satisfy it to build with the Queen's help: she moves to the city you build in, for "
                 f"{counted(C.royal_per_road, 'coin')} a road on the shortest route, on top of the council's coins.")
    else:
        gives = f"Satisfy it to take one of the two face-up {name} permits."
    text = (f"Councillors, newest first: {colours_text(members)}.\n{gives}\n"
            f"Satisfying it: play 1 to 4 politics cards, each matching a councillor's colour (a joker "
            f"matches any), and pay for the councillors left unmatched: {cost_table()}.\n"
            f"Main action: elect a councillor (the new one pushes out the oldest) and take "
            f"{C.elect_income} coins; quick action: the same for {counted(C.elect_quick_servants, 'servant')}, "
            "no coins.")
    state = []
    if name == "royal":
        letter = queen_city(view)
        left = queen_rewards_left(view)
        state.append(f"The Queen ♛ is in {letter} {CITY_NAMES[CITY_INDEX[letter]]}.")
        state.append("Queen's reward tiles left: " + (", ".join(map(str, left)) + " VP" if left else "none")
                     + " (the top one goes with each colour or region reward).")
    if price:
        state.append(f"You: {price}.")
    return CardText(COUNCIL_NAME[name], paragraphs(text), paragraphs("\n".join(state)))


def permit_card(view: State, tile: str, price: str, free: bool) -> CardText:
    """A face-up permit: the cities it lets you build in, its bonus, its council's price."""
    info = permit_info(tile)
    cities = ", ".join(f"{c} {CITY_NAMES[CITY_INDEX[c]]}" for c in info.cities)
    text = (f"Lets its owner build a merchant in one of: {cities} (once; the permit is then used).\n"
            f"Bonus when taken: {info.bonus}.\n"
            f"Take it by satisfying the {info.region} council; a new {info.region} permit is turned "
            "face up in its place.")
    state = "Free now (your nobility bonus)." if free else (f"You: {price}." if price else "")
    return CardText(f"{info.region.capitalize()} permit {''.join(info.cities)}", paragraphs(text), paragraphs(state))


def rewards_text(view: State, colour: str, region: str) -> str:
    """The reward tiles a city counts towards, for a merchant in every city of its colour
    and of its region: "rewards: gold cities 20 VP, coast 5 VP" ("taken" once gone)."""
    left = rewards_left(view)
    parts = []
    for key, what in ((colour, f"{colour} cities"), (region, region)):
        if key != "royal":
            parts.append(f"{what} {left[key]} VP" if key in left else f"{what} taken")
    return "rewards: " + ", ".join(parts) if parts else ""


def city_card(view: State, letter: str, need: str) -> CardText:
    """A city: its region and colour, its bonus token, roads, merchants, the rewards of its
    colour and region, and the Queen's route there (``need``: what building there takes
    or lacks now, for the viewer)."""
    city = next(c for c in map_cities(view) if c.letter == letter)
    roads = sorted({b if a == letter else a for a, b in map_roads(view) if letter in (a, b)})
    neighbours = ", ".join(f"{c} {CITY_NAMES[CITY_INDEX[c]]}" for c in roads)
    token = (f"Bonus token: {city.token} — whoever builds here gains it, and the tokens of every city "
             "their merchants link to it by roads." if city.token else
             "No bonus token (the royal city).")
    kind = "The royal city" if city.colour == "royal" else f"A {city.colour} city"
    text = "\n".join([
        f"{kind} of the {city.region} region.", token,
        f"Reward tiles for a merchant in every city of its colour and of its region — "
        f"{rewards_text(view, city.colour, city.region).removeprefix('rewards: ')} (with each, the top "
        "Queen's tile while any remain).",
        f"Roads to: {neighbours}.",
        "Building here takes a permit naming it or the Queen's help, and 1 servant for each merchant "
        "already there.",
    ])
    owners = [Content.styled(f"{player_glyph(s)} {view.names[s]}", player_style(s)) for s in city.merchants]
    if city.neutral:
        owners.append(paragraphs("n a neutral merchant"))
    lines = [Content.assemble("Merchants: ", Content(", ").join(owners) if owners else "none")]
    queen = queen_city(view)
    if queen == letter:
        lines.append(paragraphs("The Queen ♛ is here."))
    else:
        route = shortest_route(view, queen, letter)
        lines.append(paragraphs(f"The Queen's route from {queen}: {'→'.join(route)}, {counted(len(route) - 1, 'road')}, "
                           f"{counted(route_cost(view, queen, letter), 'coin')}."))
    if need:
        lines.append(paragraphs(f"You: {need}."))
    return CardText(f"{letter} {city.name}", paragraphs(text), Content("\n").join(lines))


def hand_card(view: State, seat: int, paying: bool) -> CardText:
    """The viewer's politics cards."""
    info = player_info(view, seat)
    hand = hand_words(info.hand) if info.hand is not None else f"{info.hand_size} cards"
    text = ("Politics cards satisfy a council: each card matches a councillor of its colour, a "
            f"joker matches any. {cost_table().capitalize()}. "
            "You draw one at the start of each of your turns.")
    state = f"Your cards: {hand} ({info.hand_size})."
    if paying:
        state += "\nEnter lists the payments you can make, each with its coin cost."
    return CardText("Your politics cards", paragraphs(text), paragraphs(state))


def nobility_card(view: State) -> CardText:
    """The nobility track: every bonus space and where each player stands."""
    spaces = nobility_spaces()
    text = ("Steps on the nobility track come from bonuses; a player who reaches a space gains "
            "what is printed there:\n" + "\n".join(f"step {step}: {what}" for step, what in spaces.items())
            + f"\nAt the end, the most advanced scores {C.nobility_first} VP and the next "
            f"{C.nobility_second} VP.")
    players = [Content.assemble(player_tag(seat, name), f" step {view.nobility[seat]}")
               for seat, name in enumerate(view.names)]
    return CardText(f"Nobility track (0–{len(spaces) and max(spaces)})", paragraphs(text),
                    Content.assemble("Now: ", Content(", ").join(players)))


def next_bonus(view: State, seat: int) -> str:
    """The next bonus space ahead of ``seat`` on the nobility track: "step 2: 2 VP + 2
    coins", or "" past the last."""
    for step, what in nobility_spaces().items():
        if step > view.nobility[seat]:
            return f"step {step}: {what}"
    return ""

