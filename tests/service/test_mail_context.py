"""The per-mail context's own rules, without a database: who may send what once signed
on, which order lines count as sent or refused, when a reply is copied, and how a
note is worded for its reader."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import cast

import pytest
from sqlalchemy.orm import Session
from support.variant_registry import WORKER_REGISTRY

from judge.config import Config
from judge.language.grammar import Audience
from judge.mail.attachments import Attachment
from judge.outbox.gate import no_mail_in
from judge.service.commands.audience import outsider_refusal
from judge.service.context import (
    MailContext,
    Note,
    Refusal,
    SeatNotAdmitted,
    Signed,
    admits,
    variant_refusal,
    worded,
)
from judge.store.models import Game, Player, PlayerRole
from judge.variants.base import Refused
from judge.wording.readers import DEFAULT_READER, Reader

GAME = Game(id=1, name="g1")


def _context(sender: str = "ann@example.org") -> MailContext:
    no_session, no_config = cast(Session, None), cast(Config, None)  # neither is read here
    return MailContext(no_session, no_config, datetime(2026, 1, 1, tzinfo=UTC), sender,
                       variants=WORKER_REGISTRY, gate=no_mail_in())  # fmt: skip


def _person(role: PlayerRole, address: str = "ann@example.org", id: int = 3) -> Player:
    return Player(id=id, address=address, role=role)


def _refusal_key(call: object) -> str:
    with pytest.raises(Refusal) as refused:
        call()  # type: ignore[operator]
    return refused.value.key


# Who may send a command, and what anyone else is told (the dispatcher's check).
ADMITTED = {
    Audience.ANYONE: {None, *PlayerRole},
    Audience.SIGNED_ON: set(PlayerRole),
    Audience.PLAYER: {PlayerRole.PLAYER},
    Audience.MASTER: {PlayerRole.MASTER},
    Audience.PLAYER_OR_MASTER: {PlayerRole.PLAYER, PlayerRole.MASTER},
}
OUTSIDER_ERROR = {
    Audience.SIGNED_ON: "need_player", Audience.PLAYER: "need_player",
    Audience.MASTER: "need_master", Audience.PLAYER_OR_MASTER: "need_player",
}  # fmt: skip


@pytest.mark.parametrize("audience", list(Audience))
@pytest.mark.parametrize("role", [None, *PlayerRole])
def test_an_audience_admits_its_seats_and_tells_anyone_else_why_not(
    audience: Audience, role: PlayerRole | None
) -> None:
    ctx = _context()
    signed = None if role is None else ctx.sign_on(GAME, _person(role))
    refusal = outsider_refusal(audience, signed)
    if role in ADMITTED[audience]:
        assert admits(audience, signed)
        assert refusal is None
        if signed is not None:
            assert ctx.seat(audience) is signed
    else:
        assert not admits(audience, signed)
        assert refusal is not None
        assert refusal.key == ("need_signon" if role is None else OUTSIDER_ERROR[audience])
        with pytest.raises(SeatNotAdmitted):
            ctx.seat(audience)  # a handler never runs for this seat: a bug if it does


def test_nobody_signed_on_has_no_seat_to_give_a_handler() -> None:
    with pytest.raises(SeatNotAdmitted):
        _context().seat(Audience.ANYONE)


def test_signing_on_from_another_address_copies_the_seats_address() -> None:
    ctx = _context("Ann@Example.org")
    ctx.sign_on(GAME, _person(PlayerRole.PLAYER, "ann@example.ORG"))
    assert ctx.effects.copy_to == frozenset()  # the same address, in any case
    ctx.sign_on(GAME, _person(PlayerRole.PLAYER, "bob@example.org", id=4))
    assert ctx.effects.copy_to == {"bob@example.org"}


def test_signing_on_ends_the_held_phase() -> None:
    ctx = _context()
    ctx.hold_for_phase("S1902M")
    assert ctx.held_phase == "S1902M"
    ctx.sign_on(GAME, _person(PlayerRole.PLAYER))
    assert ctx.held_phase is None


def test_an_order_line_counts_for_a_player_only_and_a_refused_one_spoils_the_orders() -> None:
    ctx = _context()
    player = Signed(GAME, _person(PlayerRole.PLAYER))
    master = Signed(GAME, _person(PlayerRole.MASTER, id=5))
    ctx.order_line_read(None, refused=True)
    ctx.order_line_read(master, refused=True)
    assert (ctx.tally.orders_sent, ctx.tally.orders_refused) == ({}, set())
    ctx.order_line_read(player, refused=False)
    assert (ctx.tally.orders_sent, ctx.tally.orders_refused) == ({3: player}, set())
    ctx.order_line_read(player, refused=True)
    assert (ctx.tally.orders_sent, ctx.tally.orders_refused) == ({3: player}, {3})


def test_a_later_attachment_of_the_same_name_replaces_the_first() -> None:
    ctx = _context()
    ctx.attach(Attachment("map.png", b"1"))
    ctx.attach(Attachment("map.png", b"2"))
    ctx.attach(Attachment("other.png", b"3"))
    assert {name: a.data for name, a in ctx.effects.attachments.items()} == {
        "map.png": b"2", "other.png": b"3"}  # fmt: skip


def test_a_note_is_worded_for_its_reader() -> None:
    french = Reader(language="fr")
    made = worded(lambda reader: f"in {reader.language}")
    assert made.text == "in en" and made.text_for(DEFAULT_READER) == "in en"
    assert made.text_for(french) == "in fr"
    assert Note("fixed").text_for(french) == "fixed"  # a note without wording is as made


def test_a_variants_refusal_names_its_macro_or_is_an_english_sentence() -> None:
    keyed = variant_refusal(Refused("need_master", {"game": "g1"}))
    assert keyed.key == "need_master" and keyed.note.error and "g1" in keyed.note.text
    sentence = variant_refusal("No such unit.")
    assert sentence.key == "order_refused" and "No such unit." in sentence.note.text


def test_each_named_change_changes_its_own_effect_and_no_other() -> None:
    ctx = _context()
    seat = Signed(GAME, _person(PlayerRole.PLAYER))
    changes = {
        "orders_touched": (lambda: ctx.orders_changed(seat), {3: seat}),
        "games_touched": (lambda: ctx.touch(GAME), {1: GAME}),
        "broadcasts": (ctx.count_broadcast, 1),
        "held_phase": (lambda: ctx.hold_for_phase("F1902M"), "F1902M"),
        "copy_to": (lambda: ctx.add_copy("b@example.org"), {"b@example.org"}),
    }
    for name, (change, expected) in changes.items():
        before = ctx.effects
        change()
        assert getattr(ctx.effects, name) == expected, name
        assert dataclasses.replace(before, **{name: getattr(ctx.effects, name)}) == ctx.effects
    ctx.count_broadcast()
    assert ctx.effects.broadcasts == 2


def test_what_a_mail_carries_between_its_lines_cannot_be_changed_in_place() -> None:
    """A note, a signon and the mail's facts are values: a line that tried to change
    one in place (instead of through the context's named methods) fails at once
    (two survivors of the mutation run of `judge/service/context.py`)."""
    ctx = _context()
    values = (Note("ok"), Signed(GAME, _person(PlayerRole.PLAYER)), ctx.facts, ctx.effects)
    for value in values:
        field = dataclasses.fields(value)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, field, None)
