"""The Jinja2 environment of the zine pages: HTML, so everything printed is escaped.

Autoescaping is on for every template: press is written by players, and a `<`
in it must reach the reader as text, never as markup. `StrictUndefined` turns a
missing value into an error instead of a silent gap in the page.
"""

from __future__ import annotations

import functools
from typing import Any

import jinja2

from judge.wording.report import format_time
from judge.wording.templates import template_dir


@functools.cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(template_dir() / "zine")),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["when"] = format_time  # the judges' time style, as in the mails
    return env


def render_html(name: str, **data: Any) -> str:
    """Render `templates/zine/<name>` with plain data."""
    return environment().get_template(name).render(**data)
