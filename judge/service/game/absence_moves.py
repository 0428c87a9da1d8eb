"""When a phase opens, its deadline moves out of the players' pending absences.

`SET ABSENCE` (`judge.service.commands.absences`) records an absence; processing a
phase (`judge.service.game.processing`) then asks `move_for_absences` whether the
new deadline falls inside one, moves it to the absence's end (again while it lands
in another), and the results mails say so and why (`move_words`), naming powers,
never addresses.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from judge.service.game import deadlines
from judge.service.game.absence_times import Span, move_out_of
from judge.store import absences as store
from judge.store.models import Game, Player
from judge.wording.describe import power_title


@dataclass(frozen=True)
class DeadlineMove:
    """A next deadline the absences moved: from when, and whose absences."""

    usual: datetime
    powers: tuple[str, ...]
    absences: int = 1


def move_for_absences(session: Session, game: Game, now: datetime) -> DeadlineMove | None:
    """After a phase opened: move its deadline out of the pending absences of the
    game's players who hold a power; None if it did not move."""
    deadline = game.next_deadline
    if deadline is None:
        return None
    spans = [
        Span(absence.starts_at, absence.ends_at, powers_of(player))
        for absence, player in store.pending_in_game(session, game, now)
        if player.powers
    ]
    moved, used = move_out_of(deadline, spans)
    if not used:
        return None
    deadlines.set_deadline(game, moved, now)
    powers = tuple(dict.fromkeys(span.who for span in used))
    return DeadlineMove(usual=deadline, powers=powers, absences=len(used))


def move_words(move: DeadlineMove | None) -> dict[str, object] | None:
    """The results template's `moved`: the usual deadline, and whose absences."""
    if move is None:
        return None
    return {
        "usual": move.usual,
        "powers": _and(list(move.powers)),
        "power_names": list(move.powers),
        "plural": move.absences > 1,
    }


def powers_of(player: Player) -> str:
    return _and([power_title(power) for power in sorted(player.powers)]) or "A player"


def _and(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


