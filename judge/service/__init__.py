"""The service layer: the one place where the rules meet storage.

It applies a mail's commands (or a deadline) to games and writes the new state and
the outgoing mail in the caller's transaction. Its inbox handler is
`judge.service.replies.service_handler.ServiceHandler` (it reads each mail ahead, then handles it):
each judge builds its own (`judge.server.runtime.Judge`), and so does each test
harness; none is kept here for the process.
"""
