"""Rules reference: a game's rules summary in our own words, in the current language, scrollable."""
from __future__ import annotations

import pygame

from game.core.protocol import Text
from game.games import GameEntry
from game.i18n import language, tr
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
        self._page: pygame.Surface | None = None
        self._page_key: tuple | None = None

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

    def page(self, width: int) -> pygame.Surface:
        """The whole text, wrapped and rendered once per width and language."""
        key = (width, language(), theme.scale())
        if self._page_key != key:
            f = theme.font("text", 18)
            blocks = []
            for para in self.paragraphs():
                heading = para.startswith("# ")
                font = theme.font("display", 24) if heading else f
                colour = palette.WOOD_DARK if heading else palette.INK
                blocks.append((font, colour, theme.wrap_text(para[2:] if heading else para, font, width)))
            height = sum(len(lines) * font.get_linesize() + theme.px(10) for font, _, lines in blocks)
            page = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
            y = 0
            for font, colour, lines in blocks:
                for line in lines:
                    theme.draw_text(page, line, font, colour, (0, y), "topleft")
                    y += font.get_linesize()
                y += theme.px(10)
            self._page, self._page_key = page, key
        return self._page

    def draw(self, surface: pygame.Surface) -> None:
        rect = surface.get_rect()
        surface.blit(theme.background("wood", rect.size), (0, 0))
        self.panel.draw(surface)
        area = self.panel.content_rect
        page = self.page(area.w)
        self.content_h = page.get_height()
        surface.blit(page, area.topleft, pygame.Rect(0, self.scroll, area.w, area.h))
        if self.content_h > area.h:  # a scroll bar: there is more below (wheel, arrows, Page Up/Down)
            track = pygame.Rect(area.right + theme.px(6), area.y, theme.px(6), area.h)
            pygame.draw.rect(surface, palette.PARCHMENT_DARK, track, border_radius=track.w // 2)
            knob_h = max(theme.px(30), area.h * area.h // self.content_h)
            knob_y = area.y + (area.h - knob_h) * self.scroll // max(1, self.content_h - area.h)
            pygame.draw.rect(surface, palette.WOOD, pygame.Rect(track.x, knob_y, track.w, knob_h),
                             border_radius=track.w // 2)
        self.back_button.draw(surface)
