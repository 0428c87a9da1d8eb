"""A game setting as the reader's mails say it: `Press set to white (signed press).`,
in French `Presse : blanche (presse signée).`

The service words a setting once, in English, for the reply to the master's SET line
and for the notice that tells every player of the change
(`judge.service.commands.setting_echo`): a name (`Partial press`, marked for the
catalogs with the context `setting`) and a value (`off (press goes to everyone or
nobody)`, context `setting value`; `3 days`; `5 days per player in this game`). This
module says both again in the reader's language, from the catalog: a name or value
by its translation, a duration by its counts and units (`judge.wording.durations`), a
language by Babel's name for it in the reader's language (`anglais`). A rule's value
stays as the master types it (`SET RULE stalemate off`), and so does an address; a
text the catalog does not know is shown as it is.

The three English patterns below are the service's too: it words a rule's name and
a per-player absence with them, and this module reads them back.
"""

from __future__ import annotations

import re

from babel import Locale, UnknownLocaleError

from judge.i18n import N_, NP_
from judge.wording.catalogs import locale_of, translations
from judge.wording.durations import duration_in
from judge.wording.readers import DEFAULT_LANGUAGE, LANGUAGES

SETTING = "setting"  # the context of a setting's name in the catalogs
VALUE = "setting value"  # and of a value's words

LANGUAGE_SETTING = NP_("setting", "Language")
RULE_SETTING = NP_("setting", "Rule %(name)s")
PER_PLAYER = NP_("setting value", "%(days)s per player in this game")
# The sentence, without its full stop (a note may go on after it).
SETTING_SET = N_("%(setting)s set to %(value)s")


def _pattern(msgid: str) -> re.Pattern[str]:
    """`Rule %(name)s` -> a pattern that reads `Rule stalemate` back, `name` and all."""
    pieces = re.split(r"%\((\w+)\)s", msgid)
    return re.compile("".join(
        re.escape(piece) if number % 2 == 0 else f"(?P<{piece}>.+)"
        for number, piece in enumerate(pieces)
    ))  # fmt: skip


_RULE = _pattern(RULE_SETTING)
_PER_PLAYER = _pattern(PER_PLAYER)


def language_name(code: str, language: str) -> str:
    """`en` in French: `anglais` (Babel's name for it); a code Babel does not know
    (or no name) as it is."""
    try:
        return Locale.parse(locale_of(code)).get_language_name(locale_of(language)) or code
    except (ValueError, LookupError, UnknownLocaleError):
        return code


def setting_words(what: str, value: str, language: str) -> tuple[str, str]:
    """The setting's name and value in `language` (English: as the service said them)."""
    if language == DEFAULT_LANGUAGE:
        return what, value
    catalog = translations(language)
    rule = _RULE.fullmatch(what)
    if rule:
        return catalog.pgettext(SETTING, RULE_SETTING) % rule.groupdict(), value
    name = catalog.pgettext(SETTING, what)
    if what == LANGUAGE_SETTING and value in LANGUAGES:
        return name, language_name(value, language)
    said = catalog.pgettext(VALUE, value)
    if said != value:
        return name, said
    per_player = _PER_PLAYER.fullmatch(value)
    if per_player:
        days = duration_in(per_player["days"], language)
        return name, catalog.pgettext(VALUE, PER_PLAYER) % {"days": days}
    return name, duration_in(value, language) or value


def setting_said(what: str, value: str, language: str) -> str:
    """`Press set to white (signed press)`; French `Presse : blanche (presse signée)`."""
    name, said = setting_words(what, value, language)
    return translations(language).gettext(SETTING_SET) % {"setting": name, "value": said}


def rule_words(name: str, value: str, language: str) -> str:
    """A rule as the master types it, `rulebook current`; a language whose catalog
    says what the value means adds it in brackets: `rulebook current (DATC actuel)`."""
    meaning = translations(language).pgettext("rule value", value)
    return f"{name} {value}" + (f" ({meaning})" if meaning != value else "")
