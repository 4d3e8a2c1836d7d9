"""Tests for the pure rules layer (core/)."""
