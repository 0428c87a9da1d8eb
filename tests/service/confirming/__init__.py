"""Tests of `judge/service/confirming/` (addresses that must show they read the judge's
mail: the confirmation, and the changes and the mail that wait for it)."""
