"""By mail on the in-process pipeline: the map's legend says who orders each power.

One server, two games. In the Intimate game (g1) Germany wins Austria, France wins
Italy, and Russia (a tie), England and Turkey are in anarchy: the bid results map
names, beside each mercenary, `by Germany`, `by France` or `anarchy`. In the
Taskdip game (g2, two players, the `TWO_PLAYERS` lot) each power is shown with the
other powers its player holds, and after Austria violates Italy's neutrality, Italy
with the powers of the player it was allotted to.

The legend is text drawn in the PNG, so the test draws the same board (from the
judge's database: the board after the phase and its orders) with the legend notes it
expects, written out here, and asks for the attached picture to be exactly that one;
the same board with no notes must differ, so the check can fail.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Mapping
from email.message import EmailMessage
from typing import Any

from PIL import Image, ImageChops
from support.e2e.pipeline_judge import ByMail
from support.service.taskdip_scenario import TWO_PLAYERS, find_seed, lot, seat_orders, set_seed

from judge.service.maps.mail_maps import draw_job, map_job
from judge.store import games as store
from judge.store.db import make_engine, make_session_factory
from judge.variants.registry import default_registry

MASTER, OBSERVER = "gm@example.org", "watcher@example.org"
ANN, BOB = "ann@example.org", "bob@example.org"


def _results_map(judge: ByMail, game: str, phase: str) -> bytes:
    """The map attached to the observer's results mail of `phase`."""
    subject = f"TEST:{game} - {phase} Results"

    def found(mails: list[EmailMessage]) -> list[EmailMessage]:
        return [m for m in mails if m["Subject"] == subject and m["To"] == OBSERVER]

    (mail,) = judge.wait_for(found, subject)
    (picture,) = list(mail.iter_attachments())
    assert picture.get_filename() == f"{game}-{phase}.png"
    return bytes(picture.get_content())


def _pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _same(a: bytes, b: bytes) -> bool:
    return ImageChops.difference(_pixels(a), _pixels(b)).getbbox() is None


def _assert_legend(
    database_url: str, game: str, phase: str, png: bytes, notes: Mapping[str, str]
) -> None:
    """`png` is the phase's map with exactly these legend notes (and not without them)."""
    engine = make_engine(database_url)
    try:
        with make_session_factory(engine)() as session:
            row = store.get_game(session, game)
            assert row is not None
            job = map_job(session, default_registry(), row, phase)
    finally:
        engine.dispose()
    expected = draw_job(dataclasses.replace(job, notes=tuple(sorted(notes.items()))))
    as_expected = _same(png, expected)
    assert as_expected, f"{game} {phase}: the legend is not {dict(notes)}"
    without_notes = _same(png, draw_job(dataclasses.replace(job, notes=())))
    assert not without_notes, f"{game} {phase}: the legend has no notes"


def _intimate_legend(judge: ByMail, database_url: str) -> None:
    judge.send(MASTER, "CREATE g1 gmpass intimate")
    judge.send(OBSERVER, "OBSERVE g1 look")
    judge.send(ANN, "SIGNON ?g1 annpw\nPREFERENCES GERMANY")
    judge.send(BOB, "SIGNON ?g1 bobpw\nPREFERENCES FRANCE")
    judge.send(ANN, "SIGNON Gg1 annpw\nBID AUSTRIA 5\nRussia 2\nSET NOWAIT")
    judge.send(BOB, "SIGNON Fg1 bobpw\nItaly 4\nBID RUSSIA 2\nSET NOWAIT")
    png = _results_map(judge, "g1", "S1901B")
    notes = {"AUSTRIA": "by Germany", "ITALY": "by France"}
    notes |= dict.fromkeys(("ENGLAND", "RUSSIA", "TURKEY"), "anarchy")
    _assert_legend(database_url, "g1", "S1901B", png, notes)


def _taskdip_legend(judge: ByMail, database_url: str) -> None:
    judge.send(MASTER, "CREATE g2 gmpass taskdip\nSET PLAYERS 2")
    judge.send(OBSERVER, "OBSERVE g2 look")
    seed = find_seed(TWO_PLAYERS)
    engine = make_engine(database_url)
    try:
        set_seed(make_session_factory(engine), "g2", seed)
    finally:
        engine.dispose()
    held = lot(seed, 2).snapshot.data["players"]
    first, second = list(held["0"]), list(held["1"])  # the lot, in join order
    joined = {ANN: ("annpw", first), BOB: ("bobpw", second)}
    for address, (password, _) in joined.items():
        judge.send(address, f"SIGNON ?g2 {password}")
    status = _status(judge, "g2")
    for address, (password, powers) in joined.items():
        lines = seat_orders(TWO_PLAYERS, "S1901M", powers, status)
        judge.send(address, "\n".join([f"SIGNON {powers[0][0]}g2 {password}", *lines]))
    png = _results_map(judge, "g2", "S1901M")
    a, b = (p.title() for p in first)
    russia_side = [p.title() for p in second]  # Russia and Germany, then Italy allotted
    notes = {first[0]: f"with {b}", first[1]: f"with {a}"}
    for power in [*second, "ITALY"]:
        others = [p for p in [*russia_side, "Italy"] if p != power.title()]
        notes[power] = "with " + ", ".join(others)
    _assert_legend(database_url, "g2", "S1901M", png, notes)


def _status(judge: ByMail, game: str) -> dict[str, Any]:
    return judge.status(game)


def test_the_map_legend_names_who_orders_each_mercenary_and_each_taskdip_players_powers(
    pipeline_judge: ByMail, database_url: str
) -> None:
    _intimate_legend(pipeline_judge, database_url)
    _taskdip_legend(pipeline_judge, database_url)
