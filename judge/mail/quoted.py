"""Tell, line by line, where a mail's own text ends and quoted text begins.

A player's reply often carries the judge's mail under it, and whatever the judge
reads there it would obey: a pasted `France: Army Paris -> Burgundy.` replaced the
player's `A PAR H`. So the body reader (`judge.mail.body_lines`) asks `verdict`
about each line, and stops reading at the first line that starts a quoted mail:

* a forwarded or original-message marker (`---------- Forwarded message ---------`,
  `-----Original Message-----`, `Begin forwarded message:`, `-------- Message
  transféré --------`, Outlook's line of underscores), in the common languages;
* a quoted header block: a `From:` line followed, within the next lines, by at
  least two of `Sent:`/`Date:`/`To:`/`Cc:`/`Subject:` (Outlook on Windows and Mac;
  French `De :`/`Envoyé :`/`À :`/`Objet :`; German, Spanish, Italian, Dutch);
* an attribution line (`On ... wrote:`, `Le ... a écrit :`, `Am ... schrieb ...:`,
  `El ... escribió:`, `Il ... ha scritto:`, `Op ... schreef ...:`, `Em ... escreveu:`),
  also when Gmail breaks it in two, that is NOT followed by `>`-quoted lines;
* a phone client's signature (`Sent from my iPhone`, `Envoyé de mon iPhone`,
  `Get Outlook for Android`): the mail's own text is above it;
* outside press, a line in the judge's own layout: a results line (`France: Army
  Paris -> Burgundy.`, `France : Armée Paris -> Bourgogne.`, `Germany: Builds an
  army in Kiel.`), a phase title (`Movement results for Spring of 1901.`), a reply
  line (`OK: ...`, `*** Error: ...`, `No errors found in your mail.`) or a game
  mail's header (`:: Judge: ...`). No player types these; they are the judge's mail
  pasted back without a separator, and everything after them is pasted too, so
  reading stops there rather than skipping the one line.

An attribution line that IS followed by `>`-quoted lines is skipped, with the
quoted lines, and reading goes on after them: Thunderbird's default is to answer
below the quote, and a `>` marks exactly what was quoted. Inside press
(`PRESS` ... `ENDPRESS`) `>` lines and judge-layout lines are kept (they are part
of the message to the other players), but a marker, header block, attribution or
phone signature still ends the mail: what follows is the quoted original, which
the other players must not get.

Why not a library: the two maintained candidates, quotequail and mail-parser-reply,
were run on the client corpus (tests/mail/replies) and on hostile bodies by
`bench/quoted_replies.py`. Each read 17 of the 30 samples right: neither knows the
judge's own lines pasted without a separator, phone signatures above a quote, press,
or (quotequail) an Outlook header block with no separator line above it;
mail-parser-reply did not finish a single line of 16 KB within a minute (its
multi-line patterns backtrack), and quotequail spends seconds per MB of short lines.
Both find where a reply ends; neither can say "skip this quote, the answer is below".

`verdict` looks at most `LOOKAHEAD` lines ahead of the one it is asked about, by
index (nothing is copied), and each pattern is matched once per line, so reading a
mail costs time linear in its size.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence

LOOKAHEAD = 6  # lines looked at after an attribution or a `From:` line


class Verdict(enum.Enum):
    READ = "read"  # the player's own line
    SKIP = "skip"  # quoted (`>`) or an attribution line above `>`-quoted text
    STOP = "stop"  # a quoted or forwarded mail starts here: nothing after it is read
    PASTED = "pasted"  # a sentence of the judge's reply pasted back without `>`: skipped


_MARKER = re.compile(
    r"-{2,}\s*(original message|forwarded message|message d'origine|message original"
    r"|message transf[ée]r[ée]|message r[ée]exp[ée]di[ée]|urspr[üu]ngliche nachricht"
    r"|weitergeleitete nachricht|mensaje original|mensaje reenviado|messaggio originale"
    r"|messaggio inoltrato|oorspronkelijk bericht|doorgestuurd bericht)\s*-{2,}"
    r"|_{20,}"
    r"|(begin forwarded message|d[ée]but du message (r[ée]exp[ée]di[ée]|transf[ée]r[ée])"
    r"|anfang der weitergeleiteten (nachricht|e-mail)|inicio del mensaje reenviado"
    r"|inizio messaggio inoltrato)\s*:",
    re.IGNORECASE,
)
_FROM_FIELD = re.compile(r"\*?(from|de|von|da|van|från)\s?:\*?\s*\S.*", re.IGNORECASE)
_OTHER_FIELD = re.compile(
    r"\*?(sent|date|to|cc|subject|envoy[ée]|[àa]|objet|gesendet|datum|an|betreff"
    r"|enviado|enviado el|fecha|para|asunto|inviato|data|a|oggetto|verzonden|aan"
    r"|onderwerp)\s?:\*?(\s.*)?",
    re.IGNORECASE,
)
_WROTE = re.compile(
    r"\b(wrote|writes|a [ée]crit|schrieb|escribi[óo]|ha scritto|scrisse|escreveu|schreef|skrev)\b",
    re.IGNORECASE,
)
_ATTRIBUTION_START = re.compile(r"(on|le|am|el|il|op|em|den)\s", re.IGNORECASE)
# Gmail breaks a long attribution in two: "On Tue, Dec 1, 2026 at 6:00 PM Judge <" and
# "judge@example.org> wrote:" (or "Am ... schrieb Judge <" and "judge@example.org>:").
# The first half starts like one and holds a date.
_DIGIT = re.compile(r"\d")
_PHONE_SIGNATURE = re.compile(
    r"(sent from my|sent from outlook for|envoy[ée] (de|depuis) mon|von meinem|enviado desde mi"
    r"|inviato da|verzonden met|get outlook for|obtenir outlook pour|t[ée]l[ée]charger"
    r" outlook pour)\s[^:<>]{1,50}(<[^<>\s]{1,200}>)?",
    re.IGNORECASE,
)
# The judge's own lines (`judge.wording.vocabulary`, templates/reply.txt.j2, _header).
_JUDGE_ORDER = (
    r"(army|fleet|unit|arm[ée]e|flotte|unit[ée]) .*"
    r"|builds an? (army|fleet) in .*|removes the (army|fleet) in .*|build waived"
    r"|construit une (arm[ée]e|flotte) [àa] .*|retire (l'arm[ée]e|la flotte) de .*"
    r"|construction abandonn[ée]e"
)
_JUDGE_LINE = re.compile(
    rf"[^\s:>][^:]{{0,40}}\s?:\s({_JUDGE_ORDER})\.(\s+\(\*[^*]*\*\))?"
    r"|(ok|\*\*\* error|\*\*\* erreur)\s?:\s.*"
    r"|::\s(judge|deadline|date limite)\s?:.*"
    r"|(movement|retreat|adjustment|bid) results for (spring|fall|winter) of \d+\."
    r"|r[ée]sultats des (mouvements|retraites|ajustements|ench[èe]res) .*\d\."
    r"|(no|\d+) errors? found in your mail\."
    r"|(aucune|\d+) erreurs? trouv[ée]es? dans votre courrier\.",
    re.IGNORECASE,
)


# Sentences of the judge's replies that a player pastes back among their commands
# (`Signed on as France in 'g1'.`, `Your orders in 'g1' for ...:`), in English and
# French (templates/notes.txt.j2). They are not commands: skipped, and the reply says so.
_JUDGE_REPLY = re.compile(
    r"signed on as .+ in '[^']+'( \(you also play .+\))?\."
    r"|signed on as (the master|an observer) of '[^']+'\."
    r"|connect[ée] : vous jouez .+ dans '[^']+'( \(et aussi .+\))?\."
    r"|connect[ée] en tant (que ma[îi]tre|qu'observateur) de '[^']+'\."
    r"|your orders in '[^']+' for .+:"
    r"|vos ordres dans '[^']+' pour .+ :",
    re.IGNORECASE,
)


def verdict(lines: Sequence[str], index: int, in_press: bool) -> Verdict:
    """What to do with `lines[index]` (right-stripped lines of the body), given
    whether it falls inside a press block."""
    line = lines[index].strip()
    if not line:
        return Verdict.READ
    if _MARKER.fullmatch(line) or _PHONE_SIGNATURE.fullmatch(line):
        return Verdict.STOP
    if _starts_header_block(lines, index):
        return Verdict.STOP
    if is_quote(line):
        return Verdict.READ if in_press else Verdict.SKIP
    attribution = _attribution(lines, index)
    if attribution is not None:
        return _attribution_verdict(lines, attribution, in_press)
    if not in_press and _JUDGE_LINE.fullmatch(line):
        return Verdict.STOP
    if not in_press and _JUDGE_REPLY.fullmatch(line):
        return Verdict.PASTED
    return Verdict.READ


def is_quote(line: str) -> bool:
    """A line of text quoted the usual way, with `>`."""
    return line.lstrip().startswith(">")


def _attribution(lines: Sequence[str], index: int) -> tuple[int, bool] | None:
    """(the index of the line that ends the attribution, whether it has the usual
    `On/Le/Am ... wrote:` form) when `lines[index]` is one or half of one; else None."""
    line = lines[index].strip()
    if index > 0 and _split_attribution(lines[index - 1].strip(), line):
        return index, True
    if _is_wrote_line(line):
        return index, bool(_ATTRIBUTION_START.match(line))
    if index + 1 < len(lines) and _split_attribution(line, lines[index + 1].strip()):
        return index + 1, True
    return None


def _split_attribution(first: str, second: str) -> bool:
    """Are these two lines one attribution that the client broke in two?"""
    return (
        bool(_ATTRIBUTION_START.match(first) and _DIGIT.search(first))
        and not _is_wrote_line(first)
        and not _ATTRIBUTION_START.match(second)
        and _is_wrote_line(f"{first} {second}")
    )


def _is_wrote_line(line: str) -> bool:
    """A line that ends with `wrote:` (`a écrit :`), or with `schrieb Name <address>:`:
    the verb stands after the line's last colon but the one that ends it (a time
    such as `10:00` may come before). String searches only: linear in the line."""
    if not line.endswith(":"):
        return False
    head = line[:-1]
    return bool(_WROTE.search(head, head.rfind(":") + 1))


def _attribution_verdict(
    lines: Sequence[str], attribution: tuple[int, bool], in_press: bool
) -> Verdict:
    last, usual = attribution
    if _quote_follows(lines, last) and not in_press:
        return Verdict.SKIP
    return Verdict.STOP if usual else Verdict.READ


def _quote_follows(lines: Sequence[str], index: int) -> bool:
    """Is the first non-blank line after `lines[index]`, within `LOOKAHEAD`, quoted?"""
    for after in range(index + 1, min(len(lines), index + 1 + LOOKAHEAD)):
        line = lines[after].strip()
        if line:
            return is_quote(line)
    return False


def _starts_header_block(lines: Sequence[str], index: int) -> bool:
    """A `From:` line with at least two more header fields in the next lines."""
    if not _FROM_FIELD.fullmatch(lines[index].strip()):
        return False
    fields = 0
    for after in range(index + 1, min(len(lines), index + 1 + LOOKAHEAD)):
        if _OTHER_FIELD.fullmatch(lines[after].strip()):
            fields += 1
    return fields >= 2
