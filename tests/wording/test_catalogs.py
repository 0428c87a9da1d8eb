"""Every sentence the judge can say is translated in every catalog, placeholder for
placeholder, in the `.po` file whose map extracts it.

The msgids are extracted here as `pybabel extract -F <map> -k N_ -k NP_:1c,2` does
(the Python code's `_`, `gettext`, `ngettext`, `N_`, `NP_`; the templates'
`{% trans %}` and `_()`), once per map: `babel.cfg` for `judge.po` (the mails),
`babel-commands.cfg` for `commands.po` (the command registry). A language's catalog,
the union of its `.po` files, must then hold each of them with a msgstr that is not
empty and not fuzzy (a fuzzy entry is left out of the compiled catalog, so the reader
would get English), with the same `%(name)s` and `{name}` placeholders. Each file
holds only what its map extracts (no entry the code no longer has, none that
`pybabel update` would move), and no msgid is in two files. A sentence added to a
template without its French fails here, in the test suite, and names the sentence.
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
from judge.variants.taskdip.tasks import CARDS
from judge.wording.catalogs import (
    CatalogConflict,
    catalog_paths,
    compiled,
    languages_with_catalogs,
    merged_catalog,
    translations,
)
from judge.wording.readers import DEFAULT_LANGUAGE
from judge.wording.variant_texts import (
    RULE_FLAG_HELP,
    RULE_VALUE_WORDS,
    TASKDIP_CARDS,
    VARIANT_DISPLAY_NAMES,
)

REPOSITORY = Path(__file__).resolve().parents[2]
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "NP_": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"%\((\w+)\)[-+ #0-9.]*[sdr]|\{(\w+)(?:![rsa])?(?::[^}]*)?\}")
TRANSLATED = [lang for lang in languages_with_catalogs() if lang != DEFAULT_LANGUAGE]


MsgKey = tuple[str | tuple[str, ...], str | None]
# Each `.po` file of a language (by its name) and the map of the sources it translates.
MAPS = {"judge": "babel.cfg", "commands": "babel-commands.cfg"}


def extracted(babel_map: str) -> dict[MsgKey, str]:
    """Every msgid `babel_map` extracts from the code and templates (a plural's as its
    tuple) with its context, and where it is."""
    with (REPOSITORY / babel_map).open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    found: dict[MsgKey, str] = {}
    for filename, line, message, _comments, context in extract_from_dir(
        str(REPOSITORY), method_map, options_map, keywords=KEYWORDS
    ):
        msgid = message if isinstance(message, str) else tuple(m for m in message if m)
        found.setdefault((msgid, context), f"{filename}:{line}")
    return found


def read(path: Path, language: str) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=language)


def keys(catalog: Catalog) -> set[MsgKey]:
    return {(m.id, m.context) for m in catalog if m.id}


def placeholders(text: str) -> set[str]:
    return {a or b for a, b in PLACEHOLDER.findall(text)}


@pytest.fixture(scope="module")
def by_map() -> dict[str, dict[MsgKey, str]]:
    """Each `.po` file's name and the msgids its map extracts."""
    found = {name: extracted(babel_map) for name, babel_map in MAPS.items()}
    for name, msgids in found.items():
        assert len(msgids) >= 10, f"{MAPS[name]} found almost nothing: is it read?"
    return found


@pytest.fixture(scope="module")
def msgids(by_map: dict[str, dict[MsgKey, str]]) -> dict[MsgKey, str]:
    """Every msgid of the code and templates."""
    return {key: where for found in by_map.values() for key, where in found.items()}


def test_the_extraction_finds_the_templates_and_the_code(
    by_map: dict[str, dict[MsgKey, str]],
) -> None:
    places = " ".join(by_map["judge"].values())
    assert "judge/templates/" in places
    assert "judge/language/" in places  # N_ in Python code
    assert "judge/service/commands/catalog/" not in places  # commands.po's
    assert "judge/service/commands/command_help.py" not in places  # commands.po's
    registry = by_map["commands"].values()
    assert all(where.startswith(("judge/service/commands/catalog/",
                                 "judge/service/commands/command_help.py"))
               for where in registry)  # fmt: skip


def test_no_msgid_is_extracted_by_two_maps(by_map: dict[str, dict[MsgKey, str]]) -> None:
    """`pybabel update` would put it in both files, which the judge refuses to load:
    a command's usage or description that is also a mail's sentence needs other words
    (or a context, `NP_`)."""
    assert not set(by_map["judge"]) & set(by_map["commands"])


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_file_of_a_language_has_a_map(language: str) -> None:
    names = [path.stem for path in catalog_paths(language)]
    assert sorted(names) == sorted(MAPS), f"{language}: {names}, the maps name {list(MAPS)}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_msgid_is_translated_with_the_same_placeholders(
    language: str, msgids: dict[MsgKey, str]
) -> None:
    entries = {(m.id, m.context): m for m in merged_catalog(catalog_paths(language), language)
               if m.id}  # fmt: skip
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
    folder = catalog_paths(language)[0].parent
    assert not problems, f"{folder}:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_file_keeps_only_what_its_map_extracts(
    language: str, by_map: dict[str, dict[MsgKey, str]]
) -> None:
    """An entry nothing extracts any more, or one in the other file (where `pybabel
    update` would drop it), fails."""
    for path in catalog_paths(language):
        stray = [m.id for m in read(path, language)
                 if m.id and (m.id, m.context) not in by_map.get(path.stem, {})]  # fmt: skip
        assert not stray, f"{path} has entries {MAPS.get(path.stem)} does not extract: {stray}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_msgid_is_in_two_files(language: str) -> None:
    seen: dict[MsgKey, Path] = {}
    twice = []
    for path in catalog_paths(language):
        for key in keys(read(path, language)):
            if key in seen:
                twice.append(f"{key[0]!r} in {seen[key].name} and {path.name}")
            seen.setdefault(key, path)
    assert not twice


def _write_po(path: Path, body: str, plural: str = "nplurals=2; plural=(n > 1);") -> Path:
    path.write_text(
        f'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Plural-Forms: {plural}\\n"\n'
        '"Content-Type: text/plain; charset=utf-8\\n"\n\n' + body,
        encoding="utf-8",
    )
    return path


def test_the_files_of_a_language_are_merged_into_one_catalog(tmp_path: Path) -> None:
    mails = _write_po(
        tmp_path / "judge.po",
        'msgid "%(num)d unit"\nmsgid_plural '
        '"%(num)d units"\nmsgstr[0] "%(num)d unité"\nmsgstr[1] "%(num)d unités"\n',
    )
    commands = _write_po(tmp_path / "commands.po", 'msgid "MAP game"\nmsgstr "MAP partie"\n')
    translated = compiled(merged_catalog((commands, mails), "fr"))
    assert translated.gettext("MAP game") == "MAP partie"
    assert translated.ngettext("%(num)d unit", "%(num)d units", 0) == "%(num)d unité"
    assert translated.ngettext("%(num)d unit", "%(num)d units", 2) == "%(num)d unités"


def test_a_msgid_in_two_files_is_refused_at_load(tmp_path: Path) -> None:
    mails = _write_po(tmp_path / "judge.po", 'msgid "MAP game"\nmsgstr "CARTE partie"\n')
    commands = _write_po(tmp_path / "commands.po", 'msgid "MAP game"\nmsgstr "MAP partie"\n')
    both = r"'MAP game' is in .*commands\.po and in .*judge\.po"
    with pytest.raises(CatalogConflict, match=both):
        merged_catalog((commands, mails), "fr")


def test_the_same_msgid_in_another_context_is_another_message(tmp_path: Path) -> None:
    one = _write_po(tmp_path / "judge.po", 'msgctxt "phase"\nmsgid "Bid"\nmsgstr "Enchères"\n')
    other = _write_po(tmp_path / "commands.po", 'msgid "Bid"\nmsgstr "Enchère"\n')
    translated = compiled(merged_catalog((other, one), "fr"))
    assert (translated.pgettext("phase", "Bid"), translated.gettext("Bid")) == (
        "Enchères", "Enchère")  # fmt: skip


def test_files_that_count_differently_are_refused_at_load(tmp_path: Path) -> None:
    mails = _write_po(tmp_path / "judge.po", 'msgid "a"\nmsgstr "un"\n')
    commands = _write_po(tmp_path / "commands.po", 'msgid "b"\nmsgstr "deux"\n',
                         plural="nplurals=2; plural=(n != 1);")  # fmt: skip
    with pytest.raises(CatalogConflict, match="counts"):
        merged_catalog((commands, mails), "fr")


def test_every_variant_name_a_catalog_translates_is_marked_for_extraction() -> None:
    """A variant's display name is shown through the catalog (`|translated`); the pure
    core cannot mark it, so `VARIANT_DISPLAY_NAMES` does, and must not fall behind."""
    registry = default_registry()
    shown = {registry.get(name).display_name for name in registry.names()} - {""}
    translated = {name for name in shown for lang in TRANSLATED
                  if translations(lang).gettext(name) != name}  # fmt: skip
    assert set(VARIANT_DISPLAY_NAMES) >= translated
    assert set(VARIANT_DISPLAY_NAMES) <= shown, "a marked name no variant has"


def test_every_rule_flag_help_and_value_a_variant_has_is_marked_for_extraction() -> None:
    """A rule flag's help (`HELP gm`) and the words among its values are shown through
    the catalog; the pure core cannot mark them, so `judge.wording.variant_texts`
    does, each exactly as a variant writes it, and nothing a variant does not have."""
    registry = default_registry()
    flags = [spec for name in registry.names() for spec in registry.get(name).rule_flags.values()]
    assert set(RULE_FLAG_HELP) == {help_text for _, _, help_text in flags}
    values = {value for default, allowed, _ in flags for value in (default, *allowed)}
    assert set(RULE_VALUE_WORDS) <= values, "a marked value no rule flag takes"
    assert set(RULE_VALUE_WORDS) == {value for value in values if not value[0].isdigit()}
    assert TASKDIP_CARDS == CARDS, "Taskdip's cards, as its table names them"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalog_compiles_and_translates(language: str) -> None:
    """Every entry of every file reaches the judge's compiled catalog."""
    compiled_catalog = translations(language)
    for path in catalog_paths(language):
        entries = [m for m in read(path, language) if m.id and isinstance(m.id, str)]
        assert entries, f"{path} is empty"
        for entry in entries:
            found = (
                compiled_catalog.pgettext(entry.context, entry.id) if entry.context
                else compiled_catalog.gettext(entry.id)
            )  # fmt: skip
            assert found == entry.string, f"{path}: {entry.id!r}"
