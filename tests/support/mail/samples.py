"""Raw mails as real clients and servers send them, for the reader's tests.

Written for these tests (not copied from any archive); the shapes follow what
Thunderbird, Gmail, Outlook, Postfix and vacation(1) produce.
"""

from __future__ import annotations

JUDGE = "judge@example.org"

ALTERNATIVE = b"""\
Return-Path: <ann@example.net>
From: Ann Example <ann@example.net>
To: judge@example.org
Subject: =?UTF-8?Q?Orders_for_g1_=E2=80=94_spring?=
Message-ID: <alt-1@example.net>
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="b1"

This is a multi-part message in MIME format.
--b1
Content-Type: text/plain; charset=UTF-8; format=flowed
Content-Transfer-Encoding: 7bit

SIGNON Fg1 secret
A PAR-BUR
F BRE - MAO

--b1
Content-Type: text/html; charset=UTF-8
Content-Transfer-Encoding: 7bit

<html><body><p>SIGNON Fg1 secret<br>A PAR-BUR<br>HTML ONLY LINE</p></body></html>
--b1--
"""

HTML_ONLY = b"""\
From: bob@example.com
To: judge@example.org
Subject: html
Message-ID: <html-1@example.com>
MIME-Version: 1.0
Content-Type: text/html; charset="utf-8"
Content-Transfer-Encoding: quoted-printable

<html><head><title>ignored title</title><style>p {color: red}</style></head>
<body><div>SIGNON Gg1 pw</div><div>A MUN -&gt; RUH<br>F KIE   H</div>
<script>alert("SIGNON Eg1 x")</script>
<p>PRESS TO F</p><p>Caf=C3=A9 &amp; croissants?</p><p>ENDPRESS</p>
<blockquote>SIGNON Eg1 quoted</blockquote>
<ul><li>SET WAIT</li></ul>
</body></html>
"""

LATIN1 = (
    b"From: =?iso-8859-1?q?Fran=E7ois?= <fr@example.fr>\n"
    b"To: judge@example.org\n"
    b"Subject: =?iso-8859-1?q?Pr=E9sence?=\n"
    b"Message-ID: <l1@example.fr>\n"
    b"MIME-Version: 1.0\n"
    b"Content-Type: text/plain; charset=ISO-8859-1\n"
    b"Content-Transfer-Encoding: 8bit\n"
    b"\n"
    b"SIGNON Fg1 mot\n"
    b"PRESS TO G\n"
    b"Ch\xe8re Allemagne, \xe0 bient\xf4t.\n"
    b"ENDPRESS\n"
)

UTF8_BASE64 = b"""\
From: kai@example.de
To: judge@example.org
Subject: b64
Message-ID: <b64@example.de>
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: base64

U0lHTk9OIEdnMSBwYXNzCkJST0FEQ0FTVApHcsO8w59lIGF1cyBNw7xuY2hlbgpFTkRQUkVTUwo=
"""

QUOTED_PRINTABLE = b"""\
From: eve@example.org
To: judge@example.org
Subject: qp
Message-ID: <qp@example.org>
MIME-Version: 1.0
Content-Type: text/plain; charset=iso-8859-15
Content-Transfer-Encoding: quoted-printable

SIGNON Eg1 pw
F LON S A WAL-=
YOR
PRESS TO F
=C0 vous, caf=E9 =A4 5
ENDPRESS
"""

GMAIL_REPLY = b"""\
From: Ann Example <ann@example.net>
To: judge@example.org
Subject: Re: LOCAL:g1 - S1901M Results
Message-ID: <reply-2@example.net>
In-Reply-To: <judge-1@example.org>
References: <first@example.net>
 <judge-1@example.org>
MIME-Version: 1.0
Content-Type: text/plain; charset="UTF-8"

SIGNON Fg1 secret
A BUR-MUN

On Mon, 1 Dec 2026 at 18:00, Judge <judge@example.org> wrote:
> Results of S1901M
> SIGNON Fg1 secret
> A PAR-BUR
"""

OUTLOOK_REPLY = b"""\
From: ol@example.com
To: judge@example.org
Subject: RE: results
Message-ID: <ol@example.com>
Content-Type: text/plain; charset="us-ascii"

SIGNON Tg1 pw
F ANK-BLA

-----Original Message-----
From: judge@example.org
SET PASSWORD stolen
"""

SIGNATURE = (
    b"From: sig@example.com\n"
    b"To: judge@example.org\n"
    b"Subject: sig\n"
    b"Message-ID: <sig@example.com>\n"
    b"\n"
    b"SIGNON Rg1 pw\n"
    b"A MOS-UKR\n"
    b"-- \n"  # the signature separator: dash, dash, space
    b"Sig Nature\n"
    b"SET WAIT\n"
)

BOUNCE = b"""\
Return-Path: <>
From: MAILER-DAEMON@mx.example.net (Mail Delivery System)
To: judge@example.org
Subject: Undelivered Mail Returned to Sender
Message-ID: <bounce@mx.example.net>
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="r1"

--r1
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mx.example.net.
I'm sorry to have to inform you that your message could not be delivered.

--r1
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.net
Final-Recipient: rfc822; gone@example.net
Action: failed
Status: 5.1.1

--r1
Content-Type: message/rfc822

From: judge@example.org
To: gone@example.net
Subject: LOCAL:g1 - S1901M Results

SIGNON Fg1 secret
--r1--
"""

REPORT_ONLY = (
    BOUNCE.replace(b"Return-Path: <>\n", b"")
    .replace(b"MAILER-DAEMON@mx.example.net (Mail Delivery System)", b"robot@mx.example.net")
    .replace(b"Auto-Submitted: auto-replied\n", b"")
)

AUTOREPLY = b"""\
From: ann@example.net
To: judge@example.org
Subject: Out of office: LOCAL:g1 - S1901M Results
Message-ID: <ooo@example.net>
Auto-Submitted: auto-replied
Content-Type: text/plain

I am away until Monday.
"""

MIXED_WITH_ATTACHMENTS = b"""\
From: mix@example.com
To: judge@example.org
Subject: mixed
Message-ID: <mix@example.com>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="m1"

--m1
Content-Type: text/plain; name="notes.txt"
Content-Disposition: attachment; filename="notes.txt"

SET PASSWORD from-attachment
--m1
Content-Type: message/rfc822

From: other@example.com
Subject: forwarded

SIGNON Fg9 forwarded
--m1
Content-Type: multipart/alternative; boundary="a1"

--a1
Content-Type: text/plain; charset=utf-8

LIST g1
--a1
Content-Type: text/html; charset=utf-8

<p>LIST html</p>
--a1--
--m1--
"""
