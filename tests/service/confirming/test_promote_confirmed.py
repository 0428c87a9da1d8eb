"""PROMOTE makes only a confirmed observer a co-master (issue 31, items 3 and 4).

Anyone may OBSERVE with any From address. With address confirmation on, an
observer whose address never answered its confirmation request may be a forgery
of someone else's address: promoted, it would be listed as a co-master and get
the master's mail. A forged OBSERVE now waits for its confirmation (no seat),
and an observer seat whose address never confirmed (one made before that rule)
is refused by PROMOTE, in the master's language, until the address confirms.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from support.service.harness import JudgeHarness, body_of

from judge.clock import ManualClock
from judge.config import Config
from judge.store.models import Game, Player, PlayerRole

GM, FORGED = "gm@example.org", "forged@example.org"
_CODE = re.compile(r"^ *CONFIRM ([A-Z0-9]{8})$", re.MULTILINE)  # the request's line


@pytest.fixture
def confirming(
    sessions: sessionmaker[Session],
    clock: ManualClock,
    make_config: Callable[..., Config],
    database_url: str,
) -> JudgeHarness:
    config = make_config(
        database_url, limits={"per_sender_per_hour": 1000}, security={"confirm_addresses": True}
    )
    return JudgeHarness(sessions, clock, config)


def _said(judge: JudgeHarness, sender: str, body: str) -> str:
    return " ".join(body_of(judge.reply(sender, body)).split())


def _confirm(judge: JudgeHarness, address: str, mails_to_it: list[str]) -> None:
    codes = [found[1] for text in mails_to_it for found in _CODE.finditer(text)]
    assert codes, mails_to_it
    assert "No errors found" in _said(judge, address, f"CONFIRM {codes[-1]}")


def _bodies_to(judge: JudgeHarness, sender: str, body: str, to: str) -> list[str]:
    return [body_of(m) for m in judge.send(sender, body) if m["To"] == to]


def _seat_unconfirmed_observer(judge: JudgeHarness, sessions: sessionmaker[Session]) -> None:
    """An observer seat whose address never confirmed: one made before the upgrade
    that made OBSERVE wait for a confirmation for the game (issue 31, item 3)."""
    with sessions.begin() as session:
        game = session.scalars(select(Game).where(Game.name == "g1")).one()
        session.add(Player(game_id=game.id, address=FORGED, password_hash="x",
                           role=PlayerRole.OBSERVER, joined_at=judge.clock.now()))  # fmt: skip


def test_a_forged_observe_neither_observes_nor_can_be_promoted_until_it_confirms(
    confirming: JudgeHarness,
) -> None:
    judge = confirming
    _confirm(judge, GM, _bodies_to(judge, GM, "CREATE g1 gmpass standard", GM))
    asked = _bodies_to(judge, FORGED, "OBSERVE g1 look", FORGED)  # anyone may write this From
    refused = _said(judge, GM, f"SIGNON Mg1 gmpass\nPROMOTE {FORGED}")
    assert f"{FORGED} does not observe 'g1'" in refused, refused
    assert "1 error found" in refused
    listing = _said(judge, GM, "LIST g1")
    assert FORGED not in listing.split("Master:")[1].split(".")[0], listing
    assert "Signed on as the master" not in _said(judge, FORGED, "SIGNON Mg1 look")
    _confirm(judge, FORGED, asked)
    promoted = _said(judge, GM, f"SIGNON Mg1 gmpass\nPROMOTE {FORGED}")
    assert f"{FORGED} is now a master of 'g1'" in promoted, promoted
    assert "Signed on as the master of 'g1'." in _said(judge, FORGED, "SIGNON Mg1 look")


def test_an_observer_seat_whose_address_never_confirmed_is_not_promoted(
    confirming: JudgeHarness, sessions: sessionmaker[Session]
) -> None:
    judge = confirming
    _confirm(judge, GM, _bodies_to(judge, GM, "CREATE g1 gmpass standard", GM))
    _seat_unconfirmed_observer(judge, sessions)
    refused = _said(judge, GM, f"SIGNON Mg1 gmpass\nPROMOTE {FORGED}")
    assert f"{FORGED} observes 'g1' but has not confirmed its address yet" in refused, refused
    assert "1 error found" in refused
    listing = _said(judge, GM, "LIST g1")
    assert FORGED not in listing.split("Master:")[1].split(".")[0], listing


def test_the_refusal_is_in_the_masters_language(
    confirming: JudgeHarness, sessions: sessionmaker[Session]
) -> None:
    judge = confirming
    _confirm(judge, GM, _bodies_to(judge, GM, "CREATE g1 gmpass standard", GM))
    judge.reply(GM, "SIGNON Mg1 gmpass\nSET LANGUAGE fr")
    _seat_unconfirmed_observer(judge, sessions)
    refused = _said(judge, GM, f"SIGNON Mg1 gmpass\nPROMOTE {FORGED}")
    assert f"{FORGED} observe 'g1' mais n'a pas encore confirmé son adresse" in refused, refused


def test_without_address_confirmation_an_observer_is_promoted_at_once(
    judge: JudgeHarness,
) -> None:
    """`confirm_addresses = false`: every address counts as confirmed (the operator's
    choice), so PROMOTE works as njudge's does."""
    judge.reply(GM, "CREATE g1 gmpass standard")
    judge.reply(FORGED, "OBSERVE g1 look")
    assert f"{FORGED} is now a master of 'g1'" in _said(
        judge, GM, f"SIGNON Mg1 gmpass\nPROMOTE {FORGED}"
    )
