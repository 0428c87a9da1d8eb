#!/usr/bin/env python3
"""Move `judge/service`'s loose modules into packages by concern, rename the confusable
modules, split `tests/service` the same way, and rewrite every reference (issue 33, item 5).

Run it from the repository's top, on a clean tree (it refuses a dirty one), with the
project's venv first on PATH or at `.venv/` (it sorts the imports it touched with ruff):

    python3 tools/relayout.py            # move, rewrite, report
    python3 tools/relayout.py --dry-run  # only report what it would do

It is idempotent: a move already made is skipped, and only the references of the moves
made in this run are rewritten (a second run changes nothing). A loose module of
`judge/service` or a test file of `tests/service` that the mapping does not name is
listed at the end (and the exit status is 1): nothing is skipped silently. Only
`test_*.py` files of `tests/service` move; its other modules (harnesses) stay where they
are, or may be gone already.

What it rewrites, in every file git tracks (this script excepted):
* dotted names: `judge.service.inbox` (imports, `"judge.service.inbox.x"` mock targets,
  logger names, docs) and `service.test_x` (tests importing tests);
* `from judge.service import inbox` (and the like for every parent package), as
  `from judge.service.replies import handling`; a module's local name follows its new
  name where the file binds that name nowhere else;
* paths: `judge/service/inbox.py`, `service/inbox.py`, `tests/service/test_x.py`;
* docs/server.md's section on the service's packages and README's layout line for the
  service, written from `PACKAGES` below;
* tests/conftest.py's POSTGRES_ONLY_FOR lookup, which keys on a test's folder name.
"""

from __future__ import annotations

import argparse
import ast
import re
import shutil
import subprocess
import sys
import textwrap
import tokenize
from dataclasses import dataclass
from pathlib import Path

LINE_LENGTH = 100  # ruff's, pyproject.toml
ROOT = Path(__file__).resolve().parents[1]
SELF = Path(__file__).resolve().relative_to(ROOT).as_posix()

# The service's packages, lowest first, each with the one line that says why it exists.
# `commands` and `game` exist already; their lines are for the docs.
PACKAGES: dict[str, str] = {
    "reading": "what the inbox processor's read-only step does ahead of the write "
    "transaction: each mail read once, its passwords hashed, its sender's verification",
    "limits": "the hourly limit per sender: one verdict for the SMTP intake and the "
    "processor, and the mail declined past it",
    "seats": "who sits where: finding games and seats, who may take a seat nobody plays, "
    "the seat a confirmation makes, mercenaries, each seat's reader, and the game as the "
    "variant sees it",
    "confirming": "addresses that must show they read the judge's mail: the "
    "confirmation, and the changes and the mail that wait for it",
    "game_mail": "mail the judge writes about games: who gets it (confirmed addresses "
    "only), one mail per reader per game, and the bounces of it",
    "maps": "maps in the mail: the results map recorded with its phase, drawn outside "
    "the phase's transaction, and the MAP command's reply",
    "game": "a game's life in time: deadlines, processing, starting and ending",
    "commands": "one module per command family of the mail language",
    "replies": "one received mail: its lines run one by one (a refused line changes "
    "nothing), then the reply, its echo and the copy a seat's own address gets",
}
NEW_PACKAGES = ("reading", "limits", "seats", "confirming", "game_mail", "maps", "replies")
# Loose modules that stay at the top of judge/service, and why.
STAY_LOOSE: dict[str, str] = {
    "__init__.py": "the package",
    "context.py": "the per-mail context every part of the service above it is handed",
    "status.py": "`judge status GAME --json`, the operators' view of a game",
}

MODULE_MOVES: dict[str, str] = {
    # seats/
    "judge/service/seats.py": "judge/service/seats/finding.py",
    "judge/service/seat_consent.py": "judge/service/seats/consent.py",
    "judge/service/pending_seats.py": "judge/service/seats/pending_seats.py",
    "judge/service/mercenaries.py": "judge/service/seats/mercenaries.py",
    "judge/service/snapshots.py": "judge/service/seats/snapshots.py",
    "judge/service/reader_preferences.py": "judge/service/seats/reader_preferences.py",
    # reading/
    "judge/service/kept_readings.py": "judge/service/reading/kept_readings.py",
    "judge/service/sender_auth.py": "judge/service/reading/sender_auth.py",
    "judge/store/password_work.py": "judge/service/reading/password_work.py",  # policy
    # limits/ (the store's rate_limit was policy; service/ratelimit was its confusable twin)
    "judge/store/rate_limit.py": "judge/service/limits/hourly_limit.py",
    "judge/service/ratelimit.py": "judge/service/limits/declining.py",
    # confirming/
    "judge/service/confirmation.py": "judge/service/confirming/confirmation.py",
    "judge/service/pending_actions.py": "judge/service/confirming/pending_actions.py",
    "judge/service/held_mail.py": "judge/service/confirming/held_mail.py",
    # game_mail/
    "judge/service/mailing.py": "judge/service/game_mail/mailing.py",
    "judge/service/notice_batch.py": "judge/service/game_mail/notice_batch.py",
    "judge/service/bounces.py": "judge/service/game_mail/bounces.py",
    # maps/
    "judge/service/maps.py": "judge/service/maps/mail_maps.py",
    "judge/service/map_drawing.py": "judge/service/maps/drawing.py",
    # game/
    "judge/service/play_settings.py": "judge/service/game/play_settings.py",
    # replies/ (inbox.py beside store/inbox.py, handler.py beside server/handler.py)
    "judge/service/inbox.py": "judge/service/replies/handling.py",
    "judge/service/dispatch.py": "judge/service/replies/dispatch.py",
    "judge/service/handler.py": "judge/service/replies/service_handler.py",
    "judge/service/reply_echo.py": "judge/service/replies/reply_echo.py",
    "judge/service/echo_secrets.py": "judge/service/replies/echo_secrets.py",
    "judge/service/seat_copies.py": "judge/service/replies/seat_copies.py",
    "judge/service/held_orders.py": "judge/service/replies/held_orders.py",
    # confusable names elsewhere
    "judge/server/handler.py": "judge/server/handler_protocol.py",  # the Handler protocol
    "judge/rules/intake.py": "judge/rules/order_taking.py",  # not the mail intake
}

# tests/service/test_*.py -> the folder of the service part it tests ("" = stays).
TEST_FOLDERS: dict[str, tuple[str, ...]] = {
    "commands": (
        "absences", "adjustment_refusals", "bids_as_njudge", "cancel", "command_registry",
        "default_orders",
        "intimate_bids", "intimate_endings", "intimate_orders", "leaving_before_start",
        "list_intimate", "listing", "master_commands", "njudge_commands",
        "njudge_votes_and_phase", "order_hints", "order_replies", "orders", "press_settings",
        "refusal_wording", "rollback", "rollback_replay", "rulebook_setting", "setting_echo",
        "signup", "taskdip", "variant_vocabulary", "zones",
    ),
    "game": (
        "absence_times", "dialogue_property", "intimate_anarchy_disband", "last_player",
        "late_notices_name_what_is_missing", "notice_grammar", "phase_skipping",
        "play_settings", "processing", "resigning_several_powers", "results_layout",
        "start_mail_deadline", "start_without_preferences", "variant_hooks_called",
        "what_holds_the_phase",
    ),
    "seats": ("filling_a_game", "mercenary_word", "resigned_seats"),
    "confirming": (
        "fan_out_property", "fan_out_scenarios", "held_mail", "promote_confirmed",
        "seat_confirmation",
    ),
    "game_mail": (
        "bounces", "broadcast", "every_template_width", "french_mails", "french_templates",
        "french_words", "mail_widths", "notice_batching", "readers",
    ),
    "maps": ("maps", "storage"),
    "limits": ("rate_limit", "rate_limit_language", "rate_limit_notice"),
    "reading": ("read_once", "verified_sender_read_once"),
    "replies": (
        "become_copies", "become_copies_property", "dispatch_context", "fuzz", "mail_caps",
        "mail_faults", "mail_wedge", "pasted_judge_lines", "pipeline_replay", "reads_only",
        "replies", "reply_echo",
    ),
    "": ("status", "mail_context"),
}  # fmt: skip
OTHER_TEST_MOVES: dict[str, str] = {
    "tests/rules/test_intake.py": "tests/rules/test_order_taking.py",
}
TEST_PACKAGE_DOC = "Tests of `judge/service/{name}/` ({reason})."

SERVICE_DOC_HEADING = "### The service's packages"
README_SERVICE_OLD = (
    "    judge/service/        where rules meet storage; commands/ (one module per command\n"
    "                          family), game/ (a game's life in time), and the shared parts\n"
)
README_SERVICE_NEW = (
    "    judge/service/        where rules meet storage, a package per concern, lowest first:\n"
    "                          reading/, limits/, context.py, seats/, confirming/,\n"
    "                          game_mail/, maps/, game/, commands/, replies/, status.py\n"
    "                          (docs/server.md says why each)\n"
)
CONFTEST = "tests/conftest.py"
CONFTEST_OLD = "    kept = POSTGRES_ONLY_FOR.get(item.path.parent.name)\n"
CONFTEST_NEW = (
    "    folder = item.path.parent  # tests/service/<part>/ counts as tests/service/\n"
    '    name = "service" if folder.parent.name == "service" else folder.name\n'
    "    kept = POSTGRES_ONLY_FOR.get(name)\n"
)


def test_moves() -> dict[str, str]:
    moves = dict(OTHER_TEST_MOVES)
    for folder, names in TEST_FOLDERS.items():
        for name in names:
            old = f"tests/service/test_{name}.py"
            if folder:
                moves[old] = f"tests/service/{folder}/test_{name}.py"
    return moves


def dotted(path: str) -> str:
    """`judge/service/inbox.py` -> `judge.service.inbox`; tests/ is on sys.path, so
    `tests/service/test_x.py` -> `service.test_x`."""
    parts = path.removesuffix(".py").split("/")
    return ".".join(parts[1:] if parts[0] == "tests" else parts)


@dataclass
class Report:
    moved: list[str]
    already: list[str]
    missing: list[str]
    unknown: list[str]
    rewritten: list[str]
    notes: list[str]


def git(*args: str) -> str:
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout


def pending(moves: dict[str, str], report: Report) -> dict[str, str]:
    """The moves still to make; the others reported as made or missing."""
    todo: dict[str, str] = {}
    for old, new in moves.items():
        old_there, new_there = (ROOT / old).exists(), (ROOT / new).exists()
        if old_there and new_there:
            raise SystemExit(f"both {old} and {new} exist: merge them by hand first")
        if old_there:
            todo[old] = new
        elif new_there:
            report.already.append(f"{old} -> {new}")
        else:
            report.missing.append(old)
    return todo


def unknown_files(moves: dict[str, str]) -> list[str]:
    """Loose service modules and tests/service test files the mapping does not name."""
    found: list[str] = []
    for path in sorted((ROOT / "judge" / "service").glob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if path.name not in STAY_LOOSE and relative not in moves:
            found.append(relative)
    placed = {new for new in moves.values()}
    for path in sorted((ROOT / "tests" / "service").rglob("test_*.py")):
        relative = path.relative_to(ROOT).as_posix()
        stays = path.parent.name == "service" and path.stem[5:] in TEST_FOLDERS[""]
        if relative not in moves and relative not in placed and not stays:
            found.append(relative)
    return found


def make_packages(dry_run: bool, report: Report) -> None:
    for name in NEW_PACKAGES:
        init = ROOT / "judge" / "service" / name / "__init__.py"
        if not init.exists():
            report.notes.append(f"new package judge/service/{name}/")
            if not dry_run:
                init.parent.mkdir(parents=True, exist_ok=True)
                init.write_text(docstring(f"The service's {name}: {PACKAGES[name]}."), "utf-8")
                git("add", init.relative_to(ROOT).as_posix())
    for folder in TEST_FOLDERS:
        if not folder:
            continue
        init = ROOT / "tests" / "service" / folder / "__init__.py"
        if not init.exists():
            if not dry_run:
                init.parent.mkdir(parents=True, exist_ok=True)
                text = TEST_PACKAGE_DOC.format(name=folder, reason=PACKAGES[folder])
                init.write_text(docstring(text), "utf-8")
                git("add", init.relative_to(ROOT).as_posix())


def docstring(text: str) -> str:
    """A module docstring of `text`, wrapped at 88 columns."""
    lines = textwrap.wrap(text, 88, initial_indent='"""', break_on_hyphens=False)
    return "\n".join(lines) + '"""\n'


def move(todo: dict[str, str], dry_run: bool, report: Report) -> None:
    for old, new in todo.items():
        report.moved.append(f"{old} -> {new}")
        if not dry_run:
            (ROOT / new).parent.mkdir(parents=True, exist_ok=True)
            git("mv", old, new)


# --- rewriting references ------------------------------------------------------------
def name_pattern(names: list[str]) -> re.Pattern[str]:
    """Any of `names` as a whole dotted name (not a part of a longer one)."""
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w.])({alternatives})(?!\w)")


def path_pattern(paths: list[str]) -> re.Pattern[str]:
    """Any of `paths`, whole or without its leading `judge/` (or `tests/`)."""
    alternatives = "|".join(re.escape(p) for p in sorted(paths, key=len, reverse=True))
    return re.compile(rf"(?<![\w/.])((?:judge/|tests/)?)({alternatives})(?![\w/])")


@dataclass
class Rewrites:
    names: dict[str, str]  # old dotted -> new dotted
    paths: dict[str, str]  # old path without judge/ or tests/ -> new

    @classmethod
    def of(cls, todo: dict[str, str]) -> Rewrites:
        names = {dotted(old): dotted(new) for old, new in todo.items()}
        paths = {old.split("/", 1)[1]: new.split("/", 1)[1] for old, new in todo.items()}
        return cls(names, paths)

    def text(self, text: str) -> str:
        if not self.names:
            return text
        text = path_pattern(list(self.paths)).sub(
            lambda m: m.group(1) + self.paths[m.group(2)], text
        )
        return name_pattern(list(self.names)).sub(lambda m: self.names[m.group(1)], text)


def from_imports(source: str, rewrites: Rewrites) -> str:
    """`from parent import moved` statements, split so each moved module is imported from
    its new parent (keeping the local name with `as`)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    lines = source.splitlines(keepends=True)
    edits: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.level or not node.module:
            continue
        moved = [a for a in node.names if f"{node.module}.{a.name}" in rewrites.names]
        if not moved:
            continue
        indent = re.match(r"\s*", lines[node.lineno - 1]).group(0)  # type: ignore[union-attr]
        kept = [a for a in node.names if a not in moved]
        statements: list[str] = []
        if kept:
            names = ", ".join(a.name + (f" as {a.asname}" if a.asname else "") for a in kept)
            statements.append(f"{indent}from {node.module} import {names}\n")
        for alias in moved:
            new = rewrites.names[f"{node.module}.{alias.name}"]
            parent, _, base = new.rpartition(".")
            local = alias.asname or alias.name
            suffix = "" if local == base else f" as {local}"
            statements.append(f"{indent}from {parent} import {base}{suffix}\n")
        edits.append((node.lineno - 1, node.end_lineno or node.lineno, "".join(statements)))
    for start, end, replacement in sorted(edits, reverse=True):
        lines[start:end] = [replacement]
    return "".join(lines)


def local_renames(source: str, rewrites: Rewrites) -> str:
    """A moved module's local name (`ratelimit` for `judge.service.limits.declining`)
    becomes its new base name, where the file binds the old name nowhere else."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    new_modules = set(rewrites.names.values())
    wanted: dict[str, str] = {}  # local name -> new base
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in new_modules and alias.asname:
                    wanted[alias.asname] = alias.name.rpartition(".")[2]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                if f"{node.module}.{alias.name}" in new_modules and alias.asname:
                    wanted[alias.asname] = alias.name
    wanted = {old: new for old, new in wanted.items() if old != new}
    if not wanted:
        return source
    bound = _bound_names(tree)
    taken = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | bound["imports"]
    renames = {
        old: new for old, new in wanted.items()
        if bound["imports"].count_of(old) == 1 and old not in bound["other"] and new not in taken
    }  # fmt: skip
    if not renames:
        return source
    lines = source.splitlines(keepends=True)
    spots: list[tuple[int, int, str, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in renames:
            spots.append((node.lineno - 1, node.col_offset, node.id, renames[node.id]))
        elif isinstance(node, ast.alias) and node.asname in renames:
            spots.append((node.lineno - 1, -1, node.asname, renames[node.asname]))
    for row, column, old, new in sorted(spots, reverse=True):
        line = lines[row]
        if column < 0:  # the alias: `... as old` -> the new base, and no `as` left
            line = re.sub(rf"(\S+)\.{re.escape(new)} as {re.escape(old)}\b",
                          rf"\1.{new} as {new}", line)  # fmt: skip
            line = re.sub(rf"\b{re.escape(new)} as {re.escape(old)}\b", new, line)
        else:
            line = line[:column] + new + line[column + len(old) :]
        lines[row] = line
    return "".join(lines)


class _Counter(set[str]):
    """A set that also counts how often each name was added."""

    def __init__(self) -> None:
        super().__init__()
        self.counts: dict[str, int] = {}

    def add(self, name: str) -> None:
        super().add(name)
        self.counts[name] = self.counts.get(name, 0) + 1

    def count_of(self, name: str) -> int:
        return self.counts.get(name, 0)


def _bound_names(tree: ast.AST) -> dict[str, _Counter]:
    """Names bound by imports, and names bound any other way (assignments, arguments,
    functions, classes, loops, `with ... as`, `except ... as`)."""
    imports, other = _Counter(), _Counter()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                imports.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            other.add(node.id)
        elif isinstance(node, ast.arg):
            other.add(node.arg)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            other.add(node.name)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            other.add(node.name)
    return {"imports": imports, "other": other}


def fit_long_lines(text: str, before: str) -> tuple[str, list[int]]:
    """Break each line a rewrite made longer than `LINE_LENGTH`: a comment or a line of a
    triple-quoted string at its last space that fits, a line of comma-separated items
    after its last comma that fits. The rows it could not break, 1-based."""
    old_lines = set(before.splitlines())
    for _ in range(20):  # each round breaks each long line once; a rest may be long still
        lines = text.splitlines(keepends=True)
        comments, in_strings, commas = _token_rows(text)
        left: list[int] = []
        changed = False
        for row in range(len(lines) - 1, -1, -1):
            line = lines[row].rstrip("\n")
            if len(line) <= LINE_LENGTH or line in old_lines:
                continue
            indent = line[: len(line) - len(line.lstrip())]
            split = None
            if row + 1 in comments and line.lstrip().startswith("#"):
                at = line.rfind(" ", len(indent) + 2, LINE_LENGTH + 1)
                if at > 0:
                    split = (line[:at], f"{indent}# {line[at + 1 :]}")
            elif row + 1 in in_strings:
                at = line.rfind(" ", len(indent) + 1, LINE_LENGTH + 1)
                if at > 0:
                    split = (line[:at], f"{indent}{line[at + 1 :]}")
            else:
                fitting = [c for c in commas.get(row + 1, []) if len(indent) < c < LINE_LENGTH]
                if fitting:
                    at = max(fitting)
                    split = (line[: at + 1], f"{indent}{line[at + 1 :].lstrip()}")
            if split is None:
                left.append(row + 1)
                continue
            lines[row : row + 1] = [split[0] + "\n", split[1] + "\n"]
            changed = True
        text = "".join(lines)
        if not changed:
            return text, sorted(left)
    return text, []


def _token_rows(text: str) -> tuple[set[int], set[int], dict[int, list[int]]]:
    """The rows holding a comment, the rows inside a triple-quoted string (its first row
    excepted), and the columns of the commas inside brackets on each row (1-based rows)."""
    comments: set[int] = set()
    strings: set[int] = set()
    commas: dict[int, list[int]] = {}
    depth = 0
    try:
        for token in tokenize.generate_tokens(iter(text.splitlines(keepends=True)).__next__):
            if token.type == tokenize.OP and token.string in "([{":
                depth += 1
            elif token.type == tokenize.OP and token.string in ")]}":
                depth -= 1
            elif token.type == tokenize.OP and token.string == "," and depth > 0:
                commas.setdefault(token.start[0], []).append(token.start[1])
            elif token.type == tokenize.COMMENT:
                comments.add(token.start[0])
            elif token.type == tokenize.STRING and token.string.lstrip("rbuRBU").startswith(
                ('"""', "'''")
            ):
                strings.update(range(token.start[0] + 1, token.end[0] + 1))
    except (tokenize.TokenError, SyntaxError):
        pass
    return comments, strings, commas


def tracked_text_files() -> list[Path]:
    files: list[Path] = []
    for name in git("ls-files", "-z").split("\0"):
        if not name or name == SELF:
            continue
        path = ROOT / name
        if path.is_file() and not path.is_symlink() and path.suffix not in {".png", ".gz"}:
            files.append(path)
    return files


def rewrite_all(rewrites: Rewrites, dry_run: bool, report: Report) -> list[Path]:
    changed: list[Path] = []
    for path in tracked_text_files():
        try:
            text = path.read_text("utf-8")
        except UnicodeDecodeError:
            continue
        new = rewrites.text(text)  # first: a new name may start with an old one
        if path.suffix == ".py":
            new = local_renames(from_imports(new, rewrites), rewrites)
            new, left = fit_long_lines(new, text)
            for row in left:
                report.notes.append(f"{path.relative_to(ROOT)}:{row}: longer than {LINE_LENGTH}")
        if new != text:
            changed.append(path)
            report.rewritten.append(path.relative_to(ROOT).as_posix())
            if not dry_run:
                path.write_text(new, "utf-8")
    return changed


# --- the docs, README and the conftest ------------------------------------------------
def service_doc() -> str:
    """The section of docs/server.md on the service's packages, lowest first."""
    parts = [(f"{name}/", reason) for name, reason in PACKAGES.items()]
    parts.insert(2, ("context.py", STAY_LOOSE["context.py"]))
    parts.append(("status.py", STAY_LOOSE["status.py"]))
    intro = (
        "`judge/service/` is a package per concern (and two modules). Each imports only "
        "from those listed before it; the import-linter contract `service-parts` "
        "(pyproject.toml) fails otherwise:"
    )
    lines = [SERVICE_DOC_HEADING, "", *textwrap.wrap(intro, 88), ""]
    for name, reason in parts:
        lines += textwrap.wrap(f"* `{name}`: {reason}.", 88, subsequent_indent="  ")
    return "\n".join(lines) + "\n\n"


def write_docs(dry_run: bool, report: Report) -> None:
    server = ROOT / "docs" / "server.md"
    text = server.read_text("utf-8")
    block = service_doc()
    if SERVICE_DOC_HEADING in text:
        start = text.index(SERVICE_DOC_HEADING)
        end = text.index("\n#", start + len(SERVICE_DOC_HEADING)) + 1
        new = text[:start] + block + text[end:]
    elif "## The outbound queue" in text:
        at = text.index("## The outbound queue")
        new = text[:at] + block + text[at:]
    else:
        report.notes.append("docs/server.md: no '## The outbound queue'; section not written")
        new = text
    if new != text:
        report.rewritten.append("docs/server.md (the service's packages)")
        if not dry_run:
            server.write_text(new, "utf-8")
    readme = ROOT / "README.md"
    text = readme.read_text("utf-8")
    if README_SERVICE_OLD in text:
        report.rewritten.append("README.md (the service's line of the layout)")
        if not dry_run:
            readme.write_text(text.replace(README_SERVICE_OLD, README_SERVICE_NEW), "utf-8")
    elif README_SERVICE_NEW not in text:
        report.notes.append("README.md: the service's layout line not found; not rewritten")


def require_service_parts(dry_run: bool, report: Report) -> None:
    """The `service-parts` contract names the new packages in brackets (they need not
    exist before this script); once they do, they must."""
    path = ROOT / "pyproject.toml"
    text = path.read_text("utf-8")
    start = text.find('id = "service-parts"')
    if start < 0:
        report.notes.append("pyproject.toml: no service-parts contract")
        return
    end = text.find("[[", start)
    end = len(text) if end < 0 else end
    section = text[start:end]
    for name in NEW_PACKAGES:
        if (ROOT / "judge" / "service" / name).is_dir() or dry_run:
            section = section.replace(f"({name})", name)
    section = section.replace("# highest first; a name in brackets need not exist "
                              "(tools/relayout.py makes them)", "# highest first")  # fmt: skip
    if section != text[start:end]:
        report.rewritten.append("pyproject.toml (the service-parts contract)")
        if not dry_run:
            path.write_text(text[:start] + section + text[end:], "utf-8")


def patch_conftest(dry_run: bool, report: Report) -> None:
    path = ROOT / CONFTEST
    text = path.read_text("utf-8") if path.exists() else ""
    if CONFTEST_OLD in text:
        report.rewritten.append(f"{CONFTEST} (POSTGRES_ONLY_FOR by tests/service/<part>/)")
        if not dry_run:
            path.write_text(text.replace(CONFTEST_OLD, CONFTEST_NEW), "utf-8")
    elif "item.path.parent.name" in text and CONFTEST_NEW not in text:
        report.notes.append(f"{CONFTEST}: a lookup by folder name remains; check it by hand")


def sort_imports(paths: list[Path], report: Report) -> None:
    ruff = ROOT / ".venv" / "bin" / "ruff"
    command = str(ruff) if ruff.exists() else shutil.which("ruff")
    python = [str(p) for p in paths if p.suffix == ".py"]
    if not command:
        report.notes.append("ruff not found: run `ruff check --fix --select I` on the files")
        return
    if python:
        subprocess.run([command, "check", "--fix", "--select", "I", "--quiet", *python],
                       cwd=ROOT, check=False, capture_output=True)  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true", help="only report")
    args = parser.parse_args(argv)
    if git("status", "--porcelain", "--untracked-files=normal").strip():
        print("the tree is dirty: commit or stash first", file=sys.stderr)
        return 2
    report = Report([], [], [], [], [], [])
    moves = {**MODULE_MOVES, **test_moves()}
    todo = pending(moves, report)
    make_packages(args.dry_run, report)
    move(todo, args.dry_run, report)
    changed = rewrite_all(Rewrites.of(todo), args.dry_run, report)
    write_docs(args.dry_run, report)
    require_service_parts(args.dry_run, report)
    patch_conftest(args.dry_run, report)
    if not args.dry_run:
        sort_imports(changed, report)
    report.unknown = unknown_files(moves)
    for title, items in (
        ("moved", report.moved),
        ("in the mapping but absent (neither old nor new path)", report.missing),
        ("rewritten", report.rewritten), ("notes", report.notes),
        ("NOT IN THE MAPPING (left where they are)", report.unknown),
    ):  # fmt: skip
        if items:
            print(f"{title} ({len(items)}):")
            print("".join(f"  {item}\n" for item in items), end="")
    if report.already:
        print(f"already moved: {len(report.already)} of {len(moves)}")
    if not report.moved and not report.rewritten:
        print("nothing to do")
    return 1 if report.unknown else 0


if __name__ == "__main__":
    sys.exit(main())
