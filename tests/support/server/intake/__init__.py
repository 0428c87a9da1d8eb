"""Shared test helpers: support/server/intake."""
