"""The end of a round, shown step by step on every island (spec §5.1 order of scoring, §9 "Between rounds").

Steps: validity (an invalid island greys out, its offending edges circled), animals (+1 on each),
closed landscapes (outlined with a glow, "+2" each), volcanoes (the counts compared, the most lose them),
empty cells (-1), wrong connections (a red X on the joint), first out (+4), then the round's total. Each
island has its score lines under it, growing step by step. ``ScoringView.draw(surface, t)`` draws the
moment ``t`` seconds after the start; it holds only what the finished round left (faces and scores).

As it draws, it names what it drew (issue 15, "everything explains itself"): ``draw(surface, t, explain)``
calls ``explain(rect, text, kind)`` for each island, tile, mark and score line. ``face_text`` says what a
tile face shows (its kind, its edges, its animal and volcano) from the up face alone, as everyone sees it:
the table's explanations of pile, held and placed tiles use it too.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Sequence

import pygame

from game.core.protocol import Text
from game.games.island_race import sprites
from game.games.island_race.layout import IslandBox
from game.games.island_race.scoring import IslandScore, Landscape, most_volcanoes
from game.i18n import shown_name, tr
from game.ui import palette, theme

STEPS = ("valid", "animals", "landscapes", "volcanoes", "empty", "wrong", "first", "total")
STEP_SECONDS = 0.85
BAD = (214, 58, 44)
GOOD = (255, 226, 120)


_SHAPES = {"C": "ir.explain.shape.corner", "S": "ir.explain.shape.side", "X": "ir.explain.shape.centre",
           "O": "ir.explain.shape.sea"}
_FACE_TEXTS: dict[Any, Text] = {}


def face_text(face: Any) -> Text:
    """What an up face shows, in words: where it fits (its kind), its four edges as they lie (top, right,
    bottom, left), its animal and its volcano. Read from the up face only (never the other side)."""
    text = _FACE_TEXTS.get(face)
    if text is None:
        kind = face.kind
        if face.back:
            shape = Text.of("ir.explain.shape.sea_back") if kind == "O" else \
                Text.of("ir.explain.shape.land_back", terrain=Text.of(f"ir.terrain.{face.edges[0]}"))
        else:
            shape = Text.of(_SHAPES.get(kind, "ir.explain.shape.other"))
        n, e, s, w = (Text.of(f"ir.terrain.{c}") for c in face.edges)
        edges = Text.of("ir.explain.edges", n=n, e=e, s=s, w=w)
        if face.animal and face.volcano:
            extra = Text.of("ir.explain.extra.both", animal=Text.of(f"ir.animal.{face.animal}"))
        elif face.animal:
            extra = Text.of("ir.explain.extra.animal", animal=Text.of(f"ir.animal.{face.animal}"))
        elif face.volcano:
            extra = Text.of("ir.explain.extra.volcano")
        else:
            extra = Text.of("ir.explain.extra.none")
        text = _FACE_TEXTS[face] = Text.of("ir.explain.face", shape=shape, edges=edges, extra=extra)
    return text


def _no_explain(rect: Any, text: Text, kind: str) -> None:
    return None


def face_surface(piece, size: int) -> pygame.Surface:
    """A placed or held piece's up face at ``size`` px (cached by the sprites module)."""
    f = piece.face
    return sprites.render_face(f.edges, f.regions, f.animal, f.volcano, f.back, size, turn=piece.rot)


class ScoringView:
    """``grids[seat]``: the finished island (Pieces or None, row-major); ``scores[seat]``: its IslandScore."""

    def __init__(self, grids: Sequence[Sequence], size: int, scores: Sequence[IslandScore], names: Sequence[str],
                 colours: Sequence[int], first_out: int | None, round_number: int, rounds: int,
                 step_seconds: float = STEP_SECONDS, face: Callable[[Any, int], pygame.Surface] = face_surface):
        self.grids = [list(g) for g in grids]
        self.size = size
        self.scores = list(scores)
        self.names = [shown_name(n) for n in names]  # players' names, however long, fit a header
        self.colours = list(colours)
        self.first_out = first_out
        self.round_number = round_number
        self.rounds = rounds
        self.step_seconds = step_seconds
        self.face = face
        self.boxes: list[IslandBox] = []
        self._glows: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}
        self._grey: dict[tuple, pygame.Surface] = {}
        self._explain: Callable[[Any, Text, str], None] = _no_explain

    # Timing --------------------------------------------------------------------------------------------
    def step_at(self, t: float) -> int:
        return int(t / self.step_seconds)

    @property
    def duration(self) -> float:
        return len(STEPS) * self.step_seconds

    def done(self, t: float) -> bool:
        return t >= self.duration

    def most_volcanoes(self) -> int:
        """R22: M, from the engine's scoring."""
        return most_volcanoes(self.scores)

    # Drawing ---------------------------------------------------------------------------------------------
    def layout(self, boxes: list[IslandBox]) -> None:
        if [b.grid for b in boxes] != [b.grid for b in self.boxes]:
            self._glows.clear()
            self._grey.clear()
        self.boxes = boxes

    def draw(self, surface: pygame.Surface, t: float,
             explain: Callable[[Any, Text, str], None] | None = None) -> None:
        """The moment ``t``; ``explain(rect, text, kind)`` is told what each drawn thing is."""
        self._explain = explain or _no_explain
        step = self.step_at(t)
        for seat, box in enumerate(self.boxes):
            self._draw_island(surface, seat, box, step, t)

    def _draw_island(self, surface: pygame.Surface, seat: int, box: IslandBox, step: int, t: float) -> None:
        sc = self.scores[seat]
        name = self.names[seat]
        explain = self._explain
        theme.draw_frame(surface, "panel_dark", box.panel)
        explain(box.panel, Text.of("ir.explain.scored_island", name=name, n=self.round_number), "island")
        chip = theme.seat_chip(self.colours[seat], box.header.h - theme.px(6))
        surface.blit(chip, chip.get_rect(midleft=(box.header.x, box.header.centery)))
        nx = box.header.x + chip.get_width() + theme.px(8)
        first = step >= STEPS.index("first") and sc.first_out
        badge_w = theme.px(96) if first else 0
        theme.draw_text(surface, name, theme.fit_font(name, "bold", 19, box.header.right - nx - badge_w),
                        palette.GOLD_LIGHT, (nx, box.header.centery), "midleft")
        if first:
            badge = self._badge(surface, tr("ir.ui.first_out_badge"), (box.header.right, box.header.centery),
                                palette.GOLD, palette.INK, "midright")
            explain(badge, Text.of("ir.explain.first_out", name=name), "mark")
        grid = box.grid
        pygame.draw.rect(surface, (24, 52, 70), grid.inflate(theme.px(6), theme.px(6)), border_radius=theme.px(6))
        for i, piece in enumerate(self.grids[seat]):
            r, c = divmod(i, self.size)
            cell = box.cell_rect(r, c)
            if piece is None:
                surface.blit(sprites.cell_hint(sprites.cell_water(r, c, self.size, self.size), cell.w), cell)
                explain(cell, Text.of("ir.explain.scored_empty", name=name), "cell")
            else:
                surface.blit(self.face(piece, cell.w), cell)
                explain(cell, Text.of("ir.explain.scored_tile", name=name, face=face_text(piece.face)), "placed")
        if not sc.valid:
            if step >= 0:
                surface.blit(self._grey_layer(seat, box), grid)
                explain(grid, Text.of("ir.explain.scored_invalid", name=name), "island")
                pulse = 0.5 + 0.5 * math.sin(t * 6)
                for cell, d in sc.water_faults:  # the offending edges circled (A19: the rulebook's "(A)")
                    p = box.edge_point(cell, d)
                    rad = self._fault_radius(box, pulse)
                    w = max(3, theme.px(4))
                    pygame.draw.circle(surface, palette.WHITE, p, rad + w // 2 + 1, w + 2)
                    pygame.draw.circle(surface, BAD, p, rad, w)
                    spot = pygame.Rect(0, 0, 2 * rad, 2 * rad)
                    spot.center = p
                    explain(spot, Text.of("ir.explain.mark_water"), "mark")
            self._draw_lines(surface, seat, box, step)
            return
        if step >= STEPS.index("landscapes"):
            active = step == STEPS.index("landscapes")
            for k, land in enumerate(sc.landscapes):
                glow, centre = self._glow(seat, k, land, box)
                surface.blit(glow, grid)
                if active:
                    a = 0.5 + 0.5 * math.sin(t * 7)
                    glow_a = glow.copy()
                    glow_a.set_alpha(int(90 * a))
                    surface.blit(glow_a, grid)
                badge = self._badge(surface, "+2", (grid.x + centre[0], grid.y + centre[1]), GOOD, palette.INK)
                explain(badge, Text.of("ir.explain.mark_landscape"), "mark")
        if step >= STEPS.index("animals"):
            for cell in sc.animal_cells:
                r = box.cell_rect(*cell)
                badge = self._badge(surface, "+1", (r.right - theme.px(4), r.y + theme.px(4)), (140, 214, 120),
                                    palette.INK, "topright")
                explain(badge, Text.of("ir.explain.mark_animal"), "mark")
        if step >= STEPS.index("volcanoes") and sc.volcano_cells:
            hit = sc.volcano_penalty > 0
            for cell in sc.volcano_cells:
                r = box.cell_rect(*cell)
                ic = sprites.icon("volcano", max(10, box.cell // 3))
                spot = ic.get_rect(bottomleft=(r.x + theme.px(3), r.bottom - theme.px(3)))
                pygame.draw.circle(surface, BAD if hit else palette.PARCHMENT, spot.center, spot.w // 2 + theme.px(3))
                surface.blit(ic, spot)
                key = "ir.explain.mark_volcano_most" if hit else "ir.explain.mark_volcano"
                explain(spot.inflate(theme.px(6), theme.px(6)), Text.of(key, name=name, n=sc.volcanoes), "mark")
        if step >= STEPS.index("empty"):
            for cell in sc.empty_cells:
                r = box.cell_rect(*cell)
                f = theme.font_px("bold", max(12, box.cell // 3))
                theme.draw_text(surface, "\u22121", f, BAD, r.center, "center", outline=palette.WHITE)
                explain(r.inflate(-r.w // 3, -r.h // 3), Text.of("ir.explain.mark_empty"), "mark")
        if step >= STEPS.index("wrong"):
            for cell, d in sc.wrong_joints:
                p = box.edge_point(cell, d)
                size = max(6, box.cell // 7)
                self._cross(surface, p, size)
                spot = pygame.Rect(0, 0, 2 * (size + theme.px(3)), 2 * (size + theme.px(3)))
                spot.center = p
                explain(spot, Text.of("ir.explain.mark_wrong"), "mark")
        self._draw_lines(surface, seat, box, step)

    def _fault_radius(self, box: IslandBox, pulse: float) -> int:
        return max(6, int(box.cell * (0.2 + 0.03 * pulse)))

    def lines_top(self, seat: int, box: IslandBox) -> int:
        """Where an island's score lines start: under its grid, and under the circles marking its water-rule
        faults (R20) where they reach below it, so no circle covers the line that says what they mean."""
        top = box.hand.y
        w = max(3, theme.px(4))
        reach = self._fault_radius(box, 1.0) + w // 2 + 1 + (w + 2) // 2 + theme.px(4)
        for cell, d in self.scores[seat].water_faults:
            top = max(top, box.edge_point(cell, d)[1] + reach)
        return top

    def _draw_lines(self, surface: pygame.Surface, seat: int, box: IslandBox, step: int) -> None:
        sc = self.scores[seat]
        area = box.hand.copy()
        if not sc.valid:   # R20: the circles stay clear of the words
            top = self.lines_top(seat, box)
            area.h -= top - area.y
            area.y = top
        f = theme.font("text", 15)
        fb = theme.font("bold", 15)
        line_h = f.get_linesize()
        name = self.names[seat]
        lines: list[tuple[str, str, tuple, Text]] = []
        if not sc.valid:
            lines.append((tr("ir.ui.invalid"), "0", BAD, Text.of("ir.explain.line.invalid", name=name)))
        else:
            if step >= STEPS.index("animals"):
                lines.append((tr("ir.ui.line.animals", n=sc.animals), _signed(sc.animals), palette.PARCHMENT,
                              Text.of("ir.explain.line.animals", n=sc.animals)))
            if step >= STEPS.index("landscapes"):
                lines.append((tr("ir.ui.line.landscapes", n=len(sc.landscapes)), _signed(sc.landscape_points),
                              palette.PARCHMENT, Text.of("ir.explain.line.landscapes", n=len(sc.landscapes))))
            if step >= STEPS.index("volcanoes"):
                key = "ir.ui.line.volcanoes_most" if sc.volcano_penalty else "ir.ui.line.volcanoes"
                lines.append((tr(key, n=sc.volcanoes), _signed(-sc.volcano_penalty),
                              BAD if sc.volcano_penalty else palette.PARCHMENT,
                              Text.of(key.replace("ir.ui.", "ir.explain."), n=sc.volcanoes,
                                      most=self.most_volcanoes())))
            if step >= STEPS.index("empty"):
                lines.append((tr("ir.ui.line.empty", n=sc.empty), _signed(-sc.empty),
                              BAD if sc.empty else palette.PARCHMENT, Text.of("ir.explain.line.empty", n=sc.empty)))
            if step >= STEPS.index("wrong"):
                lines.append((tr("ir.ui.line.wrong", n=sc.wrong), _signed(-sc.wrong),
                              BAD if sc.wrong else palette.PARCHMENT, Text.of("ir.explain.line.wrong", n=sc.wrong)))
            if step >= STEPS.index("first") and sc.first_out:
                lines.append((tr("ir.ui.line.first"), _signed(sc.first_out), GOOD,
                              Text.of("ir.explain.line.first", name=name)))
            if step >= STEPS.index("total") and sc.floor:
                lines.append((tr("ir.ui.line.floor"), _signed(sc.floor), palette.PARCHMENT,
                              Text.of("ir.explain.line.floor", name=name)))
        y = area.y
        for label, value, colour, why in lines:
            theme.draw_text(surface, label, theme.fit_font(label, "text", 15, area.w - theme.px(40)), colour,
                            (area.x, y))
            theme.draw_text(surface, value, fb, colour, (area.right, y), "topright")
            self._explain(pygame.Rect(area.x, y, area.w, line_h), why, "score")
            y += line_h
        if step >= STEPS.index("total"):
            y += theme.px(2)
            pygame.draw.line(surface, palette.GOLD, (area.x, y), (area.right, y), max(1, theme.px(2)))
            y += theme.px(4)
            big = theme.font("display", 24)
            text = tr("ir.ui.line.round", n=self.round_number)
            theme.draw_text(surface, text, theme.fit_font(text, "display", 24, area.w - theme.px(50)),
                            palette.GOLD_LIGHT, (area.x, y))
            theme.draw_text(surface, str(sc.total), big, palette.GOLD_LIGHT, (area.right, y), "topright")
            self._explain(pygame.Rect(area.x, y, area.w, big.get_linesize()),
                          Text.of("ir.explain.line.round", name=name, n=self.round_number, points=sc.total), "score")
            y += big.get_linesize()
            run = tr("ir.ui.line.running", n=sc.running_total)
            theme.draw_text(surface, run, theme.fit_font(run, "text", 15, area.w), palette.PARCHMENT, (area.x, y))
            self._explain(pygame.Rect(area.x, y, area.w, line_h),
                          Text.of("ir.explain.line.running", name=name, n=sc.running_total), "score")

    # Pieces of the picture ---------------------------------------------------------------------------------
    def _badge(self, surface: pygame.Surface, text: str, pos: tuple[int, int], fill: tuple, ink: tuple,
               anchor: str = "center") -> pygame.Rect:
        f = theme.font("bold", 15)
        w = f.size(text)[0] + theme.px(12)
        h = f.get_height() + theme.px(2)
        r = pygame.Rect(0, 0, max(w, h), h)
        setattr(r, anchor, pos)
        pygame.draw.rect(surface, (0, 0, 0), r.move(1, 2), border_radius=h // 2)
        pygame.draw.rect(surface, fill, r, border_radius=h // 2)
        pygame.draw.rect(surface, palette.INK, r, width=1, border_radius=h // 2)
        theme.draw_text(surface, text, f, ink, r.center, "center")
        return r

    def _cross(self, surface: pygame.Surface, p: tuple[int, int], s: int) -> None:
        pygame.draw.circle(surface, palette.WHITE, p, s + theme.px(3))
        w = max(2, s // 3)
        pygame.draw.line(surface, BAD, (p[0] - s // 1.4, p[1] - s // 1.4), (p[0] + s // 1.4, p[1] + s // 1.4), w)
        pygame.draw.line(surface, BAD, (p[0] - s // 1.4, p[1] + s // 1.4), (p[0] + s // 1.4, p[1] - s // 1.4), w)

    def _grey_layer(self, seat: int, box: IslandBox) -> pygame.Surface:
        key = (seat, box.grid.size)
        if key not in self._grey:
            g = pygame.Surface(box.grid.size, pygame.SRCALPHA)
            g.fill((70, 70, 70, 170))
            self._grey[key] = g
        return self._grey[key]

    def _glow(self, seat: int, index: int, land: Landscape, box: IslandBox) -> tuple[pygame.Surface, tuple[int, int]]:
        """A landscape's area filled softly and outlined in gold (grid-sized surface), and its centre."""
        key = (seat, index, box.cell)
        if key in self._glows:
            return self._glows[key]
        out = pygame.Surface(box.grid.size, pygame.SRCALPHA)
        fill = pygame.Surface(box.grid.size, pygame.SRCALPHA)
        cx = cy = wsum = 0.0
        for (row, col), region in land.nodes:
            piece = self.grids[seat][row * self.size + col]
            if piece is None:
                continue
            face = piece.face
            shape = sprites._shape(face.edges, tuple(sorted(face.regions)))
            for d in face.regions[region]:
                pts = [(col * box.cell + x * box.cell, row * box.cell + y * box.cell) for x, y in shape.polys[d]]
                if len(pts) >= 3:
                    pygame.draw.polygon(fill, (255, 236, 150, 110), pts)
                    area = abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, pts[1:] + pts[:1]))) / 2
                    mx = sum(p[0] for p in pts) / len(pts)
                    my = sum(p[1] for p in pts) / len(pts)
                    cx, cy, wsum = cx + mx * area, cy + my * area, wsum + area
        out.blit(fill, (0, 0))
        mask = pygame.mask.from_surface(fill, 40)
        width = max(2, theme.px(3))
        for comp in mask.connected_components():
            pts = comp.outline(2)
            if len(pts) >= 3:
                pygame.draw.lines(out, (120, 80, 10), True, pts, width + 2)
                pygame.draw.lines(out, GOOD, True, pts, width)
        centre = (int(cx / wsum), int(cy / wsum)) if wsum else (box.grid.w // 2, box.grid.h // 2)
        self._glows[key] = (out, centre)
        return out, centre


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


def round_result_text(number: int, rounds: int) -> Text:
    return Text.of("ir.ui.round_scoring", n=number, rounds=rounds)
