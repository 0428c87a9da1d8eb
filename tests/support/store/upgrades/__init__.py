"""Shared test helpers: support/store/upgrades."""
