"""Loading the TOML config: defaults, typed values, paths relative to the file."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from judge.config import Config, ConfigError, load_config

REPO = Path(__file__).resolve().parents[2]


def test_without_a_file_the_defaults_apply_in_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    config = load_config()
    assert config.judge.address == "judge@localhost"
    assert (config.smtp.host, config.smtp.port) == ("127.0.0.1", 2525)
    assert config.smtp.max_message_bytes == 1024 * 1024
    assert config.database.url == f"sqlite:///{tmp_path / 'judge.db'}"
    assert config.outbound.transport == "maildir"
    assert config.outbound.maildir == tmp_path / "outbox"
    assert config.scheduler.poll_seconds == 1.0
    assert config.limits.per_sender_per_hour == 60


def test_judge_toml_in_the_current_folder_is_read_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "judge.toml").write_text('[judge]\ncode = "HOME"\n')
    monkeypatch.chdir(tmp_path)
    assert load_config().judge.code == "HOME"


def test_relative_paths_are_relative_to_the_config_file(tmp_path: Path) -> None:
    folder = tmp_path / "etc"
    folder.mkdir()
    (folder / "j.toml").write_text(
        '[database]\nurl = "sqlite:///data/j.db"\n[outbound]\nmaildir = "mail"\n'
    )
    config = load_config(folder / "j.toml")
    assert config.database.url == f"sqlite:///{folder / 'data' / 'j.db'}"
    assert config.outbound.maildir == folder / "mail"
    assert config.base_dir == folder


@pytest.mark.parametrize(
    "url",
    [
        "sqlite:////var/lib/judge.db",
        "sqlite://",
        "sqlite:///:memory:",
        "postgresql+psycopg://judge:pw@db.example.org/judge",
    ],
)
def test_absolute_and_server_database_urls_are_kept(tmp_path: Path, url: str) -> None:
    path = tmp_path / "judge.toml"
    path.write_text(f'[database]\nurl = "{url}"\n')
    assert load_config(path).database.url == url


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("[judge]\nadress = 'x@y'\n", "unknown key [judge] adress"),
        ("[jduge]\n", "unknown config section"),
        ("[smtp]\nport = '25'\n", "[smtp] port: expected int"),
        ("[smtp]\nport = 70000\n", "[smtp] port = 70,000 is out of range: it must be 0 to 65,535"),
        ("[outbound]\ntransport = 'pigeon'\n", "transport must be one of"),
        ("[outbound]\nrelay_starttls = 1\n", "expected bool"),
        ("[scheduler]\npoll_seconds = 0\n", "must be positive"),
        ("[judge]\naddress = 'nobody'\n", "must be an email address"),
        ("[database]\nurl = 'not a url'\n", "not a database URL"),
        ("[judge\n", "judge.toml"),
    ],
)
def test_bad_files_are_refused_with_a_reason(tmp_path: Path, text: str, complaint: str) -> None:
    path = tmp_path / "judge.toml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=re.escape(complaint)):
        load_config(path)


def test_a_missing_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        load_config(tmp_path / "nope.toml")


def test_numbers_are_accepted_for_float_keys(tmp_path: Path) -> None:
    path = tmp_path / "judge.toml"
    path.write_text("[scheduler]\npoll_seconds = 2\n[outbound]\nbackoff_seconds = 0.5\n")
    config = load_config(path)
    assert config.scheduler.poll_seconds == 2.0
    assert config.outbound.backoff_seconds == 0.5


def test_the_example_file_loads_and_documents_every_key(tmp_path: Path) -> None:
    example = REPO / "config.example.toml"
    text = example.read_text()
    loaded = load_config(example)
    defaults = Config(base_dir=loaded.base_dir)
    for section in dataclasses.fields(Config):
        if section.name in ("base_dir", "stored_verp"):  # not TOML sections
            continue
        assert f"[{section.name}]" in text
        for key in dataclasses.fields(getattr(defaults, section.name)):
            assert re.search(rf"^#? ?{key.name} = ", text, re.M), f"{key.name} undocumented"
    assert loaded.judge == defaults.judge
    assert loaded.limits == defaults.limits
