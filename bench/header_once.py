"""CPU per mail of reading mail, with the header block read once (issue 15) or twice.

    python bench/header_once.py [--mails 2000] [--rounds 5]

Two ways, measured in the same run on the same mails:
* twice (before): storing scans the Message-ID (`judge.store.message_id`), and
  processing reads the whole mail (`read_message`);
* once (now): storing reads the header facts (`header_facts_json`), JSON goes to the
  row and back, and processing reads only the body (`read_stored`).

Three mails: a plain one-part LIST, the same from Gmail (a multipart/alternative
behind 25 lines of trace and signatures), and a Thunderbird reply in format=flowed.
Printed: the median CPU time per mail over `--rounds` rounds of `--mails` mails, for
storing, for processing and in all, and the ratio of the two ways.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

from judge.mail.header_reading import header_facts_json
from judge.mail.read import read_message, read_stored
from judge.store.message_id import header_message_id

JUDGE = "judge@example.org"

PLAIN = (
    b"From: reader7@example.org\r\nTo: judge@example.org\r\nSubject: list\r\n"
    b"Message-ID: <179523163712.5925.16307280042404217882@bench.example.org>\r\n"
    b'Content-Type: text/plain; charset="utf-8"\r\nContent-Transfer-Encoding: 7bit\r\n'
    b"MIME-Version: 1.0\r\n\r\nLIST\r\n"
)

_TRACE = "".join(
    f"Received: by 2002:a05:6{n:03d}:1234 with SMTP id abc{n}csp{n}; "
    f"Wed, 25 Nov 2026 08:{n:02d}:00 -0800 (PST)\r\n"
    for n in range(8)
) + "".join(
    f"X-Google-Header-{n}: AGHT+IF{n}q0u5u1kq2w7mN3oYbq8dJx0vY6Q2uQhZ\r\n" for n in range(6)
)
GMAIL = (
    "Delivered-To: judge@example.org\r\n" + _TRACE +
    "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=gmail.com; s=20230601;\r\n"
    " h=to:subject:message-id:date:from:mime-version:from:to:cc:subject;\r\n"
    " bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=;\r\n"
    " b=Vd9rU2Q7yQ1b8ZbqZk4cXq3l0s1d2f3g4h5j6k7l8z9x0c1v2b3n4m5q6w7e8r9t0y1u2i3o4p5a6s\r\n"
    "Return-Path: <ann.example@gmail.com>\r\n"
    "MIME-Version: 1.0\r\n"
    "From: Ann Example <ann.example@gmail.com>\r\n"
    "Date: Wed, 25 Nov 2026 17:08:01 +0100\r\n"
    "Message-ID: <CAE1xY2n=Ab3cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX4yZ5@mail.gmail.com>\r\n"
    "Subject: Re: g1: Spring 1901 orders\r\n"
    "To: judge@example.org\r\n"
    'Content-Type: multipart/alternative; boundary="000000000000a1b2c3d4e5f6"\r\n'
    "\r\n"
    "--000000000000a1b2c3d4e5f6\r\n"
    'Content-Type: text/plain; charset="UTF-8"\r\n'
    "\r\n"
    "SIGNON Fg1 secret\r\nA PAR-BUR\r\nA MAR-SPA\r\nF BRE-MAO\r\n\r\n"
    "--000000000000a1b2c3d4e5f6\r\n"
    'Content-Type: text/html; charset="UTF-8"\r\n'
    "\r\n"
    '<div dir="ltr">SIGNON Fg1 secret<br>A PAR-BUR<br>A MAR-SPA<br>F BRE-MAO</div>\r\n'
    "\r\n"
    "--000000000000a1b2c3d4e5f6--\r\n"
).encode()
THUNDERBIRD = (
    b"Message-ID: <5f1c2d3e-4b5a-6978-8a9b-0c1d2e3f4a5b@example.net>\r\n"
    b"Date: Wed, 25 Nov 2026 17:10:00 +0100\r\nMIME-Version: 1.0\r\n"
    b"User-Agent: Mozilla Thunderbird\r\nSubject: Re: g1: orders\r\n"
    b"To: judge@example.org\r\nReferences: <judge.1@example.org>\r\n"
    b"In-Reply-To: <judge.1@example.org>\r\nFrom: Bob <bob@example.net>\r\n"
    b"Content-Type: text/plain; charset=UTF-8; format=flowed\r\n"
    b"Content-Transfer-Encoding: 7bit\r\n\r\n"
    b"SIGNON Eg1 secret\r\nF LON-NTH\r\nF EDI-NWG\r\nA LVP-YOR\r\n\r\n"
    b"On 25/11/2026 08:00, judge wrote:\r\n> Orders are due.\r\n"
)
MAILS = {"plain LIST": PLAIN, "Gmail, multipart": GMAIL, "Thunderbird, flowed": THUNDERBIRD}


def twice(raw: bytes) -> tuple[float, float]:
    """(store, process) seconds of CPU for one mail, the header block read twice."""
    started = time.process_time()
    header_message_id(raw)
    stored = time.process_time()
    read_message(raw, JUDGE)
    return stored - started, time.process_time() - stored


def once(raw: bytes) -> tuple[float, float]:
    """(store, process) seconds of CPU for one mail, the header block read once."""
    started = time.process_time()
    kept = json.dumps(header_facts_json(raw))
    stored = time.process_time()
    read_stored(raw, json.loads(kept), JUDGE)
    return stored - started, time.process_time() - stored


Way = Callable[[bytes], tuple[float, float]]


def per_mail(way: Way, raw: bytes, mails: int) -> tuple[float, float]:
    """Microseconds of CPU per mail (store, process) over `mails` mails."""
    store = process = 0.0
    for _ in range(mails):
        one_store, one_process = way(raw)
        store += one_store
        process += one_process
    return store / mails * 1e6, process / mails * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mails", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    assert read_stored(GMAIL, header_facts_json(GMAIL), JUDGE) == read_message(GMAIL, JUDGE)
    print(f"{'mail':<22} {'way':<6} {'store µs':>9} {'process µs':>11} {'all µs':>8}")
    for name, raw in MAILS.items():
        totals = {}
        for way_name, way in (("twice", twice), ("once", once)):
            rounds = [per_mail(way, raw, args.mails) for _ in range(args.rounds)]
            store = statistics.median(r[0] for r in rounds)
            process = statistics.median(r[1] for r in rounds)
            total = statistics.median(r[0] + r[1] for r in rounds)
            totals[way_name] = total
            print(f"{name:<22} {way_name:<6} {store:>9.1f} {process:>11.1f} {total:>8.1f}")
        print(f"{'':<22} once/twice = {totals['once'] / totals['twice']:.2f}")


if __name__ == "__main__":
    main()
