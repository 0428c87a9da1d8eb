"""The press settings in the games.settings JSON: defaults when absent, stored
only when not the default, and a gunboat game has no press between players."""

from __future__ import annotations

from dataclasses import replace

from judge.store.game_settings import GameSettings


def test_absent_keys_read_as_the_defaults() -> None:
    settings = GameSettings.from_json({"rules": {}})
    assert (settings.press, settings.partial, settings.gunboat) == ("white", True, False)
    assert settings.effective_press == "white"
    assert GameSettings().to_json() == {"rules": {}}


def test_press_settings_round_trip() -> None:
    settings = replace(GameSettings(), press="grey", partial=False, gunboat=True)
    data = settings.to_json()
    assert data == {"rules": {}, "press": "grey", "partial": False, "gunboat": True}
    assert GameSettings.from_json(data) == settings


def test_gunboat_turns_press_off_and_an_unknown_level_reads_white() -> None:
    gunboat = GameSettings.from_json({"press": "grey", "gunboat": True})
    assert gunboat.press == "grey" and gunboat.effective_press == "none"
    assert GameSettings.from_json({"press": "purple"}).press == "white"
