"""Intimate Diplomacy's report sentences are worded by the templates from the values
the variant hands over: in English exactly as the variant's own English text (kept
for the zine and for reports stored before), and in French for a French reader."""

from __future__ import annotations

from typing import Any

import pytest

from judge.rules.map import load_map
from judge.variants.base import Refused
from judge.variants.intimate.bids import NOTES, bid_acknowledgement, check_bid, resolve_bids
from judge.variants.intimate.income import apply_changes, popularity_changes
from judge.variants.intimate.report import format_report
from judge.variants.intimate.rulesets import RULESETS, TieBreak
from judge.variants.intimate.victory import decide, victory_entry
from judge.wording.readers import DEFAULT_READER, Reader
from judge.wording.templates import render, render_macro

FRENCH = Reader("fr")
MODULE = "_intimate_sentences.txt.j2"
MAP = load_map("standard")
NAMES = {pid: p.name for pid, p in MAP.provinces.items()}
HOMES = ("ENGLAND", "FRANCE")
START = {c: p for p, cs in MAP.home_centers.items() for c in cs}


def say(macro: str, entry: dict[str, Any], reader: Reader) -> str:
    arg = "v" if macro == "victory" else "r"
    return render_macro(MODULE, macro, reader, **{arg: entry})


# --- victory -------------------------------------------------------------------------

VERDICTS = [
    # (tie-break, occupied, money, decided again after)
    (TieBreak.UNTIL_NO_TIE, {"FRANCE": ["LON"], "ENGLAND": []}, None),
    (TieBreak.UNTIL_NO_TIE, {"FRANCE": ["EDI", "LON"], "ENGLAND": []}, None),
    (TieBreak.UNTIL_NO_TIE, {"FRANCE": ["EDI", "LON"], "ENGLAND": ["PAR"]}, None),
    (TieBreak.CREDITS_THEN_NEXT_FALL, {"FRANCE": ["LON"], "ENGLAND": ["PAR"]}, None),
    (TieBreak.POINTS_PLUS_CENTRES, {"FRANCE": ["LON"], "ENGLAND": ["PAR"]}, None),
    (TieBreak.UNTIL_NO_TIE, {"FRANCE": ["LON"], "ENGLAND": ["PAR"]}, None),
    (TieBreak.CREDITS_THEN_NEXT_FALL, {"FRANCE": ["LON"], "ENGLAND": ["BRE"]}, 1905),
]


@pytest.mark.parametrize(("tie_break", "occupied", "again"), VERDICTS)
def test_a_victory_reads_as_before_in_english_and_in_french(
    tie_break: TieBreak, occupied: dict[str, list[str]], again: int | None
) -> None:
    money = {"FRANCE": 12, "ENGLAND": 9} if again is None else {"FRANCE": 9, "ENGLAND": 9}
    verdict = decide(tie_break, occupied, money, NAMES)
    entry = victory_entry(verdict, again if verdict.tied else None)
    assert say("victory", entry, DEFAULT_READER) == entry["text"]
    french = say("victory", entry, FRENCH)
    for english in ("occupies", "invaded", "balance", " tie", "Play", "London", "England"):
        assert english not in french, french


def test_the_french_victory_names_the_centres_and_the_tie_in_french() -> None:
    won = victory_entry(decide(TieBreak.UNTIL_NO_TIE, {"FRANCE": ["LON"], "ENGLAND": []},
                               {}, NAMES))  # fmt: skip
    assert say("victory", won, FRENCH) == (
        "La France occupe un centre d'origine de l'adversaire : Londres."
    )
    tied = decide(TieBreak.CREDITS_THEN_NEXT_FALL, {"FRANCE": ["LON"], "ENGLAND": ["BRE"]},
                  {"FRANCE": 9, "ENGLAND": 9}, NAMES)  # fmt: skip
    assert say("victory", victory_entry(tied, 1905), FRENCH) == (
        "Les deux joueurs ont envahi en même temps et sont à égalité (9 chacun). La partie "
        "continue ; le résultat sera de nouveau décidé après l'automne 1905."
    )


# --- popularity ----------------------------------------------------------------------

CHANGES = [
    ({"AUSTRIA": "FRANCE"}, {**START, "GRE": "AUSTRIA"}, "iii"),
    ({"AUSTRIA": "FRANCE"}, {**START, "VIE": "FRANCE"}, "i"),
    ({"AUSTRIA": "FRANCE"}, {**START, "VIE": "ITALY"}, "ii"),
]


@pytest.mark.parametrize(("control", "end", "rule"), CHANGES)
def test_a_popularity_cause_reads_as_before_in_english_and_in_french(
    control: dict[str, str | None], end: dict[str, str], rule: str
) -> None:
    changes = popularity_changes(HOMES, control, START, end, MAP.home_centers, NAMES)
    _, rows = apply_changes({"FRANCE": 40, "ENGLAND": 40}, changes)
    assert rows and {r["rule"] for r in rows} == {rule}
    for row in rows:
        assert say("cause", row, DEFAULT_READER) == row["cause"]
        french = say("cause", row, FRENCH)
        assert "Autriche" in french and "Vienna" not in french, french
        for english in ("controlled", "captured", "took", "lost", "Austria"):
            assert english not in french, french


def test_the_french_cause_of_a_capture() -> None:
    changes = popularity_changes(HOMES, {"ITALY": "FRANCE"}, START, {**START, "TUN": "ITALY"},
                                 MAP.home_centers, NAMES)  # fmt: skip
    _, rows = apply_changes({"FRANCE": 40, "ENGLAND": 40}, changes)
    assert rows[0]["cause"] == "Italy, controlled by France, captured Tunis"
    assert say("cause", rows[0], FRENCH) == "L'Italie, contrôlée par la France, a pris Tunis"


# --- default orders and treasury notes -----------------------------------------------


@pytest.mark.parametrize(("missing", "french"), [("build", "construction manquante"),
                                                 ("retreat", "retraite manquante")])  # fmt: skip
def test_a_default_order_reason_reads_as_before_in_english_and_in_french(
    missing: str, french: str
) -> None:
    row = {"power": "ITALY", "order": "A NAP B", "reason": f"missing {missing}",
           "missing": missing}  # fmt: skip
    assert say("reason", row, DEFAULT_READER) == row["reason"]
    assert say("reason", row, FRENCH) == french


OVERBIDS = [
    # (ruleset, treasury, bids): every kind of treasury note
    ("intimate", {"FRANCE": 5, "ENGLAND": 5}, {"FRANCE": {"ITALY": 9}, "ENGLAND": {"RUSSIA": 9}}),
    ("intimate", {"FRANCE": 5, "ENGLAND": 9}, {"FRANCE": {"ITALY": 9}, "ENGLAND": {"RUSSIA": 4}}),
    ("intimate", {"FRANCE": 5, "ENGLAND": 2},
     {"FRANCE": {"ITALY": 9}, "ENGLAND": {"RUSSIA": 2, "ITALY": 8}}),
    ("propaganda", {"FRANCE": 5, "ENGLAND": 9}, {"FRANCE": {"ITALY": 9}}),
]


@pytest.mark.parametrize(("ruleset", "treasury", "bids"), OVERBIDS)
def test_a_treasury_note_reads_as_before_in_english_and_in_french(
    ruleset: str, treasury: dict[str, int], bids: dict[str, dict[str, int]]
) -> None:
    mercs = ("AUSTRIA", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    report = resolve_bids(RULESETS[ruleset], treasury, bids, mercs).report
    rows = [r for r in report["treasury"] if r["note"]]
    assert rows
    for row in rows:
        assert say("note", row, DEFAULT_READER) == row["note"]
        french = say("note", row, FRENCH)
        assert "overbid" not in french and "price" not in french and "lost" not in french


@pytest.mark.parametrize(("ruleset", "french"), [
    ("intimate", "ATTENTION : vos enchères font 21, plus que vos 20 crédits. Si vos enchères "
                 "gagnées dépassent 20, il y a dépassement : vous perdez tous vos crédits et "
                 "toutes vos enchères sont nulles."),
    ("propaganda", "ATTENTION : vos enchères font 21, plus que vos 20 points : vos enchères "
                   "seront nulles et vous perdrez la moitié de vos points."),
])  # fmt: skip
def test_the_overbid_warning_of_a_bid_reply_reads_as_before_and_in_french(
    ruleset: str, french: str
) -> None:
    ack = bid_acknowledgement(RULESETS[ruleset], 20, {"ITALY": 12, "RUSSIA": 9})
    params = {"game": "g1", "phase": "S1901B", "bids": [], "total": ack["total"],
              "treasury": ack["treasury"], "currency": ack["currency"],
              "overbid": ack["overbid"]}  # fmt: skip
    english = render_macro("notes.txt.j2", "bid_ok", DEFAULT_READER, **params)
    had = f". You have 20 {ack['currency']}.\nWARNING: {ack['warning']}"
    assert english.endswith(had), english
    assert render_macro("notes.txt.j2", "bid_ok", FRENCH, **params).endswith(".\n" + french)
    quiet = bid_acknowledgement(RULESETS[ruleset], 20, {"ITALY": 12})
    assert quiet["warning"] is None and quiet["overbid"] is None


def test_the_overbids_give_every_kind_of_treasury_note() -> None:
    mercs = ("AUSTRIA", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    keys = {
        row["note_key"]
        for ruleset, treasury, bids in OVERBIDS
        for row in resolve_bids(RULESETS[ruleset], treasury, bids, mercs).report["treasury"]
    }
    assert keys - {None} == set(NOTES)


def test_an_entry_stored_before_the_values_is_shown_by_its_english_text() -> None:
    assert say("victory", {"winner": "FRANCE", "text": "France occupies LON."}, FRENCH) == (
        "France occupies LON."
    )
    assert say("reason", {"reason": "missing build"}, FRENCH) == "missing build"
    assert say("note", {"note": "half price"}, FRENCH) == "half price"


def test_a_french_report_has_no_english_sentence() -> None:
    """The whole French report of a propaganda year's end with a default order and a
    victory: every sentence is French."""
    changes = popularity_changes(HOMES, {"ITALY": "FRANCE"}, START, {**START, "TUN": "ITALY"},
                                 MAP.home_centers, NAMES)  # fmt: skip
    _, popularity = apply_changes({"FRANCE": 40, "ENGLAND": 40}, changes)
    verdict = decide(TieBreak.POINTS_PLUS_CENTRES, {"FRANCE": ["LON"], "ENGLAND": []}, {}, NAMES)
    report = {
        "default_orders": [{"power": "ITALY", "order": "A NAP B", "reason": "missing build",
                            "missing": "build"}],
        "popularity": popularity,
        "victory": victory_entry(verdict),
    }
    text = render("intimate_report.txt.j2", FRENCH, report=report, private=None)
    assert text.splitlines() == [
        "Le judge a donné pour l'Italie : A NAP B (construction manquante).",
        "",
        "France : 40 + 10 % = 44 points (L'Italie, contrôlée par la France, a pris",
        "    Tunis).",
        "",
        "La France occupe un centre d'origine de l'adversaire : Londres.",
    ]


# --- refusals of orders and bids -----------------------------------------------------

REFUSALS = [
    # (the refusal, its English words as before, its French words)
    (check_bid(("FRANCE", 3), ("AUSTRIA",), HOMES),
     "France is a home power: bids are for mercenaries only",
     "La France est un pays d'origine : les enchères ne portent que sur les mercenaires"),
    (check_bid(("ITALY", 3), ("AUSTRIA",), HOMES),
     "Italy is not a mercenary in this game",
     "L'Italie n'est pas un mercenaire dans cette partie"),
    (check_bid(("AUSTRIA", -1), ("AUSTRIA",), HOMES),
     "a bid must be a whole number of 0 or more, not -1",
     "une enchère est un nombre entier, 0 ou plus, pas -1"),
    (Refused("not_yours_anarchy", {"power": "Russia"}),
     "You do not control Russia this year: it is in anarchy.",
     "Vous ne contrôlez pas la Russie cette année : ce pays est en anarchie."),
    (Refused("not_yours_opponent_home", {"power": "Germany"}),
     "You do not control Germany: it is your opponent's home power.",
     "Vous ne contrôlez pas l'Allemagne : c'est le pays d'origine de votre adversaire."),
    (Refused("extra_not_used", {"what": "bid", "variant": "Standard"}),
     "bid is not used in Standard",
     "les enchères (BID) ne servent pas dans Standard"),
    (Refused("bids_only_in_bid_phase", {"phase": "S1901M"}),
     "bids are taken only in a bid phase, and S1901M is not one",
     "les enchères ne sont reçues qu'en phase d'enchères, et S1901M n'en est pas une"),
]  # fmt: skip


@pytest.mark.parametrize(("refusal", "english", "french"), REFUSALS)
def test_a_refusal_reads_as_before_in_english_and_in_french(
    refusal: Refused | None, english: str, french: str
) -> None:
    assert refusal is not None
    params = dict(refusal.params)
    assert render_macro("notes.txt.j2", refusal.key, DEFAULT_READER, **params) == english
    assert render_macro("notes.txt.j2", refusal.key, FRENCH, **params) == french


# --- the whole English report, as the zine's lines ------------------------------------


def reports() -> list[dict[str, Any]]:
    """Reports with every section and every kind of sentence."""
    mercs = ("AUSTRIA", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    found: list[dict[str, Any]] = [
        {"bidding": resolve_bids(RULESETS[r], t, b, mercs).report} for r, t, b in OVERBIDS
    ]
    found.append({"bidding": resolve_bids(RULESETS["intimate"], {"FRANCE": 9, "ENGLAND": 9},
                                          {"FRANCE": {"ITALY": 3, "RUSSIA": 2},
                                           "ENGLAND": {"ITALY": 3, "AUSTRIA": 1}},
                                          mercs).report})  # fmt: skip
    found.append({"bidding": resolve_bids(RULESETS["intimate"], {"FRANCE": 9, "ENGLAND": 9},
                                          {}, mercs).report})  # fmt: skip
    for control, end, _ in CHANGES:
        changes = popularity_changes(HOMES, control, START, end, MAP.home_centers, NAMES)
        _, rows = apply_changes({"FRANCE": 40, "ENGLAND": 40}, changes)
        found.append({"popularity": rows, "bidding_skipped": True})
    for tie_break, occupied, again in VERDICTS:
        verdict = decide(tie_break, occupied, {"FRANCE": 9, "ENGLAND": 9}, NAMES)
        found.append({
            "income": [{"player": "FRANCE", "old": 1, "centres": 2, "per_centre": 4, "new": 9,
                        "currency": "points"}],
            "default_orders": [{"power": "ITALY", "order": "A NAP B",
                                "reason": "missing build", "missing": "build"},
                               {"power": "ITALY", "order": "F ION - TUN",
                                "reason": "missing retreat", "missing": "retreat"}],
            "auto_processed": ["F1901R", "W1901A"],
            "victory": victory_entry(verdict, again if verdict.tied else None),
        })  # fmt: skip
    found.append({"victory": {"winner": "FRANCE", "text": "France occupies LON."}})
    found.append({})
    return found


@pytest.mark.parametrize("report", reports())
def test_the_english_report_is_the_zines_lines_and_the_french_one_is_french(
    report: dict[str, Any],
) -> None:
    english = render("intimate_report.txt.j2", DEFAULT_READER, report=report, private=None)
    zine = format_report(report)
    # The mail wraps a line past 78 columns (a hanging indent); the words are the zine's.
    assert english.split() == " ".join(zine).split()
    assert len(english.splitlines()) >= len(zine)
    assert all(len(line) <= 78 for line in english.splitlines()), english
    french = render("intimate_report.txt.j2", FRENCH, report=report, private=None)
    for word in (" bids ", "controlled", "credits.", "judge ordered", "missing", "overbid",
                 "price", "invaded", "occupies", "captured", "Processed", "anarchy."):
        assert word not in french or "France occupies LON." in french, (word, french)
