"""Intimate in the zine: bid results and control, and never a bid before its bid results."""

from __future__ import annotations

from support.zine.pages import phase_ids, text_of
from support.zine.recorder import Recorder
from support.zine.standard_game import PageOf


def _game(recorder: Recorder) -> tuple[str, str]:
    """`i1`: France (first seat) against England; returns the two seats."""
    assert recorder.create("i1", "intimate", [("FRANCE",), ("ENGLAND",)]) == {
        "1": ("FRANCE",), "2": ("ENGLAND",),
    }
    france, england = recorder.seats("i1")
    return france, england


def test_sealed_bids_stay_off_the_page_until_the_bid_phase_is_processed(
    recorder: Recorder, page_of: PageOf
) -> None:
    _game(recorder)
    recorder.send_orders("i1", "FRANCE", ["BID AUSTRIA 17"])
    page = text_of(page_of("i1"))
    assert "bids" not in page.lower()
    assert "17" not in page
    assert phase_ids(page) == []


def test_the_bid_results_control_and_treasury_follow_the_bid_phase(
    recorder: Recorder, page_of: PageOf
) -> None:
    france, england = _game(recorder)
    recorder.play("i1", bids={france: {"AUSTRIA": 5, "ITALY": 3}, england: {"AUSTRIA": 4}})
    page = text_of(page_of("i1"))
    bids = page[page.index('id="S1901B"'):]
    for line in (
        "England bids 4 for Austria. (*failed*)",
        "France bids 5 for Austria.",
        "France&#39;s successful bids total 8.",
        "Austria: controlled by France.",
        "Germany: anarchy.",
        "France: 20 - 8 = 12 credits.",
    ):
        assert f"<li>{line}</li>" in bids
    assert "<h4>Control for the year</h4>" in bids


def test_next_years_bids_stay_hidden_while_last_years_results_show(
    recorder: Recorder, page_of: PageOf
) -> None:
    france, england = _game(recorder)
    recorder.play("i1", bids={france: {"AUSTRIA": 5}, england: {}})
    recorder.play("i1", orders={france: ["A PAR-BUR", "A VIE-GAL"], england: ["F LON-NTH"]})
    recorder.play("i1", orders={france: ["A BUR-BEL"]})
    while recorder.board("i1").phase.code != "S1902B":
        recorder.play("i1")
    recorder.send_orders("i1", "ENGLAND", ["BID GERMANY 13"])
    page = text_of(page_of("i1"))
    assert "France bids 5 for Austria." in page
    assert "13" not in page
    assert "England: 20 + 3 = 23 credits." in page  # the fall income
    assert phase_ids(page)[0] == "S1901B" and "S1902B" not in phase_ids(page)
