"""Shared test helpers: support/rules."""
