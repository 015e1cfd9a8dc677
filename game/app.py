"""The App: the window, the frame loop, the scene stack, global keys and the crash guard."""
from __future__ import annotations

import argparse
import logging
import logging.handlers
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Callable, Sequence

import pygame

from game import APP_NAME, __version__, paths
from game.core.clock import ManualClock, SystemClock
from game.core.session import new_bot_seed
from game.i18n import set_language, tr
from game.scenes.base import SceneStack

log = logging.getLogger("pgn")

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (960, 540)
MAX_SIDE = 3840  # the longest side of the window: every layout is checked from MIN_SIZE up to this
FPS = 60
FADE_SECONDS = 0.18
IDLE_SLEEP = 0.02  # while nothing moves the loop sleeps this long between looks at the event queue
# (pygame.event.wait with a timeout polls inside SDL and costs ~3-4% of a core; a plain sleep costs ~0.3%)


def window_size_for(w: int, h: int) -> tuple[int, int]:
    """The window size the app uses when asked for ``w`` x ``h``: at least MIN_SIZE, at most MAX_SIDE a side."""
    return (min(MAX_SIDE, max(int(w), MIN_SIZE[0])), min(MAX_SIDE, max(int(h), MIN_SIZE[1])))


LOG_NAME = "pirate-game-night.log"
NOTICE_SECONDS = 10.0  # how long a message about a file or a folder stays on screen


def setup_logging() -> str:
    """Log to the user log folder; returns the log file path (shown by the error scene).

    A log folder that cannot be used (reported at start, see ``paths.folder_problems``) must not stop the
    app: the log goes to the system's temporary folder instead, or nowhere ("" is returned).
    """
    for path in (paths.log_dir() / LOG_NAME, Path(tempfile.gettempdir()) / LOG_NAME):
        try:
            return _log_to(path)
        except OSError as exc:
            print(f"pirate-game-night: cannot log to {path}: {exc}", file=sys.stderr)
    return ""


def _log_to(path: Path) -> str:
    if os.path.lexists(path) and not os.path.isfile(path):  # a folder, a device, or a pipe (opening it waits)
        raise OSError(f"{path} is not an ordinary file")
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "_pgn", None) not in (None, str(path))]:
        root.removeHandler(old)  # the user folder moved (tests): log to the new one
        old.close()
    if not any(getattr(h, "_pgn", None) == str(path) for h in root.handlers):
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=512_000, backupCount=2,
                                                       encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        handler._pgn = str(path)  # type: ignore[attr-defined]
        root.addHandler(handler)
        root.setLevel(logging.INFO)
    return str(path)


class App:
    """One per process. ``run()`` loops until the last scene is popped or the window is closed."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, lang: str | None = None,
                 headless: bool = False, clock: "SystemClock | ManualClock | None" = None):
        from game.settings import load_settings  # settings are pure Python
        folder_problems = paths.folder_problems()  # said on screen below, once the window is up
        self.log_path = setup_logging()
        for problem in folder_problems:
            log.error("the %s folder %s cannot be used: %s", problem.kind, problem.path, problem.error)
        self.settings, notice = load_settings()
        if lang:
            self.settings.language = lang
        set_language(self.settings.language)
        self.headless = headless
        pygame.display.init()  # audio starts after the first frame (probing sound devices is slow)
        pygame.font.init()
        from game.ui import theme
        theme.clear_caches()  # fonts and surfaces from an earlier pygame.init() are dead
        self.window_size = size
        self.fullscreen = False
        self.screen = self._set_mode(size, self.settings.fullscreen and not headless)
        pygame.display.set_caption(APP_NAME)
        self._set_icon()
        pygame.key.set_repeat(350, 40)
        #: every frame step, wait and work slice reads this clock (tests give a ManualClock)
        self.clock = clock if clock is not None else SystemClock()
        self.stack = SceneStack(self)
        self.running = True
        self.frames = 0
        self.frame_hook: Callable[[float], None] | None = None  # bench: (the frame's CPU seconds, this thread)
        self._fade_from: pygame.Surface | None = None
        self._fade_t = 0.0
        self._worker = None
        self._exit_after_first_frame = bool(os.environ.get("PGN_FIRST_FRAME_EXIT"))
        self.fps = FPS  # frame cap of the system clock (a ManualClock steps by its own amount)
        self.inline_bots = False  # tests and --smoke: bots think in this process, synchronously
        #: this frame's CPU spent by inline bots thinking: in play the worker process thinks, so the bench does
        #: not charge it to the frame (``frame_hook``); a game whose agents think in the frame loop counts theirs
        self.inline_bot_seconds = 0.0
        #: 64 random bits for a new game's seeds (its deal, its bots' seed source); the OS's random
        #: source in play, a seeded generator in tests so that the same games are played on every run
        self.random_bits: Callable[[], int] = new_bot_seed
        self._writers: dict[Path, object] = {}  # one AutosaveWriter per saved game's file
        self._autosaver = None  # the writer of the game opened last (the one on the table)
        from game.ui import sound
        from game.ui.widgets import ToastStack
        self.sounds = sound.SoundBank()
        sound.set_default_bank(self.sounds)
        self.apply_audio_settings()
        self.toasts = ToastStack()
        for problem in folder_problems:
            self.notify(problem.text)
        if notice is not None:
            self.notify(notice)

    # Window ------------------------------------------------------------------------------
    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        self.fullscreen = fullscreen
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def _set_icon(self) -> None:
        icon = paths.asset("images", "ui", "icon.png")
        if icon.exists():
            try:
                pygame.display.set_icon(pygame.image.load(str(icon)))
            except (pygame.error, OSError, ValueError):  # a broken icon (a folder in its place) must not stop the app
                log.warning("cannot load the window icon %s", icon)

    def screen_rect(self) -> pygame.Rect:
        return self.screen.get_rect()

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        if self.headless or on == self.fullscreen:
            return
        if not on:
            self.screen = self._set_mode(self.window_size, False)
        else:
            self.window_size = self.screen.get_size()
            self.screen = self._set_mode(self.window_size, True)
        self.settings.fullscreen = self.fullscreen
        self._relayout()

    def _relayout(self) -> None:
        rect = self.screen_rect()
        for scene in self.stack.scenes:
            scene.layout(rect)
            scene.mark_dirty()
        self.toasts.set_rect(rect)

    # Services ----------------------------------------------------------------------------
    def apply_audio_settings(self) -> None:
        self.sounds.set_volume(self.settings.volume)
        self.sounds.set_muted(self.settings.muted)

    def play(self, sound: str) -> None:
        self.sounds.play(sound)

    def toast(self, message: str) -> None:
        self.toasts.push(message)

    def notify(self, text, kind: str = "error") -> None:
        """A message the player must not miss (a file or a folder the app cannot use): a toast that
        stays ``NOTICE_SECONDS``, translated when drawn. ``text``: a ``Text`` or a string."""
        self.toasts.push(text, NOTICE_SECONDS, kind)

    def _report_autosave(self) -> None:
        """Say what the autosave writers have to tell: autosaves failing (once) or working again."""
        for writer in list(self._writers.values()):
            for text, kind in writer.take_notices():
                self.notify(text, kind)

    def save_settings(self) -> None:
        from game.settings import save_settings
        notice = save_settings(self.settings)  # never raises: a full disk gives a notice
        if notice is not None:
            self.toast(tr(notice))

    @property
    def worker(self):
        """The bot worker process, started on first use."""
        if self._worker is None:
            from game.core.worker import BotWorker
            self._worker = BotWorker()
        return self._worker

    # Saved games ---------------------------------------------------------------------------
    def autosaver_for(self, path: Path | str):
        """The background writer of the saved game at ``path`` (one per file, made on first use): every
        write and delete of that file goes through it, in order."""
        from game.core.saves import AutosaveWriter
        path = Path(path)
        writer = self._writers.get(path)
        if writer is None or writer.closed:
            if writer is not None:  # a retired writer of this file: let it finish first
                writer.flush(2.0)
                self._report_autosave()
            writer = self._writers[path] = AutosaveWriter(path)
        self._autosaver = writer
        return writer

    @property
    def autosaver(self):
        """The writer of the game opened last (the game on the table), or None before any game."""
        return self._autosaver

    def retire_autosaver(self, path: Path | str) -> None:
        """The game at ``path`` has left the table (finished, abandoned, saved and quit): its writer
        finishes what it has and its thread ends; what it still has to say is said at the next frame."""
        writer = self._writers.get(Path(path))
        if writer is not None:
            writer.retire()

    def flush_saves(self, timeout: float = 2.0) -> bool:
        """Wait until every game's pending save is on disk (or failed). True unless one timed out."""
        return all([w.flush(timeout) for w in list(self._writers.values())])

    def delete_saved_game(self, path: Path | str) -> bool:
        """Delete a saved game's file (the player chose Delete), after any write of it still pending."""
        from game.core import saves
        path = Path(path)
        writer = self._writers.get(path)
        if writer is not None and not writer.closed:
            writer.clear()
            writer.flush(2.0)
            return not os.path.lexists(path)
        if writer is not None:
            writer.flush(2.0)
        return saves.delete_save(path)

    def start_fade(self) -> None:
        if self.frames == 0:  # nothing drawn yet: nothing to fade from
            return
        self._fade_from = self.screen.copy()
        self._fade_t = 0.0

    def anim_speed(self) -> float:
        """Speed for the tables' animation timeline (``game.ui.timeline.Timeline``) from the animation-speed setting."""
        return 1.0 / self.anim_factor()

    def anim_factor(self) -> float:
        """Multiplier for animation durations from the settings (slow 1.6, normal 1, fast 0.5)."""
        return {"slow": 1.6, "normal": 1.0, "fast": 0.5}.get(self.settings.animation_speed, 1.0)

    # Loop --------------------------------------------------------------------------------
    def quit(self) -> None:
        self.running = False

    def dispatch(self, event: pygame.event.Event) -> None:
        top = self.stack.top
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            w, h = window_size_for(event.w, event.h)
            self.screen = pygame.display.get_surface()
            if self.screen.get_size() != (w, h):  # below the minimum, or a driver that did not resize
                self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            self.window_size = (w, h)
            self._relayout()
            return
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            for scene in self.stack.scenes:
                scene.on_focus_lost()
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED):
            if top:
                top.mark_dirty()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            self.save_settings()
            return
        if top is None:
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            top.back()
            return
        top.handle(event)

    def busy(self) -> bool:
        top = self.stack.top
        return (self._fade_from is not None or self.toasts.active
                or any(s.dirty for s in self.stack.visible())
                or (top is not None and top.is_animating()))

    def step(self, events: Sequence[pygame.event.Event] | None = None) -> None:
        """One frame: events, update, draw. Guarded: an exception opens the error scene."""
        try:
            self._step(events)
        except Exception as exc:  # crash guard: show it, log it, keep the autosave
            self.crash(exc)

    def _step(self, events: Sequence[pygame.event.Event] | None) -> None:
        if events is None:
            events = pygame.event.get()
        for event in events:
            self.dispatch(event)
            if not self.running:
                return
        dt = self.clock.tick(self.fps)
        t0 = time.thread_time()           # the frame's CPU: this thread's (the autosave writes beside it)
        self.inline_bot_seconds = 0.0
        top = self.stack.top
        if top is None:
            self.quit()
            return
        top.update(dt)
        self.toasts.update(dt)
        self._report_autosave()
        if self._fade_from is not None:
            self._fade_t += dt
            if self._fade_t >= FADE_SECONDS * self.anim_factor():
                self._fade_from = None
                top.mark_dirty()  # one more frame without the fading picture
        if self.busy():
            self.draw()
        if self.frame_hook:
            self.frame_hook(time.thread_time() - t0 - self.inline_bot_seconds)
        self.frames += 1
        if self.frames == 2:
            self.sounds.available  # noqa: B018 - opens the mixer now, once the menu is on screen

    def draw(self) -> None:
        for scene in self.stack.visible():
            scene.draw(self.screen)
            scene.dirty = False
        if self._fade_from is not None:
            duration = max(FADE_SECONDS * self.anim_factor(), 1e-6)
            alpha = int(255 * max(0.0, 1.0 - self._fade_t / duration))
            self._fade_from.set_alpha(alpha)
            self.screen.blit(self._fade_from, (0, 0))
        top = self.stack.top
        self.toasts.rect = top.toast_area(self.screen.get_rect()) if top is not None else self.screen.get_rect()
        self.toasts.draw(self.screen)
        pygame.display.flip()
        if self._exit_after_first_frame:  # `python -m game bench` times start -> first frame
            self.running = False

    def run(self) -> int:
        while self.running:
            self.tick()
        self.shutdown()
        return 0

    def tick(self) -> None:
        """One turn of the main loop: a frame while something moves, else a short sleep."""
        if self.busy():
            self.step()
            return
        self.clock.sleep(IDLE_SLEEP)  # idle: nothing to draw, look at the queue again in a moment
        events = pygame.event.get()
        if events:
            self.step(events)

    def shutdown(self) -> None:
        for writer in list(self._writers.values()):
            writer.flush(2.0)
            writer.close()
        if self._worker is not None:
            self._worker.close()
        self.save_settings()
        pygame.quit()
        from game.ui import theme
        theme.clear_caches()   # its fonts and surfaces died with pygame: a later App starts clean

    def crash(self, exc: BaseException) -> None:
        log.error("unexpected error\n%s", "".join(traceback.format_exception(exc)))
        from game.scenes.error import ErrorScene
        if isinstance(self.stack.top, ErrorScene):  # the error scene itself failed: give up cleanly
            self.running = False
            raise SystemExit(1)
        self.stack.push(ErrorScene(self, exc, self.log_path), fade=False)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="pirate-game-night", description=APP_NAME)
    parser.add_argument("--smoke", action="store_true",
                        help="open every scene headless for a few frames and exit (0 = all fine)")
    parser.add_argument("--game", help="go straight to this game's setup (e.g. playa-pirata)")
    parser.add_argument("--seed", type=int, help="seed for the game started with --game")
    parser.add_argument("--lang", choices=["it", "en"], help="language for this run")
    parser.add_argument("--version", action="version", version=f"{APP_NAME} {__version__}")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.smoke:
        from game.smoke import run_smoke
        return run_smoke(lang=args.lang)
    app = App(lang=args.lang)
    from game.scenes.menu import MenuScene
    app.stack.push(MenuScene(app), fade=False)
    if args.game:
        from game.scenes.setup import open_setup
        open_setup(app, args.game, seed=args.seed)
    return app.run()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
