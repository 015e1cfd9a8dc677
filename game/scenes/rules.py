"""Rules reference: a game's rules summary in our own words, in the current language, scrollable, with
pictures drawn from the game's own sprites.

The paragraphs are catalog keys (``GamePackage.rules_summary``). A paragraph whose text starts with ``# `` is a
heading; one whose *key* starts with ``@`` is a picture: ``@setup`` asks the game's
``game.games.<pkg>.rules_pictures.picture("setup", width)`` for a surface (drawn from its sprites: the setup, a
legal and an illegal move, a scoring worked out), and the paragraph ``<key>.caption`` under it, when the
catalog has one, is its caption. The package itself stays free of pygame: the pictures module is imported only
here.
"""
from __future__ import annotations

import importlib
import logging

import pygame

from game.core.protocol import Text
from game.games import GameEntry
from game.i18n import has_key, language, tr
from game.scenes.base import Scene
from game.ui import palette, theme
from game.ui.widgets import Button, Panel


log = logging.getLogger("pgn.rules")


def rules_picture(entry: GameEntry, name: str, width: int) -> pygame.Surface | None:
    """The game's picture ``name`` at ``width`` pixels wide (None, logged, when the game has none by that name)."""
    try:
        path = (entry.package.rules_pictures if entry.package else "") or f"game.games.{entry.pkg}.rules_pictures"
        module = importlib.import_module(path)
        return module.picture(name, width)
    except Exception:  # a missing picture must not close the rules: the text stays readable
        log.exception("rules picture %r of %s", name, entry.id)
        return None


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
        return [k if k.startswith("@") else tr(k) for k in keys] or [tr("rules.none")]

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
        """The whole text and its pictures, laid out and rendered once per width and language."""
        key = (width, language(), theme.scale())
        if self._page_key != key:
            f = theme.font("text", 18)
            gap = theme.px(10)
            blocks: list[tuple[str, object, object, list[str]]] = []   # ("text", font, colour, lines) or picture
            for para in self.paragraphs():
                if para.startswith("@"):
                    picture = rules_picture(self.entry, para[1:], width)
                    if picture is not None:
                        caption_key = f"{self.entry.pkg}.rules.picture.{para[1:]}.caption"
                        caption = theme.wrap_text(tr(caption_key), theme.font("text", 16), width) \
                            if has_key(caption_key) else []
                        blocks.append(("picture", picture, palette.WOOD_DARK, caption))
                    continue
                heading = para.startswith("# ")
                font = theme.font("display", 24) if heading else f
                colour = palette.WOOD_DARK if heading else palette.INK
                blocks.append(("text", font, colour, theme.wrap_text(para[2:] if heading else para, font, width)))
            small = theme.font("text", 16)
            height = 0
            for kind, thing, _, lines in blocks:
                if kind == "picture":
                    height += thing.get_height() + len(lines) * small.get_linesize() + 2 * gap
                else:
                    height += len(lines) * thing.get_linesize() + gap
            page = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
            y = 0
            for kind, thing, colour, lines in blocks:
                if kind == "picture":
                    page.blit(thing, ((width - thing.get_width()) // 2, y + gap // 2))
                    y += thing.get_height() + gap
                    for line in lines:
                        theme.draw_text(page, line, small, colour, (width // 2, y), "midtop")
                        y += small.get_linesize()
                    y += gap
                    continue
                for line in lines:
                    theme.draw_text(page, line, thing, colour, (0, y), "topleft")
                    y += thing.get_linesize()
                y += gap
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
