"""Tests of `judge/service/maps/` (maps in the mail: the results map recorded with its
phase, drawn outside the phase's transaction, and the MAP command's reply)."""
