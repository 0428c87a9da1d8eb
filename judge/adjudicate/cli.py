"""`judge adjudicate`: one phase of pure adjudication, JSON in, JSON out.

    judge adjudicate < phase.json > result.json
    judge adjudicate --batch < phases.jsonl > results.jsonl

The contract is spec/adjudicate.md. Exit status 0 when every phase was
adjudicated, 2 on malformed input (stderr gets one line naming the offending
field or order; in batch mode the line's answer is `{"error": "..."}` and the
next line is processed). Choices the contract leaves open:

* unknown top-level fields are ignored (the contract only ever adds fields),
  but an unknown power, option or option value is malformed input;
* an order the parser cannot read is not malformed input: like an illegal
  order it is answered `illegal`, with the parser's message as the reason;
* the next phase is the next one anybody can act in, as in a game by mail
  (`judge.rules.idle`); the phases passed over are listed in `skipped`, a field
  present only when some phase was skipped;
* in batch mode blank lines are skipped; the exit status is 2 if any line was
  malformed, else 1 if any line hit an internal error, else 0;
* input is read as bytes and must be UTF-8 (a leading byte order mark is
  dropped); output is always UTF-8, not ASCII escapes, whatever the locale, with
  U+0085, U+2028 and U+2029 escaped so that each batch answer is one line for any
  reader; bad bytes, nesting deeper than 64 levels and lone surrogates are
  malformed input (`json_text`);
* a reader that stops reading (`| head`) ends the run quietly with status 1.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import sys
from collections.abc import Callable, Iterable
from typing import IO, Any

from judge.adjudicate.json_text import decode, parse
from judge.adjudicate.request import RequestError, read_request
from judge.adjudicate.response import response
from judge.rules.idle import adjudicate_through
from judge.rules.map import GameMap, load_map

EXIT_OK, EXIT_INTERNAL, EXIT_MALFORMED = 0, 1, 2
PROG = "judge adjudicate"


class _Maps:
    """Loads each map once per run (a batch shares them)."""

    def __init__(self) -> None:
        self._loaded: dict[str, GameMap] = {}

    def __call__(self, name: str) -> GameMap:
        if name not in self._loaded:
            self._loaded[name] = load_map(name)
        return self._loaded[name]


def adjudicate_text(text: str, maps: Callable[[str], GameMap]) -> dict[str, Any]:
    """Answer one request given as JSON text; raises RequestError if malformed."""
    request = read_request(parse(text), maps)
    game_map = maps("standard")
    advance = adjudicate_through(
        game_map, request.state, [o for _, o in request.orders], request.options
    )
    return response(request.state, request.orders, advance)


def adjudicate_bytes(data: bytes, maps: Callable[[str], GameMap]) -> dict[str, Any]:
    """Answer one request given as the bytes read; raises RequestError if malformed."""
    return adjudicate_text(decode(data), maps)


# Characters that end a line for some readers (Python's `str.splitlines` among them).
_LINE_BREAKING = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
# The ones JSON may leave raw inside a string; escaped, an answer stays on one line.
_ESCAPED_IN_JSON = {ord(c): f"\\u{ord(c):04x}" for c in "\x85\u2028\u2029"}


def _one_line(message: str) -> str:
    """`message` with its control characters escaped, so that it is one line of stderr."""
    return _LINE_BREAKING.sub(lambda m: repr(m.group())[1:-1], message)


def _dump(answer: dict[str, Any], indent: int | None = None) -> str:
    """UTF-8 JSON (not ASCII escapes), with the few line-breaking characters escaped."""
    return json.dumps(answer, ensure_ascii=False, indent=indent).translate(_ESCAPED_IN_JSON)


def run_single(stdin: IO[bytes], stdout: IO[str], stderr: IO[str]) -> int:
    try:
        answer = adjudicate_bytes(stdin.read(), _Maps())
    except RequestError as error:
        print(f"{PROG}: {_one_line(str(error))}", file=stderr)
        return EXIT_MALFORMED
    except Exception as error:  # reported in one line, never as a traceback
        print(f"{PROG}: internal error: {_one_line(repr(error))}", file=stderr)
        return EXIT_INTERNAL
    stdout.write(_dump(answer, indent=2) + "\n")
    return EXIT_OK


def run_batch(stdin: Iterable[bytes], stdout: IO[str], stderr: IO[str]) -> int:
    """One answer line per non-blank request line, whatever the line holds."""
    maps, status = _Maps(), EXIT_OK
    for number, line in enumerate(stdin, start=1):
        if not line.strip():
            continue
        try:
            answer = adjudicate_bytes(line, maps)
        except RequestError as error:
            print(f"{PROG}: line {number}: {_one_line(str(error))}", file=stderr)
            answer, status = {"error": str(error)}, max(status, EXIT_MALFORMED)
        except Exception as error:  # one bad phase must not stop the batch
            print(f"{PROG}: line {number}: internal error: {_one_line(repr(error))}", file=stderr)
            answer = {"error": f"internal error: {error}"}
            status = status if status == EXIT_MALFORMED else EXIT_INTERNAL
        stdout.write(_dump(answer) + "\n")
        stdout.flush()
    return status


def _utf8(stream: IO[str], errors: str) -> IO[str]:
    """`stream`, writing UTF-8 whatever the locale or PYTHONIOENCODING says."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(encoding="utf-8", errors=errors)
    return stream


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description="Adjudicate one phase given as JSON.")
    parser.add_argument("--batch", action="store_true", help="JSON Lines in, JSON Lines out")
    args = parser.parse_args(argv)
    # Bytes in, decoded here (so bad UTF-8 is an error, not escapes echoed back), and
    # UTF-8 out: the answers are JSON, which travels between programs as UTF-8.
    source = sys.stdin.buffer
    stdout, stderr = _utf8(sys.stdout, "strict"), _utf8(sys.stderr, "backslashreplace")
    try:
        if args.batch:
            return run_batch(source, stdout, stderr)
        return run_single(source, stdout, stderr)
    except BrokenPipeError:
        # Nobody reads the answers any more. Point stdout at nothing, or Python's own
        # flush at exit fails again and prints a traceback-like complaint.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_INTERNAL


if __name__ == "__main__":
    raise SystemExit(main())
