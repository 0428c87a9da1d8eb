"""The body rule (`judge.wording.mail_width.fit_body`), on generated bodies.

Every mail is kept to 78 columns at one place, where it is composed: a line too
long is broken at spaces with its continuation lines hanging; a quoted line (the
echo of what a player wrote) and a word longer than a line are left whole. Bodies of
every shape are generated (indented lines, accented words counted in UTF-8 bytes,
quoted lines, words of up to 90 letters) and the rule's promises checked on each;
then the composed mail itself is checked: never quoted-printable.
"""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from judge.mail.compose import broadcast_message
from judge.wording.mail_width import MAIL_WIDTH, fit_body, line_bytes

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJéèàçôÉ.,:;()'-0123456789"
word = st.text(LETTERS, min_size=1, max_size=90)
plain_line = st.builds(
    lambda indent, words: " " * indent + " ".join(words),
    st.integers(0, 10),
    st.lists(word, max_size=30),
)
quoted_line = st.builds(lambda line: "> " + line, plain_line)
bodies = st.lists(st.one_of(plain_line, plain_line, quoted_line), max_size=12).map("\n".join)


def long_words(body: str) -> bool:
    return any(line_bytes(w) > MAIL_WIDTH - 12 for w in body.split())


@given(bodies)
def test_every_line_fits_but_quotes_and_words_longer_than_a_line(body: str) -> None:
    for line in fit_body(body).split("\n"):
        if line_bytes(line) > MAIL_WIDTH:
            assert line.startswith(">") or len(line.split()) == 1, line


@given(bodies)
def test_the_words_are_kept_in_order_and_the_quotes_as_they_were(body: str) -> None:
    fitted = fit_body(body)
    assert fitted.split() == body.split()
    quoted = [line for line in body.split("\n") if line.startswith(">")]
    assert [line for line in fitted.split("\n") if line.startswith(">")] == quoted


@given(bodies)
def test_a_wrapped_line_hangs_below_its_first_line(body: str) -> None:
    for line in body.split("\n"):
        if line.startswith(">"):
            continue
        first, *rest = fit_body(line).split("\n")
        indent = len(line) - len(line.lstrip(" "))
        assert first.startswith(" " * indent)
        assert all(r.startswith(" " * (indent + 2)) for r in rest), (line, rest)


@given(bodies)
def test_fitting_a_fitted_body_changes_nothing(body: str) -> None:
    once = fit_body(body)
    assert fit_body(once) == once


@given(bodies.filter(lambda body: not long_words(body)))
def test_a_composed_mail_is_never_quoted_printable(body: str) -> None:
    unquoted = "\n".join(line for line in body.split("\n") if not line.startswith(">"))
    mail = broadcast_message(
        sender="judge@example.org", to="p@example.org", subject="s", body=unquoted,
        now=datetime(2026, 1, 1, tzinfo=UTC),
    )  # fmt: skip
    assert mail["Content-Transfer-Encoding"] in ("7bit", "8bit")
    lines = mail.get_payload(decode=True).decode("utf-8").splitlines()
    assert all(line_bytes(line) <= MAIL_WIDTH for line in lines)


def test_an_accented_line_is_measured_in_bytes() -> None:
    line = "é" * 30 + " " + "é" * 30  # 61 letters, 122 bytes
    assert fit_body(line) == "é" * 30 + "\n  " + "é" * 30
