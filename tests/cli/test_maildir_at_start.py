"""An outgoing maildir that cannot take mail is a one-line start error (issue 31.6).

`maildir = "/dev/null"` (or any path that is not a folder) used to be accepted at
start: the judge ran, answered 250 to every mail, and failed every reply it wrote,
one by one. Now `judge serve` and `judge scheduler` refuse to start, naming the key
and the path, with no traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.cli import main


def _config(tmp_path: Path, maildir: str) -> Path:
    path = tmp_path / "judge.toml"
    path.write_text(
        f'[judge]\naddress = "judge@example.org"\n'
        f'[database]\nurl = "sqlite:///{tmp_path / "judge.db"}"\n'
        f'[smtp]\nhost = "127.0.0.1"\nport = 0\n'
        f'[outbound]\ntransport = "maildir"\nmaildir = "{maildir}"\n'
    )
    return path


def _start_failure(capsys: pytest.CaptureFixture[str], config: Path, command: str) -> str:
    argv = [command, "--config", str(config), *(["--once"] if command == "scheduler" else [])]
    code = main(argv)
    _out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert code == 1 and len(lines) == 1, err
    assert "Traceback" not in err
    assert lines[0].startswith(f"judge {command}: cannot start: [outbound] maildir = ")
    return lines[0]


@pytest.mark.parametrize("command", ["serve", "scheduler"])
def test_dev_null_is_refused_as_not_a_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    line = _start_failure(capsys, _config(tmp_path, "/dev/null"), command)
    assert line.endswith("[outbound] maildir = /dev/null: not a folder")
    assert not (tmp_path / "judge.db").exists()  # refused before the database is touched


@pytest.mark.parametrize("command", ["serve", "scheduler"])
def test_a_regular_file_is_refused_as_not_a_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    regular = tmp_path / "outbox"
    regular.write_text("not a maildir\n")
    line = _start_failure(capsys, _config(tmp_path, str(regular)), command)
    assert line.endswith(f"[outbound] maildir = {regular}: not a folder")
    assert regular.read_text() == "not a maildir\n"  # left as it was


def test_a_maildir_that_cannot_be_created_names_the_cause(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    regular = tmp_path / "a-file"
    regular.write_text("x")
    inside = regular / "outbox"  # a folder inside a regular file cannot exist
    line = _start_failure(capsys, _config(tmp_path, str(inside)), "serve")
    assert f"[outbound] maildir = {inside}: cannot write there: Not a directory" in line


def test_a_maildir_whose_tmp_is_a_file_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    maildir = tmp_path / "outbox"
    maildir.mkdir()
    (maildir / "tmp").write_text("x")
    line = _start_failure(capsys, _config(tmp_path, str(maildir)), "scheduler")
    assert line.endswith(f"[outbound] maildir = {maildir}: {maildir / 'tmp'} is not a folder")


def test_a_good_maildir_is_created_and_left_clean(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    maildir = tmp_path / "var" / "outbox"
    code = main(["scheduler", "--once", "--config", str(_config(tmp_path, str(maildir)))])
    capsys.readouterr()
    assert code == 0
    assert sorted(p.name for p in maildir.iterdir()) == ["cur", "new", "tmp"]
    assert list((maildir / "tmp").iterdir()) == []  # the start's probe is gone


def test_a_relay_judge_does_not_check_the_maildir(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = _config(tmp_path, "/dev/null")
    config.write_text(config.read_text().replace('transport = "maildir"', 'transport = "smtp"'))
    code = main(["scheduler", "--once", "--config", str(config)])  # sends: nothing is due
    capsys.readouterr()
    assert code == 0
