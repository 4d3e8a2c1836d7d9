"""Tests for the generic bots (core/ai)."""
