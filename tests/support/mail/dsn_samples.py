"""Delivery status notifications as Postfix writes them (its `bounce` daemon's
format: a notification text, a `message/delivery-status` part, and the returned
message's headers), for the bounce tests."""

from __future__ import annotations

import itertools

_QUEUE_IDS = itertools.count(0x3F1A2C0B3)  # each bounce its own Postfix queue id

FAILED_BLOCK = """\
Final-Recipient: rfc822; {recipient}
Original-Recipient: rfc822;{recipient}
Action: failed
Status: 5.1.1
Remote-MTA: dns; mail.example.com
Diagnostic-Code: smtp; 550 5.1.1 <{recipient}>: Recipient address rejected: User
    unknown in virtual mailbox table
"""
DELAYED_BLOCK = """\
Final-Recipient: rfc822; {recipient}
Original-Recipient: rfc822;{recipient}
Action: delayed
Status: 4.4.1
Diagnostic-Code: X-Postfix; connect to mail.example.com[192.0.2.1]:25: Connection
    refused
"""


def postfix_dsn(
    *, to: str, recipient: str, message_id: str, subject: str, delayed: bool = False
) -> bytes:
    """A Postfix bounce (or delay warning) to `to` about our mail `message_id`."""
    queue_id = f"{next(_QUEUE_IDS):X}"
    block = (DELAYED_BLOCK if delayed else FAILED_BLOCK).format(recipient=recipient)
    title = "Undelivered Mail Returned to Sender"
    if delayed:
        title = "Delayed Mail (still being retried)"
    text = f"""\
Return-Path: <>
Received: by mx.example.net (Postfix)
	id 3F1A2C0B3; Wed, 25 Nov 2026 22:30:00 +0000 (UTC)
Date: Wed, 25 Nov 2026 22:30:00 +0000 (UTC)
From: MAILER-DAEMON@mx.example.net (Mail Delivery System)
Subject: {title}
To: {to}
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
	boundary="3F1A2C0B3.1764109800/mx.example.net"
Content-Transfer-Encoding: 8bit
Message-Id: <20261125223000.3F1A2C0B3@mx.example.net>

This is a MIME-encapsulated message.

--3F1A2C0B3.1764109800/mx.example.net
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mx.example.net.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

                   The mail system

<{recipient}>: host mail.example.com[192.0.2.1] said: 550 5.1.1
    <{recipient}>: Recipient address rejected: User unknown (in reply to RCPT TO
    command)

--3F1A2C0B3.1764109800/mx.example.net
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.net
X-Postfix-Queue-ID: 3F1A2C0B3
X-Postfix-Sender: rfc822; judge@example.org
Arrival-Date: Wed, 25 Nov 2026 22:29:58 +0000 (UTC)

{block}
--3F1A2C0B3.1764109800/mx.example.net
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers
Content-Transfer-Encoding: 8bit

Return-Path: <judge@example.org>
Received: from judge.example.org (judge.example.org [192.0.2.9])
	by mx.example.net (Postfix) with ESMTP id 3F1A2C0B3
	for <{recipient}>; Wed, 25 Nov 2026 22:29:58 +0000 (UTC)
From: judge@example.org
To: {recipient}
Subject: {subject}
Message-ID: {message_id}
Auto-Submitted: auto-generated

--3F1A2C0B3.1764109800/mx.example.net--
"""
    return text.replace("3F1A2C0B3", queue_id).replace("\n", "\r\n").encode("ascii")
