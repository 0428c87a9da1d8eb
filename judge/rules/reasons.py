"""Why an order is refused, as a stable key with its values, not only as English.

The rules core says in English why an order cannot be given (`not adjacent`,
`unknown province MUN`): that text is what the results, the adjudicator's JSON and
many tests show. A mail to a reader of another language needs the same reason
worded in that language, so each reason is a `Reason`: the English text itself
(a `str`, equal to the plain text, so every comparison and every stored copy is
unchanged) that also carries `key` and `params`. The template
`templates/_order_reasons.txt.j2` words a reason from its key, in English with the
reader's catalog translating it (the rules core stays free of gettext); `ENGLISH`
here is the one English wording of each key, which a test compares with the
English template.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Self

# key -> the English text, with `{name}` for each value the reason carries.
ENGLISH: dict[str, str] = {
    # a variant refusing a game setting or a start (VariantError)
    "no_rule_flag": "no rule flag {name} in {variant} (flags: {known})",
    "rule_values": "rule {name} must be one of {allowed}",
    "bids_not_used": "bids are not used in {variant}",
    "power_not_open": "{power} cannot be given to a new player in {variant}",
    "players_range": "Taskdip needs 2 to 7 players, not {players}",
    "no_task_avoids": "no task of {power} avoids {partners}",
    "unknown_variant_name": "unknown variant {name}; choose one of {variants}",
    # legality: movement
    "no_such_unit": "no such unit",
    "not_adjacent": "not adjacent",
    "unknown_province": "unknown province {province}",
    "move_to_own_province": "a unit cannot move to its own province",
    "only_army_convoyed": "only an army can be convoyed",
    "fleet_inland": "a fleet cannot move to an inland province",
    "army_to_sea": "an army cannot move to a sea",
    "fleet_needs_coast": "a fleet moving to {province} must say which coast",
    "support_itself": "a unit cannot support itself",
    "support_into_own_province": "a unit cannot support a move into its own province",
    "cannot_reach": "{unit} cannot reach {place}",
    "only_fleet_convoys": "only a fleet can convoy",
    "coastal_fleet_convoy": "a fleet on a coast cannot convoy",
    "army_not_convoyable": "an army cannot be convoyed from {army} to {target}",
    "not_on_convoy_route": "{unit} is not on any convoy route from {army} to {target}",
    # retreats and adjustments
    "cannot_retreat_to": "cannot retreat to {province}",
    "no_build_due": "no build is due",
    "not_supply_centre": "not a supply centre",
    "not_home_centre_of": "not a home centre of {power}",
    "not_owned": "{power} does not own {province}",
    "occupied": "{province} is occupied",
    "fleet_built_inland": "a fleet cannot be built in an inland province",
    "build_needs_coast": "a fleet built on {province} must say which coast",
    "wrong_phase": "this order cannot be given in a {phase} phase",
    # the parser
    "waive_needs_power": "a waive must name its power",
    "retreat_convoyed": "a retreat cannot be convoyed",
    "route_not_seas": "a convoy route can only cross seas",
    "build_which_kind": "say whether to build an army or a fleet",
    "not_home_centre": "not a home centre",
    "empty_order": "empty order",
    "incomplete": "'{text}' is incomplete",
    "cannot_read": "cannot read '{word}' in '{text}'",
    # the variants' own refusals (`Variant.check_order`)
    "neutral_power": "{power} is neutral: its units hold and take no orders.",
    "another_players_power": "{power} is played by another player.",
}  # fmt: skip


class WordedValue(str):
    """A value of a `KeyedText` that a reader's language words itself (a power's
    name, a list of alternatives, an English phrase of the catalogs): its text is the
    English, and a subclass says what it is (`judge.language.messages`). A
    `KeyedText` keeps it as it is, so the wording can still tell."""

    __slots__ = ()


class Named(WordedValue):
    """A power's (or province's) name, as the map names it in English: `France`."""


class Phrase(WordedValue):
    """An English phrase of the catalogs (marked with `N_`), e.g. `a bid`."""


class Listed(WordedValue):
    """Names or words listed in a message: the English text as the code joined it,
    with the `items` and their `kind` (`name`: power names, `topic`: HELP topics,
    `text`: as they are) and whether they are alternatives (`or`) or a plain list."""

    items: tuple[str, ...]
    kind: str
    alternatives: bool

    def __new__(
        cls, items: Any, joined: str, kind: str = "text", alternatives: bool = False
    ) -> Listed:
        made = super().__new__(cls, joined)
        made.items = tuple(str(item) for item in items)
        made.kind = kind
        made.alternatives = alternatives
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Listed, (self.items, str(self), self.kind, self.alternatives))


class KeyedText(str):
    """An English text that also carries the `key` and `params` it was made from, so a
    template can word it in another language. `TABLE` (key -> English, with `{name}`
    for each value) is the subclass's. A value stays a `KeyedText` when it is one
    (its own wording can follow it); others become text. It pickles as key and
    values, so it crosses a process boundary whole."""

    TABLE: ClassVar[Mapping[str, str]] = {}
    key: str
    params: dict[str, Any]

    def __new__(cls, key: str, **params: Any) -> Self:
        values = {
            name: value if isinstance(value, (KeyedText, WordedValue)) else str(value)
            for name, value in params.items()
        }
        made = super().__new__(cls, cls.TABLE[key].format(**values))
        made.key = key
        made.params = values
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (_remake, (type(self), self.key, self.params))


def _remake(cls: type[KeyedText], key: str, params: dict[str, Any]) -> KeyedText:
    return cls(key, **params)


class Reason(KeyedText):
    """The English text of a refusal, with the `key` and `params` it was made from."""

    TABLE = ENGLISH


def key_of(text: str) -> str | None:
    """The key of a reason, or None for a text that is no `Reason` (a variant's own)."""
    return text.key if isinstance(text, Reason) else None
