"""Shared test helpers: support/server."""
