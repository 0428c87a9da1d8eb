"""`judge status`: a game's state, or the operator overview of the judge (its games,
queues, failures and bouncing addresses), as text or JSON.

The overview reads only the store; a game's state is the service's
(`judge.service.status.game_status`), read with the judge's variants, which only that
path imports.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from judge.cli.database_failure import database_failure
from judge.cli.exits import EXIT_FAILURE, EXIT_OK
from judge.cli.status_text import game_text, overview_text
from judge.clock import SystemClock
from judge.config import Config
from judge.store.db import make_engine, make_session_factory
from judge.store.overview import operator_overview


def run(config: Config, args: argparse.Namespace) -> int:
    engine = make_engine(config.database.url)
    try:
        with make_session_factory(engine)() as session:
            if args.game is None:
                overview = operator_overview(session, SystemClock().now())
                _print(overview, args.json, overview_text)
                return EXIT_OK
            status = _game_status(session, args)
    except SQLAlchemyError as exc:
        database_failure("status", config, exc)
        return EXIT_FAILURE
    finally:
        engine.dispose()
    if status is None:
        print(f"judge status: no game called {args.game!r}", file=sys.stderr)
        return EXIT_FAILURE
    _print(status, args.json, game_text)
    return EXIT_OK


def _game_status(session: Session, args: argparse.Namespace) -> dict[str, Any] | None:
    from judge.cli.given_variants import given_variants
    from judge.service.status import game_status

    return game_status(session, given_variants(args), args.game)


def _print(data: dict[str, Any], as_json: bool, text: Callable[[dict[str, Any]], str]) -> None:
    print(json.dumps(data, indent=2, sort_keys=False) if as_json else text(data))
