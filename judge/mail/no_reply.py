"""Decide whether a mail must get no reply: bounces, auto-replies, list mail, our own mail.

Answering these would start a mail loop with another robot (or with the judge itself),
so the judge stays silent. `why_no_reply` names the first reason found, or "".
"""

from __future__ import annotations

from email.message import Message

from judge.mail.headers import has_header, header_text

_BOUNCE_SENDERS = frozenset({"mailer-daemon", "mailer_daemon", "postmaster"})
_BULK_PRECEDENCE = frozenset({"bulk", "junk", "list"})
_AUTOREPLY_HEADERS = ("X-Autoreply", "X-Autorespond", "X-Autoresponder")
_FALSE_WORDS = frozenset({"no", "false", "0"})


def why_no_reply(message: Message, sender: str, judge_address: str) -> str:
    """The reason this mail must not be answered, or "" when a reply is due."""
    for check in (_no_sender, _from_judge, _bounce, _automatic, _mass_mail):
        reason = check(message, sender, judge_address)
        if reason:
            return reason
    return ""


def _no_sender(message: Message, sender: str, judge: str) -> str:
    return "" if "@" in sender else "no sender address to answer"


def _from_judge(message: Message, sender: str, judge: str) -> str:
    if judge and sender.lower() == judge.strip().lower():
        return "mail from the judge itself"
    loop = header_text(message, "X-Loop").lower()
    if judge and judge.strip().lower() in loop:
        return "mail that has already passed through the judge (X-Loop)"
    return ""


def _bounce(message: Message, sender: str, judge: str) -> str:
    return_path = header_text(message, "Return-Path").replace(" ", "")
    if has_header(message, "Return-Path") and return_path in {"", "<>"}:
        return "a bounce (empty return path)"
    if sender.split("@")[0].lower() in _BOUNCE_SENDERS:
        return f"a bounce (from {sender})"
    if _content_type(message) == "multipart/report":
        return "a delivery or read report (multipart/report)"
    return ""


def _automatic(message: Message, sender: str, judge: str) -> str:
    submitted = header_text(message, "Auto-Submitted").split(";")[0].strip().lower()
    if submitted and submitted != "no":
        return f"an automatic mail (Auto-Submitted: {submitted})"
    for name in _AUTOREPLY_HEADERS:
        if has_header(message, name):
            if header_text(message, name).strip().lower() not in _FALSE_WORDS:
                return f"an automatic reply ({name})"
    return ""


def _mass_mail(message: Message, sender: str, judge: str) -> str:
    precedence = header_text(message, "Precedence").strip().lower()
    if precedence in _BULK_PRECEDENCE:
        return f"bulk or list mail (Precedence: {precedence})"
    if has_header(message, "List-Id") or has_header(message, "List-Post"):
        return "mail sent through a mailing list (List-Id)"
    return ""


def _content_type(message: Message) -> str:
    try:
        return message.get_content_type()
    except Exception:  # an unreadable Content-Type is no report
        return ""
