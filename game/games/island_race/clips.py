"""What moves on the race table, as clips on the table's shared timeline (``game.ui.timeline``).

- ``Glide``: a tile put back flying from where it was held to its pile slot (its slot shows empty until it
  lands: the clip ``hides`` it), drawn by the clip itself;
- ``Turn``: the held tile's quarter turn(s) or flip, seen through ``picture`` wherever that tile is drawn;
- ``Bounce``: a placed tile lands slightly large and settles; ``Banner``: a Done ribbon grows in;
- ``Pulse``: the clock swells on each second's tick of the last ten.

Durations are at normal speed: the timeline applies the animation speed of Settings. None of them is
``blocking``: nobody waits for them in a race (the bots act on their own clock), and a click never skips them.
"""
from __future__ import annotations

import math
from typing import Any, Callable

import pygame

from game.ui.timeline import Clip, Timeline
from game.ui.tween import ease_out_back, ease_out_cubic

from game.games.island_race.pace import TURN_SECONDS

GLIDE_SECONDS = 0.35     # a tile put back flies to its slot
BOUNCE_SECONDS = 0.22    # a placed tile settles
BANNER_SECONDS = 0.3     # a Done ribbon grows in
PULSE_SECONDS = 0.4      # the clock's swell on a tick


def slot_piece(slot: int) -> str:
    """The name a clip ``hides`` a pile slot by."""
    return f"slot {slot}"


def hidden_slots(timeline: Timeline) -> set[int]:
    """The pile slots a running clip draws itself (the table draws them empty)."""
    return {int(name[5:]) for name in timeline.hidden() if name.startswith("slot ")}


def latest(timeline: Timeline, kind: type, **attrs: Any) -> Any:
    """The newest running clip of ``kind`` whose attributes equal ``attrs``, or None."""
    for clip in reversed(timeline.clips(kind)):
        if all(getattr(clip, k) == v for k, v in attrs.items()):
            return clip
    return None


class Glide(Clip):
    """A tile image flying from ``start`` to ``end`` (centres) after ``wait`` seconds, into pile ``slot``.
    While it waits it shows where it was held."""

    layer = "glides"

    def __init__(self, image: pygame.Surface, start: tuple[float, float], end: tuple[float, float], slot: int,
                 wait: float = 0.0, flight: float = GLIDE_SECONDS):
        super().__init__(0.0, wait + flight, blocking=False, hides=(slot_piece(slot),))
        self.image, self.start, self.end, self.slot = image, start, end, slot
        self.wait, self.flight = wait, max(0.01, flight)

    def draw(self, surface: pygame.Surface) -> None:
        p = ease_out_cubic(max(0.0, min(1.0, (self.t * self.duration - self.wait) / self.flight)))
        x = self.start[0] + (self.end[0] - self.start[0]) * p
        y = self.start[1] + (self.end[1] - self.start[1]) * p
        lift = math.sin(p * math.pi) * self.image.get_height() * 0.12
        surface.blit(self.image, self.image.get_rect(center=(round(x), round(y - lift))))


class Turn(Clip):
    """Seat ``seat``'s held tile turning by ``turn`` quarters (``kind`` "rot") or flipping ("flip"); ``old`` is
    the tile as it was (its up face), shown for the first half of a flip. One per seat: a new one replaces it."""

    def __init__(self, seat: int, kind: str, turn: int, old: Any):
        super().__init__(0.0, TURN_SECONDS, tag=("turn", seat), blocking=False)
        self.seat, self.kind, self.turn, self.old = seat, kind, turn, old

    def picture(self, img: pygame.Surface, face: Callable[[Any, int], pygame.Surface], size: int) -> pygame.Surface:
        """``img`` (the held tile now, ``size`` px) as this moment of the turn shows it."""
        p = self.t
        if self.kind == "rot":
            return pygame.transform.rotate(img, self.turn * 90 * (1 - p) ** 2)
        if self.old is not None and p < 0.5:
            img = face(self.old, size)
        w = max(1, int(size * abs(1 - 2 * p)))
        return pygame.transform.smoothscale(img, (w, size))


class Bounce(Clip):
    """The tile just placed on ``cell`` of seat ``seat``'s island."""

    def __init__(self, seat: int, cell: tuple[int, int]):
        super().__init__(0.0, BOUNCE_SECONDS, blocking=False)
        self.seat, self.cell = seat, cell

    @property
    def scale(self) -> float:
        """Its size factor: it lands slightly large and settles with a small bounce."""
        return 1.12 - 0.12 * ease_out_back(self.t)


class Banner(Clip):
    """Seat ``seat``'s Done ribbon growing in (it stays, full size, as long as the seat is done)."""

    def __init__(self, seat: int):
        super().__init__(0.0, BANNER_SECONDS, blocking=False)
        self.seat = seat

    @property
    def scale(self) -> float:
        return 0.5 + 0.5 * self.t


class Pulse(Clip):
    """The clock's swell on a tick: ``amount`` 1 at the tick, 0 when over."""

    def __init__(self) -> None:
        super().__init__(0.0, PULSE_SECONDS, tag="tick", blocking=False)

    @property
    def amount(self) -> float:
        return 1.0 - self.t
