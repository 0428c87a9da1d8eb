"""Maps in the mail: the PNG on results mails, SET MAPS OFF/ON, MAP game, and
Taskdip's neutrals drawn neutral (nothing about who holds them leaks)."""

from __future__ import annotations

import io
from email.message import EmailMessage
from typing import Any

import pytest
from PIL import Image
from support.service.harness import JudgeHarness, body_of
from support.service.intimate_game import bid, start_intimate
from support.service.taskdip_scenario import TWO_PLAYERS, find_seed, seat_orders, set_seed

from judge.render import default_renderer, unit_point
from judge.render.palette import NEUTRAL_POWER, RGB, power_colour
from judge.render.phase_map import phase_png
from judge.service.maps import mail_maps
from judge.store import games as store

MASTER = "gm@example.org"
OBSERVER = "watcher@example.org"


def _results(mails: list[EmailMessage], phase: str) -> list[EmailMessage]:
    return [m for m in mails if m["Subject"] == f"TEST:g1 - {phase} Results"]


def _attachments(mail: EmailMessage) -> list[EmailMessage]:
    return list(mail.iter_attachments())


def _png(part: EmailMessage) -> Image.Image:
    image = Image.open(io.BytesIO(part.get_content()))
    assert image.format == "PNG"
    return image.convert("RGB")


def _near(image: Image.Image, at: tuple[float, float], colour: RGB, radius: int = 7) -> int:
    """How many pixels within `radius` of `at` have exactly `colour`."""
    x0, y0 = round(at[0]), round(at[1])
    return sum(
        1
        for dx in range(-radius, radius + 1)
        for dy in range(-radius, radius + 1)
        if dx * dx + dy * dy <= radius * radius and image.getpixel((x0 + dx, y0 + dy)) == colour
    )


def _master(judge: JudgeHarness, *lines: str) -> EmailMessage:
    return judge.reply(MASTER, "\n".join(["SIGNON Mg1 gmpass", *lines]))


# --- results mails ---------------------------------------------------------------------


def test_a_results_mail_is_multipart_with_the_text_first_and_the_map_attached(
    judge: JudgeHarness,
) -> None:
    judge.start_game()
    results = _results(judge.play_phase(), "S1901M")
    assert len(results) == 8
    for mail in results:
        assert mail.get_content_type() == "multipart/mixed"
        parts = list(mail.iter_parts())
        assert [p.get_content_type() for p in parts] == ["text/plain", "image/png"]
        assert body_of(mail).startswith(":: Judge: TEST  Game: g1  Variant: Standard\n")
        (image,) = _attachments(mail)
        assert image.get_content_disposition() == "attachment"
        assert image.get_filename() == "g1-S1901M.png"
        assert 'filename="g1-S1901M.png"' in str(image["Content-Disposition"])
        assert _png(image).size == default_renderer().size(1000)


def test_the_results_map_shows_the_board_after_the_phase(judge: JudgeHarness) -> None:
    judge.start_game()
    (mail, *_) = _results(judge.play_phase(), "S1901M")
    image = _png(_attachments(mail)[0])
    assert _near(image, unit_point("BUR"), power_colour("FRANCE")) > 30  # A PAR-BUR
    assert _near(image, unit_point("PAR"), power_colour("FRANCE")) == 0


def test_the_map_is_drawn_once_per_phase_and_every_reader_gets_the_same_picture(
    judge: JudgeHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[Any] = []
    draw = phase_png

    def counted(*args: Any, **kwargs: Any) -> bytes:
        calls.append(args[0])
        return draw(*args, **kwargs)

    monkeypatch.setattr(mail_maps, "phase_png", counted)
    judge.start_game()
    results = _results(judge.play_phase(), "S1901M")
    assert [str(phase) for phase in calls] == ["S1901M"]
    assert len({_attachments(m)[0].get_content() for m in results}) == 1


def test_a_results_map_that_fails_to_draw_leaves_the_results_as_plain_text(
    judge: JudgeHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> bytes:
        raise RuntimeError("no ink")

    monkeypatch.setattr(mail_maps, "phase_png", broken)
    judge.start_game()
    results = _results(judge.play_phase(), "S1901M")
    assert len(results) == 8
    assert all(m.get_content_type() == "text/plain" for m in results)


# --- SET MAPS ----------------------------------------------------------------------------


def test_set_maps_off_makes_the_next_results_plain_text_and_on_brings_the_map_back(
    judge: JudgeHarness,
) -> None:
    judge.start_game()
    assert "Maps set to off." in body_of(_master(judge, "SET MAPS OFF"))
    plain = _results(judge.play_phase(), "S1901M")
    assert plain and all(m.get_content_type() == "text/plain" for m in plain)
    assert all(not _attachments(m) for m in plain)
    _master(judge, "SET MAPS ON")
    again = _results(judge.play_phase(), "F1901M")
    assert again and all(m.get_content_type() == "multipart/mixed" for m in again)
    assert _attachments(again[0])[0].get_filename() == "g1-F1901M.png"


@pytest.mark.parametrize(
    "mail", ["CREATE g1 gmpass standard MAPS OFF", "CREATE g1 gmpass standard\nSET MAPS OFF"]
)
def test_maps_may_be_turned_off_at_create(judge: JudgeHarness, mail: str) -> None:
    assert "No errors found" in body_of(judge.reply(MASTER, mail))
    with judge.sessions() as session:
        game = store.get_game(session, "g1")
        assert game is not None and not mail_maps.maps_on(game)


def test_set_maps_needs_the_master(judge: JudgeHarness) -> None:
    judge.start_game()
    player = judge.players["France"]
    reply = judge.reply(player.address, f"SIGNON Fg1 {player.password}\nSET MAPS OFF")
    assert "Only the master of 'g1' may do that." in body_of(reply)
    results = _results(judge.play_phase(), "S1901M")
    assert all(m.get_content_type() == "multipart/mixed" for m in results)


# --- MAP game ----------------------------------------------------------------------------


def test_map_returns_the_current_board_as_a_png_attached_to_the_reply(
    judge: JudgeHarness,
) -> None:
    judge.start_game()
    judge.play_phase()
    reply = judge.reply("someone@example.org", "MAP g1")
    assert [p.get_content_type() for p in reply.iter_parts()] == ["text/plain", "image/png"]
    assert "The map of 'g1' is attached (g1-F1901M.png)." in body_of(reply)
    assert "No errors found" in body_of(reply)
    (part,) = _attachments(reply)
    assert part.get_filename() == "g1-F1901M.png"
    image = _png(part)
    assert image.size == default_renderer().size(1000)
    assert _near(image, unit_point("BUR"), power_colour("FRANCE")) > 30


def test_map_answers_even_when_the_results_maps_are_off(judge: JudgeHarness) -> None:
    judge.start_game()
    _master(judge, "SET MAPS OFF")
    reply = judge.reply("someone@example.org", "MAP g1")
    assert _attachments(reply)[0].get_filename() == "g1-S1901M.png"


def test_map_of_a_forming_or_unknown_game_is_refused_without_an_attachment(
    judge: JudgeHarness,
) -> None:
    judge.reply(MASTER, "CREATE g1 gmpass standard")
    reply = judge.reply("someone@example.org", "MAP g1\nMAP nosuch")
    text = body_of(reply)
    assert "Game 'g1' has not started yet." in text
    assert "There is no game called 'nosuch'" in text
    assert reply.get_content_type() == "text/plain"


def test_two_map_lines_for_one_game_attach_one_map(judge: JudgeHarness) -> None:
    judge.start_game()
    reply = judge.reply("someone@example.org", "MAP g1\nMAP g1")
    assert len(_attachments(reply)) == 1


# --- secret variants ---------------------------------------------------------------------


def _start_taskdip(judge: JudgeHarness) -> list[tuple[str, str]]:
    """TWO_PLAYERS: Italy and two of England, France, Turkey start neutral."""
    judge.reply(MASTER, "CREATE g1 gmpass taskdip\nSET PLAYERS 2")
    judge.reply(OBSERVER, "OBSERVE g1 look")
    set_seed(judge.sessions, "g1", find_seed(TWO_PLAYERS))
    joined = [(f"p{i}@example.org", f"pw{i}") for i in range(2)]
    for address, password in joined:
        judge.reply(address, f"SIGNON ?g1 {password}")
    return joined


def _play_taskdip(judge: JudgeHarness, joined: list[tuple[str, str]]) -> list[EmailMessage]:
    status = judge.status()
    mails: list[EmailMessage] = []
    for address, password in joined:
        powers = next(p["powers"] for p in status["players"] if p["address"] == address)
        lines = seat_orders(TWO_PLAYERS, status["phase"], powers, status)
        mails += judge.send(address, "\n".join([f"SIGNON {powers[0][0]}g1 {password}", *lines]))
    return mails


def _neutral_units(status: dict[str, Any]) -> dict[str, list[str]]:
    held = {power for p in status["players"] for power in p["powers"]}
    return {
        power: [unit.split()[1] for unit in entry["units"]]
        for power, entry in status["powers"].items()
        if power not in held
    }


def test_a_taskdip_map_draws_the_neutral_powers_units_in_the_neutral_colour(
    judge: JudgeHarness,
) -> None:
    _start_taskdip(judge)
    neutral = _neutral_units(judge.status())
    assert "ITALY" in neutral and len(neutral) == 3
    image = _png(_attachments(judge.reply("someone@example.org", "MAP g1"))[0])
    for power, provinces in neutral.items():
        for province in provinces:
            assert _near(image, unit_point(province), NEUTRAL_POWER) > 30, (power, province)
            assert _near(image, unit_point(province), power_colour(power)) == 0
    assert _near(image, unit_point("VIE"), power_colour("AUSTRIA")) > 30


def test_a_taskdip_results_map_is_the_same_for_everyone_and_colours_an_allotted_neutral(
    judge: JudgeHarness,
) -> None:
    joined = _start_taskdip(judge)
    results = _results(_play_taskdip(judge, joined), "S1901M")
    assert {m["To"] for m in results} >= {MASTER, OBSERVER, *(a for a, _ in joined)}
    pictures = {_attachments(m)[0].get_content() for m in results}
    assert len(pictures) == 1  # nothing seat-specific (a task, a holding) is drawn
    image = _png(_attachments(results[0])[0])
    still_neutral = _neutral_units(judge.status())
    assert "ITALY" not in still_neutral  # Austria violated Italy: Italy was allotted
    assert _near(image, unit_point("ROM"), power_colour("ITALY")) > 30
    for provinces in still_neutral.values():
        for province in provinces:
            assert _near(image, unit_point(province), NEUTRAL_POWER) > 30


def test_an_intimate_bid_results_map_is_the_same_for_everyone(judge: JudgeHarness) -> None:
    start_intimate(judge)
    bid(judge, "Germany", "BID AUSTRIA 5")
    france = judge.players["France"]
    mails = judge.send(france.address, f"SIGNON Fg1 {france.password}\nBID ITALY 3\nSET NOWAIT")
    results = _results(mails, "S1901B")
    assert {m["To"] for m in results} == {MASTER, OBSERVER, "p0@example.org", "p1@example.org"}
    assert len({_attachments(m)[0].get_content() for m in results}) == 1
    assert _attachments(results[0])[0].get_filename() == "g1-S1901B.png"
