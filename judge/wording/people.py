"""The people a mail names that are not powers (the master, an anonymous author, a
player), as the reader's language says them in their place in a sentence.

The code names them in English, in the text it hands over (`Press from Master`, a
press's author `Anonymous`, the readers `the Master, France`). Where a language puts
a word before a name (French `de la France`, `à l'Allemagne`), these need their own
form: `du maître`, `au maître`, `d'Anonyme`. Each place is a context of the catalogs,
and each name a msgid in it, so a language's forms are its catalog's, not Python's.
"""

from __future__ import annotations

from judge.i18n import NP_
from judge.wording.catalogs import translations

FROM_WHOM = "press from whom"  # `de {author}`: French `du maître`
TO_WHOM = "press to whom"  # `à {reader}`: French `au maître`
SUBJECT_HEAD = "subject's who"  # heading a subject: French `Le maître`

PEOPLE: dict[str, tuple[str, ...]] = {
    FROM_WHOM: (
        NP_("press from whom", "Master"), NP_("press from whom", "the Master"),
        NP_("press from whom", "Anonymous"), NP_("press from whom", "a player"),
    ),
    TO_WHOM: (
        NP_("press to whom", "Master"), NP_("press to whom", "the Master"),
        NP_("press to whom", "Anonymous"), NP_("press to whom", "a player"),
    ),
    SUBJECT_HEAD: (
        NP_("subject's who", "Master"), NP_("subject's who", "the Master"),
        NP_("subject's who", "Anonymous"), NP_("subject's who", "a player"),
        NP_("subject's who", "A player"),
    ),
}  # fmt: skip


def person(place: str, name: str, language: str) -> str | None:
    """`name` in `place` (one of PEOPLE's contexts) in `language`; None when it names
    no one of PEOPLE (a power, a player's name), which the caller words itself."""
    if name not in PEOPLE[place]:
        return None
    return translations(language).pgettext(place, name)
