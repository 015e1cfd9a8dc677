"""Saved games: a versioned JSON format, atomic writes, a background autosave, loading with clear errors.

A save is plain JSON (never pickle: a save file someone shares must not be able to run code). It
holds everything needed to rebuild the game twice over: a ``snapshot`` of the live state for fast
loading, and the seed, options and action list so the game can be replayed from the start when the
rules changed since the save was written (``Rules.version``).

Every way a file can be bad gives a ``SaveError`` whose ``text`` is a translatable ``Text`` saying
what is wrong; a bad file is only ever read, never modified or deleted.

Pure Python (no pygame).
"""
from __future__ import annotations

import json
import logging
import os
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Collection, Mapping

from game import __version__
from game.core.protocol import JSON, Action, Rules, State, Text, resolve_options
from game.paths import data_dir

log = logging.getLogger(__name__)

FORMAT_VERSION = 1
APP_MARKER = "pirate-game-night"  # the "app" field: tells our saves apart from any other JSON file
AUTOSAVE_NAME = "autosave.json"
MAX_SAVE_BYTES = 64 * 1024 * 1024  # a real save is a few hundred KB at most
_TMP_SUFFIX = ".tmp"


class SaveError(Exception):
    """A save that cannot be loaded. ``text`` says why, in words a player can read (translatable)."""

    def __init__(self, text: Text):
        self.text = text
        super().__init__(f"{text.key} {text.kwargs}" if text.params else text.key)


def _err(key: str, **params: Any) -> SaveError:
    return SaveError(Text.of(f"persist.save.{key}", **params))


def utc_now_iso() -> str:
    """The current time as ISO-8601 UTC, to the second (``2024-05-01T18:30:00+00:00``)."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


# --------------------------------------------------------------------------------------------------
# The save format
# --------------------------------------------------------------------------------------------------
def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_str_dict(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) for k in value)


def _is_seat(value: Any) -> bool:
    return (_is_str_dict(value) and isinstance(value.get("name"), str) and value.get("kind") in ("human", "bot")
            and (value.get("level") is None or isinstance(value.get("level"), str))
            and _is_int(value.get("colour", 0)) and value.get("colour", 0) >= 0)


# field name -> (check, catalog key of the expected kind of value)
_FIELDS: dict[str, tuple[Any, str]] = {
    "app_version": (lambda v: isinstance(v, str), "persist.type.text"),
    "game_id": (lambda v: isinstance(v, str) and v != "", "persist.type.text"),
    "rules_version": (_is_int, "persist.type.int"),
    "seed": (_is_int, "persist.type.int"),
    "players": (lambda v: _is_int(v) and v >= 1, "persist.type.positive_int"),
    "options": (_is_str_dict, "persist.type.object"),
    "seats": (lambda v: isinstance(v, list) and all(_is_seat(s) for s in v), "persist.type.seat_list"),
    "actions": (lambda v: isinstance(v, list) and all(_is_str_dict(a) and isinstance(a.get("kind"), str)
                                                        for a in v), "persist.type.action_list"),
    "snapshot": (_is_str_dict, "persist.type.object"),
    "saved_at": (lambda v: isinstance(v, str), "persist.type.text"),
    "summary": (_is_str_dict, "persist.type.object"),
}


@dataclass
class SaveData:
    """One saved game. ``to_json``/``from_json`` give and take the file's JSON object.

    actions: ``Action.to_json()`` of every applied action, in order. snapshot: ``State.to_json()`` of
    the live state. saved_at: ISO-8601 UTC. summary: small display info for the "Continue" button.
    The object handed to ``AutosaveWriter.submit`` must not be changed afterwards.
    """

    format: int
    app_version: str
    game_id: str
    rules_version: int
    seed: int
    players: int
    options: dict
    seats: list[dict]
    actions: list[dict]
    snapshot: dict
    saved_at: str
    summary: dict = field(default_factory=dict)

    @classmethod
    def create(cls, *, game_id: str, rules_version: int, seed: int, players: int, options: Mapping[str, Any],
               seats: list[dict], actions: list[dict], snapshot: dict,
               summary: Mapping[str, Any] | None = None) -> "SaveData":
        """A save in the current format, stamped with this app's version and the current time."""
        return cls(FORMAT_VERSION, __version__, game_id, rules_version, seed, players, dict(options),
                   list(seats), list(actions), snapshot, utc_now_iso(), dict(summary or {}))

    def to_json(self) -> dict:
        return {"app": APP_MARKER, "format": self.format, "app_version": self.app_version,
                "game_id": self.game_id, "rules_version": self.rules_version, "seed": self.seed,
                "players": self.players, "options": self.options, "seats": self.seats,
                "actions": self.actions, "snapshot": self.snapshot, "saved_at": self.saved_at,
                "summary": self.summary}

    @staticmethod
    def from_json(data: JSON) -> "SaveData":
        """Check every field of a save's JSON object; SaveError names the first thing that is wrong."""
        if not isinstance(data, dict) or data.get("app") != APP_MARKER:
            raise _err("not_ours")
        fmt = data.get("format")
        if not _is_int(fmt) or fmt < 1:
            raise _err("unknown_format", format="?" if fmt is None else str(fmt))
        if fmt > FORMAT_VERSION:
            version = data.get("app_version")
            raise _err("newer_app", version=version if isinstance(version, str) else "?")
        for name, (check, expected) in _FIELDS.items():
            if name not in data:
                raise _err("missing_field", field=name)
            if not check(data[name]):
                raise _err("bad_field", field=name, expected=Text.of(expected))
        if len(data["seats"]) != data["players"]:
            raise _err("bad_field", field="seats", expected=Text.of("persist.type.seat_list"))
        return SaveData(format=fmt, **{name: data[name] for name in _FIELDS})


# --------------------------------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------------------------------
def autosave_path() -> Path:
    """Where the autosave lives: ``data_dir()/autosave.json``."""
    return data_dir() / AUTOSAVE_NAME


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def write_bytes_atomic(path: Path | str, data: bytes) -> None:
    """Write ``data`` to ``path`` so that the file is always either the old or the new content.

    A temporary file in the same folder is written, flushed and fsynced, then renamed over the target
    (``os.replace`` is atomic on one file system). The temporary file never outlives a failure.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.parent / f"{_temp_prefix(path)}{os.getpid()}.{threading.get_ident()}.{time.monotonic_ns()}{_TMP_SUFFIX}"
    try:
        with open(tmp, "xb") as fp:
            fp.write(data)
            fp.flush()
            os.fsync(fp.fileno())
        _replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _replace(src: Path, dst: Path) -> None:
    # On Windows a reader (or an antivirus) holding the target open makes the rename fail for a moment.
    for attempt in range(5):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if os.name != "nt" or attempt == 4:
                raise
            time.sleep(0.02 * (attempt + 1))


def _fsync_dir(folder: Path) -> None:
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def dumps(data: Any, indent: int | None = None) -> bytes:
    """Strict JSON (no NaN/Infinity) as UTF-8 bytes."""
    text = json.dumps(data, ensure_ascii=False, allow_nan=False, indent=indent,
                      separators=None if indent else (",", ":"))
    return text.encode("utf-8")


def write_json_atomic(path: Path | str, data: dict, indent: int | None = None) -> None:
    """Serialise ``data`` as JSON and write it atomically (see ``write_bytes_atomic``)."""
    write_bytes_atomic(path, dumps(data, indent))


def remove_stale_temps(path: Path | str) -> None:
    """Delete temporary files a crash may have left next to ``path`` (they are never the real file)."""
    path = Path(path)
    try:
        for tmp in path.parent.glob(f"{_temp_prefix(path)}*{_TMP_SUFFIX}"):
            try:
                tmp.unlink()
            except OSError:
                pass
    except OSError:
        pass


def _reject_constant(name: str) -> Any:
    raise ValueError(f"not strict JSON: {name}")


def read_json(path: Path | str, errors: str = "persist.save") -> Any:
    """Read a JSON file without touching it. Raises SaveError (keys under ``errors``) for a bad file."""
    path = Path(path)

    def err(key: str, **params: Any) -> SaveError:
        return SaveError(Text.of(f"{errors}.{key}", **params))

    try:
        with open(path, "rb") as fp:
            raw = fp.read(MAX_SAVE_BYTES + 1)
    except FileNotFoundError:
        raise err("not_found") from None
    except OSError as exc:
        raise err("unreadable", error=exc.strerror or type(exc).__name__) from None
    if len(raw) > MAX_SAVE_BYTES:
        raise err("too_big")
    if not raw.strip():
        raise err("empty")
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise err("not_json") from None


def load_save(path: Path | str, known_games: Collection[str] | None = None) -> SaveData:
    """Read and check a save file. Raises SaveError (the file is left untouched) when it is:
    missing, unreadable, empty, truncated or not JSON, not one of our saves, from a newer version of the
    app, of an unknown format version, missing a field or holding one of the wrong type, or (when
    ``known_games`` is given) for a game this app does not know.
    """
    save = SaveData.from_json(read_json(path))
    if known_games is not None and save.game_id not in known_games:
        raise _err("unknown_game", game=save.game_id)
    return save


def clear_autosave() -> None:
    """Delete the autosave (a game ended or was abandoned). Use ``AutosaveWriter.clear`` while a writer runs."""
    path = autosave_path()
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        log.warning("could not delete the autosave %s: %s", path, exc)
    remove_stale_temps(path)


# --------------------------------------------------------------------------------------------------
# Restoring a game
# --------------------------------------------------------------------------------------------------
def restore_state(rules: Rules, save: SaveData) -> State:
    """The live state of a save.

    With the same rules version, from the snapshot (``rules.state_from_json``); if the snapshot cannot
    be read, or the rules changed since the save was made, by replaying the seed, the options and every
    action on the current rules. SaveError when that replay fails (an action no longer legal).
    """
    if save.game_id != rules.id:
        raise _err("wrong_game", game=save.game_id)
    if save.rules_version == rules.version:
        try:
            return rules.state_from_json(save.snapshot)
        except Exception as exc:  # an edited snapshot: the action list may still rebuild the game
            log.warning("snapshot of a %s save unreadable (%r); replaying the actions", save.game_id, exc)
        return replay(rules, save, Text.of("persist.save.damaged"))
    key = "persist.save.old_rules" if save.rules_version < rules.version else "persist.save.new_rules"
    return replay(rules, save, Text.of(key, saved=save.rules_version, current=rules.version))


def decode_actions(rules: Rules, save: SaveData) -> list[Action]:
    """The save's action list as Action objects; SaveError(``persist.save.bad_action``) names a move the
    rules cannot read (a hand-edited kind or field)."""
    actions = []
    for number, data in enumerate(save.actions, start=1):
        try:
            actions.append(rules.action_from_json(data))
        except Exception as exc:
            log.info("unreadable action %d in a %s save: %r", number, save.game_id, exc)
            raise _err("bad_action", move=number) from None
    return actions


def replay(rules: Rules, save: SaveData, why: Text | None = None) -> State:
    """Rebuild the game from seed, options and actions on the current rules.

    Raises SaveError(``persist.save.cannot_replay``) naming the failing move; ``why`` says why a replay
    was needed (older rules, a damaged snapshot) and is part of the message.
    """
    why = why or Text.of("persist.save.damaged")
    total = len(save.actions)

    def fail(move: int, exc: BaseException) -> SaveError:
        log.info("replay of a %s save failed at move %d/%d: %r", save.game_id, move, total, exc)
        if move == 0:
            return _err("cannot_replay_setup", why=why)
        return _err("cannot_replay", why=why, move=move, total=total)

    options = dict(save.options)
    if rules.check(save.players, options):
        raise fail(0, ValueError(f"setup no longer valid: {options}"))
    try:
        state = rules.new_state(save.players, resolve_options(rules.options, options), save.seed)
    except Exception as exc:
        raise fail(0, exc) from None
    for number, data in enumerate(save.actions, start=1):
        try:
            state.apply(rules.action_from_json(data))
        except Exception as exc:  # IllegalAction, or a hand-edited action the rules cannot even read
            raise fail(number, exc) from None
    return state


# --------------------------------------------------------------------------------------------------
# Background autosave
# --------------------------------------------------------------------------------------------------
_CLEAR = object()  # a request to delete the file, queued like a save so it cannot race with one


class AutosaveWriter:
    """Writes saves on a daemon thread so that a frame never waits for the disk.

    ``submit`` only hands the SaveData over; the thread serialises and writes it atomically. Quick
    submits coalesce: only the latest pending save is written. Errors are logged, never raised.
    """

    def __init__(self, path: Path | str | None = None):
        self.path = Path(path) if path is not None else autosave_path()
        self.last_error: BaseException | None = None
        self._cond = threading.Condition()
        self._pending: Any = None
        self._submitted = 0  # sequence numbers: flush waits until _done catches up
        self._done = 0
        self._closing = False
        self._thread: threading.Thread | None = None
        remove_stale_temps(self.path)

    # -- main-thread side -------------------------------------------------------------------------
    def submit(self, save: SaveData) -> None:
        """Queue ``save`` to be written; returns at once. A newer submit replaces an unwritten one."""
        self._queue(save)

    def clear(self) -> None:
        """Drop any pending save and delete the file (after any write in progress)."""
        self._queue(_CLEAR)

    def flush(self, timeout: float | None = 5.0) -> bool:
        """Wait until everything submitted so far is on disk (or failed). True unless it timed out."""
        with self._cond:
            target = self._submitted
            return self._cond.wait_for(lambda: self._done >= target, timeout)

    def close(self, timeout: float | None = 5.0) -> bool:
        """Flush, then stop the thread. Further submits are ignored."""
        done = self.flush(timeout)
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)
        return done

    def __enter__(self) -> "AutosaveWriter":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _queue(self, item: Any) -> None:
        with self._cond:
            if self._closing:
                log.warning("autosave submitted after close; ignored")
                return
            self._pending = item
            self._submitted += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    # -- writer thread ----------------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending is not None or self._closing)
                if self._pending is None:
                    return  # closing and nothing left
                item, self._pending = self._pending, None
                seq = self._submitted
            try:
                if item is _CLEAR:
                    self.path.unlink(missing_ok=True)
                    remove_stale_temps(self.path)
                else:
                    write_json_atomic(self.path, item.to_json())
                self.last_error = None
            except Exception as exc:  # a full disk must not end the game
                self.last_error = exc
                log.error("autosave to %s failed: %s", self.path, exc, exc_info=True)
            with self._cond:
                self._done = max(self._done, seq)
                self._cond.notify_all()
