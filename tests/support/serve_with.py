"""Run a `judge` command with a test's inbox handler:
`python -m support.serve_with MODULE:NAME ARGS`.

Test-only. The judge itself never imports a handler by name (it once did, from
`$JUDGE_HANDLER`, in production too); `judge.cli.main` takes one as an argument,
and this launcher imports the one a test names and passes it, e.g.
`python -m support.serve_with support.server.intake.recording_handler:handle_message serve
--config X`
with `tests/` on `PYTHONPATH`. The name may be a class, built here (one handler
for the judge this launcher runs, given the judge's variant registry, which the
launcher builds and hands to `main` too: what a handler keeps is never shared through
a module), or a plain function (`judge.server.handler_protocol`).
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

import judge.cli

TESTS = Path(__file__).resolve().parents[1]

# The commands that read the handler or the variants `main` is given (judge.cli); the
# others (deliver, db upgrade, retry, flush, backup...) never do, and are run without
# them: a start of `judge deliver` builds no registry and imports no handler.
GIVEN_HANDLER_READERS = ("serve", "scheduler", "status", "zine")


def command(handler: str, *args: str) -> list[str]:
    """The argv that runs `judge ARGS` with `handler` (`module:name` under tests/)."""
    return [sys.executable, "-m", "support.serve_with", handler, *args]


def environment(base: dict[str, str] | None = None) -> dict[str, str]:
    """`base` (else this process's environment) with tests/ on PYTHONPATH."""
    env = dict(os.environ if base is None else base)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(TESTS), env.get("PYTHONPATH")]))
    return env


def main(argv: list[str]) -> int:
    command_name = argv[1] if len(argv) > 1 else ""
    if command_name not in GIVEN_HANDLER_READERS:
        return judge.cli.main(argv[1:])
    from judge.variants.registry import default_registry

    module_name, _, name = argv[0].partition(":")
    named = getattr(importlib.import_module(module_name), name)
    variants = default_registry()  # the judge's, as `judge.cli.main` would build it
    handler = named(variants) if isinstance(named, type) else named
    return judge.cli.main(argv[1:], handler=handler, variants=variants)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
