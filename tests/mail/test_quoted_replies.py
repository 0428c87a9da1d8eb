"""The judge reads a player's own lines and never the quoted or forwarded mail under
them, for every client of the corpus (tests/mail/replies), and the judge's own
lines pasted back are not obeyed."""

from __future__ import annotations

import pytest
from support.mail.reply_corpus import ClientReply, client_replies

from judge.mail.read import read_message

JUDGE = "judge@example.org"


@pytest.mark.parametrize("sample", client_replies(), ids=lambda sample: sample.name)
def test_only_the_players_own_lines_are_read(sample: ClientReply) -> None:
    mail = read_message(sample.raw, JUDGE)
    assert mail.problems == ()
    assert mail.lines == sample.read


def test_the_corpus_covers_every_client_in_both_languages() -> None:
    names = {sample.name for sample in client_replies()}
    for client in ("outlook_windows", "outlook_mac", "gmail", "apple_mail", "thunderbird",
                   "android", "ios_mail", "outlook_ios"):  # fmt: skip
        assert any(name.startswith(client) for name in names), client
    assert {"outlook_mac_fr", "outlook_windows_fr", "gmail_fr", "apple_mail_fr",
            "thunderbird_fr", "ios_mail_fr"} <= names  # fmt: skip
