"""Settings: defaults, round trips, and a corrupt or hand-edited file that never crashes the app."""
from __future__ import annotations

import json
from dataclasses import asdict, replace
from pathlib import Path

import pytest

from game import i18n
from game.core.protocol import Text
from game.i18n import has_key, tr
from game.settings import Settings, load_settings, save_settings, settings_path


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("PGN_HOME", str(home))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    return home


@pytest.fixture
def restore_language():
    before = i18n.language()
    yield
    i18n.set_language(before)


def write(data: bytes | str | dict) -> bytes:
    path = settings_path()
    raw = json.dumps(data).encode() if isinstance(data, dict) else (
        data.encode() if isinstance(data, str) else data)
    path.write_bytes(raw)
    return raw


def bad_copy() -> Path:
    return settings_path().with_name("settings.json.bad")


def assert_notice(text: Text | None, key: str) -> None:
    assert text is not None and text.key == key
    for lang in ("en", "it"):
        assert has_key(text.key, lang)
        for _, value in text.params:
            if isinstance(value, Text):
                assert has_key(value.key, lang)


def test_defaults_without_a_file() -> None:
    settings, notice = load_settings()
    assert notice is None
    assert settings == Settings(language="en", fullscreen=False, volume=80, muted=False,
                                animation_speed="normal", bot_speed="normal", colourblind_symbols=True,
                                last_setup={})
    assert not settings_path().exists()


def test_settings_live_in_the_config_folder(_home: Path) -> None:
    assert settings_path() == _home / "config" / "settings.json"


def test_round_trip() -> None:
    changed = Settings(language="it", fullscreen=True, volume=35, muted=True, animation_speed="fast",
                       bot_speed="slow", colourblind_symbols=False,
                       last_setup={"planks": {"players": 3, "seats": [{"name": "Gianna", "kind": "bot"}],
                                              "options": {"short": True}}})
    assert save_settings(changed) is None
    data = json.loads(settings_path().read_text("utf-8"))
    assert data["version"] == 1
    loaded, notice = load_settings()
    assert notice is None
    assert loaded == changed
    assert [p.name for p in settings_path().parent.iterdir()] == ["settings.json"]


def test_saving_again_replaces_the_file() -> None:
    save_settings(Settings(volume=10))
    save_settings(Settings(volume=20))
    assert load_settings()[0].volume == 20


def test_default_language_follows_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert Settings().language == "it"
    settings, notice = load_settings()
    assert settings.language == "it" and notice is None
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert Settings().language == "en"


def test_saved_language_wins_over_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    save_settings(Settings(language="en"))
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert load_settings()[0].language == "en"


def test_unknown_keys_are_ignored() -> None:
    write({"version": 7, "volume": 55, "theme": "dark", "future": {"x": 1}})
    settings, notice = load_settings()
    assert notice is None
    assert settings.volume == 55
    assert not bad_copy().exists()


@pytest.mark.parametrize("raw", [b"", b"{\"volume\": 5", bytes(range(256)) * 4, b"[1, 2]", b"null",
                                 b"\"settings\"", b'{"volume": NaN}'],
                         ids=["empty", "truncated", "binary", "list", "null", "string", "nan"])
def test_corrupt_file_falls_back_to_defaults_and_keeps_a_copy(raw: bytes) -> None:
    write(raw)
    settings, notice = load_settings()
    assert settings == Settings()
    assert_notice(notice, "persist.settings.corrupt")
    assert notice.kwargs["file"] == "settings.json.bad"
    assert bad_copy().read_bytes() == raw
    assert settings_path().read_bytes() == raw  # the original is only replaced by the next save


def test_one_bad_value_resets_only_that_setting() -> None:
    raw = write({"version": 1, "volume": "loud", "language": "it", "fullscreen": True})
    settings, notice = load_settings()
    assert settings.volume == 80
    assert settings.language == "it" and settings.fullscreen is True
    assert_notice(notice, "persist.settings.bad_value")
    assert notice.kwargs["setting"] == Text.of("persist.settings.field.volume")
    assert bad_copy().read_bytes() == raw


@pytest.mark.parametrize("field,value", [
    ("language", "fr"), ("language", 1), ("fullscreen", "yes"), ("fullscreen", 1), ("volume", True),
    ("volume", 101), ("volume", -1), ("volume", None), ("muted", "no"), ("animation_speed", "turbo"),
    ("bot_speed", 2), ("colourblind_symbols", None), ("last_setup", []),
    ("last_setup", {"planks": 3}),
])
def test_each_bad_value_falls_back_per_field(field: str, value: object) -> None:
    write({"version": 1, field: value, "muted": True} if field != "muted" else {"version": 1, field: value})
    settings, notice = load_settings()
    assert getattr(settings, field) == getattr(Settings(), field)
    assert_notice(notice, "persist.settings.bad_value")
    if field != "muted":
        assert settings.muted is True


def test_several_bad_values() -> None:
    write({"volume": 900, "bot_speed": "warp", "muted": True})
    settings, notice = load_settings()
    assert_notice(notice, "persist.settings.bad_values")
    assert notice.kwargs["count"] == 2
    assert settings.muted is True and settings.volume == 80 and settings.bot_speed == "normal"


def test_volume_as_a_whole_float_is_accepted() -> None:
    write({"volume": 40.0})
    settings, notice = load_settings()
    assert notice is None and settings.volume == 40 and isinstance(settings.volume, int)


def test_unreadable_file_gives_a_notice_not_a_crash() -> None:
    settings_path().mkdir()  # a folder where the file should be
    settings, notice = load_settings()
    assert settings == Settings()
    assert_notice(notice, "persist.settings.unreadable")


def test_config_folder_that_cannot_be_created(_home: Path) -> None:
    _home.mkdir(parents=True)
    (_home / "config").write_text("not a folder")
    settings, notice = load_settings()
    assert settings == Settings()
    assert_notice(notice, "persist.settings.unreadable")
    assert_notice(save_settings(Settings()), "persist.settings.save_failed")


def test_saving_over_a_corrupt_file_keeps_the_bad_copy() -> None:
    write(b"{oops")
    settings, _ = load_settings()
    assert save_settings(replace(settings, volume=12)) is None
    assert load_settings() == (replace(Settings(), volume=12), None)
    assert bad_copy().read_bytes() == b"{oops"


def test_to_json_holds_every_field() -> None:
    data = Settings().to_json()
    assert set(data) == {"version"} | set(asdict(Settings()))


def test_notices_read_well_in_both_languages(restore_language) -> None:
    notices = []
    write(b"garbage")
    notices.append(load_settings()[1])
    write({"volume": "x"})
    notices.append(load_settings()[1])
    write({"volume": "x", "muted": 3})
    notices.append(load_settings()[1])
    for lang in ("it", "en"):
        i18n.set_language(lang)
        for notice in notices:
            text = tr(notice)
            assert "{" not in text and "persist." not in text, text
    i18n.set_language("it")
    assert "Volume" in tr(notices[1]) and "impostazion" in tr(notices[1]).lower()


def test_every_setting_has_a_translated_name() -> None:
    for name in asdict(Settings()):
        for lang in ("en", "it"):
            assert has_key(f"persist.settings.field.{name}", lang), (name, lang)


def test_island_race_settings_round_trip_and_fall_back() -> None:
    assert Settings().ir_water_warning is True and Settings().ir_round_minutes == 0
    assert Settings().ir_last_tile_limit is False
    assert save_settings(Settings(ir_water_warning=False, ir_round_minutes=6, ir_last_tile_limit=True)) is None
    loaded, notice = load_settings()
    assert notice is None
    assert (loaded.ir_water_warning, loaded.ir_round_minutes, loaded.ir_last_tile_limit) == (False, 6, True)
    for bad in (4, 5.0, True, "6", None):  # only the rules' length (0), 5 or 6 minutes
        write({"version": 1, "ir_round_minutes": bad})
        settings, notice = load_settings()
        assert settings.ir_round_minutes == 0
        assert_notice(notice, "persist.settings.bad_value")
