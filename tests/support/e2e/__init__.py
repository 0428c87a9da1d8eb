"""Shared test helpers: support/e2e."""
