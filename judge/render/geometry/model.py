"""Value types for the board's geometry, in canvas pixels (x right, y down)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType

Point = tuple[float, float]
Ring = tuple[Point, ...]


class GeometryError(ValueError):
    """The geometry data is inconsistent (a border that does not close, a missing point)."""


class RegionKind(StrEnum):
    LAND = "land"  # a land or coastal province
    SEA = "sea"  # a sea province
    IMPASSABLE = "impassable"  # Switzerland
    OFFBOARD = "offboard"  # land drawn for the look only (Africa, the Levant)


@dataclass(frozen=True, slots=True)
class RegionShape:
    """One region of the board: its outline, any islands, and its drawing points."""

    id: str
    kind: RegionKind
    outline: Ring
    islands: tuple[Ring, ...] = ()
    label: Point | None = None
    unit: Point | None = None
    centre: Point | None = None  # supply-centre marker, for the 34 centres
    coasts: Mapping[str, Point] = field(default_factory=dict)

    @property
    def rings(self) -> tuple[Ring, ...]:
        return (self.outline, *self.islands)

    @property
    def is_province(self) -> bool:
        return self.kind in (RegionKind.LAND, RegionKind.SEA)


@dataclass(frozen=True, slots=True)
class Border:
    """The line between two regions; `sides` are their ids."""

    sides: tuple[str, str]
    line: Ring


@dataclass(frozen=True)
class MapGeometry:
    width: int
    height: int
    regions: Mapping[str, RegionShape]
    borders: tuple[Border, ...]
    islands: tuple[Ring, ...] = ()  # neutral land drawn over the sea
    lakes: tuple[Ring, ...] = ()  # water drawn over the land

    @property
    def provinces(self) -> dict[str, RegionShape]:
        return {k: r for k, r in self.regions.items() if r.is_province}

    def unit_point(self, location: str) -> Point:
        """Where a unit at `location` (`PAR`, `STP/SC`) is drawn."""
        province, _, coast = location.upper().partition("/")
        shape = self.regions[province]
        if coast and coast in shape.coasts:
            return shape.coasts[coast]
        if shape.unit is None:
            raise GeometryError(f"{province} has no unit point")
        return shape.unit

    def scaled(self, factor: float) -> MapGeometry:
        """The same geometry for a canvas `factor` times as wide."""
        if factor == 1:
            return self
        return MapGeometry(
            width=round(self.width * factor),
            height=round(self.height * factor),
            regions=MappingProxyType(
                {k: _scale_region(r, factor) for k, r in self.regions.items()}
            ),
            borders=tuple(Border(b.sides, _scale_ring(b.line, factor)) for b in self.borders),
            islands=tuple(_scale_ring(r, factor) for r in self.islands),
            lakes=tuple(_scale_ring(r, factor) for r in self.lakes),
        )


def _scale_point(p: Point | None, factor: float) -> Point | None:
    return None if p is None else (p[0] * factor, p[1] * factor)


def _scale_ring(ring: Ring, factor: float) -> Ring:
    return tuple((x * factor, y * factor) for x, y in ring)


def _scale_region(region: RegionShape, factor: float) -> RegionShape:
    return replace(
        region,
        outline=_scale_ring(region.outline, factor),
        islands=tuple(_scale_ring(r, factor) for r in region.islands),
        label=_scale_point(region.label, factor),
        unit=_scale_point(region.unit, factor),
        centre=_scale_point(region.centre, factor),
        coasts=MappingProxyType(
            {c: (p[0] * factor, p[1] * factor) for c, p in region.coasts.items()}
        ),
    )
