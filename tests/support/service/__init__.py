"""Shared test helpers: support/service."""
