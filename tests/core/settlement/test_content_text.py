"""Content, words and the result: a broken content file is refused naming the problem; every
kind of action has a description; every event kind has words or is deliberately silent;
``why_illegal`` gives a specific reason exactly for the illegal moves; the shared result and
team score of §13.3."""

from __future__ import annotations

import copy
import importlib.util
import sys
import tomllib
from dataclasses import astuple
from importlib.resources import files
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

import pytest

import core.plaindata
from core.settlement import GAME, content, explain, rules, scoring, text
from core.settlement import actions as act
from core.settlement.actions import Action, Buy, Finish, Other, PayOne, Pick, Swap
from core.settlement.content import CHARACTERS, FATE, ITEMS, RESOURCES, SCHOLAR
from core.settlement.state import EVENT_KINDS, State
from tests.core.settlement.helpers import (
    CANDIDATES,
    FOOD,
    IRON,
    ORE,
    STONE,
    WOOD,
    at,
    do,
    end_round,
    item,
    new,
    seat,
)


# --- a broken content file -----------------------------------------------------------------------
def raw() -> dict[str, Any]:
    """The shipped data file, parsed (a fresh copy to tamper with)."""
    return tomllib.loads((files("seeds") / "settlement" / "content.toml").read_text(encoding="utf-8"))


def load_content(data: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """Run a fresh copy of core/settlement/content.py on ``data`` instead of the file."""
    monkeypatch.setattr(core.plaindata, "read_seed_toml", lambda game, name, error: copy.deepcopy(data))
    spec = importlib.util.spec_from_file_location("settlement_content_copy", Path(content.__file__))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # (dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_data_loads_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The loader run again on the shipped data gives the same content."""
    module = load_content(raw(), monkeypatch)
    assert [(i.id, i.cost, i.smiles, i.bonus, i.gate) for i in module.ITEMS] == [
        (i.id, i.cost, i.smiles, i.bonus, i.gate) for i in ITEMS
    ]
    assert [(c.id, c.text, [astuple(e) for e in c.effects]) for c in module.FATE] == [
        (c.id, c.text, [astuple(e) for e in c.effects]) for c in FATE
    ]
    assert module.TRACK == content.TRACK and module.START_STOCK == content.START_STOCK


def _fate(data: dict[str, Any], card_id: str) -> dict[str, Any]:
    return next(c for c in data["fate"] if c["id"] == card_id)


BROKEN: list[tuple[str, Callable[[dict[str, Any]], Any], str]] = [
    ("no constants", lambda d: d.pop("constants"), "missing section \\[constants\\]"),
    ("no feeding", lambda d: d["constants"].pop("feed_per_round"), "constants: missing feed_per_round"),
    ("cap 0", lambda d: d["constants"].update(storage_cap=0), "storage_cap must be a whole number 1..1000"),
    ("two satisfaction dice", lambda d: d["constants"].update(satisfaction_dice=2), "satisfaction_dice"),
    ("gold at the start", lambda d: d["start"].update(gold=3), "unknown fields \\['gold'\\]"),
    ("negative start", lambda d: d["start"].update(food=-1), "start: food must be a whole number"),
    ("no hard", lambda d: d["difficulty"].pop("hard"), "expected easy, normal and hard"),
    ("bad default", lambda d: d["difficulty"].update(default="brutal"), "default 'brutal' is not a difficulty"),
    ("short track", lambda d: d["track"]["fields"].pop(), "fields must have 12 entries"),
    ("losses not last", lambda d: d["track"].update(fields=["losses", *d["track"]["fields"][:-1]]), "losses last"),
    ("hunter's field", lambda d: d["characters"]["hunter"].update(field=2), "field 2 is 'peasant'"),
    ("magic", lambda d: d["characters"]["miner"]["specialty"].update(kind="magic"), "unknown specialty kind 'magic'"),
    ("eight characters", lambda d: d["characters"].pop("miner"), "characters: expected 9, found 8"),
    ("gold product", lambda d: d["characters"]["miner"]["specialty"].update(product="gold"), "unknown resource 'gold'"),
    ("gold cost", lambda d: d["buildings"]["mill"]["cost"].update(gold=2), "buildings.mill: unknown resource 'gold'"),
    ("free cost 0", lambda d: d["buildings"]["mill"]["cost"].update(wood=0), "cost wood must be a whole number 1..100"),
    ("gate moved", lambda d: d["buildings"]["warehouse"].update(gate_for_rectangle=3), "disagrees with \\[gates\\]"),
    ("rectangle 11", lambda d: d["gates"].update({"11": "circus"}), "'11' is not a rectangle"),
    ("unknown gate", lambda d: d["gates"].update({"5": "castle"}), "a gate names an unknown building"),
    ("a king's bonus", lambda d: d["inventions"]["bow"].update(specialty_bonus={"king": 1}), "unknown character 'king'"),
    ("a building key", lambda d: d["inventions"]["bow"].update(fireproof=True), "unknown fields \\['fireproof'\\]"),
    ("nine buildings", lambda d: d["buildings"].pop("cellar"), "expected 10 buildings and 10 inventions"),
    ("19 cards", lambda d: d["fate"].pop(), "expected 20 cards"),
    ("twin ids", lambda d: d["fate"][1].update(id="harvest"), "expected 20 cards with different ids"),
    ("plague", lambda d: _fate(d, "locusts")["effects"][0].update(op="plague"), "unknown op 'plague'"),
    ("gain nothing", lambda d: _fate(d, "harvest")["effects"][0].pop("res"), "gain needs res"),
    ("huge n", lambda d: _fate(d, "fair")["effects"][0].update(n=99), "n must be a whole number -20..20"),
    ("skip nobody", lambda d: _fate(d, "fever")["effects"][0].update(character="king"), "unknown character 'king'"),
    ("fire spares a castle", lambda d: _fate(d, "fire")["effects"][0].update(unless_built="castle"),
     "unknown building 'castle'"),
    ("free taxes", lambda d: _fate(d, "tax_collector")["effects"][0].update(smiles=5), "negative smiles"),
    ("two choices", lambda d: _fate(d, "quiet_year").update(effects=[dict(_fate(d, "tax_collector")["effects"][0])]),
     "at most one card asks"),
    ("no text", lambda d: _fate(d, "frost").update(text=" "), "text must be a non-empty string"),
]  # fmt: skip


@pytest.mark.parametrize(("change", "message"), [(c, m) for _, c, m in BROKEN], ids=[n for n, _, _ in BROKEN])
def test_broken_content_is_refused(
    change: Callable[[dict[str, Any]], Any], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A malformed content file raises ContentError naming the file and the problem."""
    data = raw()
    change(data)
    with pytest.raises(ValueError, match=message) as info:
        load_content(data, monkeypatch)
    assert type(info.value).__name__ == "ContentError"
    assert str(info.value).startswith("seeds/settlement/content.toml: ")


def test_invalid_toml_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file that is not TOML at all is refused, naming the file."""
    (tmp_path / "settlement").mkdir()
    (tmp_path / "settlement" / "content.toml").write_text("[constants\nfeed = 6\n", encoding="utf-8")
    monkeypatch.setattr(core.plaindata, "files", lambda package: tmp_path)
    spec = importlib.util.spec_from_file_location("settlement_content_copy", Path(content.__file__))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    with pytest.raises(ValueError, match="seeds/settlement/content.toml: not valid TOML") as info:
        spec.loader.exec_module(module)
    assert type(info.value).__name__ == "ContentError"


def test_the_constants_are_the_spec() -> None:
    """Appendix C's constants and start, typed in from the spec."""
    c = content
    assert (c.FEED_PER_ROUND, c.STORAGE_CAP, c.SMILES_PER_TOKEN, c.MAX_TOKENS_PER_ROUND, c.SMILE_POOL_CAP) == (6, 10, 10, 2, 20)
    assert c.PYRAMID_ROWS == (1, 2, 3, 4) and c.RECTANGLES == 10
    assert c.START_STOCK == (12, 3, 0, 0, 1, 0, 0) and c.START_SMILES == 0
    assert c.GATES == {2: item("warehouse"), 4: item("monument"), 7: item("town_hall")}
    assert c.TRACK == ("hunter", "peasant", "woodcutter", "stonemason", "miner", "fate",
                       "blacksmith", "builder", "scholar", "merchant", "mayor", "losses")  # fmt: skip
    assert [(ch.id, ch.kind, RESOURCES[ch.product] if ch.product >= 0 else "") for ch in CHARACTERS] == [
        ("hunter", "produce", "food"), ("peasant", "produce", "food"), ("woodcutter", "produce", "wood"),
        ("stonemason", "produce", "stone"), ("miner", "produce", "ore"), ("blacksmith", "smelt", "iron"),
        ("builder", "produce", "bp"), ("scholar", "produce", "rp"), ("merchant", "trade", ""),
    ]  # fmt: skip
    assert CHARACTERS[5].source == ORE


# --- describe -------------------------------------------------------------------------------------
def test_describe_every_kind() -> None:
    """Every kind of action has a short description naming what it is about."""
    assert "Hunter" in text.describe(Pick(0)) and "Merchant" in text.describe(Pick(8))
    assert text.describe(act.SPECIALTY)
    assert "wood" in text.describe(Other(WOOD)) and "1" in text.describe(Other(WOOD))
    assert "RP" in text.describe(Other(5)) and "BP" in text.describe(Other(6))
    assert "iron" in text.describe(Other(IRON)) and "ore" in text.describe(Other(IRON))
    swap = text.describe(Swap(STONE, FOOD))
    assert "stone" in swap and "food" in swap and swap.index("stone") < swap.index("food")
    assert text.describe(act.NO_TAX) and "wood" in text.describe(Finish(WOOD))
    assert text.describe(act.NO_TAX) != text.describe(Finish(WOOD))
    assert "3" in text.describe(act.PAY)
    assert "ore" in text.describe(PayOne(ORE))
    assert "5" in text.describe(act.REFUSE)
    buy = text.describe(Buy(item("warehouse")))
    assert "Warehouse" in buy and "6 wood" in buy and "5 stone" in buy and "5 BP" in buy
    assert text.describe(act.DONE)
    everything = [text.describe(a) for a in CANDIDATES if _valid(a)]
    assert len(set(everything)) == len(everything)  # no two moves read the same
    assert GAME.describe(Buy(item("music"))) == text.describe(Buy(item("music")))


def _valid(a: Action) -> bool:
    """Codes in range (the candidates hold a few that are not)."""
    if isinstance(a, Pick):
        return a.character < 9
    if isinstance(a, Other):
        return a.product < 7
    if isinstance(a, Swap):
        return a.buy < 5 and a.pay < 5 and a.buy != a.pay
    if isinstance(a, (Finish, PayOne)):
        return (a.tax if isinstance(a, Finish) else a.good) < 5
    if isinstance(a, Buy):
        return a.item < 20
    return True


def test_describe_specialty_shows_the_roll() -> None:
    """With a state, specialty work shows its bonus (Bow +1) and Inspiration's two dice."""
    plain = text.describe(act.SPECIALTY, at("hunter"))
    bow = text.describe(act.SPECIALTY, at("hunter", owned=["bow"]))
    assert "+1" in bow and "+1" not in plain
    scholar = text.describe(act.SPECIALTY, at("scholar", fate="quiet_year"))
    inspired = text.describe(act.SPECIALTY, at("scholar", fate="inspiration"))
    assert inspired != scholar and "2" in inspired and rules.specialty_dice(at("scholar", fate="inspiration"), SCHOLAR) == 2
    rained = text.describe(act.SPECIALTY, at("builder", fate="downpour"))
    assert "-2" in rained or "−2" in rained


def test_narrate_every_kind() -> None:
    """The log line of each kind of move names the player."""
    cases: list[tuple[State, Action]] = [
        (new(2, deal="draft"), Pick(3)),
        (at("hunter", players=2, dice=[4]), act.SPECIALTY),
        (at("hunter", players=2), Other(WOOD)),
        (at("hunter", players=2, stock={"ore": 1}), Other(IRON)),
        (at("fate", players=2, step="tax", stock={"food": 3}), act.PAY),
        (at("fate", players=2, step="tax"), act.REFUSE),
        (at("mayor", players=2, stock={"rp": 5}, fate="quiet_year"), Buy(item("bow"))),
        (at("mayor", players=2, fate="quiet_year", dice=[1, 1]), act.DONE),
    ]
    m = at("merchant", players=2, stock={"wood": 3}, fate="quiet_year", dice=[3])
    do(m, act.SPECIALTY)
    cases.append((m, Swap(FOOD, WOOD)))
    m2 = m.clone()
    do(m2, Swap(FOOD, WOOD))
    cases.append((m2, Finish(WOOD)))
    t = at("fate", players=2, step="tax", stock={"food": 3})
    do(t, act.PAY)
    cases.append((t, PayOne(FOOD)))
    for before, action in cases:
        who = seat(before)
        after = GAME.apply(before, who, action)
        line = GAME.narrate(action, who, before, after)
        assert before.names[who] in line, line


# --- events ---------------------------------------------------------------------------------------
SILENT = {"other", "swap", "tax_paid", "buy"}
"""Event kinds without words of their own: the move's log line already says them."""

SAMPLES: dict[str, tuple[int, ...]] = {
    "pick_rolls": (0, 5, 1, 3), "mayor_rolls": (0, 2, 1, 6), "dealt": (), "first_mayor": (1,), "round": (7,),
    "mayor": (0,), "feed": (6, 0), "token_lost": (4,), "starved": (), "work": (0, 3, 0, 1, 4, 4),
    "other": (2, 1), "skip": (5,), "swap": (0, 1), "tax": (1,), "trade_end": (3,),
    "reshuffle": (), "fate": (3,), "gain": (0, 3), "lose": (1, 2), "pool": (-4,), "no_effect": (),
    "tax_paid": (2,), "buy": (4,), "rot": (5, 0, 5), "bp_lost": (3,), "cap": (0, 2), "smiles": (4, 9, 0),
    "token": (3,), "gated": (2,), "won": (11,), "time": (13,),
}  # fmt: skip


def test_every_event_kind_has_words_or_is_silent() -> None:
    """Each kind of EVENT_KINDS is worded, except the deliberately silent ones."""
    assert set(SAMPLES) == set(EVENT_KINDS)
    for kind, values in SAMPLES.items():
        size = EVENT_KINDS[kind]
        assert size < 0 or size == len(values), kind
        line = text.event_line((kind, *values), ("Ann", "Bob"))
        if kind in SILENT:
            assert line == "", kind
        else:
            assert line.strip(), kind


def test_event_words_carry_their_numbers() -> None:
    """The worded events say the numbers and names they carry."""

    def line(*event: int | str) -> str:
        return text.event_line(event, ("Ann", "Bob"))

    assert "Bob" in line("first_mayor", 1) and "Bob" in line("mayor", 1)
    assert "7" in line("round", 7)
    assert "Ann 5" in line("pick_rolls", 0, 5, 1, 3) and "Bob 6" in line("mayor_rolls", 0, 2, 1, 6)
    assert "4" in line("token_lost", 4) and "3" in line("token", 3)
    assert "Warehouse" in line("gated", 2) and "Monument" in line("gated", 4) and "Town Hall" in line("gated", 7)
    assert "Wolves" in line("fate", FATE.index(next(c for c in FATE if c.id == "wolves")))
    assert "3 food" in line("gain", 0, 3) and "2 wood" in line("lose", 1, 2)
    assert "Blacksmith" in line("skip", 5)
    assert "Frost" in line("rot", -1, -1, 0) or "no food" in line("rot", -1, -1, 0)
    assert "5" in line("rot", 5, 0, 5) and "6" in line("rot", 2, 6, 4)
    assert "9" in line("smiles", 4, 9, 0) and "3" in line("smiles", 6, 13, 3)
    assert "11" in line("won", 11) and "13" in line("time", 13)
    assert "2 food" in line("cap", 0, 2) and "3" in line("bp_lost", 3)
    assert line("feed", 2, 4) != line("feed", 6, 0) and "4" in line("feed", 2, 4)


def test_effects_word_a_whole_round() -> None:
    """The effects of the mayor's Done (Losses, satisfaction, next round) are all worded."""
    s = at("mayor", stock={"food": 14, "bp": 2}, fate="quiet_year", dice=[3, 5])
    do(s, act.DONE)
    lines = GAME.effects(s)
    assert len(lines) == len([e for e in s.events if e[0] not in SILENT])
    assert any("3" in line and "rot" in line.lower() for line in lines)


# --- why_illegal ----------------------------------------------------------------------------------
def positions() -> list[State]:
    """One position for each step, with several situations per step."""
    out = [new(3, deal="draft")]
    s = new(3, deal="draft")
    do(s, Pick(0), Pick(1))
    out.append(s)
    out += [at("hunter"), at("blacksmith", stock={"ore": 2}, fate="quiet_year"), at("merchant", fate="quiet_year")]
    m = at("merchant", stock={"wood": 4, "iron": 1}, fate="quiet_year", dice=[2])
    do(m, act.SPECIALTY)
    out.append(m.clone())
    do(m, Swap(FOOD, WOOD))
    out.append(m.clone())
    do(m, Swap(STONE, WOOD))
    out.append(m.clone())
    c = at("merchant", stock={"wood": 4}, owned=["coinage"], fate="quiet_year", dice=[2])
    do(c, act.SPECIALTY, Swap(FOOD, WOOD))
    out.append(c)
    out += [at("fate", step="tax", stock={"food": 2}), at("fate", step="tax", stock={"food": 5})]
    p = at("fate", step="tax", stock={"food": 2, "ore": 1})
    do(p, act.PAY)
    out.append(p)
    out += [at("mayor", fate="quiet_year"), at("mayor", stock={"rp": 20, "wood": 3}, owned=["bow"], fate="quiet_year")]
    over = at("mayor", stock={}, fate="frost")
    end_round(over, 1)
    assert over.step == "over"
    out.append(over)
    return out


def test_why_illegal_is_none_exactly_for_legal_moves() -> None:
    """For every candidate action at every step: None exactly when legal; otherwise a
    specific reason (never the generic fallback), and for every seat not to act "not your
    turn"."""
    for s in positions():
        seats = rules.to_act(s)
        for who in range(s.players):
            legal_now = rules.legal_actions(s, who)
            for a in CANDIDATES:
                why = explain.why_illegal(s, who, a)
                assert (why is None) == (a in legal_now), (s.step, a, why)
                if why is not None:
                    assert why != "That move is not allowed now.", (s.step, a)
                    if s.step == "over":
                        assert why == "The game is over."
                    elif who not in seats:
                        assert why == "It is not your turn."


def reasons(s: State) -> dict[str, set[str]]:
    """The reasons given at ``s`` for the illegal candidates, by action kind."""
    out: dict[str, set[str]] = {}
    who = seat(s)
    for a in CANDIDATES:
        why = explain.why_illegal(s, who, a)
        if why is not None:
            out.setdefault(act.kind_of(a), set()).add(why)
    return out


def test_specific_reasons_for_each_kind() -> None:
    """Each kind of move gets its own reasons where it is illegal."""
    s = new(2, deal="draft")
    do(s, Pick(2))
    assert "The Woodcutter is already taken." in reasons(s)["pick"]
    assert "That move is not part of choosing characters." in reasons(s)["buy"]
    w = at("blacksmith", stock={"food": 1}, fate="quiet_year")
    assert reasons(w)["other"] >= {"That is the Blacksmith's own product: use specialty work.", "There is no such product."}
    assert "Iron is made from ore, and there is no ore." in reasons(at("hunter", stock={"food": 1}))["other"]
    m = at("merchant", stock={"wood": 4}, fate="quiet_year", dice=[1])
    do(m, act.SPECIALTY, Swap(FOOD, WOOD))
    trade = reasons(m)
    assert "The Merchant may buy only 1 goods this turn." in trade["swap"] or any("only 1" in r for r in trade["swap"])
    assert "A trade pays a tax of 1 good: name the good." in trade["finish"]
    assert "There is none of that good to pay the tax with." in trade["finish"]
    m = at("merchant", stock={"wood": 4}, fate="quiet_year", dice=[3])
    do(m, act.SPECIALTY, Swap(FOOD, WOOD))
    swap = reasons(m)["swap"]
    assert any("paying with wood" in r for r in swap) and any("buying food" in r for r in swap)
    assert any("no stone to pay" in r.lower() for r in swap) and any("different good" in r for r in swap)
    assert any("Only goods" in r for r in swap)
    t = at("fate", step="tax", stock={"food": 2})
    assert reasons(t)["pay"] == {"Paying takes 3 goods and the stock holds fewer."}
    p = at("fate", step="tax", stock={"food": 3})
    do(p, act.PAY)
    assert reasons(p)["pay_one"] == {"There is none of that good to pay with."}
    shop = reasons(at("mayor", stock={"rp": 5}, owned=["music"], fate="quiet_year"))["buy"]
    assert "The Music is already invented." in shop and "There is no such building or invention." in shop
    assert any(r.startswith("The Warehouse costs 6 wood, 5 stone, 5 BP; still missing") for r in shop)


def test_apply_refuses_with_the_reason() -> None:
    """GAME.apply raises IllegalAction carrying why_illegal's reason."""
    from core.engine import IllegalAction

    s = at("mayor", fate="quiet_year")
    why = GAME.why_illegal(s, 0, Buy(item("circus")))
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, 0, Buy(item("circus")))
    assert info.value.reason == why and why is not None and "Circus" in why


# --- the result ----------------------------------------------------------------------------------
def finished(outcome: str, difficulty: str, end_round: int, tokens: int, players: int = 3) -> State:
    """A finished game (fields set as the engine leaves them)."""
    s = at("mayor", players=players, difficulty=difficulty, round_=end_round, fate="quiet_year",
           owned=["warehouse", "monument", "town_hall", "bow"], tokens=tokens, pool=4)
    s.step, s.outcome, s.end_round = "over", outcome, end_round
    return s


@pytest.mark.parametrize(
    ("outcome", "difficulty", "end_round", "tokens", "score"),
    [
        ("won", "normal", 11, 10, 120),
        ("won", "normal", 13, 10, 100),
        ("won", "easy", 9, 10, 170),
        ("won", "hard", 12, 10, 100),
        ("time", "normal", 13, 7, 70),
        ("time", "hard", 12, 0, 0),
        ("starved", "normal", 5, 0, 0),
    ],
)
def test_team_score(outcome: str, difficulty: str, end_round: int, tokens: int, score: int) -> None:
    """§13.3: won 100 + 10 × rounds left (Normal win in round 11 = 120); lost on time
    10 × tokens; starvation 0. Every seat shares the row; ranks all 1 won, all 2 lost."""
    s = finished(outcome, difficulty, end_round, tokens)
    assert scoring.team_score(s) == score
    result = GAME.result(s)
    assert result.totals == (score, score, score)
    assert len(set(result.breakdown)) == 1 and result.breakdown[0][-1] == score
    assert result.breakdown[0][:4] == (tokens, 4, 3, 1)  # tokens, pool, buildings, inventions
    assert result.ranks == ((1, 1, 1) if outcome == "won" else (2, 2, 2))
    assert result.winners == ((0, 1, 2) if outcome == "won" else ())
    assert GAME.scores(s) == [score] * 3
    assert str(end_round) in result.notes[0] or outcome == "time"


def test_real_endings() -> None:
    """Scores of games ended by the engine: a win in round 11 on Normal, starvation."""
    gates = ("warehouse", "monument", "town_hall")
    s = at("mayor", stock={"food": 9}, tokens=9, pool=10, owned=gates, round_=11, fate="quiet_year", dice=[1, 1])
    do(s, act.DONE)
    assert (s.outcome, s.end_round) == ("won", 11)
    assert GAME.result(s).totals[0] == 120
    s = at("mayor", players=2, stock={"food": 1}, fate="frost", dice=[1])
    do(s, act.DONE)
    assert s.outcome == "starved"
    assert GAME.result(s).totals == (0, 0) and GAME.result(s).ranks == (2, 2)


def test_standings_before_the_end() -> None:
    """Before the end every seat sees the same figures, the score as if lost on time now."""
    s = at("hunter", players=4, tokens=3, owned=["warehouse"])
    st = GAME.standings(s)
    assert len(set(st.if_ended)) == 1 and st.if_ended[0][-1] == 30
    assert GAME.scores(s) == [30] * 4


def test_progress_and_prompt() -> None:
    """The progress line shows "round / limit" and the outcome; every step has a prompt."""
    assert "1/13" in GAME.progress(at("hunter"))
    assert "7/12" in GAME.progress(at("hunter", round_=7, difficulty="hard"))
    assert "11" in GAME.progress(finished("won", "normal", 11, 10))
    assert "starved" in GAME.progress(finished("starved", "normal", 4, 0)).lower()
    for s in positions():
        assert GAME.prompt(s, seat(s) if s.step != "over" else 0)


def test_rules_appendix_lists_everything() -> None:
    """The rules help lists every building, invention and fate card."""
    appendix = GAME.rules_appendix()
    for it in ITEMS:
        assert it.name in appendix
    for c in FATE:
        assert c.name in appendix
