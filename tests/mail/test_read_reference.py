"""The judge's reading of mail agrees with a reference reader built on `policy.default`.

`read_message` parses a mail with `compat32` and reads the header values it needs by
itself; `reference_reading` (`mail.reference_reader`) parses it with
`email.policy.default`, whose header classes decode and parse every value. On every
mail of the other tests, on the hostile corpus within the reading limits, and on
generated mails that vary what mail varies in (header order and case, folding,
quoting, encoded words, 8-bit bytes, robots' headers, line ends, bodies), the two
must agree on the sender, the subject, the message ids, the command lines and the
no-reply decision. Mails beyond the limits are never parsed: their lines are not read.
The reading of a stored mail from its kept header facts (JSON, then only its body)
must be the whole mail's reading.
"""

from __future__ import annotations

import json
import os
from dataclasses import replace

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from support.hostile.hostile_mails import UNDER_LIMITS, WORST
from support.mail import samples
from support.mail.plain_mail import ROBOT_HEADERS, plain
from support.mail.reference_reader import Reading, reference_reading
from support.mail.samples import JUDGE

from judge.mail.bounds import TooCostly, check_bounds
from judge.mail.header_reading import header_facts_json
from judge.mail.read import IncomingMail, read_message, read_stored

EXAMPLES = int(os.environ.get("JUDGE_FUZZ_EXAMPLES", "300"))
PROPERTY = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def agree(raw: bytes) -> IncomingMail:
    """The judge's reading of `raw`, after checking it against the reference reader's
    (for a mail within the reading limits), and against the reading of the mail as
    stored (its header facts kept as JSON, only its body read)."""
    mail = read_message(raw, JUDGE)
    assert not mail.failure
    assert read_stored(raw, kept_as_json(raw), JUDGE) == mail
    try:
        check_bounds(raw)
    except TooCostly:
        assert not mail.lines and "did not read this mail" in mail.problems[0]
        return mail
    reading, reference = judged(mail), reference_reading(raw, JUDGE)
    if reading != reference:
        # The one difference allowed: a From the two address parsers read apart (an
        # obsolete route, a lone "@x"); then the judge stays silent, so that it never
        # answers an address the reference does not find.
        assert mail.must_not_answer and reading.sender != reference.sender
        assert replace(reading, sender=reference.sender, why=reference.why,
                       must_not_answer=reference.must_not_answer) == reference  # fmt: skip
    return mail


def agree_exactly(raw: bytes) -> IncomingMail:
    """`agree`, and the two readings the very same."""
    mail = agree(raw)
    assert judged(mail) == reference_reading(raw, JUDGE)
    return mail


def judged(mail: IncomingMail) -> Reading:
    return Reading(sender=mail.sender, subject=mail.subject, message_id=mail.message_id,
                   references=mail.references, lines=mail.lines,
                   must_not_answer=mail.must_not_answer, why=mail.why)  # fmt: skip


def kept_as_json(raw: bytes) -> object:
    """The header facts of `raw` as an inbox row gives them back (through JSON text)."""
    facts = header_facts_json(raw)
    assert facts is not None  # every mail of these tests has facts a JSON column keeps
    return json.loads(json.dumps(facts))


# --- the mails of the other tests ----------------------------------------------------

SAMPLES = {name: getattr(samples, name) for name in dir(samples) if name.isupper()}
SAMPLES.pop("JUDGE")

# The raw inputs of tests/mail/test_read.py, in its order.
READ_TEST_MAILS = [
    b"From: a@example.net\nContent-Type: application/pdf\n"
    b"Content-Transfer-Encoding: base64\n\nJVBERi0=\n",
    b"From: a@example.net\n\nLIST\n",
    plain("LIST café\n", charset="x-klingon"),
    b"From: a@example.net\nContent-Type: text/plain; charset=utf-8\n\nLIST caf\xe9\n",
    b"From: a@example.net\n\nLIST caf\xc3\xa9\n",
    b"From: a@example.net\nContent-Type: text/plain\n"
    b"Content-Transfer-Encoding: base64\n\nTElTVAo=!!!\n",
    plain("LIST\n--\nSET WAIT\n"),
    plain("SIGNON Fg1 pw\nSIGNOFF\nA PAR-BUR\n"),
    plain("\n\nLIST   \n\n  HELP\n"),
    plain("Ann wrote:\nLIST\n"),
    plain("PRESS TO G\nDear Kaiser,\n\n> you said\nno.\nENDPRESS\n\n> quote\nLIST\n"),
    plain("PRESS\nhello\nSIGNOFF\nLIST\n"),
    plain("A PAR H\n" * 600),
    plain("A PAR H\n" * 500 + "\n\n"),
    plain("LIST\n", headers="In-Reply-To: <judge-9@example.org>\n"),
    plain("LIST\n", headers="Reply-To: other@example.org\n"),
    plain("LIST\n", headers="Auto-Submitted: no\n"),
    *(plain("LIST\n", headers=header) for header in ROBOT_HEADERS),
    b"From: MAILER-DAEMON@mx.example.net\n\nLIST\n",
    b"From: postmaster@example.net\n\nLIST\n",
    b"From: Judge <JUDGE@example.org>\n\nLIST\n",
    b"Subject: x\n\nLIST\n",
    b"",
    b"\x00\xff\xfe: \r\n\r\n\x80\x81 LIST\r\n--\r\n",
    plain("LIST\n", charset="utf-16"),
]


def test_every_sample_mail_reads_as_the_reference_reads_it() -> None:
    for raw in SAMPLES.values():
        agree_exactly(raw)


def test_every_mail_of_the_reader_tests_reads_as_the_reference_reads_it() -> None:
    assert sum(bool(agree(raw).lines) for raw in READ_TEST_MAILS) >= 20


def test_crlf_versions_of_the_samples_read_the_same() -> None:
    for raw in [*SAMPLES.values(), *READ_TEST_MAILS]:
        agree(raw.replace(b"\n", b"\r\n"))


def test_the_hostile_corpus_reads_as_the_reference_reads_it_or_is_not_read() -> None:
    for make in [*UNDER_LIMITS.values(), *WORST.values()]:
        agree(make())


def test_the_benchmark_mail_reads_as_the_reference_reads_it() -> None:
    raw = (
        b"From: reader7@example.org\r\nTo: judge@example.org\r\nSubject: list\r\n"
        b"Message-ID: <179523163712.5925.16307280042404217882@bench.example.org>\r\n"
        b'Content-Type: text/plain; charset="utf-8"\r\nContent-Transfer-Encoding: 7bit\r\n'
        b"MIME-Version: 1.0\r\n\r\nLIST\r\n"
    )
    mail = agree_exactly(raw)
    assert mail.lines == ("LIST",) and mail.sender == "reader7@example.org"


def test_encoded_and_8bit_headers_are_decoded_and_bad_bytes_are_u_fffd() -> None:
    raw = (b"From: =?utf-8?q?Zo=C3=AB?= <zoe@example.org>\nSubject: caf\xc3\xa9 \xff "
           b"=?iso-8859-1?q?=E0_bient=F4t?=\nMessage-ID: <z@example.org>\n\nLIST\n")  # fmt: skip
    mail = agree_exactly(raw)
    assert mail.sender_name == "Zoë" and mail.subject == "café \ufffd à bientôt"


# --- generated mails ---------------------------------------------------------------

ATEXT = "abcXYZ019!#$%&'*+/=?^_`{|}~-"
ATOM = st.text(ATEXT, min_size=1, max_size=8)
DOMAIN = st.sampled_from(["example.org", "mx.example.net", "a-b.c", "x", "EXAMPLE.ORG"])
LOCAL = st.one_of(
    st.sampled_from(["ann", "a.b", "MAILER-DAEMON", "postmaster", "judge", "Judge", "x+y"]),
    st.lists(ATOM, min_size=1, max_size=3).map(".".join),
)
ADDRESS = st.builds(lambda local, domain: f"{local}@{domain}", LOCAL, DOMAIN)
SPACE = st.sampled_from([" ", "  ", "\t", " \t"])
PHRASE = st.lists(st.one_of(ATOM, st.sampled_from(["Ann", "Zoë", "J.", "=?utf-8?q?A?="])),
                  min_size=1, max_size=3)  # fmt: skip
QUOTED = st.lists(st.sampled_from([*"Ann ,.()<>@;:[]\t'x", '\\"', "é"]), max_size=12).map("".join)


@st.composite
def from_values(draw: st.DrawFn) -> str:
    """From and Reply-To: the plain forms and their near misses."""
    address = draw(st.one_of(ADDRESS, st.sampled_from([JUDGE, JUDGE.upper()])))
    space = draw(SPACE)
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return address
    if kind == 1:
        return f"<{address}>"
    if kind == 2:
        return space.join(draw(PHRASE)) + draw(st.sampled_from(["", " ", "\t"])) + f"<{address}>"
    if kind == 3:
        return f'"{draw(QUOTED)}"{draw(st.sampled_from(["", " "]))}<{address}>'
    if kind == 4:
        return f"{space}{address}{space}"
    if kind == 5:
        return f"{address} (Mail Delivery System)"
    if kind == 6:
        return f"{address}, other@example.net"
    if kind == 7:
        return draw(st.sampled_from(["", " ", '"a b"@example.org', "<>", "ann", "@x"]))
    if kind == 8:
        return f'"A" {draw(ATOM)} <{address}>'
    return draw(st.text(max_size=20))


MESSAGE_ID = st.one_of(
    st.builds(
        lambda a, d: f"<{a}@{d}>", st.lists(ATOM, min_size=1, max_size=3).map(".".join), DOMAIN
    ),
    st.sampled_from(
        [
            "",
            "x",
            "<a@b> junk",
            "<a..b@c>",
            "<a@[1.2.3.4]>",
            "<a b@c>",
            "a@b",
            "<a@b>(comment)",
            "<é@x>",
            "<a@b> <c@d>",
            "<=?x?q?y?=@z>",
        ]
    ),
)
UNSTRUCTURED = st.one_of(
    st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=40),
    st.text(max_size=20),
    st.sampled_from(["Re: [Error] orders", "=?utf-8?q?Caf=C3=A9?=", "a  b\tc", "Präsenz",
                     "=?utf-8?q?a?= =?utf-8?q?b?=", "Re: =?iso-8859-1?q?caf=E9?= x",
                     "=?x-klingon?q?a?=", "=?utf-8?b?!!!?=", "café =?utf-8?q?A?=",
                     "=?utf-8?q?A?=b", "a =?utf-8?q?=FF?= b", "=?utf-8*en?q?x?=",
                     "=?unknown-8bit?q?=E9?=", "=?us-ascii?q?a?=  x", "a=?utf-8?q?b?=c",
                     "日 =?utf-8?q?A?=", "=?utf-8?q?=C3?= =?utf-8?q?=A9?=", "=?gb2312?b?xOO6ww==?=",
                     "=?windows-1252?q?=80?=", "=?utf-7?q?+AOk-?="]),
)
ROBOT_HEADERS = st.sampled_from(
    [
        ("Auto-Submitted", "auto-replied"), ("Auto-Submitted", "no"),
        ("Auto-Submitted", "auto-generated; x=y"), ("Precedence", "bulk"),
        ("Precedence", "first-class"), ("Precedence", " List "), ("X-Autoreply", "yes"),
        ("X-Autoreply", "no"), ("X-Autorespond", "0"), ("X-Autoresponder", "vacation"),
        ("List-Id", "<dip.lists.example.org>"), ("List-Post", "<mailto:l@x>"),
        ("Return-Path", "<>"), ("Return-Path", "< >"), ("Return-Path", ""),
        ("Return-Path", "<ann@example.net>"), ("X-Loop", JUDGE), ("X-Loop", "other@x"),
        ("X-Loop", JUDGE.upper()), ("MIME-Version", "1.0"), ("To", JUDGE),
        ("Date", "Mon, 1 Dec 2026 18:00:00 +0000"), ("X-Mailer", "Thing 1.0"),
        ("DKIM-Signature", "v=1; a=rsa-sha256; b=abc=?; bh=x"), ("X-Weird", "caf\udcc3\udca9"),
    ]
)  # fmt: skip
CONTENT_TYPE = st.sampled_from(
    [
        "text/plain", "TEXT/PLAIN", "text/plain; charset=utf-8", 'text/plain; charset="UTF-8"',
        "text/plain;charset=us-ascii", "text/plain; charset=UTF-8; format=flowed",
        "text/plain; format=flowed; delsp=yes; charset=utf-8", "text/plain ; charset = utf-8",
        "text/plain; charset=iso-8859-1", "text/plain; charset=utf-8; charset=us-ascii",
        'text/plain; name="x.txt"', "text/plain;", "text/plain; charset=\"utf-8",
        "text/html; charset=utf-8", "multipart/alternative; boundary=b", "text/plain (c)",
        "text/plain; charset=", "text/plain; charset=utf-16", "application/octet-stream",
        'text/plain; format="flowed"; DelSp="Yes"', "text/plain; format=Flowed; delsp=no",
        "text/plain; delsp=yes", "text/plain; format=fixed",
    ]
)  # fmt: skip
ENCODING = st.sampled_from(["7bit", "8bit", "8BIT", " 7bit ", "quoted-printable", "base64",
                            "binary", "x-uuencode"])  # fmt: skip
BODY_LINE = st.one_of(
    st.sampled_from(
        [
            "LIST", "SIGNON Fg1 pw", "A PAR-BUR", "> quoted", "Ann wrote:", "-- ", "--",
            "SIGNOFF", "PRESS TO F", "ENDPRESS", "", "   ", "LIST   ", "café au lait",
            "-----Original Message-----", "_" * 30, "x" * 200, "From me", "\tHELP",
            "A MAR S A PAR - ", "BUR", "> flowed ", ">> deeper ", " >stuffed", "SIGNON ",
        ]
    ),
    st.text(max_size=30),
)  # fmt: skip
BODY_BYTES = st.sampled_from([b"", b"\xff\xfe bad utf-8", b"caf\xe9", b"\x00\x0b\x0c", b"\r"])


PLAIN_ATOM = ATOM.filter(lambda atom: "=?" not in atom)  # no encoded words
PLAIN_ADDRESS = ADDRESS.filter(lambda address: "=?" not in address)
PLAIN_FROM = st.one_of(
    PLAIN_ADDRESS,
    st.builds(
        lambda words, a: " ".join(words) + f" <{a}>",
        st.lists(PLAIN_ATOM, min_size=1),
        PLAIN_ADDRESS,
    ),
    st.builds(
        lambda name, a: f'"{name}" <{a}>',
        st.from_regex(r"[A-Za-z ,.()]*", fullmatch=True),
        PLAIN_ADDRESS,
    ),
)
PLAIN_ID = st.builds(lambda a, d: f"<{a}@{d}>", PLAIN_ATOM, DOMAIN)
PLAIN_TEXT = st.text(st.characters(min_codepoint=32, max_codepoint=126)).filter(
    lambda text: "=?" not in text
)
PLAIN_TYPE = st.sampled_from(
    [None, "text/plain", 'text/plain; charset="UTF-8"', "text/plain; charset=us-ascii",
     "text/plain; charset=utf-8; format=flowed",
     "text/plain; charset=utf-8; format=flowed; delsp=yes"]
)  # fmt: skip


@st.composite
def headers(draw: st.DrawFn) -> list[tuple[str, str]]:
    """Header fields, in any order, each possibly repeated, absent or oddly cased."""
    fields: list[tuple[str, str]] = []
    if draw(st.integers(0, 9)):
        fields.append(("From", draw(st.one_of(PLAIN_FROM, from_values()))))
    ids = st.one_of(PLAIN_ID, PLAIN_ID, MESSAGE_ID)
    optional = [
        ("Reply-To", st.one_of(PLAIN_FROM, from_values())),
        ("Subject", st.one_of(PLAIN_TEXT, UNSTRUCTURED)), ("Message-ID", ids),
        ("References", st.lists(ids, max_size=4).map(" ".join)), ("In-Reply-To", ids),
        ("Content-Type", st.one_of(PLAIN_TYPE.filter(bool), CONTENT_TYPE)),
        ("Content-Transfer-Encoding", st.one_of(st.sampled_from(["7bit", "8bit"]), ENCODING)),
    ]  # fmt: skip
    for name, values in optional:
        if draw(st.booleans()):
            fields.append((name, draw(values)))
    if draw(st.integers(0, 5)) == 0:
        fields.append(("Content-Disposition", draw(st.sampled_from(["inline", "attachment"]))))
    fields.extend(draw(st.lists(ROBOT_HEADERS, max_size=3)))
    if fields and draw(st.integers(0, 5)) == 0:
        fields.append(draw(st.sampled_from(fields)))  # a repeated header
    fields = draw(st.permutations(fields))
    return [(draw(st.sampled_from([name, name.lower(), name.upper()])), v) for name, v in fields]


@st.composite
def folded(draw: st.DrawFn, value: str) -> str:
    """`value`, maybe folded at one of its spaces (CRLF or LF is set later)."""
    spaces = [i for i, char in enumerate(value) if char in " \t"]
    if not spaces or not draw(st.booleans()):
        return value
    at = draw(st.sampled_from(spaces))
    return value[:at] + "\n" + value[at:]


@st.composite
def mails(draw: st.DrawFn) -> bytes:
    lines = []
    for name, value in draw(headers()):
        separator = draw(st.sampled_from([": ", ":", ":  ", ":\t", ":\n "]))
        lines.append(f"{name}{separator}{draw(folded(value))}")
    head = "\n".join(lines).encode("utf-8", "surrogateescape")
    body = "\n".join(draw(st.lists(BODY_LINE, max_size=12)))
    data = head + b"\n\n" + body.encode("utf-8", "surrogatepass")
    if draw(st.booleans()):
        data += b"\n" + draw(BODY_BYTES)
    if draw(st.booleans()):
        data = data.replace(b"\n", b"\r\n")
    if draw(st.integers(0, 9)) == 0:  # one odd line end somewhere
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from([b"\r", b"\n", b"\r\n", b" "])) + data[at:]
    return data


@st.composite
def plain_mails(draw: st.DrawFn) -> bytes:
    fields = [("From", draw(PLAIN_FROM)), ("To", JUDGE)]
    fields.append(("Subject", draw(PLAIN_TEXT)))
    fields.append(("Message-ID", draw(PLAIN_ID)))
    if draw(st.booleans()):
        fields.append(("References", " ".join(draw(st.lists(PLAIN_ID, max_size=5)))))
    if draw(st.booleans()):
        fields.append(("In-Reply-To", draw(PLAIN_ID)))
    kind = draw(PLAIN_TYPE)
    if kind is not None:
        fields += [("Content-Type", kind), ("MIME-Version", "1.0")]
    if draw(st.booleans()):
        fields.append(("Content-Transfer-Encoding", draw(st.sampled_from(["7bit", "8bit"]))))
    fields.extend(draw(st.lists(ROBOT_HEADERS.filter(lambda field: field[0] != "X-Weird"))))
    fields = draw(st.permutations(fields))
    eol = draw(st.sampled_from(["\n", "\r\n"]))
    head = eol.join(f"{name}: {draw(folded(value))}".replace("\n", eol) for name, value in fields)
    body = eol.join(draw(st.lists(BODY_LINE, max_size=12)))
    return (head + eol + eol).encode() + body.encode("utf-8", "surrogatepass")


@PROPERTY
@given(mails())
# Found by this test: the judge's parser joined `example.o rg` into `example.org`,
# where the reference reads `example.o`; the judge must not answer either.
@example(b'Subject: \nContent-Type: text/plain; charset="UTF-8"\n'
         b"From: 0 0 <ann@example.o rg>\n\n")  # fmt: skip
# Found by this test: a quoted parameter never closed (`format="flowed` cut by a bare
# CR) was no parameter value to the judge and `flowed` to the reference, so only the
# reference took the space-stuffing off the body's lines.
@example(b'Reply-To: "AAAAAAAAAA"\r\n <ann@example.org>\r\nContent-Type:text/plain;'
         b' format="flowed\r";\r\n DelSp="Yes"\r\nReply-To: "AAAAAAAAAA" <ann@example.org>'
         b"\r\n\r\n")  # fmt: skip
def test_generated_mails_read_as_the_reference_reads_them(raw: bytes) -> None:
    agree(raw)


def test_an_address_the_parser_joined_from_pieces_is_not_answered() -> None:
    for written in ("0 0 <ann@example.o rg>", "<ann@exam ple.org>", "ann(x)@example.org"):
        mail = read_message(f"From: {written}\n\nHELP\n".encode(), JUDGE)
        assert mail.must_not_answer and mail.sender == written, written
    assert not read_message(b"From: Ann <ann@example.org>\n\nHELP\n", JUDGE).must_not_answer


@PROPERTY
@given(plain_mails())
def test_plain_mails_read_as_the_reference_reads_them(raw: bytes) -> None:
    assert agree_exactly(raw).sender


def test_groups_nested_past_the_parsers_stack_are_read_and_not_answered() -> None:
    """Found by tests/hostile/test_linear_cost.py: the stdlib's address parser recurses
    once per `:` (a group), so a From of thousands of colons raised RecursionError
    inside the reading. It is read, as a field that holds no plain address."""
    written = ":" * 3000 + " <ann@example.org>"  # under the 4096-byte bound of a field
    mail = read_message(f"From: {written}\nTo: {JUDGE}\n\nHELP\n".encode(), JUDGE)
    assert not mail.failure, mail.failure
    assert mail.must_not_answer and mail.sender == written
    assert mail.lines == ("HELP",)
