"""Tests of the pure rules core (`judge.rules`): map, legality and order parsing."""
