"""Benchmarks that print figures (`make bench`); nothing here asserts a timing."""
