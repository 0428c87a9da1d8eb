"""The variant registry the tests' judges run with: one per test process.

A judge builds its registry once (the command line) and passes it down by argument
to all the work that reads a game's variant; the tests do the same with this one.
Building a variant loads its map (17 ms), and variants hold no state of their own,
so every test in a process shares it. A test about a registry of its own (a judge
whose registry holds another variant) builds that one and passes it instead.
"""

from __future__ import annotations

from judge.variants.registry import VariantRegistry, default_registry

WORKER_REGISTRY: VariantRegistry = default_registry()
