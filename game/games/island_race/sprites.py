"""Island Race pieces as pygame Surfaces, composed at run time from assets/images/island-race/
(drawn by build/art_island_race.py): tile faces, empty-cell hints, the lifted-tile shadow, the
"Done" ribbon, icons and the table.

A face is drawn from its data, so any rotation of any face works. The square is split into four
parts, one per edge, each part the set of points nearer to its edge than to the others; distances
are weighted so water edges give a shallow bay, and a region joining two opposite edges becomes a
band through the middle. Parts of one region share one fill; a coast (beach, foam) runs where land
meets water, a rocky ridge between two regions of the same terrain that touch, a thin seam between
different terrains. The animal and the volcano sit in the largest region.

A face is drawn once per *shape* (its quarter-turns are one shape) and per size, and turned: so a
turned face is exactly the turned image, art included, as with a real tile. Every function is a
pure function of its arguments and cached; do not draw on the returned surfaces (copy them first).
Render faces at a few fixed sizes and scale the result for animations. Missing or unreadable art
never crashes: plain drawn patterns replace it (theme logs one warning per missing file).
"""
from __future__ import annotations

import math
import zlib
from typing import Callable, Iterable, Sequence

import pygame

from game.ui import palette, theme

FOLDER = "island-race"
TERRAIN_NAMES = {"w": "water", "f": "forest", "p": "plains", "d": "desert"}
ANIMALS = ("parrot", "monkey", "turtle", "toucan", "flamingo", "iguana")
ICONS = ANIMALS + ("volcano",)
# Mean colour of each terrain (for fallbacks, score glows, minimaps); the art has the same means.
TERRAIN_RGB = {"w": (45, 124, 177), "f": (34, 79, 43), "p": (115, 160, 65), "d": (230, 203, 143)}
ART_TABLE = (1280, 720)
ART_BANNER = (256, 72)
BANNER_TEXT_BAND = (40, 16, 176, 40)     # x, y, w, h of the ribbon's face at art size
SHADOW_OFFSET = (0.05, 0.09)             # the lifted tile's shadow, shifted by this fraction of the size
ROUND = 9 / 128                          # corner radius of a tile, as a fraction of its size

Size = int | tuple[int, int]
Point = tuple[float, float]

_cache = theme.SurfaceCache(FOLDER, 1024)
_geometry: dict[tuple, "_Shape"] = {}
_spots: dict[tuple, list[tuple[float, float, float]]] = {}

# Geometry weights (see the module docstring).
_W_WATER = 1.55
_W_BAND = 0.72
_K = 2                                    # supersampling of the terrain layer


# --------------------------------------------------------------------------------------------------
# public API
# --------------------------------------------------------------------------------------------------
def render_face(edges: str, regions: tuple[tuple[int, ...], ...], animal: str | None, volcano: bool,
                back: bool, size: int, turn: int | None = None) -> pygame.Surface:
    """A tile face ``size`` px square. ``edges``: 4 chars of w/p/f/d in the order N E S W (already
    turned); ``regions``: the land edge directions (0=N 1=E 2=S 3=W) grouped per landscape area;
    ``back`` adds the clouds of a back face.

    The face turned a quarter is this picture turned a quarter. Faces that look the same after a
    turn (the backs; T45) cannot tell which way they were turned: pass the tile's rotation as
    ``turn`` (0-3) and their picture (the clouds) turns with the tile as well."""
    size = max(1, int(size))
    face = _clean(edges, regions, animal, volcano, back)
    spin = None if turn is None else int(turn) % 4

    def make() -> pygame.Surface:
        if spin is None:
            shape, turns = _canonical(face)
        else:
            shape, turns = _canonical(_turn(face, -spin))
            turns = (turns + spin) % 4
        master = _cached(("master", shape, size), lambda: _draw_face(shape, size))
        return master if turns == 0 else pygame.transform.rotate(master, -90 * turns)
    return _cached(("face", face, size, spin), make)


def cell_water(row: int, col: int, rows: int = 3, cols: int = 3) -> tuple[bool, bool, bool, bool]:
    """Which edges (N, E, S, W) of grid cell (row, col) face the sea, i.e. must be water (R20: the
    engine's ``scoring.outer_edges``; islands are square, ``cols`` is ``rows``)."""
    from game.games.island_race.scoring import outer_edges
    return outer_edges((row, col), max(rows, cols))


def cell_hint(water: Sequence[bool], size: int) -> pygame.Surface:
    """The faint overlay for an empty grid cell: soft waves along the edges that must be water
    (``water`` = N, E, S, W flags, see ``cell_water``) and a light wash where land goes."""
    size = max(1, int(size))
    flags = tuple(bool(w) for w in (tuple(water) + (False,) * 4)[:4])
    return _cached(("hint", flags, size), lambda: _make_hint(flags, size))


def tile_shadow(size: int) -> pygame.Surface:
    """A soft shadow for a lifted tile of ``size``. Blit it centred on the tile's centre moved by
    ``shadow_offset(size)``; it is larger than the tile (the blur spreads)."""
    size = max(1, int(size))
    return _cached(("shadow", size), lambda: _make_shadow(size))


def shadow_offset(size: int) -> tuple[int, int]:
    """How far the lifted tile's shadow falls (down and to the right) from the tile's centre."""
    return (round(size * SHADOW_OFFSET[0]), round(size * SHADOW_OFFSET[1]))


def done_banner(text: str, width: int) -> pygame.Surface:
    """The ribbon shown over a finished player's island, ``width`` px wide (height follows the
    art's shape), with ``text`` (already translated, e.g. "Done · 1st") lettered on it."""
    width = max(8, int(width))
    return _cached(("banner", text, width), lambda: _make_banner(text, width))


def icon(name: str, size: int) -> pygame.Surface:
    """An animal ("parrot", "monkey", "turtle", "toucan", "flamingo", "iguana") or "volcano"
    icon ``size`` px square, with its light outline."""
    size = max(1, int(size))
    return _cached(("icon", name, size), lambda: _make_icon(name, size))


def table_background(size: Size) -> pygame.Surface:
    """The race table (scaled to cover ``size``, centred); a plain wood colour if the art is missing."""
    wh = (int(size), int(size) * ART_TABLE[1] // ART_TABLE[0]) if isinstance(size, int) else \
        (max(1, int(size[0])), max(1, int(size[1])))

    def make() -> pygame.Surface:
        img = theme.image(FOLDER, "race_table.png")
        if img is None:
            out = pygame.Surface(wh)
            out.fill(palette.WOOD)
            inner = pygame.Rect(0, 0, wh[0] * 5 // 6, wh[1] * 5 // 6)
            inner.center = (wh[0] // 2, wh[1] // 2)
            pygame.draw.rect(out, palette.PARCHMENT_DARK, inner, border_radius=max(1, wh[1] // 40))
            return out
        return theme.cover(img, wh)
    return _cached(("table", wh), make)


def terrain_colour(terrain: str) -> tuple[int, int, int]:
    """The mean colour of a terrain letter (w, p, f, d)."""
    return TERRAIN_RGB.get(terrain, TERRAIN_RGB["p"])


def clear_cache() -> None:
    """Forget every composed surface (e.g. after theme.set_asset_root)."""
    _cache.clear()


# --------------------------------------------------------------------------------------------------
# the face's data: cleaning and the canonical quarter-turn
# --------------------------------------------------------------------------------------------------
# A "face" here is (edges, regions (each sorted), icon region or None, animal, volcano, back).
FaceKey = tuple


def _clean(edges: str, regions: Iterable[Iterable[int]], animal: str | None, volcano: bool, back: bool) -> FaceKey:
    """Tolerant normalisation: unknown terrains count as plains, every land edge ends up in exactly
    one region (missing ones get their own), water edges in none."""
    e = "".join(ch if ch in TERRAIN_RGB else "p" for ch in (str(edges).lower() + "wwww")[:4])
    seen: set[int] = set()
    regs: list[tuple[int, ...]] = []
    for region in regions or ():
        ds = tuple(sorted({int(d) % 4 for d in region} - seen))
        ds = tuple(d for d in ds if e[d] != "w")
        if ds:
            seen.update(ds)
            regs.append(ds)
    regs += [(d,) for d in range(4) if e[d] != "w" and d not in seen]
    return (e, tuple(regs), animal if animal else None, bool(volcano), bool(back))


def _turn(face: FaceKey, r: int) -> FaceKey:
    """The face turned r quarter-turns clockwise (edge d moves to d + r)."""
    e, regs, animal, volcano, back = face
    ne = "".join(e[(i - r) % 4] for i in range(4))
    nr = tuple(tuple(sorted((d + r) % 4 for d in reg)) for reg in regs)
    return (ne, nr, animal, volcano, back)


def _canonical(face: FaceKey) -> tuple[tuple, int]:
    """(shape, turns): the face is ``shape`` turned ``turns`` quarter-turns clockwise. The shape keeps
    only what the picture depends on (edges, the set of regions, the region holding the icons) and is
    the face in its reference orientation (water on N and W for a corner, on N for a side; else the
    icons' region turned towards N), where the icons stand upright."""
    best: tuple | None = None
    turns = 0
    for r in range(4):
        e, regs, animal, volcano, back = _turn(face, -r)
        home = _icon_region(e, regs) if (animal or volcano) else None
        shape = (e, tuple(sorted(regs)), home or (), animal or "", volcano, back)
        rank = (e[0] != "w", e[3] != "w", e[1] == "w", home or (), shape)
        if best is None or rank < best:
            best, turns = rank, r
    assert best is not None
    return best[-1], turns


def _icon_region(edges: str, regions: tuple[tuple[int, ...], ...]) -> tuple[int, ...] | None:
    """The largest region by area (the first listed on ties)."""
    if not regions:
        return None
    shape = _shape(edges, tuple(sorted(regions)))
    best, best_area = None, -1.0
    for reg in regions:
        area = sum(shape.areas[d] for d in reg)
        if area > best_area + 1e-9:
            best, best_area = reg, area
    return best


# --------------------------------------------------------------------------------------------------
# geometry (unit square, y down)
# --------------------------------------------------------------------------------------------------
# distance to edge d as a.p + b
_DIST = {0: ((0.0, 1.0), 0.0), 1: ((-1.0, 0.0), 1.0), 2: ((0.0, -1.0), 1.0), 3: ((1.0, 0.0), 0.0)}


class _Shape:
    """The parts of a face: a convex polygon per edge, the label (region) of each part, the
    boundaries between different labels (wobbly polylines), their kinds and the part areas."""

    def __init__(self, edges: str, regions: tuple[tuple[int, ...], ...]):
        self.edges = edges
        self.label = [-1] * 4                  # -1: the water body; else the region index
        for i, reg in enumerate(regions):
            for d in reg:
                self.label[d] = i
        self.weights = [self._weight(d, regions) for d in range(4)]
        self.polys = [self._cell(d) for d in range(4)]
        self.areas = [_area(p) for p in self.polys]
        self.bounds: list[tuple[str, list[Point], int, int]] = []   # (kind, polyline, part d, part e)
        self.wobbly: dict[tuple[int, int], list[Point]] = {}  # (d, e) -> polyline from d's side
        self.straight: list[tuple[Point, Point, str]] = []   # the same boundaries before the wobble
        for d in range(4):
            for e in range(d + 1, 4):
                if self.label[d] == self.label[e]:
                    continue
                seg = self._shared(d, e)
                if seg is None:
                    continue
                td, te = edges[d], edges[e]
                kind = "coast" if (td == "w") != (te == "w") else "ridge" if td == te else "seam"
                line = _wobble(seg[0], seg[1])
                self.wobbly[(d, e)] = line
                self.wobbly[(e, d)] = line[::-1]
                self.bounds.append((kind, line, d, e))
                self.straight.append((seg[0], seg[1], kind))
        self.outlines = [self._outline(d) for d in range(4)]

    def _weight(self, d: int, regions: tuple[tuple[int, ...], ...]) -> float:
        if self.edges[d] == "w":
            return _W_WATER
        reg = regions[self.label[d]]
        if len(reg) == 2 and (reg[0] + 2) % 4 == reg[1]:
            return _W_BAND
        return 1.0

    def f(self, d: int, e: int, p: Point) -> float:
        """<= 0 where edge d is (weighted) at least as near as edge e."""
        (ad, bd), (ae, be) = _DIST[d], _DIST[e]
        wd, we = self.weights[d], self.weights[e]
        return wd * (ad[0] * p[0] + ad[1] * p[1] + bd) - we * (ae[0] * p[0] + ae[1] * p[1] + be)

    def _cell(self, d: int) -> list[Point]:
        poly: list[Point] = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
        for e in range(4):
            if e != d:
                poly = _clip(poly, lambda p, e=e: self.f(d, e, p))
        return poly

    def _shared(self, d: int, e: int) -> tuple[Point, Point] | None:
        pts = [p for p in self.polys[d] if abs(self.f(d, e, p)) < 1e-9]
        if len(pts) < 2:
            return None
        a, b = max(((p, q) for p in pts for q in pts), key=lambda pq: math.dist(*pq))
        if math.dist(a, b) < 1e-6:
            return None
        return (a, b) if a < b else (b, a)

    def _outline(self, d: int) -> list[Point]:
        """Part d's polygon with its boundaries to other labels replaced by the wobbly lines."""
        poly = self.polys[d]
        out: list[Point] = []
        n = len(poly)
        for i in range(n):
            p, q = poly[i], poly[(i + 1) % n]
            out.append(p)
            for e in range(4):
                line = self.wobbly.get((d, e))
                if line is None:
                    continue
                if math.dist(line[0], p) < 1e-9 and math.dist(line[-1], q) < 1e-9:
                    out.extend(line[1:-1])
                elif math.dist(line[-1], p) < 1e-9 and math.dist(line[0], q) < 1e-9:
                    out.extend(line[-2:0:-1])
        return out

    def label_at(self, p: Point) -> int:
        best, bd = 0, 9.0
        for d in range(4):
            (a, b), w = _DIST[d], self.weights[d]
            v = w * (a[0] * p[0] + a[1] * p[1] + b)
            if v < bd - 1e-12:
                best, bd = d, v
        return self.label[best]


def _shape(edges: str, regions: tuple[tuple[int, ...], ...]) -> _Shape:
    key = (edges, regions)
    s = _geometry.get(key)
    if s is None:
        if len(_geometry) > 512:
            _geometry.clear()
        s = _geometry[key] = _Shape(edges, regions)
    return s


def _clip(poly: list[Point], f: Callable[[Point], float]) -> list[Point]:
    """Sutherland-Hodgman: the part of a convex polygon where f <= 0 (f affine)."""
    out: list[Point] = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        fp, fq = f(p), f(q)
        if fp <= 1e-12:
            out.append(p)
        if (fp < -1e-12 < fq) or (fq < -1e-12 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    # drop repeated points
    clean: list[Point] = []
    for p in out:
        if not clean or math.dist(p, clean[-1]) > 1e-9:
            clean.append(p)
    if len(clean) > 1 and math.dist(clean[0], clean[-1]) < 1e-9:
        clean.pop()
    # drop vertices that lie on a straight run (so each side of the polygon is one edge)
    i = 0
    while len(clean) > 3 and i < len(clean):
        a, b, c = clean[i - 1], clean[i], clean[(i + 1) % len(clean)]
        if abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) < 1e-10:
            clean.pop(i)
        else:
            i += 1
    return clean


def _area(poly: Sequence[Point]) -> float:
    s = 0.0
    for i in range(len(poly)):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % len(poly)]
        s += x0 * y1 - x1 * y0
    return abs(s) / 2


def _wobble(a: Point, b: Point, n: int = 12) -> list[Point]:
    """A gently waving line from a to b (ends fixed), the same for the same two points."""
    length = math.dist(a, b)
    seed = zlib.crc32(f"{a[0]:.4f},{a[1]:.4f},{b[0]:.4f},{b[1]:.4f}".encode())
    ph1, ph2 = (seed % 628) / 100, ((seed >> 10) % 628) / 100
    nx, ny = (a[1] - b[1]) / length, (b[0] - a[0]) / length
    amp = 0.03 * min(1.0, length / 0.5)
    pts = []
    for i in range(n + 1):
        t = i / n
        wave = 0.7 * math.sin(2 * math.pi * 1.5 * t + ph1) + 0.45 * math.sin(2 * math.pi * 3.2 * t + ph2)
        off = amp * math.sin(math.pi * t) * wave
        pts.append((a[0] + (b[0] - a[0]) * t + nx * off, a[1] + (b[1] - a[1]) * t + ny * off))
    return pts


def _icon_spots(shape: _Shape, home: tuple[int, ...], count: int) -> list[tuple[float, float, float]]:
    """Where ``count`` icons go inside region ``home`` and how big (x, y, size as fractions of the
    tile): far from the region's borders (farther from a coast, which has a beach), near the middle."""
    label = shape.label[home[0]]
    segs = [(a, b, 0.09 if kind == "coast" else 0.035) for a, b, kind in shape.straight]   # beach: keep off
    lo, hi = (0.3, 0.4) if count == 1 else (0.27, 0.33)
    grid = 24
    cands = []
    for j in range(grid):
        for i in range(grid):
            p = ((i + 0.5) / grid, (j + 0.5) / grid)
            if shape.label_at(p) != label:
                continue
            clear = min(p[0], 1 - p[0], p[1], 1 - p[1]) - 0.045
            for s0, s1, margin in segs:
                clear = min(clear, _seg_dist(p, s0, s1) - margin)
            cands.append((p, clear))
    if not cands:
        return [(0.5, 0.5, lo)] * count
    spots: list[tuple[float, float, float]] = []
    for _ in range(count):
        best, best_clear, best_score = cands[0][0], 0.0, -9.0
        for p, clear in cands:
            c = clear
            for x, y, sz in spots:
                c = min(c, math.dist(p, (x, y)) - sz * 0.45)
            score = min(c, hi * 0.45) - 0.06 * math.dist(p, (0.5, 0.5))
            if score > best_score + 1e-12:
                best, best_clear, best_score = p, c, score
        size = max(lo, min(hi, best_clear / 0.45))
        spots.append((best[0], best[1], size))
    return spots


def _seg_dist(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    l2 = dx * dx + dy * dy
    t = 0.0 if l2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2))
    return math.dist(p, (a[0] + dx * t, a[1] + dy * t))


# --------------------------------------------------------------------------------------------------
# drawing a face
# --------------------------------------------------------------------------------------------------
def _draw_face(shape_key: tuple, size: int) -> pygame.Surface:
    edges, regions, home, animal, volcano, back = shape_key
    S = size * _K
    shape = _shape(edges, regions)
    layer = pygame.Surface((S, S), pygame.SRCALPHA)
    seed = zlib.crc32(repr(shape_key[:2]).encode())
    tex_px = max(40, round(size * 0.8)) * _K
    # 1. labels: one colour per label, polygons without anti-aliasing (an exact partition)
    labels = pygame.Surface((S, S))
    labels.fill(_label_colour(shape.label[0]))
    for d in range(4):
        pts = [(x * S, y * S) for x, y in shape.outlines[d]]
        if len(pts) >= 3:
            pygame.draw.polygon(labels, _label_colour(shape.label[d]), pts)
    # 2. the terrain of each label through its mask
    masks: dict[int, pygame.mask.Mask] = {}
    for lab in sorted(set(shape.label)):
        m = pygame.mask.from_threshold(labels, _label_colour(lab), (1, 1, 1, 255))
        masks[lab] = m
        terrain = edges[shape.label.index(lab)]
        m.to_surface(layer, setsurface=_terrain_fill(terrain, S, tex_px, seed + lab), unsetcolor=None)
    # 3. boundaries
    _forest_shade(layer, shape, masks, S)
    water = masks.get(-1)
    if water is not None and any(b[0] == "coast" for b in shape.bounds):
        _coast(layer, shape, water, S)
    for kind, line, _, _ in shape.bounds:
        pts = [(x * S, y * S) for x, y in line]
        if kind == "seam":
            _stroke(layer, (40, 34, 20, 70), [pts], max(1.5, S * 0.014))
        elif kind == "ridge":
            _ridge(layer, pts, S)
    out = _smooth(layer, (size, size))
    # 4. icons in the home region
    names = ([animal] if animal else []) + (["volcano"] if volcano else [])
    if names and home:
        spots = _spots.get(shape_key)
        if spots is None:
            spots = _spots[shape_key] = _icon_spots(shape, home, len(names))
        for name, (x, y, frac) in zip(names, spots):
            img = icon(name, max(6, round(size * frac)))
            out.blit(img, img.get_rect(center=(round(x * size), round(y * size))))
    # 5. clouds on back faces, then the rounded corners and the rim
    if back:
        cl = theme.image(FOLDER, "clouds.png")
        out.blit(_smooth(cl, (size, size)) if cl is not None else _plain_clouds(size), (0, 0))
    fr = theme.image(FOLDER, "frame.png")
    out.blit(_smooth(fr, (size, size)) if fr is not None else _plain_frame(size), (0, 0))
    out.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MAX)   # opaque (blending rounds alpha)...
    _round_corners(out)                                               # ...but for the rounded corners
    return out


def _label_colour(label: int) -> tuple[int, int, int]:
    return (label + 2, 40, 200)


def _terrain_fill(terrain: str, S: int, tex_px: int, seed: int) -> pygame.Surface:
    """An S x S surface (32-bit with alpha) tiled with the terrain texture shown tex_px wide."""
    name = TERRAIN_NAMES.get(terrain, "plains")
    tile = _cached(("tex", name, tex_px), lambda: _texture(name, tex_px))
    out = pygame.Surface((S, S), pygame.SRCALPHA)
    ox, oy = -(seed % tex_px), -((seed >> 8) % tex_px)
    for y in range(oy, S, tex_px):
        for x in range(ox, S, tex_px):
            out.blit(tile, (x, y))
    return out


def _texture(name: str, px: int) -> pygame.Surface:
    img = theme.image(FOLDER, f"terrain_{name}.png")
    src = img if img is not None else _plain_texture(name)
    out = pygame.Surface((px, px), pygame.SRCALPHA)
    out.blit(_smooth(src, (px, px)), (0, 0))
    return out


def _forest_shade(layer: pygame.Surface, shape: _Shape, masks: dict[int, pygame.mask.Mask], S: int) -> None:
    """The forest's canopy casts a soft shade on the open land beside it."""
    for kind, line, d, e in shape.bounds:
        if kind != "seam" or "f" not in (shape.edges[d], shape.edges[e]):
            continue
        other = shape.label[e] if shape.edges[d] == "f" else shape.label[d]
        shade = pygame.Surface((S, S), pygame.SRCALPHA)
        _stroke(shade, (24, 40, 16), [[(x * S, y * S) for x, y in line]], S * 0.07)
        shade.blit(masks[other].to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0)), (0, 0),
                   special_flags=pygame.BLEND_RGBA_MULT)
        shade.fill((255, 255, 255, 60), special_flags=pygame.BLEND_RGBA_MULT)
        layer.blit(shade, (0, 0))


def _coast(layer: pygame.Surface, shape: _Shape, water: pygame.mask.Mask, S: int) -> None:
    lines = [[(x * S, y * S) for x, y in line] for kind, line, _, _ in shape.bounds if kind == "coast"]
    wet = water.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))
    land = water.copy()
    land.invert()
    dry = land.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))
    # water side: a light shallow band and a line of foam
    sea = pygame.Surface((S, S), pygame.SRCALPHA)
    _stroke(sea, (120, 214, 226, 130), lines, S * 0.2)
    _stroke(sea, (150, 226, 232, 150), lines, S * 0.1)
    _stroke(sea, (248, 252, 250, 235), lines, S * 0.045)
    sea.blit(wet, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    layer.blit(sea, (0, 0))
    # land side: a sandy beach with a soft inner edge
    sand = pygame.Surface((S, S), pygame.SRCALPHA)
    _stroke(sand, (150, 120, 70, 90), lines, S * 0.15)
    _stroke(sand, (244, 226, 176, 255), lines, S * 0.125)
    _stroke(sand, (222, 198, 146, 255), lines, S * 0.03)
    sand.blit(dry, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    layer.blit(sand, (0, 0))


def _ridge(layer: pygame.Surface, pts: list[Point], S: int) -> None:
    """A rocky ridge along a boundary between two regions of the same terrain."""
    _stroke(layer, (58, 48, 40, 255), [pts], S * 0.085)
    _stroke(layer, (140, 128, 112, 255), [pts], S * 0.062)
    _stroke(layer, (186, 176, 160, 255), [[(x - S * 0.008, y - S * 0.008) for x, y in pts]], S * 0.022)
    # boulders along the ridge
    total = sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))
    step = S * 0.09
    dist_acc, k = step / 2, 0
    for a, b in zip(pts, pts[1:]):
        seg = math.dist(a, b)
        while dist_acc <= seg and seg > 0:
            t = dist_acc / seg
            x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
            r = S * (0.03 + 0.008 * ((k * 7) % 3))
            pygame.draw.circle(layer, (58, 48, 40), (x + r * 0.15, y + r * 0.2), r)
            pygame.draw.circle(layer, (156, 146, 130), (x, y), r * 0.82)
            pygame.draw.circle(layer, (204, 196, 182), (x - r * 0.3, y - r * 0.3), r * 0.35)
            dist_acc += step
            k += 1
        dist_acc -= seg
    del total


def _stroke(surf: pygame.Surface, colour: Sequence[int], lines: Sequence[Sequence[Point]], width: float) -> None:
    """Thick polylines with round joins; a translucent colour is applied once (no double blending)."""
    alpha = colour[3] if len(colour) > 3 else 255
    target = surf if alpha >= 255 else pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    paint = tuple(colour[:3])
    r = width / 2
    for pts in lines:
        for a, b in zip(pts, pts[1:]):
            dx, dy = b[0] - a[0], b[1] - a[1]
            ln = math.hypot(dx, dy)
            if ln > 0:
                nx, ny = -dy / ln * r, dx / ln * r
                pygame.draw.polygon(target, paint, [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                                                    (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)])
        for p in pts:
            pygame.draw.circle(target, paint, p, r)
    if target is not surf:
        target.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(target, (0, 0))


def _smooth(img: pygame.Surface, wh: tuple[int, int]) -> pygame.Surface:
    """Scale with smoothscale, halving first on big reductions so thin lines survive."""
    if img.get_size() == wh:
        return img.copy()
    while img.get_width() >= wh[0] * 2 and img.get_height() >= wh[1] * 2:
        img = pygame.transform.smoothscale(img, (max(wh[0], img.get_width() // 2), max(wh[1], img.get_height() // 2)))
    return pygame.transform.smoothscale(img, wh)


def _round_mask(size: int) -> pygame.Surface:
    def make() -> pygame.Surface:
        k = 4
        big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
        pygame.draw.rect(big, (255, 255, 255, 255), big.get_rect(), border_radius=max(1, round(size * k * ROUND)))
        return pygame.transform.smoothscale(big, (size, size))
    return _cached(("round", size), make)


def _round_corners(surf: pygame.Surface) -> None:
    surf.blit(_round_mask(surf.get_width()), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


# --------------------------------------------------------------------------------------------------
# other pieces
# --------------------------------------------------------------------------------------------------
def _make_icon(name: str, size: int) -> pygame.Surface:
    img = theme.image(FOLDER, f"icon_{name}.png") if name in ICONS else None
    if img is not None:
        return _smooth(img, (size, size))
    return _plain_icon(name, size)


def _make_hint(flags: tuple[bool, ...], size: int) -> pygame.Surface:
    n = sum(flags)
    if n == 0:
        name, turns = "hint_centre.png", 0
    elif n == 1:
        name, turns = "hint_side.png", flags.index(True)
    elif n == 2 and any(flags[d] and flags[(d + 1) % 4] for d in range(4)):
        d = next(d for d in range(4) if flags[d] and flags[(d + 1) % 4])
        name, turns = "hint_corner.png", (d + 1) % 4   # the art has water on W and N (d = 3)
    else:
        return _plain_hint(flags, size)
    img = theme.image(FOLDER, name)
    if img is None:
        return _plain_hint(flags, size)
    return _smooth(pygame.transform.rotate(img, -90 * turns), (size, size))


def _make_shadow(size: int) -> pygame.Surface:
    pad = max(2, size // 6)
    full = size + 2 * pad
    small_n = max(6, full // 4)
    small = pygame.Surface((small_n, small_n), pygame.SRCALPHA)
    side = max(2, round(size * small_n / full))
    r = pygame.Rect(0, 0, side, side)
    r.center = (small_n // 2, small_n // 2)
    pygame.draw.rect(small, (20, 12, 4, 140), r, border_radius=max(1, round(side * ROUND)))
    return pygame.transform.smoothscale(small, (full, full))


def _make_banner(text: str, width: int) -> pygame.Surface:
    h = max(4, round(width * ART_BANNER[1] / ART_BANNER[0]))
    img = theme.image(FOLDER, "done_banner.png")
    if img is not None:
        out = _smooth(img, (width, h))
    else:
        out = pygame.Surface((width, h), pygame.SRCALPHA)
        band = pygame.Rect(width // 10, h // 5, width * 8 // 10, h * 3 // 5)
        pygame.draw.rect(out, (170, 52, 40), band, border_radius=max(1, h // 12))
        pygame.draw.rect(out, palette.GOLD, band, width=max(1, h // 24), border_radius=max(1, h // 12))
    if text:
        sx, sy = width / ART_BANNER[0], h / ART_BANNER[1]
        x, y, bw, bh = BANNER_TEXT_BAND
        band = pygame.Rect(round(x * sx), round(y * sy), round(bw * sx), round(bh * sy))
        px = max(6, int(band.h * 0.78))
        fnt = theme.font_px("display", px)
        while px > 6 and fnt.size(text)[0] > band.w:
            px -= 1
            fnt = theme.font_px("display", px)
        theme.draw_text(out, text, fnt, palette.PARCHMENT, (band.centerx, band.centery), "center",
                        outline=(70, 16, 12), outline_px=max(1, px // 14))
    return out


def _cached(key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    return _cache.get(key, make)


# --------------------------------------------------------------------------------------------------
# plain fallbacks (missing art): still a pattern per terrain, not only a colour
# --------------------------------------------------------------------------------------------------
def _plain_texture(name: str) -> pygame.Surface:
    s = 32
    letter = {v: k for k, v in TERRAIN_NAMES.items()}.get(name, "p")
    base = TERRAIN_RGB[letter]
    out = pygame.Surface((s, s), pygame.SRCALPHA)
    out.fill(base)
    dark = tuple(max(0, int(c * 0.8)) for c in base)
    light = tuple(min(255, int(c + (255 - c) * 0.25)) for c in base)
    if letter == "w":
        for x0, y0 in ((4, 8), (20, 24)):
            pygame.draw.arc(out, light, pygame.Rect(x0, y0, 10, 6), 0.3, 2.8, 2)
    elif letter == "f":
        for x0, y0 in ((8, 8), (24, 8), (16, 22), (0, 22), (32, 22)):
            pygame.draw.circle(out, dark, (x0, y0), 6, 2)
            pygame.draw.circle(out, light, (x0 - 2, y0 - 2), 2)
    elif letter == "p":
        for x0, y0 in ((6, 6), (22, 14), (10, 24)):
            for dx in (-2, 0, 2):
                pygame.draw.line(out, dark, (x0, y0 + 3), (x0 + dx, y0 - 2), 1)
    else:
        for y0 in (6, 17, 28):
            ripple = [(x, y0 + round(2 * math.sin(x / 5.1))) for x in range(0, s + 1, 4)]
            pygame.draw.lines(out, dark, False, ripple, 1)
    return out


_ICON_RGB = {"parrot": (214, 44, 38), "monkey": (132, 84, 46), "turtle": (120, 96, 52), "toucan": (250, 140, 30),
             "flamingo": (246, 128, 150), "iguana": (78, 170, 70), "volcano": (128, 100, 84)}


def _plain_icon(name: str, size: int) -> pygame.Surface:
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    rgb = _ICON_RGB.get(name, palette.INK)
    if name == "volcano":
        pts = [(size * x, size * y) for x, y in ((0.08, 0.9), (0.38, 0.25), (0.62, 0.25), (0.92, 0.9))]
        pygame.draw.polygon(out, palette.PARCHMENT, pts, max(1, size // 10))
        pygame.draw.polygon(out, rgb, pts)
        pygame.draw.ellipse(out, (240, 84, 30), pygame.Rect(size * 0.36, size * 0.18, size * 0.28, size * 0.14))
    else:
        pygame.draw.circle(out, palette.PARCHMENT, (c, c), size * 0.46)
        pygame.draw.circle(out, rgb, (c, c), size * 0.38)
        if size >= 12:
            f = theme.font_px("bold", max(6, int(size * 0.5)))
            letter = f.render(name[:1].upper(), True, palette.WHITE)
            out.blit(letter, letter.get_rect(center=(round(c), round(c))))
    return out


def _plain_clouds(size: int) -> pygame.Surface:
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    for cx, cy, r in ((0.34, 0.34, 0.13), (0.44, 0.32, 0.15), (0.68, 0.7, 0.12), (0.76, 0.68, 0.1)):
        pygame.draw.circle(out, (250, 252, 255, 200), (cx * size, cy * size), r * size)
    return out


def _plain_frame(size: int) -> pygame.Surface:
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(out, (30, 22, 14, 230), out.get_rect(), width=max(1, size // 48),
                     border_radius=max(1, round(size * ROUND)))
    return out


def _plain_hint(flags: tuple[bool, ...], size: int) -> pygame.Surface:
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    out.fill((250, 236, 196, 40))
    band = max(1, size // 4)
    rects = (pygame.Rect(0, 0, size, band), pygame.Rect(size - band, 0, band, size),
             pygame.Rect(0, size - band, size, band), pygame.Rect(0, 0, band, size))
    for on, r in zip(flags, rects):
        if on:
            out.fill((80, 170, 220, 90), r)
    return out
