"""How far apart two words are, for "did you mean ..." hints.

Players mistype by a letter: one left out, one too many, one wrong, or two swapped
(`HLEP`, `LSIT`, `SINGON`, `MOSC`). The edit distance here counts each of those as
one edit (Damerau's "optimal string alignment" distance). A hint is given only for
a word close enough to one candidate, and to no other equally close.

The cost is bounded whatever the word: a word longer than `MAX_HINTED` letters is
never compared (no command, province or password is that long), a candidate whose
length differs by more than the edits allowed is skipped without comparing, and the
distance itself is computed only in the band of `limit` cells around the diagonal,
so one comparison costs at most about `len(word) x (2 limit + 1)` steps.
"""

from __future__ import annotations

from collections.abc import Iterable

from judge import work

MAX_HINTED = 40  # letters: longer than any command word or province name, spelt out


def edit_distance(a: str, b: str, limit: int | None = None) -> int:
    """Insertions, deletions, substitutions and swaps of two neighbours to turn a into b.

    With a `limit`, any distance above it is returned as `limit + 1`, and only the
    cells within `limit` of the diagonal are computed: `len(a) x (2 limit + 1)` steps.
    """
    if limit is None:
        limit = max(len(a), len(b))
    far = limit + 1
    if abs(len(a) - len(b)) > limit:
        return far
    # A row holds the band only: column j of row i at index j - i + limit + 1, with a
    # cell of padding ("far") at each end.
    width = 2 * limit + 1
    previous2 = [far] * (width + 2)
    previous = [far] * (width + 2)
    for j in range(min(limit, len(b)) + 1):
        previous[j + limit + 1] = j
    for i in range(1, len(a) + 1):
        char_a = a[i - 1]
        current = [far] * (width + 2)
        work.charge(width)
        for p in range(1, width + 1):
            j = i - limit - 1 + p
            if j < 0 or j > len(b):
                continue
            if j == 0:
                current[p] = i if i <= limit else far
                continue
            char_b = b[j - 1]
            best = min(previous[p + 1] + 1, current[p - 1] + 1,
                       previous[p] + (char_a != char_b))  # fmt: skip
            if i > 1 and j > 1 and char_a == b[j - 2] and a[i - 2] == char_b:
                best = min(best, previous2[p] + 1)
            current[p] = best if best < far else far
        if min(current) > limit:
            return far
        previous2, previous = previous, current
    return previous[len(b) - len(a) + limit + 1]


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
    if limit == 0 or len(word) > MAX_HINTED:
        return None
    word = word.lower()
    best: dict[str, int] = {}
    for spelling, meaning in candidates:
        if abs(len(spelling) - len(word)) > limit:
            continue  # too far apart to be a typo, whatever the letters
        distance = edit_distance(word, spelling.lower(), limit)
        if distance <= limit and distance < best.get(meaning, limit + 1):
            best[meaning] = distance
    if not best:
        return None
    nearest = min(best.values())
    winners = [meaning for meaning, distance in best.items() if distance == nearest]
    return winners[0] if len(winners) == 1 else None
