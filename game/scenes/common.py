"""PanelScene: a centred parchment panel holding a column of widgets (settings, pause, credits ...)."""
from __future__ import annotations

from typing import Any

import pygame

from game.core.protocol import Text
from game.scenes.base import Scene
from game.ui import theme
from game.ui.widgets import Box, FocusRing, Panel, Tooltip, VBox, Widget


class Explains:
    """A scene whose every widget and drawn thing says what it is and does (issue 15, item 2).

    ``explanations()`` lists (Widget or Rect, Text), the thing on top last; the scene's
    ``self.tooltip = Tooltip(source=self.explanations)`` shows one where the pointer rests, and
    ``explain_key(event)`` (F1) the focused widget's at once. Things drawn without a widget are named with their
    rect as they are drawn."""

    def explanations(self) -> list[tuple[Any, Text]]:
        return []

    def explain_focused(self) -> bool:
        """F1: what the focused widget is and does."""
        focused = self.focus.focused
        for target, text in self.explanations():
            if target is focused and getattr(target, "visible", True):
                self.tooltip.show(text, target.rect.midbottom, 6.0)
                self.mark_dirty()
                return True
        return False

    def update_tooltip(self, dt: float) -> None:
        shown = self.tooltip.text
        self.tooltip.update(dt)
        if self.tooltip.text != shown:
            self.mark_dirty()       # an explanation appears or goes

    def explain_key(self, event: pygame.event.Event) -> bool:
        """F1 pressed with a focused widget that has an explanation: shown (the key is used)."""
        return event.type == pygame.KEYDOWN and event.key == pygame.K_F1 and self.explain_focused()


class PanelScene(Explains, Scene):
    """Subclasses build ``self.body`` (a VBox) in ``build()``; the panel sizes itself to it, and name what each
    widget is with ``explains(widget, text)`` (a widget's own ``tooltip`` counts too)."""

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
        self.tooltip = Tooltip(source=self.explanations)
        self.notes: list[tuple[Widget, Text]] = []     # what build() said each widget is
        self.build()

    def build(self) -> None:
        """Fill ``self.body``."""

    def explains(self, widget: Widget, text: Text | str) -> Widget:
        """``widget`` says ``text`` (a catalog key or Text) on hover and F1; returns it."""
        self.notes.append((widget, Text.of(text) if isinstance(text, str) else text))
        return widget

    def explanations(self) -> list[tuple[Any, Text]]:
        own = [(w, w.tooltip) for w in self.body.walk() if w.tooltip is not None and w.visible]
        return own + [(w, text) for w, text in self.notes if w.visible]

    def rebuild(self) -> None:
        self.body.children.clear()
        self.notes.clear()
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

    def handle(self, event: pygame.event.Event) -> None:
        self.mark_dirty()
        self.tooltip.handle(event)
        if self.explain_key(event) or self.focus.handle(event):
            return
        self.panel.handle(event)

    def update(self, dt: float) -> None:
        self.panel.update(dt)
        self.update_tooltip(dt)

    def is_animating(self) -> bool:
        return self.tooltip.active

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
