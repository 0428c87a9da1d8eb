"""French mail over SMTP: a French-speaking player's year, and a French game.

Against a real `judge serve`, an Intimate game (Germany: ann, France: bob) is
played by mail through a whole year: bids, spring, fall and the winter the master
processes. Bob sends SET LANGUAGE FR after SIGNON: from then on the replies and
the results he receives are in French (with French power and province names),
while ann, the master and the observer keep reading English. A second game is
created with the LANGUAGE FR option: its start and results mails are French for
everyone, the observer too.
"""

from __future__ import annotations

from collections.abc import Callable
from email.message import EmailMessage

from support.e2e.intimate_by_mail import (
    ANN,
    BOB,
    MASTER,
    OBSERVER,
    YEARS_1901_1902,
    _send,
    _with_rest,
)
from support.e2e.judge_process import Judge, _body

from judge.wording.subjects import subject_in

AUDIENCE = {ANN, BOB, MASTER, OBSERVER}


def _everyone(subject: str) -> Callable[[list[EmailMessage]], list[EmailMessage]]:
    """The mails of `subject` to everyone, each reader's in their language (a French
    reader's subject is French: `S1901B Résultats`)."""
    head, _, what = subject.partition(" - ")
    either = {subject, f"{head} - {subject_in(what, 'fr')}"}

    def found(mails: list[EmailMessage]) -> list[EmailMessage]:
        matching = [m for m in mails if m["Subject"] in either]
        return matching if {m["To"] for m in matching} >= AUDIENCE else []

    return found


def _sign_up(judge: Judge, create: str) -> dict[str, str]:
    reply = _body(judge.send(MASTER, create))
    judge.send(OBSERVER, "OBSERVE g1 look")
    judge.send(ANN, "SIGNON ?g1 annpw\nPREFERENCES GERMANY")
    judge.send(BOB, "SIGNON ?g1 bobpw\nPREFERENCES F")
    starts = judge.wait_for(_everyone("TEST:g1 - Game Start"), "the start mails")
    return {"create": reply, **{m["To"]: _body(m) for m in starts}}


def test_a_french_speaking_player_plays_a_year_by_mail_in_french(quick_judge: Judge) -> None:
    judge = quick_judge
    _sign_up(judge, "CREATE g1 gmpass intimate")
    reply = _body(judge.send(BOB, "SIGNON Fg1 bobpw\nSET LANGUAGE FR"))
    assert "Connecté : vous jouez la France dans 'g1'." in reply, reply
    assert "Désormais, vous recevez le courrier de 'g1' en français." in reply, reply
    assert "Aucune erreur trouvée dans votre courrier." in reply, reply

    replies: dict[tuple[str, str], str] = {}
    results: dict[str, dict[str, str]] = {}
    for phase, mails in YEARS_1901_1902[:4]:  # S1901B, S1901M, F1901M, W1901A
        status = judge.status()
        earlier: dict[str, list[str]] = {}
        for who, lines in mails:
            full = _with_rest(status, who, lines, earlier.setdefault(who, []))
            if phase.endswith("B"):
                full = (*full, "SET NOWAIT")  # the bid phase waits for everyone's (njudge)
            earlier[who].extend(full)
            replies.setdefault((phase, who), _send(judge, who, full))
        found = judge.wait_for(_everyone(f"TEST:g1 - {phase} Results"), f"{phase} results")
        results[phase] = {m["To"]: _body(m) for m in found}

    # Bob's replies are French, ann's English.
    bids = replies[("S1901B", "France")]
    assert "Vos enchères dans 'g1' pour S1901B : Italie 4, Russie 2 (total 6)." in bids, bids
    assert "Vous avez\n20 crédits." in bids, bids
    assert "la phase S1901B a été traitée, et la partie est maintenant en S1901M." in bids
    assert "Your bids in 'g1' for S1901B: Austria 5" in replies[("S1901B", "Germany")]
    spring = replies[("S1901M", "France")]
    assert "OK : Armée Paris -> Picardie." in spring, spring
    assert "OK : Flotte Naples -> Mer Ionienne." in spring, spring
    assert "Vous ne contrôlez pas l'Autriche cette année." in spring, spring
    assert "You do not control" not in spring, spring
    assert "OK: Army Munich -> Burgundy." in replies[("S1901M", "Germany")]

    # The results: French for bob, English for everyone else.
    bid_fr, bid_en = results["S1901B"][BOB], results["S1901B"][OBSERVER]
    assert "Résultats des enchères du printemps 1901." in bid_fr, bid_fr
    assert "L'Allemagne enchérit 5 sur l'Autriche." in bid_fr, bid_fr
    assert "Italie : contrôlée par la France." in bid_fr, bid_fr
    assert "France : 20 - 4 = 16 crédits." in bid_fr, bid_fr
    assert "La prochaine phase de 'g1' sera : Mouvements du printemps 1901." in bid_fr
    assert "Bid results for Spring of 1901." in bid_en, bid_en
    assert "Germany bids 5 for Austria." in bid_en
    assert results["S1901B"][ANN] == results["S1901B"][MASTER] == bid_en

    spring_fr = results["S1901M"][BOB]
    assert "Résultats des mouvements du printemps 1901." in spring_fr, spring_fr
    assert "Allemagne : Armée Munich -> Bourgogne." in spring_fr, spring_fr
    assert "France : Armée Paris -> Picardie." in spring_fr, spring_fr
    assert "Movement results for Spring of 1901." in results["S1901M"][ANN]
    assert "Germany: Army Munich -> Burgundy." in results["S1901M"][ANN]

    fall_fr = results["F1901M"][BOB]
    assert "Résultats des mouvements de l'automne 1901." in fall_fr, fall_fr
    assert "Italie : Flotte Mer Ionienne -> Tunis." in fall_fr, fall_fr
    assert "Possession des centres de ravitaillement :" in fall_fr, fall_fr
    assert "France : 16 + 3 = 19 crédits." in fall_fr, fall_fr
    assert "Ownership of supply centers:" in results["F1901M"][ANN]

    winter_fr = results["W1901A"][BOB]
    assert "Résultats des ajustements de l'hiver 1901." in winter_fr, winter_fr
    assert "Italie : Construit une armée à " in winter_fr, winter_fr
    assert "Le judge a donné pour l'Italie : A NAP B (construction manquante)." in winter_fr
    assert "Adjustment results for Winter of 1901." in results["W1901A"][OBSERVER]
    assert "Pour ne plus recevoir ce courrier, envoyez UNOBSERVE g1" in winter_fr
    for text in (results["W1901A"][ANN], results["W1901A"][MASTER]):
        assert "Résultats" not in text and "To stop this mail, send UNOBSERVE g1" in text


def test_a_game_created_in_french_writes_its_public_mails_in_french(quick_judge: Judge) -> None:
    mails = _sign_up(quick_judge, "CREATE g1 gmpass intimate LANGUAGE FR")
    assert "Partie 'g1' (Intimate Diplomacy (I-A, rx03)) créée." in mails["create"], mails
    for address in AUDIENCE:
        start = mails[address]
        assert "La partie 'g1' (Intimate Diplomacy (I-A, rx03)) a commencé." in start, start
        assert "La première phase de 'g1' est : Enchères du printemps 1901." in start, start
    assert "Votre pays d'origine est l'Allemagne.\nVotre adversaire joue la France." in mails[ANN]
    assert "Vous commencez avec 22 crédits." in mails[ANN]
    assert "Crédits de départ : France 20, Allemagne 22." in mails[OBSERVER], mails[OBSERVER]

    reply = _body(quick_judge.send(ANN, "SIGNON Gg1 annpw\nBID AUSTRIA 5\nSET NOWAIT"))
    assert "Vos enchères dans 'g1' pour S1901B : Autriche 5 (total 5)." in reply, reply
    quick_judge.send(BOB, "SIGNON Fg1 bobpw\nBID ITALY 4\nSET NOWAIT")
    found = quick_judge.wait_for(_everyone("TEST:g1 - S1901B Results"), "the bid results")
    for mail in found:
        text = _body(mail)
        assert "Résultats des enchères du printemps 1901." in text, text
        assert "La France enchérit 4 sur l'Italie." in text, text
        assert "Angleterre : anarchie." in text, text
