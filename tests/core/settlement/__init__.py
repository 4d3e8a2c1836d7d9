"""Tests for the Settlement game package (core/settlement)."""
