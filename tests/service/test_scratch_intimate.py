import pytest
from service.harness import body_of
from service.intimate_game import start_intimate, bid, MASTER

SCRIPT = [
    ("S1901B", {"Germany": ["BID AUSTRIA 5", "BID ITALY 3", "BID RUSSIA 2"],
                "France": ["BID ITALY 1", "BID ITALY 4", "BID TURKEY 2", "BID TURKEY 0", "BID RUSSIA 2"]}),
    ("S1901M", {"Germany": ["A MUN-BUR", "A VIE H"], "France": ["A PAR-PIC", "F NAP-ION"]}),
    ("F1901M", {"Germany": ["A BUR H"], "France": ["F ION-TUN", "A PIC H"]}),
    ("W1901A", {"GM": ["PROCESS"]}),
    ("S1902B", {"Germany": ["BID ITALY 6", "BID AUSTRIA 1"], "France": ["BID AUSTRIA 3", "BID ITALY 2"]}),
    ("S1902M", {"Germany": ["A BUR H", "A VEN H"], "France": ["A PIC H", "A VIE H"]}),
    ("F1902M", {"Germany": ["A BUR H"], "France": ["A PIC H"]}),
    ("S1903B", {"Germany": ["BID ITALY 4", "BID TURKEY 3"], "France": ["BID AUSTRIA 10", "BID ITALY 10", "BID RUSSIA 5"]}),
    ("S1903M", {"France": ["A PIC H"], "Germany": ["A BUR-PAR"]}),
]
PROP = {"S1903B": {"Germany": ["BID ITALY 4", "BID TURKEY 3"], "France": ["BID AUSTRIA 40", "BID ITALY 30"]}}

@pytest.mark.parametrize("ruleset", ["intimate", "propaganda"])
def test_scratch(judge, ruleset):
    start_intimate(judge, ruleset)
    for phase, sends in SCRIPT:
        if ruleset == "propaganda":
            sends = PROP.get(phase, sends)
        assert judge.status()["phase"] == phase
        for who, lines in sends.items():
            if who == "GM":
                mails = judge.send(MASTER, "SIGNON Mg1 gmpass\n" + "\n".join(lines))
            else:
                p = judge.players[who]
                mails = judge.send(p.address, f"SIGNON {p.letter}g1 {p.password}\n" + "\n".join(lines))
            for m in mails:
                if m["To"] in ("gm@example.org", p.address):
                    print("=====", m["To"], m["Subject"]); print(body_of(m))
    print(judge.status())
    assert 0
