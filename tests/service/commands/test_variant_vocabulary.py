"""The command language reads the variants of the judge's own registry.

CREATE's variant names, HELP's topics and SIGNON's letters are the registry's, and
the registry is the one the command line built and passed down (`MailFacts.variants`): the
parser is handed it for each mail. A judge whose registry holds another variant
reads that variant's name; a judge without a variant refuses its name.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import Engine
from support.service.harness import JudgeHarness, body_of

from judge.clock import ManualClock
from judge.config import Config
from judge.store.db import make_session_factory
from judge.variants.registry import VariantRegistry, default_registry

pytestmark = pytest.mark.postgres_copy  # its path through the store differs


def _judge(
    engine: Engine, registry: VariantRegistry, clock: ManualClock,
    make_config: Callable[..., Config], database_url: str,
) -> JudgeHarness:  # fmt: skip
    config = make_config(database_url, limits={"per_sender_per_hour": 1000})
    return JudgeHarness(make_session_factory(engine), clock, config, variants=registry)


def test_create_reads_a_variant_only_the_judges_registry_holds(
    engine: Engine, clock: ManualClock, make_config: Callable[..., Config], database_url: str
) -> None:
    full = default_registry()
    registry = VariantRegistry()
    registry.register("classic", lambda: full.get("standard"), ("vanilla",))
    judge = _judge(engine, registry, clock, make_config, database_url)
    created = judge.reply("gm@example.org", "CREATE g1 gmpass vanilla")
    assert "g1" in body_of(created) and "Error" not in body_of(created)
    refused = body_of(judge.reply("gm@example.org", "CREATE g2 gmpass standard"))
    assert "standard" in refused and "classic" in refused  # not this judge's: its list
    no_help = body_of(judge.reply("ann@example.org", "HELP intimate"))
    assert "there is no help on 'intimate'" in no_help and "bid" not in no_help


def test_the_default_judge_does_not_know_that_variant(
    engine: Engine, clock: ManualClock, make_config: Callable[..., Config], database_url: str
) -> None:
    judge = _judge(engine, default_registry(), clock, make_config, database_url)
    refused = body_of(judge.reply("gm@example.org", "CREATE g1 gmpass vanilla"))
    assert "vanilla" in refused and "intimate" in refused
    assert "intimate" in body_of(judge.reply("ann@example.org", "HELP intimate"))
