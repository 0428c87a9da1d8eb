"""`judge zine`: one page to standard output, or a folder of pages with an index."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy.orm import Session, sessionmaker
from support.zine.pages import external_references, maps, phase_ids
from support.zine.recorder import Recorder
from support.zine.standard_game import STANDARD_PHASES

from judge.cli import main
from judge.store import games as store
from judge.store.models import GameStatus

pytestmark = pytest.mark.postgres_copy  # its path through the store differs


def test_judge_zine_prints_the_game_page(
    standard_game: str, zine_config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["zine", standard_game, "--config", str(zine_config)]) == 0
    page = capsys.readouterr().out
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert phase_ids(page) == list(STANDARD_PHASES)


def test_the_page_can_be_redirected_to_a_file_from_the_command_line(
    standard_game: str, zine_config: Path, tmp_path: Path
) -> None:
    target = tmp_path / "game.html"
    with target.open("wb") as out:
        done = subprocess.run(
            [sys.executable, "-m", "judge.cli", "zine", standard_game, "--config",
             str(zine_config)],
            stdout=out, stderr=subprocess.PIPE, timeout=120, check=False,
            env={**os.environ, "LC_ALL": "C", "PYTHONIOENCODING": "ascii"},
        )
    assert done.returncode == 0, done.stderr
    page = target.read_text(encoding="utf-8")  # UTF-8, whatever the locale
    assert len(maps(page)) == len(STANDARD_PHASES)
    assert "Munich will fall — déjà vu." in page


def test_all_writes_a_page_per_game_and_an_index(
    standard_game: str, recorder: Recorder, zine_config: Path, tmp_path: Path
) -> None:
    recorder.create("i1", "intimate", [("FRANCE",), ("ENGLAND",)])
    folder = tmp_path / "zines"
    assert main(["zine", "--all", str(folder), "--config", str(zine_config)]) == 0
    assert sorted(p.name for p in folder.iterdir()) == ["g1.html", "i1.html", "index.html"]
    index = (folder / "index.html").read_text(encoding="utf-8")
    assert external_references(index) == []
    rows = re.findall(r'<tr><td><a href="([^"]+)">([^<]+)</a></td><td>([^<]+)</td>'
                      r"<td>([^<]+)</td>\s*<td>([^<]+)</td>", index)
    assert rows == [
        ("g1.html", "g1", "Standard", "active", "F1902M"),
        ("i1.html", "i1", "Intimate Diplomacy (I-A, rx03)", "active", "S1901B"),
    ]
    assert phase_ids((folder / "g1.html").read_text(encoding="utf-8")) == list(STANDARD_PHASES)


def test_the_index_and_the_page_name_the_winners_of_a_draw(
    recorder: Recorder, zine_config: Path, tmp_path: Path
) -> None:
    recorder.create("i1", "intimate", [("FRANCE",), ("ENGLAND",)])
    with recorder.sessions.begin() as session:
        game = store.get_game(session, "i1")
        assert game is not None
        game.status, game.winner = GameStatus.FINISHED, ["FRANCE", "ENGLAND"]
    assert main(["zine", "--all", str(tmp_path / "z"), "--config", str(zine_config)]) == 0
    index = (tmp_path / "z" / "index.html").read_text(encoding="utf-8")
    assert "<td>finished</td>" in index and "draw: France, England" in index
    page = (tmp_path / "z" / "i1.html").read_text(encoding="utf-8")
    assert "A draw between France, England." in page


def test_an_unknown_game_fails_with_a_message(
    zine_config: Path, sessions: sessionmaker[Session], capsys: pytest.CaptureFixture[str]
) -> None:
    """`sessions`: the database exists, migrated and empty."""
    assert main(["zine", "nosuch", "--config", str(zine_config)]) == 1
    assert "no game called 'nosuch'" in capsys.readouterr().err


def test_a_game_and_all_together_are_a_usage_error(
    zine_config: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["zine", "g1", "--all", str(tmp_path), "--config", str(zine_config)]) == 2
    assert main(["zine", "--config", str(zine_config)]) == 2
    assert "give a GAME, or --all DIR" in capsys.readouterr().err
