"""How far apart two words are, for "did you mean ..." hints.

Players mistype by a letter: one left out, one too many, one wrong, or two swapped
(`HLEP`, `LSIT`, `SINGON`, `MOSC`). The edit distance here counts each of those as
one edit (Damerau's "optimal string alignment" distance). A hint is given only for
a word close enough to one candidate, and to no other equally close.
"""

from __future__ import annotations

from collections.abc import Iterable


def edit_distance(a: str, b: str) -> int:
    """Insertions, deletions, substitutions and swaps of two neighbours to turn a into b."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, char_b in enumerate(b, 1):
            cost = 0 if char_a == char_b else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and char_a == b[j - 2] and a[i - 2] == char_b:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[len(b)]


def allowed_edits(word: str) -> int:
    """How many edits a word of this length may be from what it meant: one for short
    words (three to five letters: a province's abbreviation, `TYL` for `TYR`), two
    for longer ones; none below three letters, where one edit makes too many words
    alike. A word as near to two meanings gets no hint (`closest`)."""
    if len(word) < 3:
        return 0
    return 1 if len(word) <= 5 else 2


def closest(word: str, candidates: Iterable[tuple[str, str]]) -> str | None:
    """The meaning of the candidate spelling nearest to `word`, when it is near
    enough (`allowed_edits`) and no candidate of another meaning is as near.

    `candidates` are (spelling, meaning) pairs: a province's id, name and aliases
    all mean the province. Compared without regard to case.
    """
    limit = allowed_edits(word)
    if limit == 0:
        return None
    word = word.lower()
    best: dict[str, int] = {}
    for spelling, meaning in candidates:
        distance = edit_distance(word, spelling.lower())
        if distance <= limit and distance < best.get(meaning, limit + 1):
            best[meaning] = distance
    if not best:
        return None
    nearest = min(best.values())
    winners = [meaning for meaning, distance in best.items() if distance == nearest]
    return winners[0] if len(winners) == 1 else None
