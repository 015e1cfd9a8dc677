"""ResultsView: the end of a game on one parchment panel.

With points (``result.scores``): who won, a breakdown table (rows = breakdown keys translated,
columns = players, a totals row, the winner's column highlighted, statistics below) and a horizontal
bar chart of the totals. Without points: who won, how (``result.how``), and the statistics table with
each player's place.
"""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from game.core.protocol import Result, Text
from game.i18n import has_key, shown_name, tr
from game.ui import palette, theme
from game.ui.widgets import RectLike, TextLike, Widget, draw_bubble


def format_value(value: Any) -> str:
    """Numbers without a useless .0, booleans as yes/no, anything else as text."""
    if isinstance(value, bool):
        return theme.text_of(Text.of("ui.yes" if value else "ui.no"))
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:.1f}"
    if isinstance(value, Text):
        return theme.text_of(value)
    if value is None:
        return "–"
    return str(value)


class ResultsView(Widget):
    """``names[i]`` is seat i's name; ``seats[i]`` its colour/symbol index (default i)."""

    def __init__(self, result: Result, names: Sequence[str], rect: RectLike = None, *,
                 seats: Sequence[int] | None = None, title: TextLike = None,
                 chart_title: TextLike = Text.of("ui.results.totals")):
        super().__init__(rect)
        self.chart_title = chart_title   # what the bars show (the match's totals, this round's points ...)
        #: the table at the end (a game's final board), shown beside a game without points: (image, caption)
        self.picture: tuple[pygame.Surface, TextLike] | None = None
        self.result = result
        self.names = [shown_name(n) for n in names]  # players' names, however long, fit the table
        self.seats = list(seats) if seats is not None else list(range(len(names)))
        self.title = title
        #: each breakdown row drawn: (its rect, its key); a row whose key ``K`` has a ``K.explain`` text in the
        #: catalog explains itself where the pointer rests (``row_explanation``)
        self.row_rects: list[tuple[pygame.Rect, str]] = []
        #: everything the last draw put on the sheet with what it is: the winner's line, how it was won, each
        #: table's heading, each player's column, each row (its ``.explain`` text, else what kind of row it is),
        #: the chart and the picture (``explanations``)
        self.drawn: list[tuple[pygame.Rect, Text]] = []
        self.pointer: tuple[int, int] | None = None

    def row_explanation(self, pos: tuple[int, int]) -> Text | None:
        """What the breakdown row at ``pos`` counts, when its game's catalog says it (``<row key>.explain``)."""
        for rect, key in self.row_rects:
            if rect.collidepoint(pos) and has_key(f"{key}.explain"):
                return Text.of(f"{key}.explain")
        return None

    def explanations(self) -> list[tuple[pygame.Rect, Text]]:
        """What each part of the sheet drawn last is and shows (for the scene's tooltip, see
        ``game.scenes.common.Explains``): rows over the columns over the tables."""
        return list(self.drawn)

    def _note(self, rect: pygame.Rect, text: Text) -> None:
        if rect.w > 0 and rect.h > 0:
            self.drawn.append((pygame.Rect(rect), text))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        return False

    # Content -----------------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.names)

    def winner_text(self) -> str:
        winners = [self.names[w] for w in self.result.winners if 0 <= w < self.players]
        if not winners:
            return theme.text_of(Text.of("ui.results.no_winner"))
        if len(winners) == 1:
            return theme.text_of(Text.of("ui.results.winner", name=winners[0]))
        return theme.text_of(Text.of("ui.results.winners", names=", ".join(winners)))

    def breakdown_keys(self) -> list[str]:
        keys: list[str] = []
        for rows in self.result.breakdown:
            for key, _ in rows:
                if key not in keys:
                    keys.append(key)
        return keys

    def breakdown_value(self, seat: int, key: str) -> Any:
        if seat >= len(self.result.breakdown):
            return None
        for k, v in self.result.breakdown[seat]:
            if k == key:
                return v
        return None

    def table_rows(self) -> list[tuple[str, list[str], str]]:
        """(label, one cell per player, kind) with kind "row", "total", "stat" or "place"."""
        rows: list[tuple[str, list[str], str]] = []
        n = self.players
        if self.result.scores is not None:
            for key in self.breakdown_keys():
                rows.append((theme.text_of(Text.of(key)),
                             [format_value(self.breakdown_value(i, key)) for i in range(n)], "row"))
            scores = list(self.result.scores) + [None] * n
            rows.append((theme.text_of(Text.of("ui.results.total")), [format_value(scores[i]) for i in range(n)],
                         "total"))
        else:
            ranks = list(self.result.ranks) + [None] * n
            rows.append((theme.text_of(Text.of("ui.results.place")),
                         [theme.text_of(Text.of("ui.results.rank", rank=ranks[i])) if ranks[i] else "–"
                          for i in range(n)], "place"))
        for key, values in self.result.stats.items():
            vals = list(values) + [None] * n
            rows.append((theme.text_of(Text.of(key)), [format_value(vals[i]) for i in range(n)], "stat"))
        return rows

    def final_rows(self) -> list[tuple[str, list[str], str]]:
        """The last hand's (or round's) rows: its breakdown and its points."""
        final = self.result.final
        if final is None:
            return []
        n = self.players
        keys: list[str] = []
        for rows in final.breakdown:
            for key, _ in rows:
                if key not in keys:
                    keys.append(key)
        out = []
        for key in keys:
            cells = []
            for i in range(n):
                value = next((v for k, v in final.breakdown[i] if k == key), None) if i < len(final.breakdown) else None
                cells.append(format_value(value))
            out.append((theme.text_of(Text.of(key)), cells, "row"))
        if final.scores is not None:
            scores = list(final.scores) + [None] * n
            out.append((theme.text_of(Text.of("ui.results.total")), [format_value(scores[i]) for i in range(n)],
                        "total"))
        return out

    def final_best(self) -> set[int]:
        final = self.result.final
        if final is None or not final.scores:
            return set()
        best = max(final.scores)
        return {i for i, v in enumerate(final.scores) if v == best}

    # Drawing -----------------------------------------------------------------------------------------
    def _heading(self, surface: pygame.Surface, text: str, x: int, y: int, width: int) -> int:
        """A section's title; returns its height."""
        tf = theme.fit_font(text, "display", 22, width)
        theme.draw_text(surface, text, tf, palette.INK_SOFT, (x, y), "topleft")
        return tf.get_linesize() + theme.px(4)

    def _header_height(self, width: int) -> int:
        """The height of the title, the winner and how it was won."""
        h = 0
        if self.title is not None:
            h += theme.font("display", 26).get_linesize()
        h += theme.fit_font(self.winner_text(), "display", 40, width).get_linesize() + theme.px(2)
        if self.result.how is not None:
            h += theme.paragraph_height(theme.text_of(self.result.how), theme.font("text", 18), width)
        return h + theme.px(10)

    def _final_layout(self) -> tuple[int, int, int, bool]:
        """Heights of the two columns of a match's results (the match | its last hand), the chart's, and whether
        the chart goes under the match (else under the last hand: under the shorter column)."""
        heading = theme.fit_font("Ag", "display", 22, 400).get_linesize() + theme.px(4)
        table = lambda n: theme.px(34) + theme.px(28) * n
        chart = theme.font("display", 22).get_linesize() + theme.px(6) + self.players * theme.px(44)
        left = heading + table(len(self.table_rows()))
        right = heading + table(len(self.final_rows()))
        return left, right, chart, left <= right

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w <= 0:
            return
        pad = theme.px(28)
        frame = pygame.Rect(self.rect)
        final = self.result.scores is not None and self.players > 0 and self.result.final is not None
        if final:
            # as tall as what it shows (never a half-empty sheet), centred where the scene put it
            left_h, right_h, chart_h, under_left = self._final_layout()
            body_h = max(left_h + (theme.px(16) + chart_h if under_left else 0),
                         right_h + (0 if under_left else theme.px(16) + chart_h))
            need = 2 * pad + self._header_height(frame.w - 2 * pad) + body_h
            if need < frame.h:
                frame = pygame.Rect(frame.x, frame.y + (frame.h - need) // 2, frame.w, need)
        self.row_rects = []
        self.drawn = []
        theme.draw_frame(surface, "panel", frame)
        inner = frame.inflate(-2 * pad, -2 * pad)
        y = inner.y
        if self.title is not None:
            tf = theme.font("display", 26)
            theme.draw_text(surface, theme.text_of(self.title), tf, palette.INK_SOFT, (inner.centerx, y), "midtop")
            y += tf.get_linesize()
        banner = self.winner_text()
        bf = theme.fit_font(banner, "display", 40, inner.w)
        theme.draw_text(surface, banner, bf, palette.WOOD_DARK, (inner.centerx, y), "midtop",
                        shadow=(*palette.GOLD, 255))
        self._note(pygame.Rect(inner.centerx - bf.size(banner)[0] // 2, y, bf.size(banner)[0], bf.get_linesize()),
                   Text.of("ui.results.explain.winner"))
        y += bf.get_linesize() + theme.px(2)
        if self.result.how is not None:
            hf = theme.font("text", 18)
            h = theme.draw_paragraph(surface, theme.text_of(self.result.how), hf, palette.INK_SOFT,
                                     pygame.Rect(inner.x, y, inner.w, inner.bottom - y), "center")
            self._note(pygame.Rect(inner.x, y, inner.w, h), Text.of("ui.results.explain.how"))
            y += h
        y += theme.px(10)
        body = pygame.Rect(inner.x, y, inner.w, inner.bottom - y)
        gap = theme.px(30)
        if final:
            # the match hand by hand | the last hand in full; the totals' chart under the shorter of the two
            left = pygame.Rect(body.x, body.y, int(body.w * 0.5) - gap // 2, body.h)
            right = pygame.Rect(left.right + gap, body.y, body.right - left.right - gap, body.h)
            top = left.y + self._heading(surface, theme.text_of(Text.of("ui.results.table")), left.x, left.y, left.w)
            self._note(pygame.Rect(left.x, left.y, left.w, top - left.y), Text.of("ui.results.explain.table"))
            used_left = top - left.y + self.draw_table(
                surface, pygame.Rect(left.x, top, left.w, left.bottom - top), self.table_rows(), compact=True)
            top = right.y + self._heading(surface, theme.text_of(self.result.final.title), right.x, right.y, right.w)
            self._note(pygame.Rect(right.x, right.y, right.w, top - right.y), Text.of("ui.results.explain.final"))
            used_right = top - right.y + self.draw_table(
                surface, pygame.Rect(right.x, top, right.w, right.bottom - top), self.final_rows(),
                winners=self.final_best(), compact=True)
            column, used = (left, used_left) if used_left <= used_right else (right, used_right)
            chart = pygame.Rect(column.x, column.y + used + theme.px(16), column.w,
                                column.bottom - column.y - used - theme.px(16))
            if chart.h >= theme.px(40) + self.players * theme.px(22):
                self.draw_chart(surface, chart)
        elif self.result.scores is not None and self.players > 0:
            table_w = int(body.w * 0.58)
            self.draw_table(surface, pygame.Rect(body.x, body.y, table_w, body.h))
            self.draw_chart(surface, pygame.Rect(body.x + table_w + gap, body.y, body.w - table_w - gap, body.h))
        elif self.picture is not None:
            image, caption = self.picture
            table_w = int(body.w * 0.5)
            self.draw_table(surface, pygame.Rect(body.x, body.y, table_w, body.h))
            area = pygame.Rect(body.x + table_w + gap, body.y, body.w - table_w - gap, body.h)
            top = area.y + self._heading(surface, theme.text_of(caption), area.x, area.y, area.w)
            self._note(pygame.Rect(area.x, area.y, area.w, top - area.y), Text.of("ui.results.explain.picture"))
            box = pygame.Rect(area.x, top, area.w, area.bottom - top)
            k = min(box.w / max(1, image.get_width()), box.h / max(1, image.get_height()))
            size = (max(1, int(image.get_width() * k)), max(1, int(image.get_height() * k)))
            pic = pygame.transform.smoothscale(image.convert_alpha() if pygame.display.get_surface() else image, size)
            spot = pic.get_rect(midtop=(box.centerx, box.y))
            surface.blit(pic, spot)
            pygame.draw.rect(surface, palette.WOOD, spot.inflate(4, 4), width=max(1, theme.px(2)))
            self._note(spot, Text.of("ui.results.explain.picture"))
        else:
            w = min(body.w, theme.px(240) + self.players * theme.px(150))
            self.draw_table(surface, pygame.Rect(body.centerx - w // 2, body.y, w, body.h))
        why = self.row_explanation(self.pointer) if self.pointer is not None else None
        if why is not None:
            draw_bubble(surface, tr(why), (self.pointer[0] + 14, self.pointer[1] + 18), stripe=palette.GOLD)

    @staticmethod
    def _header_lines(name: str, room: int) -> tuple[pygame.font.Font, list[str]]:
        """A column's name as it fits ``room``: whole on one line at 17 down to 13 px, else on two lines (at 15
        down to 12 px: "Carla" over "(bot, medium)"), else on three at 12 px — never under the next column."""
        for size in range(17, 12, -1):
            nf = theme.font("bold", size)
            if nf.size(name)[0] <= room:
                return nf, [name]
        for lines_max, sizes in ((2, range(15, 11, -1)), (3, (12,))):
            for size in sizes:
                nf = theme.font("bold", size)
                lines = theme.wrap_text(name, nf, room)
                if len(lines) <= lines_max and all(nf.size(line)[0] <= room for line in lines):
                    return nf, lines
        nf = theme.font("bold", 12)
        return nf, theme.wrap_text(name, nf, room)[:3]

    def table_geometry(self, area: pygame.Rect, rows: list[tuple[str, list[str], str]],
                       compact: bool = False) -> tuple[int, int, int, int]:
        """Where ``draw_table`` puts things in ``area``: (label column's width, each seat column's width, the
        header's height, a row's height) — for what a subclass draws above or beside its columns."""
        n = max(1, self.players)
        widest = max((theme.font("bold", 17).size(label)[0] for label, _, _ in rows), default=0)
        label_w = min(int(area.w * 0.5), max(int(area.w * 0.3), widest + theme.px(14)))   # labels whole
        col_w = (area.w - label_w) // n
        heads = [self._header_lines(name, max(10, col_w - theme.px(32))) for name in self.names]
        header_h = max(theme.px(34 if compact else 40),
                       max((sum(nf.get_linesize() for _ in lines) for nf, lines in heads), default=0) + theme.px(6))
        row_h = min(theme.px(28 if compact else 32), max(theme.px(16), (area.h - header_h) // max(1, len(rows))))
        return label_w, col_w, header_h, row_h

    def draw_table(self, surface: pygame.Surface, area: pygame.Rect,
                   rows: list[tuple[str, list[str], str]] | None = None, winners: set[int] | None = None,
                   compact: bool = False) -> int:
        """The table of ``rows`` (default: the match's) in ``area``; returns the height it took."""
        rows = self.table_rows() if rows is None else rows
        n = self.players
        if n == 0 or not rows:
            return 0
        label_w, col_w, header_h, row_h = self.table_geometry(area, rows, compact)
        heads = [self._header_lines(name, max(10, col_w - theme.px(32))) for name in self.names]
        size = 17 if row_h >= theme.px(28) else 14
        f = theme.font("text", size)
        fb = theme.font("bold", size)
        winners = set(self.result.winners) if winners is None else winners
        # winner column highlight
        table_h = header_h + row_h * len(rows)
        for i in range(n):
            if i in winners:
                col = pygame.Rect(area.x + label_w + i * col_w, area.y, col_w, table_h)
                surface.blit(theme.overlay(col.size, (*palette.GOLD_LIGHT, 120)), col)
                pygame.draw.rect(surface, palette.GOLD, col, width=max(1, theme.px(2)), border_radius=theme.px(4))
        # header: chip + name
        for i, name in enumerate(self.names):
            cell = pygame.Rect(area.x + label_w + i * col_w, area.y, col_w, header_h)
            chip = theme.seat_chip(self.seats[i], theme.px(22))
            nf, lines = heads[i]
            imgs = [theme.render_text(line, nf, palette.INK) for line in lines]
            width = max(img.get_width() for img in imgs)
            total = chip.get_width() + theme.px(4) + width
            x = cell.centerx - total // 2
            surface.blit(chip, chip.get_rect(midleft=(x, cell.centery)))
            self._note(cell, Text.of("ui.results.explain.column", name=self.names[i]))
            y = cell.centery - sum(img.get_height() for img in imgs) // 2
            for img in imgs:
                surface.blit(img, (x + chip.get_width() + theme.px(4), y))
                y += img.get_height()
        pygame.draw.line(surface, palette.WOOD, (area.x, area.y + header_h - 2), (area.right, area.y + header_h - 2),
                         max(1, theme.px(2)))
        y = area.y + header_h
        keys = {theme.text_of(Text.of(k)): k for res in (self.result, self.result.final) if res is not None
                for rows_of in res.breakdown for k, _ in rows_of}
        keys.update({theme.text_of(Text.of(k)): k for k in self.result.stats})
        for r, (label, cells, kind) in enumerate(rows):
            if y + row_h > area.bottom + 1:
                break
            if kind in ("row", "stat") and label in keys:
                self.row_rects.append((pygame.Rect(area.x, y, area.w, row_h), keys[label]))
            self._note(pygame.Rect(area.x, y, area.w, row_h), self.row_text(label, kind, keys.get(label)))
            if kind in ("total", "place"):
                pygame.draw.line(surface, palette.WOOD, (area.x, y), (area.right, y), max(1, theme.px(2)))
            elif r % 2 == 1:
                surface.blit(theme.overlay((area.w, row_h), (*palette.PARCHMENT_DARK, 70)), (area.x, y))
            lf = fb if kind in ("total", "place") else f
            colour = palette.INK if kind != "stat" else palette.INK_SOFT
            lbl = theme.fit_font(label, "bold" if kind in ("total", "place") else "text", size, label_w - theme.px(8))
            theme.draw_text(surface, label, lbl, colour, (area.x + theme.px(6), y + row_h // 2), "midleft")
            for i, cell in enumerate(cells):
                cf = fb if (kind in ("total", "place") or i in winners) else lf
                theme.draw_text(surface, cell, cf, colour,
                                (area.x + label_w + i * col_w + col_w // 2, y + row_h // 2), "center")
            y += row_h
        return y - area.y

    @staticmethod
    def row_text(label: str, kind: str, key: str | None) -> Text:
        """What a row of the table counts: its game's own ``<key>.explain``, else what kind of row it is."""
        if key is not None and has_key(f"{key}.explain"):
            return Text.of(f"{key}.explain")
        if kind in ("total", "place"):
            return Text.of(f"ui.results.explain.{kind}")
        return Text.of("ui.results.explain.stat" if kind == "stat" else "ui.results.explain.row", row=label)

    def draw_chart(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        scores = [float(s) for s in (self.result.scores or [])][:self.players]
        if not scores or area.w < theme.px(60):
            return
        tf = theme.font("display", 22)
        theme.draw_text(surface, theme.text_of(self.chart_title), tf, palette.INK_SOFT,
                        (area.x, area.y), "topleft")
        top = area.y + tf.get_linesize() + theme.px(6)
        n = len(scores)
        bar_h = min(theme.px(34), max(theme.px(12), (area.bottom - top) // n - theme.px(10)))
        gap = theme.px(10)
        lo, hi = min(0.0, min(scores)), max(0.0, max(scores))
        span = (hi - lo) or 1.0
        f = theme.font("bold", 16)
        value_w = f.size("-000")[0] + theme.px(8)
        nf = theme.font("text", 16)
        name_w = min(area.w // 3, max(nf.size(nm)[0] for nm in self.names[:n]) + theme.px(10))
        track = pygame.Rect(area.x + name_w, top, area.w - value_w - name_w, bar_h)
        zero_x = track.x + int(track.w * (0 - lo) / span)
        winners = set(self.result.winners)
        for i, score in enumerate(scores):
            y = top + i * (bar_h + gap)
            x1 = track.x + int(track.w * (score - lo) / span)
            bar = pygame.Rect(min(zero_x, x1), y, max(theme.px(4), abs(x1 - zero_x)), bar_h)
            colour = theme.seat_colour(self.seats[i])
            name = self.names[i]
            nfit = theme.fit_font(name, "text", 16, name_w - theme.px(10))
            theme.draw_text(surface, name, nfit, palette.INK, (area.x, y + bar_h // 2), "midleft")
            pygame.draw.rect(surface, (0, 0, 0, 60), bar.move(theme.px(2), theme.px(2)), border_radius=theme.px(4))
            pygame.draw.rect(surface, colour, bar, border_radius=theme.px(4))
            edge = palette.GOLD if i in winners else palette.INK
            pygame.draw.rect(surface, edge, bar, width=max(1, theme.px(3 if i in winners else 1)),
                             border_radius=theme.px(4))
            sym_s = bar_h - theme.px(8)
            if bar.w > sym_s + theme.px(8):
                sym = theme.seat_symbol(self.seats[i], sym_s, theme.contrast_text(colour))
                surface.blit(sym, sym.get_rect(midleft=(bar.x + theme.px(4), bar.centery)))
            theme.draw_text(surface, format_value(score), f, palette.INK,
                            (max(bar.right, zero_x) + theme.px(6), bar.centery), "midleft")
        pygame.draw.line(surface, palette.INK_SOFT, (zero_x, top - theme.px(4)),
                         (zero_x, top + n * (bar_h + gap) - gap + theme.px(4)), max(1, theme.px(2)))
        self._note(pygame.Rect(area.x, area.y, area.w, top + n * (bar_h + gap) - gap - area.y),
                   Text.of("ui.results.explain.chart", chart=self.chart_title))
