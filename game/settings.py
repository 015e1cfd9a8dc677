"""The player's settings: a small versioned JSON file in the user's config folder.

Loading never fails: a missing file gives the defaults; a corrupt file, or one with bad values, gives
the defaults for the bad parts plus a notice (a translatable ``Text``) for the UI to show, and a copy
of the old file is kept as ``settings.json.bad`` so nothing the player set is lost. Unknown keys are
ignored (a newer version of the app may have written them).

Pure Python (no pygame).
"""
from __future__ import annotations

import dataclasses
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from game.core.protocol import Text
from game.core.saves import SaveError, keep_aside, read_json, write_json_atomic
from game.i18n import LANGUAGES, system_language
from game.paths import config_dir

log = logging.getLogger(__name__)

SETTINGS_VERSION = 1
SETTINGS_NAME = "settings.json"
BAD_SUFFIX = ".bad"
SPEEDS = ("slow", "normal", "fast")
ROUND_MINUTES = (0, 5, 6)  # Island Race round length: 0 = as in the rules
#: how deep lists and objects may nest in a settings file (ours nest 4 deep); a deeper file is corrupt,
#: since writing it back would exhaust Python's recursion limit
MAX_DEPTH = 32


@dataclass
class Settings:
    """Everything the Settings screen changes, plus the last setup chosen for each game."""

    language: str = field(default_factory=system_language)  # "it" | "en"
    fullscreen: bool = False
    volume: int = 80  # 0..100
    muted: bool = False
    animation_speed: str = "normal"  # one of SPEEDS
    bot_speed: str = "normal"  # one of SPEEDS
    colourblind_symbols: bool = True
    ir_water_warning: bool = True  # Island Race: a placement breaking the water rule needs a second click
    ir_round_minutes: int = 0  # Island Race: 0 = the rules' length; 5 or 6 (accessibility, outside the rules)
    ir_last_tile_limit: bool = False  # Island Race without timer: 20 s for the last tile
    last_setup: dict[str, dict] = field(default_factory=dict)  # game_id -> free-form JSON setup choices

    def to_json(self) -> dict:
        data: dict[str, Any] = {"version": SETTINGS_VERSION}
        data.update(dataclasses.asdict(self))
        return data

    @staticmethod
    def from_json(data: Any) -> tuple["Settings", list[str]]:
        """Settings from a JSON object, and the names of the fields that were bad (set to defaults)."""
        settings = Settings()
        if not isinstance(data, dict):
            return settings, ["*"]
        bad: list[str] = []
        for f in dataclasses.fields(Settings):
            if f.name not in data:
                continue
            value = _FIELD_CHECKS[f.name](data[f.name])
            if value is _BAD:
                bad.append(f.name)
            else:
                setattr(settings, f.name, value)
        return settings, bad


# -- per-field checks: return the value to use, or _BAD ---------------------------------------------
_BAD = object()


def _bool(value: Any) -> Any:
    return value if isinstance(value, bool) else _BAD


def _one_of(choices: tuple[str, ...]) -> Callable[[Any], Any]:
    return lambda value: value if isinstance(value, str) and value in choices else _BAD


def _volume(value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return _BAD
    if not 0 <= value <= 100:
        return _BAD
    return int(round(value))


def _last_setup(value: Any) -> Any:
    if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
        return _BAD
    try:  # free-form, but it must be writable again: a lone surrogate ("\ud800" in the file) is not
        json.dumps(value, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except (UnicodeEncodeError, ValueError, RecursionError):
        return _BAD
    return {str(k): v for k, v in value.items()}


_FIELD_CHECKS: dict[str, Callable[[Any], Any]] = {
    "language": _one_of(LANGUAGES),
    "fullscreen": _bool,
    "volume": _volume,
    "muted": _bool,
    "animation_speed": _one_of(SPEEDS),
    "bot_speed": _one_of(SPEEDS),
    "colourblind_symbols": _bool,
    "ir_water_warning": _bool,
    "ir_round_minutes": lambda value: value if type(value) is int and value in ROUND_MINUTES else _BAD,
    "ir_last_tile_limit": _bool,
    "last_setup": _last_setup,
}


# -- files --------------------------------------------------------------------------------------------
def settings_path() -> Path:
    return config_dir() / SETTINGS_NAME


def _keep_bad_copy(path: Path) -> Path | None:
    """Copy the file to ``<name>.bad`` (byte for byte; ``<name>.2.bad`` ... when that name is taken, an
    earlier copy is never replaced); the original is left in place. A folder, a pipe, a device or an
    oversized file is never opened: it is moved aside instead (``saves.keep_aside``)."""
    return keep_aside(path, move=False)


def nesting_depth(data: Any, limit: int) -> int:
    """How deep lists and objects nest in ``data`` (a scalar is 0), counting no further than ``limit + 1``.
    Iterative, so a file nested thousands of levels deep cannot exhaust the recursion limit here."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            value = list(value.values())
        if not isinstance(value, list):
            continue
        depth += 1
        deepest = max(deepest, depth)
        if depth > limit:
            return depth
        stack.extend((item, depth) for item in value if isinstance(item, (dict, list)))
    return deepest


def load_settings() -> tuple[Settings, Text | None]:
    """The saved settings (defaults where missing or bad) and a notice to show, or None if all was well."""
    try:
        path = settings_path()
    except OSError as exc:  # the config folder cannot even be created
        log.warning("no config folder: %s", exc)
        return Settings(), Text.of("persist.settings.unreadable", error=exc.strerror or str(exc), file=SETTINGS_NAME)
    try:
        data = read_json(path, errors="persist.settings")
    except SaveError as exc:
        if exc.text.key == "persist.settings.not_found":
            return Settings(), None
        log.warning("settings file %s unusable: %s", path, exc)
        if exc.text.key == "persist.settings.unreadable":
            # a folder, a pipe, a device or a file that cannot be read: moved aside (never opened), so the
            # next write neither fails on it nor silently replaces it
            _keep_bad_copy(path)
            return Settings(), exc.text
        bad = _keep_bad_copy(path)
        return Settings(), Text.of("persist.settings.corrupt", file=bad.name if bad else path.name)
    if nesting_depth(data, MAX_DEPTH) > MAX_DEPTH:
        log.warning("settings file %s nests deeper than %d levels", path, MAX_DEPTH)
        bad = _keep_bad_copy(path)
        return Settings(), Text.of("persist.settings.corrupt", file=bad.name if bad else path.name)
    settings, bad_fields = Settings.from_json(data)
    if not bad_fields:
        return settings, None
    log.warning("settings file %s: bad values for %s", path, ", ".join(bad_fields))
    bad = _keep_bad_copy(path)
    name = bad.name if bad else path.name
    if bad_fields == ["*"]:
        return settings, Text.of("persist.settings.corrupt", file=name)
    if len(bad_fields) == 1:
        return settings, Text.of("persist.settings.bad_value", file=name,
                                 setting=Text.of(f"persist.settings.field.{bad_fields[0]}"))
    return settings, Text.of("persist.settings.bad_values", file=name, count=len(bad_fields))


def save_settings(settings: Settings) -> Text | None:
    """Write the settings atomically. Never raises: returns a notice to show if the write failed."""
    try:
        path = settings_path()
        write_json_atomic(path, settings.to_json(), indent=2)
    except (OSError, TypeError, ValueError, RecursionError) as exc:
        log.error("could not save settings: %s", exc)
        return Text.of("persist.settings.save_failed", error=str(exc))
    return None
