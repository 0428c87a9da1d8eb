"""Tests of `judge/service/game_mail/` (mail the judge writes about games: who gets it
(confirmed addresses only), one mail per reader per game, and the bounces of it)."""
