"""Settlement player words: move labels, the log, prompts, progress and the rules appendix.

Everything here is plain text from the state's public parts and its ``events`` (see
:mod:`core.settlement.state`), so any view gives the same words.
"""

from __future__ import annotations

from core.settlement import rules
from core.settlement.actions import (
    Action,
    Buy,
    Done,
    Finish,
    Other,
    Pay,
    PayOne,
    Pick,
    Refuse,
    Specialty,
    Swap,
)
from core.settlement.content import (
    BP,
    CHARACTER_AT,
    CHARACTERS,
    FATE,
    GATES,
    ITEMS,
    RESOURCE_SHORT,
    RESOURCES,
    RP,
    STORAGE_CAP,
    TRADE,
)
from core.settlement.state import State


def amount(n: int, resource: int) -> str:
    """ "3 food", "1 RP", "2 BP" (building and research points by their short names).

    >>> amount(3, 0), amount(1, 5)
    ('3 food', '1 RP')
    """
    return f"{n} {RESOURCE_SHORT[resource]}"


def cost_text(cost: tuple[int, ...]) -> str:
    """An item's cost: "6 wood, 5 stone, 5 BP"."""
    return ", ".join(amount(n, r) for r, n in enumerate(cost) if n)


POINT_WORDS = {RP: "research point", BP: "building point"}
"""Research and building points by their whole names (the stock calls them RP and BP)."""


def amount_words(n: int, resource: int) -> str:
    """ "3 food", "1 research point", "5 building points": every word whole.

    >>> amount_words(1, 5), amount_words(5, 6), amount_words(2, 1)
    ('1 research point', '5 building points', '2 wood')
    """
    if resource in POINT_WORDS:
        return f"{n} {POINT_WORDS[resource]}{'' if n == 1 else 's'}"
    return f"{n} {RESOURCE_SHORT[resource]}"


def cost_words(amounts: tuple[int, ...] | list[int]) -> str:
    """Amounts per resource in whole words: "6 wood, 5 stone, 5 building points"."""
    return ", ".join(amount_words(n, r) for r, n in enumerate(amounts) if n)


def specialty_text(character: int) -> str:
    """What a character's specialty does, in a few words."""
    spec = CHARACTERS[character]
    if spec.kind == TRADE:
        return "trade up to the roll"
    if spec.source >= 0:
        return f"smelt {RESOURCE_SHORT[spec.source]} into {RESOURCE_SHORT[spec.product]}"
    return f"roll for {RESOURCE_SHORT[spec.product]}"


def roll_range(state: State, character: int) -> str:
    """The least and the most a specialty result can be now: "1-6", "2-7", "2-12", "0-4"."""
    dice = rules.specialty_dice(state, character)
    bonus = rules.specialty_bonus(state, character)
    return f"{max(0, dice + bonus)}-{max(0, 6 * dice + bonus)}"


def roll_how(state: State, character: int) -> str:
    """How the specialty result is rolled now, in words: "a die", "a die +1", "2 dice -2"."""
    dice = rules.specialty_dice(state, character)
    bonus = rules.specialty_bonus(state, character)
    return ("2 dice" if dice == 2 else "a die") + (f" {bonus:+d}" if bonus else "")


def specialty_gain(state: State, character: int) -> str:
    """What specialty work would give now: "1-6 food", "trade up to 3-8 goods",
    "1-6 ore into iron"."""
    spec = CHARACTERS[character]
    span = roll_range(state, character)
    if spec.kind == TRADE:
        return f"trade up to {span} goods"
    if spec.source >= 0:
        return f"{span} {RESOURCE_SHORT[spec.source]} into {RESOURCE_SHORT[spec.product]}"
    return f"{span} {RESOURCE_SHORT[spec.product]}"


def specialty_roll(state: State, character: int) -> str:
    """What specialty work would give now and how it is rolled: "1-6 food (a die)",
    "trade up to 3-8 goods (a die +2)"."""
    return f"{specialty_gain(state, character)} ({roll_how(state, character)})"


def item_effects(item: int) -> list[tuple[str, str]]:
    """Each effect of a building or invention, from its content: a few words ("Hunter's
    result +1") and a sentence saying it whole."""
    it = ITEMS[item]
    said = [(f"{CHARACTERS[c].name}'s result +{n}", f"The {CHARACTERS[c].name}'s specialty result +{n}.")
            for c, n in enumerate(it.bonus) if n]
    if it.no_storage_cap:
        said.append(("no storage cap", f"No storage cap: goods are no longer cut back to {STORAGE_CAP} at "
                     "Losses (rot and the loss of building points still happen)."))
    if it.rot_modifier:
        said.append((f"rot {it.rot_modifier:+d}", f"Food rot at Losses {it.rot_modifier:+d} (never below 0)."))
    if it.fireproof:
        said.append(("Fire does nothing", "The Fire fate card does nothing."))
    if it.no_tax:
        said.append(("no trade tax", "The Merchant never pays the trade tax."))
    if it.gate:
        said.append((f"opens rectangle {it.gate}", f"Opens rectangle {it.gate} of the satisfaction pyramid: "
                     "no token goes there (nor beyond) until it stands."))
    if it.smiles:
        extra = it.smiles - 1 if it.invention else 0
        whole = (("+1 smile every round, as every invention gives"
                  + (f", and {extra} more: {it.smiles} smiles a round." if extra else "."))
                 if it.invention else f"+{it.smiles} smiles every round.")
        said.append((f"{it.smiles} smile{'s' if it.smiles != 1 else ''} a round", whole))
    return said


def item_effect(item: int) -> str:
    """What a building or invention does, in a few words."""
    return ", ".join(short for short, _ in item_effects(item))


def describe(action: Action, state: State | None = None) -> str:
    """Short text for a move (the move list)."""
    kind = type(action)
    if kind is Pick:
        assert isinstance(action, Pick)
        c = CHARACTERS[action.character]
        return f"Take the {c.name} ({specialty_text(c.index)})"
    if kind is Specialty:
        if state is not None and rules.acting_character(state) >= 0:
            return f"Specialty: {specialty_roll(state, rules.acting_character(state))}"
        return "Specialty work"
    if kind is Other:
        assert isinstance(action, Other)
        if RESOURCES[action.product] == "iron":
            return "Make 1 iron from 1 ore"
        return f"Make {amount(1, action.product)}"
    if kind is Swap:
        assert isinstance(action, Swap)
        return f"Buy 1 {RESOURCE_SHORT[action.buy]}, pay 1 {RESOURCE_SHORT[action.pay]}"
    if kind is Finish:
        assert isinstance(action, Finish)
        if action.tax < 0:
            return "Finish the trade"
        return f"Finish, tax 1 {RESOURCE_SHORT[action.tax]}"
    if kind is Pay:
        return "Pay the Tax collector 3 goods"
    if kind is PayOne:
        assert isinstance(action, PayOne)
        return f"Pay 1 {RESOURCE_SHORT[action.good]}"
    if kind is Refuse:
        return "Refuse: lose 5 smiles"
    if kind is Buy:
        assert isinstance(action, Buy)
        it = ITEMS[action.item]
        return f"Buy the {it.name} ({cost_text(it.cost)})"
    if kind is Done:
        return "Done buying"
    return repr(action)


def narrate(action: Action, seat: int, before: State, after: State) -> str:
    """The log's words for ``seat``'s move (about that player), with what it caused."""
    who = before.names[seat]
    kind = type(action)
    character = rules.acting_character(before)
    role = f"{CHARACTERS[character].name} ({who})" if character >= 0 else f"Mayor {who}"
    if kind is Pick:
        assert isinstance(action, Pick)
        return f"{who} takes the {CHARACTERS[action.character].name}."
    if kind is Specialty:
        return f"{role} works the specialty."
    if kind is Other:
        assert isinstance(action, Other)
        if RESOURCES[action.product] == "iron":
            return f"{role} turns 1 ore into 1 iron."
        return f"{role} makes {amount(1, action.product)}."
    if kind is Swap:
        assert isinstance(action, Swap)
        return f"{role} buys 1 {RESOURCE_SHORT[action.buy]} for 1 {RESOURCE_SHORT[action.pay]}."
    if kind is Finish:
        return f"{role} ends the trade."
    if kind is Pay:
        return f"{role} pays the Tax collector."
    if kind is PayOne:
        assert isinstance(action, PayOne)
        return f"{role} pays 1 {RESOURCE_SHORT[action.good]}."
    if kind is Refuse:
        return f"{role} refuses the Tax collector."
    if kind is Buy:
        assert isinstance(action, Buy)
        return f"{role} buys the {ITEMS[action.item].name}."
    if kind is Done:
        return f"{role} is done buying."
    return describe(action, before)


def _dice(first: int, second: int) -> str:
    return f"{first}" if second == 0 else f"{first}+{second}"


def _rolls(pairs: tuple[int, ...], names: tuple[str, ...]) -> str:
    return ", ".join(f"{names[pairs[i]]} {pairs[i + 1]}" for i in range(0, len(pairs), 2))


def event_line(event: tuple[int | str, ...], names: tuple[str, ...]) -> str:
    """One event in words (see :data:`core.settlement.state.EVENT_KINDS`)."""
    kind, *v = event
    if kind == "pick_rolls":
        return f"Rolls for the pick order: {_rolls(tuple(int(x) for x in v), names)}."
    if kind == "mayor_rolls":
        return f"Rolls for the first mayor: {_rolls(tuple(int(x) for x in v), names)}."
    if kind == "dealt":
        return "The characters are dealt."
    if kind == "first_mayor":
        return f"{names[int(v[0])]} is the first mayor."
    if kind == "round":
        return f"Round {v[0]} begins."
    if kind == "mayor":
        return f"The mayor card passes to {names[int(v[0])]}."
    if kind == "feed":
        eaten, missing = int(v[0]), int(v[1])
        if missing == 0:
            return f"The settlers eat {eaten} food."
        return f"The settlers eat {eaten} food; {missing} food is missing."
    if kind == "token_lost":
        return f"Hunger: the token on rectangle {v[0]} is lost."
    if kind == "starved":
        return "No token is left to lose: the settlement starves."
    if kind == "work":
        c, first, second, bonus, result, made = (int(x) for x in v)
        spec = CHARACTERS[c]
        roll = _dice(first, second) + (f" {bonus:+d}" if bonus else "")
        if bonus or second:
            roll += f" = {result}"
        if spec.kind == TRADE:
            return f"{spec.name} rolls {roll}: may buy up to {result} goods."
        if spec.source >= 0:
            return f"{spec.name} rolls {roll}: smelts {made} ore into iron."
        return f"{spec.name} rolls {roll}: {amount(made, spec.product)}."
    if kind == "other":
        return ""
    if kind == "skip":
        return f"Fever: the {CHARACTERS[int(v[0])].name} does not work."
    if kind == "swap":
        return ""
    if kind == "tax":
        return f"Trade tax: 1 {RESOURCE_SHORT[int(v[0])]}."
    if kind == "trade_end":
        return "The Merchant buys nothing." if int(v[0]) == 0 else f"The Merchant bought {v[0]} goods."
    if kind == "reshuffle":
        return "The fate discards are shuffled into a new pile."
    if kind == "fate":
        card = FATE[int(v[0])]
        return f"Fate: {card.name}. {card.text}"
    if kind == "gain":
        return f"Gained {amount(int(v[1]), int(v[0]))}."
    if kind == "lose":
        return f"Lost {amount(int(v[1]), int(v[0]))}."
    if kind == "pool":
        delta = int(v[0])
        return f"Smiles {delta:+d}." if delta else "No smiles to lose."
    if kind == "no_effect":
        return "It has no effect."
    if kind == "tax_paid":
        return ""
    if kind == "buy":
        return ""
    if kind == "rot":
        first, second, lost = (int(x) for x in v)
        if first < 0:
            return "Frost: no food rots."
        return f"Rot roll {first if second == 0 else f'{first} and {second}'}: {lost} food rots."
    if kind == "bp_lost":
        return f"Unused BP lost: {v[0]}."
    if kind == "cap":
        return f"Storage: {amount(int(v[1]), int(v[0]))} over the cap thrown away."
    if kind == "smiles":
        die, gained, over = (int(x) for x in v)
        extra = f" ({over} over the pool's cap of 20 lost)" if over else ""
        return f"Satisfaction: rolled {die}, {gained} smiles{extra}."
    if kind == "token":
        return f"A token goes on rectangle {v[0]}."
    if kind == "gated":
        rect = int(v[0])
        return f"Rectangle {rect} needs the {ITEMS[GATES[rect]].name}: no token."
    if kind == "won":
        return f"All ten tokens: the town is content in round {v[0]}!"
    if kind == "time":
        return f"Round {v[0]} was the last: the town is not content in time."
    return ""


def effects(state: State) -> list[str]:
    """The latest move's events in words (dice, fate, losses, satisfaction), skipping the
    ones the move's own line already says."""
    lines = [event_line(e, state.names) for e in state.events]
    return [line for line in lines if line]


def prompt(state: State, seat: int) -> str:
    """What ``seat`` has to decide now."""
    step = state.step
    if step == "pick":
        return "Take a character."
    # (the progress before it names the character: "Round 3/13 · Builder")
    if step == "work":
        c = CHARACTERS[CHARACTER_AT[state.pos]]
        if c.kind == TRADE:
            return f"trade (up to {roll_range(state, c.index)} goods) or other work."
        return f"specialty ({specialty_gain(state, c.index)}) or other work."
    if step == "trade":
        left = state.trade_limit - state.swaps()
        more = "" if state.swaps() == 0 else " more"
        return f"trade: buy up to {left}{more} good{'s' if left != 1 else ''}, pay as many others."
    if step == "tax":
        return "Tax collector: pay 3 goods or lose 5 smiles."
    if step == "tax_pay":
        return f"Tax collector: pay {state.tax_left} more good{'s' if state.tax_left != 1 else ''}."
    if step == "shop":
        return "buy buildings and inventions, then Done."
    return "The game is over."


def progress(state: State) -> str:
    """ "Round 7/13 · Merchant" or "Won in round 11" / "Lost (starved) in round 5"."""
    if state.step == "over":
        if state.outcome == "won":
            return f"Won in round {state.end_round}/{state.limit}"
        reason = "starved" if state.outcome == "starved" else "out of time"
        return f"Lost ({reason}) in round {state.end_round}/{state.limit}"
    if state.step == "pick":
        return f"Choosing characters · Round 1/{state.limit}"
    field = state.field()
    where = CHARACTERS[CHARACTER_AT[state.pos]].name if state.pos in CHARACTER_AT else field.title()
    return f"Round {state.round}/{state.limit} · {where}"


def rules_appendix() -> str:
    """Every building, invention and fate card, from the content data (rules help)."""
    lines = ["## Buildings", "", "| Building | Cost | What it does |", "|---|---|---|"]
    for it in ITEMS:
        if not it.invention:
            lines.append(f"| {it.name} | {cost_text(it.cost)} | {item_effect(it.index) or '—'} |")
    lines += ["", "## Inventions", "", "Every invention adds 1 smile in every satisfaction phase.", "",
              "| Invention | Cost | What it does |", "|---|---|---|"]
    for it in ITEMS:
        if it.invention:
            lines.append(f"| {it.name} | {cost_text(it.cost)} | {item_effect(it.index)} |")
    lines += ["", "## Fate cards", "", "One copy of each; the pile is shuffled again when it runs out.", "",
              "| Card | What happens |", "|---|---|"]
    for card in FATE:
        lines.append(f"| {card.name} | {card.text} |")
    return "\n".join(lines) + "\n"


