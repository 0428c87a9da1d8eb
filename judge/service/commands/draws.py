"""Votes that end a game: DRAW (njudge's `SET DRAW [powers]`) and `SET CONCEDE power`.

Votes are private `draw` and `concede` events (author: the seat, recipients: the
master), so the game's record shows who voted what and when; the latest vote of
each seat counts. Only surviving players vote: active, with a power that still has
units or centres.

* Draws. In a DIAS game (the default, njudge's) a draw includes every surviving
  player, and it is declared when every one of them has voted for it. In a NODIAS
  game (`SET NODIAS`) each player votes for a named draw (`SET DRAW F G`; `DRAW`
  alone names every survivor), and it is declared when every surviving player has
  voted for the same set of players.
* A draw is between players, not powers: a named power stands for the surviving
  player who holds it. In Intimate that is a player's home power (a mercenary is no
  player); in Taskdip a player holding several powers is in the draw, with all of
  them, if any one of them is named. The winners are the powers of those players.
* `SET CONCEDE power`: the game ends, won by that power's player, when every other
  surviving player concedes to a power of the same player. `SET NOCONCEDE` takes
  the concession back. `CONCEDE` alone keeps its meaning (the variant says whether
  and to whom a concession gives the game).
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import Session

from judge.language.command_types import ConcedeTo, Draw, NoDraw
from judge.language.grammar import Audience
from judge.service.commands.board import running_board
from judge.service.context import MailContext, Note, Refusal, Signed, note
from judge.service.game.ending import finish_game
from judge.service.seats.snapshots import Board, active_players, seat_of
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Game, Player
from judge.wording.describe import power_title

DRAW_EVENT = "draw"
CONCEDE_EVENT = "concede"
NO = "no"
EVERY_SURVIVOR = "yes"


def draw(ctx: MailContext, command: Draw | NoDraw) -> list[Note]:
    signed = ctx.seat(Audience.PLAYER)
    board = running_board(ctx, signed)
    survivors = surviving_players(ctx.session, board)
    vote = _draw_vote(signed, board, survivors, command)
    _record(ctx, signed, DRAW_EVENT, vote)
    if isinstance(command, NoDraw):
        return [note("draw_vote", on=False)]
    shown = [power_title(p) for p in _powers_of(survivors, _named(survivors, vote))]
    named = note("draw_vote_named", powers=shown)
    notes = [named if command.powers else note("draw_vote", on=True)]
    votes = latest_votes(ctx.session, signed.game, DRAW_EVENT)
    dias = GameSettings.of(signed.game).dias
    chosen = [_named(survivors, _as_set(votes.get(seat_of(p), NO), dias)) for p in survivors]
    if all(chosen) and all(group == chosen[0] for group in chosen):
        winners = _powers_of(survivors, chosen[0])
        finish_game(ctx, signed.game, winner=winners, how="draw")
        notes.append(note("game_drawn", game=signed.game.name))
    return notes


def _draw_vote(
    signed: Signed, board: Board, survivors: Sequence[Player], command: Draw | NoDraw
) -> str:
    """The vote to record: `no`, `yes` (every survivor), or the named powers."""
    if isinstance(command, NoDraw):
        return NO
    if not command.powers:
        return EVERY_SURVIVOR
    group = _players_named(survivors, command.powers, signed.game, board)
    if len(group) < 2:
        raise Refusal("draw_too_few")
    if GameSettings.of(signed.game).dias:
        if len(group) != len(survivors):
            raise Refusal("draw_list_in_dias", game=signed.game.name)
        return EVERY_SURVIVOR
    return ",".join(command.powers)


def _as_set(vote: str, dias: bool) -> str:
    """In a DIAS game every vote for a draw is for every survivor (a set named while
    the game was NODIAS included)."""
    return EVERY_SURVIVOR if dias and vote != NO else vote


def _named(survivors: Sequence[Player], vote: str) -> frozenset[int]:
    """The players a recorded vote names now (none for `no`, or for a vote that
    names a power nobody surviving holds any more)."""
    if vote == NO:
        return frozenset()
    if vote == EVERY_SURVIVOR:
        return frozenset(p.id for p in survivors)
    group = set()
    for power in vote.split(","):
        holder = _holder(survivors, power)
        if holder is None:
            return frozenset()
        group.add(holder.id)
    return frozenset(group)


def _players_named(
    survivors: Sequence[Player], powers: Sequence[str], game: Game, board: Board
) -> frozenset[int]:
    group = set()
    for power in powers:
        holder = _holder(survivors, power)
        if holder is None:
            raise _not_survivor(power, survivors, game, board)
        group.add(holder.id)
    return frozenset(group)


def _not_survivor(power: str, survivors: Sequence[Player], game: Game, board: Board) -> Refusal:
    held = [power_title(p) for player in survivors for p in sorted(player.powers)]
    return Refusal(
        "vote_not_survivor", power=power_title(power), game=game.name,
        variant=board.variant.display_name, powers=held,
    )  # fmt: skip


def _holder(survivors: Sequence[Player], power: str) -> Player | None:
    return next((p for p in survivors if power in p.powers), None)


def _powers_of(survivors: Sequence[Player], group: frozenset[int]) -> list[str]:
    """The powers of a group of players (by id), sorted: the winners of a draw."""
    return sorted(power for p in survivors if p.id in group for power in p.powers)


def surviving_players(session: Session, board: Board) -> list[Player]:
    """The players still in the game: active, with a power that has units or centres."""
    state = board.state
    alive = {u.power for u in state.units.values()} | set(state.centers.values())
    return [p for p in active_players(session, board.game) if alive.intersection(p.powers)]


def latest_votes(session: Session, game: Game, kind: str) -> dict[str, str]:
    """Seat -> its latest vote of this kind (`no`, `yes`, or the powers named)."""
    votes: dict[str, str] = {}
    for event in store.events_of(session, game):
        if event.kind == kind and event.author is not None:
            votes[event.author] = event.body
    return votes


def _record(ctx: MailContext, signed: Signed, kind: str, vote: str) -> None:
    store.add_event(
        ctx.session, signed.game, kind=kind, body=vote, now=ctx.now, phase=signed.game.phase,
        author=seat_of(signed.player), recipients=["MASTER"],
    )  # fmt: skip


def concede_to(ctx: MailContext, command: ConcedeTo) -> list[Note]:
    """`SET CONCEDE power` (or `SET NOCONCEDE`, power None)."""
    signed = ctx.seat(Audience.PLAYER)
    board = running_board(ctx, signed)
    survivors = surviving_players(ctx.session, board)
    if command.power is None:
        _record(ctx, signed, CONCEDE_EVENT, NO)
        return [note("concession_withdrawn")]
    holder = _holder(survivors, command.power)
    if holder is None:
        raise _not_survivor(command.power, survivors, signed.game, board)
    if holder.id == signed.player.id:
        raise Refusal("concede_to_self", power=power_title(command.power))
    _record(ctx, signed, CONCEDE_EVENT, command.power)
    notes = [note("concession_recorded", power=power_title(command.power))]
    votes = latest_votes(ctx.session, signed.game, CONCEDE_EVENT)
    others = [p for p in survivors if p.id != holder.id]
    if all(_holder(survivors, votes.get(seat_of(p), NO)) is holder for p in others):
        winner = holder.powers[0]
        by = " and ".join(power_title(power) for p in others for power in sorted(p.powers))
        finish_game(ctx, signed.game, winner=winner, how="conceded", by=by)
        notes.append(note("game_conceded_to", game=signed.game.name, power=power_title(winner)))
    return notes
