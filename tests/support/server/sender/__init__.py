"""Shared test helpers: support/server/sender."""
