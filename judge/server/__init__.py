"""The daemon, in pipeline order: the SMTP intake and its protocol pieces, the hand-over to
the store, the inbox processor, the scheduler, the sender's transports, and `serve` that
runs them together.
"""
