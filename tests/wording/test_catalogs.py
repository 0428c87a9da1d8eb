"""Every sentence the judge can say is translated in every catalog, placeholder for
placeholder.

The msgids are extracted here as `pybabel extract -F babel.cfg -k N_ -k NP_:1c,2`
does (the Python code's `_`, `gettext`, `ngettext`, `N_`, `NP_`; the templates'
`{% trans %}` and `_()`). Each catalog under `judge/locale/` must then hold each of them with a
msgstr that is not empty and not fuzzy (a fuzzy entry is left out of the compiled
catalog, so the reader would get English), with the same `%(name)s` and `{name}`
placeholders, and no entry the code no longer has. A sentence added to a template
without its French fails here, in the test suite, and names the sentence.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from judge.variants.registry import default_registry
from judge.wording.catalogs import catalog_path, languages_with_catalogs, translations
from judge.wording.french_filters import VARIANT_DISPLAY_NAMES
from judge.wording.readers import DEFAULT_LANGUAGE

REPOSITORY = Path(__file__).resolve().parents[2]
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "NP_": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdr]|\{(\w+)(?:![rsa])?(?::[^}]*)?\}")
TRANSLATED = [lang for lang in languages_with_catalogs() if lang != DEFAULT_LANGUAGE]


MsgKey = tuple[str | tuple[str, ...], str | None]


def extracted() -> dict[MsgKey, str]:
    """Every msgid of the code and templates (a plural's as its tuple) with its
    context, and where it is."""
    with (REPOSITORY / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    found: dict[MsgKey, str] = {}
    for filename, line, message, _comments, context in extract_from_dir(
        str(REPOSITORY), method_map, options_map, keywords=KEYWORDS
    ):
        msgid = message if isinstance(message, str) else tuple(m for m in message if m)
        found.setdefault((msgid, context), f"{filename}:{line}")
    return found


def catalog(language: str) -> Catalog:
    with catalog_path(language).open("rb") as po:
        return read_po(po, locale=language)


def placeholders(text: str) -> set[str]:
    return {a or b for a, b in PLACEHOLDER.findall(text)}


@pytest.fixture(scope="module")
def msgids() -> dict[MsgKey, str]:
    found = extracted()
    assert len(found) >= 10, "the extraction found almost nothing: is babel.cfg read?"
    return found


def test_the_extraction_finds_the_templates_and_the_code(
    msgids: dict[MsgKey, str],
) -> None:
    places = " ".join(msgids.values())
    assert "judge/templates/" in places
    assert "judge/language/" in places  # N_ in Python code


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_msgid_is_translated_with_the_same_placeholders(
    language: str, msgids: dict[MsgKey, str]
) -> None:
    entries = {(m.id, m.context): m for m in catalog(language) if m.id}
    problems = []
    for (msgid, context), where in msgids.items():
        entry = entries.get((msgid, context))
        if entry is None:
            problems.append(f"missing: {msgid!r} ({where})")
            continue
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if entry.fuzzy or not all(strings):
            problems.append(f"fuzzy or empty: {msgid!r} ({where})")
            continue
        english = set().union(
            *(placeholders(m) for m in (msgid if isinstance(msgid, tuple) else (msgid,)))
        )
        for translated in strings:
            if placeholders(translated) != english:
                problems.append(f"placeholders differ: {msgid!r} -> {translated!r} ({where})")
    assert not problems, f"{catalog_path(language)}:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_catalog_keeps_a_sentence_the_judge_no_longer_says(
    language: str, msgids: dict[MsgKey, str]
) -> None:
    stale = [m.id for m in catalog(language) if m.id and (m.id, m.context) not in msgids]
    assert not stale, f"{catalog_path(language)} has entries nothing extracts: {stale}"


def test_every_variant_name_a_catalog_translates_is_marked_for_extraction() -> None:
    """A variant's display name is shown through the catalog (`|translated`); the pure
    core cannot mark it, so `VARIANT_DISPLAY_NAMES` does, and must not fall behind."""
    registry = default_registry()
    shown = {registry.get(name).display_name for name in registry.names()} - {""}
    translated = {name for name in shown for lang in TRANSLATED
                  if translations(lang).gettext(name) != name}  # fmt: skip
    assert set(VARIANT_DISPLAY_NAMES) >= translated
    assert set(VARIANT_DISPLAY_NAMES) <= shown, "a marked name no variant has"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalog_compiles_and_translates(language: str) -> None:
    entries = [m for m in catalog(language) if m.id and isinstance(m.id, str)]
    assert entries
    compiled = translations(language)
    for entry in entries:
        found = (
            compiled.pgettext(entry.context, entry.id) if entry.context
            else compiled.gettext(entry.id)
        )  # fmt: skip
        assert found == entry.string
