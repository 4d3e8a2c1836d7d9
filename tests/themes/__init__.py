"""Tests for the themes package."""
