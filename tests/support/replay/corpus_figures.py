"""Print the corpus figure: how many Droidippy games replay exactly through the shared path.

    python -m tests.replay.corpus_figures                 # the 264-game sample
    python -m tests.replay.corpus_figures /path/to/games  # any folder of game_*.txt

Every phase goes through `judge.rules.idle.adjudicate_through` (the path of
`judge adjudicate` and of games by mail), as in `test_droidippy.py`. Besides the
games that match, it counts the idle winters Droidippy opened (the judge skips
them), those it skipped too, and the phases a file lacks that were stepped over
(each one checked: replaying it with no orders gives the file's next board). It
is not a test (the per-game tests are); it exists so that the full corpus, kept
outside the repository, can be measured the same way.
"""

from __future__ import annotations

import sys
from pathlib import Path

from judge.rules.map import load_map
from judge.rules.results import RuleOptions
from support.replay.reader import GAMES
from support.replay.replay import replay

DROIDIPPY_RULES = RuleOptions(convoy_adjacent="2.4", civil_disorder="godip")


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else GAMES
    game_map = load_map()
    games = sorted(folder.glob("game_*.txt"))
    matched = phases = opened = skipped = stepped = 0
    for path in games:
        done = replay(path, game_map, DROIDIPPY_RULES)
        phases += done.phases
        opened += len(done.opened)
        skipped += len(done.skipped)
        stepped += len(done.stepped_over)
        if done.stepped_over:
            print(f"{path.name}: stepped over {', '.join(done.stepped_over)}")
        if done.divergence is None:
            matched += 1
        else:
            print(f"{path.name}: {done.divergence}")
    print(
        f"{matched} of {len(games)} games replay exactly ({phases} phases adjudicated); "
        f"idle winters: {opened} opened by Droidippy, {skipped} skipped by both; "
        f"{stepped} phases the files lack stepped over"
    )
    return 0 if matched == len(games) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
