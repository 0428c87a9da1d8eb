"""A player who sent no preferences is told, in the start mail, which power the lot
gave them and why; a player who sent preferences is not told so (issue 32)."""

from __future__ import annotations

import re

from sqlalchemy import select
from support.service.harness import JudgeHarness

from judge.store.models import OutboxMessage

MASTER = "gm@example.org"


def _start_mail(judge: JudgeHarness, address: str) -> str:
    with judge.sessions() as session:
        rows = session.scalars(
            select(OutboxMessage).where(
                OutboxMessage.kind == "start", OutboxMessage.to_address == address
            )
        ).all()
    assert len(rows) == 1, address
    return " ".join(rows[0].message.decode("utf-8", "replace").split())


def _start(judge: JudgeHarness, french: bool = False) -> None:
    judge.reply(
        MASTER,
        "CREATE g1 gmpass standard" + ("\nSIGNON Mg1 gmpass\nSET LANGUAGE fr" if french else ""),
    )
    judge.reply("chooser@example.org", "SIGNON ?g1 pw1\nPREFERENCES T")
    judge.reply("lazy@example.org", "SIGNON ?g1 pw2")
    judge.reply(MASTER, "SIGNON Mg1 gmpass\nSTART")


def test_a_player_without_preferences_reads_the_power_the_lot_gave(judge: JudgeHarness) -> None:
    _start(judge)
    lazy = _start_mail(judge, "lazy@example.org")
    found = re.search(r"You are playing (\w+)\.", lazy)
    assert found is not None, lazy
    power = found.group(1)
    assert f"You sent no preferences, so {power} is yours by lot" in lazy
    chooser = _start_mail(judge, "chooser@example.org")
    # Turkey is likely but not sure: the lot may rank Turkey first for lazy and draw lazy first
    assert re.search(r"You are playing \w+\.", chooser), chooser
    assert "no preferences" not in chooser


def test_the_same_in_french(judge: JudgeHarness) -> None:
    _start(judge, french=True)
    lazy = _start_mail(judge, "lazy@example.org")
    assert "Vous n'aviez envoyé aucune préférence : le sort vous a donné " in lazy, lazy
    assert "aucune préférence" not in _start_mail(judge, "chooser@example.org")
