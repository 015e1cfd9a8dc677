"""RecapPanel: what the other seats did since a human's last move, shown when that human's turn starts.

One block per turn of another seat: the seat's chip and name, then that turn's log lines (the ``said`` events
the viewer may read, so nothing secret). Two buttons: **Replay** (the table plays those moves again, with their
animations) and **OK** (the panel goes; it also goes when the human moves). Long recaps keep the newest turns and
say how many earlier lines the log has.
"""
from __future__ import annotations

from typing import Callable, Sequence

import pygame

from game.core.protocol import LogEntry, Text
from game.ui import palette, theme
from game.ui.widgets import Button, Widget

#: lines of one turn shown at most when the panel has no room for all of them (the log has the rest)
LINES_PER_TURN = 4


class RecapPanel(Widget):
    """``set(blocks, names, colours)`` with blocks ``[(seat, [LogEntry, ...]), ...]`` in play order."""

    def __init__(self, on_replay: Callable[[], None], on_close: Callable[[], None]):
        super().__init__(visible=False)
        self.blocks: list[tuple[int, list[LogEntry]]] = []
        self.names: list[str] = []
        self.colours: list[int] = []
        self.replay_button = Button(Text.of("table.recap.replay"), on_replay, min_width=120, height=36, size=15)
        self.ok_button = Button(Text.of("table.recap.ok"), on_close, min_width=80, height=36, size=15)
        self._drawn: list[tuple[str, int | None, str]] = []   # what the last layout fits: (kind, seat, text)
        self._more = 0

    def set(self, blocks: Sequence[tuple[int, list[LogEntry]]], names: Sequence[str], colours: Sequence[int]) -> None:
        self.blocks = [(seat, list(lines)) for seat, lines in blocks]
        self.names, self.colours = list(names), list(colours)
        self.visible = bool(self.blocks)

    def hide(self) -> None:
        self.visible = False
        self.blocks = []

    # Geometry ---------------------------------------------------------------------------------------------
    @property
    def font(self) -> pygame.font.Font:
        return theme.font("text", 14)

    def _rows(self, width: int, max_rows: int | None) -> tuple[list[tuple[str, int | None, str]], int]:
        """The rows that fit in ``max_rows`` (("head", seat, name) and ("line", seat, text)), and how many log
        lines were left out. Every line of every turn when they fit; else each turn cut to its first
        ``LINES_PER_TURN`` lines; else every turn by its head and first line and the rows left to the newest turns;
        else every turn in one row ("lead": the seat's chip, its name and its first line; seven other seats' turns
        in the fantastic eight) and the rows left to the newest turns' next lines; else the newest turns whole and,
        in the rows left, the turn before them cut to the lines that fit (the panel is never left half empty while
        lines are left out, and no turn is dropped while a row each fits)."""
        text_w = width - 2 * theme.px(16) - theme.px(18)     # the panel's padding, the lines' indent

        def blocks_of(limit: int | None) -> list[tuple[tuple[str, int | None, str], list[list[tuple[str, int | None, str]]]]]:
            out = []
            for seat, lines in self.blocks:
                name = self.names[seat] if 0 <= seat < len(self.names) else "?"
                entries = [[("line", seat, part) for part in
                            theme.wrap_text(theme.text_of(entry.text), self.font, max(40, text_w))]
                           for entry in (lines if limit is None else lines[:limit])]
                out.append((("head", seat, name), entries))
            return out

        def inline() -> list:
            """Each turn as one entry led by its seat's chip and name ("Ben: <its first line>"; many seats), then
            the turns' next lines, the newest turns first, in the rows left (``max_rows``)."""
            lead_w = max(40, width - 2 * theme.px(16) - self.font.get_linesize() - theme.px(6))
            out = []
            for seat, lines in self.blocks:
                name = self.names[seat] if 0 <= seat < len(self.names) else "?"
                said = theme.text_of(lines[0].text) if lines else ""
                parts = theme.wrap_text(theme.text_of(Text.of("table.recap.lead", name=name, line=said)), self.font,
                                        lead_w)
                entries = [[("lead", seat, parts[0])] + [("line", seat, p) for p in parts[1:]]]
                more = [[("line", seat, part) for part in
                         theme.wrap_text(theme.text_of(entry.text), self.font, max(40, text_w))]
                        for entry in lines[1:LINES_PER_TURN]]
                out.append((None, entries, more))
            room = (max_rows or 0) - sum(len(e[0]) for _, e, _ in out)
            grew = max_rows is not None
            while grew:                      # one more line to each turn, newest first, while rows are left
                grew = False
                for _, entries, more in reversed(out):
                    if more and len(more[0]) <= room:
                        room -= len(more[0])
                        entries.append(more.pop(0))
                        grew = True
            return [(None, entries) for _, entries, _ in out]

        def size(block) -> int:
            return (1 if block[0] else 0) + sum(len(rows) for rows in block[1])

        def flat(kept) -> list[tuple[str, int | None, str]]:
            return [row for head, entries in kept for row in ([head] if head else []) + [r for rows in entries for r in rows]]

        def filled(blocks) -> list | None:
            """Every turn by its head and first line; the rows left to the newest turns' next lines, the newest
            whole first (None: not even that fits)."""
            out = [(head, entries[:1]) for head, entries in blocks]
            room = (max_rows or 0) - sum(size(b) for b in out)
            if room < 0:
                return None
            for (_, entries), (_, kept_rows) in zip(reversed(blocks), reversed(out)):
                for rows in entries[1:]:
                    if len(rows) > room:
                        break
                    kept_rows.append(rows)
                    room -= len(rows)
            return out

        total_lines = sum(len(lines) for _, lines in self.blocks)
        for limit in (None, LINES_PER_TURN):
            blocks = blocks_of(limit)
            if max_rows is None or sum(size(b) for b in blocks) <= max_rows:
                return flat(blocks), total_lines - sum(len(b[1]) for b in blocks)
        for blocks in (filled(blocks_of(None)), inline()):   # (many seats: no turn dropped while a row each fits)
            if blocks is not None and sum(size(b) for b in blocks) <= max_rows:
                return flat(blocks), total_lines - sum(len(b[1]) for b in blocks)
        blocks = blocks_of(LINES_PER_TURN)
        kept: list = []
        total = 0
        for head, entries in reversed(blocks):
            room = max_rows - total
            if 1 + sum(len(rows) for rows in entries) <= room:
                kept.insert(0, (head, entries))
                total += 1 + sum(len(rows) for rows in entries)
                continue
            shown: list = []                   # the turn that does not fit whole: its first lines that do
            used = 1
            for rows in entries:
                if used + len(rows) > room:
                    break
                shown.append(rows)
                used += len(rows)
            if shown or not kept:
                kept.insert(0, (head, shown or [entries[0][: max(0, room - 1)]] if entries else []))
            break
        return flat(kept), total_lines - sum(len(b[1]) for b in kept)

    def preferred_size(self, width: int | None = None) -> tuple[int, int]:
        """Tall enough for every line of every turn (the table gives it what room it has)."""
        w = width or theme.px(400)
        rows, _ = self._rows(w, None)
        line_h = self.font.get_linesize()
        h = theme.px(12) + theme.font("display", 20).get_linesize() + theme.px(4) + len(rows) * line_h + \
            line_h + theme.px(14) + theme.px(36) + theme.px(14)
        return w, h

    def layout(self, rect: pygame.Rect) -> None:
        self.set_rect(rect)
        line_h = self.font.get_linesize()
        title_h = theme.font("display", 20).get_linesize()
        buttons_h = theme.px(36)
        room = rect.h - theme.px(12) - title_h - theme.px(4) - buttons_h - theme.px(28)
        self._drawn, self._more = self._rows(rect.w, max(2, room // line_h))
        if self._more:                      # the line saying where the rest is takes a row
            self._drawn, self._more = self._rows(rect.w, max(2, room // line_h - 1))
        bw = self.replay_button.preferred_size()[0]
        ow = self.ok_button.preferred_size()[0]
        y = rect.bottom - theme.px(14) - buttons_h
        self.ok_button.set_rect(pygame.Rect(rect.right - theme.px(16) - ow, y, ow, buttons_h))
        self.replay_button.set_rect(pygame.Rect(self.ok_button.rect.x - theme.px(10) - bw, y, bw, buttons_h))

    # Events -------------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        for button in (self.replay_button, self.ok_button):
            if button.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            return True                    # a click on the panel is the panel's
        return False

    # Drawing ------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w <= 0:
            return
        theme.draw_frame(surface, "panel", self.rect)
        pad = theme.px(16)
        x, y = self.rect.x + pad, self.rect.y + theme.px(12)
        tf = theme.font("display", 20)
        theme.draw_text(surface, theme.text_of(Text.of("table.recap.title")), tf, palette.WOOD_DARK, (x, y), "topleft")
        y += tf.get_linesize() + theme.px(4)
        f, fb = self.font, theme.font("bold", 14)
        line_h = f.get_linesize()
        chip = line_h - theme.px(2)
        for kind, seat, text in self._drawn:
            if kind == "lead":              # a turn in one row: the seat's chip, then "Ben: <its first line>"
                colour = self.colours[seat] if seat is not None and seat < len(self.colours) else seat or 0
                img = theme.seat_chip(colour, chip)
                surface.blit(img, img.get_rect(midleft=(x, y + line_h // 2)))
                theme.draw_text(surface, text, f, palette.INK, (x + chip + theme.px(6), y), "topleft")
            elif kind == "head":
                colour = self.colours[seat] if seat is not None and seat < len(self.colours) else seat or 0
                img = theme.seat_chip(colour, chip)
                surface.blit(img, img.get_rect(midleft=(x, y + line_h // 2)))
                theme.draw_text(surface, text, fb, palette.INK, (x + chip + theme.px(6), y), "topleft")
            else:
                theme.draw_text(surface, text, f, palette.INK_SOFT, (x + theme.px(18), y), "topleft")
            y += line_h
        if self._more:
            more = theme.text_of(Text.of("table.recap.more", count=self._more))
            theme.draw_text(surface, more, theme.fit_font(more, "text", 14, self.rect.w - 2 * pad), palette.INK_SOFT,
                            (x, y), "topleft")
        self.replay_button.draw(surface)
        self.ok_button.draw(surface)
