"""Shared test helpers: support/replay."""
