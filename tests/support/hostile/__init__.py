"""Shared test helpers: support/hostile."""
