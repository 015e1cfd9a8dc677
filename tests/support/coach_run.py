"""Driving a lesson in tests: play it to a named step, Skip it and open it again, wait for the table or the
step, check the coach's panel clear of the table and a wrong move refused, read what the coach says (each
game's test_tutorial.py plays its steps with real pygame events; these are the parts every lesson's test
shares)."""
from __future__ import annotations

from typing import Any, Callable, Iterator


def open_lesson(app: Any, game_id: str, fresh: bool = True, lesson: str | None = None) -> Any:
    """Learn to play ``game_id`` from the menu (a fresh lesson, or the one kept by Skip lesson), on screen;
    ``lesson``: another of the game's lessons (Pirateer's "eight")."""
    from game import games
    from game.scenes.coach import open_tutorial
    from game.scenes.menu import MenuScene
    from tests.app.conftest import frames
    app.stack.push(MenuScene(app), fade=False)
    scene = open_tutorial(app, games.get(game_id), fresh=fresh, lesson=lesson)
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
    hint = getattr(scene, "_hint", None)           # (a table with a drag hint: what it says there)
    says = hint(scene.drag.payload_of(scene.drag.dragging), scene.drag.target_at(end)) if hint else None
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


def settle(app: Any, scene: Any, limit: int, due: Callable[[], bool]) -> None:
    """Frames until no clip plays on the table and ``due()`` (a panel waiting for its turn) is false, at most
    ``limit``; then two more (the coach's rings pulse on)."""
    from tests.app.conftest import frames
    for _ in range(limit):
        if not scene.timeline.active and not due():
            break
        frames(app, 1)
    frames(app, 2)


def ready(app: Any, scene: Any, limit: int) -> None:
    """Frames until the coach's step is ready to be read (or offers Next), at most ``limit``."""
    from tests.app.conftest import frames
    coach = scene.coach
    for _ in range(limit):
        if coach.step.ready is None or coach.waiting_for_next():
            break
        frames(app, 1)


def assert_panel_clear(app: Any, scene: Any, name: str, kept: list) -> None:
    """The coach's panel is on screen and clear of the ``kept`` rects, of the chooser and the end panel (both on
    screen too) and of every rect the step rings (each on screen)."""
    panel = scene.coach.rect
    screen = app.screen.get_rect()
    assert screen.contains(panel), (name, panel)
    kept = list(kept)
    if scene.chooser is not None:
        kept.append(scene.chooser.rect)
        assert screen.contains(scene.chooser.rect), name
    if scene.ending.visible:
        kept.append(scene.ending.rect)
        assert screen.contains(scene.ending.rect), name
    assert not any(panel.colliderect(r) for r in kept), (name, panel, [r for r in kept if panel.colliderect(r)])
    for one in rings(scene):
        assert screen.contains(one) and not panel.colliderect(one), (name, one)


def assert_refused(app: Any, scene: Any, wrong: Callable[[], None], settle: Callable[[Any, Any], None]) -> None:
    """``wrong()``, a move the lesson does not ask for now (legal in the game): nothing is played, the position
    and the step stay, the coach says so in its words and nudges."""
    from tests.app.conftest import toasts
    coach = scene.coach
    before = (len(scene.session.actions), scene.state.to_json(), coach.index)
    wrong()
    settle(app, scene)
    assert (len(scene.session.actions), scene.state.to_json(), coach.index) == before
    assert "this lesson asks for another" in toasts(app) and coach.nudge > 0


def lesson_said(tutorial: Any, language: str) -> str:
    """Every text the coach says in ``tutorial`` (its words and its afterwords), in ``language``, joined."""
    from game.i18n import set_language, tr
    set_language(language)
    try:
        return " ".join(tr(t) for s in tutorial.steps for t in (s.say, s.after) if t is not None)
    finally:
        set_language("en")


def lesson_steps(scene: Any, limit: int = 80) -> Iterator[Any]:
    """The lesson's steps as the coach reaches them (the test plays each; at most ``limit`` turns of the loop),
    until the coach is done. Then: every step was seen, in order, and every action type the lesson promises
    was used (by the coach's count and among the session's actions)."""
    coach = scene.coach
    seen: list[str] = []
    for _ in range(limit):
        if coach.done:
            break
        if not seen or seen[-1] != coach.step.name:
            seen.append(coach.step.name)
        yield coach.step
    assert coach.done, f"the lesson stopped at {coach.step.name}"
    assert seen == [s.name for s in coach.tutorial.steps]                # every step, in order, none skipped
    promised = set(coach.tutorial.action_types)
    assert promised <= coach.used and promised <= {a.kind for a in scene.session.actions}
