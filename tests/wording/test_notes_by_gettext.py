"""The reply notes and HELP gm, one template for every language: a sentence naming a
power in several grammatical forms (`|forms`), values put in as they are, and what the
French copies once got wrong (a game status left in English, a list of powers half
in English, HELP gm without its MAXABSENCE line)."""

from __future__ import annotations

from judge.variants.standard import DATC_FLAGS
from judge.wording.readers import Reader
from judge.wording.templates import render, render_macro

ENGLISH = Reader("en")
FRENCH = Reader("fr")


def test_a_sentence_names_the_power_in_each_form_french_needs() -> None:
    assert render_macro("notes.txt.j2", "ejected", FRENCH, power="Germany") == (
        "Le joueur de l'Allemagne est exclu ; l'Allemagne est en désordre civil."
    )
    assert render_macro("notes.txt.j2", "ejected", ENGLISH, power="Germany") == (
        "Germany is ejected; the power is in civil disorder."
    )
    said = render_macro("notes.txt.j2", "resign_not_yours", FRENCH, game="g1", power="France")
    assert said.startswith("Seul le maître de 'g1' peut retirer le joueur de la France : ")


def test_a_brace_in_a_game_name_is_not_read_as_a_placeholder() -> None:
    for reader in (ENGLISH, FRENCH):
        said = render_macro("notes.txt.j2", "takeover_needs_approval", reader,
                            game="g{power}", power="Italy")  # fmt: skip
        assert "'g{power}'" in said and "APPROVE Italy <" in said


def test_a_terminated_game_is_said_in_french() -> None:
    said = render_macro("notes.txt.j2", "not_active", FRENCH, game="g1", status="terminated")
    assert said == "La partie 'g1' est arrêtée, pas en cours."


def test_three_powers_owing_builds_are_all_named_in_french() -> None:
    said = render_macro("notes.txt.j2", "waive_which", FRENCH,
                        powers="Austria, England and Italy")  # fmt: skip
    assert said.startswith("WAIVE pour quelle puissance ? L'Autriche, l'Angleterre et l'Italie ont")


def test_the_french_help_for_masters_has_every_command_and_the_flags_in_french() -> None:
    flags = [{"name": "standard", "flags": [
        {"name": "convoy_adjacent", "default": "3.0", "allowed": ["3.0", "2.4"],
         "help": DATC_FLAGS["convoy_adjacent"][2]},
    ]}]  # fmt: skip
    text = render("help/gm.txt.j2", FRENCH, judge_name="J", judge_code="T",
                  judge_address="j@example.org", topics=(), variants=["standard"],
                  flags=flags)  # fmt: skip
    assert "  SET MAXABSENCE jours   les jours d'absence (SET ABSENCE)" in text
    assert "CREATE g1 pw standard PRESS GREY, PARTIAL OFF, GUNBOAT" in text
    assert "    convoy_adjacent (par défaut 3.0 ; parmi 3.0, 2.4)\n" in text
    assert "      3.0 : un convoi vers une province voisine qui échoue" in text
    english = render("help/gm.txt.j2", ENGLISH, judge_name="J", judge_code="T",
                     judge_address="j@example.org", topics=(), variants=["standard"],
                     flags=flags)  # fmt: skip
    assert "    convoy_adjacent (default 3.0; one of 3.0, 2.4)\n" in english
    assert "      3.0: a failed convoy to an adjacent province does not fall back" in english
