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

from judge.mail import work

MAX_HINTED = 40  # letters: longer than any command word or province name, spelt out


def edit_distance(a: str, b: str, limit: int | None = None) -> int:
    """Insertions, deletions, substitutions and swaps of two neighbours to turn a into b.

    With a `limit`, any distance above it is returned as `limit + 1`, and only the
    cells within `limit` of the diagonal are computed: linear in the words' length.
    """
    if limit is None:
        limit = max(len(a), len(b))
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    far = limit + 1
    # Rows as {column: distance}, holding the band only: a missing cell is "far".
    previous2: dict[int, int] = {}
    previous = {j: j for j in range(min(len(b), limit) + 1)}
    for i, char_a in enumerate(a, 1):
        low, high = max(1, i - limit), min(len(b), i + limit)
        work.charge(high - low + 1)
        current = {0: i} if i <= limit else {}
        for j in range(low, high + 1):
            char_b = b[j - 1]
            cost = 0 if char_a == char_b else 1
            best = min(previous.get(j, far) + 1, current.get(j - 1, far) + 1,
                       previous.get(j - 1, far) + cost)  # fmt: skip
            if i > 1 and j > 1 and char_a == b[j - 2] and a[i - 2] == char_b:
                best = min(best, previous2.get(j - 2, far) + 1)
            if best <= limit:
                current[j] = best
        if not current:
            return far
        previous2, previous = previous, current
    return previous.get(len(b), far)


def allowed_edits(word: str) -> int:
    """How many edits a word of this length may be from what it meant: one for short
    words (four or five letters), two for longer ones; none below four letters,
    where one edit makes too many words alike."""
    if len(word) < 4:
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
