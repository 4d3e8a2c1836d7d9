"""Tests of the ``meeple`` command-line interface."""
