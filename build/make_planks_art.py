#!/usr/bin/env python
"""Pirates, Planks & Pesetas pieces, drawn by our own code (no copied art): the ship seen from above
with its 12 planks, the big and small chests, the pirate standees in 5 sizes (three layers, coloured
at load time), the island, the treasure bag, the 12 treasure tiles, the movement board, its clip and
the 2-player turn counter, a splash, the sea table and the menu picture.

Used two ways: ``build/make_art.py`` imports ``build_all`` like the other games' art modules (so
``make art`` and tests/test_art.py draw and check everything), and it runs on its own:
``python build/make_planks_art.py [--out DIR] [--sheet PNG]`` writes only these images (default
assets/images/) and an optional contact sheet. Deterministic (game.core.rng.Rng, portable
smoothscale). game/games/planks/sprites.py loads these and repeats the geometry numbers below.

Geometry (ship.png, 600x720, bow up): plank ``i`` (0-5 starboard = right, from the bow; 6-11 port =
left, from the stern) lies at ``PLANK_Y[side position]``; its three places are at ``PLACE_DX`` from the
ship's centre line (front = outermost, over the water); its chest stands on the deck at ``CHEST_DX``.
The ladder hangs over the stern at ``LADDER``.
"""
from __future__ import annotations

import math

import art_lib as A  # first: the repository on sys.path, SDL headless
import pygame
from art_lib import Canvas, font, mix, posterize, rgba, shade
from game.core.rng import Rng
from game.ui import palette as P

PREFIX = "planks/"

# ---- sizes (art pixels) ------------------------------------------------------------------------
SHIP = (600, 720)
STANDEE = (64, 128)            # every size on the same canvas, foot at STANDEE_FOOT
STANDEE_FOOT = (32, 118)
STANDEE_H = {1: 46, 2: 62, 3: 78, 4: 94, 5: 110}   # figure height (foot to hat top) per size
CHEST = (112, 96)              # both chests on the same canvas, open side to the right
CHEST_FOOT = (52, 84)
TILE_H = 64                    # treasure tiles: height 64, width 40 + 8 * length
BAG = (128, 128)
ISLAND = (320, 200)
BOARD = (448, 64)              # 13 spaces: 12 ... 1, 0/1
COUNTER = (208, 64)            # 4 spaces: 3, 2, 1, 0/1
CLIP = (32, 64)
SPLASH = 96
SPLASH_FRAMES = 4
TABLE = (1280, 720)
MENU = (400, 240)

# ---- ship geometry (ship.png pixels) -----------------------------------------------------------
CX = 300                       # centre line
HULL_HW = 118                  # half width of the straight midship hull
PLANK_Y = (196, 276, 356, 436, 516, 596)   # side positions 0 (bow) .. 5 (stern)
PLANK_IN = HULL_HW - 8         # plank's inner end (under the rail), from the centre line
PLANK_OUT = 292                # plank's outer end
PLANK_T = 34                   # plank width (thickness seen from above)
PLACE_DX = (262, 210, 158)     # front, middle, back place centres from the centre line
CHEST_DX = 76                  # a chest's foot centre from the centre line
LADDER = (CX, 690)             # the ladder's foot (in the water) ...
LADDER_TOP = (CX, 650)         # ... and its top at the stern rail
BOW = (CX, 30)

TREASURES = (("pearl", 1), ("ring", 2), ("doubloon", 3), ("ruby", 4), ("emerald", 5), ("brooch", 6),
             ("amulet", 7), ("goblet", 8), ("crown", 9), ("gold-bar", 10), ("necklace", 11), ("dagger", 12))

INK = P.INK
HAT = (34, 28, 30)
SKIN = (236, 190, 146)
BOOT = (52, 36, 28)
CLOTH = (214, 190, 146)
CLOTH_DARK = (160, 128, 84)
ROPE = (196, 164, 104)
GEM_RED = (196, 30, 52)
GEM_GREEN = (24, 150, 92)
GEM_BLUE = (40, 110, 200)
SILVER = (200, 204, 212)
PEARL = (246, 240, 230)
CARD = (236, 220, 184)        # treasure tile cardboard
CARD_EDGE = (120, 92, 56)

_tex: dict[str, pygame.Surface] = {}


def plank_place(plank: int, place: int) -> tuple[float, float]:
    """Centre of ``place`` (0 = front) on ``plank`` (0-11), in ship.png pixels."""
    side = 1 if plank < 6 else -1
    pos = plank if plank < 6 else 11 - plank
    return (CX + side * PLACE_DX[place], PLANK_Y[pos])


def chest_spot(plank: int) -> tuple[float, float]:
    side = 1 if plank < 6 else -1
    pos = plank if plank < 6 else 11 - plank
    return (CX + side * CHEST_DX, PLANK_Y[pos])


# =============================================================================================
# helpers
# =============================================================================================
def textured(c: Canvas, pts, tex: pygame.Surface, scale: float = 1.0, turn: bool = False, tint=None) -> None:
    """Fill a polygon with a tiled texture (multiplied into white), optionally tinted."""
    lay = c.layer()
    lay.poly((255, 255, 255, 255), pts)
    t = pygame.transform.rotate(tex, 90) if turn else tex
    tw, th = t.get_size()
    t = pygame.transform.smoothscale(t, (max(1, int(tw * scale * c.k / 2)), max(1, int(th * scale * c.k / 2))))
    tiled = A.tile(t, lay.surf.get_size())
    if tint is not None:
        tiled = tiled.copy()
        tiled.fill(tint, special_flags=pygame.BLEND_RGB_MULT)
    lay.surf.blit(tiled, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    c.paste(lay)


def drop_shadow(c: Canvas, pts, off=(4, 6), alpha: int = 110, radius: int = 4) -> None:
    lay = c.layer()
    lay.poly((0, 0, 0, 255), [(x + off[0], y + off[1]) for x, y in pts])
    s = A.blur(lay.surf, max(1, radius * c.k))
    s.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    c.surf.blit(s, (0, 0))


def ellipse_pts(cx: float, cy: float, rx: float, ry: float, n: int = 40, a0: float = 0, a1: float = 2 * math.pi):
    return [(cx + rx * math.cos(a0 + (a1 - a0) * i / n), cy + ry * math.sin(a0 + (a1 - a0) * i / n)) for i in range(n + 1)]


def coin(c: Canvas, x: float, y: float, r: float, squash: float = 1.0) -> None:
    c.ellipse(shade(P.GOLD, 0.62), x - r, y - r * squash + r * 0.12, 2 * r, 2 * r * squash)
    c.ellipse(P.GOLD, x - r, y - r * squash, 2 * r, 2 * r * squash)
    c.ellipse(P.GOLD_LIGHT, x - r * 0.7, y - r * squash * 0.7, r * 1.4, r * 1.4 * squash, width=max(0.4, r * 0.12))


def gem(c: Canvas, x: float, y: float, r: float, col) -> None:
    pts = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    c.poly(shade(col, 0.6), pts)
    c.poly(col, [(x, y - r * 0.8), (x + r * 0.8, y), (x, y + r * 0.5), (x - r * 0.8, y)])
    c.poly(shade(col, 1.5), [(x - r * 0.3, y - r * 0.4), (x, y - r * 0.7), (x + r * 0.1, y - r * 0.25)])


# =============================================================================================
# the ship
# =============================================================================================
def hull_outline() -> list[tuple[float, float]]:
    """The hull from above, clockwise from the bow tip."""
    right = A.bezier((CX, 26), (CX + 70, 60), (CX + HULL_HW, 110), (CX + HULL_HW, 170), 20)
    right += [(CX + HULL_HW, 600)]
    right += A.bezier((CX + HULL_HW, 600), (CX + HULL_HW, 630), (CX + 104, 652), (CX + 90, 660), 10)
    left = [(2 * CX - x, y) for x, y in right[::-1]]
    return right + left


def deck_outline() -> list[tuple[float, float]]:
    inset = []
    for x, y in hull_outline():
        dx = x - CX
        inset.append((CX + dx * 0.9, 40 + (y - 26) * 0.975))
    return inset


def plank_rect(plank_side: int, pos: int) -> list[tuple[float, float]]:
    y = PLANK_Y[pos]
    x0, x1 = CX + plank_side * PLANK_IN, CX + plank_side * PLANK_OUT
    t = PLANK_T / 2
    return [(x0, y - t), (x1, y - t + 1), (x1 + plank_side * 3, y), (x1, y + t - 1), (x0, y + t)]


def draw_plank(c: Canvas, side: int, pos: int, rng: Rng) -> None:
    pts = plank_rect(side, pos)
    drop_shadow(c, pts, (6, 12), 90, 5)
    tint = mix((255, 255, 255), (236, 212, 176), rng.random() * 0.6)
    textured(c, pts, _tex["wood"], 0.9, False, tint)
    lay = c.layer()
    lay.poly((255, 236, 200, 255), pts)
    c.paste(lay, 60)
    y = PLANK_Y[pos]
    t = PLANK_T / 2
    c.lines(shade(P.WOOD_DARK, 0.9), pts, 1.4, closed=True)
    c.line(rgba((255, 240, 210), 120), (pts[0][0], y - t + 2), (pts[1][0], y - t + 3), 1.0)
    # seams between boards along the plank, and nails
    c.line(rgba(P.WOOD_DARK, 140), (CX + side * PLANK_IN, y), (CX + side * PLANK_OUT, y), 0.8)
    for dx in (PLACE_DX[0] + 22, (PLACE_DX[0] + PLACE_DX[1]) / 2, (PLACE_DX[1] + PLACE_DX[2]) / 2, PLANK_IN + 16):
        for dy in (-t + 5, t - 5):
            c.circle(shade(P.WOOD_DARK, 0.8), (CX + side * dx, y + dy), 1.3)
    # the three places: worn rings on the board
    for d in PLACE_DX:
        x = CX + side * d
        c.ellipse(rgba(P.WOOD_DARK, 90), x - 17, y - 10, 34, 20, width=1.6)
        c.ellipse(rgba((255, 240, 200), 60), x - 16, y - 8.5, 32, 18, width=0.8)


def ship() -> pygame.Surface:
    rng = Rng(1701)
    W, H = SHIP
    c = Canvas(W, H, 2)
    hull = hull_outline()
    # wake and foam around the hull
    foam = c.layer()
    foam.poly((255, 255, 255, 255), [(CX + (x - CX) * 1.06, 20 + (y - 26) * 1.02) for x, y in hull])
    fs = A.blur(foam.surf, 10)
    fs = A.recolour(fs, P.FOAM)
    c.paste(fs, 150)
    drop_shadow(c, hull, (8, 14), 120, 8)
    # bowsprit
    c.line(shade(P.WOOD_DARK, 0.8), (CX, 60), (CX, 2), 8)
    c.line(P.WOOD, (CX, 60), (CX, 4), 5)
    c.line(rgba(ROPE, 220), (CX, 10), (CX - 60, 120), 1.2)
    c.line(rgba(ROPE, 220), (CX, 10), (CX + 60, 120), 1.2)
    # planks (under the rail), drawn before the hull so the rail covers their inner ends
    for pos in range(6):
        for side in (1, -1):
            draw_plank(c, side, pos, rng)
    # hull: dark outer strake with a gold line, then the deck
    c.poly(shade(P.WOOD_DARK, 0.85), hull)
    textured(c, hull, _tex["wood"], 0.8, True, (150, 120, 100))
    c.lines(P.GOLD, [(CX + (x - CX) * 0.955, 33 + (y - 26) * 0.985) for x, y in hull], 1.6, closed=True)
    deck = deck_outline()
    c.poly((178, 130, 84), deck)
    grain = c.layer()
    textured(grain, deck, _tex["wood"], 0.7, True, (255, 240, 214))
    c.paste(grain, 120)
    seams = c.layer()
    for i in range(-8, 9):   # deck planks run bow to stern, with butt joints staggered
        x = CX + i * 14 + 7
        seams.line((60, 36, 20, 255), (x, 20), (x, 700), 0.9)
        for j in range(5):
            y = 60 + ((i * 53 + j * 137) % 640)
            seams.line((60, 36, 20, 255), (x, y), (x + 14, y), 0.8)
    seams.surf.blit(_mask(deck, c), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    c.paste(seams, 110)
    c.lines(rgba(P.WOOD_DARK, 200), deck, 1.6, closed=True)
    # shade along the rail
    sh = c.layer()
    sh.poly((0, 0, 0, 255), deck)
    inner = c.layer()
    inner.poly((255, 255, 255, 255), [(CX + (x - CX) * 0.82, 360 + (y - 360) * 0.9) for x, y in deck])
    inner_s = A.blur(inner.surf, 14)
    sh.surf.blit(inner_s, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    c.paste(sh, 70)
    # the rail: a light band with posts, open where each plank meets the deck
    c.lines(P.WOOD_LIGHT, deck, 4.0, closed=True)
    c.lines(rgba((255, 230, 190), 160), [(x - 0.6, y - 0.6) for x, y in deck], 1.2, closed=True)
    for pos in range(6):
        for side in (1, -1):
            y = PLANK_Y[pos]
            x = CX + side * (HULL_HW * 0.9)
            c.rect(shade(P.WOOD_LIGHT, 0.9), x - 6, y - PLANK_T / 2 + 2, 12, PLANK_T - 4, radius=2)
            c.rect(rgba(P.WOOD_DARK, 160), x - 6, y - PLANK_T / 2 + 2, 12, PLANK_T - 4, radius=2, width=1)
            c.line(rgba(P.WOOD_DARK, 120), (x - 5, y), (x + 5, y), 0.8)
    # the deck ring: a painted rope line through the chests' places, arrows clockwise
    ring = ring_path()
    c.lines(rgba((70, 44, 24), 170), [(x + 0.6, y + 1.0) for x, y in ring], 5.0, closed=True)
    c.lines((232, 206, 150), ring, 3.4, closed=True)
    for i in range(0, len(ring), 3):
        x, y = ring[i]
        c.circle(rgba(shade(ROPE, 0.75), 200), (x, y), 0.9)
    for pos in range(5):
        y = (PLANK_Y[pos] + PLANK_Y[pos + 1]) / 2
        arrow(c, CX + CHEST_DX, y, 1)      # starboard: down the ship
        arrow(c, CX - CHEST_DX, y, -1)     # port: up the ship
    arrow_h(c, CX, ring_bow_y() - 1, 1)
    arrow_h(c, CX, ring_stern_y() + 1, -1)
    # masts and deck furniture in the middle lane
    hatch(c, CX, 356, 56, 44)
    mast(c, CX, 262, 60)
    mast(c, CX, 452, 64)
    wheel(c, CX, 586, 20)
    c.circle(rgba((0, 0, 0), 60), (CX + 2, 101), 11)   # a capstan at the bow
    c.circle(shade(P.WOOD_LIGHT, 1.0), (CX, 98), 9)
    c.circle(shade(P.WOOD_DARK, 1.0), (CX, 98), 9, width=1.2)
    for a in range(6):
        ang = a * math.pi / 3
        c.line(P.WOOD_DARK, (CX, 98), (CX + 13 * math.cos(ang), 98 + 13 * math.sin(ang)), 1.4)
    # stern: lanterns and the ladder over the transom
    for sx in (-1, 1):
        c.circle(rgba((255, 220, 120), 90), (CX + sx * 70, 640), 8)
        c.circle((60, 44, 30), (CX + sx * 70, 640), 4.2)
        c.circle((255, 214, 110), (CX + sx * 70, 640), 3)
    ladder(c)
    return posterize(c.result(), 2)


def _mask(pts, c: Canvas) -> pygame.Surface:
    m = c.layer()
    m.poly((255, 255, 255, 255), pts)
    return m.surf


def ring_bow_y() -> float:
    return PLANK_Y[0] - 58


def ring_stern_y() -> float:
    return PLANK_Y[5] + 34


def ring_path() -> list[tuple[float, float]]:
    """A closed loop through every chest place, round the bow and the stern (clockwise)."""
    r = CHEST_DX
    top = ring_bow_y()
    bottom = ring_stern_y()
    pts = [(CX + r, PLANK_Y[0])]
    pts += [(CX + r, y) for y in range(PLANK_Y[0], PLANK_Y[5] + 1, 8)]
    pts += A.bezier((CX + r, PLANK_Y[5]), (CX + r, bottom), (CX + r * 0.4, bottom), (CX, bottom), 10)[1:]
    pts += A.bezier((CX, bottom), (CX - r * 0.4, bottom), (CX - r, bottom), (CX - r, PLANK_Y[5]), 10)[1:]
    pts += [(CX - r, y) for y in range(PLANK_Y[5], PLANK_Y[0] - 1, -8)]
    pts += A.bezier((CX - r, PLANK_Y[0]), (CX - r, top), (CX - r * 0.4, top), (CX, top), 10)[1:]
    pts += A.bezier((CX, top), (CX + r * 0.4, top), (CX + r, top), (CX + r, PLANK_Y[0]), 10)[1:-1]
    return pts


def arrow(c: Canvas, x: float, y: float, d: int) -> None:
    pts = [(x - 7, y - 5 * d), (x + 7, y - 5 * d), (x, y + 7 * d)]
    c.poly((70, 44, 24), [(px, py + 1) for px, py in pts])
    c.poly((240, 216, 160), pts)


def arrow_h(c: Canvas, x: float, y: float, d: int) -> None:
    pts = [(x - 5 * d, y - 7), (x - 5 * d, y + 7), (x + 7 * d, y)]
    c.poly((70, 44, 24), [(px, py + 1) for px, py in pts])
    c.poly((240, 216, 160), pts)


def hatch(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    c.rect(rgba((0, 0, 0), 60), x - w / 2 + 2, y - h / 2 + 3, w, h, radius=3)
    c.rect(P.WOOD_DARK, x - w / 2, y - h / 2, w, h, radius=3)
    c.rect(shade(P.WOOD, 0.9), x - w / 2 + 3, y - h / 2 + 3, w - 6, h - 6, radius=2)
    for i in range(1, 5):
        c.line(P.WOOD_DARK, (x - w / 2 + 3 + i * (w - 6) / 5, y - h / 2 + 3), (x - w / 2 + 3 + i * (w - 6) / 5, y + h / 2 - 3), 1.2)
    for i in range(1, 4):
        c.line(P.WOOD_DARK, (x - w / 2 + 3, y - h / 2 + 3 + i * (h - 6) / 4), (x + w / 2 - 3, y - h / 2 + 3 + i * (h - 6) / 4), 1.2)


def mast(c: Canvas, x: float, y: float, span: float) -> None:
    """A mast from above: the furled sail along its yard, and the round mast top."""
    c.rect(rgba((0, 0, 0), 70), x - span / 2 + 3, y - 5 + 5, span, 12, radius=6)
    c.line(P.WOOD_DARK, (x - span / 2, y), (x + span / 2, y), 5)
    c.rect(SAIL := (240, 230, 204), x - span / 2 + 6, y - 7, span - 12, 11, radius=5)
    for i in range(1, 7):
        xx = x - span / 2 + 6 + i * (span - 12) / 7
        c.line(shade(SAIL, 0.78), (xx, y - 6), (xx - 2, y + 3), 1.0)
    c.rect(shade(SAIL, 0.8), x - span / 2 + 6, y - 7, span - 12, 11, radius=5, width=1.0)
    c.circle(rgba((0, 0, 0), 70), (x + 2, y + 4), 12)
    c.circle(P.WOOD_DARK, (x, y), 12)
    c.circle(P.WOOD, (x, y), 10)
    c.circle(P.WOOD_LIGHT, (x - 2, y - 2), 5)
    c.circle(shade(P.WOOD_DARK, 0.8), (x, y), 10, width=1)


def wheel(c: Canvas, x: float, y: float, r: float) -> None:
    """The helm from above: its pedestal, and the wheel seen edge-on with its handles."""
    c.rect(rgba((0, 0, 0), 70), x - 8 + 2, y - 6 + 3, 16, 14, radius=2)
    c.rect(P.WOOD_DARK, x - 8, y - 6, 16, 14, radius=2)
    c.rect(P.WOOD, x - 6, y - 4, 12, 10, radius=2)
    for i in range(-4, 5):
        xx = x + i * r * 0.26
        c.line(P.WOOD_DARK, (xx, y - 10), (xx, y - 6), 2.4)
        c.circle(P.WOOD_LIGHT, (xx, y - 11), 1.8)
    c.rect(P.WOOD_DARK, x - r, y - 9, 2 * r, 4, radius=2)
    c.rect(P.WOOD_LIGHT, x - r + 1, y - 8.5, 2 * r - 2, 1.4, radius=1)
    c.circle(P.GOLD, (x, y - 7), 2.6)


def ladder(c: Canvas) -> None:
    x0, y0 = LADDER_TOP
    x1, y1 = LADDER
    w = 22
    c.rect(rgba((0, 0, 0), 80), x0 - w / 2 + 3, y0 + 2, w, y1 - y0 + 4, radius=3)
    for sx in (-1, 1):
        c.line(shade(P.WOOD_DARK, 0.9), (x0 + sx * w / 2, y0 - 6), (x1 + sx * w / 2, y1 + 2), 4)
        c.line(P.WOOD_LIGHT, (x0 + sx * w / 2 - 0.8, y0 - 6), (x1 + sx * w / 2 - 0.8, y1 + 2), 1.4)
    for i in range(6):
        yy = y0 + 2 + i * (y1 - y0) / 5.5
        c.line(shade(P.WOOD, 1.05), (x0 - w / 2, yy), (x0 + w / 2, yy), 3)
        c.line(rgba(P.WOOD_DARK, 160), (x0 - w / 2, yy + 1.5), (x0 + w / 2, yy + 1.5), 0.8)
    # ripples where it meets the water
    c.ellipse(rgba(P.FOAM, 200), x1 - 20, y1 - 2, 40, 12, width=1.6)
    c.ellipse(rgba(P.FOAM, 120), x1 - 28, y1 - 5, 56, 18, width=1.2)


# =============================================================================================
# chests
# =============================================================================================
def chest(big: bool) -> pygame.Surface:
    """A chest open to the right (toward its plank), lid hinged at the back, on its stand:
    big = wide, domed lid, white round stand marked with an up arrow (the biggest wins);
    small = narrow, flat lid, black square stand marked with a down arrow (the smallest wins)."""
    W, H = CHEST
    c = Canvas(W, H, 4)
    fx, fy = CHEST_FOOT
    # stand
    if big:
        c.ellipse(rgba((0, 0, 0), 90), fx - 40, fy - 8, 84, 20)
        c.ellipse((190, 186, 176), fx - 40, fy - 14, 80, 22)
        c.rect((190, 186, 176), fx - 40, fy - 18, 80, 10)
        c.ellipse((246, 244, 236), fx - 40, fy - 26, 80, 20)
        c.ellipse(rgba(INK, 255), fx - 40, fy - 26, 80, 20, width=1.2)
        c.lines(INK, [(fx - 40, fy - 16), (fx - 40, fy - 5)], 1.2)
        c.lines(INK, [(fx + 40, fy - 16), (fx + 40, fy - 5)], 1.2)
        c.arc(INK, fx - 40, fy - 14, 80, 22, math.pi, 2 * math.pi, 1.2)
        base_y = fy - 16
        w, h = 64, 30
    else:
        c.rect(rgba((0, 0, 0), 90), fx - 26, fy - 8, 56, 12, radius=3)
        c.poly((20, 20, 24), [(fx - 28, fy - 4), (fx + 28, fy - 4), (fx + 28, fy - 16), (fx - 28, fy - 16)])
        c.poly((58, 58, 64), [(fx - 28, fy - 16), (fx + 28, fy - 16), (fx + 22, fy - 24), (fx - 22, fy - 24)])
        c.lines((96, 96, 104), [(fx - 28, fy - 16), (fx + 28, fy - 16)], 1.0)
        base_y = fy - 18
        w, h = 40, 26
    bx = fx - w / 2
    top = base_y - h
    wood = P.WOOD if big else shade(P.WOOD, 0.88)
    # lid, opened backwards (to the left, closed side)
    if big:   # a domed lid
        lid = A.bezier((bx + 2, top), (bx - 20, top - 6), (bx - 26, top - 30), (bx - 8, top - 40), 12)
        lid += A.bezier((bx - 8, top - 40), (bx + 4, top - 34), (bx + 8, top - 20), (bx + 8, top), 8)
        c.poly(shade(wood, 0.78), lid)
        c.lines(P.GOLD, A.bezier((bx - 4, top - 2), (bx - 20, top - 10), (bx - 22, top - 28), (bx - 8, top - 36), 10), 2.2)
        c.lines(shade(P.WOOD_DARK, 0.8), lid, 1.0, closed=True)
    else:
        lid = [(bx + 2, top), (bx - 18, top - 26), (bx - 12, top - 30), (bx + 8, top - 2)]
        c.poly(shade(wood, 0.78), lid)
        c.lines(shade(P.WOOD_DARK, 0.8), lid, 1.0, closed=True)
        c.line(P.GOLD, (bx - 2, top - 4), (bx - 14, top - 22), 1.8)
    # treasure inside, heaped, spilling out of the open right side
    heap = [(bx + 4, top + 2), (bx + 10, top - 10), (bx + w * 0.5, top - 14), (bx + w - 4, top - 8), (bx + w + 10, top + 6),
            (bx + w + 16, base_y - 2), (bx + w - 2, base_y - 2)]
    c.poly(shade(P.GOLD, 0.75), heap)
    rng = Rng(1702 if big else 1703)
    for i in range(16 if big else 10):
        t = rng.random()
        x = bx + 8 + t * (w + 4)
        y = top - 8 + abs(t - 0.45) * 14 + rng.random() * 6 + (max(0, t - 0.8) * 40)
        coin(c, x, y, 4.2 if big else 3.6, 0.55)
    gem(c, bx + w * 0.38, top - 8, 4, GEM_RED)
    gem(c, bx + w * 0.72, top - 4, 3.5, GEM_GREEN)
    if big:
        c.lines(PEARL, [(bx + 10, top - 4), (bx + 22, top - 12), (bx + 36, top - 10), (bx + 50, top - 13)], 2.2)
    # body: front face; the right end is open (a dark opening with coins pouring out)
    c.rect(wood, bx, top, w, h, radius=3)
    c.rect(shade(wood, 1.12), bx + 2, top + 4, w - 4, 4)
    c.rect(shade(wood, 0.82), bx + 2, top + h * 0.62, w - 4, 4)
    open_pts = [(bx + w - 9, top + 2), (bx + w + 2, top - 2), (bx + w + 2, base_y - 3), (bx + w - 9, base_y)]
    c.poly((40, 24, 12), open_pts)
    for i in range(4):
        coin(c, bx + w - 2 + i * 4.5, base_y - 4 - i * 1.5, 3.6, 0.5)
    for fx2 in (0.06, 0.72):
        c.rect(P.GOLD, bx + w * fx2, top, w * 0.06, h, radius=1)
    c.rect(P.GOLD, bx, top, w - 8, 3)
    c.rect(P.GOLD, bx + w * 0.36, top + 4, w * 0.14, h * 0.34, radius=2)
    c.circle(P.WOOD_DARK, (bx + w * 0.43, top + 4 + h * 0.17), 1.4)
    c.rect(shade(P.WOOD_DARK, 0.8), bx, top, w, h, radius=3, width=1.2)
    # the stand's mark: up arrow (big), down arrow (small)
    if big:
        c.poly(INK, [(fx - 8, base_y + 14), (fx + 8, base_y + 14), (fx, base_y + 6)])
        c.rect(INK, fx - 2.5, base_y + 13, 5, 6)
    else:
        c.poly((240, 236, 226), [(fx - 7, fy - 14), (fx + 7, fy - 14), (fx, fy - 6)])
        c.rect((240, 236, 226), fx - 2.2, fy - 17, 4.4, 4)
    return c.result()


# =============================================================================================
# pirate standees (three layers: base, tint (grey, x the pirate colour at load time), top)
# =============================================================================================
def standee(size: int) -> dict[str, pygame.Surface]:
    W, H = STANDEE
    fx, fy = STANDEE_FOOT
    h = STANDEE_H[size]
    wk = 0.78 + 0.05 * size          # a little wider as they grow
    base, tint, top = Canvas(W, H, 4), Canvas(W, H, 4), Canvas(W, H, 4)

    def X(u: float) -> float:
        return fx + u * 56 * wk

    hr = 56 * wk * 0.13              # head radius; the hat's top is the figure's top
    hy = fy - h + 1.9 * hr
    shoulder = hy + hr * 0.95
    hem = fy - 0.26 * h

    def Y(v: float) -> float:
        """Heights as fractions of the figure: legs below 0.26 scale with the figure, the coat
        (0.26 .. 0.74) stretches from the hem up to the shoulders under the head."""
        if v <= 0.26:
            return fy - v * h
        return hem + (v - 0.26) / 0.48 * (shoulder - hem)
    # the round stand (same for every size) with a light disc for the number
    base.ellipse(rgba((0, 0, 0), 110), fx - 25, fy - 5, 52, 14)
    base.ellipse((44, 34, 28), fx - 24, fy - 9, 48, 16)
    base.rect((44, 34, 28), fx - 24, fy - 12, 48, 6)
    base.ellipse((92, 72, 56), fx - 24, fy - 17, 48, 14)
    base.ellipse((130, 104, 80), fx - 20, fy - 16, 40, 10, width=1)
    # legs and boots
    leg_w = 0.09
    for s in (-1, 1):
        base.poly(shade(CLOTH_DARK, 0.8), [(X(s * 0.03), Y(0.42)), (X(s * (0.03 + leg_w * 1.6)), Y(0.42)),
                                            (X(s * (0.02 + leg_w * 1.4)), Y(0.12)), (X(s * 0.03), Y(0.12))])
        base.poly(BOOT, [(X(s * 0.025), Y(0.14)), (X(s * (0.03 + leg_w * 1.5)), Y(0.14)),
                         (X(s * (0.06 + leg_w * 1.7)), Y(0.0) - 3), (X(s * 0.02), Y(0.0) - 3)])
    # coat (tint layer): a long coat, flared at the hem
    coat = [(X(-0.15), Y(0.74)), (X(0.15), Y(0.74)), (X(0.2), Y(0.58)), (X(0.25), Y(0.3)), (X(0.08), Y(0.26)),
            (X(0.0), Y(0.36)), (X(-0.08), Y(0.26)), (X(-0.25), Y(0.3)), (X(-0.2), Y(0.58))]
    tint.poly((236, 236, 236, 255), coat)
    tint.poly((178, 178, 178, 255), [(X(0.06), Y(0.74)), (X(0.15), Y(0.74)), (X(0.2), Y(0.58)), (X(0.25), Y(0.3)),
                                     (X(0.1), Y(0.27))])
    for s in (-1, 1):   # arms
        tint.poly((206, 206, 206, 255), [(X(s * 0.15), Y(0.73)), (X(s * 0.24), Y(0.66)), (X(s * 0.29), Y(0.44)),
                                         (X(s * 0.21), Y(0.43)), (X(s * 0.17), Y(0.6))])
    base.lines(INK, coat, 1.0, closed=True)
    for s in (-1, 1):
        base.circle(SKIN, (X(s * 0.25), Y(0.42)), 56 * wk * 0.045)
        base.lines(INK, [(X(s * 0.15), Y(0.73)), (X(s * 0.24), Y(0.66)), (X(s * 0.29), Y(0.44)), (X(s * 0.21), Y(0.43)),
                         (X(s * 0.17), Y(0.6))], 0.8, closed=True)
    # head (with a neck down to the collar) and the tricorn hat; the hat's top is the figure's top
    base.rect(shade(SKIN, 0.85), fx - hr * 0.45, hy, hr * 0.9, max(0.0, Y(0.74) - hy) + 2)
    base.circle(shade(SKIN, 0.7), (fx, hy + 0.8), hr + 0.8)
    base.circle(SKIN, (fx, hy), hr)
    base.ellipse(HAT, fx - hr * 0.95, hy - hr * 1.9, hr * 1.9, hr * 1.5)
    base.poly(HAT, [(fx - hr * 2.0, hy - hr * 0.55), (fx - hr * 0.8, hy - hr * 1.2), (fx, hy - hr * 1.05),
                    (fx + hr * 0.8, hy - hr * 1.2), (fx + hr * 2.0, hy - hr * 0.55),
                    (fx + hr * 1.1, hy - hr * 0.25), (fx, hy - hr * 0.5), (fx - hr * 1.1, hy - hr * 0.25)])
    # top layer: belt and buckle, face, the gold hat band, a white collar
    top.poly(rgba(BOOT, 255), [(X(-0.2), Y(0.44)), (X(0.2), Y(0.44)), (X(0.21), Y(0.39)), (X(-0.21), Y(0.39))])
    top.rect(P.GOLD, X(-0.035), Y(0.445), 56 * wk * 0.07, h * 0.06, radius=1)
    top.poly((250, 246, 236), [(X(-0.07), Y(0.74)), (X(0.07), Y(0.74)), (X(0.0), Y(0.68))])
    top.line(P.GOLD, (fx - hr * 1.7, hy - hr * 0.5), (fx + hr * 1.7, hy - hr * 0.5), max(0.6, hr * 0.16))
    top.circle(INK, (fx - hr * 0.4, hy - hr * 0.05), max(0.6, hr * 0.16))
    top.line(INK, (fx + hr * 0.05, hy - hr * 0.35), (fx + hr * 0.75, hy + hr * 0.1), max(0.5, hr * 0.12))   # eye patch strap
    top.circle(INK, (fx + hr * 0.42, hy - hr * 0.05), max(0.7, hr * 0.22))
    top.arc(INK, fx - hr * 0.45, hy + hr * 0.1, hr * 0.9, hr * 0.55, math.pi * 1.15, math.pi * 1.85, max(0.5, hr * 0.1))
    # the number disc on the stand (the number is lettered at load time)
    top.ellipse((250, 244, 226), fx - 9, fy - 15.5, 18, 10)
    top.ellipse(INK, fx - 9, fy - 15.5, 18, 10, width=0.8)
    return {f"pirate_{size}.png": base.result(), f"pirate_{size}_tint.png": tint.result(),
            f"pirate_{size}_top.png": top.result()}


# =============================================================================================
# island, bag, splash
# =============================================================================================
def island() -> pygame.Surface:
    W, H = ISLAND
    c = Canvas(W, H, 2)
    rng = Rng(1704)
    cx, cy = W / 2, H / 2 + 14
    shape = []
    for i in range(60):
        a = i * 2 * math.pi / 60
        r = 1 + 0.07 * math.sin(3 * a + 0.5) + 0.04 * math.sin(7 * a + 1.3)
        shape.append((cx + math.cos(a) * 140 * r, cy + math.sin(a) * 70 * r))
    shallows = [(cx + (x - cx) * 1.08, cy + (y - cy) * 1.14) for x, y in shape]
    lay = c.layer()
    lay.poly((255, 255, 255, 255), shallows)
    c.paste(A.recolour(A.blur(lay.surf, 10), (120, 214, 210)), 170)
    c.lines(rgba(P.FOAM, 230), [(cx + (x - cx) * 1.03, cy + (y - cy) * 1.05) for x, y in shape] + [shape[0]], 2.2)
    sand = c.layer()
    sand.poly((255, 255, 255, 255), shape)
    sand.surf.blit(A.tile(pygame.transform.smoothscale(_tex["sand"], (256, 256)), sand.surf.get_size()), (0, 0),
                   special_flags=pygame.BLEND_RGB_MULT)
    c.paste(sand)
    c.lines(shade(P.SAND_DARK, 0.85), shape + [shape[0]], 1.4)
    # darker wet rim and a lighter middle
    mid = c.layer()
    mid.ellipse((255, 250, 230, 255), cx - 100, cy - 46, 200, 86)
    c.paste(A.blur(mid.surf, 14), 70)
    # rocks and grass tufts at the right end, a palm at the left: the middle stays free for castaways
    for x, y, r in ((cx + 112, cy - 12, 10), (cx + 100, cy + 14, 7), (cx + 122, cy + 8, 6)):
        c.ellipse(rgba((0, 0, 0), 70), x - r + 2, y - r * 0.5 + 3, 2 * r, r * 1.2)
        c.ellipse((132, 124, 112), x - r, y - r * 0.7, 2 * r, r * 1.4)
        c.ellipse((176, 168, 154), x - r * 0.6, y - r * 0.6, r, r * 0.6)
    for i in range(7):
        x, y = cx - 120 + rng.random() * 40, cy - 30 + rng.random() * 60
        for dx in (-3, 0, 3):
            c.line((92, 150, 70), (x, y), (x + dx, y - 6), 1.0)
    for x, y in ((cx + 30, cy + 44), (cx - 40, cy + 48), (cx + 70, cy - 50)):
        c.ellipse((240, 220, 200), x - 3, y - 2, 6, 4)
        c.ellipse(shade((240, 200, 180), 0.8), x - 3, y - 2, 6, 4, width=0.6)
    palm_top(c, cx - 118, cy - 10, 40)
    return posterize(c.result(), 2)


def palm_top(c: Canvas, x: float, y: float, r: float) -> None:
    """A palm seen from above: its shadow, then the fronds round a crown."""
    for i in range(9):
        a = i * 2 * math.pi / 9 + 0.2
        c.poly(rgba((0, 0, 0), 60), [(x + 8, y + 10), (x + 8 + math.cos(a - 0.2) * r * 0.55, y + 10 + math.sin(a - 0.2) * r * 0.55),
                                    (x + 8 + math.cos(a) * r, y + 10 + math.sin(a) * r),
                                    (x + 8 + math.cos(a + 0.2) * r * 0.55, y + 10 + math.sin(a + 0.2) * r * 0.55)])
    for i in range(9):
        a = i * 2 * math.pi / 9 + 0.2
        col = (52, 118, 58) if i % 2 else (70, 142, 66)
        tip = (x + math.cos(a) * r, y + math.sin(a) * r)
        c.poly(col, [(x, y), (x + math.cos(a - 0.25) * r * 0.55, y + math.sin(a - 0.25) * r * 0.55), tip,
                     (x + math.cos(a + 0.25) * r * 0.55, y + math.sin(a + 0.25) * r * 0.55)])
        c.line((34, 86, 44), (x, y), tip, 0.9)
    for dx, dy in ((-3, -2), (3, -1), (0, 3)):
        c.circle((110, 70, 40), (x + dx, y + dy), 3.2)


def bag() -> pygame.Surface:
    W, H = BAG
    c = Canvas(W, H, 4)
    c.ellipse(rgba((0, 0, 0), 90), 20, 104, 90, 18)
    body = A.bezier((44, 40), (6, 66), (10, 112), (64, 112), 14) + A.bezier((64, 112), (118, 112), (122, 66), (84, 40), 14)
    c.poly(CLOTH, body)
    shade_l = c.layer()
    shade_l.poly((0, 0, 0, 255), body)
    shade_l.ellipse((0, 0, 0, 0), 22, 46, 70, 60)
    c.paste(A.blur(shade_l.surf, 18), 70)
    for i, (x0, y0, x1, y1) in enumerate(((50, 46, 38, 104), (64, 46, 64, 108), (78, 46, 92, 104))):
        c.lines(rgba(CLOTH_DARK, 180), A.quad((x0, y0), ((x0 + x1) / 2 + (i - 1) * 4, (y0 + y1) / 2), (x1, y1), 10), 1.2)
    c.lines(shade(CLOTH_DARK, 0.8), body + body[:1], 1.6)
    # the gathered neck and its ruffle
    c.poly(CLOTH, [(46, 40), (82, 40), (90, 22), (80, 16), (64, 24), (48, 16), (38, 22)])
    c.lines(shade(CLOTH_DARK, 0.8), [(46, 40), (38, 22), (48, 16), (64, 24), (80, 16), (90, 22), (82, 40)], 1.4)
    for x in (52, 64, 76):
        c.line(rgba(CLOTH_DARK, 200), (x, 24), (x, 38), 1.0)
    c.rect(ROPE, 42, 36, 44, 7, radius=3)
    c.rect(shade(ROPE, 0.7), 42, 36, 44, 7, radius=3, width=1)
    c.lines(ROPE, A.quad((84, 40), (100, 50), (96, 64), 8), 2.4)
    c.lines(ROPE, A.quad((84, 40), (106, 44), (108, 58), 8), 2.4)
    # a gold coin painted on the cloth, and a jewel peeking out
    c.circle(rgba(P.GOLD, 230), (64, 80), 13)
    c.circle(rgba(shade(P.GOLD, 0.7), 255), (64, 80), 13, width=1.4)
    c.poly(rgba(shade(P.GOLD, 0.6), 255), A.star_points(64, 80, 8, 3.5, 5))
    gem(c, 58, 18, 5, GEM_RED)
    return c.result()


def splash(frame: int) -> pygame.Surface:
    c = Canvas(SPLASH, SPLASH, 4)
    t = (frame + 1) / SPLASH_FRAMES
    cx, cy = SPLASH / 2, SPLASH * 0.66
    rng = Rng(1710 + frame)
    # the ring of foam spreading on the water
    rx, ry = 14 + 30 * t, 5 + 10 * t
    a = int(230 * (1 - t * 0.6))
    c.ellipse(rgba((20, 70, 90), int(a * 0.4)), cx - rx, cy - ry, 2 * rx, 2 * ry)
    c.ellipse(rgba(P.FOAM, a), cx - rx, cy - ry, 2 * rx, 2 * ry, width=3 - t * 1.5)
    if t > 0.4:
        c.ellipse(rgba(P.FOAM, int(a * 0.7)), cx - rx * 0.6, cy - ry * 0.6, 1.2 * rx, 1.2 * ry, width=1.6)
    # the column of water and the drops, rising then falling
    hgt = SPLASH * 0.55 * math.sin(math.pi * min(1.0, t * 1.1))
    if hgt > 2:
        for i in range(7):
            ang = -math.pi / 2 + (i - 3) * 0.32
            L = hgt * (0.7 + 0.3 * (1 - abs(i - 3) / 3))
            tip = (cx + math.cos(ang) * L * 0.8, cy + math.sin(ang) * L)
            c.poly(rgba((200, 232, 240), 230), [(cx - 5 + i * 1.4, cy), tip, (cx - 2 + i * 1.4, cy)])
            c.circle(rgba((240, 250, 252), 240), tip, 2.6 - t)
        for i in range(10):
            ang = -math.pi / 2 + (rng.random() - 0.5) * 2.4
            L = hgt * (0.6 + 0.6 * rng.random())
            c.circle(rgba((230, 246, 250), 220), (cx + math.cos(ang) * L, cy + math.sin(ang) * L * 0.9 + t * 10), 1.2 + rng.random() * 1.4)
    return c.result()


# =============================================================================================
# treasures: die-cut cardboard tiles, each kind its own outline and picture
# =============================================================================================
def tile_outline(kind: str, w: float, h: float) -> list[tuple[float, float]]:
    cx, cy = w / 2, h / 2
    if kind == "pearl":   # a scallop shell: a fan with a scalloped rim and a small hinge
        rim = []
        for i in range(41):
            a = math.pi * (1.08 + 0.84 * i / 40)
            r = (w / 2 - 2) * (1 - 0.06 * abs(math.sin(i * math.pi / 5)))
            rim.append((cx + r * math.cos(a), h - 14 + (h - 18) * math.sin(a) * 0.98))
        return rim + [(cx + 7, h - 10), (cx + 5, h - 3), (cx - 5, h - 3), (cx - 7, h - 10)]
    if kind == "ring":   # a round tile with a hole (see treasure())
        return ellipse_pts(cx, cy, w / 2 - 2, h / 2 - 2, 40)
    if kind == "doubloon":
        return [(cx + (w / 2 - 2) * math.cos(a), cy + (h / 2 - 2) * math.sin(a)) for a in [i * math.pi / 4 + math.pi / 8 for i in range(8)]]
    if kind == "ruby":
        return [(cx, 2), (w - 2, cy), (cx, h - 2), (2, cy)]
    if kind == "emerald":
        k = 12
        return [(2 + k, 6), (w - 2 - k, 6), (w - 2, 6 + k), (w - 2, h - 6 - k), (w - 2 - k, h - 6), (2 + k, h - 6),
                (2, h - 6 - k), (2, 6 + k)]
    if kind == "brooch":
        return [(cx + (w / 2 - 2) * math.cos(a) * (1 + 0.06 * math.cos(8 * a)), cy + (h / 2 - 4) * math.sin(a) * (1 + 0.06 * math.cos(8 * a)))
                for a in [i * 2 * math.pi / 64 for i in range(64)]]
    if kind == "amulet":   # a teardrop lying on its side, point to the left
        return A.bezier((2, cy), (w * 0.3, 4), (w * 0.7, 2), (w - 2, cy), 16) + A.bezier((w - 2, cy), (w * 0.7, h - 2), (w * 0.3, h - 4), (2, cy), 16)[1:]
    if kind == "goblet":   # the goblet on its side: foot on the left, cup to the right
        return [(2, 4), (12, 4), (14, cy - 4), (w * 0.45, cy - 5), (w * 0.5, 4), (w - 2, 6), (w - 2, h - 6), (w * 0.5, h - 4),
                (w * 0.45, cy + 5), (14, cy + 4), (12, h - 4), (2, h - 4)]
    if kind == "crown":
        pts = [(4, h - 4), (w - 4, h - 4), (w - 2, 10)]
        n = 5
        for i in range(n, -1, -1):
            x = 4 + (w - 8) * i / n
            pts.append((x, 4))
            if i > 0:
                pts.append((4 + (w - 8) * (i - 0.5) / n, 22))
        pts.append((2, 10))
        return pts
    if kind == "gold-bar":   # a trapezoid ingot
        return [(14, 8), (w - 14, 8), (w - 2, h - 8), (2, h - 8)]
    if kind == "necklace":   # a crescent band
        outer = ellipse_pts(cx, 0, w / 2 - 2, h - 4, 30, 0.1, math.pi - 0.1)
        inner = ellipse_pts(cx, 0, w / 2 - 22, h - 26, 30, math.pi - 0.25, 0.25)
        return outer + inner
    if kind == "dagger":
        return [(2, cy), (10, cy - 9), (24, cy - 9), (26, 4), (32, 4), (32, cy - 6), (w - 18, cy - 7), (w - 2, cy),
                (w - 18, cy + 7), (32, cy + 6), (32, h - 4), (26, h - 4), (24, cy + 9), (10, cy + 9)]
    return [(2, 2), (w - 2, 2), (w - 2, h - 2), (2, h - 2)]


def treasure(kind: str, length: int) -> pygame.Surface:
    w, h = 40 + 8 * length, TILE_H
    c = Canvas(w, h, 4)
    pts = tile_outline(kind, w, h)
    c.poly(rgba((40, 24, 10), 110), [(x + 1.2, y + 2) for x, y in pts])
    c.poly(CARD, pts)
    inner = [(w / 2 + (x - w / 2) * 0.9, h / 2 + (y - h / 2) * 0.86) for x, y in pts]
    c.poly(mix(CARD, (255, 250, 236), 0.5), inner)
    c.lines(CARD_EDGE, pts, 1.6, closed=True)
    cx, cy = w / 2, h / 2
    if kind == "pearl":
        for i in range(7):   # the shell's ribs
            a = math.pi * (1.14 + 0.72 * i / 6)
            c.line((214, 170, 150), (cx, h - 10), (cx + (w / 2 - 7) * math.cos(a), h - 14 + (h - 24) * math.sin(a)), 1.6)
        c.circle(shade(PEARL, 0.7), (cx, cy + 4), 10)
        c.circle(PEARL, (cx - 0.5, cy + 3.5), 9)
        c.circle((255, 255, 255), (cx - 3.5, cy), 3.2)
    elif kind == "ring":
        c.ellipse(shade(P.GOLD, 0.6), cx - 17, cy - 15, 34, 34, width=6)
        c.ellipse(P.GOLD, cx - 17, cy - 16, 34, 34, width=5)
        c.ellipse(P.GOLD_LIGHT, cx - 14, cy - 13, 12, 10, width=1.4)
        c.ellipse((0, 0, 0, 0), cx - 11, cy - 10, 22, 22)   # the hole through the tile
        gem(c, cx, cy - 17, 7, GEM_BLUE)
    elif kind == "doubloon":
        c.circle(shade(P.GOLD, 0.6), (cx + 1, cy + 1.5), 20)
        c.circle(P.GOLD, (cx, cy), 20)
        c.circle(shade(P.GOLD, 0.7), (cx, cy), 16, width=1.4)
        c.rect(shade(P.GOLD, 0.6), cx - 2.5, cy - 11, 5, 22)
        c.rect(shade(P.GOLD, 0.6), cx - 11, cy - 2.5, 22, 5)
        c.circle(P.GOLD_LIGHT, (cx - 8, cy - 9), 2.5)
    elif kind == "ruby":
        gem_big(c, cx, cy, w * 0.36, h * 0.36, GEM_RED, "diamond")
    elif kind == "emerald":
        gem_big(c, cx, cy, w * 0.34, h * 0.28, GEM_GREEN, "step")
    elif kind == "brooch":
        c.ellipse(shade(P.GOLD, 0.6), cx - 30, cy - 19, 60, 40)
        c.ellipse(P.GOLD, cx - 30, cy - 20, 60, 40)
        for i in range(12):
            a = i * math.pi / 6
            c.circle(PEARL, (cx + 26 * math.cos(a), cy + 17 * math.sin(a)), 2.4)
        c.ellipse((60, 90, 140), cx - 20, cy - 13, 40, 26)
        c.ellipse((236, 226, 214), cx - 8, cy - 10, 16, 20)   # a cameo profile
        c.circle((60, 90, 140), (cx + 7, cy - 1), 4)
    elif kind == "amulet":
        c.lines(shade(P.GOLD, 0.8), A.quad((8, cy), (w * 0.3, cy - 22), (w * 0.55, cy - 4), 12), 1.6)
        c.lines(shade(P.GOLD, 0.8), A.quad((8, cy), (w * 0.3, cy + 22), (w * 0.55, cy + 4), 12), 1.6)
        ax = w * 0.66
        c.ellipse(shade(P.GOLD, 0.6), ax - 18, cy - 18, 36, 37)
        c.ellipse(P.GOLD, ax - 18, cy - 19, 36, 36)
        c.ellipse((250, 246, 236), ax - 11, cy - 7, 22, 12)     # an eye on the amulet
        c.circle(GEM_BLUE, (ax, cy - 1), 5)
        c.circle(INK, (ax, cy - 1), 2.2)
        c.arc(shade(P.GOLD, 0.55), ax - 13, cy - 13, 26, 24, 0.2, math.pi - 0.2, 1.4)
    elif kind == "goblet":
        body = [(6, 10), (10, 10), (12, cy - 3), (w * 0.46, cy - 4), (w * 0.52, 9), (w - 8, 10), (w - 8, h - 10),
                (w * 0.52, h - 9), (w * 0.46, cy + 4), (12, cy + 3), (10, h - 10), (6, h - 10)]
        c.poly(SILVER, body)
        c.poly(shade(SILVER, 0.75), [(w * 0.52, cy + 4), (w - 8, cy + 4), (w - 8, h - 10), (w * 0.52, h - 9)])
        c.lines(shade(SILVER, 0.5), body, 1.2, closed=True)
        c.ellipse(shade(SILVER, 0.55), w - 14, 10, 10, h - 20)
        gem(c, w * 0.72, cy, 5, GEM_RED)
        gem(c, w * 0.62, cy - 10, 3, GEM_GREEN)
        gem(c, w * 0.62, cy + 10, 3, GEM_GREEN)
        for i in range(3):
            coin(c, w - 4 + i * 0.0, cy - 8 + i * 8, 3.5, 0.6)
    elif kind == "crown":
        band_y = h - 20
        pts = [(12, h - 10), (w - 12, h - 10), (w - 10, 16)]
        n = 5
        for i in range(n, -1, -1):
            pts.append((10 + (w - 20) * i / n, 12))
            if i > 0:
                pts.append((10 + (w - 20) * (i - 0.5) / n, 28))
        pts.append((10, 16))
        c.poly(P.GOLD, pts)
        c.lines(shade(P.GOLD, 0.55), pts, 1.4, closed=True)
        c.rect(shade(P.GOLD, 0.8), 12, band_y, w - 24, 10)
        for i in range(n + 1):
            c.circle(PEARL, (10 + (w - 20) * i / n, 11), 3)
        for i, col in enumerate((GEM_RED, GEM_BLUE, GEM_GREEN, GEM_BLUE, GEM_RED)):
            gem(c, 10 + (w - 20) * (i + 0.5) / n, band_y + 5, 4, col)
    elif kind == "gold-bar":
        c.poly(shade(P.GOLD, 0.7), [(16, 12), (w - 16, 12), (w - 6, h - 12), (6, h - 12)])
        c.poly(P.GOLD, [(20, 14), (w - 20, 14), (w - 14, h - 22), (14, h - 22)])
        c.poly(P.GOLD_LIGHT, [(22, 15), (w * 0.5, 15), (w * 0.5 - 6, 22), (20, 22)])
        c.rect(shade(P.GOLD, 0.55), w / 2 - 14, cy - 4, 28, 8, radius=2, width=1)
        c.poly(shade(P.GOLD, 0.5), [(w / 2 - 3, cy), (w / 2, cy - 3), (w / 2 + 3, cy), (w / 2, cy + 3)])
    elif kind == "necklace":
        chain = ellipse_pts(cx, 0, w / 2 - 12, h - 15, 24, 0.12, math.pi - 0.12)
        c.lines(shade(P.GOLD, 0.7), chain, 1.6)
        for i, (x, y) in enumerate(chain[::2]):
            c.circle(PEARL, (x, y), 3.4)
            c.circle(shade(PEARL, 0.7), (x, y), 3.4, width=0.6)
        gem(c, cx, h - 10, 6, GEM_RED)
    elif kind == "dagger":
        c.poly(SILVER, [(34, cy - 5), (w - 18, cy - 5), (w - 4, cy), (w - 18, cy + 5), (34, cy + 5)])
        c.line(shade(SILVER, 0.65), (36, cy), (w - 12, cy), 1.2)
        c.rect(P.GOLD, 26, 6, 7, h - 12, radius=2)
        c.rect((110, 50, 36), 10, cy - 6, 16, 12, radius=2)
        for x in (13, 18, 23):
            c.line(shade((110, 50, 36), 0.6), (x, cy - 6), (x, cy + 6), 0.8)
        c.circle(P.GOLD, (6, cy), 5)
        gem(c, 29.5, cy, 4, GEM_RED)
    return c.result()


def gem_big(c: Canvas, cx: float, cy: float, rx: float, ry: float, col, cut: str) -> None:
    if cut == "diamond":
        outer = [(cx, cy - ry), (cx + rx, cy), (cx, cy + ry), (cx - rx, cy)]
        table = [(cx, cy - ry * 0.45), (cx + rx * 0.45, cy), (cx, cy + ry * 0.45), (cx - rx * 0.45, cy)]
    else:
        k = 0.3
        outer = [(cx - rx * (1 - k), cy - ry), (cx + rx * (1 - k), cy - ry), (cx + rx, cy - ry * (1 - k)), (cx + rx, cy + ry * (1 - k)),
                 (cx + rx * (1 - k), cy + ry), (cx - rx * (1 - k), cy + ry), (cx - rx, cy + ry * (1 - k)), (cx - rx, cy - ry * (1 - k))]
        table = [(cx + (x - cx) * 0.55, cy + (y - cy) * 0.5) for x, y in outer]
    c.poly(shade(col, 0.55), [(x + 1, y + 1.5) for x, y in outer])
    c.poly(col, outer)
    for (x0, y0), (x1, y1) in zip(outer, table):
        c.line(shade(col, 0.7), (x0, y0), (x1, y1), 0.9)
    c.poly(shade(col, 1.25), table)
    c.poly(shade(col, 1.6), [table[0], table[1], (cx, cy)])
    c.lines(shade(col, 0.45), outer, 1.2, closed=True)


# =============================================================================================
# movement board, clip, turn counter
# =============================================================================================
def board(spaces: list[str], size: tuple[int, int]) -> dict[str, pygame.Surface]:
    """A wooden strip with parchment spaces (left to right) and a coloured end cap (tint layer)
    where sprites.py puts the seat symbol."""
    W, H = size
    base, tint = Canvas(W, H, 4), Canvas(W, H, 4)
    base.rect(rgba((0, 0, 0), 90), 3, 5, W - 4, H - 6, radius=10)
    textured(base, [(2, 2), (W - 2, 2), (W - 2, H - 4), (2, H - 4)], _tex["wood"], 0.5, False, (220, 190, 160))
    base.rect(P.WOOD_DARK, 2, 2, W - 4, H - 6, radius=10, width=2)
    cap = 56
    tint.rect((236, 236, 236, 255), 4, 4, cap - 6, H - 10, radius=8)
    tint.rect((170, 170, 170, 255), 4, H - 14, cap - 6, 6, radius=3)
    n = len(spaces)
    sw = (W - cap - 10) / n
    f = font("text_bold", 20)
    fs = font("text_bold", 13)
    for i, label in enumerate(spaces):
        x = cap + 2 + i * sw
        last = i == n - 1
        col = (250, 238, 210) if not last else (232, 200, 170)
        base.rect(rgba((0, 0, 0), 70), x + 2, 10, sw - 4, H - 20, radius=5)
        base.rect(col, x + 2, 9, sw - 4, H - 20, radius=5)
        base.rect(shade(P.WOOD_DARK, 1.1), x + 2, 9, sw - 4, H - 20, radius=5, width=1)
        g = (fs if len(label) > 2 else f).render(label, True, INK)
        big = pygame.transform.smoothscale(g, (g.get_width() * base.k, g.get_height() * base.k))
        base.surf.blit(big, (int((x + sw / 2) * base.k) - big.get_width() // 2, int((H / 2 - 1) * base.k) - big.get_height() // 2))
    return {"base": base.result(), "tint": tint.result()}


def clip() -> pygame.Surface:
    """A wooden clothes-peg seen from above, pointing down, with its steel spring."""
    W, H = CLIP
    c = Canvas(W, H, 4)
    c.rect(rgba((0, 0, 0), 100), 11, 6, 14, 56, radius=5)
    c.poly(P.WOOD_LIGHT, [(9, 2), (23, 2), (22, 58), (16, 62), (10, 58)])
    c.poly(shade(P.WOOD_LIGHT, 0.8), [(16, 2), (23, 2), (22, 58), (16, 62)])
    c.lines(P.WOOD_DARK, [(9, 2), (23, 2), (22, 58), (16, 62), (10, 58)], 1.2, closed=True)
    c.line(P.WOOD_DARK, (16, 4), (16, 60), 0.8)
    c.rect((150, 150, 160), 7, 24, 18, 7, radius=3)
    c.rect((220, 220, 228), 8, 25, 16, 2.5, radius=1)
    c.rect((70, 70, 80), 7, 24, 18, 7, radius=3, width=1)
    return c.result()


# =============================================================================================
# the sea table and the menu picture
# =============================================================================================
def table() -> pygame.Surface:
    tw, th = TABLE
    rng = Rng(1720)
    small = A.stretch_contrast(A.periodic_noise(160, 90, 3, rng, 3, 0.5))
    sea = A.ramp_surface(small, 160, 90, [(0.0, P.SEA_DEEP), (0.6, P.SEA), (1.0, mix(P.SEA, P.SEA_LIGHT, 0.45))])
    out = pygame.transform.smoothscale(sea, (tw, th))
    c = Canvas(tw, th, 1)
    for _ in range(170):
        x, y = rng.random() * tw, rng.random() * th
        w = 6 + rng.random() * 14
        c.lines(rgba(P.FOAM, 60 + rng.below(60)), A.quad((x - w, y + w * 0.2), (x, y - w * 0.25), (x + w, y + w * 0.2), 8), 1.4)
    out.blit(c.surf, (0, 0))
    vig = pygame.Surface((tw // 8, th // 8), pygame.SRCALPHA)
    vig.fill((6, 20, 30, 130))
    pygame.draw.ellipse(vig, (0, 0, 0, 0), pygame.Rect(-tw // 48, -th // 24, tw // 8 + tw // 24, th // 8 + th // 12))
    out.blit(A.blur(pygame.transform.smoothscale(vig, (tw, th)), 90), (0, 0))
    return posterize(out.convert_alpha() if pygame.display.get_surface() else _rgba(out), 2)


def _rgba(s: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    out.blit(s, (0, 0))
    return out


def menu_picture() -> pygame.Surface:
    """The menu tile (400x240): the ship from above on the sea, pirates on the planks, the chests,
    a pirate splashing toward the island."""
    import make_art as M
    W, H = MENU
    c = Canvas(W, H, 2)
    seatex = pygame.transform.smoothscale(_tex["sea"], (256, 256))
    c.surf.blit(A.tile(seatex, c.surf.get_size()), (0, 0))
    # the ship turned on its side: bow to the right, scaled to fit the height
    shp = ship_cache.get("ship") or ship()
    turned = pygame.transform.rotate(shp, -90)
    sc = 0.4
    mx, my = 150, 120
    img = pygame.transform.smoothscale(turned, (int(turned.get_width() * sc * c.k), int(turned.get_height() * sc * c.k)))
    c.surf.blit(img, img.get_rect(center=c.p((mx, my))))

    def turn(x: float, y: float) -> tuple[float, float]:
        # ship.png -> rotated clockwise: (x, y) -> (H - y, x); then scaled about the picture's centre
        rx, ry = SHIP[1] - y, x
        return (mx + (rx - SHIP[1] / 2) * sc, my + (ry - SHIP[0] / 2) * sc)
    for plank, big in ((2, False), (5, True), (8, False), (11, True)):
        x, y = turn(*chest_spot(plank))
        img2 = chest(big)
        img2 = pygame.transform.smoothscale(img2, (int(img2.get_width() * 0.3 * c.k), int(img2.get_height() * 0.3 * c.k)))
        if plank >= 6:
            img2 = pygame.transform.flip(img2, True, False)
        c.surf.blit(img2, img2.get_rect(midbottom=c.p((x, y + 9))))
    # pirates on some planks (in the turned picture the planks run up and down)
    cols = [rgb for _, rgb, _ in P.SEAT_COLOURS]
    colours = (cols[0], cols[3], cols[4], cols[2])
    for plank, place, col, s in ((1, 0, 0, 40), (1, 1, 1, 28), (3, 2, 2, 34), (8, 0, 3, 38), (8, 1, 0, 24),
                                 (10, 1, 2, 30), (4, 0, 1, 26), (6, 1, 3, 32), (0, 2, 3, 36), (9, 2, 1, 40)):
        x, y = turn(*plank_place(plank, place))
        M.pawn(c, x, y + 5, s * 0.5, colours[col])
    # island with castaways at the right, the bag above it
    isl = pygame.transform.smoothscale(island(), (int(150 * c.k), int(94 * c.k)))
    c.surf.blit(isl, isl.get_rect(center=c.p((330, 176))))
    M.pawn(c, 318, 186, 20, colours[1])
    M.pawn(c, 344, 180, 16, colours[3])
    sp = splash(1)
    sp = pygame.transform.smoothscale(sp, (int(54 * c.k), int(54 * c.k)))
    c.surf.blit(sp, sp.get_rect(center=c.p((242, 214))))
    tb = bag()
    tb = pygame.transform.smoothscale(tb, (int(72 * c.k), int(72 * c.k)))
    c.surf.blit(tb, tb.get_rect(center=c.p((352, 52))))
    M.vignette(c, 80)
    return posterize(M.round_corners(c.result(), 12), 1)


ship_cache: dict[str, pygame.Surface] = {}


# =============================================================================================
# entry points
# =============================================================================================
def build_all(textures: dict[str, pygame.Surface]) -> dict[str, pygame.Surface]:
    """Every planks image by its path under assets/images/ (``textures``: make_art's tiles).
    The menu picture is ``menu_picture()`` (make_art puts it at menu/planks.png)."""
    _tex.clear()
    _tex.update(textures)
    out: dict[str, pygame.Surface] = {}
    ship_cache["ship"] = ship()
    out["ship.png"] = ship_cache["ship"]
    out["chest_big.png"] = chest(True)
    out["chest_small.png"] = chest(False)
    for s in range(1, 6):
        out.update(standee(s))
    out["island.png"] = island()
    out["bag.png"] = bag()
    for kind, length in TREASURES:
        out[f"treasure_{kind}.png"] = treasure(kind, length)
    b = board(["12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1", "0/1"], BOARD)
    out["board.png"], out["board_tint.png"] = b["base"], b["tint"]
    t = board(["3", "2", "1", "0/1"], COUNTER)
    out["counter.png"], out["counter_tint.png"] = t["base"], t["tint"]
    out["clip.png"] = clip()
    for f in range(SPLASH_FRAMES):
        out[f"splash_{f + 1}.png"] = splash(f)
    out["table.png"] = table()
    return {PREFIX + k: v for k, v in out.items()}


def contract() -> dict[str, tuple[int, int]]:
    """Every planks image with its size (tests/test_art.py repeats it)."""
    c = {"ship.png": SHIP, "chest_big.png": CHEST, "chest_small.png": CHEST, "island.png": ISLAND, "bag.png": BAG,
         "board.png": BOARD, "board_tint.png": BOARD, "counter.png": COUNTER, "counter_tint.png": COUNTER,
         "clip.png": CLIP, "table.png": TABLE}
    for s in range(1, 6):
        c.update({f"pirate_{s}{x}.png": STANDEE for x in ("", "_tint", "_top")})
    for kind, length in TREASURES:
        c[f"treasure_{kind}.png"] = (40 + 8 * length, TILE_H)
    c.update({f"splash_{f}.png": (SPLASH, SPLASH) for f in range(1, SPLASH_FRAMES + 1)})
    return {PREFIX + k: v for k, v in c.items()}


def main(argv: list[str] | None = None) -> int:
    return A.run_alone("make_planks_art", __doc__, build_all, "menu/planks.png", menu_picture, argv)


if __name__ == "__main__":
    raise SystemExit(main())
