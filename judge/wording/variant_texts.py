"""The variants' own texts a mail shows, marked here for the catalogs.

A variant's display name, the help of each of its rule flags (`HELP gm`), the
values a rule flag takes and Taskdip's cards are written in English by the variants
(`judge/variants/`), which are the pure core: they import nothing of the shell,
`judge.i18n` included, so `pybabel extract` finds no marker there. Each text is
marked here instead, exactly as the variant writes it (the msgid), and shown through
the reader's catalog (`|translated`); `tests/wording/test_catalogs.py` checks that
every text a variant has is marked here and that nothing here is a text no variant
has, so the two cannot drift apart.
"""

from __future__ import annotations

from judge.i18n import N_, NP_

# The display names that are not the same in every language.
VARIANT_DISPLAY_NAMES = (
    N_("Intimate Diplomacy (2000 rules)"),
    N_("Propaganda (Wright's popularity Intimate Diplomacy)"),
)

# Every rule flag's help, as `Variant.rule_flags` words it (a variant that words a
# flag its own way has its own text here).
RULE_FLAG_HELP = (
    N_("3.0: a failed convoy to an adjacent province does not fall back to the land route "
       "(DATC 3.0 and 3.1); 2.4: it does"),
    N_("the removals a power did not order (DATC 3.1 4.D.8). 2023: units on supply centres "
       "last, then the unit farthest from a centre the power owns; 2000 and 1971: the unit "
       "farthest from its home centres (the 2000 and the 1971 rulebook); at equal distance "
       "fleets first, then by province name"),
    N_("the removals a power did not order (DATC 3.1 4.D.8). 2023: units on supply centres "
       "last, then the unit farthest from a centre the power owns; 2000 and 1971: the unit "
       "farthest from its home centres (the 2000 and the 1971 rulebook); at equal distance "
       "fleets first, then by province name (the 2000 rulebook applies in this variant)"),
    N_("current: the DATC 3.1 preferences; 1971: the 1971 rulebook where the DATC says it "
       "differs (multi-route convoys, the paradox rule, convoys to adjacent provinces, civil "
       "disorder), overriding convoy_adjacent and civil_disorder"),
    N_("current: the DATC 3.1 preferences; 1971: the 1971 rulebook where the DATC says it "
       "differs (multi-route convoys, the paradox rule, convoys to adjacent provinces, civil "
       "disorder), overriding convoy_adjacent and civil_disorder (Wright's text names the "
       "1971 rules, the default here)"),
    N_("none: a power in anarchy gets no builds; its removals follow civil disorder"),
    N_("alphabetical: builds due to a controlled mercenary must be taken; missing ones are "
       "built as armies (England: fleets) in its free home centres in alphabetical order of "
       "province name. waive: missing builds are waived, WAIVE is allowed"),
    N_("rx03 rule 10, STALEMATE from both players (or the GM): the home power with more "
       "centres wins. eliminated: only once no mercenary owns a centre; always: at any time; "
       "off: never"),
    N_("SET PLAYERS n: the number of players that starts the game (2 to 7)"),
    N_("needs: a task is redrawn if it cannot be fulfilled without a home centre of the "
       "player's other power; mentions: if it names one"),
    N_("adversaries: the home centres of any two powers held by adversaries win; "
       "one_adversary: both powers must be held by the same adversary"),
)

# The words among the rule flags' values (`SET RULE rulebook current`). A value is
# always shown as the master types it; a language whose reader may not read the
# English word says what it means after it, in brackets (`rulebook current (DATC
# actuel)`): the catalog's translation, with this context. English adds nothing.
RULE_VALUE = "rule value"  # the context of each, as written in each NP_ below
RULE_VALUE_WORDS = (
    NP_("rule value", "current"), NP_("rule value", "none"), NP_("rule value", "alphabetical"),
    NP_("rule value", "waive"), NP_("rule value", "eliminated"), NP_("rule value", "always"),
    NP_("rule value", "off"), NP_("rule value", "needs"), NP_("rule value", "mentions"),
    NP_("rule value", "adversaries"), NP_("rule value", "one_adversary"),
)  # fmt: skip

# Taskdip's playing cards (its Table 1), which a language may name as its packs do.
TASKDIP_CARDS = (
    NP_("playing card", "Joker"), NP_("playing card", "Ten"), NP_("playing card", "Nine"),
    NP_("playing card", "Eight"), NP_("playing card", "Seven"),
)  # fmt: skip
