"""The Jinja2 environments that hold the wording of every mail the judge sends, one
per language: the templates of `templates/`, written in English, with their
sentences translated by the reader's gettext catalog (`judge.wording.catalogs`,
`{% trans %}` and `_()` through `jinja2.ext.i18n`). A template not converted yet
still has a French copy in `templates/fr/`, which the French environment prefers.

Every mail is rendered for its `Reader`: their language picks the environment, and
their time zone and language show each moment (`|when`). Mail is text/plain, so
there is no autoescaping; `StrictUndefined` turns a missing value into an error
instead of a silently blank line in a player's mail.
"""

from __future__ import annotations

import functools
from datetime import datetime
from pathlib import Path
from typing import Any

import jinja2

from judge.bundled import data_dir
from judge.wording import command_errors, french_filters, lists, settings_fr
from judge.wording.catalogs import translations
from judge.wording.command_table import command_table
from judge.wording.mail_width import fit
from judge.wording.readers import DEFAULT_LANGUAGE, DEFAULT_READER, LANGUAGES, Reader
from judge.wording.time_display import show_time
from judge.wording.vocabulary import localized, wording_for

# What a language's templates need besides the common filters (French: the names,
# phases and moments the code hands over in English, shown in French).
LANGUAGE_FILTERS: dict[str, dict[str, Any]] = {
    "fr": {**french_filters.FILTERS, "reglage": settings_fr.reglage, "regle": settings_fr.regle}
}


def _as_it_is(text: str | None) -> str | None:
    return text


def _rule_words(name: str, value: str) -> str:
    return f"{name} {value}"


def _setting_set(what: str, value: str) -> str:
    """A setting's new value, as the notes' `setting_ok` says it in English."""
    return f"{what} set to {value}."


def _reglage(what: str, value: str) -> str:
    return f"{settings_fr.reglage(what, value)}."


# The grammatical forms a sentence of a shared template asks of a value before it is
# put in (`_("... %(power)s.", power=power|the)`): English says a power's name and a
# phase's words as they are; a language whose grammar wants more gives its own.
GRAMMAR: dict[str, dict[str, Any]] = {
    "en": {
        "the": _as_it_is, "the_powers": lists.and_list, "list_of_names": lists.and_list,
        "phase_of": _as_it_is, "phase_name": _as_it_is, "by_author": _as_it_is,
        "to_readers": lists.and_list,
        "of_powers": lists.and_list, "the_player_of": _as_it_is, "rule_words": _rule_words,
        "fit_translated": _as_it_is, "season_of": _as_it_is,
        "player_of_powers": lists.and_list, "powers_subject": ", ".join,
        "seat_players": _as_it_is, "the_powers_subject": lists.and_list, "The": _as_it_is,
        "setting_set": _setting_set, "help_topics": ", ".join,
    },
    "fr": {
        "the": french_filters.la,
        "the_powers": functools.partial(french_filters.et_liste, article="la"),
        "list_of_names": french_filters.et_liste,
        "phase_of": french_filters.des,
        "phase_name": french_filters.phase,
        "by_author": french_filters.par,
        "to_readers": french_filters.pour,
        "of_powers": french_filters.de_chacun,
        "the_player_of": french_filters.le_joueur_de,
        "rule_words": settings_fr.regle,
        # A sentence the English template leaves to the body's rule, fitted in French
        "fit_translated": fit,
        "season_of": french_filters.saison_de,
        "player_of_powers": french_filters.le_joueur_de,
        "powers_subject": french_filters.Les_puissances,
        "seat_players": french_filters.du_joueur_de,
        "the_powers_subject": french_filters.Les_puissances,
        "The": french_filters.La,
        "setting_set": _reglage,
        "help_topics": french_filters.sujets,
    },
}


# The columns of a table whose headings are words of the reader's language (LIST's
# powers): as wide as the language's headings and names need.
LAYOUT: dict[str, dict[str, str]] = {
    "en": {"power_heading": "%-9s %7s %5s", "power_row": "%-9s %7d %5d"},
    "fr": {"power_heading": "%-12s %7s %7s", "power_row": "%-12s %7d %7d"},
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


def _loader(language: str) -> jinja2.BaseLoader:
    """English: `templates/`. Another language: its own copy of a template where one
    is left (`templates/fr/`), else the one template every language shares."""
    shared = jinja2.FileSystemLoader(str(template_dir()))
    own = language_dir(language)
    if language == DEFAULT_LANGUAGE or not own.is_dir():
        return shared
    return jinja2.ChoiceLoader([jinja2.FileSystemLoader(str(own)), shared])


def plural(count: int, singular: str = "", many: str = "s") -> str:
    """`{{ n }} unit{{ n|plural }}`: the suffix for `count`."""
    return singular if count == 1 else many


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
        loader=_loader(language),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        # i18n: `{% trans %}` and `_()`; do: the French Intimate report builds its lines
        extensions=["jinja2.ext.i18n", "jinja2.ext.do"],
    )
    catalog = translations(language)
    env.install_gettext_translations(catalog, newstyle=True)  # type: ignore[attr-defined]
    # `{{ variant|translated }}`: a text the code names (a variant's display name,
    # marked with `N_` where it is defined) in the reader's language, unformatted.
    env.filters["translated"] = catalog.gettext
    # `{{ power|name }}`: a power or province name as the reader's map names it.
    env.filters["name"] = wording_for(language).name
    # `{{ message|worded }}`: why a command line cannot be read, in the reader's words.
    env.filters["worded"] = functools.partial(command_errors.worded, language=language)
    env.filters["plural"] = plural
    env.filters["fit"] = fit
    env.filters["command_table"] = command_table  # HELP COMMANDS' two columns
    env.filters["when"] = when
    env.filters.update(lists.FILTERS)  # and_list, is_are: every language may use them
    env.filters["quoted"] = repr  # `{{ word|quoted }}`: quoted as the code's {word!r}
    env.filters.update(LANGUAGE_FILTERS.get(language, {}))
    env.filters.update(GRAMMAR[DEFAULT_LANGUAGE])
    env.filters.update(GRAMMAR.get(language, {}))
    env.globals["layout"] = LAYOUT.get(language, LAYOUT[DEFAULT_LANGUAGE])
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


def _macros(module: str, reader: Reader) -> Any:
    """The macros of a template module, for one reader: built once per reader and
    environment (a module is the whole template run again, e.g. the 2,500 lines of
    the notes)."""
    return _macros_in(environment(reader.language), module, reader)


@functools.lru_cache(maxsize=256)
def _macros_in(env: jinja2.Environment, module: str, reader: Reader) -> Any:
    template = env.get_template(module)
    return template.module if reader == DEFAULT_READER else template.make_module({"reader": reader})


def render_macro(module: str, macro: str, reader: Reader = DEFAULT_READER, **data: Any) -> str:
    """Call one macro of a template module, e.g. a single reply note, for `reader`."""
    data = _in_language(data, reader)
    function = getattr(_macros(module, reader), macro, None)
    if function is None:
        raise LookupError(f"{module} has no macro {macro!r}")
    return str(function(**data)).strip("\n")
