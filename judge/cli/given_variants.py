"""The variants a `judge` command reads games with: those `main` was given, else the
registry built here, once for the command (only the commands that read a game's variant
import this module, and so the variants)."""

from __future__ import annotations

import argparse

from judge.variants.registry import VariantRegistry, default_registry


def given_variants(args: argparse.Namespace) -> VariantRegistry:
    given: VariantRegistry | None = args.variants
    return given if given is not None else default_registry()
