"""From degrees (east, north) to canvas pixels: a warped Lambert conformal conic.

The geometry data is written in degrees because that is how a person places a
coastline from memory; this projection turns it into the board's own shape, which,
like any Diplomacy board, is not true to scale:

* lenses first enlarge crowded places (Britain, the Low Countries) in degree space;
* north of `squash_from` latitudes are drawn shorter, so that Scandinavia and Russia
  do not crowd out the middle of the map;
* after the conic projection a fish-eye draws the middle of the board larger.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.render.geometry.model import Point


@dataclass(frozen=True, slots=True)
class Lens:
    """A smooth local magnifier: `strength` 0.3 draws its middle 30% larger."""

    centre: Point
    radius: float  # degrees of latitude
    strength: float

    def __call__(self, lon: float, lat: float) -> Point:
        cos = math.cos(math.radians(self.centre[1]))
        dx, dy = (lon - self.centre[0]) * cos, lat - self.centre[1]
        grow = 1 + self.strength * math.exp(-(dx * dx + dy * dy) / self.radius**2)
        return (self.centre[0] + dx * grow / cos, self.centre[1] + dy * grow)


@dataclass(frozen=True)
class Projection:
    central_lon: float
    parallels: tuple[float, float]
    anchor: Point  # (lon, lat) placed at anchor_px
    anchor_px: Point
    scale: float  # pixels per degree of latitude near the anchor
    north_squash: float = 1.0
    squash_from: float = 90.0
    magnify_centre: Point | None = None  # (lon, lat) of the magnified middle
    magnify: float = 0.0  # how much bigger the middle is drawn (0: not at all)
    magnify_radius: float = 500.0  # pixels: beyond it, things are drawn smaller
    lenses: tuple[Lens, ...] = ()
    _n: float = field(init=False)
    _f: float = field(init=False)
    _k: float = field(init=False)
    _origin: Point = field(init=False)

    def __post_init__(self) -> None:
        p1, p2 = (math.radians(p) for p in self.parallels)
        n = math.log(math.cos(p1) / math.cos(p2)) / math.log(_t(p2) / _t(p1))
        object.__setattr__(self, "_n", n)
        object.__setattr__(self, "_f", math.cos(p1) * _t(p1) ** n / n)
        object.__setattr__(self, "_k", 1.0)
        lon, lat = self.anchor
        south, north = self._conic(lon, lat - 0.5), self._conic(lon, lat + 0.5)
        object.__setattr__(self, "_k", self.scale / math.dist(south, north))
        object.__setattr__(self, "_origin", self._warped(lon, lat))

    @classmethod
    def from_toml(cls, data: Mapping[str, Any]) -> Projection:
        centre = data.get("magnify_centre")
        return cls(
            central_lon=float(data["central_lon"]),
            parallels=_pair(data["parallels"]),
            anchor=_pair(data["anchor"]),
            anchor_px=_pair(data["anchor_px"]),
            scale=float(data["scale"]),
            north_squash=float(data.get("north_squash", 1.0)),
            squash_from=float(data.get("squash_from", 90.0)),
            magnify_centre=None if centre is None else _pair(centre),
            magnify=float(data.get("magnify", 0.0)),
            magnify_radius=float(data.get("magnify_radius", 500.0)),
            lenses=tuple(
                Lens(_pair(lens["centre"]), float(lens["radius"]), float(lens["strength"]))
                for lens in data.get("lenses", ())
            ),
        )

    def _conic(self, lon: float, lat: float) -> Point:
        if lat > self.squash_from:
            lat = self.squash_from + (lat - self.squash_from) * self.north_squash
        rho = self._f / _t(math.radians(lat)) ** self._n
        theta = self._n * math.radians(lon - self.central_lon)
        return (self._k * rho * math.sin(theta), -self._k * rho * math.cos(theta))

    def _warped(self, lon: float, lat: float) -> Point:
        for lens in self.lenses:
            lon, lat = lens(lon, lat)
        x, y = self._conic(lon, lat)
        if self.magnify_centre is None or self.magnify == 0:
            return (x, y)
        cx, cy = self._conic(*self.magnify_centre)
        r = math.hypot(x - cx, y - cy)
        if r == 0:
            return (x, y)
        grow = (1 + self.magnify) / (1 + self.magnify * r / self.magnify_radius)
        return (cx + (x - cx) * grow, cy + (y - cy) * grow)

    def __call__(self, lon: float, lat: float) -> Point:
        x, y = self._warped(lon, lat)
        ox, oy = self._origin
        # the conic's y grows towards the pole; the canvas's y grows downwards
        return (self.anchor_px[0] + x - ox, self.anchor_px[1] - (y - oy))


def _t(phi: float) -> float:
    return math.tan(math.pi / 4 + phi / 2)


def _pair(value: Any) -> Point:
    return (float(value[0]), float(value[1]))
