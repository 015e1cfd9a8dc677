"""The accusation dialog (R22, section 9): pick a player (not yourself), then one of the captains not revealed yet
from their portraits; with ``movement-hand`` also the card to discard (V3.3). What the seat knows is marked on the
portraits (its own captains, "not theirs" after a wrong accusation), from the seat's own notes facts; the line at the
bottom says what a right answer would take (half the ship's fame, rounded up: R25). Keyboard: Tab / arrows move
between the choices, Enter picks, Escape closes."""
from __future__ import annotations

from typing import Any

import pygame

from game.core.protocol import Text
from game.games.spanish_main import sprites
from game.games.spanish_main.notes import NO, YES, cell_key, facts
from game.games.spanish_main.rules import PIRATES, Accuse, card_type, half_up, ship_of
from game.i18n import tr
from game.ui import palette, theme
from game.ui.widgets import Button


class AccuseDialog:
    def __init__(self, scene: Any, seat: int) -> None:
        self.scene, self.seat = scene, seat
        g = scene.game
        self.others = [k for k in range(g.players) if k != seat]
        self.player: int | None = self.others[0] if len(self.others) == 1 else None
        self.pirate: str | None = None
        self.discard: str = ""
        self.hand = sorted(set(g.hands[seat])) if g.hand_mode else []
        if len(self.hand) == 1:
            self.discard = self.hand[0]
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.player_rects: dict[int, pygame.Rect] = {}
        self.pirate_rects: dict[str, pygame.Rect] = {}
        self.card_rects: dict[str, pygame.Rect] = {}
        self.ok = Button(Text.of("sm.ui.accuse_go"), self.confirm, min_width=150, height=40, size=16)
        self.cancel = Button(Text.of("sm.ui.cancel"), scene.close_accuse, min_width=120, height=40, size=16)
        self.focus = 0

    # the choices in keyboard order
    def _choices(self) -> list[tuple[str, Any]]:
        return ([("player", k) for k in self.others] + [("pirate", p) for p in PIRATES if self._open(p)] +
                [("card", c) for c in self.hand])

    def _open(self, pirate: str) -> bool:
        return pirate not in self.scene.game.revealed

    def action(self) -> Accuse | None:
        if self.player is None or self.pirate is None or (self.hand and not self.discard):
            return None
        return Accuse(self.seat, self.player, self.pirate, self.discard)

    def confirm(self) -> None:
        a = self.action()
        if a is None:
            return
        self.scene.close_accuse()
        self.scene.play(a)

    def layout(self, screen: pygame.Rect) -> None:
        w = min(screen.w - theme.px(30), theme.px(1000))
        pad = theme.px(16)
        pw = (w - 2 * pad - 8 * theme.px(6)) // 9
        ph = min(theme.px(150), int(pw * sprites.ART_CARD[1] / sprites.ART_CARD[0]))
        h = theme.px(48 + 48 + 12 + 70) + ph + (theme.px(106) if self.hand else 0)
        self.rect = pygame.Rect(0, 0, w, min(h, screen.h - theme.px(20)))
        self.rect.center = screen.center
        r = self.rect
        y = r.y + theme.px(48)
        bw = min(theme.px(200), (r.w - 2 * pad) // max(1, len(self.others)) - theme.px(8))
        self.player_rects = {k: pygame.Rect(r.x + pad + i * (bw + theme.px(8)), y, bw, theme.px(36))
                             for i, k in enumerate(self.others)}
        y += theme.px(48)
        pw, _ = sprites.card_size(ph)
        step = pw + theme.px(6)
        self.pirate_rects = {p: pygame.Rect(r.x + pad + i * step, y, pw, ph) for i, p in enumerate(PIRATES)}
        y += ph + theme.px(12)
        if self.hand:
            chh = theme.px(96)
            cw, _ = sprites.card_size(chh)
            self.card_rects = {c: pygame.Rect(r.x + pad + theme.px(160) + i * (cw + theme.px(8)), y, cw, chh)
                               for i, c in enumerate(self.hand)}
            y += chh + theme.px(10)
        self.ok.layout(pygame.Rect(r.right - pad - theme.px(170), r.bottom - theme.px(52), theme.px(170),
                                   theme.px(40)))
        self.cancel.layout(pygame.Rect(self.ok.rect.x - theme.px(140), self.ok.rect.y, theme.px(130), theme.px(40)))

    def _pick(self, kind: str, value: Any) -> None:
        if kind == "player":
            self.player = value
        elif kind == "pirate":
            self.pirate = value
        else:
            self.discard = value
        self.scene.app.play("click")

    def handle(self, event: pygame.event.Event) -> bool:
        self.ok.enabled = self.action() is not None
        if self.ok.handle(event) or self.cancel.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            for k, rect in self.player_rects.items():
                if rect.collidepoint(event.pos):
                    self._pick("player", k)
                    return True
            for p, rect in self.pirate_rects.items():
                if rect.collidepoint(event.pos):
                    if not self._open(p):
                        self.scene.app.toast(tr(Text.of("sm.reason.revealed", captain=Text.of(f"sm.captain.{p}"))))
                        self.scene.app.play("error")
                    else:
                        self._pick("pirate", p)
                    return True
            for c, rect in self.card_rects.items():
                if rect.collidepoint(event.pos):
                    self._pick("card", c)
                    return True
            return True
        if event.type == pygame.KEYDOWN:
            choices = self._choices()
            if event.key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN):
                self.focus = (self.focus + 1) % len(choices)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_UP):
                self.focus = (self.focus - 1) % len(choices)
                return True
            if event.key in (pygame.K_SPACE,):
                kind, value = choices[self.focus % len(choices)]
                self._pick(kind, value)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.action() is not None:
                    self.confirm()
                else:
                    kind, value = choices[self.focus % len(choices)]
                    self._pick(kind, value)
                return True
        return False

    def _focused(self) -> tuple[str, Any] | None:
        choices = self._choices()
        return choices[self.focus % len(choices)] if choices else None

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        g = scene.game
        surface.blit(theme.overlay(surface.get_size(), (10, 20, 30, 120)), (0, 0))
        theme.draw_frame(surface, "panel", self.rect)
        r = self.rect
        pad = theme.px(16)
        ft, fn, fs = theme.font("display", 24), theme.font("bold", 15), theme.font("text", 14)
        theme.draw_text(surface, tr("sm.ui.accuse_title"), ft, palette.INK, (r.x + pad, r.y + theme.px(10)))
        focus = self._focused()
        known = facts(g, self.seat)
        for k, rect in self.player_rects.items():
            on = self.player == k
            pygame.draw.rect(surface, palette.GOLD_LIGHT if on else palette.PARCHMENT, rect, border_radius=theme.px(8))
            pygame.draw.rect(surface, palette.GOLD if on else palette.WOOD_DARK, rect,
                             width=max(2, theme.px(3 if on else 1)), border_radius=theme.px(8))
            if focus == ("player", k):
                pygame.draw.rect(surface, palette.INK, rect.inflate(theme.px(6), theme.px(6)), width=2,
                                 border_radius=theme.px(10))
            chip = theme.seat_chip(scene.seat_colour(k), theme.px(20))
            surface.blit(chip, (rect.x + theme.px(8), rect.centery - chip.get_height() // 2))
            theme.draw_text(surface, scene.seat_name(k), fn, palette.INK, (rect.x + theme.px(34), rect.centery),
                            "midleft")
            scene.explain(rect, Text.of("sm.explain.accuse_player", name=scene.seat_name(k)), "button")
        for p, rect in self.pirate_rects.items():
            img = sprites.pirate_card(p, rect.h)
            if not self._open(p):
                img = img.copy()
                img.set_alpha(90)
            surface.blit(img, rect)
            scene._plate_text(surface, tr(f"sm.captain.{p}"), sprites.pirate_name_rect(rect.h).move(rect.topleft), 11)
            _ring(surface, rect, self.pirate == p, focus == ("pirate", p))
            fame = g.fame_of(ship_of(p))
            scene._fame_badge(surface, fame, (rect.right - theme.px(22), rect.y + theme.px(14)))
            tag = ""
            if not self._open(p):
                tag = tr("sm.ui.revealed")
            elif p in g.pirates[self.seat]:
                tag = tr("sm.ui.yours")
            elif self.player is not None and known.get(cell_key(self.player, p)) == NO:
                tag = tr("sm.ui.not_theirs")
            elif self.player is not None and known.get(cell_key(self.player, p)) == YES:
                tag = tr("sm.ui.theirs")
            if tag:
                scene._badge(surface, tag, palette.INK, (rect.centerx, rect.bottom - rect.h * 0.3))
            scene.explain(rect, Text.of("sm.explain.accuse_captain", captain=Text.of(f"sm.captain.{p}"),
                                        ship=Text.of(f"sm.ship.{ship_of(p)}"), n=fame, took=half_up(fame)), "pirate")
        if self.hand:
            first = next(iter(self.card_rects.values()))
            theme.draw_text(surface, tr("sm.ui.accuse_discard"), fn, palette.INK, (r.x + pad, first.centery), "midleft")
            for c, rect in self.card_rects.items():
                surface.blit(sprites.movement_card(c, rect.h), rect)
                _ring(surface, rect, self.discard == c, focus == ("card", c))
                scene.explain(rect, Text.of(f"sm.explain.card.{card_type(c)}"), "card")
        a = self.action()
        if a is not None:
            fame = g.fame_of(ship_of(a.pirate))
            line = tr("sm.ui.accuse_line", name=scene.seat_name(a.accused), captain=tr(f"sm.captain.{a.pirate}"),
                      took=half_up(fame), n=fame)
        else:
            line = tr("sm.ui.accuse_hint_hand" if self.hand else "sm.ui.accuse_hint")
        for i, text in enumerate(theme.wrap_text(line, fs, self.ok.rect.x - theme.px(150) - r.x - pad)[:2]):
            theme.draw_text(surface, text, fs, palette.INK, (r.x + pad, self.ok.rect.y + i * fs.get_linesize()))
        self.ok.enabled = a is not None
        self.ok.draw(surface)
        self.cancel.draw(surface)
        scene.explain(self.ok.rect, Text.of("sm.explain.accuse_go"), "button")
        scene.explain(self.cancel.rect, Text.of("sm.explain.accuse_cancel"), "button")


def _ring(surface: pygame.Surface, rect: pygame.Rect, chosen: bool, focused: bool) -> None:
    """The gold ring of the chosen captain or card, the ink ring of the keyboard's focus."""
    if chosen:
        pygame.draw.rect(surface, palette.GOLD, rect.inflate(theme.px(6), theme.px(6)),
                         width=max(3, theme.px(4)), border_radius=theme.px(8))
    if focused:
        pygame.draw.rect(surface, palette.INK, rect.inflate(theme.px(12), theme.px(12)), width=2,
                         border_radius=theme.px(10))
