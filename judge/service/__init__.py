"""The service layer: the one place where the rules meet storage.

It applies a mail's commands (or a deadline) to games and writes the new state and
the outgoing mail in the caller's transaction. `handle_inbox_message` is what the
inbox worker calls for each received mail.
"""

from judge.service.game.prepare import prepare_mail
from judge.service.inbox import handle_inbox_message

# The inbox processor runs `prepare` for each mail before the batch's write
# transaction (see judge.service.game.prepare).
handle_inbox_message.prepare = prepare_mail  # type: ignore[attr-defined]

__all__ = ["handle_inbox_message"]
