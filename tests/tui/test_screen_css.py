"""Each screen's stylesheet styles that screen only.

Textual puts every screen's CSS file into the one stylesheet of the app, so a rule such as
``#status { margin-top: 1 }`` in the review's file moved the status line of every game
screen opened after a review down a row, for the rest of the session. Every rule of a
screen's file is scoped to its screen type (``ReviewScreen #status``)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from tests.tui.helpers import open_game, quadropolis_table
from tui.app import MeepleApp

ROOT = Path(__file__).resolve().parents[2]
SCOPES: dict[str, tuple[str, ...]] = {
    "tui/screens/game.tcss": ("GameScreen",),
    "tui/screens/game_over.tcss": ("GameOverScreen",),
    "tui/screens/load.tcss": ("LoadScreen",),
    "tui/screens/lobby.tcss": ("LobbyScreen",),
    "tui/screens/menu.tcss": ("MenuScreen",),
    "tui/screens/new_game.tcss": ("NewGameScreen", "SettingsScreen"),
    "tui/screens/review.tcss": ("ReviewScreen",),
    "tui/screens/rules.tcss": ("RulesScreen",),
    "tui/screens/stats.tcss": ("StatsScreen",),
    "tui/games/council.tcss": ("CouncilScreen",),
    "tui/games/elgrande.tcss": ("ElGrandeScreen",),
    "tui/games/intendentes.tcss": ("IntendentesScreen",),
    "tui/games/quadropolis.tcss": ("QuadropolisScreen",),
    "tui/games/settlement.tcss": ("SettlementScreen",),
}


def top_level_selectors(text: str) -> list[str]:
    """Each selector (split at commas) of the rules at the top level of a stylesheet."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    found: list[str] = []
    depth = 0
    start = 0
    for index, char in enumerate(text):
        if char == "{":
            if depth == 0:
                found.extend(part.strip() for part in text[start:index].split(","))
            depth += 1
        elif char == "}":
            depth -= 1
            start = index + 1
    return found


def test_every_screen_stylesheet_is_listed_here() -> None:
    sheets = {str(p.relative_to(ROOT)) for p in (ROOT / "tui").rglob("*.tcss")}
    shared = {"tui/app.tcss", "tui/screens/modal.tcss", "tui/widgets/number_entry.tcss",
              "tui/widgets/score_chart.tcss"}
    assert sheets - shared == set(SCOPES)


@pytest.mark.parametrize("sheet", sorted(SCOPES))
def test_every_rule_of_a_screen_stylesheet_is_scoped_to_its_screen(sheet: str) -> None:
    types = SCOPES[sheet]
    selectors = top_level_selectors((ROOT / sheet).read_text(encoding="utf-8"))
    assert selectors
    loose = [s for s in selectors if re.match(r"[A-Za-z_][A-Za-z0-9_]*", s) is None
             or re.match(r"[A-Za-z_][A-Za-z0-9_]*", s).group(0) not in types]  # type: ignore[union-attr]
    assert loose == [], f"{sheet}: rules that would style other screens too: {loose}"


def test_a_game_opened_after_the_review_and_the_statistics_keeps_its_status_on_the_first_row() -> None:
    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            from tui.screens.review import ReviewScreen
            from tui.screens.stats import StatsScreen

            for screen in (ReviewScreen(ROOT / "no-such-save.toml"), StatsScreen()):
                await app.push_screen(screen)
                await pilot.pause()
                await app.pop_screen()
                await pilot.pause()
            game = await open_game(pilot, quadropolis_table())
            await pilot.pause()
            status = game.query_one("#status")
            assert status.region.y == 0 and status.region.height == 1

    asyncio.run(main())
