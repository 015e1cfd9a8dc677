"""The end of a Pirateer game held on the table (issue 16): who won and how it was won (the treasure home, on which
anchor, or the last fleet afloat; a draw says why), on a parchment panel over the map, until **See the results**
(or Enter) is pressed. Nothing moves on by itself; the final board stays in sight round the panel, which stands
clear of the winning move where it can.

The scene gives the panel what to say (``Ending``: worked out from the engine's ``ended`` event and the state, the
scene's business) and the squares it should not hide; the panel lays itself out, draws, names what it draws
(``explain``) and calls back when its button is pressed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from game.core.protocol import Text
from game.i18n import tr
from game.ui import palette, theme
from game.ui.widgets import Button

from game.games.pirateer import sprites

WIDTH = 540            # the panel's width at most, in theme pixels
ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass
class Ending:
    """What the panel says: the ``title`` ("Victory!"), each winner as (seat colour, name, factions), the way it
    was won (``how``, a Text), and ``icon``: "treasure", "sunk" or "draw"."""
    title: Text
    winners: list[tuple[int, str, list[str]]] = field(default_factory=list)
    how: Text | None = None
    icon: str = "treasure"


class VictoryPanel:
    """See the module docstring. ``visible`` while the ending is held."""

    def __init__(self, on_results: Callable[[], None]) -> None:
        self.button = Button(Text.of("pir.ui.see_results"), on_results, min_width=200, height=46, size=18)
        self.button.visible = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.ending: Ending | None = None
        self._layout_key: tuple | None = None

    @property
    def visible(self) -> bool:
        return self.ending is not None

    def show(self, ending: Ending) -> None:
        self.ending = ending
        self.button.visible = True
        self._layout_key = None

    def hide(self) -> None:
        self.ending = None
        self.button.visible = False
        self.rect = pygame.Rect(0, 0, 0, 0)

    # -- layout -----------------------------------------------------------------------------------
    def _fonts(self) -> tuple[pygame.font.Font, pygame.font.Font, pygame.font.Font]:
        return theme.font("display", 36), theme.font("bold", 19), theme.font("text", 17)

    def _how_lines(self, width: int) -> list[str]:
        e = self.ending
        if e is None or e.how is None:
            return []
        return theme.wrap_text(tr(e.how), self._fonts()[2], width)

    def layout(self, board: pygame.Rect, avoid: list[tuple[float, float]]) -> None:
        """Size the panel to what it says and place it over ``board``: in the middle, or above or below it when
        the middle would hide one of the ``avoid`` points (the winning move)."""
        e = self.ending
        if e is None:
            return
        key = (tuple(board), tuple((round(x), round(y)) for x, y in avoid), theme.px(100), tr(e.title),
               tr(e.how) if e.how is not None else "")
        if key == self._layout_key:
            return
        self._layout_key = key
        title_f, name_f, how_f = self._fonts()
        pad = theme.px(20)
        w = min(board.w - theme.px(24), theme.px(WIDTH))
        text_w = w - 2 * pad - theme.px(64)
        rows = max(1, len(e.winners))
        h = (pad + title_f.get_linesize() + theme.px(6) + rows * theme.px(34) + theme.px(6)
             + len(self._how_lines(text_w)) * how_f.get_linesize() + theme.px(16) + theme.px(46) + pad)
        rect = pygame.Rect(0, 0, w, h)
        spots = [board.center, (board.centerx, board.top + h // 2 + theme.px(16)),
                 (board.centerx, board.bottom - h // 2 - theme.px(16))]
        for spot in spots:
            rect.center = spot
            if not any(rect.inflate(theme.px(24), theme.px(24)).collidepoint(p) for p in avoid):
                break
        else:
            rect.center = spots[0]
        self.rect = rect.clamp(board)
        bw = max(self.button.preferred_size()[0], theme.px(220))
        self.button.set_rect(pygame.Rect(self.rect.centerx - bw // 2, self.rect.bottom - pad - theme.px(46),
                                         bw, theme.px(46)))

    # -- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """The button (a click, Enter); a click elsewhere on the panel is the panel's. True when used."""
        if self.ending is None:
            return False
        if event.type == pygame.KEYDOWN and event.key in ACTIVATE:
            self.button.click()
            return True
        if self.button.handle(event):
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos)

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, explain: Callable[[pygame.Rect, Text, str], None]) -> None:
        e = self.ending
        if e is None or self.rect.w <= 0:
            return
        shadow = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (10, 8, 6, 110), shadow.get_rect(), border_radius=theme.px(12))
        surface.blit(shadow, self.rect.move(theme.px(6), theme.px(8)))
        theme.draw_frame(surface, "panel", self.rect)
        explain(pygame.Rect(self.rect), Text.of("pir.explain.victory"), "victory")
        title_f, name_f, how_f = self._fonts()
        pad = theme.px(20)
        icon_size = theme.px(54)
        icon = self._icon(e.icon, icon_size)
        surface.blit(icon, (self.rect.x + pad, self.rect.y + pad))
        x = self.rect.x + pad + icon_size + theme.px(12)
        text_w = self.rect.right - pad - x
        y = self.rect.y + pad
        title = tr(e.title)
        theme.draw_text(surface, title, theme.fit_font(title, "display", 36, text_w, 16), palette.WOOD_DARK, (x, y))
        y += title_f.get_linesize() + theme.px(6)
        chip = theme.px(26)
        for colour, name, factions in e.winners:
            surface.blit(theme.seat_chip(colour, chip), (x, y + (theme.px(34) - chip) // 2))
            fx_ = x + chip + theme.px(8)
            for faction in factions:
                flag = sprites.flag(faction, theme.px(26))
                surface.blit(flag, flag.get_rect(midleft=(fx_, y + theme.px(17))))
                fx_ += flag.get_width() + theme.px(4)
            label = f"{name} · {', '.join(tr(f'pir.faction.{f}') for f in factions)}" if factions else name
            room = self.rect.right - pad - fx_ - theme.px(6)
            theme.draw_text(surface, label, theme.fit_font(label, "bold", 19, room, 12), palette.INK,
                            (fx_ + theme.px(6), y + theme.px(17)), "midleft")
            y += theme.px(34)
        y += theme.px(6)
        for line in self._how_lines(self.rect.right - pad - x):
            theme.draw_text(surface, line, how_f, palette.INK, (x, y))
            y += how_f.get_linesize()
        self.button.draw(surface)
        explain(pygame.Rect(self.button.rect), Text.of("pir.explain.see_results"), "button")

    @staticmethod
    def _icon(kind: str, size: int) -> pygame.Surface:
        """The coin (the treasure home), a wreck (the last fleet afloat) or the compass (a draw)."""
        if kind == "treasure":
            return sprites.coin(size)
        if kind == "sunk":
            return sprites.wreck(size)
        return sprites.compass(size)


__all__ = ["Ending", "VictoryPanel"]
