"""A SIGNON ?game or OBSERVE from an address that has not asked for the game waits for
that address's confirmation (judge.service.confirming.pending_actions, pending_seats)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from support.service.harness import JudgeHarness, body_of

from judge.clock import ManualClock
from judge.config import Config
from judge.store.models import Address

GM = "gm@example.org"
MTA = "mx.test"
VERIFIED = {"Authentication-Results": f"{MTA}; dmarc=pass header.from=example.org"}


@pytest.fixture
def guarded(
    sessions: sessionmaker[Session], clock: ManualClock, make_config: Callable[..., Config],
    database_url: str,
) -> JudgeHarness:
    security = {"confirm_addresses": True, "authserv_id": MTA}
    config = make_config(database_url, limits={"per_sender_per_hour": 1000}, security=security)
    return JudgeHarness(sessions, clock, config)


def _flat(mail: object) -> str:
    return " ".join(body_of(mail).split())  # type: ignore[arg-type]


def _code(judge: JudgeHarness, sender: str, body: str) -> str:
    """Send `body`; the code of the one confirmation request it made (to `sender`)."""
    mails = judge.send(sender, body)
    requests = [m for m in mails if "please confirm" in str(m["Subject"])]
    assert [m["To"] for m in requests] == [sender]
    found = re.search(r"CONFIRM ([A-Z0-9]{8})", body_of(requests[0]))
    assert found is not None
    return found[1]


def test_the_confirmed_join_keeps_the_password_of_the_signon(guarded: JudgeHarness) -> None:
    guarded.send(GM, "CREATE g1 gmpw standard")
    code = _code(guarded, "ann@example.org", "SIGNON ?g1 secret")
    joined = _flat(guarded.reply("ann@example.org", f"CONFIRM {code}"))
    assert "You have joined 'g1' (1 of 7 players)." in joined
    again = _flat(guarded.reply("ann@example.org", "SIGNON ?g1 secret"))
    assert "You have already joined 'g1'; signed on." in again
    wrong = _flat(guarded.reply("ann@example.org", "SIGNON ?g1 other"))
    assert "Wrong password for 'g1'." in wrong


def test_a_join_confirmed_after_the_game_started_is_refused(guarded: JudgeHarness) -> None:
    guarded.send(GM, "CREATE g1 gmpw intimate", headers=VERIFIED)
    code = _code(guarded, "late@example.org", "SIGNON ?g1 pw")
    for index in range(2):  # senders the MTA verified take their seats at once
        guarded.send(f"p{index}@example.org", f"SIGNON ?g1 pw{index}", headers=VERIFIED)
    for address in (GM, "p0@example.org", "p1@example.org"):  # the seats confirm: it starts
        guarded.send(address, f"CONFIRM {_address_code(guarded, address)}")
    assert guarded.status()["status"] == "active"
    refused = _flat(guarded.reply("late@example.org", f"CONFIRM {code}"))
    assert "Game 'g1' is no longer forming" in refused


def test_one_request_for_a_repeated_observe(guarded: JudgeHarness) -> None:
    guarded.send(GM, "CREATE g1 gmpw standard")
    mails = guarded.send("fan@example.org", "OBSERVE g1 a\nOBSERVE g1 b\nOBSERVE g1 c")
    assert [m["To"] for m in mails] == ["fan@example.org"] * 2  # the request, the reply
    reply = _flat(next(m for m in mails if "please confirm" not in str(m["Subject"])))
    assert "No errors found in your mail." in reply
    request = next(m for m in mails if "please confirm" in str(m["Subject"]))
    code = re.search(r"CONFIRM ([A-Z0-9]{8})", body_of(request))
    assert code is not None
    assert "You now observe 'g1'" in _flat(guarded.reply("fan@example.org", f"CONFIRM {code[1]}"))
    signed = _flat(guarded.reply("fan@example.org", "SIGNON Og1 c"))  # the newest password
    assert "Signed on as an observer of 'g1'." in signed


def _address_code(judge: JudgeHarness, address: str) -> str:
    with judge.sessions() as session:
        return session.scalars(select(Address.code).where(Address.address == address)).one()


def test_a_join_confirmed_after_the_master_removed_the_address_is_refused(
    guarded: JudgeHarness,
) -> None:
    """The bar (EJECT address before the start) holds at the confirmation too: a
    request made before the removal does not seat the address after it."""
    guarded.send(GM, "CREATE g1 gmpw standard", headers=VERIFIED)
    code = _code(guarded, "ann@example.org", "SIGNON ?g1 secret")  # waits for CONFIRM
    seated = _flat(guarded.reply("ann@example.org", "SIGNON ?g1 secret", headers=VERIFIED))
    assert "You have joined 'g1'" in seated, seated
    removed = _flat(guarded.reply(GM, "SIGNON Mg1 gmpw\nEJECT ann@example.org", headers=VERIFIED))
    assert "No errors found" in removed, removed
    confirmed = _flat(guarded.reply("ann@example.org", f"CONFIRM {code}"))
    assert "You have joined" not in confirmed, confirmed
    listing = _flat(guarded.reply(GM, "LIST g1", headers=VERIFIED))
    assert "ann@example.org" not in listing, listing


def test_a_french_games_confirmation_request_has_a_french_subject_that_a_reply_confirms(
    guarded: JudgeHarness,
) -> None:
    guarded.send(GM, "CREATE g1 gmpw standard\nSIGNON Mg1 gmpw\nSET LANGUAGE fr")
    mails = guarded.send("fan@example.org", "OBSERVE g1 a")
    requests = [m for m in mails if "merci de confirmer (" in str(m["Subject"])]
    assert len(requests) == 1, [m["Subject"] for m in mails]
    subject = str(requests[0]["Subject"])
    assert "please confirm" not in subject
    code = re.search(r"\(([A-Z0-9]{8})\)$", subject)
    assert code is not None and f"CONFIRM {code[1]}" in body_of(requests[0])
    guarded.send("fan@example.org", "", subject=f"Re: {subject}")  # a bare reply confirms
    signed = _flat(guarded.reply("fan@example.org", "SIGNON Og1 a"))
    assert "Connecté en tant qu'observateur de 'g1'." in signed
