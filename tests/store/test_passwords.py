"""Passwords are stored as Argon2 hashes and checked against them."""

from __future__ import annotations

from judge.store.passwords import hash_password, needs_rehash, verify_password


def test_the_right_password_matches_its_hash() -> None:
    stored = hash_password("s3cret")
    assert stored.startswith("$argon2id$")
    assert "s3cret" not in stored
    assert verify_password(stored, "s3cret")
    assert not needs_rehash(stored)


def test_a_wrong_password_does_not_match() -> None:
    assert not verify_password(hash_password("s3cret"), "S3cret")


def test_a_malformed_hash_matches_nothing() -> None:
    assert not verify_password("plain-text", "plain-text")


def test_the_same_password_hashes_differently_each_time() -> None:
    assert hash_password("x") != hash_password("x")
