"""Tests of the Quadropolis rules engine (core/quadropolis)."""
