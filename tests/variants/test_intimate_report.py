"""The text lines for the Intimate parts of a results mail."""

from __future__ import annotations

from judge.variants.intimate.report import format_income, format_popularity, format_report


def test_income_lines_show_old_plus_centres_equals_new() -> None:
    rows = [{"player": "FRANCE", "old": 15, "centres": 5, "per_centre": 1, "new": 20,
             "currency": "credits"},
            {"player": "ENGLAND", "old": 30, "centres": 5, "per_centre": 4, "new": 50,
             "currency": "points"}]
    assert format_income(rows) == [
        "France: 15 + 5 = 20 credits.",
        "England: 30 + 4 x 5 = 50 points.",
    ]


def test_popularity_lines_give_the_change_and_its_cause() -> None:
    rows = [{"player": "FRANCE", "rule": "i", "percent": -30, "centre": "VIE",
             "cause": "France took Vienna, a home centre of Austria, which France controlled",
             "old": 45, "new": 32}]
    assert format_popularity(rows) == [
        "France: 45 - 30% = 32 points (France took Vienna, a home centre of Austria, "
        "which France controlled).",
    ]


def test_format_report_joins_the_sections_present_with_blank_lines() -> None:
    public = {
        "income": [{"player": "FRANCE", "old": 1, "centres": 2, "per_centre": 1, "new": 3,
                    "currency": "credits"}],
        "victory": {"winner": "FRANCE", "text": "France occupies LON."},
    }
    assert format_report(public) == ["France: 1 + 2 = 3 credits.", "", "France occupies LON."]


def test_format_report_of_a_phase_without_intimate_news_is_empty() -> None:
    assert format_report({}) == []


def test_the_report_names_the_judges_default_orders_and_the_phases_run_at_once() -> None:
    public = {
        "default_orders": [{"power": "ITALY", "order": "A NAP B", "reason": "missing build"}],
        "auto_processed": ["F1901R", "W1901A"],
    }
    assert format_report(public) == [
        "The judge ordered for Italy: A NAP B (missing build).",
        "",
        "Processed at once, nobody having anything to order: F1901R, W1901A.",
    ]
