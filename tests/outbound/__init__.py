"""Tests of the outbox and its transports (maildir, SMTP relay)."""
