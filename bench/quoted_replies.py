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
* Hostile bodies, at 16 KB, 64 KB, 256 KB and 1 MB each: the CPU time (median of 3)
  of each reader, and the ratio 1 MB / 16 KB (64 when linear, 4096 when quadratic).
  Each is measured in a child process stopped after `GIVE_UP` seconds; a reader that
  takes longer on a size is not run on the larger ones.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPLIES = Path(__file__).resolve().parents[1] / "tests" / "mail" / "replies"
JUDGE = "judge@example.org"
SIZES = (16 * 1024, 64 * 1024, 256 * 1024, 1024 * 1024)
GIVE_UP = 60.0

Reader = Callable[[str], list[str]]


def judge_reader(text: str) -> list[str]:
    from judge.mail.body_lines import command_lines

    return list(command_lines(text)[0])


def quotequail_reader(text: str) -> list[str]:
    import quotequail

    parts = quotequail.quote(text, limit=10**9, quote_intro_line=True)
    return _plain_lines(parts[0][1] if parts and parts[0][0] else "")


def mail_parser_reply_reader(text: str) -> list[str]:
    from mailparser_reply import EmailReplyParser

    reply = EmailReplyParser(languages=["en", "fr", "de"]).parse_reply(text)
    return _plain_lines(reply or "")


def _plain_lines(text: str) -> list[str]:
    """What the judge would read of a library's reply part: no blank, no `>` line."""
    stripped = (line.rstrip() for line in text.splitlines())
    return [line for line in stripped if line.strip() and not line.lstrip().startswith(">")]


def readers() -> dict[str, Reader]:
    found: dict[str, Reader] = {"judge": judge_reader}
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
    real: Callable[[str], tuple[tuple[str, ...], list[str]]] = getattr(  # noqa: B009
        reading, "command_lines"
    )  # read.py imports it by name: it is swapped there

    def grab(text: str) -> tuple[tuple[str, ...], list[str]]:
        texts.append(text)
        return real(text)

    setattr(reading, "command_lines", grab)  # noqa: B010 (the text as the judge decodes it)
    try:
        samples = []
        for path in sorted(REPLIES.glob("*.eml")):
            reading.read_message(path.read_bytes(), JUDGE)
            expected = path.with_suffix(".read").read_text(encoding="utf-8").splitlines()
            samples.append((path.stem, texts.pop(), expected))
    finally:
        setattr(reading, "command_lines", real)  # noqa: B010
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


def measured_apart(reader: str, kind: str, size: int) -> float | None:
    """`cpu_seconds` of one reader on one body, in a child process stopped after
    `GIVE_UP` seconds (None then): a regular expression cannot be interrupted."""
    command = [sys.executable, __file__, "--one", reader, kind, str(size)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=GIVE_UP, check=True)
    except subprocess.TimeoutExpired:
        return None
    return float(done.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus-only", action="store_true", help="skip the hostile bodies")
    parser.add_argument(
        "--one", nargs=3, metavar=("READER", "KIND", "SIZE"), help=argparse.SUPPRESS
    )
    arguments = parser.parse_args()
    found = readers()
    if arguments.one:
        name, kind, size = arguments.one
        print(cpu_seconds(found[name], hostile_bodies(int(size))[kind]))
        return
    samples = corpus_texts()
    print(f"\nCorpus: {len(samples)} client replies (tests/mail/replies)")
    for name, reader in found.items():
        wrong = [sample for sample, text, expected in samples if reader(text) != expected]
        print(f"  {name:28} {len(samples) - len(wrong):2}/{len(samples)} right", end="")
        print(f"; wrong: {', '.join(wrong)}" if wrong else "")
    if arguments.corpus_only:
        return
    print(f"\nHostile bodies: CPU seconds at {' / '.join(f'{s // 1024} KB' for s in SIZES)}")
    print(
        f"(median of 3; ratio last : first, x{SIZES[-1] // SIZES[0]} when linear;"
        f" '-': over {GIVE_UP:.0f} s)"
    )
    for name in found:
        print(f"  {name}")
        for kind in hostile_bodies(1024):
            figures: list[float | None] = []
            for size in SIZES:
                figures.append(measured_apart(name, kind, size))
                if figures[-1] is None:
                    break
            shown = " / ".join("      -" if f is None else f"{f:7.3f}" for f in figures)
            first, last = figures[0], figures[-1]
            ratio = (
                f"x{last / max(first, 1e-6):.1f}"
                if first and last and len(figures) == len(SIZES)
                else ""
            )
            print(f"    {kind:24} {shown}   {ratio}")


if __name__ == "__main__":
    main()
