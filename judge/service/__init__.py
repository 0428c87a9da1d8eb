"""The service layer: the one place where the rules meet storage.

It applies a mail's commands (or a deadline) to games and writes the new state and
the outgoing mail in the caller's transaction. `handle_inbox_message` is the service's
inbox handler (`judge.service.handler.ServiceHandler`: it reads each mail ahead, then
handles it), for the callers that take it from here; the command line builds its own.
"""

from judge.service.handler import ServiceHandler

handle_inbox_message = ServiceHandler()

__all__ = ["ServiceHandler", "handle_inbox_message"]
