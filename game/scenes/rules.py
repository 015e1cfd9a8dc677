"""Rules reference: a game's rules summary in our own words, in the current language, scrollable."""
from __future__ import annotations

import pygame

from game.core.protocol import Text
from game.games import GameEntry
from game.i18n import tr
from game.scenes.base import Scene
from game.ui import palette, theme
from game.ui.widgets import Button, Panel


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app, entry: GameEntry):
        super().__init__(app)
        self.entry = entry
        self.panel = Panel(title=Text.of("rules.title", game=Text.of(entry.name_key)))
        self.back_button = Button(Text.of("rules.back"), self.back, min_width=160)
        self.scroll = 0
        self.content_h = 0

    def paragraphs(self) -> list[str]:
        keys = self.entry.package.rules_summary if self.entry.package else ()
        return [tr(k) for k in keys] or [tr("rules.none")]

    def layout(self, rect: pygame.Rect) -> None:
        w = min(rect.w - theme.px(60), theme.px(860))
        self.panel.layout(pygame.Rect(rect.centerx - w // 2, theme.px(24), w, rect.h - theme.px(110)))
        self.back_button.layout(pygame.Rect(rect.centerx - theme.px(90), rect.h - theme.px(72),
                                            theme.px(180), theme.px(52)))
        self.scroll = 0

    def handle(self, event: pygame.event.Event) -> None:
        self.mark_dirty()
        if self.back_button.handle(event):
            return
        view_h = self.panel.content_rect.h
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * theme.px(40)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll += theme.px(40) if event.key == pygame.K_DOWN else view_h - theme.px(40)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll -= theme.px(40) if event.key == pygame.K_UP else view_h - theme.px(40)
        self.scroll = max(0, min(self.scroll, max(0, self.content_h - view_h)))

    def draw(self, surface: pygame.Surface) -> None:
        rect = surface.get_rect()
        surface.blit(theme.background("wood", rect.size), (0, 0))
        self.panel.draw(surface)
        area = self.panel.content_rect
        f = theme.font("text", 18)
        y = area.y - self.scroll
        old_clip = surface.get_clip()
        surface.set_clip(area)
        for para in self.paragraphs():
            heading = para.startswith("# ")
            text = para[2:] if heading else para
            font = theme.font("display", 24) if heading else f
            colour = palette.WOOD_DARK if heading else palette.INK
            for line in theme.wrap_text(text, font, area.w):
                if y + font.get_linesize() >= area.y and y <= area.bottom:
                    theme.draw_text(surface, line, font, colour, (area.x, y), "topleft")
                y += font.get_linesize()
            y += theme.px(10)
        surface.set_clip(old_clip)
        self.content_h = y + self.scroll - area.y
        self.back_button.draw(surface)
