"""Shared test helpers: support/datc."""
