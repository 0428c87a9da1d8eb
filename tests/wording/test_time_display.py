"""A moment in mail: the judges' UTC style, or the reader's zone with its name."""

from __future__ import annotations

from datetime import UTC, datetime

from judge.wording.readers import Reader
from judge.wording.templates import environment
from judge.wording.time_display import show_time

WINTER = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
SUMMER = datetime(2026, 7, 1, 18, 0, tzinfo=UTC)


def test_utc_keeps_the_judges_style() -> None:
    assert show_time(WINTER) == "Tue Dec  1 2026 18:00 UTC"
    assert show_time(WINTER, "UTC") == "Tue Dec  1 2026 18:00 UTC"


def test_a_zone_shows_local_time_its_abbreviation_and_its_name() -> None:
    assert show_time(WINTER, "Europe/Paris") == "Tue Dec  1 2026 19:00 CET (Europe/Paris)"
    assert show_time(SUMMER, "Europe/Paris") == "Wed Jul  1 2026 20:00 CEST (Europe/Paris)"
    assert show_time(WINTER, "America/New_York") == (
        "Tue Dec  1 2026 13:00 EST (America/New_York)"
    )


def test_the_local_date_can_differ_from_the_utc_date() -> None:
    late = datetime(2026, 12, 1, 23, 30, tzinfo=UTC)
    assert show_time(late, "Asia/Tokyo") == "Wed Dec  2 2026 08:30 JST (Asia/Tokyo)"


def test_an_unknown_zone_falls_back_to_utc_instead_of_failing_the_mail() -> None:
    assert show_time(WINTER, "Mars/Olympus_Mons") == "Tue Dec  1 2026 18:00 UTC"
    assert show_time(WINTER, "../../etc/passwd") == "Tue Dec  1 2026 18:00 UTC"


def test_the_when_filter_uses_the_reader_the_template_was_rendered_for() -> None:
    template = environment().from_string("{{ moment|when }}|{{ text|when }}|{{ none|when }}")
    paris = Reader(zone="Europe/Paris")
    assert template.render(moment=WINTER, text="as is", none=None, reader=paris) == (
        "Tue Dec  1 2026 19:00 CET (Europe/Paris)|as is|None"
    )
    default = template.render(moment=WINTER, text="x", none=None)
    assert default.startswith("Tue Dec  1 2026 18:00 UTC")


def test_a_french_reader_reads_the_moment_in_french() -> None:
    assert show_time(WINTER, None, "fr") == "mar. 1 déc. 2026 18:00 UTC"
    assert show_time(SUMMER, "Europe/Paris", "fr") == "mer. 1 juil. 2026 20:00 CEST (Europe/Paris)"
    template = environment().from_string("{{ moment|when }}")
    french = Reader(language="fr", zone="Europe/Paris")
    assert template.render(moment=WINTER, reader=french) == (
        "mar. 1 déc. 2026 19:00 CET (Europe/Paris)"
    )
