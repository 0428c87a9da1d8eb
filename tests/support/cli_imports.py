"""Run one `judge` command in this fresh interpreter and write the modules it imported:
`python -m support.cli_imports OUT_FILE ARGS...` (tests/cli/test_command_imports.py).

`judge.cli.main` runs as `judge` would run it (stdin, stdout and stderr are the
process's); a usage exit (`--help`) counts as run. Then every module in `sys.modules`
is written to OUT_FILE, one a line.
"""

from __future__ import annotations

import sys
from pathlib import Path

from judge.cli import main


def run(out_file: str, argv: list[str]) -> int:
    try:
        code = main(argv)
    except SystemExit as done:  # `--help`, as argparse ends it
        code = done.code if isinstance(done.code, int) else 0
    Path(out_file).write_text("\n".join(sorted(sys.modules)) + "\n")
    return code


if __name__ == "__main__":
    sys.exit(run(sys.argv[1], sys.argv[2:]))
