"""Why a command line cannot be read, as a stable key with its values, not only English.

The command readers (`arguments`, `set_commands`, `open_commands`, `durations`,
`absence_dates`...) refuse a line with a sentence for the player. That sentence is
what the reply shows, what the logs and many tests compare; a reader of another
language needs it in their own words. So each refusal is a `Message`: the English
text itself (a `str`, equal to the plain text, so every comparison stays as it was)
that also carries `key` and `params`. The templates word a message from its key
(`templates/_command_errors.txt.j2` and its twin in each language); `ENGLISH` here
is the one English wording of each key, which a test compares with the English
template. A value may itself be a `Message` (`SET GRACE: <why the duration is
wrong>`): the templates word it in turn.
"""

from __future__ import annotations

from typing import Any

from judge.rules.reasons import KeyedText

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
    "zone_missing": "name a time zone, like {example} (or UTC)",
    "zone_abbreviation": "{typed} is an abbreviation, which can be ambiguous or ignore summer "
                         "time: write the zone of a city, like {suggestions}",
    "zone_offset": "{typed} is an offset, which ignores summer time: write the zone of a city, "
                   "like {example}",
    "zone_unknown_near": "unknown time zone {typed!r}: did you mean {near}?",
    "zone_unknown": "unknown time zone {typed!r}: write an IANA zone like {example}",
    # arguments
    "takes_nothing": "{name} takes nothing after it, but found {rest!r}",
    "not_game_name": "{token!r} is not a game name: a game name is 1 to 20 letters, digits, - or _",
    "password_too_long": "a password can have at most {most} characters",
    "not_power": "{token!r} is not a power: use a name ({names}) or a letter (A E F G I R T)",
    "listed_twice": "{power} is listed twice",
    "not_address": "{shown!r} is not an e-mail address like name@example.org "
                   "(plain: no quotes, encoded words or control characters)",
    "not_whole_number": "{what} must be a whole number, not {token!r}",
    "number_out_of_range": "{what} must be from {low} to {high}, not {value}",
    "on_or_off": "{what} takes ON or OFF, not {token!r}",
    # game commands
    "preferences_usage": "PREFERENCES needs a list of powers, e.g. PREFERENCES FGEAIRT",
    "bid_usage": BID_USAGE,
    "cancel_usage": CANCEL_USAGE,
    "eject_usage": "EJECT needs one power or one address: EJECT France, EJECT ann@example.org",
    "approve_usage": "APPROVE needs a power and an address: APPROVE France ann@example.org",
    "rollback_usage": "ROLLBACK takes at most one phase: ROLLBACK, or ROLLBACK S1902M",
    "endpress_alone": "ENDPRESS without a PRESS or BROADCAST line before it",
    # open commands
    "no_help_topic": "there is no help on {rest!r}: topics are {topics}",
    "list_usage": "LIST takes at most one game name: LIST or LIST game",
    "needs_game_name": "{name} needs one game name: {name} game",
    "observe_usage": "OBSERVE needs a game name and a password: OBSERVE game password",
    "create_usage": "CREATE needs a game name, a password and a variant: "
                    "CREATE game password variant (variants: {variants})",
    "unknown_variant": "unknown variant {word!r}: one of {variants}",
    "not_power_letter": "{letter!r} in {word!r} is not a power letter: {usage}",
    "signon_usage": "SIGNON needs a power letter joined to the game name, and a password: "
                    "SIGNON ?game password to join a forming game, SIGNON Fgame password "
                    "to play France ({letters}), M for the master, O for an observer",
    "signon_no_game": "the game name is missing after {word!r}: {usage}",
    "signon_no_password": "SIGNON needs a password after the game: SIGNON {word} password",
    "signon_too_much": "SIGNON takes the game and one password word, but found more: {extra!r}",
    "confirm_usage": "CONFIRM needs the code the judge sent you: CONFIRM code",
    "stop_usage": "STOP takes nothing after it: STOP",
    # press
    "not_press_line": "not a press line",
    "no_endpress": "{name} has no ENDPRESS after it",
    "press_no_text": "{name} has no text",
    "broadcast_to_all": "BROADCAST goes to everyone and takes nothing after it, not {rest!r}",
    "press_to_no_powers": "PRESS TO needs the powers to send to: " + PRESS_USAGE,
    "press_powers": "{error}; " + PRESS_USAGE,
    "press_not_sent": "{error}; nothing was sent",
    "set_press_usage": SET_PRESS_USAGE,
    "set_press_not": SET_PRESS_USAGE + ", not {word!r}",
    "set_partial_usage": "SET PARTIAL takes ON or OFF",
    "set_gunboat_usage": "SET GUNBOAT takes nothing, or ON or OFF",
    "set_nogunboat_usage": "SET NOGUNBOAT takes nothing after it",
    # settings
    "set_password_usage": "SET PASSWORD needs one new password (one word): SET PASSWORD new",
    "set_address_usage": "SET ADDRESS needs the new address: SET ADDRESS name@example.org",
    "setting_error": "{name}: {error}",
    "next_not_zero": "SET {kind} NEXT: a phase must last more than zero",
    "set_players_usage": "SET PLAYERS needs a number from 2 to 7: SET PLAYERS 4",
    "set_rule_usage": "SET RULE needs a rule name and a value: SET RULE name value",
    "set_zine_usage": "SET ZINE needs an address (or NONE): SET ZINE zine@example.org",
    "set_maps_usage": "SET MAPS takes ON or OFF",
    "set_language_usage": "SET LANGUAGE takes EN (English) or FR (French): SET LANGUAGE FR",
    "set_timezone_usage":
        "SET TIMEZONE needs a zone: SET TIMEZONE Europe/Paris (or UTC for the default)",
    "set_absence_usage": "SET ABSENCE needs a date: SET ABSENCE 2026-12-24 [TO 2026-12-27]",
    "set_absence_two":
        "SET ABSENCE takes one start and one end: SET ABSENCE start TO end",
    "set_maxabsence_usage":
        f"SET MAXABSENCE needs a number of days, 0 to {MAX_ABSENCE_DAYS}: SET MAXABSENCE 14",
    "set_nothing": "SET needs something to set: one of {names}",
    "unknown_set": "unknown SET command {what!r}: one of {names}",
    "create_unknown_setting": "CREATE: unknown setting {text!r}: one of {names}",
    "create_not_game_setting_signon":
        "CREATE: {name} is not a game setting; send it after SIGNON",
    "create_not_game_setting": "CREATE: {name} is not a game setting",
    # durations and times
    "duration_missing": "a duration is missing: " + DURATION_HELP,
    "time_missing": "a time is missing: " + WHEN_HELP,
    "not_duration": "cannot read {text!r} as a duration: " + DURATION_HELP,
    "unit_missing": "in {text!r}, say what {number} counts: {number}h, {number}m...?",
    "unknown_unit": "unknown unit {unit!r} in {text!r}: use d, h, m or s",
    "too_long": "{text!r} is too long: at most 366 days",
    "unreadable_duration": "cannot read {text!r}: " + DURATION_HELP,
    "not_future": "{text!r} is not in the future: " + WHEN_HELP,
    "no_time_of_day": "{text!r} has no time of day: " + WHEN_HELP,
    "not_time": "cannot read {text!r} as a time: " + WHEN_HELP,
    # dates
    "date_missing": "a date is missing: " + DATE_HELP,
    "ambiguous_date": "{text!r} could be day/month or month/day: write the month's name "
                      "(24 Dec) or 2026-12-24",
    "not_date": "cannot read {text!r} as a date: " + DATE_HELP,
    "unreadable_clock": "cannot read the time of day in {text!r}: write 18:00",
    "not_clock": "{text!r}: {clock} is not a time of day",
    "not_month": "{month!r} in {text!r} is not a month: " + DATE_HELP,
    "not_calendar_day": "{text!r} is not a day of the calendar",
    # njudge's commands (njudge_commands)
    "whogame_usage": "WHOGAME takes one game name, or none after a SIGNON: WHOGAME g1",
    "get_usage": "GET needs one topic: GET press (topics: {topics})",
    # master commands (master_commands)
    "become_usage": "BECOME needs one power: BECOME France",
    "promote_usage": "PROMOTE needs the address of an observer: PROMOTE ann@example.org",
    "resign_usage": "{name} takes nothing (you leave the game), or, from the master, one "
                    "power or address: {name} France",
    "no_get_topic": "there is nothing to GET called {word!r}: topics are {topics}",
    # njudge's votes, PHASE and press lists (vote_commands, phase_command, press_recipients)
    "set_concede_usage":
        "SET CONCEDE needs the power you concede to: SET CONCEDE France",
    "phase_usage":
        "PHASE needs a season, a year and a phase: PHASE Fall 1901 Movement (or PHASE F1901M)",
    "phase_season":
        "{word!r} is not a season: Spring, Fall or Winter (PHASE Fall 1901 Movement)",
    "phase_year":
        "{word!r} is not a year: PHASE Fall 1901 Movement",
    "phase_kind":
        "{word!r} is not a phase: Movement, Retreat, Adjustment or Bid",
    "press_plus_and_minus":
        "a press list cannot both add (+) and leave out (-) powers: PRESS TO +F +G "
        "or PRESS TO -R -T",
    "press_sign_each":
        "put + or - before every power of the list, {word!r} too: PRESS TO -R -T",
    "press_all_but_nobody":
        "PRESS TO ALL BUT needs the powers to leave out: PRESS TO ALL BUT R T",
}  # fmt: skip


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
