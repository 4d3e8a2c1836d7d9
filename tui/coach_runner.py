"""The coach in a child process, so the screen never waits for it.

A search is pure Python: run in a thread of the app, it shares the interpreter lock with
the screen, and every key answered while it thinks waited for it (arrows took four to
eight times as long). :class:`CoachRun` runs :func:`core.ai.coach.hint` or
:func:`core.ai.coach.value_moves` in a process of its own instead, forked from a fork
server that has the core modules loaded already (a run starts in milliseconds), and
reports progress and the result over a pipe as plain data: the view, the moves and the
hint travel in the games' own encodings, so nothing but what the seat sees reaches the
child. Stopping a run ends its process at once.

The caller waits in a thread (:meth:`CoachRun.results`): waiting on a pipe holds no lock.
Where no child process can be started, the run happens in the calling thread instead.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
from dataclasses import dataclass, replace
from multiprocessing import forkserver
from multiprocessing.connection import Connection
from typing import Any, Callable, Hashable, Iterator, Sequence

from core.ai import coach
from core.registry import game_ids, get_game

PROGRESS_EVERY = 0.1
"""Seconds between two progress messages of a child."""

_context: Any = None

PRELOAD: list[str] = ["tui.coach_quiet", "tui.coach_runner", "core.ai.coach"]
"""Modules the fork server loads before its first child (every game's module is added)."""


def _fork_server() -> Any:
    """The multiprocessing context whose fork server has the core and every game loaded."""
    global _context
    if _context is None:
        context = multiprocessing.get_context("forkserver")
        modules = list(PRELOAD)
        modules += [type(get_game(game_id)).__module__ for game_id in game_ids()]
        context.set_forkserver_preload(modules)
        # The server starts here, once. Textual has replaced sys.stderr with an object
        # without a file descriptor, which the server's start passes on: a real file (the
        # null device) stands in while it starts.
        saved = sys.stderr
        with open(os.devnull, "w") as null:
            sys.stderr = null
            try:
                forkserver.ensure_running()
            finally:
                sys.stderr = saved
        _context = context
    return _context


@dataclass(frozen=True)
class CoachRequest:
    """One question for the coach, in plain data: ``moves`` None asks for a hint (the
    search's candidates plus ``extra``); a list asks for exactly those moves' values."""

    game_id: str
    view: dict[str, Any]
    seat: int
    level: str
    seed: int
    batches: int
    moves: tuple[dict[str, Any], ...] | None = None
    extra: tuple[dict[str, Any], ...] = ()

    @classmethod
    def hint(cls, game_id: str, view: Any, seat: int, level: str,
             extra: tuple[Hashable, ...] = ()) -> CoachRequest:
        """A hint for ``seat`` in ``view`` (seeded from the view, as everywhere)."""
        game = get_game(game_id)
        return cls(game_id, game.encode_state(view), seat, level, coach.hint_seed(game, view),
                   coach.batches_for(game, level), None, tuple(game.encode_action(a) for a in extra))

    @classmethod
    def values(cls, game_id: str, view: Any, seat: int, level: str, seed: int,
               moves: tuple[Hashable, ...]) -> CoachRequest:
        """The values of ``moves`` on the futures of the hint with ``seed``."""
        game = get_game(game_id)
        return cls(game_id, game.encode_state(view), seat, level, seed, coach.batches_for(game, level),
                   tuple(game.encode_action(a) for a in moves))


def encode_hint(game: Any, hint: coach.Hint) -> dict[str, Any]:
    """A hint as plain data (its moves in the game's action encoding)."""
    return {
        "seat": hint.seat, "level": hint.level, "unit": hint.unit, "batches": hint.batches,
        "complete": hint.complete, "seed": hint.seed,
        "moves": [[game.encode_action(m.action), m.value, m.spread, m.samples, m.why] for m in hint.moves],
    }


def decode_hint(game: Any, data: dict[str, Any]) -> coach.Hint:
    """The inverse of :func:`encode_hint`."""
    moves = tuple(coach.MoveValue(game.decode_action(a), float(v), float(s), int(n), str(w))
                  for a, v, s, n, w in data["moves"])
    return coach.Hint(int(data["seat"]), str(data["level"]), str(data["unit"]), moves,
                      int(data["batches"]), bool(data["complete"]), int(data["seed"]),
                      {m.action: m.why for m in moves if m.why})


def answer(request: CoachRequest, report: Callable[[str, coach.Hint], None],
           should_stop: Callable[[], bool] | None = None) -> coach.Hint:
    """Work out ``request`` here; ``report("progress", so_far)`` now and then."""
    game = get_game(request.game_id)
    view = game.decode_state(request.view)
    last = [0.0]

    def progress(done: int, total: int, so_far: coach.Hint) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_EVERY and done < total:
            last[0] = now
            report("progress", so_far)

    if request.moves is None:
        extra = tuple(game.decode_action(a) for a in request.extra)
        return coach.hint(game, view, request.seat, request.level, request.seed, extra,
                          should_stop=should_stop, progress=progress, batches=request.batches)
    moves = [game.decode_action(a) for a in request.moves]
    return coach.value_moves(game, view, request.seat, moves, request.level, request.seed,
                             should_stop=should_stop, progress=progress, batches=request.batches)


def _child(connection: Connection, request: CoachRequest) -> None:
    """The child process: answer, sending ``(kind, hint data)`` messages; an error as
    ``("error", text)``."""
    try:  # the screen's process goes first for the CPU: the coach takes what is left
        os.nice(19)
    except (AttributeError, OSError):
        pass
    game = get_game(request.game_id)
    try:
        result = answer(request, lambda kind, hint: connection.send((kind, encode_hint(game, hint))))
        connection.send(("done", encode_hint(game, result)))
    except Exception as exc:  # told to the parent, which shows it in the panel
        connection.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        connection.close()


class CoachRun:
    """One request answered in a child process (or, failing that, in the caller's thread)."""

    def __init__(self, request: CoachRequest) -> None:
        self.request = request
        self._process: Any = None
        self._connection: Connection | None = None
        try:
            context = _fork_server()
            parent, child = context.Pipe(duplex=False)
            process = context.Process(target=_child, args=(child, request), daemon=True)
            process.start()
            child.close()
            self._process, self._connection = process, parent
        except (OSError, ValueError, RuntimeError):  # no child processes here: think in-thread
            self._process = self._connection = None

    def results(self, should_stop: Callable[[], bool]) -> Iterator[tuple[str, coach.Hint]]:
        """``("progress", so_far)`` pairs, then ``("done", hint)``; nothing more once
        ``should_stop()`` says so (the child is ended). A failure raises RuntimeError."""
        game = get_game(self.request.game_id)
        connection = self._connection
        if connection is None:
            found: list[tuple[str, coach.Hint]] = []
            result = answer(self.request, lambda kind, hint: found.append((kind, hint)), should_stop)
            yield from found
            if not should_stop():
                yield "done", result
            return
        try:
            while not should_stop():
                if not connection.poll(0.05):
                    if not self._process.is_alive() and not connection.poll(0):
                        raise RuntimeError("the coach's process ended without an answer")
                    continue
                try:
                    kind, data = connection.recv()
                except EOFError:
                    raise RuntimeError("the coach's process ended without an answer") from None
                if kind == "error":
                    raise RuntimeError(str(data))
                yield kind, decode_hint(game, data)
                if kind == "done":
                    return
        finally:
            self.stop()

    def answer(self, should_stop: Callable[[], bool]) -> coach.Hint | None:
        """The finished hint, without its progress; None when ``should_stop()`` ended it."""
        found: coach.Hint | None = None
        for kind, hint in self.results(should_stop):
            if kind == "done":
                found = hint
        return found

    def stop(self) -> None:
        """End the child (if still running) and close the pipe."""
        if self._process is not None and self._process.is_alive():
            self._process.terminate()
            self._process.join(1.0)
        if self._connection is not None:
            self._connection.close()
            self._connection = None


def child_hint(game: Any, view: Any, seat: int, level: str = "hard", seed: int | None = None,
               extra: Sequence[Hashable] = (), should_stop: Callable[[], bool] | None = None,
               progress: Any = None, batches: int | None = None) -> coach.Hint:
    """:func:`core.ai.coach.hint` worked out in a child process (its arguments; the seed is
    always the view's, ``progress`` is not told): a stopped one comes back incomplete."""
    request = CoachRequest.hint(game.info.id, view, seat, level, tuple(extra))
    if batches is not None:
        request = replace(request, batches=batches)
    result = CoachRun(request).answer(should_stop or (lambda: False))
    if result is None:
        return coach.Hint(seat, level, coach.unit_of(game), (), 0, False, request.seed)
    return result
