"""English words once left in French mails, each found in a player's mail: the
variant's name in a refusal, Taskdip's cards, the help topics named in English,
`Le judge` in the reminder, and a deadline that read `pour le jeu.` ("for the game")."""

from __future__ import annotations

from datetime import UTC, datetime

from judge.wording.readers import Reader
from judge.wording.templates import render, render_macro

FRENCH = Reader("fr")


def test_a_stalemate_refusal_names_the_variant_in_french() -> None:
    said = render_macro("notes.txt.j2", "stalemate_not_in_ruleset", FRENCH,
                        variant="Intimate Diplomacy (2000 rules)")  # fmt: skip
    assert said.startswith("Intimate Diplomacy (règles de 2000) n'a pas de règle d'impasse")
    said = render_macro("notes.txt.j2", "concede_not_possible", FRENCH,
                        variant="Propaganda (Wright's popularity Intimate Diplomacy)")  # fmt: skip
    assert "Wright's" not in said and "l'Intimate Diplomacy de Wright" in said


def test_the_bid_phase_note_points_to_the_french_help() -> None:
    said = render_macro("notes.txt.j2", "bid_phase", FRENCH, phase="S1901B")
    assert "(AIDE enchères)" in said and "HELP" not in said


def test_the_reminder_does_not_call_the_judge_le_judge() -> None:
    text = render(
        "reminder.txt.j2", FRENCH, judge_code="TEST", game="g1", variant="Standard",
        phase="S1901M", deadline=datetime(2026, 12, 3, 18, tzinfo=UTC),
        phase_words="Movement for Spring of 1901", powers=["France"], listing=None,
    )  # fmt: skip
    assert "judge n'a" not in text
    assert "Il manque encore des ordres complets de votre part pour la France." in text


def test_the_first_bids_are_due_at_the_latest_on_a_day() -> None:
    text = render(
        "intimate_start.txt.j2", FRENCH, notes=None, first_phase="S1901B",
        public_notes={"currency": "credits", "credits": {"FRANCE": 20, "GERMANY": 20}},
        first_deadline=datetime(2026, 12, 3, 18, tzinfo=UTC), money={},
    )  # fmt: skip
    flat = " ".join(text.split())
    assert "pour le jeu." not in flat and "attendues au plus tard le jeu. 3 déc. 2026" in flat


def test_the_rules_line_says_the_english_values_in_french() -> None:
    rules = [{"name": "rulebook", "value": "current", "default": True},
             {"name": "anarchy_builds", "value": "none", "default": True},
             {"name": "mercenary_default_builds", "value": "alphabetical", "default": False},
             {"name": "civil_disorder", "value": "2023", "default": True}]  # fmt: skip
    settings = {"press": "white", "partial": True, "gunboat": False, "rules": rules,
                "nmr": False, "quiet": False}
    text = " ".join(render("_settings.txt.j2", FRENCH, settings=settings).split())
    assert "Règles : rulebook current (DATC actuel), anarchy_builds none (aucune), " in text
    assert "mercenary_default_builds alphabetical (ordre alphabétique) (choisie par le " in text
    assert "civil_disorder 2023." in text
