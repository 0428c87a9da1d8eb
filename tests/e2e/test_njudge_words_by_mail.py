"""njudge's words by mail on the in-process pipeline: the press settings as CREATE
options and SET lines, and WHOGAME, SUMMARY after a SIGNON, VERSION and GET in
one mail. Each command has its own end-to-end test through the inbox in
tests/service/commands/test_njudge_commands.py; this one proves them on the real server."""

from __future__ import annotations

import re
from email.message import EmailMessage
from importlib.metadata import version

from support.e2e.judge_process import MASTER, _body
from support.e2e.pipeline_judge import ByMail

CLEAN = "No errors found in your mail."


def _said(message: EmailMessage) -> str:
    return re.sub(r"\s+", " ", _body(message))


def test_njudge_words_by_mail(pipeline_judge: ByMail) -> None:
    judge = pipeline_judge
    created = _said(judge.send(MASTER, "CREATE g1 gmpass standard GREY/WHITE, NO PARTIAL"))
    assert "Game 'g1' (Standard) created" in created and CLEAN in created

    player = "p0@example.org"
    said = _said(judge.send(player, "SIGNON ?g1 pw0\nWHOGAME\nSUMMARY\nVERSION\nGET press"))
    assert CLEAN in said
    assert f"Who plays 'g1': Master: {MASTER} (no power yet): {player}" in said
    assert f"runs judge version {version('judge')}." in said
    assert "> GET press" in said and "PRESS TO MASTER" in said

    refused = _said(judge.send(player, "SIGNON ?g1 pw0\nPRESS TO F\nhello\nENDPRESS"))
    assert "(SET PARTIAL OFF)" in refused
    settings = _said(judge.send(MASTER, "SIGNON Mg1 gmpass\nSET WHITE\nSET PARTIAL\nGET nonsense"))
    assert "Press set to white" in settings
    assert "there is nothing to GET called 'nonsense'" in settings
