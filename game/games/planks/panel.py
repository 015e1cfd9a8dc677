"""The side panel of the Pirates, Planks & Pesetas table: whose turn and what to do, the turn's buttons, each
player's row (name in their pirates' colour and symbol, movement board with its clip, in the 2-player game the
turn counter and, by the active player, the turn marker; the treasures collected, laid as the line they would
form, with the count and the line's length), the bag with its count, and the log below.

It draws the state as the scene hands it (the viewer's view) and what the scene's clips say (a clip sliding, a
tile still in flight); every thing drawn is named with ``scene.explain``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.protocol import Text
from game.games.planks import sprites
from game.games.planks.clips import Flight, Slide, Wobble
from game.games.planks.rules import BUDGET, LENGTH, kind_of, line_length
from game.i18n import tr
from game.ui import palette, theme

if TYPE_CHECKING:
    from game.games.planks.scene import PlanksScene


class SidePanel:
    def __init__(self, scene: "PlanksScene") -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.head = pygame.Rect(0, 0, 0, 0)
        self.rows: list[pygame.Rect] = []
        self.bag_rect = pygame.Rect(0, 0, 0, 0)
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.tile_slots: dict[str, pygame.Rect] = {}     # each treasure tile's place in its owner's line
        self.board_rects: dict[int, pygame.Rect] = {}
        self._boards: dict[int, tuple] = {}        # seat -> its clip's drawing and its words over it (name, status)
        self._painting: tuple[dict, dict] = ({}, {})  # what the rows of a picture being painted record, till whole

    # -- layout -------------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        sc = self.scene
        self.rect = rect
        pad = theme.px(10)
        inner = rect.inflate(-2 * pad, -2 * pad)
        head_h = theme.px(114)   # whose turn, the MP, and the prompt in up to three lines
        self.head = pygame.Rect(inner.x, inner.y, inner.w, head_h)
        y = self.head.bottom + theme.px(4)
        bh = theme.px(40)
        buttons = [sc.end_button, sc.undo_button, sc.menu_button]
        gap = theme.px(8)
        bw = (inner.w - 2 * gap) // 3
        for i, b in enumerate(buttons):
            b.layout(pygame.Rect(inner.x + i * (bw + gap), y, bw, bh))
        y += bh + theme.px(8)
        n = sc.game.players
        room = inner.bottom - y - theme.px(52)
        # (with 2 players each row has the turn counter on a line of its own)
        row_h = min(theme.px(168 if sc.game.two_players else 118), room // max(1, n) - theme.px(4))
        self.rows = []
        for _ in range(n):
            self.rows.append(pygame.Rect(inner.x, y, inner.w, row_h))
            y += row_h + theme.px(4)
        self.bag_rect = pygame.Rect(inner.x, y, inner.w, theme.px(44))

    # -- drawing ------------------------------------------------------------------------------------
    def look(self) -> tuple:
        """Everything the panel's picture depends on but its head (``header_lines``) and its buttons (drawn on it
        every frame)."""
        sc = self.scene
        g = sc.game
        wobble = next((round(c.angle(), 1) for c in sc.timeline.clips(Wobble)), 0.0)
        flying = tuple(sorted(h for h in sc.timeline.hidden() if h.startswith("tile-")))
        waiting = sum(1 for c in sc.timeline.clips(Flight) if not c.started)
        return (tuple(self.rect), sc.turn_shown(), g.is_over(), g.phase,
                tuple(g.counters),
                tuple(tuple(t) for t in g.treasures), tuple(g.bag), g.marker, wobble, flying, waiting,
                tuple(sc.seat_name(s) for s in range(g.players)), tr("planks.ui.end_turn"), theme.px(100))

    def draw(self, surface: pygame.Surface) -> None:
        """The panel's picture is painted again only when what it shows changes (``look``), its head alone when
        only whose turn or the prompt changes (``scene.kept``). A movement board's clip sliding (R12: after every
        move) changes nothing in it: the picture keeps that clip where the slide began, and the sliding seat's row is
        drawn over it each frame, its clip where it is now; the buttons always are."""
        sc = self.scene
        view = sc.view_key(surface, sc.viewer())
        slides = {c.seat: c for c in sc.timeline.clips(Slide)}
        budgets = tuple(slides[s].frm if s in slides else sc.shown_budget(s) for s in range(sc.game.players))
        half = (len(self.rows) + 1) // 2
        sc.kept("panel", (self.look(), budgets), surface,
                [lambda layer: self._paint(layer, range(half)),
                 lambda layer: self._paint(layer, range(half, len(self.rows)), budgets)], area=self.rect, view=view)
        sc.kept("panel-head", (tuple(self.head), sc.header_lines(), theme.px(100)), surface, self._paint_head,
                area=self.head, view=view)
        for seat in sorted(slides):
            if seat < len(self.rows):
                self._draw_sliding(surface, seat)
        for b in (sc.end_button, sc.undo_button, sc.menu_button):
            if b.visible:
                b.draw(surface)
        sc.explain(sc.end_button.rect, Text.of("planks.explain.end_turn"), "button")

    def _draw_sliding(self, surface: pygame.Surface, seat: int) -> None:
        """Over the kept picture, the row of a seat whose clip slides: the row again (inside its own rectangle, its
        glow left as it is), the clip where it is now and the name it may pass over."""
        sc = self.scene
        row = self.rows[seat]
        clip = surface.get_clip()
        surface.set_clip(row.clip(clip))
        self._draw_row(surface, seat, row, glow=False)
        surface.set_clip(clip)
        self._draw_board(surface, seat, sc.shown_budget(seat))

    def _draw_boards(self, surface: pygame.Surface, budgets: tuple[float, ...]) -> None:
        """Each movement board's clip at ``budgets`` (R12), with the name it may pass over."""
        for seat in self._boards:
            self._draw_board(surface, seat, budgets[seat] if seat < len(budgets) else BUDGET)

    def _draw_board(self, surface: pygame.Surface, seat: int, budget: float) -> None:
        sc = self.scene
        clip_at, words = self._boards[seat]
        self._draw_clip(surface, seat, budget, *clip_at)
        for said in words:                         # the name and the status stay readable over the clip
            theme.draw_text(surface, *said)
        left = round(budget)
        sc.explain(self.board_rects[seat], Text.of("planks.explain.board_zero" if left == 0 else
                                                   "planks.explain.board", name=sc.seat_name(seat), n=left), "board")

    def _paint(self, layer: pygame.Surface, seats: range, budgets: tuple[float, ...] | None = None) -> None:
        """The panel's picture in two steps (``scene.kept``): the frame (over the sea under its corners) and the rows
        of the first ``seats``; then the other rows, the bag and the movement boards' clips at ``budgets``. What the
        rows record (where each board, clip and tile is) is put in use once the picture is whole."""
        if seats.start == 0:
            layer.blit(self._backdrop(layer.get_size()), self.rect)
            self._painting = ({}, {})
        boards, slots = self._painting
        for seat in seats:
            self._draw_row(layer, seat, self.rows[seat], into=(boards, slots))
        if budgets is not None:
            self._draw_bag(layer)
            self._boards, self.tile_slots = boards, slots
            self._draw_boards(layer, budgets)

    def _backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        """The panel's paper over the sea under its corners: one opaque picture per window size and place."""
        def make() -> pygame.Surface:
            out = pygame.Surface(self.rect.size)
            out.blit(sprites.table_background(size), (0, 0), area=self.rect)
            out.blit(theme.frame("panel", self.rect.size), (0, 0))
            return out
        return theme._derived_get(("planks-panel", size, tuple(self.rect), theme.px(100)), make)

    def _paint_head(self, layer: pygame.Surface) -> None:
        """Whose turn, the movement points and the prompt, on the frame's own paper."""
        layer.blit(theme.frame("panel", self.rect.size), self.head, area=self.head.move(-self.rect.x, -self.rect.y))
        self._draw_head(layer)

    def _draw_head(self, surface: pygame.Surface) -> None:
        sc = self.scene
        title, mp, prompt = sc.header_lines()
        f1 = theme.fit_font(title, "display", 22, self.head.w - theme.px(8), 14)
        x, y = self.head.x + theme.px(4), self.head.y
        theme.draw_text(surface, title, f1, palette.INK, (x, y))
        y += f1.get_linesize()
        if mp:
            fm = theme.fit_font(mp, "bold", 16, self.head.w - theme.px(8), 11)
            theme.draw_text(surface, mp, fm, palette.INK, (x, y))
            y += fm.get_linesize()
        room = self.head.bottom - y
        width = self.head.w - theme.px(8)
        for size in (15, 14, 13, 12):              # the whole prompt, in a smaller letter if it must
            f2 = theme.font("text", size)
            wrapped = theme.wrap_text(prompt, f2, width)
            if len(wrapped) * f2.get_linesize() <= room:
                break
        wrapped = wrapped[:max(1, room // f2.get_linesize())]
        for line in wrapped:
            theme.draw_text(surface, line, f2, palette.INK_SOFT, (x, y))
            y += f2.get_linesize()
        sc.explain(self.head, Text.of("planks.explain.head"), "prompt")

    def _draw_row(self, surface: pygame.Surface, seat: int, row: pygame.Rect, glow: bool = True,
                  into: tuple[dict, dict] | None = None) -> None:
        """One player's row; where its board, clip and tiles are goes ``into`` (boards, tile slots), else in use."""
        boards, slots = into if into is not None else (self._boards, self.tile_slots)
        sc = self.scene
        g = sc.game
        shown = sc.turn_shown()
        active = shown == seat and not g.is_over()
        if active and glow:
            theme.draw_glow(surface, row, palette.GOLD_LIGHT, spread=theme.px(6), radius=theme.px(8))
        pygame.draw.rect(surface, (250, 240, 214) if active else (236, 222, 188), row, border_radius=theme.px(8))
        pygame.draw.rect(surface, palette.GOLD if active else palette.PARCHMENT_DARK, row, width=max(1, theme.px(2)),
                         border_radius=theme.px(8))
        pad = theme.px(6)
        colours = g.colours[seat] if seat < len(g.colours) else []
        chip_seat = sc.seat_colour(seat)
        chip = theme.seat_chip(chip_seat, theme.px(22))
        chips_w = chip.get_width()
        for k, colour_k in enumerate(colours[1:], 1):   # with 2 players: a chip for each of the seat's colours
            more = theme.seat_chip(sprites.palette_index(colour_k), theme.px(22))
            surface.blit(more, (row.x + pad + k * (chip.get_width() - theme.px(4)), row.y + pad))
            chips_w += chip.get_width() - theme.px(4)
        surface.blit(chip, (row.x + pad, row.y + pad))
        name = sc.seat_name(seat)
        if colours:
            name = tr("planks.ui.seat_colours", name=name,
                      colours=" + ".join(tr(f"planks.colour.{c}") for c in colours))
        status = sc.seat_status(seat)
        fstat = theme.font("text", 13)
        stat_w = fstat.size(status)[0] if status else 0
        name_w = row.w - 3 * pad - chips_w - stat_w - theme.px(6)
        fn = theme.fit_font(name, "bold", 17, max(theme.px(40), name_w))
        name_at = (row.x + 2 * pad + chips_w, row.y + pad + theme.px(1))
        bg = (250, 240, 214) if active else (236, 222, 188)
        status_look = (status, fstat, palette.RED if "0/1" in status else palette.INK_SOFT,
                       (row.right - pad, row.y + pad + theme.px(4)), "topright", bg)
        if status:
            theme.draw_text(surface, *status_look)
        sc.explain(pygame.Rect(row.x, row.y, row.w, theme.px(28)),
                   Text.of("planks.explain.seat", name=sc.seat_name(seat)), "seat")
        # the movement board and its clip (R12); with 2 players the turn counter (R7, R11) on a line of its own
        # under it, with what it counts, its clip rising over it
        two = g.two_players and seat < len(g.counters)
        cw = int(row.w * 0.30)
        ch = round(cw * sprites.ART_COUNTER[1] / sprites.ART_COUNTER[0])
        counter_room = ch + theme.px(20) if two else 0
        board_w = int(row.w * 0.86) - pad
        board_h = round(board_w * sprites.ART_BOARD[1] / sprites.ART_BOARD[0])
        # what the name line, the treasures, the counter and the board leave
        free = row.h - theme.px(26) - theme.px(24) - counter_room - board_h
        if free < theme.px(10):                                  # a short row: a smaller board
            board_w = int(board_w * (row.h - theme.px(60) - counter_room) / max(1, board_h))
            board_h = round(board_w * sprites.ART_BOARD[1] / sprites.ART_BOARD[0])
            free = row.h - theme.px(26) - theme.px(24) - counter_room - board_h
        by = row.y + theme.px(26) + max(0, min(theme.px(20), free))
        colour = colours[0] if colours else seat
        board = sprites.board(colour, board_w)
        bx = row.x + pad
        surface.blit(board, (bx, by))
        self.board_rects[seat] = pygame.Rect(bx, by, board.get_width(), board.get_height())
        # the clip, the name over it and what the board says: every frame, over the kept picture (``draw``)
        clip_at = (bx, by, board_w, sprites.board_space, sprites.ART_BOARD)
        name_look = (name, fn, palette.INK, name_at, "topleft", bg)
        boards[seat] = (clip_at, [name_look] + ([status_look] if status else []))
        if two:
            counter = sprites.counter(colour, cw)
            cx, cy = row.right - pad - cw, by + board_h + theme.px(20)
            surface.blit(counter, (cx, cy))
            self._draw_clip(surface, -1 - seat, g.counters[seat], cx, cy, cw, sprites.counter_space, sprites.ART_COUNTER)
            sc.explain(pygame.Rect(cx, cy, cw, counter.get_height()),
                       Text.of("planks.explain.counter", n=g.counters[seat]), "counter")
            caption = tr("planks.ui.turns_left")
            fcap = theme.fit_font(caption, "text", 14, max(theme.px(40), cx - row.x - 3 * pad - theme.px(26)), 10)
            cap = theme.draw_text(surface, caption, fcap, palette.INK_SOFT, (cx - theme.px(8), cy + ch // 2),
                                  "midright")
            sc.explain(pygame.Rect(cap), Text.of("planks.explain.counter", n=g.counters[seat]), "counter")
            if active and g.marker is not None and not g.is_over():
                th = theme.px(20)
                tile = sprites.treasure(kind_of(g.marker), th)
                tr_ = tile.get_rect(midright=(pygame.Rect(cap).left - theme.px(8), cy + ch // 2))
                surface.blit(tile, tr_)
                sc.explain(tr_, Text.of("planks.explain.marker"), "marker")
        # the treasures, laid as a line (R48)
        ty = row.bottom - theme.px(24)
        tiles = list(g.treasures[seat]) if seat < len(g.treasures) else []
        th = theme.px(20)
        count_txt = tr("planks.ui.treasure_count", n=len(tiles), length=line_length(tiles))
        fc = theme.font("text", 13)
        cw_txt = fc.size(count_txt)[0]
        avail = row.w - 3 * pad - cw_txt
        widths = [sprites.treasure_size(kind_of(t), th)[0] for t in tiles]
        total = sum(widths) + theme.px(2) * max(0, len(tiles) - 1)
        if total > avail and total > 0:
            th = max(10, int(th * avail / total))
            widths = [sprites.treasure_size(kind_of(t), th)[0] for t in tiles]
        x = row.x + pad
        hidden = sc.timeline.hidden()
        for t, w in zip(tiles, widths):
            slot = pygame.Rect(x, ty, w, th)
            slots[t] = slot
            if f"tile-{t}" not in hidden:
                surface.blit(sprites.treasure(kind_of(t), th), slot)
                sc.explain(slot, Text.of("planks.explain.treasure", treasure=Text.of(f"planks.treasure.{kind_of(t)}"),
                                         length=LENGTH[kind_of(t)]), "treasure")
            x += w + theme.px(2)
        slots[f"next-{seat}"] = pygame.Rect(x, ty, th, th)
        theme.draw_text(surface, count_txt, fc, palette.INK_SOFT, (row.right - pad, ty + th // 2), "midright")
        sc.explain(pygame.Rect(row.right - pad - cw_txt, ty, cw_txt, th),
                   Text.of("planks.explain.count", n=len(tiles), length=line_length(tiles)), "count")

    def _draw_clip(self, surface: pygame.Surface, key: int, value: float, bx: int, by: int, width: int,
                   space_fn: Any, art: tuple[int, int]) -> None:
        """The clothes-peg on a board (``key`` >= 0: a movement board, sliding with its clip; < 0: a counter)."""
        height = round(width * art[1] / art[0] * 0.8)
        peg = sprites.clip(height)
        lo = int(value)
        hi = min(lo + 1, BUDGET if key >= 0 else 3)
        a = space_fn(lo, width)
        b = space_fn(hi, width)
        frac = value - lo
        space = (a[0] + (b[0] - a[0]) * frac, a[1])
        tip = sprites.clip_point((round(space[0]), round(space[1])), width, art)
        surface.blit(peg, (bx + tip[0] - peg.get_width() // 2, by + tip[1] - peg.get_height()))

    def _draw_bag(self, surface: pygame.Surface) -> None:
        sc = self.scene
        g = sc.game
        r = self.bag_rect
        size = r.h
        bag = sprites.bag(size)
        wob = next((c for c in sc.timeline.clips(Wobble)), None)
        if wob is not None and wob.angle():
            bag = pygame.transform.rotate(bag, wob.angle())
        br = bag.get_rect(center=(r.x + size // 2, r.centery))
        surface.blit(bag, br)
        in_flight = sum(1 for c in sc.timeline.clips(Flight) if not c.started)
        n = len(g.bag) + in_flight
        f = theme.font("bold", 16)
        theme.draw_text(surface, tr("planks.ui.bag", n=n), f, palette.INK, (r.x + size + theme.px(8), r.centery),
                        "midleft")
        counts = g.bag_counts()
        kinds = ", ".join(f"{tr('planks.treasure.' + k)} ×{c}" for k, c in sorted(counts.items(), key=lambda kc: LENGTH[kc[0]]))
        sc.explain(pygame.Rect(r.x, r.y, r.w, r.h), Text.of("planks.explain.bag", n=len(g.bag),
                                                            kinds=kinds or "—"), "bag")
        self.bag_point = (br.centerx, br.centery)

    def slot_point(self, tile: str, seat: int) -> tuple[float, float]:
        """Where ``tile`` lies in ``seat``'s line (or where the next one would go)."""
        r = self.tile_slots.get(tile) or self.tile_slots.get(f"next-{seat}")
        if r is None:
            row = self.rows[seat] if seat < len(self.rows) else self.rect
            return row.center
        return r.center

    def seat_point(self, seat: int) -> tuple[float, float]:
        r = self.rows[seat] if seat < len(self.rows) else self.rect
        return r.centerx, r.centery

