"""Pure game rules for Meeple: no Textual, no clock, no I/O beyond reading seeds/ once."""

__version__ = "0.1.0"
"""Meeple's version: the same as ``version`` in pyproject.toml (``tests/test_version.py``).

A constant rather than a look-up in the installed package's metadata, which costs the
start-up of every command tens of milliseconds.
"""
