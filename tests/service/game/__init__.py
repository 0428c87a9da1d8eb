"""Tests of `judge/service/game/` (a game's life in time: deadlines, processing,
starting and ending)."""
