"""A duration the code words in English (`3 days`, `1 day 12 hours`), said again in
the reader's language.

The service words a duration once (`judge.service.commands.setting_echo.duration_words`)
and hands it over as text, in replies and notices that every reader shares. Each
count and unit in it is said again by the reader's catalog, with its plural forms
(French counts 0 and 1 in the singular: `0 jour`); the rest of the text is left as it
is.
"""

from __future__ import annotations

import re

from judge.wording.catalogs import translations

_DURATION = re.compile(r"(\d+) (days?|hours?|minutes?|seconds?)\b")


def _part(count: int, unit: str, language: str) -> str:
    catalog = translations(language)
    if unit == "day":
        return catalog.ngettext("%(num)d day", "%(num)d days", count) % {"num": count}
    if unit == "hour":
        return catalog.ngettext("%(num)d hour", "%(num)d hours", count) % {"num": count}
    if unit == "minute":
        return catalog.ngettext("%(num)d minute", "%(num)d minutes", count) % {"num": count}
    return catalog.ngettext("%(num)d second", "%(num)d seconds", count) % {"num": count}


def duration_in(text: str | None, language: str) -> str | None:
    """`3 days` -> `3 jours`, `1 day 12 hours` -> `1 jour 12 heures`, `0 days` ->
    `0 jour` in French; None stays None."""
    if text is None:
        return None
    return _DURATION.sub(lambda found: _part(int(found[1]), found[2].rstrip("s"), language), text)
