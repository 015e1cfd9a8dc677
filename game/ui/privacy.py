"""PrivacyScreen: covers the whole table between two humans' turns in hot-seat games.

"Pass to Anna" with Anna's seat colour and symbol, and a button "I am Anna: show my cards". While it
is up it swallows the player's input and draws an opaque cover; the scene should also skip drawing
the table (``active`` tells it), so nothing secret is ever on screen behind it.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from game.core.protocol import Text
from game.i18n import shown_name
from game.ui import palette, theme
from game.ui.widgets import Button, RectLike, Widget

# Events that still reach the app while the cover is up (window management, not play).
_PASS_THROUGH = {pygame.QUIT, pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED,
                 pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWCLOSE}
_PASS_KEYS = {pygame.K_F11, pygame.K_ESCAPE}


class PrivacyScreen(Widget):
    """``show(seat, name)`` raises the cover; the button (or Enter/Space) calls ``on_reveal(seat)``
    and lowers it. ``rect`` defaults to the whole surface it is drawn on."""

    def __init__(self, on_reveal: Callable[[int], Any] | None = None, rect: RectLike = None):
        super().__init__(rect, visible=False)
        self.on_reveal = on_reveal
        self.seat = 0
        self.name = ""
        self.button = Button(Text.of("ui.privacy.show", name=""), self._reveal, size=22, sound="click",
                             min_width=260, height=56)

    @property
    def active(self) -> bool:
        return self.visible

    def show(self, seat: int, name: str) -> None:
        name = shown_name(name)  # a player's name, however long, fits the cover
        self.seat, self.name = seat, name
        self.button.text = Text.of("ui.privacy.show", name=name)
        self.button.focused = True
        self.button.focus_visible = True
        self.visible = True

    def hide(self) -> None:
        self.visible = False
        self.button.pressed = False

    def _reveal(self) -> None:
        self.hide()
        if self.on_reveal:
            self.on_reveal(self.seat)

    def _layout(self, area: pygame.Rect) -> pygame.Rect:
        w = min(area.w - theme.px(80), theme.px(620))
        h = min(area.h - theme.px(60), theme.px(380))
        card = pygame.Rect(0, 0, w, h)
        card.center = area.center
        bw = max(self.button.preferred_size()[0], theme.px(300))
        bw = min(bw, w - theme.px(60))
        self.button.set_rect(pygame.Rect(card.centerx - bw // 2, card.bottom - theme.px(100), bw, theme.px(56)))
        return card

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type in _PASS_THROUGH:
            return False
        if event.type == pygame.KEYDOWN and event.key in _PASS_KEYS:
            return False
        if self.rect.w > 0:
            self._layout(self.rect)
        self.button.handle(event)
        return True  # nothing gets through to the table

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        area = self.rect if self.rect.w > 0 else surface.get_rect()
        if self.rect.w <= 0:
            self.rect = area.copy()
        surface.blit(theme.background("sea", area.size), area)
        surface.blit(theme.overlay(area.size, (6, 18, 30, 150)), area)
        card = self._layout(area)
        theme.draw_frame(surface, "panel", card)
        colour = theme.seat_colour(self.seat)
        chip = theme.seat_chip(self.seat, theme.px(72))
        surface.blit(chip, chip.get_rect(midtop=(card.centerx, card.y + theme.px(26))))
        title = theme.text_of(Text.of("ui.privacy.pass_to", name=self.name))
        f = theme.fit_font(title, "display", 44, card.w - theme.px(60))
        theme.draw_text(surface, title, f, palette.WOOD_DARK, (card.centerx, card.y + theme.px(112)), "midtop")
        stripe = pygame.Rect(0, 0, card.w // 2, theme.px(5))
        stripe.midtop = (card.centerx, card.y + theme.px(112) + f.get_linesize() + theme.px(2))
        pygame.draw.rect(surface, colour, stripe, border_radius=theme.px(3))
        sub = theme.text_of(Text.of("ui.privacy.look_away"))
        theme.draw_paragraph(surface, sub, theme.font("text", 18), palette.INK_SOFT,
                             pygame.Rect(card.x + theme.px(40), stripe.bottom + theme.px(12),
                                         card.w - theme.px(80), theme.px(60)), "center")
        self.button.draw(surface)
