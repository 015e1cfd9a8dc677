"""LogPanel: the game log, newest at the bottom, each line with the seat's colour chip and symbol.

Lines are ``LogEntry`` (seat or None, Text) translated at draw time, so a language switch re-translates
the whole log. Mouse wheel and dragging scroll it; it follows the newest line unless the player has
scrolled up (then it stays put until they scroll back to the bottom).

With ``expandable``, a small button on its header grows it upward over the table (to ``expand_to``, or over
three quarters of the window) to read many more lines at once; the button, Escape or a click outside shrinks it
again. A scene that opts in draws the grown panel last (over the table), routes Escape to ``shrink`` and explains
``expand_button``.
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
        self.expandable = False  # a header button grows the panel upward (the scene opts in)
        self.expanded = False
        self.expand_to: pygame.Rect | None = None  # where the grown panel goes (None: upward over 3/4 of the window)
        self._area: pygame.Rect | None = None      # the surface it was last drawn on
        self._version = 0                          # goes up with every change of the entries
        self._picture: tuple[tuple, pygame.Surface] | None = None   # what was drawn, and on what layer

    # Content --------------------------------------------------------------------------------------
    def add(self, entry: LogEntry | tuple[int | None, Text | str]) -> None:
        if not isinstance(entry, LogEntry):
            seat, text = entry
            entry = LogEntry(seat, text if isinstance(text, Text) else Text.of(str(text)))
        self._version += 1
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
        self._version += 1
        self.entries = []
        self._layout = []
        self.scroll = 0
        self._synced = 0

    # Geometry ------------------------------------------------------------------------------------
    @property
    def font(self) -> pygame.font.Font:
        return theme.font("text", self.size)

    @property
    def frame(self) -> pygame.Rect:
        """Where the panel is drawn: its ``rect``, or the grown one while expanded."""
        if not (self.expandable and self.expanded):
            return self.rect
        if self.expand_to is not None:
            return pygame.Rect(self.expand_to)
        area = self._area
        if area is None:
            screen = pygame.display.get_surface()
            area = screen.get_rect() if screen is not None else pygame.Rect(self.rect)
        top = min(self.rect.y, max(area.y + theme.px(10), self.rect.bottom - area.h * 3 // 4))
        return pygame.Rect(self.rect.x, top, self.rect.w, self.rect.bottom - top)

    @property
    def expand_button(self) -> pygame.Rect:
        """The header's grow/shrink button (an empty rect when the panel cannot grow)."""
        if not self.expandable or self.rect.w <= 0:
            return pygame.Rect(0, 0, 0, 0)
        size = theme.px(24)
        frame = self.frame
        return pygame.Rect(frame.right - theme.px(12) - size, frame.y + theme.px(10), size, size)

    def expand(self, grow: bool = True) -> None:
        self.expanded = bool(grow and self.expandable)

    def shrink(self) -> bool:
        """Back to its place; True when it was grown."""
        grown, self.expanded = self.expanded, False
        return grown

    @property
    def content_rect(self) -> pygame.Rect:
        pad = theme.px(14)
        top = pad
        if self.title is not None:
            top += theme.font("display", 22).get_linesize() + theme.px(6)
        frame = self.frame
        r = pygame.Rect(frame.x + pad, frame.y + top, frame.w - 2 * pad - theme.px(8), frame.h - top - pad)
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
        frame = self.frame
        if self.expandable and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.expand_button.collidepoint(event.pos):
                self.expand(not self.expanded)
                return True
            if self.expanded and not frame.collidepoint(event.pos):   # a click beside the grown log shrinks it
                self.shrink()
                return True
        if self.expanded and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.shrink()
        if event.type == pygame.MOUSEWHEEL:
            pos = self._mouse if self._mouse is not None else pygame.mouse.get_pos()
            if frame.collidepoint(pos):
                self.scroll_by(int(event.y * self.font.get_linesize() * 3))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and frame.collidepoint(event.pos):
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
        """The panel is painted on a layer of its own again only when what it shows changes (the lines, the scroll,
        the place, the language, the colours, the grow button under the pointer); every frame blits that layer."""
        if not self.visible or self.rect.w <= 0:
            return
        self._area = surface.get_rect()
        self._ensure_layout()
        frame = self.frame
        title = theme.text_of(self.title) if self.title is not None else None
        hot = self.expandable and self._mouse is not None and self.expand_button.collidepoint(self._mouse)
        key = (tuple(frame), self._version, self.scroll, self._layout_key, title, tuple(self.seat_colours),
               self.expandable, self.expanded, hot, theme.px(100))
        if self._picture is None or self._picture[0] != key:
            layer = self._picture[1] if self._picture is not None else None
            if layer is None or layer.get_size() != frame.size:
                layer = pygame.Surface(frame.size, pygame.SRCALPHA)
            layer.fill((0, 0, 0, 0))
            # painted with the frame's corner at (0, 0): every place is worked out from these four
            saved = (self.rect, self.expand_to, self._area, self._mouse)
            dx, dy = -frame.x, -frame.y
            self.rect = self.rect.move(dx, dy)
            self.expand_to = self.expand_to.move(dx, dy) if self.expand_to is not None else None
            self._area = self._area.move(dx, dy)
            self._mouse = (self._mouse[0] + dx, self._mouse[1] + dy) if self._mouse is not None else None
            try:
                self._paint(layer, self.frame, title)
            finally:
                self.rect, self.expand_to, self._area, self._mouse = saved
            self._picture = (key, layer)
        surface.blit(self._picture[1], frame)

    def _paint(self, surface: pygame.Surface, frame: pygame.Rect, title: str | None) -> None:
        theme.draw_frame(surface, "panel_dark", frame)
        if title is not None:
            theme.draw_text(surface, title, theme.font("display", 22), palette.GOLD_LIGHT,
                            (frame.x + theme.px(16), frame.y + theme.px(10)), "topleft",
                            palette.WOOD_DARK, 2)
        if self.expandable:
            self._draw_expand_button(surface)
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
            bar = pygame.Rect(frame.right - theme.px(14), content.y, theme.px(5), content.h)
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

    def _draw_expand_button(self, surface: pygame.Surface) -> None:
        """A small square with a chevron: up to grow the log, down to shrink it."""
        r = self.expand_button
        hot = self._mouse is not None and r.collidepoint(self._mouse)
        pygame.draw.rect(surface, palette.WOOD_LIGHT if hot else palette.WOOD_DARK, r, border_radius=theme.px(4))
        pygame.draw.rect(surface, palette.GOLD, r, 1, border_radius=theme.px(4))
        d = r.w // 4
        tip, base = (r.centery - d // 2 - 1, r.centery + d // 2) if not self.expanded else \
            (r.centery + d // 2, r.centery - d // 2 - 1)
        for dy in (-d // 2 - 1, d // 2 + 1) if r.h >= theme.px(20) else (0,):
            pygame.draw.lines(surface, palette.GOLD_LIGHT, False, [(r.centerx - d, base + dy), (r.centerx, tip + dy),
                                                                    (r.centerx + d, base + dy)], 2)
