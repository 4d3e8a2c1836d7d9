"""The statistics bench's folder (``bench/stats.py``): every file a valid save, finished and
unfinished games of several games and names. Nothing about speed is checked here."""

from __future__ import annotations

from pathlib import Path

from bench import stats as bench_stats
from saves.stats import read_stats
from saves.store import list_saves


def test_the_bench_folder_holds_only_valid_saves(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    made = bench_stats.build_folder(folder, 40, bases=(("quadropolis", 3, (1,)), ("settlement", 2, (2,))))
    assert made == {"saves": 40, "finished": 20, "variants": 16}
    listed = list_saves(folder)
    assert len(listed) == 40 and [item.error for item in listed if item.error] == []
    records = read_stats(folder)
    assert records.saves == 40 and records.broken == ()
    quadropolis, settlement = records.games
    names = {record.name for record in quadropolis.players}
    assert names == {"Ada", "Brook", "Eve", "Hana", "Ivo", "Juno", "Kit"}
    ada = quadropolis.player("Ada")
    assert ada is not None and ada.finished and ada.games > ada.finished and ada.against
    [team] = settlement.teams
    assert team.difficulty == "hard" and team.games == 16 and team.finished == 8  # saves 8-15, 24-31
