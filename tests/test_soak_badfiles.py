"""`make soak`: the bad-file matrix — damaged saves, settings and assets against the real app.

Every case is staged for real on disk, in a fresh user folder (``PGN_HOME``), and met by a fresh headless
App on a ManualClock, driven by real pygame events (clicks through the event queue). Every variant is seeded
(its seed is in its name), so a failing case can be rerun alone with ``PGN_SOAK_ONLY=<part of its name>``.

Attacked:

- **Saves** (one test per game: Playa Pirata, Island Race, Pirateer). A file of the saves folder, named as
  the app names a game's file (``save_slot()``: with ``press_continue()``, the only code here that knows
  the save layout), or the single ``autosave.json`` of earlier versions, is: truncated, empty, blank,
  garbage, NUL bytes, BOM-prefixed (good and bad), UTF-16, Latin-1, a JSON array / number / string / null,
  NaN, another program's JSON, HTML, two saves in one file, a newer or odd format, an unknown game, a game
  in the shipyard, a folder, a FIFO, a symlink to /dev/zero, a symlink to a good save elsewhere, huge (a
  sparse file past the 16 MB limit, a good save padded to 15 MB, a 200,000-character seat name), random
  byte flips / inserts / deletions / splices, and JSON edits of real saves written by the app while bots
  played (2-4 players, with variants): every top-level field deleted or given a wrong type or an odd
  value; seats (count, kind, level, colour, names in odd scripts, a NUL, lone surrogates, a player count
  that disagrees); actions (seat out of range, unknown card / tile / ship ids, wrong types, unknown kinds,
  dropped, duplicated, swapped, foreign, 10,000 junk ones); snapshots (any node replaced by a wrong type,
  an out-of-range number, an unknown id, a duplicated piece, a deleted key; the current player out of
  range); values nested 40 to 3,000 deep; and actions and snapshot broken together.
  For each, the menu runs a few frames; Continue and then Resume on the file's row are clicked when the
  menu offers them; a resumed table plays a few frames with clicks; after a refusal the player goes back
  to the menu and starts a new game (tile, setup, Start), which saves.
- **Settings.** ``settings.json`` with the same kinds of damage, plus values nested 33 to 5,000 deep, a
  wrong type for every field, huge and negative numbers, strings in odd scripts, and remembered setups
  (``last_setup``) full of odd players, seeds ("²"), names and options; the app starts, opens the
  settings scene and every game's setup (which reads the remembered choices), starts one game from it,
  and writes its settings again.
- **Assets.** A copy of ``assets/`` (``game.paths._ROOT`` and ``theme.set_asset_root`` point at it); one
  file at a time is deleted, emptied, truncated, filled with garbage, byte-flipped or replaced by a
  folder: every font and every file of the Pirateer map (``maps/*``), a seeded sample of images and
  sounds. Every scene of ``game.smoke.scene_factories`` is opened for a few frames, every sound is played;
  for the map, a Pirateer game is started from its setup and a good Pirateer save is continued.

Asserted, and counted per family (cases, resumed / accepted, refused with a message, kept aside, left
untouched, crashes, hangs, lost, silent): no crash (``App.crash``, the crash guard that opens the
ErrorScene, is wrapped to record; an exception outside the frame loop, which would stop the app with a
traceback, counts too), no hang (a frame, or the app's start, slower than ``HANG_SECONDS``; a case stuck
for good is stopped by faulthandler with every thread's stack); saves: the game resumed (and its
autosaves work), or a toast named the file, and the damaged file is kept aside byte for byte (``*.bad``)
or left untouched where it was, still so after the new game has saved; settings: damage gives a toast
naming ``settings.json`` and a byte-for-byte copy aside (a folder, a pipe or a link moved aside as it is),
a file taken silently holds exactly what the app uses (an oracle of its own here), and the settings are
written and read back fine afterwards; assets: a broken map is blamed by name when a game is started or
continued, and the save is neither blamed nor touched; a broken image, font or sound costs nothing but
its look or sound.

``PGN_SOAK_SCALE`` scales the number of seeded variants (1 = 966 save cases, 196 settings cases and 93 asset
cases: about 8 minutes on one core).
"""
from __future__ import annotations

import codecs
import faulthandler
import json
import os
import re
import shutil
import stat
import time
import traceback
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pygame
import pytest

from game.core import saves
from game.core.clock import ManualClock
from game.core.rng import Rng

pytestmark = pytest.mark.soak

SCALE = float(os.environ.get("PGN_SOAK_SCALE", "1"))
ONLY = os.environ.get("PGN_SOAK_ONLY", "")  # run only the cases whose name contains this
HANG_SECONDS = 10.0   # a single frame (or a single start of the app) slower than this is a hang
STUCK_SECONDS = 300   # a case stuck for good: faulthandler prints every stack and ends the run
GAMES = ("playa-pirata", "island-race", "pirateer", "planks", "spanish-main")


YARD_GAME = "planks-in-the-yard"  # every real game is out of the shipyard: a copy of one still in it


@pytest.fixture(autouse=True, scope="module")
def a_game_in_the_shipyard():
    """A save of a game still in the shipyard cannot be played yet: one is registered for the edits."""
    import dataclasses

    from game import games
    games.register(dataclasses.replace(games.get("planks"), id=YARD_GAME, shipyard=True))
    yield
    games.unregister(YARD_GAME)


def scaled(n: int, least: int = 1) -> int:
    return max(least, int(round(n * SCALE)))


# --------------------------------------------------------------------------------------------------
# Where saves live, and how Continue reaches one. THE PLACES that know the save layout: adapt them when it
# changes. Copies kept aside and the new game's file are looked for anywhere under PGN_HOME, so nothing
# else depends on the layout.
# --------------------------------------------------------------------------------------------------
def save_slot(game_id: str, legacy: bool = False) -> Path:
    """Where a damaged save of ``game_id`` is staged: a file of the saves folder named as the app names a
    game's file (``saves.new_save_path``: ``<data>/saves/<game>-<when>-<random>.json``), or, ``legacy``, the
    single autosave of earlier versions (``saves.legacy_autosave_path()``: ``<data>/autosave.json``), which
    the menu moves into the saves folder under its own name."""
    return saves.legacy_autosave_path() if legacy else saves.new_save_path(game_id)


def press_continue(w: "Watched", menu, name: str | None):
    """Continue as a player does it: the menu's Continue button, then Resume on the row of the file called
    ``name`` (None: the first row) in the list of unfinished games. The table, or None (nothing offered, or
    refused)."""
    buttons = continue_buttons(menu)
    if not buttons or w.error_scene():
        return None
    w.click(buttons[0].rect.center)
    w.frames(3)
    top = w.app.stack.top
    rows = [r for r in getattr(top, "rows", []) if name is None or Path(r.game.path).name == name]
    if not rows:
        return w.app.stack.top if is_table(w.app.stack.top) else None
    w.click(rows[0].resume.rect.center)
    w.frames(4)
    return w.app.stack.top if is_table(w.app.stack.top) else None


def back_to_menu(w: "Watched", menu) -> bool:
    """Back to the menu by the scenes' own Back buttons (or Esc). False if the menu cannot be reached."""
    for _ in range(4):
        top = w.app.stack.top
        if top is menu:
            return True
        button = getattr(top, "back_button", None)
        if button is not None and getattr(button, "visible", True):
            w.click(button.rect.center)
        else:
            E = pygame.event.Event
            pygame.event.post(E(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0))
            w.frames(1)
        w.frames(2)
    return w.app.stack.top is menu


def flush_saves(app) -> None:
    """Every save the app still has on its way, on disk."""
    if hasattr(app, "flush_saves"):
        app.flush_saves(10.0)
    elif getattr(app, "autosaver", None) is not None:
        app.autosaver.flush(10)


def continue_buttons(menu) -> list:
    """The menu's visible Continue buttons: every visible Button whose text's catalog key starts with
    ``menu.continue``."""
    from game.ui.widgets import Box, Button
    found: list = []
    seen: set[int] = set()

    def visit(obj: Any, depth: int) -> None:
        if depth > 4 or id(obj) in seen:
            return
        seen.add(id(obj))
        if isinstance(obj, Button):
            key = getattr(obj.text, "key", obj.text)
            if obj.visible and isinstance(key, str) and key.startswith("menu.continue"):
                found.append(obj)
        elif isinstance(obj, Box):
            for w in obj.walk():
                visit(w, depth + 1)
        elif isinstance(obj, (list, tuple)):
            for x in obj[:64]:
                visit(x, depth + 1)
        elif isinstance(obj, dict):
            for x in list(obj.values())[:64]:
                visit(x, depth + 1)

    for value in vars(menu).values():
        visit(value, 0)
    return found


# --------------------------------------------------------------------------------------------------
# Driving one App, recording what it says and every crash
# --------------------------------------------------------------------------------------------------
class Watched:
    """A headless App with its crash guard, notices and toasts recorded, and every frame timed."""

    def __init__(self, seed: int):
        from game.app import App
        from game.ui import theme
        self.crashes: list[str] = []
        self.slowest = 0.0
        t0 = time.perf_counter()
        self.app = App(headless=True, lang="en", clock=ManualClock())
        self.slowest = time.perf_counter() - t0
        app = self.app
        pygame.event.clear()  # nothing left over from an earlier case
        app.inline_bots = True
        app.bot_delay = 0.0
        app.random_bits = Rng(seed).next64
        self.notices: list[str] = list(app.toasts.texts())  # said while the app started
        self.keys: list[str] = [getattr(t.text, "key", "") for t in app.toasts.toasts]  # their catalog keys
        real_crash, real_notify, real_toast = app.crash, app.notify, app.toast

        def crash(exc: BaseException) -> None:
            self.crashes.append("".join(traceback.format_exception(exc)))
            real_crash(exc)

        def notify(text, kind: str = "error") -> None:
            self.notices.append(theme.text_of(text))
            self.keys.append(getattr(text, "key", ""))
            real_notify(text, kind)

        def toast(message) -> None:
            self.notices.append(theme.text_of(message))
            real_toast(message)

        app.crash = crash  # type: ignore[method-assign]
        app.notify = notify  # type: ignore[method-assign]
        app.toast = toast  # type: ignore[method-assign]

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            t0 = time.perf_counter()
            try:
                self.app.step()
            except SystemExit:  # the error scene itself failed: the crash guard gave up
                self.crashes.append("SystemExit from the crash guard\n" + traceback.format_exc())
            self.slowest = max(self.slowest, time.perf_counter() - t0)

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        E = pygame.event.Event
        pygame.event.post(E(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(E(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(E(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.frames(1)

    def error_scene(self) -> bool:
        from game.scenes.error import ErrorScene
        return any(isinstance(s, ErrorScene) for s in self.app.stack.scenes)

    def said(self, *words: str) -> bool:
        return any(all(w in text for w in words) for text in self.notices)

    def close(self) -> None:
        try:
            self.app.shutdown()
        except Exception:  # noqa: BLE001 - a failing shutdown is a crash too
            self.crashes.append("shutdown\n" + traceback.format_exc())


def open_menu(w: Watched):
    from game.scenes.menu import MenuScene
    menu = MenuScene(w.app)
    w.app.stack.push(menu, fade=False)
    w.frames(3)
    return menu


def is_table(scene) -> bool:
    return scene is not None and hasattr(scene, "session") and getattr(scene, "is_game", False)


def start_new_game(w: Watched, menu, game_id: str):
    """From the menu, as a player does: the game's tile, then Start on its setup. The table, or None."""
    from game.scenes.setup import SetupScene
    tile = next(t for t in menu.tiles if t.entry.id == game_id)
    w.click(tile.rect.center)
    w.frames(12)
    setup = w.app.stack.top
    if not isinstance(setup, SetupScene):
        return None
    w.click(setup.start.rect.center)
    w.frames(3)
    return w.app.stack.top if is_table(w.app.stack.top) else None


def play_a_little(w: Watched, rng: Rng, frames: int = 24) -> None:
    """A few frames of a table with a few clicks anywhere (bots go on playing meanwhile)."""
    width, height = w.app.screen.get_size()
    for k in range(frames):
        if k % 6 == 5:
            w.click((rng.below(width), rng.below(height)))
        else:
            w.frames(1)
        if w.error_scene():
            return


class Guard:
    """Times a case; faulthandler ends the run with every stack if it is stuck for good."""

    def __enter__(self) -> "Guard":
        faulthandler.dump_traceback_later(STUCK_SECONDS, exit=True)
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc: Any) -> None:
        faulthandler.cancel_dump_traceback_later()
        self.seconds = time.perf_counter() - self.t0


def fresh_home(monkeypatch: pytest.MonkeyPatch, root: Path, name: str) -> Path:
    home = root / re.sub(r"[^A-Za-z0-9_.-]+", "_", name)[:120]
    if home.exists():
        shutil.rmtree(home)
    home.mkdir(parents=True)
    monkeypatch.setenv("PGN_HOME", str(home))
    return home


# --------------------------------------------------------------------------------------------------
# A damaged file: its bytes, or a special file in its place
# --------------------------------------------------------------------------------------------------
@dataclass
class Damage:
    name: str                    # family:kind:seed, unique
    data: bytes | None = None    # the bytes staged (None: a special file)
    special: str | None = None   # "folder" | "fifo" | "dev-zero" | "sparse" | "link-to-good"
    note: dict = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return self.name.split(":")[1]


SPARSE_SIZE = saves.MAX_SAVE_BYTES + 1024 * 1024


def stage(damage: Damage, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if damage.special is None:
        path.write_bytes(damage.data or b"")
    elif damage.special == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("kept")
    elif damage.special == "fifo":
        os.mkfifo(path)
    elif damage.special == "dev-zero":
        os.symlink("/dev/zero", path)
    elif damage.special == "sparse":
        with open(path, "wb") as fp:
            fp.write(b'{"app": "pirate-game-night", ')
            fp.truncate(SPARSE_SIZE)
    elif damage.special == "link-to-good":
        target = Path(os.environ["PGN_HOME"]) / "elsewhere" / "good.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(damage.data or b"")
        os.symlink(target, path)
    else:  # pragma: no cover
        raise ValueError(damage.special)


def same_thing(damage: Damage, path: Path) -> bool:
    """``path`` holds exactly what was staged (the same bytes, or the same kind of special file)."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return False
    if damage.special is None:
        return stat.S_ISREG(mode) and path.read_bytes() == damage.data
    if damage.special == "folder":
        return stat.S_ISDIR(mode) and (path / "inside.txt").read_text() == "kept"
    if damage.special == "fifo":
        return stat.S_ISFIFO(mode)
    if damage.special in ("dev-zero", "link-to-good"):
        return stat.S_ISLNK(mode) and (os.readlink(path) == "/dev/zero") == (damage.special == "dev-zero")
    if damage.special == "sparse":
        return stat.S_ISREG(mode) and os.stat(path).st_size == SPARSE_SIZE
    return False


def kept_copies(home: Path, damage: Damage) -> list[Path]:
    """Every ``*.bad`` under ``home`` holding exactly the damaged thing."""
    out = []
    for folder, dirs, files in os.walk(home):
        for name in dirs + files:
            if name.endswith(".bad") and same_thing(damage, Path(folder) / name):
                out.append(Path(folder) / name)
    return out


# --------------------------------------------------------------------------------------------------
# Mutations
# --------------------------------------------------------------------------------------------------
ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 7, 99, 2 ** 31, 2 ** 63, 2 ** 64 + 1, -(2 ** 70), 10 ** 40, 1.5, -0.0, 1e308,
    "", "x", "7", "²", "١٢٣", "🏴‍☠️", "\u202e", "\ud800", "Ω" * 3000, "\x00", "ｆｕｌｌ", "null",
    [], [None], [[]], [1, "a", None], {}, {"kind": "x"}, {"": None}, {"seat": 0},
]
ODD_TEXT = ["", " ", "²", "١٢٣", "🏴‍☠️" * 40, "\u202eannA", "A\u0301\u0301\u0301\u0301" * 50, "\ud800", "\udfff x",
            "中文名字", "Ελένη", "ﷺ" * 30, "\x00\x01\x02", "\n\n\n", "x" * 200_000, "W" * 5000, "\t" * 100]
ID_RE = re.compile(r"^[a-z]+(-[a-z0-9]+)+$")


def dump(data: Any) -> bytes:
    """JSON as the file holds it (lone surrogates escaped: a file may say anything)."""
    return json.dumps(data).encode("utf-8")


def nested(depth: int, kind: str = "list") -> str:
    if kind == "list":
        return "[" * depth + "1" + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


def with_deep(data: Any, setter: Callable[[Any, Any], None], depth: int, kind: str) -> bytes:
    """``data`` with one value replaced by ``depth`` levels of nesting (written as text: json.dumps
    itself cannot go that deep)."""
    marker = "__DEEP_VALUE__"
    setter(data, marker)
    return dump(data).replace(json.dumps(marker).encode(), nested(depth, kind).encode())


def nodes(obj: Any, path: tuple = ()) -> list[tuple]:
    """Every path into ``obj`` (lists and dicts), the root excluded."""
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.append(path + (k,))
            out.extend(nodes(v, path + (k,)))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out.append(path + (i,))
            out.extend(nodes(v, path + (i,)))
    return out


def get_at(obj: Any, path: tuple) -> Any:
    for k in path:
        obj = obj[k]
    return obj


def set_at(obj: Any, path: tuple, value: Any) -> None:
    get_at(obj, path[:-1])[path[-1]] = value


def unknown_id(rng: Rng, s: str) -> str:
    parts = s.split("-")
    r = rng.below(5)
    if r == 0:
        return s + "-x"
    if r == 1:
        return "-".join(parts[:1] + ["99"] + parts[2:])
    if r == 2:
        return parts[0] + "-martian-" + str(rng.below(100))
    if r == 3:
        return s.upper()
    return "-".join(parts[:-1] + ["z" + parts[-1]])


def flip_bytes(rng: Rng, data: bytes) -> bytes:
    b = bytearray(data)
    for _ in range(1 + rng.below(8)):
        r = rng.below(4)
        if not b:
            b.append(rng.below(256))
            continue
        i = rng.below(len(b))
        if r == 0:
            b[i] ^= 1 << rng.below(8)
        elif r == 1:
            b.insert(i, rng.below(256))
        elif r == 2:
            del b[i]
        else:
            b[i] = rng.choice(list(b'{}[]",:0123456789-eE. \\'))
    return bytes(b)


def splice(rng: Rng, data: bytes) -> bytes:
    """A stretch of the file copied over another (a bad sector, a sync tool gone wrong)."""
    if len(data) < 4:
        return data + data
    i, j = rng.below(len(data)), rng.below(len(data))
    n = 1 + rng.below(min(200, len(data) - max(i, j)) or 1)
    return data[:i] + data[j:j + n] + data[i + n:]


def raw_damages(rng: Rng, good: bytes, prefix: str, n_random: int) -> list[Damage]:
    """Byte-level damage of a good file (shared by saves and settings)."""
    out = [
        Damage(f"{prefix}:empty:0", b""),
        Damage(f"{prefix}:blank:0", b" \n\t\r\n  "),
        Damage(f"{prefix}:nul:0", b"\x00" * 4096),
        Damage(f"{prefix}:bom-good:0", codecs.BOM_UTF8 + good),
        Damage(f"{prefix}:bom-twice:0", codecs.BOM_UTF8 * 2 + good),
        Damage(f"{prefix}:bom-garbage:0", codecs.BOM_UTF8 + b"{{{\xff\xfe"),
        Damage(f"{prefix}:bom-only:0", codecs.BOM_UTF8),
        Damage(f"{prefix}:utf16:0", good.decode("utf-8").encode("utf-16")),
        Damage(f"{prefix}:latin1:0", good.decode("utf-8").encode("latin-1", "replace") + b"\xe9\xff"),
        Damage(f"{prefix}:array:0", b"[1, 2, 3]"),
        Damage(f"{prefix}:number:0", b"42"),
        Damage(f"{prefix}:string:0", b'"pirate-game-night"'),
        Damage(f"{prefix}:null:0", b"null"),
        Damage(f"{prefix}:nan:0", good.replace(b"}", b', "x": NaN}', 1) if b"}" in good else b"NaN"),
        Damage(f"{prefix}:huge-int:0", b'{"x": ' + b"9" * 5000 + b"}"),
        Damage(f"{prefix}:other-json:0", b'{"hello": "world", "version": 1}'),
        Damage(f"{prefix}:html:0", b"<!DOCTYPE html><html><body>404</body></html>"),
        Damage(f"{prefix}:twice:0", good + good),
        Damage(f"{prefix}:trailing-junk:0", good + b"\x00\x00garbage"),
        Damage(f"{prefix}:crlf:0", good.replace(b",", b",\r\n")),  # a good file an editor reflowed
    ]
    for k in range(n_random):
        seed = rng.next64() & 0xFFFFFFFF
        r = Rng(seed)
        kind = ("truncated", "garbage", "flips", "splice", "truncated", "flips")[k % 6]
        if kind == "truncated":
            data = good[:r.below(len(good))]
        elif kind == "garbage":
            data = bytes(r.below(256) for _ in range(1 + r.below(3000)))
        elif kind == "flips":
            data = flip_bytes(r, good)
        else:
            data = splice(r, good)
        out.append(Damage(f"{prefix}:{kind}:{seed}", data))
    return out


def special_damages(prefix: str, good: bytes | None = None) -> list[Damage]:
    out = [Damage(f"{prefix}:folder:0", special="folder"), Damage(f"{prefix}:sparse-17MB:0", special="sparse")]
    if hasattr(os, "mkfifo"):
        out.append(Damage(f"{prefix}:fifo:0", special="fifo"))
    if os.path.exists("/dev/zero"):
        out.append(Damage(f"{prefix}:dev-zero:0", special="dev-zero"))
    if good is not None:
        out.append(Damage(f"{prefix}:link-to-good:0", good, special="link-to-good"))
    return out


# --------------------------------------------------------------------------------------------------
# Family 1: saves
# --------------------------------------------------------------------------------------------------
_BASES: dict[str, list[tuple[str, bytes]]] = {}

BASE_TABLES = {  # (label, bot levels, options, actions to reach, first seat made human in the file)
    "playa-pirata": [("2p", ["easy", "medium"], {}, 6, True),
                     ("3p-special", ["easy", "medium", "easy"], {"special-cards": True}, 18, False),
                     ("4p", ["medium", "easy", "easy", "medium"], {"match-format": "single-hand"}, 30, True)],
    "island-race": [("2p", ["easy", "medium"], {}, 4, True),
                    ("3p-no-timer", ["medium", "easy", "easy"], {"no-timer": True}, 12, False),
                    ("4p", ["easy", "easy", "medium", "medium"], {}, 20, True)],
    "pirateer": [("2p", ["easy", "medium"], {}, 8, True),
                 ("3p-storm", ["medium", "easy", "easy"], {"storm": True, "wrecks": True}, 24, False),
                 ("4p", ["easy", "medium", "easy", "medium"], {}, 40, True)],
    "planks": [("2p", ["easy", "medium"], {"feel-draw": True}, 10, True),
               ("3p", ["medium", "easy", "easy"], {"first-plank": "choose"}, 24, False),
               ("4p", ["easy", "medium", "easy", "medium"], {"pairs": 8}, 40, True)],
    "spanish-main": [("2p", ["easy", "medium"], {"movement-hand": True}, 8, True),
                     ("3p", ["medium", "easy", "easy"], {"extended-fame": True}, 18, False),
                     ("4p", ["easy", "medium", "easy", "medium"], {"imminent-adventures": True}, 30, True)],
}


def base_saves(game_id: str, root: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    """Real saves of ``game_id``, written by the app's own autosave while bots played a table."""
    if game_id in _BASES:
        return _BASES[game_id]
    from game import games
    from game.core.session import Seat
    from game.scenes.setup import make_table_scene
    out = []
    for label, kinds, options, reach, human in BASE_TABLES[game_id]:
        fresh_home(monkeypatch, root, f"base-{game_id}-{label}")
        w = Watched(zlib.crc32(label.encode()))
        try:
            open_menu(w)
            seats = [Seat(f"Bot {i + 1}", "bot", k, i) for i, k in enumerate(kinds)]
            table = make_table_scene(w.app, games.get(game_id), seats, options, 40 + len(out))
            w.app.stack.push(table, fade=False)
            for _ in range(6000):
                if len(table.session.actions) >= reach or table.finished:
                    break
                w.frames(1)
            flush_saves(w.app)
            table.autosave()  # the latest position (a race saves at most once a second)
            flush_saves(w.app)
            written = sorted((p for p in Path(os.environ["PGN_HOME"]).rglob("*.json") if p.is_file()),
                             key=lambda p: p.stat().st_mtime_ns)
            data = json.loads(written[-1].read_bytes())
            assert not w.crashes, w.crashes[0]
        finally:
            w.close()
        if human:  # a human in seat 1 (the table then waits for them after Continue)
            data["seats"][0].update(kind="human", level=None, name="Anna")
        out.append((label, dump(data)))
    _BASES[game_id] = out
    return out


def _save_field_edits(rng: Rng, data: dict) -> list[tuple[str, Callable[[dict], None]]]:
    """(kind, edit) for the top-level fields of a save."""
    edits: list[tuple[str, Callable[[dict], None]]] = []
    names = list(data)
    for name in names:
        edits.append((f"field-{name}-deleted", lambda d, n=name: d.pop(n, None)))
        v = rng.choice(ODD_VALUES)
        edits.append((f"field-{name}-odd", lambda d, n=name, v=v: d.__setitem__(n, v)))
    fixed: dict[str, Any] = {
        "newer-format": lambda d: d.update(format=2, app_version="9.9"),
        "format-zero": lambda d: d.update(format=0),
        "format-text": lambda d: d.update(format="1"),
        "not-ours": lambda d: d.update(app="another-app"),
        "unknown-game": lambda d: d.update(game_id="treasure-hunt"),
        "shipyard-game": lambda d: d.update(game_id=YARD_GAME),
        "other-game": lambda d: d.update(game_id=rng.choice([g for g in GAMES if g != d["game_id"]])),
        "game-id-odd": lambda d: d.update(game_id=rng.choice(["", "../../etc/passwd", "PIRATEER", "🏴‍☠️", "x" * 9000])),
        "rules-newer": lambda d: d.update(rules_version=d["rules_version"] + 1),
        "rules-older": lambda d: d.update(rules_version=d["rules_version"] - 1),
        "rules-huge": lambda d: d.update(rules_version=2 ** 70),
        "seed-huge": lambda d: d.update(seed=2 ** 200),
        "seed-negative": lambda d: d.update(seed=-(2 ** 63)),
        "players-zero": lambda d: d.update(players=0),
        "players-99": lambda d: d.update(players=99),
        "players-mismatch": lambda d: d.update(players=d["players"] % 4 + 1),
        "options-unknown": lambda d: d["options"].update({"x-ray": True}),
        "options-odd": lambda d: d["options"].update({k: rng.choice(ODD_VALUES) for k in list(d["options"])[:2]}),
        "options-empty": lambda d: d.update(options={}),
        "bot-seed-odd": lambda d: d.update(bot_seed=rng.choice([-1, 2 ** 64, "x", 1.5, None, True])),
        "saved-at-odd": lambda d: d.update(saved_at=rng.choice(["yesterday", "", "9999-99-99T99:99:99", "x" * 100000])),
        "summary-odd": lambda d: d.update(summary={"game": rng.choice(ODD_VALUES), "players": rng.choice(ODD_VALUES),
                                                   "names": [rng.choice(ODD_TEXT)] * 3}),
        "extra-field": lambda d: d.update(extra={"anything": [1, 2, 3]}, __proto__={"x": 1}),
    }
    edits.extend(fixed.items())
    return edits


def _seat_edits(rng: Rng) -> list[tuple[str, Callable[[dict], None]]]:
    def seat(d: dict) -> dict:
        return d["seats"][rng.below(len(d["seats"]))]
    return [
        ("seat-name-odd", lambda d: seat(d).update(name=rng.choice(ODD_TEXT))),
        ("seat-name-200k", lambda d: seat(d).update(name="W" * 200_000)),
        ("seat-name-surrogate", lambda d: seat(d).update(name="Anna\ud800")),
        ("seat-colour-99", lambda d: seat(d).update(colour=99)),
        ("seat-colour-neg", lambda d: seat(d).update(colour=-1)),
        ("seat-colour-dup", lambda d: [s.update(colour=0) for s in d["seats"]]),
        ("seat-kind-odd", lambda d: seat(d).update(kind=rng.choice(["alien", "", None, 1, "HUMAN"]))),
        ("seat-level-odd", lambda d: seat(d).update(kind="bot", level=rng.choice(["godlike", None, 3, ""]))),
        ("seat-human-level", lambda d: seat(d).update(kind="human", level="hard")),
        ("seats-one-more", lambda d: d["seats"].append(dict(d["seats"][0]))),
        ("seats-one-less", lambda d: d["seats"].pop()),
        ("seats-more-and-players", lambda d: (d["seats"].extend(dict(s) for s in d["seats"][:5 - len(d["seats"])]),
                                              d.update(players=len(d["seats"])))),
        ("seats-less-and-players", lambda d: (d["seats"].pop(), d.update(players=len(d["seats"])))),
        ("seats-all-humans", lambda d: [s.update(kind="human", level=None) for s in d["seats"]]),
        ("seats-all-bots", lambda d: [s.update(kind="bot", level="easy") for s in d["seats"]]),
        ("seats-not-dicts", lambda d: d["seats"].__setitem__(0, rng.choice(["Anna", 0, None, []]))),
    ]


def _action_edits(rng: Rng) -> list[tuple[str, Callable[[dict], None]]]:
    def pick(d: dict) -> dict | None:
        return d["actions"][rng.below(len(d["actions"]))] if d["actions"] else None

    def edit_one(d: dict, how: str) -> None:
        a = pick(d)
        if a is None:
            d["actions"].append({"kind": "x", "seat": 0})
            return
        keys = [k for k in a if k != "kind"] or ["seat"]
        key = rng.choice(keys)
        if how == "seat":
            a["seat"] = rng.choice([7, -1, 4, 2 ** 40, d["players"]])
        elif how == "id":
            ids = [k for k, v in a.items() if isinstance(v, str) and ID_RE.match(v)]
            lists = [k for k, v in a.items() if isinstance(v, list) and v and all(isinstance(x, str) for x in v)]
            if ids:
                k = rng.choice(ids)
                a[k] = unknown_id(rng, a[k])
            elif lists:
                k = rng.choice(lists)
                a[k] = [unknown_id(rng, x) for x in a[k]]
            else:
                a[key] = unknown_id(rng, "card-1-a")
        elif how == "type":
            a[key] = rng.choice(ODD_VALUES)
        elif how == "missing":
            a.pop(key, None)
        elif how == "kind":
            a["kind"] = rng.choice(["", "pp.nothing", "pir.teleport", "ir.cheat", a["kind"].upper(), None, 7])
        elif how == "extra":
            a["extra"] = rng.choice(ODD_VALUES)

    def foreign(d: dict) -> None:
        d["actions"].insert(rng.below(len(d["actions"]) + 1), rng.choice([
            {"kind": "pp.bury", "seat": 0, "card": "treasure-5-b", "flag": False},
            {"kind": "pir.roll", "seat": 1}, {"kind": "pir.move", "seat": 0, "ships": ["ship-spanish-1"],
                                               "direction": "NE", "die": 3},
            {"kind": "ir.take", "seat": 0, "tile": 3}, {"kind": "ir.done", "seat": 1}]))

    def swap(d: dict) -> None:
        acts = d["actions"]
        if len(acts) >= 2:
            i, j = rng.below(len(acts)), rng.below(len(acts))
            acts[i], acts[j] = acts[j], acts[i]

    return [
        ("action-seat", lambda d: edit_one(d, "seat")),
        ("action-unknown-id", lambda d: edit_one(d, "id")),
        ("action-wrong-type", lambda d: edit_one(d, "type")),
        ("action-missing-field", lambda d: edit_one(d, "missing")),
        ("action-unknown-kind", lambda d: edit_one(d, "kind")),
        ("action-extra-field", lambda d: edit_one(d, "extra")),
        ("action-dropped", lambda d: d["actions"] and d["actions"].pop(rng.below(len(d["actions"])))),
        ("action-duplicated", lambda d: d["actions"] and d["actions"].insert(
            rng.below(len(d["actions"])), dict(rng.choice(d["actions"])))),
        ("action-swapped", swap),
        ("action-foreign", foreign),
        ("actions-emptied", lambda d: d.update(actions=[])),
        ("actions-not-list", lambda d: d.update(actions=rng.choice([{}, "pp.bury", None, 3]))),
        ("actions-10k-junk", lambda d: d["actions"].extend({"kind": "x", "seat": 0} for _ in range(10_000))),
    ]


def _snapshot_edit(rng: Rng, d: dict, how: str) -> None:
    snap = d["snapshot"]
    paths = nodes(snap)
    if not paths:
        d["snapshot"] = {"hand": rng.choice(ODD_VALUES)}
        return
    leaves_str = [p for p in paths if isinstance(get_at(snap, p), str) and ID_RE.match(get_at(snap, p))]
    ints = [p for p in paths if type(get_at(snap, p)) is int]
    if how == "type":
        set_at(snap, rng.choice(paths), rng.choice(ODD_VALUES))
    elif how == "range" and ints:
        set_at(snap, rng.choice(ints), rng.choice([-1, 7, 99, 4, 2 ** 31, -(2 ** 63), 10 ** 30]))
    elif how == "id" and leaves_str:
        p = rng.choice(leaves_str)
        set_at(snap, p, unknown_id(rng, get_at(snap, p)))
    elif how == "dup" and leaves_str:  # the same piece in two places (and another one gone)
        p, q = rng.choice(leaves_str), rng.choice(leaves_str)
        set_at(snap, q, get_at(snap, p))
    elif how == "dup-in-list":
        lists = [p for p in paths if isinstance(get_at(snap, p), list) and get_at(snap, p)]
        if lists:
            lst = get_at(snap, rng.choice(lists))
            lst.insert(rng.below(len(lst) + 1), json.loads(json.dumps(rng.choice(lst))))
    elif how == "delete":
        p = rng.choice(paths)
        parent = get_at(snap, p[:-1])
        del parent[p[-1]]
    elif how == "current":
        hits = [p for p in paths if p[-1] in ("current", "turn_pos", "chooser", "players", "hand_index")]
        if hits:
            set_at(snap, rng.choice(hits), rng.choice([7, -1, 4, 99]))
        else:
            set_at(snap, rng.choice(paths), 7)
    else:  # what was asked for is not in this snapshot: anything odd anywhere
        set_at(snap, rng.choice(paths), rng.choice(ODD_VALUES))


SNAPSHOT_HOWS = ("type", "range", "id", "dup", "dup-in-list", "delete", "current")


def save_damages(game_id: str, bases: list[tuple[str, bytes]]) -> list[Damage]:
    """Every damaged save for one game: byte-level damage, special files, and JSON edits of real saves."""
    rng = Rng(zlib.crc32(game_id.encode()) ^ 0x5A7E)
    out: list[Damage] = []
    first = bases[0][1]
    out += raw_damages(rng, first, f"save-{game_id}", scaled(24, 6))
    out += special_damages(f"save-{game_id}", first)
    for label, good in bases[1:]:
        out += [Damage(f"save-{game_id}-{label}:{d.kind}:{d.name.rsplit(':', 1)[1]}", d.data)
                for d in raw_damages(rng, good, "x", scaled(6, 2))[-scaled(6, 2):]]
    # huge but good: a save padded to 15 MB, and one with a 200,000-character name
    padded = first[:-1] + b" " * (15 * 1024 * 1024) + first[-1:]
    out.append(Damage(f"save-{game_id}:padded-15MB:0", padded))

    def edited(label: str, good: bytes, kind: str, edit: Callable[[dict], None], seed: int) -> None:
        data = json.loads(good)
        try:
            edit(data)
        except (IndexError, KeyError, ValueError):
            return  # the edit does not fit this save (no actions ...)
        out.append(Damage(f"save-{game_id}-{label}:{kind}:{seed}", dump(data)))

    for label, good in bases:
        base = json.loads(good)
        per_base = Rng(rng.next64())
        field_edits = _save_field_edits(per_base, base)
        for kind, edit in (field_edits if label == bases[0][0] else
                           [field_edits[per_base.below(len(field_edits))] for _ in range(scaled(6, 2))]):
            edited(label, good, kind, edit, 0)
        for kind, edit in _seat_edits(per_base):
            if per_base.below(3) == 0 or label == bases[0][0]:
                edited(label, good, kind, edit, 0)
        for _ in range(scaled(2, 1)):
            for kind, edit in _action_edits(per_base):
                seed = per_base.next64() & 0xFFFF
                edited(label, good, kind, edit, seed)
        for _ in range(scaled(3, 1)):
            for how in SNAPSHOT_HOWS:
                seed = per_base.next64() & 0xFFFF
                r = Rng(seed)
                edited(label, good, f"snapshot-{how}", lambda d, how=how, r=r: _snapshot_edit(r, d, how), seed)
        for _ in range(scaled(3, 1)):  # actions and snapshot broken together: only a refusal can do
            seed = per_base.next64() & 0xFFFF
            r = Rng(seed)
            a_kind, a_edit = _action_edits(r)[r.below(6)]
            how = SNAPSHOT_HOWS[r.below(len(SNAPSHOT_HOWS))]

            def both(d: dict, a_edit=a_edit, how=how, r=r) -> None:
                a_edit(d)
                _snapshot_edit(r, d, how)
            edited(label, good, f"both-{a_kind}+{how}", both, seed)
        for depth, kind in ((40, "list"), (3000, "list"), (3000, "dict")):
            target = per_base.choice(["snapshot", "actions", "options", "summary"])
            data = json.loads(good)
            out.append(Damage(f"save-{game_id}-{label}:deep-{target}-{depth}:0",
                              with_deep(data, lambda d, v, t=target: d.__setitem__(t, v), depth, kind)))
        data = json.loads(good)
        if data["actions"]:
            data["actions"][0]["card"] = "__DEEP_VALUE__"
            out.append(Damage(f"save-{game_id}-{label}:deep-action-field-900:0",
                              dump(data).replace(b'"__DEEP_VALUE__"', nested(900).encode())))
    # the single autosave.json of earlier versions, good and damaged, which the menu moves into the folder
    newer = json.loads(first)
    newer.update(format=2, app_version="9.9")
    legacy = [Damage("x:good:0", first), Damage("x:truncated:0", first[:len(first) // 2]),
              Damage("x:garbage:0", bytes(range(256)) * 3), Damage("x:newer-format:0", dump(newer)),
              Damage("x:bom-good:0", codecs.BOM_UTF8 + first)] + special_damages("x", first)
    out += [Damage(f"legacy-{game_id}:{d.kind}:0", d.data, d.special, {"legacy": True}) for d in legacy]
    return unique(out)


def unique(damages: list[Damage]) -> list[Damage]:
    """The same kind of edit drawn twice for one save: number the repeats so every name stays unique."""
    seen: dict[str, int] = {}
    for d in damages:
        n = seen.get(d.name, 0) + 1
        seen[d.name] = n
        if n > 1:
            d.name = f"{d.name}-{n}"
    return damages


def _crashed_outside_the_loop(counts: "Counts", case: str, w: "Watched | None") -> None:
    """An exception outside the frame loop (the real app would stop with a traceback): a crash of the case."""
    if w is not None:
        w.crashes.append("outside the frame loop\n" + traceback.format_exc())
    else:
        counts.crashes += 1
        counts.fail(case, "the app did not start\n" + traceback.format_exc())


@dataclass
class Counts:
    family: str
    cases: int = 0
    resumed: int = 0      # saves: the game came back; settings: the file was used as it was
    refused: int = 0      # refused with a message naming the file
    kept: int = 0         # the damaged thing was found kept aside, byte for byte
    untouched: int = 0    # ... or left untouched where it was
    crashes: int = 0
    hangs: int = 0
    lost: int = 0
    silent: int = 0       # neither used nor named on screen
    seconds: float = 0.0
    slowest_frame: float = 0.0
    slowest_case: tuple[float, str] = (0.0, "")
    failures: list[str] = field(default_factory=list)
    by_kind: dict[str, list[int]] = field(default_factory=dict)  # kind -> [cases, resumed, refused]

    def fail(self, case: str, what: str) -> None:
        self.failures.append(f"{case}: {what}")

    def line(self) -> str:
        return (f"{self.family}: {self.cases} cases, {self.resumed} resumed/accepted, {self.refused} refused with a "
                f"message, {self.kept} kept aside, {self.untouched} left untouched, {self.crashes} crashes, "
                f"{self.hangs} hangs, {self.lost} lost, {self.silent} silent; {self.seconds:.0f} s, slowest frame "
                f"{self.slowest_frame * 1000:.0f} ms, slowest case {self.slowest_case[0]:.1f} s "
                f"({self.slowest_case[1]})")

    def report(self) -> None:
        print("\n" + self.line())
        kinds = sorted(self.by_kind.items())
        print("  by kind (cases/resumed-or-accepted/refused): " +
              ", ".join(f"{k} {v[0]}/{v[1]}/{v[2]}" for k, v in kinds))
        for f in self.failures[:40]:
            print("  FAIL " + f.replace("\n", "\n       "))

    def check(self) -> None:
        assert self.crashes == 0, self.failures[0] if self.failures else "crashes"
        assert self.hangs == 0, "hangs"
        assert self.lost == 0, "lost files"
        assert not self.failures, f"{len(self.failures)} failures, the first: {self.failures[0]}"


def run_save_case(damage: Damage, game_id: str, root: Path, monkeypatch: pytest.MonkeyPatch,
                  counts: Counts) -> None:
    home = fresh_home(monkeypatch, root, damage.name)
    legacy = bool(damage.note.get("legacy"))
    path = save_slot(game_id, legacy)
    stage(damage, path)
    claimed = None
    try:
        claimed = json.loads(damage.data.decode("utf-8-sig")).get("game_id") if damage.data else None
    except (ValueError, AttributeError, RecursionError):
        pass
    seed = zlib.crc32(damage.name.encode())
    rng = Rng(seed)
    outcome = "silent"
    w = None
    with Guard() as guard:
        try:
            w = Watched(seed)
            menu = open_menu(w)
            table = press_continue(w, menu, None if legacy else path.name)  # (a good old one is renamed)
            if w.error_scene():
                pass
            elif table is not None:
                outcome = "resumed"
                if claimed is not None and table.session.game_id != claimed:
                    counts.fail(damage.name, f"resumed {table.session.game_id}, the file says {claimed}")
                play_a_little(w, rng)
                flush_saves(w.app)
                w.frames(1)
                if "persist.autosave.failing" in w.keys:  # the resumed game's moves are not kept
                    counts.fail(damage.name, f"the resumed game cannot be saved: {w.notices}")
            elif w.said(path.name):
                outcome = "refused"
                if back_to_menu(w, menu):
                    new_game = GAMES[rng.below(len(GAMES))]
                    new = start_new_game(w, menu, new_game)
                    if new is None and not w.error_scene():
                        counts.fail(damage.name, f"could not start a new {new_game} game after the refusal")
                    w.frames(2)
                    flush_saves(w.app)
                    w.frames(1)
                elif not w.error_scene():
                    counts.fail(damage.name, f"cannot go back to the menu from {type(w.app.stack.top).__name__}")
            else:
                counts.fail(damage.name, f"no game resumed and no message naming {path.name}: {w.notices}")
        except Exception:  # noqa: BLE001 - outside the frame loop: the app would stop with a traceback
            _crashed_outside_the_loop(counts, damage.name, w)
        finally:
            if w is not None:
                w.close()
    _tally(counts, damage, w, guard, outcome)
    if outcome == "resumed" or (w is not None and w.crashes):
        if damage.special == "link-to-good":
            target = home / "elsewhere" / "good.json"
            if target.read_bytes() != damage.data:
                counts.lost += 1
                counts.fail(damage.name, "the file the link pointed to was changed")
        return
    # refused (or silent): the damaged thing must still be there, aside or where it was (or where the menu
    # moved an earlier version's autosave), after a new game started and saved
    if kept_copies(home, damage):
        counts.kept += 1
    elif any(same_thing(damage, p) for p in [path] + list(home.rglob(path.name))):
        counts.untouched += 1
    else:
        counts.lost += 1
        counts.fail(damage.name, "the damaged file is gone: neither kept aside nor where it was")


def _tally(counts: Counts, damage: Damage, w: "Watched | None", guard: Guard, outcome: str) -> None:
    counts.cases += 1
    row = counts.by_kind.setdefault(damage.kind, [0, 0, 0])
    row[0] += 1
    if w is not None:
        if w.crashes or w.error_scene():
            counts.crashes += 1
            first = w.crashes[0] if w.crashes else "error scene without a recorded crash"
            counts.fail(damage.name, "CRASH\n" + first)
        counts.slowest_frame = max(counts.slowest_frame, w.slowest)
        if w.slowest > HANG_SECONDS:
            counts.hangs += 1
            counts.fail(damage.name, f"a frame took {w.slowest:.1f} s")
    if outcome in ("resumed", "accepted"):
        counts.resumed += 1
        row[1] += 1
    elif outcome == "refused":
        counts.refused += 1
        row[2] += 1
    else:
        counts.silent += 1
    if guard.seconds > counts.slowest_case[0]:
        counts.slowest_case = (guard.seconds, damage.name)


def _selected(damages: list[Damage]) -> list[Damage]:
    return [d for d in damages if ONLY in d.name] if ONLY else damages


@pytest.mark.parametrize("game_id", GAMES)
def test_soak_bad_saves(game_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bases = base_saves(game_id, tmp_path, monkeypatch)
    damages = _selected(save_damages(game_id, bases))
    counts = Counts(f"bad saves {game_id}")
    start = time.perf_counter()
    for damage in damages:
        run_save_case(damage, game_id, tmp_path / "cases", monkeypatch, counts)
        shutil.rmtree(tmp_path / "cases", ignore_errors=True)
    counts.seconds = time.perf_counter() - start
    counts.report()
    counts.check()


# --------------------------------------------------------------------------------------------------
# Family 2: settings
# --------------------------------------------------------------------------------------------------
GOOD_SETTINGS = {
    "version": 1, "language": "en", "fullscreen": False, "volume": 55, "muted": False, "animation_speed": "fast",
    "bot_speed": "slow", "colourblind_symbols": True, "ir_water_warning": False,
    "ir_round_minutes": 5, "ir_last_tile_limit": True,
    "last_setup": {
        "playa-pirata": {"players": 3, "seed": "12", "seats": [{"kind": "human", "name": "Anna", "colour": 0},
                                                            {"kind": "easy", "name": "Ben", "colour": 1},
                                                            {"kind": "medium", "name": "Cleo", "colour": 2}],
                         "options": {"special-cards": True}},
        "pirateer": {"players": 2, "seed": "", "seats": [{"kind": "human", "name": "Dan", "colour": 3},
                                                       {"kind": "easy", "name": "Eve", "colour": 4}],
                     "options": {"storm": True}},
    },
}

#: the independent oracle: what each field may hold (a file the app takes silently must match it)
SETTINGS_FIELDS: dict[str, Callable[[Any], bool]] = {
    "language": lambda v: v in ("it", "en") and isinstance(v, str),
    "fullscreen": lambda v: isinstance(v, bool), "muted": lambda v: isinstance(v, bool),
    "colourblind_symbols": lambda v: isinstance(v, bool),
    "ir_water_warning": lambda v: isinstance(v, bool), "ir_last_tile_limit": lambda v: isinstance(v, bool),
    "volume": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 100,
    "animation_speed": lambda v: isinstance(v, str) and v in ("slow", "normal", "fast"),
    "bot_speed": lambda v: isinstance(v, str) and v in ("slow", "normal", "fast"),
    "ir_round_minutes": lambda v: type(v) is int and v in (0, 5, 6),
    "last_setup": lambda v: isinstance(v, dict) and all(isinstance(x, dict) for x in v.values()) and _writable(v),
}


def _writable(value: Any) -> bool:
    """What settings may hold must be written again: no lone surrogate (``"\\ud800"`` in the file)."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def settings_damages() -> list[Damage]:
    rng = Rng(0x5E77)
    good = json.dumps(GOOD_SETTINGS, indent=2).encode()
    out = raw_damages(rng, good, "settings", scaled(30, 6))
    out += [d for d in special_damages("settings") if d.special != "link-to-good"]
    out.append(Damage("settings:padded-15MB:0", good[:-1] + b" " * (15 * 1024 * 1024) + good[-1:]))

    def edited(kind: str, edit: Callable[[dict], None], seed: int = 0) -> None:
        data = json.loads(good)
        edit(data)
        out.append(Damage(f"settings:{kind}:{seed}", dump(data)))

    for name in SETTINGS_FIELDS:  # a wrong type for every field, several times over
        for _ in range(scaled(3, 1)):
            v = rng.choice(ODD_VALUES)
            seed = rng.next64() & 0xFFFF
            edited(f"field-{name}", lambda d, n=name, v=v: d.__setitem__(n, v), seed)
    for kind, value in [("volume-huge", 10 ** 400), ("volume-1e308", 1e308), ("volume-negative", -(10 ** 50)),
                        ("volume-101", 101), ("volume-float", 33.3), ("volume-tiny", 5e-324),
                        ("minutes-huge", 2 ** 64), ("minutes-float", 5.0), ("minutes-bool", True)]:
        key = "volume" if kind.startswith("volume") else "ir_round_minutes"
        edited(kind, lambda d, k=key, v=value: d.__setitem__(k, v))
    for text in ODD_TEXT:
        seed = zlib.crc32(text.encode("utf-8", "surrogatepass")) & 0xFFFF
        for key in ("language", "animation_speed", "bot_speed"):
            edited(f"script-{key}", lambda d, k=key, t=text: d.__setitem__(k, t), seed)
    edited("language-ja", lambda d: d.update(language="ja"))
    edited("language-upper", lambda d: d.update(language="EN"))
    edited("version-newer", lambda d: d.update(version=99, future_setting={"x": 1}))
    edited("version-odd", lambda d: d.update(version="one"))
    edited("unknown-keys", lambda d: d.update(theme="dark", window={"w": 1, "h": 2}))
    edited("all-wrong", lambda d: d.update({k: [k] for k in SETTINGS_FIELDS}))
    edited("minimal", lambda d: [d.pop(k) for k in list(d) if k != "volume"])
    for depth, kind in ((33, "list"), (40, "dict"), (200, "list"), (950, "list"), (950, "dict"), (5000, "list")):
        where = rng.choice(["last_setup", "extra", "volume", "playa"])
        data = json.loads(good)

        def put(d: Any, v: Any, where=where) -> None:
            if where == "playa":
                d["last_setup"]["playa-pirata"]["options"]["deep"] = v
            else:
                d[where] = v
        out.append(Damage(f"settings:deep-{where}-{kind}-{depth}:0", with_deep(data, put, depth, kind)))
    # remembered setups: whatever a file may say about the last players, seed, names and options
    setups = {
        "players-odd": lambda s: s.update(players=rng.choice([0, 1, 5, 99, -3, 2 ** 70, "3", 3.0, None])),
        "seed-square": lambda s: s.update(seed="²"),
        "seed-odd": lambda s: s.update(seed=rng.choice(["١٢٣", "1e5", "0x1F", "9" * 5000, " 7 ", "-", 12, None, "½"])),
        "seat-names-odd": lambda s: [x.update(name=rng.choice(ODD_TEXT)) for x in s.get("seats", [])],
        "seat-kinds-odd": lambda s: [x.update(kind=rng.choice(["alien", "bot", "hard", 1, None]))
                                     for x in s.get("seats", [])],
        "seat-colours-odd": lambda s: [x.update(colour=rng.choice([99, -1, 0, "red", 2 ** 70]))
                                       for x in s.get("seats", [])],
        "seats-odd": lambda s: s.update(seats=rng.choice([[], [None] * 9, "Anna", {"a": 1}, [[1, 2]]])),
        "seats-many": lambda s: s.update(seats=[{"kind": "human", "name": f"P{i}", "colour": i} for i in range(40)]),
        "options-odd": lambda s: s.update(options={k: rng.choice(ODD_VALUES) for k in
                                                   ("special-cards", "match-format", "storm", "no-timer", "big-island",
                                                    "factions-2p", "first-player", "expert-timer", "x")}),
        "options-not-dict": lambda s: s.update(options=rng.choice([[], "storm", 1, None])),
    }
    for kind, edit in setups.items():
        for _ in range(scaled(3, 1)):
            seed = rng.next64() & 0xFFFF
            data = json.loads(good)
            for g in GAMES:
                data["last_setup"].setdefault(g, json.loads(json.dumps(GOOD_SETTINGS["last_setup"]["playa-pirata"])))
                edit(data["last_setup"][g])
            out.append(Damage(f"settings:setup-{kind}:{seed}", dump(data)))
    edited("setup-not-dicts", lambda d: d.update(last_setup={"playa-pirata": 3, "pirateer": "x"}))
    edited("setup-unknown-games", lambda d: d["last_setup"].update({"treasure-hunt": {"players": 2}, "": {}}))
    return unique(out)


def _settings_oracle(damage: Damage) -> str | None:
    """Why the file is not a settings file the app may take silently, or None when it is one."""
    if damage.data is None:
        return "not an ordinary file"
    raw = damage.data
    if raw.startswith(codecs.BOM_UTF8):
        raw = raw[3:]
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
    except (ValueError, RecursionError):
        return "not JSON"
    if not isinstance(data, dict):
        return "not an object"
    if _depth(data) > 32:
        return "nested too deep"
    for name, ok in SETTINGS_FIELDS.items():
        if name in data and not ok(data[name]):
            return f"bad {name}"
    return None


def _depth(data: Any) -> int:
    deepest, stack = 0, [(data, 0)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            v = list(v.values())
        if isinstance(v, list):
            deepest = max(deepest, d + 1)
            if deepest > 40:
                return deepest
            stack.extend((x, d + 1) for x in v)
    return deepest


def run_settings_case(damage: Damage, root: Path, monkeypatch: pytest.MonkeyPatch, counts: Counts) -> None:
    from game import games
    from game.scenes.settings import SettingsScene
    from game.scenes.setup import SetupScene
    from game.settings import load_settings, settings_path
    home = fresh_home(monkeypatch, root, damage.name)
    path = settings_path()
    stage(damage, path)
    seed = zlib.crc32(damage.name.encode())
    why_bad = _settings_oracle(damage)
    outcome = "silent"
    w = None
    with Guard() as guard:
        try:
            w = Watched(seed)
            start_notices = list(w.notices)
            named = any("settings.json" in n for n in start_notices)
            if why_bad is None and not start_notices:
                outcome = "accepted"
                data = json.loads(damage.data.decode("utf-8-sig"))
                for name in SETTINGS_FIELDS:
                    if name in data:
                        want = data[name]
                        got = getattr(w.app.settings, name)
                        if name == "volume":
                            want = int(round(want))
                        if name != "language" and got != want:  # (the test runs the app in English)
                            counts.fail(damage.name, f"{name}: the file says {data[name]!r}, the app uses {got!r}")
            elif named:
                outcome = "refused"
                if why_bad is None:
                    counts.fail(damage.name, f"a good file was refused: {start_notices}")
            else:
                counts.fail(damage.name, f"bad file ({why_bad}) without a message naming settings.json: "
                                         f"{start_notices}")
            # the app goes on: menu, settings, every game's setup (remembered choices), one game started
            menu = open_menu(w)
            w.app.stack.push(SettingsScene(w.app), fade=False)
            w.frames(3)
            w.app.stack.pop()
            playable = [e for e in games.catalog() if e.available and not e.module]
            for entry in playable:
                w.app.stack.push(SetupScene(w.app, entry), fade=False)
                w.frames(3)
                w.app.stack.pop()
                w.frames(1)
            entry = playable[seed % len(playable)]
            w.app.stack.push(SetupScene(w.app, entry), fade=False)
            w.frames(2)
            setup = w.app.stack.top
            if isinstance(setup, SetupScene):
                w.click(setup.start.rect.center)
                w.frames(3)
                if is_table(w.app.stack.top):
                    play_a_little(w, Rng(seed), 12)
            assert menu in w.app.stack.scenes or w.error_scene()
            # ... and writes its settings again, fine
            w.app.settings.volume = 37
            before = len(w.notices)
            w.app.save_settings()
            if len(w.notices) > before:
                counts.fail(damage.name, f"settings could not be written again: {w.notices[before:]}")
        except Exception:  # noqa: BLE001 - outside the frame loop: the app would stop with a traceback
            _crashed_outside_the_loop(counts, damage.name, w)
        finally:
            if w is not None:
                w.close()
    _tally(counts, damage, w, guard, outcome)
    if w is None or w.crashes:
        return
    settings, notice = load_settings()
    if notice is not None or settings.volume != 37:
        from game.ui import theme
        counts.fail(damage.name, f"the settings written at the end do not read back: {theme.text_of(notice)}, "
                                 f"volume {settings.volume}")
    if outcome == "refused":
        if kept_copies(home, damage):
            counts.kept += 1
        else:
            counts.lost += 1
            counts.fail(damage.name, "the damaged settings file was not kept aside")


def test_soak_bad_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    damages = _selected(settings_damages())
    counts = Counts("bad settings")
    start = time.perf_counter()
    for damage in damages:
        run_settings_case(damage, tmp_path / "cases", monkeypatch, counts)
        shutil.rmtree(tmp_path / "cases", ignore_errors=True)
    counts.seconds = time.perf_counter() - start
    counts.report()
    counts.check()


# --------------------------------------------------------------------------------------------------
# Family 3: assets
# --------------------------------------------------------------------------------------------------
ASSET_DAMAGE = ("deleted", "empty", "truncated", "garbage", "flips", "folder")
MAP_FILES = ("maps/pirateer.tmx", "maps/pirateer.tsx")


def asset_cases(assets: Path) -> list[tuple[str, str, int]]:
    """(file relative to assets/, damage, seed): every font and map file with every damage, a seeded
    sample of images and sounds."""
    rng = Rng(0xA55E7)
    files = sorted(str(p.relative_to(assets)) for p in assets.rglob("*") if p.is_file())
    fonts = [f for f in files if f.endswith(".ttf")]
    maps = [f for f in files if f.startswith("maps/")]
    images = [f for f in files if f.startswith("images/")]
    sounds = [f for f in files if f.endswith(".wav")]
    out = [(f, d, 0) for f in fonts + maps for d in ASSET_DAMAGE]
    for pool, n in ((images, scaled(36, 6)), (sounds, scaled(14, 4))):
        picked: set[tuple[str, str]] = set()
        for _ in range(n * 3):
            if len(picked) >= n:
                break
            picked.add((rng.choice(pool), rng.choice(ASSET_DAMAGE)))
        out += [(f, d, rng.next64() & 0xFFFF) for f, d in sorted(picked)]
    out.append(("images/ui/icon.png", "folder", 0))  # read by the App itself, before any scene
    return sorted(set(out))


def damage_asset(path: Path, how: str, rng: Rng) -> None:
    data = path.read_bytes()
    path.unlink()
    if how == "deleted":
        return
    if how == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("not an asset")
        return
    if how == "empty":
        new = b""
    elif how == "truncated":
        new = data[: rng.below(max(1, len(data)))]
    elif how == "garbage":
        new = bytes(rng.below(256) for _ in range(1 + rng.below(4096)))
    else:  # flips: the file keeps its headers mostly, its insides are wrong
        b = bytearray(data)
        for _ in range(1 + rng.below(40)):
            i = rng.below(len(b))
            b[i] = rng.below(256)
        new = bytes(b)
    path.write_bytes(new)


def forget_loaded_art(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every cache of loaded or derived art, so a case sees its own damaged file."""
    from game import games
    from game.ui import theme
    theme.clear_caches()
    for pkg in ("playa_pirata", "island_race", "pirateer", "planks", "spanish_main"):
        try:
            module = __import__(f"game.games.{pkg}.sprites", fromlist=["clear_cache"])
            module.clear_cache()
        except ImportError:
            pass
    try:
        from game.games.pirateer import boardview
        boardview._native.clear()
    except ImportError:
        pass
    try:
        from game.games.island_race import draw
        draw._empty_cache.clear()
    except ImportError:
        pass
    rules = games.get("pirateer").package.rules
    monkeypatch.setattr(rules, "_board", None)  # the map is read again (restored after the test)


def run_asset_case(rel: str, how: str, seed: int, assets: Path, root: Path, monkeypatch: pytest.MonkeyPatch,
                   counts: Counts, good_pirateer: bytes) -> None:
    from game.paths import AssetError
    from game.scenes.error import ErrorScene
    from game.smoke import scene_factories
    from game.ui import sound
    name = f"asset:{rel}:{how}:{seed}"
    fresh_home(monkeypatch, root, name)
    target = assets / rel
    original = target.read_bytes()
    rng = Rng(seed or zlib.crc32(name.encode()))
    damage_asset(target, how, rng)
    forget_loaded_art(monkeypatch)
    is_map = rel in MAP_FILES
    map_broken = False
    outcome = "accepted"
    w = None
    with Guard() as guard:
        try:
            w = Watched(zlib.crc32(name.encode()))
            open_menu(w)
            for scene_name, factory in scene_factories(w.app):
                w.app.stack.scenes = w.app.stack.scenes[:1]
                w.app.running = True  # (a random click may have hit Quit)
                try:
                    scene = factory()
                except AssetError as exc:
                    if is_map and "pirateer" in scene_name:
                        map_broken = True  # no Pirateer table without its map; what the player sees: below
                        continue
                    w.crashes.append(f"{scene_name}: AssetError for {rel}\n" + "".join(traceback.format_exception(exc)))
                    break
                w.app.stack.push(scene, fade=False)
                for _ in range(4):
                    scene.mark_dirty()
                    w.frames(1)
                if scene_name == "error":  # the error scene itself, opened on purpose: drawn, then closed
                    w.app.stack.scenes = w.app.stack.scenes[:1]
                if w.error_scene():
                    break
                if scene_name.startswith("menu") or scene_name.startswith("setup"):
                    width, height = w.app.screen.get_size()
                    for _ in range(2):  # hover and click somewhere: highlights, sounds
                        w.click((rng.below(width), rng.below(height)))
                    if isinstance(w.app.stack.top, ErrorScene):
                        break
            for snd in sound.SOUNDS:  # every sound, played as a frame would
                try:
                    w.app.play(snd)
                except Exception:  # noqa: BLE001
                    w.crashes.append(f"playing {snd}\n" + traceback.format_exc())
            if is_map and not w.error_scene():
                outcome = _map_paths(w, rel, good_pirateer, counts, name, map_broken)
        except Exception:  # noqa: BLE001 - outside the frame loop: the app would stop with a traceback
            _crashed_outside_the_loop(counts, name, w)
        finally:
            if w is not None:
                w.close()
            if target.is_dir():
                shutil.rmtree(target)
            elif target.exists():
                target.unlink()
            target.write_bytes(original)
    _tally(counts, Damage(name), w, guard, outcome)


def _map_paths(w: "Watched", rel: str, good_pirateer: bytes, counts: Counts, name: str, map_broken: bool) -> str:
    """A broken map, met as a player meets it: a new Pirateer game from its setup, and Continue of a good
    Pirateer save. The map is named; the save is neither blamed nor touched."""
    from game.scenes.menu import MenuScene
    map_name = Path(rel).name
    w.app.stack.scenes = []
    w.app.running = True
    menu = open_menu(w)
    assert isinstance(menu, MenuScene)
    before = len(w.notices)
    table = start_new_game(w, menu, "pirateer")
    if w.error_scene():
        return "crash"
    if table is None and map_broken:
        said = w.notices[before:]
        if not any("pirateer" in n and (map_name in n or "pirateer.tmx" in n) for n in said):
            counts.fail(name, f"a new Pirateer game with a broken {map_name}: no message naming the map: {said}")
    # a good save of a Pirateer game, then Continue
    w.app.stack.scenes = []
    home = Path(os.environ["PGN_HOME"])
    for p in home.rglob("*.json"):  # only the good save: the new game's file (if any) goes
        if p.is_file():
            p.unlink()
    path = save_slot("pirateer")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(good_pirateer)
    menu = open_menu(w)
    before = len(w.notices)
    table = press_continue(w, menu, path.name)
    if w.error_scene():
        return "crash"
    if table is not None:
        if map_broken:
            counts.fail(name, f"Continue resumed with a broken {map_name}")
        return "accepted"
    said = w.notices[before:]
    if not continue_buttons(menu) and not said:
        counts.fail(name, f"a good Pirateer save is not offered with a broken {map_name}")
        return "silent"
    if not any(map_name in n or "pirateer.tmx" in n for n in said):
        counts.fail(name, f"Continue with a broken {map_name} does not name the map: {said}")
    if any(path.name in n for n in said):
        counts.fail(name, f"Continue with a broken {map_name} blames the save: {said}")
    if not path.is_file() or path.read_bytes() != good_pirateer or list(home.rglob("*.bad")):
        counts.lost += 1
        counts.fail(name, "the good save was moved or changed because of a broken map")
    return "refused"


def test_soak_bad_assets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game import paths
    from game.ui import theme
    good_pirateer = base_saves("pirateer", tmp_path / "bases", monkeypatch)[0][1]
    copy_root = tmp_path / "app"
    shutil.copytree(paths.asset(), copy_root / "assets")
    monkeypatch.setattr(paths, "_ROOT", copy_root)
    theme.set_asset_root(copy_root / "assets")
    counts = Counts("bad assets")
    start = time.perf_counter()
    try:
        cases = [c for c in asset_cases(copy_root / "assets") if not ONLY or ONLY in f"asset:{c[0]}:{c[1]}:{c[2]}"]
        for rel, how, seed in cases:
            run_asset_case(rel, how, seed, copy_root / "assets", tmp_path / "cases", monkeypatch, counts, good_pirateer)
            shutil.rmtree(tmp_path / "cases", ignore_errors=True)
    finally:
        theme.set_asset_root(None)
    counts.seconds = time.perf_counter() - start
    counts.report()
    counts.check()
