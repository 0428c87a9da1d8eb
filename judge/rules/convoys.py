"""Convoy routes: is there a chain of convoying fleets from an army to its target?

A convoyed army reaches its destination when some chain of adjacent sea
provinces, each holding a fleet whose convoy order matches and succeeds, links
its province to the destination. Any one complete chain is enough (the 1982+
multi-route rule, DATC 4.A.1). Under the 1971 rule a convoy is disrupted when
any route is: `fleets_on_routes` gives the fleets that lie on some complete chain
(a fleet that no chain needs, DATC 6.F.12, is not one of them), and all of them
must come through. Explicit routes in orders are ignored (DATC 4.A.6
preference): every matching fleet may serve.

The search is lazy: `usable(fleet)` is asked only for fleets the search actually
reaches, so the resolver creates no dependencies on fleets that cannot matter.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence


def find_route(
    sea_borders: Mapping[str, frozenset[str]],
    origin: str,
    dest: str,
    fleets: Sequence[int],
    where: Sequence[str],
    usable: Callable[[int], bool],
) -> bool:
    """True if the fleets (indices into `where`, their provinces) chain origin to dest.

    `usable(i)` decides whether fleet `i` takes part; it is called at most once
    per fleet, and only for fleets adjacent to the part of the chain built so far.
    """
    unused = list(fleets)
    frontier = [origin]
    while frontier and unused:
        here = frontier.pop()
        still: list[int] = []
        for fleet in unused:
            sea = where[fleet]
            if here not in sea_borders[sea]:
                still.append(fleet)
            elif usable(fleet):
                if dest in sea_borders[sea]:
                    return True
                frontier.append(sea)
        unused = still
    return False


def route_possible(
    sea_borders: Mapping[str, frozenset[str]],
    origin: str,
    dest: str,
    seas: Sequence[str],
) -> bool:
    """True if fleets in the sea provinces `seas` could chain origin to dest."""
    return find_route(sea_borders, origin, dest, range(len(seas)), seas, lambda _: True)


def fleets_on_routes(
    sea_borders: Mapping[str, frozenset[str]],
    origin: str,
    dest: str,
    fleets: Sequence[int],
    where: Sequence[str],
) -> list[int]:
    """The fleets (indices into `where`) that lie on some chain from origin to dest.

    A fleet is on a route when a chain of the fleets links it to the origin and
    another links it to the destination; disruption is not considered.
    """
    from_origin = _chained(sea_borders, origin, fleets, where)
    from_dest = _chained(sea_borders, dest, fleets, where)
    return [f for f in fleets if f in from_origin and f in from_dest]


def _chained(
    sea_borders: Mapping[str, frozenset[str]],
    start: str,
    fleets: Sequence[int],
    where: Sequence[str],
) -> set[int]:
    """The fleets a chain of the fleets reaches from the province `start`."""
    reached: set[int] = set()
    frontier = [start]
    while frontier:
        here = frontier.pop()
        for fleet in fleets:
            if fleet not in reached and here in sea_borders[where[fleet]]:
                reached.add(fleet)
                frontier.append(where[fleet])
    return reached
