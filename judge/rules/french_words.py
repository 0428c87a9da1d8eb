"""The French words of the order language, read next to the English ones.

The contract (spec/mail.md, `SET LANGUAGE`) says orders are read in either
language's usual words, whatever the player's language: `armée Paris -> Bourgogne`,
`F Man S F Bre - Mao`, `A Mun soutient A Ber`, `Construit une flotte à Brest`,
`Flotte Bulgarie côte est retraite Mer Noire`. The order parser
(`judge/rules/parse.py`) adds these sets to its English ones; the map adds the
French province names (`judge/rules/data/standard.fr.toml`). Words are written
without accents: the parser folds them away first (`judge/rules/folding.py`).

A French word is added only where it can mean nothing else in an order: no word
here is a province id, name or alias on the standard map (checked by
tests/rules/test_french_orders.py), and the single letters stay the English ones
(`A`, `F`, `S`, `C`, `H`, `R`, `D`, `B`): French players use them too
(`A PAR-BOU`, `F MAN - MAO`). Where a French word would be ambiguous it is left
out: `arm` (Armenia's id), `t` for *tient*, `retire` for a retreat (it means
*remove* in French build talk, and is read as a removal).
"""

from __future__ import annotations

from types import MappingProxyType

from judge.rules.state import UnitType

UNIT_WORDS = MappingProxyType(
    {
        "armee": UnitType.ARMY,
        "armees": UnitType.ARMY,
        "flotte": UnitType.FLEET,
        "flottes": UnitType.FLEET,
    }
)
HOLD_WORDS = frozenset(
    {"tient", "tiens", "tenir", "reste", "rester", "maintien", "maintient", "stationne"}
)
SUPPORT_WORDS = frozenset({"soutient", "soutien", "soutiens", "soutenir", "sout"})
CONVOY_WORDS = frozenset(
    {"convoie", "convoient", "convoi", "convoyer", "transporte", "transporter", "escorte"}
)
# Words that may start a move: `A Par attaque Bou`, `A Par va vers Bou`, `se deplace`.
MOVE_VERBS = frozenset(
    {"attaque", "attaquer", "attaquent", "va", "aller", "vers", "avance", "avancer",
     "bouge", "se", "deplace", "deplacer"}
)  # fmt: skip
# Words that only follow a move word: `va a Bourgogne`, `attaque sur Bou`, `recule en Pic`.
MOVE_PREPOSITIONS = frozenset({"a", "sur", "en", "dans"})
RETREAT_WORDS = frozenset(
    {"retraite", "retraites", "retraiter", "recule", "reculer", "replie", "repli"}
)
DISBAND_WORDS = frozenset(
    {"dissout", "dissous", "dissoute", "dissoudre", "dissolution", "detruit", "detruite",
     "detruire", "destruction", "supprime", "supprimer", "retire", "retirer", "licencie"}
)  # fmt: skip
BUILD_WORDS = frozenset({"construit", "construis", "construire", "construction", "cree", "creer"})
WAIVE_WORDS = frozenset({"renonce", "renoncer", "renonciation"})
# Before a unit (`construit une armee`) or a place (`la Manche`, `en Bourgogne`).
ARTICLES = frozenset({"un", "une", "la", "le", "les", "l"})
PLACE_FILLERS = frozenset({"en", "a", "de", "du"})  # not `d`: the English disband
# `A Lon - Bel via convoi`, `par convoi`, `par mer` (`par` after the target only,
# where it cannot be Paris).
VIA_WORDS = frozenset({"convoi", "mer"})
VIA_LEADS = frozenset({"par"})
COAST_WORDS = MappingProxyType({"cn": "NC", "cs": "SC", "ce": "EC", "co": "WC"})
COAST_DIRECTIONS = MappingProxyType({"nord": "NC", "sud": "SC", "est": "EC", "ouest": "WC"})
COAST_NOUNS = frozenset({"cote", "cotes"})  # `cote sud`, `cote de l'est` is not needed

# Power names and adjectives (masculine and feminine, singular and plural),
# upper case and without accents, as a leading `Allemagne:` or a nationality
# (`A Mun S A allemande Ber`).
POWER_WORDS = MappingProxyType(
    {
        **dict.fromkeys(("AUTRICHE", "AUTRICHIEN", "AUTRICHIENNE", "AUTRICHIENS",
                         "AUTRICHIENNES", "AUTRICHE-HONGRIE"), "AUSTRIA"),
        **dict.fromkeys(("ANGLETERRE", "ANGLAIS", "ANGLAISE", "ANGLAISES"), "ENGLAND"),
        **dict.fromkeys(("FRANCAIS", "FRANCAISE", "FRANCAISES"), "FRANCE"),
        **dict.fromkeys(("ALLEMAGNE", "ALLEMAND", "ALLEMANDE", "ALLEMANDS",
                         "ALLEMANDES"), "GERMANY"),
        **dict.fromkeys(("ITALIE", "ITALIEN", "ITALIENNE", "ITALIENS", "ITALIENNES"), "ITALY"),
        **dict.fromkeys(("RUSSIE", "RUSSE", "RUSSES"), "RUSSIA"),
        **dict.fromkeys(("TURQUIE", "TURC", "TURQUE", "TURCS", "TURQUES"), "TURKEY"),
    }
)  # fmt: skip
