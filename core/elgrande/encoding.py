"""The plain-data encoding of an El Grande state and of its events.

It uses ids (regions, cards, phases, scoreboards) so that saves stay readable;
:func:`decode_state` checks everything, then the invariants
(:func:`~core.elgrande.invariants.problems`), and raises
:class:`~core.engine.CorruptData` with a readable reason.
"""

from __future__ import annotations

from typing import Any

from core.elgrande import actions as act
from core.elgrande.content import (
    AREA_IDS,
    AREA_INDEX,
    BOARD,
    CARD_INDEX,
    CARDS,
    NUM_REGIONS,
    POWER_VALUES,
    REGION_IDS,
    REGION_INDEX,
    SETUP,
)
from core.elgrande.invariants import problems
from core.elgrande.state import (
    CATEGORIES,
    DISK_PURPOSES,
    EVENTS,
    FACTS,
    FORMAT,
    HIDDEN_DISK,
    MODES,
    PHASES,
    SPECIAL_STATES,
    SPECTATOR,
    VETO_WINDOWS,
    State,
    _mask,
)
from core.engine import CorruptData, PlainData
from core.plaindata import (
    as_list,
    as_table,
    bool_in,
    check_format,
    check_keys,
    decode_rng,
    lookup,
    one_of,
    player_names,
    prefixed,
    refuse_problems,
    whole,
    whole_in,
    whole_list,
)


def _encode_scalar(typ: str, value: int) -> PlainData:
    if typ in ("region", "region?"):
        return _region_id(value)
    if typ == "area":
        return AREA_IDS[value]
    if typ in ("card", "card?"):
        return _card_id(value)
    if typ == "board":
        return BOARD.scoreboard_ids[value]
    if typ == "flag":
        return bool(value)
    return value


def _encode_event(event: tuple[Any, ...]) -> PlainData:
    """``[kind, field, ...]``: ids for regions, areas, cards and scoreboards, as in the state."""
    out: list[PlainData] = [event[0]]
    action: Any = None
    for typ, value in zip(EVENTS[event[0]], event[1:]):
        if typ == "action":
            action = value
            out.append(act.encode_action(value))
        elif typ == "facts":
            out.append([_encode_scalar(t, v) for t, v in zip(FACTS.get(type(action), ()), value)])
        elif typ.startswith("["):
            elem = typ[1 : typ.index("]")]
            out.append([_encode_scalar(elem, v) for v in value])
        else:
            out.append(_encode_scalar(typ, value))
    return out


def _decode_scalar(typ: str, value: Any, what: str, n: int) -> int:
    if typ == "seat":
        return whole(value, what, 0, n - 1)
    if typ == "seat?":
        return whole(value, what, -1, n - 1)
    if typ == "round":
        return whole(value, what, 1, SETUP.rounds)
    if typ == "count":
        return whole(value, what, 0, 10_000)
    if typ in ("region", "region?"):
        return _region(value, what, typ == "region?")
    if typ == "area":
        return lookup(value, what, AREA_INDEX, "region or castillo")
    if typ in ("card", "card?"):
        return _card(value, what, typ == "card?")
    if typ == "board":
        return one_of(value, what, BOARD.scoreboard_ids)
    if typ == "flag":
        if not isinstance(value, bool):
            raise CorruptData(f"{what} must be true or false, got {value!r}")
        return value
    raise AssertionError(f"unknown event field type {typ}")


def _decode_event(data: Any, n: int) -> tuple[Any, ...]:
    """An event from :func:`_encode_event` output, every field checked."""
    items = as_list(data, "event")
    kind = items[0] if items else None
    if not isinstance(kind, str) or kind not in EVENTS:
        raise CorruptData(f"unknown event {kind!r}")
    types = EVENTS[kind]
    if len(items) != 1 + len(types):
        raise CorruptData(f"a {kind} event must have {len(types)} fields, got {len(items) - 1}")
    what = f"{kind} event"
    out: list[Any] = [kind]
    lengths: set[int] = set()
    action: Any = None
    for typ, value in zip(types, items[1:]):
        if typ == "action":
            try:
                action = act.decode_action(value)
            except CorruptData as exc:
                raise CorruptData(f"{what}: {exc}") from None
            out.append(action)
        elif typ == "facts":
            facts = FACTS.get(type(action), ())
            values = as_list(value, f"{what} facts", len(facts))
            out.append(tuple(_decode_scalar(t, v, what, n) for t, v in zip(facts, values)))
        elif typ.startswith("["):
            elem = typ[1 : typ.index("]")]
            per_seat = typ.endswith("n")
            values = as_list(value, f"{what} list", n if per_seat else None)
            if not per_seat:
                lengths.add(len(values))
            out.append(tuple(_decode_scalar(elem, v, what, n) for v in values))
        else:
            out.append(_decode_scalar(typ, value, what, n))
    if len(lengths) > 1:
        raise CorruptData(f"the lists of a {kind} event must have the same length")
    return tuple(out)


def _card_id(card: int) -> str:
    return "" if card < 0 else CARDS[card].id


def _region_id(region: int) -> str:
    return "" if region < 0 else REGION_IDS[region]


def encode_state(state: State) -> dict[str, PlainData]:
    """Plain data (no None): ids for regions, cards and phases; ``rng`` is omitted in views."""
    data: dict[str, PlainData] = {
        "format": FORMAT,
        "names": list(state.names),
        "options": {
            "veto_windows": state.veto_windows,
            "use_veto": state.use_veto,
            "castillo_visible": state.castillo_visible,
            "short_game": state.short_game,
            "score_class_uses_printed": state.printed_classes,
        },
        "viewer": state.viewer,
        "castillo_masked": state.castillo_masked,
        "round": state.round,
        "phase": PHASES[state.phase],
        "king": REGION_IDS[state.king],
        "grandes": [REGION_IDS[r] for r in state.grandes],
        "board": {REGION_IDS[r]: list(state.board[r]) for r in range(NUM_REGIONS)},
        "castillo": list(state.castillo),
        "castillo_log": [[rnd, seat, count] for rnd, seat, count in state.castillo_log],
        "court": list(state.court),
        "provinces": list(state.provinces),
        "score": list(state.score),
        "points": [list(row) for row in state.points],
        "hand": [state.hand_values(s) for s in range(state.players)],
        "played": [list(row) for row in state.played],
        "backs_hidden": list(state.backs_hidden),
        "candidates": [[v for v in range(1, POWER_VALUES + 1) if m >> v & 1] for m in state.cands],
        "scoreboards": [_region_id(r) for r in state.scoreboards],
        "stacks": [[_card_id(c) for c in row] for row in state.stacks],
        "face_up": [_card_id(c) for c in state.face_up],
        "out": [_card_id(c) for c in state.out],
        "vetoes": [[seat, expiry] for seat, expiry in state.vetoes],
        "bid_first": state.bid_first,
        "bids": list(state.bids),
        "bid_count": state.bid_count,
        "order": list(state.order),
        "turn_idx": state.turn_idx,
        "cur": state.cur,
        "refill_left": state.refill_left,
        "card": _card_id(state.card),
        "placed": state.placed,
        "place_closed": state.place_closed,
        "special": SPECIAL_STATES[state.special],
        "sp_mode": MODES[state.sp_mode],
        "pick_region": _region_id(state.pick_region),
        "pick_seat": state.pick_seat,
        "src_region": _region_id(state.src_region),
        "moved_own": state.moved_own,
        "moved_opp": state.moved_opp,
        "arrived": list(state.arrived),
        "extra_placed": state.extra_placed,
        "removed_mask": state.removed_mask,
        "pull_left": state.pull_left,
        "proposals": state.proposals,
        "proposal": {} if state.proposal is None else act.encode_action(state.proposal),
        "veto_queue": list(state.veto_queue),
        "ret_queue": list(state.ret_queue),
        "ret_owed": state.ret_owed,
        "disk_purpose": DISK_PURPOSES[state.disk_purpose],
        "disk_group": list(state.disk_group),
        "disks": list(state.disks),
        "disk_param": state.disk_param,
        "reveals": state.reveals,
        "events": [_encode_event(event) for event in state.events],
    }
    if state.rng is not None:
        data["rng"] = state.rng.encode()
    return data


_KEYS = frozenset(
    (
        "format names options viewer castillo_masked round phase king grandes board castillo "
        "castillo_log court provinces score points hand played backs_hidden candidates scoreboards "
        "stacks face_up out vetoes bid_first bids bid_count order turn_idx cur refill_left card "
        "placed place_closed special sp_mode pick_region pick_seat src_region moved_own moved_opp "
        "arrived extra_placed removed_mask pull_left proposals proposal veto_queue ret_queue ret_owed "
        "disk_purpose disk_group disks disk_param reveals"
    ).split()
)
_OPTIONAL_KEYS = frozenset(("rng", "events", "log", "log_mark"))  # log, log_mark: old snapshots
_OPTION_KEYS = frozenset(("veto_windows", "use_veto", "castillo_visible", "short_game", "score_class_uses_printed"))


def _region(value: Any, what: str, allow_none: bool = False) -> int:
    return lookup(value, what, REGION_INDEX, "region", allow_none)


def _card(value: Any, what: str, allow_none: bool = False) -> int:
    return lookup(value, what, CARD_INDEX, "action card", allow_none)


@prefixed("El Grande state")
def decode_state(data: Any) -> State:
    """Rebuild a state from :func:`encode_state` output: each field is checked as it is read,
    then the rules' invariants (:func:`problems`) across fields."""
    data = as_table(data, "the state")
    check_keys(data, _KEYS, _OPTIONAL_KEYS)
    check_format(data["format"], FORMAT)
    names = player_names(data["names"], SETUP.min_players, SETUP.max_players)
    n = len(names)
    state = State(names)

    options = as_table(data["options"], "options")
    check_keys(options, _OPTION_KEYS, what="options")
    state.veto_windows = VETO_WINDOWS[one_of(options["veto_windows"], "veto_windows", VETO_WINDOWS)]
    state.use_veto = bool_in(options, "use_veto")
    state.castillo_visible = bool_in(options, "castillo_visible")
    state.short_game = bool_in(options, "short_game")
    state.printed_classes = bool_in(options, "score_class_uses_printed")
    state.viewer = whole_in(data, "viewer", SPECTATOR, n - 1)
    state.castillo_masked = bool_in(data, "castillo_masked")
    if "rng" in data:
        state.rng = decode_rng(data["rng"])
    state.round = whole_in(data, "round", 1, SETUP.rounds)
    state.phase = one_of(data["phase"], "phase", PHASES)

    # Board.
    state.king = _region(data["king"], "king")
    grandes = as_list(data["grandes"], "grandes", n)
    state.grandes = [_region(r, "grandes") for r in grandes]
    board = data["board"]
    if not isinstance(board, dict) or set(board) != set(REGION_IDS):
        raise CorruptData("board must list every region once")
    state.board = [whole_list(board[rid], f"board.{rid}", n, 0, SETUP.in_play) for rid in REGION_IDS]
    state.castillo = whole_list(data["castillo"], "castillo", n, 0, SETUP.in_play)
    state.castillo_log = []
    for entry in as_list(data["castillo_log"], "castillo_log"):
        rnd, seat, count = whole_list(entry, "castillo_log entry", 3, 0, SETUP.in_play)
        if rnd < 1 or seat >= n or count < 1:
            raise CorruptData(f"castillo_log entry {entry} is impossible")
        state.castillo_log.append((rnd, seat, count))
    state.court = whole_list(data["court"], "court", n, 0, SETUP.in_play)
    state.provinces = whole_list(data["provinces"], "provinces", n, 0, SETUP.in_play)
    state.score = whole_list(data["score"], "score", n, 0, 10_000)
    points = as_list(data["points"], "points", n)
    state.points = [whole_list(row, "points row", len(CATEGORIES), 0, 10_000) for row in points]
    state.scoreboards = [
        _region(r, "scoreboards", True) for r in as_list(data["scoreboards"], "scoreboards", 2)
    ]

    # Power cards.
    hands = as_list(data["hand"], "hand", n)
    played = as_list(data["played"], "played", n)
    cands = as_list(data["candidates"], "candidates", n)
    state.backs_hidden = whole_list(data["backs_hidden"], "backs_hidden", n, 0, POWER_VALUES)
    for seat in range(n):
        values = whole_list(hands[seat], f"hand[{seat}]", None, 1, POWER_VALUES)
        if len(set(values)) != len(values):
            raise CorruptData(f"hand[{seat}] repeats a value")
        state.hand[seat] = _mask(values)
        state.played[seat] = whole_list(played[seat], f"played[{seat}]", None, 1, POWER_VALUES)
        state.cands[seat] = _mask(whole_list(cands[seat], f"candidates[{seat}]", None, 1, POWER_VALUES))

    # Action cards.
    state.stacks = [
        [_card(c, "stacks") for c in as_list(row, "stacks row")] for row in as_list(data["stacks"], "stacks", 4)
    ]
    state.face_up = [_card(c, "face_up", True) for c in as_list(data["face_up"], "face_up", 5)]
    state.out = [_card(c, "out") for c in as_list(data["out"], "out")]
    state.vetoes = []
    for entry in as_list(data["vetoes"], "vetoes"):
        seat, expiry = whole_list(entry, "vetoes entry", 2, 0, SETUP.rounds + 1)
        if seat >= n:
            raise CorruptData(f"vetoes entry {entry} is impossible")
        state.vetoes.append((seat, expiry))
    state.card = _card(data["card"], "card", True)

    # Bidding and turns.
    state.bid_first = whole_in(data, "bid_first", 0, n - 1)
    state.bids = whole_list(data["bids"], "bids", n, 0, POWER_VALUES)
    state.bid_count = whole_in(data, "bid_count", 0, n)
    state.order = whole_list(data["order"], "order", None, 0, n - 1)
    state.turn_idx = whole_in(data, "turn_idx", 0, n)
    state.cur = whole_in(data, "cur", -1, n - 1)
    state.refill_left = whole_in(data, "refill_left", 0, SETUP.in_play)

    # The current card.
    state.placed = whole_in(data, "placed", 0, 5)
    state.place_closed = bool_in(data, "place_closed")
    state.special = one_of(data["special"], "special", SPECIAL_STATES)
    state.sp_mode = one_of(data["sp_mode"], "sp_mode", MODES)
    state.pick_region = _region(data["pick_region"], "pick_region", True)
    state.pick_seat = whole_in(data, "pick_seat", -1, n - 1)
    state.src_region = _region(data["src_region"], "src_region", True)
    state.moved_own = whole_in(data, "moved_own", 0, SETUP.in_play)
    state.moved_opp = whole_in(data, "moved_opp", 0, SETUP.in_play * n)
    state.arrived = whole_list(data["arrived"], "arrived", None, 0, SETUP.in_play)
    if state.arrived and len(state.arrived) != NUM_REGIONS * n:
        raise CorruptData("arrived must be empty or hold one count per region and seat")
    state.extra_placed = whole_in(data, "extra_placed", 0, 30)
    state.removed_mask = whole_in(data, "removed_mask", 0, (1 << n) - 1)
    state.pull_left = whole_in(data, "pull_left", 0, 30)
    state.proposals = whole_in(data, "proposals", 0, 1000)
    proposal = data["proposal"]
    if proposal == {}:
        state.proposal = None
    else:
        try:
            state.proposal = act.decode_action(proposal)
        except CorruptData as exc:
            raise CorruptData(f"proposal: {exc}") from None
    state.veto_queue = whole_list(data["veto_queue"], "veto_queue", None, 0, n - 1)

    # Others' steps.
    state.ret_queue = whole_list(data["ret_queue"], "ret_queue", None, 0, n - 1)
    state.ret_owed = whole_in(data, "ret_owed", 0, 30)
    state.disk_purpose = one_of(data["disk_purpose"], "disk_purpose", DISK_PURPOSES)
    state.disk_group = whole_list(data["disk_group"], "disk_group", None, 0, n - 1)
    state.disks = whole_list(data["disks"], "disks", n, HIDDEN_DISK, NUM_REGIONS - 1)
    state.disk_param = whole_in(data, "disk_param", -1, NUM_REGIONS - 1)
    state.reveals = whole_in(data, "reveals", 0, 1_000_000)
    # Snapshots written before events replaced the text log carry "log" and "log_mark"
    # instead: they are dropped (that log only repeated words), and such a state has no events.
    events = as_list(data.get("events", []), "events")
    state.events = [_decode_event(event, n) for event in events]
    refuse_problems(problems(state))
    return state
