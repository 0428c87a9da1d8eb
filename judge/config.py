"""The judge's configuration: one TOML file read into frozen, typed dataclasses.

Values are checked when loaded: every number finite and not negative (durations,
sizes, counts; `poll_seconds = nan` once made the processor spin), strings without
control characters, and a file that is not UTF-8 is a `ConfigError` like any other
(`judge deliver` then exits 75, so the MTA keeps the mail and tries again).

Every part of the shell (intake, store, outbound, scheduler) takes its settings from
a `Config` value instead of reading files or the environment itself, so tests can
build one in a line. The keys follow `spec/mail.md`; `config.example.toml` documents
each of them. Relative paths (a SQLite file, the maildir) are relative to the folder
that holds the config file, so a judge's files stay together wherever it is started.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from sqlalchemy.engine import make_url

from judge.mail.addresses import is_plain_address

DEFAULT_FILE = "judge.toml"
TRANSPORTS = ("maildir", "smtp")


class ConfigError(ValueError):
    """The config file is missing, unreadable, or holds a bad key or value."""


@dataclass(frozen=True)
class JudgeSection:
    address: str = "judge@localhost"
    code: str = "LOCAL"
    name: str = "Diplomacy Judge"


@dataclass(frozen=True)
class SmtpSection:
    host: str = "127.0.0.1"
    port: int = 2525
    max_message_bytes: int = 1024 * 1024


@dataclass(frozen=True)
class DatabaseSection:
    url: str = "sqlite:///judge.db"


@dataclass(frozen=True)
class OutboundSection:
    transport: str = "maildir"
    maildir: Path = Path("outbox")
    relay_host: str = "localhost"
    relay_port: int = 25
    relay_starttls: bool = False
    relay_username: str | None = None
    relay_password: str | None = None
    max_attempts: int = 8
    backoff_seconds: float = 60.0


@dataclass(frozen=True)
class SchedulerSection:
    poll_seconds: float = 1.0


@dataclass(frozen=True)
class LimitsSection:
    per_sender_per_hour: int = 60


@dataclass(frozen=True)
class Config:
    """The whole configuration. `base_dir` is where relative paths were resolved."""

    judge: JudgeSection = field(default_factory=JudgeSection)
    smtp: SmtpSection = field(default_factory=SmtpSection)
    database: DatabaseSection = field(default_factory=DatabaseSection)
    outbound: OutboundSection = field(default_factory=OutboundSection)
    scheduler: SchedulerSection = field(default_factory=SchedulerSection)
    limits: LimitsSection = field(default_factory=LimitsSection)
    base_dir: Path = field(default_factory=Path.cwd)


_SECTIONS: dict[str, type] = {
    "judge": JudgeSection,
    "smtp": SmtpSection,
    "database": DatabaseSection,
    "outbound": OutboundSection,
    "scheduler": SchedulerSection,
    "limits": LimitsSection,
}


def load_config(path: Path | str | None = None) -> Config:
    """Read `path`; with None, read `judge.toml` in the cwd if present, else use defaults."""
    if path is None:
        default = Path.cwd() / DEFAULT_FILE
        if not default.is_file():
            return config_from_dict({}, Path.cwd())
        path = default
    path = Path(path)
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except OSError as exc:
        raise ConfigError(f"cannot read config file {path}: {exc.strerror}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: {exc}") from exc
    except UnicodeDecodeError as exc:
        raise ConfigError(
            f"{path}: not UTF-8 text (byte {exc.start} cannot be read); TOML files are UTF-8"
        ) from exc
    return config_from_dict(data, path.resolve().parent)


def config_from_dict(data: dict[str, Any], base_dir: Path) -> Config:
    """Build a `Config` from parsed TOML; unknown sections or keys are errors."""
    unknown = set(data) - set(_SECTIONS)
    if unknown:
        raise ConfigError(f"unknown config section(s): {', '.join(sorted(unknown))}")
    sections = {
        name: _section(name, cls, data.get(name, {})) for name, cls in _SECTIONS.items()
    }
    config = Config(base_dir=base_dir, **sections)
    _check(config)
    return _resolve_paths(config)


def _section(name: str, cls: type, values: Any) -> Any:
    if not isinstance(values, dict):
        raise ConfigError(f"[{name}] must be a table")
    known = {f.name: f for f in fields(cls)}
    kwargs: dict[str, Any] = {}
    for key, value in values.items():
        if key not in known:
            raise ConfigError(f"unknown key [{name}] {key}")
        kwargs[key] = _coerce(f"[{name}] {key}", known[key].type, value)
    return cls(**kwargs)


def _coerce(where: str, annotation: Any, value: Any) -> Any:
    """Check `value` against the field's annotation (a string, given `annotations`)."""
    kind = str(annotation)
    if kind == "bool":
        ok = isinstance(value, bool)
    elif kind == "int":
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind == "float":
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        value = float(value) if ok else value
        if ok and not math.isfinite(value):
            raise ConfigError(f"{where}: must be a finite number, not {value!r}")
    elif kind == "Path":
        ok = isinstance(value, str) and value != ""
        value = Path(value) if ok else value
    elif kind == "str | None":
        ok = isinstance(value, str)
    else:
        ok = isinstance(value, str)
    if not ok:
        raise ConfigError(f"{where}: expected {kind}, got {value!r}")
    if kind in ("int", "float") and value < 0:
        raise ConfigError(f"{where}: must not be negative, got {value!r}")
    if isinstance(value, str) and any(ord(char) < 32 or ord(char) == 127 for char in value):
        raise ConfigError(f"{where}: must not hold control characters")
    return value


def _check(config: Config) -> None:
    if not is_plain_address(config.judge.address):
        raise ConfigError("[judge] address must be an email address, plain: local@domain")
    if config.outbound.transport not in TRANSPORTS:
        raise ConfigError(f"[outbound] transport must be one of {', '.join(TRANSPORTS)}")
    for where, port in (("[smtp] port", config.smtp.port),
                        ("[outbound] relay_port", config.outbound.relay_port)):
        if not 0 <= port <= 65535:
            raise ConfigError(f"{where} must be between 0 and 65535")
    positive = {
        "[smtp] max_message_bytes": config.smtp.max_message_bytes,
        "[outbound] max_attempts": config.outbound.max_attempts,
        "[outbound] backoff_seconds": config.outbound.backoff_seconds,
        "[scheduler] poll_seconds": config.scheduler.poll_seconds,
        "[limits] per_sender_per_hour": config.limits.per_sender_per_hour,
    }
    for where, number in positive.items():
        if number <= 0:
            raise ConfigError(f"{where} must be positive")


def _resolve_paths(config: Config) -> Config:
    outbound = config.outbound
    maildir = outbound.maildir
    if not maildir.is_absolute():
        outbound = replace(outbound, maildir=config.base_dir / maildir)
    database = DatabaseSection(url=resolve_database_url(config.database.url, config.base_dir))
    return replace(config, outbound=outbound, database=database)


def resolve_database_url(url: str, base_dir: Path) -> str:
    """Make a relative SQLite file path absolute under `base_dir`; leave others alone."""
    try:
        parsed = make_url(url)
    except Exception as exc:
        raise ConfigError(f"[database] url is not a database URL: {url!r}") from exc
    database = parsed.database
    if parsed.get_backend_name() != "sqlite" or not database or database == ":memory:":
        return url
    if database.startswith("file:") or Path(database).is_absolute():
        return url
    return parsed.set(database=str(base_dir / database)).render_as_string(
        hide_password=False
    )
