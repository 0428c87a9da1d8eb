"""The move of the tests' helpers into `tests/support` (issue 33, item 8), as a script.

The tests' harnesses and helpers once lived beside the tests (`tests/service/harness.py`,
`tests/rules/helpers.py` imported under two names, data taken from `bench/`...). They
are now in this package, imported one way: `from support.X import ...` (`tests/` is on
the path: pytest puts the folder of the root `conftest.py` there; `bench/` scripts and
the judges the tests start put it there themselves).

Run from the repository root, `python3 tests/support/relocate.py [--rewrite-only]`: it
moves each file of MOVES with `git mv` (skipped when already moved) and rewrites every
import of an old name in `tests/` and `bench/`. A branch that was written against the
old names is brought up to date by running it again with `--rewrite-only` after the
merge. Not run by the suite (no `test_` in its name).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# old module (as imported before, tests/ on the path) -> its module under support/
MOVES: dict[str, str] = {
    "serve_with": "support.serve_with",
    # the service harness and the games built with it
    "service.harness": "support.service.harness",
    "service.scenario": "support.service.scenario",
    "service.intimate_game": "support.service.intimate_game",
    "service.taskdip_scenario": "support.service.taskdip_scenario",
    "service.board_setup": "support.service.board_setup",
    "service.intimate_board": "support.service.intimate_board",
    "service.fan_out_world": "support.service.fan_out_world",
    "service.dialogue": "support.service.dialogue",
    "service.dialogue_intents": "support.service.dialogue_intents",
    "service.writable": "support.service.writable",
    "service.template_recorder": "support.service.template_recorder",
    "service.template_scenarios": "support.service.template_scenarios",
    "service.longest_values": "support.service.longest_values",
    # the rules core's boards (once imported as both `rules.helpers` and `tests.rules.helpers`)
    "rules.helpers": "support.rules.helpers",
    "rules.judging": "support.rules.judging",
    # a real `judge serve` and the games played against it
    "e2e.cheap_hashes": "support.e2e.cheap_hashes",
    "e2e.early_by_mail": "support.e2e.early_by_mail",
    "e2e.anonymity": "support.e2e.anonymity",
    "e2e.intimate_by_mail": "support.e2e.intimate_by_mail",
    # the daemon's parts
    "server.intake.helpers": "support.server.intake.helpers",
    "server.intake.recording_handler": "support.server.intake.recording_handler",
    "server.scheduler.driver": "support.server.scheduler.driver",
    "server.sender.sink": "support.server.sender.sink",
    "server.sender.relay_process": "support.server.sender.relay_process",
    "server.sender.processes": "support.server.sender.processes",
    # hostile mail
    "hostile.metered_handler": "support.hostile.metered_handler",
    "hostile.ignoring_handler": "support.hostile.ignoring_handler",
    "hostile.killing_handler": "support.hostile.killing_handler",
    "hostile.mailbox": "support.hostile.mailbox",
    "hostile.server": "support.hostile.server",
    "bench.hostile_mails": "support.hostile.hostile_mails",
    "bench.hostile_bodies": "support.hostile.hostile_bodies",
    "bench.seeding": "support.seeding",
    # mail samples and readers
    "mail.samples": "support.mail.samples",
    "mail.reference_reader": "support.mail.reference_reader",
    "mail.reply_corpus": "support.mail.reply_corpus",
    "mail.dsn_samples": "support.mail.dsn_samples",
    # the rest, folder by folder
    "variants.variant_classes": "support.variants.variant_classes",
    "replay.replay": "support.replay.replay",
    "replay.corpus_figures": "support.replay.corpus_figures",
    "replay.reader": "support.replay.reader",
    "zine.pages": "support.zine.pages",
    "zine.browser": "support.zine.browser",
    "zine.recorder": "support.zine.recorder",
    "language.parsing": "support.language.parsing",
    "datc.godip_cases": "support.datc.godip_cases",
    "datc.harness": "support.datc.harness",
    "datc.rulebook_1971": "support.datc.rulebook_1971",
    "deploy.postfix": "support.deploy.postfix",
    "deploy.installed": "support.deploy.installed",
    "store.upgrades.filler": "support.store.upgrades.filler",
    "store.upgrades.declared_changes": "support.store.upgrades.declared_changes",
    "store.upgrades.releases": "support.store.upgrades.releases",
    "store.upgrades.snapshot": "support.store.upgrades.snapshot",
    "store.upgrades.seed_release": "support.store.upgrades.seed_release",
}
# Other spellings of the same modules, before the move.
ALIASES: dict[str, str] = {
    "tests.rules.helpers": "support.rules.helpers",
    "tests.rules.judging": "support.rules.judging",
    "tests.mail.reply_corpus": "support.mail.reply_corpus",
    # what other modules took from a test module or a conftest, now in support
    "e2e.test_standard_game": "support.e2e.judge_process",
    "hostile.conftest": "support.hostile.serving",
    "zine.conftest": "support.zine.standard_game",
    "service.conftest": "support.service.fixtures",
}
# Run by an earlier release's code (its own `service.harness`): never rewritten.
NOT_REWRITTEN = {"support/store/upgrades/seed_release.py"}


def source_path(module: str) -> Path:
    """Where a module of MOVES lives: bench's at the root, the rest under tests/."""
    parts = module.split(".")
    base = ROOT if parts[0] == "bench" else ROOT / "tests"
    return base.joinpath(*parts).with_suffix(".py")


def move_files() -> None:
    for old, new in MOVES.items():
        source, target = source_path(old), ROOT / "tests" / Path(*new.split(".")).with_suffix(".py")
        if target.exists() or not source.exists():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        for folder in [target.parent, *target.parent.parents]:
            if folder == ROOT / "tests":
                break
            init = folder / "__init__.py"
            if not init.exists():
                named = folder.relative_to(ROOT / "tests")
                init.write_text(f'"""Shared test helpers: {named}."""\n')
        subprocess.run(["git", "-C", str(ROOT), "mv", str(source), str(target)], check=True)


def rewrite(text: str) -> str:
    names = {**MOVES, **ALIASES, **{f"tests.{old}": new for old, new in MOVES.items()}}
    pattern = "|".join(re.escape(old) for old in sorted(names, key=len, reverse=True))
    text = re.sub(
        rf"^(\s*from )({pattern})( import )", lambda m: m[1] + names[m[2]] + m[3], text,
        flags=re.MULTILINE,
    )  # fmt: skip
    text = re.sub(
        rf"^(\s*import )({pattern})$", lambda m: m[1] + names[m[2]], text, flags=re.MULTILINE
    )
    # `from service import harness`: a moved module named from its package
    moved = {old.rpartition(".")[0]: old for old in MOVES if "." in old}
    text = re.sub(
        r"^(\s*from )([a-z_.]+) import ([a-z_]+)$",
        lambda m: (
            f"{m[1]}{MOVES[f'{m[2]}.{m[3]}'].rpartition('.')[0]} import {m[3]}"
            if m[2] in moved and f"{m[2]}.{m[3]}" in MOVES else m[0]
        ),
        text, flags=re.MULTILINE,
    )  # fmt: skip
    # handlers named `module:name` for the launcher `serve_with`
    return re.sub(rf"([\"'])({pattern}):", lambda m: m[1] + names[m[2]] + ":", text)


def rewrite_imports() -> None:
    files = [*(ROOT / "tests").rglob("*.py"), *(ROOT / "bench").glob("*.py")]
    for path in files:
        if str(path.relative_to(ROOT / "tests")) in NOT_REWRITTEN if path.is_relative_to(
            ROOT / "tests"
        ) else False:
            continue
        text = path.read_text(encoding="utf-8")
        new = rewrite(text)
        if new != text:
            path.write_text(new, encoding="utf-8")


if __name__ == "__main__":
    if "--rewrite-only" not in sys.argv[1:]:
        move_files()
    rewrite_imports()
