"""The hub's wire protocol: one JSON object per line, plain data only.

Every message is an object with a ``"type"``. A client (one app process, one person)
sends at most :data:`MAX_CLIENT_LINE` bytes per line; the hub answers a bad message with
``{"type": "error", "message": ..., "ref": ...}`` and changes nothing.

Client → hub (``ref``, any int, is echoed in the reply to that message)

* ``hello {token}`` — first message: the one-time token ``meeple serve`` gave the session
  process; it names the SSH key the person logged in with. Answer: ``welcome``.
* ``set_name {name}`` — choose or change the display name. Answer: ``welcome``.
* ``lobby {}`` — send the lobby now and on every change (until ``open`` of a table).
* ``create {game, options, seats, password, hints}`` — a new table; ``seats`` is one entry
  per seat, ``{"kind": "me"}`` (exactly one: the creator), ``{"kind": "open"}`` or
  ``{"kind": "bot", "level": L}``; ``hints`` (true or false, kept with the table for good)
  lets its players ask the coach for hints. Answer: ``table`` (the creator is seated).
* ``join {table, seat, password}`` — take an open seat (or your own seat back, also one
  a bot has played since you were away: the lobby entry's ``back``).
* ``watch {table, password}`` — look on as a spectator (a table's password covers
  watching too).
* ``open {table}`` — show a table you sit at again (after ``leave``).
* ``leave {table}`` — stop showing it; a seat stays yours, the lobby resumes.
* ``act {table, action}`` — play ``action`` (the game's plain-data encoding) for your seat.
* ``undo {table}`` — undo your last decision (the table's undo rules).
* ``chat {table, text}`` — ``table`` is "" for the lobby's chat.
* ``hand_to_bot {table, seat, level}`` — the creator (or any player seated there) gives a
  seat whose player has been
  away for :data:`HAND_OVER_AFTER` seconds to a bot, or an open seat of a table still
  waiting for players (the table starts once no seat is open).
* ``hint {table}`` — may this app show its seat a hint (the coach) now? The app works the
  hint out itself from the seat's own view; the hub only says whether it may. Answer:
  ``hint_ok`` when the sender is seated at ``table``, the table allows hints, the game has
  started and is not over, and the sender's seat is in ``to_act``; otherwise ``error``
  with the reason in one line ("Hints are off at this table.", "Spectators get no
  hints.", "It is not your turn."...). Nothing changes either way.
* ``resend {table}`` — send the table this connection is shown whole again (its whole
  ``log``): for an app that lost track of the log (a ``log_from`` it cannot follow).

``act``, ``undo``, ``chat`` and ``hand_to_bot`` at a table also show that table to the
connection (the reply is its new state); a lobby ``chat`` line shows the lobby. The
replies ``welcome``, ``table`` and ``lobby`` carry the ``ref`` of the request they answer
(a reply replaced by a newer one of the same kind before it was sent passes its ``ref``
on, unless the newer one answers a request of its own); ``hint_ok`` and ``error`` carry
it too. ``create``'s ``options``, ``password`` and ``hints`` (false), and ``join``'s
``password``, may be left out. Each connection may send 30 messages a second (bursts of
60, ``hint`` included) and one chat line a second (bursts of 5); more are refused: "Slow
down.", and a connection refused more than 60 times (one a second is forgiven) is told
``bye`` and closed. A connection must send ``hello`` within :data:`HELLO_WITHIN` seconds.

Hub → client

* ``welcome {name, key}`` — ``name`` is "" until one is chosen; ``key`` a short
  fingerprint of the person's SSH key. Names are unique whatever their case.
* ``lobby {tables, chat}`` — ``tables``: one dict per table not over (and the
  viewer's own finished ones): ``{id, game, title, players, seats [{name, kind,
  connected}], free (open seat numbers), progress, spectators, password (bool), hints
  (bool: the creator allows hints), mine
  (the viewer sits there), back (the viewer's former seat a bot now plays, or -1), over,
  started}``; ``chat``: the last lines, each ``{name,
  text}``. A seat's ``kind`` is "player" (a person), "open" or "bot".
* ``table {...}`` — everything one viewer may know of a table (see the hub's
  ``Hub.table_message``): ``id, game, title, options, seats [{name, kind, level,
  connected, away}], you (seat or -1 for a spectator), creator (bool: the viewer created
  the table), started (false while seats are open: no game yet, so ``view`` and
  ``public`` are {} and ``log``, ``legal`` and ``to_act`` empty), free (open seats),
  progress, password (bool), hints (bool: its players may ask for hints), log_from, log
  [{seat, action, text, barrier, effects}] (no ``action`` in an entry the viewer could not
  tell from another move: another seat's secret choice, see ``Game.unseen_by``), view (the
  seat's view, encoded), public (the spectator view),
  to_act, legal (encoded actions, in the rules' order), ends_turn (one bool per legal
  action), can_undo, over, result ({categories, breakdown, totals, ranks, notes} once
  over, else {}), chat [{name, text}], chat_more (bool), spectators (count)``. Sent on
  every change, whole but for the log and the chat: ``log`` holds the entries from index
  ``log_from`` on, those the connection was not sent yet, so a move costs the same at
  move 500 as at move 0. The app keeps its first ``log_from`` entries and appends these.
  ``log_from`` is 0 (the whole log) in the first ``table`` of a connection, after
  ``open``, ``watch`` or ``resend``, after an undo, a new game, and when the viewer's seat
  changes (what it may see of older moves changes with it); an app holding fewer entries
  than ``log_from`` asks ``resend`` and uses no ``table`` until one with ``log_from`` 0
  comes. With ``chat_more`` true, ``chat`` holds only the lines said since the last
  ``table`` (the app appends them and keeps the last :data:`CHAT_KEPT`); false, the
  whole chat kept.
* ``hint_ok {table, ref}`` — the answer to ``hint``: the app may show its seat a hint now.
* ``error {message, ref}`` — the request was refused; nothing changed.
* ``bye {message}`` — the hub is closing the connection.
"""

from __future__ import annotations

import json
from typing import Any

from saves.format import has_bad_chars

_INVISIBLE = frozenset("\u200b\u200e\u200f\u061c")
"""Characters that show nothing (zero width, direction marks): not in names or chat."""

MAX_CLIENT_LINE = 64 * 1024
"""Longest line (bytes, newline included) a client may send; a longer one closes it."""

MAX_NAME = 24
"""Longest display name (characters)."""

MAX_CHAT = 200
"""Longest chat line (characters)."""

CHAT_KEPT = 50
"""Chat lines kept per table and in the lobby."""

HELLO_WITHIN = 10.0
"""Seconds a new connection has to send its ``hello`` line before it is closed."""

HAND_OVER_AFTER = 60.0
"""Seconds a seat's player must have been away before the creator may give it to a bot."""

CLIENT_TYPES = frozenset({
    "hello", "set_name", "lobby", "create", "join", "watch", "open", "leave", "act", "undo",
    "chat", "hand_to_bot", "hint", "resend",
})
"""The message types a client may send."""


class ProtocolError(ValueError):
    """A message that is not valid: ``str(error)`` is the reason, for the error reply."""


def encode(message: dict[str, Any]) -> bytes:
    """One message as a line of compact JSON (ASCII only: never raw control bytes)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=True).encode("ascii") + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """Parse one line into a message object; raises :class:`ProtocolError`."""
    if len(line) > MAX_CLIENT_LINE:
        raise ProtocolError("message too long")
    try:
        message = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("not a JSON line") from None
    if not isinstance(message, dict):
        raise ProtocolError("a message must be a JSON object")
    if not isinstance(message.get("type"), str):
        raise ProtocolError("a message needs a \"type\"")
    return message


def text_field(message: dict[str, Any], key: str, limit: int, *, required: bool = True) -> str:
    """``message[key]`` as clean text: a string of at most ``limit`` characters, with no
    control characters (names and chat are shown as plain text, never markup or raw
    terminal bytes); raises :class:`ProtocolError`."""
    value = message.get(key, None if required else "")
    if not isinstance(value, str):
        raise ProtocolError(f"{key} must be text")
    if len(value) > limit:
        raise ProtocolError(f"{key} is longer than {limit} characters")
    if has_bad_chars(value) or any(ch in _INVISIBLE for ch in value):
        raise ProtocolError(f"{key} may not hold control characters")
    return value


def bool_field(message: dict[str, Any], key: str) -> bool:
    """``message[key]`` as true or false (left out: false); raises :class:`ProtocolError`."""
    value = message.get(key, False)
    if not isinstance(value, bool):
        raise ProtocolError(f"{key} must be true or false")
    return value


def int_field(message: dict[str, Any], key: str, low: int, high: int) -> int:
    """``message[key]`` as an int in ``low..high``; raises :class:`ProtocolError`."""
    value = message.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ProtocolError(f"{key} must be a whole number from {low} to {high}")
    return value
