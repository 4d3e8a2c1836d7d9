"""Tests for the El Grande rules engine (core/elgrande)."""
