"""The judge's configuration: one TOML file read into frozen, typed dataclasses.

Each key is declared once, on its section's field (`judge.config_keys.setting`): its
type, default, help for operators and bounds. From those declarations the loaded values
are checked (`judge.config_ranges`) and the example file is written
(`judge.config_example`, `judge config example`), so a key added here is checked and
documented without another line anywhere.

Values are checked when loaded: every number finite and not negative (durations,
sizes, counts; `poll_seconds = nan` once made the processor spin) and within its
declared sane range, strings without control characters (those written into headers
without any non-printing character, encoded or not), and a file that is not UTF-8 is
a `ConfigError` like any other (`judge deliver` then exits 75, so the MTA keeps the
mail and tries again).

Every part of the shell (intake, store, outbound, scheduler) takes its settings from
a `Config` value instead of reading files or the environment itself, so tests can
build one in a line. The keys follow `spec/mail.md`. Relative paths (a SQLite file,
the maildir) are relative to the folder that holds the config file, so a judge's
files stay together wherever it is started.
"""

from __future__ import annotations

import logging
import math
import re
import tomllib
import typing
from dataclasses import dataclass, field, fields, replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from sqlalchemy.engine import make_url

from judge.addresses import is_plain_address
from judge.config_keys import (
    DAY,
    HOUR,
    KIB,
    MIB,
    Range,
    declared_sections,
    optional_inner,
    parse_duration,
    section,
    setting,
)
from judge.config_ranges import first_problem
from judge.trusted_relays import trusted_networks

DEFAULT_FILE = "judge.toml"
LEASE_PER_TIMEOUT = 4  # lease_seconds >= this x relay_timeout_seconds


log = logging.getLogger(__name__)

RETIRED = {  # keys that are gone (ignored with a warning), with what to do instead
    ("outbound", "max_attempts"): "temporary failures are now retried for [outbound] "
    "lifetime (default 5d) instead of a number of attempts; remove the key",
}


class ConfigError(ValueError):
    """The config file is missing, unreadable, or holds a bad key or value."""


def _plain_address(value: str) -> str | None:
    return None if is_plain_address(value) else "must be an email address, plain: local@domain"


_AUTHSERV_ID = re.compile(r"[!#-'*-:<-~]{1,255}")  # printable ASCII but space " ( ) ;


def _authserv_token(value: str) -> str | None:
    if not value or _AUTHSERV_ID.fullmatch(value):
        return None
    return (
        f"{value!r}: one token of printable ASCII without spaces, ';' or '(' (the MTA's "
        "host name, as in its Authentication-Results headers)"
    )


@dataclass(frozen=True)
class JudgeSection:
    address: str = setting(
        "judge@localhost",
        "the judge's mail address: intake accepts mail only for it, and every outgoing "
        "mail comes From it",
        in_headers=True, check=_plain_address,
    )
    code: str = setting(
        "LOCAL", "judge code shown in subjects and headers (CODE:game - ...)", in_headers=True
    )
    name: str = setting("Diplomacy Judge", "display name of the judge", in_headers=True)


@dataclass(frozen=True)
class SmtpSection:
    host: str = setting("127.0.0.1", "address to listen on")
    port: int = setting(
        2525, "port to listen on (0: any free port; the log says which)", bound=Range(0, 65535)
    )
    max_message_bytes: int = setting(
        MIB,
        "larger mail is refused (552); advertised as SIZE. `judge deliver` refuses it too "
        "(exit 65)",
        bound=Range(1000, 100 * MIB, "bytes"),
    )
    deliver_timeout_seconds: float = setting(
        30.0,
        "`judge deliver` stores the piped mail within this time, else exits 75 (the MTA "
        "tries again later)",
        bound=Range(0.1, HOUR, "seconds"),
    )
    trusted_relays: str = setting(
        "auto",
        "the operator's own MTAs, never limited per connecting IP: their mail gets the "
        "per-sender limit when processed (a valid password is exempt). Addresses or "
        'networks, "127.0.0.0/8 [::1]/128 192.0.2.7"; "auto": loopback when `host` is '
        'loopback; "": none',
    )


@dataclass(frozen=True)
class DatabaseSection:
    url: str = setting(
        "sqlite:///judge.db",
        "or postgresql+psycopg://user:password@host/dbname (a bare postgresql:// URL also "
        "uses psycopg 3)",
    )


@dataclass(frozen=True)
class OutboundSection:
    transport: str = setting(
        "maildir", '"maildir" (default: no relay needed) or "smtp"', choices=("maildir", "smtp")
    )
    maildir: Path = setting(
        Path("outbox"),
        "every outgoing mail lands here as one file (in new/); a folder (created if "
        "missing) the judge can write, checked at start (a deployment uses an absolute "
        'path, e.g. "/var/lib/judge/outbox": docs/deploy.md)',
    )
    relay_host: str = setting("localhost", 'transport = "smtp": the relay to hand mail to')
    relay_port: int = setting(25, "the relay's port", bound=Range(0, 65535))
    relay_starttls: bool = setting(False, "upgrade the relay connection with STARTTLS")
    relay_ca_file: Path | None = setting(
        None,
        "the CA certificate(s), PEM, that signed the relay's own, when no CA of the "
        "system's did (absent: the system's CAs). Relative to this file",
        example="/etc/judge/relay-ca.pem",
    )
    relay_username: str | None = setting(
        None, "log in to the relay (no login when absent)", example="judge"
    )
    relay_password: str | None = setting(None, "the password of that login", example="secret")
    relay_timeout_seconds: float = setting(
        60.0,
        "each wait for the relay (connecting, each reply)",
        bound=Range(0.1, HOUR, "seconds"),
    )
    helo_name: str = setting(
        "", 'the name the judge gives in EHLO ("": this host\'s FQDN)', in_headers=True
    )
    lifetime: str = setting(
        "5d",
        "temporary failures (relay down, TLS, 4xx, a full or read-only disk) are retried "
        'this long ("30m", "12h", "5d"), then the mail fails; a 5xx answer fails it at '
        "once. `judge retry --outbox ID` / `--all-failed` requeues it",
        duration=True, bound=Range(60, 60 * DAY, "seconds (1m to 60d)"),
    )
    backoff_seconds: float = setting(
        60.0,
        "wait after the first failure, doubled after each next one",
        bound=Range(0.1, DAY, "seconds"),
    )
    max_backoff_seconds: float = setting(
        3600.0, "... but never longer than this", bound=Range(0.1, 7 * DAY, "seconds")
    )
    lease_seconds: float = setting(
        300.0,
        "a sender's hold on a mail while it sends (renewed by a heartbeat every quarter "
        f"of it); at least {LEASE_PER_TIMEOUT} x relay_timeout_seconds",
        bound=Range(1, DAY, "seconds"),
    )
    batch_size: int = setting(
        50,
        "mails taken together, sent over one relay connection",
        bound=Range(1, 1000, "mails"),
    )
    verp: bool = setting(
        True,
        'transport = "smtp": each mail\'s envelope sender is its own return path, '
        "judge+bounce-<outbox id>-<to>-<mac>@<domain> (<to>: 6 hex digits of a hash of "
        "the recipient's address, <mac>: 12 of an HMAC), so a bounce names the mail and "
        "its recipient whatever its form; the SMTP intake accepts mail for these "
        "addresses (and the older form, without <to>)",
    )
    verp_secret: str = setting(
        "",
        'the key of the <mac>; "": a random key the judge generates at its first start '
        "and keeps in its database, so backups and moves carry it. A key set here wins "
        "over it",
    )

    @property
    def lifetime_delta(self) -> timedelta:
        return parse_duration(self.lifetime)


@dataclass(frozen=True)
class SchedulerSection:
    poll_seconds: float = setting(
        1.0,
        "how often deadlines, the inbox and the outbox are checked (new mail is "
        "processed at once, without waiting). `judge scheduler` runs the same rounds "
        "without the SMTP intake: with mail piped into `judge deliver`, run it (it "
        "processes the inbox and sends the outbox too)",
        bound=Range(0.01, HOUR, "seconds"),
    )
    batch_size: int = setting(
        20, "due games claimed (and committed) together", bound=Range(1, 1000, "games")
    )
    max_chained_phases: int = setting(
        8,
        "phases processed in a row when nobody owes anything (early processing); "
        "the rest wait for the next round",
        bound=Range(1, 1000, "phases"),
    )


@dataclass(frozen=True)
class ProcessorSection:
    """How the inbox processor cuts its work into transactions."""

    batch_size: int = setting(
        20, "mails processed in one transaction, at most", bound=Range(1, 1000, "mails")
    )
    batch_seconds: float = setting(
        0.25,
        "no new mail is started in a batch older than this: the write lock is never held "
        "long while mail waits",
        bound=Range(0.001, 60, "seconds"),
    )
    handover_wait_seconds: float = setting(
        0.01,
        "a batch ends early once a mail the SMTP intake handed over has waited this long "
        "(its sender waits for the 250)",
        bound=Range(0.0001, 10, "seconds"),
    )
    intake_wait_seconds: float = setting(
        1.0,
        "a mail the processor has not taken within this (it is busy with a long mail) is "
        "spooled by the SMTP intake itself: one mail's processing never holds other "
        "senders' 250",
        bound=Range(0.01, 60, "seconds"),
    )
    mail_seconds: float = setting(
        60.0,
        "a mail still being processed after this is stopped and marked failed (`judge "
        "status`); the others go on",
        bound=Range(0.5, HOUR, "seconds"),
    )
    spool: Path = setting(
        Path("spool"),
        "a folder: mail the SMTP intake accepted while the processor was busy, written "
        "there (fsync) before the 250 and imported into the inbox by the next batch",
    )


@dataclass(frozen=True)
class StorageSection:
    retention_days: int = setting(
        30,
        "after this many days a sent mail keeps only its headers (and outcome), a "
        "processed incoming mail too (done, duplicate, declined, done_with_errors), and a "
        "phase's stored map is dropped; 0 keeps everything",
        bound=Range(0, 36500, "days (0: keep everything)"),
    )


@dataclass(frozen=True)
class LimitsSection:
    """Bounds on what one mail, one sender or one game may cost (spec: "Limits")."""

    per_sender_per_hour: int = setting(
        60,
        "mails per envelope sender per hour. SMTP from a peer that is not a trusted "
        'relay: counted per (sender, connecting IP), more get "450 try later"; '
        'processing (every route): mail past it is "declined", unless it signs on with a '
        "valid password",
        bound=Range(1, 10_000_000, "mails"),
    )
    per_connection_address_per_hour: int = setting(
        300,
        "mails per connecting IP per hour (SMTP: 450); never for a trusted relay ([smtp] "
        "trusted_relays)",
        bound=Range(1, 10_000_000, "mails"),
    )
    lines_per_mail: int = setting(
        1000,
        "lines read per mail; the rest are ignored, with a note",
        bound=Range(1, 100_000, "lines"),
    )
    commands_per_mail: int = setting(
        100,
        "commands run per mail (orders count); the rest are not run, and the reply says "
        "which, once",
        bound=Range(1, 10_000, "commands"),
    )
    failed_passwords_per_mail: int = setting(
        3,
        "wrong passwords in one mail; then the rest is not read",
        bound=Range(1, 1000, "passwords"),
    )
    failed_passwords_per_seat_per_hour: int = setting(
        10,
        "per seat, counted apart for its registered address and for all other addresses",
        bound=Range(1, 1_000_000, "passwords"),
    )
    games_per_address_per_day: int = setting(
        5, "games one address may CREATE", bound=Range(1, 1_000_000, "games")
    )
    observers_per_game: int = setting(
        50, "observers (OBSERVE) of one game", bound=Range(1, 1_000_000, "observers")
    )
    broadcasts_per_mail: int = setting(
        5, "BROADCAST / PRESS blocks one mail may send", bound=Range(1, 1000, "blocks")
    )
    reply_bytes: int = setting(
        256 * KIB, "a longer reply is cut, with a note", bound=Range(1000, 64 * MIB, "bytes")
    )
    forming_game_days: float = setting(
        30.0,
        "a forming game that has not started by then ends",
        bound=Range(0.001, 3650, "days"),
    )


@dataclass(frozen=True)
class SecuritySection:
    confirm_addresses: bool = setting(
        True,
        "no game mail to an address until it confirmed (CONFIRM code); false for a "
        "closed judge whose players are known",
    )
    authserv_id: str = setting(
        "",
        "your MTA's id in its Authentication-Results headers: a dmarc=pass or "
        "dkim=pass there for the From domain marks the sender verified (never locked out "
        "by wrong passwords). The MTA must strip such headers from incoming mail "
        "(OpenDMARC/OpenDKIM do). Empty (default): trust none.",
        check=_authserv_token, example="mx.example.org",
    )


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
    """The whole configuration. `base_dir` is where relative paths were resolved.
    Each `section(...)` field is a `[section]` of the file, in the example's order."""

    judge: JudgeSection = section(JudgeSection)
    smtp: SmtpSection = section(SmtpSection, "inbound SMTP listener (judge serve)")
    database: DatabaseSection = section(DatabaseSection)
    outbound: OutboundSection = section(OutboundSection)
    scheduler: SchedulerSection = section(SchedulerSection)
    processor: ProcessorSection = section(
        ProcessorSection, "the inbox processor (judge serve, judge scheduler)"
    )
    storage: StorageSection = section(StorageSection)
    limits: LimitsSection = section(
        LimitsSection, "each limit is answered with a clear line (docs/service.md)"
    )
    security: SecuritySection = section(SecuritySection)
    base_dir: Path = field(default_factory=Path.cwd)
    stored_verp: StoredVerpKeys | None = None  # not a TOML key: read from the database


_SECTIONS: dict[str, type] = {found.name: found.cls for found in declared_sections(Config)}


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
    kind = optional_inner(annotation)
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


def _type_name(annotation: Any) -> str:
    inner = optional_inner(annotation)
    name = getattr(inner, "__name__", str(inner))
    return f"{name} | None" if inner is not annotation else name


def _check(config: Config) -> None:
    """Every value within its declaration, then the rules between keys."""
    problem = first_problem(config)
    if problem is not None:  # a number outside its range, a header value broken, ...
        raise ConfigError(problem)
    _check_outbound(config.outbound)
    try:
        trusted_networks(config.smtp.trusted_relays, config.smtp.host)
    except ValueError as exc:
        raise ConfigError(f"[smtp] trusted_relays: {exc}") from exc


def _check_outbound(outbound: OutboundSection) -> None:
    """The outbound keys that bound each other (each key's own bounds are declared)."""
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
