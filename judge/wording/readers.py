"""Who reads a mail, as far as its wording goes: the language and the time zone.

Every mail the judge sends is rendered for one `Reader`. A player chooses both
(`SET LANGUAGE`, `SET TIMEZONE`); everyone else reads the game's default language
in UTC. A text that many readers share is rendered once per distinct `Reader`
(see `judge.service.game_mail.mailing.broadcast`), so a game whose players all read English
in UTC still builds each results mail once.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.bundled import data_dir

DEFAULT_LANGUAGE = "en"
DOMAIN = "judge"  # the catalogs' domain: judge/locale/<language>/LC_MESSAGES/*.po


def languages_with_catalogs() -> tuple[str, ...]:
    """The languages the judge writes: English (its msgids need no catalog), then
    every language with a catalog (`.po` files) in `judge/locale/<language>/LC_MESSAGES/`
    (docs/translating.md), so a new language is its `.po` files."""
    root = data_dir("locale")
    found = sorted(
        folder.name
        for folder in root.iterdir()
        if any((folder / "LC_MESSAGES").glob("*.po")) and folder.name != DEFAULT_LANGUAGE
    )
    return (DEFAULT_LANGUAGE, *found)


LANGUAGES = languages_with_catalogs()


@dataclass(frozen=True)
class Reader:
    """`language`: one of LANGUAGES. `zone`: an IANA zone name, or None for UTC."""

    language: str = DEFAULT_LANGUAGE
    zone: str | None = None


DEFAULT_READER = Reader()
