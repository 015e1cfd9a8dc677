"""Pirates, Planks & Pesetas pieces as pygame Surfaces, scaled from assets/images/planks/ (drawn by
build/make_planks_art.py), with what depends on the game drawn here: the pirates' colours and symbols,
the size numbers on their stands, the seat symbol on a movement board.

Every function is a pure function of its arguments and cached (``theme.SurfaceCache``); do not draw on
a returned surface (copy it first). Missing or unreadable art never crashes: a plain drawn piece
replaces it and ``theme.image`` logs one warning naming the missing file. Sizes are screen pixels.

Colours. A pirate's ``colour`` is one of the game's colours ``"red"``, ``"green"``, ``"blue"``,
``"yellow"`` (drawn in the colour-blind-safe palette colours vermilion, bluish-green, blue and yellow,
each with its palette symbol: anchor, compass, wheel, star; ``COLOUR_RGB``, ``COLOUR_SYMBOL``) or a
seat index (``int``: that seat's palette colour and symbol), so the scene may draw pirates in their
seat's colour. The symbol is on every standee's coat and every board's end cap.

Pieces:

- ``ship(height)``: the ship from above, bow up (art 600x720, transparent around it). Where things are on
  it, in the returned surface's pixels: ``place_point(plank, place, height)`` (plank 0-11, place 0 =
  front, over the water, 2 = back, at the deck), ``chest_point(plank, height)`` (a chest's foot),
  ``ladder_points(height)`` (top at the stern rail, foot in the water), ``ring_points(height)`` (the
  deck ring through the chest places, clockwise from plank-0), ``plank_rect(plank, height)`` (a lane,
  for hit tests and highlights). Plank ids follow the spec: 0-5 starboard (right) from the bow, 6-11
  port (left) from the stern.
- ``standee(colour, size, height)``: a pirate of ``size`` 1-5 on its stand, the number on the stand.
  ``height`` is the canvas height, the same for every size, so the figures' heights compare (size 5 is
  about 0.86 of it, size 1 about 0.36). Blit it with ``standee_foot(height)`` on the place's point.
  Suggested height: 0.12 x the ship's height.
- ``chest(big, height, facing=1)``: a chest on its stand, open to the right (``facing=-1``: to the
  left). Big: wide, domed lid, white round stand with an up arrow; small: narrow, flat lid, black square
  stand with a down arrow. ``chest_foot(height, facing)``; ``chest_facing(plank)`` gives the facing
  toward the plank. Suggested height: 0.13 x the ship's height.
- ``island(width)`` (art 320x200) and ``island_spots(n, width)``: ``n`` feet points for castaways.
- ``bag(size)``: the treasure bag (the scene letters the count beside it).
- ``treasure(kind, height)``: a die-cut tile of ``kind`` (spec 2.4 ids: pearl ... dagger); its width
  grows with the kind's length (40 + 8 x length at 64 high). ``treasure_silhouette(kind, height,
  colour)``: the tile's outline filled in one colour (the feel-draw offer shows shapes).
- ``board(colour, width)``: the movement board, 13 spaces 12 ... 1, "0/1" left to right, the colour's
  end cap with its symbol at the left. ``board_space(budget, width)``: the centre of the space for a
  budget (12 ... 0) in the board's pixels. ``counter(colour, width)`` / ``counter_space(turns, width)``:
  the 2-player turn counter (3, 2, 1, "0/1"). ``clip(height)``: the clothes-peg, 0.5 as wide as high
  (suggested height: 0.8 x the board's); put its bottom tip on ``clip_point(space, width)``: it grips
  the board's top edge above the space and leaves the number readable.
- ``splash(frame, size)``, frames ``0 .. SPLASH_FRAMES - 1``: a pirate falling into the sea.
- ``table_background(size)``: the sea around the ship (covers ``size``).
"""
from __future__ import annotations

import functools

import pygame

from game.ui import palette, theme

FOLDER = "planks"
COLOURS = ("red", "green", "blue", "yellow")
# The game's four colours in the palette's colour-blind-safe seat colours, each with that seat's symbol.
_COLOUR_SEAT = {"red": 0, "green": 3, "blue": 4, "yellow": 2}
COLOUR_RGB = {c: palette.SEAT_COLOURS[s][1] for c, s in _COLOUR_SEAT.items()}
COLOUR_SYMBOL = {c: palette.SEAT_COLOURS[s][2] for c, s in _COLOUR_SEAT.items()}
SIZES = (1, 2, 3, 4, 5)
KINDS = ("pearl", "ring", "doubloon", "ruby", "emerald", "brooch", "amulet", "goblet", "crown", "gold-bar",
         "necklace", "dagger")
LENGTHS = {k: i + 1 for i, k in enumerate(KINDS)}
SPLASH_FRAMES = 4

# Art geometry (build/make_planks_art.py draws to these numbers).
ART_SHIP = (600, 720)
_CX = 300
_PLANK_Y = (196, 276, 356, 436, 516, 596)
_PLANK_IN, _PLANK_OUT, _PLANK_T = 110, 292, 34
_PLACE_DX = (262, 210, 158)
_CHEST_DX = 76
_LADDER_TOP, _LADDER_FOOT = (300, 650), (300, 690)
_RING_TOP, _RING_BOTTOM = _PLANK_Y[0] - 58, _PLANK_Y[5] + 34
ART_STANDEE = (64, 128)
_STANDEE_FOOT = (32, 118)
_STANDEE_H = {1: 46, 2: 62, 3: 78, 4: 94, 5: 110}
_STANDEE_TORSO = {1: 94.5, 2: 82.3, 3: 70.5, 4: 58.7, 5: 46.9}   # the coat's middle (art y), for the symbol
_STANDEE_COAT = {1: 16.8, 2: 27.6, 3: 38.4, 4: 49.2, 5: 60.0}    # the coat's height (art px)
_NUMBER_DISC = (32, 110.5)     # the number's centre on the stand
ART_CHEST = (112, 96)
_CHEST_FOOT = (52, 84)
ART_ISLAND = (320, 200)
ART_BAG = 128
TILE_H = 64
ART_BOARD = (448, 64)
ART_COUNTER = (208, 64)
_BOARD_CAP = 56                # the coloured end cap's width
ART_CLIP = (32, 64)
ART_SPLASH = 96
ART_TABLE = (1280, 720)

Point = tuple[int, int]
_cache = theme.SurfaceCache(FOLDER, 512)


# --------------------------------------------------------------------------------------------------
# colours
# --------------------------------------------------------------------------------------------------
def colour_rgb(colour: str | int) -> tuple[int, int, int]:
    """The RGB of a game colour name or a seat index."""
    if isinstance(colour, str):
        return COLOUR_RGB.get(colour, (150, 150, 150))
    return theme.seat_colour(int(colour))


def palette_index(colour: str | int) -> int:
    """The palette seat colour (``palette.SEAT_COLOURS`` index) a game colour is drawn in: a player of this game
    is shown everywhere on its table (name chips, log, results) in the colour of their pirates."""
    return _symbol_seat(colour)


def _symbol_seat(colour: str | int) -> int:
    """The palette seat whose symbol goes with ``colour``."""
    if isinstance(colour, str):
        return _COLOUR_SEAT.get(colour, 7)
    return int(colour) % len(palette.SEAT_COLOURS)


def _tint_rgb(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """The multiply colour: very dark colours are lifted a little so shading shows."""
    r, g, b = rgb
    if 0.299 * r + 0.587 * g + 0.114 * b < 70:
        return (min(255, r + 34), min(255, g + 34), min(255, b + 38))
    return (r, g, b)


# --------------------------------------------------------------------------------------------------
# the ship and where things are on it
# --------------------------------------------------------------------------------------------------
def ship(height: int) -> pygame.Surface:
    """The ship seen from above, bow up, ``ship_size(height)`` px."""
    wh = ship_size(height)
    return _cached(("ship", wh), lambda: _art_or("ship.png", wh, _plain_ship))


def ship_size(height: int) -> tuple[int, int]:
    h = max(1, int(height))
    return (max(1, round(h * ART_SHIP[0] / ART_SHIP[1])), h)


def _k(height: int) -> float:
    return max(1, int(height)) / ART_SHIP[1]


def _side_pos(plank: int) -> tuple[int, int]:
    p = int(plank) % 12
    return (1, p) if p < 6 else (-1, 11 - p)


def place_point(plank: int, place: int, height: int) -> Point:
    """Centre of ``place`` (0 = front, 1 = middle, 2 = back) of ``plank`` on ``ship(height)``."""
    side, pos = _side_pos(plank)
    k = _k(height)
    return (round((_CX + side * _PLACE_DX[max(0, min(2, place))]) * k), round(_PLANK_Y[pos] * k))


def chest_point(plank: int, height: int) -> Point:
    """Where a chest at ``plank`` stands (blit ``chest`` with ``chest_foot`` here)."""
    side, pos = _side_pos(plank)
    k = _k(height)
    return (round((_CX + side * _CHEST_DX) * k), round((_PLANK_Y[pos] + 10) * k))


def chest_facing(plank: int) -> int:
    """+1: the chest opens to the right (starboard planks 0-5); -1: to the left (port)."""
    return _side_pos(plank)[0]


def plank_rect(plank: int, height: int) -> pygame.Rect:
    """The plank's lane (from its inner end at the rail to its outer end)."""
    side, pos = _side_pos(plank)
    k = _k(height)
    x0, x1 = sorted((_CX + side * _PLANK_IN, _CX + side * (_PLANK_OUT + 3)))
    y = _PLANK_Y[pos]
    return pygame.Rect(round(x0 * k), round((y - _PLANK_T / 2) * k), round((x1 - x0) * k), round(_PLANK_T * k))


def ladder_points(height: int) -> tuple[Point, Point]:
    """(top at the stern rail, foot in the water) of the ladder."""
    k = _k(height)
    return ((round(_LADDER_TOP[0] * k), round(_LADDER_TOP[1] * k)), (round(_LADDER_FOOT[0] * k), round(_LADDER_FOOT[1] * k)))


def ring_points(height: int) -> list[Point]:
    """The deck ring through the 12 chest places, clockwise from plank-0 (a closed path: the last point
    joins the first), with the turns round the stern and the bow."""
    k = _k(height)
    r = _CHEST_DX
    pts: list[tuple[float, float]] = [(_CX + r, y) for y in _PLANK_Y]
    pts += [(_CX + r * 0.7, _RING_BOTTOM - 8), (_CX, _RING_BOTTOM), (_CX - r * 0.7, _RING_BOTTOM - 8)]
    pts += [(_CX - r, y) for y in reversed(_PLANK_Y)]
    pts += [(_CX - r * 0.7, _RING_TOP + 8), (_CX, _RING_TOP), (_CX + r * 0.7, _RING_TOP + 8)]
    return [(round(x * k), round(y * k)) for x, y in pts]


# --------------------------------------------------------------------------------------------------
# pieces
# --------------------------------------------------------------------------------------------------
def standee(colour: str | int, size: int, height: int) -> pygame.Surface:
    """A pirate of ``size`` (1-5) in ``colour`` with its symbol and the size on the stand; the canvas is
    ``height`` px high and ``height / 2`` wide for every size."""
    size = max(1, min(5, int(size)))
    height = max(8, int(height))
    wh = (max(4, height // 2), height)
    key = colour if isinstance(colour, str) else int(colour)
    return _cached(("standee", key, size, wh), lambda: _make_standee(colour, size, wh))


def standee_foot(height: int) -> Point:
    """The foot point inside ``standee(..., height)`` (put it on a place's point)."""
    h = max(8, int(height))
    return (max(4, h // 2) // 2, round(_STANDEE_FOOT[1] * h / ART_STANDEE[1]))


def standee_top(size: int, height: int) -> int:
    """The y of the hat's top inside ``standee(..., size, height)`` (for labels and arcs)."""
    h = max(8, int(height))
    return round((_STANDEE_FOOT[1] - _STANDEE_H[max(1, min(5, int(size)))]) * h / ART_STANDEE[1])


def chest(big: bool, height: int, facing: int = 1) -> pygame.Surface:
    """A big or small chest on its stand, open toward ``facing`` (+1 right, -1 left)."""
    h = max(6, int(height))
    wh = (max(6, round(h * ART_CHEST[0] / ART_CHEST[1])), h)
    flip = facing < 0

    def make() -> pygame.Surface:
        img = _art_or("chest_big.png" if big else "chest_small.png", wh, lambda s: _plain_chest(big, s))
        return pygame.transform.flip(img, True, False) if flip else img
    return _cached(("chest", bool(big), wh, flip), make)


def chest_foot(height: int, facing: int = 1) -> Point:
    h = max(6, int(height))
    w = max(6, round(h * ART_CHEST[0] / ART_CHEST[1]))
    x = _CHEST_FOOT[0] * w / ART_CHEST[0]
    return (round(w - x if facing < 0 else x), round(_CHEST_FOOT[1] * h / ART_CHEST[1]))


def island(width: int) -> pygame.Surface:
    w = max(8, int(width))
    wh = (w, max(4, round(w * ART_ISLAND[1] / ART_ISLAND[0])))
    return _cached(("island", wh), lambda: _art_or("island.png", wh, _plain_island))


@functools.lru_cache(maxsize=64)
def _island_spots(n: int, width: int) -> tuple[Point, ...]:
    return tuple(_spots(n, width))


def island_spots(n: int, width: int) -> list[Point]:
    """Feet points for ``n`` castaways on ``island(width)``, back rows first (blit in this order)."""
    return list(_island_spots(max(0, int(n)), max(8, int(width))))


def _spots(n: int, width: int) -> list[Point]:
    """Up to 15 castaways in one to three rows across the sand, as few rows as hold them (four a row, five from 13
    on), the front row fullest and spread evenly; each row behind stands in the gaps of the row in front of it,
    nearest the middle of the sand, so no castaway stands right behind another (found by a newcomer: the sixth
    hid behind the fifth)."""
    w = max(8, int(width))
    h = max(4, round(w * ART_ISLAND[1] / ART_ISLAND[0]))
    n = max(0, int(n))
    shown = min(n, 15)
    per_row = 4 if shown <= 12 else 5
    rows = -(-shown // per_row) if shown else 0
    heights = {1: [0.62], 2: [0.5, 0.72], 3: [0.42, 0.6, 0.78]}.get(rows, [])
    counts = [shown // rows + (1 if k >= rows - shown % rows else 0) for k in range(rows)] if rows else []
    left, band = 0.3, 0.56                       # the sand between the palm and the rocks
    middle = left + band / 2
    xs: list[list[float]] = []
    for count in reversed(counts):               # the front row first
        if not xs:
            step = band / count
            xs.append([left + step * (i + 0.5) for i in range(count)])
            continue
        front = xs[-1]
        step = (front[-1] - front[0]) / (len(front) - 1) if len(front) > 1 else band / 2
        gaps = [front[0] - step / 2] + [(a + b) / 2 for a, b in zip(front, front[1:])] + [front[-1] + step / 2]
        xs.append(sorted(sorted(gaps, key=lambda x: (abs(x - middle), -x))[:count]))   # (the palm is left)
    spots = [(fx, fy) for fy, row in zip(heights, reversed(xs)) for fx in row]
    out = [(round(fx * w), round(fy * h)) for fx, fy in spots]
    while len(out) < n:   # more than 15: squeeze the rest along the front
        j = len(out) - 15
        out.append((round((0.3 + 0.03 * j) * w), round(0.86 * h)))
    return out


def bag(size: int) -> pygame.Surface:
    s = max(4, int(size))
    return _cached(("bag", s), lambda: _art_or("bag.png", (s, s), _plain_bag))


def treasure_size(kind: str, height: int) -> tuple[int, int]:
    h = max(4, int(height))
    return (max(4, round(h * (40 + 8 * LENGTHS.get(kind, 1)) / TILE_H)), h)


def treasure(kind: str, height: int) -> pygame.Surface:
    """The treasure tile of ``kind`` (spec 2.4), ``treasure_size(kind, height)`` px."""
    wh = treasure_size(kind, height)
    return _cached(("treasure", kind, wh), lambda: _art_or(f"treasure_{kind}.png" if kind in LENGTHS else "",
                                                            wh, lambda s: _plain_treasure(kind, s)))


def treasure_silhouette(kind: str, height: int, colour: tuple[int, int, int] = palette.INK_SOFT) -> pygame.Surface:
    """The tile's shape alone in one colour (the feel-draw offer shows what a hand would feel)."""
    src = treasure(kind, height)

    def make() -> pygame.Surface:
        out = src.copy()
        out.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)
        out.fill((*colour[:3], 0), special_flags=pygame.BLEND_RGBA_ADD)
        return out
    return _cached(("silhouette", kind, src.get_size(), tuple(colour[:3])), make)


def board(colour: str | int, width: int) -> pygame.Surface:
    """The movement board (13 spaces, 12 ... "0/1" left to right) with the colour's end cap."""
    return _board("board", ART_BOARD, colour, width)


def counter(colour: str | int, width: int) -> pygame.Surface:
    """The 2-player turn counter (3, 2, 1, "0/1") with the colour's end cap."""
    return _board("counter", ART_COUNTER, colour, width)


def board_space(budget: int, width: int) -> Point:
    """Centre of the space for ``budget`` (12 ... 0, 0 = "0/1") on ``board(..., width)``."""
    return _space(12 - max(0, min(12, int(budget))), 13, ART_BOARD, width)


def clip_point(space: Point, width: int, art: tuple[int, int] = ART_BOARD) -> Point:
    """Where the clip's bottom tip goes for a space centre from ``board_space``/``counter_space``: the
    peg grips the board's top edge above that space (so the number stays readable)."""
    k = max(16, int(width)) / art[0]
    return (space[0], round(16 * k))


def counter_space(turns: int, width: int) -> Point:
    """Centre of the space for ``turns`` left (3 ... 0) on ``counter(..., width)``."""
    return _space(3 - max(0, min(3, int(turns))), 4, ART_COUNTER, width)


def clip(height: int) -> pygame.Surface:
    h = max(4, int(height))
    wh = (max(2, h // 2), h)
    return _cached(("clip", wh), lambda: _art_or("clip.png", wh, _plain_clip))


def splash(frame: int, size: int) -> pygame.Surface:
    f = max(0, min(SPLASH_FRAMES - 1, int(frame)))
    s = max(4, int(size))
    return _cached(("splash", f, s), lambda: _art_or(f"splash_{f + 1}.png", (s, s), lambda wh: _plain_splash(f, wh)))


def table_background(size: tuple[int, int]) -> pygame.Surface:
    return _cache.covering("table.png", (max(1, int(size[0])), max(1, int(size[1]))), palette.SEA)


def clear_cache() -> None:
    _cache.clear()


# --------------------------------------------------------------------------------------------------
# composition
# --------------------------------------------------------------------------------------------------
_cached = _cache.get
_art_or = _cache.art_or
_scaled = theme.smooth_scaled


def _layers(stem: str, rgb: tuple[int, int, int]) -> pygame.Surface | None:
    """base + tint x colour + top at art size (None when a layer is missing or the sizes differ)."""
    base = theme.image(FOLDER, f"{stem}.png")
    tint = theme.image(FOLDER, f"{stem}_tint.png")
    top = theme.image(FOLDER, f"{stem}_top.png") if stem.startswith("pirate") else None
    if base is None or tint is None or (stem.startswith("pirate") and top is None):
        return None
    if base.get_size() != tint.get_size() or (top is not None and top.get_size() != base.get_size()):
        return None
    out = pygame.Surface(base.get_size(), pygame.SRCALPHA)
    out.blit(base, (0, 0))
    coloured = tint.copy()
    coloured.fill((*_tint_rgb(rgb), 255), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(coloured, (0, 0))
    if top is not None:
        out.blit(top, (0, 0))
    return out


def _make_standee(colour: str | int, size: int, wh: tuple[int, int]) -> pygame.Surface:
    rgb = colour_rgb(colour)
    art = _layers(f"pirate_{size}", rgb)
    k = 3   # compose the lettering at 3x the target, then reduce once (crisp and anti-aliased)
    big_wh = (wh[0] * k, wh[1] * k)
    big = _scaled(art, big_wh) if art is not None else _plain_standee(size, rgb, big_wh)
    sx, sy = big_wh[0] / ART_STANDEE[0], big_wh[1] / ART_STANDEE[1]
    # the colour's symbol on the coat (never below 7 px on screen, so even size 1 shows it)
    sym_art = min(_STANDEE_COAT[size] * 0.66, 13 + size)
    sym_px = max(7 * k, round(sym_art * sy))
    sym = theme.seat_symbol(_symbol_seat(colour), sym_px, theme.contrast_text(rgb))
    big.blit(sym, sym.get_rect(center=(round(_STANDEE_FOOT[0] * sx), round(_STANDEE_TORSO[size] * sy))))
    # the size on a light disc at the stand's front, never lettered below 9 px on screen
    px = max(9, round(13 * wh[1] / ART_STANDEE[1])) * k
    fnt = theme.font_px("bold", px)
    g = fnt.render(str(size), True, palette.INK)
    centre = (round(_NUMBER_DISC[0] * sx), round(_NUMBER_DISC[1] * sy))
    disc = pygame.Rect(0, 0, max(round(20 * sx), round(g.get_width() * 1.9)), max(round(11 * sy), round(g.get_height() * 0.95)))
    disc.center = centre
    pygame.draw.ellipse(big, (250, 244, 226), disc)
    pygame.draw.ellipse(big, palette.INK, disc, max(1, k))
    big.blit(g, g.get_rect(center=(centre[0], centre[1] + k // 2)))
    return pygame.transform.smoothscale(big, wh)


def _board(stem: str, art: tuple[int, int], colour: str | int, width: int) -> pygame.Surface:
    w = max(16, int(width))
    wh = (w, max(4, round(w * art[1] / art[0])))
    key = colour if isinstance(colour, str) else int(colour)

    def make() -> pygame.Surface:
        rgb = colour_rgb(colour)
        img = _layers(stem, rgb)
        out = _scaled(img, wh) if img is not None else _plain_board(stem, art, rgb, wh)
        k = wh[0] / art[0]
        side = max(6, round(36 * k))
        sym = theme.seat_symbol(_symbol_seat(colour), side, theme.contrast_text(rgb))
        out.blit(sym, sym.get_rect(center=(round(29 * k), round(art[1] * k / 2 - 2 * k))))
        return out
    return _cached((stem, key, wh), make)


def _space(index: int, n: int, art: tuple[int, int], width: int) -> Point:
    k = max(16, int(width)) / art[0]
    sw = (art[0] - _BOARD_CAP - 10) / n
    return (round((_BOARD_CAP + 2 + (index + 0.5) * sw) * k), round((art[1] / 2 - 1) * k))


# --------------------------------------------------------------------------------------------------
# plain fallbacks (missing art): simple shapes that still tell the pieces apart
# --------------------------------------------------------------------------------------------------
def _plain_ship(wh: tuple[int, int]) -> pygame.Surface:
    out = pygame.Surface(wh, pygame.SRCALPHA)
    k = wh[1] / ART_SHIP[1]
    for plank in range(12):
        pygame.draw.rect(out, palette.WOOD_LIGHT, plank_rect(plank, wh[1]))
    hull = pygame.Rect(round((_CX - 118) * k), round(30 * k), round(236 * k), round(630 * k))
    pygame.draw.rect(out, palette.WOOD, hull, border_radius=max(1, round(80 * k)))
    pygame.draw.rect(out, palette.WOOD_DARK, hull, width=max(1, round(4 * k)), border_radius=max(1, round(80 * k)))
    a, b = ladder_points(wh[1])
    pygame.draw.line(out, palette.WOOD_DARK, a, b, max(1, round(10 * k)))
    return out


def _plain_standee(size: int, rgb: tuple[int, int, int], wh: tuple[int, int]) -> pygame.Surface:
    out = pygame.Surface(wh, pygame.SRCALPHA)
    sx, sy = wh[0] / ART_STANDEE[0], wh[1] / ART_STANDEE[1]
    fx, fy = _STANDEE_FOOT[0] * sx, _STANDEE_FOOT[1] * sy
    h = _STANDEE_H[size] * sy
    pygame.draw.ellipse(out, (60, 44, 32), pygame.Rect(fx - 22 * sx, fy - 14 * sy, 44 * sx, 14 * sy))
    body = pygame.Rect(fx - 12 * sx, fy - h * 0.78, 24 * sx, h * 0.7)
    pygame.draw.rect(out, rgb, body, border_radius=max(1, round(6 * sx)))
    pygame.draw.rect(out, palette.INK, body, width=max(1, round(sx)), border_radius=max(1, round(6 * sx)))
    pygame.draw.circle(out, (236, 190, 146), (fx, fy - h * 0.86), 8 * sx)
    pygame.draw.ellipse(out, (250, 244, 226), pygame.Rect(fx - 9 * sx, fy - 15.5 * sy, 18 * sx, 10 * sy))
    return out


def _plain_chest(big: bool, wh: tuple[int, int]) -> pygame.Surface:
    out = pygame.Surface(wh, pygame.SRCALPHA)
    w, h = wh
    fx, fy = _CHEST_FOOT[0] * w / ART_CHEST[0], _CHEST_FOOT[1] * h / ART_CHEST[1]
    if big:
        pygame.draw.ellipse(out, (246, 244, 236), pygame.Rect(fx - w * 0.36, fy - h * 0.24, w * 0.72, h * 0.24))
        body = pygame.Rect(fx - w * 0.29, fy - h * 0.58, w * 0.58, h * 0.38)
        pygame.draw.rect(out, palette.WOOD, body, border_top_left_radius=max(1, w // 6), border_top_right_radius=max(1, w // 6))
    else:
        pygame.draw.rect(out, (30, 30, 34), pygame.Rect(fx - w * 0.25, fy - h * 0.22, w * 0.5, h * 0.2))
        body = pygame.Rect(fx - w * 0.18, fy - h * 0.5, w * 0.36, h * 0.3)
        pygame.draw.rect(out, palette.WOOD, body)
    pygame.draw.rect(out, palette.GOLD, pygame.Rect(body.right - max(2, body.w // 6), body.y, max(2, body.w // 6), body.h))
    return out


def _plain_island(wh: tuple[int, int]) -> pygame.Surface:
    out = pygame.Surface(wh, pygame.SRCALPHA)
    pygame.draw.ellipse(out, palette.SAND, pygame.Rect(wh[0] * 0.05, wh[1] * 0.2, wh[0] * 0.9, wh[1] * 0.7))
    pygame.draw.ellipse(out, palette.SAND_DARK, pygame.Rect(wh[0] * 0.05, wh[1] * 0.2, wh[0] * 0.9, wh[1] * 0.7),
                        width=max(1, wh[0] // 80))
    return out


def _plain_bag(wh: tuple[int, int]) -> pygame.Surface:
    out = pygame.Surface(wh, pygame.SRCALPHA)
    w, h = wh
    pygame.draw.ellipse(out, (214, 190, 146), pygame.Rect(w * 0.1, h * 0.3, w * 0.8, h * 0.6))
    pygame.draw.polygon(out, (214, 190, 146), [(w * 0.35, h * 0.35), (w * 0.3, h * 0.12), (w * 0.7, h * 0.12), (w * 0.65, h * 0.35)])
    pygame.draw.line(out, (150, 120, 70), (w * 0.33, h * 0.32), (w * 0.67, h * 0.32), max(1, w // 20))
    return out


def _plain_treasure(kind: str, wh: tuple[int, int]) -> pygame.Surface:
    out = pygame.Surface(wh, pygame.SRCALPHA)
    r = pygame.Rect(0, 0, wh[0], wh[1]).inflate(-2, -2)
    pygame.draw.rect(out, (236, 220, 184), r, border_radius=max(1, wh[1] // 4))
    pygame.draw.rect(out, (120, 92, 56), r, width=max(1, wh[1] // 24), border_radius=max(1, wh[1] // 4))
    fnt = theme.font_px("bold", max(6, wh[1] // 3))
    theme.draw_text(out, kind[:2].title(), fnt, palette.INK, r.center, "center")
    return out


def _plain_board(stem: str, art: tuple[int, int], rgb: tuple[int, int, int], wh: tuple[int, int]) -> pygame.Surface:
    out = pygame.Surface(wh, pygame.SRCALPHA)
    k = wh[0] / art[0]
    pygame.draw.rect(out, palette.WOOD, out.get_rect(), border_radius=max(1, round(8 * k)))
    pygame.draw.rect(out, rgb, pygame.Rect(round(4 * k), round(4 * k), round(50 * k), wh[1] - round(8 * k)),
                     border_radius=max(1, round(6 * k)))
    labels = [str(v) for v in range(12, 0, -1)] + ["0/1"] if stem == "board" else ["3", "2", "1", "0/1"]
    fnt = theme.font_px("bold", max(6, round(16 * k)))
    for i, label in enumerate(labels):
        x, y = _space(i, len(labels), art, wh[0])
        sw = (art[0] - _BOARD_CAP - 10) / len(labels) * k
        pygame.draw.rect(out, palette.PARCHMENT, pygame.Rect(round(x - sw / 2 + k), round(9 * k), round(sw - 2 * k), wh[1] - round(20 * k)))
        theme.draw_text(out, label, fnt, palette.INK, (x, y), "center")
    return out


def _plain_clip(wh: tuple[int, int]) -> pygame.Surface:
    out = pygame.Surface(wh, pygame.SRCALPHA)
    w, h = wh
    pygame.draw.polygon(out, palette.WOOD_LIGHT, [(w * 0.28, 0), (w * 0.72, 0), (w * 0.5, h - 1)])
    pygame.draw.polygon(out, palette.WOOD_DARK, [(w * 0.28, 0), (w * 0.72, 0), (w * 0.5, h - 1)], max(1, w // 12))
    return out


def _plain_splash(frame: int, wh: tuple[int, int]) -> pygame.Surface:
    out = pygame.Surface(wh, pygame.SRCALPHA)
    w, h = wh
    t = (frame + 1) / SPLASH_FRAMES
    r = pygame.Rect(0, 0, max(2, round(w * (0.3 + 0.6 * t))), max(2, round(h * (0.1 + 0.2 * t))))
    r.center = (w // 2, round(h * 0.66))
    pygame.draw.ellipse(out, (226, 240, 232), r, max(1, w // 30))
    return out
