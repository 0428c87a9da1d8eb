"""Announcements: telling everyone in a game what changed in how it runs.

The master's PAUSE, RESUME, PROCESS, EJECT and SET DEADLINE, a resignation and a
takeover are each mailed to the game's whole audience (players, master, observers,
zine) and kept as a public `notice` event, so HISTORY and the zine show them too.
The wording is in `templates/announcements.txt.j2`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from judge.config import Config
from judge.service.mailing import audience, broadcast, header_data
from judge.service.readers import readers_for
from judge.service.snapshots import variants
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Game
from judge.wording.readers import DEFAULT_LANGUAGE, Reader
from judge.wording.templates import render, render_macro

NOTICE_EVENT = "notice"


def announce(
    session: Session,
    config: Config,
    game: Game,
    key: str,
    *,
    what: str,
    now: datetime,
    author: str | None = None,
    **params: Any,
) -> None:
    """Record announcement `key` and mail it, subject `CODE:game - <what>`."""
    text = render_macro("announcements.txt.j2", key, game=game.name, **params)  # the record
    event = store.add_event(
        session, game, kind=NOTICE_EVENT, body=text, now=now, phase=game.phase, author=author
    )
    display = variants(session).get(game.variant).display_name
    header = header_data(config, game, display)

    def body(reader: Reader) -> str:
        said = render_macro("announcements.txt.j2", key, reader, game=game.name, **params)
        return render("announcement.txt.j2", reader, **header, text=said)

    people = audience(session, game)
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
        kind="notice", now=now, readers=readers,
    )  # fmt: skip
