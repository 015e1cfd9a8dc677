"""DiceWidget: one or more dice in a row. ``roll(values)`` plays the tumble (blur frames, a bounce)
and settles on ``values``; the values always come from the rules engine, the widget only shows them.
"""
from __future__ import annotations

import math
from typing import Callable, Sequence

import pygame

from game.ui import palette, sound, theme
from game.ui.widgets import RectLike, Widget

DIE_SIZE = 64
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def _drawn_die(value: int, size: int) -> pygame.Surface:
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    r = pygame.Rect(0, 0, size, size).inflate(-size // 10, -size // 10)
    pygame.draw.rect(out, (210, 196, 170), r.move(size // 30, size // 24), border_radius=size // 6)
    pygame.draw.rect(out, (250, 244, 228), r, border_radius=size // 6)
    pygame.draw.rect(out, palette.INK_SOFT, r, width=max(1, size // 32), border_radius=size // 6)
    step = r.w * 0.27
    for dx, dy in PIPS.get(value, []):
        pygame.draw.circle(out, palette.INK, (r.centerx + dx * step, r.centery + dy * step), max(2, size // 11))
    return out


def die_face(value: int, size: int) -> pygame.Surface:
    """The face of a die showing ``value`` at ``size`` px (asset or drawn)."""
    def make() -> pygame.Surface:
        img = theme.image("dice", f"die_{value}.png")
        if img is None:
            return _drawn_die(value, size)
        return pygame.transform.smoothscale(img, (size, size))
    return theme._derived_get(("die", value, size), make)


def die_blur(frame: int, size: int) -> pygame.Surface:
    """A tumbling frame (1..3) at ``size`` px (asset, or a tilted drawn face)."""
    def make() -> pygame.Surface:
        img = theme.image("dice", f"die_blur_{frame}.png")
        if img is None:
            face = _drawn_die((frame * 2) % 6 + 1, size)
            rot = pygame.transform.rotozoom(face, 25 * frame, 1.0)
            return pygame.transform.smoothscale(rot, (size, size))
        return pygame.transform.smoothscale(img, (size, size))
    return theme._derived_get(("dieblur", frame, size), make)


class DiceWidget(Widget):
    """Dice centred in ``rect``. ``values``: what they show now; ``roll(values)`` animates to new ones.

    ``die_size`` is the design size (scaled, and shrunk to fit the rect). ``on_settle()`` runs when
    a roll ends; ``sound`` (default "dice") plays when it starts.
    """

    def __init__(self, values: Sequence[int] = (1,), rect: RectLike = None, *, die_size: int = DIE_SIZE,
                 duration: float = 0.9, sound_name: str | None = "dice", speed: float = 1.0):
        super().__init__(rect)
        self.values = list(values)
        self.die_size = die_size
        self.duration = duration
        self.sound_name = sound_name
        self.speed = speed
        self._t = -1.0
        self._target: list[int] = list(values)
        self.on_settle: Callable[[], None] | None = None
        self.highlight: set[int] = set()   # indices of dice to ring in gold (e.g. dice being used)
        self.dim: set[int] = set()         # indices of dice to grey out (used up)

    def preferred_size(self, width: int | None = None) -> tuple[int, int]:
        s = theme.px(self.die_size)
        n = max(1, len(self.values))
        return (width if width is not None else n * s + (n - 1) * theme.px(12), int(s * 1.4))

    @property
    def rolling(self) -> bool:
        return self._t >= 0

    @property
    def active(self) -> bool:
        return self.rolling

    def set_values(self, values: Sequence[int]) -> None:
        """Show ``values`` at once (no animation)."""
        self.values = list(values)
        self._target = list(values)
        self._t = -1.0

    def roll(self, values: Sequence[int], on_settle: Callable[[], None] | None = None) -> None:
        """Tumble, then show ``values``. With speed 0 (instant animations) it settles at once."""
        self._target = list(values)
        self.values = list(values)
        self.on_settle = on_settle
        if self.sound_name:
            sound.play(self.sound_name)
        if self.speed <= 0:
            self._settle()
        else:
            self._t = 0.0

    def finish(self) -> None:
        if self.rolling:
            self._settle()

    def _settle(self) -> None:
        self._t = -1.0
        self.values = list(self._target)
        if self.on_settle:
            cb, self.on_settle = self.on_settle, None
            cb()

    def update(self, dt: float) -> None:
        if self.rolling:
            self._t += dt * max(self.speed, 0.01)
            if self._t >= self.duration:
                self._settle()

    def die_rects(self) -> list[pygame.Rect]:
        n = max(1, len(self.values))
        gap = theme.px(12)
        s = min(theme.px(self.die_size), self.rect.h, max(8, (self.rect.w - (n - 1) * gap) // n))
        total = n * s + (n - 1) * gap
        x0 = self.rect.centerx - total // 2
        return [pygame.Rect(x0 + i * (s + gap), self.rect.centery - s // 2, s, s) for i in range(n)]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        for i, rect in enumerate(self.die_rects()):
            s = rect.w
            if self.rolling:
                p = self._t / self.duration
                # bounce: a few decaying hops, dice a little out of phase
                phase = p * 3.2 + i * 0.37
                hop = abs(math.sin(phase * math.pi)) * (1 - p) ** 1.5 * s * 0.45
                tumbling = p < 0.8
                if tumbling:
                    img = die_blur(1 + (int(self._t * 14) + i) % 3, s)
                else:
                    img = die_face(self._target[i] if i < len(self._target) else 1, s)
                pos = rect.move(0, -int(hop))
                shadow_w = int(s * (0.9 - 0.3 * hop / max(1, s)))
            else:
                img = die_face(self.values[i] if i < len(self.values) else 1, s)
                pos = rect
                shadow_w = int(s * 0.9)
            shadow = pygame.Rect(0, 0, shadow_w, max(4, s // 6))
            shadow.midtop = (rect.centerx, rect.bottom - s // 12)
            blob = pygame.Surface(shadow.size, pygame.SRCALPHA)
            pygame.draw.ellipse(blob, (0, 0, 0, 90), blob.get_rect())
            surface.blit(blob, shadow)
            if i in self.dim and not self.rolling:
                img = img.copy()
                img.fill((120, 120, 120), special_flags=pygame.BLEND_RGB_MULT)
            surface.blit(img, pos)
            if i in self.highlight and not self.rolling:
                theme.draw_glow(surface, rect, palette.HIGHLIGHT, theme.px(6), max(4, s // 6))
