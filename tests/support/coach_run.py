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


def rings(scene: Any) -> list:
    """What the coach's step rings now (its ``after_point`` once it is explaining), as a list."""
    coach = scene.coach
    pointer = coach.step.after_point if coach.explaining else coach.step.point
    target = pointer(scene) if pointer is not None else None
    return list(target) if isinstance(target, list) else [target] if target is not None else []


def centre(rect: Any) -> tuple[int, int]:
    return int(rect.centerx), int(rect.centery)


def pick_up_and_carry(app: Any, scene: Any, thing: str, target: str, nudge: tuple[int, int] = (6, 6)) -> tuple:
    """The learner's drag up to the drop: press on the first of the two rings (the ``thing``), nudge it by
    ``nudge``, check that only its ``target`` is ringed then, and carry it there in six moves (the button still
    held). Returns where it is held."""
    import pygame
    from tests.app.conftest import frames
    name = scene.coach.step.name
    first = rings(scene)
    assert len(first) == 2, f"{name}: the {thing} and its {target} are ringed"
    start = centre(first[0])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    at = (start[0] + nudge[0], start[1] + nudge[1])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=nudge, buttons=(1, 0, 0)))
    frames(app, 1)
    held = rings(scene)
    assert held == [first[1]], f"{name}: once the {thing} is in hand, only its {target} is ringed"
    end = centre(held[0])
    for k in range(1, 7):
        pos = (at[0] + (end[0] - at[0]) * k // 6, at[1] + (end[1] - at[1]) * k // 6)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        frames(app, 1)
    return end


def let_go(app: Any, scene: Any, end: tuple[int, int]) -> Any:
    """Drop what is held at ``end``; returns the table's hint for the drop, read just before it."""
    import pygame
    from tests.app.conftest import frames
    says = scene._hint(scene.drag.payload_of(scene.drag.dragging), scene.drag.target_at(end))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 2)
    return says


def watch_bots(app: Any, scene: Any, limit: int) -> None:
    """A bots' step: it is announced first (the bots wait), Watch, then frames until the coach explains it."""
    from tests.app.conftest import click, frames
    coach = scene.coach
    step = coach.step
    assert coach.waiting_for_next(), f"{step.name}: the bots' turn is announced first"
    assert all(a.seat == 0 for a in scene.session.actions[-1:]), "the bots wait for Watch"
    click(app, coach.next_button.rect.center)
    for _ in range(limit):
        frames(app, 1)
        if coach.step is not step or coach.explaining:
            break
    assert coach.explaining, f"{step.name}: the turn never came back"


def press_next(app: Any, scene: Any, limit: int, after: int = 2) -> None:
    """Frames until the coach offers Next (at most ``limit``), then Next, then ``after`` frames."""
    from tests.app.conftest import click, frames
    coach = scene.coach
    for _ in range(limit):
        if coach.waiting_for_next():
            break
        frames(app, 1)
    assert coach.waiting_for_next(), f"step {coach.step.name} never offered Next"
    frames(app, 1)
    click(app, coach.next_button.rect.center)
    frames(app, after)
