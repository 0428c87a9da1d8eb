"""Decide whether a mail must get no reply: bounces, auto-replies, list mail, our own mail.

Answering these would start a mail loop with another robot (or with the judge itself),
so the judge stays silent. `why_no_reply` names the first reason found, or "".
It reads the headers through a `HeaderView`: the mail's header facts
(`judge.mail.header_facts.KeptHeaders`), whether kept when the mail was stored or
read now, and for a mail beyond the reading limits read by hand.
"""

from __future__ import annotations

from judge.mail.headers import HeaderView

_BOUNCE_SENDERS = frozenset({"mailer-daemon", "mailer_daemon", "postmaster"})
_ROBOT_PREFIXES = ("owner-",)  # list owners (owner-list@host)
_ROBOT_SUFFIXES = ("-request", "-owner", "-bounces")  # list and bounce handlers
_BULK_PRECEDENCE = frozenset({"bulk", "junk", "list", "auto_reply"})
# X-Auto-Response-Suppress (Microsoft): the values that ask for no automatic reply.
_SUPPRESSING = frozenset({"all", "autoreply", "oof"})
_AUTOREPLY_HEADERS = ("X-Autoreply", "X-Autorespond", "X-Autoresponder")
_FALSE_WORDS = frozenset({"no", "false", "0"})


def why_no_reply(headers: HeaderView, sender: str, judge_address: str) -> str:
    """The reason this mail must not be answered, or "" when a reply is due."""
    for check in (_no_sender, _from_judge, _bounce, _automatic, _mass_mail):
        reason = check(headers, sender, judge_address)
        if reason:
            return reason
    return ""


def _no_sender(headers: HeaderView, sender: str, judge: str) -> str:
    return "" if "@" in sender else "no sender address to answer"


def _from_judge(headers: HeaderView, sender: str, judge: str) -> str:
    if judge and sender.lower() == judge.strip().lower():
        return "mail from the judge itself"
    loop = headers.text("X-Loop").lower()
    if judge and judge.strip().lower() in loop:
        return "mail that has already passed through the judge (X-Loop)"
    return ""


def _bounce(headers: HeaderView, sender: str, judge: str) -> str:
    return_path = headers.text("Return-Path").replace(" ", "")
    if headers.has("Return-Path") and return_path in {"", "<>"}:
        return "a bounce (empty return path)"
    local = sender.rpartition("@")[0].lower()
    if local.split("+")[0] in _BOUNCE_SENDERS:
        return f"a bounce (from {sender})"
    if local.startswith(_ROBOT_PREFIXES) or local.endswith(_ROBOT_SUFFIXES):
        return f"mail from a list or bounce handler ({sender})"
    if headers.content_type() == "multipart/report":
        return "a delivery or read report (multipart/report)"
    return ""


def _automatic(headers: HeaderView, sender: str, judge: str) -> str:
    submitted = headers.text("Auto-Submitted").split(";")[0].strip().lower()
    if submitted and submitted != "no":
        return f"an automatic mail (Auto-Submitted: {submitted})"
    asked = headers.text("X-Auto-Response-Suppress").split(",")
    suppress = {word.strip().lower() for word in asked}
    if suppress & _SUPPRESSING:
        return "a mail that asks for no automatic reply (X-Auto-Response-Suppress)"
    for name in _AUTOREPLY_HEADERS:
        if headers.has(name):
            if headers.text(name).strip().lower() not in _FALSE_WORDS:
                return f"an automatic reply ({name})"
    return ""


def _mass_mail(headers: HeaderView, sender: str, judge: str) -> str:
    precedence = headers.text("Precedence").strip().lower()
    if precedence in _BULK_PRECEDENCE:
        return f"bulk or list mail (Precedence: {precedence})"
    if headers.has("List-Id") or headers.has("List-Post"):
        return "mail sent through a mailing list (List-Id)"
    return ""
