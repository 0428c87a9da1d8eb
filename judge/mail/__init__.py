"""Mail as MIME: reading a raw message (`read_message` -> `IncomingMail`: the sender,
the headers the judge needs, and the body's text), composing replies, attachments,
bounces (DSNs) and VERP. The command language that reads the body's lines is
`judge.language`; the daemon that receives and sends is `judge.server`. Importing
`judge.mail` loads none of them.
"""

from judge.mail.read import IncomingMail, read_message

__all__ = ["IncomingMail", "read_message"]
