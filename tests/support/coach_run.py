"""Driving a lesson in tests: play it to a named step, Skip it and open it again (each game's test_tutorial.py
plays its steps with real pygame events; these are the parts every lesson's test shares)."""
from __future__ import annotations

from typing import Any, Callable


def open_lesson(app: Any, game_id: str, fresh: bool = True) -> Any:
    """Learn to play ``game_id`` from the menu (a fresh lesson, or the one kept by Skip lesson), on screen."""
    from game import games
    from game.scenes.coach import open_tutorial
    from game.scenes.menu import MenuScene
    from tests.app.conftest import frames
    app.stack.push(MenuScene(app), fade=False)
    scene = open_tutorial(app, games.get(game_id), fresh=fresh)
    frames(app, 3)
    return scene


def resize_to(app: Any, size: tuple[int, int]) -> None:
    """The window resized to ``size`` as a player does it (a VIDEORESIZE through the event queue)."""
    import pygame
    from tests.app.conftest import frames
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app, 2)
    assert app.screen.get_size() == size


def play_to(scene: Any, name: str, do_step: Callable[[Any, Any], None], app: Any, limit: int = 40) -> None:
    """Play the lesson's steps with ``do_step(app, scene)`` until the coach is at the step ``name``."""
    for _ in range(limit):
        if scene.coach.step.name == name:
            return
        do_step(app, scene)
    raise AssertionError(f"the lesson never reached {name}")


def skip_and_resume(app: Any, scene: Any, reopen: Callable[[], Any]) -> Any:
    """Skip lesson (back to the menu, its file kept, nothing among the saved games), then Learn to play again:
    the resumed table, checked to be at the same step with the same moves."""
    from game.core import saves
    from game.scenes.menu import MenuScene
    from tests.app.conftest import click, frames
    index, actions = scene.coach.index, len(scene.session.actions)
    click(app, scene.coach.skip_button.rect.center)
    frames(app, 2)
    assert isinstance(app.stack.top, MenuScene) and scene.tutorial_file.exists()
    assert not list(saves.saves_dir().glob("*"))
    again = reopen()
    assert again.coach.index == index and len(again.session.actions) == actions
    return again
