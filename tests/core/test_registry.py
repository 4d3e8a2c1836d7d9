"""The registry lists games from its own table, without importing their engines.

Each listing must say what the engine's ``info`` says (so the two cannot drift apart),
and listing the games in a fresh interpreter must import no engine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core import registry
from core.registry import Listing, UnknownGame, game_ids, get_game, listing, listings

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", game_ids())
def test_listing_is_the_engines_info(game_id: str) -> None:
    game = get_game(game_id)
    info = game.info
    assert listing(game_id) == Listing(info.id, info.title, info.min_players, info.max_players, info.blurb,
                                       game.cooperative)


def test_every_registered_game_has_a_listing_in_menu_order() -> None:
    assert list(registry._LISTINGS) == game_ids()
    assert [entry.id for entry in listings()] == game_ids()


def test_unknown_game() -> None:
    with pytest.raises(UnknownGame):
        listing("nosuchgame")


def test_a_game_registered_without_a_listing_is_asked_for_its_info(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests import toy_game

    monkeypatch.setitem(registry._MODULES, "toy", "tests.toy_game")
    registry.get_game.cache_clear()
    try:
        info = toy_game.GAME.info
        assert listing("toy") == Listing(info.id, info.title, info.min_players, info.max_players, info.blurb,
                                         toy_game.GAME.cooperative)
        assert listings()[-1] == listing("toy")
    finally:
        registry.get_game.cache_clear()


def test_listing_the_games_imports_no_engine() -> None:
    code = (
        "import json, sys\n"
        "from core.registry import listings\n"
        "titles = [entry.title for entry in listings()]\n"
        "print(json.dumps({'titles': titles, 'modules': sorted(sys.modules)}))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60, check=True)
    out = json.loads(proc.stdout)
    assert out["titles"] == [get_game(game_id).info.title for game_id in game_ids()]
    engines = tuple(registry._MODULES.values())
    assert [m for m in out["modules"] if m.startswith(engines) or m == "core.engine"] == []
