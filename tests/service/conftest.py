"""Fixtures for the service tests: a migrated database and a judge harness on it
(`support/service/fixtures.py`)."""

from __future__ import annotations

from support.service.fixtures import judge, quick_password_hashes

__all__ = ["judge", "quick_password_hashes"]
