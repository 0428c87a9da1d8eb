"""Group commit in the intake: mails that arrive while a commit is under way share
the next one, and each session hears only about its own mail."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

import pytest

from judge.mail.group_store import GroupStore
from judge.store.inbox import ReceivedMail


class FakeStore:
    """Stands in for the database: records each transaction's mails; refuses any
    transaction holding a mail whose bytes say `bad`; the first commit waits for
    `release` so that the mails behind it queue up."""

    def __init__(self) -> None:
        self.transactions: list[list[bytes]] = []
        self.release = threading.Event()
        self.next_id = 0

    def __call__(self, mails: Sequence[ReceivedMail]) -> list[int]:
        if not self.transactions:
            self.release.wait(5)
        self.transactions.append([mail.raw for mail in mails])
        if any(b"bad" in mail.raw for mail in mails):
            raise OSError("disk says no")
        ids = list(range(self.next_id + 1, self.next_id + 1 + len(mails)))
        self.next_id += len(mails)
        return ids


def _mail(raw: bytes) -> ReceivedMail:
    return ReceivedMail(raw, "ann@example.org", ("judge@example.org",))


async def _store_all(
    group: GroupStore, store: FakeStore, raws: list[bytes]
) -> list[int | BaseException]:
    first = asyncio.create_task(group.store(_mail(raws[0])))
    await asyncio.sleep(0.05)  # the first commit is under way
    rest = [asyncio.create_task(group.store(_mail(raw))) for raw in raws[1:]]
    await asyncio.sleep(0.05)
    store.release.set()
    return list(await asyncio.gather(first, *rest, return_exceptions=True))


def test_mails_arriving_during_a_commit_share_the_next_one() -> None:
    store = FakeStore()
    outcomes = asyncio.run(_store_all(GroupStore(store), store, [b"m1", b"m2", b"m3", b"m4"]))
    assert store.transactions == [[b"m1"], [b"m2", b"m3", b"m4"]]
    assert outcomes == [1, 2, 3, 4]


def test_a_refused_mail_fails_alone_and_the_others_are_stored() -> None:
    store = FakeStore()
    outcomes = asyncio.run(_store_all(GroupStore(store), store, [b"m1", b"m2", b"bad", b"m4"]))
    assert store.transactions == [[b"m1"], [b"m2", b"bad", b"m4"], [b"m2"], [b"bad"], [b"m4"]]
    assert outcomes[:2] == [1, 2]
    assert isinstance(outcomes[2], OSError)
    assert outcomes[3] == 3


def test_a_lone_refused_mail_gets_its_error() -> None:
    store = FakeStore()
    store.release.set()
    with pytest.raises(OSError, match="disk says no"):
        asyncio.run(GroupStore(store).store(_mail(b"bad")))
    assert store.transactions == [[b"bad"]]


def test_a_session_that_goes_away_does_not_upset_the_others() -> None:
    store = FakeStore()

    async def scenario() -> list[int | BaseException]:
        group = GroupStore(store)
        first = asyncio.create_task(group.store(_mail(b"m1")))
        await asyncio.sleep(0.05)
        gone = asyncio.create_task(group.store(_mail(b"m2")))
        stays = asyncio.create_task(group.store(_mail(b"m3")))
        await asyncio.sleep(0.01)
        gone.cancel()
        store.release.set()
        return list(await asyncio.gather(first, gone, stays, return_exceptions=True))

    first, gone, stays = asyncio.run(scenario())
    assert (first, stays) == (1, 3)
    assert isinstance(gone, asyncio.CancelledError)
    assert store.transactions == [[b"m1"], [b"m2", b"m3"]]  # stored all the same
