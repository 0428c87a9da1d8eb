"""Who may send a command is declared on its class and enforced by the dispatcher.

Walking the registry, with one sample line per command type (the fault tests'
`SAMPLES`) in a running game with a player, its master and an observer:

* a line from anyone outside its command's audience is refused by the dispatcher
  with the audience's error (`Sign on first`, `Only the master of 'g1' ...`), the
  wording players got when each handler checked for itself;
* the declared audience is what the handler needs: run directly, without the
  dispatcher's check, the handler takes the seat of anyone in the audience and
  finds no seat (`SeatNotAdmitted`) for anyone outside it. A class whose audience
  is changed, wider or narrower, fails here (shown by changing one).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import select
from support.service.command_samples import SAMPLES
from support.service.harness import JudgeHarness, body_of

import judge.service.replies.dispatch as dispatch
from judge.language.commands import parse_commands
from judge.language.grammar import Audience
from judge.outbox.gate import no_mail_in
from judge.service.commands.catalog import judge_commands
from judge.service.commands.catalog.playing import Draw
from judge.service.commands.registry import CommandRegistry, MailCommand
from judge.service.context import MailContext, Refusal, SeatNotAdmitted, admits
from judge.store.models import Game, Player, PlayerRole
from judge.variants.registry import default_registry

COMMANDS = judge_commands()
SENDERS: tuple[PlayerRole | None, ...] = (None, *PlayerRole)  # None: nobody signed on
OBSERVER = "watcher@example.org"
# The audience's error, by who sent the line (docs/commands.md). An order line from
# anyone but a player is no command at all; an observer naming someone to RESIGN
# asks what only the master does.
AUDIENCE_ERROR = {
    Audience.SIGNED_ON: "need_signon", Audience.PLAYER: "need_player",
    Audience.MASTER: "need_master", Audience.PLAYER_OR_MASTER: "need_player",
}  # fmt: skip
OWN_ERROR = {"ORDER": "unknown_command"}


def _samples() -> list[tuple[MailCommand[Any], str, object]]:
    """(the command that owns the line's type, the line, the parsed command)."""
    found = []
    for sample in SAMPLES:
        [parsed] = parse_commands(sample.split("\n"), default_registry(), COMMANDS.grammar)
        found.append((COMMANDS.owner_of(type(parsed.command)), sample, parsed.command))
    return found


@pytest.fixture
def game(judge: JudgeHarness) -> JudgeHarness:
    """g1 running, with seven players, its master and one observer."""
    judge.start_game()
    reply = body_of(judge.reply(OBSERVER, "OBSERVE g1 watching"))
    assert "No errors" in reply, reply
    return judge


def _seat_of(session: Any, role: PlayerRole) -> tuple[Game, Player]:
    player = session.scalars(select(Player).where(Player.role == role).order_by(Player.id)).first()
    assert player is not None, role
    return player.game, player


@contextmanager
def _context(judge: JudgeHarness, role: PlayerRole | None) -> Iterator[MailContext]:
    """A mail's context signed on as `role` in g1 (None: nobody); nothing it does is kept."""
    with judge.sessions() as session:
        address = "stranger@example.org"
        seat = None if role is None else _seat_of(session, role)
        if seat is not None:
            address = seat[1].address
        ctx = MailContext(session, judge.config, judge.clock.now(), address,
                          gate=no_mail_in(), variants=judge.variants)
        if seat is not None:
            ctx.sign_on(*seat)
        try:
            yield ctx
        finally:
            session.rollback()


def test_a_line_from_outside_its_audience_is_refused_with_the_audiences_error(
    game: JudgeHarness,
) -> None:
    wrong = []
    for command, sample, parsed in _samples():
        for role in SENDERS:
            with _context(game, role) as ctx:
                if admits(command.audience, ctx.signed):
                    continue
                entry = dispatch.run_line(ctx, _parsed(sample))
                key = "need_signon" if role is None else AUDIENCE_ERROR[command.audience]
                key = OWN_ERROR.get(command.name, key)
                expected = _error_text(key, command, parsed)
                if [note.text for note in entry.notes] != [expected]:
                    wrong.append((command.name, role, [n.text for n in entry.notes], expected))
    assert wrong == []


def _parsed(sample: str) -> Any:
    [parsed] = parse_commands(sample.split("\n"), default_registry(), COMMANDS.grammar)
    return parsed


def _error_text(key: str, command: MailCommand[Any], parsed: Any) -> str:
    if key == "unknown_command":
        return Refusal(key, text=parsed.text, hint=parsed.near_keyword).note.text
    return Refusal(key, game="g1").note.text if key != "need_signon" else Refusal(key).note.text


def mismatches(
    judge: JudgeHarness, commands: CommandRegistry, names: frozenset[str] | None = None
) -> list[str]:
    """The commands (of `names`: all by default) whose handler, run without the
    dispatcher's check, needs another seat than its declared audience holds: it
    finds no seat for someone the audience admits, or takes one from someone it
    does not."""
    found = []
    for command, sample, parsed in _samples():
        if names is not None and command.name not in names:
            continue
        handler = commands.handlers[type(parsed)]
        owner = commands.owner_of(type(parsed))
        for role in SENDERS:
            with _context(judge, role) as ctx:
                admitted = admits(owner.audience, ctx.signed)
                try:
                    handler(ctx, parsed)
                except SeatNotAdmitted:
                    needs_another = admitted
                except Refusal:
                    needs_another = not admitted
                else:
                    needs_another = not admitted
            if needs_another:
                found.append(f"{owner.name} ({sample!r}) as {role}: declared {owner.audience}")
    return found


def test_each_declared_audience_is_what_its_handler_needs(game: JudgeHarness) -> None:
    found = mismatches(game, COMMANDS)
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("changed", [Audience.MASTER, Audience.SIGNED_ON, Audience.ANYONE])
def test_a_command_whose_audience_is_changed_is_found(
    game: JudgeHarness, monkeypatch: pytest.MonkeyPatch, changed: Audience
) -> None:
    monkeypatch.setattr(Draw, "audience", changed)  # DRAW is a player's
    found = mismatches(game, COMMANDS, frozenset({"DRAW", "NODRAW"}))
    assert found and all(line.startswith("DRAW ") for line in found), found


def test_commands_sharing_a_type_share_an_audience() -> None:
    """The dispatcher checks the audience of the command that owns a line's type: an
    alias (`SET DRAW` of `DRAW`, `GET` of `HELP`) must not declare another."""
    for command in COMMANDS.commands:
        for kind in command.handles:
            assert command.audience is COMMANDS.owner_of(kind).audience, command.name
