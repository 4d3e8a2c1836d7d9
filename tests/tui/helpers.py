"""Helpers for TUI tests: build tables, open game screens, drive the board with keys."""

from __future__ import annotations

from collections import deque
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from textual.pilot import Pilot

from core.quadropolis.actions import Build, Place
from core.registry import get_game
from core.rng import Rng
from core.table import Controller, Seat, Table
from saves import Autosaver, save_table, saves_dir
from tui.games import screen_for
from tui.widgets.cursor import DIRECTIONS, TargetCursor

FIXED = datetime(2026, 11, 1, 12, 30, tzinfo=timezone.utc)


def seats(*kinds: str) -> list[Seat]:
    """Seats named Ada, Brook, ... with "human" or a bot level per kind."""
    names = ["Ada", "Brook", "Cyd", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy"]
    return [
        Seat(i, names[i], Controller() if kind == "human" else Controller("bot", kind))
        for i, kind in enumerate(kinds)
    ]


def quadropolis_table(kinds: tuple[str, ...] = ("human", "human"), seed: int = 7,
                      moves: int = 0, play_seed: int = 1) -> Table[Any]:
    """A Quadropolis table (first player seat 0) after ``moves`` seeded random moves."""
    table = Table.new(get_game("quadropolis"), seats(*kinds), seed, {"first_player": "0"})
    rng = Rng(play_seed)
    for _ in range(moves):
        seat = table.to_act()[0]
        actions = table.legal_actions(seat)
        table.submit(seat, actions[rng.randbelow(len(actions))])
    return table


def finished_table(seed: int = 7) -> Table[Any]:
    """A complete 2-player Quadropolis game played by seeded random moves."""
    table = quadropolis_table(seed=seed)
    rng = Rng(3)
    while not table.is_over():
        seat = table.to_act()[0]
        actions = table.legal_actions(seat)
        builds = [a for a in actions if isinstance(a, Build)]
        pool = builds or actions  # build when possible so the cities fill up
        table.submit(seat, pool[rng.randbelow(len(pool))])
    return table


def write_fixed_save(table: Table[Any], name: str, title: str) -> Path:
    """Save ``table`` with fixed times (for snapshot tests)."""
    path = saves_dir() / f"{name}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    save_table(table, path, title, created=FIXED, now=FIXED)
    return path


async def open_game(pilot: Pilot[Any], table: Table[Any], lift_curtain: bool = True) -> Any:
    """Push the game screen of ``table`` (with an autosaver) and wait for it.

    Hot-seat games with hidden hands open behind the hand-off curtain; it is lifted
    (Enter, as the player would) unless ``lift_curtain`` is False.
    """
    from tui.screens.curtain import HandOffScreen

    autosaver = Autosaver.start(table, "test game")
    screen = screen_for(table.game.info.id)(table, autosaver)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    if lift_curtain and isinstance(pilot.app.screen, HandOffScreen):
        await pilot.press("enter")
        await pilot.pause()
    return screen


async def play_by_keys(pilot: Pilot[Any], screen: Any, action: Any) -> None:
    """Make a Quadropolis move the way a player would: digits, arrows, enter or d."""
    if isinstance(action, Place):
        await pilot.press(str(action.architect))
        await pilot.press(*cursor_keys(screen, screen.board_position(action, None)), "enter")
    elif isinstance(action, Build):
        await pilot.press(*cursor_keys(screen, screen.board_position(action, None)), "enter")
    else:
        await pilot.press("d")
    await pilot.pause()


def council_table(kinds: tuple[str, ...] = ("human", "human"), seed: int = 5,
                  moves: int = 0, play_seed: int = 2) -> Table[Any]:
    """A Council of Four table (first player seat 0) after ``moves`` seeded random moves."""
    table = Table.new(get_game("council"), seats(*kinds), seed, {"first_player": "0"})
    rng = Rng(play_seed)
    for _ in range(moves):
        seat = table.to_act()[0]
        actions = table.legal_actions(seat)
        table.submit(seat, actions[rng.randbelow(len(actions))])
    return table


def cursor_keys(screen: Any, goal: tuple[int, int]) -> list[str]:
    """Arrow keys that move the shared board cursor onto ``goal`` (breadth-first over what
    the cursor really does, its memory of the way back included)."""
    real = screen.board_cursor
    start = (real.index, real.back)
    paths: dict[Any, list[str]] = {start: []}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        probe = TargetCursor()
        probe.targets, (probe.index, probe.back) = real.targets, state
        here = probe.current
        if here is not None and (here.row, here.col) == goal:
            return paths[state]
        for key in DIRECTIONS:
            probe.index, probe.back = state
            if probe.move(key):
                nxt = (probe.index, probe.back)
                if nxt not in paths:
                    paths[nxt] = paths[state] + [key]
                    queue.append(nxt)
    raise AssertionError(f"board target {goal} unreachable from {screen.cursor_position}")


async def card_text_at(pilot: Pilot[Any], screen: Any, where: tuple[int, int]) -> str:
    """Move the board cursor onto ``where``, open the card viewer there (i) and return its
    whole text; Escape closes it again."""
    from tui.screens.card_viewer import CardViewerScreen

    await pilot.press(*cursor_keys(screen, where), "i")
    await pilot.pause()
    viewer = pilot.app.screen
    assert isinstance(viewer, CardViewerScreen), viewer
    text = viewer.card.plain_text()
    await pilot.press("escape")
    await pilot.pause()
    assert pilot.app.screen is screen
    return text


async def play_with_cursor(pilot: Pilot[Any], screen: Any, action: Any) -> None:
    """Make a move through the shared board cursor when it has a place, else the move list."""
    from tui.widgets.move_list import MoveList

    view = screen.current_view()
    goal = screen.board_position(action, view)
    if goal is not None:
        if screen.focused is None or screen.focused.id != screen.query_one("#board").children[0].id:
            await pilot.press("escape")  # from the move list back to the board
            await pilot.pause()
        await pilot.press(*cursor_keys(screen, goal), "enter")
        await pilot.pause()
        actions = screen.query_one("#actions")
        if not actions.narrowed:
            return
    else:
        await pilot.press("m")
        await pilot.pause()
        actions = screen.query_one("#actions")
    index = actions._shown.index(action)
    options = screen.query_one("#action-options", MoveList)
    if not options.has_focus:
        await pilot.press("down")  # from the filter box into the list
        options.focus()
        await pilot.pause()
    options.highlighted = 0
    await pilot.press(*["down"] * index, "enter")
    await pilot.pause()


def random_table(game_id: str, kinds: tuple[str, ...], seed: int, moves: int = 0,
                 play_seed: int = 2, until: Any = None, options: dict[str, Any] | None = None) -> Table[Any]:
    """A table of any game after ``moves`` seeded random moves (or until ``until(table)``)."""
    game = get_game(game_id)
    first = {"first_player": "0"} if any(o.key == "first_player" for o in game.info.options) else {}
    table = Table.new(game, seats(*kinds), seed, {**first, **(options or {})})
    rng = Rng(play_seed)
    count = 0
    while not table.is_over():
        if until is not None and until(table):
            break
        if until is None and count >= moves:
            break
        seat = table.to_act()[0]
        actions = table.legal_actions(seat)
        table.submit(seat, actions[rng.randbelow(len(actions))])
        count += 1
    return table


async def wait_for_turn(pilot: Pilot[Any], screen: Any, seat: int = 0, limit: int = 1500) -> None:
    """Let the bots play until ``seat`` must decide (or the game is over), closing each
    scoring summary on the way with Enter, as the player would."""
    from tui.screens.scoring import ScoringScreen

    for _ in range(limit):
        if isinstance(pilot.app.screen, ScoringScreen):
            await pilot.press("enter")
            continue
        if screen.table.is_over() or (seat in screen.table.to_act() and not screen._bot_busy):
            # The table has the bot's move; let the screen draw it (MoveApplied) first.
            await pilot.pause()
            return
        await pilot.pause(0.02)
    raise AssertionError("the bots never handed the turn back")


async def wait_for_screen(pilot: Pilot[Any], kind: type, tries: int = 20) -> Any:
    """Pause until the app shows a screen of type ``kind``; return it."""
    for _ in range(tries):
        await pilot.pause()
        if isinstance(pilot.app.screen, kind):
            break
    assert isinstance(pilot.app.screen, kind), f"expected {kind.__name__}, got {pilot.app.screen!r}"
    return pilot.app.screen


LONG_NAME = "Bartholomew Longname-Smythe III"
"""A player name too long for the statistics' player column at 80 columns."""


def write_stats_saves() -> None:
    """Saves for the Statistics screen, all written at :data:`FIXED`: two finished
    Quadropolis games and one going on, two finished Settlement games (won on easy, lost on
    hard, each Ada with an easy bot teammate) and a file that is no save."""
    def quadropolis(name: str, names: tuple[str, ...], seed: int, finished: bool = True) -> None:
        people = [Seat(index, who) for index, who in enumerate(names)]
        bot = Seat(len(names), "Bot", Controller("bot", "hard"))
        table = Table.new(get_game("quadropolis"), [*people, bot], seed, {"first_player": "0"})
        rng = Rng(seed)
        while not table.is_over() and (finished or len(table.log) < 12):
            seat = table.to_act()[0]
            actions = table.legal_actions(seat)
            table.submit(seat, actions[rng.randbelow(len(actions))])
        write_fixed_save(table, name, "Quadropolis")

    def settlement(name: str, difficulty: str, seed: int) -> None:
        game = get_game("settlement")
        team_seats = [Seat(0, "Ada"), Seat(1, "Helper", Controller("bot", "easy"))]
        table = Table.new(game, team_seats, seed, {"difficulty": difficulty, "characters": "order"})
        team = {seat: game.scripted_bots()["reference"](seed + seat) for seat in range(2)}
        while not table.is_over():
            seat = table.to_act()[0]
            table.submit(seat, team[seat].choose(game, table.view(seat), seat))
        write_fixed_save(table, name, "Settlement")

    quadropolis("quad-one", ("Ada", "Brook"), 3)
    quadropolis("quad-two", ("Ada", LONG_NAME), 4)
    quadropolis("quad-going", ("Brook", "Ada"), 5, finished=False)
    settlement("town-won", "easy", 0)
    settlement("town-lost", "hard", 1)
    (saves_dir() / "broken.toml").write_text("this is [not toml", encoding="utf-8")


@contextmanager
def css_parses_after_warm_up() -> Iterator[list[str]]:
    """Run the session zygote's warm-up with parsed CSS shared (as ``meeple serve`` does),
    then yield the list every CSS source parsed from here on is added to (cleared first:
    the warm-up itself parses everything once); all is put back afterwards."""
    from textual.css import stylesheet

    from tui import hub_app

    parse = stylesheet.parse
    parsed: list[str] = []

    def counted(scope: str, css: str, *args: Any, **kwargs: Any) -> Any:
        parsed.append(css)
        return parse(scope, css, *args, **kwargs)

    stylesheet.parse = counted  # type: ignore[assignment]
    undo = hub_app.share_parsed_css()
    try:
        hub_app.warm_up()
        assert parsed and hub_app._WARM_CSS  # (the warm-up parsed everything once, kept)
        parsed.clear()
        yield parsed
    finally:
        stylesheet.parse = parse  # type: ignore[assignment]
        undo()
