"""read_message: from raw MIME bytes to the lines the judge reads and whether to answer."""

from __future__ import annotations

import base64

import pytest
from support.mail import samples
from support.mail.plain_mail import ROBOT_HEADERS, plain
from support.mail.samples import JUDGE

from judge.mail.read import IncomingMail, read_message


def read(raw: bytes) -> IncomingMail:
    return read_message(raw, JUDGE)


# --- which part is read ------------------------------------------------------------


def test_multipart_alternative_reads_the_plain_part_not_the_html() -> None:
    mail = read(samples.ALTERNATIVE)
    assert mail.lines == ("SIGNON Fg1 secret", "A PAR-BUR", "F BRE - MAO")
    assert not mail.problems


def test_html_only_mail_is_read_as_text() -> None:
    mail = read(samples.HTML_ONLY)
    assert mail.lines[:3] == ("SIGNON Gg1 pw", "A MUN -> RUH", "F KIE H")
    assert "SET WAIT" in mail.lines


def test_html_reading_drops_scripts_styles_and_title() -> None:
    text = "\n".join(read(samples.HTML_ONLY).lines)
    assert "alert" not in text and "color" not in text and "ignored title" not in text


def test_html_blockquote_is_skipped_like_quoted_text() -> None:
    assert not any("quoted" in line for line in read(samples.HTML_ONLY).lines)


def test_html_entities_and_quoted_printable_are_decoded() -> None:
    assert "Café & croissants?" in read(samples.HTML_ONLY).lines


def test_attachments_and_forwarded_messages_are_not_read() -> None:
    assert read(samples.MIXED_WITH_ATTACHMENTS).lines == ("LIST g1",)


def test_mail_without_a_text_part_reports_it() -> None:
    raw = (
        b"From: a@example.net\nContent-Type: application/pdf\n"
        b"Content-Transfer-Encoding: base64\n\nJVBERi0=\n"
    )
    mail = read(raw)
    assert mail.lines == ()
    assert any("no text part" in problem for problem in mail.problems)


def test_mail_without_content_type_is_plain_text() -> None:
    assert read(b"From: a@example.net\n\nLIST\n").lines == ("LIST",)


# --- charsets and transfer encodings ---------------------------------------------


def test_latin1_body_and_rfc2047_headers_are_decoded() -> None:
    mail = read(samples.LATIN1)
    assert "Chère Allemagne, à bientôt." in mail.lines
    assert mail.subject == "Présence"
    assert mail.sender_name == "François"
    assert mail.sender == "fr@example.fr"


def test_utf8_base64_body_is_decoded() -> None:
    assert "Grüße aus München" in read(samples.UTF8_BASE64).lines


def test_utf16_base64_body_is_decoded() -> None:
    body = base64.b64encode("LIST g1\nHELP\n".encode("utf-16"))
    raw = (
        b"From: a@example.net\nContent-Type: text/plain; charset=utf-16\n"
        b"Content-Transfer-Encoding: base64\n\n" + body + b"\n"
    )
    assert read(raw).lines == ("LIST g1", "HELP")


def test_quoted_printable_soft_line_breaks_are_joined() -> None:
    mail = read(samples.QUOTED_PRINTABLE)
    assert "F LON S A WAL-YOR" in mail.lines
    assert "À vous, café € 5" in mail.lines


def test_encoded_subject_is_decoded() -> None:
    assert read(samples.ALTERNATIVE).subject == "Orders for g1 — spring"


def test_unknown_charset_falls_back_and_says_so() -> None:
    mail = read(plain("LIST café\n", charset="x-klingon"))
    assert mail.lines == ("LIST café",)
    assert any("x-klingon" in problem for problem in mail.problems)


def test_bytes_invalid_in_their_charset_are_read_as_latin1() -> None:
    raw = b"From: a@example.net\nContent-Type: text/plain; charset=utf-8\n\nLIST caf\xe9\n"
    mail = read(raw)
    assert mail.lines == ("LIST café",)
    assert any("latin-1" in problem for problem in mail.problems)


def test_undeclared_8bit_text_is_read_as_utf8_when_it_is() -> None:
    raw = b"From: a@example.net\n\nLIST caf\xc3\xa9\n"
    mail = read(raw)
    assert mail.lines == ("LIST café",)
    assert mail.problems == ()


def test_damaged_base64_is_read_as_far_as_possible() -> None:
    raw = (
        b"From: a@example.net\nContent-Type: text/plain\n"
        b"Content-Transfer-Encoding: base64\n\nTElTVAo=!!!\n"
    )
    mail = read(raw)
    assert mail.lines == ("LIST",)
    assert any("base64" in problem for problem in mail.problems)


# --- which lines are read -----------------------------------------------------------


def test_reply_skips_quoted_lines_and_the_attribution_line() -> None:
    assert read(samples.GMAIL_REPLY).lines == ("SIGNON Fg1 secret", "A BUR-MUN")


def test_reading_stops_at_an_outlook_original_message() -> None:
    assert read(samples.OUTLOOK_REPLY).lines == ("SIGNON Tg1 pw", "F ANK-BLA")


def test_reading_stops_at_the_signature_line() -> None:
    assert read(samples.SIGNATURE).lines == ("SIGNON Rg1 pw", "A MOS-UKR")


def test_a_bare_double_dash_also_starts_the_signature() -> None:
    assert read(plain("LIST\n--\nSET WAIT\n")).lines == ("LIST",)


def test_reading_stops_after_signoff_which_is_kept() -> None:
    mail = read(plain("SIGNON Fg1 pw\nSIGNOFF\nA PAR-BUR\n"))
    assert mail.lines == ("SIGNON Fg1 pw", "SIGNOFF")


def test_blank_lines_are_skipped_and_trailing_spaces_stripped() -> None:
    assert read(plain("\n\nLIST   \n\n  HELP\n")).lines == ("LIST", "  HELP")


def test_an_unquoted_wrote_line_is_kept() -> None:
    assert read(plain("Ann wrote:\nLIST\n")).lines == ("Ann wrote:", "LIST")


def test_press_keeps_its_blank_and_quoted_lines() -> None:
    body = "PRESS TO G\nDear Kaiser,\n\n> you said\nno.\nENDPRESS\n\n> quote\nLIST\n"
    assert read(plain(body)).lines == (
        "PRESS TO G",
        "Dear Kaiser,",
        "",
        "> you said",
        "no.",
        "ENDPRESS",
        "LIST",
    )


def test_signoff_inside_press_still_ends_the_mail() -> None:
    mail = read(plain("PRESS\nhello\nSIGNOFF\nLIST\n"))
    assert mail.lines == ("PRESS", "hello", "SIGNOFF")


def test_reading_is_capped_and_the_cap_is_reported() -> None:
    mail = read(plain("A PAR H\n" * 600))
    assert len(mail.lines) == 500
    assert any("500" in problem for problem in mail.problems)


def test_exactly_the_cap_is_no_problem() -> None:
    mail = read(plain("A PAR H\n" * 500 + "\n\n"))
    assert len(mail.lines) == 500 and mail.problems == ()


# --- threading ----------------------------------------------------------------------


def test_message_id_and_references_are_kept_for_the_reply() -> None:
    mail = read(samples.GMAIL_REPLY)
    assert mail.message_id == "<reply-2@example.net>"
    assert mail.references == ("<first@example.net>", "<judge-1@example.org>")
    assert mail.reply_references == (
        "<first@example.net>",
        "<judge-1@example.org>",
        "<reply-2@example.net>",
    )


def test_in_reply_to_stands_in_for_missing_references() -> None:
    mail = read(plain("LIST\n", headers="In-Reply-To: <judge-9@example.org>\n"))
    assert mail.references == ("<judge-9@example.org>",)


def test_mail_without_message_id_has_an_empty_one() -> None:
    mail = read(b"From: a@example.net\n\nLIST\n")
    assert mail.message_id == "" and mail.reply_references == ()


def test_reply_to_is_kept_but_the_sender_is_from() -> None:
    mail = read(plain("LIST\n", headers="Reply-To: other@example.org\n"))
    assert mail.sender == "ann@example.net"
    assert mail.reply_to == "other@example.org"


# --- mail that must not be answered ------------------------------------------------


def test_ordinary_mail_is_answered() -> None:
    mail = read(samples.ALTERNATIVE)
    assert not mail.must_not_answer and mail.why == ""


def test_bounce_is_not_answered() -> None:
    mail = read(samples.BOUNCE)
    assert mail.must_not_answer
    assert "bounce" in mail.why


def test_multipart_report_is_not_answered() -> None:
    mail = read(samples.REPORT_ONLY)
    assert mail.must_not_answer and "report" in mail.why


def test_auto_reply_is_not_answered() -> None:
    mail = read(samples.AUTOREPLY)
    assert mail.must_not_answer and "Auto-Submitted" in mail.why


def test_auto_submitted_no_is_answered() -> None:
    assert not read(plain("LIST\n", headers="Auto-Submitted: no\n")).must_not_answer




@pytest.mark.parametrize("header", ROBOT_HEADERS)
def test_robot_headers_mean_no_answer(header: str) -> None:
    mail = read(plain("LIST\n", headers=header))
    assert mail.must_not_answer, header
    assert mail.why


@pytest.mark.parametrize("sender", ["MAILER-DAEMON@mx.example.net", "postmaster@example.net"])
def test_mail_from_mailer_daemon_or_postmaster_is_not_answered(sender: str) -> None:
    assert read(f"From: {sender}\n\nLIST\n".encode()).must_not_answer


def test_mail_from_the_judge_itself_is_not_answered() -> None:
    mail = read(b"From: Judge <JUDGE@example.org>\n\nLIST\n")
    assert mail.must_not_answer and "judge" in mail.why


def test_mail_without_a_sender_is_not_answered() -> None:
    mail = read(b"Subject: x\n\nLIST\n")
    assert mail.must_not_answer and "sender" in mail.why
    assert mail.lines == ("LIST",)


def test_empty_input_gives_an_empty_mail() -> None:
    mail = read(b"")
    assert mail.lines == () and mail.must_not_answer


def test_garbage_input_does_not_raise() -> None:
    mail = read(b"\x00\xff\xfe: \r\n\r\n\x80\x81 LIST\r\n--\r\n")
    assert isinstance(mail, IncomingMail)


def test_gmails_attribution_broken_in_two_is_skipped_with_the_quote() -> None:
    mail = read(
        plain(
            "LIST g1\n\nOn Tue, Dec 1, 2026 at 6:00 PM Diplomacy Judge <\n"
            "judge@example.org> wrote:\n\n> > SET WIAT\n> *** Error: unknown SET command\n"
        )
    )
    assert mail.lines == ("LIST g1",)
    kept = read(plain("On 3 fronts we attack\nLIST\n"))
    assert kept.lines == ("On 3 fronts we attack", "LIST")  # no quote follows: read
