"""Press settings and a gunboat game, by mail (issue 14.4): the press over real SMTP
against `judge serve`, the gunboat game on the in-process pipeline (`pipeline_judge`:
what it proves is what each mail says, not how it travels).

Every mail the judge writes lands in one maildir; a reader's mailbox is the mails
addressed to it. The tests read the mailboxes whole:

* PRESS NONE: a player's press is refused and reaches nobody, the master's
  BROADCAST reaches everyone; PRESS GREY goes out signed "Anonymous", without the
  sender's power or address; PARTIAL OFF refuses press to some powers only.
* GUNBOAT: seven players, an observer and a zine address play a game year
  (movement, a retreat, builds), one player moves to a new address mid-game, and
  everyone asks for LIST, HISTORY, SUMMARY and the MAP; then the zine pages are
  written. No mail to a player, the observer or the zine, and no zine page, shows
  any other player's address or its local part (`anonymity.assert_anonymous`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path

from support.e2e.anonymity import assert_anonymous, leaks, mail_text
from support.e2e.judge_process import POWERS, Judge, _body, judge_command
from support.e2e.pipeline_judge import ByMail, PipelineJudge
from support.service.scenario import orders_for, owes_orders

MASTER, OBSERVER, ZINE = "gm@example.org", "watcher@example.org", "zine@example.org"
# Local parts found nowhere else in the judge's mail, so that a leak cannot hide.
GUNBOAT = [f"zq{name}@example.org" for name in ("anna", "bert", "cleo", "dirk", "emma",
                                                 "finn", "gina")]  # fmt: skip
MOVED = "zqhugo@example.org"  # France's new address (SET ADDRESS) mid-game
NEWCOMER = "zqkurt@example.org"  # takes over Italy once its player resigned
PRESS = ["zqivan@example.org", "zqjade@example.org"]  # Austria and England


def _flat(text: str) -> str:
    return text.replace("\n", " ")


def _box(judge: ByMail, reader: str) -> list[EmailMessage]:
    return [m for m in judge.mails() if str(m["To"]).lower() == reader.lower()]


def _wait_for_all(judge: ByMail, subject: str, readers: list[str]) -> list[EmailMessage]:
    def found(mails: list[EmailMessage]) -> list[EmailMessage]:
        matching = [m for m in mails if m["Subject"] == subject]
        return matching if {m["To"] for m in matching} >= set(readers) else []

    return judge.wait_for(found, f"{subject!r} to {readers}")


def _quiet(judge: ByMail) -> list[EmailMessage]:
    """The maildir once nothing new has arrived for a second (all mail written); on
    the pipeline every mail is there when `send` returns."""
    if isinstance(judge, PipelineJudge):
        return judge.mails()
    count, since = -1, time.monotonic()
    while time.monotonic() - since < 1.0:
        now = len(judge.mails())
        if now != count:
            count, since = now, time.monotonic()
        time.sleep(0.1)
    return judge.mails()


def _sign_up(judge: ByMail, create: str, addresses: list[str], readers: list[str],
             start: bool = False) -> dict[str, tuple[str, str]]:  # fmt: skip
    """CREATE with `create`'s options, an observer, the players; -> power: (address, pw)."""
    assert "created" in _body(judge.send(MASTER, create))
    judge.send(OBSERVER, "OBSERVE g1 look")
    for index, address in enumerate(addresses):
        reply = judge.send(address, f"SIGNON ?g1 pw{index}\nPREFERENCES {POWERS[index][0]}")
        assert "No errors found in your mail." in _body(reply), _body(reply)
    if start:
        judge.send(MASTER, "SIGNON Mg1 gmpass\nSTART")
    starts = _wait_for_all(judge, "TEST:g1 - Game Start", [*addresses, *readers])
    powers = {}
    for mail in starts:
        if mail["To"] in addresses:
            index = addresses.index(mail["To"])
            assert f"You are playing {POWERS[index]}." in _body(mail)
            powers[POWERS[index]] = (mail["To"], f"pw{index}")
    return powers


def _send_ok(judge: ByMail, address: str, body: str) -> str:
    text = _body(judge.send(address, body))
    assert "No errors found in your mail." in text, text
    return text


def _send_refused(judge: ByMail, address: str, body: str) -> str:
    text = _flat(_body(judge.send(address, body)))
    assert "1 error found in your mail." in text, text
    return text


def _fence(judge: ByMail, readers: list[str], text: str) -> None:
    """A master's broadcast, waited for by every reader: mail queued before it is out."""
    readers = [reader for reader in readers if reader != MASTER]  # not sent to its sender
    _send_ok(judge, MASTER, f"SIGNON Mg1 gmpass\nBROADCAST\n{text}\nENDPRESS")
    _wait_for_all(judge, "TEST:g1 - Broadcast from Master", readers)
    for reader in readers:
        assert any(text in _body(m) for m in _box(judge, reader)), reader


def _press_to(judge: ByMail, reader: str) -> list[str]:
    return [_body(m) for m in _box(judge, reader) if "Press from" in str(m["Subject"])]


def test_press_none_grey_and_partial_over_smtp(quick_judge: Judge) -> None:
    judge = quick_judge
    powers = _sign_up(judge, "CREATE g1 gmpass standard PRESS NONE", PRESS, [MASTER, OBSERVER],
                      start=True)  # fmt: skip
    austria, england = powers["Austria"], powers["England"]
    signon_a = f"SIGNON Ag1 {austria[1]}"

    refused = _send_refused(judge, austria[0], f"{signon_a}\nPRESS TO E\nAn alliance?\nENDPRESS")
    assert "The master has turned press off in 'g1' (SET PRESS NONE)" in refused
    refused = _send_refused(judge, austria[0], f"{signon_a}\nBROADCAST\nHello all\nENDPRESS")
    assert "players send no broadcast" in refused
    _fence(judge, [england[0], austria[0], OBSERVER], "The master speaks.")
    assert _press_to(judge, england[0]) == [] and _press_to(judge, OBSERVER) == []
    to_master = _send_ok(judge, austria[0], f"{signon_a}\nPRESS TO MASTER\nA question.\nENDPRESS")
    assert "Sent to the Master (1 mail)." in to_master
    judge.wait_for(lambda ms: [m for m in ms if m["To"] == MASTER and "A question." in _body(m)],
                   "Austria's press to the master")  # fmt: skip

    reply = _flat(_send_ok(judge, MASTER, "SIGNON Mg1 gmpass\nSET PRESS GREY\nSET PARTIAL OFF"))
    assert "Press set to grey (anonymous press allowed: PRESS GREY)." in reply
    assert "Partial press set to off" in reply
    _send_ok(judge, austria[0], f"{signon_a}\nPRESS GREY\nSomeone is watching you.\nENDPRESS")
    grey = _wait_for_all(judge, "TEST:g1 - Press from Anonymous", [england[0], OBSERVER, MASTER])
    for mail in grey:
        text = mail_text(mail)
        assert "press from anonymous in 'g1':" in text and "someone is watching you." in text
        assert "austria" not in text
    assert not leaks(grey, [austria[0]])  # nor Austria's address, nor its local part

    refused = _send_refused(judge, austria[0], f"{signon_a}\nPRESS GREY TO E\nJust you.\nENDPRESS")
    assert "Press to some powers only is not allowed in 'g1' (SET PARTIAL OFF)" in refused
    _send_refused(judge, austria[0], f"{signon_a}\nPRESS TO E\nJust you.\nENDPRESS")
    _fence(judge, [england[0], OBSERVER], "Still here.")
    assert not any("Just you." in text for text in _press_to(judge, england[0]))
    assert_anonymous(_quiet(judge), PRESS, may_see_all=[MASTER])  # plain games hide them too


def _play_phase(judge: ByMail, powers: dict[str, tuple[str, str]], readers: list[str]) -> str:
    status = judge.status()
    phase = str(status["phase"])
    for power in POWERS:
        if owes_orders(phase, power, status):
            address, password = powers[power]
            lines = [f"SIGNON {power[0]}g1 {password}", *orders_for(phase, power, status)]
            _send_ok(judge, address, "\n".join(lines))
    _wait_for_all(judge, f"TEST:g1 - {phase} Results", readers)
    return phase


def _zine_pages(config: Path, folder: Path) -> dict[str, str]:
    """`judge zine --all`, the command's own code run in this process."""
    judge_command("zine", "--all", str(folder), "--config", str(config))
    pages = {path.name: path.read_text() for path in folder.glob("*.html")}
    assert set(pages) == {"index.html", "g1.html"}
    return pages


def test_a_gunboat_game_shows_no_player_to_anyone_but_the_master(
    pipeline_judge: PipelineJudge, tmp_path: Path, write_config: Callable[..., Path],
    database_url: str,
) -> None:  # fmt: skip
    judge = pipeline_judge
    create = f"CREATE g1 gmpass standard GUNBOAT, ZINE {ZINE}"
    powers = _sign_up(judge, create, GUNBOAT, [MASTER, OBSERVER, ZINE])
    master_start = [_body(m) for m in _box(judge, MASTER) if m["Subject"] == "TEST:g1 - Game Start"]
    assert all(address in master_start[0] for address in GUNBOAT)  # the master may know

    france = powers["France"]
    refused = _send_refused(judge, france[0], f"SIGNON Fg1 {france[1]}\nPRESS TO G\nHi\nENDPRESS")
    assert "'g1' is a gunboat game: players send no press" in refused
    refused = _send_refused(judge, MASTER, "SIGNON Mg1 gmpass\nSET NOGUNBOAT")
    assert "can only be chosen before the start" in refused
    _send_ok(judge, france[0], f"SIGNON Fg1 {france[1]}\nSET ADDRESS {MOVED}")
    powers["France"] = (MOVED, france[1])

    readers = [address for address, _ in powers.values()] + [MASTER, OBSERVER, ZINE]
    played = [_play_phase(judge, powers, readers) for _ in range(4)]
    assert played == ["S1901M", "F1901M", "F1901R", "W1901A"]
    _fence(judge, readers, "The year is over.")

    italy = powers["Italy"]
    _send_ok(judge, italy[0], f"SIGNON Ig1 {italy[1]}\nRESIGN")
    _send_ok(judge, MASTER, f"SIGNON Mg1 gmpass\nAPPROVE Italy {NEWCOMER}")  # issue 32
    _send_ok(judge, NEWCOMER, "SIGNON Ig1 kurtpw")
    powers["Italy"] = (NEWCOMER, "kurtpw")
    judge.wait_for(lambda ms: [m for m in ms if m["Subject"] == "TEST:g1 - Italy Taken Over"],
                   "the takeover notice")  # fmt: skip
    _send_ok(judge, MASTER, "SIGNON Mg1 gmpass\nTERMINATE")
    readers = [address for address, _ in powers.values()] + [OBSERVER, ZINE]
    judge.wait_for(
        lambda ms: [m for m in ms if "terminated game 'g1'" in _body(m) and m["To"] == ZINE],
        "the game-over mail",
    )
    for reader in [address for address, _ in powers.values()] + [OBSERVER, MASTER]:
        for question in ("LIST g1", "HISTORY g1", "SUMMARY g1", "MAP g1"):
            judge.send(reader, question)
    pages = _zine_pages(write_config(database_url), tmp_path / "zine")

    mails = _quiet(judge)
    for reader in [*GUNBOAT, MOVED, NEWCOMER, OBSERVER, ZINE]:
        assert _box(judge, reader), f"{reader} read nothing: the check would prove nothing"
    history = [_body(m) for m in _box(judge, NEWCOMER) if "Notice" in _body(m)]
    assert any("The player of Italy has resigned" in text for text in history), history
    assert any("terminated game 'g1'" in _body(m) for m in _box(judge, NEWCOMER))
    assert "Germany: Army Munich -> Ruhr." in _body(_box(judge, OBSERVER)[-1]) or any(
        "Germany: Army Munich -> Ruhr." in _body(m) for m in _box(judge, ZINE)
    )
    assert any(m.get_content_maintype() == "multipart" for m in _box(judge, ZINE))  # maps
    france_addresses = (france[0], MOVED)  # one player: may read both
    players = [a for a in GUNBOAT if a != france[0]] + [france_addresses, NEWCOMER]
    assert_anonymous(mails, players, may_see_all=[MASTER], pages=pages)


def test_the_anonymity_check_finds_a_leak() -> None:
    """The helper itself: a mail naming another player, or a page naming any, fails."""
    mail = EmailMessage()
    mail["To"], mail["Subject"] = GUNBOAT[0], "TEST:g1 - Notice"
    mail.set_content("The player of France is ZQBERT.")
    assert leaks([mail], GUNBOAT) == [f"{GUNBOAT[0]}: zqbert (TEST:g1 - Notice)"]
    assert leaks([mail], GUNBOAT, may_see_all=[GUNBOAT[0]]) == []
    assert leaks([mail], [(GUNBOAT[0], GUNBOAT[1])]) == []  # one player's two addresses
    assert leaks([], GUNBOAT, pages={"g1.html": "<p>zqanna@example.org</p>"}) == [
        "page g1.html: zqanna@example.org", "page g1.html: zqanna",
    ]  # fmt: skip
