"""Password guessing by mail: bounded per mail and per seat, without locking the
player out, and without Argon2 under the database's write lock."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from email.message import EmailMessage

import pytest
from support.e2e.judge_process import _body
from support.hostile.serving import HarnessFactory, Serve

from judge.service.reading import password_work

GM, GM_PASSWORD = "gm@example.org", "secret42"


def test_499_signon_guesses_in_one_mail_stop_after_three(serve: Serve) -> None:
    judge = serve(cheap=True)
    judge.send(GM, f"CREATE g1 {GM_PASSWORD} standard")
    guesses = [f"guess{i}" for i in range(499)]
    guesses[200] = GM_PASSWORD  # the right one, far down the mail
    body = "\n".join(f"SIGNON Mg1 {guess}" for guess in guesses)
    reply = _body(judge.send("mallory@example.net", body))
    assert reply.count("Wrong password for 'g1'.") == 3
    assert "3 wrong passwords in this mail: the rest of it was not read." in reply
    assert "Signed on as the master" not in reply
    assert "guess3" not in reply  # the fourth line was never read


def test_a_seat_locks_for_strangers_but_not_for_its_own_address(serve: Serve) -> None:
    judge = serve(cheap=True, limits={"failed_passwords_per_seat_per_hour": 4})
    judge.send(GM, f"CREATE g1 {GM_PASSWORD} standard")
    for sender in ("a@example.net", "b@example.net"):  # 2 + 2 wrong, from elsewhere
        judge.send(sender, "SIGNON Mg1 wrong1\nSIGNON Mg1 wrong2")
    locked = _body(judge.send("c@example.net", f"SIGNON Mg1 {GM_PASSWORD}"))
    assert "Too many wrong passwords for this seat of 'g1'" in locked
    assert "the password was not checked" in locked
    assert "Signed on as the master" not in locked
    own = _body(judge.send(GM, f"SIGNON Mg1 {GM_PASSWORD}"))
    assert "Signed on as the master of 'g1'." in own


def test_50_signon_o_lines_with_100_observers_finish_fast(serve: Serve) -> None:
    judge = serve(cheap=False)  # real Argon2: the attack is about its cost
    judge.send(GM, f"CREATE g1 {GM_PASSWORD} standard")
    for index in range(100):
        judge.send(f"o{index}@example.org", f"OBSERVE g1 watch{index}")
    started = time.monotonic()
    stranger = _body(judge.send("mallory@example.net", "SIGNON Og1 guess\n" * 50))
    observer = _body(judge.send("o7@example.org", "SIGNON Og1 guess\n" * 50))
    elapsed = time.monotonic() - started
    assert stranger.count("You do not observe 'g1' from this address") == 40  # a screenful
    assert "50 errors found in your mail" in stranger
    assert observer.count("Wrong password for 'g1'.") == 3
    assert "the rest of it was not read" in observer
    right = _body(judge.send("o7@example.org", "SIGNON Og1 watch7"))
    assert "Signed on as an observer of 'g1'." in right
    assert elapsed < 20, f"{elapsed:.1f} s"  # it took 96 s when every hash was tried


def _write_lock_held(path: str) -> bool:
    probe = sqlite3.connect(path, timeout=0)
    try:
        probe.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError:
        return True
    finally:
        probe.close()
    return False


def test_argon2_never_runs_under_the_write_lock(
    harness: HarnessFactory, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not database_url.startswith("sqlite"):
        pytest.skip("the write lock is SQLite's")
    path = database_url.removeprefix("sqlite:///")
    judge = harness()
    judge.reply(GM, f"CREATE g1 {GM_PASSWORD} standard")
    judge.reply("o1@example.org", "OBSERVE g1 watch")
    seen: list[bool] = []

    def watched(work: Callable[..., object]) -> Callable[..., object]:
        def run(*args: object) -> object:
            seen.append(_write_lock_held(path))
            return work(*args)

        return run

    monkeypatch.setattr(password_work, "verify_password", watched(password_work.verify_password))
    monkeypatch.setattr(password_work, "hash_password", watched(password_work.hash_password))
    mails: list[EmailMessage] = judge.send(
        GM, f"SIGNON Mg1 {GM_PASSWORD}\nSET PASSWORD newer\nSIGNOFF"
    )
    judge.reply("o1@example.org", "SIGNON Og1 wrong")
    judge.reply("p1@example.org", "SIGNON ?g1 pw1")
    assert len(mails) == 1 and "Signed on as the master" in _body(mails[0])
    assert len(seen) >= 4  # the GM's check and new hash, the observer's, the join's
    assert not any(seen), seen
