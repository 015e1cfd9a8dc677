"""Fixtures for driving the real App headless with real pygame events."""
from __future__ import annotations

import pygame
import pytest


@pytest.fixture
def app():
    from game.app import App
    from game.core.clock import ManualClock
    from game.i18n import set_language
    # every frame covers 1/60 s and bots' work slices are fixed amounts of work: the same frames on
    # any machine, idle or busy
    application = App(headless=True, lang="en", clock=ManualClock())
    application.inline_bots = True  # bots think in-process in tests (the worker has its own tests)
    application.bot_delay = 0.0
    from game.core.rng import Rng
    application.random_bits = Rng(2026).next64  # the same deals and bots' choices on every run
    yield application
    try:
        application.shutdown()
    finally:
        set_language("en")


@pytest.fixture
def minigame_entry():
    from tests.support import minigame_scene
    entry = minigame_scene.register()
    yield entry
    from game.games import unregister
    unregister("minigame")
    unregister("minigame-yard")


def frames(app, n: int = 2) -> None:
    """Run n frames, handing over the events posted so far exactly as the real loop does."""
    for _ in range(n):
        app.step()


def open_menu(app):
    """The main menu on screen, drawn twice."""
    from game.scenes.menu import MenuScene
    menu = MenuScene(app)
    app.stack.push(menu, fade=False)
    frames(app, 2)
    return menu


def toasts(app) -> str:
    """Every message on screen now, one a line."""
    return "\n".join(app.toasts.texts())


def click(app, pos, button: int = 1) -> None:
    """A real click: motion, button down, button up, through pygame's event queue."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app, 1)


def start_table(app, game_id: str, kinds, seed: int = 3, options=None):
    """A new table of ``game_id`` on screen: ``kinds`` is "human" or a bot level per seat (P0, P1 ...)."""
    from game import games
    from game.core.session import Seat
    from game.scenes.setup import make_table_scene
    seats = [Seat(f"P{i}", "human" if k == "human" else "bot", None if k == "human" else k, i)
             for i, k in enumerate(kinds)]
    scene = make_table_scene(app, games.get(game_id), seats, options or {}, seed)
    app.stack.push(scene, fade=False)
    frames(app, 2)
    return scene


def table_at(app, game_id: str, state, kinds=("human", "human")):
    """The table of a game of ``game_id`` that begins at ``state`` (a position from the game's position builder),
    opened as the app opens every game (``GameSession.at``, the package's ``make_scene``): ``kinds`` is "human" or
    a bot level per seat (P0, P1 ...)."""
    from game import games
    from game.core.session import GameSession, Seat
    entry = games.get(game_id)
    seats = [Seat(f"P{i}", "human" if k == "human" else "bot", None if k == "human" else k, i)
             for i, k in enumerate(kinds)]
    session = GameSession.at(entry.id, entry.package.rules, seats, state, bot_seed=app.random_bits())
    scene = entry.package.make_scene(app, session)
    app.stack.push(scene, fade=False)
    frames(app, 2)
    return scene


def drag(app, start_pos, end_pos, steps: int = 6) -> None:
    """Press, move in steps with the button held, release: a real drag through the event queue."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start_pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1))
    frames(app, 1)
    for k in range(1, steps + 1):
        x = start_pos[0] + (end_pos[0] - start_pos[0]) * k // steps
        y = start_pos[1] + (end_pos[1] - start_pos[1]) * k // steps
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0)))
        frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end_pos, button=1))
    frames(app, 2)


def key(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    frames(app, 1)


def find_button(scene_or_widgets, key_name: str):
    """The first visible Button whose text is the catalog key ``key_name``."""
    from game.ui.widgets import Box, Button
    widgets = scene_or_widgets
    if not isinstance(widgets, list):
        widgets = []
        for attr in vars(scene_or_widgets).values():
            if isinstance(attr, Box):
                widgets += attr.walk()
            elif isinstance(attr, Button):
                widgets.append(attr)
            elif hasattr(attr, "child") and isinstance(getattr(attr, "child"), Box):
                widgets += attr.child.walk()
    for w in widgets:
        text = getattr(w, "text", None)
        if isinstance(w, Button) and w.visible and getattr(text, "key", text) == key_name:
            return w
    raise AssertionError(f"no visible button {key_name}")


def minigame_table(app, entry, kinds=("human", "easy"), seed=4):
    """The tests' card game on the table, seats "human" or a bot level, drawn twice."""
    from game.core.session import Seat
    from game.scenes.setup import make_table_scene
    seats = [Seat(f"P{i}", "human" if k == "human" else "bot", None if k == "human" else k, i)
             for i, k in enumerate(kinds)]
    scene = make_table_scene(app, entry, seats, {}, seed)
    app.stack.push(scene, fade=False)
    frames(app, 2)
    return scene
