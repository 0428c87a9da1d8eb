"""The order parser: what players type on e-mail judges, read into `Order` values.

Players write `A PAR-BUR`, `army paris move to burgundy`, `F StP(sc)-Bot`,
`France: A Par S A Mar -> Bur`, `Build F stp nc`, `Remove par` and many more.
Reading happens in two steps:

1. *Syntax*: the text is split into tokens and read by a small grammar into a
   `_Reading` (verb, unit, target, ...). Province names may be several words
   and contain hyphens (`Mid-Atlantic Ocean`), so a name is the longest run of
   tokens the map knows. Where a leading word may be a power or a unit type
   (`F: A PAR H`), every reading is tried.
2. *Binding*: the reading is matched with the board. The ordered unit's type,
   coast and nationality come from the board (DATC 4.B.5, 4.C.1, 4.C.2); the
   phase decides what `A SER - ALB` means; coasts the province lacks are
   ignored (4.B.6); a fleet's missing coast is filled in when only one is
   reachable (4.B.2). The result is checked with `legality.check_order`.

Misspelled names are not guessed at: an order that cannot be read is refused
with the word that could not be read, so the player can fix it.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from typing import NamedTuple, NoReturn

from judge.rules import french_words as fr
from judge.rules.folding import fold_accents
from judge.rules.legality import NO_SUCH_UNIT, check_order, fleet_target, known_coast, note_legal
from judge.rules.map import GameMap
from judge.rules.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    IllegalOrder,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    UnreadableOrder,
    Waive,
)
from judge.rules.reasons import Reason
from judge.rules.state import (
    POWERS,
    GameState,
    PhaseType,
    Unit,
    UnitType,
    power_name,
)

# --- vocabulary ---------------------------------------------------------------------------

# English words, and the French ones of `french_words` (read in every game).
_TYPE_WORDS = {
    "a": UnitType.ARMY,
    "army": UnitType.ARMY,
    "f": UnitType.FLEET,
    "fleet": UnitType.FLEET,
    **fr.UNIT_WORDS,
}
_HOLD_WORDS = frozenset({"h", "hold", "holds", "holding", "stand", "stands", "standing"})
_HOLD_WORDS |= fr.HOLD_WORDS
_SUPPORT_WORDS = frozenset({"s", "support", "supports", "supporting", "sup", "supp"})
_SUPPORT_WORDS |= fr.SUPPORT_WORDS
_CONVOY_WORDS = frozenset({"c", "convoy", "convoys", "convoying", "transport", "transports"})
_CONVOY_WORDS |= fr.CONVOY_WORDS
_MOVE_VERBS = frozenset(
    {"m", "mv", "move", "moves", "moving", "attack", "attacks", "attacking", "go", "goes"}
)
_MOVE_VERBS |= fr.MOVE_VERBS
_MOVE_PREPS = frozenset({"to", "into", "on", "onto", "of", "towards", "toward"})
_MOVE_PREPS |= fr.MOVE_PREPOSITIONS
_COMMAND_MOVE = frozenset({"m", "mv", "move", "moves"})
_RETREAT_WORDS = frozenset({"r", "retreat", "retreats", "retreating"}) | fr.RETREAT_WORDS
_MOVE_OR_RETREAT = _MOVE_VERBS | _RETREAT_WORDS
_RETREAT_PREPS = _MOVE_PREPS | {"vers"}  # `R to ALB`, `retraite vers Albanie`
_LEADING_PREPS = _MOVE_PREPS - {"to", "into"}  # not at the start of a connector
_DISBAND_WORDS = frozenset({"d", "disband", "disbands", "remove", "removes", "destroy"})
_DISBAND_WORDS |= fr.DISBAND_WORDS
_BUILD_WORDS = frozenset({"b", "build", "builds"}) | fr.BUILD_WORDS
_WAIVE_WORDS = frozenset({"waive", "waives", "waived"}) | fr.WAIVE_WORDS
_ARTICLES = frozenset({"the"}) | fr.ARTICLES
_PLACE_FILLERS = frozenset({"in", "at", "the"}) | (fr.PLACE_FILLERS - {"a"})
# After a spelt-out type: `armee a Paris`, `l'armee d'Edimbourg`; after `A` neither
# `a` (the type word) nor `d` (disband) is a filler.
_SPELT_FILLERS = _PLACE_FILLERS | {"a", "d"}
_FRENCH_COAST_STARTS = fr.COAST_NOUNS | frozenset(fr.COAST_DIRECTIONS)
_COAST_FILLERS = fr.PLACE_FILLERS | fr.ARTICLES | {"d"}  # `cote de l'est`, `cote d'est`
_VIA_WORDS = frozenset({"convoy", "sea"}) | fr.VIA_WORDS
_COAST_WORDS = {"nc": "NC", "sc": "SC", "ec": "EC", "wc": "WC", **fr.COAST_WORDS}
_COAST_DIRECTIONS = {"north": "NC", "south": "SC", "east": "EC", "west": "WC", "n": "NC",
                     "s": "SC", "e": "EC", "w": "WC"}  # fmt: skip
_ARROWS = frozenset({"-", "->", "-->", "=>", "-=>", "==>", "\u2013", "\u2014", "\u2192"})
_POWER_ALIASES = {"britain": "ENGLAND", "british": "ENGLAND"}
_LONGEST_NAME = 6  # tokens in the longest province name, hyphens included

# --- tokens -------------------------------------------------------------------------------

_DIRECTION = r"(?:(?P<{0}l>[nsew])c?|(?P<{0}w>north|south|east|west)(?:\s*-?\s*coast)?)"
_TOKEN_RE = re.compile(
    r"(?P<paren>\(\s*" + _DIRECTION.format("p") + r"\s*\))"
    r"|(?P<slash>/\s*" + _DIRECTION.format("s") + r"(?![a-z0-9]))"
    r"|(?P<arrow>[-=>\u2013\u2014\u2192]+)"
    r"|(?P<colon>:)"
    r"|(?P<word>[a-z0-9]+)"
    r"|(?P<skip>[\s.,;()/!?\"'`]+)"
    r"|(?P<junk>\S)"
)


# The reading's own values are named tuples: a few are made for every order read,
# the most frequent ones straight with `_tuple` (no Python-level `__new__`).
_tuple = tuple.__new__


class _Token(NamedTuple):
    kind: str  # word | arrow | colon | coast | junk (a character no order uses)
    text: str  # lower-case word, the arrow, or the coast code (NC, SC, EC, WC)
    shown: str  # as the player wrote it


_PLAIN = re.compile(r"[A-Za-z0-9 -]*")  # texts the fast path of `_tokenise` reads


def _tokenise(text: str) -> list[_Token]:
    if _PLAIN.fullmatch(text):
        plain = _plain_tokens(text)
        if plain is not None:
            return plain
    folded = fold_accents(text)  # `Boheme` for `Bohême`, plain apostrophes
    lowered = folded.lower()
    if len(lowered) == len(text):
        shown_text = text
    else:
        shown_text = folded if len(lowered) == len(folded) else lowered
    tokens: list[_Token] = []
    for match in _TOKEN_RE.finditer(lowered):
        kind = match.lastgroup
        if kind == "skip":
            continue
        start, end = match.span()
        shown = shown_text[start:end]
        if kind == "word" or kind == "junk":
            tokens.append(_Token(kind, match.group(), shown))
        elif kind == "arrow":
            valid = match.group() in _ARROWS
            tokens.append(_Token("arrow" if valid else "junk", match.group(), shown))
        elif kind == "colon":
            tokens.append(_Token("colon", ":", shown))
        else:  # paren or slash
            letter = match.group("pl") or match.group("sl")
            word = match.group("pw") or match.group("sw")
            tokens.append(_Token("coast", _COAST_DIRECTIONS[letter or word], shown))
    return tokens


def _plain_tokens(text: str) -> list[_Token] | None:
    """`_tokenise` for words and lone hyphens between spaces (`A PAR - BUR`), else None.

    In such a text every space-separated part is a single token: a word, or the
    arrow `-`; any other part (`par-bur`, `--`) is left to the full tokeniser.
    """
    tokens: list[_Token] = []
    for shown, part in zip(text.split(), text.lower().split(), strict=True):
        if part.isalnum():
            tokens.append(_tuple(_Token, ("word", part, shown)))
        elif part == "-":
            tokens.append(_tuple(_Token, ("arrow", part, shown)))
        else:
            return None
    return tokens


# --- syntax -------------------------------------------------------------------------------


class _Place(NamedTuple):
    province: str
    coast: str | None = None  # as written; may be a coast the province does not have

    @property
    def location(self) -> str:
        return f"{self.province}/{self.coast}" if self.coast else self.province


class _UnitRef(NamedTuple):
    kind: UnitType | None
    place: _Place


class _Reading(NamedTuple):
    verb: str  # hold move support convoy retreat disband build waive
    power: str | None = None  # the leading power name, if any
    unit: _UnitRef | None = None
    other: _UnitRef | None = None  # the supported or convoyed unit
    target: _Place | None = None
    route: tuple[str, ...] = ()
    via: bool = False


class _Stuck(Exception):
    """The grammar could not go on at token `pos`."""

    def __init__(self, pos: int) -> None:
        super().__init__(pos)
        self.pos = pos


class _Grammar:
    """Recursive-descent reading of one token list, starting at `start`."""

    def __init__(
        self,
        tokens: list[_Token],
        words: list[str | None],
        start: int,
        game_map: GameMap,
        retreat: bool,
    ):
        self.tokens = tokens
        self.words = words  # each token's word (None for others), and two Nones after
        self.pos = start
        self.map = game_map
        self.move_words = _MOVE_OR_RETREAT if retreat else _MOVE_VERBS
        self.names = game_map.multi_word_names
        self.name_starts = game_map.topology.name_starts

    # -- token helpers
    def stuck(self) -> NoReturn:
        raise _Stuck(self.pos)

    def word(self, ahead: int = 0) -> str | None:
        return self.words[self.pos + ahead]

    def accept(self, words: Collection[str]) -> str | None:
        word = self.words[self.pos]
        if word is not None and word in words:
            self.pos += 1
            return word
        return None

    def at_end(self) -> bool:
        return self.pos >= len(self.tokens)

    def end(self) -> None:
        if not self.at_end():
            self.stuck()

    # -- pieces
    def place(self) -> _Place:
        while self.word() in _ARTICLES:
            self.pos += 1
        start = self.pos
        if start < len(self.tokens):
            first = self.tokens[start]
            if first.kind == "word" and first.text not in self.name_starts:
                province = self.map.lookup(first.text)  # the only name it can start
                if province is None:
                    self.stuck()
                self.pos = start + 1
                return _tuple(_Place, (province, self.coast()))
        for stop in range(min(len(self.tokens), start + _LONGEST_NAME), start, -1):
            province = self._name(self.tokens[start:stop])
            if province is not None:
                self.pos = stop
                return _tuple(_Place, (province, self.coast()))
        self.stuck()

    def _name(self, run: list[_Token]) -> str | None:
        """The province a run of tokens names, if any.

        One word is looked up as written (`stp`, `StPetersburg`). Several words
        (hyphens allowed between them) must be the words of a known name, so
        that `swe-den` is never read as `sweden`.
        """
        if run[0].kind != "word" or run[-1].kind != "word":
            return None
        if len(run) == 1:
            return self.map.lookup(run[0].text)
        if any(t.kind != "word" and t.text != "-" for t in run):
            return None
        return self.names.get(tuple(t.text for t in run if t.kind == "word"))

    def coast(self) -> str | None:
        if self.pos < len(self.tokens) and self.tokens[self.pos].kind == "coast":
            self.pos += 1
            return self.tokens[self.pos - 1].text
        word = self.word()
        if word in _COAST_WORDS:
            self.pos += 1
            return _COAST_WORDS[word]
        if word in ("north", "south", "east", "west") and self.word(1) == "coast":
            self.pos += 2
            return _COAST_DIRECTIONS[word]
        if word in _FRENCH_COAST_STARTS:
            return self.french_coast()
        return None

    def french_coast(self) -> str | None:
        """`cote sud`, `cote de l'est`, or a bare `nord` after the place."""
        start = self.pos
        if self.accept(fr.COAST_NOUNS):
            while self.accept(_COAST_FILLERS):
                pass
        word = self.word()
        if word is not None and word in fr.COAST_DIRECTIONS:
            self.pos += 1
            return fr.COAST_DIRECTIONS[word]
        self.pos = start
        return None

    def unit_ref(self, foreign: bool = False) -> _UnitRef:
        """`[power] [A|F] [in|at] place`; a nationality only on supported/convoyed units."""
        if foreign:
            self.nationality()
        while self.accept(fr.ARTICLES):
            pass
        kind = None
        word = self.word()
        fillers = _PLACE_FILLERS
        if word in _TYPE_WORDS and self._type_word_here():
            kind = _TYPE_WORDS[word]
            self.pos += 1
            if word is not None and len(word) > 1:
                fillers = _SPELT_FILLERS
        if foreign:
            self.nationality()
        while self.accept(fillers):
            pass
        return _tuple(_UnitRef, (kind, self.place()))

    def _type_word_here(self) -> bool:
        """`a`/`f` is a unit type unless it starts a place name (none on the standard map)."""
        word = self.word()
        return word is not None and self.map.lookup(word) is None

    def nationality(self) -> None:
        word = self.word()
        if word is not None and _power_word(self.map, word, loose=False) is not None:
            self.pos += 1

    def connector(self) -> bool:
        """A move word or arrow, with prepositions: `-`, `->`, `move to`, `attacks on`."""
        start, arrows = self.pos, 0
        while not self.at_end():
            token = self.tokens[self.pos]
            if token.kind == "arrow" and arrows == 0:
                arrows += 1
            elif token.kind == "word" and (
                token.text in self.move_words or token.text in _MOVE_PREPS
            ):
                if self.pos == start and token.text in _LEADING_PREPS:
                    break
            else:
                break
            self.pos += 1
        return self.pos > start

    def via(self) -> bool:
        if self.accept({"via"}):
            self.accept(_VIA_WORDS | {"c"})
            return True
        lead, what = self.word(), self.word(1)
        if (lead == "by" or lead in fr.VIA_LEADS) and what is not None and what in _VIA_WORDS:
            self.pos += 2
            return True
        return False

    # -- whole orders
    def order(self, power: str | None) -> _Reading:
        first = self.word()
        if first in _WAIVE_WORDS:
            self.pos += 1
            self.accept({"a"})  # `renonce a construire`, `renonce a une construction`
            self.accept(fr.ARTICLES)
            self.accept(_BUILD_WORDS)
            self.end()
            return _Reading("waive", power)
        if first in _BUILD_WORDS:
            self.pos += 1
            if self.accept(_WAIVE_WORDS):
                self.end()
                return _Reading("waive", power)
            unit = self.unit_ref()
            self.end()
            return _Reading("build", power, unit)
        if first in _DISBAND_WORDS:
            self.pos += 1
            unit = self.unit_ref()
            self.end()
            return _Reading("disband", power, unit)
        if first in _RETREAT_WORDS:
            self.pos += 1
            unit = self.unit_ref()
            self.connector()
            target = self.place()
            self.end()
            return _Reading("retreat", power, unit, target=target)
        if first in _COMMAND_MOVE:
            self.pos += 1
            unit = self.unit_ref()
            if not self.connector():
                self.stuck()
            return self.move_rest(power, unit)
        return self.tail(power, self.unit_ref())

    def tail(self, power: str | None, unit: _UnitRef) -> _Reading:
        if self.at_end() or self.accept(_HOLD_WORDS):
            self.end()
            return _Reading("hold", power, unit)
        if self.accept(_SUPPORT_WORDS):
            other = self.unit_ref(foreign=True)
            if self.at_end() or self.accept(_HOLD_WORDS):
                self.end()
                return _Reading("support", power, unit, other)
            if not self.connector():
                self.stuck()
            target = self.place()
            self.end()
            return _Reading("support", power, unit, other, target)
        if self.accept(_CONVOY_WORDS):
            other = self.unit_ref(foreign=True)
            if not self.connector():
                self.stuck()
            target = self.place()
            self.end()
            return _Reading("convoy", power, unit, other, target)
        if self.accept(_RETREAT_WORDS):
            self.accept(_RETREAT_PREPS)
            target = self.place()
            self.end()
            return _Reading("retreat", power, unit, target=target)
        if self.accept(_DISBAND_WORDS):
            self.end()
            return _Reading("disband", power, unit)
        if self.accept(_BUILD_WORDS):
            self.end()
            return _Reading("build", power, unit)
        if self.connector():
            return self.move_rest(power, unit)
        self.stuck()

    def move_rest(self, power: str | None, unit: _UnitRef) -> _Reading:
        places = [self.place()]
        while self.pos < len(self.tokens) and self.tokens[self.pos].kind == "arrow":
            self.pos += 1
            places.append(self.place())
        via = self.via()
        self.end()
        route = tuple(p.province for p in places[:-1])
        return _Reading("move", power, unit, target=places[-1], route=route, via=via)


def _power_word(game_map: GameMap, word: str, loose: bool) -> str | None:
    """A power for a full name or adjective; with `loose`, also initials and prefixes."""
    upper = word.upper()
    if upper in POWERS:
        return upper
    power = game_map.topology.power_adjectives.get(upper)
    if power is not None:
        return power
    if word in _POWER_ALIASES:
        return _POWER_ALIASES[word]
    power = fr.POWER_WORDS.get(upper)
    if power is not None:
        return power
    return power_name(word) if loose else None


def _readings(tokens: list[_Token], game_map: GameMap, retreat: bool) -> tuple[list[_Reading], int]:
    """Every complete reading, and the furthest token any reading got stuck at."""
    starts: list[tuple[str | None, int]] = []
    first = tokens[0]
    if first.kind == "word":
        second = tokens[1] if len(tokens) > 1 else None
        if second is not None and second.kind == "colon":
            power = _power_word(game_map, first.text, loose=True)
            if power is not None:
                starts.append((power, 2))
        else:
            power = _power_word(game_map, first.text, loose=False)
            if power is None and len(first.text) == 1 and second is not None:
                if second.kind == "word" and second.text in _TYPE_WORDS:
                    power = power_name(first.text)
            if power is not None:
                starts.append((power, 1))
    starts.append((None, 0))
    readings: list[_Reading] = []
    furthest = -1
    words = [t.text if t.kind == "word" else None for t in tokens]
    words += (None, None)
    for power, start in starts:
        grammar = _Grammar(tokens, words, start, game_map, retreat)
        try:
            readings.append(grammar.order(power))
        except _Stuck as stuck:
            furthest = max(furthest, stuck.pos)
    return readings, furthest


# --- binding ------------------------------------------------------------------------------


class _Binder:
    """Turns a reading into an Order for this board, or raises IllegalOrder."""

    def __init__(
        self, game_map: GameMap, state: GameState, powers: Collection[str] | None, text: str
    ):
        self.map = game_map
        self.state = state
        self.powers = None if powers is None else frozenset(powers)
        self.text = text.strip()
        self.phase = state.phase.type

    def sender(self, reading: _Reading) -> str | None:
        if reading.power is not None:
            return reading.power
        if self.powers is not None and len(self.powers) == 1:
            return next(iter(self.powers))
        return None

    def allowed(self, power: str, reading: _Reading) -> bool:
        if reading.power is not None and power != reading.power:
            return False
        return self.powers is None or power in self.powers

    def bind(self, reading: _Reading) -> Order:
        order = self.build_order(reading)
        reason = check_order(self.map, self.state, order)
        if reason is not None:
            raise IllegalOrder(reason, str(order), order.power, getattr(order, "location", None))
        note_legal(self.map, self.state, order)
        return order

    def build_order(self, reading: _Reading) -> Order:
        if reading.verb == "waive":
            power = self.sender(reading)
            if power is None:
                raise IllegalOrder(Reason("waive_needs_power"), "WAIVE", None)
            return Waive(power)
        assert reading.unit is not None
        if reading.verb == "build":
            return self.build(reading, reading.unit)
        retreating = reading.verb in ("retreat", "disband") and self.phase is PhaseType.RETREAT
        if reading.verb == "move" and self.phase is PhaseType.RETREAT:
            retreating = True
        unit = self.find_unit(reading, retreating)
        power, kind, location = unit.power, unit.kind, unit.location
        if reading.verb == "hold":
            return Hold(power, kind, location)
        if reading.verb == "disband":
            if self.phase is PhaseType.ADJUSTMENT:
                return Remove(power, kind, location)
            return Disband(power, kind, location)
        if reading.verb in ("move", "retreat"):
            assert reading.target is not None
            if retreating or reading.verb == "retreat":
                if reading.via or reading.route:
                    raise IllegalOrder(Reason("retreat_convoyed"), self.text, power)
                return Retreat(power, kind, location, self.retreat_target(unit, reading.target))
            return self.move(unit, reading)
        if reading.verb == "support":
            return self.support(unit, reading)
        assert reading.other is not None and reading.target is not None
        army, target = reading.other.place.province, reading.target.province
        return Convoy(power, kind, location, army, target)

    def find_unit(self, reading: _Reading, retreating: bool) -> Unit:
        assert reading.unit is not None
        province = reading.unit.place.province
        if retreating:
            dislodged = self.state.dislodged.get(province)
            unit = dislodged.unit if dislodged is not None else None
        else:
            unit = self.state.units.get(province)
        if unit is not None and self.allowed(unit.power, reading):
            return unit
        kind = reading.unit.kind or UnitType.ARMY
        guess = Unit(self.sender(reading) or "", kind, province)
        raise IllegalOrder(NO_SUCH_UNIT, self.canonical_guess(reading, guess), guess.power or None)

    def canonical_guess(self, reading: _Reading, unit: Unit) -> str:
        """The canonical text of an order whose unit is not on the board."""
        place = reading.target
        target = place.location if place is not None else ""
        if reading.verb == "move" and self.phase is not PhaseType.RETREAT:
            return str(Move(unit.power, unit.kind, unit.location, target, reading.via))
        if reading.verb in ("move", "retreat"):
            return str(Retreat(unit.power, unit.kind, unit.location, target))
        if reading.verb == "hold":
            return str(Hold(unit.power, unit.kind, unit.location))
        if reading.verb == "disband":
            return str(Disband(unit.power, unit.kind, unit.location))
        if reading.verb in ("support", "convoy") and reading.other is not None:
            other = reading.other
            if reading.verb == "convoy" and place is not None:
                return str(
                    Convoy(unit.power, unit.kind, unit.location, other.place.province, target)
                )
            if place is None:
                return str(
                    SupportHold(
                        unit.power, unit.kind, unit.location, other.place.province, other.kind
                    )
                )
            return str(
                SupportMove(
                    unit.power, unit.kind, unit.location, other.place.province, target, other.kind
                )
            )
        return self.text

    def move(self, unit: Unit, reading: _Reading) -> Move:
        assert reading.target is not None
        for sea in reading.route:
            if not self.map.is_sea(sea):
                raise IllegalOrder(Reason("route_not_seas"), self.text, unit.power)
        if unit.kind is UnitType.ARMY:
            target = reading.target.province
        else:
            target = fleet_target(self.map, unit.location, reading.target.location)
        via = reading.via or bool(reading.route)
        return Move(unit.power, unit.kind, unit.location, target, via, reading.route)

    def retreat_target(self, unit: Unit, place: _Place) -> str:
        if unit.kind is UnitType.ARMY:
            return place.province
        coast = known_coast(self.map, place.location)
        if coast is not None or not self.map.provinces[place.province].coasts:
            return f"{place.province}/{coast}" if coast else place.province
        dislodged = self.state.dislodged.get(unit.province)
        options = dislodged.retreats if dislodged is not None else ()
        reach = [
            loc
            for loc in self.map.fleet_targets_in(unit.location, place.province)
            if loc in options or place.province in options
        ]
        return reach[0] if len(reach) == 1 else place.province

    def support(self, unit: Unit, reading: _Reading) -> SupportHold | SupportMove:
        assert reading.other is not None
        other_place = reading.other.place
        other = self.state.units.get(other_place.province)
        supported = other.location if other is not None else other_place.province
        kind = reading.other.kind or (other.kind if other is not None else None)
        if reading.target is None:
            return SupportHold(unit.power, unit.kind, unit.location, supported, kind)
        target = reading.target.province
        coast = known_coast(self.map, reading.target.location)
        if other is not None and other.kind is UnitType.FLEET:
            target = fleet_target(self.map, other.location, reading.target.location)
        elif other is None and coast is not None:
            target = f"{target}/{coast}"
        return SupportMove(unit.power, unit.kind, unit.location, supported, target, kind)

    def build(self, reading: _Reading, ref: _UnitRef) -> Build:
        province = ref.place.province
        coast = known_coast(self.map, ref.place.location)
        power = self.sender(reading) or self.build_power(province) or ""
        kind = ref.kind
        if kind is None:
            if self.map.is_land(province):
                kind = UnitType.ARMY
            elif coast is not None:
                kind = UnitType.FLEET
            else:  # DATC 4.C.3: a coastal build without a type or coast is not clear
                raise IllegalOrder(Reason("build_which_kind"), self.text, power or None)
        location = f"{province}/{coast}" if kind is UnitType.FLEET and coast else province
        if not power:
            raise IllegalOrder(Reason("not_home_centre"), str(Build(power, kind, location)), None)
        return Build(power, kind, location)

    def build_power(self, province: str) -> str | None:
        for candidate in (self.state.centers.get(province), self.map.home_power(province)):
            if candidate is not None and (self.powers is None or candidate in self.powers):
                return candidate
        return None


# --- entry point --------------------------------------------------------------------------


def parse_order(
    text: str,
    game_map: GameMap,
    state: GameState,
    powers: Collection[str] | None = None,
) -> Order:
    """Read one order for this board.

    `powers` are the powers whose units the sender may order (None: any power,
    found from the unit on the board). The order's `power` is the nationality of
    the ordered unit (or the building power). Raises `UnreadableOrder` naming the
    first word that could not be read, or `IllegalOrder` with the reason the
    order cannot be given (see `legality.check_order`).
    """
    tokens = _tokenise(text)
    shown = text.strip()
    if not tokens:
        raise UnreadableOrder(Reason("empty_order"), "")
    retreat = state.phase.type is PhaseType.RETREAT
    readings, furthest = _readings(tokens, game_map, retreat)
    if not readings:
        if furthest >= len(tokens):
            raise UnreadableOrder(Reason("incomplete", text=shown), "")
        word = tokens[max(furthest, 0)].shown
        raise UnreadableOrder(Reason("cannot_read", word=word, text=shown), word)
    binder = _Binder(game_map, state, powers, text)
    first_error: IllegalOrder | None = None
    for reading in readings:
        try:
            return binder.bind(reading)
        except IllegalOrder as error:
            first_error = first_error or error
    assert first_error is not None
    raise first_error


def parse_orders(
    lines: Collection[str],
    game_map: GameMap,
    state: GameState,
    powers: Collection[str] | None = None,
) -> Iterator[Order | UnreadableOrder | IllegalOrder]:
    """Each line read with `parse_order`; errors are yielded in place, not raised."""
    for line in lines:
        try:
            yield parse_order(line, game_map, state, powers)
        except (UnreadableOrder, IllegalOrder) as error:
            yield error
