"""Every game mail is rendered for its reader: a player's own time zone, else UTC.

The mechanism (`broadcast` with a body per `Reader`) is shared by the results,
announcements, start, reminder and game-over mails; a shared text is still built
once per distinct reader, not once per address.
"""

from __future__ import annotations

from sqlalchemy import select
from support.service.harness import JudgeHarness, body_of

from judge.store.models import Player as PlayerRow


def _set_zone(judge: JudgeHarness, address: str, zone: str) -> None:
    with judge.sessions.begin() as session:
        for row in session.scalars(select(PlayerRow).where(PlayerRow.address == address)):
            row.timezone = zone


def test_a_deadline_announcement_shows_each_readers_zone(judge: JudgeHarness) -> None:
    players = judge.start_game(count=7)
    paris = players["France"].address
    _set_zone(judge, paris, "Europe/Paris")
    mails = judge.send(
        "gm@example.org", "SIGNON Mg1 gmpass\nSET DEADLINE 2030-01-15T18:00Z"
    )
    by_reader = {m["To"]: body_of(m) for m in mails if "Deadline Changed" in m["Subject"]}
    assert "Tue Jan 15 2030 19:00 CET (Europe/Paris)" in by_reader[paris]
    assert "18:00 UTC" not in by_reader[paris]
    england = players["England"].address
    assert "Tue Jan 15 2030 18:00 UTC" in by_reader[england]
    assert "Europe/Paris" not in by_reader[england]


def test_results_headers_show_the_next_deadline_in_the_readers_zone(
    judge: JudgeHarness,
) -> None:
    players = judge.start_game(count=7)
    tokyo = players["Italy"].address
    _set_zone(judge, tokyo, "Asia/Tokyo")
    mails = judge.play_phase()
    results = {m["To"]: body_of(m) for m in mails if m["Subject"].endswith("Results")}
    assert "JST (Asia/Tokyo)" in results[tokyo]
    others = [body for address, body in results.items() if address != tokyo]
    assert others and all("Asia/Tokyo" not in body for body in others)
    assert all(" UTC" in body for body in others)
