"""Shared test helpers: support/store."""
