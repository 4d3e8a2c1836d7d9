"""Key latency through a real pseudo-terminal: Meeple's game screens against a bare Textual app.

The other key-latency figure (``bench_key_latency`` in ``bench/__main__.py``) drives the app
with Textual's test pilot, inside one process. This one measures what a player's terminal
receives: the program runs in a pseudo-terminal of a fixed size, this process types keys
into it one at a time and times the bytes that come back.

For each key press:

* **first byte**: time from just before ``os.write`` of the key to the first byte of output;
* **frame 1**: time to the last byte of the first burst (the first frame drawn);
* **last byte**: time to the last byte of the whole answer. The answer is over when no byte
  has arrived for ``QUIET_GAP`` (150 ms); that wait is *not* included — the figure is the
  arrival time of the last byte, relative to the write;
* **bytes**: how many bytes the answer had;
* **bursts**: how many separate writes ("frames") it came in: a new burst starts whenever
  ``BURST_GAP`` (3 ms) passes without a byte. Inside one frame Textual's writes arrive
  within a fraction of a millisecond of each other; frames are at least a refresh apart.

Why 150 ms and not 30: Meeple answers an arrow in two frames, the board and, 35–65 ms
later, a repaint of the (unchanged) scrollbars of the move list and the log, which the
relayout after the board's ``Static.update`` asks for. A 30 ms gap cut the answer after
the first frame, and the second then arrived just after the *next* key was written and
counted as its answer (first bytes of 0.4 ms). The gap is also the pause between presses,
about the pace of a player tapping arrows. Output that still arrives before a key is
written is counted as stray bytes (it should be 0).

A press that gets no answer within ``ANSWER_TIMEOUT`` (the cursor could not go that
way, so nothing was redrawn) is counted as silent and left out of the figures, and that key
is left out of the pattern from then on, so the rest of the presses all move the cursor.

Targets, each its own process in the pseudo-terminal:

* ``python -m bench.pty_keys bare``: a minimal Textual app, a screenful of dots in one
  ``Static`` with an ``@`` that the arrows move; every key redraws the whole grid;
* ``python -m bench.pty_keys game <game_id>``: Meeple started straight on that game's
  screen (seat 0 human and first to act, seat 1 an easy bot, seed 1, no animations, no bot
  delay), through :class:`tui.app.StartRequest` — the path ``meeple play`` takes, which
  builds the table, its autosave and ``screen_for(game_id)(table, autosaver)``.

Cases measured: arrows on every target (right, down, left, up: back where they started
every four presses on a grid; on El Grande's first decision, a single row of power cards,
up and down are silent and dropped, leaving right, left), and Enter on the Council board: the
cursor starts on a council balcony, where Enter lists the several moves there (the move
list narrows, "Moves 8/57") and Escape widens it again and gives the keys back to the board, so
the pair repeats. Only the Enter presses are counted; each is checked to have narrowed the
list, and each Escape to have widened it, or the case stops. Enter is not measured in
Quadropolis or El Grande: there it plays a move (and the bot answers), which no key undoes
alone. On every game, "m" (the keys go to the move list's filter box, Escape brings them
back) is measured the same way, its presses counted. Last, "GAME thinking": the arrows again
while the coach thinks (``h`` typed once first; ``python -m bench.pty_keys coach ID`` gives
it a search longer than the measurement and no progress repaints, so every byte answers a
key): the coach's worker thread shares the interpreter with the screen.

``python -m bench.pty_keys`` (no target) runs every case at 120x40 and 80x24 and prints
a table; ``--presses N`` sets the presses per case (default 60).

The child gets ``TERM=xterm-256color``, ``COLORTERM=truecolor``, ``TEXTUAL_ANIMATIONS=none``
and all four XDG folders in a temporary directory (no user save or setting is read or
written). This harness answers none of the terminal's queries (synchronized output, in-band
resize, kitty keyboard), so Textual runs as on a terminal that supports none of them.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any, Callable, Sequence

ROOT = Path(__file__).resolve().parent.parent

KEYS: dict[str, bytes] = {
    "up": b"\x1b[A",
    "down": b"\x1b[B",
    "right": b"\x1b[C",
    "left": b"\x1b[D",
    "enter": b"\r",
    "escape": b"\x1b",
    "m": b"m",
    "h": b"h",
}
ARROWS: tuple[str, ...] = ("right", "down", "left", "up")

QUIET_GAP = 0.150  # an answer is complete after this long without a byte
BURST_GAP = 0.003  # a longer silence inside an answer starts a new burst
ANSWER_TIMEOUT = 1.0  # no first byte (or no expected text) by then: the press was silent
SETTLE_GAP = 0.5  # the first screen is drawn when the output has been quiet this long
START_TIMEOUT = 30.0  # longest wait for the first screen
QUIT_TIMEOUT = 3.0  # after ctrl+q (and then each signal), how long the child gets to exit

SIZES: tuple[tuple[int, int], ...] = ((120, 40), (80, 24))
DEFAULT_PRESSES = 60

_CSI = re.compile(rb"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b\][^\x07]*\x07")


def screen_text(data: bytes) -> str:
    """The characters in terminal output, without its control sequences."""
    return _CSI.sub(b"", data).decode("utf-8", "replace")


# --- the pseudo-terminal ------------------------------------------------------------------
class ChildExited(RuntimeError):
    """The program in the pseudo-terminal ended (or closed its terminal) unexpectedly."""


def _take_terminal() -> None:
    """In the child, after ``setsid``: make the pseudo-terminal (fd 0) its controlling tty.

    Meeple checks ``/dev/tty`` every two seconds and quits when it cannot open it.
    """
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def child_env(home: str) -> dict[str, str]:
    """The child's environment: ours without anything that changes Textual or the size,
    plus the terminal type, no animations, the repository on the path and XDG in ``home``."""
    dropped = ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR", "TERM_PROGRAM", "ESCDELAY")
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in dropped and not key.startswith("TEXTUAL_")
    }
    env.update(
        TERM="xterm-256color",
        COLORTERM="truecolor",
        TEXTUAL_ANIMATIONS="none",
        PYTHONPATH=str(ROOT),
        PYTHONDONTWRITEBYTECODE="1",
    )
    for name in ("DATA", "CONFIG", "STATE", "CACHE"):
        folder = Path(home) / name.lower()
        folder.mkdir(exist_ok=True)
        env[f"XDG_{name}_HOME"] = str(folder)
    return env


class PtyChild:
    """A program running in a new pseudo-terminal of ``cols`` x ``rows``; use with ``with``.

    Leaving the ``with`` block (normally, on an error or on Ctrl-C) always ends the child:
    ctrl+q first, then SIGTERM, then SIGKILL to its whole session, and reaps it.
    """

    def __init__(self, argv: Sequence[str], cols: int, rows: int, env: dict[str, str]) -> None:
        self.argv = list(argv)
        self.cols = cols
        self.rows = rows
        self.env = env
        self.master = -1
        self.process: subprocess.Popen[bytes] | None = None
        self.tail = b""  # the last output, for error messages

    def __enter__(self) -> "PtyChild":
        master, slave = os.openpty()
        self.master = master
        try:
            # The size is set on the terminal before the child exists: its first look is right.
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", self.rows, self.cols, 0, 0))
            self.process = subprocess.Popen(
                self.argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                cwd=ROOT,
                env=self.env,
                start_new_session=True,  # its own session: our Ctrl-C never reaches it
                preexec_fn=_take_terminal,
                close_fds=True,
            )
        except BaseException:
            os.close(master)
            self.master = -1
            raise
        finally:
            os.close(slave)
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def read(self, timeout: float) -> bytes:
        """What the child wrote, waiting up to ``timeout`` for it (b"" when nothing came)."""
        ready, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not ready:
            return b""
        try:
            data = os.read(self.master, 1 << 16)
        except OSError:  # EIO: every holder of the terminal's other end has closed it
            data = b""
        if not data:
            raise ChildExited(self._why_exited())
        self.tail = (self.tail + data)[-4000:]
        return data

    def write(self, data: bytes) -> None:
        """Type ``data`` into the terminal."""
        os.write(self.master, data)

    def drain(self) -> int:
        """Read whatever is waiting, without waiting; returns its length."""
        total = 0
        while chunk := self.read(0.0):
            total += len(chunk)
        return total

    def settle(self, marker: str, gap: float = SETTLE_GAP, timeout: float = START_TIMEOUT) -> bytes:
        """Wait until ``marker`` is on the screen and the output has been quiet for ``gap``."""
        deadline = time.monotonic() + timeout
        output = b""
        seen = False
        while (left := deadline - time.monotonic()) > 0:
            chunk = self.read(min(gap, left) if seen else min(0.1, left))
            if not chunk and seen:
                return output
            output += chunk
            seen = seen or (bool(chunk) and marker in screen_text(output))
        raise TimeoutError(f"{' '.join(self.argv[1:])}: no quiet first screen showing "
                           f"{marker!r} after {timeout:.0f} s; its last output:\n"
                           + screen_text(self.tail)[-600:])

    def _why_exited(self) -> str:
        code = self.process.poll() if self.process is not None else None
        text = self.tail.decode("utf-8", "replace")[-600:]
        return f"{' '.join(self.argv[1:])} ended (exit code {code}); its last output:\n{text}"

    def close(self) -> None:
        """End the child (politely, then not) and reap it; close the terminal."""
        process = self.process
        try:
            if process is not None and process.poll() is None:
                self._stop(process)
        finally:
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
            if self.master >= 0:
                os.close(self.master)
                self.master = -1

    def _stop(self, process: "subprocess.Popen[bytes]") -> None:
        """ctrl+q, then SIGTERM, then SIGKILL to the child's session, reading its output
        all the while (a child blocked writing to a full terminal could not exit)."""
        steps: list[Callable[[], None]] = [
            lambda: self.write(b"\x11"),
            lambda: os.killpg(process.pid, signal.SIGTERM),
            lambda: os.killpg(process.pid, signal.SIGKILL),
        ]
        for step in steps:
            try:
                step()
            except OSError:  # already gone, or the terminal is closed
                pass
            deadline = time.monotonic() + QUIT_TIMEOUT
            while process.poll() is None and time.monotonic() < deadline:
                try:
                    self.read(0.05)
                except ChildExited:
                    break
            try:
                process.wait(timeout=max(0.0, deadline - time.monotonic()))
                return
            except subprocess.TimeoutExpired:
                continue


# --- measuring ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Press:
    """One key press: latencies in seconds (None when it got no answer), bytes and bursts."""

    key: str
    first: float | None
    frame: float | None  # last byte of the first burst
    last: float | None
    size: int
    bursts: int
    stray: int  # bytes that arrived before the key was written
    text: str = field(repr=False)  # the answer's characters, for checks


def press(child: PtyChild, key: str, until: "re.Pattern[str] | None" = None,
          quiet: float = QUIET_GAP) -> Press:
    """Write one key and time the answer (see the module docstring for the definitions).

    With ``until``, the answer is not over (whatever the silence) before its text matches
    that pattern, or ``ANSWER_TIMEOUT`` has passed.
    """
    stray = child.drain()
    start = time.perf_counter()
    child.write(KEYS[key])
    chunk = child.read(ANSWER_TIMEOUT)
    if not chunk:
        return Press(key, None, None, None, 0, 0, stray, "")
    first = last = frame = time.perf_counter() - start
    data = chunk
    bursts = 1
    found = until is None
    while True:
        if not found:
            found = until is not None and until.search(screen_text(data)) is not None
        wait = quiet if found else max(quiet, ANSWER_TIMEOUT - last)
        chunk = child.read(wait)
        if not chunk:
            if found or time.perf_counter() - start >= ANSWER_TIMEOUT:
                break
            continue
        now = time.perf_counter() - start
        if now - last > BURST_GAP:
            bursts += 1
        elif bursts == 1:
            frame = now
        last = now
        data += chunk
    return Press(key, first, frame, last, len(data), bursts, stray, screen_text(data))


@dataclass(frozen=True)
class Case:
    """What to measure: ``keys`` typed in a cycle into ``target``, the ``counted`` ones
    timed; ``expect`` maps a key to a pattern its answer must show (else the case stops).
    A key without an ``expect`` that gets no answer is dropped from the cycle."""

    name: str
    target: str
    keys: tuple[str, ...] = ARROWS
    counted: frozenset[str] = frozenset(ARROWS)
    expect: dict[str, "re.Pattern[str]"] = field(default_factory=dict)
    prelude: tuple[str, ...] = ()
    """Keys typed once before the measured presses (each answer awaited, not timed)."""
    ready: str = "Moves"
    """Text of the first screen, once it is drawn (a game screen's move list heading)."""


REPLAY_KEYS = ("right", "right", "right", "left")

# The Council move list's heading: "Moves 8/57" narrowed, "Moves 57" whole.
_NARROWED = re.compile(r"Moves \d+/\d+")
_WHOLE = re.compile(r"Moves \d+(?![/\d])")


def cases() -> list[Case]:
    """Bare, then every registered game (the registry lists no test-only game), then Enter
    on a Council balcony, then "m" (into the move list) on every game."""
    from core.registry import game_ids, get_game

    listed = [Case("bare", "bare"), *(Case(game_id, game_id) for game_id in game_ids())]
    if "council" in game_ids():
        listed.append(Case("council enter", "council", ("enter", "escape"), frozenset({"enter"}),
                           {"enter": _NARROWED, "escape": _WHOLE}))
    # "m" puts the keys in the move list (its filter box) on every game; Escape gives them
    # back to the board. Only the "m" presses are counted.
    listed += [Case(f"{game_id} m", game_id, ("m", "escape"), frozenset({"m"})) for game_id in game_ids()]
    # Arrows while the coach thinks (h, then a search that never ends in the measured time):
    # its worker thread shares the interpreter with the screen.
    listed += [Case(f"{game_id} thinking", f"coach:{game_id}", prelude=("h",)) for game_id in game_ids()]
    # A replay stepped on (three moves on, one back), from the start of a finished game; a
    # game with hidden information first asks whose eyes (Enter: all open).
    listed += [Case(f"{game_id} replay", f"replay:{game_id}", REPLAY_KEYS, frozenset(REPLAY_KEYS),
                    prelude=("enter",) if get_game(game_id).info.hidden_information else (),
                    ready="whose eyes" if get_game(game_id).info.hidden_information else "Moves")
               for game_id in game_ids()]
    return listed


@dataclass(frozen=True)
class Summary:
    """The figures of one case at one size (times in seconds)."""

    case: str
    cols: int
    rows: int
    presses: int
    silent: int
    first_p50: float
    first_p99: float
    frame_p50: float
    last_p50: float
    last_p99: float
    bytes_per_press: float
    bursts_per_press: float
    stray_bytes: int
    startup: float
    stopped: str = ""  # why the case stopped early ("" when it did not)

    @property
    def size(self) -> str:
        """Columns x rows."""
        return f"{self.cols}x{self.rows}"


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0–100), interpolated between the two nearest samples."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    position = (len(ordered) - 1) * q / 100
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def summarize(case: str, cols: int, rows: int, presses: Sequence[Press], stray: int,
              startup: float, stopped: str = "") -> Summary:
    """p50/p99 latencies and median bytes and bursts of the presses that got an answer."""
    answered = [p for p in presses if p.first is not None]

    def times(name: str) -> list[float]:
        return [value for p in answered if isinstance(value := getattr(p, name), float)]

    nan = float("nan")
    return Summary(
        case=case,
        cols=cols,
        rows=rows,
        presses=len(presses),
        silent=len(presses) - len(answered),
        first_p50=percentile(times("first"), 50),
        first_p99=percentile(times("first"), 99),
        frame_p50=percentile(times("frame"), 50),
        last_p50=percentile(times("last"), 50),
        last_p99=percentile(times("last"), 99),
        bytes_per_press=statistics.median(p.size for p in answered) if answered else nan,
        bursts_per_press=statistics.median(p.bursts for p in answered) if answered else nan,
        stray_bytes=stray,
        startup=startup,
        stopped=stopped,
    )


def target_argv(target: str) -> list[str]:
    """The command line of a target: "bare" or a game id."""
    if target == "bare":
        return [sys.executable, "-m", "bench.pty_keys", "bare"]
    if target.startswith("replay:"):
        return [sys.executable, "-m", "bench.pty_keys", "replay", target.removeprefix("replay:")]
    if target.startswith("coach:"):
        return [sys.executable, "-m", "bench.pty_keys", "coach", target.removeprefix("coach:")]
    return [sys.executable, "-m", "bench.pty_keys", "game", target]


def measure(case: Case, cols: int, rows: int, presses: int, quiet: float = QUIET_GAP) -> Summary:
    """Start the case's target in a ``cols`` x ``rows`` pseudo-terminal, press, summarize."""
    counted: list[Press] = []
    stray = 0
    stopped = ""
    with tempfile.TemporaryDirectory(prefix="meeple-pty-") as home:
        start = time.perf_counter()
        with PtyChild(target_argv(case.target), cols, rows, child_env(home)) as child:
            child.settle("bare-ready" if case.target == "bare" else case.ready)
            startup = time.perf_counter() - start - SETTLE_GAP
            for key in case.prelude:
                press(child, key, None, quiet)
            keys = list(case.keys)
            index = 0
            while len(counted) < presses:
                key = keys[index]
                expected = case.expect.get(key)
                result = press(child, key, expected, quiet)
                stray += result.stray
                if expected is not None and not expected.search(result.text):
                    stopped = f"{key} did not show {expected.pattern!r}"
                    break
                if key in case.counted:
                    counted.append(result)
                if result.first is None and expected is None:
                    if len(keys) == 1:
                        stopped = "no key gets an answer any more"
                        break
                    keys.remove(key)  # nowhere to go that way: the next key takes its turn
                    index %= len(keys)
                else:
                    index = (index + 1) % len(keys)
    return summarize(case.name, cols, rows, counted, stray, startup, stopped)


def compare(presses: int, sizes: Sequence[tuple[int, int]] = SIZES,
            names: Sequence[str] | None = None, quiet: float = QUIET_GAP,
            report: Callable[[Summary, float], None] | None = None) -> list[Summary]:
    """Every case (bare first) at every size; ``report`` gets each summary and its ratio
    to bare's p50 last byte at the same size as soon as it is measured."""
    chosen = [c for c in cases() if names is None or c.name in names or c.target in names]
    summaries: list[Summary] = []
    for cols, rows in sizes:
        for case in chosen:
            summary = measure(case, cols, rows, presses, quiet)
            summaries.append(summary)
            if report is not None:
                report(summary, ratio_to_bare(summary, summaries))
    return summaries


def ratio_to_bare(summary: Summary, summaries: Sequence[Summary]) -> float:
    """p50 last byte of ``summary`` over the bare app's at the same size (nan without one)."""
    for other in summaries:
        if other.case == "bare" and (other.cols, other.rows) == (summary.cols, summary.rows):
            return summary.last_p50 / other.last_p50
    return float("nan")


COLUMNS: tuple[tuple[str, int], ...] = (
    ("case", 14), ("size", 7), ("first p50", 9), ("p99", 6), ("frame1 p50", 10),
    ("last p50", 8), ("p99", 6), ("x bare", 6), ("bytes/key", 9), ("bursts/key", 10),
    ("silent", 6), ("stray", 5),
)


def table_cells(summary: Summary, ratio: float) -> list[str]:
    """One row of text in :data:`COLUMNS` order (times in ms)."""
    def ms(seconds: float) -> str:
        return f"{seconds * 1000:.1f}"

    s = summary
    return [s.case, s.size, ms(s.first_p50), ms(s.first_p99), ms(s.frame_p50),
            ms(s.last_p50), ms(s.last_p99), f"{ratio:.2f}", f"{s.bytes_per_press:.0f}",
            f"{s.bursts_per_press:g}", f"{s.silent}/{s.presses}", str(s.stray_bytes)]


def format_row(cells: Sequence[str]) -> str:
    """Cells padded to :data:`COLUMNS` widths: the first two to the left, numbers right."""
    return "  " + "  ".join(
        cell.ljust(width) if i < 2 else cell.rjust(width)
        for i, (cell, (_, width)) in enumerate(zip(cells, COLUMNS))
    )


def print_summary(summary: Summary, ratio: float) -> None:
    """Print one table row (and why the case stopped early, if it did)."""
    print(format_row(table_cells(summary, ratio)), flush=True)
    if summary.stopped:
        print(f"    {summary.case} stopped early: {summary.stopped}", flush=True)


def describe(quiet: float = QUIET_GAP) -> str:
    """What the figures are, in one line."""
    return (f"key write to first byte / end of first frame / last byte, in ms (answer over "
            f"after {quiet * 1000:.0f} ms quiet, not counted; frames split at "
            f"{BURST_GAP * 1000:.0f} ms silence)")


# --- the targets --------------------------------------------------------------------------
def run_bare() -> None:
    """A bare Textual app: a screenful of dots in one Static, arrows move an ``@``."""
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.widgets import Static

    class Grid(Static):
        """The dots and the ``@``; redrawn whole on every move."""

        def __init__(self) -> None:
            super().__init__(id="grid")
            self.at = (0, 0)

        def on_resize(self) -> None:
            """Start in the middle."""
            self.at = (self.size.height // 2, self.size.width // 2)
            self.draw()

        def move(self, dy: int, dx: int) -> None:
            """Move the ``@`` by one cell, staying on the grid."""
            row = min(max(self.at[0] + dy, 1), self.size.height - 1)
            col = min(max(self.at[1] + dx, 0), self.size.width - 1)
            self.at = (row, col)
            self.draw()

        def draw(self) -> None:
            """Render the grid: a first line naming the position, then the dots."""
            width, height = self.size.width, self.size.height
            lines = [f"bare-ready @ {self.at[0]},{self.at[1]}".ljust(width)]
            for row in range(1, height):
                line = ["."] * width
                if row == self.at[0]:
                    line[self.at[1]] = "@"
                lines.append("".join(line))
            self.update("\n".join(lines))

    class Bare(App[None]):
        """The baseline app."""

        CSS = "#grid { width: 1fr; height: 1fr; }"
        BINDINGS = [
            Binding("up", "move(-1, 0)"),
            Binding("down", "move(1, 0)"),
            Binding("left", "move(0, -1)"),
            Binding("right", "move(0, 1)"),
        ]

        def compose(self) -> ComposeResult:
            yield Grid()

        def action_move(self, dy: int, dx: int) -> None:
            """Arrows."""
            self.query_one(Grid).move(dy, dx)

    Bare().run()


def run_game(game_id: str) -> None:
    """Meeple straight on ``game_id``'s screen: seat 0 human and first, seat 1 an easy bot."""
    from core.registry import get_game
    from core.table import Controller, Seat
    from tui.app import MeepleApp, StartRequest

    game = get_game(game_id)  # an unknown id fails here, before the terminal is taken over
    options = {"first_player": "0"} if any(o.key == "first_player" for o in game.info.options) else {}
    seats = [Seat(0, "Ada"), Seat(1, "Bot", Controller("bot", "easy"))]
    MeepleApp(StartRequest(game=game_id, seats=seats, seed=1, options=options), bot_delay=0).run()


def run_coach(game_id: str) -> None:
    """As :func:`run_game`, with a coach that thinks for ever once asked (``h``) and does
    not repaint its progress bar, so every byte the terminal gets answers a key."""
    from core.ai import coach
    from tui.widgets import hint_panel

    coach.batches_for = lambda game, level: 10**9  # type: ignore[assignment]
    hint_panel.UPDATE_EVERY = 10.0**9
    run_game(game_id)


def longest_game(game_id: str, tries: int = 3) -> Any:
    """The longest of ``tries`` finished games of greedy bots at the most seats the game
    takes (seat 0 saved as a person, the others as easy bots): the largest save a replay is
    stepped through here."""
    from core.ai import make_bot
    from core.registry import get_game
    from core.table import Controller, Seat, Table

    game = get_game(game_id)
    options = {"first_player": "0"} if any(o.key == "first_player" for o in game.info.options) else {}
    seats = [Seat(0, "Ada")] + [Seat(i, f"Bot {i}", Controller("bot", "easy"))
                                for i in range(1, game.info.max_players)]
    longest = None
    for seed in range(1, tries + 1):
        table = Table.new(game, seats, seed, options)
        bots = [make_bot("greedy", seed * 2 + seat, game=game) for seat in range(len(seats))]
        while not table.is_over():
            seat = table.to_act()[0]
            table.submit(seat, bots[seat].choose(game, table.view(seat), seat))
        if longest is None or len(table.log) > len(longest.log):
            longest = table
    return longest


def run_replay(game_id: str) -> None:
    """Meeple replaying :func:`longest_game` of ``game_id`` from its start (``meeple replay``)."""
    from saves import save_table, saves_dir
    from tui.app import MeepleApp, StartRequest

    table = longest_game(game_id)
    path = saves_dir() / "replayed.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    save_table(table, path, f"{game_id} replay")
    MeepleApp(StartRequest(replay=path), bot_delay=0).run()


# --- command line -------------------------------------------------------------------------
def _raise_interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> None:
    """``bare`` / ``game ID`` run a target; nothing runs the whole comparison."""
    parser = argparse.ArgumentParser(prog="python -m bench.pty_keys",
                                     description="Key latency through a pseudo-terminal.")
    parser.add_argument("target", nargs="*", help="'bare' or 'game ID' (a child process); none: compare all")
    parser.add_argument("--presses", type=int, default=DEFAULT_PRESSES, help="counted key presses per case and size")
    parser.add_argument("--size", action="append", default=None, metavar="COLSxROWS",
                        help="terminal size (repeatable; default 120x40 and 80x24)")
    parser.add_argument("--only", action="append", default=None, metavar="CASE",
                        help="only these cases (repeatable: bare, a game id, 'council enter'); bare always runs")
    parser.add_argument("--quiet-ms", type=float, default=QUIET_GAP * 1000,
                        help="silence that ends an answer (default %(default)g)")
    args = parser.parse_args(argv)
    if args.target:
        if args.target == ["bare"]:
            run_bare()
        elif len(args.target) == 2 and args.target[0] == "game":
            run_game(args.target[1])
        elif len(args.target) == 2 and args.target[0] == "replay":
            run_replay(args.target[1])
        elif len(args.target) == 2 and args.target[0] == "coach":
            run_coach(args.target[1])
        else:
            parser.error("targets are 'bare', 'game ID' and 'coach ID'")
        return
    sizes = SIZES
    if args.size:
        sizes = tuple((int(c), int(r)) for c, r in (s.lower().split("x") for s in args.size))
    names = None if args.only is None else ["bare", *args.only]
    quiet = args.quiet_ms / 1000
    signal.signal(signal.SIGTERM, _raise_interrupt)  # a kill of this process ends the child too
    print(f"Key latency through a pseudo-terminal, {args.presses} presses per case: {describe(quiet)}")
    print(format_row([name for name, _ in COLUMNS]), flush=True)
    try:
        compare(args.presses, sizes, names, quiet, print_summary)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        raise SystemExit(130) from None


if __name__ == "__main__":
    main()
