"""The gettext marker for English text that is worded for the reader later.

Text that a player reads is written in English in the code and translated when a
mail is written, in the reader's language (the catalogs under `judge/locale/`).
Where the English is a constant (a command's usage line, a help summary) rather than
a call at wording time, it is wrapped in `N_`, which returns it unchanged: the
marker lets `pybabel extract` find it, so the catalogs list every sentence the judge
can say. This module imports nothing of the judge, so every layer may use it.
"""

from __future__ import annotations


def N_(text: str) -> str:
    """Mark `text` for the catalogs; the translation happens where the mail is worded."""
    return text


def NP_(context: str, text: str) -> str:
    """`N_` with a context: the same English in another role (`Movement` in phase words
    and in a results title) is another msgid, which a language may word differently."""
    return text
