"""Player-facing texts for El Grande: action descriptions, veto questions and prompts.

Secrets never reach a public text. :func:`describe` hides the region of a :class:`Disk` and
the value of a hidden :class:`TakeBack` unless it is given the *view* of a seat that is
deciding right now (menus pass that view); with the full state, a spectator's view, another
seat's view or no state at all (the shared log, saves) it says only "Set the secret disk" /
"Take back a power card".
"""

from __future__ import annotations

from core.elgrande.actions import (
    Action,
    Allow,
    Court,
    CourtFrom,
    CourtStop,
    Disk,
    Grande,
    King,
    Movement,
    Pick,
    Place,
    PlaceDone,
    PlaceExtra,
    Power,
    Remove,
    Ret,
    Score,
    Scoreboard,
    SpecialDone,
    SpecialGo,
    SpecialSkip,
    Take,
    TakeBack,
    To,
    Veto,
)
from core.elgrande.content import (
    BOARD,
    CARD_STACK,
    CARDS,
    CASTILLO,
    COURT,
    E_DECAY,
    E_KING_RETURNS,
    E_POWER_BACK,
    E_SCORE_CASTILLO,
    E_SCORE_CLASS,
    E_SCORE_FIRST_ONLY,
    E_SCORE_LEAST,
    E_SCORE_MOST,
    E_SECRET_REMOVE,
    E_UNIQUE_SCORING,
    NUM_REGIONS,
    REGIONS,
    area_name,
)
from core.elgrande.state import (
    BID,
    BODY,
    COURT as COURT_PHASE,
    D_GENERAL,
    D_MOVEMENT,
    D_REMOVE,
    D_UNIQUE,
    DISK,
    FULL,
    M_EXTRA,
    M_MOVE,
    M_PULL,
    M_REMOVE,
    M_TAKEBACK,
    NOT_STARTED,
    OVER,
    PULL,
    RET,
    RUNNING,
    TAKE,
    VETO,
    State,
)
from core.words import counted


def _name(state: State | None, seat: int) -> str:
    if state is None or not 0 <= seat < state.players:
        return f"seat {seat}"
    return state.names[seat]


def _area(area: int) -> str:
    if not isinstance(area, int) or isinstance(area, bool):
        return repr(area)
    if area == CASTILLO:
        return "the Castillo"
    if 0 <= area < CASTILLO:
        return area_name(area)
    if area == COURT:
        return "the court"
    return f"area {area}"


def _region(region: int) -> str:
    if isinstance(region, int) and not isinstance(region, bool) and 0 <= region < NUM_REGIONS:
        return REGIONS[region].name
    return f"region {region!r}"


def _go_phrase(state: State | None, own: str = "your") -> str:
    """What ``special_go`` does for the current card, as a verb phrase (``own``: "your"/"their")."""
    if state is None or not 0 <= state.card < len(CARDS):
        return "carry out the special action"
    card = CARDS[state.card]
    effect = card.effect
    if effect == E_DECAY:
        what = "all court caballeros" if card.count < 0 else f"{card.count} court caballeros"
        return f"send {what} of every opponent back to the provinces"
    if effect == E_KING_RETURNS:
        return f"make every opponent send {card.count} caballeros home"
    if effect == E_SECRET_REMOVE:
        what = "all caballeros" if card.count < 0 else f"{card.count} caballeros"
        return f"make every opponent lose {what} in a region chosen by secret disk"
    if effect == E_UNIQUE_SCORING:
        return "have everyone choose a region by secret disk and score the lonely choices"
    if effect == E_SCORE_CLASS:
        firsts = "/".join(str(v) for v in card.firsts)
        return f"score every {firsts}-region"
    if effect == E_SCORE_CASTILLO:
        return "score the Castillo"
    if effect == E_SCORE_FIRST_ONLY:
        return "score all regions, leaders only"
    if effect == E_SCORE_MOST:
        return "score the fullest region(s)"
    if effect == E_SCORE_LEAST:
        return "score the emptiest region(s)"
    if effect == E_POWER_BACK:
        return f"take back one of {own} played power cards"
    return f"carry out {card.name}"


def _go_text(state: State | None) -> str:
    phrase = _go_phrase(state)
    return phrase[0].upper() + phrase[1:]


def _visible_take_back(state: State | None, seat: int, value: int) -> bool:
    """True if taking ``value`` back is seen by everyone (it is the top of the pile)."""
    if state is None or not 0 <= seat < state.players:
        return False
    pile = state.pile(seat)
    return bool(pile) and pile[-1] == value


def _chooser_view(state: State | None) -> bool:
    """True if ``state`` is the view of a seat that must decide now (its own menu)."""
    if state is None or state.viewer == FULL or state.viewer < 0:
        return False
    from core.elgrande.rules import to_act

    return state.viewer in to_act(state)


def describe(action: Action, state: State | None = None, public: bool = False) -> str:
    """Short text for an action; secrets are hidden unless ``state`` is the chooser's view."""
    match action:
        case Power(value=value):
            if isinstance(value, int) and 0 < value < len(BOARD.power_caballeros):
                return f"Play power card {value} ({counted(BOARD.power_caballeros[value], 'caballero')} to court)"
            return f"Play power card {value}"
        case Court(n=n):
            if state is not None and state.phase == BODY:
                return f"Bring {counted(n, 'caballero')} from the provinces to the court (The Court)"
            return f"Bring {counted(n, 'caballero')} from the provinces to the court"
        case CourtFrom(region=region):
            return f"Take a caballero from {_region(region)} back into the court"
        case CourtStop():
            return "Stop taking caballeros from regions"
        case Take(stack=stack):
            if state is not None and isinstance(stack, int) and 1 <= stack <= 5 and state.face_up[stack - 1] >= 0:
                card = CARDS[state.face_up[stack - 1]]
                return f"Take {card.name} (place up to {stack})"
            return f"Take the card of stack {stack}"
        case Place(dest=dest):
            return f"Place a caballero in {_area(dest)}"
        case PlaceDone():
            return "Finish placing caballeros"
        case SpecialSkip():
            return "Skip the special action"
        case SpecialGo():
            return _go_text(state)
        case SpecialDone():
            return "End the special action"
        case Pick(region=region, seat=seat):
            if state is not None and seat == state.cur:
                return f"Pick one of your caballeros in {_region(region)}"
            return f"Pick a caballero of {_name(state, seat)} in {_region(region)}"
        case To(dest=dest):
            if state is not None and state.pick_region >= 0:
                whose = _name(state, state.pick_seat)
                return f"Move {whose}'s caballero from {_region(state.pick_region)} to {_area(dest)}"
            return f"Move the picked caballero to {_area(dest)}"
        case PlaceExtra(dest=dest):
            return f"Place an extra court caballero in {_area(dest)}"
        case Ret(source=source):
            return f"Send a caballero from {_area(source)} to the provinces"
        case Disk(region=region):
            if not public and _chooser_view(state):
                return f"Point your secret disk at {_region(region)}"
            return "Set the secret disk"
        case Remove(seat=seat, region=region):
            return f"Send a caballero of {_name(state, seat)} home from {_region(region)}"
        case Score(area=area):
            return f"Score {_area(area)} now"
        case Scoreboard(board=board, region=region):
            name = BOARD.scoreboard_names[board] if board in (0, 1) else f"scoreboard {board}"
            return f"Put the {name} on {_region(region)}"
        case TakeBack(value=value):
            cur = state.cur if state is not None else -1
            if (not public and _chooser_view(state)) or _visible_take_back(state, cur, value):
                return f"Take back power card {value}"
            return "Take back a power card"
        case Grande(region=region):
            return f"Move your Grande to {_region(region)}"
        case King(region=region):
            return f"Move the King to {_region(region)}"
        case Movement(region=region):
            return f"Name {_region(region)} for Movement"
        case Veto():
            return "Veto!"
        case Allow():
            return "Allow it"
        case _:
            return repr(action)


def proposal_phrase(state: State, action: Action) -> str:
    """What the acting player is about to do, as a verb phrase ("move the King to Galicia")."""
    match action:
        case SpecialGo():
            return _go_phrase(state, "their")
        case To(dest=dest):
            if state.pick_region >= 0:
                whose = (
                    "one of their own caballeros"
                    if state.pick_seat == state.cur
                    else (f"a caballero of {state.names[state.pick_seat]}")
                )
                return f"move {whose} from {_region(state.pick_region)} to {_area(dest)}"
            return f"move a caballero to {_area(dest)}"
        case PlaceExtra(dest=dest):
            return f"place an extra caballero in {_area(dest)}"
        case Remove(seat=seat, region=region):
            return f"send a caballero of {state.names[seat]} home from {_region(region)}"
        case Score(area=area):
            return f"score {_area(area)}"
        case Scoreboard(board=board, region=region):
            return f"put the {BOARD.scoreboard_names[board]} on {_region(region)}"
        case Grande(region=region):
            return f"move the Grande to {_region(region)}"
        case King(region=region):
            return f"move the King to {_region(region)}"
        case Court(n=n):
            return f"bring {counted(n, 'caballero')} from the provinces to the court"
        case CourtFrom(region=region):
            return f"take a caballero from {_region(region)} into the court"
        case Movement(region=region):
            return f"name {_region(region)} for Movement"
    text = describe(action, state, public=True)
    return text[0].lower() + text[1:]


def veto_prompt(state: State) -> str:
    """The pending Veto question ("Ann is about to move the King to Galicia."), or ""."""
    if state.phase != VETO or state.proposal is None:
        return ""
    card = CARDS[state.card].name if state.card >= 0 else "a card"
    return f"{state.names[state.cur]} is about to {proposal_phrase(state, state.proposal)} ({card})."


def prompt(state: State, seat: int) -> str:
    """What ``seat`` has to decide now, in a few words (or whom it waits for)."""
    from core.elgrande.rules import to_act

    phase = state.phase
    if phase == OVER:
        return "The game is over."
    acting = to_act(state)
    if seat not in acting:
        if phase == DISK:
            if seat in state.disk_group:
                return "Your disk is set; waiting for the others."
            return "Waiting for " + ", ".join(state.names[s] for s in acting) + " to set their secret disks."
        return f"Waiting for {state.names[acting[0]]}."
    if phase == BID:
        taken = sorted(v for v in state.bids if v)
        note = f" (played: {', '.join(map(str, taken))})" if taken else ""
        return f"Play a power card{note}."
    if phase == COURT_PHASE:
        from core.elgrande.content import BOARD as _B

        allowed = _B.power_caballeros[state.bids[seat]]
        return (
            f"Bring up to {counted(allowed, 'caballero')} from your provinces "
            f"({state.provinces[seat]}) to your court."
        )
    if phase == PULL:
        return (
            f"Provinces empty: take up to {counted(state.refill_left, 'caballero')} from your regions "
            "into your court, or stop."
        )
    if phase == TAKE:
        return "Take one of the face-up action cards."
    if phase == VETO:
        return veto_prompt(state) + " Veto it?"
    if phase == RET:
        return (
            f"The King returns!: send {state.ret_owed} more of your caballeros (court or regions, "
            "not the King's region) to the provinces."
        )
    if phase == DISK:
        purpose = state.disk_purpose
        if purpose == D_GENERAL:
            count = state.castillo_insertions(seat) if state.castillo_masked else state.castillo[seat]
            return (
                f"Secretly choose the region that receives your {counted(count, 'caballero')} "
                "from the Castillo."
            )
        if purpose == D_REMOVE:
            return "Secretly choose the region where you lose caballeros."
        if purpose == D_UNIQUE:
            return "Secretly choose a region to score (only regions nobody else picks are scored)."
        if purpose == D_MOVEMENT:
            return f"Secretly choose where your caballeros in {_region(state.disk_param)} move to."
        return "Set your secret disk."
    if phase == BODY:
        card = CARDS[state.card]
        k = CARD_STACK[state.card]
        if state.special == RUNNING:
            mode = state.sp_mode
            if mode == M_MOVE:
                if state.pick_region >= 0:
                    return f"Where does the picked caballero from {_region(state.pick_region)} go?"
                return f"{card.name}: pick the next caballero to move, or end."
            if mode == M_EXTRA:
                return f"{card.name}: place another court caballero anywhere, or end."
            if mode == M_REMOVE:
                return f"{card.name}: pick the next opponent's caballero to send home, or end."
            if mode == M_TAKEBACK:
                return "Choose the power card to take back."
            if mode == M_PULL:
                return "The Court: take caballeros from your regions into the court, or stop."
            return f"Continue {card.name}."
        from core.elgrande.rules import can_place

        parts = []
        if can_place(state):
            room = min(k - state.placed, state.court[seat])
            parts.append(f"place up to {counted(room, 'caballero')} next to the King or in the Castillo")
        if state.special == NOT_STARTED:
            parts.append(f"use {card.name} or skip it")
        text = " and/or ".join(parts) or "finish your turn"
        return text[0].upper() + text[1:] + "."
    return "Choose an action."


def progress(state: State) -> str:
    """A short progress summary ("Round 4/9, scoring after 6", "Game over")."""
    from core.elgrande.content import SETUP

    if state.phase == OVER:
        return "Game over"
    later = [r for r in SETUP.general_scoring_after if r >= state.round]
    note = f", scoring after {later[0]}" if later else ""
    return f"Round {state.round}/{SETUP.rounds}{note}"
