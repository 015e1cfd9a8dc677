"""CountdownWidget: shows m:ss of a remaining time it is given each frame (it never owns the clock).

Under ``warn_below`` seconds it turns red and pulses; each whole second in that range it plays the
"tick" sound (``tick_sound=None`` for silence); ``paused=True`` greys it out with a pause mark.
"""
from __future__ import annotations

import math

import pygame

from game.core.protocol import Text
from game.ui import palette, sound, theme
from game.ui.widgets import RectLike, TextLike, Widget


def format_time(seconds: float) -> str:
    """m:ss, rounding up (so 0:01 shows until the time is really out)."""
    total = max(0, math.ceil(seconds - 1e-9))
    return f"{total // 60}:{total % 60:02d}"


class CountdownWidget(Widget):
    def __init__(self, rect: RectLike = None, *, remaining: float = 0.0, warn_below: float = 10.0,
                 tick_sound: str | None = "tick", label: TextLike = None, size: int = 30):
        super().__init__(rect)
        self.remaining = remaining
        self.warn_below = warn_below
        self.tick_sound = tick_sound
        self.label = label
        self.size = size
        self.paused = False
        self._pulse = 0.0
        self._last_whole: int | None = None
        self.ticks = 0  # tick sounds played (handy for tests)

    def preferred_size(self, width: int | None = None) -> tuple[int, int]:
        f = theme.font("display", self.size)
        extra = theme.font("text", 14).get_linesize() if self.label is not None else 0
        return (width if width is not None else f.size("00:00")[0] + theme.px(40),
                f.get_linesize() + theme.px(16) + extra)

    @property
    def tooltip(self) -> TextLike:
        """"Paused" while paused (for a Tooltip), else the tooltip given."""
        return Text.of("ui.countdown.paused") if self.paused else self._tooltip

    @tooltip.setter
    def tooltip(self, value: TextLike) -> None:
        self._tooltip = value

    @property
    def warning(self) -> bool:
        return 0 < self.remaining <= self.warn_below and not self.paused

    def set_remaining(self, seconds: float) -> None:
        """The time left, from the scene's clock. Plays a tick when a whole second passes in the last
        ``warn_below`` seconds."""
        seconds = max(0.0, float(seconds))
        whole = math.ceil(seconds - 1e-9)
        if (self._last_whole is not None and whole < self._last_whole and whole < self.warn_below
                and not self.paused):
            self.ticks += 1
            self._pulse = 1.0
            if self.tick_sound:
                sound.play(self.tick_sound)
        self._last_whole = whole
        self.remaining = seconds

    def update(self, dt: float) -> None:
        self._pulse = max(0.0, self._pulse - dt * 2.5)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w <= 0:
            return
        theme.draw_frame(surface, "toast", self.rect)
        text = format_time(self.remaining)
        if self.paused:
            colour = (170, 160, 150)
        elif self.warning or self.remaining <= 0:
            colour = (236, 96, 76)
        else:
            colour = palette.PARCHMENT
        body = self.rect
        label = self.label
        if label is not None:
            lf = theme.font("text", 14)
            theme.draw_text(surface, theme.text_of(label), lf, palette.GOLD_LIGHT,
                            (self.rect.centerx, self.rect.y + theme.px(6)), "midtop")
            body = self.rect.copy()
            body.y += lf.get_linesize()
            body.h -= lf.get_linesize()
        f = theme.font("display", self.size)
        limit = body.h * (0.8 if label is not None else 0.95)
        if f.get_height() > limit:
            f = theme.font_px("display", max(8, int(limit)))
        img = theme.render_text(text, f, colour, palette.WOOD_DARK, max(1, theme.px(2)))
        if self.warning and self._pulse > 0:
            k = 1.0 + 0.22 * self._pulse
            img = pygame.transform.smoothscale(img, (int(img.get_width() * k), int(img.get_height() * k)))
        rect = img.get_rect(center=body.center)
        if self.paused:  # a pause mark before the greyed time
            bar_h = int(rect.h * 0.5)
            bar_w = max(2, theme.px(5))
            gap = max(2, theme.px(4))
            mark_w = 2 * bar_w + gap + theme.px(8)
            rect.x += mark_w // 2
            x0 = rect.x - mark_w
            for dx in (0, bar_w + gap):
                pygame.draw.rect(surface, palette.GOLD_LIGHT,
                                 pygame.Rect(x0 + dx, body.centery - bar_h // 2, bar_w, bar_h), border_radius=1)
        surface.blit(img, rect)
