"""njudge's master commands over real SMTP, against one `judge serve` for the module:
`SIGNON ? password [variant]`, `BECOME`, `PROMOTE`, the master's `RESIGN power` and
`RESIGN address`, `SET QUIET`/`NOQUIET` and `SET NMR`/`CD`, in English and French.

Each test plays its own game on the shared server (games named after the test), so
the module pays for one server start.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any, cast

import pytest
from support.e2e.judge_process import MASTER, POWERS, Judge, _body, serving

HANDLER = "support.e2e.cheap_hashes:CheapHandler"
CLEAN = "No errors found in your mail."
WATCHER, SECOND = "watcher@example.org", "second@example.org"


@pytest.fixture(scope="module")
def shared_judge(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Judge]:
    folder = tmp_path_factory.mktemp("masters")

    def write_config(database_url: str, **sections: dict[str, Any]) -> Path:
        path = folder / "judge.toml"
        lines = [
            '[judge]\naddress = "judge@example.org"\ncode = "TEST"',
            f'[smtp]\nhost = "127.0.0.1"\nport = {sections["smtp"]["port"]}',
            f'[database]\nurl = "{database_url}"',
            '[outbound]\ntransport = "maildir"\nmaildir = "outbox"',
            "[scheduler]\npoll_seconds = 0.2",
            "[limits]\nper_sender_per_hour = 1000",
            "[security]\nconfirm_addresses = false",
        ]
        path.write_text("\n".join(lines) + "\n")
        return path

    yield from serving(write_config, f"sqlite:///{folder / 'judge.db'}", folder, HANDLER)


def _said(message: EmailMessage) -> str:
    return re.sub(r"\s+", " ", _body(message))


def _mails_to(judge: Judge, address: str, subject: str) -> list[EmailMessage]:
    return [m for m in judge.mails() if m["To"] == address and subject in str(m["Subject"])]


HOME_UNITS = {
    "AUSTRIA": "A VIE H\nA BUD H\nF TRI H", "ENGLAND": "F LON H\nF EDI H\nA LVP H",
    "FRANCE": "A PAR H\nA MAR H\nF BRE H", "GERMANY": "A BER H\nA MUN H\nF KIE H",
    "ITALY": "A ROM H\nA VEN H\nF NAP H", "RUSSIA": "A MOS H\nA WAR H\nF SEV H\nF STP/SC H",
    "TURKEY": "A CON H\nA SMY H\nF ANK H",
}  # fmt: skip


def _start(judge: Judge, game: str, players: list[str], options: str) -> dict[str, str]:
    """CREATE, joins, START; returns address -> power, read from the start mails."""
    created = _said(judge.send(MASTER, f"CREATE {game} gmpass standard {options}"))
    assert CLEAN in created, created
    for index, address in enumerate(players):
        assert CLEAN in _said(judge.send(address, f"SIGNON ?{game} pw{index}"))
    assert CLEAN in _said(judge.send(MASTER, f"SIGNON M{game} gmpass\nSTART"))
    subject = f"TEST:{game} - Game Start"
    starts = judge.wait_for(
        lambda mails: found if len(found := [
            m for m in mails if m["Subject"] == subject and m["To"] in players
        ]) == len(players) else [],
        "the start mails",
    )  # fmt: skip
    playing = re.compile(r"You are playing (\w+)\.")
    return {m["To"]: cast(re.Match[str], playing.search(_said(m)))[1].upper() for m in starts}


def test_signon_question_mark_joins_the_next_forming_game(shared_judge: Judge) -> None:
    judge = shared_judge
    none = _said(judge.send("early@example.org", "SIGNON ? pw"))
    assert "No forming game has a free seat: CREATE one (HELP game)" in none
    assert CLEAN in _said(judge.send(MASTER, "CREATE nx1 gmpass taskdip"))
    assert CLEAN in _said(judge.send(MASTER, "CREATE nx2 gmpass standard"))
    joined = _said(judge.send("early@example.org", "SIGNON ? pw standard"))
    assert "'nx2'" in joined and CLEAN in joined
    anyone = _said(judge.send("late@example.org", "SIGNON ? pw"))
    assert "'nx1'" in anyone and CLEAN in anyone
    intimate = _said(judge.send("other@example.org", "SIGNON ? pw intimate"))
    assert "No forming game of Intimate Diplomacy" in intimate


def test_become_promote_resign_and_quiet(shared_judge: Judge) -> None:
    judge = shared_judge
    players = ["a1@example.org", "a2@example.org", "a3@example.org"]
    held = _start(judge, "bq1", players, "QUIET, MAPS OFF")
    assert CLEAN in _said(judge.send(WATCHER, "OBSERVE bq1 look"))
    assert CLEAN in _said(judge.send(SECOND, "OBSERVE bq1 peek"))
    first, second, third = (held[p] for p in players)

    become = judge.send(MASTER, f"SIGNON Mbq1 gmpass\nBECOME {first}\n{HOME_UNITS[first]}")
    said = _said(become)
    assert f"You now act as {first.title()} in 'bq1' for the rest of this mail" in said
    assert CLEAN in said
    copies = judge.wait_for(
        lambda mails: [m for m in mails if m["To"] == players[0] and "BECOME" in _body(m)],
        "the player's copy of the master's BECOME",
    )
    assert copies
    free = next(p for p in POWERS if p.upper() not in held.values())
    nobody = _said(judge.send(MASTER, f"SIGNON Mbq1 gmpass\nBECOME {free}"))
    assert f"Nobody plays {free} in 'bq1': BECOME acts for a power's player" in nobody

    refused = _said(judge.send(players[2], f"SIGNON {third[0]}bq1 pw2\nRESIGN {second}"))
    assert f"Only the master of 'bq1' may resign the player of {second.title()}" in refused

    resigned = _said(judge.send(MASTER, f"SIGNON Mbq1 gmpass\nRESIGN {second}"))
    assert f"The player of {second.title()} is resigned from 'bq1'" in resigned
    assert "Only the masters were told (SET QUIET)." in resigned
    judge.wait_for(lambda m: _mails_to(judge, players[1], "Resigned by the Master"), "notice")
    judge.wait_for(lambda m: _mails_to(judge, MASTER, f"{second.title()} Resigned"), "to GM")
    assert not _mails_to(judge, players[2], "Resigned")  # QUIET: same transaction as GM's
    assert not _mails_to(judge, WATCHER, "Resigned")

    asked = _said(judge.send("new@example.org", f"SIGNON {second[0]}bq1 mine"))
    assert "resigned: only someone the master approves may take it over" in asked
    judge.send(MASTER, f"SIGNON Mbq1 gmpass\nAPPROVE {second} new@example.org")
    taken = _said(judge.send("new@example.org", f"SIGNON {second[0]}bq1 mine"))
    assert "The masters have been told (SET QUIET)." in taken

    promote = _said(judge.send(MASTER, f"SIGNON Mbq1 gmpass\nPROMOTE {WATCHER}\nPROMOTE x@y.org"))
    assert f"{WATCHER} is now a master of 'bq1', and has been told" in promote
    assert "x@y.org does not observe 'bq1': only an observer can be promoted" in promote
    judge.wait_for(lambda m: _mails_to(judge, WATCHER, "You Are a Master"), "promotion mail")
    co_master = _said(judge.send(WATCHER, "SIGNON Mbq1 look\nSET NOQUIET\nRESIGN " + SECOND))
    assert "Signed on as the master of 'bq1'" in co_master and CLEAN in co_master
    assert "'bq1' is now NOQUIET" in co_master
    assert f"{SECOND} no longer observes 'bq1'." in co_master

    own = _said(judge.send(players[2], f"SIGNON {third[0]}bq1 pw2\nWITHDRAW {third}"))
    assert "You have resigned from 'bq1'" in own
    judge.wait_for(lambda m: _mails_to(judge, players[0], f"{third.title()} Resigned"), "NOQUIET")
    listing = _said(judge.send(players[0], "LIST bq1"))
    assert WATCHER in listing


def test_nmr_waits_for_missing_orders_and_cd_is_the_default(shared_judge: Judge) -> None:
    judge = shared_judge
    players = ["n1@example.org", "n2@example.org"]
    held = _start(judge, "nm1", players, "NMR, MAPS OFF")
    listing = _said(judge.send(players[0], "LIST nm1"))
    assert "Missing orders: the game waits for them (NMR)" in listing
    again = _said(judge.send(MASTER, "SIGNON Mnm1 gmpass\nSET NMR"))
    assert "'nm1' is now NMR: after the grace, the game waits for a power" in again
    on_time, late = players
    sent = judge.send(on_time, f"SIGNON {held[on_time][0]}nm1 pw0\n{HOME_UNITS[held[on_time]]}")
    assert CLEAN in _said(sent)
    timing = _said(judge.send(MASTER, "SIGNON Mnm1 gmpass\nSET GRACE 1s\nSET DEADLINE +1s"))
    assert "Grace set to 1 second." in timing
    set_at = time.monotonic()
    notices = judge.wait_for(
        lambda mails: [m for m in mails if m["To"] == late and "Late Notice" in m["Subject"]],
        "a late notice under NMR",
    )
    assert "This game is set NMR: it goes on waiting for your orders" in _said(notices[0])
    time.sleep(max(0.0, set_at + 2.6 - time.monotonic()))  # deadline and grace both over
    assert not [m for m in judge.mails() if "nm1 - S1901M Results" in str(m["Subject"])]
    judge.send(late, f"SIGNON {held[late][0]}nm1 pw1\n{HOME_UNITS[held[late]]}")
    judge.wait_for(
        lambda mails: [m for m in mails if "nm1 - S1901M Results" in str(m["Subject"])],
        "the results once the late orders are in",
    )
    french = _said(judge.send(MASTER, "SIGNON Mnm1 gmpass\nSET LANGUAGE fr\nSET CD"))
    assert "'nm1' est maintenant en CD : à la fin du délai de grâce" in french
