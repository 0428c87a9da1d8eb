"""A sample line of every command the dispatcher knows, for the tests that walk them
all (faults injected per command, the registry, each command's audience)."""

from __future__ import annotations

# One line (or press block) for every command of the dispatcher's table.
SAMPLES = (
    "HELP", "LIST", "HISTORY g1", "SUMMARY g1", "MAP g1", "CREATE g9 pw standard",
    "SIGNON Ag1 pw0", "OBSERVE g1 pw", "PREFERENCES A", "START", "BID 2 Italy", "BID NONE",
    "CANCEL A PAR", "ORDERS", "ENDORDERS", "A Vienna - Trieste", "SET WAIT",
    "SET PASSWORD newpw", "SET ADDRESS new@example.org", "SET TIMEZONE Europe/Paris",
    "SET ABSENCE 2026-02-01 TO 2026-02-03", "SET NOABSENCE", "PRESS TO ALL\nhello\nENDPRESS",
    "BROADCAST\nhello all\nENDPRESS", "DRAW", "NODRAW", "CONCEDE", "SET CONCEDE France",
    "STALEMATE", "RESIGN", "SIGNOFF", "SET DEADLINE 2026-01-05 12:00", "SET GRACE 24h",
    "SET MOVE NEXT 48h", "SET PLAYERS 7", "SET RULE nmr on", "SET ZINE z@example.org",
    "SET MAPS ON", "SET PRESS WHITE", "SET PARTIAL ON", "SET GUNBOAT ON", "SET LANGUAGE fr",
    "SET MAX ABSENCE 3", "SET DIAS", "PROCESS", "PAUSE", "RESUME", "TERMINATE",
    "EJECT Austria", "APPROVE France ann@example.org", "ROLLBACK", "CONFIRM 1234", "STOP",
    "UNOBSERVE g1", "PHASE F1901M", "CLEAR", "VERSION", "WHOGAME g1", "SIGNON ? secret",
    "BECOME England", "PROMOTE x@example.org", "SET NMR", "SET QUIET",
)  # fmt: skip
