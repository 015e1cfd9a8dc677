"""PanelScene: a centred parchment panel holding a column of widgets (settings, pause, credits ...)."""
from __future__ import annotations

import pygame

from game.core.protocol import Text
from game.scenes.base import Scene
from game.ui import theme
from game.ui.widgets import Box, FocusRing, Panel, Tooltip, VBox, Widget


class PanelScene(Scene):
    """Subclasses build ``self.body`` (a VBox) in ``build()``; the panel sizes itself to it."""

    #: panel size as a share of the window (width, max height)
    size = (0.5, 0.86)
    background = "sea"
    style = "parchment"

    def __init__(self, app, title: Text | str):
        super().__init__(app)
        self.spacing = 12                  # between the form's rows (closer when the window is short of room)
        self.body: Box = VBox(spacing=self.spacing)
        self.panel = Panel(title=title, style=self.style, child=self.body)
        self.focus = FocusRing()
        self.tooltip = Tooltip()
        self.build()

    def build(self) -> None:
        """Fill ``self.body``."""

    def rebuild(self) -> None:
        self.body.children.clear()
        self.build()
        self.layout(self.app.screen_rect())
        self.mark_dirty()

    def layout(self, rect: pygame.Rect) -> None:
        w = max(theme.px(460), int(rect.w * self.size[0]))
        w = min(w, rect.w - theme.px(40))
        pad = theme.px(self.panel.padding)
        title_h = theme.font("display", self.panel.title_size).get_linesize() + theme.px(8)
        room = int(rect.h * self.size[1])
        self.body.spacing = self.spacing
        h = self.body.preferred_size(w - 2 * pad)[1] + 2 * pad + title_h
        while h > room and self.body.spacing > 2:     # a long form (a language with longer words): rows close up
            self.body.spacing -= 2
            h = self.body.preferred_size(w - 2 * pad)[1] + 2 * pad + title_h
        h = min(h, room)
        self.panel.layout(pygame.Rect(rect.centerx - w // 2, rect.centery - h // 2, w, h))
        widgets = self.body.walk()
        self.focus.set_widgets(widgets)
        self.tooltip.clear()
        self.tooltip.watch_widgets([w for w in widgets if w.tooltip])

    def handle(self, event: pygame.event.Event) -> None:
        self.mark_dirty()
        self.tooltip.handle(event)
        if self.focus.handle(event):
            return
        self.panel.handle(event)

    def update(self, dt: float) -> None:
        self.panel.update(dt)
        self.tooltip.update(dt)

    def is_animating(self) -> bool:
        return self.tooltip.text is not None

    def draw(self, surface: pygame.Surface) -> None:
        rect = surface.get_rect()
        if self.opaque:
            surface.blit(theme.background(self.background, rect.size), (0, 0))
        else:
            surface.blit(theme.overlay(rect.size, (10, 20, 30, 150)), (0, 0))
        self.panel.draw(surface)
        self.tooltip.draw(surface)


class ButtonRow(Box):
    """A row of widgets at their preferred widths, centred (buttons under a form)."""

    def __init__(self, children, spacing: int = 16):
        super().__init__(children, vertical=False, spacing=spacing)

    def preferred_size(self, width: int | None = None) -> tuple[int, int]:
        h = max((c.preferred_size()[1] for c in self._shown()), default=0)
        return (width if width is not None else sum(c.preferred_size()[0] for c in self._shown()), h)

    def set_rect(self, rect) -> None:
        Widget.set_rect(self, rect)
        center_row(self._shown(), self.rect, theme.px(self.spacing))


def center_row(widgets: list[Widget], rect: pygame.Rect, gap: int | None = None) -> None:
    """Lay visible widgets out side by side at their preferred widths, centred in ``rect``."""
    shown = [w for w in widgets if w.visible]
    gap = theme.px(16) if gap is None else gap
    sizes = [w.preferred_size()[0] for w in shown]
    x = rect.centerx - (sum(sizes) + gap * max(0, len(shown) - 1)) // 2
    for w, width in zip(shown, sizes):
        w.layout(pygame.Rect(x, rect.y, width, rect.h))
        x += width + gap
