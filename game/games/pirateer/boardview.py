"""The Pirateer sea on screen: the Tiled map drawn with ``pytmx.load_pygame`` and the geometry that
turns squares into pixels and back (spec section 9: px = ox + (x - y)·h, py = oy + (x + y)·h).

The map (backdrop image layer + terrain tiles, at the map's own h = 32) is composed once into the
board rectangle and scaled once per window size; a frame only blits it. Everything is clipped to the
board rectangle (G1). A missing or unreadable map image never crashes: flat diamonds coloured by
kind replace it (one warning in the log). Round it the frame (``draw_frame``) prints the squares' names as
a city map does (``Board.row_labels``: letters down the left and right edges, ``column_labels``: numbers
along the top and bottom; ``label_rects`` says where, so the table can explain them). ``HitRect`` lets
the shared drag-and-drop controller hit a square (or a harbour) as the diamond it is, not as its bounding
rectangle.
"""
from __future__ import annotations

import logging
import math
from typing import Callable

import pygame

from game.games.pirateer.boardmodel import Board, Cell
from game.ui import palette, theme

log = logging.getLogger("pgn.pirateer")

Point = tuple[float, float]

#: flat colours of the fallback drawing (the map's tiles have the same means)
KIND_RGB = {"sea": (38, 110, 140), "current": (22, 74, 104), "dock": (38, 110, 140), "strait": (30, 96, 128),
            "island": (88, 140, 72), "islet": (200, 178, 120), "land": (206, 186, 132)}

_native: dict[str, pygame.Surface | None] = {}

#: how far below its diamond's middle a piece stands on an upper harbour's anchor, in half-diagonals (h): a
#: ship's picture (1.7 h, standing at 0.79 of its height) then lies within the anchor's square, never over
#: the sand past the board's edge
TOP_ANCHOR_DROP = 0.5
#: the squares' names printed on the frame: the frame's width and the names' height in half-diagonals (h), the
#: smallest font (pixels), their colour
LABEL_MARGIN = 0.72
LABEL_SIZE = 0.5
MIN_LABEL_PX = 10
LABEL_INK = (236, 214, 160)


def _compose_native(board: Board) -> pygame.Surface | None:
    """The board rectangle at the map's own scale, from the board's own .tmx via pytmx (``setup.map_file``: the
    file it was loaded from; None if it cannot be read)."""
    from game.games.pirateer.setup import map_file
    path = map_file(board)
    key = str(path)
    if key in _native:
        return _native[key]
    surface = None
    try:
        import pytmx
        from pytmx.util_pygame import load_pygame

        tmx = load_pygame(key)
        h = board.tile_half
        ox, oy = board.tmx_origin
        left, top, w, hh = board.board_rect(h, (ox, oy))
        surface = pygame.Surface((int(w), int(hh))).convert() if pygame.display.get_surface() else \
            pygame.Surface((int(w), int(hh)))
        surface.fill(KIND_RGB["land"])
        for layer in tmx.layers:
            if isinstance(layer, pytmx.TiledImageLayer) and layer.image is not None:
                surface.blit(layer.image, (getattr(layer, "offsetx", 0) - left, getattr(layer, "offsety", 0) - top))
        terrain = tmx.get_layer_by_name("terrain")
        for x, y, img in terrain.tiles():
            cx, cy = board.centre((x, y), h, (ox, oy))
            surface.blit(img, (cx - img.get_width() / 2 - left, cy - img.get_height() / 2 - top))
    except Exception as exc:  # noqa: BLE001 - a broken map image must not stop the game
        theme.warn_missing("pirateer map image", str(exc))
        surface = None
    _native[key] = surface
    return surface


class BoardView:
    """Where the board sits on screen and how squares map to pixels: the board it is given (a game's own,
    ``state.board``), drawn from that map's file."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.h = 26.0
        self.origin: Point = (0.0, 0.0)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._scaled: tuple[tuple[int, int], pygame.Surface] | None = None
        #: the frame's width in h (0: a thin rim); the table prints the squares' names on it (``draw_frame``)
        self.label_margin = 0.0
        self._labels: tuple[tuple, list[tuple[str, pygame.Rect, str]]] | None = None

    # -- layout ---------------------------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        """Fit the board rectangle (32h x 24h on the standard board) and its frame (``label_margin`` h on each
        side) into ``area``, centred."""
        e = self.board.edges
        m = 2 * self.label_margin
        units_w, units_h = 2 * e.side, e.bottom - e.top
        self.h = max(4.0, min(area.w / (units_w + m), area.h / (units_h + m)))
        w, hh = round(units_w * self.h), round(units_h * self.h)
        self.rect = pygame.Rect(0, 0, w, hh)
        self.rect.center = area.center
        # the board rectangle's top-left is (ox - side*h, oy + top*h)
        self.origin = (self.rect.x + e.side * self.h, self.rect.y - e.top * self.h)

    def background(self) -> pygame.Surface:
        """The map, scaled to the board rectangle (cached per size)."""
        size = self.rect.size
        if self._scaled is not None and self._scaled[0] == size:
            return self._scaled[1]
        native = _compose_native(self.board)
        if native is not None:
            img = pygame.transform.smoothscale(native, size)
        else:
            img = self._drawn(size)
        self._scaled = (size, img)
        return img

    # -- the frame and the squares' names printed on it ----------------------------------------------
    def frame_rect(self) -> pygame.Rect:
        """The wooden frame round the map: wide enough for the rows' letters and the columns' numbers when they
        are printed (``label_margin``), else a thin rim."""
        m = max(theme.px(5), round(self.label_margin * self.h))
        return self.rect.inflate(2 * m, 2 * m)

    def label_font(self) -> pygame.font.Font:
        """The font of the printed names: about half a diamond tall, never below ``MIN_LABEL_PX``."""
        return theme.font_px("bold", max(MIN_LABEL_PX, int(round(self.h * LABEL_SIZE))))

    def label_rects(self) -> list[tuple[str, pygame.Rect, str]]:
        """Each printed name: (text, its box on screen, "row" or "column"); the rows' letters on the left and
        right edges of the frame, level with their row, the columns' numbers on the top and bottom edges, above
        and below their column (none when the frame is a thin rim)."""
        key = (tuple(self.rect), self.h, self.label_margin)
        if self._labels is not None and self._labels[0] == key:
            return self._labels[1]
        out: list[tuple[str, pygame.Rect, str]] = []
        if self.label_margin > 0:
            f = self.label_font()
            frame = self.frame_rect()
            ox, oy = self.origin
            left, right = (frame.left + self.rect.left) / 2, (frame.right + self.rect.right) / 2
            top, bottom = (frame.top + self.rect.top) / 2, (frame.bottom + self.rect.bottom) / 2
            for text, w in self.board.row_labels:
                y = oy + w * self.h
                for x in (left, right):
                    out.append((text, self._label_box(f, text, x, y), "row"))
            for text, u in self.board.column_labels:
                x = ox + u * self.h
                for y in (top, bottom):
                    out.append((text, self._label_box(f, text, x, y), "column"))
        self._labels = (key, out)
        return out

    @staticmethod
    def _label_box(f: pygame.font.Font, text: str, x: float, y: float) -> pygame.Rect:
        w, h = f.size(text)
        box = pygame.Rect(0, 0, w + 2, h)
        box.center = (round(x), round(y))
        return box

    def draw_frame(self, surface: pygame.Surface) -> None:
        """The wooden frame, with the rows' letters and the columns' numbers printed on it."""
        frame = self.frame_rect()
        pygame.draw.rect(surface, palette.WOOD_DARK, frame, border_radius=theme.px(6))
        if self.label_margin <= 0:
            return
        f = self.label_font()
        for text, box, _side in self.label_rects():
            img = theme.render_text(text, f, LABEL_INK)
            surface.blit(img, img.get_rect(center=box.center))

    def _drawn(self, size: tuple[int, int]) -> pygame.Surface:
        out = pygame.Surface(size)
        out.fill(KIND_RGB["land"])
        shift = (-self.rect.x, -self.rect.y)
        for cell in self.board.cells():
            kind = self.board.kind(cell)
            if kind == "land":
                continue
            pts = [(x + shift[0], y + shift[1]) for x, y in self.diamond_at(cell)]
            pygame.draw.polygon(out, KIND_RGB.get(kind, KIND_RGB["sea"]), pts)
            pygame.draw.polygon(out, palette.SEA_DEEP, pts, 1)
        return out

    # -- geometry -------------------------------------------------------------------------------
    def centre(self, cell: Cell) -> Point:
        """Pixel centre of a grid cell (a strait's canonical square is its top half)."""
        return Board.centre(cell, self.h, self.origin)

    def diamond_at(self, cell: Cell) -> tuple[Point, ...]:
        return Board.diamond(cell, self.h, self.origin)

    def halves(self, cell: Cell) -> tuple[Cell, ...]:
        """The grid cells a square is drawn on: a strait has two halves, every other square one."""
        st = self.board.strait_at(cell)
        return (st.top, st.bottom) if st is not None else (cell,)

    def anchor_point(self, cell: Cell, piece: bool = True) -> Point:
        """Where a piece on ``cell`` stands: the middle of its diamond, or for a strait half (cut by
        the board's edge) the middle of the part inside the board; on an upper harbour's anchor, half a
        square lower (``TOP_ANCHOR_DROP``): a ship's picture rises from where it stands over the square
        above, and above a top anchor there is only the sand past the board's edge. ``piece=False``: the
        middle of what is shown of the square (for a mark centred on it: a die badge, a wreck)."""
        cx, cy = self.centre(cell)
        if self.board.strait_at(cell) is not None:
            if cy < self.rect.y + self.h:
                cy = self.rect.y + self.h * 0.45
            elif cy > self.rect.bottom - self.h:
                cy = self.rect.bottom - self.h * 0.45
        elif piece and cy < self.rect.centery and any(h.anchor == cell for h in self.board.harbours):
            cy += self.h * TOP_ANCHOR_DROP
        return cx, cy

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The playable square under a pixel (strait halves give the strait), or None."""
        if not self.rect.collidepoint(pos):
            return None
        cell = self.board.cell_at(pos[0], pos[1], self.h, self.origin)
        if cell is None or not self.board.is_water(cell) or not self.board.on_board(cell):
            return None
        return self.board.canonical(cell)

    def near_half(self, square: Cell, toward: Point) -> Cell:
        """The half of ``square`` nearest a pixel (the square itself unless it is a strait)."""
        halves = self.halves(square)
        if len(halves) == 1:
            return halves[0]
        return min(halves, key=lambda c: math.dist(self.anchor_point(c), toward))

    def path_points(self, start: Cell, squares: tuple[Cell, ...], shown_at: Cell | None = None) -> list[tuple[Point, bool]]:
        """Waypoints of a glide from ``start`` through ``squares`` (the last one is the landing), as
        (point, jump): ``jump`` means the piece leaves by one board edge and comes in at the other,
        as a strait does."""
        cells = [start, *squares]
        out: list[tuple[Point, bool]] = []
        here = shown_at if shown_at is not None else start
        if len(self.halves(start)) > 1 and len(cells) > 1:
            nxt = self.centre(self.halves(cells[1])[0])
            leave = self.near_half(start, nxt)
            out.append((self.anchor_point(here), False))
            if leave != here:
                out.append((self.anchor_point(leave), True))
            here = leave
        else:
            out.append((self.anchor_point(here), False))
        for i, sq in enumerate(squares):
            prev_pt = self.anchor_point(here)
            enter = self.near_half(sq, prev_pt)
            out.append((self.anchor_point(enter), False))
            here = enter
            if len(self.halves(sq)) > 1 and i + 1 < len(squares):
                nxt = self.centre(self.halves(squares[i + 1])[0])
                leave = self.near_half(sq, nxt)
                if leave != enter:
                    out.append((self.anchor_point(leave), True))
                    here = leave
        return out

    def ring_radius(self, r: float) -> float:
        """Pixels of a grid distance ``r`` (V3.2: a grid step is a diamond's side, h·√2)."""
        return r * self.h * math.sqrt(2)


class HitRect(pygame.Rect):
    """A rectangle whose hits are decided by ``hit(pos)``: a board square's diamond (both halves of a
    strait), a harbour's channel and card. The shared drag-and-drop controller asks ``collidepoint`` of its
    draggables and targets; squares of this lattice overlap as rectangles, so they answer as diamonds."""

    def __init__(self, rect: tuple[int, int, int, int] | pygame.Rect, hit: Callable[[tuple[int, int]], bool]):
        super().__init__(rect)
        self.hit = hit

    def collidepoint(self, *pos) -> bool:  # type: ignore[override]
        p = pos[0] if len(pos) == 1 else pos
        return bool(self.hit((int(p[0]), int(p[1]))))


__all__ = ["BoardView", "HitRect", "KIND_RGB"]
