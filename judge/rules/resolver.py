"""Decide every move, support and convoy of a movement phase (DATC chapter 5).

Each such order is a yes/no decision defined by the DATC 5.B equations (MOVE,
SUPPORT, CONVOY, with PATH and the ATTACK/HOLD/DEFEND/PREVENT strengths as
helper functions); `decisions.DecisionSolver` finds the solution and detects
cycles. A cycle without a single solution is settled by the backup rule
(DATC 5.B.9):

* a cycle with convoy orders is a convoy paradox: by the Szykman rule those
  convoys fail, as if the fleets held (DATC 4.A.2);
* a cycle of moves only is circular movement: all of them succeed;
* anything else (not possible on the standard map): all of them fail.

Two 1971-rulebook options (`judge.rules.rulebook`) change the equations:
`any_route` (4.A.1: a convoy is disrupted when any of its routes is) and
`paradox_1971` (4.A.2: a convoyed army does not cut, nor by dislodging it take
away, a support of an attack on one of the fleets on its routes; DATC 6.F.17,
6.F.19). The Szykman backup still settles what the 1971 rule leaves open.
"""

from __future__ import annotations

from judge.rules.convoys import find_route, fleets_on_routes
from judge.rules.decisions import RESOLVED, DecisionSolver
from judge.rules.order_table import (
    BY_CONVOY,
    CONVOY,
    LAND,
    MOVE,
    SUPPORT_HOLD,
    SUPPORT_MOVE,
    OrderTable,
)
from judge.rules.topology import Topology


class Resolver(DecisionSolver):
    """Decisions for one movement phase. Call `run()`, then read `res`."""

    def __init__(
        self,
        table: OrderTable,
        topo: Topology,
        any_route: bool = False,
        paradox_1971: bool = False,
    ) -> None:
        matched = table.matched
        decisions = table.moves + [i for i in table.supports if matched[i]]
        if table.convoys:
            decisions += [i for i in table.convoys if matched[i]]
        super().__init__(len(table.units), decisions)
        self.t = table
        self.sea = topo.sea_borders
        self.paradox = [False] * len(table.units)
        self.any_route = any_route
        self.paradox_1971 = paradox_1971
        self._on_routes: dict[int, list[int]] = {}
        self._settle_unopposed()

    def _settle_unopposed(self) -> None:
        """Decide up front what needs no other decision (exactly what `resolve` would find).

        A support or convoy that no foreign unit attacks stands (its equation reads
        nothing else); then a move by land into an empty province that nobody else
        enters succeeds (its equation only counts supports that are already decided).
        """
        t, status, res = self.t, self.status, self.res
        attackers, power, prov = t.attackers, t.power, t.prov
        for i in self.decisions:
            if t.kind[i] != MOVE:
                me = power[i]
                for m in attackers.get(prov[i], ()):
                    if power[m] != me:
                        break
                else:
                    status[i] = RESOLVED
                    res[i] = True
        unit_at, dest, mode, supporters = t.unit_at, t.dest, t.mode, t.supporters
        for i in t.moves:
            if mode[i] == LAND and dest[i] not in unit_at and len(attackers[dest[i]]) == 1:
                for s in supporters[i]:
                    if status[s] != RESOLVED:
                        break
                else:
                    status[i] = RESOLVED
                    res[i] = True

    def _backup_rule(self, cycle: list[int]) -> None:
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
        mode = t.mode
        if mode[i] != LAND and not self.path(i):
            return False
        dest = t.dest[i]
        other = t.unit_at.get(dest, -1)
        back = t.opposite[i]
        head_to_head = back >= 0 and (
            (mode[i] == LAND and mode[back] == LAND) or self.head_to_head(i)
        )
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
        t = self.t
        if t.mode[rival] == BY_CONVOY and not self.route(rival):
            return 0  # no PATH
        if t.opposite[rival] >= 0 and self.head_to_head(rival):
            if self.resolve(t.opposite[rival]):
                return 0
        return 1 + self._support_count(rival, "")

    def _support_count(self, i: int, not_of: str) -> int:
        power, status, res = self.t.power, self.status, self.res
        count = 0
        for s in self.t.supporters[i]:
            if power[s] != not_of and (res[s] if status[s] == RESOLVED else self.resolve(s)):
                count += 1
        return count

    def _support(self, s: int) -> bool:
        t = self.t
        attackers = t.attackers.get(t.prov[s])
        if not attackers:
            return True
        me = t.power[s]
        for m in attackers:
            if t.power[m] != me and self.cuts(m, s):
                return False
        if not self.paradox_1971:
            return self._not_dislodged(s)
        for m in attackers:
            if t.power[m] != me and not self.spares(m, s) and self.resolve(m):
                return False
        return True

    def cuts(self, m: int, s: int) -> bool:
        """Does the move `m` (a foreign unit attacking the supporter `s`) cut its support?"""
        if self.t.prov[m] == self.t.support_dest[s] or not self.path(m):
            return False
        return not (self.paradox_1971 and self.spares(m, s))

    def spares(self, m: int, s: int) -> bool:
        """The 1971 paradox rule: is `m` a convoyed army and `s` a support of an
        attack on one of the fleets on its routes?"""
        t = self.t
        if t.kind[s] != SUPPORT_MOVE or t.mode[m] == LAND:
            return False
        target = t.support_dest[s]
        if not any(t.prov[f] == target for f in self.on_routes(m)):
            return False
        return t.mode[m] == BY_CONVOY or self.convoyed(m)

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
        if self.any_route:  # 1971: every fleet on a route must come through
            on = self.on_routes(m)
            return bool(on) and all(self.resolve(f) for f in on)
        return find_route(self.sea, t.prov[m], t.dest[m], fleets, t.prov, self.resolve)

    def on_routes(self, m: int) -> list[int]:
        """The convoying fleets of `m` that lie on some route (disruption aside)."""
        on = self._on_routes.get(m)
        if on is None:
            t = self.t
            on = fleets_on_routes(self.sea, t.prov[m], t.dest[m], t.convoyers[m], t.prov)
            self._on_routes[m] = on
        return on

    def head_to_head(self, m: int) -> bool:
        other = self.t.opposite[m]
        if other < 0:
            return False
        mode = self.t.mode
        if mode[m] == LAND and mode[other] == LAND:
            return True
        return not self.convoyed(m) and not self.convoyed(other)
