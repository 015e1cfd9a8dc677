"""The drawing half of the race table (``scene.IslandRaceScene`` inherits it): the table, the scattered
pile, the islands, the clock, the players' cursors and held tiles, the bots' gloves, the overlays and the
scoring screens. It reads the scene's state and never changes the game.

Frame cost: everything that changes only with an action (the table, the pile, the islands, the headers,
the totals and the log) is drawn into one cached layer (``_board_layer``) that the frame blits once; the
frame then draws only what moves (the clock, the cursors, the held tiles, the gloves, and the clips of the
table's timeline: glides, turns, bounces, ribbons; ``clips``). Tile faces come from the scene's own cache
(``face``), warmed up a few per frame ahead of need.

Everything drawn names itself (issue 15, "everything explains itself"): each frame, as it draws, the table
calls ``explain(rect, text, kind)`` for the pile and its tiles, the islands and their cells, the clock, the
totals, the buttons, the hands, the gloves, the warnings and the scoring (``EXPLAINED_KINDS``). The cached
layer is drawn only when it changes, so ``_explain_board`` names its things every frame from the same
geometry. A tile is described from its up face only (``scoring_view.face_text``): never its other side.
"""
from __future__ import annotations

import dataclasses
import math
import time
from typing import Any, Callable, Sequence

import pygame

from game.core.protocol import Result, Text
from game.i18n import language, tr
from game.ui import palette, theme
from game.ui.results_view import ResultsView, format_value
from game.ui.widgets import draw_bubble

from game.games.island_race import layout as geo
from game.games.island_race import sprites
from game.games.island_race.clips import Banner, Bounce, Glide, Pulse, Turn, hidden_slots, latest
from game.games.island_race.hands import glove
from game.games.island_race.pace import COUNTDOWN_SECONDS, GO_SHOWN, RED_BELOW, RESUME_SECONDS
from game.games.island_race.rules import LAST, ROUNDS, Done, IslandRound, Piece, Stop, ordinal
from game.games.island_race.scoring import outer_edges, water_faults
from game.games.island_race.scoring_view import ScoringView, face_surface, face_text
from game.games.island_race.tiles import WATER
from game.ui.countdown import format_time

TEXT_ON_TABLE = (252, 240, 214)
ASSIST_OK = (52, 146, 72)    # the hover assist: an edge that matches
ASSIST_BAD = (236, 162, 30)  # ... one that does not (amber: the water rule's red is the warning's alone)
BROKEN = (214, 58, 44)   # an edge placed against the water rule (R20), as the scoring marks it


def water_warning_key(faults: Sequence[int], cell: tuple[int, int], size: int) -> str:
    """R10: the warning's words for the edges ``faults`` of a tile on ``cell``: the part of the water rule they
    break (an edge on the outer border that is not water, or facing another cell and not land), one or several."""
    outside = outer_edges(cell, size)
    out = [d for d in faults if outside[d]]
    inner = [d for d in faults if not outside[d]]
    if out and inner:
        return "ir.ui.water_warning"
    if out:
        return "ir.ui.water_warning_out" + ("_many" if len(out) > 1 else "")
    return "ir.ui.water_warning_in" + ("_many" if len(inner) > 1 else "")

#: every kind of thing the race table names as it draws it (``TableScene.explain``)
EXPLAINED_KINDS = ("pile", "tile", "slot", "held", "island", "cell", "placed", "round", "clock", "counter",
                   "warning", "assist", "banner", "button", "hint", "glove", "announce", "mark", "score", "table",
                   "last-move", "lens")
#: an empty cell by how many of its edges face the sea (R20)
CELL_NEEDS = {2: "ir.explain.need.corner", 1: "ir.explain.need.side", 0: "ir.explain.need.centre"}


class RaceDrawing:
    """Mixed into the race scene: every ``_draw_*`` method and the caches they use."""

    def draw_table(self, surface: pygame.Surface, viewer: int | None) -> None:
        self.logpanel.visible = self.stage != "scoring"   # the scoring covers the log: nothing there to explain
        if self.stage == "scoring" and self.scoring is not None:
            self._draw_scoring(surface)
            return
        r = self.shown_round()
        surface.blit(self._board_layer(surface.get_size(), r), (0, 0))
        self._explain_board(r)
        self._draw_clock(surface, r)
        if self.stage == "countdown" and not self.paused:
            self._draw_shuffle(surface, r)
        self._draw_pile_marks(surface, r)
        self._draw_lenses(surface, r)
        self._draw_rival_marks(surface, r)
        for seat, box in self.L.islands.items():
            self._draw_island_marks(surface, r, seat, box)
            self._draw_water_broken(surface, r, seat, box)
        self._draw_controls(surface, r)
        self.menu_button.draw(surface)
        self.timeline.draw(surface, Glide.layer)
        self._draw_gloves(surface, r)
        self._draw_human_hands(surface, r)
        self._draw_overlay_text(surface, r)
        self.drag.draw_overlay(surface)  # the reason of a refusal, by where it happened

    def _board_layer(self, size: tuple[int, int], r: IslandRound) -> pygame.Surface:
        """Everything that changes only with an action: the table, the pile, the islands, the headers, the
        totals and the log. Drawn again only when one of them changed (the frame blits it once)."""
        paused = self.paused and self.stage in ("play", "resume", "countdown")
        key = (size, theme.scale(), language(), len(self.session.actions), self.state.hand_index, self.stage,
               paused, frozenset(self._gliding_slots()), self.logpanel.scroll, len(self.logpanel.entries),
               id(r))
        if self._board is None or self._board_key != key:
            static = self._static_layer(size)
            layer = self._board if self._board is not None and self._board.get_size() == size else static.copy()
            layer.blit(static, (0, 0))
            self._draw_top(layer, r)
            if paused:
                self._draw_blurred_pile(layer, r)
            elif self.stage != "countdown":
                self._draw_pile(layer, r)
            for seat, box in self.L.islands.items():
                self._draw_island(layer, r, seat, box)
            self.logpanel.draw(layer)
            self._board, self._board_key = layer, key
        return self._board

    def _explain_board(self, r: IslandRound) -> None:
        """Name what the cached layer shows (it is drawn only when it changes, named every frame): the round,
        the totals, the pile and its tiles, the islands with their headers and cells. They change when the layer
        does: kept with its key, the same explanations are named again while it stands."""
        if self._board_key is not None and getattr(self, "_explained_key", None) == self._board_key:
            self.explained.extend(self._explained_board)
            return
        start = len(self.explained)
        self._explain_board_now(r)
        self._explained_key, self._explained_board = self._board_key, self.explained[start:]

    def _explain_board_now(self, r: IslandRound) -> None:
        L, explain = self.L, self.explain
        explain(L.round_label, Text.of("ir.explain.round", n=r.round_index + 1, rounds=ROUNDS), "round")
        for seat, total, rect, _chip, _font in self._totals_layout():      # as _draw_top lays them out
            explain(rect, Text.of("ir.explain.counter", name=self.seat_name(seat), total=total), "counter")
        tray = L.pile.inflate(int(L.tile * 0.5), int(L.tile * 0.4))
        paused = self.paused and self.stage in ("play", "resume", "countdown")
        if paused:
            explain(tray, Text.of("ir.explain.pile_paused"), "pile")
        elif self.stage == "countdown":
            explain(tray, Text.of("ir.explain.pile_mixing"), "pile")
        else:
            explain(tray, Text.of("ir.explain.pile"), "pile")
            hidden = self._gliding_slots()
            for slot, rect in enumerate(L.slots):
                piece = r.pile[slot]
                if piece is None or slot in hidden:
                    holder = next((s for s in range(r.players) if r.hands[s] is not None and r.hand_slot[s] == slot),
                                  None)
                    text = Text.of("ir.explain.slot_empty") if holder is None else \
                        Text.of("ir.explain.slot_held", name=self.seat_name(holder))
                    explain(rect, text, "slot")
                else:
                    explain(rect, Text.of("ir.explain.tile", face=face_text(piece.face)), "tile")
        for seat, box in L.islands.items():
            name = self.seat_name(seat)
            panel = box.grid.inflate(int(box.cell * 0.22), int(box.cell * 0.22)).union(box.header) \
                if box.featured else box.panel
            explain(panel, Text.of("ir.explain.island", name=name, size=r.size), "island")
            explain(box.header, Text.of("ir.explain.header", name=name,
                                        total=int(self.state.totals[seat])), "island")  # type: ignore[attr-defined]
            holding = self.stage == "play" and seat in self.input_seats() and r.hands[seat] is not None
            legal = set(r.legal_cells(seat)) if holding else set()
            for i, piece in enumerate(r.grids[seat]):
                row, col = divmod(i, r.size)
                cell = box.cell_rect(row, col)
                if piece is None:
                    need = Text.of(CELL_NEEDS.get(sum(outer_edges((row, col), r.size)), "ir.explain.need.centre"))
                    key = "ir.explain.cell_lit" if (row, col) in legal else "ir.explain.cell"
                    explain(cell, Text.of(key, name=name, need=need), "cell")
                else:
                    explain(cell, Text.of("ir.explain.placed", name=name, face=face_text(piece.face)), "placed")
            if box.note is not None and box.note.h > 0 and self.pad_seats.for_seat(seat) is not None:
                ps = self.pad_seats.for_seat(seat)
                explain(box.note, Text.of("ir.explain.hint_pad", name=name, n=ps.number), "hint")

    def _static_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """The table, the pile tray and the panels' frames: drawn once per window size."""
        key = (size, theme.scale(), tuple(sorted(self.L.islands)))
        if self._static is None or self._static_key != key:
            layer = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
            layer.blit(sprites.table_background(size), (0, 0))
            tray = self.L.pile.inflate(int(self.L.tile * 0.5), int(self.L.tile * 0.4))
            shade = pygame.Surface(tray.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (30, 60, 80, 120), shade.get_rect(), border_radius=max(6, tray.h // 24))
            pygame.draw.rect(shade, (250, 236, 200, 90), shade.get_rect(), width=2, border_radius=max(6, tray.h // 24))
            layer.blit(shade, tray)
            strip = pygame.Surface(self.L.top.size, pygame.SRCALPHA)
            pygame.draw.rect(strip, (20, 14, 8, 110), strip.get_rect(), border_radius=max(6, self.L.top.h // 5))
            layer.blit(strip, self.L.top)
            for seat, box in self.L.islands.items():
                if box.featured:
                    sea = box.grid.inflate(int(box.cell * 0.22), int(box.cell * 0.22))
                    back = pygame.Surface(sea.size, pygame.SRCALPHA)
                    pygame.draw.rect(back, (*sprites.terrain_colour(WATER), 235), back.get_rect(),
                                     border_radius=max(6, box.cell // 6))
                    pygame.draw.rect(back, (236, 246, 240, 140), back.get_rect(), width=2,
                                     border_radius=max(6, box.cell // 6))
                    layer.blit(back, sea)
                else:
                    theme.draw_frame(layer, "panel_dark", box.panel)
                    sea = box.grid.inflate(4, 4)
                    pygame.draw.rect(layer, sprites.terrain_colour(WATER), sea, border_radius=4)
            self._static, self._static_key = layer, key
        return self._static

    def _draw_top(self, surface: pygame.Surface, r: IslandRound) -> None:
        """The round and the running totals (the clock is drawn every frame by ``_draw_clock``)."""
        L = self.L
        text = tr("ir.ui.round", n=r.round_index + 1, rounds=ROUNDS)
        theme.draw_text(surface, text, theme.fit_font(text, "display", 26, L.round_label.w), palette.GOLD_LIGHT,
                        (L.round_label.right, L.round_label.centery), "midright", palette.WOOD_DARK, 2)
        theme.draw_frame(surface, "toast", L.clock)
        for seat, total, rect, chip_s, f in self._totals_layout():
            chip = theme.seat_chip(self.seat_colour(seat), chip_s)
            surface.blit(chip, chip.get_rect(midleft=(rect.x, rect.centery)))
            theme.draw_text(surface, str(total), f, TEXT_ON_TABLE, (rect.x + chip_s + theme.px(4), rect.centery),
                            "midleft", palette.WOOD_DARK, 1)

    def _totals_layout(self) -> list[tuple[int, int, pygame.Rect, int, Any]]:
        """Every player's running total right of the clock: (seat, total, its rect, chip size, font), a size
        smaller when four of them do not fit at the full one."""
        L = self.L
        totals = self.shown_totals()   # before the round being ended and scored (its scoring adds its points)
        for chip_s, size, gap in ((22, 17, 12), (20, 15, 8), (16, 13, 5)):
            chip_s, gap, f = theme.px(chip_s), theme.px(gap), theme.font("bold", size)
            widths = [chip_s + theme.px(4) + f.size(str(t))[0] + gap for t in totals]
            if sum(widths) - gap <= L.totals.w:
                break
        out, x = [], L.totals.x
        for seat, (total, w) in enumerate(zip(totals, widths)):
            if x + w - gap > L.totals.right:
                break
            out.append((seat, total, pygame.Rect(x, L.totals.y, w - gap, L.totals.h), chip_s, f))
            x += w
        return out

    def _draw_clock(self, surface: pygame.Surface, r: IslandRound) -> None:
        """mm:ss, red under 0:30, a pulse on each tick of the last 10 s; the last-tile limit or no clock."""
        L = self.L
        left = self.time_left(r)   # a finished round's clock stays where it stopped until the next count
        label = None
        if r.phase == LAST:
            last = self.last_tile_left()
            label = tr("ir.ui.last_tile")
            shown = format_time(last) if last is not None else "\u2014"
            colour = (236, 96, 76)
        elif left is None:
            shown, colour = "\u221e", palette.PARCHMENT
            label = tr("ir.ui.no_timer")
        else:
            shown = format_time(left)
            colour = (236, 96, 76) if left <= RED_BELOW else palette.PARCHMENT
        if self.paused or self.stage == "resume":
            colour = (190, 180, 168)
        body = L.clock.copy()
        if r.phase == LAST:
            why = Text.of("ir.explain.clock_last_limit" if self.last_tile_left() is not None else "ir.explain.clock_last")
        elif left is None:
            why = Text.of("ir.explain.clock_none")
        else:
            why = Text.of("ir.explain.clock", minutes=max(1, int(r.timer or 0) // 60))
        self.explain(L.clock, why, "clock")
        if label:
            lf = theme.font("text", 12)
            theme.draw_text(surface, label, lf, palette.GOLD_LIGHT, (L.clock.centerx, L.clock.y + theme.px(3)), "midtop")
            body.y += lf.get_linesize() // 2 + theme.px(2)
            body.h -= lf.get_linesize() // 2
        face = "bold" if shown == "\u221e" else "display"   # the display face has no infinity sign
        f = theme.font_px(face, max(12, int(body.h * (0.78 if label else 0.92))))
        img = theme.render_text(shown, f, colour, palette.WOOD_DARK, max(1, theme.px(2)))
        pulse = latest(self.timeline, Pulse)
        if pulse is not None and pulse.amount > 0:
            kk = 1.0 + 0.2 * pulse.amount
            img = pygame.transform.smoothscale(img, (int(img.get_width() * kk), int(img.get_height() * kk)))
        surface.blit(img, img.get_rect(center=body.center))

    def _gliding_slots(self) -> set[int]:
        return hidden_slots(self.timeline)

    def _draw_pile(self, surface: pygame.Surface, r: IslandRound) -> None:
        hidden = self._gliding_slots()
        for slot, rect in enumerate(self.L.slots):
            piece = r.pile[slot]
            if piece is None or slot in hidden:
                self._draw_empty_slot(surface, r, slot, rect)
            else:
                surface.blit(self.face(piece, rect.w), rect)

    def _draw_shuffle(self, surface: pygame.Surface, r: IslandRound) -> None:
        for slot, rect in enumerate(self.L.slots):
            piece = r.pile[slot]
            if piece is not None and self.shuffle:
                self._draw_shuffling(surface, slot, rect, piece, self.stage_t)

    def _draw_pile_marks(self, surface: pygame.Surface, r: IslandRound) -> None:
        """The pointer's slot in the mouse player's colour, the keyboard's and the controllers' cursors in
        their players' colours."""
        if self.stage != "play" or self.paused:
            return
        L = self.L
        if self.mouse_seat is not None and self._mouse_mode:
            hover = L.slot_at(self.mouse)
            if hover is not None and r.pile[hover] is not None and hover != self.refused_slot:
                rect = L.slots[hover]
                mcol = theme.seat_colour(self.seat_colour(self.mouse_seat))
                pygame.draw.rect(surface, mcol, rect.inflate(4, 4), width=max(2, theme.px(3)),
                                 border_radius=max(3, rect.w // 10))
        if self.key_seat is not None and self.keys_used and self.kzone == "pile":
            self._draw_cursor(surface, L.slots[self.kslot], self.key_seat)
        for ps in self.pad_seats.seats:
            cur = self.cursor_of(ps.seat)
            if ps.connected and cur.zone == "pile" and ps.seat in r.current_players():
                self._draw_cursor(surface, L.slots[cur.slot], ps.seat, ps.number)

    def magnified(self, r: IslandRound) -> list[tuple[int, int]]:
        """(seat, slot) of the pile tiles under the mouse pointer, the keyboard's cursor and the controllers'
        cursors, in that order, one per lens beside the pile."""
        if self.stage != "play" or self.paused:
            return []
        L = self.L
        out: list[tuple[int, int]] = []
        if self.mouse_seat is not None and self._mouse_mode:
            hover = L.slot_at(self.mouse)
            if hover is not None and hover != self.refused_slot:
                out.append((self.mouse_seat, hover))
        if self.key_seat is not None and self.keys_used and self.kzone == "pile":
            out.append((self.key_seat, self.kslot))
        for ps in self.pad_seats.seats:
            cur = self.cursor_of(ps.seat)
            if ps.connected and cur.zone == "pile" and ps.seat in r.current_players():
                out.append((ps.seat, cur.slot))
        shown = [(seat, slot) for seat, slot in out if r.pile[slot] is not None]
        return shown[:len(L.lenses)]

    def _draw_lenses(self, surface: pygame.Surface, r: IslandRound) -> None:
        """The magnifier: each tile a player points at is shown large beside the pile (its animal, volcano and
        edges at more than twice the pile's size), framed in that player's colour, turned as it lies."""
        shown = self.magnified(r)
        if not shown and self.L.lenses and self.stage == "play" and not self.paused:
            self._draw_lens_rest(surface, self.L.lenses[0])
        for (seat, slot), lens in zip(shown, self.L.lenses):
            piece = r.pile[slot]
            frame = self.L.lens_frame
            col = theme.seat_colour(self.seat_colour(seat))
            radius = max(6, lens.w // 12)
            shadow = lens.move(theme.px(4), theme.px(5))
            sh = pygame.Surface(lens.size, pygame.SRCALPHA)
            pygame.draw.rect(sh, (0, 0, 0, 90), sh.get_rect(), border_radius=radius)
            surface.blit(sh, shadow)
            pygame.draw.rect(surface, palette.WOOD_DARK, lens,
                             border_radius=radius)
            pygame.draw.rect(surface, col, lens, width=max(3, theme.px(4)), border_radius=radius)
            inner = lens.inflate(-2 * frame, -2 * frame)
            surface.blit(self.face(piece, inner.w), inner)
            self.explain(lens, Text.of("ir.explain.lens", name=self.seat_name(seat), face=face_text(piece.face)),
                         "lens")

    def _draw_lens_rest(self, surface: pygame.Surface, lens: pygame.Rect) -> None:
        """The lens with nothing under a pointer: a faint frame with a magnifying glass, so the place (and what
        it is for) is known before it is needed."""
        key = ("lens-rest", lens.size)
        img = _empty_cache.get(key)
        if img is None:
            img = pygame.Surface(lens.size, pygame.SRCALPHA)
            radius = max(6, lens.w // 12)
            pygame.draw.rect(img, (255, 255, 255, 18), img.get_rect(), border_radius=radius)
            pygame.draw.rect(img, (255, 255, 255, 60), img.get_rect(), width=max(1, lens.w // 60), border_radius=radius)
            c, rad, w = (lens.w * 0.44, lens.h * 0.44), lens.w * 0.17, max(2, lens.w // 28)
            pygame.draw.circle(img, (255, 255, 255, 70), (int(c[0]), int(c[1])), int(rad), width=w)
            a = (c[0] + rad * 0.72, c[1] + rad * 0.72)
            pygame.draw.line(img, (255, 255, 255, 70), (int(a[0]), int(a[1])),
                             (int(a[0] + rad * 0.8), int(a[1] + rad * 0.8)), w + 2)
            _empty_cache[key] = img
        surface.blit(img, lens)
        self.explain(lens, Text.of("ir.explain.lens_rest"), "lens")

    def _warm_up(self, budget: float = 0.003) -> None:
        """Draw tile faces ahead of need, a few per frame, so no frame waits for a new picture: first the
        pile's up faces, then every face of every tile at the table's sizes (pile, islands, scoring)."""
        if self._warm is None:
            from game.games.island_race.tiles import TILE_IDS
            sizes = [self.L.tile] + sorted({b.cell for b in self.L.islands.values()})
            score = self._scoring_boxes()[0].cell if getattr(self, "rect", None) is not None else None
            jobs = [(p, self.L.tile) for p in self.round.pile if p is not None]
            jobs += [(Piece.of(t, side, 0), size) for size in sizes for t in TILE_IDS for side in (0, 1)]
            if score:
                jobs += [(Piece.of(t, side, 0), score) for t in TILE_IDS for side in (0, 1)]
            self._warm = jobs[::-1]
        # a cache filler: how many faces it draws a frame never changes what is drawn, so it may read
        # real time even on a test's ManualClock
        start = time.perf_counter()
        while self._warm and time.perf_counter() - start < budget:
            piece, size = self._warm.pop()
            self.face(piece, size)

    def face(self, piece: Piece, size: int) -> pygame.Surface:
        """A piece's up face at ``size`` px, from this scene's own cache (one dict look-up a frame)."""
        key = (piece.face, piece.rot, size)
        img = self._faces.get(key)
        if img is None:
            if len(self._faces) > 2500:
                self._faces.clear()
            img = face_surface(piece, size)
            if pygame.display.get_surface() is not None:
                img = img.convert_alpha()
            self._faces[key] = img
        return img

    def _draw_empty_slot(self, surface: pygame.Surface, r: IslandRound, slot: int, rect: pygame.Rect) -> None:
        holder = next((s for s in range(r.players) if r.hands[s] is not None and r.hand_slot[s] == slot), None)
        colour = (255, 255, 255, 46) if holder is None else (*theme.seat_colour(self.seat_colour(holder)), 150)
        key = ("empty", rect.size, colour)
        img = _empty_cache.get(key)
        if img is None:
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(img, (255, 255, 255, 14), img.get_rect(), border_radius=max(3, rect.w // 10))
            pygame.draw.rect(img, colour, img.get_rect(), width=max(1, rect.w // 28), border_radius=max(3, rect.w // 10))
            _empty_cache[key] = img
        surface.blit(img, rect)

    def _draw_shuffling(self, surface: pygame.Surface, slot: int, rect: pygame.Rect, piece: Piece, t: float) -> None:
        """S4: the tiles slide from a heap in the middle to their slots, flipping as they go."""
        a, b, c, d = self.shuffle[slot]
        start = 0.15 + a * 1.1
        dur = 1.1
        p = max(0.0, min(1.0, (t - start) / dur))
        e = 1 - (1 - p) ** 3
        cx = self.L.pile.centerx + (b - 0.5) * self.L.tile * 2.4
        cy = self.L.pile.centery + (c - 0.5) * self.L.tile * 1.6
        x = cx + (rect.centerx - cx) * e
        y = cy + (rect.centery - cy) * e
        flips = 2 + int(d * 2)
        phase = (p * flips) % 1.0
        scale_x = abs(math.cos(phase * math.pi)) if p < 1 else 1.0
        show_back = p < 1 and int(p * flips * 2 + 0.5) % 2 == 1
        img = _WATER_BACK(rect.w) if show_back else self.face(piece, rect.w)
        w = max(1, int(rect.w * scale_x))
        if w != rect.w:
            img = pygame.transform.scale(img, (w, rect.h))
        surface.blit(img, img.get_rect(center=(int(x), int(y))))

    def _draw_blurred_pile(self, surface: pygame.Surface, r: IslandRound) -> None:
        """While paused the pile is blurred: nobody plans during a pause (spec §9)."""
        area = self.L.pile.inflate(self.L.tile // 2, self.L.tile // 2).clip(surface.get_rect())
        if self._blur is None or self._blur.get_size() != area.size:
            tmp = pygame.Surface(surface.get_size())
            tmp.blit(self._static_layer(surface.get_size()), (0, 0))
            self._draw_pile(tmp, r)
            part = tmp.subsurface(area).copy()
            small = pygame.transform.smoothscale(part, (max(1, area.w // 14), max(1, area.h // 14)))
            self._blur = pygame.transform.smoothscale(small, area.size)
        surface.blit(self._blur, area)

    def _draw_cursor(self, surface: pygame.Surface, rect: pygame.Rect, seat: int, ring: int = 0) -> None:
        """A pulsing frame in the seat's colour; ``ring`` (the controller number) draws it a little wider, so
        two cursors on one slot both show."""
        col = theme.seat_colour(self.seat_colour(seat))
        pulse = 0.5 + 0.5 * math.sin(self.ui_time * 6 + ring)
        grow = int(theme.px(3) + pulse * theme.px(3)) + ring * theme.px(4)
        outer = rect.inflate(grow * 2, grow * 2)
        pygame.draw.rect(surface, palette.WHITE, outer.inflate(4, 4), width=max(2, theme.px(2)),
                         border_radius=max(4, rect.w // 8))
        pygame.draw.rect(surface, col, outer, width=max(3, theme.px(4)), border_radius=max(4, rect.w // 8))

    def _draw_island(self, surface: pygame.Surface, r: IslandRound, seat: int, box: geo.IslandBox) -> None:
        """The cells (faces, hints, the legal cells of a player holding a tile) and the header."""
        grid = r.grids[seat]
        size = r.size
        me_holding = self.stage == "play" and seat in self.input_seats() and r.hands[seat] is not None
        legal = set(r.legal_cells(seat)) if me_holding else set()
        for i, piece in enumerate(grid):
            row, col = divmod(i, size)
            cell = box.cell_rect(row, col)
            if piece is None:
                surface.blit(self._hint(row, col, size, cell.w), cell)
                if (row, col) in legal:
                    pygame.draw.rect(surface, palette.GOLD_LIGHT, cell.inflate(-2, -2), width=max(2, theme.px(3)),
                                     border_radius=max(3, cell.w // 12))
            else:
                surface.blit(self.face(piece, cell.w), cell)
        self._draw_header(surface, r, seat, box)
        if box.note is not None and box.note.h > 0 and self.pad_seats.for_seat(seat) is not None:
            self._draw_pad_hint(surface, box.note)

    def _draw_pad_hint(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The controller player's help line, under their island."""
        f = theme.font("text", 12)
        y = rect.y
        for line in theme.wrap_text(tr("ir.ui.pad_hint"), f, rect.w):
            if y + f.get_linesize() > rect.bottom:
                break
            theme.draw_text(surface, line, f, TEXT_ON_TABLE, (rect.centerx, y), "midtop", palette.WOOD_DARK, 1)
            y += f.get_linesize()

    def _hint(self, row: int, col: int, size: int, px: int) -> pygame.Surface:
        key = ("hint", row, col, size, px)
        img = self._faces.get(key)
        if img is None:
            img = self._faces[key] = sprites.cell_hint(sprites.cell_water(row, col, size, size), px)
        return img

    def _draw_rival_marks(self, surface: pygame.Surface, r: IslandRound) -> None:
        """Each rival's last placed tile, ringed in their colour on their island while it is marked
        (``rival_marks``: a few race seconds, fading out), and explained."""
        if self.stage not in ("play", "ending", "resume"):
            return
        for seat, (cell, strength) in self.rival_marks().items():
            box = self.L.islands.get(seat)
            piece = r.grids[seat][cell[0] * r.size + cell[1]]
            if box is None or piece is None:
                continue
            rect = box.cell_rect(*cell)
            img = _last_tile_ring(theme.seat_colour(self.seat_colour(seat)), rect.w)
            img.set_alpha(max(0, min(255, int(255 * strength))))
            surface.blit(img, img.get_rect(center=rect.center))
            self.explain(rect, Text.of("ir.explain.last_move", name=self.seat_name(seat), face=face_text(piece.face)),
                         "last-move")

    def _draw_island_marks(self, surface: pygame.Surface, r: IslandRound, seat: int, box: geo.IslandBox) -> None:
        """What moves on an island: a placed tile's bounce, the Done ribbon, the keyboard cursor."""
        for bounce in self.timeline.clips(Bounce):
            cell = bounce.cell
            piece = r.grids[seat][cell[0] * r.size + cell[1]] if bounce.seat == seat else None
            if piece is None:
                continue
            rect = box.cell_rect(*cell)
            k = bounce.scale
            px = max(1, int(rect.w * k))
            img = pygame.transform.smoothscale(self.face(piece, rect.w), (px, px))
            surface.blit(img, img.get_rect(center=rect.center))
        if seat in r.done:
            place = r.done.index(seat) + 1
            text = tr("ir.ui.done_badge", place=tr(ordinal(place)))
            w = max(40, int(box.grid.w * (0.95 if box.featured else 1.05)))
            banner = sprites.done_banner(text, w)
            grow = latest(self.timeline, Banner, seat=seat)
            if grow is not None:
                k = grow.scale
                banner = pygame.transform.smoothscale(banner, (max(1, int(banner.get_width() * k)),
                                                               max(1, int(banner.get_height() * k))))
            at = banner.get_rect(center=(box.grid.centerx, box.grid.centery))
            surface.blit(banner, at)
            self.explain(at, Text.of("ir.explain.banner", name=self.seat_name(seat), place=ordinal(place)), "banner")
        if self.stage == "play" and self.keys_used and seat == self.key_seat and self.kzone == "grid":
            self._draw_cursor(surface, box.cell_rect(*self.kcell), seat)
        ps = self.pad_seats.for_seat(seat)
        if ps is not None:
            cur = self.cursor_of(seat)
            if self.stage == "play" and ps.connected and cur.zone == "grid":
                self._draw_cursor(surface, box.cell_rect(*cur.cell), seat)
            if not ps.connected and not self.state.is_over():
                at = self._draw_pad_notice(surface, box, tr("ir.ui.pad_gone", n=ps.number), palette.DANGER)
                self.explain(at, Text.of("ir.explain.pad_gone", name=self.seat_name(seat), n=ps.number), "hint")
            elif seat in self.pad_notice:
                at = self._draw_pad_notice(surface, box, tr("ir.ui.pad_back", n=ps.number), palette.GOLD)
                self.explain(at, Text.of("ir.explain.pad_back", name=self.seat_name(seat), n=ps.number), "hint")

    def _draw_water_broken(self, surface: pygame.Surface, r: IslandRound, seat: int, box: geo.IslandBox) -> None:
        """R20: an island where a tile was placed anyway against the water rule keeps its broken edges marked in
        red and a badge saying so, until the scoring (which marks them its own way); each explains the rule."""
        if self.stage not in ("play", "resume", "ending") or seat >= len(r.grids):
            return
        faults = water_faults(r.faces(seat), r.size)
        if not faults:
            return
        width = max(3, box.cell // 14)
        for cell, d in faults:
            rect = box.cell_rect(*cell).inflate(-2, -2)
            a, b = ((rect.topleft, rect.topright), (rect.topright, rect.bottomright),
                    (rect.bottomleft, rect.bottomright), (rect.topleft, rect.bottomleft))[d]
            pygame.draw.line(surface, palette.WHITE, a, b, width + 2)
            pygame.draw.line(surface, BROKEN, a, b, width)
            p = box.edge_point(cell, d)
            rad = max(5, box.cell // 9)
            self.explain(pygame.Rect(p[0] - rad, p[1] - rad, 2 * rad, 2 * rad), Text.of("ir.explain.mark_water"), "mark")
        text = tr("ir.ui.water_broken_badge")
        f = theme.fit_font(text, "bold", 13, max(40, box.grid.w - theme.px(8)))
        tw, th = f.size(text)
        pad = theme.px(4)
        badge = pygame.Rect(0, 0, tw + 2 * pad, th + pad)
        badge.center = (box.grid.centerx, box.grid.bottom)   # on the island's lower border: half over the frame
        pygame.draw.rect(surface, palette.WHITE, badge.inflate(4, 4), border_radius=badge.h // 2 + 2)
        pygame.draw.rect(surface, BROKEN, badge, border_radius=badge.h // 2)
        theme.draw_text(surface, text, f, palette.WHITE, badge.center, "center")
        self.explain(badge.inflate(4, 4), Text.of("ir.explain.water_broken", name=self.seat_name(seat)), "mark")

    def _draw_pad_notice(self, surface: pygame.Surface, box: geo.IslandBox, text: str, stripe: Any) -> pygame.Rect:
        return draw_bubble(surface, text, box.grid.center, size=15, stripe=stripe, anchor="center",
                    max_width=max(80, int(box.panel.w / theme.scale()) - 10))

    def _draw_header(self, surface: pygame.Surface, r: IslandRound, seat: int, box: geo.IslandBox) -> None:
        h = box.header
        chip = theme.seat_chip(self.seat_colour(seat), h.h - theme.px(6))
        surface.blit(chip, chip.get_rect(midleft=(h.x, h.centery)))
        name = self.seat_name(seat)
        total = str(self.shown_totals()[seat])
        bold = theme.font("bold", 17)
        tw = bold.size(total)[0]
        extra = self.input_label(seat)
        label = name + (f"  \u00b7 {extra}" if extra else "")
        x = h.x + chip.get_width() + theme.px(6)
        f = theme.fit_font(label, "bold", 17, max(20, h.right - x - tw - theme.px(10)))
        theme.draw_text(surface, label, f, TEXT_ON_TABLE, (x, h.centery), "midleft", palette.WOOD_DARK, 1)
        theme.draw_text(surface, total, bold, palette.GOLD_LIGHT, (h.right, h.centery), "midright", palette.WOOD_DARK, 1)

    def _draw_controls(self, surface: pygame.Surface, r: IslandRound) -> None:
        seat = self.mouse_seat
        if seat is None or self.L.controls.w <= 0:
            return
        playing = self.stage == "play" and seat in r.current_players()
        holding = r.hands[seat] is not None
        self.turn_left.enabled = self.turn_right.enabled = playing and holding
        self.flip_button.enabled = self.return_button.enabled = playing and holding
        self.done_button.visible = r.phase != LAST
        self.done_button.enabled = playing and r.is_legal(Done(seat))   # R13, V3.4: the engine says
        self.stop_button.visible = r.is_legal(Stop(seat))                 # V3.3
        self.stop_button.enabled = playing
        c = self.L.controls
        hf, lines = self._hint_lines(tr("ir.ui.mouse_hint"), c.w)
        y = c.y
        for line in lines:
            theme.draw_text(surface, line, hf, TEXT_ON_TABLE, (c.x, y), "topleft", palette.WOOD_DARK, 1)
            y += hf.get_linesize()
        if y > c.y:
            self.explain(pygame.Rect(c.x, c.y, c.w, y - c.y), Text.of("ir.explain.hint_mouse"), "hint")
        whys = ("ir.explain.turn_left", "ir.explain.turn_right", "ir.explain.flip", "ir.explain.put_back",
                "ir.explain.done_button", "ir.explain.stop")
        for b, why in zip(self._control_buttons(), whys):
            b.draw(surface)
            if b.visible and b.rect.w > 0 and b.rect.h > 0:
                self.explain(b.rect, Text.of(why), "button")

    @staticmethod
    def _hint_lines(hint: str, width: int, most: int = 2) -> tuple[Any, list[str]]:
        """The mouse hint in at most ``most`` lines: a smaller font first, then whole sentences left out (never
        a sentence cut after a word, "... turn. Click")."""
        for size in (12, 11):
            hf = theme.font("text", size)
            lines = theme.wrap_text(hint, hf, width)
            if len(lines) <= most:
                return hf, lines
        hf = theme.font("text", 12)
        sentences = [p.strip() for p in hint.replace(". ", ".\n").split("\n") if p.strip()]
        while len(sentences) > 1:
            sentences.pop()
            lines = theme.wrap_text(" ".join(sentences), hf, width)
            if len(lines) <= most:
                return hf, lines
        return hf, theme.wrap_text(hint, hf, width)[:most]

    def _draw_gloves(self, surface: pygame.Surface, r: IslandRound) -> None:
        if self.stage not in ("play", "ending", "resume") or self.paused:
            return      # paused: nothing in hand shows over the frozen table (the pile is blurred too)
        gs = max(16, int(self.L.tile * 0.62))
        for seat, hand in self.bot_hands.items():
            box = self.L.islands[seat]
            x, y = hand.pos
            piece = r.hands[seat] if self.stage != "ending" else None
            if piece is not None:
                d_rest = math.hypot(x - hand.rest[0], y - hand.rest[1])
                d_pile = math.hypot(x - self.L.pile.centerx, y - self.L.pile.centery)
                k = d_rest / max(1.0, d_rest + d_pile)   # small at its island, pile-sized near the pile
                img = self._held_image(seat, piece, self.L.tile)
                if not box.featured and box.cell != self.L.tile:
                    size = max(8, int(box.cell + (self.L.tile - box.cell) * k))
                    if size != self.L.tile:
                        img = pygame.transform.smoothscale(img, (size, size))
                at = img.get_rect(center=(int(x), int(y)))
                surface.blit(img, at)
                self.explain(at, Text.of("ir.explain.held_bot", name=self.seat_name(seat), face=face_text(piece.face)),
                             "held")
            g = glove(self.seat_colour(seat), gs)
            bob = math.sin(hand.bob * 5 + seat) * theme.px(2)
            at = g.get_rect(topleft=(int(x) - gs // 5, int(y + bob) - gs // 6))
            surface.blit(g, at)
            self.explain(at, Text.of("ir.explain.glove", name=self.seat_name(seat)), "glove")

    def _held_image(self, seat: int, piece: Piece, size: int) -> pygame.Surface:
        """The held tile, with the quarter turn or the flip in progress."""
        img = self.face(piece, size)
        turn = latest(self.timeline, Turn, seat=seat)
        return img if turn is None else turn.picture(img, self.face, size)

    def _draw_human_hands(self, surface: pygame.Surface, r: IslandRound) -> None:
        if self.stage != "play" or self.paused:
            return      # paused: the tile in hand is not drawn over the frozen table (nor over the pause)
        for seat in self.input_seats():
            piece = r.hands[seat]
            at_mouse = seat == self.mouse_seat and (self._mouse_mode or seat != self.key_seat)
            if piece is None:
                continue
            box = self.L.islands.get(seat)
            docked = at_mouse and self.held_docked()
            if docked:   # the pointer on the buttons: the tile waits beside them, every button free to click
                size = self.L.tile
                pos = self.docked_pos(size)
                cell = None
            elif at_mouse:
                pos = self.mouse
                cell = box.cell_at(pos) if box is not None else None
                size = box.cell if (box is not None and (cell is not None or pos[1] > self.L.pile.bottom)) \
                    else self.L.tile
            else:
                rect = self._cursor_rect(seat)
                cur = self.cursor_of(seat)
                cell = cur.cell if cur.zone == "grid" else None
                size = rect.w
                pos = rect.center if cell is not None else (rect.centerx + rect.w // 5, rect.centery - rect.h // 4)
            snapped = cell is not None and box is not None and cell in r.legal_cells(seat)
            if snapped:  # over a cell where it may go: the tile snaps there, so the player sees the fit
                pos = box.cell_rect(*cell).center
            img = self._held_image(seat, piece, size)
            off = sprites.shadow_offset(size)
            sh = sprites.tile_shadow(size)
            surface.blit(sh, sh.get_rect(center=(pos[0] + off[0], pos[1] + off[1])))
            lifted = img.get_rect(center=(pos[0], pos[1] - max(2, size // 20)))
            surface.blit(img, lifted)
            self.explain(lifted, Text.of("ir.explain.held", name=self.seat_name(seat), face=face_text(piece.face)),
                         "held")
            col = theme.seat_colour(self.seat_colour(seat))
            pygame.draw.rect(surface, col, lifted.inflate(2, 2), width=max(2, theme.px(2)),
                             border_radius=max(3, size // 12))
            if snapped:
                self._draw_assist(surface, r, seat, cell)
            w = self.warning
            if w is not None and w.seat == seat and cell == w.cell:
                self._draw_warning(surface, lifted, w)

    def held_docked(self) -> bool:
        """The mouse player's pointer is on the turn, flip, put back and Done buttons: the tile in hand is drawn
        beside them (``docked_pos``), not under the pointer, so it never covers a button."""
        c = self.L.controls
        return c.w > 0 and c.inflate(theme.px(8), theme.px(8)).collidepoint(self.mouse)

    def docked_pos(self, size: int) -> tuple[int, int]:
        """Where the docked tile's centre is: beside the buttons' column, away from the island, level with the
        pointer (kept on screen)."""
        c = self.L.controls
        gap = theme.px(14)
        box = self.L.islands.get(self.mouse_seat) if self.mouse_seat is not None else None
        left = box is not None and box.panel.centerx > c.centerx     # the island right of the buttons
        x = c.x - gap - size // 2 if left else c.right + gap + size // 2
        area = self.L.rect
        x = min(max(x, area.x + size // 2), area.right - size // 2)
        y = min(max(self.mouse[1], c.y + size // 2), c.bottom - size // 2)
        return (x, y)

    def warning_place(self, w: Any, level: int) -> tuple[str, tuple[int, int], int]:
        """Where the water-rule warning goes (anchor, point, width): beside the player's island, level with the
        tile, on the first side where it covers no island, no button and not the log; above the island, over
        the pile's edge, when no side is free."""
        L = self.L
        box = L.islands.get(w.seat)
        f = theme.font("text", 15)
        text = self.water_warning_text(w)
        avoid = [b.panel for b in L.islands.values()] + ([L.controls] if L.controls.w > 0 else [])
        if self.logpanel.visible:
            avoid.append(L.log)
        if box is None:
            return "midleft", (L.rect.centerx, level), 300
        panel = box.panel
        gap = theme.px(10)
        right_x = max(panel.right, L.controls.right if L.controls.w > 0 and
                      L.controls.colliderect(panel.inflate(theme.px(60), 0)) else panel.right) + gap
        tries = []
        for width in (300, 240, 190, 150):
            tries += [("midright", (panel.left - gap, level), width), ("midleft", (right_x, level), width)]
        for anchor, at, width in tries:
            lines = theme.wrap_text(text, f, theme.px(width))
            pad = theme.px(10)
            rect = pygame.Rect(0, 0, max(f.size(line)[0] for line in lines) + 2 * pad + theme.px(6),
                               len(lines) * f.get_linesize() + 2 * pad)
            setattr(rect, anchor, at)
            if L.rect.contains(rect) and rect.collidelist(avoid) < 0:
                return anchor, at, width
        return "midbottom", (panel.centerx, panel.top - theme.px(6)), 300

    def water_warning_text(self, w: Any) -> str:
        """The warning's words: the rule, the part of it this tile breaks there (R10)."""
        return tr(water_warning_key(w.faults, w.cell, self.round.size))

    def _draw_warning(self, surface: pygame.Surface, rect: pygame.Rect, w: Any) -> None:
        pts = (rect.midtop, rect.midright, rect.midbottom, rect.midleft)
        ends = ((rect.topleft, rect.topright), (rect.topright, rect.bottomright), (rect.bottomleft, rect.bottomright),
                (rect.topleft, rect.bottomleft))
        blink = 0.5 + 0.5 * math.sin(self.ui_time * 14)
        colour = (255, int(60 + 80 * blink), 50)
        for d in w.faults:
            a, b = ends[d]
            pygame.draw.line(surface, colour, a, b, max(4, rect.w // 12))
            pygame.draw.circle(surface, colour, pts[d], max(5, rect.w // 9), max(2, rect.w // 30))
            rad = max(5, rect.w // 9)
            self.explain(pygame.Rect(pts[d][0] - rad, pts[d][1] - rad, 2 * rad, 2 * rad),
                         Text.of("ir.explain.warning_edge"), "warning")
        # beside the island, level with the tile, where it covers no island nor button (``warning_place``)
        anchor, side, width = self.warning_place(w, rect.centery)
        at = draw_bubble(surface, self.water_warning_text(w), side, size=15, stripe=palette.DANGER,
                         anchor=anchor, max_width=width)
        self.explain(at, Text.of("ir.explain.warning"), "warning")

    def _draw_assist(self, surface: pygame.Surface, r: IslandRound, seat: int, cell: tuple[int, int] | None) -> None:
        """The matching-edge aid (chosen for each human seat in the setup; the lesson has it on): for each edge
        of the held tile over a cell, would it match?"""
        if cell is None or not self.session.seats[seat].aid:
            return
        piece = r.hands[seat]
        box = self.L.islands.get(seat)
        if piece is None or box is None or cell not in r.legal_cells(seat):
            return
        rect = box.cell_rect(*cell)
        for d, ok in enumerate(r.edge_report(seat, cell)):   # R10, R20, R24 from the engine
            if ok is None:
                continue  # land facing an empty cell: nothing to say yet
            # a tab just outside the edge (the tile's art stays whole): a green tick where it matches, an amber
            # "not equal" where it does not; the water rule's red lines and rings are the warning's alone
            p = (rect.midtop, rect.midright, rect.midbottom, rect.midleft)[d]
            out = ((0, -1), (1, 0), (0, 1), (-1, 0))[d]
            rad = max(7, rect.w // 9)
            q = (p[0] + out[0] * (rad + 3), p[1] + out[1] * (rad + 3))
            tab = pygame.Rect(0, 0, 2 * rad, 2 * rad)
            tab.center = q
            self.explain(tab.inflate(4, 4), Text.of("ir.explain.assist_ok" if ok else "ir.explain.assist_bad"),
                         "assist")
            pygame.draw.rect(surface, palette.WHITE, tab.inflate(4, 4), border_radius=rad // 2 + 2)
            pygame.draw.rect(surface, ASSIST_OK if ok else ASSIST_BAD, tab, border_radius=rad // 2)
            w = max(2, rad // 4)
            if ok:
                pygame.draw.lines(surface, palette.WHITE, False, [(q[0] - rad // 2, q[1]), (q[0] - rad // 8, q[1] + rad // 2),
                                                                  (q[0] + rad // 2, q[1] - rad // 2)], w)
            else:   # "not equal": two bars and a slash, in ink on amber
                s2 = rad // 2
                for dy in (-rad // 4, rad // 4):
                    pygame.draw.line(surface, palette.INK, (q[0] - s2, q[1] + dy), (q[0] + s2, q[1] + dy), w)
                pygame.draw.line(surface, palette.INK, (q[0] + s2 // 2, q[1] - s2), (q[0] - s2 // 2, q[1] + s2), w)

    def _draw_overlay_text(self, surface: pygame.Surface, r: IslandRound) -> None:
        centre = self.L.pile.center
        big = theme.font_px("display", max(24, int(self.L.tile * 2.0)))
        if self.stage in ("countdown", "resume"):
            total = COUNTDOWN_SECONDS if self.stage == "countdown" else RESUME_SECONDS
            n = max(1, math.ceil(total - self.stage_t))
            frac = (total - self.stage_t) % 1.0
            k = 0.8 + 0.5 * frac
            img = theme.render_text(str(n), big, palette.GOLD_LIGHT, palette.WOOD_DARK, max(2, theme.px(4)))
            img = pygame.transform.smoothscale(img, (int(img.get_width() * k), int(img.get_height() * k)))
            at = img.get_rect(center=centre)
            surface.blit(img, at)
            sub = tr("ir.ui.get_ready", n=r.round_index + 1, rounds=ROUNDS) if self.stage == "countdown" \
                else tr("ir.ui.resume")
            sf = theme.font("display", 28)
            theme.draw_text(surface, sub, sf, TEXT_ON_TABLE, (centre[0], self.L.pile.y + theme.px(8)), "midtop",
                            palette.WOOD_DARK, 2)
            sw, sh = sf.size(sub)
            why = Text.of("ir.explain.countdown" if self.stage == "countdown" else "ir.explain.resume")
            self.explain(pygame.Rect(centre[0] - sw // 2, self.L.pile.y + theme.px(8), sw, sh), why, "announce")
            self.explain(at, why, "announce")
            if len(self.featured) > 1 and self.stage == "countdown" and self.mouse_seat is not None:
                lines = [tr("ir.ui.who_mouse", name=self.seat_name(self.mouse_seat)),
                         tr("ir.ui.who_keys", name=self.seat_name(self.key_seat))]
                lines += [tr("ir.ui.who_pad", name=self.seat_name(ps.seat), n=ps.number)
                          for ps in self.pad_seats.seats]
                y = self.L.pile.bottom - theme.px(6)
                for line in reversed(lines):  # stacked upward from the bottom of the pile
                    box = draw_bubble(surface, line, (centre[0], y), size=15, anchor="midbottom",
                                      max_width=int(self.L.pile.w / theme.scale()) - 20)
                    self.explain(box, Text.of("ir.explain.hint_who"), "hint")
                    y = box.top - theme.px(6)
        elif self.stage == "play" and self.stage_t < GO_SHOWN and r.round_start is not None:
            a = max(0.0, 1.0 - self.stage_t / GO_SHOWN)
            img = theme.render_text(tr("ir.ui.go"), big, palette.GOLD_LIGHT, palette.WOOD_DARK, max(2, theme.px(4))).copy()
            img.set_alpha(int(255 * a))
            at = img.get_rect(center=centre)
            surface.blit(img, at)
            if a > 0.5:   # fading away, it leaves the tiles under it to their own explanations
                self.explain(at, Text.of("ir.explain.go"), "announce")
        elif self.stage == "ending":
            key = {"time-up": "ir.ui.time_up", "all-done": "ir.ui.all_done"}.get(self.ended_how or "", "ir.ui.round_over")
            img = theme.render_text(tr(key), theme.font_px("display", max(20, int(self.L.tile * 1.1))),
                                    palette.GOLD_LIGHT, palette.WOOD_DARK, max(2, theme.px(3)))
            at = img.get_rect(center=centre)
            surface.blit(img, at)
            self.explain(at, Text.of("ir.explain.round_end"), "announce")

    def _draw_scoring(self, surface: pygame.Surface) -> None:
        view = self.scoring
        assert view is not None
        rect = surface.get_rect()
        surface.blit(sprites.table_background(rect.size), (0, 0))
        if not view.boxes:
            view.layout(self._scoring_boxes())
        title = tr("ir.ui.round_scoring", n=view.round_number, rounds=view.rounds)
        tf = theme.fit_font(title, "display", 40, rect.w - theme.px(300))
        theme.draw_text(surface, title, tf, palette.GOLD_LIGHT, (rect.centerx, theme.px(16)), "midtop",
                        palette.WOOD_DARK, 3)
        tw, th = tf.size(title)
        self._title_bottom = theme.px(16) + th
        self.explain(pygame.Rect(rect.centerx - tw // 2, theme.px(16), tw, th),
                     Text.of("ir.explain.scoring_title", n=view.round_number, rounds=view.rounds), "round")
        self.menu_button.draw(surface)
        t = self.stage_t
        view.draw(surface, t, self.explain)
        if view.done(t) and (self.summary_open or self.coach is not None):
            self._draw_round_table(surface, view)
        elif view.done(t):    # every island's scoring stays to be read: the summary opens on a click
            button = self._place_round_button(rect)
            button.draw(surface)
            self.explain(button.rect, Text.of("ir.explain.see_summary"), "button")
        else:
            hint = tr("ir.ui.skip_hint")
            hf = theme.font("text", 15)
            theme.draw_text(surface, hint, hf, TEXT_ON_TABLE,
                            (rect.centerx, rect.bottom - theme.px(16)), "midbottom", palette.WOOD_DARK, 1)
            hw, hh = hf.size(hint)
            self.explain(pygame.Rect(rect.centerx - hw // 2, rect.bottom - theme.px(16) - hh, hw, hh),
                         Text.of("ir.explain.hint_skip"), "hint")

    def _place_round_button(self, rect: pygame.Rect) -> Any:
        """The button that moves on from a round's summary (Next round; the last round's See the results), laid
        out at the bottom of ``rect``."""
        button = self._moving_on_button() or self.next_button
        bw = button.preferred_size()[0]
        bh = theme.px(52)
        button.layout(pygame.Rect(rect.centerx - bw // 2, rect.bottom - bh - theme.px(14), bw, bh))
        return button

    def round_summary(self, view: ScoringView) -> "RoundTable":
        """The round's summary: what each island scored this round, line by line as the scoring gives it, the
        total after it, the islands as they ended, and a chart of the match totals so far (titled so)."""
        n = view.round_number
        chart = Text.of("ir.ui.summary.chart_final") if n >= view.rounds else Text.of("ir.ui.summary.chart", n=n)
        return RoundTable(_round_table(view), [s.name for s in self.session.seats],
                          seats=[s.colour for s in self.session.seats],
                          title=Text.of("ir.ui.summary.title"), chart_title=chart,
                          totals=[s.running_total for s in view.scores], round_number=n, islands=view.grids,
                          size=view.size, face=self.face, valid=[s.valid for s in view.scores],
                          history=self._round_points(n), final=n >= view.rounds)

    def _round_points(self, rounds: int) -> list[list[float]]:
        """The points of each round played so far, up to ``rounds``, seat by seat (the match's hand results)."""
        from game.core.match import hand_points
        players = self.session.players
        return [hand_points(res, players) for res in getattr(self.state, "hand_results", [])[:rounds]]

    def _draw_round_table(self, surface: pygame.Surface, view: ScoringView) -> None:
        rect = surface.get_rect()
        button = self._place_round_button(rect)
        if self.summary_open or self.stage_t >= view.duration + 0.35 * self.app.anim_factor():
            top = getattr(self, "_title_bottom", theme.px(60)) + theme.px(6)
            w = min(theme.px(1100), rect.w - theme.px(40))
            panel = pygame.Rect(rect.centerx - w // 2, top, w, button.rect.y - theme.px(10) - top)
            surface.blit(theme.overlay(rect.size, (10, 20, 30, 130)), (0, 0))
            n = view.round_number
            key = (rect.size, panel, theme.scale(), language(), n, self.final, id(view))
            if getattr(self, "_summary_key", None) != key:   # drawn once: it stays until the click
                table = self.summary = self.round_summary(view)
                table.layout(panel)
                layer = pygame.Surface(rect.size, pygame.SRCALPHA)
                table.draw(layer)
                self._summary_layer, self._summary_key = layer.subsurface(panel).copy(), key
            table = self.summary
            surface.blit(self._summary_layer, panel)
            self.explain(panel, Text.of("ir.explain.round_table", n=n), "table")
            for seat, thumb in enumerate(table.thumbs):
                key = "ir.explain.summary_island" if view.scores[seat].valid else "ir.explain.summary_invalid"
                self.explain(thumb, Text.of(key, name=table.names[seat], n=n), "island")
            if table.chart_rect is not None:
                key = "ir.explain.summary_chart_final" if n >= view.rounds else "ir.explain.summary_chart"
                self.explain(table.chart_rect, Text.of(key, n=n), "table")
            if table.rounds_rect is not None:
                self.explain(table.rounds_rect, Text.of("ir.explain.summary_rounds", n=n), "table")
            if table.water_rect is not None:
                self.explain(table.water_rect, Text.of("ir.explain.summary_water"), "score")
        button.draw(surface)
        self.explain(button.rect, Text.of("ir.explain.see_results" if self.final else "ir.explain.next_round"),
                     "button")


class RoundTable(ResultsView):
    """The summary of one round: who had the best round; the table of what each island scored in it (the
    scoring's lines, the round's points, the total after it), each column under that island as it ended (where
    there is room); the chart of the match totals after the round, titled so (``chart_title``).

    ``totals``: each seat's total after this round; ``islands``: each seat's finished island (row-major pieces,
    ``size`` a side) drawn with ``face(piece, px)``; ``valid``: which islands keep the water rule (R20)."""

    def __init__(self, result: Result, names: Sequence[str], rect: Any = None, *, seats: Sequence[int],
                 title: Text, chart_title: Text, totals: Sequence[int], round_number: int,
                 islands: Sequence[Sequence[Any]] = (), size: int = 3,
                 face: Callable[[Any, int], pygame.Surface] | None = None, valid: Sequence[bool] = (),
                 history: Sequence[Sequence[float]] = (), final: bool = False):
        super().__init__(result, names, rect, seats=seats, title=title, chart_title=chart_title)
        self.final = final          # the last round: its heading names who won the match, not the best round
        self.history = [list(points) for points in history]   # each round's points so far, seat by seat
        self.totals = [int(t) for t in totals]
        self.round_number = round_number
        self.islands = [list(g) for g in islands]
        self.size = size
        self.face = face
        self.valid = list(valid) or [True] * len(self.islands)
        self.thumbs: list[pygame.Rect] = []          # where each island was drawn (none when there was no room)
        self.chart_rect: pygame.Rect | None = None   # the chart's title and bars
        self.rounds_rect: pygame.Rect | None = None  # under it, the points of every round so far (from round 2)
        self.water_rect: pygame.Rect | None = None   # the row saying which island breaks the water rule (R20)

    def winner_text(self) -> str:
        if self.final and self.totals:          # R28: the highest total wins the match (ties share it)
            best = max(self.totals)
            names = [self.names[i] for i, t in enumerate(self.totals) if t == best and i < self.players]
            return names_text("ir.ui.match_won", names)
        names = [self.names[w] for w in self.result.winners if 0 <= w < self.players]
        if not names:
            return ""
        return names_text("ir.ui.best_round", names)

    def table_rows(self) -> list[tuple[str, list[str], str]]:
        """The scoring's lines of this round, then its points ("Round 2"), then the total after it. When an island
        breaks the water rule (R20), a first row says so in words ("broken: scores 0", the others "kept") and
        that island's other lines read "–": nothing on it was counted."""
        n = self.players
        valid = self.valid + [True] * n
        rows = []
        if not all(valid[:n]):
            rows.append((tr("ir.ui.summary.water"), [tr("ir.ui.summary.water_kept") if valid[i] else
                                                     tr("ir.ui.summary.water_broken") for i in range(n)], "row"))
        rows += [(tr(Text.of(key)), [format_value(self.breakdown_value(i, key)) if valid[i] else "\u2013"
                                     for i in range(n)], "row")
                 for key in self.breakdown_keys()]
        scores = list(self.result.scores or []) + [None] * n
        rows.append((tr("ir.ui.summary.round_points", n=self.round_number),
                     [format_value(scores[i]) for i in range(n)], "total"))
        totals = list(self.totals) + [None] * n
        rows.append((tr("ir.ui.summary.after", n=self.round_number), [format_value(totals[i]) for i in range(n)],
                     "total"))
        return rows

    def draw_table(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The islands above their columns when there is room for them and a readable table, then the table."""
        self.thumbs = []
        n = self.players
        if self.islands and self.face is not None and n:
            label_w, col_w, _, _ = self.table_geometry(area, self.table_rows())   # the islands over their columns
            need = theme.px(40) + len(self.table_rows()) * theme.px(22)
            side = min(col_w - theme.px(16), theme.px(104), area.h - need - theme.px(12))
            cell = side // max(1, self.size)
            if cell >= theme.px(12):
                side = cell * self.size
                for seat in range(min(n, len(self.islands))):
                    x = area.x + label_w + seat * col_w + (col_w - side) // 2
                    self.thumbs.append(self._draw_island(surface, seat, pygame.Rect(x, area.y + theme.px(4), side,
                                                                                     side), cell))
                label = tr("ir.ui.summary.islands", n=self.round_number)
                lf = theme.fit_font(label, "text", 16, label_w - theme.px(10))
                theme.draw_text(surface, label, lf, palette.INK_SOFT,
                                (area.x + theme.px(6), area.y + theme.px(4) + side // 2), "midleft")
                area = pygame.Rect(area.x, area.y + side + theme.px(12), area.w, area.h - side - theme.px(12))
        rows = self.table_rows()
        super().draw_table(surface, area, rows)
        self.water_rect = None
        if not all((self.valid + [True] * n)[:n]) and rows:   # the first row, where the table drew it
            _, _, header_h, row_h = self.table_geometry(area, rows)
            self.water_rect = pygame.Rect(area.x, area.y + header_h, area.w, row_h)

    def _draw_island(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, cell: int) -> pygame.Rect:
        """One finished island, small: its tiles, its empty cells, greyed when it breaks the water rule."""
        pygame.draw.rect(surface, (24, 52, 70), rect.inflate(theme.px(6), theme.px(6)), border_radius=theme.px(5))
        for i, piece in enumerate(self.islands[seat]):
            row, col = divmod(i, self.size)
            at = (rect.x + col * cell, rect.y + row * cell)
            if piece is None:
                surface.blit(sprites.cell_hint(sprites.cell_water(row, col, self.size, self.size), cell), at)
            else:
                surface.blit(self.face(piece, cell), at)  # type: ignore[misc]
        if seat < len(self.valid) and not self.valid[seat]:
            surface.blit(theme.overlay(rect.size, (70, 70, 70, 170)), rect)
        pygame.draw.rect(surface, theme.seat_colour(self.seats[seat]), rect.inflate(theme.px(6), theme.px(6)),
                         width=max(2, theme.px(2)), border_radius=theme.px(5))
        return rect

    def draw_chart(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The match totals after this round (not the round's points: those are the table's), the leaders
        outlined in gold."""
        totals = [float(t) for t in self.totals[:self.players]]
        if not totals or area.w < theme.px(60):
            self.chart_rect = None
            return
        leaders = Result.from_scores(totals).winners
        keep = self.result
        self.result = dataclasses.replace(keep, scores=totals, winners=leaders)
        try:
            super().draw_chart(surface, area)
        finally:
            self.result = keep
        tf = theme.font("display", 22)
        bar_h = min(theme.px(34), max(theme.px(12), (area.bottom - area.y - tf.get_linesize() - theme.px(6))
                                      // len(totals) - theme.px(10)))
        h = tf.get_linesize() + theme.px(6) + len(totals) * (bar_h + theme.px(10))
        self.chart_rect = pygame.Rect(area.x, area.y, area.w, min(h, area.h))
        self.rounds_rect = None
        if len(self.history) >= 2:
            self._draw_rounds(surface, pygame.Rect(area.x, area.y + h + theme.px(14), area.w,
                                                   area.bottom - area.y - h - theme.px(14)))

    def _draw_rounds(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The match so far, round by round: a line per player (as the chart), a column per round played and the
        total; only where there is room for all of it."""
        n = self.players
        title = tr("ir.ui.summary.rounds")
        tf = theme.font("display", 20)
        f, fb = theme.font("text", 15), theme.font("bold", 15)
        line = max(f.get_linesize(), theme.px(22))
        if area.h < tf.get_linesize() + (n + 1) * line or area.w < theme.px(200):
            return
        theme.draw_text(surface, title, theme.fit_font(title, "display", 20, area.w), palette.INK_SOFT,
                        (area.x, area.y), "topleft")
        top = area.y + tf.get_linesize() + theme.px(2)
        heads = [tr("ir.ui.line.round", n=i + 1) for i in range(len(self.history))] + [tr("ui.results.total")]
        name_w = min(area.w // 3, max(f.size(nm)[0] for nm in self.names[:n]) + theme.px(14))
        col_w = (area.w - name_w) // len(heads)
        for k, head in enumerate(heads):
            hf = theme.fit_font(head, "bold", 15, col_w - theme.px(6))
            theme.draw_text(surface, head, hf, palette.INK_SOFT, (area.x + name_w + k * col_w + col_w // 2, top),
                            "midtop")
        y = top + line
        pygame.draw.line(surface, palette.WOOD, (area.x, y - theme.px(2)), (area.right, y - theme.px(2)),
                         max(1, theme.px(1)))
        for seat in range(n):
            if seat % 2 == 1:
                surface.blit(theme.overlay((area.w, line), (*palette.PARCHMENT_DARK, 70)), (area.x, y))
            nm = theme.fit_font(self.names[seat], "text", 15, name_w - theme.px(8))
            theme.draw_text(surface, self.names[seat], nm, palette.INK, (area.x + theme.px(4), y + line // 2),
                            "midleft")
            cells = [format_value(float(points[seat])) if seat < len(points) else "\u2013" for points in self.history]
            cells.append(format_value(float(self.totals[seat])) if seat < len(self.totals) else "\u2013")
            for k, cell in enumerate(cells):
                theme.draw_text(surface, cell, fb if k == len(cells) - 1 else f, palette.INK,
                                (area.x + name_w + k * col_w + col_w // 2, y + line // 2), "center")
            y += line
        self.rounds_rect = pygame.Rect(area.x, area.y, area.w, y - area.y)


def names_text(key: str, names: Sequence[str]) -> str:
    """"Best round: Ben", or for a tie "Best round: Ben and Clara (tie)" (``key`` + "_tie")."""
    if len(names) < 2:
        return tr(key, names="".join(names))
    return tr(key + "_tie", names=", ".join(names[:-1]), last=names[-1])


def _last_tile_ring(colour: tuple, size: int) -> pygame.Surface:
    """A rival's last placed tile: a ring in their colour with a soft glow around a cell of ``size`` px
    (drawn once per colour and size; the caller sets its alpha as it fades)."""
    key = ("ring", tuple(colour), size)
    img = _empty_cache.get(key)
    if img is None:
        glow = max(4, size // 6)
        full = size + 2 * glow
        img = pygame.Surface((full, full), pygame.SRCALPHA)
        for k in range(glow, 0, -1):   # the glow: fainter further out
            a = int(160 * (1 - k / (glow + 1)))
            pygame.draw.rect(img, (*colour[:3], a), pygame.Rect(glow - k, glow - k, size + 2 * k, size + 2 * k),
                             width=2, border_radius=max(4, size // 8) + k)
        ring = pygame.Rect(glow, glow, size, size)
        width = max(3, size // 11)
        pygame.draw.rect(img, (*palette.INK[:3], 230), ring.inflate(2, 2), width=width + 2,
                         border_radius=max(4, size // 8))
        pygame.draw.rect(img, (*colour[:3], 255), ring, width=width, border_radius=max(4, size // 8))
        pygame.draw.rect(img, (255, 255, 255, 200), ring.inflate(-2 * width, -2 * width), width=1,
                         border_radius=max(3, size // 10))
        _empty_cache[key] = img
    return img


def _round_table(view: ScoringView) -> Result:
    """The round's points per island with the scoring's lines as ``IslandScore.rows`` gives them (the floor's line
    only when an island needed it)."""
    scores = [float(s.total) for s in view.scores]
    rows = []
    for s in view.scores:
        rows.append([(k, v) for k, v in s.rows() if k != "ir.score.floor" or any(x.floor for x in view.scores)])
    return Result.from_scores(scores, rows)


_empty_cache: dict[tuple, pygame.Surface] = {}


def _WATER_BACK(size: int) -> pygame.Surface:
    return sprites.render_face("wwww", (), None, False, True, size, turn=0)


def icon(kind: str) -> pygame.Surface:
    """Small curved-arrow icons for the turn buttons (drawn, white with a dark outline)."""
    s = 64
    out = pygame.Surface((s, s), pygame.SRCALPHA)
    rect = pygame.Rect(12, 12, 40, 40)
    for colour, width in ((palette.WOOD_DARK, 12), (palette.PARCHMENT, 7)):
        if kind == "cw":
            pygame.draw.arc(out, colour, rect, -math.pi * 0.15, math.pi * 1.1, width)
        else:
            pygame.draw.arc(out, colour, rect, -math.pi * 0.1, math.pi * 1.15, width)
    if kind == "cw":
        tip = [(50, 44), (62, 30), (38, 34)]
    else:
        tip = [(14, 44), (2, 30), (26, 34)]
    pygame.draw.polygon(out, palette.WOOD_DARK, tip)
    pygame.draw.polygon(out, palette.PARCHMENT, [(x + (1 if kind == "ccw" else -1), y - 1) for x, y in tip], 0)
    return out
