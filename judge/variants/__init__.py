"""Variants: the map, the phase cycle, who controls which units, defaults and victory.

A variant is data plus a few hooks (`Variant` in `base.py`), looked up by name in
`registry.py`. Standard Diplomacy is the simplest variant; Intimate and Taskdip
add their own phases, control rules and victory checks here, never inside the
adjudicator. Like the rules core, this package is pure: no I/O, no clock, and
randomness only through a seeded `random.Random` passed in.
"""
