"""The judge's configuration: one TOML file read into frozen, typed dataclasses.

Values are checked when loaded: every number finite and not negative (durations,
sizes, counts; `poll_seconds = nan` once made the processor spin) and within its
sane range (`judge.config_ranges`), strings without control characters (those
written into headers without any non-printing character, encoded or not), and a
file that is not UTF-8 is a `ConfigError` like any other
(`judge deliver` then exits 75, so the MTA keeps the mail and tries again).

Every part of the shell (intake, store, outbound, scheduler) takes its settings from
a `Config` value instead of reading files or the environment itself, so tests can
build one in a line. The keys follow `spec/mail.md`; `config.example.toml` documents
each of them. Relative paths (a SQLite file, the maildir) are relative to the folder
that holds the config file, so a judge's files stay together wherever it is started.
"""

from __future__ import annotations

import logging
import math
import re
import tomllib
import types
import typing
from dataclasses import dataclass, field, fields, replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from sqlalchemy.engine import make_url

from judge.addresses import is_plain_address
from judge.config_ranges import out_of_range, unprintable_header_value
from judge.trusted_relays import trusted_networks

DEFAULT_FILE = "judge.toml"
TRANSPORTS = ("maildir", "smtp")
LEASE_PER_TIMEOUT = 4  # lease_seconds >= this x relay_timeout_seconds


log = logging.getLogger(__name__)

RETIRED = {  # keys that are gone (ignored with a warning), with what to do instead
    ("outbound", "max_attempts"): "temporary failures are now retried for [outbound] "
    "lifetime (default 5d) instead of a number of attempts; remove the key",
}
_DURATION = re.compile(r"(\d+(?:\.\d+)?)\s*([smhd])")
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class ConfigError(ValueError):
    """The config file is missing, unreadable, or holds a bad key or value."""


def parse_duration(text: str) -> timedelta:
    """`"5d"`, `"12h"`, `"30m"` or `"45s"` as a timedelta; ValueError otherwise."""
    match = _DURATION.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"not a duration: {text!r} (a number and s, m, h or d)")
    try:
        return timedelta(seconds=float(match[1]) * _UNIT_SECONDS[match[2]])
    except OverflowError as exc:
        raise ValueError(f"a duration too long: {text!r}") from exc


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
    deliver_timeout_seconds: float = 30.0  # `judge deliver` gives up (exit 75) after this
    # The operator's own relays, never limited per connecting address (judge.trusted_relays):
    # "auto": loopback when `host` is loopback; "": none; else addresses or networks.
    trusted_relays: str = "auto"


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
    relay_ca_file: Path | None = None  # CA certificates (PEM) for a relay's private certificate
    relay_username: str | None = None
    relay_password: str | None = None
    relay_timeout_seconds: float = 60.0  # each wait for the relay (connect, a reply)
    helo_name: str = ""  # the name said in EHLO; empty: this host's FQDN
    lifetime: str = "5d"  # how long temporary failures are retried (s, m, h or d)
    backoff_seconds: float = 60.0  # the wait after the first failure, doubled after each
    max_backoff_seconds: float = 3600.0  # ... up to this
    lease_seconds: float = 300.0  # a sender's hold on a mail, renewed while it works
    batch_size: int = 50  # mails leased (and sent on one connection) together
    verp: bool = True  # each mail's return path names it (smtp), so bounces are matched
    verp_secret: str = ""  # the key of the return paths' MAC; empty: derived (weak)

    @property
    def lifetime_delta(self) -> timedelta:
        return parse_duration(self.lifetime)


@dataclass(frozen=True)
class SchedulerSection:
    poll_seconds: float = 1.0  # the wait between rounds of every loop when nothing woke it
    batch_size: int = 20  # due games claimed (and committed) together
    max_chained_phases: int = 8  # phases processed in a row when nobody owes anything


@dataclass(frozen=True)
class ProcessorSection:
    """How the inbox processor cuts its work into transactions."""

    batch_size: int = 20  # mails per transaction, at most
    batch_seconds: float = 0.25  # no new mail is started in a batch older than this
    handover_wait_seconds: float = 0.01  # a batch ends once a handed-over mail waited this
    intake_wait_seconds: float = 1.0  # then the intake spools a mail itself, not waiting
    mail_seconds: float = 60.0  # a mail still processed after this is stopped and failed
    spool: Path = Path("spool")  # mail accepted while the processor was busy, as files


@dataclass(frozen=True)
class LimitsSection:
    """Bounds on what one mail, one sender or one game may cost (spec: "Limits")."""

    per_sender_per_hour: int = 60  # mails per envelope sender (and connecting address pair)
    per_connection_address_per_hour: int = 300  # mails per connecting IP at the SMTP intake
    lines_per_mail: int = 1000  # lines of a mail read; the rest are ignored, with a note
    commands_per_mail: int = 100  # commands of a mail run; the rest are not, with a note
    failed_passwords_per_mail: int = 3  # then the rest of the mail is not read
    failed_passwords_per_seat_per_hour: int = 10  # per seat, counted per kind of sender
    games_per_address_per_day: int = 5  # CREATE
    observers_per_game: int = 50  # OBSERVE
    broadcasts_per_mail: int = 5  # BROADCAST (and PRESS) blocks sent by one mail
    reply_bytes: int = 256 * 1024  # one reply's body; longer ones are cut, with a note
    forming_game_days: float = 30.0  # a forming game that never starts ends after this


@dataclass(frozen=True)
class SecuritySection:
    confirm_addresses: bool = True  # no ongoing mail to an address that has not confirmed
    # The authserv-id of the operator's own MTA in its Authentication-Results headers
    # (RFC 8601): a DMARC or DKIM pass for the From domain there marks the sender as
    # verified (never locked out by wrong passwords). Empty: no header is trusted.
    authserv_id: str = ""


@dataclass(frozen=True)
class StorageSection:
    retention_days: int = 30  # then bodies of sent and processed mail go; 0: keep all


@dataclass(frozen=True)
class StoredVerpKeys:
    """The VERP keys kept in the database (`judge.store.verp_keys`), set at start-up:
    the key of new return paths, and the one used before it (hex; empty: none), still
    accepted for outbox rows below `previous_below`."""

    secret: str
    previous: str = ""
    previous_below: int = 0


@dataclass(frozen=True)
class Config:
    """The whole configuration. `base_dir` is where relative paths were resolved."""

    judge: JudgeSection = field(default_factory=JudgeSection)
    smtp: SmtpSection = field(default_factory=SmtpSection)
    database: DatabaseSection = field(default_factory=DatabaseSection)
    outbound: OutboundSection = field(default_factory=OutboundSection)
    scheduler: SchedulerSection = field(default_factory=SchedulerSection)
    processor: ProcessorSection = field(default_factory=ProcessorSection)
    limits: LimitsSection = field(default_factory=LimitsSection)
    security: SecuritySection = field(default_factory=SecuritySection)
    storage: StorageSection = field(default_factory=StorageSection)
    base_dir: Path = field(default_factory=Path.cwd)
    stored_verp: StoredVerpKeys | None = None  # not a TOML key: read from the database


_SECTIONS: dict[str, type] = {
    "judge": JudgeSection,
    "smtp": SmtpSection,
    "database": DatabaseSection,
    "outbound": OutboundSection,
    "scheduler": SchedulerSection,
    "processor": ProcessorSection,
    "limits": LimitsSection,
    "security": SecuritySection,
    "storage": StorageSection,
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
    known = field_types(cls)
    kwargs: dict[str, Any] = {}
    for key, value in values.items():
        if (name, key) in RETIRED:
            # An upgrade must not stop a running judge (or make `deliver` defer every
            # mail): a retired key is ignored, and the log says what replaced it.
            log.warning("[%s] %s is ignored: %s", name, key, RETIRED[name, key])
            continue
        if key not in known:
            raise ConfigError(f"unknown key [{name}] {key}")
        kwargs[key] = _coerce(f"[{name}] {key}", known[key], value)
    return cls(**kwargs)


def field_types(cls: type) -> dict[str, Any]:
    """Each field of a section with its annotation resolved to a type."""
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in fields(cls)}


def _coerce(where: str, annotation: Any, value: Any) -> Any:
    """Check `value` against the field's annotation: bool, int, float, str, Path, or
    one of those `| None` (TOML has no null: an optional key is left out instead).
    Any other annotation is a programming error (`TypeError`), caught by the tests."""
    kind = _optional_inner(annotation)
    if kind is bool:
        ok = isinstance(value, bool)
    elif kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        value = float(value) if ok else value
        if ok and not math.isfinite(value):
            raise ConfigError(f"{where}: must be a finite number, not {value!r}")
    elif kind is Path:
        ok = isinstance(value, str) and value != ""
        value = Path(value) if ok else value
    elif kind is str:
        ok = isinstance(value, str)
    else:
        raise TypeError(f"{where}: a config field cannot be of type {annotation!r}")
    if not ok:
        raise ConfigError(f"{where}: expected {_type_name(annotation)}, got {value!r}")
    if kind in (int, float) and value < 0:
        raise ConfigError(f"{where}: must not be negative, got {value!r}")
    if isinstance(value, str) and any(ord(char) < 32 or ord(char) == 127 for char in value):
        raise ConfigError(f"{where}: must not hold control characters")
    return value


def _optional_inner(annotation: Any) -> Any:
    """`X` for `X | None` (or `Optional[X]`); the annotation itself otherwise."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        members = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
        if len(members) == 1 and len(typing.get_args(annotation)) == 2:
            return members[0]
    return annotation


def _type_name(annotation: Any) -> str:
    inner = _optional_inner(annotation)
    name = getattr(inner, "__name__", str(inner))
    return f"{name} | None" if inner is not annotation else name


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
        "[smtp] deliver_timeout_seconds": config.smtp.deliver_timeout_seconds,
        "[outbound] relay_timeout_seconds": config.outbound.relay_timeout_seconds,
        "[outbound] backoff_seconds": config.outbound.backoff_seconds,
        "[outbound] max_backoff_seconds": config.outbound.max_backoff_seconds,
        "[outbound] lease_seconds": config.outbound.lease_seconds,
        "[outbound] batch_size": config.outbound.batch_size,
        "[scheduler] poll_seconds": config.scheduler.poll_seconds,
        "[scheduler] batch_size": config.scheduler.batch_size,
        "[scheduler] max_chained_phases": config.scheduler.max_chained_phases,
        "[processor] batch_size": config.processor.batch_size,
        "[processor] batch_seconds": config.processor.batch_seconds,
        "[processor] handover_wait_seconds": config.processor.handover_wait_seconds,
        "[processor] intake_wait_seconds": config.processor.intake_wait_seconds,
        "[processor] mail_seconds": config.processor.mail_seconds,
        **{f"[limits] {f.name}": getattr(config.limits, f.name) for f in fields(LimitsSection)},
    }
    for where, number in positive.items():
        if number <= 0:
            raise ConfigError(f"{where} must be positive")
    if config.storage.retention_days < 0:
        raise ConfigError("[storage] retention_days must be 0 (keep everything) or more")
    for problem in (out_of_range(config), unprintable_header_value(config)):
        if problem is not None:  # a number outside its sane range, a header value broken
            raise ConfigError(problem)
    _check_outbound(config.outbound)
    try:
        trusted_networks(config.smtp.trusted_relays, config.smtp.host)
    except ValueError as exc:
        raise ConfigError(f"[smtp] trusted_relays: {exc}") from exc
    if config.security.authserv_id and not _AUTHSERV_ID.fullmatch(config.security.authserv_id):
        raise ConfigError(
            f"[security] authserv_id {config.security.authserv_id!r}: one token of printable "
            "ASCII without spaces, ';' or '(' (the MTA's host name, as in its "
            "Authentication-Results headers)"
        )


_AUTHSERV_ID = re.compile(r"[!#-'*-:<-~]{1,255}")  # printable ASCII but space " ( ) ;


def _check_outbound(outbound: OutboundSection) -> None:
    try:
        lifetime = outbound.lifetime_delta
    except ValueError as exc:
        raise ConfigError(f"[outbound] lifetime: {exc}") from exc
    if lifetime <= timedelta(0):
        raise ConfigError("[outbound] lifetime must be positive")
    if outbound.max_backoff_seconds < outbound.backoff_seconds:
        raise ConfigError("[outbound] max_backoff_seconds must be at least backoff_seconds")
    if outbound.lease_seconds < LEASE_PER_TIMEOUT * outbound.relay_timeout_seconds:
        raise ConfigError(
            f"[outbound] lease_seconds must be at least {LEASE_PER_TIMEOUT} x "
            "relay_timeout_seconds: a heartbeat renews the lease every quarter of it, "
            "and a renewal (or one wait for the relay) must fit in that quarter"
        )


def _resolve_paths(config: Config) -> Config:
    outbound = config.outbound
    maildir = outbound.maildir
    if not maildir.is_absolute():
        outbound = replace(outbound, maildir=config.base_dir / maildir)
    ca_file = outbound.relay_ca_file
    if ca_file is not None and not ca_file.is_absolute():
        outbound = replace(outbound, relay_ca_file=config.base_dir / ca_file)
    processor = config.processor
    if not processor.spool.is_absolute():
        processor = replace(processor, spool=config.base_dir / processor.spool)
    database = DatabaseSection(url=resolve_database_url(config.database.url, config.base_dir))
    return replace(config, outbound=outbound, database=database, processor=processor)


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
