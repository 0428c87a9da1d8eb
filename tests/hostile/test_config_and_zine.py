"""Config values checked when loaded, and `judge zine --all` kept in its folder
(issue 12, item 8).

`poll_seconds = nan` made the processor spin; a non-UTF-8 config made `judge
deliver` exit 1, so the MTA bounced the mail; `zine --all` overwrote `index.html`
with the page of a game called `index`, and wrote through symbolic links.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from support.service.harness import JudgeHarness

from judge.config import ConfigError, config_from_dict, load_config
from judge.server.piped import EX_TEMPFAIL
from judge.zine.command import write_all


@pytest.mark.parametrize(
    ("section", "key", "value"),
    [
        ("scheduler", "poll_seconds", float("nan")),
        ("scheduler", "poll_seconds", float("inf")),
        ("outbound", "backoff_seconds", float("-inf")),
        ("outbound", "backoff_seconds", -1.0),
        ("smtp", "max_message_bytes", -1),
        ("outbound", "max_backoff_seconds", -3),
        ("limits", "per_sender_per_hour", -1),
    ],
)
def test_a_number_that_is_not_finite_or_is_negative_is_refused(
    tmp_path: Path, section: str, key: str, value: float
) -> None:
    with pytest.raises(ConfigError, match=rf"\[{section}\] {key}"):
        config_from_dict({section: {key: value}}, tmp_path)


def test_nan_written_in_toml_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "judge.toml"
    path.write_text("[scheduler]\npoll_seconds = nan\n")
    with pytest.raises(ConfigError, match="finite"):
        load_config(path)


def test_a_config_that_is_not_utf8_makes_deliver_exit_75(tmp_path: Path) -> None:
    path = tmp_path / "judge.toml"
    path.write_bytes(b'[judge]\nname = "Diplomatie \xe9t\xe9"\n')
    with pytest.raises(ConfigError, match="not UTF-8"):
        load_config(path)
    done = subprocess.run(
        [sys.executable, "-m", "judge.cli", "deliver", "--config", str(path),
         "--sender", "a@b.org"],
        input=b"From: a@b.org\r\n\r\nLIST\r\n", capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == EX_TEMPFAIL
    assert b"not UTF-8" in done.stderr


def test_zine_all_never_overwrites_the_index_nor_follows_links(
    plain_harness: JudgeHarness, tmp_path: Path
) -> None:
    plain_harness.reply("gm@example.org", "CREATE index gmpass standard")
    plain_harness.reply("gm@example.org", "CREATE g1 gmpass standard")
    plain_harness.reply("gm@example.org", "CREATE g2 gmpass standard")
    folder = tmp_path / "zine"
    folder.mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text("keep me")
    (folder / "g1.html").symlink_to(secret)

    with plain_harness.sessions() as session:
        written = write_all(session, plain_harness.variants, folder)

    assert secret.read_text() == "keep me"
    assert (folder / "g1.html").is_symlink()
    assert sorted(path.name for path in written) == ["g2.html", "index.html"]
    index = (folder / "index.html").read_text()
    assert 'href="g2.html"' in index and "index.html\"" not in index
