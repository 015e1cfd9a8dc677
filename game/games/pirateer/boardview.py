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

The camera (``game.ui.camera.Camera``, issue 19): at fit (the default) the whole board stands in ``rect`` exactly
as it always has; zoomed in (``zoom_at``, ``pan``, ``centre_on``, ``fit``) ``h`` and ``origin`` follow the camera,
so every square, hit test and picture drawn from them follows it too, ``rect`` is the part of the sea in sight
(it grows with the zoom up to the room the layout gave, the frame round it), ``board_rect`` the whole board on
screen (mostly out of sight), and the map is drawn from the part of its picture in sight (``draw_map``). The
frame keeps its width and prints the names of the rows and columns in sight.
"""
from __future__ import annotations

import logging
import math
from typing import Callable

import pygame

from game.games.pirateer.boardmodel import Board, Cell
from game.ui import palette, theme
from game.ui.camera import Camera

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
MIN_LABEL_PX = theme.MIN_TEXT_PX
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
        #: the view of the board: fit (the whole board, the default) or zoomed in and panned
        self.camera = Camera()
        self.fit_h = self.h                     # h at fit: the frame's width and its names' size follow it
        self.margin_px = 0                      # the frame's width in pixels (``frame_rect``)
        self._crop: tuple[tuple, pygame.Surface, pygame.Rect] | None = None   # the map's part in sight, zoomed

    # -- layout ---------------------------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        """Fit the board rectangle (32h x 24h on the standard board) and its frame (``label_margin`` h on each
        side) into ``area``, centred: the camera's fit. A frame too narrow for the longest printed name (the
        two-board map's rows "BB".."ZZ") is widened to hold it. A zoomed view keeps its zoom and its middle."""
        e = self.board.edges
        m = 2 * self.label_margin
        units_w, units_h = 2 * e.side, e.bottom - e.top
        self.h = max(4.0, min(area.w / (units_w + m), area.h / (units_h + m)))
        need = self._label_room(self.h)
        if need > self.label_margin * self.h:    # names wider than label_margin h: a frame of ``need``
            self.h = max(4.0, min((area.w - 2 * need) / units_w, (area.h - 2 * need) / units_h))
        else:
            need = 0
        w, hh = round(units_w * self.h), round(units_h * self.h)
        self.rect = pygame.Rect(0, 0, w, hh)
        self.rect.center = area.center
        # the board rectangle's top-left is (ox - side*h, oy + top*h)
        self.origin = (self.rect.x + e.side * self.h, self.rect.y - e.top * self.h)
        self.fit_h = self.h
        self.margin_px = max(theme.px(5), round(self.label_margin * self.h), need)
        room = area.inflate(-2 * self.margin_px, -2 * self.margin_px)
        self.camera.layout(self.rect, self.h, room, (units_w, units_h))
        self._follow_camera()

    def _label_room(self, h: float) -> int:
        """The pixels the frame needs for the widest printed name at ``h`` (0 when no names are printed)."""
        if self.label_margin <= 0:
            return 0
        f = theme.font_px("bold", max(MIN_LABEL_PX, int(round(h * LABEL_SIZE))))
        widest = max((f.size(text)[0] for text, _ in self.board.row_labels), default=0)
        return widest + 2

    # -- the camera ------------------------------------------------------------------------------
    def _follow_camera(self) -> None:
        """``h``, ``origin`` and ``rect`` (the part in sight) from the camera."""
        cam, e = self.camera, self.board.edges
        if cam.at_fit:
            self.h, self.rect = self.fit_h, pygame.Rect(cam.fit_rect)
            self.origin = (self.rect.x + e.side * self.h, self.rect.y - e.top * self.h)
            return
        self.h = cam.scale
        self.rect = pygame.Rect(cam.viewport)
        self.origin = (cam.offset[0] + e.side * self.h, cam.offset[1] - e.top * self.h)

    @property
    def zoom(self) -> float:
        """How many times the fit's size the squares are now (1: the whole board in sight)."""
        return self.camera.zoom

    @property
    def at_fit(self) -> bool:
        return self.camera.at_fit

    @property
    def board_rect(self) -> pygame.Rect:
        """The whole board rectangle on screen (at fit: ``rect``; zoomed in, mostly out of sight)."""
        return self.camera.content_rect() if not self.camera.at_fit else pygame.Rect(self.rect)

    def camera_key(self) -> tuple:
        """Changes whenever the view does (caches of what is drawn on the board key on it)."""
        return self.h, self.origin, tuple(self.rect)

    def units(self, p: Point) -> Point:
        """A screen point in the camera's units (half-diagonals from the board's top-left corner)."""
        return self.camera.to_units(p)

    def square_units(self, cell: Cell) -> Point:
        """A square's middle in the camera's units."""
        e = self.board.edges
        u, w = Board.uw(cell)
        return u + e.side, w - e.top

    def zoom_at(self, pos: Point, factor: float) -> None:
        self.camera.zoom_at(pos, factor)
        self._follow_camera()

    def pan(self, dx: float, dy: float) -> None:
        self.camera.pan(dx, dy)
        self._follow_camera()

    def fit(self) -> None:
        self.camera.fit()
        self._follow_camera()

    def centre_on(self, cells: list[Cell] | tuple[Cell, ...], zoom: float | None = None, margin: float = 2.5) -> None:
        """The middle of ``cells`` in the middle of the view, at ``zoom`` (default: the current one), less if
        that leaves some of them (and ``margin`` h round them) out of sight: all of them in view."""
        if not cells:
            return
        pts = [self.square_units(c) for c in cells]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        mid = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        span = (max(xs) - min(xs) + 2 * margin, max(ys) - min(ys) + 2 * margin)
        cam = self.camera
        z = max(1.0, min(cam.max_zoom, zoom if zoom is not None else cam.zoom))
        while z > 1.0:
            cam.centre_on(mid, cam.fit_scale * z)
            v = cam.viewport
            if span[0] * cam.scale <= v.w and span[1] * cam.scale <= v.h:
                break
            z = max(1.0, z / 1.1)
        cam.centre_on(mid, cam.fit_scale * z)
        self._follow_camera()

    def draw_map(self, surface: pygame.Surface) -> None:
        """The map in sight: at fit the whole map in ``rect`` (``background``); zoomed in, the part of it in
        sight, scaled from the map's own picture (a band round the view is scaled with it, so a pan redraws it
        only when it reaches past the band)."""
        if self.camera.at_fit:
            surface.blit(self.background(), self.rect)
            return
        native = _compose_native(self.board) or _drawn_native(self.board)
        k = self.board.tile_half / self.h                 # map pixels a screen pixel
        cam = self.camera
        nw, nh = native.get_size()
        seen = pygame.Rect(int((self.rect.x - cam.offset[0]) * k), int((self.rect.y - cam.offset[1]) * k),
                           int(self.rect.w * k) + 2, int(self.rect.h * k) + 2).clip((0, 0, nw, nh))
        if seen.w <= 0 or seen.h <= 0:
            return
        if self._crop is None or self._crop[0] != (self.h, id(native)) or not self._crop[2].contains(seen):
            band = seen.inflate(seen.w // 2, seen.h // 2).clip((0, 0, nw, nh))
            size = (max(1, round(band.w / k)), max(1, round(band.h / k)))
            self._crop = ((self.h, id(native)), pygame.transform.smoothscale(native.subsurface(band), size), band)
        _key, img, band = self._crop
        at = (round(cam.offset[0] + band.x / k), round(cam.offset[1] + band.y / k))
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        surface.blit(img, at)
        surface.set_clip(clip)

    def background(self) -> pygame.Surface:
        """The map, scaled to the board rectangle at fit (cached per size; zoomed in, ``draw_map`` crops it)."""
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
        """The wooden frame round the map in sight: wide enough for the rows' letters and the columns' numbers when
        they are printed (``label_margin`` h at fit, or the widest name), else a thin rim; as wide zoomed in."""
        m = self.margin_px or max(theme.px(5), round(self.label_margin * self.h))
        return self.rect.inflate(2 * m, 2 * m)

    def label_font(self) -> pygame.font.Font:
        """The font of the printed names: about half a diamond (at fit) tall, never below ``MIN_LABEL_PX``."""
        return theme.font_px("bold", max(MIN_LABEL_PX, int(round(self.fit_h * LABEL_SIZE))))

    def label_rects(self) -> list[tuple[str, pygame.Rect, str]]:
        """Each printed name: (text, its box on screen, "row" or "column"); the rows' letters on the left and
        right edges of the frame, level with their row, the columns' numbers on the top and bottom edges, above
        and below their column (none when the frame is a thin rim); zoomed in, those of the rows and columns in
        sight."""
        key = (tuple(self.rect), self.h, self.origin, self.label_margin)
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
                if not self.rect.top - 1 <= y <= self.rect.bottom + 1:
                    continue                                # out of sight
                for x in (left, right):
                    out.append((text, self._label_box(f, text, x, y), "row"))
            every = self._column_stride(f)
            for k, (text, u) in enumerate(self.board.column_labels):
                x = ox + u * self.h
                if k % every or not self.rect.left - 1 <= x <= self.rect.right + 1:
                    continue                                # out of sight, or a crowded frame's skipped number
                for y in (top, bottom):
                    out.append((text, self._label_box(f, text, x, y), "column"))
        self._labels = (key, out)
        return out

    def _column_stride(self, f: pygame.font.Font) -> int:
        """1 when every column's number fits on the frame apart from its neighbours; else print every 2nd (or 3rd
        ...) number, from 1 (the two-board sea at fit in a small window: 1, 3, 5 ... 33, and all of them once
        zoomed in)."""
        us = sorted(u for _, u in self.board.column_labels)
        step = min((b - a for a, b in zip(us, us[1:])), default=1) * self.h
        widest = max((f.size(text)[0] for text, _ in self.board.column_labels), default=0) + max(3, f.get_height() // 4)
        return max(1, math.ceil(widest / max(step, 1e-6)))

    @staticmethod
    def _label_box(f: pygame.font.Font, text: str, x: float, y: float) -> pygame.Rect:
        w, h = f.size(text)
        box = pygame.Rect(0, 0, w + 2, h)
        box.center = (round(x), round(y))
        return box

    def draw_frame(self, surface: pygame.Surface, names: bool = True) -> None:
        """The wooden frame, with the rows' letters and the columns' numbers printed on it (``names``; a table
        whose camera moves prints them each frame: ``draw_names``)."""
        frame = self.frame_rect()
        pygame.draw.rect(surface, palette.WOOD_DARK, frame, border_radius=theme.px(6))
        if names:
            self.draw_names(surface)

    def draw_names(self, surface: pygame.Surface) -> None:
        """The rows' letters and the columns' numbers in sight, on the frame."""
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
        board = self.board_rect
        if self.board.strait_at(cell) is not None:
            if cy < board.y + self.h:
                cy = board.y + self.h * 0.45
            elif cy > board.bottom - self.h:
                cy = board.bottom - self.h * 0.45
        elif piece and self._upper_anchor(cell):
            cy += self.h * TOP_ANCHOR_DROP
        return cx, cy

    def _upper_anchor(self, cell: Cell) -> bool:
        """An anchor on the board's top edge (above it only the sand past the edge; on the two-board map the
        first board's upper anchors)."""
        e = self.board.edges
        first = self.board.seams[0] if self.board.seams else e.bottom     # the first board's bottom edge
        return Board.uw(cell)[1] < (e.top + first) / 2 and any(h.anchor == cell for h in self.board.harbours)

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


def _drawn_native(board: Board) -> pygame.Surface:
    """The flat diamonds of the fallback drawing at the map's own scale (what the camera crops when the map's
    picture cannot be read)."""
    key = "drawn:" + board.name
    out = _native.get(key)
    if out is None:
        h = board.tile_half
        left, top, w, hh = board.board_rect(h)
        out = pygame.Surface((int(w), int(hh)))
        out.fill(KIND_RGB["land"])
        for cell in board.cells():
            kind = board.kind(cell)
            if kind == "land":
                continue
            pts = [(x - left, y - top) for x, y in Board.diamond(cell, h)]
            pygame.draw.polygon(out, KIND_RGB.get(kind, KIND_RGB["sea"]), pts)
            pygame.draw.polygon(out, palette.SEA_DEEP, pts, 1)
        _native[key] = out
    return out


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
