"""The discard piles, browsable (issue 18 item 4): a click on a discard pile (or D for the movement cards, F for the
adventures) lays its cards out by kind with how many of each, over the table, until a click or Escape. Both piles are
face up and public (S2, S4): everything shown here every seat may see. A fame card lost by a ship goes back face up as
a fame card (R41): it is counted as such, its face no longer matters."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

from game.core.protocol import Text
from game.games.spanish_main import sprites
from game.games.spanish_main.rules import ADVENTURE_TYPES, FAME_CARD, MOVEMENT_TYPES, card_type
from game.i18n import tr
from game.ui import palette, theme


class PileViewer:
    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.kind: str | None = None          # "movement" or "adventure"
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def visible(self) -> bool:
        return self.kind is not None

    def open(self, kind: str) -> None:
        self.kind = None if self.kind == kind else kind
        self.scene.mark_dirty()

    def close(self) -> None:
        self.kind = None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.close()
            return True
        return False

    def counts(self) -> list[tuple[str, int]]:
        """(kind, how many) in the game's order of kinds, the fame cards last."""
        g = self.scene.game
        if self.kind == "movement":
            c = Counter(card_type(x) for x in g.mv_discard)
            return [(t, c[t]) for t in MOVEMENT_TYPES if c[t]]
        c = Counter(FAME_CARD if x == FAME_CARD else card_type(x) for x in g.adv_discard)
        return [(t, c[t]) for t in ADVENTURE_TYPES if c[t]] + ([(FAME_CARD, c[FAME_CARD])] if c[FAME_CARD] else [])

    def draw(self, surface: pygame.Surface) -> None:
        if self.kind is None:
            return
        scene = self.scene
        screen = scene.lay.rect
        items = self.counts()
        w = min(screen.w - theme.px(40), theme.px(900))
        ch = theme.px(120)
        cw, _ = sprites.card_size(ch)
        per_row = max(1, (w - theme.px(30)) // (cw + theme.px(10)))
        rows = max(1, (len(items) + per_row - 1) // per_row)
        h = min(screen.h - theme.px(30), theme.px(80) + rows * (ch + theme.px(12)))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = screen.center
        surface.blit(theme.overlay(surface.get_size(), (10, 20, 30, 120)), (0, 0))
        theme.draw_frame(surface, "panel", self.rect)
        total = sum(n for _, n in items)
        title = tr("sm.ui.pile_movement" if self.kind == "movement" else "sm.ui.pile_adventure", n=total)
        theme.draw_text(surface, title, theme.font("display", 22), palette.INK,
                        (self.rect.x + theme.px(16), self.rect.y + theme.px(10)))
        if not items:
            theme.draw_text(surface, tr("sm.ui.pile_empty"), theme.font("text", 15), palette.INK_SOFT,
                            (self.rect.x + theme.px(16), self.rect.y + theme.px(50)))
        x0, y = self.rect.x + theme.px(16), self.rect.y + theme.px(50)
        for i, (t, n) in enumerate(items):
            r = pygame.Rect(x0 + (i % per_row) * (cw + theme.px(10)), y + (i // per_row) * (ch + theme.px(12)), cw, ch)
            if r.bottom > self.rect.bottom - theme.px(6):
                break
            if t == FAME_CARD:
                img = sprites.fame_card(ch)
                name = Text.of("sm.ui.fame_cards")
            elif self.kind == "movement":
                img = sprites.movement_card(t, ch)
                name = Text.of(f"sm.card.{t}")
            else:
                img = sprites.adventure_card(t, ch)
                name = Text.of(f"sm.card.{t}")
            surface.blit(img, r)
            if t != FAME_CARD:
                plate = (sprites.movement_name_rect(ch) if self.kind == "movement" else
                         sprites.adventure_text_rect(ch)).move(r.topleft)
                scene._plate_text(surface, tr(name), plate, 12)
            scene._badge(surface, f"× {n}", palette.INK, (r.right - theme.px(18), r.y + theme.px(14)))
            scene.explain(r, Text.of("sm.explain.pile_kind", card=name, n=n), "pile")
        theme.draw_text(surface, tr("sm.ui.pile_close"), theme.font("text", 13), palette.INK_SOFT,
                        (self.rect.right - theme.px(16), self.rect.bottom - theme.px(8)), "bottomright")
