"""Announcements: telling everyone in a game what changed in how it runs.

The master's PAUSE, RESUME, PROCESS, EJECT and SET DEADLINE, a resignation and a
takeover are each mailed to the game's whole audience (players, master, observers,
zine) and kept as a public `notice` event, so HISTORY and the zine show them too.
The wording is in `templates/announcements.txt.j2`. In a QUIET game (`SET QUIET`),
resignations and takeovers go to the masters only (`masters_only`), and the record
keeps them private to the masters.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from judge.config import Config
from judge.outbox.gate import Gate
from judge.service.game_mail.mailing import audience, broadcast, header_data
from judge.service.seats.reader_preferences import readers_for
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Game, PlayerRole
from judge.variants.registry import VariantRegistry
from judge.wording.readers import DEFAULT_LANGUAGE, Reader
from judge.wording.templates import render, render_macro

NOTICE_EVENT = "notice"
MASTER = "MASTER"


def announce_leaving(
    session: Session, config: Config, variants: VariantRegistry, game: Game, key: str, *,
    what: str, now: datetime, gate: Gate, **params: Any,
) -> None:
    """A resignation or a takeover: announced to everyone, or in a QUIET game
    (`SET QUIET`, njudge's) told to the masters only."""
    quiet = GameSettings.of(game).quiet
    announce(session, config, variants, game, key, what=what, now=now, gate=gate,
             masters_only=quiet, **params)  # fmt: skip


def announce(
    session: Session,
    config: Config,
    variants: VariantRegistry,
    game: Game,
    key: str,
    *,
    what: str,
    now: datetime,
    gate: Gate,
    author: str | None = None,
    masters_only: bool = False,
    **params: Any,
) -> None:
    """Record announcement `key` and mail it, subject `CODE:game - <what>`; with
    `masters_only`, to the game's masters alone (and kept private to them)."""
    text = render_macro("announcements.txt.j2", key, game=game.name, **params)  # the record
    event = store.add_event(
        session, game, kind=NOTICE_EVENT, body=text, now=now, phase=game.phase, author=author,
        recipients=[MASTER] if masters_only else None,
    )
    display = variants.get(game.variant).display_name
    header = header_data(config, game, display)

    def body(reader: Reader) -> str:
        said = render_macro("announcements.txt.j2", key, reader, game=game.name, **params)
        return render("announcement.txt.j2", reader, **header, text=said)

    people = audience(session, game)
    if masters_only:
        people = [person for person in people if person.role is PlayerRole.MASTER]
    readers = readers_for(game, people)
    others = {reader.language for reader in readers.values()} - {DEFAULT_LANGUAGE}
    event.translations = {  # HISTORY shows each reader the notice in their language
        language: render_macro(
            "announcements.txt.j2", key, Reader(language=language), game=game.name, **params
        )
        for language in sorted(others | {GameSettings.of(game).language} - {DEFAULT_LANGUAGE})
    } or None
    broadcast(
        session, config, game, to=[person.address for person in people], what=what, body=body,
        kind="notice", now=now, gate=gate, readers=readers,
    )  # fmt: skip
