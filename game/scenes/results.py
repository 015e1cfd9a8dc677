"""Results: the winner, the breakdown table and bar chart (or the winner and statistics), Rematch, Menu."""
from __future__ import annotations

from typing import Callable

import pygame

from game.core.protocol import Result, Text
from game.core.session import Seat
from game.games import GameEntry
from game.i18n import tr
from game.scenes.base import Scene
from game.ui import palette, theme
from game.scenes.common import ButtonRow, Explains
from game.ui.widgets import Button, FocusRing, Tooltip


class ResultsScene(Explains, Scene):
    name = "results"

    def __init__(self, app, entry: GameEntry, seats: list[Seat], result: Result,
                 rematch: Callable[[], None] | None = None, rematch_label: str = "results.rematch",
                 picture: tuple[pygame.Surface, Text] | None = None, game_number: int | None = None):
        super().__init__(app)
        #: the game's number (its seed): typed in a setup, it shuffles and rolls this game again
        self.game_number = game_number
        from game.ui.results_view import ResultsView
        self.entry, self.seats, self.result = entry, seats, result
        self.rematch_fn = rematch
        self.view = ResultsView(result, [s.name for s in seats], seats=[s.colour for s in seats])
        self.view.picture = picture     # the table at the end, beside a game without points
        buttons = [Button(Text.of("results.menu"), self.to_menu, min_width=180)]
        #: what each button does, and what each thing drawn outside the sheet is (set as it is drawn)
        self.notes = [(buttons[0], Text.of("results.explain.menu"))]
        if rematch is not None:
            buttons.insert(0, Button(Text.of(rematch_label), self.rematch, min_width=200))
            self.notes.append((buttons[0], Text.of(rematch_label.replace(".", ".explain.", 1))))
        self.buttons = ButtonRow(buttons)
        self.focus = FocusRing(buttons)
        self.tooltip = Tooltip(source=self.explanations)
        self.heading_rect = pygame.Rect(0, 0, 0, 0)
        self.number_rect = pygame.Rect(0, 0, 0, 0)

    def explanations(self) -> list:
        """The heading, the sheet (winner, tables, rows, columns, chart), the game number and the buttons."""
        out: list = [(self.heading_rect, Text.of("results.explain.heading", game=Text.of(self.entry.name_key)))]
        out += self.view.explanations()
        if self.game_number is not None:
            out.append((self.number_rect, Text.of("results.explain.game_number", n=self.game_number)))
        return [(r, text) for r, text in out if r.w > 0] + [(b, text) for b, text in self.notes if b.visible]

    def layout(self, rect: pygame.Rect) -> None:
        w = min(rect.w - theme.px(60), theme.px(1000))
        top = theme.px(96)
        self.view.layout(pygame.Rect(rect.centerx - w // 2, top, w, rect.h - top - theme.px(100)))
        self.buttons.layout(pygame.Rect(rect.centerx - w // 2, rect.h - theme.px(80), w, theme.px(56)))

    def handle(self, event: pygame.event.Event) -> None:
        self.mark_dirty()
        self.tooltip.handle(event)     # the sheet's rows explain themselves through it, not their own bubble
        if self.explain_key(event) or self.focus.handle(event):
            return
        self.buttons.handle(event)

    def update(self, dt: float) -> None:
        self.view.update(dt)
        self.update_tooltip(dt)

    def is_animating(self) -> bool:
        return bool(getattr(self.view, "animating", False)) or self.tooltip.active

    def rematch(self) -> None:
        if self.rematch_fn is not None:
            self.rematch_fn()

    def to_menu(self) -> None:
        from game.scenes.menu import MenuScene
        self.app.stack.pop_to(MenuScene)

    def back(self) -> None:
        self.to_menu()

    def draw(self, surface: pygame.Surface) -> None:
        rect = surface.get_rect()
        surface.blit(theme.background("sea", rect.size), (0, 0))
        text = tr("results.heading", game=Text.of(self.entry.name_key))
        font = theme.fit_font(text, "display", 52, rect.w - theme.px(60))
        theme.draw_text(surface, text, font, palette.GOLD_LIGHT, (rect.centerx, theme.px(20)), "midtop",
                        palette.WOOD_DARK, 3)
        self.heading_rect = pygame.Rect(0, 0, *font.size(text))
        self.heading_rect.midtop = (rect.centerx, theme.px(20))
        self.view.draw(surface)
        self.buttons.draw(surface)
        if self.game_number is not None:
            line = tr("results.game_number", n=self.game_number)
            font = theme.fit_font(line, "body", 14, rect.w - theme.px(40))
            theme.draw_text(surface, line, font, palette.GOLD_LIGHT, (rect.centerx, rect.h - theme.px(4)),
                            "midbottom", palette.WOOD_DARK, 1)
            self.number_rect = pygame.Rect(0, 0, *font.size(line))
            self.number_rect.midbottom = (rect.centerx, rect.h - theme.px(4))
        self.tooltip.draw(surface)
