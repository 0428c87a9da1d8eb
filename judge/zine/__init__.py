"""The zine: a game's public record as one self-contained HTML page, maps inline.

`judge zine GAME` prints one page; `judge zine --all DIR` writes a page per game
and an index. Only what everyone may see reaches a page: processed phases, the
public part of each report, and public press (see `record`).
"""

from judge.zine.command import run_zine, write_all
from judge.zine.page import game_page

__all__ = ["game_page", "run_zine", "write_all"]
