"""The master's ROLLBACK (njudge's `ROLLBACK turn`): the game back at the start of a phase.

What goes back is the game: the board, the variant's data at the start of the
phase (Intimate control and treasuries, Taskdip tasks and neutral powers), the
lot seed that phase drew (the same orders give the same result), and its clock:
the phase opens again with its full length from now. No orders are on file: the
phase is as it was when it opened, and everyone orders again (orders restored
as they stood would be complete at once, and early processing would run the
phase again before anybody could change a thing). What stays is the people (who
plays which seat, addresses, passwords, languages, absences, votes) and the
master's settings. The phases undone stay in the record, marked
(`judge.store.rollback`); everyone in the game is told, and HISTORY and the
zine show the notice.

A finished game can be rolled back too (a wrong concession, a draw or a win by a
misadjudication): it reopens, paused games stay paused. A forming game has
nothing to roll back.
"""

from __future__ import annotations

from judge.language.command_types import Rollback
from judge.language.grammar import Audience
from judge.rules.state import Phase, PhaseType, Season
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.game import deadlines
from judge.service.game.absence_moves import move_for_absences
from judge.service.game.announce import announce
from judge.service.seats.finding import find_game
from judge.service.seats.snapshots import active_players, load_board, seat_of
from judge.store import games as store
from judge.store.models import Event, Game, GameStatus, PhaseRecord
from judge.store.rollback import ROLLED_BACK_EVENT, roll_back

_SEASONS = (Season.SPRING, Season.FALL, Season.WINTER)
_TYPES = (PhaseType.BID, PhaseType.MOVEMENT, PhaseType.RETREAT, PhaseType.ADJUSTMENT)


def rollback(ctx: MailContext, command: Rollback) -> list[Note]:
    signed = ctx.seat(Audience.MASTER)
    game = find_game(ctx.session, signed.game.name)
    if game.status is GameStatus.FORMING:
        raise Refusal("not_started", game=game.name)
    history = store.phase_history(ctx.session, game)
    target = _target(game, history, command.phase)
    finished = game.status is GameStatus.FINISHED
    # the phases whose results are undone: the one open now was never played
    undone = [r.phase for r in history if r.seq >= target.seq and r.processed_at is not None]
    roll_back(ctx.session, game, target, ctx.now)
    if finished:
        _reopen(ctx, game)
    _open_again(ctx, game)
    announce(
        ctx.session, ctx.config, ctx.variants, game, "rolled_back",
        what=f"Rolled Back to {target.phase}", now=ctx.now, gate=ctx.gate, author="Master",
        phase=target.phase, undone=undone, deadline=game.next_deadline, reopened=finished,
    )  # fmt: skip
    ctx.touch(game)
    return [note("rolled_back", game=game.name, phase=target.phase, undone=undone)]


def _target(game: Game, history: list[PhaseRecord], asked: str | None) -> PhaseRecord:
    """The standing phase to go back to: `asked`, or the one before the current."""
    current = history[-1]
    if asked is None:
        if len(history) < 2:
            raise Refusal("rollback_nothing", game=game.name, phase=current.phase)
        return history[-2]
    for record in history:
        if record.phase == asked:
            if record is current and game.status is not GameStatus.FINISHED:
                raise Refusal("rollback_current", game=game.name, phase=asked)
            return record
    if _order(asked) > _order(current.phase):
        raise Refusal("rollback_future", game=game.name, phase=asked, current=current.phase)
    raise Refusal(
        "rollback_unknown", game=game.name, phase=asked,
        phases=[r.phase for r in history if r is not current][-8:],
    )  # fmt: skip


def _order(code: str) -> tuple[int, int, int]:
    phase = Phase.parse(code)
    return phase.year, _SEASONS.index(phase.season), _TYPES.index(phase.type)


def _reopen(ctx: MailContext, game: Game) -> None:
    """A finished game plays on: no winner, and its game-over notice is kept as undone."""
    game.status = GameStatus.ACTIVE
    game.winner = None
    for event in store.events_of(ctx.session, game):
        if event.kind == "end":
            _mark_undone(event)


def _mark_undone(event: Event) -> None:
    event.kind = ROLLED_BACK_EVENT


def _open_again(ctx: MailContext, game: Game) -> None:
    """The phase opens as it did the first time: its full length from now, every
    seat with the powers the variant gives it then, nobody waiting or refused."""
    deadlines.open_phase(game, ctx.now)
    board = load_board(ctx.session, ctx.variants, game)
    if board is None:
        raise Refusal("not_started", game=game.name)
    holdings = board.variant.holdings(board.snapshot)
    waits = board.variant.waits_for_players(board.snapshot)
    for player in active_players(ctx.session, game):
        player.wait = waits
        player.powers = list(holdings.get(seat_of(player), ()))
        player.orders_refused_in = None
    move_for_absences(ctx.session, game, ctx.now)
