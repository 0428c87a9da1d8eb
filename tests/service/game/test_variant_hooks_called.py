"""Every hook of the variant contract is really called when games are played by mail.

A spy wraps every public method of `Variant` on every variant class, then games of each
variant are played through the in-process judge (mail in, replies out). The hooks
recorded are the hooks the shell really calls. A hook that these short games cannot
reach is listed in `REACHED_ELSEWHERE`, with the test that reaches it; the list must be
exactly what the spy did not see, so it cannot go stale or hide a dead hook.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest
from support.service.harness import JudgeHarness
from support.service.intimate_game import bid, start_intimate
from support.variants.variant_classes import all_variant_classes

from judge.variants.base import Variant

POWER_NAMES = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
HOOKS = sorted(n for n, v in vars(Variant).items() if callable(v) and not n.startswith("_"))

REACHED_ELSEWHERE: dict[str, str] = {
    # the zine's hooks: the zine is written from the database, not by mail
    "zine_report_blocks": "tests/zine/test_intimate.py (the bid results follow the phase)",
    "zine_final_blocks": "tests/zine/test_taskdip.py (tasks revealed once the game is over)",
}


@pytest.fixture
def called(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    seen: set[str] = set()

    def spy(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(method)
        def recorded(*args: Any, **kwargs: Any) -> Any:
            seen.add(name)
            return method(*args, **kwargs)

        return recorded

    for cls in [Variant, *all_variant_classes()]:
        for name in HOOKS:
            raw = cls.__dict__.get(name)
            if raw is None:
                continue
            if isinstance(raw, (staticmethod, classmethod)):
                wrapped: Any = type(raw)(spy(name, raw.__func__))
            else:
                wrapped = spy(name, raw)
            monkeypatch.setattr(cls, name, wrapped)
    return seen


def test_every_hook_is_called_by_games_played_by_mail(
    judge: JudgeHarness, called: set[str]
) -> None:
    judge.start_game("s1", count=6)  # started short: one power nobody plays
    judge.play_phase("s1")
    (open_power,) = set(POWER_NAMES) - set(judge.players)
    judge.reply("gm@example.org", f"SIGNON Ms1 gmpass\nAPPROVE {open_power} new@example.org")
    judge.reply("new@example.org", f"SIGNON {open_power[0]}s1 newpass")
    start_intimate(judge, "intimate", game="i1")
    bid(judge, "Germany", "BID Italy 3", game="i1")
    bid(judge, "Germany", "STALEMATE", "CONCEDE", game="i1")
    judge.players.clear()
    start_intimate(judge, "propaganda", game="i2")
    bid(judge, "France", "RESIGN", game="i2")
    judge.reply("gm@example.org", "SIGNON Ms1 gmpass\nSTALEMATE")  # refused: no such rule
    judge.players.clear()
    start_intimate(judge, "intimate", game="i3")
    judge.reply("gm@example.org", "SIGNON Mi3 gmpass\nSET RULE stalemate always\nSTALEMATE")
    assert sorted(set(HOOKS) - called) == sorted(REACHED_ELSEWHERE)
