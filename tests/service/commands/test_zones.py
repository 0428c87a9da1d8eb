"""SET TIMEZONE's zone names, and moments shown in a zone (`judge.language.zones`)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from judge.language.zones import ZoneError, find_zone
from judge.wording.time_display import show_time

WINTER = datetime(2026, 11, 27, 18, 0, tzinfo=UTC)
SUMMER = datetime(2026, 7, 1, 18, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("typed", "zone"),
    [
        ("Europe/Paris", "Europe/Paris"),
        ("europe/paris", "Europe/Paris"),
        ("EUROPE/PARIS.", "Europe/Paris"),
        ("America/New York", "America/New_York"),
        ("america/new_york", "America/New_York"),
        ("Paris", "Europe/Paris"),  # a city only one zone has
        ("new york", "America/New_York"),
        ("Etc/GMT-1", "Etc/GMT-1"),
        ("Japan", "Japan"),
    ],
)
def test_a_zone_is_found_whatever_its_case(typed: str, zone: str) -> None:
    assert find_zone(typed) == zone


@pytest.mark.parametrize("typed", ["UTC", "utc", "GMT", "Z", "Etc/UTC", "none", "Zulu"])
def test_utc_means_no_zone(typed: str) -> None:
    assert find_zone(typed) is None


@pytest.mark.parametrize(
    ("typed", "suggested"),
    [
        ("CET", "Europe/Paris"),
        ("est", "America/New_York"),
        ("PST", "America/Los_Angeles"),
        ("CST", "Asia/Shanghai"),
        ("EST5EDT", "America/New_York"),
    ],
)
def test_an_abbreviation_is_refused_with_the_zones_it_means(typed: str, suggested: str) -> None:
    with pytest.raises(ZoneError, match="abbreviation") as error:
        find_zone(typed)
    assert suggested in str(error.value)


@pytest.mark.parametrize("typed", ["UTC+1", "+02:00", "GMT-5"])
def test_an_offset_is_refused(typed: str) -> None:
    with pytest.raises(ZoneError, match="offset, which ignores summer time"):
        find_zone(typed)


@pytest.mark.parametrize(
    ("typed", "suggested"),
    [("Europe/Pariss", "Europe/Paris"), ("Europa/Berlin", "Europe/Berlin"), ("Parris", "Paris")],
)
def test_a_misspelt_zone_is_refused_naming_close_ones(typed: str, suggested: str) -> None:
    with pytest.raises(ZoneError, match="did you mean") as error:
        find_zone(typed)
    assert suggested in str(error.value)


def test_nonsense_is_refused_with_an_example() -> None:
    with pytest.raises(ZoneError, match="write an IANA zone like Europe/Paris"):
        find_zone("qqqqqqqqqqqq")
    with pytest.raises(ZoneError, match="name a time zone"):
        find_zone("  ")


def test_utc_keeps_the_judges_style() -> None:
    assert show_time(WINTER, None) == "Fri Nov 27 2026 18:00 UTC"
    assert show_time(datetime(2026, 12, 1, 18, tzinfo=UTC), None) == (
        "Tue Dec  1 2026 18:00 UTC"
    )


def test_a_zone_shows_its_abbreviation_and_its_name() -> None:
    assert show_time(WINTER, "Europe/Paris") == "Fri Nov 27 2026 19:00 CET (Europe/Paris)"
    assert show_time(SUMMER, "Europe/Paris") == "Wed Jul  1 2026 20:00 CEST (Europe/Paris)"
    assert show_time(WINTER, "America/New_York") == (
        "Fri Nov 27 2026 13:00 EST (America/New_York)"
    )
    # the day changes with the zone
    assert show_time(WINTER, "Asia/Tokyo") == "Sat Nov 28 2026 03:00 JST (Asia/Tokyo)"


def test_an_unknown_stored_zone_falls_back_to_utc() -> None:
    assert show_time(WINTER, "Mars/Olympus_Mons") == "Fri Nov 27 2026 18:00 UTC"
