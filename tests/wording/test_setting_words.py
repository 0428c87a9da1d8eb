"""A setting said in the reader's language (`judge.wording.settings`): the names and
values from the catalog, a language by Babel's name for it, a rule's value as the
master types it with what it means where the catalog says so."""

from __future__ import annotations

from judge.wording.settings import LANGUAGE_SETTING, language_name, rule_words, setting_said


def test_a_language_is_named_in_the_readers_language_by_babel() -> None:
    """No table of language names: Babel's CLDR names, so a new language needs none."""
    assert setting_said(LANGUAGE_SETTING, "en", "fr") == "Langue : anglais"
    assert setting_said(LANGUAGE_SETTING, "fr", "fr") == "Langue : français"
    assert setting_said(LANGUAGE_SETTING, "fr", "en") == "Language set to fr"  # as it was
    assert language_name("de", "fr") == "allemand" and language_name("zz", "fr") == "zz"


def test_a_rule_value_is_as_typed_with_its_meaning_where_the_catalog_gives_one() -> None:
    assert rule_words("rulebook", "current", "en") == "rulebook current"
    assert rule_words("rulebook", "current", "fr") == "rulebook current (DATC actuel)"
    assert rule_words("rulebook", "1971", "fr") == "rulebook 1971"  # a number: nothing to say
    assert rule_words("stalemate", "off", "fr") == "stalemate off (désactivée)"


def test_a_text_the_catalog_does_not_know_is_shown_as_it_is() -> None:
    assert setting_said("Zine", "zine@example.org", "fr") == "Zine : zine@example.org"
    assert setting_said("Some new setting", "on", "fr") == "Some new setting : oui"
    assert setting_said("Rule stalemate", "always", "fr") == "Règle stalemate : always"
