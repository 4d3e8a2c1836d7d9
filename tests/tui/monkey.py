"""A seeded monkey: random keys in small bursts on Meeple's screens, never a quitting key.

It starts on a game screen (seat 0 a person, the others easy bots, no bot delay) and
types keys from the screens' own keys (the key bars of the games, the replay, the game
over, the menu and its forms), arrows, Tab, Enter, Escape and text, in bursts of one to six
posted at once (as a fast typist's keys arrive). After every burst it checks that the app
still runs (no crash) and that the screen keeps its frame at the terminal's size: the key
bar whole on the last row and, on a game screen, the status line on the first.

``python -m tests.tui.monkey GAME SEED KEYS`` replays one run and prints its keys.
"""

from __future__ import annotations

import asyncio
import random
import sys
from dataclasses import dataclass, field
from typing import Any

from textual import events

from core.registry import get_game
from core.table import Controller, Seat, Table
from tui.app import MeepleApp

# Keys a player presses; never ctrl+q, ctrl+c, nor q (Quit on the menu).
KEYS: tuple[str, ...] = (
    "up", "down", "left", "right", "up", "down", "left", "right",
    "enter", "enter", "escape", "tab", "shift+tab", "pageup", "pagedown", "home", "end",
    "backspace", "space", "question_mark", "f1", "ctrl+p", "ctrl+z", "ctrl+s",
    "a", "b", "c", "d", "e", "e", "f", "g", "h", "h", "i", "l", "m", "m", "n", "o", "p", "r",
    "s", "t", "u", "v", "w", "x", "y", "z",
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "plus", "minus", "full_stop",
)
CHARACTERS = {"space": " ", "question_mark": "?", "plus": "+", "minus": "-", "full_stop": "."}


@dataclass
class Run:
    """What one monkey run did: its keys in bursts, and what went wrong (empty: nothing)."""

    game_id: str
    seed: int
    size: tuple[int, int] = (80, 24)
    bursts: list[list[str]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def replay_line(self) -> str:
        """How to run it again."""
        keys = sum(len(burst) for burst in self.bursts)
        width, height = self.size
        return f"python -m tests.tui.monkey {self.game_id} {self.seed} {keys} {width}x{height}"


def table_for(game_id: str, seed: int) -> Table[Any]:
    """Seat 0 a person and first where the game says who starts; the others easy bots."""
    game = get_game(game_id)
    players = 1 if game.cooperative else 2
    options = {"first_player": "0"} if any(o.key == "first_player" for o in game.info.options) else {}
    seats = [Seat(0, "Ada", Controller())] + [Seat(i, f"Bot {i}", Controller("bot", "easy"))
                                               for i in range(1, players)]
    return Table.new(game, seats, seed, options)


def key_event(key: str) -> events.Key:
    """The event a terminal's key press becomes."""
    if len(key) == 1:
        return events.Key(key, key)
    return events.Key(key, CHARACTERS.get(key))


def frame_problems(app: MeepleApp) -> list[str]:
    """What is wrong with the screen's frame now: the key bar not whole on the last row, or
    a game screen's status line not on the first."""
    from tui.screens.game import GameScreen
    from tui.widgets.key_bar import KeyBar
    from tui.widgets.status import StatusLine

    screen = app.screen
    width, height = app.size
    found: list[str] = []
    bars = [bar for bar in screen.query(KeyBar) if bar.display]
    if bars:
        region = bars[0].region
        if region.height and (region.y != height - 1 or region.height != 1 or region.x != 0):
            found.append(f"{type(screen).__name__}: the key bar is at {region}, not on row {height - 1}")
    if isinstance(screen, GameScreen):
        status = [line for line in screen.query(StatusLine) if line.display]
        if status and status[0].region.height and status[0].region.y != 0:
            found.append(f"{type(screen).__name__}: the status line is at {status[0].region}, not on row 0")
    return found


async def monkey(game_id: str, seed: int, keys: int, size: tuple[int, int] = (80, 24)) -> Run:
    """Type ``keys`` random keys on ``game_id``'s screen (and wherever they lead)."""
    from tests.tui.helpers import open_game

    run = Run(game_id, seed, size)
    rng = random.Random(f"{game_id}-{seed}")
    app = MeepleApp(bot_delay=0)
    try:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await open_game(pilot, table_for(game_id, seed))
            typed = 0
            while typed < keys and not run.problems:
                burst = [rng.choice(KEYS) for _ in range(rng.randint(1, 6))]
                run.bursts.append(burst)
                typed += len(burst)
                for key in burst:
                    app.post_message(key_event(key))
                await pilot.pause()
                if app._exception is not None or app.return_code not in (None, 0):
                    run.problems.append(f"the app stopped: {app._exception!r}")
                elif not app.is_running:
                    run.problems.append("the app quit")
                else:
                    run.problems.extend(frame_problems(app))
    except Exception as exc:  # the app's own error, raised again as run_test ends
        if not run.problems:
            run.problems.append(f"the app stopped: {exc!r}")
    return run


def main(argv: list[str]) -> None:
    """Replay one run: ``GAME SEED KEYS [WIDTHxHEIGHT]``."""
    game_id, seed, keys = argv[0], int(argv[1]), int(argv[2])
    width, height = (int(n) for n in argv[3].split("x")) if len(argv) > 3 else (80, 24)
    run = asyncio.run(monkey(game_id, seed, keys, (width, height)))
    for number, burst in enumerate(run.bursts, 1):
        print(number, " ".join(burst))
    print("\n".join(run.problems) or "no problem")


if __name__ == "__main__":
    main(sys.argv[1:])
