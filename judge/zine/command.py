"""`judge zine`: write one game's page to standard output, or every game's to a folder.

    judge zine GAME [--config FILE] > game.html
    judge zine --all DIR [--config FILE]     # DIR/<game>.html and DIR/index.html

Only reads the database. Exit codes as the other subcommands: 0 done, 1 no such
game or an unreadable database, 2 usage.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import BinaryIO

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from judge.config import Config
from judge.mail.arguments import GAME_NAME
from judge.store import games as store
from judge.store.db import make_engine, make_session_factory
from judge.zine.index import IndexRow, index_page, index_row
from judge.zine.page import game_page

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2
INDEX = "index.html"


def run_zine(
    config: Config, game: str | None, directory: str | None, out: BinaryIO | None = None
) -> int:
    """`judge zine`: the page of `game` to `out` (standard output), or every page
    into `directory`."""
    if (game is None) == (directory is None):
        print("judge zine: give a GAME, or --all DIR", file=sys.stderr)
        return EXIT_USAGE
    engine = make_engine(config.database.url)
    try:
        with make_session_factory(engine)() as session:
            if directory is not None:
                write_all(session, Path(directory))
                return EXIT_OK
            return _write_one(session, str(game), out or sys.stdout.buffer)
    except SQLAlchemyError as exc:
        print(f"judge zine: cannot read the database ({exc.__class__.__name__}); "
              "is it created? (judge db upgrade)", file=sys.stderr)
        return EXIT_FAILURE
    finally:
        engine.dispose()


def _write_one(session: Session, name: str, out: BinaryIO) -> int:
    """The page, as UTF-8 (what its `<meta charset>` says) whatever the locale."""
    game = store.get_game(session, name)
    if game is None:
        print(f"judge zine: no game called {name!r}", file=sys.stderr)
        return EXIT_FAILURE
    out.write(game_page(session, game).encode("utf-8"))
    out.flush()
    return EXIT_OK


def write_all(session: Session, directory: Path) -> list[Path]:
    """A page per game and the index linking them; returns the files written."""
    directory.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    rows: list[IndexRow] = []
    for game in store.list_games(session):
        if not GAME_NAME.fullmatch(game.name):  # never a path outside the folder
            print(f"judge zine: skipped game {game.name!r}: not a safe file name",
                  file=sys.stderr)
            continue
        path = directory / f"{game.name}.html"
        path.write_text(game_page(session, game), encoding="utf-8")
        written.append(path)
        rows.append(index_row(game, path.name))
    index = directory / INDEX
    index.write_text(index_page(rows), encoding="utf-8")
    return [*written, index]
