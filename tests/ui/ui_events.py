"""Helpers for the UI tests: build real pygame events, post them and read them back."""
from __future__ import annotations

from typing import Any, Callable, Iterable

import pygame


def down(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=tuple(pos))


def up(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=tuple(pos))


def motion(pos: tuple[int, int], pressed: bool = True) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(pos), rel=(0, 0),
                              buttons=(1 if pressed else 0, 0, 0))


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def text(s: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=s)


def wheel(dy: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy)


def drive(handler: Callable[[pygame.event.Event], Any], events: Iterable[pygame.event.Event]) -> list[Any]:
    """Post ``events`` to pygame's queue, read them back with pygame.event.get and feed ``handler``.
    Returns the handler's results for the posted events (events SDL adds itself are ignored)."""
    wanted = {pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.KEYDOWN, pygame.KEYUP,
              pygame.TEXTINPUT, pygame.MOUSEWHEEL}
    for e in events:
        pygame.event.post(e)
    return [handler(e) for e in pygame.event.get() if e.type in wanted]


def drag_path(start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> list[pygame.event.Event]:
    """Press at ``start``, move in ``steps`` to ``end``, release: a player's drag."""
    events = [down(start)]
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        events.append(motion((x, y)))
    events.append(up(end))
    return events
