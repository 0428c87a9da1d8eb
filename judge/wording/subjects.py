"""The subject of a game mail in the reader's language.

The code names each game mail in English (`S1901M Results`, `Press from France`,
`Rolled Back to S1901B`): that is the record's word and the English reader's
subject. `subject_in` words it for another reader, by one table of the subjects the
code makes, each an English pattern and its msgid, said by the reader's catalog;
the names inside (a phase code, powers, the author of press) are carried over, in
the grammatical form the translation asks for (`{names:de}`).
A subject not in the table is sent as it is (a test plays French games and checks
that none of their subjects is left in English).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from judge.i18n import N_
from judge.wording import french_filters as fr
from judge.wording.catalogs import gettext_in
from judge.wording.people import SUBJECT_HEAD, person
from judge.wording.readers import DEFAULT_LANGUAGE

_PHASE = r"(?P<phase>\S+)"
_NAMES = r"(?P<names>.+?)"
_CODE = r"(?P<code>\(\S+\))"


def _la(names: str) -> str:
    """`L'Allemagne et la France`; one of the people a subject may name, as the
    catalog says it at a subject's head (`Le maître`)."""
    someone = person(SUBJECT_HEAD, names, "fr")
    if someone is not None:
        return someone
    return fr.capitalize_first(fr.et_liste(names, "la"))


def _de(names: str) -> str:
    return fr.par(names)  # `de la France et de l'Allemagne`, `d'Anonyme`, `du maître`


class _Names(str):
    """The names a subject carries (`France, Germany`), whose format spec picks the
    language's grammatical form of them: French `{names:La}` (`L'Allemagne et la
    France`, `Le maître`), `{names:de}` (`de l'Allemagne`, `du maître`)."""

    def __format__(self, spec: str) -> str:
        form = _NAME_FORMS.get(spec)
        return str(self) if form is None else form(str(self))


_NAME_FORMS: dict[str, Callable[[str], str]] = {"La": _la, "de": _de}

# The subjects the code makes: each an English pattern and its msgid (the subject with
# `{phase}`, `{names}`, `{code}` placeholders); the reader's catalog says it.
SUBJECTS: tuple[tuple[str, str], ...] = (
    (rf"{_PHASE} Results", N_("{phase} Results")),
    (rf"{_PHASE} Reminder", N_("{phase} Reminder")),
    (rf"{_PHASE} Late Notice", N_("{phase} Late Notice")),
    (rf"{_PHASE} Late Powers", N_("{phase} Late Powers")),
    (rf"{_PHASE} Orders held with PHASE", N_("{phase} Orders held with PHASE")),
    (r"Game Start", N_("Game Start")),
    (r"Game Over", N_("Game Over")),
    (r"Game Stopped", N_("Game Stopped")),
    (r"Game Paused", N_("Game Paused")),
    (r"Game Resumed", N_("Game Resumed")),
    (r"Setting Changed", N_("Setting Changed")),
    (r"Deadline Changed", N_("Deadline Changed")),
    (r"Processed", N_("Processed")),
    (r"Expired", N_("Expired")),
    (r"Bouncing Address", N_("Bouncing Address")),
    (r"Player Left", N_("Player Left")),
    (r"You Are a Master", N_("You Are a Master")),
    (r"Resigned by the Master", N_("Resigned by the Master")),
    (r"Removed by the Master", N_("Removed by the Master")),
    (rf"Rolled Back to {_PHASE}", N_("Rolled Back to {phase}")),
    (rf"Press from {_NAMES}", N_("Press from {names}")),
    (rf"Broadcast from {_NAMES}", N_("Broadcast from {names}")),
    (rf"{_NAMES} Resigned", N_("{names} Resigned")),
    (rf"{_NAMES} Ejected", N_("{names} Ejected")),
    (rf"{_NAMES} Taken Over", N_("{names} Taken Over")),
    (rf"{_NAMES} Approved", N_("{names} Approved")),
    (rf"{_NAMES} Takeover Request", N_("{names} Takeover Request")),
    (rf"{_NAMES} Absence Declared", N_("{names} Absence Declared")),
    (rf"{_NAMES} Absence Withdrawn", N_("{names} Absence Withdrawn")),
    # Outside games (after the judge's code): the code in brackets is kept, replies
    # are matched on it.
    (rf"please confirm your address {_CODE}", N_("please confirm your address {code}")),
    (rf"please confirm {_CODE}", N_("please confirm {code}")),
    (r"too many mails", N_("too many mails")),
)
_COMPILED = tuple((re.compile(pattern), msgid) for pattern, msgid in SUBJECTS)


def judge_subject(judge_code: str, what: str, language: str = DEFAULT_LANGUAGE) -> str:
    """A subject outside any game (`UK: please confirm (AB12CD)`): the judge's code,
    then `what` in the reader's language."""
    return f"{judge_code}: {subject_in(what, language)}"


def subject_in(what: str, language: str = DEFAULT_LANGUAGE) -> str:
    """`what` (the code's English subject) as a reader of `language` reads it."""
    if language == DEFAULT_LANGUAGE:
        return what
    for pattern, msgid in _COMPILED:
        found = pattern.fullmatch(what)
        if found is None:
            continue
        values: dict[str, str] = found.groupdict()
        if "names" in values:
            values["names"] = _Names(values["names"])
        return gettext_in(language, msgid).format(**values)
    if ", " in what:  # a batch of announcements names each (`Game Paused, Game Resumed`)
        return ", ".join(subject_in(part, language) for part in what.split(", "))
    return what
