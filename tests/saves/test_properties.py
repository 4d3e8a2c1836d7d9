"""Property tests: any plain data and any valid names survive a write → read round trip."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saves import (
    FORMAT_VERSION,
    LogRecord,
    PlayerRecord,
    SaveFile,
    SaveHeader,
    check_player_name,
    read_save,
    state_hash,
    write_save,
)
from saves.format import INT64_MAX, INT64_MIN, clean_player_name

text = st.text(st.characters(codec="utf-8"), max_size=30)
scalars = st.one_of(text, st.integers(INT64_MIN, INT64_MAX), st.booleans())
plain = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(text, inner, max_size=4)),
    max_leaves=25,
)
states = st.dictionaries(text, plain, max_size=6)
names = text.map(clean_player_name)
players = st.lists(
    st.builds(
        PlayerRecord,
        name=names,
        kind=st.just("bot"),
        level=st.sampled_from(["easy", "normal", "hard"]),
    )
    | st.builds(PlayerRecord, name=names),
    min_size=2,
    max_size=4,
)


@given(
    state=states,
    actions=st.lists(st.dictionaries(text, plain, max_size=3), max_size=5),
    people=players,
    seed=st.integers(-(2**70), 2**70),
    title=text.filter(lambda t: t.isprintable()),
)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_plain_data_round_trips(
    state: dict[str, Any], actions: list[dict[str, Any]], people: list[PlayerRecord], seed: int, title: str
) -> None:
    save = SaveFile(
        header=SaveHeader(
            format_version=FORMAT_VERSION,
            app_version="0.1.0",
            game_id="pig",
            title=title,
            options={"target": 20},
            players=tuple(people),
            seed=seed,
            created="2026-11-29T14:12:00Z",
            updated="2026-11-29T14:13:00Z",
            progress="",
            over=False,
        ),
        log=tuple(LogRecord(seat=i % len(people), action=a) for i, a in enumerate(actions)),
        snapshot=state,
        snapshot_hash=state_hash(state),
    )
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "p.toml"
        write_save(path, save)
        loaded = read_save(path)
    assert loaded == save
    assert loaded.snapshot_ok
    assert all(check_player_name(p.name) is None for p in loaded.header.players)


@given(st.text(max_size=60))
@settings(max_examples=200, deadline=None)
def test_clean_player_name_always_valid(name: str) -> None:
    cleaned = clean_player_name(name)
    assert check_player_name(cleaned) is None
    if check_player_name(name) is None:
        assert cleaned == name
