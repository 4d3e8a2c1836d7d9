"""The ``meeple`` command's argument parser and the one-line messages its commands print.

Two kinds of failure, both exit code 2 and never a traceback:

* wrong arguments (an unknown game, a bad number): :meth:`Parser.error` prints one line and
  the usage of the command at fault, since the usage is what helps;
* arguments that are fine but name something that cannot be used (a missing or broken save,
  a finished game to resume): :meth:`Parser.fail` prints the one line alone.

Text that comes from files or players is printed with its control characters made visible
(:func:`core.words.visible`), so nothing printed can act on the terminal.
"""

from __future__ import annotations

import argparse
from typing import Any, NoReturn, Protocol, Sequence

from core.words import visible

USAGE_EXIT = 2


class UsageError(Protocol):
    """What a command needs of its parser to say what went wrong (exit code 2)."""

    def error(self, message: str) -> NoReturn:
        """Wrong arguments: one line and the command's usage."""

    def fail(self, message: str) -> NoReturn:
        """Good arguments naming something unusable: one line only."""


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors and exit code 2 (see the module docstring).

    ``commands`` maps each sub-command of the top-level parser to its own parser, whose
    :meth:`error` prints that sub-command's usage.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands: dict[str, Parser] = {}

    def error(self, message: str) -> NoReturn:
        """Print ``message`` (control characters made visible, so one line) and the usage; exit 2."""
        self.exit(USAGE_EXIT, f"{self.prog}: error: {visible(message)}\n{self.format_usage()}")

    def fail(self, message: str) -> NoReturn:
        """Print ``message`` as one line, without the usage; exit 2."""
        self.exit(USAGE_EXIT, f"{self.prog}: error: {visible(message)}\n")


def quoted(text: str, limit: int = 60) -> str:
    """``text`` made visible and quoted for an error message, cut to ``limit`` characters."""
    shown = visible(text)
    if len(shown) > limit:
        shown = shown[: limit - 1] + "…"
    return f"'{shown}'"


def file_problem(asked: str | None, exc: Exception, what: str = "the save") -> str:
    """One line saying why ``what`` ``asked`` (None: the saves folder) could not be used: a
    :class:`~saves.SaveError` says it itself, other errors by their reason."""
    from saves import SaveError

    if isinstance(exc, SaveError):
        return visible(str(exc))
    if not isinstance(exc, OSError):
        return f"{quoted(asked or '')}: {visible(str(exc))}"
    reason = exc.strerror or type(exc).__name__
    if asked is None:
        return f"the saved games could not be read ({reason})"
    return f"{what} {quoted(asked)} could not be read ({reason})"


SAVE_COMMANDS = frozenset({"resume", "replay", "review", "hint", "export"})
"""Commands whose one positional argument is a save's name or path."""


def dash_names(argv: Sequence[str], parser: Parser) -> list[str]:
    """``argv`` with a save name that starts with ``-`` (``-draft``) made a positional.

    argparse takes any word starting with ``-`` for an option, so ``meeple resume -draft``
    would be refused. A word after a save command that is not one of its options, and is
    the name of an existing save, gets a ``--`` in front of it, moved to the end. Anything
    else is left for argparse to judge.
    """
    words = list(argv)
    if not words or words[0] not in SAVE_COMMANDS or "--" in words:
        return words
    sub = parser.commands.get(words[0])
    if sub is None:
        return words
    from saves import SaveError, resolve_save

    known = set(sub._option_string_actions)
    for index, word in enumerate(words[1:], start=1):
        if not word.startswith("-") or word in known or word.split("=", 1)[0] in known:
            continue
        if index > 1 and _takes_value(sub, words[index - 1]):
            continue  # the value of an option, such as --out -file.json
        try:
            resolve_save(word)
        except SaveError:
            continue
        return words[:index] + words[index + 1:] + ["--", word]
    return words


def _takes_value(parser: Parser, word: str) -> bool:
    """True if ``word`` is an option of ``parser`` that takes a value after it."""
    action = parser._option_string_actions.get(word)
    return action is not None and action.nargs != 0
