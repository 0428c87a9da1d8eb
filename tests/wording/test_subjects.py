"""Every subject a game mail can have reads in French for a French reader.

The subjects are made in English all over the service (`what=` of a broadcast, an
announcement or a late notice); `judge.wording.subjects` words them for the reader.
The sources are read here for every subject the code makes, so a new subject
without its French fails this test rather than reaching a French player in English.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.wording.catalogs import gettext_in
from judge.wording.subjects import SUBJECTS, judge_subject, subject_in

SERVICE = Path(__file__).resolve().parents[2] / "judge" / "service"
# `what="Game Start"`, `what=f"{title} Approved"`, `_announce(ctx, game, "paused",
# "Game Paused")`, lateness's `_send(..., "Late Notice", body, now)`.
MADE = re.compile(
    r"what ?= ?(f?)\"([^\"]+)\""
    r"|_announce\([^)]*?\"\w+\", (f?)\"([^\"]+)\""
    r"|_send\([^)]*?\"([^\"]+)\", body"
)
NOT_SUBJECTS = {"BID", "this setting"}  # a Refusal's `what=`, not a mail's subject


FIELD = re.compile(r"\{([^{}]*)\}")


def filled(text: str) -> list[str]:
    """An f-string's text with each field filled: by each word it chooses between
    (`{'Broadcast' if kind == 'broadcast' else 'Press'}`), else by a power's name."""
    field = FIELD.search(text)
    if field is None:
        return [text]
    words = re.findall(r"'([A-Z][^']*)'", field.group(1)) or ["France"]
    head, tail = text[: field.start()], text[field.end() :]
    return [f"{head}{word}{rest}" for word in words for rest in filled(tail)]


def subjects_made() -> set[str]:
    found: set[str] = set()
    for path in SERVICE.rglob("*.py"):
        for match in MADE.finditer(path.read_text("utf-8")):
            text = match.group(2) or match.group(4) or match.group(5)
            for subject in filled(text):
                if set(subject.split()) == {"France"}:
                    continue  # lateness's `f"{phase} {what}"`: fields only, no subject
                # lateness's `_send` puts the phase before its subject
                found.add(f"S1901M {subject}" if "lateness" in path.name else subject)
    return found - NOT_SUBJECTS


def test_the_sources_are_read_for_their_subjects() -> None:
    made = subjects_made()
    assert {"Game Start", "Setting Changed", "France Approved", "S1901M Late Notice",
            "Rolled Back to France", "Press from France", "Broadcast from France",
            "France Results"} <= made, made  # fmt: skip


@pytest.mark.parametrize("what", sorted(subjects_made()))
def test_every_subject_the_code_makes_has_its_french(what: str) -> None:
    assert subject_in(what, "en") == what
    assert subject_in(what, "fr") != what, f"no French for {what!r} in judge/wording/subjects.py"


@pytest.mark.parametrize(
    ("english", "french"),
    [("Game Start", "Début de la partie"), ("Setting Changed", "Réglage modifié"),
     ("Press from Anonymous", "Presse d'Anonyme"), ("Broadcast from Master", "Annonce du maître"),
     ("S1901M Late Notice", "S1901M Avis de retard"), ("Rolled Back to S1901B", "Retour à S1901B"),
     ("Austria and Italy Resigned", "Abandon de l'Autriche et de l'Italie"),
     ("Germany Absence Declared", "L'Allemagne : absence déclarée"),
     ("A player Absence Withdrawn", "Un joueur : absence retirée"),
     ("F1901M Orders held with PHASE", "F1901M Ordres gardés avec PHASE")],
)  # fmt: skip
def test_a_subject_reads_in_french_with_its_names(english: str, french: str) -> None:
    assert subject_in(english, "fr") == french


def test_every_french_subject_is_distinct() -> None:
    said = [gettext_in("fr", msgid) for _, msgid in SUBJECTS]
    assert len(said) == len(set(said))


def test_a_subject_the_table_does_not_know_is_sent_as_it_is() -> None:
    assert subject_in("Something New", "fr") == "Something New"


# Subjects outside games: `judge_subject(code, "too many mails", ...)`, possibly over
# two lines, the reader's words second.
OUTSIDE = re.compile(r"judge_subject\(\s*[\w.]+,\s*(f?)\"([^\"]+)\"")


def subjects_outside_games() -> set[str]:
    found: set[str] = set()
    for path in SERVICE.rglob("*.py"):
        for match in OUTSIDE.finditer(path.read_text("utf-8")):
            found.update(filled(match.group(2)))
    return found


def test_the_sources_are_read_for_their_subjects_outside_games() -> None:
    assert {"please confirm your address (France)", "please confirm (France)",
            "too many mails"} <= subjects_outside_games()  # fmt: skip


@pytest.mark.parametrize("what", sorted(subjects_outside_games()))
def test_every_subject_outside_games_has_its_french(what: str) -> None:
    assert judge_subject("UK", what, "en") == f"UK: {what}"
    assert subject_in(what, "fr") != what, f"no French for {what!r} in judge/wording/subjects.py"


def test_no_subject_is_made_by_hand_around_the_table() -> None:
    """Every subject the service makes goes through `what=` or `judge_subject`."""
    by_hand = [
        path.name
        for path in SERVICE.rglob("*.py")
        if re.search(r"subject=f?\"", path.read_text("utf-8"))
    ]
    assert by_hand == []


@pytest.mark.parametrize(
    ("english", "french"),
    [("please confirm your address (AB12CD)", "UK: merci de confirmer votre adresse (AB12CD)"),
     ("please confirm (XY34ZW)", "UK: merci de confirmer (XY34ZW)"),
     ("too many mails", "UK: trop de courriers")],
)  # fmt: skip
def test_a_subject_outside_games_keeps_its_code_in_french(english: str, french: str) -> None:
    assert judge_subject("UK", english, "fr") == french


def test_a_batch_of_announcements_reads_each_subject_in_french() -> None:
    """`judge.service.game_mail.notice_batch` joins the subjects of one mail's notices."""
    assert subject_in("Deadline Changed, Setting Changed, Game Paused", "fr") == (
        "Date limite modifiée, Réglage modifié, Partie en pause"
    )
    assert subject_in("Game Paused, Something New", "fr") == "Partie en pause, Something New"
