"""The shared plain-data checks used by the games' decoders and content loaders."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core import plaindata
from core.engine import CorruptData
from core.rng import Rng


class Oops(ValueError):
    """Stands in for a game's ContentError."""


@pytest.mark.parametrize("value", [1, 4, 2])
def test_whole_accepts_numbers_in_range(value: int) -> None:
    assert plaindata.whole(value, "round", 1, 4) == value


@pytest.mark.parametrize("value", [0, 5, True, False, 1.0, "2", None, [2]])
def test_whole_rejects_everything_else(value: Any) -> None:
    with pytest.raises(CorruptData, match=r"^round must be a whole number 1\.\.4, got "):
        plaindata.whole(value, "round", 1, 4)


def test_every_check_raises_the_error_it_is_given() -> None:
    with pytest.raises(Oops, match="round"):
        plaindata.whole(9, "round", 1, 4, Oops)
    with pytest.raises(Oops):
        plaindata.whole_in({}, "round", 1, 4, "rules.toml", Oops)
    with pytest.raises(Oops):
        plaindata.bool_in({}, "mayor", "tile 1", Oops)
    with pytest.raises(Oops):
        plaindata.as_list(3, "site", error=Oops)
    with pytest.raises(Oops):
        plaindata.whole_list([1, "x"], "scores", error=Oops)
    with pytest.raises(Oops):
        plaindata.as_table([], "slots", Oops)
    with pytest.raises(Oops):
        plaindata.section({}, "board", "rules.toml", Oops)
    with pytest.raises(Oops):
        plaindata.check_keys({"a": 1}, {"b"}, error=Oops)
    with pytest.raises(Oops):
        plaindata.check_format(2, 1, Oops)
    with pytest.raises(Oops):
        plaindata.player_names(["Ada"], 2, 4, Oops)
    with pytest.raises(Oops):
        plaindata.decode_rng({}, Oops)
    with pytest.raises(Oops):
        plaindata.one_of("x", "phase", ("a", "b"), Oops)
    with pytest.raises(Oops):
        plaindata.lookup("x", "site", {"a": 0}, "tile", error=Oops)


def test_whole_in_names_where_and_key_and_reads_missing_as_none() -> None:
    assert plaindata.whole_in({"rounds": 4}, "rounds", 1, 9) == 4
    with pytest.raises(Oops, match=r"^rules\.toml \[board\]: rounds must be a whole number 1\.\.9, got None$"):
        plaindata.whole_in({}, "rounds", 1, 9, "rules.toml [board]", Oops)
    with pytest.raises(CorruptData, match=r"^rounds must be a whole number 1\.\.9, got None$"):
        plaindata.whole_in("not a table", "rounds", 1, 9)


def test_bool_in() -> None:
    assert plaindata.bool_in({"over": False}, "over") is False
    with pytest.raises(CorruptData, match=r"^over must be true or false, got 0$"):
        plaindata.bool_in({"over": 0}, "over")
    with pytest.raises(Oops, match=r"^tile 2-1: mayor must be true or false, got 'yes'$"):
        plaindata.bool_in({"mayor": "yes"}, "mayor", "tile 2-1", Oops)


def test_as_list_checks_type_and_length_and_returns_the_same_list() -> None:
    items = [1, 2]
    assert plaindata.as_list(items, "pair", 2) is items
    assert plaindata.as_list([], "pile") == []
    with pytest.raises(CorruptData, match=r"^pile must be a list, got dict$"):
        plaindata.as_list({}, "pile")
    with pytest.raises(CorruptData, match=r"^pair must have 2 entries, got 3$"):
        plaindata.as_list([1, 2, 3], "pair", 2)


def test_whole_list_copies_and_checks_every_entry() -> None:
    items = [0, 3]
    checked = plaindata.whole_list(items, "scores", 2, 0, 9)
    assert checked == items and checked is not items
    assert plaindata.whole_list([-5, 100], "table") == [-5, 100]  # no range given: any whole numbers
    with pytest.raises(CorruptData, match=r"^scores entries must be whole numbers 0\.\.9, got 10$"):
        plaindata.whole_list([1, 10], "scores", None, 0, 9)
    with pytest.raises(CorruptData, match=r"^table entries must be whole numbers, got True$"):
        plaindata.whole_list([1, True], "table")
    with pytest.raises(CorruptData, match=r"^scores must have 2 entries, got 1$"):
        plaindata.whole_list([1], "scores", 2, 0, 9)


def test_as_table_and_section() -> None:
    table = {"a": 1}
    assert plaindata.as_table(table, "slots") is table
    with pytest.raises(CorruptData, match=r"^slots must be a table, got list$"):
        plaindata.as_table([], "slots")
    assert plaindata.section({"board": table}, "board", "rules.toml") is table
    with pytest.raises(Oops, match=r"^rules\.toml: missing section \[board\]$"):
        plaindata.section({"board": 3}, "board", "rules.toml", Oops)


def test_check_keys_lists_missing_and_unknown_fields() -> None:
    plaindata.check_keys({"a": 1, "b": 2}, {"a", "b"})
    plaindata.check_keys({"a": 1, "rng": {}}, ["a"], {"rng"})
    plaindata.check_keys({"a": 1}, ["a"], {"rng"})
    with pytest.raises(CorruptData, match=r"^missing fields \['b'\], unknown fields \['z'\]$"):
        plaindata.check_keys({"a": 1, "z": 0}, ("a", "b"))
    with pytest.raises(Oops, match=r"^tile #3: missing fields \[\], unknown fields \['x'\]$"):
        plaindata.check_keys({"a": 1, "x": 0}, {"a"}, what="tile #3", error=Oops)


@pytest.mark.parametrize("value", [2, True, "1", None])
def test_check_format(value: Any) -> None:
    plaindata.check_format(1, 1)
    with pytest.raises(CorruptData, match="^unsupported format"):
        plaindata.check_format(value, 1)


def test_player_names() -> None:
    assert plaindata.player_names(["Ada", "Brook"], 2, 4) == ("Ada", "Brook")
    with pytest.raises(CorruptData, match=r"^1 players \(allowed 2-4\)$"):
        plaindata.player_names(["Ada"], 2, 4)
    with pytest.raises(CorruptData, match="^player names must be strings$"):
        plaindata.player_names(["Ada", 7], 2, 4)
    with pytest.raises(CorruptData, match="^names must be a list"):
        plaindata.player_names("Ada, Brook", 2, 4)


def test_decode_rng_round_trips_and_names_the_field() -> None:
    rng = Rng(42)
    assert plaindata.decode_rng(rng.encode()).encode() == rng.encode()
    with pytest.raises(CorruptData, match="^rng: "):
        plaindata.decode_rng({"state": "xyz", "inc": "1"})


def test_one_of_and_lookup() -> None:
    assert plaindata.one_of("build", "phase", ("place", "build")) == 1
    with pytest.raises(CorruptData, match=r"^phase must be one of place, build, got 'over'$"):
        plaindata.one_of("over", "phase", ("place", "build"))
    with pytest.raises(CorruptData):
        plaindata.one_of(["place"], "phase", ("place", "build"))
    ids = {"2-13": 5}
    assert plaindata.lookup("2-13", "site", ids, "tile") == 5
    assert plaindata.lookup("", "site", ids, "tile", allow_empty=True) == -1
    with pytest.raises(CorruptData, match=r"^site: unknown tile ''$"):
        plaindata.lookup("", "site", ids, "tile")
    with pytest.raises(CorruptData, match=r"^box: unknown tile 7$"):
        plaindata.lookup(7, "box", ids, "tile")


def test_prefixed_adds_context_to_corrupt_data_only() -> None:
    @plaindata.prefixed("Toy state")
    def decode(data: Any) -> int:
        """Doc kept."""
        if data == "bad":
            raise CorruptData("first must be a whole number 0..1, got 'bad'")
        if data == "bug":
            raise KeyError("first")
        return plaindata.whole(data, "first", 0, 1)

    assert decode(1) == 1
    assert decode.__doc__ == "Doc kept."
    with pytest.raises(CorruptData, match=r"^Toy state: first must be a whole number 0\.\.1, got 'bad'$"):
        decode("bad")
    with pytest.raises(CorruptData, match=r"^Toy state: first must be a whole number 0\.\.1, got 5$"):
        decode(5)
    with pytest.raises(KeyError):
        decode("bug")


def test_read_seed_toml_reads_shipped_files() -> None:
    data = plaindata.read_seed_toml("quadropolis", "rules.toml", Oops)
    assert isinstance(data, dict) and "board" in data


def test_read_seed_toml_reports_missing_and_broken_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(Oops, match=r"^seeds/quadropolis/nope\.toml: cannot read \("):
        plaindata.read_seed_toml("quadropolis", "nope.toml", Oops)
    (tmp_path / "toy").mkdir()
    (tmp_path / "toy" / "broken.toml").write_text("a = \n", encoding="utf-8")
    (tmp_path / "toy" / "latin1.toml").write_bytes(b'name = "\xe9"\n')
    monkeypatch.setattr(plaindata, "files", lambda package: tmp_path)
    with pytest.raises(Oops, match=r"^seeds/toy/broken\.toml: not valid TOML \("):
        plaindata.read_seed_toml("toy", "broken.toml", Oops)
    with pytest.raises(Oops, match=r"^seeds/toy/latin1\.toml: cannot read \("):
        plaindata.read_seed_toml("toy", "latin1.toml", Oops)
