"""`judge --help` and `judge deliver` import only what they need.

`judge deliver` is what the MTA runs once per incoming mail, and every command is
started as a subprocess many times by the suite: what a start imports is its cost. The
parser imports none of the judge, and `deliver` only what storing a mail needs: not the
service, the variants, the command language, the templates, the maps, the SMTP server,
nor Alembic (the database it finds at the newest revision is not migrated,
`judge.store.schema_version`). Each command runs in a fresh interpreter
(`support.cli_imports`), which writes the modules it imported.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from support.serve_with import environment

# Never imported by `judge deliver` (a package counts with every module under it).
NOT_FOR_DELIVER = (
    "alembic", "mako", "jinja2", "babel", "PIL", "aiosmtpd", "flufl", "argon2",
    "judge.variants", "judge.rules", "judge.language", "judge.wording", "judge.render",
    "judge.zine", "judge.outbox", "judge.adjudicate", "judge.service.replies",
    "judge.service.game", "judge.service.commands", "judge.mail.read", "judge.mail.compose",
    "judge.server.intake", "judge.server.runtime", "judge.server.serve",
    "judge.server.scheduler", "judge.server.processor", "judge.server.sender",
    "judge.server.startup", "judge.store.migrate",
)  # fmt: skip
# Nor by `judge --help`, which reads no config and opens no database.
NOT_FOR_HELP = (*NOT_FOR_DELIVER, "sqlalchemy", "judge.config", "judge.store", "judge.server")

MAIL = (b"From: ann@example.org\r\nTo: judge@example.org\r\nSubject: hello\r\n"
        b"Message-ID: <m1@example.org>\r\n\r\nHELP\r\n")  # fmt: skip


def _imported(tmp_path: Path, *args: str, stdin: bytes = b"") -> tuple[int, set[str]]:
    out = tmp_path / "modules.txt"
    done = subprocess.run(
        [sys.executable, "-m", "support.cli_imports", str(out), *args],
        input=stdin, env=environment(), capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    return done.returncode, set(out.read_text().split())


def _among(modules: set[str], packages: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in packages))


def test_judge_help_imports_none_of_the_judge(tmp_path: Path) -> None:
    code, modules = _imported(tmp_path, "--help")
    assert code == 0
    assert "judge.cli.parser" in modules  # the probe ran the command line
    assert _among(modules, NOT_FOR_HELP) == []


def test_judge_deliver_imports_only_what_storing_a_mail_needs(
    tmp_path: Path, write_config: Callable[..., Path], migrated_sqlite: Path
) -> None:
    database = tmp_path / "judge.db"
    database.write_bytes(migrated_sqlite.read_bytes())  # at the newest revision
    config = write_config(f"sqlite:///{database}")
    code, modules = _imported(tmp_path, "deliver", "--config", str(config), stdin=MAIL)
    assert code == 0
    assert "judge.server.piped" in modules  # it stored the mail the way deliver does
    assert _among(modules, NOT_FOR_DELIVER) == []
