"""Shared fixtures for the renderer tests: one renderer and the standard board."""

from __future__ import annotations

import pytest

from judge.render import MapRenderer
from judge.render.geometry import MapGeometry, load_geometry
from judge.rules.map import GameMap, load_map


@pytest.fixture(scope="session")
def geometry() -> MapGeometry:
    return load_geometry()


@pytest.fixture(scope="session")
def renderer(geometry: MapGeometry) -> MapRenderer:
    return MapRenderer(geometry)


@pytest.fixture(scope="session")
def game_map() -> GameMap:
    try:
        return load_map()
    except (FileNotFoundError, ModuleNotFoundError) as exc:  # the map data is a colleague's
        pytest.skip(f"the standard map data is not available: {exc}")
