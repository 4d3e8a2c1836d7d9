"""Player-facing texts for El Grande: action descriptions, veto questions, prompts and the
words for the state's events (:func:`event_texts`).

Secrets never reach a public text. :func:`describe` hides the region of a :class:`Disk` and
the value of a hidden :class:`TakeBack` unless it is given the *view* of a seat that is
deciding right now (menus pass that view); with the full state, a spectator's view, another
seat's view or no state at all (the shared log, saves) it says only "Set the secret disk" /
"Take back a power card".

An action's words may depend on the state it is chosen in (the card on a stack, the picked
caballero): :func:`~core.elgrande.state.action_facts` takes those facts from the state, so
an event can word an action after the state has moved on.
"""

from __future__ import annotations

from typing import Any

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
from core.engine import Scoring
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
    action_facts,
)
from core.words import counted

Names = tuple[str, ...] | None  # the players' names, or None when no state is known


def _name(names: Names, seat: int) -> str:
    if names is None or not 0 <= seat < len(names):
        return f"seat {seat}"
    return names[seat]


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


def _go_phrase(card_type: int, own: str = "your") -> str:
    """What ``special_go`` does for the card in play (-1: unknown), as a verb phrase (``own``:
    "your"/"their")."""
    if not 0 <= card_type < len(CARDS):
        return "carry out the special action"
    card = CARDS[card_type]
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


def _go_text(card_type: int) -> str:
    phrase = _go_phrase(card_type)
    return phrase[0].upper() + phrase[1:]


def _chooser_view(state: State | None) -> bool:
    """True if ``state`` is the view of a seat that must decide now (its own menu)."""
    if state is None or state.viewer == FULL or state.viewer < 0:
        return False
    from core.elgrande.rules import to_act

    return state.viewer in to_act(state)


def describe(action: Action, state: State | None = None, public: bool = False) -> str:
    """Short text for an action; secrets are hidden unless ``state`` is the chooser's view."""
    chooser = not public and isinstance(action, (Disk, TakeBack)) and _chooser_view(state)
    names = None if state is None else state.names
    return _describe(action, names, action_facts(state, action), chooser)


def _describe(action: Action, names: Names, facts: tuple[int, ...], chooser: bool) -> str:
    """:func:`describe` from the players' names and the action's facts; ``chooser``: the
    words are for the seat choosing it (they may tell its secret)."""
    match action:
        case Power(value=value):
            if isinstance(value, int) and 0 < value < len(BOARD.power_caballeros):
                return f"Play power card {value} ({counted(BOARD.power_caballeros[value], 'caballero')} to court)"
            return f"Play power card {value}"
        case Court(n=n):
            if facts[0]:
                return f"Bring {counted(n, 'caballero')} from the provinces to the court (The Court)"
            return f"Bring {counted(n, 'caballero')} from the provinces to the court"
        case CourtFrom(region=region):
            return f"Take a caballero from {_region(region)} back into the court"
        case CourtStop():
            return "Stop taking caballeros from regions"
        case Take(stack=stack):
            if facts[0] >= 0:
                card = CARDS[facts[0]]
                return f"Take {card.name} (place up to {stack})"
            return f"Take the card of stack {stack}"
        case Place(dest=dest):
            return f"Place a caballero in {_area(dest)}"
        case PlaceDone():
            return "Finish placing caballeros"
        case SpecialSkip():
            return "Skip the special action"
        case SpecialGo():
            return _go_text(facts[0])
        case SpecialDone():
            return "End the special action"
        case Pick(region=region, seat=seat):
            if names is not None and seat == facts[0]:
                return f"Pick one of your caballeros in {_region(region)}"
            return f"Pick a caballero of {_name(names, seat)} in {_region(region)}"
        case To(dest=dest):
            if facts[0] >= 0:
                whose = _name(names, facts[1])
                return f"Move {whose}'s caballero from {_region(facts[0])} to {_area(dest)}"
            return f"Move the picked caballero to {_area(dest)}"
        case PlaceExtra(dest=dest):
            return f"Place an extra court caballero in {_area(dest)}"
        case Ret(source=source):
            return f"Send a caballero from {_area(source)} to the provinces"
        case Disk(region=region):
            if chooser:
                return f"Point your secret disk at {_region(region)}"
            return "Set the secret disk"
        case Remove(seat=seat, region=region):
            return f"Send a caballero of {_name(names, seat)} home from {_region(region)}"
        case Score(area=area):
            return f"Score {_area(area)} now"
        case Scoreboard(board=board, region=region):
            name = BOARD.scoreboard_names[board] if board in (0, 1) else f"scoreboard {board}"
            return f"Put the {name} on {_region(region)}"
        case TakeBack(value=value):
            if chooser or facts[0]:
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
    return _proposal_phrase(action, state.names, state.cur, action_facts(state, action))


def _proposal_phrase(action: Action, names: tuple[str, ...], actor: int, facts: tuple[int, ...]) -> str:
    """:func:`proposal_phrase` from the names, the acting seat and the action's facts."""
    match action:
        case SpecialGo():
            return _go_phrase(facts[0], "their")
        case To(dest=dest):
            if facts[0] >= 0:
                whose = "one of their own caballeros" if facts[1] == actor else f"a caballero of {names[facts[1]]}"
                return f"move {whose} from {_region(facts[0])} to {_area(dest)}"
            return f"move a caballero to {_area(dest)}"
        case PlaceExtra(dest=dest):
            return f"place an extra caballero in {_area(dest)}"
        case Remove(seat=seat, region=region):
            return f"send a caballero of {names[seat]} home from {_region(region)}"
        case Score(area=area):
            return f"score {_area(area)}"
        case Scoreboard(board=board, region=region):
            return f"put the {BOARD.scoreboard_names[board]} on {_region(region)}"
        case Pick(region=region, seat=seat):
            whose = "one of their own caballeros" if seat == actor else f"a caballero of {names[seat]}"
            return f"pick {whose} in {_region(region)}"
        case Grande(region=region):
            return f"move their Grande to {_region(region)}"
        case King(region=region):
            return f"move the King to {_region(region)}"
        case Court(n=n):
            return f"bring {counted(n, 'caballero')} from the provinces to the court"
        case CourtFrom(region=region):
            return f"take a caballero from {_region(region)} into the court"
        case Movement(region=region):
            return f"name {_region(region)} for Movement"
    text = _describe(action, names, facts, False)
    return text[0].lower() + text[1:]


def narration(before: State, seat: int, action: Action, after: State) -> str:
    """The log's words for ``seat``'s action: about that player ("Move their Grande to
    Galicia"), and a step that now waits for a Veto is logged as proposed, not as done."""
    facts = action_facts(before, action)
    if after.phase == VETO and after.proposal == action:
        return f"Proposes to {_proposal_phrase(action, before.names, seat, facts)}"
    return _third_person(action, before.names, seat, facts)


def _third_person(action: Action, names: tuple[str, ...], actor: int, facts: tuple[int, ...]) -> str:
    """:func:`describe`'s words, but about ``actor`` where they would say "your"."""
    if isinstance(action, (Pick, Grande, SpecialGo)):
        words = _proposal_phrase(action, names, actor, facts)
        return words[0].upper() + words[1:]
    return _describe(action, names, facts, False)


def veto_prompt(state: State) -> str:
    """The pending Veto question ("Ann is about to move the King to Galicia."), or ""."""
    if state.phase != VETO or state.proposal is None:
        return ""
    card = CARDS[state.card].name if state.card >= 0 else "a card"
    return f"{state.names[state.cur]} is about to {proposal_phrase(state, state.proposal)} ({card})."


def unplaced_by(state: State, action: Any) -> int:
    """How many caballeros the acting player could still place but loses by ``action``:
    starting the special action (or skipping it) after placing at least one caballero ends
    the placing, for the two parts are never interleaved (rules: §3.3, "Starting the special
    part (including special_skip) sets place_closed"). 0 for any other move or state.
    ``Finish placing`` is not counted: ending the placing is what it says."""
    from core.elgrande.rules import can_place

    if state.phase != BODY or state.special != NOT_STARTED or not state.placed or not can_place(state):
        return 0
    if isinstance(action, (Place, PlaceDone)):
        return 0
    return min(CARD_STACK[state.card] - state.placed, state.court[state.cur])


def unplaced_note(state: State, action: Any) -> str:
    """:func:`unplaced_by` in words ("ends placing: 2 not placed"), or ""."""
    lost = unplaced_by(state, action)
    return f"ends placing: {lost} not placed" if lost else ""


def _veto_event(state: State, seat: int) -> tuple[Any, ...] | None:
    """The latest action's Veto of a step ``seat`` proposed (``("veto", by, seat, step,
    facts)``), or None."""
    return next((e for e in state.events if e[0] == "veto" and e[2] == seat), None)


def _vetoed_step(proposal: Action) -> str:
    """A vetoed step as a noun phrase after "your" ("move of the King to Galicia"), or ""
    for steps without a short one."""
    match proposal:
        case King(region=region):
            return f"move of the King to {_region(region)}"
        case Grande(region=region):
            return f"move of your Grande to {_region(region)}"
        case Score(area=area):
            return f"scoring of {_area(area)}"
        case To(dest=dest):
            return f"move of a caballero to {_area(dest)}"
        case PlaceExtra(dest=dest):
            return f"extra caballero in {_area(dest)}"
    return ""


def vetoed_notice(state: State, seat: int) -> str:
    """What the latest action did to ``seat``: "Bea vetoed your move of the King to
    Galicia; your special action is over." (the step in full for the others: "Bea vetoed
    your special action: score the Castillo."), or "" if it vetoed nothing of ``seat``'s.
    Public: a Veto is played face up."""
    event = _veto_event(state, seat)
    if event is None:
        return ""
    by, proposal, facts = event[1], event[3], event[4]
    step = _vetoed_step(proposal)
    if step:
        return f"{_name(state.names, by)} vetoed your {step}; your special action is over."
    words = _describe(proposal, state.names, facts, False)
    return f"{_name(state.names, by)} vetoed your special action: {words[0].lower()}{words[1:]}."


def _vetoed_lead(state: State, seat: int) -> str:
    """The start of ``seat``'s prompt right after a Veto of its step, within its turn
    ("Bea vetoed your move of the King to Galicia. "; kept short for the status line)."""
    event = _veto_event(state, seat)
    if event is None or state.phase != BODY or state.cur != seat:
        return ""
    step = _vetoed_step(event[3]) or "special action"
    return f"{_name(state.names, event[1])} vetoed your {step}. "


def _where(area: int) -> str:
    return "the Castillo" if area == CASTILLO else REGIONS[area].name


def event_texts(state: State) -> list[str]:
    """What the latest action caused (``state.events``), one sentence per event, public on
    any view (kinds: :data:`core.elgrande.state.EVENTS`)."""
    return [event_text(state.names, event) for event in state.events]


def event_text(names: tuple[str, ...], event: tuple[Any, ...]) -> str:
    """One event of ``state.events`` in words."""
    kind = event[0]
    if kind == "start":
        homes = ", ".join(f"{names[s]} {REGIONS[r].name}" for s, r in enumerate(event[2]))
        return f"The King starts in {REGIONS[event[1]].name}. Home regions: {homes}."
    if kind == "round":
        cards = ", ".join(CARDS[c].name for c in event[2])
        return f"Round {event[1]}: the action cards are {cards}."
    if kind == "order":
        order = ", ".join(f"{names[s]} ({bid})" for s, bid in zip(event[1], event[2]))
        return f"Turn order: {order}."
    if kind == "general":
        return f"General scoring after round {event[1]}."
    if kind == "special_scoring":
        return f"{CARDS[event[1]].name}."
    if kind == "veto_expires":
        return f"{names[event[1]]}'s unused Veto expires."
    if kind == "over":
        winners = event[1]
        verb = "win" if len(winners) > 1 else "wins"
        return f"Game over: {' and '.join(names[s] for s in winners)} {verb} with {event[2]}."
    if kind == "auto":
        return f"{names[event[1]]}: {_third_person(event[2], names, event[1], event[3])} (only option)."
    if kind == "disk_auto":
        return f"{names[event[1]]} sets the secret disk (only one choice)."
    if kind == "veto":
        seat, actor, proposal, facts = event[1:]
        return (
            f"{names[seat]} vetoes: {names[actor]} may not "
            f"{_proposal_phrase(proposal, names, actor, facts)}; the special action ends."
        )
    if kind == "move":
        seat, owner, src, dest = event[1:]
        whose = "one of their own caballeros" if owner == seat else f"a caballero of {names[owner]}"
        return f"{names[seat]} moves {whose} from {REGIONS[src].name} to {_where(dest)}."
    if kind == "extra":
        return f"{names[event[1]]} places an extra caballero in {_where(event[2])}."
    if kind == "remove":
        seat, owner, region = event[1:]
        return f"{names[seat]} sends a caballero of {names[owner]} home from {REGIONS[region].name}."
    if kind == "scoreboard":
        seat, board, region = event[1:]
        return f"{names[seat]} puts the {BOARD.scoreboard_names[board]} on {REGIONS[region].name}."
    if kind == "grande":
        return f"{names[event[1]]} moves the Grande to {REGIONS[event[2]].name}."
    if kind == "king":
        return f"{names[event[1]]} moves the King to {REGIONS[event[2]].name}."
    if kind == "court":
        return f"{names[event[1]]} brings {event[2]} caballero(s) from the provinces to the court."
    if kind == "court_from":
        return f"{names[event[1]]} takes a caballero from {REGIONS[event[2]].name} into the court."
    if kind == "movement":
        return f"{names[event[1]]} names {REGIONS[event[2]].name} for Movement."
    if kind == "decay":
        moved = ", ".join(f"{names[s]} {k}" for s, k in zip(event[1], event[2]))
        return f"Back to the provinces from the courts: {moved}."
    if kind == "returns_all":
        return f"{names[event[1]]} returns all {event[2]} available caballeros to the provinces."
    if kind == "no_disks":
        return "Nobody has to set a secret disk."
    if kind == "disks":
        shown = ", ".join(f"{names[s]} → {REGIONS[r].name}" for s, r in zip(event[1], event[2]))
        return f"Secret disks revealed: {shown}."
    if kind == "empty_board":
        return "No region holds a caballero: nothing is scored."
    if kind == "no_lonely":
        return "No region was chosen by exactly one player: nothing is scored."
    if kind == "castillo":
        counts = ", ".join(f"{names[s]} {c}" for s, c in enumerate(event[1]) if c)
        return f"The Castillo holds: {counts or 'nothing'}."
    if kind == "scored":
        return _scored_text(names, *event[1:])
    raise ValueError(f"unknown El Grande event {kind!r}")


def scoring_report(state: State) -> Scoring | None:
    """The scoring the latest action set off (a general scoring, or a card's special one),
    region by region, from ``state.events`` (public: the same on every view); None if the
    action scored nothing."""
    events = state.events
    kinds = {event[0] for event in events}
    if not kinds & {"scored", "empty_board", "no_lonely"}:
        return None
    names = state.names
    # The scoring is the one named last before its first region is scored (a general
    # scoring that only begins after it, with the round's end, is told in the log).
    title = "Special scoring"
    for event in events:
        if event[0] in ("scored", "empty_board", "no_lonely"):
            break
        if event[0] == "general":
            title = f"General scoring after round {event[1]}"
        elif event[0] == "special_scoring":
            title = CARDS[event[1]].name  # which scoring it is: "Special scoring: leaders only"
    rows = []
    notes = []
    for event in events:
        kind = event[0]
        if kind == "scored":
            area, points, king, grande = event[1:]
            where = BOARD.castillo_name if area == CASTILLO else REGIONS[area].name
            rows.append((where, tuple(points)))
            for seat, bonus in ((king, "King"), (grande, "Grande")):
                if seat is not None and seat >= 0:
                    notes.append(f"{where}: {names[seat]} gets the {bonus} bonus.")
        elif kind in ("castillo", "disks", "empty_board", "no_lonely"):
            notes.append(event_text(names, event))
    return Scoring(title, state.players, tuple(rows), tuple(notes))


def _scored_text(names: tuple[str, ...], area: int, points: tuple[int, ...], king: int, grande: int) -> str:
    parts = []
    for s, total in enumerate(points):
        if total:
            extra = []
            if s == king:
                extra.append("King")
            if s == grande:
                extra.append("Grande")
            note = f" (incl. {' and '.join(extra)} bonus)" if extra else ""
            parts.append(f"{names[s]} {total}{note}")
    name = BOARD.castillo_name if area == CASTILLO else REGIONS[area].name
    return f"{name} scored: {', '.join(parts) if parts else 'nobody scores'}."


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
        # (from the provinces; short: the status line has one row at 80x24)
        return f"Bring up to {counted(allowed, 'caballero')} to your court."
    if phase == PULL:
        return (
            f"Provinces empty: take up to {counted(state.refill_left, 'caballero')} from your regions "
            "into your court, or stop."
        )
    if phase == TAKE:
        return "Take one of the face-up action cards."
    if phase == VETO:
        # (the card's name is in the detail line's question: the status line has two rows)
        return f"Veto it? {state.names[state.cur]} is about to {proposal_phrase(state, state.proposal)}."
    if phase == RET:
        return (
            f"Send {state.ret_owed} more caballeros to the provinces (not from the King's region)."
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
                return "Pick the next caballero to move, or end."
            if mode == M_EXTRA:
                return "Place another court caballero anywhere, or end."
            if mode == M_REMOVE:
                return "Pick the next opponent's caballero to send home, or end."
            if mode == M_TAKEBACK:
                return "Choose the power card to take back."
            if mode == M_PULL:
                return "The Court: take caballeros from your regions into the court, or stop."
            return f"Continue {card.name}."
        from core.elgrande.rules import can_place

        parts = []
        if can_place(state):
            room = min(k - state.placed, state.court[seat])
            noun = "more caballero" if state.placed else "caballero"
            parts.append(f"place up to {counted(room, noun)}")  # where: marked on the map
        if state.special == NOT_STARTED:
            parts.append(f"use {card.name} or skip it")
        # Once a caballero is placed, the special action ends the placing: "then", not "and/or".
        text = (", then " if state.placed else " and/or ").join(parts) or "finish your turn"
        return _vetoed_lead(state, seat) + text[0].upper() + text[1:] + "."
    return "Choose an action."


def progress(state: State) -> str:
    """A short progress summary ("Round 4/9, scoring after 6", "Game over")."""
    from core.elgrande.content import SETUP

    if state.phase == OVER:
        return "Game over"
    later = [r for r in SETUP.general_scoring_after if r >= state.round]
    note = f", scoring after {later[0]}" if later else ""
    return f"Round {state.round}/{SETUP.rounds}{note}"
