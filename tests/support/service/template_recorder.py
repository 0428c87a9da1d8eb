"""What the judge rendered during a game played by mail, and the same renders again
with generated values, composed into mails and measured.

`Recorder.recording` notes each template the judge rendered from its code, and each
macro of a template module (a reply note, an announcement), with the data it was
given. `Recorder.check` renders each again, in every language, through the public
API (`judge.wording.templates.render` and `render_macro`), with the values of a
`longest_values.Values` substituted, composes it as the judge composes every mail
(`judge.mail.compose`, which keeps the 78-column rule) and returns every line of
the mail's body over 78 bytes. It also notes the name of every template loaded
while doing so, includes and macro modules too: what the proof covered.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import jinja2
import pytest

from judge.mail.compose import broadcast_message
from judge.wording import templates
from judge.wording.mail_width import MAIL_WIDTH, QUOTE, line_bytes
from judge.wording.readers import LANGUAGES, Reader
from support.service.longest_values import Values, substitute

MACRO = "macro"
TEMPLATE = "template"


@dataclass(frozen=True)
class Render:
    kind: str  # TEMPLATE or MACRO
    name: str  # the template, or the macro module
    macro: str
    data: dict[str, Any]


@dataclass
class Recorder:
    renders: list[Render] = field(default_factory=list)
    covered: set[str] = field(default_factory=set)  # templates loaded by `check`
    on: bool = True
    checking: bool = False
    compiled_fresh: bool = False  # the first check cleared the template caches

    def distinct(self) -> list[Render]:
        seen: dict[tuple[str, str, str, str], Render] = {}
        for one in self.renders:
            seen.setdefault((one.kind, one.name, one.macro, repr(one.data)), one)
        return list(seen.values())

    def check(self, new: Values, games: tuple[str, ...]) -> list[str]:
        """Every line too long in any of the recorded renders with `new`'s values."""
        found: list[str] = []
        with self._checking():
            for one in self.distinct():
                data = substitute(one.data, new, games)
                for language in LANGUAGES:
                    reader = Reader(language, new.zone)
                    found += [f"{one.name} {one.macro} ({language}): {line}"
                              for line in too_long(_render(one, reader, data), new)]  # fmt: skip
        return found

    @contextmanager
    def _checking(self) -> Iterator[None]:
        # Fresh environments for the first check: a template module built (and cached)
        # while the scenario played would not load its imports again, and they would
        # go unrecorded. The later checks (other draws) keep what the first compiled:
        # compiling every template again for each draw was most of the proof's time,
        # and `covered` only grows (a name a later draw misses was noted by the first).
        if not self.compiled_fresh:
            templates.environment.cache_clear()
            templates._macros_in.cache_clear()
            self.compiled_fresh = True
        self.on, self.checking = False, True
        try:
            yield
        finally:
            self.on, self.checking = True, False


def _render(one: Render, reader: Reader, data: dict[str, Any]) -> str:
    if one.kind == MACRO:
        return templates.render_macro(one.name, one.macro, reader, **data)
    return templates.render(one.name, reader, **data)


def composed_body(text: str) -> str:
    """`text` as the body of a mail the judge sends (`judge.mail.compose`)."""
    mail = broadcast_message(
        sender="judge@example.net", to="p@example.net", subject="width", body=text,
        now=datetime(2026, 1, 1, tzinfo=UTC),
    )  # fmt: skip
    payload = mail.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode("utf-8")


def too_long(text: str, new: Values) -> list[str]:
    """The lines of `text`, composed into a mail, over 78 bytes. A quoted line (the
    player's own words) may be; so may a line that is one word holding an address
    longer than a line, which cannot be broken without breaking it. Nothing else."""
    return [
        line
        for line in composed_body(text).splitlines()
        if line_bytes(line) > MAIL_WIDTH
        and not line.startswith(QUOTE)
        and not (len(line.split()) == 1 and new.address in line)
    ]


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    """Records every render of a mail template during the test (see the module)."""
    seen = Recorder()
    render_template = jinja2.Template.render
    get_template = jinja2.Environment.get_template
    render_macro = templates.render_macro

    def recording(self: jinja2.Template, *args: Any, **data: Any) -> str:
        if seen.on and self.name and self.name.endswith(".txt.j2") and not args:
            values = {k: v for k, v in data.items() if k != "reader"}
            seen.renders.append(Render(TEMPLATE, self.name, "", values))
        return render_template(self, *args, **data)

    def loading(self: jinja2.Environment, name: Any, *args: Any, **options: Any) -> Any:
        if seen.checking and isinstance(name, str):
            seen.covered.add(name)
        return get_template(self, name, *args, **options)

    def recording_macro(module: str, macro: str, *reader: Reader, **data: Any) -> str:
        if seen.on:
            seen.renders.append(Render(MACRO, module, macro, data))
        if seen.checking:
            seen.covered.add(module)
        return render_macro(module, macro, *reader, **data)

    monkeypatch.setattr(jinja2.Template, "render", recording)
    monkeypatch.setattr(jinja2.Environment, "get_template", loading)
    for name, module in list(sys.modules.items()):
        if name.startswith("judge.") and getattr(module, "render_macro", None) is render_macro:
            monkeypatch.setattr(module, "render_macro", recording_macro)
    return seen


def mail_templates() -> set[str]:
    """Every mail template, by its English name: the `.txt.j2` files of the English
    templates (another language's tree, or the zine's HTML, is not one)."""
    others = {f"{language}/" for language in LANGUAGES}
    return {
        name
        for name in templates.environment().list_templates(extensions=["j2"])
        if name.endswith(".txt.j2") and not any(name.startswith(o) for o in others)
    }
