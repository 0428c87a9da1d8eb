"""Why a command line cannot be read, as a stable key with its values, not only English.

The command readers (`arguments`, `set_commands`, `open_commands`, `durations`,
`absence_dates`...) refuse a line with a sentence for the player. That sentence is
what the reply shows, what the logs and many tests compare; a reader of another
language needs it in their own words. So each refusal is a `Message`: the English
text itself (a `str`, equal to the plain text, so every comparison stays as it was)
that also carries `key` and `params`. `ENGLISH` here is the one English wording of
each key, and the msgid of its translations (`N_`: the catalogs under
`judge/locale/`); `judge.wording.command_errors` words a message for a reader. A
value may itself be a `Message` (`SET GRACE: <why the duration is wrong>`), worded
in turn; a name, a list or an English phrase is handed over as a `Named`, `Listed`
or `Phrase`, so the reader's language words the value itself instead of the English
being rewritten after it was joined.
"""

from __future__ import annotations

from typing import Any

from judge.i18n import N_
from judge.rules.reasons import KeyedText, Listed, Named, Phrase

DURATION_HELP = "write a duration like 2d, 36h, 90m, 30s or 1d12h"
WHEN_HELP = "write a time like 2026-12-01T18:00Z, or a duration from now like +2d or +36h"
DATE_HELP = "write a date like 2026-12-24, 24 Dec or Dec 24, with a time if you like (18:00)"
SET_PRESS_USAGE = "SET PRESS takes WHITE (signed press), GREY (anonymous press allowed) or NONE"
PRESS_USAGE = "write PRESS alone (press to everyone) or PRESS TO and the powers: PRESS TO F G"
BID_USAGE = "BID needs a power and an amount: BID Italy 5 (or BID NONE)"
CANCEL_USAGE = (
    "CANCEL needs what to take back: CANCEL A PAR, CANCEL BUILD F BRE, CANCEL Italy"
)
MAX_ABSENCE_DAYS = 90

# key -> the English text, with `{name}` (or `{name!r}`, quoted) for each value.
ENGLISH: dict[str, str] = {
    # SET TIMEZONE (judge.language.zones)
    "zone_missing": N_("name a time zone, like {example} (or UTC)"),
    "zone_abbreviation": N_(
        "{typed} is an abbreviation, which can be ambiguous or ignore summer time: write "
        "the zone of a city, like {suggestions}"
    ),
    "zone_offset": N_(
        "{typed} is an offset, which ignores summer time: write the zone of a city, like "
        "{example}"
    ),
    "zone_unknown_near": N_("unknown time zone {typed!r}: did you mean {near}?"),
    "zone_unknown": N_("unknown time zone {typed!r}: write an IANA zone like {example}"),
    # arguments
    "takes_nothing": N_("{name} takes nothing after it, but found {rest!r}"),
    "not_game_name": N_(
        "{token!r} is not a game name: a game name is 1 to 20 letters, digits, - or _"
    ),
    "password_too_long": N_("a password can have at most {most} characters"),
    "not_power": N_("{token!r} is not a power: use a name ({names}) or a letter (A E F G I R T)"),
    "listed_twice": N_("{power} is listed twice"),
    "not_address": N_(
        "{shown!r} is not an e-mail address like name@example.org (plain: no quotes, "
        "encoded words or control characters)"
    ),
    "not_whole_number": N_("{what} must be a whole number, not {token!r}"),
    "number_out_of_range": N_("{what} must be from {low} to {high}, not {value}"),
    "on_or_off": N_("{what} takes ON or OFF, not {token!r}"),
    # game commands
    "preferences_usage": N_("PREFERENCES needs a list of powers, e.g. PREFERENCES FGEAIRT"),
    "bid_usage": N_("BID needs a power and an amount: BID Italy 5 (or BID NONE)"),
    "cancel_usage": N_(
        "CANCEL needs what to take back: CANCEL A PAR, CANCEL BUILD F BRE, CANCEL Italy"
    ),
    "eject_usage": N_("EJECT needs one power or one address: EJECT France, EJECT ann@example.org"),
    "approve_usage": N_("APPROVE needs a power and an address: APPROVE France ann@example.org"),
    "rollback_usage": N_("ROLLBACK takes at most one phase: ROLLBACK, or ROLLBACK S1902M"),
    "endpress_alone": N_("ENDPRESS without a PRESS or BROADCAST line before it"),
    # open commands
    "no_help_topic": N_("there is no help on {rest!r}: topics are {topics}"),
    "list_usage": N_("LIST takes at most one game name: LIST or LIST game"),
    "needs_game_name": N_("{name} needs one game name: {name} game"),
    "observe_usage": N_("OBSERVE needs a game name and a password: OBSERVE game password"),
    "create_usage": N_(
        "CREATE needs a game name, a password and a variant: CREATE game password variant"
        " (variants: {variants})"
    ),
    "unknown_variant": N_("unknown variant {word!r}: one of {variants}"),
    "not_power_letter": N_("{letter!r} in {word!r} is not a power letter: {usage}"),
    "signon_usage": N_(
        "SIGNON needs a power letter joined to the game name, and a password: SIGNON "
        "?game password to join a forming game, SIGNON Fgame password to play France "
        "({letters}), M for the master, O for an observer"
    ),
    "signon_no_game": N_("the game name is missing after {word!r}: {usage}"),
    "signon_no_password": N_("SIGNON needs a password after the game: SIGNON {word} password"),
    "signon_too_much": N_("SIGNON takes the game and one password word, but found more: {extra!r}"),
    "confirm_usage": N_("CONFIRM needs the code the judge sent you: CONFIRM code"),
    "stop_usage": N_("STOP takes nothing after it: STOP"),
    # press
    "not_press_line": N_("not a press line"),
    "no_endpress": N_("{name} has no ENDPRESS after it"),
    "press_no_text": N_("{name} has no text"),
    "broadcast_to_all": N_("BROADCAST goes to everyone and takes nothing after it, not {rest!r}"),
    "press_to_no_powers": N_(
        "PRESS TO needs the powers to send to: write PRESS alone (press to everyone) or "
        "PRESS TO and the powers: PRESS TO F G"
    ),
    "press_powers": N_(
        "{error}; write PRESS alone (press to everyone) or PRESS TO and the powers: PRESS"
        " TO F G"
    ),
    "press_not_sent": N_("{error}; nothing was sent"),
    "set_press_usage": N_(
        "SET PRESS takes WHITE (signed press), GREY (anonymous press allowed) or NONE"
    ),
    "set_press_not": N_(
        "SET PRESS takes WHITE (signed press), GREY (anonymous press allowed) or NONE, "
        "not {word!r}"
    ),
    "set_partial_usage": N_("SET PARTIAL takes ON or OFF"),
    "set_gunboat_usage": N_("SET GUNBOAT takes nothing, or ON or OFF"),
    "set_nogunboat_usage": N_("SET NOGUNBOAT takes nothing after it"),
    # settings
    "set_password_usage": N_("SET PASSWORD needs one new password (one word): SET PASSWORD new"),
    "set_address_usage": N_("SET ADDRESS needs the new address: SET ADDRESS name@example.org"),
    "setting_error": N_("{name}: {error}"),
    "next_not_zero": N_("SET {kind} NEXT: a phase must last more than zero"),
    "set_players_usage": N_("SET PLAYERS needs a number from 2 to 7: SET PLAYERS 4"),
    "set_rule_usage": N_("SET RULE needs a rule name and a value: SET RULE name value"),
    "set_zine_usage": N_("SET ZINE needs an address (or NONE): SET ZINE zine@example.org"),
    "set_maps_usage": N_("SET MAPS takes ON or OFF"),
    "set_language_usage": N_("SET LANGUAGE takes {languages}: SET LANGUAGE FR"),
    "set_timezone_usage": N_(
        "SET TIMEZONE needs a zone: SET TIMEZONE Europe/Paris (or UTC for the default)"
    ),
    "set_absence_usage": N_("SET ABSENCE needs a date: SET ABSENCE 2026-12-24 [TO 2026-12-27]"),
    "set_absence_two": N_("SET ABSENCE takes one start and one end: SET ABSENCE start TO end"),
    "set_maxabsence_usage": N_("SET MAXABSENCE needs a number of days, 0 to 90: SET MAXABSENCE 14"),
    "set_nothing": N_("SET needs something to set: one of {names}"),
    "unknown_set": N_("unknown SET command {what!r}: one of {names}"),
    "create_unknown_setting": N_("CREATE: unknown setting {text!r}: one of {names}"),
    "create_not_game_setting_signon": N_(
        "CREATE: {name} is not a game setting; send it after SIGNON"
    ),
    # durations and times
    "duration_missing": N_(
        "a duration is missing: write a duration like 2d, 36h, 90m, 30s or 1d12h"
    ),
    "time_missing": N_(
        "a time is missing: write a time like 2026-12-01T18:00Z, or a duration from now "
        "like +2d or +36h"
    ),
    "not_duration": N_(
        "cannot read {text!r} as a duration: write a duration like 2d, 36h, 90m, 30s or "
        "1d12h"
    ),
    "unit_missing": N_("in {text!r}, say what {number} counts: {number}h, {number}m...?"),
    "unknown_unit": N_("unknown unit {unit!r} in {text!r}: use d, h, m or s"),
    "too_long": N_("{text!r} is too long: at most 366 days"),
    "unreadable_duration": N_(
        "cannot read {text!r}: write a duration like 2d, 36h, 90m, 30s or 1d12h"
    ),
    "not_future": N_(
        "{text!r} is not in the future: write a time like 2026-12-01T18:00Z, or a "
        "duration from now like +2d or +36h"
    ),
    "no_time_of_day": N_(
        "{text!r} has no time of day: write a time like 2026-12-01T18:00Z, or a duration "
        "from now like +2d or +36h"
    ),
    "not_time": N_(
        "cannot read {text!r} as a time: write a time like 2026-12-01T18:00Z, or a "
        "duration from now like +2d or +36h"
    ),
    # dates
    "date_missing": N_(
        "a date is missing: write a date like 2026-12-24, 24 Dec or Dec 24, with a time "
        "if you like (18:00)"
    ),
    "ambiguous_date": N_(
        "{text!r} could be day/month or month/day: write the month's name (24 Dec) or "
        "2026-12-24"
    ),
    "not_date": N_(
        "cannot read {text!r} as a date: write a date like 2026-12-24, 24 Dec or Dec 24, "
        "with a time if you like (18:00)"
    ),
    "unreadable_clock": N_("cannot read the time of day in {text!r}: write 18:00"),
    "not_clock": N_("{text!r}: {clock} is not a time of day"),
    "not_month": N_(
        "{month!r} in {text!r} is not a month: write a date like 2026-12-24, 24 Dec or "
        "Dec 24, with a time if you like (18:00)"
    ),
    "not_calendar_day": N_("{text!r} is not a day of the calendar"),
    # njudge's commands (njudge_commands)
    "whogame_usage": N_("WHOGAME takes one game name, or none after a SIGNON: WHOGAME g1"),
    "get_usage": N_("GET needs one topic: GET press (topics: {topics})"),
    # master commands (master_commands)
    "become_usage": N_("BECOME needs one power: BECOME France"),
    "promote_usage": N_("PROMOTE needs the address of an observer: PROMOTE ann@example.org"),
    "resign_usage": N_(
        "{name} takes nothing (you leave the game), or, from the master, one power or "
        "address: {name} France"
    ),
    "no_get_topic": N_("there is nothing to GET called {word!r}: topics are {topics}"),
    # njudge's votes, PHASE and press lists (vote_commands, phase_command, press_recipients)
    "set_concede_usage": N_("SET CONCEDE needs the power you concede to: SET CONCEDE France"),
    "phase_usage": N_(
        "PHASE needs a season, a year and a phase: PHASE Fall 1901 Movement (or PHASE "
        "F1901M)"
    ),
    "phase_season": N_(
        "{word!r} is not a season: Spring, Fall or Winter (PHASE Fall 1901 Movement)"
    ),
    "phase_year": N_("{word!r} is not a year: PHASE Fall 1901 Movement"),
    "phase_kind": N_("{word!r} is not a phase: Movement, Retreat, Adjustment or Bid"),
    "press_plus_and_minus": N_(
        "a press list cannot both add (+) and leave out (-) powers: PRESS TO +F +G or "
        "PRESS TO -R -T"
    ),
    "press_sign_each": N_(
        "put + or - before every power of the list, {word!r} too: PRESS TO -R -T"
    ),
    "press_all_but_nobody": N_(
        "PRESS TO ALL BUT needs the powers to leave out: PRESS TO ALL BUT R T"
    ),
}  # fmt: skip


__all__ = ["ENGLISH", "Listed", "Message", "Named", "Phrase", "WordedError"]


class Message(KeyedText):
    """The English text of a refusal, with the `key` and `params` it was made from.

    A value stays as given (a `Message` stays one, so its own wording can follow it);
    others become text."""

    TABLE = ENGLISH


class WordedError(ValueError):
    """An error whose `message` is a `Message` (the player sees it in their language)."""

    def __init__(self, key: str, **params: Any) -> None:
        self.message = Message(key, **params)
        super().__init__(self.message)
