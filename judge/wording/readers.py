"""Who reads a mail, as far as its wording goes: the language and the time zone.

Every mail the judge sends is rendered for one `Reader`. A player chooses both
(`SET LANGUAGE`, `SET TIMEZONE`); everyone else reads the game's default language
in UTC. A text that many readers share is rendered once per distinct `Reader`
(see `judge.service.game_mail.mailing.broadcast`), so a game whose players all read English
in UTC still builds each results mail once.
"""

from __future__ import annotations

from dataclasses import dataclass

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True)
class Reader:
    """`language`: one of LANGUAGES. `zone`: an IANA zone name, or None for UTC."""

    language: str = DEFAULT_LANGUAGE
    zone: str | None = None


DEFAULT_READER = Reader()
