"""The words a master's SET line is said back in: `Grace set to 24 hours.`

A bare "Done." leaves the master to wonder whether `SET GRACE 1.5` meant hours or
days; the reply repeats the value as the judge understood and stored it. Each
setting's class says what it set (`MasterSetting.said`, in
`catalog.game_settings`) with the words here: durations, press levels, gunboat and
DIAS values (worded in French by `judge.wording.settings_fr`).
"""

from __future__ import annotations

from datetime import timedelta

PRESS_WORDS = {
    "white": "white (signed press)",
    "grey": "grey (anonymous press allowed: PRESS GREY)",
    "none": "none (no press between players; the master's broadcasts still go out)",
}
GUNBOAT_WORDS = {
    True: "on (players are anonymous, no press between players)",
    False: "off (players are not anonymous)",
}
DIAS_WORDS = {
    True: "DIAS (a draw includes every surviving player)",
    False: "NODIAS (players vote for a named draw: SET DRAW powers)",
}
PHASE_NAMES = {"MOVE": "Movement", "RETREAT": "Retreat", "ADJUST": "Adjustment", "BID": "Bid"}


def duration_words(duration: timedelta) -> str:
    """`24 hours`, `3 days`, `1 day 12 hours`, `90 minutes`; `0 hours` for none.

    Under two days, whole hours are said in hours (as players write grace periods);
    otherwise the largest units first."""
    seconds = int(duration.total_seconds())
    if seconds % 3600 == 0 and seconds < 2 * 86400:
        return count_words(seconds // 3600, "hour")
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    units = ((days, "day"), (hours, "hour"), (minutes, "minute"), (seconds, "second"))
    return " ".join(count_words(value, unit) for value, unit in units if value)


def count_words(value: int, unit: str) -> str:
    return f"{value} {unit}{'' if value == 1 else 's'}"
