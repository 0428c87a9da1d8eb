"""The game and the addresses of one test on a judge that several tests share
(`confirming_judge` in tests/hostile/conftest.py): named after the test, so that what
one test creates, confirms, joins or stops is never another test's."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Cast:
    """`Cast("cf1")`: game `cf1`, master `gm.cf1@example.org`, and `who("fan")`,
    `fan.cf1@example.org`, for anyone else in the test."""

    tag: str

    @property
    def game(self) -> str:
        return self.tag

    @property
    def gm(self) -> str:
        return self.who("gm")

    def who(self, name: str, domain: str = "example.org") -> str:
        return f"{name}.{self.tag}@{domain}"
