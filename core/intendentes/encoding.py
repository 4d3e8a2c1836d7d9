"""The plain-data encoding of an Intendentes state and of its log entries.

It uses ids (blocks "B13"/"IT-A", plans by key, events "E07", steps and stages by name,
hidden cards "?") so saves stay readable; :func:`decode_state` checks every field and the
invariants (:func:`~core.intendentes.invariants.problems`) and raises
:class:`~core.engine.CorruptData` with a readable reason.
"""

from __future__ import annotations

from typing import Any

from core.engine import CorruptData, PlainData
from core.intendentes import actions as act
from core.intendentes.content import (
    BLOCKS,
    DISCONTENT_MAX,
    DISPLAY_SLOTS,
    EVENTS,
    MARKET_LAST,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PENALTY_CAP,
    PLAN_BY_KEY,
    PLANS,
    ROUNDS,
    SUPPLY,
    WAREHOUSE_MAX,
)
from core.intendentes.invariants import problems
from core.intendentes.state import (
    BID_STATUS,
    BONUS_CATEGORIES,
    CARD_SOURCES,
    FORMAT,
    HIDDEN,
    IMMUNITY,
    LOG,
    NONE,
    SPECTATOR,
    STAGES,
    STEPS,
    USES,
    WHYS,
    State,
)
from core.plaindata import (
    as_list,
    as_table,
    bool_in,
    check_format,
    check_keys,
    decode_rng,
    one_of,
    player_names,
    prefixed,
    refuse_problems,
    whole,
    whole_in,
    whole_list,
)

_BLOCK_IDS: tuple[str, ...] = tuple(b.id for b in BLOCKS)
_EVENT_IDS: tuple[str, ...] = tuple(e.id for e in EVENTS)
_EVENT_INDEX: dict[str, int] = {e.id: e.index for e in EVENTS}
_BLOCK_INDEX: dict[str, int] = {b.id: b.index for b in BLOCKS}


def _block_id(block: int) -> str:
    return "" if block == NONE else _BLOCK_IDS[block]


def _plan_id(plan: int) -> str:
    return "?" if plan == HIDDEN else PLANS[plan].key


def _event_id(event: int) -> str:
    if event == HIDDEN:
        return "?"
    return "" if event == NONE else _EVENT_IDS[event]


def _block(value: Any, what: str, allow_none: bool = False) -> int:
    if allow_none and value == "":
        return NONE
    if not isinstance(value, str) or value not in _BLOCK_INDEX:
        raise CorruptData(f"{what}: unknown block {value!r}")
    return _BLOCK_INDEX[value]


def _plan(value: Any, what: str, allow_hidden: bool = False) -> int:
    if allow_hidden and value == "?":
        return HIDDEN
    if not isinstance(value, str) or value not in PLAN_BY_KEY:
        raise CorruptData(f"{what}: unknown plan {value!r}")
    return PLAN_BY_KEY[value].index


def _event(value: Any, what: str, allow_none: bool = False, allow_hidden: bool = False) -> int:
    if allow_none and value == "":
        return NONE
    if allow_hidden and value == "?":
        return HIDDEN
    if not isinstance(value, str) or value not in _EVENT_INDEX:
        raise CorruptData(f"{what}: unknown event {value!r}")
    return _EVENT_INDEX[value]


def _encode_field(typ: str, value: Any) -> PlainData:
    if typ == "action":
        return act.encode_action(value)
    if typ.startswith("["):
        elem = typ[1 : typ.index("]")]
        return [_encode_field(elem, v) for v in value]
    if typ in ("block", "block?"):
        return _block_id(value)
    if typ == "plan":
        return _plan_id(value)
    if typ == "event":
        return _event_id(value)
    if typ == "penalty":
        return ("fire", "flood", "insecurity", "demonstration")[value]
    if typ == "source":
        return CARD_SOURCES[value]
    if typ == "immunity":
        return IMMUNITY[value]
    return int(value)


def _decode_field(typ: str, value: Any, what: str, n: int) -> Any:
    if typ == "action":
        try:
            return act.decode_action(value)
        except CorruptData as exc:
            raise CorruptData(f"{what}: {exc}") from None
    if typ.startswith("["):
        elem = typ[1 : typ.index("]")]
        items = as_list(value, what, n if typ.endswith("n") else None)
        return tuple(_decode_field(elem, v, what, n) for v in items)
    if typ == "seat":
        return whole(value, what, 0, n - 1)
    if typ == "round":
        return whole(value, what, 1, ROUNDS)
    if typ == "phase":
        return whole(value, what, 1, 8)
    if typ == "count":
        return whole(value, what, 0, 1_000_000)
    if typ == "int":
        return whole(value, what, -1_000_000, 1_000_000)
    if typ == "space":
        return whole(value, what, 0, max(MARKET_LAST, DISCONTENT_MAX))
    if typ == "slot":
        return whole(value, what, 0, DISPLAY_SLOTS - 1)
    if typ in ("block", "block?"):
        return _block(value, what, typ == "block?")
    if typ == "plan":
        return _plan(value, what)
    if typ == "event":
        return _event(value, what)
    if typ == "penalty":
        return one_of(value, what, ("fire", "flood", "insecurity", "demonstration"))
    if typ == "source":
        return one_of(value, what, CARD_SOURCES)
    if typ == "immunity":
        return one_of(value, what, IMMUNITY)
    raise AssertionError(f"unknown log field type {typ}")


def encode_log_entry(entry: tuple[Any, ...]) -> PlainData:
    """``[kind, field, ...]`` with ids for blocks, plans, events and actions."""
    return [entry[0]] + [_encode_field(t, v) for t, v in zip(LOG[entry[0]], entry[1:])]


def decode_log_entry(data: Any, n: int) -> tuple[Any, ...]:
    """A log entry from :func:`encode_log_entry` output, every field checked."""
    items = as_list(data, "log entry")
    kind = items[0] if items else None
    if not isinstance(kind, str) or kind not in LOG:
        raise CorruptData(f"unknown log entry {kind!r}")
    types = LOG[kind]
    if len(items) != 1 + len(types):
        raise CorruptData(f"a {kind} log entry must have {len(types)} fields, got {len(items) - 1}")
    return (kind,) + tuple(_decode_field(t, v, f"{kind} log entry", n) for t, v in zip(types, items[1:]))


def encode_state(state: State) -> dict[str, PlainData]:
    """Plain data (no None): ids for blocks, plans, events; ``rng`` is omitted in views."""
    n = state.players
    data: dict[str, PlainData] = {
        "format": FORMAT,
        "names": list(state.names),
        "options": {"family": state.family, "hidden_money": state.hidden_money},
        "viewer": state.viewer,
        "reveals": state.reveals,
        "round": state.round,
        "phase": state.phase,
        "stage": STAGES[state.stage],
        "pos": state.pos,
        "order": list(state.order),
        "step": STEPS[state.step],
        "actor": state.actor,
        "why": WHYS[state.why],
        "left": state.left,
        "done": state.done,
        "districts": [
            [[_BLOCK_IDS[b], p, c] for b, p, c in zip(state.blocks[s], state.people[s], state.capacity[s])]
            for s in range(n)
        ],
        "supply": state.supply,
        "money": list(state.money),
        "splendor": list(state.splendor),
        "warehouse": list(state.warehouse),
        "discontent": list(state.discontent),
        "risk": [list(row) for row in state.risk],
        "cards": [list(row) for row in state.cards],
        "market": state.market,
        "hand": [[_plan_id(p) for p in row] for row in state.hand],
        "drawn": [_plan_id(p) for p in state.drawn],
        "plan_deck": [_plan_id(p) for p in state.plan_deck],
        "plan_discard": [_plan_id(p) for p in state.plan_discard],
        "display": [_block_id(b) for b in state.display],
        "next_block": _block_id(state.next_block),
        "block_deck": [_block_id(b) for b in state.block_deck],
        "block_discard": [_block_id(b) for b in state.block_discard],
        "event_deck": [_event_id(e) for e in state.event_deck],
        "events_seen": [_event_id(e) for e in state.events_seen],
        "event": _event_id(state.event),
        "bid_status": [BID_STATUS[b] for b in state.bid_status],
        "slot": state.slot,
        "high_bid": state.high_bid,
        "high_bidder": state.high_bidder,
        "passed": state.passed,
        "decliner": state.decliner,
        "round_plays": [[_plan_id(p) for p in row] for row in state.round_plays],
        "hit": [[PLANS[p].key for p in range(len(PLANS)) if mask >> p & 1] for mask in state.hit],
        "used": [[USES[i] for i in range(len(USES)) if mask >> i & 1] for mask in state.used],
        "capped": list(state.capped),
        "gave": state.gave,
        "got": state.got,
        "sec_officers": list(state.sec_officers),
        "sec_paid": state.sec_paid,
        "served": state.served,
        "queue": [[STEPS[a], b, c, WHYS[d]] for a, b, c, d in state.queue],
        "final": [list(row) for row in state.final],
        "log": [encode_log_entry(entry) for entry in state.log],
    }
    if state.rng is not None:
        data["rng"] = state.rng.encode()
    return data


_KEYS = frozenset(
    (
        "format names options viewer reveals round phase stage pos order step actor why left done "
        "districts supply money splendor warehouse discontent risk cards market hand drawn "
        "plan_deck plan_discard display next_block block_deck block_discard event_deck "
        "events_seen event bid_status slot high_bid high_bidder passed decliner round_plays hit "
        "used capped gave got sec_officers sec_paid served queue final log"
    ).split()
)
_BIG = 1_000_000


def _names_mask(value: Any, what: str, names: tuple[str, ...]) -> int:
    mask = 0
    for item in as_list(value, what):
        mask |= 1 << one_of(item, what, names)
    return mask


@prefixed("Intendentes state")
def decode_state(data: Any) -> State:
    """Rebuild a state from :func:`encode_state` output: each field is checked as it is read,
    then the rules' invariants (:func:`problems`) across fields."""
    data = as_table(data, "the state")
    check_keys(data, _KEYS, ("rng",))
    check_format(data["format"], FORMAT)
    names = player_names(data["names"], MIN_PLAYERS, MAX_PLAYERS)
    n = len(names)
    options = as_table(data["options"], "options")
    check_keys(options, ("family", "hidden_money"), what="options")
    state = State(names, bool_in(options, "family"))
    state.hidden_money = bool_in(options, "hidden_money")
    state.viewer = whole_in(data, "viewer", SPECTATOR, n - 1)
    if "rng" in data:
        state.rng = decode_rng(data["rng"])
    state.reveals = whole_in(data, "reveals", 0, _BIG)
    state.round = whole_in(data, "round", 1, ROUNDS)
    state.phase = whole_in(data, "phase", 1, 8)
    state.stage = one_of(data["stage"], "stage", STAGES)
    state.pos = whole_in(data, "pos", 0, n)
    state.order = whole_list(data["order"], "order", n, 0, n - 1)
    state.step = one_of(data["step"], "step", STEPS)
    state.actor = whole_in(data, "actor", 0, n - 1)
    state.why = one_of(data["why"], "why", WHYS)
    state.left = whole_in(data, "left", 0, _BIG)
    state.done = whole_in(data, "done", 0, _BIG)

    districts = as_list(data["districts"], "districts", n)
    for s in range(n):
        rows = as_list(districts[s], f"districts[{s}]")
        blocks, people, capacity = [], [], []
        for row in rows:
            items = as_list(row, f"districts[{s}] entry", 3)
            blocks.append(_block(items[0], f"districts[{s}]"))
            people.append(whole(items[1], f"districts[{s}] inhabitants", 0, SUPPLY))
            capacity.append(whole(items[2], f"districts[{s}] capacity", 0, _BIG))
        state.blocks[s], state.people[s], state.capacity[s] = blocks, people, capacity
    state.supply = whole_in(data, "supply", 0, SUPPLY)
    state.money = whole_list(data["money"], "money", n, HIDDEN, _BIG)
    state.splendor = whole_list(data["splendor"], "splendor", n, -_BIG, _BIG)
    state.warehouse = whole_list(data["warehouse"], "warehouse", n, 0, WAREHOUSE_MAX)
    state.discontent = whole_list(data["discontent"], "discontent", n, 0, DISCONTENT_MAX)
    state.risk = [whole_list(r, "risk row", 3, 0, _BIG) for r in as_list(data["risk"], "risk", n)]
    state.cards = [whole_list(r, "cards row", 4, 0, _BIG) for r in as_list(data["cards"], "cards", n)]
    state.market = whole_in(data, "market", 0, MARKET_LAST)

    state.hand = [[_plan(p, "hand", True) for p in as_list(row, "hand row")] for row in as_list(data["hand"], "hand", n)]
    state.drawn = [_plan(p, "drawn", True) for p in as_list(data["drawn"], "drawn")]
    state.plan_deck = [_plan(p, "plan_deck", True) for p in as_list(data["plan_deck"], "plan_deck")]
    state.plan_discard = [_plan(p, "plan_discard") for p in as_list(data["plan_discard"], "plan_discard")]
    state.display = [_block(b, "display", True) for b in as_list(data["display"], "display", DISPLAY_SLOTS)]
    state.next_block = _block(data["next_block"], "next_block", True)
    state.block_deck = [_block(b, "block_deck") for b in as_list(data["block_deck"], "block_deck")]
    state.block_discard = [_block(b, "block_discard") for b in as_list(data["block_discard"], "block_discard")]
    state.event_deck = [_event(e, "event_deck", allow_hidden=True) for e in as_list(data["event_deck"], "event_deck")]
    state.events_seen = [_event(e, "events_seen") for e in as_list(data["events_seen"], "events_seen")]
    state.event = _event(data["event"], "event", allow_none=True)

    state.bid_status = [one_of(b, "bid_status", BID_STATUS) for b in as_list(data["bid_status"], "bid_status", n)]
    state.slot = whole_in(data, "slot", NONE, DISPLAY_SLOTS - 1)
    state.high_bid = whole_in(data, "high_bid", 0, _BIG)
    state.high_bidder = whole_in(data, "high_bidder", NONE, n - 1)
    state.passed = whole_in(data, "passed", 0, (1 << n) - 1)
    state.decliner = whole_in(data, "decliner", NONE, n - 1)
    state.round_plays = [
        [_plan(p, "round_plays") for p in as_list(row, "round_plays row")]
        for row in as_list(data["round_plays"], "round_plays", n)
    ]
    plan_keys = tuple(p.key for p in PLANS)
    state.hit = [_names_mask(row, "hit", plan_keys) for row in as_list(data["hit"], "hit", n)]
    state.used = [_names_mask(row, "used", USES) for row in as_list(data["used"], "used", n)]
    state.capped = whole_list(data["capped"], "capped", n, 0, PENALTY_CAP)
    state.gave = whole_in(data, "gave", 0, _BIG)
    state.got = whole_in(data, "got", 0, _BIG)
    state.sec_officers = whole_list(data["sec_officers"], "sec_officers", None, 0, 10)
    state.sec_paid = whole_in(data, "sec_paid", 0, _BIG)
    state.served = whole_in(data, "served", 0, _BIG)
    queue = []
    for entry in as_list(data["queue"], "queue"):
        items = as_list(entry, "queue entry", 4)
        queue.append(
            (
                one_of(items[0], "queue step", STEPS),
                whole(items[1], "queue actor", 0, n - 1),
                whole(items[2], "queue count", 0, _BIG),
                one_of(items[3], "queue why", WHYS),
            )
        )
    state.queue = queue
    final = as_list(data["final"], "final")
    if final and len(final) != n:
        raise CorruptData("final must be empty or hold one row per seat")
    state.final = [whole_list(row, "final row", len(BONUS_CATEGORIES), -_BIG, _BIG) for row in final]
    state.log = [decode_log_entry(entry, n) for entry in as_list(data["log"], "log")]
    refuse_problems(problems(state))
    return state
