"""Decide every move, support and convoy of a movement phase (DATC chapter 5).

Each such order is a yes/no decision defined by the DATC 5.B equations (MOVE,
SUPPORT, CONVOY, with PATH and the ATTACK/HOLD/DEFEND/PREVENT strengths as
helper functions). `resolve(i)` decides order `i`, recursing into the orders it
depends on, and guesses when it meets an order already being decided
(the guess algorithm of DATC 5.F).

To know which guesses a result rests on, every order being decided gets a
stack depth, and each result carries the lowest depth it depends on (`low`),
like the low-link of Tarjan's algorithm. An order whose result depends only on
its own guess is the root of a cycle: it is decided a second time with the
opposite guess. Equal results mean the cycle has one solution; different results
mean none or two, and the backup rule decides (DATC 5.B.9):

* a cycle with convoy orders is a convoy paradox: by the Szykman rule those
  convoys fail, as if the fleets held (DATC 4.A.2);
* a cycle of moves only is circular movement: all of them succeed;
* anything else (not possible on the standard map): all of them fail.

Orders whose result rests on an outer guess are kept as "pending" and decided
again, from scratch, once that guess is settled.
"""

from __future__ import annotations

from judge.rules.convoys import find_route
from judge.rules.order_table import (
    BY_CONVOY,
    CONVOY,
    HOLD,
    LAND,
    MOVE,
    SUPPORT_HOLD,
    SUPPORT_MOVE,
    OrderTable,
)
from judge.rules.topology import Topology

UNRESOLVED, VISITING, PENDING, RESOLVED = range(4)
_NO_GUESS = 1 << 30


class Resolver:
    """Decisions for one movement phase. Call `run()`, then read `res`."""

    def __init__(self, table: OrderTable, topo: Topology) -> None:
        size = len(table.units)
        self.t = table
        self.sea = topo.sea_borders
        self.status = [RESOLVED] * size
        self.res = [False] * size
        self.depth = [0] * size
        self.low = [0] * size
        self.paradox = [False] * size
        self.pending: list[int] = []
        self.level = 0
        self.cur_low = _NO_GUESS
        for i, kind in enumerate(table.kind):
            if kind == MOVE or (kind != HOLD and table.matched[i]):
                self.status[i] = UNRESOLVED

    def run(self) -> None:
        for i, status in enumerate(self.status):
            if status != RESOLVED:
                self.resolve(i)

    # --- the generic part: guesses, cycles and the backup rule ---------------------

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
        if d <= low < _NO_GUESS:
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
        kinds = self.t.kind
        convoys = [j for j in cycle if kinds[j] == CONVOY]
        if convoys:
            for j in convoys:
                self._settle(j, False)
                self.paradox[j] = True
        elif all(kinds[j] == MOVE for j in cycle):
            for j in cycle:
                self._settle(j, True)
        else:
            for j in cycle:
                self._settle(j, False)
        for j in cycle:
            if self.status[j] != RESOLVED:
                self.status[j] = UNRESOLVED

    def _settle(self, j: int, value: bool) -> None:
        self.status[j] = RESOLVED
        self.res[j] = value

    # --- the DATC 5.B equations ----------------------------------------------------

    def _adjudicate(self, i: int) -> bool:
        kind = self.t.kind[i]
        if kind == MOVE:
            return self._move(i)
        if kind == SUPPORT_HOLD or kind == SUPPORT_MOVE:
            return self._support(i)
        if kind == CONVOY:
            return self._not_dislodged(i)
        return False

    def _move(self, i: int) -> bool:
        t = self.t
        if not self.path(i):
            return False
        dest = t.dest[i]
        other = t.unit_at.get(dest, -1)
        head_to_head = self.head_to_head(i)
        attack = self._attack(i, other, head_to_head)
        if attack == 0:
            return False
        if head_to_head:
            if attack <= 1 + self._support_count(other, ""):
                return False
        elif other >= 0 and attack <= self._hold_strength(other):
            return False
        for rival in t.attackers[dest]:
            if rival != i and attack <= self._prevent(rival):
                return False
        return True

    def _attack(self, i: int, other: int, head_to_head: bool) -> int:
        t = self.t
        if other < 0 or (not head_to_head and t.kind[other] == MOVE and self.resolve(other)):
            return 1 + self._support_count(i, "")
        if t.power[other] == t.power[i]:
            return 0
        return 1 + self._support_count(i, t.power[other])

    def _hold_strength(self, other: int) -> int:
        if self.t.kind[other] == MOVE:
            return 0 if self.resolve(other) else 1
        return 1 + self._support_count(other, "")

    def _prevent(self, rival: int) -> int:
        if not self.path(rival):
            return 0
        if self.head_to_head(rival) and self.resolve(self.t.opposite[rival]):
            return 0
        return 1 + self._support_count(rival, "")

    def _support_count(self, i: int, not_of: str) -> int:
        power = self.t.power
        count = 0
        for s in self.t.supporters[i]:
            if power[s] != not_of and self.resolve(s):
                count += 1
        return count

    def _support(self, s: int) -> bool:
        t = self.t
        attackers = t.attackers.get(t.prov[s])
        if not attackers:
            return True
        me = t.power[s]
        spared = t.support_dest[s]
        for m in attackers:
            if t.power[m] != me and t.prov[m] != spared and self.path(m):
                return False
        return self._not_dislodged(s)

    def _not_dislodged(self, i: int) -> bool:
        t = self.t
        me = t.power[i]
        for m in t.attackers.get(t.prov[i], ()):
            if t.power[m] != me and self.resolve(m):
                return False
        return True

    # --- paths ---------------------------------------------------------------------

    def path(self, m: int) -> bool:
        """DATC PATH: can the move reach its target at all (land, or a convoy route)?"""
        mode = self.t.mode[m]
        if mode == LAND:
            return True
        if mode == BY_CONVOY:
            return self.route(m)
        return True  # convoy if a route succeeds, else the land route (2.4 rule)

    def convoyed(self, m: int) -> bool:
        """Does the move travel by convoy (so it is in no head-to-head battle)?"""
        mode = self.t.mode[m]
        if mode == LAND:
            return False
        if mode == BY_CONVOY:
            return True
        return self.route(m)

    def route(self, m: int) -> bool:
        t = self.t
        fleets = t.convoyers[m]
        if not fleets:
            return False
        return find_route(self.sea, t.prov[m], t.dest[m], fleets, t.prov, self.resolve)

    def head_to_head(self, m: int) -> bool:
        other = self.t.opposite[m]
        return other >= 0 and not self.convoyed(m) and not self.convoyed(other)
