"""Shared test helpers: support/deploy."""
