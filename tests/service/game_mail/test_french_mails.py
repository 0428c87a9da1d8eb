"""A French game leaves no English in its mails.

The game's language is French (`SET LANGUAGE fr`), so every player, the master
and the observers read French; a year is played by mail with press of every
kind, the master's settings and notices, a reminder and late notices, LIST,
HISTORY and SUMMARY, and a draw. Every line of every mail (but the echo of the
sender's own lines, and the command names players type) is searched for English
words from a list.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta
from email.message import EmailMessage

import pytest
from sqlalchemy.orm import Session, sessionmaker
from support.service import harness
from support.service.french_mail_checks import ENGLISH, power_from_french_start_mail
from support.service.harness import JudgeHarness, body_of
from support.service.mail_width_tour import check, scheduler_round
from support.service.taskdip_scenario import TWO_PLAYERS, find_seed, seat_orders, set_seed

from judge.clock import ManualClock
from judge.config import Config

MASTER = "gm@example.org"
OBSERVER = "obs@example.org"
# A power's name where French needs its article: `vous jouez la France`, `de
# l'Allemagne`, `L'Autriche est...` (a table's `Autriche : 3 centres` needs none).
POWER = r"(Autriche|Angleterre|France|Allemagne|Italie|Russie|Turquie)"
NO_ARTICLE = re.compile(
    rf"(\b(en tant que|joue|jouez|jouer|reprendre|de|à|sur|pour|par|possède) {POWER}\b"
    rf"|(^|[.;:!?] ){POWER} (est|a|n'|ne|enchérit|possède|viole|sont|ont)\b)"
)
# French counts 0 and 1 in the singular: `1 joueur inscrit`, `0 jour`.
PLURAL_OF_ONE = re.compile(
    r"\b[01] (joueurs|inscrits|centres|unités|constructions|retraits|jours|heures|"
    r"erreurs|courriers|lignes|crédits|enchères|envoyés|envoyées|dues|dus)\b"
)
# Lines that are the player's own words, or the judge's name for itself.
SKIP = re.compile(r"^(> |:: Judge: )")
# What players type, kept as they type it: the rules and their values (`stalemate
# off`, `players 2`, `par défaut none` in HELP gm).
TYPED = re.compile(
    r"\b(rulebook|civil_disorder|convoy_adjacent|anarchy_builds|mercenary_default_builds|"
    r"stalemate|players|home_centre_victory|task_redraw)( [\w.]+| (?=\(par))"
    r"|par défaut [\w.]+( ; parmi [^)]*)?|\bnone :"
)


def english_in(mail: EmailMessage) -> list[str]:
    return [
        line for line in body_of(mail).splitlines()
        if not SKIP.match(line) and ENGLISH.search(_without_commands(line))
    ]  # fmt: skip


def english_subject(mail: EmailMessage) -> list[str]:
    """The subject of a game mail (`CODE:g1 - <what>`), if English is left in its
    `<what>` (a reply's subject is the sender's own, with `Re:`)."""
    subject = str(mail["Subject"])
    _, dash, what = subject.partition(" - ")
    if subject.startswith("Re: ") or not dash:
        return []
    return [f"Subject: {subject}"] if ENGLISH.search(_without_commands(what)) else []


def without_article(mail: EmailMessage) -> list[str]:
    """Lines that name a power without its article, or put 0 or 1 in the plural."""
    return [
        line for line in body_of(mail).splitlines()
        if not SKIP.match(line) and (NO_ARTICLE.search(line) or PLURAL_OF_ONE.search(line))
    ]  # fmt: skip


def too_long(mail: EmailMessage) -> list[str]:
    """Lines over 78 columns, counted in bytes as the mail's 8bit limit counts them."""
    return [
        line for line in body_of(mail).splitlines()
        if len(line.encode()) > 78 and not line.startswith("> ")
    ]  # fmt: skip


def _without_commands(line: str) -> str:
    """The line without what a player types (`SET PRESS GREY`, `HELP press`), the
    addresses and the rules' names and values."""
    line = TYPED.sub("", line)
    line = re.sub(r"\S+@\S+", "", line)
    return re.sub(r"\b[A-Z]{2,}(?: [A-Z]{2,})*\b[^.,;:)]*", "", line)


@pytest.fixture
def french_game(judge: JudgeHarness, monkeypatch: pytest.MonkeyPatch) -> JudgeHarness:
    monkeypatch.setattr(harness, "_power_from_start_mail", power_from_french_start_mail)
    judge.reply(MASTER, "CREATE g1 gmpass standard\nSIGNON Mg1 gmpass\nSET LANGUAGE fr")
    judge.reply(OBSERVER, "OBSERVE g1 look")
    return judge


def test_a_french_game_year_has_no_english_left(french_game: JudgeHarness) -> None:
    judge = french_game
    left: dict[str, str] = {}

    def french(mails: list[EmailMessage]) -> list[EmailMessage]:
        check(mails)
        for mail in mails:
            for line in english_in(mail) + english_subject(mail):
                left.setdefault(line, str(mail["Subject"]))
        return mails

    judge.start_game()
    french(judge.send(MASTER, "SIGNON Mg1 gmpass\nSET PRESS GREY\nSET GRACE 24h\nLIST g1"))
    france, germany = judge.players["France"], judge.players["Germany"]
    french(judge.send(france.address, "\n".join([
        f"SIGNON Fg1 {france.password}", "A PAR-BUR", "A MUN-RUH", "A VIE-TYL",
        "PRESS GREY TO G", "Bonjour", "ENDPRESS", "PRESS TO G", "Salut", "ENDPRESS",
        "PRESS", "A tous", "ENDPRESS", "LIST", "HISTORY g1", "SUMMARY g1",
    ])))  # fmt: skip
    french(judge.send(MASTER, "SIGNON Mg1 gmpass\nBROADCAST\nAnnonce\nENDPRESS\nPAUSE\nRESUME"))
    judge.clock.advance(timedelta(days=2, hours=23))  # the reminder
    french(scheduler_round(judge))
    judge.clock.advance(timedelta(days=1, hours=1))  # the deadline: late notices
    french(scheduler_round(judge))
    french(judge.send(germany.address, f"SIGNON Gg1 {germany.password}\nA MUN H"))
    for _ in range(4):
        french(judge.play_phase())
    french(judge.send(france.address, f"SIGNON Fg1 {france.password}\nHISTORY g1\nSUMMARY g1"))
    french(judge.send(MASTER, "SIGNON Mg1 gmpass\nSET RULE civil_disorder 2000\nSET PARTIAL OFF"))
    for power, player in judge.players.items():
        french(judge.send(player.address, f"SIGNON {power[0]}g1 {player.password}\nDRAW"))
    assert judge.status()["status"] == "finished"
    assert left == {}, "\n".join(f"{subject}: {line}" for line, subject in left.items())


@pytest.mark.parametrize(
    ("topic", "meant"),
    [("enchere", "bid"), ("enchère", "bid"), ("Enchères", "bid"), ("presse", "press"),
     ("maître", "gm")],
)  # fmt: skip
def test_help_topics_are_read_in_french(judge: JudgeHarness, topic: str, meant: str) -> None:
    def help_body(line: str) -> str:
        text = body_of(judge.reply("ann@example.org", line))
        return text.split("\n", 1)[1]  # without the echo of the line

    # AIDE is a French word: the stranger is answered in French either way
    assert help_body(f"AIDE {topic}") == help_body(f"AIDE {meant}")
    assert "Voici le" not in help_body(f"AIDE {topic}")  # the topic, not the index


def test_a_french_player_who_does_not_sign_on_is_answered_in_french(
    french_game: JudgeHarness,
) -> None:
    judge = french_game
    judge.start_game()
    france = judge.players["France"]
    text = " ".join(body_of(judge.reply(france.address, "CONFIRM 123456\nLIST")).split())
    assert "La partie 'g1' (Standard) est en cours." in text or "Parties du judge" in text, text
    assert "No errors" not in text and "error" not in text.lower(), text


# --- every reply, refusal and notice of French games, not only the happy path ----------


class FrenchMails:
    """Every mail handed to `read` is checked: no English word, no power without its
    article, no line over 78 columns; what is left is kept, with the mail's subject."""

    def __init__(self) -> None:
        self.left: dict[str, str] = {}
        self.seen: list[EmailMessage] = []

    def read(self, mails: list[EmailMessage]) -> list[EmailMessage]:
        self.seen += mails
        for mail in mails:
            found = english_in(mail) + english_subject(mail) + without_article(mail)
            found += too_long(mail)
            for line in found:
                self.left.setdefault(line, str(mail["Subject"]))
        return mails

    def all_french(self) -> None:
        """Nothing left, and every mail sent as 7bit or 8bit text (none quoted-printable)."""
        assert self.left == {}, "\n".join(f"{s}: {line}" for line, s in self.left.items())
        check(self.seen)


def _join_and_start(judge: JudgeHarness, mails: FrenchMails, count: int) -> list[str]:
    """`count` players join g1 (p0, p1...) and the master starts it; their addresses."""
    addresses = [f"p{index}@example.org" for index in range(count)]
    for index, address in enumerate(addresses):
        first = harness.POWERS[index]
        mails.read(judge.send(address, f"SIGNON ?g1 pw{index}\nPREFERENCES {first}"))
    mails.read(judge.send(MASTER, "SIGNON Mg1 gmpass\nSTART"))
    return addresses


def test_every_reply_and_refusal_of_a_french_game_is_french(judge: JudgeHarness) -> None:
    """The master's settings before the start and after, with their refusals; a
    player's refused orders and commands, CANCEL, absences, every HELP topic; an
    ejection, a seat given by APPROVE, the ejected player signing on again."""
    mails = FrenchMails()
    mails.read(judge.send(MASTER, "\n".join([
        "CREATE g1 gmpass standard", "SET LANGUAGE fr", "SET GUNBOAT ON", "SET GUNBOAT OFF",
        "SET PRESS GREY", "SET PRESS NONE", "SET PRESS WHITE", "SET PARTIAL OFF",
        "SET PARTIAL ON", "SET MAPS OFF", "SET MAPS ON", "SET ZINE NONE", "SET MAXABSENCE 0",
        "SET MAXABSENCE 5", "SET GRACE 36h", "SET MOVE NEXT 2d", "SET RETREAT NEXT 90m",
        "SET ADJUST NEXT 1d12h", "SET RULE civil_disorder 2000", "SET RULE foo bar",
        "SET RULE civil_disorder maybe", "SET PLAYERS 3", "SET PRESS maybe", "START",
        "SET LANGUAGE de", "TERMINATE now", "EJECT Zorro", "SET DEADLINE xx",
    ])))  # fmt: skip
    mails.read(judge.send(OBSERVER, "OBSERVE g1 look"))
    mails.read(judge.send("early@example.org", "SIGNON ?g1 pw9\nSET LANGUAGE fr\n"
                          "SET ABSENCE 2026-01-05\nA PAR-BUR\nLIST g1\nSUMMARY g1\nHISTORY g1"))
    ann, bob, _ = _join_and_start(judge, mails, 3)
    ann_power = power_from_french_start_mail(judge, ann, "g1")
    letter = ann_power[0]
    other = "G" if letter == "F" else "F"  # press to a power not ann's own: the lot is random
    unit = {"Austria": "A VIE", "England": "A LVP", "France": "A PAR", "Germany": "A MUN",
            "Italy": "A ROM", "Russia": "A MOS", "Turkey": "A CON"}[ann_power]  # fmt: skip
    mails.read(judge.send(MASTER, "SIGNON Mg1 gmpass\nSET GUNBOAT ON\nSET PLAYERS 5\n"
                          "SET DEADLINE 48h\nSET PRESS GREY\nPAUSE\nRESUME\nLIST g1\n"
                          "SET NODIAS\nSET DIAS\nROLLBACK\nROLLBACK F1905M"))
    mails.read(judge.send(ann, "\n".join([
        f"SIGNON {letter}g1 pw0", f"{unit}-WAR", "A XYZZY-MUN", f"{unit} H", f"{unit}-TYL",
        "A PAR-PIC", "BUILD A PAR", "CANCEL " + unit, "ANNULER A MUN", "CANCEL",
        f"PRESS TO {other}", "Salut", "ENDPRESS", "PRESS GREY", "Bonjour", "ENDPRESS",
        "SET ABSENCE 12/24", "SET ABSENCE 2026-12-10 to 2026-12-12", "SET ABSENCE 2026-12-11",
        "SET TIMEZONE Mars/Olympus", "SET LANGUAGE xx", "PREFERENCES FGE", "BID Italy 3",
        "STALEMATE", "CONCEDE", "DRAW", "NODRAW", "WHOGAME g1", "VERSION", "GET press",
        "SET DRAW Austria", "PRESS TO +F -G", "ENDPRESS", "PHASE Automne 1901", f"{unit}-TYR",
        "CANCEL " + unit, "PHASE S1901M", "PHASE S1900M", "CLEAR", "PHASE",
    ])))  # fmt: skip
    for topics in (("", "orders", "game", "press", "nosuch"),
                   ("settings", "gm", "bid", "intimate", "taskdip")):  # fmt: skip
        lines = "\n".join(f"HELP {topic}" for topic in topics)
        mails.read(judge.send(ann, f"SIGNON {letter}g1 pw0\n{lines}\nGET\nGET zz"))
    mails.read(judge.send(bob, "SIGNON ?g1 wrong\nSIGNON Fg1 wrong\nA PAR-BUR"))
    bob_power = power_from_french_start_mail(judge, bob, "g1")
    mails.read(judge.send(MASTER, f"SIGNON Mg1 gmpass\nEJECT {bob_power}\n"
                          "APPROVE Austria x@example.org\nAPPROVE Russia new@example.org"))
    mails.read(judge.send(bob, f"SIGNON {bob_power[0]}g1 pw1\nLIST g1"))
    mails.read(judge.send("new@example.org", "SIGNON Rg1 newpw\nA MOS H\nRESIGN"))
    mails.read(judge.send("other@example.org", "SIGNON Tg1 pw\nLIST g1"))
    mails.all_french()


def test_an_intimate_year_with_refused_bids_is_french(judge: JudgeHarness) -> None:
    mails = FrenchMails()
    mails.read(judge.send(MASTER, "CREATE g1 gmpass intimate\nSET LANGUAGE fr\nSET MAPS OFF\n"
                          "SET BID NEXT 2d\nSET RULE stalemate eliminated\nSET PLAYERS 3"))
    mails.read(judge.send(OBSERVER, "OBSERVE g1 look"))
    mails.read(judge.send("p0@example.org", "SIGNON ?g1 pw0\nPREFERENCES Germany"))
    mails.read(judge.send("p1@example.org", "SIGNON ?g1 pw1\nPREFERENCES France"))
    mails.read(judge.send("p0@example.org", "\n".join([
        "SIGNON Gg1 pw0", "BID Austria 5", "Italy 3", "BID England 300", "BID Germany 2",
        "SET DRAW France Germany", "SET CONCEDE Germany",
        "BID Zorro 1", "Russia x", "CANCEL Italy", "CANCEL Turkey", "A MUN-RUH", "LIST g1",
    ])))  # fmt: skip
    mails.read(judge.send("p0@example.org", "SIGNON Gg1 pw0\nBID England 0\nSET NOWAIT"))
    mails.read(judge.send("p1@example.org", "SIGNON Fg1 pw1\nBID Italy 4\nSET NOWAIT"))
    assert judge.status()["phase"] == "S1901M"
    mails.read(judge.send("p1@example.org", "\n".join([
        "SIGNON Fg1 pw1", "A VIE-TYR", "F NAP-ION", "A PAR-BUR", "A XYZ-MUN",
        "PRESS GREY", "Salut", "ENDPRESS", "PRESS TO G", "Bonjour", "ENDPRESS", "STALEMATE",
        "WHOGAME g1", "SUMMARY", "HISTORY",
    ])))  # fmt: skip
    for _ in range(2):  # the spring, then the fall with its income
        mails.read(judge.send(MASTER, "SIGNON Mg1 gmpass\nPROCESS"))
    mails.read(judge.send("p0@example.org", "SIGNON Gg1 pw0\nCONCEDE\nLIST g1"))
    assert judge.status()["status"] == "finished"
    mails.all_french()


def test_a_taskdip_game_with_refusals_to_its_win_is_french(judge: JudgeHarness) -> None:
    mails = FrenchMails()
    mails.read(judge.send(MASTER, "CREATE g1 gmpass taskdip\nSET LANGUAGE fr\nSET PLAYERS 2"))
    mails.read(judge.send(OBSERVER, "OBSERVE g1 look"))
    set_seed(judge.sessions, "g1", find_seed(TWO_PLAYERS))
    for index in range(2):
        mails.read(judge.send(f"p{index}@example.org", f"SIGNON ?g1 pw{index}"))
    status = judge.status()
    for index in range(2):
        address = f"p{index}@example.org"
        powers = next(p["powers"] for p in status["players"] if p["address"] == address)
        others = "A PAR-BUR" if "FRANCE" not in powers else "A MOS-UKR"
        mails.read(judge.send(address, "\n".join([
            f"SIGNON {powers[0][0]}g1 pw{index}", "A XYZ-MUN", others, "A ROM-TUS",
            "LIST g1", "WHOGAME g1",
        ])))  # fmt: skip
    for letters in ({}, {"p1@example.org": "I"}):  # the spring, then the fall: Austria wins
        status = judge.status()
        for index in range(2):
            address = f"p{index}@example.org"
            powers = next(p["powers"] for p in status["players"] if p["address"] == address)
            lines = seat_orders(TWO_PLAYERS, status["phase"], list(powers), status)
            signon = f"SIGNON {letters.get(address, powers[0][0])}g1 pw{index}"
            mails.read(judge.send(address, "\n".join([signon, *lines])))
    assert judge.status()["status"] == "finished"
    mails.read(judge.send("p0@example.org", "LIST g1\nHISTORY g1\nSUMMARY g1"))
    mails.all_french()


def test_the_confirmation_requests_of_a_french_game_are_french(
    sessions: sessionmaker[Session],
    clock: ManualClock,
    make_config: Callable[..., Config],
    database_url: str,
) -> None:
    """The request to confirm an address, for the master, a player who joins, a new
    address and a zine of a game created in French, is in French."""
    config = make_config(
        database_url, limits={"per_sender_per_hour": 1000}, security={"confirm_addresses": True}
    )
    judge = JudgeHarness(sessions, clock, config)
    mails = FrenchMails()
    mails.read(judge.send(MASTER, "CREATE g1 gmpass standard LANGUAGE FR"))
    joining = mails.read(judge.send("p0@example.org", "SIGNON ?g1 pw0"))
    join_request = [m for m in joining if "confirm" in str(m["Subject"])]
    code = re.search(r"CONFIRM ([A-Z0-9]{8})", body_of(join_request[0]))
    assert code is not None  # the join waits for it
    mails.read(judge.send("p0@example.org", f"CONFIRM {code[1]}"))
    mails.read(judge.send(MASTER, "SIGNON Mg1 gmpass\nSET ZINE zine@example.org"))
    mails.read(judge.send("p0@example.org", "SIGNON ?g1 pw0\nSET ADDRESS new@example.org"))
    requests = [m for m in mails.seen if "confirm" in str(m["Subject"])]
    assert {m["To"] for m in requests} == {
        MASTER, "p0@example.org", "zine@example.org", "new@example.org"
    }, [m["Subject"] for m in mails.seen]
    assert all("CONFIRM " in body_of(m) for m in requests)
    mails.all_french()


def test_a_french_master_and_player_write_dates_in_french(french_game: JudgeHarness) -> None:
    judge = french_game
    judge.start_game()
    france = judge.players["France"]
    deadline = body_of(judge.reply(MASTER, "SIGNON Mg1 gmpass\nSET DEADLINE sam. 10 janv. 18h"))
    assert "La date limite de 'g1' est maintenant le sam. 10 janv. 2026 18:00 UTC" in " ".join(
        deadline.split()
    ), deadline
    absence = body_of(judge.reply(france.address, f"SIGNON Fg1 {france.password}\n"
                                  "SET ABSENCE du 24 décembre 2026 au 26 déc. 2026"))  # fmt: skip
    assert "Absence enregistrée dans 'g1' :" in absence, absence
    assert "jeu. 24 déc. 2026" in absence and "dim. 27 déc. 2026" in absence, absence


def test_a_stranger_who_writes_french_commands_is_answered_in_french(
    judge: JudgeHarness,
) -> None:
    judge.reply(MASTER, "CREATE g1 gmpass standard")
    mails = FrenchMails()
    reply = mails.read([judge.reply("inconnu@example.org", "AIDE\nLISTE g1\nAIDE enchères")])
    text = body_of(reply[0])
    assert "Voici le Diplomacy Judge (TEST)" in text, text
    assert "La partie 'g1' (Standard) est en formation." in text, text
    mails.all_french()
    # The same words from a player of an English game keep the player's English.
    judge.reply("ann@example.org", "SIGNON ?g1 pw")
    assert "Game 'g1' (Standard) is forming." in body_of(judge.reply("ann@example.org", "LISTE g1"))
