"""A refused or failed line leaves the mail's effects exactly as it found them; a
line that succeeds leaves its own; the tally keeps what a refused line counted.

The cases are generated from the fields of `Effects` and `MailTally` (not a
hand-picked few): a field added later is exercised here without anyone listing it,
and a field of a type the generator does not know fails loudly. Each case checks
that the handler's change was seen while the line ran, so it cannot pass by
changing nothing.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from types import MappingProxyType, NoneType, UnionType
from typing import Any

import pytest
from sqlalchemy.orm import Session, sessionmaker
from support.service.harness import JudgeHarness
from support.variant_registry import WORKER_REGISTRY

from judge.config import Config
from judge.language import command_types as c
from judge.language.command_types import ParsedLine
from judge.mail.attachments import Attachment
from judge.outbox.gate import no_mail_in
from judge.service.context import Effects, MailContext, MailFacts, MailTally, Refusal, Signed
from judge.service.replies import dispatch
from judge.store.models import Game, Player, PlayerRole

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

EFFECTS = [f.name for f in dataclasses.fields(Effects)]
TALLY = [f.name for f in dataclasses.fields(MailTally)]
FAILURES: list[Callable[[], Exception]] = [
    lambda: Refusal("need_signon"), lambda: RuntimeError("a bug")
]


def _sample(hint: Any, variant: int) -> Any:
    """A value of type `hint`, different for each `variant` (never a default)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (UnionType, typing.Union):  # X | None: an X
        return _sample(next(arg for arg in args if arg is not NoneType), variant)
    if origin is frozenset or origin is set:
        return origin({_sample(args[0], variant)})
    if origin is list:
        return [_sample(args[0], variant)]
    if origin is tuple:
        return tuple(_sample(arg, variant) for arg in args)
    if origin in (Mapping, dict):
        entries = {_sample(args[0], variant): _sample(args[1], variant)}
        return MappingProxyType(entries) if origin is Mapping else entries
    samples: dict[Any, Callable[[], Any]] = {
        bool: lambda: variant % 2 == 1,
        int: lambda: 100 + variant,
        str: lambda: f"S19{variant:02d}M",
        Game: lambda: Game(id=90 + variant, name=f"other{variant}"),
        Signed: lambda: Signed(
            Game(id=90 + variant, name=f"other{variant}"),
            Player(id=50 + variant, address=f"x{variant}@example.org"),
        ),
        Attachment: lambda: Attachment(f"m{variant}.png", b"m"),
    }
    if hint not in samples:
        raise AssertionError(f"no sample of {hint!r}: add one")
    # one object per (type, variant): rows and seats compare by identity
    return _LEAVES.setdefault((hint, variant), samples[hint]())


_LEAVES: dict[tuple[Any, int], Any] = {}


def _hints(kind: type) -> dict[str, Any]:
    namespace = {"Signed": Signed, "Game": Game, "Attachment": Attachment, "Mapping": Mapping}
    return typing.get_type_hints(kind, localns=namespace)


EFFECT_HINTS = _hints(Effects)
TALLY_HINTS = _hints(MailTally)


def _set_effect(ctx: MailContext, name: str, value: Any) -> None:
    ctx._change(**{name: value})  # what a handler's named change does, for any field


def _context(session: Session, config: Config) -> MailContext:
    """A mail whose earlier lines (that succeeded) set every effect to a sample."""
    ctx = MailContext(session, config, datetime(2026, 1, 1, tzinfo=UTC), "a@example.org",
                      variants=WORKER_REGISTRY, gate=no_mail_in())  # fmt: skip
    for name in EFFECTS:
        _set_effect(ctx, name, _sample(EFFECT_HINTS[name], 1))
    return ctx


Handler = Callable[[MailContext, object], list[object]]


def _run_with(
    ctx: MailContext, monkeypatch: pytest.MonkeyPatch, handler: Handler
) -> dispatch.Entry:
    # STOP: a line that writes, which anyone may send (the dispatcher checks no seat)
    monkeypatch.setitem(dispatch.HANDLERS, c.Stop, handler)
    return dispatch.run_line(ctx, ParsedLine(("STOP",), 0, c.Stop()))


@pytest.mark.parametrize("failure", FAILURES, ids=["refused", "failed"])
@pytest.mark.parametrize("name", EFFECTS)
def test_a_refused_or_failed_line_leaves_every_effect_as_it_found_it(
    sessions: sessionmaker[Session], make_config: Any, database_url: str,
    monkeypatch: pytest.MonkeyPatch, name: str, failure: Callable[[], Exception],
) -> None:  # fmt: skip
    seen: list[Any] = []

    def meddle(ctx: MailContext, command: object) -> list[object]:
        _set_effect(ctx, name, _sample(EFFECT_HINTS[name], 2))
        seen.append(getattr(ctx.effects, name))
        raise failure()

    with sessions() as session:
        ctx = _context(session, make_config(database_url))
        before = ctx.effects
        entry = _run_with(ctx, monkeypatch, meddle)
        assert entry.errors == 1
        assert seen == [_sample(EFFECT_HINTS[name], 2)]  # the line saw its own change
        assert ctx.effects == before
        assert getattr(ctx.effects, name) == _sample(EFFECT_HINTS[name], 1)


@pytest.mark.parametrize("name", EFFECTS)
def test_a_line_that_succeeds_leaves_its_effect_to_the_lines_after_it(
    sessions: sessionmaker[Session], make_config: Any, database_url: str,
    monkeypatch: pytest.MonkeyPatch, name: str,
) -> None:  # fmt: skip
    def change(ctx: MailContext, command: object) -> list[object]:
        _set_effect(ctx, name, _sample(EFFECT_HINTS[name], 2))
        return []

    with sessions() as session:
        ctx = _context(session, make_config(database_url))
        before = ctx.effects
        entry = _run_with(ctx, monkeypatch, change)
        assert entry.errors == 0
        assert ctx.effects == dataclasses.replace(before, **{name: _sample(EFFECT_HINTS[name], 2)})
        # and the next line (refused) starts from it, and leaves it so
        _run_with(ctx, monkeypatch, _refuse)
        assert getattr(ctx.effects, name) == _sample(EFFECT_HINTS[name], 2)


def _refuse(ctx: MailContext, command: object) -> list[object]:
    raise Refusal("need_signon")


@pytest.mark.parametrize("failure", FAILURES, ids=["refused", "failed"])
@pytest.mark.parametrize("name", TALLY)
def test_the_tally_keeps_what_a_refused_or_failed_line_counted(
    sessions: sessionmaker[Session], make_config: Any, database_url: str,
    monkeypatch: pytest.MonkeyPatch, name: str, failure: Callable[[], Exception],
) -> None:  # fmt: skip
    counted = _sample(TALLY_HINTS[name], 3)

    def count(ctx: MailContext, command: object) -> list[object]:
        setattr(ctx.tally, name, _sample(TALLY_HINTS[name], 3))
        raise failure()

    with sessions() as session:
        ctx = _context(session, make_config(database_url))
        _run_with(ctx, monkeypatch, count)
        kept = getattr(ctx.tally, name)
        if name == "internal_errors" and not isinstance(failure(), Refusal):
            assert kept[:-1] == counted and "RuntimeError: a bug" in kept[-1]  # and the crash
        else:
            assert kept == counted


def test_the_effects_are_immutable_values() -> None:
    """Nothing a handler holds can change the mail's effects in place: every field is
    a frozen value (a line's change makes a new `Effects`)."""
    effects = Effects(**{name: _sample(EFFECT_HINTS[name], 1) for name in EFFECTS})
    for name in EFFECTS:
        value = getattr(effects, name)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(effects, name, value)
        assert isinstance(value, frozenset | MappingProxyType | int | str | Signed | NoneType), name
        if isinstance(value, MappingProxyType):
            with pytest.raises(TypeError):
                value["meddled"] = value  # type: ignore[index]


def test_the_facts_of_a_mail_cannot_be_changed(
    sessions: sessionmaker[Session], make_config: Any, database_url: str
) -> None:
    with sessions() as session:
        ctx = _context(session, make_config(database_url))
        for field in dataclasses.fields(MailFacts):
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(ctx.facts, field.name, None)
            with pytest.raises(AttributeError):  # the context shows them read-only
                setattr(ctx, field.name, None)
            assert getattr(ctx, field.name) is getattr(ctx.facts, field.name)


def test_a_change_between_lines_is_the_mails_at_once(
    sessions: sessionmaker[Session], make_config: Any, database_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """Outside a line (a held-orders reply signs on before its lines run), a change is
    the mail's own, and a refused line after it leaves it."""
    with sessions() as session:
        ctx = _context(session, make_config(database_url))
        game, player = Game(id=7, name="g7"), Player(id=8, address="p@example.org")
        ctx.sign_on(game, player)
        _run_with(ctx, monkeypatch, _refuse)
        assert ctx.signed == Signed(game, player)
        assert "p@example.org" in ctx.effects.copy_to


def test_refused_press_lines_do_not_use_up_the_press_allowance(judge: JudgeHarness) -> None:
    """Private press before the game starts is refused after the press allowance was
    counted; five such refusals leave the mail's allowance whole: the sixth, public,
    press is sent."""
    judge.reply("gm@example.org", "CREATE g1 gmpass standard")
    judge.reply("p1@example.org", "SIGNON ?g1 pw1")
    refused = ["PRESS TO E", "Hello.", "ENDPRESS"] * judge.config.limits.broadcasts_per_mail
    body = "\n".join(["SIGNON ?g1 pw2", *refused, "PRESS", "Hello all.", "ENDPRESS"])
    reply = judge.reply("p2@example.org", body)
    text = reply.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert text.count("has not started") == judge.config.limits.broadcasts_per_mail, text
    assert "too many" not in text.lower(), text
    assert "Sent to" in text.split("Hello all.")[-1], text


@pytest.mark.parametrize("refused", [False, True])
def test_only_order_lines_count_as_orders_sent(
    sessions: sessionmaker[Session], make_config: Any, database_url: str,
    monkeypatch: pytest.MonkeyPatch, refused: bool,
) -> None:  # fmt: skip
    def done(ctx: MailContext, command: object) -> list[object]:
        if refused:
            raise Refusal("order_illegal", message="no")
        return []

    with sessions() as session:
        ctx = _context(session, make_config(database_url))
        player = Player(id=9, address="a@example.org", role=PlayerRole.PLAYER)
        seat = ctx.sign_on(Game(id=9, name="g9"), player)
        _run_with(ctx, monkeypatch, done)  # RESIGN: not an order line
        assert (ctx.tally.orders_sent, ctx.tally.orders_refused) == ({}, set())
        monkeypatch.setitem(dispatch.HANDLERS, c.OrderLine, done)
        dispatch.run_line(ctx, ParsedLine(("A PAR H",), 0, c.OrderLine("A PAR H")))
        assert ctx.tally.orders_sent == {9: seat}
        assert ctx.tally.orders_refused == ({9} if refused else set())
