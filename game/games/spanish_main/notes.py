"""The deduction notes (spec section 9): a grid of the players (and "nobody", the set-aside pirates) by the nine
captains. The table fills in only what the seat on screen knows from its own view:

- its own captains: theirs, and nobody else's;
- a revealed captain (R25, R43, R52): whose it is, and nobody else's;
- a wrong accusation (R28): that player is not that captain;
- a Mutiny on a ship nobody owns (A4): that captain belongs to nobody.

The player adds their own marks on the other cells (a click cycles "?" suspected, "✗" ruled out, "✓" sure, blank).
The marks are the seat's alone: kept per seat in the game's save beside the actions (``GameSession.notes``), never in
the rules' state, and drawn only after that seat's privacy screen.
"""
from __future__ import annotations

from typing import Any

import pygame

from game.core.protocol import Text
from game.games.spanish_main import sprites
from game.games.spanish_main.rules import PIRATES, SpanishMainState
from game.i18n import tr
from game.ui import palette, theme

YES, NO = "yes", "no"
MARKS = ("", "maybe", "no", "yes")        # a click's cycle on a cell without a fact
NOBODY = -1


def cell_key(row: int, pirate: str) -> str:
    """A cell's key in the marks: "<seat>:<pirate>" ("-1:..." the set-aside row)."""
    return f"{row}:{pirate}"


def facts(view: SpanishMainState, seat: int) -> dict[str, str]:
    """What ``seat`` knows for sure, cell by cell ("yes" / "no"), from its view only."""
    out: dict[str, str] = {}
    rows = list(range(view.players)) + [NOBODY]

    def owns(k: int, pirate: str) -> None:
        for r in rows:
            out[cell_key(r, pirate)] = YES if r == k else NO

    for pirate in view.pirates[seat]:
        owns(seat, pirate)
    for pirate in PIRATES:                                  # the seat's row: it knows its own cards
        out.setdefault(cell_key(seat, pirate), NO)
    for k in range(view.players):
        for pirate in view.pirates[k]:
            if pirate in PIRATES and (pirate in view.revealed or view.over):
                owns(k, pirate)
        for pirate in view.denied[k]:
            out.setdefault(cell_key(k, pirate), NO)
    for pirate in view.unowned:
        owns(NOBODY, pirate)
    if view.over:
        for pirate in view.aside:
            if pirate in PIRATES:
                owns(NOBODY, pirate)
    return out


def clean_marks(marks: Any) -> dict[str, str]:
    """A seat's marks as read from a save: only known cells and marks (anything else is dropped, never an error)."""
    if not isinstance(marks, dict):
        return {}
    keys = {cell_key(r, p) for r in range(-1, 4) for p in PIRATES}
    return {k: v for k, v in marks.items() if k in keys and v in MARKS[1:]}


class NotesGrid:
    """The grid as a widget of the table (``scene`` gives it the seat names and colours)."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.popup = False
        self._cells: dict[str, pygame.Rect] = {}
        #: the keyboard's cell (row index, captain index) while the notes have the keys (N), else None
        self.cursor: tuple[int, int] | None = None

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def _grid(self) -> tuple[pygame.Rect, int, int, list[int]]:
        g = self.scene.game
        rows = list(range(g.players)) + [NOBODY]
        r = self.rect
        label_w = min(theme.px(110), r.w // 5)
        head_h = theme.px(38)
        cw = (r.w - label_w - theme.px(12)) // len(PIRATES)
        ch = min(theme.px(30), (r.h - head_h - theme.px(44)) // len(rows))
        return pygame.Rect(r.x + label_w + theme.px(6), r.y + theme.px(24) + head_h, cw * len(PIRATES),
                           ch * len(rows)), cw, ch, rows

    def _rows(self) -> list[int]:
        return list(range(self.scene.game.players)) + [NOBODY]

    def cycle(self, key: str) -> None:
        """The cell's next mark (a fact cannot be marked: the toast says so); stored at once, saved with the game."""
        viewer = self.scene.viewer()
        if viewer is None:
            return
        if key in facts(self.scene.game, viewer):
            self.scene.app.toast(tr("sm.ui.notes_fact"))
            return
        marks = self.scene.notes_marks(viewer)
        now = marks.get(key, "")
        nxt = MARKS[(MARKS.index(now) + 1) % len(MARKS)] if now in MARKS else ""
        if nxt:
            marks[key] = nxt
        else:
            marks.pop(key, None)
        self.scene.autosave()

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on a cell cycles its mark; with the keys (``cursor``): arrows move, Space or Enter cycles,
        Escape or N gives the keys back."""
        if event.type == pygame.KEYDOWN and self.cursor is not None:
            row, col = self.cursor
            rows = self._rows()
            moves = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0)}
            if event.key in moves:
                dr, dc = moves[event.key]
                self.cursor = ((row + dr) % len(rows), (col + dc) % len(PIRATES))
                return True
            if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.cycle(cell_key(rows[row], PIRATES[col]))
                return True
            return False
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 1) != 1:
            return False
        viewer = self.scene.viewer()
        if viewer is None or not self.rect.collidepoint(event.pos):
            return False
        for key, cell in self._cells.items():
            if cell.collidepoint(event.pos):
                self.cycle(key)
                return True
        return True

    def draw(self, surface: pygame.Surface, known: dict[str, str], marks: dict[str, str], popup: bool = False) -> None:
        scene = self.scene
        r = self.rect
        plate = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (250, 240, 215, 240 if popup else 220), plate.get_rect(), border_radius=theme.px(10))
        surface.blit(plate, r)
        if popup:
            pygame.draw.rect(surface, palette.WOOD_DARK, r, width=max(2, theme.px(3)), border_radius=theme.px(10))
        f = theme.font("display", 17)
        theme.draw_text(surface, tr("sm.ui.notes_title"), f, palette.INK, (r.x + theme.px(10), r.y + theme.px(3)))
        grid, cw, ch, rows = self._grid()
        fs = theme.font("bold", 13)
        for i, pirate in enumerate(PIRATES):
            col = pygame.Rect(grid.x + i * cw, grid.y - theme.px(38), cw, theme.px(36))
            img = sprites.pirate_card(pirate, min(col.h, int(cw * 1.35)))
            surface.blit(img, img.get_rect(midbottom=(col.centerx, col.bottom)))
            scene.explain(col, Text.of("sm.explain.notes_captain", captain=Text.of(f"sm.captain.{pirate}"),
                                       ship=Text.of(f"sm.ship.ship-{pirate[len('pirate-'):]}")), "notes")
        self._cells = {}
        for j, row in enumerate(rows):
            y = grid.y + j * ch
            label = scene.seat_name(row) if row >= 0 else tr("sm.ui.nobody")
            if row >= 0:
                chip = theme.seat_chip(scene.seat_colour(row), theme.px(14))
                surface.blit(chip, (r.x + theme.px(8), y + (ch - chip.get_height()) // 2))
            name = theme.wrap_text(label, fs, grid.x - r.x - theme.px(30))[:1]
            theme.draw_text(surface, name[0] if name else "", fs, palette.INK,
                            (r.x + theme.px(26), y + ch // 2), "midleft")
            for i, pirate in enumerate(PIRATES):
                key = cell_key(row, pirate)
                cell = pygame.Rect(grid.x + i * cw, y, cw, ch)
                self._cells[key] = cell
                pygame.draw.rect(surface, palette.WOOD_DARK, cell, width=1)
                if self.cursor == (j, i):
                    pygame.draw.rect(surface, palette.GOLD, cell.inflate(2, 2), width=max(2, theme.px(3)))
                fact = known.get(key)
                mark = marks.get(key, "")
                size = max(10, min(cell.h, cell.w) - theme.px(8))
                if fact:
                    pygame.draw.rect(surface, (210, 236, 200) if fact == YES else (236, 214, 206), cell.inflate(-2, -2))
                    icon = theme.verdict_icon(fact == YES, size)
                    surface.blit(icon, icon.get_rect(center=cell.center))
                elif mark in ("yes", "no"):
                    icon = theme.verdict_icon(mark == "yes", size).copy()
                    icon.set_alpha(120)
                    surface.blit(icon, icon.get_rect(center=cell.center))
                elif mark == "maybe":
                    gf = theme.font("bold", max(12, min(20, ch - 8)))
                    theme.draw_text(surface, "?", gf, palette.INK_SOFT, cell.center, "center")
        scene.explain(grid, Text.of("sm.explain.notes"), "notes")
        legend = tr("sm.ui.notes_legend")
        room = r.w - theme.px(20)
        for size in (12, 11, 10, 9):                  # the legend on one line, smaller, then a little narrower
            fl = theme.font("text", size)
            if fl.size(legend)[0] <= room:
                break
        at = (r.x + theme.px(10), grid.bottom + theme.px(4))
        if theme.draw_text_narrowed(surface, legend, fl, palette.INK_SOFT, at, room) is None:
            theme.draw_text(surface, theme.wrap_text(legend, fl, room)[0], fl, palette.INK_SOFT, at)
