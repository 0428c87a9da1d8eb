"""Tests of mail intake (SMTP, `judge deliver`) and the inbox processor."""
