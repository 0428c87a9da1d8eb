"""An Intimate game played by mail, shared by the rulesets: over SMTP against a real
`judge serve` (rx03), or on the in-process pipeline (2000, propaganda).

Germany (ann) against France (bob), neighbours, so that a German army can walk
into Paris by the spring of 1903:

* 1901: Germany wins Austria, France wins Italy; Russia is a tie and England and
  Turkey get no bid (anarchy). France replaces one bid and withdraws another.
  Each orders its mercenary; an order for a unit the player does not control is
  refused, so each sends a second mail with the rest of its orders (a mail with a
  refused order is not complete; the phase waits for both second mails). Italy
  (France) takes Tunis, and the master PROCESSes the winter, so
  the judge builds Italy's army.
* 1902: control changes hands: Italy goes to Germany, Austria to France.
* 1903: the bids of the ruleset's test (an overbid), then A BUR-PAR: Germany wins.

Every phase ends with complete orders from both players (`REST`: holds for every
other unit the player controls), and `play` checks that no mail but the last of a
phase processes it. `play` returns every mail of the game; `check_shared` asserts what all three
rulesets have in common, including that no bid reached anyone but the bidder
before the bid results. The rulesets' own figures are checked in their tests.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

from support.e2e.early_by_mail import controlled_by, holds
from support.e2e.judge_process import _body
from support.e2e.pipeline_judge import ByMail

ANN, BOB = "ann@example.org", "bob@example.org"
MASTER, OBSERVER, ZINE = "gm@example.org", "watcher@example.org", "zine@example.org"
PLAYERS = {"Germany": (ANN, "Gg1 annpw"), "France": (BOB, "Fg1 bobpw")}
AUDIENCE = {ANN, BOB, MASTER, OBSERVER, ZINE}

Mail = tuple[str, tuple[str, ...]]  # who ("Germany", "France", "GM") and the lines
# In a mail's lines: a hold for every other unit the player controls now (from
# `judge status`), so that every mail that ends a player's phase is complete.
REST = "REST"
HOMES = {"Germany": "GERMANY", "France": "FRANCE"}
UNIT = re.compile(r"([AF])\s+([A-Z]{3}(?:/[NSEW]C)?)", re.IGNORECASE)  # the unit an order is for

BIDS_1901: tuple[Mail, ...] = (
    ("Germany", ("BID AUSTRIA 5", "BID ITALY 3", "BID RUSSIA 2")),
    ("France", ("BID ITALY 1", "BID ITALY 4", "BID TURKEY 2", "BID TURKEY 0", "BID RUSSIA 2")),
)
YEARS_1901_1902: tuple[tuple[str, tuple[Mail, ...]], ...] = (
    ("S1901B", BIDS_1901),
    ("S1901M", (
        ("Germany", ("A MUN-BUR", "A VIE H", "A WAR H")),
        ("France", ("A PAR-PIC", "F NAP-ION", "A VIE H")),
        ("Germany", (REST,)),
        ("France", (REST,)),
    )),
    ("F1901M", (("Germany", ("A BUR H", REST)), ("France", ("F ION-TUN", "A PIC H", REST)))),
    ("W1901A", (("GM", ("PROCESS",)),)),
    ("S1902B", (
        ("Germany", ("BID ITALY 6", "BID AUSTRIA 1")),
        ("France", ("BID AUSTRIA 3", "BID ITALY 2")),
    )),
    ("S1902M", (
        ("Germany", ("A BUR H", "A VEN H", REST)),
        ("France", ("A PIC H", "A VIE H", REST)),
    )),
    ("F1902M", (("Germany", ("A BUR H", REST)), ("France", ("A PIC H", REST)))),
)
VICTORY = ("S1903M", (("France", ("A PIC H", REST)), ("Germany", ("A BUR-PAR", REST))))

# What gives a bid away: an echoed BID line, an acknowledgement, a bid results line.
BID_TEXT = re.compile(r"BID \w+ \d+|Your bids in|bids \d+ for", re.IGNORECASE)


@dataclass
class Played:
    """Every mail of the game, sorted out."""

    starts: dict[str, str] = field(default_factory=dict)  # address -> body
    results: dict[str, dict[str, str]] = field(default_factory=dict)  # phase -> address -> body
    replies: dict[tuple[str, str], str] = field(default_factory=dict)  # (phase, who) -> 1st body
    sent: dict[str, list[str]] = field(default_factory=dict)  # who -> every line sent
    mails: list[EmailMessage] = field(default_factory=list)


def play(judge: ByMail, ruleset: str, bids_1903: tuple[Mail, ...]) -> Played:
    """Each mail of a phase but the last must leave it waiting; the last processes it."""
    played = Played()
    _sign_up(judge, ruleset, played)
    for phase, mails in (*YEARS_1901_1902, ("S1903B", bids_1903), VICTORY):
        status = judge.status() if any(REST in lines for _, lines in mails) else {}
        this_phase: dict[str, list[str]] = {}
        for index, (who, lines) in enumerate(mails):
            earlier = this_phase.setdefault(who, [])
            full = _with_rest(status, who, lines, earlier)
            if phase.endswith("B") and who != "GM":
                full = (*full, "SET NOWAIT")  # the bid phase waits for everyone's (njudge)
            earlier.extend(full)
            reply = _send(judge, who, full)
            played.replies.setdefault((phase, who), reply)
            played.sent.setdefault(who, []).extend(full)
            last = index == len(mails) - 1
            if who != "GM":
                assert (f"{phase} has been processed" in reply) == last, (phase, who, reply)
        found = judge.wait_for(_results_for(phase), f"{phase} results")
        played.results[phase] = {m["To"]: _body(m) for m in found}
    played.mails = judge.mails()
    return played


def _with_rest(
    status: Mapping[str, Any], who: str, lines: tuple[str, ...], earlier: list[str]
) -> tuple[str, ...]:
    """`lines` with REST replaced by holds for the units not ordered this phase."""
    if REST not in lines:
        return lines
    given = [line for line in (*earlier, *lines) if line != REST]
    ordered = {f"{m[1]} {m[2]}" for m in map(UNIT.match, given) if m}
    rest = holds(status, controlled_by(status, HOMES[who]), skip=ordered)
    return tuple(line for line in lines if line != REST) + tuple(rest)


def _sign_up(judge: ByMail, ruleset: str, played: Played) -> None:
    reply = _body(judge.send(MASTER, f"CREATE g1 gmpass {ruleset}\nSET ZINE {ZINE}"))
    assert "No errors found in your mail." in reply, reply
    judge.send(OBSERVER, "OBSERVE g1 look")
    judge.send(ANN, "SIGNON ?g1 annpw\nPREFERENCES GERMANY")
    reply = _body(judge.send(BOB, "SIGNON ?g1 bobpw\nPREFERENCES F"))
    assert "Game 'g1' has started." in reply, reply
    starts = judge.wait_for(_to_everyone("TEST:g1 - Game Start"), "the start mails")
    played.starts = {m["To"]: _body(m) for m in starts}


def _send(judge: ByMail, who: str, lines: tuple[str, ...]) -> str:
    if who == "GM":
        return _body(judge.send(MASTER, "\n".join(("SIGNON Mg1 gmpass", *lines))))
    address, signon = PLAYERS[who]
    return _body(judge.send(address, "\n".join((f"SIGNON {signon}", *lines))))


Finder = Callable[[list[EmailMessage]], list[EmailMessage]]


def _to_everyone(subject: str) -> Finder:
    def found(mails: list[EmailMessage]) -> list[EmailMessage]:
        matching = [m for m in mails if m["Subject"] == subject]
        return matching if {m["To"] for m in matching} >= AUDIENCE else []

    return found


def _results_for(phase: str) -> Finder:
    return _to_everyone(f"TEST:g1 - {phase} Results")


# --- what every ruleset shows -------------------------------------------------------------


def check_shared(played: Played, variant: str, credits: dict[str, str]) -> None:
    """`variant`: the display name in the header; `credits`: address -> start line."""
    _check_start(played, variant, credits)
    _check_bids_are_sealed(played)
    _check_results_reach_everyone(played, variant)
    _check_bid_results(played)
    _check_orders(played)
    _check_victory(played)


def _check_start(played: Played, variant: str, credits: dict[str, str]) -> None:
    assert set(played.starts) >= AUDIENCE
    ann, bob = played.starts[ANN], played.starts[BOB]
    header = " ".join(ann.split(":: Deadline:")[0].split())  # wrapped within 78 columns
    assert header.endswith(f"Variant: {variant}"), header
    assert "Your home power is Germany.\nYour opponent plays France." in ann
    assert "Your home power is France.\nYour opponent plays Germany." in bob
    for address, line in credits.items():
        assert line in played.starts[address], played.starts[address]
    for text in played.starts.values():
        assert "The first phase of 'g1' is Bid for Spring of 1901." in text
        assert "first bids (Bid for Spring of 1901) are due by" in text


def _check_bids_are_sealed(played: Played) -> None:
    """Before the bid results, a bid shows only in its bidder's own replies."""
    for mail in played.mails:
        text = _body(mail)
        if not BID_TEXT.search(text) or re.search(r"B Results$", mail["Subject"]):
            continue
        assert mail["Subject"].startswith("Re: "), (mail["To"], mail["Subject"])
        assert mail["To"] in (ANN, BOB), (mail["To"], mail["Subject"])
        own = {ANN: "Germany", BOB: "France"}[mail["To"]]
        assert f"Signed on as {own} in 'g1'." in text, text
        assert _bids_shown(text) <= _bids_shown("\n".join(played.sent[own])), text


def _bids_shown(text: str) -> set[tuple[str, str]]:
    """(power, amount) of every BID line and acknowledged bid in `text`."""
    shown = {(p.upper(), a) for p, a in re.findall(r"BID (\w+) (\d+)", text, re.IGNORECASE)}
    for listing in re.findall(r"Your bids in 'g1' for S\d{4}B: ([^(.]*)", text):
        shown |= {(p.upper(), a) for p, a in re.findall(r"(\w+) (\d+)", listing)}
    return shown


def _check_results_reach_everyone(played: Played, variant: str) -> None:
    for phase, results in played.results.items():
        assert set(results) >= AUDIENCE, phase
        assert len({results[a] for a in AUDIENCE}) == 1, f"{phase}: everyone sees the same"
        header = " ".join(results[MASTER].split(":: Deadline:")[0].split())  # 78 columns
        assert header == f":: Judge: TEST Game: g1 Variant: {variant}", header


def _check_bid_results(played: Played) -> None:
    first = played.results["S1901B"][OBSERVER]
    for line in (
        "Bid results for Spring of 1901.",
        "Germany bids 5 for Austria.",
        "France bids 4 for Italy.",
        "Germany bids 3 for Italy. (*failed*)",
        "France bids 2 for Russia. (*failed*)",
        "Germany bids 2 for Russia. (*failed*)",
        "France's successful bids total 4.",
        "Germany's successful bids total 5.",
        "Austria: controlled by Germany.\nEngland: anarchy.\nItaly: controlled by France.\n"
        "Russia: anarchy.\nTurkey: anarchy.",
        "The next phase of 'g1' will be Movement for Spring of 1901.",
    ):
        assert line in first, (line, first)
    assert "Turkey" not in first.split("Austria: controlled")[0], "a withdrawn bid shows"
    second = played.results["S1902B"][OBSERVER]
    assert "Austria: controlled by France." in second
    assert "Italy: controlled by Germany." in second
    ack = played.replies[("S1901B", "France")]
    assert "> BID TURKEY 0\nYour bids in 'g1' for S1901B: Italy 4 (total 4)." in ack, ack
    assert "Your bids in 'g1' for S1901B: Italy 4, Russia 2 (total 6)." in ack


def _check_orders(played: Played) -> None:
    germany = played.replies[("S1901M", "Germany")]
    assert "> A VIE H\nOK: Army Vienna HOLD." in germany, germany
    assert "> A WAR H\n*** Error: You do not control Russia this year: it is in anarchy." in germany
    france = played.replies[("S1901M", "France")]
    assert "> F NAP-ION\nOK: Fleet Naples -> Ionian Sea." in france, france
    assert "> A VIE H\n*** Error: You do not control Austria this year." in france
    fall = played.results["F1901M"][MASTER]
    assert "Italy: Fleet Ionian Sea -> Tunis." in fall
    winter = played.results["W1901A"][MASTER]
    assert "Italy: Builds an army in Naples." in winter
    assert "The judge ordered for Italy: A NAP B (missing build)." in winter


def _check_victory(played: Played) -> None:
    last = played.results["S1903M"][ZINE]
    assert "Germany: Army Burgundy -> Paris." in last
    assert "The game 'g1' is over.\nGermany has won." in last
