"""Every template, in both languages, with the longest values, fits in 78 columns.

Games are played by mail (a standard year with its notices and a draw; a Propaganda
year with bids, popularity and a concession) and every template rendered on the way
is recorded with the data it was given. Each recording is then rendered again, in
English and in French, with its values made the longest they can be: the longest
variant name, a 20-letter game name, a 64-character address, numbers of seven
digits. Each text is composed into a mail as the judge composes every mail
(`judge.mail.compose`, where the 78-column rule is kept) and every line checked: at
most 78 bytes but for a quoted line, and the mail never quoted-printable.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import jinja2
import pytest
from support.service.harness import JudgeHarness
from support.service.intimate_game import MASTER, bid, start_intimate
from support.service.taskdip_scenario import THREE_PLAYERS, find_seed, seat_orders, set_seed

from judge.mail.compose import broadcast_message
from judge.variants.registry import default_registry
from judge.wording import templates
from judge.wording.mail_width import MAIL_WIDTH, line_bytes
from judge.wording.readers import Reader
from service.test_mail_widths import (
    LONGEST_ADDRESS,
    LONGEST_GAME,
    LONGEST_ZONE,
    play_a_standard_year,
)

Recording = tuple[str, dict[str, Any]]
LONGEST_VARIANT = max(
    (default_registry().get(name).display_name for name in default_registry().names()), key=len
)
LONGEST_NUMBER = 9_999_999


@pytest.fixture
def recordings(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Recording]]:
    """Every mail template rendered during the test, with the data it was given."""
    seen: list[Recording] = []
    original = jinja2.Template.render

    def recording(self: jinja2.Template, *args: Any, **data: Any) -> str:
        if self.name and self.name.endswith(".txt.j2") and not args:
            seen.append((self.name, {k: v for k, v in data.items() if k != "reader"}))
        return original(self, *args, **data)

    monkeypatch.setattr(jinja2.Template, "render", recording)
    yield seen


def longest(value: Any, key: str = "") -> Any:
    """`value` with its names, addresses and numbers made the longest they can be."""
    if isinstance(value, dict):
        return {k: v if k in AS_GIVEN else longest(v, k) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(longest(v, key) for v in value)
    if isinstance(value, bool) or not isinstance(value, str | int):
        return value
    if isinstance(value, int):
        return LONGEST_NUMBER if value > 1 and key not in WHOLE_NUMBERS else value
    if key == "variant":
        return LONGEST_VARIANT
    if "@" in value and " " not in value:
        return LONGEST_ADDRESS
    return value


# Numbers the templates compute with (a column width, a year), not counts they show.
WHOLE_NUMBERS = {"width", "year", "limit_hours"}
# Values kept whole: a Taskdip task's parts (its centre count, 1 to 7, is said as a
# word from a table; the task is one of the variant's cards, not a free value).
AS_GIVEN = {"task_parts"}


def too_long(name: str, data: dict[str, Any], language: str) -> list[str]:
    text = templates.render(name, Reader(language, LONGEST_ZONE), **longest(data))
    mail = broadcast_message(
        sender="judge@example.org", to="p@example.org", subject=name, body=text,
        now=datetime(2026, 1, 1, tzinfo=UTC),
    )  # fmt: skip
    body = mail.get_payload(decode=True).decode("utf-8")
    found = [
        f"{name} ({language}): {line}"
        for line in body.splitlines()
        if line_bytes(line) > MAIL_WIDTH and not line.startswith(">")
    ]
    if mail["Content-Transfer-Encoding"] not in ("7bit", "8bit"):
        found.append(f"{name} ({language}): sent {mail['Content-Transfer-Encoding']}")
    return found


def check_all(recorded: list[Recording]) -> set[str]:
    left: list[str] = []
    names, done = set(), set()
    for name, data in recorded:
        names.add(name)
        if (name, repr(data)) in done:
            continue
        done.add((name, repr(data)))
        for language in ("en", "fr"):
            left += too_long(name, data, language)
    assert left == [], "\n".join(left)
    return names


def test_a_standard_year_with_the_longest_values_fits_in_both_languages(
    judge: JudgeHarness, recordings: list[Recording]
) -> None:
    play_a_standard_year(judge, lambda mails: mails, LONGEST_GAME, LONGEST_ZONE)
    names = check_all(recordings)
    assert {"results.txt.j2", "start.txt.j2", "late_powers.txt.j2", "game_over.txt.j2"} <= names


def test_a_propaganda_year_with_the_longest_values_fits_in_both_languages(
    judge: JudgeHarness, recordings: list[Recording]
) -> None:
    start_intimate(judge, "propaganda", game=LONGEST_GAME)
    for power in ("Germany", "France"):
        bid(judge, power, "BID AUSTRIA 5", "BID ITALY 3", game=LONGEST_GAME)
    judge.send(MASTER, f"SIGNON M{LONGEST_GAME} gmpass\nPROCESS\nPROCESS\nPROCESS")
    bid(judge, "France", "CONCEDE", game=LONGEST_GAME)
    names = check_all(recordings)
    assert {"intimate_report.txt.j2", "start.txt.j2"} <= names, names


def test_a_taskdip_year_with_the_longest_values_fits_in_both_languages(
    judge: JudgeHarness, recordings: list[Recording]
) -> None:
    """Three players play the scripted lot to a task victory in 1901: the start with
    the tasks, the reports with the neutral allotted, the end with every task."""
    game = LONGEST_GAME
    judge.send(MASTER, f"CREATE {game} gmpass taskdip\nSET PLAYERS 3")
    set_seed(judge.sessions, game, find_seed(THREE_PLAYERS))
    addresses = [LONGEST_ADDRESS, "p1@example.org", "p2@example.org"]
    for index, address in enumerate(addresses):
        judge.send(address, f"SIGNON ?{game} pw{index}")
    held = {row["address"]: row["powers"] for row in judge.status(game)["players"]}
    signons = {a: f"SIGNON {held[a][0][0]}{game} pw{i}" for i, a in enumerate(addresses)}
    for _ in range(4):
        status = judge.status(game)
        if status["winner"] is not None:
            break
        for row in status["players"]:
            lines = seat_orders(THREE_PLAYERS, status["phase"], row["powers"], status)
            judge.send(row["address"], "\n".join([signons[row["address"]], *lines]))
    assert judge.status(game)["winner"] == "AUSTRIA"
    names = check_all(recordings)
    assert {"taskdip_report.txt.j2", "start.txt.j2"} <= names, names
    included = {data.get("start_template") for name, data in recordings if name == "start.txt.j2"}
    assert included == {"taskdip_start.txt.j2"}  # the start mail includes the tasks' part


def test_the_recorder_sees_templates_by_their_names() -> None:
    root = templates.template_dir()
    assert Path(root, "results.txt.j2").is_file()  # the names recorded are these files'
