"""A game setting as the French mails say it: `Presse : grise (presse anonyme
permise : PRESS GREY).`

The code words a setting once, in English, for the reply to the master's SET line
and for the notice that tells every player of the change
(`judge.service.commands.setting_echo`): a name (`Partial press`) and a value
(`off (press goes to everyone or nobody)`, `3 days`, `5 days per player in this
game`). The `|reglage` filter of the French templates says both in French. A rule's
value stays as the master types it (`SET RULE stalemate off`), and so does an
address; a value this table does not know is shown as it is, and a test renders
every value the code can give, so none is left in English.
"""

from __future__ import annotations

import re

from judge.wording.french_filters import duree

SETTING_NAMES = {
    "Grace": "Délai de grâce",
    "Maps": "Cartes",
    "Zine": "Zine",
    "Language": "Langue",
    "Movement phase length": "Durée des phases de mouvements",
    "Retreat phase length": "Durée des phases de retraites",
    "Adjustment phase length": "Durée des phases d'ajustements",
    "Bid phase length": "Durée des phases d'enchères",
    "Press": "Presse",
    "Partial press": "Presse partielle",
    "Gunboat": "Gunboat",
    "Maximum absence": "Absence maximale",
    "Draws": "Nulles",
}
VALUES = {
    "on": "oui",
    "off": "non",
    "white (signed press)": "blanche (presse signée)",
    "grey (anonymous press allowed: PRESS GREY)": "grise (presse anonyme permise : PRESS GREY)",
    "none (no press between players; the master's broadcasts still go out)":
        "aucune (pas de presse entre joueurs ; les annonces du maître partent toujours)",
    "on (players are anonymous, no press between players)":
        "oui (les joueurs sont anonymes, pas de presse entre joueurs)",
    "off (players are not anonymous)": "non (les joueurs ne sont pas anonymes)",
    "off (press goes to everyone or nobody)": "non (la presse va à tous ou à personne)",
    "none (no zine)": "aucun (pas de zine)",
    "0 days (no absences in this game)": "0 jour (pas d'absence dans cette partie)",
    "DIAS (a draw includes every surviving player)":
        "DIAS (une nulle inclut tous les joueurs survivants)",
    "NODIAS (players vote for a named draw: SET DRAW powers)":
        "NODIAS (les joueurs votent pour une nulle nommée : SET DRAW puissances)",
    "en": "anglais",
    "fr": "français",
}  # fmt: skip
# A rule's value stays as the master types it (`rulebook current`); a word of English
# among them is said in French after it: `rulebook current (DATC actuel)`.
RULE_VALUES = {
    "current": "DATC actuel", "none": "aucune", "alphabetical": "ordre alphabétique",
    "waive": "abandon permis", "eliminated": "mercenaires éliminés", "always": "toujours",
    "off": "désactivée", "needs": "si elle en a besoin", "mentions": "si elle en nomme un",
    "adversaries": "des adversaires", "one_adversary": "un seul adversaire",
}  # fmt: skip
_PER_PLAYER = re.compile(r"^(.*) per player in this game$")


def reglage(what: str, value: str) -> str:
    """`Presse : blanche (presse signée)`, `Règle stalemate : off`, `Absence maximale :
    5 jours par joueur dans cette partie`."""
    if what.startswith("Rule "):
        return f"Règle {what.removeprefix('Rule ')} : {value}"
    name = SETTING_NAMES.get(what, what)
    if value in VALUES:
        return f"{name} : {VALUES[value]}"
    per_player = _PER_PLAYER.match(value)
    if per_player:
        return f"{name} : {duree(per_player[1])} par joueur dans cette partie"
    return f"{name} : {duree(value)}"


def regle(name: str, value: str) -> str:
    """`{{ rule.name|regle(rule.value) }}`: `rulebook current (DATC actuel)`, as the
    master types it, with the French of an English value; a number as it is."""
    said = RULE_VALUES.get(value)
    return f"{name} {value}" + (f" ({said})" if said else "")
