"""`python -m judge.cli ...`: the `judge` command (`judge.cli.main`)."""

import sys

from judge.cli import main

sys.exit(main())
