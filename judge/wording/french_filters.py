"""The filters of the French templates: what the code hands over in English, shown
in French.

Much of a mail's data is computed once for every reader, in the judge's own
(English) words: a power's title (`Germany`), a province (`Burgundy`), the phase
words (`Movement for Fall of 1901`), a moment (`Tue Dec  1 2026 18:00 UTC`). The
French templates print them through these filters: `|nom` (a power or province
name), `|phase` (phase words) and `|noms` (a list of names). A moment needs none:
the common `|when` shows it in the reader's language and zone
(`judge.wording.time_display`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from judge.i18n import N_
from judge.wording.catalogs import gettext_in, translations
from judge.wording.lists import count_of, join_names, names_of
from judge.wording.names_fr import french_name
from judge.wording.rule_help_fr import aide_regle
from judge.wording.vocabulary import ENGLISH, FRENCH

_TYPES = {word: code for code, word in ENGLISH.phase_types.items()}
_SEASONS = {word: code for code, word in ENGLISH.seasons.items()}
_PHASE = re.compile(r"^(\w+) for (\w+) of (\d+)$")


def nom(name: str | None) -> str | None:
    """`{{ power|nom }}`: `Germany` -> `Allemagne`; None stays None."""
    return None if name is None else french_name(name)


def noms(names: Iterable[str]) -> list[str]:
    """`{{ powers|noms|join(", ") }}`."""
    return [french_name(name) for name in names]


def phase(words: str | None) -> str | None:
    """`{{ next_phase|phase }}`: `Movement for Fall of 1901` -> `Mouvements de
    l'automne 1901`; other texts (a phase code) as they are."""
    if words is None:
        return None
    found = _PHASE.match(words)
    if found is None or found[1] not in _TYPES or found[2] not in _SEASONS:
        return words
    return FRENCH.patterns["phase"].format(
        type=FRENCH.phase_types[_TYPES[found[1]]],
        season=FRENCH.seasons[_SEASONS[found[2]]],
        year=found[3],
    )


# --- articles and lists -----------------------------------------------------------------
# The powers of the standard map are all feminine: la France, l'Allemagne. A name not
# known here (another map's power, a player's name, `Anonyme`) takes no article.
FEMININE_POWERS = frozenset(
    {"France", "Autriche", "Angleterre", "Allemagne", "Italie", "Russie", "Turquie"}
)
_VOWELS = tuple("AEIOUYÂÉÈÊÎÔaeiouyéèêîô")


def _french(name: str) -> str:
    return french_name(name)


def la(name: str | None) -> str | None:
    """`{{ power|la }}`: `France` -> `la France`, `Germany` -> `l'Allemagne`;
    a name without a known article (a person, `Anonyme`) as it is."""
    if name is None:
        return None
    shown = _french(name)
    if shown not in FEMININE_POWERS:
        return shown
    return f"l'{shown}" if shown.startswith(_VOWELS) else f"la {shown}"


def de(name: str | None) -> str | None:
    """`{{ power|de }}`: `de la France`, `de l'Allemagne`, `d'Anonyme`, `de Bob`."""
    if name is None:
        return None
    shown = la(name) or ""
    if shown.startswith(("la ", "l'")):
        return f"de {shown}"
    return f"d'{shown}" if shown.startswith(_VOWELS) else f"de {shown}"


def a(name: str | None) -> str | None:
    """`{{ power|a }}`: `à la France`, `à l'Allemagne`, `à Bob`."""
    if name is None:
        return None
    return f"à {la(name)}"


def et_liste(names: Iterable[str] | str | None, article: str = "") -> str:
    """`{{ powers|et_liste }}`: `Autriche, Angleterre et Russie` (the names in French);
    `|et_liste("la")`: `l'Autriche, l'Angleterre et la Russie`."""
    items = [(la(n) if article else _french(n)) or "" for n in names_of(names)]
    return join_names(items, "fr")


def est_sont(names: Iterable[str] | str | int | None) -> str:
    return "est" if count_of(names) == 1 else "sont"


def a_ont(names: Iterable[str] | str | int | None) -> str:
    return "a" if count_of(names) == 1 else "ont"


def accord(count: int, feminine: bool = False) -> str:
    """`envoyé{{ n|accord(true) }}`: the ending of a past participle or adjective
    agreeing with `count` things (`e`, `s`, `es`)."""
    return ("e" if feminine else "") + ("s" if count > 1 else "")


def de_chacun(names: Iterable[str] | str | None) -> str:
    """`{{ powers|de_chacun }}`: `de l'Allemagne et de l'Italie`."""
    return join_names([de(n) or "" for n in names_of(names)], "fr")


def joueur_de(names: Iterable[str] | str | None) -> str:
    """`{{ powers|joueur_de }}`: `le joueur de l'Allemagne et de l'Italie`."""
    return "le joueur " + de_chacun(names)


def le_joueur_de(names: Iterable[str] | str | None) -> str:
    """A sentence's subject: `Le joueur de l'Allemagne`."""
    return capitalize_first(joueur_de(names))


def Les_puissances(names: Iterable[str]) -> str:
    """A sentence's subject: `L'Autriche et la France`."""
    return capitalize_first(et_liste(names, "la"))


def du_joueur_de(seat: str) -> str:
    """`celle du joueur {{ seat|du_joueur_de }}`: a seat's powers as the code lists
    them (`england, france`), `de l'Angleterre et de la France`."""
    return " et ".join(de(power.title()) or "" for power in seat.split(", "))


def capitalize_first(text: str) -> str:
    """The first letter in capitals, the rest as it is (`l'Autriche` -> `L'Autriche`)."""
    return text[:1].upper() + text[1:]


def La(name: str | None) -> str | None:
    """`{{ power|La }}` at the start of a sentence: `La France`, `L'Allemagne`."""
    shown = la(name)
    return None if shown is None else capitalize_first(shown)


def des(words: str | None) -> str | None:
    """`{{ phase_words|des }}`: `Movement for Fall of 1901` -> `des mouvements de
    l'automne 1901` (after `la date limite`, `les résultats`); a phase code (`S1901M`)
    as `de S1901M`."""
    shown = phase(words)
    if shown is None:
        return None
    if shown == words:  # not phase words: a code
        return f"de {shown}"
    return f"des {shown[:1].lower()}{shown[1:]}"


def saison_de(words: str | None) -> str | None:
    """`celles {{ phase_words|saison_de }}`: `Bids for Spring of 1901` -> `du printemps
    1901` (the phase's words after its kind)."""
    shown = phase(words)
    return None if shown is None else shown.split(" ", 1)[-1]


def les(words: str | None) -> str | None:
    """`pour {{ phase_words|les }}`: `les mouvements du printemps 1901`; a code as it is."""
    shown = phase(words)
    if shown is None or shown == words:
        return shown
    return f"les {shown[:1].lower()}{shown[1:]}"


# A duration as the code words it (`judge.service.commands.setting_echo.duration_words`:
# `24 hours`, `1 day 12 hours`, `0 days`); each count and unit is said again by the
# catalog's plural forms (French counts 0 and 1 in the singular: `0 jour`).
_DURATION = re.compile(r"(\d+) (days?|hours?|minutes?|seconds?)\b")


def _duration_part(count: int, unit: str, language: str) -> str:
    catalog = translations(language)
    if unit == "day":
        return catalog.ngettext("%(num)d day", "%(num)d days", count) % {"num": count}
    if unit == "hour":
        return catalog.ngettext("%(num)d hour", "%(num)d hours", count) % {"num": count}
    if unit == "minute":
        return catalog.ngettext("%(num)d minute", "%(num)d minutes", count) % {"num": count}
    return catalog.ngettext("%(num)d second", "%(num)d seconds", count) % {"num": count}


def duree(text: str | None, language: str = "fr") -> str | None:
    """`{{ length|duree }}`: `3 days` -> `3 jours`, `1 day 12 hours` -> `1 jour
    12 heures`, `0 days` -> `0 jour` (the counts and units in the reader's words)."""
    if text is None:
        return None
    return _DURATION.sub(
        lambda found: _duration_part(int(found[1]), found[2].rstrip("s"), language), text
    )


# The press's signatures, in the code's words, as a French sentence says them.
_PEOPLE = {"Master": ("du maître", "au maître"), "the Master": ("du maître", "au maître"),
           "Anonymous": ("d'Anonyme", "à Anonyme"), "a player": ("d'un joueur", "à un joueur")}


def par(author: str) -> str:
    """`de {{ author }}` in French: `de la France`, `de l'Allemagne et de l'Italie`,
    `du maître`, `d'Anonyme`."""
    if author in _PEOPLE:
        return _PEOPLE[author][0]
    return join_names([de(n) or "" for n in names_of(author)], "fr")


def pour(names: Iterable[str] | str) -> str:
    """`à {{ names }}` in French: `à la France et à l'Allemagne`, `au maître`."""
    items = names_of(names)
    return join_names([_PEOPLE[n][1] if n in _PEOPLE else a(n) or "" for n in items], "fr")


# The variants' display names, for the catalogs (`judge/variants/` is the pure core
# and imports nothing of the wording; a test checks that every variant whose display
# name is not the same in every language is here).
VARIANT_DISPLAY_NAMES = (
    N_("Intimate Diplomacy (2000 rules)"),
    N_("Propaganda (Wright's popularity Intimate Diplomacy)"),
)


def variante(name: str) -> str:
    """`{{ variant|variante }}`: a variant's display name in French (the catalog's
    translation of the name `N_` marks where the variant is defined)."""
    return gettext_in("fr", name)


# The HELP topics by their French names, which AIDE and GET read too
# (`judge.language.open_commands.HELP_ALIASES`); a variant's topic keeps its name.
TOPICS = {"game": "partie", "orders": "ordres", "bid": "enchères", "press": "presse",
          "settings": "réglages", "gm": "maître", "commands": "commandes"}  # fmt: skip


def sujets(topics: Iterable[str] | str) -> str:
    """`{{ topics|sujets }}`: `game, orders, bid` -> `partie, ordres, enchères`."""
    return ", ".join(TOPICS.get(topic, topic) for topic in names_of(topics))


# The filters the French templates use (`judge.wording.templates`).
# Taskdip's playing cards (Table 1), as a French pack names them.
CARDS = {"Seven": "Sept", "Eight": "Huit", "Nine": "Neuf", "Ten": "Dix", "Joker": "Joker"}


def carte(card: str) -> str:
    """`{{ t.card|carte }}`: `Ten` -> `Dix` (a card not in the pack as it is)."""
    return CARDS.get(card, card)


FILTERS: dict[str, Any] = {
    "carte": carte,
    "nom": nom,
    "noms": noms,
    "phase": phase,
    "aide_regle": aide_regle,
    "la": la,
    "de": de,
    "a": a,
    "et_liste": et_liste,
    "est_sont": est_sont,
    "a_ont": a_ont,
    "accord": accord,
    "joueur_de": joueur_de,
    "capitalize_first": capitalize_first,
    "La": La,
    "des": des,
    "les": les,
    "nombre": count_of,
    "duree": duree,
    "par": par,
    "pour": pour,
    "variante": variante,
    "sujets": sujets,
}
