"""A game setting is its command class: one declared in this module alone, registered
into a copy of the judge's registry, is a CREATE option and a master's SET line,
applied to the game's settings and said back in the reply by its own class (no
branch of `settings.apply_settings` or of the reply's wording knows it)."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest
from support.service.harness import JudgeHarness, body_of

import judge.service.replies.dispatch as dispatch
from judge.i18n import N_
from judge.language.arguments import no_arguments
from judge.service.commands.catalog.game_settings import MasterSetting
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.variants.base import Variant


@dataclass(frozen=True)
class Hush:
    on: bool


class SetHush(MasterSetting[Hush]):
    """`SET HUSH`: QUIET under another name, declared here and nowhere else."""

    name = "SET HUSH"
    usage = N_("SET HUSH")
    description = N_("resignations told to the masters only")
    handles = (Hush,)

    def read(self, rest: str) -> Hush:
        no_arguments(self.name, rest)
        return Hush(True)

    def apply(self, command: Hush, settings: GameSettings, variant: Variant) -> GameSettings:
        return replace(settings, quiet=command.on)

    def said(self, command: Hush, settings: GameSettings) -> tuple[str, str]:
        return "Hush", "on" if command.on else "off"


@pytest.fixture
def hush(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dispatch, "COMMANDS", dispatch.COMMANDS.with_command(SetHush()))


def _quiet(judge: JudgeHarness, game: str) -> bool:
    with judge.sessions() as session:
        found = store.get_game(session, game)
        assert found is not None
        return GameSettings.of(found).quiet


@pytest.mark.usefixtures("hush")
def test_a_setting_in_one_class_is_a_create_option(judge: JudgeHarness) -> None:
    reply = body_of(judge.reply("gm@example.org", "CREATE g1 secret standard HUSH"))
    assert "No errors found" in reply, reply
    assert _quiet(judge, "g1")


@pytest.mark.usefixtures("hush")
def test_a_setting_in_one_class_is_a_set_line_said_back_by_its_class(judge: JudgeHarness) -> None:
    judge.reply("gm@example.org", "CREATE g1 secret standard")
    assert not _quiet(judge, "g1")
    reply = body_of(judge.reply("gm@example.org", "SIGNON Mg1 secret\nSET HUSH"))
    assert "> SET HUSH\nHush set to on.\n" in reply, reply
    assert _quiet(judge, "g1")
    refused = body_of(judge.reply("gm@example.org", "SIGNON Mg1 secret\nSET HUSH now"))
    assert "SET HUSH takes nothing after it, but found 'now'" in refused  # its own reader


def test_without_its_class_the_setting_is_unknown(judge: JudgeHarness) -> None:
    reply = body_of(judge.reply("gm@example.org", "CREATE g1 secret standard HUSH"))
    assert "HUSH" in reply and "No errors found" not in reply
