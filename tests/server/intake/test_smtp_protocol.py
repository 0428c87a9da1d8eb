"""The intake's quick reading of SMTP addresses agrees with aiosmtpd's own reader."""

from __future__ import annotations

from aiosmtpd.smtp import SMTP
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.rfc5322 import stdlib_only
from judge.server.smtp_protocol import _PLAIN, IntakeSMTP


def _reader(cls: type[SMTP], limit: int = 0) -> SMTP:
    reader = cls.__new__(cls)
    reader.local_part_limit = limit
    return reader


ATOM = st.text("abcXYZ09!#$%&'*+/=?^_`{|}~-", min_size=1, max_size=6)
LABEL = st.text("abz09-", min_size=1, max_size=5)
PLAIN = st.builds(
    lambda local, domain, params: f"<{'.'.join(local)}@{'.'.join(domain)}>"
    + (" " + " ".join(params) if params else ""),
    st.lists(ATOM, min_size=1, max_size=3),
    st.lists(LABEL, min_size=1, max_size=3),
    st.lists(st.text("SIZE=0123BODY8MIT.+-", min_size=1, max_size=8), max_size=2),
)
NEAR_MISS = st.text("<>@. abc\"\\[]()=,:;\t-", max_size=20)


def _outcome(cls: type[SMTP], arg: str) -> object:
    try:
        return _reader(cls)._getaddr(arg)
    except Exception as error:  # aiosmtpd itself fails on some garbage, e.g. "<"
        return type(error)


@settings(max_examples=400)
@given(st.one_of(PLAIN, NEAR_MISS, st.builds(lambda a, b: a + b, PLAIN, NEAR_MISS)))
def test_every_address_reads_as_aiosmtpd_reads_it(arg: str) -> None:
    assert _outcome(IntakeSMTP, arg) == _outcome(SMTP, arg)
    with stdlib_only():  # the switch sends every address to aiosmtpd's own reader
        assert _outcome(IntakeSMTP, arg) == _outcome(SMTP, arg)


@given(PLAIN)
def test_plain_addresses_take_the_quick_path(arg: str) -> None:
    assert _PLAIN.fullmatch(arg) is not None
    assert _reader(IntakeSMTP)._getaddr(arg) == _reader(SMTP)._getaddr(arg)


def test_the_local_part_limit_still_applies() -> None:
    long = "<" + "a" * 70 + "@example.org>"
    assert _reader(IntakeSMTP, 64)._getaddr(long) == (None, None)
    assert _reader(SMTP, 64)._getaddr(long) == (None, None)
    assert _reader(IntakeSMTP, 64)._getaddr("<ann@example.org> SIZE=12") == (
        "ann@example.org", "SIZE=12",
    )


def test_the_verb_and_auth_tables_are_the_same_as_aiosmtpds() -> None:
    import asyncio

    class Hooks:
        async def handle_DATA(self, *args: object) -> str:
            return "250 OK"

    async def tables() -> list[tuple[dict[str, object], dict[str, object], dict[str, object]]]:
        loop = asyncio.get_running_loop()
        made = []
        for cls in (SMTP, IntakeSMTP):
            protocol = cls(Hooks(), hostname="judge.example.org", loop=loop)
            made.append((
                {name: method.__func__ for name, method in protocol._smtp_methods.items()},
                {name: (attr.method.__func__, attr.is_builtin)
                 for name, attr in protocol._auth_methods.items()},
                dict.fromkeys(protocol._handle_hooks),
            ))  # fmt: skip
        return made

    stock, ours = asyncio.run(tables())
    assert ours == stock
    assert "DATA" in ours[0] and "PLAIN" in ours[1] and "DATA" in ours[2]


def test_the_intake_handler_shows_aiosmtpd_all_its_hooks() -> None:
    from judge.server.intake import IntakeHandler

    hooks = {name for name in vars(IntakeHandler) if name.startswith(("handle_", "auth_"))}
    assert hooks == {"handle_MAIL", "handle_RCPT", "handle_DATA"}
    assert set(dir(IntakeHandler.__new__(IntakeHandler))) == hooks
