"""Compare the judge's reader of quoted replies with the two maintained libraries
that were candidates for it (issue 21): on the client corpus, and on hostile bodies.

    python bench/quoted_replies.py [--corpus-only]

The libraries are not dependencies of the judge; install them beside it to compare
(`pip install quotequail mail-parser-reply`), else only the judge's own figures print.

* Corpus (tests/mail/replies): for each sample, the body text as the judge decodes it
  is given to each reader; a library's answer (the reply part it keeps) is then read
  the judge's plain way (blank and `>` lines dropped) and compared with the sample's
  `.read` lines. Prints, per reader, the samples it got right and the names of the
  ones it got wrong (a line of the quoted mail read, or a line of the player's lost).
* Hostile bodies, at 256 KB, 512 KB and 1 MB each: the CPU time (median of 3) of each
  reader, and the ratio 1 MB / 256 KB (4 when linear, 16 when quadratic). A reader
  that takes more than `GIVE_UP` seconds on a size is not run on the larger ones.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

REPLIES = Path(__file__).resolve().parents[1] / "tests" / "mail" / "replies"
JUDGE = "judge@example.org"
SIZES = (256 * 1024, 512 * 1024, 1024 * 1024)
GIVE_UP = 20.0

Reader = Callable[[str], list[str]]


def judge_reader(text: str) -> list[str]:
    from judge.mail.body_lines import command_lines

    return list(command_lines(text)[0])


def quotequail_reader(text: str) -> list[str]:
    import quotequail  # type: ignore[import-not-found]

    parts = quotequail.quote(text, limit=10**9, quote_intro_line=True)
    return _plain_lines(parts[0][1] if parts and parts[0][0] else "")


def mail_parser_reply_reader(text: str) -> list[str]:
    from mailparser_reply import EmailReplyParser  # type: ignore[import-not-found]

    reply = EmailReplyParser(languages=["en", "fr", "de"]).parse_reply(text)
    return _plain_lines(reply or "")


def _plain_lines(text: str) -> list[str]:
    """What the judge would read of a library's reply part: no blank, no `>` line."""
    stripped = (line.rstrip() for line in text.splitlines())
    return [line for line in stripped if line.strip() and not line.lstrip().startswith(">")]


def readers() -> dict[str, Reader]:
    found: dict[str, Reader] = {"judge (judge.mail.quoted)": judge_reader}
    for name, module, reader in (
        ("quotequail", "quotequail", quotequail_reader),
        ("mail-parser-reply", "mailparser_reply", mail_parser_reply_reader),
    ):
        try:
            __import__(module)
        except ImportError:
            print(f"{name}: not installed, left out")
            continue
        found[name] = reader
    return found


def corpus_texts() -> list[tuple[str, str, list[str]]]:
    """(name, decoded body text, lines to read) of every sample of the corpus."""
    import judge.mail.read as reading

    texts: list[str] = []
    real = reading.command_lines

    def grab(text: str) -> tuple[tuple[str, ...], list[str]]:
        texts.append(text)
        return real(text)

    reading.command_lines = grab  # the body text exactly as the judge decodes it
    try:
        samples = []
        for path in sorted(REPLIES.glob("*.eml")):
            reading.read_message(path.read_bytes(), JUDGE)
            expected = path.with_suffix(".read").read_text(encoding="utf-8").splitlines()
            samples.append((path.stem, texts.pop(), expected))
    finally:
        reading.command_lines = real
    return samples


def hostile_bodies(size: int) -> dict[str, str]:
    """Bodies of about `size` characters that a careless reader pays for."""
    pair = "On Mon, 1 Dec 2026 at 10:00, Ann <ann@example.net> wrote:\n> A PAR-BUR\n"
    long_word = "On 1 " + "x" * (size - 8) + "\n"
    return {
        "wrote:/> pairs": "A PAR H\n" + pair * (size // len(pair)),
        "one long line": "A PAR H\n" + long_word,
        "long line of 'wrote '": "A PAR H\nOn 1 " + "wrote " * (size // 6) + "\n",
        "long results-like line": "A PAR H\nFrance: Army " + ". (*" * (size // 4) + "\n",
        "From: lines": "A PAR H\n" + "From: x\n" * (size // 8),
        "short lines": "A PAR H\n" + "A PAR H\n\n" * (size // 9),
    }


def cpu_seconds(reader: Reader, text: str) -> float:
    times = []
    for _ in range(3):
        start = time.process_time()
        reader(text)
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus-only", action="store_true", help="skip the hostile bodies")
    arguments = parser.parse_args()
    found = readers()
    samples = corpus_texts()
    print(f"\nCorpus: {len(samples)} client replies (tests/mail/replies)")
    for name, reader in found.items():
        wrong = [sample for sample, text, expected in samples if reader(text) != expected]
        print(f"  {name:28} {len(samples) - len(wrong):2}/{len(samples)} right", end="")
        print(f"; wrong: {', '.join(wrong)}" if wrong else "")
    if arguments.corpus_only:
        return
    print("\nHostile bodies: CPU seconds at 256 KB / 512 KB / 1 MB, ratio 1 MB : 256 KB")
    kinds = list(hostile_bodies(1024))
    for name, reader in found.items():
        print(f"  {name}")
        for kind in kinds:
            figures: list[float] = []
            for size in SIZES:
                if figures and figures[-1] > GIVE_UP:
                    break
                figures.append(cpu_seconds(reader, hostile_bodies(size)[kind]))
            shown = " / ".join(f"{f:7.3f}" for f in figures)
            ratio = (
                f"x{figures[-1] / max(figures[0], 1e-6):.1f}" if len(figures) == 3 else "gave up"
            )
            print(f"    {kind:24} {shown}   {ratio}")


if __name__ == "__main__":
    main()
