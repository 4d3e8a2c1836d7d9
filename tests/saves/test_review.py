"""The review kept in a save file (saves/review.py): written atomically beside an untouched
game part, read back, resumed, kept when the finished game is saved again, and a damaged
section dropped with one line of warning while the game itself loads as before."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from core.ai.review import Decision, review
from core.table import Table
from saves import Autosaver, SaveError, list_saves, load_table, read_save, save_table
from saves.review import game_key, open_review, run_review, write_review

from .conftest import GAME, make_seats, play_moves

LEVEL = "normal"


def finished(bots: tuple[int, ...] = (1,)) -> Table[Any]:
    table = Table.new(GAME, make_seats(bots=bots), 73, {"target": 20})
    play_moves(table, 200)
    assert table.is_over()
    return table


@pytest.fixture
def saved(folder: Path) -> Path:
    path = folder / "pig-game.toml"
    save_table(finished(), path, "Pig")
    return path


def valued(path: Path) -> tuple[Decision, ...]:
    table = load_table(path).table
    names = [seat.name for seat in table.seats]
    result = review(GAME, names, table.seed, table.options, table.actions(), table.human_seats(), LEVEL)
    assert result.complete and len(result.decisions) >= 2
    return result.decisions


def test_an_old_save_has_an_empty_review(saved: Path) -> None:
    source = open_review(saved)
    assert source.decisions == () and source.warning is None
    assert source.table.is_over() and source.path == saved
    assert source.game == game_key(read_save(saved))


def test_decisions_round_trip_and_the_game_part_is_untouched(saved: Path) -> None:
    before = saved.read_bytes()
    game = read_save(saved)
    decisions = valued(saved)
    key = open_review(saved).game
    assert write_review(saved, key, decisions[:1]) == 1
    assert write_review(saved, key, decisions[1:]) == len(decisions)  # kept ones stay
    after = saved.read_bytes()
    assert after.startswith(before.rstrip(b"\n"))  # the game's bytes, then the review
    assert read_save(saved) == game
    assert load_table(saved).warning is None
    [listing] = list_saves(saved.parent)
    assert listing.error is None and listing.header == game.header
    source = open_review(saved)
    assert source.decisions == decisions and source.warning is None
    # written again (a decision valued anew): the game's bytes still as they were
    write_review(saved, key, decisions[:1])
    assert saved.read_bytes() == after and read_save(saved) == game


def test_saving_the_finished_game_again_keeps_its_review(saved: Path) -> None:
    decisions = valued(saved)
    write_review(saved, open_review(saved).game, decisions)
    loaded = load_table(saved)
    saver = Autosaver.resume(loaded)
    assert saver.save_now() is None  # leaving the finished game's board writes it again
    saver.close()
    assert open_review(saved).decisions == decisions
    save_table(loaded.table, saved, "Pig")
    assert open_review(saved).decisions == decisions


def test_the_review_is_not_written_into_another_game(saved: Path, folder: Path) -> None:
    decisions = valued(saved)
    key = open_review(saved).game
    other = Table.new(GAME, make_seats(bots=(1,)), 71, {"target": 20})
    play_moves(other, 200)
    save_table(other, saved, "Pig")  # the file now holds another game
    before = saved.read_bytes()
    with pytest.raises(SaveError, match="another game"):
        write_review(saved, key, decisions)
    assert saved.read_bytes() == before
    with pytest.raises(SaveError):
        write_review(folder / "gone.toml", key, decisions)


def _damage(path: Path, change: Any) -> None:
    doc = tomllib.loads(path.read_text("utf-8"))
    change(doc["review"])
    path.write_text(tomli_w.dumps(doc), "utf-8")


def _first(change: Any) -> Any:
    return lambda section: change(section["decisions"][0])


DAMAGE = {
    "not a table": lambda section: section.clear() or section.update({"decisions": "many"}),
    "another game": lambda section: section.update({"game": "0" * 64}),
    "a newer version": lambda section: section.update({"version": 99}),
    "a negative loss": _first(lambda d: d.update({"loss": -1.0})),
    "not a number": _first(lambda d: d.update({"best_value": float("nan")})),
    "a huge number": _first(lambda d: d.update({"spread": 1e300})),
    "text for a number": _first(lambda d: d.update({"played_value": "lots"})),
    "a move out of range": _first(lambda d: d.update({"index": 10_000})),
    "a seat out of range": _first(lambda d: d.update({"seat": 7})),
    "an unknown unit": _first(lambda d: d.update({"unit": "goats"})),
    "an unknown level": _first(lambda d: d.update({"level": "easy"})),
    "control characters": _first(lambda d: d.update({"best_text": "evil\x1b[2J"})),
    "a missing field": _first(lambda d: d.pop("best")),
    "twice the same move": lambda section: section["decisions"].append(dict(section["decisions"][0])),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_review_is_dropped_with_one_line_and_the_game_loads(saved: Path, damage: str) -> None:
    decisions = valued(saved)
    write_review(saved, open_review(saved).game, decisions)
    _damage(saved, DAMAGE[damage])
    assert load_table(saved).warning is None  # the game part never depends on the review
    source = open_review(saved)
    assert source.decisions == () and source.table.is_over()
    assert source.warning is not None and "\n" not in source.warning
    assert saved.name in source.warning and "dropped" in source.warning
    # valued again, the damaged section is replaced by a good one
    write_review(saved, source.game, decisions)
    again = open_review(saved)
    assert again.decisions == decisions and again.warning is None


def test_a_review_section_that_is_not_a_table_is_dropped(saved: Path) -> None:
    saved.write_bytes(b'review = "yes"\n' + saved.read_bytes())
    assert load_table(saved).warning is None
    source = open_review(saved)
    assert source.decisions == () and source.warning is not None
    decisions = valued(saved)
    game = read_save(saved)
    write_review(saved, source.game, decisions)  # written over it: the game as it was
    assert open_review(saved).decisions == decisions and read_save(saved) == game


def test_only_a_finished_game_with_a_human_seat_is_reviewed(folder: Path) -> None:
    unfinished = Table.new(GAME, make_seats(bots=(1,)), 73, {"target": 20})
    play_moves(unfinished, 3)
    save_table(unfinished, folder / "going-on.toml", "Pig")
    with pytest.raises(SaveError, match="not over"):
        open_review(folder / "going-on.toml")
    save_table(finished(bots=(0, 1)), folder / "bots.toml", "Pig")
    with pytest.raises(SaveError, match="no human"):
        open_review(folder / "bots.toml")
    with pytest.raises(SaveError, match="does not exist"):
        open_review(folder / "missing.toml")
    (folder / "broken.toml").write_text("[header]\nformat_version = 1\n", "utf-8")
    with pytest.raises(SaveError):
        open_review(folder / "broken.toml")


def test_a_running_review_keeps_its_decisions_in_the_save_as_it_goes(saved: Path) -> None:
    decisions = valued(saved)
    writes: list[int] = []
    stopped = run_review(open_review(saved), LEVEL, every=2,
                         progress=lambda done, total: writes.append(len(open_review(saved).decisions)),
                         should_stop=lambda: len(writes) > 3)
    assert not stopped.complete and len(stopped.decisions) == 3
    assert writes == [0, 0, 2, 2]  # every second decision is written as soon as it is valued
    assert open_review(saved).decisions == decisions[:3]  # the third, when it stopped
    told: list[str] = []
    done = run_review(open_review(saved), LEVEL, failed=told.append)
    assert done.complete and done.decisions == decisions and told == []
    assert open_review(saved).decisions == decisions


def test_a_failed_write_is_told_once_and_the_review_goes_on(saved: Path, folder: Path) -> None:
    source = open_review(saved)
    saved.unlink()  # the save is gone: nothing can be written into it
    told: list[str] = []
    result = run_review(source, LEVEL, failed=told.append, every=1)
    assert result.complete and len(result.decisions) == result.total >= 2
    assert len(told) == 1 and "pig-game.toml" in told[0]
