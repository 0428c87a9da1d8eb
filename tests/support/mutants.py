"""Hand-made mutants of the judge, run against the tests of two commits: do the tests of
the later commit kill the same mutants as the tests of the earlier one?

Issue 33, item 8 made the suite faster (harnesses moved to `tests/support`, `judge
status` read in the test's process, release seeds kept between runs...). This script
shows that nothing was lost in what the tests prove: each mutant is a one-line change
of important code (the rules core, the mail reader, the service, the outbox, the
migrations...), applied in a clean worktree of each commit, and the test files that
cover it are run there (`pytest -x`: the first failure kills it). Not run by the suite.

    python3 tests/support/mutants.py BEFORE_COMMIT AFTER_COMMIT [--only NAME ...]

It prints a Markdown table: a mutant, its test files, killed or survived before and
after. A run with no mutant comes first: both sides must pass unmutated (the games by
mail and the release upgrades are left out of it: their unmutated runs are the per-file
timings of the same two commits). SQLite only (JUDGE_TEST_DATABASE_URL is unset).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_SECONDS = 1800


@dataclass(frozen=True)
class Mutant:
    name: str
    file: str  # under the repository root
    old: str  # must occur exactly once in the file
    new: str
    tests: tuple[str, ...]


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "retreat bounce needs three", "judge/rules/retreats.py",
        "if crowd[province_of(where)] > 1:", "if crowd[province_of(where)] > 2:",
        ("tests/rules/test_retreats.py",),
    ),
    Mutant(
        "one build too many", "judge/rules/adjustments.py",
        '    if ledger.left(order.power) <= 0:\n        return Outcome.FAILS, "no builds left"',
        '    if ledger.left(order.power) < 0:\n        return Outcome.FAILS, "no builds left"',
        ("tests/rules/test_adjustments.py",),
    ),
    Mutant(
        "a held unit one stronger", "judge/rules/resolver.py",
        '        return 1 + self._support_count(other, "")\n\n    def _prevent',
        '        return 2 + self._support_count(other, "")\n\n    def _prevent',
        ("tests/rules/test_movement.py",),
    ),
    Mutant(
        "a bounce on a head-to-head beats", "judge/rules/resolver.py",
        '            if attack <= 1 + self._support_count(other, ""):',
        '            if attack < 1 + self._support_count(other, ""):',
        ("tests/rules/test_movement.py", "tests/rules/test_movement_properties.py"),
    ),
    Mutant(
        "convoy rule of 1971 swapped", "judge/rules/order_table.py",
        '_match_convoys(table, topo, convoy_adjacent == "1971")',
        '_match_convoys(table, topo, convoy_adjacent != "1971")',
        ("tests/rules/test_convoys.py", "tests/cli/test_adjudicate_round_trip.py"),
    ),
    Mutant(
        "X-Loop ignored", "judge/mail/no_reply.py",
        '        return "mail that has already passed through the judge (X-Loop)"',
        '        return ""',
        ("tests/mail/test_read.py", "tests/mail/test_read_reference.py"),
    ),
    Mutant(
        "any password accepted", "judge/store/passwords.py",
        "        return _HASHER.verify(password_hash, password)",
        "        return True",
        ("tests/hostile/test_passwords.py", "tests/service/commands/test_signup.py"),
    ),
    Mutant(
        "no mercenary default builds", "judge/variants/intimate/defaults.py",
        "    if missing <= 0:\n        return []\n    free = [",
        "    if missing <= 9:\n        return []\n    free = [",
        ("tests/service/commands/test_default_orders.py",
        "tests/service/commands/test_bids_as_njudge.py"),
    ),
    Mutant(
        "no winter skipped", "judge/service/game/skipped.py",
        '    return [str(code) for code in public.get("skipped", ())]',
        "    return []",
        ("tests/service/game/test_phase_skipping.py",
        "tests/server/scheduler/test_skipped_phases.py"),
    ),
    Mutant(
        "early processing once one seat is complete", "judge/service/game/processing.py",
        "    return all(board.variant.is_complete(board.snapshot, s, sent[s]) for s in owing)",
        "    return any(board.variant.is_complete(board.snapshot, s, sent[s]) for s in owing)",
        ("tests/e2e/test_early_processing.py",),
    ),
    Mutant(
        "mail bodies fitted to 80 columns", "judge/wording/mail_width.py",
        "            lines.extend(_fit_line(line, width, BODY_HANG))",
        "            lines.extend(_fit_line(line, width + 2, BODY_HANG))",
        ("tests/service/game_mail/test_every_template_width.py",),
    ),
    Mutant(
        "French lines wrapped by characters, not bytes", "judge/wording/mail_width.py",
        "    if line.isascii():\n        return textwrap.wrap(",
        "    if True:\n        return textwrap.wrap(",
        ("tests/service/game_mail/test_every_template_width.py",),
    ),
    Mutant(
        "overbid loses every point", "judge/variants/intimate/bids.py",
        "treasury[p] - (treasury[p] // 2 if p in over else totals[p])",
        "treasury[p] - (treasury[p] if p in over else totals[p])",
        ("tests/e2e/test_intimate_propaganda.py",),
    ),
    Mutant(
        "half price rounded down", "judge/variants/intimate/bids.py",
        "    return sum((amount + 1) // 2 for amount in bids.values() if amount > 0)",
        "    return sum(amount // 2 for amount in bids.values() if amount > 0)",
        ("tests/e2e/test_intimate_2000.py", "tests/e2e/test_intimate_rx03.py"),
    ),
    Mutant(
        "no hourly limit", "judge/service/limits/declining.py",
        "    return verdict_on(mails_before(session, row), config.limits.per_sender_per_hour)",
        "    return verdict_on(0, config.limits.per_sender_per_hour)",
        ("tests/hostile/test_rate_limit.py", "tests/service/limits/test_rate_limit.py"),
    ),
    Mutant(
        "trusted relays limited at the intake", "judge/server/intake.py",
        "        if not self.inbox.is_trusted(peer):\n            # Counted here",
        "        if True:\n            # Counted here",
        ("tests/hostile/test_limit_switch.py",),
    ),
    Mutant(
        "a MAIL FROM alone counts", "judge/server/intake.py",
        "if not self.counts.allows(limits, self.inbox.clock.now()):",
        "if not self.counts.try_reserve(limits, self.inbox.clock.now()):",
        ("tests/hostile/test_limit_switch.py",),
    ),
    Mutant(
        "the intake counts a mail once it is stored (a race)", "judge/server/intake.py",
        "            if not self.counts.try_reserve(limits, now):\n"
        '                log.warning("intake: <%s> from %s is over the hourly limit", '
        "mail_from, peer)\n"
        "                return RATE_LIMITED\n"
        "            reserved = (list(limits), now)\n"
        "        try:\n"
        "            inbox_id = await self.store(received(raw, mail_from, envelope.rcpt_tos, "
        "peer))\n",
        "            if not self.counts.allows(limits, now):\n"
        "                return RATE_LIMITED\n"
        "        try:\n"
        "            inbox_id = await self.store(received(raw, mail_from, envelope.rcpt_tos, "
        "peer))\n"
        "            if not self.inbox.is_trusted(peer):\n"
        "                self.counts.try_reserve(limits, now)\n",
        ("tests/hostile/test_rate_limit.py",),
    ),
    Mutant(
        "a poison mail tried once more", "judge/server/processor.py",
        "if message.attempts > inbox.MAX_ATTEMPTS:",
        "if message.attempts > inbox.MAX_ATTEMPTS + 1:",
        ("tests/hostile/test_poison_mail.py",),
    ),
    Mutant(
        "a forged OBSERVE or SIGNON seats at once", "judge/service/confirming/confirmation.py",
        "    return has_asked(ctx.session, ctx.sender, game.id)\n",
        "    return True\n",
        ("tests/hostile/test_confirmation.py", "tests/hostile/test_strangers.py"),
    ),
    Mutant(
        "a bounce answered", "judge/service/replies/handling.py",
        'if inbox_row.mail_from in ("", "<>"):',
        'if inbox_row.mail_from in ("<>",):',
        ("tests/hostile/test_loop_guards.py",),
    ),
    Mutant(
        "judge status hides a failed mail", "judge/cli/status_text.py",
        "        lines.append(f\"  failed #{row['id']} from <{row['mail_from']}>: {last[0]}\")",
        "        pass",
        ("tests/hostile/test_body_attacks.py",),
    ),
    Mutant(
        "the 1971 rulebook ranks as 2023's", "judge/rules/civil_disorder.py",
        '    elif rule in ("1971", "2000"):',
        '    elif rule in ("2000",):',
        ("tests/e2e/test_rulebook_by_mail.py",),
    ),
    Mutant(
        "every mercenary in anarchy on the map", "judge/render/legend_notes.py",
        '"anarchy" if controller is None else f"by {controller.title()}"',
        '"anarchy"',
        ("tests/e2e/test_map_legend_by_mail.py",),
    ),
    Mutant(
        "migrations run with foreign keys on", "judge/store/sqlite_foreign_keys.py",
        '    _pragma(connection, "PRAGMA foreign_keys=OFF")',
        '    _pragma(connection, "PRAGMA foreign_keys=ON")',
        ("tests/store/upgrades/test_every_release.py",),
    ),
    Mutant(
        "the downgrade deletes the live phases (an upgrade never runs it)",
        "judge/migrations/versions/0015_phase_rollback.py",
        'op.execute("DELETE FROM phases WHERE rolled_back_at IS NOT NULL")',
        'op.execute("DELETE FROM phases WHERE rolled_back_at IS NULL")',
        ("tests/store/upgrades/test_every_release.py",),
    ),
)


# No mutant: every test file above must pass on both sides, or a kill means nothing.
NONE = Mutant("none", "", "", "", tuple(dict.fromkeys(t for m in MUTANTS for t in m.tests)))


def worktree(commit: str, folder: Path) -> Path:
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(folder), commit],
                   check=True, capture_output=True)  # fmt: skip
    return folder


def run(tree: Path, mutant: Mutant) -> tuple[str, float]:
    """'killed', 'survived' or 'error (code)', and the seconds the run took."""
    source = tree / mutant.file if mutant.file else None
    original = source.read_text(encoding="utf-8") if source else ""
    if source:
        assert original.count(mutant.old) == 1, f"{mutant.name}: not exactly once in {source}"
        source.write_text(original.replace(mutant.old, mutant.new), encoding="utf-8")
        _forget_bytecode(source)
    environment = {k: v for k, v in os.environ.items() if k != "JUDGE_TEST_DATABASE_URL"}
    environment["PYTHONPATH"] = str(tree)  # the judges the tests start import this tree's
    started = time.monotonic()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
             *mutant.tests],
            cwd=tree, env=environment, capture_output=True, text=True, timeout=TIMEOUT_SECONDS,
        )  # fmt: skip
    finally:
        if source:
            source.write_text(original, encoding="utf-8")
            _forget_bytecode(source)
    seconds = time.monotonic() - started
    verdict = {0: "survived", 1: "killed"}.get(done.returncode, f"error ({done.returncode})")
    if mutant.name == NONE.name:
        verdict = {"survived": "pass", "killed": "FAIL"}.get(verdict, verdict)
    return verdict, seconds


def _slow_file(test: str) -> bool:
    """A game over SMTP or a release's seeds: minutes a run. Their unmutated runs are
    timed apart (before and after, per file), not repeated in the run of no mutant."""
    return test.startswith(("tests/e2e/", "tests/store/upgrades/"))


def _slow(mutant: Mutant) -> bool:
    return any(_slow_file(test) for test in mutant.tests)


def _forget_bytecode(source: Path) -> None:
    """A mutant and its undoing can share a size and a second: never trust the .pyc."""
    for compiled in source.parent.glob(f"__pycache__/{source.stem}.*.pyc"):
        compiled.unlink()


def main(before: str, after: str, only: list[str]) -> int:
    chosen = [m for m in MUTANTS if not only or m.name in only]
    chosen.sort(key=_slow)  # the quick ones first: a run cut short still says something
    every = tuple(dict.fromkeys(t for m in chosen for t in m.tests if not _slow_file(t)))
    if every:  # no test file named: pytest would run the whole suite
        chosen = [Mutant(NONE.name, "", "", "", every), *chosen]
    with tempfile.TemporaryDirectory(prefix="mutants-") as scratch:
        trees = [worktree(commit, Path(scratch) / side)
                 for side, commit in (("before", before), ("after", after))]  # fmt: skip
        try:
            print("| mutant | file | tests | before | after |")
            print("|---|---|---|---|---|")
            for mutant in chosen:
                (was, t1), (now, t2) = (run(tree, mutant) for tree in trees)
                tests = ", ".join(Path(t).name for t in mutant.tests)
                print(f"| {mutant.name} | {mutant.file or '-'} | {tests} "
                      f"| {was} ({t1:.0f} s) | {now} ({t2:.0f} s) |", flush=True)  # fmt: skip
        finally:
            for tree in trees:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                                str(tree)], capture_output=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    arguments = sys.argv[1:]
    names = arguments[arguments.index("--only") + 1 :] if "--only" in arguments else []
    sys.exit(main(arguments[0], arguments[1], names))
