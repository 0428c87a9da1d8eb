"""The French filters that word what the code hands over in English: a power at the
head of a sentence, a phase after `la date limite`, a duration, a setting, the HELP
topics. Every value the code can give a setting is said in French."""

from __future__ import annotations

from datetime import timedelta

import pytest
from support.service.french_mail_checks import ENGLISH

from judge.service.commands.setting_echo import (
    DIAS_WORDS,
    GUNBOAT_WORDS,
    ON_OFF,
    PHASE_LENGTHS,
    PRESS_WORDS,
    duration_words,
)
from judge.wording.catalogs import translations
from judge.wording.french_filters import La, des, duree, les
from judge.wording.help_topics import topic_names
from judge.wording.settings import SETTING, VALUE, setting_said


def test_a_power_at_the_head_of_a_sentence_takes_a_capital_article() -> None:
    assert La("Germany") == "L'Allemagne" and La("France") == "La France"
    assert La("Anonyme") == "Anonyme" and La(None) is None


def test_phase_words_read_after_a_noun() -> None:
    assert des("Movement for Fall of 1901") == "des mouvements de l'automne 1901"
    assert les("Bid for Spring of 1902") == "les enchères du printemps 1902"
    assert des("S1901M") == "de S1901M" and les("S1901M") == "S1901M"


@pytest.mark.parametrize(
    ("hours", "french"),
    [(24, "24 heures"), (1, "1 heure"), (36, "36 heures"), (72, "3 jours"),
     (60, "2 jours 12 heures"), (0.5, "30 minutes"), (0, "0 heure")],
)  # fmt: skip
def test_a_duration_is_said_in_french_with_its_agreement(hours: float, french: str) -> None:
    assert duree(duration_words(timedelta(hours=hours))) == french


def reglage(what: str, value: str) -> str:
    return setting_said(what, value, "fr")


NAMES = ("Grace", "Maps", "Zine", "Press", "Partial press", "Gunboat", "Maximum absence",
         "Draws", *PHASE_LENGTHS.values())  # fmt: skip
VALUES = (*PRESS_WORDS.values(), *GUNBOAT_WORDS.values(), *DIAS_WORDS.values(),
          *ON_OFF.values(), "off (press goes to everyone or nobody)", "none (no zine)",
          "0 days (no absences in this game)")  # fmt: skip


def test_every_setting_name_and_value_the_code_gives_is_french() -> None:
    catalog = translations("fr")
    for name in NAMES:
        assert catalog.pgettext(SETTING, name) != name or name in ("Zine", "Gunboat"), name
        for value in (*VALUES, "5 days per player in this game", "3 days"):
            said = reglage(name, value)
            assert not ENGLISH.search(said.replace("PRESS GREY", "")), said
    for value in VALUES:
        assert catalog.pgettext(VALUE, value) != value, value
    assert reglage("Maximum absence", "5 days per player in this game") == (
        "Absence maximale : 5 jours par joueur dans cette partie"
    )
    assert reglage("Rule stalemate", "off") == "Règle stalemate : off"  # as the master types it
    assert reglage("Press", "white (signed press)") == "Presse : blanche (presse signée)"
    assert reglage("Zine", "zine@example.org") == "Zine : zine@example.org"  # an address


def test_the_help_topics_have_french_names() -> None:
    topics = "game, orders, bid, intimate, taskdip, press, settings, gm"
    assert topic_names(topics, "fr") == (
        "partie, ordres, enchères, intimate, taskdip, presse, réglages, maître"
    )
