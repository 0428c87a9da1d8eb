"""Sealed bids: who wins control, what each player pays, overbids, and the bid report."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from judge.variants.base import Refused
from judge.variants.intimate.bids import (
    BidResolution,
    bid_acknowledgement,
    check_bid,
    clean_bids,
    half_price,
    resolve_bids,
)
from judge.variants.intimate.report import format_bid_report
from judge.variants.intimate.rulesets import INTIMATE, INTIMATE_2000, PROPAGANDA, Ruleset
from judge.wording.readers import DEFAULT_READER
from judge.wording.templates import render_macro

MERCS = ("AUSTRIA", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
HOMES = ("ENGLAND", "FRANCE")
CREDIT_RULESETS = pytest.mark.parametrize(
    "ruleset", [INTIMATE, INTIMATE_2000], ids=lambda r: r.name
)


def said(refusal: object) -> str:
    """A variant's refusal as the English reply says it."""
    assert isinstance(refusal, Refused), refusal
    return render_macro("notes.txt.j2", refusal.key, DEFAULT_READER, **refusal.params)


def resolve(
    ruleset: Ruleset, treasury: dict[str, int], france: dict[str, int], england: dict[str, int]
) -> BidResolution:
    return resolve_bids(ruleset, treasury, {"FRANCE": france, "ENGLAND": england}, MERCS)


def fates(report: Mapping[str, Any]) -> dict[tuple[str, str], str]:
    return {(e["player"], e["power"]): e["result"] for e in report["bids"]}


# --- intimate and intimate-2000 -------------------------------------------------------


@CREDIT_RULESETS
def test_highest_bid_wins_and_only_winning_bids_are_paid(ruleset: Ruleset) -> None:
    got = resolve(ruleset, {"FRANCE": 20, "ENGLAND": 20},
                  {"AUSTRIA": 5, "ITALY": 2}, {"AUSTRIA": 3, "RUSSIA": 4})
    assert got.control == {
        "AUSTRIA": "FRANCE", "GERMANY": None, "ITALY": "FRANCE",
        "RUSSIA": "ENGLAND", "TURKEY": None,
    }
    assert got.treasury == {"FRANCE": 13, "ENGLAND": 16}
    assert fates(got.report)[("ENGLAND", "AUSTRIA")] == "failed"


@CREDIT_RULESETS
def test_equal_bids_leave_the_power_in_anarchy_and_cost_nothing(ruleset: Ruleset) -> None:
    got = resolve(ruleset, {"FRANCE": 20, "ENGLAND": 20}, {"GERMANY": 6}, {"GERMANY": 6})
    assert got.control["GERMANY"] is None
    assert got.treasury == {"FRANCE": 20, "ENGLAND": 20}
    assert set(fates(got.report).values()) == {"tied"}


@CREDIT_RULESETS
def test_no_bids_at_all_leave_every_mercenary_in_anarchy(ruleset: Ruleset) -> None:
    got = resolve(ruleset, {"FRANCE": 20, "ENGLAND": 20}, {}, {})
    assert set(got.control.values()) == {None}
    assert got.report["bids"] == []


@CREDIT_RULESETS
def test_successful_bids_equal_to_the_treasury_are_not_an_overbid(ruleset: Ruleset) -> None:
    got = resolve(ruleset, {"FRANCE": 10, "ENGLAND": 20}, {"AUSTRIA": 6, "ITALY": 4}, {})
    assert got.treasury["FRANCE"] == 0
    assert got.control["AUSTRIA"] == got.control["ITALY"] == "FRANCE"


@CREDIT_RULESETS
def test_losing_bids_do_not_count_towards_an_overbid(ruleset: Ruleset) -> None:
    got = resolve(ruleset, {"FRANCE": 10, "ENGLAND": 30},
                  {"AUSTRIA": 8, "ITALY": 9}, {"ITALY": 12})
    assert got.control["AUSTRIA"] == "FRANCE"
    assert got.treasury == {"FRANCE": 2, "ENGLAND": 18}


def test_half_price_rounds_up_per_power_then_sums() -> None:
    # The intimate-2000 text's own example: 4, 3 and 1 cost 2 + 2 + 1 = 5, not 4.
    assert half_price({"GERMANY": 4, "ITALY": 3, "RUSSIA": 1}) == 5


@CREDIT_RULESETS
def test_overbid_loses_the_treasury_and_the_opponent_takes_its_bids_at_half_price(
    ruleset: Ruleset,
) -> None:
    got = resolve(
        ruleset, {"FRANCE": 10, "ENGLAND": 20},
        {"GERMANY": 8, "AUSTRIA": 7},
        {"GERMANY": 4, "ITALY": 3, "RUSSIA": 1},
    )
    assert got.treasury == {"FRANCE": 0, "ENGLAND": 15}
    assert got.control == {
        "AUSTRIA": None, "GERMANY": "ENGLAND", "ITALY": "ENGLAND",
        "RUSSIA": "ENGLAND", "TURKEY": None,
    }
    assert fates(got.report)[("FRANCE", "GERMANY")] == "void"
    assert fates(got.report)[("ENGLAND", "ITALY")] == "half"
    assert {t["player"]: t["overbid"] for t in got.report["totals"]} == {
        "ENGLAND": False, "FRANCE": True,
    }


@CREDIT_RULESETS
def test_opponent_who_cannot_pay_the_half_price_goes_to_zero_and_all_is_anarchy(
    ruleset: Ruleset,
) -> None:
    got = resolve(
        ruleset, {"FRANCE": 10, "ENGLAND": 4},
        {"GERMANY": 11},
        {"GERMANY": 4, "ITALY": 3, "RUSSIA": 1},
    )
    assert got.treasury == {"FRANCE": 0, "ENGLAND": 0}
    assert set(got.control.values()) == {None}
    assert set(fates(got.report).values()) == {"void"}


@CREDIT_RULESETS
def test_opponent_who_can_just_pay_the_half_price_keeps_the_rest(ruleset: Ruleset) -> None:
    got = resolve(ruleset, {"FRANCE": 10, "ENGLAND": 5}, {"GERMANY": 11},
                  {"GERMANY": 4, "ITALY": 3, "RUSSIA": 1})
    assert got.treasury == {"FRANCE": 0, "ENGLAND": 0}
    assert got.control["RUSSIA"] == "ENGLAND"


@CREDIT_RULESETS
def test_both_players_overbidding_lose_everything_and_all_is_anarchy(ruleset: Ruleset) -> None:
    got = resolve(ruleset, {"FRANCE": 5, "ENGLAND": 5},
                  {"GERMANY": 6, "ITALY": 1}, {"AUSTRIA": 9})
    assert got.treasury == {"FRANCE": 0, "ENGLAND": 0}
    assert set(got.control.values()) == {None}
    assert all(t["overbid"] for t in got.report["totals"])


# --- propaganda -----------------------------------------------------------------------


def test_propaganda_every_bid_is_paid_won_or_lost() -> None:
    got = resolve(PROPAGANDA, {"FRANCE": 40, "ENGLAND": 50},
                  {"AUSTRIA": 5, "ITALY": 2}, {"AUSTRIA": 3, "ITALY": 2})
    assert got.control["AUSTRIA"] == "FRANCE"
    assert got.control["ITALY"] is None
    assert got.treasury == {"FRANCE": 33, "ENGLAND": 45}


def test_propaganda_overbid_loses_half_the_points_rounded_down_and_voids_the_bids() -> None:
    got = resolve(PROPAGANDA, {"FRANCE": 45, "ENGLAND": 40},
                  {"AUSTRIA": 30, "ITALY": 16}, {"AUSTRIA": 3})
    assert got.treasury == {"FRANCE": 23, "ENGLAND": 37}
    assert got.control["AUSTRIA"] == "ENGLAND"
    assert got.control["ITALY"] is None
    assert fates(got.report)[("FRANCE", "AUSTRIA")] == "void"


def test_propaganda_counts_all_bids_for_the_overbid_not_only_successful_ones() -> None:
    got = resolve(PROPAGANDA, {"FRANCE": 10, "ENGLAND": 40},
                  {"AUSTRIA": 6, "ITALY": 5}, {"AUSTRIA": 20, "ITALY": 20})
    assert got.treasury["FRANCE"] == 5


def test_propaganda_both_players_overbidding_each_lose_half() -> None:
    got = resolve(PROPAGANDA, {"FRANCE": 41, "ENGLAND": 40}, {"AUSTRIA": 42}, {"ITALY": 41})
    assert got.treasury == {"FRANCE": 21, "ENGLAND": 20}
    assert set(got.control.values()) == {None}


# --- single bids and the acknowledgement ------------------------------------------------


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        (("FRANCE", 3), "home power"),
        (("ATLANTIS", 3), "not a power"),
        (("AUSTRIA", -1), "whole number"),
        (("AUSTRIA", True), "whole number"),
        (("AUSTRIA", "3"), "whole number"),
        ("AUSTRIA 3", "a power and an amount"),
    ],
)
def test_check_bid_refuses(value: object, fragment: str) -> None:
    refusal = check_bid(value, MERCS, HOMES)
    assert refusal is not None and fragment in said(refusal)


@pytest.mark.parametrize("value", [("AUSTRIA", 3), ("a", 0), ["Turkey", 12]])
def test_check_bid_accepts_a_mercenary_and_a_whole_amount(value: object) -> None:
    assert check_bid(value, MERCS, HOMES) is None


def test_clean_bids_keeps_positive_bids_for_mercenaries_only() -> None:
    assert clean_bids({"AUSTRIA": 3, "ITALY": 0, "FRANCE": 5, "r": 2}, MERCS) == {
        "AUSTRIA": 3, "RUSSIA": 2,
    }


def test_acknowledgement_lists_bids_and_total_without_warning_within_the_treasury() -> None:
    ack = bid_acknowledgement(INTIMATE, 20, {"ITALY": 4, "AUSTRIA": 5, "TURKEY": 0})
    assert ack == {"bids": {"AUSTRIA": 5, "ITALY": 4}, "total": 9, "treasury": 20,
                   "currency": "credits", "warning": None, "overbid": None}


def test_acknowledgement_warns_when_the_total_exceeds_the_credits() -> None:
    ack = bid_acknowledgement(INTIMATE_2000, 20, {"ITALY": 14, "AUSTRIA": 7})
    assert ack["warning"] is not None and "overbid" in ack["warning"]


def test_propaganda_acknowledgement_says_the_bids_will_be_void() -> None:
    ack = bid_acknowledgement(PROPAGANDA, 40, {"ITALY": 41})
    assert "your bids will be void" in ack["warning"]


# --- report layout ------------------------------------------------------------------------


def test_bid_report_lines_show_every_bid_totals_control_and_treasury() -> None:
    got = resolve(INTIMATE, {"FRANCE": 20, "ENGLAND": 20},
                  {"AUSTRIA": 5, "GERMANY": 2}, {"AUSTRIA": 3, "GERMANY": 2})
    assert format_bid_report(got.report) == [
        "England bids 3 for Austria. (*failed*)",
        "France bids 5 for Austria.",
        "England bids 2 for Germany. (*failed*)",
        "France bids 2 for Germany. (*failed*)",
        "",
        "England's successful bids total 0.",
        "France's successful bids total 5.",
        "",
        "Austria: controlled by France.",
        "Germany: anarchy.",
        "Italy: anarchy.",
        "Russia: anarchy.",
        "Turkey: anarchy.",
        "",
        "England: 20 - 0 = 20 credits.",
        "France: 20 - 5 = 15 credits.",
    ]


def test_bid_report_marks_the_overbid_and_the_half_price() -> None:
    got = resolve(INTIMATE, {"FRANCE": 4, "ENGLAND": 20}, {"AUSTRIA": 5}, {"ITALY": 3})
    lines = format_bid_report(got.report)
    assert "France bids 5 for Austria. (*void*)" in lines
    assert "England bids 3 for Italy. (*half price: 2*)" in lines
    assert "France's successful bids total 5. (*Overbid*)" in lines
    assert "France: 4 - 4 = 0 credits. (overbid: treasury lost)" in lines
