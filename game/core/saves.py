"""Saved games: a versioned JSON format, atomic writes, a background autosave, loading with clear errors.

A save is plain JSON (never pickle: a save file someone shares must not be able to run code). It
holds everything needed to rebuild the game twice over: a ``snapshot`` of the live state for fast
loading, and the seed, options and action list so the game can be replayed from the start when the
rules changed since the save was written (``Rules.version``).

Every way a file can be bad gives a ``SaveError`` whose ``text`` is a translatable ``Text`` saying
what is wrong; reading never modifies or deletes a file. Reads are bounded (``MAX_SAVE_BYTES``) and never
open anything but a regular file, so a pipe or a device in place of a save cannot hang the app or fill
its memory. A file the app cannot use is kept aside under a fresh name (``keep_aside``: ``<name>.bad``,
then ``<name>.2.bad`` ...), never overwritten: the caller tells the player which and why.

A loaded game is trusted only as far as its own rules vouch for it: ``restore_state`` rebuilds it from the
seed and every action through the rules' own checks, and reads the snapshot only if the game accepts it
(``Rules.validate_state``); whichever is used is validated by the game before a frame is drawn.

Every unfinished game has a file of its own in the saves folder (``saves_dir()``), named when the game
starts (``new_save_path``: ``<game-id>-<started UTC>-<random>.json``) and written by the table's own
``AutosaveWriter``; a finished or abandoned game's file is deleted, and nothing else ever deletes one.
``save_files`` lists the folder (the names kept aside end in ``.bad`` and temporary files start with a
dot, so a listing of ``*.json`` skips both), ``SaveShelf`` reads them for the Continue list (again only
when a file changed), and ``migrate_legacy_autosave`` moves the single ``autosave.json`` of earlier
versions into the folder.

Undo history survives a reload: ``replay`` can report every step (``on_step``) so that a session rebuilds
its undo stack from the one replay it needs anyway (``GameSession.from_save``).

Pure Python (no pygame).
"""
from __future__ import annotations

import codecs
import json
import logging
import os
import re
import secrets
import stat
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Collection, Mapping

from game import __version__
from game.core.events import encode_changed
from game.core.protocol import JSON, Action, Rules, State, Text, resolve_options
from game.core.session import BOT_LEVELS
from game.paths import AssetError, data_dir

log = logging.getLogger(__name__)

FORMAT_VERSION = 1
APP_MARKER = "pirate-game-night"  # the "app" field: tells our saves apart from any other JSON file
SAVES_FOLDER = "saves"  # under the data folder: one file per unfinished game
LEGACY_AUTOSAVE_NAME = "autosave.json"  # the single save slot of earlier versions (moved into SAVES_FOLDER)
SAVE_SUFFIX = ".json"
MANY_SAVES = 10  # more unfinished games than this: the Continue list says so (none is ever pruned)
MAX_SAVE_BYTES = 16 * 1024 * 1024  # a real save is a few hundred KB (a very long random Pirateer game: 1.2 MB)
BAD_SUFFIX = ".bad"  # a file the app could not use is kept as <name>.bad, <name>.2.bad, ...
MAX_BAD_COPIES = 100
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
    """A seat as ``Seat.from_json`` takes it: a human without a level, or a bot with a known level."""
    if not (_is_str_dict(value) and isinstance(value.get("name"), str)):
        return False
    kind, level = value.get("kind"), value.get("level")
    if not ((kind == "human" and level is None) or (kind == "bot" and level in BOT_LEVELS)):
        return False
    return _is_int(value.get("colour", 0)) and value.get("colour", 0) >= 0


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
    the live state. saved_at: ISO-8601 UTC (when the game was last played). summary: how far the game
    got, for the Continue list (``GameSession.summary``). The object handed to ``AutosaveWriter.submit``
    must not be changed afterwards.
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
    bot_seed: int | None = None  # the session's bot seed source (older saves have none: a new one is drawn)
    #: ``State.to_json()`` of the position the game began at when it is not the deal of ``seed`` (a position
    #: built by hand: a tutorial, a test); the actions are replayed from it. None: from the seed's deal.
    start: dict | None = None
    #: each seat's own notes kept beside the game and outside its actions (Spanish Main's deduction marks):
    #: {"<seat>": {key: mark}}; what cannot be read is dropped on load, never an error
    notes: dict = field(default_factory=dict)

    @classmethod
    def create(cls, *, game_id: str, rules_version: int, seed: int, players: int, options: Mapping[str, Any],
               seats: list[dict], actions: list[dict], snapshot: dict,
               summary: Mapping[str, Any] | None = None, bot_seed: int | None = None,
               start: dict | None = None, notes: Mapping[str, Any] | None = None) -> "SaveData":
        """A save in the current format, stamped with this app's version and the current time."""
        return cls(FORMAT_VERSION, __version__, game_id, rules_version, seed, players, dict(options),
                   list(seats), list(actions), snapshot, utc_now_iso(), dict(summary or {}), bot_seed, start,
                   dict(notes or {}))

    def to_json(self) -> dict:
        return {"app": APP_MARKER, "format": self.format, "app_version": self.app_version,
                "game_id": self.game_id, "rules_version": self.rules_version, "seed": self.seed,
                "players": self.players, "options": self.options, "seats": self.seats,
                "actions": self.actions, "snapshot": self.snapshot, "saved_at": self.saved_at,
                "summary": self.summary, **({} if self.bot_seed is None else {"bot_seed": self.bot_seed}),
                **({} if self.start is None else {"start": self.start}),
                **({"notes": self.notes} if self.notes else {})}

    @staticmethod
    def from_json(data: JSON) -> "SaveData":
        """Check every field of a save's JSON object; SaveError names the first thing that is wrong."""
        if not isinstance(data, dict) or data.get("app") != APP_MARKER:
            raise _err("not_ours")
        try:  # what cannot be written again (a lone surrogate such as "\ud800" in a name) would make every
            dumps(data)  # autosave of the resumed game fail: such a file is damaged
        except (UnicodeEncodeError, ValueError, RecursionError):
            raise _err("damaged") from None
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
        bot_seed = data.get("bot_seed")
        if bot_seed is not None and not (_is_int(bot_seed) and 0 <= bot_seed < 1 << 64):
            raise _err("bad_field", field="bot_seed", expected=Text.of("persist.type.int"))
        start = data.get("start")
        if start is not None and not _is_str_dict(start):
            raise _err("bad_field", field="start", expected=Text.of("persist.type.object"))
        notes = data.get("notes")
        notes = {k: {a: b for a, b in v.items() if isinstance(b, str)} for k, v in notes.items()
                 if isinstance(k, str) and isinstance(v, dict)} if isinstance(notes, dict) else {}
        return SaveData(format=fmt, bot_seed=bot_seed, start=start, notes=notes,
                        **{name: data[name] for name in _FIELDS})


# --------------------------------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------------------------------
def saves_dir() -> Path:
    """The folder of the unfinished games: ``data_dir()/saves`` (not created here: the first write does it)."""
    return data_dir() / SAVES_FOLDER


def legacy_autosave_path() -> Path:
    """Where earlier versions kept their one autosave: ``data_dir()/autosave.json``."""
    return data_dir() / LEGACY_AUTOSAVE_NAME


def _file_stamp(when: datetime) -> str:
    return when.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def new_save_path(game_id: str, folder: Path | str | None = None, started: datetime | None = None) -> Path:
    """A fresh file for a game that starts now: ``<folder>/<game-id>-<started UTC>-<random>.json``.

    The name is never one that exists (a save, a kept-aside copy's source, anything): a new game never
    writes over another. ``folder`` defaults to ``saves_dir()``; ``started`` to now.
    """
    folder = Path(folder) if folder is not None else saves_dir()
    slug = re.sub(r"[^a-z0-9]+", "-", str(game_id).lower()).strip("-")[:40] or "game"
    stamp = _file_stamp(started or datetime.now(timezone.utc))
    while True:
        path = folder / f"{slug}-{stamp}-{secrets.token_hex(3)}{SAVE_SUFFIX}"
        if not os.path.lexists(path):
            return path


def is_save_name(name: str) -> bool:
    """A name the saves folder uses for a game: ``*.json``, not hidden (temporary files start with a dot;
    copies kept aside end in ``.bad``)."""
    return name.endswith(SAVE_SUFFIX) and not name.startswith(".")


def save_files(folder: Path | str | None = None) -> list[Path]:
    """The saved games' files in ``folder`` (default ``saves_dir()``), by name.

    Whatever bears a save's name is listed, a folder or a pipe too, so that it can be named and kept
    aside. A folder that does not exist (no game saved yet) or cannot be listed gives an empty list.
    """
    folder = Path(folder) if folder is not None else saves_dir()
    try:
        with os.scandir(folder) as entries:
            names = [e.name for e in entries if is_save_name(e.name)]
    except FileNotFoundError:
        return []
    except OSError as exc:
        log.warning("cannot list the saves folder %s: %s", folder, exc)
        return []
    return [folder / name for name in sorted(names)]


def migrate_legacy_autosave(folder: Path | str | None = None) -> Path | None:
    """Move the single ``autosave.json`` of earlier versions into the saves folder; returns its new path
    (None when there was nothing to move, or it could not be moved: logged, and it stays where it was).

    A save that loads gets the name a new game would get (its game, the time it was last saved); anything
    else keeps its name, so that the Continue list names it as the player knew it and keeps it aside.
    Nothing is read past the usual bounds, and a folder or a pipe is moved as it is, never opened.
    """
    old = legacy_autosave_path()
    if not os.path.lexists(old):
        return None
    folder = Path(folder) if folder is not None else saves_dir()
    try:
        save = load_save(old)
    except SaveError as exc:
        if exc.text.key == "persist.save.not_found":  # a link to nothing: no game to move
            return None
        target = folder / LEGACY_AUTOSAVE_NAME
        if os.path.lexists(target):
            target = new_save_path("autosave", folder)
    else:
        target = new_save_path(save.game_id, folder, parse_saved_at(save.saved_at))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        os.rename(old, target)
    except OSError as exc:
        log.warning("could not move the old autosave %s into %s: %s", old, folder, exc)
        return None
    _fsync_dir(folder)
    _fsync_dir(old.parent)
    remove_stale_temps(old)
    log.info("the autosave of an earlier version was moved to %s", target)
    return target


def parse_saved_at(text: Any) -> datetime | None:
    """A save's ``saved_at`` as an aware UTC datetime (a time without a zone is taken as UTC), or None
    when it is no ISO-8601 time (an edited file)."""
    if not isinstance(text, str) or len(text) > 64:
        return None
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    try:
        return when.astimezone(timezone.utc)
    except (OverflowError, ValueError):
        return None


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


class IncrementalDumps:
    """``dumps`` for a writer that writes the same game again and again (the autosave thread): what ``dumps`` gives,
    byte for byte, but a long list of objects (a game's actions, a state's events) reuses the text of every object it
    wrote before. The lists a save holds are rebuilt from the same dicts after every action (``json_once``), so only
    the new ones are encoded; what is kept is checked object by object (an undo, a list replaced). A long game's save
    held the interpreter lock for tens of milliseconds while ``json.dumps`` ran, and the frame waited for it; now the
    lock is held for the new objects and one join. One writer thread uses it: it is not shared between threads."""

    #: shorter lists are encoded with the rest of the save
    LONG = 32

    def __init__(self) -> None:
        self._kept: dict[tuple, tuple[list, list[str]]] = {}

    def dumps(self, data: Any) -> bytes:
        marker = f"\x00pgn-fragment-{secrets.token_hex(8)}-"
        fragments: list[str] = []
        seen: set[tuple] = set()
        skeleton = self._skeleton(data, (), marker, fragments, seen)
        for path in list(self._kept):
            if path not in seen:               # a list the save no longer holds
                del self._kept[path]
        text = json.dumps(skeleton, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        if fragments:
            parts = []
            for i, fragment in enumerate(fragments):
                before, text = text.split(json.dumps(f"{marker}{i}", ensure_ascii=False), 1)
                parts += (before, fragment)
            parts.append(text)
            text = "".join(parts)
        return text.encode("utf-8")

    def _skeleton(self, value: Any, path: tuple, marker: str, fragments: list[str], seen: set[tuple]) -> Any:
        if isinstance(value, dict):
            return {k: self._skeleton(v, path + (k,), marker, fragments, seen) for k, v in value.items()}
        if isinstance(value, list):
            if len(value) >= self.LONG and all(type(v) is dict for v in value):
                seen.add(path)
                fragments.append(self._encoded(path, value))
                return f"{marker}{len(fragments) - 1}"
            return [self._skeleton(v, path + (i,), marker, fragments, seen) for i, v in enumerate(value)]
        return value

    def _encoded(self, path: tuple, items: list) -> str:
        kept, texts = self._kept.setdefault(path, ([], []))
        encode_changed(kept, texts, items,
                       lambda item: json.dumps(item, ensure_ascii=False, allow_nan=False, separators=(",", ":")))
        return "[" + ",".join(texts) + "]"


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


class NotAFileError(OSError):
    """A folder, a pipe, a device or a socket where a file should be. ``what`` says which (a Text)."""

    def __init__(self, path: Path, what: Text):
        super().__init__(f"not a regular file: {path}")
        self.what = what


class FileTooBigError(OSError):
    """A file larger than the reader's limit (nothing past the limit was read)."""


def _not_regular(mode: int) -> Text | None:
    if stat.S_ISREG(mode):
        return None
    return Text.of("persist.file.folder" if stat.S_ISDIR(mode) else "persist.file.special")


def read_file_bounded(path: Path | str, limit: int = MAX_SAVE_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; never blocks, never follows
    more than ``limit`` bytes of a growing file.

    ``os.stat`` first: a folder, a pipe (FIFO), a device (``/dev/zero``) or a socket is refused without
    being opened (NotAFileError). The file is then opened with ``O_NONBLOCK`` (a pipe swapped in between
    cannot block the open) and checked again on the open descriptor. FileTooBigError past ``limit``;
    FileNotFoundError and other OSErrors pass through.
    """
    path = Path(path)
    what = _not_regular(os.stat(path).st_mode)
    if what is not None:
        raise NotAFileError(path, what)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        what = _not_regular(info.st_mode)
        if what is not None:
            raise NotAFileError(path, what)
        if info.st_size > limit:
            raise FileTooBigError(f"{path} is {info.st_size} bytes, more than {limit}")
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise FileTooBigError(f"{path} grew past {limit} bytes while it was read")
        return b"".join(chunks)
    finally:
        os.close(fd)


def os_error_text(exc: BaseException) -> str:
    """A short description of an error for a message (the system's words for an OSError)."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    text = str(exc)
    return f"{type(exc).__name__}: {text}"[:160] if text else type(exc).__name__


def read_json(path: Path | str, errors: str = "persist.save", max_bytes: int = MAX_SAVE_BYTES) -> Any:
    """Read a JSON file without touching it. Raises SaveError (keys under ``errors``) for a bad file.

    Bounded and non-blocking (``read_file_bounded``). A UTF-8 byte order mark, which some text editors
    put in front of a file they save, is accepted.
    """
    path = Path(path)

    def err(key: str, **params: Any) -> SaveError:
        return SaveError(Text.of(f"{errors}.{key}", **params))

    try:
        raw = read_file_bounded(path, max_bytes)
    except FileNotFoundError:
        raise err("not_found") from None
    except NotAFileError as exc:
        raise err("unreadable", error=exc.what, file=path.name) from None
    except FileTooBigError:
        raise err("too_big") from None
    except OSError as exc:
        raise err("unreadable", error=os_error_text(exc), file=path.name) from None
    if raw.startswith(codecs.BOM_UTF8):
        raw = raw[len(codecs.BOM_UTF8):]
    if not raw.strip():
        raise err("empty")
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise err("not_json") from None


def bad_copy_names(path: Path | str) -> list[Path]:
    """Where ``keep_aside`` may keep ``path``, in the order it tries them."""
    path = Path(path)
    return [path.with_name(f"{path.name}{BAD_SUFFIX}")] + \
        [path.with_name(f"{path.name}.{n}{BAD_SUFFIX}") for n in range(2, MAX_BAD_COPIES + 1)]


def keep_aside(path: Path | str, *, move: bool, limit: int = MAX_SAVE_BYTES) -> Path | None:
    """Keep a file the app cannot use under the first free name of ``bad_copy_names`` (an earlier
    copy is never replaced) and return that path, or None (logged) when it cannot be done.

    ``move``: rename it (its own name is then free: nothing will write over it). Otherwise copy it byte
    for byte and leave it in place; a file that cannot be copied safely (not a regular file, over
    ``limit``, unreadable) is moved instead, so it is never opened and never lost.
    """
    path = Path(path)
    if not os.path.lexists(path):
        return None
    if not move:
        try:
            data = read_file_bounded(path, limit)
        except OSError as exc:
            log.info("%s cannot be copied (%s): moving it aside instead", path, exc)
        else:
            for candidate in bad_copy_names(path):
                try:
                    with open(candidate, "xb") as fp:  # "x": fails if the name is taken, never replaces
                        fp.write(data)
                        fp.flush()
                        os.fsync(fp.fileno())
                    return candidate
                except FileExistsError:
                    continue
                except OSError as exc:
                    log.warning("could not keep a copy of %s as %s: %s", path, candidate, exc)
                    return None
            log.warning("could not keep a copy of %s: every name is taken", path)
            return None
    for candidate in bad_copy_names(path):
        if os.path.lexists(candidate):
            continue
        try:
            os.rename(path, candidate)
        except OSError as exc:
            log.warning("could not keep %s aside as %s: %s", path, candidate, exc)
            return None
        _fsync_dir(path.parent)
        return candidate
    log.warning("could not keep %s aside: every name is taken", path)
    return None


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


def delete_save(path: Path | str) -> bool:
    """Delete a saved game's file (the player deleted it). Use ``AutosaveWriter.clear`` while a writer runs.
    True when it is gone (or was not there); False (logged) when it could not be deleted."""
    path = Path(path)
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        log.warning("could not delete the saved game %s: %s", path, exc)
        return False
    remove_stale_temps(path)
    return True


# --------------------------------------------------------------------------------------------------
# The unfinished games of a folder
# --------------------------------------------------------------------------------------------------
@dataclass
class SavedGame:
    """One unfinished game in the saves folder, as the Continue list shows it (read, not yet restored)."""

    path: Path
    save: SaveData
    stamp: tuple  # (size, mtime_ns, inode) of the file when it was read

    @property
    def last_played(self) -> datetime | None:
        return parse_saved_at(self.save.saved_at)


def _stamp(path: Path) -> tuple | None:
    try:
        info = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    return (info.st_size, info.st_mtime_ns, info.st_ino)


class SaveShelf:
    """The unfinished games in a saves folder, newest first. ``scan()`` reads a file again only when it
    changed (size, time or inode), so the menu can look at every visit."""

    def __init__(self, folder: Path | str | None = None):
        self._folder = Path(folder) if folder is not None else None
        self._cache: dict[Path, SavedGame] = {}

    @property
    def folder(self) -> Path:
        return self._folder if self._folder is not None else saves_dir()

    def scan(self, known_games: Collection[str] | None = None) -> tuple[list[SavedGame], list[tuple[Path, SaveError]]]:
        """(the games that load, newest first; the files that do not, each with why). Nothing is changed
        on disk: the caller keeps the bad ones aside and tells the player."""
        good: list[SavedGame] = []
        bad: list[tuple[Path, SaveError]] = []
        cache: dict[Path, SavedGame] = {}
        for path in save_files(self.folder):
            stamp = _stamp(path)
            known = self._cache.get(path)
            if known is not None and stamp is not None and known.stamp == stamp:
                game = known
            else:
                try:
                    save = load_save(path, known_games)
                except SaveError as exc:
                    if exc.text.key != "persist.save.not_found":  # gone meanwhile: nothing to say
                        bad.append((path, exc))
                    continue
                game = SavedGame(path, save, stamp or ())
            if known_games is not None and game.save.game_id not in known_games:
                bad.append((path, _err("unknown_game", game=game.save.game_id)))
                continue
            cache[path] = game
            good.append(game)
        self._cache = cache
        oldest = datetime.min.replace(tzinfo=timezone.utc)
        good.sort(key=lambda g: (g.last_played or oldest, g.stamp[1:2] or (0,), g.path.name), reverse=True)
        return good, bad

    def forget(self, path: Path | str) -> None:
        self._cache.pop(Path(path), None)


# --------------------------------------------------------------------------------------------------
# Restoring a game
# --------------------------------------------------------------------------------------------------
#: ``on_step(before, action, after)`` after each action ``replay`` applies: ``before`` is a clone of the state
#: as it was, ``after`` the state itself (one object for the whole replay; a new one if it starts again)
StepHook = Callable[[State, Action, State], None]


def restore_state(rules: Rules, save: SaveData, on_step: StepHook | None = None) -> State:
    """The live state of a save, checked by its game before anything is drawn from it.

    The game is rebuilt from the seed, the options and every action on the current rules (``replay``):
    each action passes the rules' own legality check, so the result is a position the rules reach.
    With the same rules version the snapshot is read too, and kept only if its game accepts it
    (``Rules.validate_state``: seats, ids, types ...). Then:

    - both there: the rebuilt game, with what no action records taken from the snapshot (a race's clock,
      ``Rules.carry_unrecorded``); a snapshot that differs from its actions is logged, the actions win;
    - only the rebuilt game (the snapshot is damaged or edited, or the rules changed): the rebuilt game;
    - only the snapshot (an action no longer replays): the snapshot, logged;
    - neither: SaveError (``persist.save.cannot_replay*``), naming the move that failed.

    The position returned is validated by its game once more (SaveError ``persist.save.invalid``).
    SaveError too for another game's save. AssetError (a file of the app, e.g. a map, missing or
    damaged) passes through: it is not the save's fault. ``on_step`` is handed to ``replay`` (a state
    returned is the replayed one only if it is the ``after`` of the last step reported).
    """
    if save.game_id != rules.id:
        raise _err("wrong_game", game=save.game_id)
    same_rules = save.rules_version == rules.version
    if same_rules:
        why = Text.of("persist.save.damaged")
    else:
        key = "persist.save.old_rules" if save.rules_version < rules.version else "persist.save.new_rules"
        why = Text.of(key, saved=save.rules_version, current=rules.version)
    saved = _valid_snapshot(rules, save) if same_rules else None
    try:
        state = replay(rules, save, why, on_step)
    except SaveError:
        if saved is None:
            raise
        log.warning("the actions of a %s save do not replay; its snapshot, which the game accepts, is used",
                    save.game_id)
        return saved
    if saved is not None:
        try:
            rules.carry_unrecorded(saved, state)
        except Exception as exc:  # noqa: BLE001 - the snapshot's extras are a convenience, the actions the game
            log.warning("could not carry over what the snapshot of a %s save adds: %r", save.game_id, exc)
            state = replay(rules, save, why, on_step)
        if _plain(state.to_json()) != _plain(save.snapshot):
            log.warning("the snapshot of a %s save does not match its %d actions; the actions win",
                        save.game_id, len(save.actions))
    elif same_rules:
        log.warning("the snapshot of a %s save is unusable; the game is rebuilt from its actions", save.game_id)
    try:
        rules.validate_state(state)
    except AssetError:
        raise
    except Exception as exc:  # a position the game refuses, however the rules reached it
        log.error("a restored %s game is not a valid position: %s", save.game_id, exc)
        raise _err("invalid", reason=str(exc)[:200]) from None
    return state


def _plain(data: Any) -> Any:
    """``data`` as it reads back from a JSON file (tuples become lists), for comparisons."""
    return json.loads(dumps(data))


def _valid_snapshot(rules: Rules, save: SaveData) -> State | None:
    """The save's snapshot as a state its game accepts, or None (logged) when it is not one."""
    try:
        state = rules.state_from_json(save.snapshot)
        rules.validate_state(state)
        if getattr(state, "players", None) != save.players:
            raise ValueError(f"the snapshot has {getattr(state, 'players', None)!r} players, the save {save.players}")
    except AssetError:
        raise
    except Exception as exc:  # whatever an edited snapshot makes the game's reader do
        log.warning("snapshot of a %s save refused: %r", save.game_id, exc)
        return None
    return state


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


def replay(rules: Rules, save: SaveData, why: Text | None = None, on_step: StepHook | None = None) -> State:
    """Rebuild the game from seed, options and actions on the current rules (from the save's ``start``
    position instead of the seed's deal when the game began at a position built by hand).

    Raises SaveError(``persist.save.cannot_replay``) naming the failing move; ``why`` says why a replay
    was needed (older rules, a damaged snapshot) and is part of the message. ``on_step(before, action,
    after)`` is called after each action applied (``before`` a clone taken just before it), so that a
    session can rebuild its undo history from this one replay.
    """
    why = why or Text.of("persist.save.damaged")
    total = len(save.actions)

    def fail(move: int, exc: BaseException) -> SaveError:
        log.info("replay of a %s save failed at move %d/%d: %r", save.game_id, move, total, exc)
        if move == 0:
            return _err("cannot_replay_setup", why=why)
        return _err("cannot_replay", why=why, move=move, total=total)

    state = _start_position(rules, save, fail) if save.start is not None else _seed_deal(rules, save, fail)
    for number, data in enumerate(save.actions, start=1):
        try:
            action = rules.action_from_json(data)
            before = state.clone() if on_step is not None else state
            state.apply(action)
        except AssetError:
            raise
        except Exception as exc:  # IllegalAction, or a hand-edited action the rules cannot even read
            raise fail(number, exc) from None
        if on_step is not None:
            on_step(before, action, state)
    return state


def _seed_deal(rules: Rules, save: SaveData, fail: Callable[[int, BaseException], SaveError]) -> State:
    """The game the save's seed and options deal, on today's rules (older rules' options translated)."""
    options = dict(save.options)
    if save.rules_version < rules.version:
        options = dict(rules.options_of_version(options, save.rules_version, save.players))
    try:
        problems = rules.check(save.players, options)
    except Exception as exc:  # options of types the checks do not expect
        raise fail(0, exc) from None
    if problems:
        raise fail(0, ValueError(f"setup no longer valid: {options}"))
    try:
        return rules.new_state(save.players, resolve_options(rules.options, options), save.seed)
    except AssetError:
        raise
    except Exception as exc:
        raise fail(0, exc) from None


def _start_position(rules: Rules, save: SaveData, fail: Callable[[int, BaseException], SaveError]) -> State:
    """The position a game built by hand began at, checked by its game like any loaded position."""
    try:
        state = rules.state_from_json(save.start)
        rules.validate_state(state)
    except AssetError:
        raise
    except Exception as exc:
        raise fail(0, exc) from None
    if getattr(state, "players", None) != save.players:
        raise fail(0, ValueError("the start position has another number of players"))
    return state


# --------------------------------------------------------------------------------------------------
# Background autosave
# --------------------------------------------------------------------------------------------------
_CLEAR = object()  # a request to delete the file, queued like a save so it cannot race with one


class AutosaveWriter:
    """Writes saves on a daemon thread so that a frame never waits for the disk.

    ``submit`` only hands the SaveData over; the thread serialises and writes it atomically. Quick
    submits coalesce: only the latest pending save is written. Errors are logged, never raised; what the
    player must hear of waits in ``take_notices()`` (the app shows them): autosaves that start failing
    (once, until one succeeds again) and a file found in the way.

    Before its first write or delete the writer looks at what is already at ``path``: a file the app
    cannot use as a save (damaged, from a newer version, a folder ...) is kept aside (``keep_aside``)
    rather than written over; if it cannot be kept aside, nothing is written.
    """

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self.last_error: BaseException | None = None
        self.failing = False  # the last write or delete failed
        self._notices: list[tuple[Text, str]] = []  # (message, kind "error" | "good"), for the main thread
        self._checked = False  # what was at ``path`` before our first write has been looked at
        self._dumps = IncrementalDumps()  # the writer thread's own: each action and event encoded once
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

    def retire(self) -> None:
        """Take no more saves; the thread writes what is still pending, then ends. Returns at once."""
        with self._cond:
            self._closing = True
            self._cond.notify_all()

    @property
    def closed(self) -> bool:
        """True once ``retire`` or ``close`` was called: submits are ignored from then on."""
        return self._closing

    def close(self, timeout: float | None = 5.0) -> bool:
        """Flush, then stop the thread. Further submits are ignored."""
        done = self.flush(timeout)
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)
        return done

    def take_notices(self) -> list[tuple[Text, str]]:
        """Messages for the player since the last call, oldest first: (text, "error" or "good")."""
        with self._cond:
            notices, self._notices = self._notices, []
        return notices

    def _notice(self, text: Text, kind: str = "error") -> None:
        with self._cond:
            self._notices.append((text, kind))

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
                self._check_what_is_there()
                if item is _CLEAR:
                    self.path.unlink(missing_ok=True)
                    remove_stale_temps(self.path)
                else:
                    write_bytes_atomic(self.path, self._dumps.dumps(item.to_json()))
                self.last_error = None
                if self.failing:
                    self.failing = False
                    self._notice(Text.of("persist.autosave.working_again"), "good")
            except Exception as exc:  # a full disk must not end the game
                self.last_error = exc
                log.error("autosave to %s failed: %s", self.path, exc, exc_info=True)
                if not self.failing:  # tell the player once, when saving starts to fail
                    self.failing = True
                    self._notice(Text.of("persist.autosave.failing", path=str(self.path),
                                         error=os_error_text(exc)))
            with self._cond:
                self._done = max(self._done, seq)
                self._cond.notify_all()

    def _check_what_is_there(self) -> None:
        """Once: keep aside an unusable file found at ``path`` before writing over or deleting it."""
        if self._checked:
            return
        if os.path.lexists(self.path):
            try:
                load_save(self.path)
            except SaveError as exc:
                if exc.text.key != "persist.save.not_found":
                    kept = keep_aside(self.path, move=True)
                    if kept is None:
                        raise OSError(f"{self.path} cannot be used as a save and cannot be kept aside") from None
                    log.warning("autosave: %s was not a usable save (%s); kept as %s", self.path, exc, kept)
                    self._notice(Text.of("persist.save.kept_aside", file=self.path.name, reason=exc.text,
                                         kept=kept.name, folder=str(kept.parent)))
        self._checked = True
