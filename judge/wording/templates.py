"""The Jinja2 environments that hold the wording of every mail the judge sends, one
per language: the templates of `templates/`, written in English, with their
sentences translated by the reader's gettext catalog (`judge.wording.catalogs`,
`{% trans %}` and `_()` through `jinja2.ext.i18n`). Every language reads the same
templates; what a language's grammar asks of a value is a filter of `GRAMMAR`.

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
from judge.wording import command_errors, french_filters, lists, settings
from judge.wording.catalogs import translations
from judge.wording.command_table import command_table
from judge.wording.help_topics import topic_names
from judge.wording.mail_width import fit
from judge.wording.readers import DEFAULT_LANGUAGE, DEFAULT_READER, LANGUAGES, Reader
from judge.wording.time_display import show_time
from judge.wording.vocabulary import localized, wording_for


def _as_it_is(text: str | None) -> str | None:
    return text


def _setting_set(what: str, value: str, language: str) -> str:
    """`{{ setting|setting_set(value) }}`: `Press set to white (signed press).`, in
    the reader's language (`judge.wording.settings`)."""
    return f"{settings.setting_said(what, value, language)}."


def _unit_owner(unit: Any) -> str:
    """Whose a unit is, as a refused order says it: English by its adjective
    (`German`)."""
    return str(unit.nationality)


def _unit_owner_fr(unit: Any) -> str | None:
    """French says whose a unit is by its power's name (`Allemagne`)."""
    return french_filters.nom(unit.owner)


def _the_phases_fr(phases: Any) -> str:
    """`les mouvements du printemps 1902, les retraites du printemps 1902`."""
    return ", ".join(french_filters.les(words) or "" for words in phases)


def _wrapped_under(text: str, width: int, hang: str) -> str:
    """English lines wrapped as they always were (Jinja's `wordwrap`): at `width`
    characters, at hyphens too, and every continuation line starts with `hang` alone,
    whatever the line's own indent."""
    joint = "\n" + hang
    return joint.join(
        joint.join(
            textwrap.wrap(line, width=width, expand_tabs=False, replace_whitespace=False,
                          break_long_words=False)
        )
        for line in text.splitlines()
    )  # fmt: skip


# The grammatical forms a sentence of a shared template asks of a value before it is
# put in (`_("... %(power)s.", power=power|the)`): English says a power's name and a
# phase's words as they are; a language whose grammar wants more gives its own.
GRAMMAR: dict[str, dict[str, Any]] = {
    "en": {
        "the": _as_it_is, "the_powers": lists.and_list, "list_of_names": lists.and_list,
        "phase_of": _as_it_is, "phase_name": _as_it_is, "by_author": _as_it_is,
        "to_readers": lists.and_list,
        "of_powers": lists.and_list, "the_player_of": _as_it_is,
        "fit_translated": _as_it_is, "season_of": _as_it_is,
        "player_of_powers": lists.and_list, "powers_subject": ", ".join,
        "seat_players": _as_it_is, "the_powers_subject": lists.and_list, "The": _as_it_is,
        "wrap_item": _wrapped_under, "list_of_words": lists.and_list,
        "The_named": _as_it_is, "of_named": _as_it_is, "the_named_list": _as_it_is,
        "the_phase": _as_it_is, "the_phases": lists.and_list, "duration": _as_it_is,
        "the_listed": _as_it_is, "The_listed": _as_it_is, "unit_owner": _unit_owner,
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
        # A sentence the English template leaves to the body's rule, fitted in French
        "fit_translated": fit,
        "season_of": french_filters.saison_de,
        "player_of_powers": french_filters.le_joueur_de,
        "powers_subject": french_filters.Les_puissances,
        "seat_players": french_filters.du_joueur_de,
        "the_powers_subject": french_filters.Les_puissances,
        "The": french_filters.La,
        # An item of a list fitted within `width` UTF-8 bytes, `hang` included
        "wrap_item": fit,
        # Words, not names (`anglais et allemands`), joined as French lists them
        "list_of_words": functools.partial(lists.join_names, language="fr"),
        # A power as a refusal of the rules core names it (`GERMANY`, `FRANCE, ITALY`)
        "The_named": french_filters.La_puissance,
        "of_named": french_filters.de_puissance,
        "the_named_list": french_filters.la_liste,
        "the_phase": french_filters.les,
        "the_phases": _the_phases_fr,
        "duration": french_filters.duree,
        # a list the code joined with `, ` (`Austria, Italy`), as its French sentence says it
        "the_listed": functools.partial(french_filters.et_liste, article="la"),
        "The_listed": french_filters.Les_puissances,
        "unit_owner": _unit_owner_fr,
    },
}


# How a language lays out its tables and lists:
# * `power_heading`, `power_row`: the columns of LIST's powers, as wide as the
#   language's headings and names need;
# * `owner_column`, `adjustment_column`: where the centres of a power start in the
#   results (after its label, `France:`), a fixed column, or None: as far as the
#   longest label and one space;
# * `wrap(text, width, hang)`: a long line of a table (a Taskdip task, the centres of
#   a power) wrapped: English as `_wrapped_under`, French as the mail's `fit` (a
#   continuation line hangs under its line's indent, lengths in UTF-8 bytes).
LAYOUT: dict[str, dict[str, Any]] = {
    "en": {"power_heading": "%-9s %7s %5s", "power_row": "%-9s %7d %5d",
           "owner_column": 10, "adjustment_column": 8, "wrap": _wrapped_under},
    "fr": {"power_heading": "%-12s %7s %7s", "power_row": "%-12s %7d %7d",
           "owner_column": None, "adjustment_column": None, "wrap": fit},
}  # fmt: skip


def template_dir() -> Path:
    """The `templates/` folder: inside the installed package, or the source tree's."""
    return data_dir("templates")


def _loader() -> jinja2.BaseLoader:
    """Every language's templates: the one tree of `templates/` (a language differs
    only by its catalog and its `GRAMMAR` and `LAYOUT` entries)."""
    return jinja2.FileSystemLoader(str(template_dir()))


def forms(text: str, **values: Any) -> str:
    """`{{ _("The player of {power} ...")|forms(power=power|named, game=game) }}`: a
    sentence that names a power in several grammatical forms, each picked by its
    placeholder's format spec (French `{power:de}`, `{power:la}`:
    `command_errors.FORMS`). A value that is not `|named` is put in as it is; the
    values are put in by `str.format`, so a brace in one (a game's name, an address)
    is never read as a placeholder."""
    given = {
        key: value if isinstance(value, command_errors.ShownName) else command_errors.AsGiven(value)
        for key, value in values.items()
    }
    return text.format(**given)


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
        loader=_loader(),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        # i18n: `{% trans %}` and `_()`; do: the Intimate report builds its lines
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
    # A setting and a rule as the service words them, said by the reader's catalog.
    env.filters["setting_set"] = functools.partial(_setting_set, language=language)
    env.filters["rule_words"] = functools.partial(settings.rule_words, language=language)
    env.filters["help_topics"] = functools.partial(topic_names, language=language)
    # `{{ t.card|card_name }}`: Taskdip's `Ten` as the reader's packs name it (the
    # catalog's, marked in `judge.wording.variant_texts`).
    env.filters["card_name"] = functools.partial(catalog.pgettext, "playing card")
    env.filters["plural"] = plural
    # `power|named`: a power's name whose grammatical forms a `|forms` sentence picks
    env.filters["named"] = functools.partial(command_errors.ShownName, language=language)
    env.filters["forms"] = forms
    env.filters["fit"] = fit
    env.filters["command_table"] = command_table  # HELP COMMANDS' two columns
    env.filters["when"] = when
    env.filters.update(lists.FILTERS)  # and_list, is_are: every language may use them
    env.filters["quoted"] = repr  # `{{ word|quoted }}`: quoted as the code's {word!r}
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
