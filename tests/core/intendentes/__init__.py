"""Tests for the Intendentes game package (core/intendentes)."""
