"""Hand outgoing mail to an SMTP relay: one connection per batch.

The connection says EHLO with the configured name (default: this host's FQDN),
upgrades with STARTTLS and logs in when configured, then carries every mail of the
batch. An 8-bit body goes with `BODY=8BITMIME` when the relay offers it, else it is
re-encoded to 7-bit first. A non-ASCII address (or header) needs the relay's
SMTPUTF8; without it that one mail fails for good, with a reason saying so.

What fails how: a 5xx answer to a mail fails that mail for good; a 4xx fails it for
now. A relay that cannot be reached, a TLS or login failure, a timeout or a dropped
connection fails the mail in hand and the rest of the batch for now (they are tried
again after the back-off, on a new connection).
"""

from __future__ import annotations

import logging
import re
import smtplib
import socket
import ssl
from collections.abc import Iterable
from pathlib import Path

from judge.mail.seven_bit import to_seven_bit
from judge.server.transports import DeliveryError, Outgoing, Settle

log = logging.getLogger(__name__)

CLOSING = 421  # the relay is closing the connection: this mail and the rest, later


class SmtpRelay:
    """The relay at `host`:`port`, with optional STARTTLS and login."""

    def __init__(
        self,
        *,
        host: str,
        port: int,
        starttls: bool = False,
        username: str | None = None,
        password: str | None = None,
        timeout: float = 60.0,
        helo_name: str = "",
        ca_file: Path | None = None,
    ) -> None:
        """`ca_file`: the certificates that sign the relay's own (a private CA), checked
        instead of the system's for STARTTLS."""
        self.host, self.port, self.starttls = host, port, starttls
        self.ca_file = ca_file
        self.username, self.password, self.timeout = username, password, timeout
        self.helo_name = helo_name or socket.getfqdn()

    def send_many(self, sender: str, mails: Iterable[Outgoing], settle: Settle) -> None:
        client: smtplib.SMTP | None = None
        broken: DeliveryError | None = None  # the relay failed: the rest of the batch too
        try:
            for mail in mails:
                if client is None and broken is None:
                    try:
                        client = self._connect()
                    except DeliveryError as error:
                        broken = error
                if broken is not None or client is None:
                    settle([(mail, broken)])
                    continue
                try:
                    self._hand_over(client, sender, mail)
                except _ConnectionLost as lost:
                    broken = lost.error
                    _close(client)
                    client = None
                    settle([(mail, broken)])
                except DeliveryError as error:
                    settle([(mail, error)])
                else:
                    settle([(mail, None)])
        finally:
            if client is not None:
                _quit(client)

    def _connect(self) -> smtplib.SMTP:
        where = f"relay {self.host}:{self.port}"
        client = None
        try:
            client = smtplib.SMTP(
                self.host, self.port, timeout=self.timeout, local_hostname=self.helo_name
            )
            client.ehlo()
            if self.starttls:
                client.starttls(context=ssl.create_default_context(cafile=self.ca_file))
                client.ehlo()
            if self.username:
                client.login(self.username, self.password or "")
        except smtplib.SMTPResponseException as exc:
            # A refusal of the connection, TLS or login (4xx or 5xx) is about the
            # relay or our config, not about any mail: keep the mail for later.
            if client is not None:
                _close(client)
            raise DeliveryError(f"{where}: {_describe(exc.smtp_code, exc.smtp_error)}",
                                permanent=False) from exc  # fmt: skip
        except (smtplib.SMTPException, OSError, ValueError) as exc:
            if client is not None:
                _close(client)
            raise DeliveryError(f"{where}: {exc or type(exc).__name__}", permanent=False) from exc
        return client

    def _hand_over(self, client: smtplib.SMTP, sender: str, mail: Outgoing) -> None:
        sender = mail.sender or sender
        message, options = self._prepared(client, sender, mail)
        international = "SMTPUTF8" in options
        client.command_encoding = "utf-8" if international else "ascii"
        try:
            client.sendmail(sender, [mail.recipient], message, mail_options=options)
        except smtplib.SMTPRecipientsRefused as exc:
            code, text = exc.recipients.get(mail.recipient, (450, b"recipient refused"))
            if code == CLOSING:  # smtplib has closed the connection
                raise _ConnectionLost(_answer_error(code, text)) from exc
            error = _answer_error(code, text)
            error.recipient_refused = refuses_the_address(code, text)
            raise error from exc
        except (smtplib.SMTPSenderRefused, smtplib.SMTPDataError) as exc:
            if exc.smtp_code == CLOSING:
                raise _ConnectionLost(_answer_error(exc.smtp_code, exc.smtp_error)) from exc
            raise _answer_error(exc.smtp_code, exc.smtp_error) from exc
        except smtplib.SMTPResponseException as exc:
            raise _ConnectionLost(_answer_error(exc.smtp_code, exc.smtp_error)) from exc
        except (smtplib.SMTPException, OSError) as exc:
            where = f"relay {self.host}:{self.port}"
            error = DeliveryError(f"{where}: {exc or type(exc).__name__}", permanent=False)
            raise _ConnectionLost(error) from exc
        except Exception as exc:  # a bug: this mail later, on a fresh connection
            log.exception("unexpected error while sending to %s", mail.recipient)
            error = DeliveryError(f"{type(exc).__name__}: {exc}", permanent=False)
            raise _ConnectionLost(error) from exc
        finally:
            client.command_encoding = "ascii"

    def _prepared(
        self, client: smtplib.SMTP, sender: str, mail: Outgoing
    ) -> tuple[bytes, list[str]]:
        """The bytes to send and the MAIL FROM options, as the relay allows."""
        message = mail.message
        head, _, _body = message.partition(b"\r\n\r\n")
        if not (sender.isascii() and mail.recipient.isascii() and head.isascii()):
            if not client.has_extn("smtputf8"):
                raise DeliveryError(
                    f"relay {self.host}:{self.port} does not offer SMTPUTF8, which the "
                    f"non-ASCII address or header of this mail needs", permanent=True,
                )
            eight_bit = ["BODY=8BITMIME"] if client.has_extn("8bitmime") else []
            return message, ["SMTPUTF8", *eight_bit]
        if message.isascii():
            return message, []
        if client.has_extn("8bitmime"):
            return message, ["BODY=8BITMIME"]
        return to_seven_bit(message), []


class _ConnectionLost(Exception):
    """The connection can no longer be trusted: `error` for this mail and the rest."""

    def __init__(self, error: DeliveryError) -> None:
        super().__init__(str(error))
        self.error = error


def _quit(client: smtplib.SMTP) -> None:
    try:
        client.quit()
    except (smtplib.SMTPException, OSError):
        _close(client)


def _close(client: smtplib.SMTP) -> None:
    try:
        client.close()
    except OSError:
        pass


_ADDRESS_STATUS = re.compile(r"5\.[12]\.\d{1,3}\b")  # RFC 3463: address, mailbox


def refuses_the_address(code: int, text: bytes | str) -> bool:
    """True when a 5xx answer to RCPT says the address itself is bad (unknown user,
    no such domain, mailbox disabled or full: enhanced status 5.1.x or 5.2.x, or a
    bare 550/551/553 that does not speak of relaying), as a bounce would; not when
    the relay refuses us (`5.7.1 relaying denied`: the mail fails, the address is
    not marked)."""
    if not 500 <= code < 600:
        return False
    described = _describe(code, text)
    enhanced = re.search(r"\b5\.\d{1,3}\.\d{1,3}\b", described)
    if enhanced is not None:
        return _ADDRESS_STATUS.fullmatch(enhanced.group()) is not None
    return code in (550, 551, 553) and "relay" not in described.lower()


def _answer_error(code: int, text: bytes | str) -> DeliveryError:
    return DeliveryError(_describe(code, text), permanent=500 <= code < 600)


def _describe(code: int, text: bytes | str) -> str:
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    return f"{code} {text}"
