"""What the French mail tests look for: English words a French mail never needs,
and the power a French start mail gives its reader."""

from __future__ import annotations

import re

from judge.wording.names_fr import FRENCH_POWER_NAMES
from support.service.harness import JudgeHarness, start_mail_texts

# Words a French mail never needs; each was once left in one.
ENGLISH = re.compile(
    r"\b(the|and|of|is|are|has|have|your|you|with|from|by|to|in|for|not|was|were|been|"
    r"game|player|players|orders|order|deadline|won|draw|resigned|over|"
    r"Anonymous|Master|Notice|Broadcast|Results|results|Movement|Retreat|Adjustment|"
    r"Spring|Fall|Winter|Supply|centers|Press|Private|Game|Deadline|"
    # a duration, an order, a setting or an answer worded in English
    r"days?|hours?|seconds?|Army|Fleet|army|fleet|HOLD|SUPPORT|CONVOY|Builds?|"
    r"Removes?|Waives?|Withdrawn|Already|duplicate|Error|errors?|found|mail|signed|"
    r"white|grey|allowed|yes|this|that|it|at|or|be|will|must|only|Rule|Grace|Maps|"
    r"Language|Partial|Maximum|credits|controlled|anarchy|neutral|task|wins?|owns|"
    r"fulfils|Sign|none|no|"
    # a Taskdip card
    r"Seven|Eight|Nine|Ten)\b"
)


def power_from_french_start_mail(judge: JudgeHarness, address: str, game: str) -> str:
    english = {french: english for english, french in FRENCH_POWER_NAMES.items()}
    for text in start_mail_texts(judge, address):
        found = re.search(r"Vous jouez (?:la |l')(\w+)\.", text)  # la France, l'Autriche
        if found:
            return english[found.group(1)]
    raise AssertionError(f"no French start mail for {address}")
