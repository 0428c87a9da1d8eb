from email.message import EmailMessage

import pytest

from service import harness
from service.harness import JudgeHarness, body_of
from service.test_french_templates import _power_from_french_start_mail
from service.test_mail_widths import play_a_standard_year

OUT: list[str] = []


def dump(mails: list[EmailMessage]) -> list[EmailMessage]:
    for m in mails:
        OUT.append(f"==== To:{m['To']} Subj:{m['Subject']}\n{body_of(m)}")
    return mails


def test_year(judge: JudgeHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(harness, "_power_from_start_mail", _power_from_french_start_mail)
    original = JudgeHarness.reply

    def reply(self, sender, body, **options):
        if body.startswith("CREATE") and "standard" in body:
            body = body + " LANGUAGE FR"
        return original(self, sender, body, **options)

    monkeypatch.setattr(JudgeHarness, "reply", reply)
    play_a_standard_year(judge, dump)
    open("/tmp/h21fr/year.txt", "w").write("\n".join(OUT))
