"""`GameSettings`: the typed reading and writing of `games.settings`."""

from __future__ import annotations

from datetime import timedelta

from judge.store.game_settings import GameSettings


def test_an_empty_row_reads_as_the_defaults() -> None:
    settings = GameSettings.from_json({})
    assert settings == GameSettings()
    assert settings.maps and settings.zine is None and settings.grace is None


def test_stored_keys_read_typed_and_write_back_unchanged() -> None:
    stored = {
        "rules": {"players": "4"},
        "next": {"MOVE": 172800, "RETREAT": 43200},
        "grace": 0,
        "zine": "zine@example.org",
        "maps": False,
    }
    settings = GameSettings.from_json(stored)
    assert settings.phase_lengths == {"MOVE": timedelta(days=2), "RETREAT": timedelta(hours=12)}
    assert settings.grace == timedelta(0)
    assert settings.zine == "zine@example.org" and settings.maps is False
    assert settings.to_json() == stored


def test_unknown_keys_are_kept() -> None:
    stored = {"rules": {}, "from_a_newer_judge": {"x": [1, 2]}}
    settings = GameSettings.from_json(stored).with_length("BID", timedelta(hours=3))
    assert settings.to_json() == {
        "rules": {}, "from_a_newer_judge": {"x": [1, 2]}, "next": {"BID": 10800},
    }


def test_a_removed_zine_and_maps_on_leave_no_key() -> None:
    settings = GameSettings(rules={"a": "b"}, zine=None, maps=True)
    assert settings.to_json() == {"rules": {"a": "b"}}
