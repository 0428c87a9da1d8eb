"""Shared test helpers: support/mail."""
