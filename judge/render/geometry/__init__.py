"""The board's geometry: province outlines and the points where things are drawn."""

from judge.render.geometry.load import load_geometry
from judge.render.geometry.model import GeometryError, MapGeometry, Point, RegionKind, RegionShape

__all__ = ["GeometryError", "MapGeometry", "Point", "RegionKind", "RegionShape", "load_geometry"]
