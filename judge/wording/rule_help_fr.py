"""The French help of each rule flag, for `HELP gm` in French.

A variant explains its rule flags in English (`Variant.rule_flags`, shown by the
English `help/gm.txt.j2`); the French page shows these texts instead, by flag name,
or by `variant:flag` where a variant words a flag its own way. A flag not listed
here (a new one) is shown in its English words rather than not at all.
"""

from __future__ import annotations

RULE_HELP_FR: dict[str, str] = {
    "convoy_adjacent": (
        "3.0 : un convoi vers une province voisine qui échoue ne se rabat pas sur la "
        "route de terre (DATC 3.0 et 3.1) ; 2.4 : il s'y rabat"
    ),
    "civil_disorder": (
        "les retraits qu'un pays n'a pas ordonnés (DATC 3.1 4.D.8). 2023 : les unités "
        "sur un centre en dernier, puis l'unité la plus éloignée d'un centre que le "
        "pays possède ; 2000 et 1971 : l'unité la plus éloignée de ses centres "
        "d'origine (livrets de 2000 et de 1971) ; à distance égale les flottes "
        "d'abord, puis par nom de province"
    ),
    "intimate-2000:civil_disorder": (
        "les retraits qu'un pays n'a pas ordonnés (DATC 3.1 4.D.8). 2023 : les unités "
        "sur un centre en dernier, puis l'unité la plus éloignée d'un centre que le "
        "pays possède ; 2000 et 1971 : l'unité la plus éloignée de ses centres "
        "d'origine (livrets de 2000 et de 1971) ; à distance égale les flottes "
        "d'abord, puis par nom de province (le livret de 2000 s'applique dans cette "
        "variante)"
    ),
    "rulebook": (
        "current : les préférences du DATC 3.1 ; 1971 : le livret de 1971 là où le DATC"
        " dit qu'il diffère (convois à plusieurs routes, règle du paradoxe, convois "
        "vers une province voisine, désordre civil), à la place de convoy_adjacent et "
        "civil_disorder"
    ),
    "propaganda:rulebook": (
        "current : les préférences du DATC 3.1 ; 1971 : le livret de 1971 là où le DATC"
        " dit qu'il diffère (convois à plusieurs routes, règle du paradoxe, convois "
        "vers une province voisine, désordre civil), à la place de convoy_adjacent et "
        "civil_disorder (le texte de Wright nomme les règles de 1971, la valeur par "
        "défaut ici)"
    ),
    "anarchy_builds": (
        "none : un pays en anarchie ne reçoit pas de constructions ; ses retraits "
        "suivent le désordre civil"
    ),
    "mercenary_default_builds": (
        "alphabetical : les constructions dues à un mercenaire contrôlé doivent être "
        "faites ; celles qui manquent sont des armées (Angleterre : des flottes) dans "
        "ses centres d'origine libres, par ordre alphabétique des provinces. waive : "
        "les constructions manquantes sont abandonnées, WAIVE est permis"
    ),
    "stalemate": (
        "règle 10 de rx03, STALEMATE des deux joueurs (ou du maître) : le pays "
        "d'origine qui a le plus de centres gagne. eliminated : seulement quand plus "
        "aucun mercenaire n'a de centre ; always : à tout moment ; off : jamais"
    ),
    "players": (
        "SET PLAYERS n : le nombre de joueurs qui fait commencer la partie (2 à 7)"
    ),
    "task_redraw": (
        "needs : une tâche est retirée si elle ne peut être remplie sans un centre "
        "d'origine de l'autre puissance du joueur ; mentions : si elle en nomme un"
    ),
    "home_centre_victory": (
        "adversaries : les centres d'origine de deux puissances tenus par des "
        "adversaires font gagner ; one_adversary : les deux doivent être tenus par le "
        "même adversaire"
    ),
}


def aide_regle(english: str, variant: str, flag: str) -> str:
    """`{{ flag.help|aide_regle(variant.name, flag.name) }}`: the flag's French help."""
    return RULE_HELP_FR.get(f"{variant}:{flag}", RULE_HELP_FR.get(flag, english))
