"""cases.json is what tools/build_cases.py makes of the DATC and review.toml."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).parent / "tools" / "build_cases.py"
SOURCES = Path(__file__).resolve().parents[3] / "shared" / "reference" / "datc"


@pytest.mark.skipif(not SOURCES.is_dir(), reason=f"DATC sources not found at {SOURCES}")
def test_cases_json_is_up_to_date_with_the_reviewed_expectations() -> None:
    done = subprocess.run(
        [sys.executable, str(TOOL), "--check"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
