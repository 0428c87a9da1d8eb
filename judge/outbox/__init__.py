"""The way into the outbox: every mail the service queues, through one gate.

`enqueue` queues a mail in the caller's transaction (`judge.outbox.enqueue`), after the
gate (`judge.outbox.gate`) has said whether it may go to that address. Sending it is the
daemon's (`judge.server.sender`), reading the rows `judge.store.outbox` leases.
"""
