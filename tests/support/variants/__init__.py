"""Shared test helpers: support/variants."""
