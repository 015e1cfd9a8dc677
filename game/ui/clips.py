"""Small pieces every table's clips share (``game.ui.timeline.Clip``): points along straight lines and polylines,
the smooth start and end, and ``Banner``, a short line over the table for a moment (bots wait for it; the scene
draws it where its table has room, with ``alpha``, or with ``draw_banners``)."""
from __future__ import annotations

import math
from typing import Sequence

import pygame

from game.core.protocol import Text
from game.i18n import tr
from game.ui import palette, theme
from game.ui.timeline import Clip, Timeline

Point = tuple[float, float]

BANNER_SECONDS = 1.6


def lerp(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def ease(t: float) -> float:
    """Smooth start and end (smoothstep)."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


def along(points: Sequence[Point], t: float) -> Point:
    """The point at fraction ``t`` of the polyline ``points`` (by length)."""
    if len(points) == 1:
        return points[0]
    lengths = [math.dist(points[i], points[i + 1]) for i in range(len(points) - 1)]
    total = sum(lengths) or 1.0
    goal = max(0.0, min(1.0, t)) * total
    for i, seg in enumerate(lengths):
        if goal <= seg or i == len(lengths) - 1:
            return lerp(points[i], points[i + 1], 0.0 if seg == 0 else min(1.0, goal / seg))
        goal -= seg
    return points[-1]


class Banner(Clip):
    """``text`` over the table for a moment (bots wait for it)."""

    layer = "over"

    def __init__(self, text: Text, delay: float = 0.0, seconds: float = BANNER_SECONDS) -> None:
        super().__init__(delay, seconds, tag="banner")
        self.text = text

    def alpha(self) -> int:
        t = self.t
        return round(255 * min(1.0, t / 0.12, (1.0 - t) / 0.2)) if self.started and not self.done else 0


def draw_banners(surface: pygame.Surface, timeline: Timeline, centre: tuple[int, int]) -> None:
    """Every ``Banner`` playing on ``timeline``: its line in the display font on a dark plate centred on
    ``centre``, fading in and out."""
    for clip in timeline.clips(Banner):
        a = clip.alpha()
        if a <= 0:
            continue
        f = theme.font("display", 30)
        img = theme.render_text(tr(clip.text), f, palette.PARCHMENT, outline=palette.INK)
        box = img.get_rect().inflate(theme.px(36), theme.px(14))
        box.center = centre
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (30, 20, 14, int(a * 0.8)), plate.get_rect(), border_radius=theme.px(10))
        surface.blit(plate, box)
        img.set_alpha(a)
        surface.blit(img, img.get_rect(center=box.center))
