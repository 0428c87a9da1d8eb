"""`judge zine`: write one game's page to standard output, or every game's to a folder.

    judge zine GAME [--config FILE] > game.html
    judge zine --all DIR [--config FILE]     # DIR/<game>.html and DIR/index.html

Only reads the database. Exit codes as the other subcommands: 0 done, 1 no such
game or an unreadable database, 2 usage.

`--all` writes only inside DIR and never through a symbolic link: each page is
written to a new temporary file and renamed over its name, and a name that is a
link (or a folder) is left alone with a message. A game called `index` (any case)
is skipped: its page would overwrite the index.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import BinaryIO

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from judge.config import Config
from judge.language.arguments import GAME_NAME
from judge.store import games as store
from judge.store.db import make_engine, make_session_factory
from judge.variants.registry import VariantRegistry
from judge.zine.index import IndexRow, index_page, index_row
from judge.zine.page import game_page

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2
INDEX = "index.html"


def run_zine(
    config: Config,
    game: str | None,
    directory: str | None,
    variants: VariantRegistry,
    out: BinaryIO | None = None,
) -> int:
    """`judge zine`: the page of `game` to `out` (standard output), or every page
    into `directory`; the games' variants from `variants`, the judge's registry."""
    if (game is None) == (directory is None):
        print("judge zine: give a GAME, or --all DIR", file=sys.stderr)
        return EXIT_USAGE
    engine = make_engine(config.database.url)
    try:
        with make_session_factory(engine)() as session:
            if directory is not None:
                write_all(session, variants, Path(directory))
                return EXIT_OK
            return _write_one(session, variants, str(game), out or sys.stdout.buffer)
    except SQLAlchemyError as exc:
        print(f"judge zine: cannot read the database ({exc.__class__.__name__}); "
              "is it created? (judge db upgrade)", file=sys.stderr)
        return EXIT_FAILURE
    finally:
        engine.dispose()


def _write_one(session: Session, variants: VariantRegistry, name: str, out: BinaryIO) -> int:
    """The page, as UTF-8 (what its `<meta charset>` says) whatever the locale."""
    game = store.get_game(session, name)
    if game is None:
        print(f"judge zine: no game called {name!r}", file=sys.stderr)
        return EXIT_FAILURE
    out.write(game_page(session, variants, game).encode("utf-8"))
    out.flush()
    return EXIT_OK


def write_all(session: Session, variants: VariantRegistry, directory: Path) -> list[Path]:
    """A page per game and the index linking them; returns the files written."""
    directory.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    rows: list[IndexRow] = []
    for game in store.list_games(session):
        why = _unsafe_name(game.name)
        path = directory / f"{game.name}.html"
        if why or not _write_file(path, game_page(session, variants, game)):
            print(f"judge zine: skipped game {game.name!r}: {why or 'its file is a link'}",
                  file=sys.stderr)  # fmt: skip
            continue
        written.append(path)
        rows.append(index_row(variants, game, path.name))
    index = directory / INDEX
    if not _write_file(index, index_page(rows)):
        print(f"judge zine: {index} is a link or a folder: the index was not written",
              file=sys.stderr)  # fmt: skip
        return written
    return [*written, index]


def _unsafe_name(name: str) -> str:
    """Why `name.html` must not be written, or ""."""
    if not GAME_NAME.fullmatch(name):  # never a path outside the folder
        return "not a safe file name"
    if f"{name}.html".lower() == INDEX:
        return f"its page would overwrite {INDEX}"
    return ""


def _write_file(path: Path, text: str) -> bool:
    """Write `text` to `path` through a temporary file renamed over it, so that a
    symbolic link planted at `path` is never followed; False (nothing written) when
    `path` is a link or anything but a plain file."""
    if path.is_symlink() or (path.exists() and not path.is_file()):
        return False
    handle, temporary = tempfile.mkstemp(prefix=".zine-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(text.encode("utf-8"))
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return True
