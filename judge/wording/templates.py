"""The Jinja2 environments that hold the wording of every mail the judge sends, one
per language (`templates/` in English, `templates/fr/` in French, the same names).

Every mail is rendered for its `Reader`: their language picks the environment, and
their time zone and language show each moment (`|when`). Mail is text/plain, so
there is no autoescaping; `StrictUndefined` turns a missing value into an error
instead of a silently blank line in a player's mail.
"""

from __future__ import annotations

import functools
import textwrap
from datetime import datetime
from pathlib import Path
from typing import Any

import jinja2

from judge.bundled import data_dir
from judge.wording import french_filters, lists, settings_fr
from judge.wording.readers import DEFAULT_LANGUAGE, DEFAULT_READER, LANGUAGES, Reader
from judge.wording.time_display import show_time
from judge.wording.vocabulary import localized, wording_for

# What a language's templates need besides the common filters (French: the names,
# phases and moments the code hands over in English, shown in French).
LANGUAGE_FILTERS: dict[str, dict[str, Any]] = {
    "fr": {**french_filters.FILTERS, "reglage": settings_fr.reglage}
}


def template_dir() -> Path:
    """The `templates/` folder: inside the installed package, or the source tree's."""
    return data_dir("templates")


def language_dir(language: str = DEFAULT_LANGUAGE) -> Path:
    """Where one language's templates live: English at the top of `templates/`, every
    other language in `templates/<language>/`, a tree with the same names (so
    `{% include "_header.txt.j2" %}` in a French template includes the French one)."""
    root = template_dir()
    return root if language == DEFAULT_LANGUAGE else root / language


def plural(count: int, singular: str = "", many: str = "s") -> str:
    """`{{ n }} unit{{ n|plural }}`: the suffix for `count`."""
    return singular if count == 1 else many


MAIL_WIDTH = 78  # beyond this, set_content sends the body quoted-printable


def fit(text: str, width: int = MAIL_WIDTH, hang: str = "") -> str:
    """`{{ text|fit }}`: each line longer than `width` broken at spaces, its
    continuation lines indented like the line itself, plus `hang`. Shorter lines,
    and words longer than a line (an address, a URL), are left whole. Lengths are
    counted in UTF-8 bytes, as the mail's 7bit/8bit limit counts them (`é` is
    two): a French line of 78 letters may be too long."""
    lines: list[str] = []
    for line in text.split("\n"):
        if _bytes(line) <= width:
            lines.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip(" "))] + hang
        if line.isascii():
            wrapped = textwrap.wrap(
                line, width, subsequent_indent=indent, break_long_words=False,
                break_on_hyphens=False,
            )  # fmt: skip
        else:
            wrapped = _wrap_bytes(line, width, indent)
        lines.extend(wrapped)
    return "\n".join(lines)


def _bytes(text: str) -> int:
    return len(text.encode("utf-8"))


def _wrap_bytes(line: str, width: int, indent: str) -> list[str]:
    """Greedy wrapping at spaces, by UTF-8 length (the first line keeps its indent)."""
    lead = line[: len(line) - len(line.lstrip(" "))]
    wrapped: list[str] = []
    current = lead
    for word in line.split():
        candidate = word if current.strip() == "" else f"{current} {word}"
        if current.strip() == "":
            candidate = current + word
        if _bytes(candidate) <= width or current.strip() == "":
            current = candidate
        else:
            wrapped.append(current)
            current = indent + word
    wrapped.append(current)
    return wrapped


@jinja2.pass_context
def when(context: jinja2.runtime.Context, moment: datetime | str | None) -> str | None:
    """`{{ deadline|when }}`: a moment in the reader's time zone (the `reader` the
    template was rendered for); a text is shown as it is, None stays None."""
    if moment is None or isinstance(moment, str):
        return moment
    reader = context.get("reader") or DEFAULT_READER
    return show_time(moment, reader.zone, reader.language)


@functools.cache
def environment(language: str = DEFAULT_LANGUAGE) -> jinja2.Environment:
    """The templates of one language. There is no fallback to English: a template
    missing in a language is an error (a test checks that both trees match)."""
    if language not in LANGUAGES:
        raise LookupError(f"no templates for language {language!r}")
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(language_dir(language))),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        extensions=["jinja2.ext.do"],  # the French Intimate report builds its lines
    )
    env.filters["plural"] = plural
    env.filters["fit"] = fit
    env.filters["when"] = when
    env.filters.update(lists.FILTERS)  # and_list, is_are: every language may use them
    env.filters["quoted"] = repr  # `{{ word|quoted }}`: quoted as the code's {word!r}
    env.filters.update(LANGUAGE_FILTERS.get(language, {}))
    return env


def _in_language(data: dict[str, Any], reader: Reader) -> dict[str, Any]:
    """The data with its `ByLanguage` texts worded for the reader (English ones are
    printed as they are)."""
    if reader.language == DEFAULT_LANGUAGE:
        return data
    wording = wording_for(reader.language)
    return {key: localized(value, wording) for key, value in data.items()}


def render(name: str, reader: Reader = DEFAULT_READER, **data: Any) -> str:
    """Render `templates/<name>` with plain data, for `reader` (its language and zone)."""
    data = _in_language(data, reader)
    return environment(reader.language).get_template(name).render(reader=reader, **data)


def render_macro(module: str, macro: str, reader: Reader = DEFAULT_READER, **data: Any) -> str:
    """Call one macro of a template module, e.g. a single reply note, for `reader`."""
    data = _in_language(data, reader)
    template = environment(reader.language).get_template(module)
    namespace = template.module if reader == DEFAULT_READER else template.make_module(
        {"reader": reader}
    )
    function = getattr(namespace, macro, None)
    if function is None:
        raise LookupError(f"{module} has no macro {macro!r}")
    return str(function(**data)).strip("\n")
