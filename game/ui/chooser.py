"""A small chooser over the table: a prompt and a row (or rows) of buttons — which die, which ships,
which player. Every table opens it the same way (``TableScene.open_chooser``); a click outside closes it
when ``cancel`` allows."""
from __future__ import annotations

import pygame

from game.core.protocol import Text
from game.i18n import tr
from game.ui import palette, theme
from game.ui.widgets import Button


class Chooser:
    """``prompt`` over ``buttons``; ``cancel``: a click outside (or Escape) closes it without choosing."""

    def __init__(self, prompt: Text, buttons: list[Button], cancel: bool = True) -> None:
        self.prompt, self.buttons, self.cancel = prompt, buttons, cancel
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []

    def layout(self, centre: tuple[int, int], width: int) -> None:
        gap = theme.px(10)
        widths = [b.preferred_size()[0] for b in self.buttons]
        per_row = max(1, min(len(self.buttons), (width - 2 * gap) // max(1, max(widths) + gap)))
        rows = (len(self.buttons) + per_row - 1) // per_row
        bw = max(widths)
        bh = theme.px(42)
        f = theme.font("bold", 18)
        w = min(width, max(per_row * (bw + gap) + gap, theme.px(300)))
        lines = theme.wrap_text(tr(self.prompt), f, w - 2 * gap)   # the prompt wraps inside the frame it gets
        head = len(lines) * f.get_linesize() + gap
        h = head + rows * (bh + gap) + gap
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = centre
        self.lines = lines
        for i, b in enumerate(self.buttons):
            r, c = divmod(i, per_row)
            n_row = min(per_row, len(self.buttons) - r * per_row)
            x0 = self.rect.centerx - (n_row * (bw + gap) - gap) // 2
            b.layout(pygame.Rect(x0 + c * (bw + gap), self.rect.y + head + gap + r * (bh + gap), bw, bh))

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was the chooser's (a button, or a click on its frame)."""
        for b in self.buttons:
            if b.handle(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos)

    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_frame(surface, "panel", self.rect)
        f = theme.font("bold", 18)
        y = self.rect.y + theme.px(10)
        for line in self.lines:
            theme.draw_text(surface, line, f, palette.INK, (self.rect.centerx, y), "midtop")
            y += f.get_linesize()
        for b in self.buttons:
            b.draw(surface)
