"""`make soak`: a seeded monkey on every scene of the app.

Each scene under test is opened in a headless App on a ManualClock and fed thousands of random events
through the real frame loop (``App.step``): clicks, drags and wheel turns anywhere and on the scene's
own buttons, keys (with odd characters such as "²"), typed text, window resizes to any size (portrait,
below the minimum, the largest), focus lost and gained. Where the monkey wanders off (Esc, a button
opening another scene) it goes on there for a while, then the scene under test is opened again.
Tables are played with 2-4 seats, humans and bots, the bots thinking in-process or in the worker.

Counted and asserted: crashes (the crash guard's error scene), hangs (a frame taking more than
``HANG_SECONDS`` of real time; a frame stuck for good is stopped by faulthandler with every thread's
stack), events delivered per scene. ``PGN_SOAK_SCALE`` scales the number of events (1 = at least 3,200
delivered while the scene under test is on top, for each of 26 scenes, and about four times as many in
all, counting the scenes the monkey wanders into: over 300,000).
"""
from __future__ import annotations

import faulthandler
import os
import time
import traceback
import zlib
from typing import Any, Callable

import pygame
import pytest

from game.core.clock import ManualClock
from game.core.rng import Rng

pytestmark = pytest.mark.soak

SCALE = float(os.environ.get("PGN_SOAK_SCALE", "1"))
EVENTS_PER_SCENE = max(200, int(3200 * SCALE))
HANG_SECONDS = 20.0
STUCK_SECONDS = 600   # one frame (or the opening of a scene) stuck this long: every stack printed, the run ends
WANDER_EVENTS = 400  # events spent in other scenes before the scene under test is opened again

KEYS = [
    (pygame.K_a, "a"), (pygame.K_z, "z"), (pygame.K_e, "e"), (pygame.K_g, "g"), (pygame.K_f, "f"),
    (pygame.K_r, "r"), (pygame.K_d, "d"), (pygame.K_1, "1"), (pygame.K_9, "9"), (pygame.K_MINUS, "-"),
    (pygame.K_SPACE, " "), (pygame.K_RETURN, "\r"), (pygame.K_KP_ENTER, "\r"), (pygame.K_TAB, "\t"),
    (pygame.K_BACKSPACE, "\b"), (pygame.K_DELETE, ""), (pygame.K_LEFT, ""), (pygame.K_RIGHT, ""),
    (pygame.K_UP, ""), (pygame.K_DOWN, ""), (pygame.K_HOME, ""), (pygame.K_END, ""),
    (pygame.K_PAGEUP, ""), (pygame.K_PAGEDOWN, ""), (pygame.K_F1, ""), (pygame.K_F11, ""),
    (0x40000000 | 0x35, "²"), (pygame.K_UNKNOWN, "é"), (pygame.K_UNKNOWN, "€"), (pygame.K_UNKNOWN, "🏴‍☠️"),
]
TEXTS = ["²", "12", "-7", "Anna", "é", "🏴‍☠️", "\u202e", "x" * 300, "0x1F", "١٢٣", " ", "\x00", "9" * 40]
SIZES = [(960, 540), (1280, 720), (960, 1440), (1080, 1920), (3840, 2160), (3840, 1000), (2000, 540),
         (640, 480), (100, 100), (5000, 5000), (1366, 768), (1920, 1080)]


# --------------------------------------------------------------------------------------------------
# The scenes under test
# --------------------------------------------------------------------------------------------------
def _tables() -> list[tuple[str, list[str], bool]]:
    """(label, seat kinds, bots in the worker) for the tables the monkey plays."""
    return [
        ("2p-human-bot", ["human", "hard"], False),
        ("3p-2humans-bot-worker", ["human", "human", "medium"], True),
        ("4p-human-3bots", ["human", "easy", "medium", "hard"], False),
        ("4p-bots-worker", ["easy", "medium", "hard", "easy"], True),
    ]


def scene_specs() -> list[tuple[str, bool, Callable[[Any], Any]]]:
    """(name, bots in the worker, factory(app)) for every scene of every playable game."""
    from game import games
    from game.core.protocol import Result
    from game.core.session import Seat
    from game.scenes.credits import CreditsScene
    from game.scenes.menu import MenuScene
    from game.scenes.pause import PauseScene
    from game.scenes.results import ResultsScene
    from game.scenes.rules import RulesScene
    from game.scenes.settings import SettingsScene
    from game.scenes.setup import SetupScene, make_table_scene

    seats2 = [Seat("Anna", "human", None, 0), Seat("Ben", "bot", "hard", 1)]
    sample = Result.from_scores([21, 17], breakdown=[[("results.points", 21)], [("results.points", 17)]])
    specs: list[tuple[str, bool, Callable[[Any], Any]]] = [
        ("menu", False, lambda app: MenuScene(app)),
        ("settings", False, lambda app: SettingsScene(app)),
        ("credits", False, lambda app: CreditsScene(app)),
        ("results", False, lambda app: ResultsScene(app, games.catalog()[0], seats2, sample, rematch=None)),
        ("saves", False, saved_games_list),
    ]

    def table(entry, kinds: list[str], seed: int) -> Callable[[Any], Any]:
        def make(app):
            seats = [Seat(f"P{i}", "human" if k == "human" else "bot", None if k == "human" else k, i)
                     for i, k in enumerate(kinds)]
            return make_table_scene(app, entry, seats, {}, seed)
        return make

    for entry in games.catalog():
        if not entry.available:
            continue
        specs.append((f"rules:{entry.id}", False, lambda app, e=entry: RulesScene(app, e)))
        specs.append((f"setup:{entry.id}", False, lambda app, e=entry: SetupScene(app, e)))
        def pause(app, t=table(entry, ["human", "easy"], 2)):
            app.stack.push(t(app), fade=False)
            return PauseScene(app, app.stack.top)
        specs.append((f"pause:{entry.id}", False, pause))
        for k, (label, kinds, worker) in enumerate(_tables()):
            specs.append((f"table:{entry.id}:{label}", worker, table(entry, kinds, 10 + k)))
    return specs


def saved_games_list(app) -> Any:
    """The Continue list with more unfinished games than fit a page (written again when the monkey has
    deleted them), long names among them."""
    from game import games
    from game.core import saves
    from game.scenes.saved_games import SavedGamesScene
    from tests.support.save_files import write_game
    playable = [e.id for e in games.catalog() if e.available]
    for i in range(len(saves.save_files()), 14):
        write_game(playable[i % len(playable)], ["Anna " * (1 + 9 * (i % 4 == 3)), "Ben", "Clara"][: 2 + i % 2],
                   2 + i, f"2024-{1 + i % 12:02d}-{1 + i:02d}T10:00:00+00:00", seed=i)
    return SavedGamesScene(app)


def _spec_names() -> list[str]:
    return [name for name, _, _ in scene_specs()]


# --------------------------------------------------------------------------------------------------
# The monkey
# --------------------------------------------------------------------------------------------------
def _button_centres(app) -> list[tuple[int, int]]:
    """Centres of the visible widgets of the top scene (found by walking its attributes)."""
    from game.ui.widgets import Box, Widget
    top = app.stack.top
    out: list[tuple[int, int]] = []
    seen: set[int] = set()

    def visit(obj: Any, depth: int) -> None:
        if depth > 3 or id(obj) in seen:
            return
        seen.add(id(obj))
        if isinstance(obj, Box):
            for w in obj.walk():
                if getattr(w, "visible", True) and getattr(w, "rect", None) is not None:
                    out.append(w.rect.center)
        elif isinstance(obj, Widget):
            if getattr(obj, "visible", True) and getattr(obj, "rect", None) is not None:
                out.append(obj.rect.center)
        elif isinstance(obj, (list, tuple)):
            for x in obj[:40]:
                visit(x, depth + 1)
        elif isinstance(obj, dict):
            for x in list(obj.values())[:40]:
                visit(x, depth + 1)
        elif hasattr(obj, "child"):
            visit(getattr(obj, "child"), depth + 1)

    for value in list(vars(top).values()) if top is not None else []:
        visit(value, 0)
    return out


class Monkey:
    def __init__(self, rng: Rng):
        self.rng = rng
        self.held = False
        self.pos = (640, 360)

    def _point(self, app) -> tuple[int, int]:
        w, h = app.screen.get_size()
        r = self.rng.below(10)
        if r < 5:
            centres = _button_centres(app)
            if centres:
                x, y = self.rng.choice(centres)
                return x + self.rng.below(9) - 4, y + self.rng.below(9) - 4
        if r == 9:  # off the window, now and then
            return self.rng.below(w + 400) - 200, self.rng.below(h + 400) - 200
        return self.rng.below(w), self.rng.below(h)

    def events(self, app) -> list[pygame.event.Event]:
        """One frame's worth of random events (1 to 5)."""
        out: list[pygame.event.Event] = []
        for _ in range(1 + self.rng.below(5)):
            out.extend(self._one(app))
        return out

    def _one(self, app) -> list[pygame.event.Event]:
        rng = self.rng
        r = rng.below(100)
        E = pygame.event.Event
        if r < 30:  # a click (or a press, or a release) somewhere
            self.pos = self._point(app)
            button = 1 if rng.below(10) < 8 else rng.choice([2, 3])
            motion = E(pygame.MOUSEMOTION, pos=self.pos, rel=(0, 0), buttons=(0, 0, 0))
            kind = rng.below(6)
            if kind == 0:
                self.held = True
                return [motion, E(pygame.MOUSEBUTTONDOWN, pos=self.pos, button=button)]
            if kind == 1:
                self.held = False
                return [motion, E(pygame.MOUSEBUTTONUP, pos=self.pos, button=button)]
            return [motion, E(pygame.MOUSEBUTTONDOWN, pos=self.pos, button=button),
                    E(pygame.MOUSEBUTTONUP, pos=self.pos, button=button)]
        if r < 50:  # a move (a drag while the button is held)
            target = self._point(app)
            rel = (target[0] - self.pos[0], target[1] - self.pos[1])
            self.pos = target
            return [E(pygame.MOUSEMOTION, pos=target, rel=rel, buttons=(1 if self.held else 0, 0, 0))]
        if r < 55:
            return [E(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 2]), flipped=False, precise_x=0.0,
                      precise_y=1.0)]
        if r < 85:
            k, uni = rng.choice(KEYS)
            mod = rng.choice([0, 0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT, pygame.KMOD_ALT])
            return [E(pygame.KEYDOWN, key=k, mod=mod, unicode=uni, scancode=0),
                    E(pygame.KEYUP, key=k, mod=mod, unicode=uni, scancode=0)]
        if r < 88:
            return [E(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)]
        if r < 93:
            return [E(pygame.TEXTINPUT, text=rng.choice(TEXTS))]
        if r < 96:
            w, h = rng.choice(SIZES) if rng.below(2) else (640 + rng.below(3400), 400 + rng.below(2000))
            return [E(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))]
        return [E(rng.choice([pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWMINIMIZED,
                              pygame.WINDOWRESTORED, pygame.WINDOWEXPOSED]))]


def run_monkey(name: str, worker: bool, factory: Callable[[Any], Any], n_events: int) -> dict[str, Any]:
    from game.app import App
    from game.scenes.error import ErrorScene
    app = App(headless=True, lang="en" if zlib.crc32(name.encode()) % 2 else "it", clock=ManualClock())
    app.inline_bots = not worker
    app.random_bits = Rng(zlib.crc32(name.encode())).next64
    crashes: list[str] = []
    real_crash = app.crash

    def crash(exc: BaseException) -> None:
        crashes.append("".join(traceback.format_exception(exc)))
        real_crash(exc)

    app.crash = crash  # type: ignore[method-assign]
    rng = Rng(zlib.crc32(name.encode()) ^ 0x50AC)
    monkey = Monkey(rng)
    stats: dict[str, Any] = {"events": 0, "on_scene": 0, "frames": 0, "reopened": 0, "hangs": 0, "slowest": 0.0,
                             "by_scene": {}}
    under_test = None
    away = 0

    def open_scene() -> None:
        nonlocal under_test, away
        app.running = True
        app.stack.scenes.clear()
        if name != "menu":
            from game.scenes.menu import MenuScene
            app.stack.push(MenuScene(app), fade=False)
        under_test = factory(app)
        app.stack.push(under_test, fade=False)
        stats["reopened"] += 1
        away = 0

    try:
        faulthandler.dump_traceback_later(STUCK_SECONDS, exit=True)
        open_scene()
        while stats["on_scene"] < n_events:
            top = app.stack.top
            if not app.running or top is None or isinstance(top, ErrorScene) or away > WANDER_EVENTS:
                open_scene()
                continue
            events = monkey.events(app)
            label = type(top).__name__
            stats["by_scene"][label] = stats["by_scene"].get(label, 0) + len(events)
            if top is under_test:
                away = 0
                stats["on_scene"] += len(events)
            else:
                away += len(events)
            stats["events"] += len(events)
            # a frame stuck for good: every stack, then the worker exits. The watchdog is set again at every
            # frame: a whole run may take any time on a busy machine, only one frame must not (found when
            # runs beside the soak made a monkey outlast a watchdog set once for the whole run)
            faulthandler.dump_traceback_later(STUCK_SECONDS, exit=True)
            t0 = time.perf_counter()
            app.step(events)
            for _ in range(rng.below(3)):
                app.step([])  # frames without input: animations and bots go on
            took = time.perf_counter() - t0
            stats["frames"] += 1
            stats["slowest"] = max(stats["slowest"], took)
            if took > HANG_SECONDS:
                stats["hangs"] += 1
    finally:
        faulthandler.cancel_dump_traceback_later()
        try:
            app.shutdown()
        except Exception:  # noqa: BLE001 - a failing shutdown is reported as a crash
            crashes.append(traceback.format_exc())
    stats["crashes"] = crashes
    return stats


@pytest.mark.parametrize("name", _spec_names())
def test_soak_monkey(name: str) -> None:
    spec = {n: (w, f) for n, w, f in scene_specs()}[name]
    stats = run_monkey(name, spec[0], spec[1], EVENTS_PER_SCENE)
    print(f"\nmonkey {name}: {stats['on_scene']} events on the scene, {stats['events']} in all, {stats['frames']} frames, {len(stats['crashes'])} crashes, "
          f"{stats['hangs']} hangs, slowest frame {stats['slowest'] * 1000:.0f} ms, reopened "
          f"{stats['reopened']}x, by scene {stats['by_scene']}")
    assert not stats["crashes"], stats["crashes"][0]
    assert stats["hangs"] == 0
    assert stats["on_scene"] >= EVENTS_PER_SCENE
