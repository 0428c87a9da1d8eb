"""Shared test helpers: support/language."""
