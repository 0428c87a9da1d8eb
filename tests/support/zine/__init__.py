"""Shared test helpers: support/zine."""
