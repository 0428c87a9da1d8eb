"""Headless Chromium for the zine tests: a screenshot, and a count of loaded images.

The count comes from the browser itself: a copy of the page gets a small script
that, once the page has loaded, writes into the title how many images have
decoded (`complete` and `naturalWidth > 0`) out of how many there are; Chromium
then prints the DOM (`--dump-dom`). The page the judge writes has no script.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

CHROMIUM_NAMES = ("chromium", "chromium-browser")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
PROBE = (
    "<script>window.addEventListener('load', () => {"
    " const all = Array.from(document.images);"
    " const ok = all.filter(i => i.complete && i.naturalWidth > 0);"
    " document.title = 'images ' + ok.length + ' of ' + all.length; });</script>"
)
LOADED = re.compile(r"<title>images (\d+) of (\d+)</title>")


def chromium() -> str | None:
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def _run(binary: str, profile: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    command = [binary, *FLAGS, f"--user-data-dir={profile}", *arguments]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def screenshot(binary: str, page: Path, target: Path, size: str = "1200,2400") -> None:
    done = _run(binary, page.parent / "profile-shot", f"--window-size={size}",
                f"--screenshot={target}", page.as_uri())
    assert target.exists(), done.stderr[-2000:]


def loaded_images(binary: str, page: Path) -> tuple[int, int]:
    """(images loaded, images) as the browser saw them once the page had loaded."""
    probe = page.with_name(page.stem + ".probe.html")
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", PROBE + "</body>"),
                     encoding="utf-8")
    done = _run(binary, page.parent / "profile-dom", "--virtual-time-budget=10000",
                "--dump-dom", probe.as_uri())
    found = LOADED.search(done.stdout)
    assert found, (done.stdout[-500:], done.stderr[-2000:])
    return int(found.group(1)), int(found.group(2))
