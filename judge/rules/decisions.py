"""A generic solver for yes/no decisions that may depend on each other in cycles.

Adjudication is a set of decisions (does this move succeed? is this support
cut?) defined by equations that refer to other decisions (DATC 5.A-5.C). A
subclass supplies `_adjudicate(i)`, which evaluates decision `i` and calls
`resolve(j)` for any decision it needs, and `_backup_rule(cycle)`, which settles
a cycle that has no single consistent solution.

`resolve` is the guess algorithm of DATC 5.F. A decision met again while it is
being decided returns its current guess (first "fails"). To know which guesses
a result rests on, each decision being decided gets a stack depth, and each
result carries the lowest depth it depends on (`low`, like the low-link of
Tarjan's algorithm):

* no guess involved: the result is final;
* only its own guess (the root of a cycle): decide again with the opposite
  guess. The same result means the cycle has exactly one solution; different
  results mean zero or two, and the backup rule settles it;
* an outer guess: the result is kept as "pending" and decided again, from
  scratch, once that guess is settled.
"""

from __future__ import annotations

UNRESOLVED, VISITING, PENDING, RESOLVED = range(4)
_NO_GUESS = 1 << 30


class DecisionSolver:
    """Decisions 0..size-1; those not listed in `decisions` start out settled (False)."""

    def __init__(self, size: int, decisions: list[int]) -> None:
        self.status = [RESOLVED] * size
        self.res = [False] * size
        self.depth = [0] * size
        self.low = [0] * size
        self.pending: list[int] = []
        self.level = 0
        self.cur_low = _NO_GUESS
        self.decisions = decisions
        for i in decisions:
            self.status[i] = UNRESOLVED

    def run(self) -> None:
        """Settle every decision; then `res[i]` holds each result."""
        status = self.status
        for i in self.decisions:
            if status[i] != RESOLVED:
                self.resolve(i)

    def _adjudicate(self, i: int) -> bool:
        raise NotImplementedError

    def _backup_rule(self, cycle: list[int]) -> None:
        """Settle (with `_settle`) at least one decision of a cycle without one solution."""
        raise NotImplementedError

    def resolve(self, i: int) -> bool:
        status = self.status[i]
        if status == RESOLVED:
            return self.res[i]
        if status == VISITING:
            if self.depth[i] < self.cur_low:
                self.cur_low = self.depth[i]
            return self.res[i]
        if status == PENDING:
            if self.low[i] < self.cur_low:
                self.cur_low = self.low[i]
            return self.res[i]
        return self._decide(i)

    def _decide(self, i: int) -> bool:
        d = self.level
        self.level = d + 1
        self.depth[i] = d
        self.status[i] = VISITING
        saved = self.cur_low
        mark = len(self.pending)
        self.res[i] = False
        self.cur_low = _NO_GUESS
        result = self._adjudicate(i)
        low = self.cur_low
        if low == _NO_GUESS:  # the usual case: no guess involved
            self.level = d
            self.status[i] = RESOLVED
            self.res[i] = result
            self.cur_low = saved
            return result
        return self._decide_with_guesses(i, d, result, low, mark, saved)

    def _decide_with_guesses(
        self, i: int, d: int, result: bool, low: int, mark: int, saved: int
    ) -> bool:
        """`i` met an order being decided: retry with the other guess if it is ours."""
        if low >= d:
            first_cycle = self._clear(mark)
            self.res[i] = True
            self.cur_low = _NO_GUESS
            second = self._adjudicate(i)
            low = self.cur_low
            if low >= d and second != result:
                self._backup(i, first_cycle + self._clear(mark))
                self.level = d
                self.cur_low = saved
                if self.status[i] == VISITING:
                    self.status[i] = UNRESOLVED
                return self.resolve(i)
            if low < d:
                result = second
        self.level = d
        if low >= d:
            self._clear(mark)
            self.status[i] = RESOLVED
            self.res[i] = result
            self.cur_low = saved
            return result
        return self._defer(i, result, low, mark, saved)

    def _defer(self, i: int, result: bool, low: int, mark: int, saved: int) -> bool:
        """Keep `i` pending: its result rests on the guess at depth `low`."""
        for j in self.pending[mark:]:
            self.low[j] = low
        self.pending.append(i)
        self.status[i] = PENDING
        self.low[i] = low
        self.res[i] = result
        self.cur_low = min(saved, low)
        return result

    def _clear(self, mark: int) -> list[int]:
        """Forget the pending results found since `mark`; return those orders."""
        dropped = self.pending[mark:]
        del self.pending[mark:]
        for j in dropped:
            self.status[j] = UNRESOLVED
        return dropped

    def _backup(self, root: int, found: list[int]) -> None:
        status = self.status
        cycle = [root, *dict.fromkeys(j for j in found if status[j] != RESOLVED and j != root)]
        self._backup_rule(cycle)
        if all(status[j] != RESOLVED for j in cycle):  # a rule that settles nothing
            for j in cycle:
                self._settle(j, False)
        for j in cycle:
            if status[j] != RESOLVED:
                status[j] = UNRESOLVED

    def _settle(self, j: int, value: bool) -> None:
        self.status[j] = RESOLVED
        self.res[j] = value
