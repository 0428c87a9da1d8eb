"""What the command language needs to know of the judge's variants, passed in.

CREATE names a variant (or an alias), HELP a topic (some are a variant's own), and
SIGNON a power by its initial: these words are the variant registry's
(`judge.variants.registry`), and the judge's registry is built once, by the command
line, and handed down by argument (`MailFacts.variants`). So the parser takes it as an
argument too, as this protocol, instead of building a registry of its own: a judge
whose registry holds another variant reads that variant's name in CREATE.
"""

from __future__ import annotations

from typing import Protocol


class Vocabulary(Protocol):
    """The registry's words, as the parser reads them (`VariantRegistry` is one)."""

    def listed_names(self) -> list[str]:
        """The variants' names, in the order CREATE's usage lists them."""
        ...

    def resolve(self, word: str) -> str | None:
        """The variant's name for a name or an alias (any case); None if unknown."""
        ...

    def help_topics(self) -> tuple[str, ...]:
        """Every HELP topic."""
        ...

    def topic_of(self, word: str) -> str | None:
        """The HELP topic of the variant named `word`; None for any other word."""
        ...

    def power_letters(self) -> str:
        """The initials SIGNON takes for a power."""
        ...
