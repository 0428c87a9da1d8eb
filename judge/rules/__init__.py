"""The pure rules core: map, game state, orders, parser and adjudicator.

Nothing in this package performs I/O, reads a clock or uses global randomness.
Every function takes values and returns values, so any game can be replayed
exactly from its stored seed and orders.
"""
