"""Shared test helpers: support/server/scheduler."""
