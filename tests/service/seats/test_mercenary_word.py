"""An Intimate mercenary has one name in every reply: SIGNON, APPROVE and BECOME
naming one all say "mercenary" (French: "mercenaire"), never "nobody plays",
"somebody plays" or "civil disorder" (issue 32)."""

from __future__ import annotations

from support.service.harness import JudgeHarness, body_of
from support.service.intimate_game import MASTER, start_intimate

FORBIDDEN = ("Nobody plays", "nobody plays", "Somebody plays", "civil disorder")


def _refusals(judge: JudgeHarness) -> dict[str, str]:
    return {
        "SIGNON": body_of(judge.reply("new@example.org", "SIGNON Ag1 newpass")),
        "APPROVE": body_of(
            judge.reply(MASTER, "SIGNON Mg1 gmpass\nAPPROVE AUSTRIA new@example.org")
        ),
        "BECOME": body_of(judge.reply(MASTER, "SIGNON Mg1 gmpass\nBECOME AUSTRIA")),
    }


def test_signon_approve_and_become_call_a_mercenary_a_mercenary(judge: JudgeHarness) -> None:
    start_intimate(judge)
    for command, text in _refusals(judge).items():
        flat = " ".join(text.split())
        assert "Austria is a mercenary in 'g1'" in flat, (command, text)
        assert f"{command} cannot give it" in flat, (command, text)
        assert not any(word in flat for word in FORBIDDEN), (command, text)


def test_the_same_word_in_french(judge: JudgeHarness) -> None:
    start_intimate(judge)
    judge.reply(MASTER, "SIGNON Mg1 gmpass\nSET LANGUAGE fr")
    for command, text in _refusals(judge).items():
        flat = " ".join(text.split())
        assert "l'Autriche est une puissance mercenaire" in flat, (command, text)
        assert "Personne ne joue" not in flat and "désordre civil" not in flat, (command, text)


def test_a_home_power_is_no_mercenary(judge: JudgeHarness) -> None:
    start_intimate(judge)
    text = " ".join(body_of(judge.reply(MASTER, "SIGNON Mg1 gmpass\nBECOME FRANCE")).split())
    assert "mercenary" not in text
