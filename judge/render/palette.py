"""The map's colours: terrain, lines, and one colour per power."""

from __future__ import annotations

from collections.abc import Callable

RGB = tuple[int, int, int]
ColourOf = Callable[[str], RGB]

SEA: RGB = (163, 196, 224)
LAND: RGB = (236, 224, 194)
IMPASSABLE: RGB = (168, 164, 156)
OFFBOARD: RGB = (214, 208, 194)
SEA_LINE: RGB = (128, 164, 198)
COAST_LINE: RGB = (78, 88, 98)
LAND_LINE: RGB = (128, 112, 92)
LAND_TEXT: RGB = (70, 56, 40)
SEA_TEXT: RGB = (44, 80, 122)
TEXT_HALO_LAND: RGB = (246, 238, 218)
TEXT_HALO_SEA: RGB = (190, 214, 236)

INK: RGB = (28, 28, 30)  # outlines of units and arrows
WHITE: RGB = (255, 255, 255)
PANEL: RGB = (250, 248, 240)  # behind the title and the legend
NEUTRAL_CENTRE: RGB = (250, 250, 246)  # an unowned supply centre
NEUTRAL_POWER: RGB = (150, 140, 124)  # units of a power drawn as neutral
FAILED: RGB = (172, 172, 172)  # the body of a failed order's arrow
FAILED_EDGE: RGB = (96, 96, 96)
FAILED_MARK: RGB = (214, 32, 32)  # the cross on a failed order, a dislodged unit's ring
RETREAT: RGB = (226, 110, 20)
BUILD: RGB = (40, 170, 70)

POWER_COLOURS: dict[str, RGB] = {
    "AUSTRIA": (206, 40, 40),  # red
    "ENGLAND": (36, 56, 168),  # royal blue
    "FRANCE": (66, 176, 232),  # light blue
    "GERMANY": (64, 64, 68),  # dark grey
    "ITALY": (34, 150, 58),  # green
    "RUSSIA": (136, 66, 178),  # purple
    "TURKEY": (240, 196, 22),  # yellow
}


# every colour the map is drawn in, for the PNG's palette
KEY_COLOURS: tuple[RGB, ...] = (
    SEA,
    LAND,
    IMPASSABLE,
    OFFBOARD,
    SEA_LINE,
    COAST_LINE,
    LAND_LINE,
    LAND_TEXT,
    SEA_TEXT,
    TEXT_HALO_LAND,
    TEXT_HALO_SEA,
    INK,
    WHITE,
    PANEL,
    NEUTRAL_CENTRE,
    NEUTRAL_POWER,
    FAILED,
    FAILED_EDGE,
    FAILED_MARK,
    RETREAT,
    BUILD,
    *POWER_COLOURS.values(),
)


def power_colour(power: str) -> RGB:
    """The classic colour of a power (any case); neutral grey for anything else."""
    return POWER_COLOURS.get(power.upper(), NEUTRAL_POWER)


def neutral_for(powers: set[str] | frozenset[str]) -> ColourOf:
    """A colour hook that draws the given powers as neutral (e.g. Taskdip's neutrals)."""
    hidden = {p.upper() for p in powers}

    def colour_of(power: str) -> RGB:
        return NEUTRAL_POWER if power.upper() in hidden else power_colour(power)

    return colour_of


def text_on(fill: RGB) -> RGB:
    """Black or white, whichever reads better on `fill`."""
    r, g, b = fill
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (255, 255, 255)
