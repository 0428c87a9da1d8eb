"""The wheel holds everything the judge needs: it serves and answers from an empty folder.

Built and installed as an operator would (see `installed`), the judge runs from a
folder that holds only its judge.toml (a free port; everything else the defaults):
`judge serve` creates the database from the migrations inside the package, answers
a LIST sent over SMTP with the wording of the templates inside the package, and
`judge deliver` does the same for a piped mail.
"""

from __future__ import annotations

import smtplib
import subprocess
import time
import tomllib
from collections.abc import Iterator
from email import message_from_bytes
from email.message import EmailMessage, Message
from email.policy import default
from email.utils import make_msgid
from pathlib import Path
from typing import cast

import pytest
from support.deploy.installed import REPOSITORY, clean_environment, install, shared_wheel
from support.e2e.judge_process import TIMEOUT, _free_port, _wait_for_port, stop_process

pytestmark = pytest.mark.slow
JUDGE_ADDRESS = "judge@example.org"
NO_GAMES = "There are no games on judge WHL yet."


@pytest.fixture(scope="module")
def installed_judge(tmp_path_factory: pytest.TempPathFactory) -> Path:
    workspace = tmp_path_factory.mktemp("wheel")
    return install(shared_wheel(tmp_path_factory), workspace / "venv")


@pytest.fixture
def operator_folder(tmp_path: Path) -> tuple[Path, int]:
    """A folder with nothing but a judge.toml that picks a free port."""
    folder = tmp_path / "judge-home"
    folder.mkdir()
    port = _free_port()
    (folder / "judge.toml").write_text(
        f'[judge]\naddress = "{JUDGE_ADDRESS}"\ncode = "WHL"\n'
        f"[smtp]\nport = {port}\n[scheduler]\npoll_seconds = 0.2\n"
    )
    return folder, port


@pytest.fixture
def serving(installed_judge: Path, operator_folder: tuple[Path, int]) -> Iterator[tuple[Path, int]]:
    folder, port = operator_folder
    log = (folder.parent / "serve.log").open("wb")
    process = subprocess.Popen(
        [str(installed_judge), "serve"], cwd=folder, env=clean_environment(),
        stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        _wait_for_port(port, process)
        yield folder, port
    finally:
        stop_process(process, log)


def test_the_installed_package_carries_its_data_folders(installed_judge: Path) -> None:
    python = installed_judge.parent / "python"
    script = (
        "from judge.bundled import data_dir; "
        "print(data_dir('templates')); print(data_dir('migrations')); print(data_dir('locale'))"
    )
    done = subprocess.run(
        [str(python), "-c", script], capture_output=True, env=clean_environment(),
        cwd=installed_judge.parent, check=True, timeout=60,
    )
    venv = installed_judge.parents[1]
    for line in done.stdout.decode().split():
        folder = Path(line)
        assert folder.is_relative_to(venv), f"{folder} is outside the installed judge"
        assert folder.parent.name == "judge"
    templates, migrations, locale = (Path(line) for line in done.stdout.decode().split())
    assert (locale / "fr" / "LC_MESSAGES" / "judge.po").is_file()  # the catalogs travel
    assert (locale / "fr" / "LC_MESSAGES" / "commands.po").is_file()  # every file of them
    assert (templates / "reply.txt.j2").is_file()
    assert (templates / "zine").is_dir() and (templates / "help").is_dir()
    assert (templates / "help" / "gm.txt.j2").is_file()
    source = REPOSITORY / "judge" / "templates"
    for template in source.rglob("*.j2"):  # every template travels
        assert (templates / template.relative_to(source)).is_file(), template
    assert (migrations / "env.py").is_file()
    assert sorted(p.name for p in (migrations / "versions").glob("0001_*.py"))


def test_the_installed_judge_reads_every_po_file_of_a_language(installed_judge: Path) -> None:
    """French from the mails' catalog and from the command registry's, in one catalog."""
    script = (
        "from babel.messages.pofile import read_po\n"
        "from judge.wording.catalogs import catalog_paths, translations\n"
        "for path in catalog_paths('fr'):\n"
        "    entry = next(m for m in read_po(path.open('rb')) if m.id and m.string\n"
        "                 and isinstance(m.id, str) and not m.context)\n"
        "    print(path.name, translations('fr').gettext(entry.id) == entry.string)\n"
    )
    done = subprocess.run(
        [str(installed_judge.parent / "python"), "-c", script], capture_output=True,
        env=clean_environment(), cwd=installed_judge.parent, check=True, timeout=60,
    )
    assert sorted(done.stdout.decode().splitlines()) == ["commands.po True", "judge.po True"]


def test_judge_serve_from_an_empty_folder_answers_a_mail(serving: tuple[Path, int]) -> None:
    folder, port = serving
    request = _list_mail("ann@example.org")
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
        client.send_message(request)
    reply = _wait_for_reply(folder / "outbox", request)
    assert reply["To"] == "ann@example.org"
    assert reply["From"].addresses[0].addr_spec == JUDGE_ADDRESS
    assert NO_GAMES in _text(reply)
    assert (folder / "judge.db").is_file()


def test_judge_deliver_from_the_install_answers_a_piped_mail(
    installed_judge: Path, operator_folder: tuple[Path, int]
) -> None:
    folder, _ = operator_folder
    request = _list_mail("bob@example.org")
    done = subprocess.run(
        [str(installed_judge), "deliver", "--sender", "bob@example.org"],
        input=request.as_bytes(), cwd=folder, env=clean_environment(),
        capture_output=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    _scheduler_once(installed_judge, folder)  # deliver only stores; the daemon answers
    reply = _wait_for_reply(folder / "outbox", request)
    assert reply["To"] == "bob@example.org"
    assert NO_GAMES in _text(reply)


def test_the_installed_judge_writes_a_games_zine(
    installed_judge: Path, operator_folder: tuple[Path, int]
) -> None:
    """A game created by mail, then its zine page: rules data, map geometry, zine templates."""
    folder, _ = operator_folder
    create = _list_mail("gm@example.org", "CREATE g1 secret standard\n")
    subprocess.run(
        [str(installed_judge), "deliver", "--sender", "gm@example.org"],
        input=create.as_bytes(), cwd=folder, env=clean_environment(), check=True, timeout=120,
    )
    _scheduler_once(installed_judge, folder)
    assert "Game 'g1' (Standard) created." in _text(_wait_for_reply(folder / "outbox", create))
    page = subprocess.run(
        [str(installed_judge), "zine", "g1"], cwd=folder, env=clean_environment(),
        capture_output=True, check=True, timeout=120,
    ).stdout.decode()
    assert page.startswith("<!DOCTYPE html>") and "g1" in page


def _scheduler_once(installed_judge: Path, folder: Path) -> None:
    """One round of `judge scheduler`: what a pipe-only setup runs beside `deliver`
    (process the inbox, then send the outbox)."""
    subprocess.run(
        [str(installed_judge), "scheduler", "--once"], cwd=folder, env=clean_environment(),
        capture_output=True, check=True, timeout=120,
    )


def _list_mail(sender: str, body: str = "LIST\n") -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = JUDGE_ADDRESS
    message["Subject"] = "list"
    message["Message-ID"] = make_msgid(domain="example.org")
    message.set_content(body)
    return message


def _wait_for_reply(maildir: Path, request: EmailMessage) -> EmailMessage:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        for path in sorted((maildir / "new").glob("*")):
            mail = cast(EmailMessage, message_from_bytes(path.read_bytes(), policy=default))
            if mail["In-Reply-To"] == request["Message-ID"]:
                return mail
        time.sleep(0.1)
    raise AssertionError(f"no reply to {request['Message-ID']} in {maildir}")


def _text(message: Message) -> str:
    part = cast(EmailMessage, message).get_body(("plain",))
    assert part is not None
    return cast(str, part.get_content())


def test_the_installed_judge_says_its_version_and_writes_the_example_config(
    installed_judge: Path, tmp_path: Path
) -> None:
    """The guide's first steps: `judge --version`, `judge config example > judge.toml`."""

    def run(*argv: str) -> str:
        return subprocess.run(
            [str(installed_judge), *argv], capture_output=True, env=clean_environment(),
            cwd=tmp_path, check=True, timeout=60,
        ).stdout.decode()

    with (REPOSITORY / "pyproject.toml").open("rb") as handle:
        version = tomllib.load(handle)["project"]["version"]
    assert run("--version").strip() == f"judge {version}"
    assert run("config", "example") == (REPOSITORY / "config.example.toml").read_text()
