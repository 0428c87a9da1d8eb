"""Tests of `judge/service/reading/` (what the inbox processor's read-only step does
ahead of the write transaction: each mail read once, its passwords hashed, its sender's
verification)."""
