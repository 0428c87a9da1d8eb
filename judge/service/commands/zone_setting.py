"""`SET TIMEZONE zone`: the zone a player (or master, or observer) reads times in.

Stored on the person's row in the game (`players.timezone`, None for UTC), so it
holds for that game only, like every setting made after SIGNON. The reply shows
the current deadline in the new zone, so the player sees at once what changed.
"""

from __future__ import annotations

from judge.language.command_types import SetTimezone
from judge.language.grammar import Audience
from judge.language.zones import ZoneError, find_zone
from judge.service.context import MailContext, Note, Refusal, note


def set_timezone(ctx: MailContext, command: SetTimezone) -> list[Note]:
    signed = ctx.seat(Audience.SIGNED_ON)
    try:
        zone = find_zone(command.zone)
    except ZoneError as error:
        raise Refusal("timezone_unknown", message=error.message) from error
    signed.player.timezone = zone
    deadline = signed.game.next_deadline
    return [
        note(
            "timezone_set",
            game=signed.game.name,
            zone=zone,
            deadline=deadline,  # shown in the reply's reader's zone: the new one
            now=ctx.now,
        )
    ]
