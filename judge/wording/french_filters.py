"""The French grammar of the values a sentence is handed: what the code hands over
in English, in the form a French sentence needs.

Much of a mail's data is computed once for every reader, in the judge's own
(English) words: a power's title (`Germany`), a province (`Burgundy`), the phase
words (`Movement for Fall of 1901`), the author of press (`Master`). The French
sentences take them through these filters, which the shared templates reach as
grammar filters (`judge.wording.templates.GRAMMAR`: `power|the` is `la France`).
The words come from the catalog (a phase's words, the people
press names, the player of some powers, a variant's texts) and the names from the
map (`judge.wording.names_fr`); what stays here is grammar, which no catalog entry
can say for every name: the articles and elisions (`la`, `l'`, `de`, `d'`, `à`, `des`)
and which powers take `la`. A moment needs no filter: the common `|when` shows it
in the reader's language and zone (`judge.wording.time_display`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from judge.i18n import NP_
from judge.wording.catalogs import translations
from judge.wording.durations import duration_in
from judge.wording.lists import join_names, names_of
from judge.wording.names_fr import french_name
from judge.wording.people import FROM_WHOM, TO_WHOM, person
from judge.wording.vocabulary import ENGLISH, FRENCH

_TYPES = {word: code for code, word in ENGLISH.phase_types.items()}
_SEASONS = {word: code for code, word in ENGLISH.seasons.items()}
_PHASE = re.compile(r"^(\w+) for (\w+) of (\d+)$")


def nom(name: str | None) -> str | None:
    """`{{ power|nom }}`: `Germany` -> `Allemagne`; None stays None."""
    return None if name is None else french_name(name)




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




def de_chacun(names: Iterable[str] | str | None) -> str:
    """`{{ powers|de_chacun }}`: `de l'Allemagne et de l'Italie`."""
    return join_names([de(n) or "" for n in names_of(names)], "fr")


# The player of some powers, the powers in the form `de_chacun` gives them.
_THE_PLAYER = NP_("the player of powers", "the player %(of_powers)s")


def joueur_de(names: Iterable[str] | str | None) -> str:
    """`{{ powers|joueur_de }}`: `le joueur de l'Allemagne et de l'Italie`."""
    said = translations("fr").pgettext("the player of powers", _THE_PLAYER)
    return said % {"of_powers": de_chacun(names)}


def le_joueur_de(names: Iterable[str] | str | None) -> str:
    """A sentence's subject: `Le joueur de l'Allemagne`."""
    return capitalize_first(joueur_de(names))


def Les_puissances(names: Iterable[str]) -> str:
    """A sentence's subject: `L'Autriche et la France`."""
    return capitalize_first(et_liste(names, "la"))


def du_joueur_de(seat: str) -> str:
    """`celle du joueur {{ seat|du_joueur_de }}`: a seat's powers as the code lists
    them (`england, france`), `de l'Angleterre et de la France`."""
    return join_names([de(power.title()) or "" for power in seat.split(", ")], "fr")


def capitalize_first(text: str) -> str:
    """The first letter in capitals, the rest as it is (`l'Autriche` -> `L'Autriche`)."""
    return text[:1].upper() + text[1:]


def La(name: str | None) -> str | None:
    """`{{ power|La }}` at the start of a sentence: `La France`, `L'Allemagne`."""
    shown = la(name)
    return None if shown is None else capitalize_first(shown)


# A power as the rules core names it in a refusal (`Germany`; `GERMANY`, `germany` as
# an order line or a test wrote it): French gives its forms from the titled name.
def La_puissance(name: str) -> str | None:
    """`GERMANY` at the start of a sentence: `L'Allemagne`."""
    return La(name.title())


def de_puissance(name: str) -> str | None:
    """`GERMANY` after a noun: `de l'Allemagne`."""
    return de(name.title())


def la_liste(joined: str) -> str:
    """Powers the rules core joined with `, ` (`FRANCE, ITALY`): `la France et l'Italie`."""
    return et_liste([name.title() for name in joined.split(", ")], "la")


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


def duree(text: str | None) -> str | None:
    """`{{ length|duree }}`: `3 days` -> `3 jours`, `0 days` -> `0 jour`."""
    return duration_in(text, "fr")


def par(author: str) -> str:
    """`de {{ author }}` in French: `de la France`, `de l'Allemagne et de l'Italie`,
    `du maître`, `d'Anonyme`."""
    someone = person(FROM_WHOM, author, "fr")
    if someone is not None:
        return someone
    return join_names([de(n) or "" for n in names_of(author)], "fr")


def pour(names: Iterable[str] | str) -> str:
    """`à {{ names }}` in French: `à la France et à l'Allemagne`, `au maître`."""
    return join_names([person(TO_WHOM, n, "fr") or a(n) or "" for n in names_of(names)], "fr")





