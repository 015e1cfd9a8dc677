"""Pirateer pieces for build/make_art.py: the ships of the four factions, the treasure coin, anchors,
the dock's mooring post, the wreck marker, the strait's rope ring, the current arrow, the six-point
compass, faction flags and the effects (smoke, storm wave, blast ring, glint), all drawn by our own
code.

game/games/pirateer/sprites.py scales these and adds what depends on the game state at run time
(the ship's number, the carrier's coin and glow, the grey of the dead man, the struck-out compass
arm, the strait's letter, translated compass labels). Art is drawn at about twice the size it is
shown at (ships are shown at ~40-48 px on a board whose diamonds are 52 px across).

Every flag is told apart by the shape of its emblem as well as by its colour (spec 2.2): Spanish a
flared cross, French a three-petal lily of our own drawing, Pirates a skull with crossed bones,
Barbary a crescent and star. The emblem is painted large on the main sail so it reads on a small
ship. The second set of ``fantastic-eight`` (``<faction>-b``) has a framed sail (``ship_<f>_b``).
"""
from __future__ import annotations

import math

import pygame

import art_lib as A
import make_art as M
from art_lib import Canvas, mix, rgba, shade
from game.core.rng import Rng
from game.ui import palette as P

PREFIX = "pirateer/"
FACTIONS = ("spanish", "french", "pirates", "barbary")

SHIP = 128                      # ship and wreck art (square); sprites.py repeats the anchors below
ICON = 64                       # anchors, mooring post, strait ring, flags, glints (square)
COIN = 128                      # the treasure coin (square); coin_small.png is 32 px
ARROW = (128, 64)               # current arrow, pointing E
COMPASS = 256                   # compass rose (square)
SMOKE = 96                      # smoke puff frames (square)
WAVE = (256, 128)               # storm wave
RING = 256                      # blast ring (square); the ring's middle lies at RING_AT of the half side
RING_AT = 0.8
SMOKE_FRAMES = 6
GLINT_FRAMES = 6

# Faction colours (main, emblem): the same as the map's anchors (build/make_pirateer_map.py).
FACTION_ART = {
    "spanish": ((178, 40, 36), (246, 196, 66)),
    "french": ((36, 72, 168), (250, 250, 250)),
    "pirates": ((28, 28, 30), (250, 250, 250)),
    "barbary": ((30, 122, 64), (250, 250, 250)),
}
# Where things sit on a ship image, as fractions of its side (sprites.py repeats these numbers).
SHIP_FOOT = (0.5, 0.79)         # the waterline's middle: put it on the square's centre
SHIP_BADGE = (0.2, 0.66, 0.135)  # centre x, y and radius of the number disc at the stern
SHIP_CARGO = (0.84, 0.45, 0.15)   # centre x, y and radius of the carrier's coin at the bow
# The compass: arms by direction, as (screen angle in degrees, counter-clockwise from E; length as a
# fraction of the half side). NE lies up-right on the table because NE = (0, -1) gives u + 1, w - 1.
COMPASS_ARMS = {"E": (0, 0.6), "NE": (45, 0.8), "NW": (135, 0.8), "W": (180, 0.6), "SW": (225, 0.8), "SE": (315, 0.8)}
COMPASS_ARM_HALF_WIDTH = 0.13   # of the half side, at the arm's root

RIM = (250, 244, 226)           # the light outline around pieces
INK = (34, 24, 18)
SAIL_CREAM = (244, 234, 206)
IVORY_ARM = (250, 244, 228)

_tex: dict[str, pygame.Surface] = {}


# =============================================================================================
# helpers
# =============================================================================================
def rimmed(c: Canvas, width: float, colour=RIM, dark_alpha: int = 120) -> pygame.Surface:
    """The canvas art (at canvas scale) with a light rim of ``width`` target px and a faint dark
    line outside it, so a piece stands out on light and dark sea alike."""
    art, k = c.surf, c.k
    out = pygame.Surface(art.get_size(), pygame.SRCALPHA)
    ring = pygame.Surface(art.get_size(), pygame.SRCALPHA)
    dark = A.recolour(art, INK)
    dark.fill((255, 255, 255, dark_alpha), special_flags=pygame.BLEND_RGBA_MULT)
    light = A.recolour(art, colour)
    for r, src, dst in (((width + 0.9) * k, dark, out), (width * k, light, ring)):
        steps = max(16, int(r * 1.6))
        for i in range(steps):
            a = 2 * math.pi * i / steps
            dst.blit(src, (round(r * math.cos(a)), round(r * math.sin(a))))
    out.blit(ring, (0, 0))
    out.blit(art, (0, 0))
    return out


def down(surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(surf, size)


def glow(c: Canvas, x: float, y: float, r: float, col, alpha: int) -> None:
    lay = c.layer()
    lay.circle(rgba(col, 255), (x, y), r)
    g = A.recolour(A.blur(lay.surf, max(1, int(r * c.k * 0.5))), col)
    c.paste(g, alpha)


# =============================================================================================
# emblems (centre cx, cy; r = half the emblem's box)
# =============================================================================================
def emblem_cross(c: Canvas, cx: float, cy: float, r: float, col) -> None:
    """A bold upright cross with flared ends."""
    a, b = 0.31 * r, 0.15 * r
    pts = [(-a, -r), (a, -r), (b, -b), (r, -a), (r, a), (b, b), (a, r), (-a, r), (-b, b), (-r, a), (-r, -a), (-b, -b)]
    c.poly(col, [(cx + x, cy + y) for x, y in pts])


def emblem_lily(c: Canvas, cx: float, cy: float, r: float, col) -> None:
    """Our three-petal lily: a tall narrow middle petal and two petals arching out and down, open
    gaps between them (so it reads as a crown, not a cross, when small), a band and a spread foot."""
    def P_(x: float, y: float) -> tuple[float, float]:
        return (cx + x * r, cy + y * r)

    mid = A.bezier(P_(0, -1.0), P_(-0.34, -0.62), P_(-0.3, -0.08), P_(-0.08, 0.18), 12) + \
        A.bezier(P_(0.08, 0.18), P_(0.3, -0.08), P_(0.34, -0.62), P_(0, -1.0), 12)
    c.poly(col, mid)
    for s in (-1, 1):
        outer = A.bezier(P_(s * 0.3, 0.18), P_(s * 0.26, -0.5), P_(s * 0.78, -0.86), P_(s * 1.0, -0.36), 14)
        curl = A.bezier(P_(s * 1.0, -0.36), P_(s * 1.04, -0.1), P_(s * 0.86, 0.02), P_(s * 0.76, -0.1), 8)
        inner = A.bezier(P_(s * 0.76, -0.1), P_(s * 0.8, -0.36), P_(s * 0.52, -0.46), P_(s * 0.5, 0.18), 10)
        c.poly(col, outer + curl[1:] + inner[1:])
    c.rect(col, cx - 0.62 * r, cy + 0.14 * r, 1.24 * r, 0.24 * r, radius=0.08 * r)
    foot = [P_(-0.12, 0.38), P_(0.12, 0.38), P_(0.16, 0.56), P_(0.56, 0.72), P_(0.62, 0.96), P_(0.3, 0.8),
            P_(0.1, 0.8), P_(0, 1.0), P_(-0.1, 0.8), P_(-0.3, 0.8), P_(-0.62, 0.96), P_(-0.56, 0.72), P_(-0.16, 0.56)]
    c.poly(col, foot)


def emblem_skull(c: Canvas, cx: float, cy: float, r: float, col, hole) -> None:
    """A skull over crossed bones; ``hole`` is the colour seen through the eyes (the field)."""
    M.skull(c, cx, cy - 0.06 * r, 0.56 * r, col, hole, bones=True)


def emblem_crescent(c: Canvas, cx: float, cy: float, r: float, col) -> None:
    """A crescent opening to the right with a five-pointed star in its mouth."""
    lay = c.layer()
    lay.circle(rgba(col, 255), (cx - 0.2 * r, cy), 0.8 * r)
    lay.circle((0, 0, 0, 0), (cx + 0.1 * r, cy - 0.04 * r), 0.66 * r)
    lay.poly(rgba(col, 255), A.star_points(cx + 0.5 * r, cy - 0.02 * r, 0.42 * r, 0.17 * r, 5))
    c.paste(lay)


def emblem(c: Canvas, faction: str, cx: float, cy: float, r: float, col, field) -> None:
    if faction == "spanish":
        emblem_cross(c, cx, cy, r, col)
    elif faction == "french":
        emblem_lily(c, cx, cy, r, col)
    elif faction == "pirates":
        emblem_skull(c, cx, cy, r, col, field)
    else:
        emblem_crescent(c, cx, cy, r, col)


# =============================================================================================
# ships (128 x 128, bow to the right, seen three-quarter from above)
# =============================================================================================
def hull_shapes() -> tuple[list, list, list]:
    """(hull side, deck, stern castle deck) polygons in ship art pixels."""
    gun = A.bezier((40, 81), (62, 84), (92, 84), (117, 71), 14)          # near gunwale, stern -> bow
    bottom = A.bezier((117, 71), (112, 92), (100, 101), (84, 102), 10) + [(30, 102)] + \
        A.bezier((30, 102), (20, 101), (15, 94), (13, 84), 8)
    side = [(13, 70), (40, 70), (40, 81)] + gun + bottom[1:]
    far = A.bezier((117, 71), (96, 72), (66, 73), (40, 74), 14)          # far rail, bow -> stern
    deck = gun + far[1:]
    castle = [(13, 70), (40, 70), (44, 64), (17, 64)]
    return side, deck, castle


def ship_canvas(faction: str, framed: bool = False) -> Canvas:
    """The ship without rim or wake, on a canvas at 4x."""
    main, mark = FACTION_ART[faction]
    c = Canvas(SHIP, SHIP, 4)
    wood, wood_dark = P.WOOD, P.WOOD_DARK
    hull_col = (46, 40, 40) if faction == "pirates" else wood
    side, deck, castle = hull_shapes()
    # mast and yards behind the sails
    c.line(shade(wood_dark, 0.85), (64, 78), (64, 7), 3.2)
    c.line(shade(wood_dark, 0.85), (104, 76), (127, 62), 2.4)                       # bowsprit
    # pennant at the masthead, flying astern
    pen = [(64, 7), (40, 9.5), (46, 12), (40, 15), (64, 13)]
    c.poly(main if faction != "pirates" else (60, 60, 64), pen)
    c.lines(shade(main, 0.55), pen, 0.8, closed=True)
    # jib
    jib = [(70, 16), (121, 64), (82, 68)]
    c.poly(shade(SAIL_CREAM, 0.9), jib)
    c.poly(shade(SAIL_CREAM, 0.78), [(70, 16), (84, 66), (82, 68)])
    c.lines(shade(SAIL_CREAM, 0.55), jib, 0.9, closed=True)
    # main sail: billowing, in the faction colour, emblem large
    tl, tr, bl, br = (33, 20), (95, 20), (31, 66), (97, 66)
    outline = A.quad(tl, (64, 16), tr, 10) + A.quad(tr, (101, 43), br, 10)[1:] + \
        A.quad(br, (64, 76), bl, 12)[1:] + A.quad(bl, (27, 43), tl, 10)[1:]
    sail = c.layer()
    sail.poly((255, 255, 255, 255), outline)
    if faction == "pirates":
        sail.fill_gradient_mask((64, 62, 66), (20, 20, 22))
    else:
        sail.fill_gradient_mask(shade(main, 1.22), shade(main, 0.82))
    c.paste(sail)
    shadow = c.layer()                                                     # the belly's shade on the right
    shadow.poly((0, 0, 0, 255), A.quad((86, 21), (99, 43), (93, 67), 10) + A.quad((97, 66), (101, 43), (95, 20), 10))
    c.paste(A.recolour(shadow.surf, (0, 0, 0)), 70)
    if framed:
        inner = A.quad((38, 26), (64, 22.5), (90, 26), 10) + A.quad((90, 26), (94, 43), (91, 61), 8)[1:] + \
            A.quad((91, 61), (64, 69), (37, 61), 10)[1:] + A.quad((37, 61), (33, 43), (38, 26), 8)[1:]
        c.lines(mark, inner, 2.6, closed=True)
    emblem(c, faction, 64, 43, 18.5 if not framed else 16, mark, shade(main, 0.9))
    c.lines(shade(main, 0.45) if faction != "pirates" else (8, 8, 10), outline, 1.3, closed=True)
    c.line(shade(wood_dark, 0.8), (29, 20), (99, 20), 2.6)                 # yard
    # hull: deck, side, stern castle, trim, gunports
    c.poly(mix(P.WOOD_LIGHT, SAIL_CREAM, 0.25), deck)
    c.line(shade(wood_dark, 0.8), (64, 78), (64, 72), 3.2)                 # mast foot on the deck
    c.poly(shade(hull_col, 0.72), side)
    band = c.layer()                                                       # faction band under the rail
    band.poly((255, 255, 255, 255), side)
    band.rect((0, 0, 0, 0), 0, 92, SHIP, 40)
    band.rect((0, 0, 0, 0), 0, 0, SHIP, 74)
    band.surf.blit(A.vgradient(band.surf.get_size(), [(0.0, main), (1.0, shade(main, 0.8))], (0.56, 0.72)), (0, 0),
                   special_flags=pygame.BLEND_RGB_MULT)
    if faction != "pirates":
        c.paste(band)
    else:
        c.paste(A.recolour(band.surf, (70, 66, 70)))
    c.poly(mix(P.WOOD_LIGHT, SAIL_CREAM, 0.35), castle)
    c.lines(P.GOLD, A.bezier((13, 73), (40, 73), (60, 86), (116, 73.5), 14), 1.4)
    for i in range(5):                                                     # gunports
        gx = 52 + i * 12
        gy = 88.5 + 0.9 * math.sin(i)
        c.rect((24, 16, 12), gx, gy - 0.5 * (i == 4) - (i * 0.4 if i > 2 else 0), 5, 3.6, radius=1)
    c.lines(shade(hull_col, 0.45), side + side[:1], 1.4)
    c.lines(shade(wood_dark, 0.7), A.bezier((117, 71), (96, 72), (66, 73), (40, 74), 14), 1.1)  # far rail
    c.line(shade(wood_dark, 0.7), (40, 70), (40, 81), 1.1)
    return c


def wake(c: Canvas) -> None:
    """The ship's shadow on the water and a little foam at the bow and stern."""
    c.ellipse(rgba((6, 26, 40), 95), 10, 95, 112, 14)
    foam = c.layer()
    for pts, w in (((118, 97), (124, 102), (114, 107)), 2.2), (((16, 104), (8, 103), (2, 106)), 1.6), \
                  (((106, 104), (96, 108), (80, 108)), 1.6):
        foam.lines((240, 250, 248, 255), A.quad(*pts, 8), w)
    c.paste(foam, 170)


def ship_image(faction: str, framed: bool = False) -> pygame.Surface:
    c = Canvas(SHIP, SHIP, 4)
    wake(c)
    c.surf.blit(rimmed(ship_canvas(faction, framed), 1.6), (0, 0))
    return c.result()


def carrier_glow() -> pygame.Surface:
    """A soft gold halo in the shape of a ship, drawn behind the carrier."""
    sil = ship_canvas("spanish")
    c = Canvas(SHIP, SHIP, 4)
    halo = A.recolour(sil.surf, (255, 214, 90))
    big = pygame.Surface(halo.get_size(), pygame.SRCALPHA)
    r = 5 * c.k
    for i in range(24):
        a = 2 * math.pi * i / 24
        big.blit(halo, (round(r * math.cos(a)), round(r * math.sin(a))))
    big = A.recolour(A.blur(big, 4 * c.k), (255, 220, 110))
    c.paste(big, 235)
    return c.result()


# =============================================================================================
# coin, anchors, mooring post, wreck, strait ring, current arrow, flags
# =============================================================================================
def coin_canvas(size: int, detail: bool) -> Canvas:
    """Our doubloon: a slightly uneven struck edge, a beaded rim and an eight-point star."""
    c = Canvas(size, size, 4)
    cx = cy = size / 2
    R = size * 0.44
    edge = [(cx + R * (1 + 0.025 * math.sin(5 * a) + 0.015 * math.sin(11 * a + 1)) * math.cos(a),
             cy + R * (1 + 0.025 * math.sin(5 * a) + 0.015 * math.sin(11 * a + 1)) * math.sin(a))
            for a in [i * 2 * math.pi / 90 for i in range(90)]]
    c.poly(rgba((60, 30, 0), 110), [(x + size * 0.02, y + size * 0.035) for x, y in edge])
    c.poly(shade(P.GOLD, 0.6), edge)
    face = c.layer()
    face.poly((255, 255, 255, 255), [(cx + (x - cx) * 0.93, cy + (y - cy) * 0.93 - size * 0.01) for x, y in edge])
    face.fill_gradient_mask(P.GOLD_LIGHT, shade(P.GOLD, 0.86))
    c.paste(face)
    dark = shade(P.GOLD, 0.62)
    if detail:
        c.circle(dark, (cx, cy - size * 0.01), R * 0.76, width=size * 0.018)
        for i in range(36):
            a = i * 2 * math.pi / 36
            c.circle(shade(P.GOLD, 0.72), (cx + math.cos(a) * R * 0.84, cy - size * 0.01 + math.sin(a) * R * 0.84), size * 0.013)
    else:
        c.circle(dark, (cx, cy - size * 0.01), R * 0.74, width=max(0.8, size * 0.04))
    star_r = R * (0.6 if detail else 0.62)
    c.poly(dark, A.star_points(cx + size * 0.01, cy + size * 0.005, star_r, star_r * 0.32, 8))
    c.poly(mix(P.GOLD_LIGHT, (255, 250, 220), 0.4), A.star_points(cx, cy - size * 0.01, star_r, star_r * 0.32, 8))
    c.poly(shade(P.GOLD, 0.92), A.star_points(cx, cy - size * 0.01, star_r * 0.55, star_r * 0.2, 4, -math.pi / 2 + math.pi / 8))
    c.circle(dark, (cx, cy - size * 0.01), star_r * 0.16)
    hl = c.layer()                                                          # a soft gleam at the top left
    hl.ellipse((255, 255, 240, 255), cx - R * 0.7, cy - R * 0.78, R * 0.7, R * 0.42)
    c.paste(A.recolour(A.blur(hl.surf, max(1, int(size * 0.06 * c.k))), (255, 255, 240)), 150)
    return c


def coin_image() -> pygame.Surface:
    return coin_canvas(COIN, True).result()


def coin_small() -> pygame.Surface:
    return coin_canvas(32, False).result()


def anchor_shape(c: Canvas, cx: float, cy: float, s: float, col) -> None:
    """An anchor, ``s`` = its height."""
    w = s * 0.1
    c.circle(col, (cx, cy - s * 0.4), s * 0.1, width=w * 0.8)              # ring
    c.line(col, (cx, cy - s * 0.3), (cx, cy + s * 0.42), w)                # shank
    c.line(col, (cx - s * 0.24, cy - s * 0.2), (cx + s * 0.24, cy - s * 0.2), w)  # stock
    arc = [(cx + math.cos(a) * s * 0.36, cy + s * 0.08 + math.sin(a) * s * 0.34)
           for a in [math.pi * (0.05 + 0.9 * i / 20) for i in range(21)]]
    c.lines(col, arc, w)
    for sgn in (-1, 1):                                                    # flukes
        tip = arc[0] if sgn > 0 else arc[-1]
        c.poly(col, [(tip[0] + sgn * s * 0.08, tip[1] - s * 0.1), (tip[0] + sgn * s * 0.06, tip[1] + s * 0.06),
                     (tip[0] - sgn * s * 0.1, tip[1] + s * 0.02)])


def anchor_icon(faction: str) -> pygame.Surface:
    main, mark = FACTION_ART[faction]
    c = Canvas(ICON, ICON, 4)
    c.circle(rgba((0, 0, 0), 90), (33, 34.5), 27)
    c.circle(P.GOLD, (32, 32), 27.5)
    disc = c.layer()
    disc.circle((255, 255, 255, 255), (32, 32), 25)
    disc.fill_gradient_mask(shade(main, 1.25) if faction != "pirates" else (70, 68, 72), shade(main, 0.85))
    c.paste(disc)
    c.circle(shade(P.GOLD, 0.7), (32, 32), 25, width=0.9)
    anchor_shape(c, 32, 33, 38, mark)
    return down(rimmed(c, 1.4), (ICON, ICON))


def mooring() -> pygame.Surface:
    """A wooden bollard in the water with a rope wound round it."""
    c = Canvas(ICON, ICON, 4)
    c.ellipse(rgba((6, 26, 40), 90), 14, 46, 36, 12)
    for i, rr in enumerate((20, 14)):
        c.ellipse(rgba((240, 250, 248), 140 - 40 * i), 32 - rr, 51 - rr * 0.32, rr * 2, rr * 0.64, width=1.2)
    body = c.layer()
    body.rect((255, 255, 255, 255), 23, 16, 18, 36, radius=3)
    body.ellipse((255, 255, 255, 255), 23, 47, 18, 8)
    body.surf.blit(_hgrad(body.surf.get_size(), shade(P.WOOD, 1.2), shade(P.WOOD, 0.6), 23 / ICON, 41 / ICON), (0, 0),
                   special_flags=pygame.BLEND_RGB_MULT)
    c.paste(body)
    for y in (26, 38):
        c.line(shade(P.WOOD_DARK, 0.8), (24, y), (40, y + 1), 0.8)
    c.ellipse(shade(P.WOOD_LIGHT, 1.1), 22, 11, 20, 10)                       # cap
    c.ellipse(shade(P.WOOD_LIGHT, 0.8), 25, 12.5, 14, 6)
    rope = (226, 200, 140)
    for j in range(3):                                                        # turns of rope
        y = 30 + j * 4.2
        c.arc(shade(rope, 0.7), 21, y - 2.6, 22, 6, math.pi * 1.05, math.pi * 1.95, 2.6)
        c.arc(rope, 21, y - 3, 22, 6, math.pi * 1.05, math.pi * 1.95, 1.8)
    c.lines(shade(rope, 0.7), A.bezier((41, 38), (50, 40), (52, 50), (58, 52), 10), 2.2)   # loose end
    c.lines(rope, A.bezier((41, 37.6), (50, 39.6), (52, 49.6), (58, 51.6), 10), 1.4)
    return down(rimmed(c, 1.2), (ICON, ICON))


def _hgrad(size: tuple[int, int], a, b, x0: float, x1: float) -> pygame.Surface:
    """An opaque horizontal gradient from ``a`` at fraction x0 of the width to ``b`` at x1."""
    w, h = size
    out = pygame.Surface(size)
    for x in range(w):
        out.fill(mix(a, b, (x / max(1, w - 1) - x0) / max(1e-6, x1 - x0)), (x, 0, 1, h))
    return out


def wreck() -> pygame.Surface:
    """A sunken ship marker: a broken, listing hull, a snapped mast with a rag, drifting planks."""
    c = Canvas(SHIP, SHIP, 4)
    c.ellipse(rgba((6, 26, 40), 110), 12, 90, 106, 20)
    art = c.layer()
    grey_wood = mix(P.WOOD, (110, 110, 110), 0.45)
    hull = A.rotate_pts([(20, 78), (48, 80), (70, 82), (102, 74), (96, 92), (82, 100), (30, 100), (22, 92)], 64, 90, -0.16)
    art.poly(shade(grey_wood, 0.75), hull)
    deck = A.rotate_pts([(24, 78), (48, 80), (70, 82), (100, 74), (92, 70), (60, 72), (28, 72)], 64, 90, -0.16)
    art.poly(mix(P.WOOD_LIGHT, (150, 150, 150), 0.4), deck)
    # a jagged break where the bow is gone
    art.poly((0, 0, 0, 0), [(104, 60), (92, 72), (98, 78), (90, 84), (97, 90), (88, 98), (128, 104), (128, 60)])
    for y in (86, 93):
        art.lines(shade(grey_wood, 0.55), A.rotate_pts([(26, y), (60, y + 1), (84, y - 1)], 64, 90, -0.16), 1.0)
    art.lines(shade(grey_wood, 0.45), hull[:1] + hull[5:] + hull[:1], 1.2)
    art.line(shade(P.WOOD_DARK, 0.9), (56, 78), (44, 34), 4)                 # snapped mast
    art.poly(shade(P.WOOD_DARK, 0.9), [(42, 36), (47, 30), (45, 38), (49, 33), (46.5, 40)])
    art.line(shade(P.WOOD_DARK, 0.9), (50, 52), (76, 46), 2.2)               # broken yard
    rag = [(51, 52), (74, 47), (72, 58), (66, 62), (68, 66), (58, 63), (55, 68), (52, 60)]
    art.poly(mix(SAIL_CREAM, (140, 140, 140), 0.45), rag)
    art.lines(shade(SAIL_CREAM, 0.5), rag, 0.8, closed=True)
    for x, y, a in ((98, 96, 0.3), (108, 86, -0.5), (14, 98, 0.2)):        # planks adrift
        pts = A.rotate_pts([(x - 8, y - 1.6), (x + 8, y - 1.6), (x + 8, y + 1.6), (x - 8, y + 1.6)], x, y, a)
        art.poly(shade(grey_wood, 0.9), pts)
        art.lines(shade(grey_wood, 0.5), pts, 0.7, closed=True)
    c.surf.blit(rimmed(art, 1.4, mix(RIM, (200, 200, 200), 0.3)), (0, 0))
    foam = c.layer()
    for pts in (((20, 100), (40, 104), (60, 101)), ((70, 103), (86, 106), (100, 102))):
        foam.lines((240, 250, 248, 255), A.quad(*pts, 8), 1.6)
    c.paste(foam, 150)
    return c.result()


def strait_ring() -> pygame.Surface:
    """A coil of rope round a light disc; the scene letters the strait's name in it."""
    c = Canvas(ICON, ICON, 4)
    c.circle(rgba((0, 0, 0), 80), (33, 34), 27)
    c.circle(SAIL_CREAM, (32, 32), 22)
    c.circle(mix(SAIL_CREAM, P.PARCHMENT_DARK, 0.5), (32, 32), 22, width=3)
    rope, dark = (214, 178, 110), (132, 96, 50)
    c.circle(dark, (32, 32), 28)
    c.circle((0, 0, 0, 0), (32, 32), 20.5)
    c.circle(SAIL_CREAM, (32, 32), 20.5)
    c.circle(mix(SAIL_CREAM, P.PARCHMENT_DARK, 0.6), (32, 32), 20.5, width=2.5)
    n = 26
    for i in range(n):                                                          # twisted strands
        a0 = i * 2 * math.pi / n
        a1 = a0 + 2 * math.pi / n * 0.9
        p0 = (32 + math.cos(a0) * 27, 32 + math.sin(a0) * 27)
        p1 = (32 + math.cos(a1) * 21.5, 32 + math.sin(a1) * 21.5)
        c.line(rope, p0, p1, 2.6)
        c.line(shade(rope, 1.25), (p0[0] * 0.8 + p1[0] * 0.2, p0[1] * 0.8 + p1[1] * 0.2),
               (p0[0] * 0.45 + p1[0] * 0.55, p0[1] * 0.45 + p1[1] * 0.55), 0.9)
    return down(rimmed(c, 1.0), (ICON, ICON))


def current_arrow() -> pygame.Surface:
    """A flowing arrow pointing E (the scene mirrors it for W)."""
    w, h = ARROW
    c = Canvas(w, h, 4)
    shaft = [(8 + t * 92, 32 + 7 * math.sin(t * 2 * math.pi * 1.25 + 0.4)) for t in [i / 40 for i in range(41)]]
    head = [(96, 12), (124, 33), (96, 52), (102, 33)]
    art = c.layer()
    for i in range(len(shaft) - 1):
        art.line((255, 255, 255, 255), shaft[i], shaft[i + 1], 4 + 5 * i / len(shaft))
    art.poly((255, 255, 255, 255), head)
    art.fill_gradient_mask(P.FOAM, mix(P.FOAM, P.SEA_LIGHT, 0.35))
    for dx in (0, 18):                                                        # two small crests on the shaft
        x = 30 + dx * 2
        art.lines(rgba(P.SEA, 255), A.quad((x - 6, 30), (x, 26), (x + 6, 30), 6), 1.2)
    c.surf.blit(rimmed(art, 1.6, P.SEA_DEEP, 0), (0, 0))
    return c.result()


def flag_icon(faction: str, framed: bool = False) -> pygame.Surface:
    """A faction flag on a short staff (for the side panel)."""
    main, mark = FACTION_ART[faction]
    c = Canvas(ICON, ICON, 4)
    art = c.layer()
    art.line(shade(P.WOOD_DARK, 0.9), (8, 6), (8, 60), 3.2)
    art.circle(P.GOLD, (8, 5), 3)
    top = A.bezier((9, 9), (26, 4), (42, 14), (60, 8), 14)
    bot = A.bezier((60, 48), (42, 54), (26, 44), (9, 49), 14)
    flag = art.layer()
    flag.poly((255, 255, 255, 255), top + bot)
    flag.fill_gradient_mask(shade(main, 1.2) if faction != "pirates" else (64, 62, 66), shade(main, 0.85))
    art.paste(flag)
    if framed:
        art.lines(mark, [(14, 13), (55, 12), (55, 44), (14, 44)], 2.2, closed=True)
    emblem(art, faction, 33, 29, 14.5 if not framed else 12.5, mark, main)
    art.lines(shade(main, 0.5) if faction != "pirates" else (8, 8, 10), top + bot, 1.0, closed=True)
    c.surf.blit(rimmed(art, 1.2), (0, 0))
    return c.result()


# =============================================================================================
# the compass (six directions of the game)
# =============================================================================================
def compass() -> pygame.Surface:
    """The rose: four long diagonal arms (ordinary moves) and two shorter wavy-blue arms E and W
    (moves along a current), on a parchment disc; labels are lettered by the scene."""
    S = COMPASS
    c = Canvas(S, S, 2)
    x = y = S / 2
    R = S / 2 - 4
    c.circle(rgba((0, 0, 0), 90), (x + 2, y + 4), R)
    c.circle(P.GOLD, (x, y), R)
    disc = c.layer()
    disc.circle((255, 255, 255, 255), (x, y), R - 5)
    disc.surf.blit(A.tile(_tex["parchment"], disc.surf.get_size()), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    c.paste(disc)
    c.circle(shade(P.GOLD, 0.7), (x, y), R - 5, width=1.6)
    c.circle(rgba(P.INK_SOFT, 160), (x, y), R * 0.7, width=1.0)
    for i in range(48):                                                        # ticks
        a = i * math.pi / 24
        l0 = 0.66 if i % 6 == 0 else 0.68
        c.line(rgba(P.INK_SOFT, 170), (x + math.cos(a) * R * l0, y + math.sin(a) * R * l0),
               (x + math.cos(a) * R * 0.72, y + math.sin(a) * R * 0.72), 1.0)
    half = S / 2
    w = COMPASS_ARM_HALF_WIDTH * half
    for name, (deg, ln) in sorted(COMPASS_ARMS.items(), key=lambda kv: kv[1][1]):
        a = -math.radians(deg)
        tip = (x + math.cos(a) * ln * half, y + math.sin(a) * ln * half)
        left = (x + math.cos(a - math.pi / 2) * w, y + math.sin(a - math.pi / 2) * w)
        right = (x + math.cos(a + math.pi / 2) * w, y + math.sin(a + math.pi / 2) * w)
        if name in ("E", "W"):
            c.poly(P.SEA_LIGHT, [tip, left, (x, y)])
            c.poly(P.SEA, [tip, right, (x, y)])
            for t in (0.45, 0.62):                                             # little wave marks
                mx, my = x + math.cos(a) * ln * half * t, y + math.sin(a) * ln * half * t
                c.lines(P.FOAM, A.quad((mx - 7, my + 1), (mx, my - 4), (mx + 7, my + 1), 6), 1.6)
        else:
            c.poly(IVORY_ARM, [tip, left, (x, y)])
            c.poly(P.GOLD, [tip, right, (x, y)])
        c.lines(P.INK, [tip, left, (x, y), right, tip], 1.2)
    c.circle(P.GOLD, (x, y), w * 0.9)
    c.circle(P.INK, (x, y), w * 0.9, width=1.2)
    c.circle(shade(P.RED, 1.1), (x, y), w * 0.4)
    return c.result()



# =============================================================================================
# effects
# =============================================================================================
def smoke_frame(f: int) -> pygame.Surface:
    """Boarding smoke, frame ``f`` of SMOKE_FRAMES: a flash, then a growing, fading cloud."""
    S = SMOKE
    c = Canvas(S, S, 2)
    t = (f - 1) / (SMOKE_FRAMES - 1)
    rng = Rng(3100)
    puffs = [(math.cos(i * 2.4) * (0.18 + 0.05 * (i % 3)), math.sin(i * 2.4) * (0.14 + 0.04 * (i % 2)),
              0.16 + 0.05 * rng.random()) for i in range(9)]
    grow = 0.55 + 0.75 * t
    alpha = int(250 * (1 - t) ** 0.8) + 5
    if t < 0.45:
        glow(c, S / 2, S / 2, S * (0.18 + 0.2 * t), (255, 170, 60), int(230 * (1 - t / 0.45)))
    lay = c.layer()
    for dx, dy, r in puffs:
        lay.circle((120, 116, 118, 255), (S / 2 + dx * S * grow + S * 0.03, S / 2 + dy * S * grow + S * 0.05 - t * S * 0.1),
                   r * S * grow)
    for dx, dy, r in puffs:
        lay.circle(mix((236, 232, 226), (196, 192, 190), t) + (255,), (S / 2 + dx * S * grow,
                   S / 2 + dy * S * grow - t * S * 0.1), r * S * grow * 0.86)
    for dx, dy, r in puffs[:5]:
        lay.circle((252, 250, 246, 255), (S / 2 + dx * S * grow - S * 0.03, S / 2 + dy * S * grow - S * 0.04 - t * S * 0.1),
                   r * S * grow * 0.45)
    soft = A.blur(lay.surf, 2 + int(6 * t))
    c.paste(soft, alpha)
    return c.result()


def storm_wave() -> pygame.Surface:
    """A breaking wave seen side on, rising from the left and curling over to the right."""
    w, h = WAVE
    c = Canvas(w, h, 2)
    rng = Rng(3200)
    rise = A.bezier((0, h * 0.7), (80, h * 0.64), (140, h * 0.34), (186, h * 0.12), 16)
    crest = A.bezier((186, h * 0.12), (206, h * 0.0), (240, h * 0.02), (252, h * 0.3), 12)
    lip = A.bezier((252, h * 0.3), (242, h * 0.2), (224, h * 0.24), (216, h * 0.42), 8)
    barrel = A.bezier((216, h * 0.42), (210, h * 0.62), (232, h * 0.8), (w, h * 0.86), 10)
    body = [(0, h)] + rise + crest[1:] + lip[1:] + barrel[1:] + [(w, h)]
    lay = c.layer()
    lay.poly((255, 255, 255, 255), body)
    lay.fill_gradient_mask(mix(P.SEA_LIGHT, P.FOAM, 0.25), P.SEA_DEEP)
    c.paste(lay)
    hollow = c.layer()                                                         # the dark barrel under the lip
    hollow.poly((0, 0, 0, 255), A.bezier((196, h * 0.16), (222, h * 0.2), (204, h * 0.6), (236, h * 0.82), 12) +
                [(w, h * 0.86), (w, h), (190, h)])
    c.paste(A.recolour(A.blur(hollow.surf, 10), P.SEA_DEEP), 150)
    top = rise[8:] + crest[1:]
    c.lines(P.FOAM, top, 8)
    c.lines((255, 255, 255), top[3:], 3.6)
    c.lines(rgba(P.FOAM, 200), lip, 3)
    for i in range(10):                                                        # foam streaks on the face
        x0 = 16 + i * 20
        yy = h * 0.74 + (i % 3) * 8 - max(0, x0 - 120) * 0.25
        c.lines(rgba(P.FOAM, 170), A.quad((x0 - 10, yy + 2), (x0, yy - 3), (x0 + 10, yy + 2), 6), 1.8)
    for _ in range(46):                                                        # spray off the crest
        a = -math.pi * (0.05 + 0.75 * rng.random())
        d = 6 + rng.random() * 30
        c.circle(rgba((255, 255, 255), 120 + rng.below(120)), (222 + math.cos(a) * d, h * 0.06 + 8 + math.sin(a) * d * 0.5),
                 0.8 + rng.random() * 2.2)
    return c.result()


def blast_ring() -> pygame.Surface:
    """A ring of fire whose middle line lies at RING_AT of the half side, with a faint fill inside."""
    S = RING
    c = Canvas(S, S, 2)
    x = y = S / 2
    r = RING_AT * S / 2
    fill = c.layer()
    fill.circle((255, 255, 255, 255), (x, y), r)
    c.paste(A.recolour(fill.surf, (255, 150, 60)), 46)
    for width, col, alpha, blur in ((38, (200, 40, 20), 170, 10), (20, (255, 130, 40), 230, 5), (9, (255, 220, 120), 255, 2),
                                    (3.5, (255, 252, 236), 255, 0)):
        lay = c.layer()
        lay.circle((255, 255, 255, 255), (x, y), r + width / 2, width=width)
        s = lay.surf if blur == 0 else A.blur(lay.surf, blur * c.k)
        c.paste(A.recolour(s, col), alpha)
    return c.result()


def glint_frame(f: int) -> pygame.Surface:
    """A twinkle: a four-point star that grows, turns and fades, frame ``f`` of GLINT_FRAMES."""
    S = ICON
    c = Canvas(S, S, 4)
    t = f / (GLINT_FRAMES + 1)
    s = math.sin(math.pi * t)
    rot = -math.pi / 2 + t * math.pi / 4
    glow(c, S / 2, S / 2, S * 0.22 * s + 1, (255, 236, 160), int(200 * s))
    c.poly(rgba((255, 244, 200), int(255 * min(1.0, s * 1.4))),
           A.star_points(S / 2, S / 2, S * 0.46 * s + 1, S * 0.06 * s + 0.5, 4, rot))
    c.poly(rgba((255, 255, 255), int(255 * min(1.0, s * 1.4))),
           A.star_points(S / 2, S / 2, S * 0.24 * s + 0.5, S * 0.04 * s + 0.3, 4, rot + math.pi / 4))
    c.circle(rgba((255, 255, 255), int(255 * s)), (S / 2, S / 2), S * 0.05 * s + 0.3)
    return c.result()


# =============================================================================================
# entry point
# =============================================================================================
def build_all(textures: dict[str, pygame.Surface]) -> dict[str, pygame.Surface]:
    """Every Pirateer image by its path under assets/images/ (``textures``: make_art's tiles)."""
    _tex.clear()
    _tex.update(textures)
    out: dict[str, pygame.Surface] = {}
    for f in FACTIONS:
        out[f"ship_{f}.png"] = ship_image(f)
        out[f"ship_{f}_b.png"] = ship_image(f, framed=True)
        out[f"flag_{f}.png"] = flag_icon(f)
        out[f"flag_{f}_b.png"] = flag_icon(f, framed=True)
        out[f"anchor_{f}.png"] = anchor_icon(f)
    out["carrier_glow.png"] = carrier_glow()
    out["coin.png"] = coin_image()
    out["coin_small.png"] = coin_small()
    out["mooring.png"] = mooring()
    out["wreck.png"] = wreck()
    out["strait_ring.png"] = strait_ring()
    out["current_arrow.png"] = current_arrow()
    out["compass.png"] = compass()
    for f in range(1, SMOKE_FRAMES + 1):
        out[f"smoke_{f}.png"] = smoke_frame(f)
    out["wave.png"] = storm_wave()
    out["blast_ring.png"] = blast_ring()
    for f in range(1, GLINT_FRAMES + 1):
        out[f"glint_{f}.png"] = glint_frame(f)
    return {PREFIX + k: v for k, v in out.items()}


def contract() -> dict[str, tuple[int, int]]:
    """The files build_all draws, with their sizes."""
    c: dict[str, tuple[int, int]] = {}
    for f in FACTIONS:
        c.update({f"ship_{f}.png": (SHIP, SHIP), f"ship_{f}_b.png": (SHIP, SHIP), f"flag_{f}.png": (ICON, ICON),
                  f"flag_{f}_b.png": (ICON, ICON), f"anchor_{f}.png": (ICON, ICON)})
    c.update({"carrier_glow.png": (SHIP, SHIP), "coin.png": (COIN, COIN), "coin_small.png": (32, 32),
              "mooring.png": (ICON, ICON), "wreck.png": (SHIP, SHIP), "strait_ring.png": (ICON, ICON),
              "current_arrow.png": ARROW, "compass.png": (COMPASS, COMPASS), "wave.png": WAVE,
              "blast_ring.png": (RING, RING)})
    c.update({f"smoke_{f}.png": (SMOKE, SMOKE) for f in range(1, SMOKE_FRAMES + 1)})
    c.update({f"glint_{f}.png": (ICON, ICON) for f in range(1, GLINT_FRAMES + 1)})
    return {PREFIX + k: v for k, v in c.items()}


def main() -> None:
    """Draw only the Pirateer images (python build/art_pirateer.py [--sheet PNG])."""
    import argparse
    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("--out", default=str(M.ROOT / "assets" / "images"))
    ap.add_argument("--sheet", default=None)
    args = ap.parse_args()
    A.setup()
    tex = {"parchment": M.tex_parchment()}
    M.tex_cache.update(tex)
    images = build_all(tex)
    from pathlib import Path
    for rel, surf in images.items():
        path = Path(args.out) / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surf, str(path))
    if args.sheet:
        pygame.image.save(M.contact_sheet(images), args.sheet)
    print(f"art_pirateer: {len(images)} images")


if __name__ == "__main__":
    main()
