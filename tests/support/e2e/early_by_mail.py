"""Orders sent as people send them, over several mails, to a judge by mail (a real
`judge serve` or the in-process pipeline: `pipeline_judge.ByMail`).

A player rarely sends a whole phase in one mail: one order now, the rest later, a
typo corrected in a second mail, two of three builds, then all three. The judge
must process a phase early only once every player has sent everything owed, in a
mail whose orders were all accepted, and then at once. `Slow` drives one such
player: each `step` mails some lines and checks the outcome from the outside,
through the reply and `judge status`, as a player would see it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from judge.store import games as store
from judge.store.db import make_engine
from support.e2e.judge_process import _body
from support.e2e.pipeline_judge import ByMail

PROCESSED = "has been processed"


def holds(status: Mapping[str, Any], powers: Iterable[str], skip: Iterable[str] = ()) -> list[str]:
    """A hold for every unit of `powers` (power names in capitals) but those in `skip`
    (units as `A PAR`)."""
    skipped = set(skip)
    return [
        f"{unit} H"
        for power in powers
        for unit in status["powers"][power]["units"]
        if unit not in skipped
    ]


def controlled_by(status: Mapping[str, Any], home: str) -> list[str]:
    """The powers whose units the player of `home` orders now (status `controller`)."""
    return sorted(p for p, entry in status["powers"].items() if entry["controller"] == home)


@dataclass
class Slow:
    """One player who sends a phase's orders over several mails."""

    judge: ByMail
    address: str
    signon: str  # e.g. "Fg1 pw"
    database_url: str  # the judge's database, read for the game's phase

    def phase(self) -> str | None:
        """The game's current phase, read from the judge's database (what `judge
        status` reports, without starting a process for each question)."""
        engine = make_engine(self.database_url)
        try:
            with engine.connect() as connection:
                game = store.get_game(Session(bind=connection), "g1")
                return None if game is None else game.phase
        finally:
            engine.dispose()

    def step(self, lines: Iterable[str], *, processes: bool) -> str:
        """Mail `lines` after the SIGNON; check that the phase was processed by this
        mail (and not before), or that it still waits. Returns the reply's text."""
        before = self.phase()
        reply = _body(self.judge.send(self.address, "\n".join([f"SIGNON {self.signon}", *lines])))
        after = self.phase()
        if processes:
            assert f"{before} {PROCESSED}" in reply, reply
            assert after != before, f"{before} was not processed"
        else:
            assert PROCESSED not in reply, reply
            assert after == before, f"{before} was processed before everything owed was in"
        return reply


def send_clean(judge: ByMail, address: str, signon: str, lines: Iterable[str]) -> str:
    """Mail orders that must all be accepted; returns the reply's text."""
    reply = _body(judge.send(address, "\n".join([f"SIGNON {signon}", *lines])))
    assert "No errors found in your mail." in reply, reply
    return reply
