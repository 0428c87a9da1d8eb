"""The one place that bounds the text the command language sees, whatever the mail.

Every body, however it came (plain or MIME, any transfer encoding, HTML, `format=
flowed`), is decoded into one text, and `bound_text` shapes it before a single line
of it is read as a command (`judge.mail.read`): at most `MAX_TEXT` characters, no
line longer than `MAX_LINE` (a longer one is broken at a space, or cut, and read as
several) and no word longer than `MAX_WORD` (a longer one is cut, and ends in "…").

No command word, province name or password is that long (passwords stop at 128
characters), so a cut word is never taken for one: the reply says it was cut and the
command that held it is refused like any unknown word. Everything after this point
(quoted-text detection, the command parsers, "did you mean" hints) then works on
lines and words of bounded length, in time linear in the text. The work done here is
linear too, and counted (`judge.work`).
"""

from __future__ import annotations

import re

from judge import work

MAX_TEXT = 1_000_000  # characters of decoded text read; the rest is ignored, with a note
MAX_LINE = 2_000  # characters in one line (a flowed paragraph is one line)
MAX_WORD = 256  # characters in one word (URLs in press included)
CUT = "\u2026"  # ends a word that was cut

# A word that begins here (not inside another) and is too long: the lookbehind keeps
# the search linear, a run of letters being tried from its start only.
_LONG_WORD = re.compile(rf"(?<!\S)\S{{{MAX_WORD + 1},}}")


def bound_text(text: str) -> tuple[str, list[str]]:
    """`text` within the bounds, and what the reply should say about what was cut."""
    problems: list[str] = []
    if len(text) > MAX_TEXT:
        text = text[:MAX_TEXT]
        problems.append(f"the text is too long: only the first {MAX_TEXT} characters were read")
    work.charge(len(text))
    cut_words = 0

    def cut(found: re.Match[str]) -> str:
        nonlocal cut_words
        cut_words += 1
        return found[0][:MAX_WORD] + CUT

    text = _LONG_WORD.sub(cut, text)
    if cut_words:
        problems.append(f"{_count(cut_words, 'word')} longer than {MAX_WORD} characters "
                        f"{_were(cut_words)} cut (no command, name or password is that "
                        "long)")  # fmt: skip
    text, broken = _short_lines(text)
    if broken:
        problems.append(f"{_count(broken, 'line')} longer than {MAX_LINE} characters "
                        f"{_were(broken)} broken into several")  # fmt: skip
    return text, problems


def _short_lines(text: str) -> tuple[str, int]:
    """The text with each line longer than `MAX_LINE` broken at its last space before
    the limit (or at the limit), and how many lines were broken."""
    if len(text) <= MAX_LINE:
        return text, 0
    lines = text.splitlines()
    if all(len(line) <= MAX_LINE for line in lines):
        return text, 0
    kept: list[str] = []
    broken = 0
    for line in lines:
        if len(line) <= MAX_LINE:
            kept.append(line)
            continue
        broken += 1
        start = 0
        while len(line) - start > MAX_LINE:
            space = line.rfind(" ", start + 1, start + MAX_LINE + 1)
            end = space if space > start else start + MAX_LINE
            kept.append(line[start:end])
            start = end + 1 if space > start else end
        kept.append(line[start:])
    return "\n".join(kept), broken


def _count(number: int, noun: str) -> str:
    return f"1 {noun}" if number == 1 else f"{number} {noun}s"


def _were(number: int) -> str:
    return "was" if number == 1 else "were"
