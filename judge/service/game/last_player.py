"""The last player left wins, where the variant says so (Taskdip: "a player wins if
all the other players resign").

Called after a RESIGN and after an EJECT: the variant's `winner_when_alone` is
asked with the seats still played (status active; a seat taken over counts
again). If it names a winner, the game ends at once with the end-of-game mail,
which says who resigned and who was ejected. The base contract's default says
None, so in the other variants a resignation only leaves a power in civil
disorder.
"""

from __future__ import annotations

from judge.service.context import MailContext, Note, note
from judge.service.game.ending import finish_game
from judge.service.seats.snapshots import active_players, load_board, seat_of
from judge.store import games as store
from judge.store.models import Game, GameStatus, PlayerRole, PlayerStatus
from judge.wording.describe import power_title

LEFT = {PlayerStatus.RESIGNED: "resigned", PlayerStatus.EJECTED: "was ejected"}


def end_if_alone(ctx: MailContext, game: Game) -> list[Note]:
    """End `game` when the variant declares the one player left the winner."""
    if game.status is GameStatus.FINISHED:
        return []
    board = load_board(ctx.session, ctx.variants, game)
    if board is None:
        return []
    remaining = {seat_of(p) for p in active_players(ctx.session, game)}
    winner = board.variant.winner_when_alone(board.snapshot, remaining)
    if winner is None:
        return []
    finish_game(ctx, game, winner=winner, how="last_player", departed=departed(ctx, game))
    return [note("last_player_wins", game=game.name)]


def departed(ctx: MailContext, game: Game) -> list[dict[str, str]]:
    """Who left the game, and how: [{"powers": "Austria and England", "how": "resigned"}]."""
    gone = store.players_of(ctx.session, game, roles=[PlayerRole.PLAYER], statuses=list(LEFT))
    return [
        {"powers": " and ".join(power_title(p) for p in sorted(player.powers)),
         "how": LEFT[player.status]}
        for player in gone
        if player.powers
    ]  # fmt: skip
