"""The judge's own reply sentences, pasted back without `>`, are not errors.

A player who copies their last reply into the next mail sends `Signed on as France
in 'g1'.` and `Your orders in 'g1' for ...:` among their orders. They were refused
as unknown commands (an error, `[Error]` in the subject); they are the judge's own
wording: skipped, and the reply says so once.
"""

from __future__ import annotations

from support.service.harness import JudgeHarness, body_of

from judge.mail.body_lines import command_lines


def test_pasted_judge_sentences_are_skipped_and_noted_once(judge: JudgeHarness) -> None:
    judge.start_game()
    france = judge.players["France"]
    reply = judge.reply(france.address, "\n".join([
        f"SIGNON Fg1 {france.password}", "Signed on as France in 'g1'.", "A PAR-BUR",
        "Your orders in 'g1' for Movement for Spring of 1901:", "A MAR H",
    ]))  # fmt: skip
    text = " ".join(body_of(reply).split())
    assert "[Error]" not in str(reply["Subject"]), reply["Subject"]
    assert text.count("of the judge's own reply") == 1, text
    assert "2 lines of the judge's own reply, pasted without '>', skipped" in text, text
    assert "No errors found in your mail." in text and "OK: Army Marseilles HOLD." in text


def test_the_french_sentences_are_recognised_and_commands_kept() -> None:
    lines, problems = command_lines(
        "SIGNON Fg1 pw\nConnecté : vous jouez la France dans 'g1'.\n"
        "Vos ordres dans 'g1' pour les mouvements du printemps 1901 :\nA PAR-BUR\n"
    )
    assert lines == ("SIGNON Fg1 pw", "A PAR-BUR")
    assert problems == ["2 lines of the judge's own reply, pasted without '>', skipped (not "
                        "commands)"]  # fmt: skip


def test_a_sentence_inside_press_is_part_of_the_press() -> None:
    lines, problems = command_lines("PRESS\nSigned on as France in 'g1'.\nENDPRESS\n")
    assert lines == ("PRESS", "Signed on as France in 'g1'.", "ENDPRESS") and problems == []
