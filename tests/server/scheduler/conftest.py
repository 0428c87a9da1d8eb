"""Fixtures for the scheduler tests: the service tests' judge harness, whose clock
the tests move, and `Scheduler`, which runs the scheduler's rounds on it."""

from __future__ import annotations

import pytest
from support.server.scheduler.driver import Scheduler
from support.service.fixtures import judge, quick_password_hashes
from support.service.harness import JudgeHarness

__all__ = ["judge", "quick_password_hashes"]


@pytest.fixture
def scheduler(judge: JudgeHarness) -> Scheduler:
    return Scheduler(judge)
