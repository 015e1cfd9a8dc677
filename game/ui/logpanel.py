"""LogPanel: the game log, newest at the bottom, each line with the seat's colour chip and symbol.

Lines are ``LogEntry`` (seat or None, Text) translated at draw time, so a language switch re-translates
the whole log. Mouse wheel and dragging scroll it; it follows the newest line unless the player has
scrolled up (then it stays put until they scroll back to the bottom).
"""
from __future__ import annotations

from typing import Sequence

import pygame

from game.core.protocol import LogEntry, Text
from game.ui import palette, theme
from game.ui.widgets import RectLike, TextLike, Widget


class LogPanel(Widget):
    """``sync(view.log, viewer)`` each frame (cheap: only new lines are added) or ``add(entry)``."""

    def __init__(self, rect: RectLike = None, *, title: TextLike = Text.of("ui.log.title"), size: int = 15,
                 max_entries: int = 2000):
        super().__init__(rect)
        self.title = title
        self.size = size
        self.max_entries = max_entries
        self.entries: list[LogEntry] = []
        self.seat_colours: list[int] = []  # seat -> colour index chosen at setup (default: the seat)
        self.scroll = 0          # px scrolled up from the newest line (0 = following the newest)
        self._layout: list[tuple[list[str], int]] = []   # per entry: wrapped lines, block height
        self._layout_key: tuple | None = None
        self._drag_y: int | None = None
        self._mouse: tuple[int, int] | None = None
        self._synced = 0
        self._viewer: int | None = None  # whose log ``sync`` was last given
        self._height_of: object = None
        self._height_n = -1
        self._height = 0

    # Content --------------------------------------------------------------------------------------
    def add(self, entry: LogEntry | tuple[int | None, Text | str]) -> None:
        if not isinstance(entry, LogEntry):
            seat, text = entry
            entry = LogEntry(seat, text if isinstance(text, Text) else Text.of(str(text)))
        self.entries.append(entry)
        if len(self.entries) > self.max_entries:
            drop = len(self.entries) - self.max_entries
            self.entries = self.entries[drop:]
            self._layout = self._layout[drop:]

    def sync(self, entries: Sequence[LogEntry], viewer: int | None = None) -> None:
        """Make the panel show ``entries``, the log as ``viewer`` sees it. While the viewer stays, only
        new lines are added (it rebuilds after an undo). When another viewer sits down, every line is
        compared: in hot-seat two logs of the same length may differ in their private lines."""
        seen, kept = self._synced, len(self.entries)
        grown = len(entries) >= seen and (seen == 0 or (kept > 0 and entries[seen - 1] == self.entries[-1]))
        if viewer != self._viewer:
            self._viewer = viewer
            self.scroll_to_end()  # the newcomer starts at the newest line
            grown = grown and list(entries[seen - kept:seen]) == self.entries
        if grown:
            for e in entries[seen:]:
                self.add(e)
        else:
            self.clear()
            for e in entries[-self.max_entries:]:
                self.add(e)
        self._synced = len(entries)

    def clear(self) -> None:
        self.entries = []
        self._layout = []
        self.scroll = 0
        self._synced = 0

    # Geometry ------------------------------------------------------------------------------------
    @property
    def font(self) -> pygame.font.Font:
        return theme.font("text", self.size)

    @property
    def content_rect(self) -> pygame.Rect:
        pad = theme.px(14)
        top = pad
        if self.title is not None:
            top += theme.font("display", 22).get_linesize() + theme.px(6)
        r = pygame.Rect(self.rect.x + pad, self.rect.y + top, self.rect.w - 2 * pad - theme.px(8),
                        self.rect.h - top - pad)
        r.w, r.h = max(0, r.w), max(0, r.h)
        return r

    def _chip_size(self) -> int:
        return self.font.get_linesize()

    def _ensure_layout(self) -> None:
        from game.i18n import language
        content = self.content_rect
        text_w = content.w - self._chip_size() - theme.px(8)
        key = (language(), text_w, self.font.get_linesize(), id(self.font))
        if key != self._layout_key:
            self._layout = []
            self._layout_key = key
        if len(self._layout) < len(self.entries):
            line_h = self.font.get_linesize()
            gap = theme.px(5)
            added = 0
            for entry in self.entries[len(self._layout):]:
                lines = theme.wrap_text(theme.text_of(entry.text), self.font, max(20, text_w))
                h = len(lines) * line_h + gap
                self._layout.append((lines, h))
                added += h
            if self.scroll > 0:  # the player reads older lines: keep them where they are
                self.scroll += added
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def content_height(self) -> int:
        if self._height_of is not self._layout or self._height_n != len(self._layout):
            self._height_of, self._height_n = self._layout, len(self._layout)
            self._height = sum(h for _, h in self._layout)
        return self._height

    def max_scroll(self) -> int:
        return max(0, self.content_height() - self.content_rect.h)

    @property
    def at_bottom(self) -> bool:
        return self.scroll <= 0

    def scroll_by(self, dy: int) -> None:
        """Positive = towards older lines."""
        self._ensure_layout()
        self.scroll = max(0, min(self.max_scroll(), self.scroll + int(dy)))

    def scroll_to_end(self) -> None:
        self.scroll = 0

    # Events ---------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._mouse = event.pos
        if event.type == pygame.MOUSEWHEEL:
            pos = self._mouse if self._mouse is not None else pygame.mouse.get_pos()
            if self.rect.collidepoint(pos):
                self.scroll_by(int(event.y * self.font.get_linesize() * 3))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._drag_y = event.pos[1]
            return True
        if event.type == pygame.MOUSEMOTION and self._drag_y is not None:
            self.scroll_by(event.pos[1] - self._drag_y)
            self._drag_y = event.pos[1]
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag_y is not None:
            self._drag_y = None
            return True
        return False

    # Drawing ----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w <= 0:
            return
        self._ensure_layout()
        theme.draw_frame(surface, "panel_dark", self.rect)
        if self.title is not None:
            theme.draw_text(surface, theme.text_of(self.title), theme.font("display", 22), palette.GOLD_LIGHT,
                            (self.rect.x + theme.px(16), self.rect.y + theme.px(10)), "topleft",
                            palette.WOOD_DARK, 2)
        content = self.content_rect
        if self.title is not None:
            y = content.top - theme.px(4)
            pygame.draw.line(surface, palette.WOOD_LIGHT, (content.left, y), (content.right, y), 1)
        clip = surface.get_clip()
        surface.set_clip(content.clip(clip) if clip else content)
        f = self.font
        line_h = f.get_linesize()
        chip = self._chip_size()
        y = content.bottom + self.scroll
        for entry, (lines, h) in zip(reversed(self.entries), reversed(self._layout)):
            y -= h
            if y > content.bottom:
                continue
            if y + h < content.top:
                break
            if entry.seat is not None:
                colour = self.seat_colours[entry.seat] if entry.seat < len(self.seat_colours) else entry.seat
                surface.blit(theme.seat_chip(colour, chip - 2), (content.x, y + 1))
            else:
                c = (content.x + chip // 2, y + line_h // 2)
                r = chip // 4
                pygame.draw.polygon(surface, palette.GOLD, [(c[0], c[1] - r), (c[0] + r, c[1]),
                                                            (c[0], c[1] + r), (c[0] - r, c[1])])
            tx = content.x + chip + theme.px(8)
            colour = palette.PARCHMENT if entry.seat is not None else palette.GOLD_LIGHT
            for i, line in enumerate(lines):
                if line:
                    surface.blit(theme.render_text(line, f, colour), (tx, y + i * line_h))
        surface.set_clip(clip)
        total = self.content_height()
        if total > content.h > 0:  # scrollbar
            bar = pygame.Rect(self.rect.right - theme.px(14), content.y, theme.px(5), content.h)
            pygame.draw.rect(surface, (0, 0, 0), bar, border_radius=3)
            thumb_h = max(theme.px(20), int(content.h * content.h / total))
            frac = 1 - self.scroll / max(1, self.max_scroll())
            thumb = pygame.Rect(bar.x, bar.y + int((content.h - thumb_h) * frac), bar.w, thumb_h)
            pygame.draw.rect(surface, palette.GOLD, thumb, border_radius=3)
        if not self.at_bottom:  # a hint that newer lines are below
            pts = [(content.centerx - theme.px(8), content.bottom - theme.px(10)),
                   (content.centerx + theme.px(8), content.bottom - theme.px(10)),
                   (content.centerx, content.bottom - theme.px(2))]
            pygame.draw.polygon(surface, palette.GOLD_LIGHT, pts)
