"""Who reads the "too many mails" notice: the language of the address, or of its mail.

The notice of the hourly limit (`judge.service.limits.declining`) goes to an address
that may play no game. It is in the language of the games the address plays, when
they agree; for an address the judge has no language for, in that of the mail that
brought the notice (French command words, `AIDE`, `LISTE`: French), as the reply to
such a mail would be; else English. It lives beside the reply, not beside the limit,
because it reads the seats and the command grammar, which the limit (lower in the
service's order) may not.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import Session

import judge.service.replies.dispatch as dispatch
from judge.service.seats.reader_preferences import reader_of
from judge.store.games import games_of_address
from judge.store.models import PlayerStatus
from judge.wording.readers import DEFAULT_READER, Reader


def notice_reader(session: Session, address: str, lines: Sequence[str]) -> Reader:
    """Who reads the notice to `address`, sent because of the mail of `lines`: the
    language of the games it plays (those it left when it plays none), if they all
    agree; else French if the mail used a French command word; else the default."""
    seats = games_of_address(session, address)
    active = [(game, player) for game, player in seats if player.status is PlayerStatus.ACTIVE]
    languages = {reader_of(game, player).language for game, player in active or seats}
    if len(languages) == 1:
        return Reader(language=languages.pop())
    if dispatch.COMMANDS.grammar.writes_french(lines):
        return Reader(language="fr")
    return DEFAULT_READER
