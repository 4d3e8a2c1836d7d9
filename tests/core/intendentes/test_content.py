"""Content data: the spec's counts and tables, and how a broken data file is refused.

The expected values are typed in by hand from shared/rules/intendentes.md (§1, §5, §7–§12),
not read from seeds/intendentes/content.toml.
"""

from __future__ import annotations

import copy
import importlib.util
import re
import sys
import tomllib
from importlib.resources import files
from pathlib import Path
from typing import Any, Callable

import pytest

import core.plaindata
from core.intendentes import content
from core.intendentes.content import (
    BLOCK_BY_ID,
    BLOCKS,
    CITY,
    EVENT_BY_KEY,
    EVENTS,
    FIRE,
    FLOOD,
    INDUSTRY,
    INSECURITY,
    PLAN_BY_KEY,
    PLAN_DECK,
    PLANS,
    TOWN,
    ContentError,
    district_points,
    parse,
)


def raw() -> dict[str, Any]:
    """The parsed data file (a fresh copy to tamper with)."""
    text = (files("seeds") / "intendentes" / "content.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def test_constants_match_spec() -> None:
    c = content
    assert (c.ROUNDS, c.START_MONEY, c.START_SPLENDOR, c.START_WAREHOUSE) == (8, 20, 10, 5)
    assert (c.FOOD_PER_PURCHASE, c.HAND_LIMIT, c.PLANS_DRAWN) == (3, 4, 2)
    assert (c.PAID_ACTION_COST, c.NATIONAL_HELP_COST, c.NATIONAL_HELP_SPLENDOR) == (6, 5, 5)
    assert (c.FAST_INCREASE_MAX, c.FAST_INCREASE_SPLENDOR, c.PENALTY_CAP) == (3, 10, 3)
    assert (c.DISPLAY_SLOTS, c.SUPPLY, c.EVENTS_PER_GAME, c.INITIAL_TOWN_INHABITANTS) == (3, 70, 8, 2)
    assert (c.MIN_PLAYERS, c.MAX_PLAYERS, c.WAREHOUSE_MAX) == (2, 4, 40)
    assert (c.STADIUM_COST, c.RADIO_DISCOUNT, c.MARKET_DISCOUNT, c.MARKET_MIN_PRICE) == (3, 1, 2, 1)
    assert (c.BANK_INCOME, c.PUBLIC_TENDER_DISCOUNT, c.INFLATION_STEPS, c.PREVENTION_CUT) == (4, 3, 3, 2)
    assert (c.PERMIT_FEES, c.TAX_AUDIT, c.SMEAR_SPLENDOR, c.AGITATORS_RISE) == (3, 4, 3, 2)
    assert (c.SOCIAL_SUBSIDIES_CALM, c.OPEN_CONCERT_CALM, c.POPULAR_FESTIVAL_CALM) == (3, 2, 1)
    assert (c.PROVINCIAL_FUNDS, c.TOURISM_MONEY, c.EPIDEMIC_PER, c.PROTEST_THRESHOLD) == (5, 2, 5, 3)
    assert (c.BIRTH_MIN, c.HOSPITAL_BIRTH_MIN, c.DECLINE_DEMONSTRATION_SPLENDOR) == (2, 1, 2)
    assert c.CATHEDRAL_DEMONSTRATION_SPLENDOR == 1 and c.DECLINE_CARD_SPLENDOR == 1
    assert c.PHASE_NAMES[0] == "Bidding" and c.PHASE_NAMES[7] == "Decline"


def test_tracks() -> None:
    assert content.MARKET_PRICES == tuple(range(3, 16))
    assert content.MARKET_PRICES[content.MARKET_START] == 7
    assert content.DISCONTENT_MAX == 15
    assert content.FISTS == {3: 1, 6: 1, 9: 2, 12: 3}
    assert content.HAPPINESS_POINTS == (8, 4, 4, 4, 0, 0, 0, -4, -4, -4, -8, -8, -8, -8, -8, -8)
    assert content.ELECTION_SPLENDOR == (4, 2, 2, 2, 0, 0, 0, -2, -2, -2, -4, -4, -4, -4, -4, -4)


def test_final_scoring_tables() -> None:
    assert {n: district_points(n) for n in (11, 10, 9, 8, 7, 6, 2)} == {
        11: 10, 10: 10, 9: 6, 8: 2, 7: 0, 6: -4, 2: -4,
    }  # fmt: skip
    assert (content.CENSUS_PER, content.WAREHOUSE_PER, content.WAREHOUSE_POINTS, content.MONEY_PER) == (2, 5, 2, 5)
    assert (content.RISK_UNIQUE_LOWEST, content.RISK_SHARED_LOWEST) == (5, 2)


def test_block_counts() -> None:
    assert len(BLOCKS) == 68 and content.DECK_SIZE == 64
    deck = BLOCKS[:64]
    assert [b.id for b in deck] == [f"B{n:02d}" for n in range(1, 65)]
    assert [b.id for b in BLOCKS[64:]] == ["IT-A", "IF-A", "IT-F", "IF-F"]
    assert [sum(1 for b in deck if b.kind == k) for k in range(7)] == [12, 8, 8, 12, 7, 7, 10]
    assert all(b.index == i for i, b in enumerate(BLOCKS))
    for b in BLOCKS:
        assert b.initial <= b.capacity
        assert b.initial == 0 or b.kind in (TOWN, CITY)
        assert b.population == (b.capacity > 0)
        assert b.security == (b.effect in ("police", "fire_brigade"))


def test_auction_city_b13() -> None:
    b13 = BLOCK_BY_ID["B13"]
    assert (b13.kind, b13.cost, b13.initial, b13.capacity, b13.splendor) == (CITY, 6, 3, 5, 5)
    assert b13.mods == (1, 2, 2)


def test_blocks_of_the_examples() -> None:
    # Income example: Field B31 x2 = $2, Town B05 x2 = $4, City B16 x6 = $12, Factory B23 x2 = $10.
    assert [BLOCK_BY_ID[i].money for i in ("B31", "B05", "B16", "B23")] == [1, 2, 2, 5]
    assert BLOCK_BY_ID["B16"].capacity == 7 and BLOCK_BY_ID["B23"].kind == INDUSTRY
    # Food example: B31 gives 2 food per inhabitant, B33 3 (and has room for 2).
    assert (BLOCK_BY_ID["B31"].food, BLOCK_BY_ID["B33"].food, BLOCK_BY_ID["B33"].capacity) == (2, 3, 2)
    # Security example: Fire Station B51 has 2 officers, B48 1, Police Station B43 2.
    assert (BLOCK_BY_ID["B51"].firemen, BLOCK_BY_ID["B48"].firemen, BLOCK_BY_ID["B43"].police) == (2, 1, 2)
    # Births example: Hamlet B01 holds 3, Town B05 4.
    assert (BLOCK_BY_ID["B01"].capacity, BLOCK_BY_ID["B05"].capacity) == (3, 4)
    # Negative modifiers are kept.
    assert BLOCK_BY_ID["B47"].mods == (0, 0, -3)
    assert BLOCK_BY_ID["B54"].mods == (-2, -1, 0)
    assert BLOCK_BY_ID["B59"].mods == (0, -3, 0)


def test_initial_blocks() -> None:
    town_a, field_a = BLOCKS[content.INITIAL_TOWN[False]], BLOCKS[content.INITIAL_FIELD[False]]
    town_f, field_f = BLOCKS[content.INITIAL_TOWN[True]], BLOCKS[content.INITIAL_FIELD[True]]
    assert (town_a.id, field_a.id, town_f.id, field_f.id) == ("IT-A", "IF-A", "IT-F", "IF-F")
    assert (town_a.money, town_a.initial, town_a.capacity) == (1, 2, 4)
    assert (field_a.food, field_a.initial, field_a.capacity) == (2, 0, 3)
    assert (town_f.money, town_f.initial, town_f.capacity) == (2, 2, 5)
    assert (field_f.food, field_f.initial, field_f.capacity) == (3, 0, 3)
    for b in (town_a, field_a, town_f, field_f):
        assert (b.cost, b.mods, b.splendor, b.police, b.firemen, b.effect) == (0, (0, 0, 0), 0, 0, 0, "")


def test_special_effects() -> None:
    assert set(content.EFFECT_BLOCK) == set(content.SPECIAL_EFFECTS)
    assert BLOCKS[content.EFFECT_BLOCK["school"]].id == "B55"
    assert BLOCKS[content.EFFECT_BLOCK["radio_station"]].id == "B64"
    assert BLOCKS[content.EFFECT_BLOCK["stadium"]].mods == (1, 0, 2)


def test_plans() -> None:
    assert len(PLANS) == 26 and len(PLAN_DECK) == 32
    assert [card for p in PLANS for card in p.ids] == [f"P{n:02d}" for n in range(1, 33)]
    assert sum(len(p.ids) for p in PLANS if p.neighbour) == 8
    assert {p.phase for p in PLANS} == set(range(1, 9))
    doubled = {p.key for p in PLANS if len(p.ids) == 2}
    assert doubled == {
        "prevention_campaign", "community_volunteers", "social_subsidies",
        "open_concert", "agitators", "smear_campaign",
    }  # fmt: skip
    tender = PLAN_BY_KEY["public_tender"]
    assert (tender.name, tender.cost, tender.phase, tender.neighbour) == ("Public Tender", 1, 1, False)
    subsidies = PLAN_BY_KEY["social_subsidies"]
    assert (subsidies.ids, subsidies.cost, subsidies.phase) == (("P18", "P19"), 5, 6)
    assert PLAN_BY_KEY["tax_increase"].cost == 0 and PLAN_BY_KEY["arson"].neighbour
    assert PLAN_DECK.count(PLAN_BY_KEY["agitators"].index) == 2
    for p in PLANS:
        assert 0 < len(p.text) <= 60


def test_events() -> None:
    assert [e.id for e in EVENTS] == [f"E{n:02d}" for n in range(1, 21)]
    family = [e.id for e in EVENTS if e.family]
    assert family == ["E02", "E03", "E05", "E06", "E08", "E09", "E12", "E13", "E14", "E17", "E20"]
    assert EVENTS[1].catastrophes == ((FIRE, 3),)
    assert EVENTS[6].catastrophes == ((INSECURITY, 1),)
    assert EVENT_BY_KEY["great_storm"].catastrophes == ((FLOOD, 4), (FIRE, 6))
    assert EVENT_BY_KEY["drought"].catastrophes == ((FIRE, 4),)
    assert EVENT_BY_KEY["elections"].id == "E17" and EVENT_BY_KEY["epidemic"].id == "E19"
    assert sum(1 for e in EVENTS if e.catastrophes) == 11
    for e in EVENTS:
        assert 0 < len(e.text) <= 60


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("market"), "missing fields \\['market'\\]"),
        (lambda d: d.update(market=[3, 4]), "missing section \\[market\\]"),
        (lambda d: d["game"].pop("rounds"), "missing fields \\['rounds'\\]"),
        (lambda d: d["market"]["prices"].pop(), "prices must have 13 entries"),
        (lambda d: d["discontent"]["happiness"].append(-8), "happiness must have 16 entries"),
        (lambda d: d["blocks"]["deck"].pop(), "deck must have 64 entries"),
        (lambda d: d["blocks"]["deck"][0].update(kind="city"), "12 town blocks"),
        (lambda d: d["blocks"]["deck"][0].update(initial=4), "exceed the capacity"),
        (lambda d: d["blocks"]["deck"][20].update(initial=1), "only towns and cities"),
        (lambda d: d["blocks"]["deck"][40].update(capacity=2), "capacity 0"),
        (lambda d: d["blocks"]["deck"][40].update(firemen=1), "police officers only"),
        (lambda d: d["blocks"]["deck"][63].update(effect="school"), "exactly one block"),
        (lambda d: d["blocks"]["deck"][63].update(effect="casino"), "unknown special effect"),
        (lambda d: d["blocks"]["deck"][5].update(id="B99"), "must have id B06"),
        (lambda d: d["plans"][1].update(target="self"), "target must be one of own, neighbour"),
        (lambda d: d["plans"][5].update(phase=2), "none for phase \\[3\\]"),
        (lambda d: d["plans"][6].update(ids=["P07"]), "expected P08"),
        (lambda d: d["plans"][2].update(text="x" * 61), "at most 60 characters"),
        (lambda d: d["events"][0].update(family=True), "11 events must be family events"),
        (lambda d: d["events"][0].update(catastrophes=[["heat", 2]]), "catastrophe index"),
        (lambda d: d["scoring"].update(district=[[9, 6], [10, 10]]), "largest size down"),
    ],
)
def test_bad_data_is_rejected(change: Callable[[dict[str, Any]], Any], message: str) -> None:
    data = copy.deepcopy(raw())
    change(data)
    with pytest.raises(ContentError, match=message) as info:
        parse(data)
    assert str(info.value).startswith("seeds/intendentes/content.toml")


def test_the_shipped_file_parses_again() -> None:
    assert parse(raw()) == content.CONTENT


def _load_module_from(seeds: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Import a fresh copy of core/intendentes/content.py reading its data under ``seeds``."""
    monkeypatch.setattr(core.plaindata, "files", lambda package: seeds)
    path = Path(content.__file__)
    spec = importlib.util.spec_from_file_location("intendentes_content_copy", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # (dataclasses look their module up)
    spec.loader.exec_module(module)


def test_invalid_toml_fails_at_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "intendentes").mkdir()
    (tmp_path / "intendentes" / "content.toml").write_text("[game\nrounds = 8\n", encoding="utf-8")
    with pytest.raises(ValueError, match="seeds/intendentes/content.toml: not valid TOML") as info:
        _load_module_from(tmp_path, monkeypatch)
    assert type(info.value).__name__ == "ContentError"


def test_inconsistent_file_fails_at_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (files("seeds") / "intendentes" / "content.toml").read_text(encoding="utf-8")
    broken = re.sub(r'(id = "B13".*?)kind = "city"', r'\1kind = "town"', text)
    assert broken != text
    (tmp_path / "intendentes").mkdir()
    (tmp_path / "intendentes" / "content.toml").write_text(broken, encoding="utf-8")
    with pytest.raises(ValueError, match="12 town blocks, has 13") as info:
        _load_module_from(tmp_path, monkeypatch)
    assert type(info.value).__name__ == "ContentError"
