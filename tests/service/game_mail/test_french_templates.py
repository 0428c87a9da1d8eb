"""Every mail template renders in French, with real data, within 78 columns.

Every language reads the one tree of `templates/` (there is no per-language copy:
`test_there_is_one_tree_of_templates`). Real games are played by
mail (a standard year with reminders, late notices, a retreat, the adjustments and
a draw; an Intimate year with bids and a concession) with every template rendered
in French: no line of any mail may fail to render (a failure would show as an
internal error, a `done_with_errors` inbox row, or a `failed` outbox row), and
every line fits in 78 columns, as for the English mails.
"""

from __future__ import annotations

import pickle
import re
from collections.abc import Iterator
from email.message import EmailMessage

import pytest
from sqlalchemy import select
from support.service import harness
from support.service.french_mail_checks import power_from_french_start_mail
from support.service.harness import JudgeHarness, body_of
from support.service.intimate_game import MASTER, OBSERVER, bid
from support.service.mail_width_tour import (
    LONGEST_GAME,
    LONGEST_ZONE,
    check,
    play_a_standard_year,
    rendered,
)
from support.service.taskdip_scenario import TWO_PLAYERS, find_seed, set_seed

from judge.language.messages import ENGLISH as COMMAND_ENGLISH
from judge.language.messages import Message
from judge.rules.reasons import ENGLISH, Reason
from judge.store.models import InboxMessage, InboxStatus, OutboxMessage, OutboxStatus
from judge.variants.registry import default_registry
from judge.variants.taskdip.tasks import TABLE as TASKS
from judge.wording import templates
from judge.wording.catalogs import translations
from judge.wording.readers import DEFAULT_READER, Reader

__all__ = ["rendered"]  # the recording fixture, used by name below

ROOT = templates.template_dir()


def test_there_is_one_tree_of_templates() -> None:
    """No language keeps a copy of a template: a folder named for a language beside
    the English templates would be a second wording that the catalogs do not check."""
    folders = {p.name for p in ROOT.iterdir() if p.is_dir()}
    assert folders == {"help", "zine"}


@pytest.fixture
def in_french(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every template is the French one, whoever reads it (the harness then finds
    each player's power in the French start mail)."""
    original = templates.environment
    monkeypatch.setattr(templates, "environment", lambda language="en": original("fr"))
    monkeypatch.setattr(harness, "_power_from_start_mail", power_from_french_start_mail)
    yield




def no_failures(judge: JudgeHarness) -> None:
    with judge.sessions() as session:
        crashed = session.scalars(
            select(InboxMessage).where(InboxMessage.status == InboxStatus.DONE_WITH_ERRORS)
        ).all()
        assert not crashed, crashed[0].error
        failed = session.scalars(
            select(OutboxMessage).where(OutboxMessage.status == OutboxStatus.FAILED)
        ).all()
        assert not failed, [row.error for row in failed]


def french(mails: list[EmailMessage]) -> list[EmailMessage]:
    check(mails)
    for mail in mails:
        text = body_of(mail)
        assert "échoué" not in text, text  # "Le judge a échoué sur cette ligne"
        assert not re.search(r"\bThe (game|next phase|deadline)\b", text), text
    return mails


def test_a_standard_year_in_french(
    judge: JudgeHarness, rendered: set[str], in_french: None
) -> None:
    play_a_standard_year(judge, french, LONGEST_GAME, LONGEST_ZONE)
    no_failures(judge)
    used = {name.split(":")[0] for name in rendered}
    for name in ("results.txt.j2", "game_over.txt.j2", "start.txt.j2", "late_notice.txt.j2",
                 "late_powers.txt.j2", "press.txt.j2", "help/gm.txt.j2", "summary.txt.j2"):
        assert name in used, name  # fmt: skip


def test_an_intimate_year_in_french(
    judge: JudgeHarness, rendered: set[str], in_french: None
) -> None:
    judge.reply(MASTER, "CREATE g1 gmpass intimate")
    judge.reply(OBSERVER, "OBSERVE g1 look")
    for index, home in enumerate(("Germany", "France")):
        judge.players[home] = harness.Player(f"p{index}@example.org", f"pw{index}", home)
        french(judge.send(f"p{index}@example.org", f"SIGNON ?g1 pw{index}\nPREFERENCES {home}"))
    french(judge.send(OBSERVER, "SIGNON Og1 look\nA PAR H"))
    germany, france = judge.players["Germany"], judge.players["France"]
    french(judge.send(germany.address, "SIGNON Gg1 pw0\nBID AUSTRIA 5\nBID ENGLAND 30"))
    french(judge.send(france.address, "SIGNON Fg1 pw1\nBID ITALY 4"))
    french(judge.send(MASTER, "LIST g1\nSUMMARY g1\nSIGNON Mg1 gmpass\nPROCESS"))
    text = bid(judge, "France", "CONCEDE")
    assert "concédé" in text
    no_failures(judge)
    used = {name.split(":")[0] for name in rendered}
    assert {"intimate_report.txt.j2", "start.txt.j2", "game_over.txt.j2"} <= used


# --- why an order was refused -----------------------------------------------------------

SAMPLE = {"province": "MUN", "unit": "A PAR", "place": "STP/NC", "army": "BRE",
          "target": "LON", "power": "GERMANY", "phase": "retreat", "text": "A XYZ - MUN",
          "word": "XYZ", "variant": "Taskdip", "name": "'players'", "known": "players, rulebook",
          "allowed": "current, 1971", "players": "9", "partners": "FRANCE, ITALY",
          "variants": "intimate, standard"}  # fmt: skip


def sample(key: str) -> Reason:
    names = re.findall(r"\{(\w+)\}", ENGLISH[key])
    return Reason(key, **{name: SAMPLE[name] for name in names})


def say(reason: str, reader: Reader) -> str:
    return templates.render_macro("_order_reasons.txt.j2", "say", reader, r=reason)


@pytest.mark.parametrize("key", sorted(ENGLISH))
def test_each_refusal_reads_as_the_rules_word_it_in_english_and_in_french(key: str) -> None:
    reason = sample(key)
    assert say(reason, DEFAULT_READER) == str(reason)
    french_text = say(reason, Reader("fr"))
    assert french_text and french_text != str(reason)
    for name, value in reason.params.items():
        if name == "partners":  # powers, named in French with their articles
            assert "la France et l'Italie" in french_text, french_text
        elif name != "power" and value.isupper():  # shown as the order line reads it
            assert value in french_text, french_text
    if "power" in reason.params:
        assert "Allemagne" in french_text, french_text


def test_a_reason_without_a_key_is_printed_as_it_is() -> None:
    assert say("the mercenary is in anarchy", Reader("fr")) == "the mercenary is in anarchy"


def test_a_french_player_reads_why_an_order_was_refused_in_french(judge: JudgeHarness) -> None:
    judge.start_game(count=2)
    power, player = next(iter(judge.players.items()))
    letter, password = player.letter, player.password
    judge.reply(player.address, f"SIGNON {letter}g1 {password}\nSET LANGUAGE fr")
    unit = {"Austria": "A VIE", "England": "A LVP", "France": "A PAR", "Germany": "A MUN",
            "Italy": "A ROM", "Russia": "A MOS", "Turkey": "A CON"}[power]  # fmt: skip
    text = body_of(judge.reply(player.address, "\n".join([
        f"SIGNON {letter}g1 {password}",
        f"{unit} - WAR" if power != "Russia" else f"{unit} - BER",  # not adjacent
        "A XYZZY - MUN",  # an unknown word
        f"{unit} - {unit.split()[1]}",  # its own province
        "A PAR - PIC" if power != "France" else "A BER - KIE",  # another power's unit
    ])))  # fmt: skip
    text = " ".join(text.split())  # the notes are wrapped at 78 columns
    assert "provinces non adjacentes" in text, text
    assert "impossible de lire « XYZZY »" in text, text
    assert "une unité ne peut pas se déplacer dans sa propre province" in text, text
    assert "not adjacent" not in text and "cannot read" not in text, text
    assert "cannot move" not in text, text
    owner = "(France)" if power != "France" else "(Allemagne)"
    assert f"n'est pas à vous {owner} : vous ne pouvez ordonner" in text, text
    assert "may order only" not in text and "French" not in text, text
    # The same lines from a player who kept English read as before.
    other, second = list(judge.players.items())[1]
    english = body_of(judge.reply(second.address, "\n".join([
        f"SIGNON {second.letter}g1 {second.password}", "A XYZZY - MUN",
    ])))  # fmt: skip
    assert "cannot read 'XYZZY' in 'A XYZZY - MUN'" in english, (other, english)


# --- why a command line cannot be read ----------------------------------------------------

COMMAND_SAMPLE = {"error": Message("set_maps_usage"), "usage": Message("list_usage")}


def command_sample(key: str) -> Message:
    names = {name for name, _ in re.findall(r"\{(\w+)(!r)?\}", COMMAND_ENGLISH[key])}
    return Message(key, **{name: COMMAND_SAMPLE.get(name, f"Sample-{name}") for name in names})


def say_error(message: str, reader: Reader) -> str:
    return templates.render_macro("_command_errors.txt.j2", "say", reader, m=message)


@pytest.mark.parametrize("key", sorted(COMMAND_ENGLISH))
def test_each_command_error_reads_as_the_readers_word_it_in_english_and_in_french(
    key: str,
) -> None:
    message = command_sample(key)
    assert say_error(message, DEFAULT_READER) == str(message)
    french_text = say_error(message, Reader("fr"))
    assert french_text and french_text != str(message)
    for value in message.params.values():
        if not isinstance(value, Message):  # a nested message is worded in French too
            assert value in french_text, french_text
        else:
            assert say_error(value, Reader("fr")) in french_text, french_text


def test_a_command_error_is_the_same_text_after_a_round_trip_through_pickle() -> None:
    message = command_sample("setting_error")
    again = pickle.loads(pickle.dumps(message))
    assert again == message and again.key == "setting_error"
    assert say_error(again, Reader("fr")) == say_error(message, Reader("fr"))


def test_a_command_error_without_a_key_is_printed_as_it_is() -> None:
    assert say_error("something else", Reader("fr")) == "something else"


def test_a_french_player_reads_why_a_command_cannot_be_read_in_french(
    judge: JudgeHarness,
) -> None:
    judge.start_game(count=2)
    _, player = next(iter(judge.players.items()))
    judge.reply(player.address, f"SIGNON {player.letter}g1 {player.password}\nSET LANGUAGE fr")
    text = " ".join(body_of(judge.reply(player.address, "\n".join([
        f"SIGNON {player.letter}g1 {player.password}",
        "SET ABSENCE 12/24",
        "BID Austria x",
        "SET GRACE 12q",
        "PREFERENCES FFG",
        "SET TIMEZONE CET",
        "SET TIMEZONE Mars/Olympus",
    ]))).split())  # fmt: skip
    assert "SET ABSENCE : « 12/24 » peut se lire jour/mois ou mois/jour" in text, text
    assert "une enchère doit être un nombre entier, pas « x »." in text, text
    assert "SET GRACE : unité inconnue « q » dans « 12q » : utilisez d, h, m ou s." in text
    assert "La France est nommée deux fois." in text, text
    assert "SET TIMEZONE : CET est une abréviation" in text, text
    assert "SET TIMEZONE : fuseau horaire inconnu « Mars/Olympus »" in text, text
    for english in ("could be day/month", "must be a whole number", "unknown unit", "twice",
                    "abbreviation", "unknown time zone"):
        assert english not in text, text
    # A player who kept English reads the very same lines as before.
    _, second = list(judge.players.items())[1]
    english_text = body_of(judge.reply(second.address, "\n".join([
        f"SIGNON {second.letter}g1 {second.password}", "SET ABSENCE 12/24", "BID Austria x",
    ])))  # fmt: skip
    assert "SET ABSENCE: '12/24' could be day/month or month/day" in english_text
    assert "a bid must be a whole number, not 'x'." in english_text


# --- Taskdip: the refusals and the tasks ---------------------------------------------------


def test_a_french_taskdip_player_reads_a_neutral_units_refusal_in_french(
    judge: JudgeHarness,
) -> None:
    judge.reply("gm@example.org", "CREATE g1 gmpass taskdip\nSET PLAYERS 2")
    set_seed(judge.sessions, "g1", find_seed(TWO_PLAYERS))
    for i in range(2):
        judge.reply(f"p{i}@example.org", f"SIGNON ?g1 pw{i}")
    judge.reply("p1@example.org", "SIGNON Rg1 pw1\nSET LANGUAGE fr")
    text = " ".join(body_of(judge.reply("p1@example.org", "SIGNON Rg1 pw1\nA VEN-PIE")).split())
    assert "Italie est neutre : ses unités tiennent et ne reçoivent pas d'ordres." in text, text
    assert "is neutral" not in text, text
    english = body_of(judge.reply("p0@example.org", "SIGNON Ag1 pw0\nA MUN-RUH"))
    assert "*** Error: Germany is played by another player." in english


@pytest.mark.parametrize("power", sorted(TASKS))
def test_every_task_reads_as_the_variant_describes_it_and_in_french(power: str) -> None:
    english = templates.environment("en").get_template("_taskdip_sentences.txt.j2").module
    french = templates.environment("fr").get_template("_taskdip_sentences.txt.j2").module
    for task in TASKS[power].values():
        entry = {"task": task.describe(), "task_parts": task.wording()}
        assert english.task(entry) == task.describe()
        worded = french.task(entry)
        assert worded.startswith("Contrôler ") and "home" not in worded, worded
        assert all(", ".join(p["centres"]) in worded for p in entry["task_parts"]), worded
        # an entry stored before the parts were handed over keeps its English text
        assert french.task({"task": task.describe()}) == task.describe()


def test_a_french_master_reads_a_refused_rule_in_french(judge: JudgeHarness) -> None:
    text = " ".join(body_of(judge.reply(
        "gm@example.org", "CREATE g1 gmpass standard LANGUAGE FR\nSET RULE rulebook 1982"
    )).split())  # fmt: skip
    assert "la règle rulebook prend l'une de ces valeurs : current, 1971." in text, text
    assert "must be one of" not in text, text
    english = body_of(judge.reply("gm2@example.org", "CREATE g2 gmpass standard\nSET RULE zzz 1"))
    assert "no rule flag 'zzz' in standard (flags:" in english, english


def test_every_rule_flag_has_its_french_help() -> None:
    """HELP gm in French explains every flag in French: the catalog translates each
    variant's English help, a flag a variant words its own way included."""
    registry = default_registry()
    catalog = translations("fr")
    for name in registry.names():
        for flag, spec in registry.get(name).rule_flags.items():
            assert catalog.gettext(spec[2]) != spec[2], f"{name}:{flag}"


def test_history_shows_a_french_reader_the_french_record(judge: JudgeHarness) -> None:
    judge.start_game()
    france, england = judge.players["France"], judge.players["England"]
    judge.reply(france.address, f"SIGNON Fg1 {france.password}\nSET LANGUAGE fr")
    judge.play_phase()  # S1901M, worded in French for France's mail
    french = body_of(judge.reply(france.address, f"SIGNON Fg1 {france.password}\nHISTORY g1"))
    assert "Résultats des mouvements du printemps 1901." in french, french
    assert "Movement results for" not in french, french
    english = body_of(judge.reply(england.address, f"SIGNON Eg1 {england.password}\nHISTORY g1"))
    assert "Movement results for Spring of 1901." in english, english


def test_the_times_in_a_french_players_replies_are_french(judge: JudgeHarness) -> None:
    judge.start_game()
    france = judge.players["France"]
    signon = f"SIGNON Fg1 {france.password}"
    judge.reply(france.address, f"{signon}\nSET LANGUAGE fr")
    zone = " ".join(body_of(judge.reply(france.address, f"{signon}\nSET TIMEZONE Europe/Paris"))
                    .split())  # fmt: skip
    assert re.search(r"La date limite est le (lun|mar|mer|jeu|ven|sam|dim)\. \d+ \S+ 2026 "
                     r"\d\d:\d\d CET \(Europe/Paris\)", zone), zone  # fmt: skip
    away = " ".join(body_of(judge.reply(france.address, f"{signon}\nSET ABSENCE 2026-02-10"))
                    .split())  # fmt: skip
    assert "du mar. 10 févr. 2026 00:00 CET (Europe/Paris)" in away, away
    for english in ("Sun ", "Mon ", "Tue ", "Feb "):
        assert english not in zone + away, zone + away
