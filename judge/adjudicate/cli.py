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
  malformed, else 1 if any line hit an internal error, else 0.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import IO, Any

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
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RequestError(f"request: malformed JSON: {error}") from None
    request = read_request(data, maps)
    game_map = maps("standard")
    advance = adjudicate_through(
        game_map, request.state, [o for _, o in request.orders], request.options
    )
    return response(request.state, request.orders, advance)


def _dump(answer: dict[str, Any]) -> str:
    return json.dumps(answer, ensure_ascii=False)


def run_single(stdin: IO[str], stdout: IO[str], stderr: IO[str]) -> int:
    try:
        answer = adjudicate_text(stdin.read(), _Maps())
    except RequestError as error:
        print(f"{PROG}: {error}", file=stderr)
        return EXIT_MALFORMED
    stdout.write(json.dumps(answer, indent=2, ensure_ascii=False) + "\n")
    return EXIT_OK


def run_batch(stdin: IO[str], stdout: IO[str], stderr: IO[str]) -> int:
    maps, status = _Maps(), EXIT_OK
    for number, line in enumerate(stdin, start=1):
        if not line.strip():
            continue
        try:
            answer = adjudicate_text(line, maps)
        except RequestError as error:
            print(f"{PROG}: line {number}: {error}", file=stderr)
            answer, status = {"error": str(error)}, max(status, EXIT_MALFORMED)
        except Exception as error:  # one bad phase must not stop the batch
            print(f"{PROG}: line {number}: internal error: {error!r}", file=stderr)
            answer = {"error": f"internal error: {error}"}
            status = status if status == EXIT_MALFORMED else EXIT_INTERNAL
        stdout.write(_dump(answer) + "\n")
        stdout.flush()
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description="Adjudicate one phase given as JSON.")
    parser.add_argument("--batch", action="store_true", help="JSON Lines in, JSON Lines out")
    args = parser.parse_args(argv)
    if args.batch:
        return run_batch(sys.stdin, sys.stdout, sys.stderr)
    return run_single(sys.stdin, sys.stdout, sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
