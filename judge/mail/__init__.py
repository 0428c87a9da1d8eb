"""Mail as MIME: reading a raw message (`judge.mail.read.read_message` -> `IncomingMail`:
the sender, the headers the judge needs, and the body's text), composing replies,
attachments, bounces (DSNs) and VERP. The command language that reads the body's lines
is `judge.language`; the daemon that receives and sends is `judge.server`.

Importing `judge.mail` (or one of its modules) loads nothing else of it: the package
re-exports nothing, so that storing a mail (`judge.mail.header_reading`, what `judge
deliver` needs) does not load the body's readers and the command language they read with.
"""
