"""Who a `PRESS TO ...` line names: powers, everyone but some powers, or everyone.

njudge's forms are read beside the plain list:

* `PRESS TO ALL BUT R T` (also `ALL EXCEPT`): every player but Russia and Turkey
  (and the master, unless `M` is in the list). `O` (observers) may be named as on
  njudge; private press never reaches observers anyway.
* `PRESS TO -R -T` (or `-RT`, `ALL -R -T`): the same as `ALL BUT R T`.
* `PRESS TO +F +G` (or `+FG`): France and Germany, as `PRESS TO F G`.

A list that mixes `+` and `-` is refused: it has no one reading.
"""

from __future__ import annotations

import re

from judge.language.arguments import MASTER_WORDS, CommandError, power_list

OBSERVERS = "OBSERVERS"
# Names an ALL BUT list may hold besides the powers: the master, and the observers.
LEFT_OUT_WORDS = {**MASTER_WORDS, "O": OBSERVERS, "OBSERVER": OBSERVERS, "OBSERVERS": OBSERVERS}
_ALL_BUT = re.compile(r"ALL\s*(?:BUT|EXCEPT)\b\s*(.*)", re.IGNORECASE | re.DOTALL)
_ALL_MINUS = re.compile(r"ALL\s+(?=-)", re.IGNORECASE)
_SIGNED = re.compile(r"([+-])\s*([^\s,;+-]+)")


def recipients(rest: str) -> tuple[tuple[str, ...], bool]:
    """The names after `PRESS TO`, and whether they are the ones left out (ALL BUT).

    `rest` is neither empty nor `ALL` (public press)."""
    but = _ALL_BUT.fullmatch(rest.strip())
    if but:
        return _left_out(but.group(1)), True
    text = _ALL_MINUS.sub("", rest.strip(), count=1)
    signs = {sign for sign, _ in _SIGNED.findall(text)}
    if not signs:
        return power_list(text, MASTER_WORDS), False
    if signs == {"+", "-"}:
        raise CommandError("press_plus_and_minus")
    leftover = _SIGNED.sub(" ", text).strip(" ,;")
    if leftover:
        raise CommandError("press_sign_each", word=leftover.split()[0])
    names = " ".join(name for _, name in _SIGNED.findall(text))
    if signs == {"-"}:
        return _left_out(names), True
    return power_list(names, MASTER_WORDS), False


def _left_out(text: str) -> tuple[str, ...]:
    if not text.strip().rstrip(".:"):
        raise CommandError("press_all_but_nobody")
    return power_list(text.rstrip(":"), LEFT_OUT_WORDS)
