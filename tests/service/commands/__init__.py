"""Tests of `judge/service/commands/` (one module per command family of the mail
language)."""
