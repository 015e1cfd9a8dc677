"""Island Race pieces for build/make_art.py: four seamless terrain textures, the animal and volcano
icons, the cloud overlay for back faces, the tile frame, the empty-cell hints, the "Done" ribbon and
the race table, all drawn by our own code.

game/games/island_race/sprites.py composes the tile faces from these at run time (a face depends on
its edges and regions, so faces are not stored as images). Textures are 128x128 and tile
seamlessly; icons are 64x64 with a light outline so they read on any terrain. The motifs are seen
from above and are roughly the same in every direction, because a tile (art included) turns in
quarter turns. The ribbon carries no text: the scene writes "Done" in the current language.
"""
from __future__ import annotations

import math
from typing import Callable

import pygame

import art_lib as A
import make_art as M
from art_lib import Canvas, mix, rgba, shade
from game.core.rng import Rng
from game.ui import palette as P

PREFIX = "island-race/"
TEX = 128                      # terrain textures (square, seamless)
ICON = 64                      # animal and volcano icons (square)
OVERLAY = 128                  # clouds, frame and cell hints (square, drawn over a tile)
BANNER = (256, 72)             # the "Done" ribbon
TABLE = (1280, 720)            # the race table background

TERRAINS = ("water", "forest", "plains", "desert")
ANIMALS = ("parrot", "monkey", "turtle", "toucan", "flamingo", "iguana")

# Terrain colours, chosen to differ in lightness as well as hue (forest dark, water middle, plains
# light, desert lightest) so they stay apart for the common colour-vision deficiencies; each
# terrain also has its own pattern. sprites.py repeats these numbers for its plain fallback.
WATER = ((22, 92, 150), (38, 126, 182), (96, 178, 214))        # deep, mid, light
FOREST = ((22, 62, 36), (40, 104, 52), (92, 150, 70))
PLAINS = ((92, 142, 50), (122, 172, 68), (172, 208, 108))
DESERT = ((214, 172, 98), (242, 214, 148), (252, 238, 198))
OUTLINE = (252, 246, 228)      # the light rim around icons
INK = (40, 30, 24)

_tex: dict[str, pygame.Surface] = {}


# =============================================================================================
# helpers
# =============================================================================================
def wrapped(c: Canvas, x: float, y: float, draw: Callable[[float, float], None]) -> None:
    A.scatter_wrapped(draw, x, y, c.w, c.h)


def spots(rng: Rng, n: int, min_d: float, size: int = TEX, tries: int = 40) -> list[tuple[float, float]]:
    """Up to ``n`` points spread over a wrapping square, at least ``min_d`` apart (dart throwing)."""
    pts: list[tuple[float, float]] = []
    for _ in range(n):
        for _ in range(tries):
            x, y = rng.random() * size, rng.random() * size
            ok = True
            for px, py in pts:
                dx = min(abs(x - px), size - abs(x - px))
                dy = min(abs(y - py), size - abs(y - py))
                if dx * dx + dy * dy < min_d * min_d:
                    ok = False
                    break
            if ok:
                pts.append((x, y))
                break
    return pts


def noise_base(seed: int, stops: list, cells: int = 4, octaves: int = 4, pers: float = 0.55) -> pygame.Surface:
    rng = Rng(seed)
    vals = A.stretch_contrast(A.periodic_noise(TEX, TEX, cells, rng, octaves, pers))
    return A.ramp_surface(vals, TEX, TEX, stops)


def outlined(c: Canvas, width: float, colour=OUTLINE, rim_alpha: int = 110) -> pygame.Surface:
    """The canvas art with a light outline of ``width`` target pixels and a faint dark rim outside it."""
    art = c.surf
    sil = A.recolour(art, colour)
    k = c.k
    out = pygame.Surface(art.get_size(), pygame.SRCALPHA)
    rim = A.recolour(art, INK)
    rim.fill((255, 255, 255, rim_alpha), special_flags=pygame.BLEND_RGBA_MULT)
    ring = pygame.Surface(art.get_size(), pygame.SRCALPHA)
    for r, src, dst in (((width + 1.0) * k, rim, out), (width * k, sil, ring)):
        steps = max(16, int(r * 1.5))
        for i in range(steps):
            a = 2 * math.pi * i / steps
            dst.blit(src, (round(r * math.cos(a)), round(r * math.sin(a))))
    # the rim stays only outside the light ring
    out.blit(ring, (0, 0))
    out.blit(art, (0, 0))
    return pygame.transform.smoothscale(out, (c.w, c.h))


# =============================================================================================
# textures (128x128, seamless, seen from above)
# =============================================================================================
def tex_water() -> pygame.Surface:
    base = noise_base(1201, [(0.0, WATER[0]), (0.5, WATER[1]), (1.0, mix(WATER[1], WATER[2], 0.6))], 3, 4, 0.5)
    rng = Rng(1202)
    c = Canvas(TEX, TEX, 4)
    # darker troughs under the crests, then the light crests: short arcs in staggered rows
    pts = spots(rng, 22, 21)
    for x, y in pts:
        w = 6.5 + rng.random() * 3.5

        def crest(xx: float, yy: float, w: float = w) -> None:
            trough = A.quad((xx - w, yy + 2.6), (xx, yy + 0.2), (xx + w, yy + 2.6), 10)
            c.lines(rgba(WATER[0], 150), trough, 1.6)
            top = A.quad((xx - w, yy + w * 0.2), (xx, yy - w * 0.32), (xx + w, yy + w * 0.2), 10)
            c.lines(rgba((236, 248, 250), 215), top, 1.9)
        wrapped(c, x, y, crest)
    for _ in range(40):  # sparkles
        x, y = rng.random() * TEX, rng.random() * TEX
        wrapped(c, x, y, lambda xx, yy: c.circle(rgba((220, 244, 250), 140), (xx, yy), 0.7))
    base.blit(c.result(), (0, 0))
    return base


def tex_forest() -> pygame.Surface:
    base = noise_base(1211, [(0.0, shade(FOREST[0], 0.8)), (1.0, FOREST[0])], 4, 3)
    rng = Rng(1212)
    c = Canvas(TEX, TEX, 4)
    crowns = spots(rng, 60, 15.5)
    greens = [FOREST[1], mix(FOREST[1], (70, 120, 40), 0.5), mix(FOREST[1], (30, 100, 70), 0.5)]
    for i, (x, y) in enumerate(crowns):
        r = 8.6 + rng.random() * 2.6
        col = greens[i % 3]
        palm = rng.below(5) == 0

        def tree(xx: float, yy: float, r: float = r, col=col, palm: bool = palm) -> None:
            c.circle(rgba((10, 30, 16), 130), (xx, yy), r + 1.8)       # shade in the gaps
            if palm:
                for j in range(7):
                    a = j * 2 * math.pi / 7 + x
                    tip = (xx + math.cos(a) * r * 1.05, yy + math.sin(a) * r * 1.05)
                    side = (math.cos(a + 1.57) * r * 0.28, math.sin(a + 1.57) * r * 0.28)
                    mid = (xx + math.cos(a) * r * 0.5, yy + math.sin(a) * r * 0.5)
                    c.poly(shade(col, 1.12), [(xx, yy), (mid[0] + side[0], mid[1] + side[1]), tip,
                                              (mid[0] - side[0], mid[1] - side[1])])
                    c.line(rgba(shade(col, 0.6), 200), (xx, yy), tip, 0.5)
                c.circle((120, 90, 50), (xx, yy), 1.4)
                return
            c.circle(shade(col, 0.72), (xx, yy), r)
            for j in range(6):  # lumpy rim
                a = j * math.pi / 3 + r
                c.circle(shade(col, 0.85), (xx + math.cos(a) * r * 0.55, yy + math.sin(a) * r * 0.55), r * 0.48)
            c.circle(col, (xx - r * 0.08, yy - r * 0.1), r * 0.66)
            c.circle(shade(col, 1.22), (xx - r * 0.22, yy - r * 0.26), r * 0.3)
        wrapped(c, x, y, tree)
    base.blit(c.result(), (0, 0))
    return base


def tex_plains() -> pygame.Surface:
    base = noise_base(1221, [(0.0, PLAINS[0]), (0.55, PLAINS[1]), (1.0, mix(PLAINS[1], PLAINS[2], 0.45))], 3, 4, 0.5)
    rng = Rng(1222)
    c = Canvas(TEX, TEX, 4)
    for x, y in spots(rng, 70, 11):
        n = 5 + rng.below(3)
        r = 3.6 + rng.random() * 1.8
        rot = rng.random() * 6.3

        def tuft(xx: float, yy: float, n: int = n, r: float = r, rot: float = rot) -> None:
            for j in range(n):
                a = rot + j * 2 * math.pi / n
                c.line(rgba(shade(PLAINS[0], 0.62), 235), (xx, yy), (xx + math.cos(a) * r, yy + math.sin(a) * r), 1.3)
            for j in range(n):
                a = rot + (j + 0.5) * 2 * math.pi / n
                c.line(rgba(PLAINS[2], 210), (xx, yy), (xx + math.cos(a) * r * 0.7, yy + math.sin(a) * r * 0.7), 0.8)
        wrapped(c, x, y, tuft)
    for x, y in spots(rng, 16, 22):  # a few flowers
        col = ((252, 250, 236), (250, 220, 90))[rng.below(2)]

        def flower(xx: float, yy: float, col=col) -> None:
            for j in range(5):
                a = j * 2 * math.pi / 5
                c.circle(col, (xx + math.cos(a) * 1.1, yy + math.sin(a) * 1.1), 0.85)
            c.circle((236, 170, 50), (xx, yy), 0.6)
        wrapped(c, x, y, flower)
    base.blit(c.result(), (0, 0))
    return base


def tex_desert() -> pygame.Surface:
    stops = [(0.0, mix(DESERT[0], DESERT[1], 0.55)), (0.6, DESERT[1]), (1.0, mix(DESERT[1], DESERT[2], 0.6))]
    base = noise_base(1231, stops, 2, 4, 0.5)
    rng = Rng(1232)
    c = Canvas(TEX, TEX, 4)
    rows = 9                                   # ripple lines: periodic in x (whole waves) and y (rows)
    for i in range(rows):
        y0 = i * TEX / rows + rng.random() * 3
        ph1, ph2 = rng.random() * 6.3, rng.random() * 6.3
        amp1, amp2 = 2.6 + rng.random() * 1.6, 1.0 + rng.random()

        def ripple(dy: float, y0: float = y0, ph1: float = ph1, ph2: float = ph2, a1: float = amp1, a2: float = amp2) -> list:
            return [(x, y0 + dy + a1 * math.sin(2 * math.pi * 2 * x / TEX + ph1) + a2 * math.sin(2 * math.pi * 5 * x / TEX + ph2))
                    for x in [TEX * j / 64 - 4 for j in range(68)]]
        for dy in (-TEX, 0, TEX):
            c.lines(rgba(DESERT[0], 200), ripple(dy), 1.7)
            c.lines(rgba(DESERT[2], 230), ripple(dy + 1.9), 1.1)
    for _ in range(26):  # pebbles and grains
        x, y = rng.random() * TEX, rng.random() * TEX
        r = 0.6 + rng.random() * 0.9
        wrapped(c, x, y, lambda xx, yy, r=r: c.circle(rgba(shade(DESERT[0], 0.75), 190), (xx, yy), r))
    base.blit(c.result(), (0, 0))
    return base


# =============================================================================================
# icons (64x64): drawn on a 52 px design box, then outlined
# =============================================================================================
def icon_canvas() -> Canvas:
    return Canvas(ICON, ICON, 4)


def eye(c: Canvas, x: float, y: float, r: float, ring=None) -> None:
    if ring is not None:
        c.circle(ring, (x, y), r * 1.9)
    c.circle((20, 16, 16), (x, y), r)
    c.circle((255, 255, 255), (x - r * 0.35, y - r * 0.35), r * 0.38)


def icon_parrot() -> pygame.Surface:
    c = icon_canvas()
    red, blue, yellow = (214, 44, 38), (36, 96, 206), (252, 204, 52)
    # long tail down-left, body, wing, head with the hooked beak on the right
    c.poly(blue, [(26, 40), (33, 42), (18, 60), (12, 58)])
    c.poly(red, [(27, 41), (31, 42), (17, 58), (15, 57)])
    body = A.bezier((36, 12), (50, 20), (46, 40), (30, 45), 12) + A.bezier((30, 45), (20, 44), (20, 26), (28, 16), 10)
    c.poly(red, body)
    wing = A.bezier((40, 24), (44, 34), (36, 46), (26, 49), 10) + A.bezier((26, 49), (26, 38), (30, 28), (40, 24), 10)
    c.poly(yellow, wing)
    c.poly(blue, A.bezier((38, 34), (38, 42), (32, 48), (25, 50), 8) + [(28, 40)])
    c.circle(red, (36, 15), 10)
    c.ellipse((250, 248, 240), 36, 9, 9, 10)                  # white face patch
    eye(c, 40, 13, 1.7)
    c.poly((236, 228, 210), [(44, 10), (54, 12), (55, 21), (50, 25), (50, 18), (45, 17)])
    c.poly((40, 36, 36), [(47, 19), (50, 18), (50, 25), (46, 23)])
    c.line((90, 70, 50), (20, 48), (44, 48), 3)               # perch
    for fx in (30, 35):
        c.line((70, 70, 70), (fx, 44), (fx, 48), 1.6)
    return outlined(c, 2.2)


def icon_monkey() -> pygame.Surface:
    c = icon_canvas()
    fur, dark, face = (132, 84, 46), (96, 58, 30), (236, 196, 150)
    c.lines(dark, A.bezier((44, 50), (58, 48), (58, 32), (50, 30), 12), 3.4)   # tail curl
    c.ellipse(fur, 20, 36, 24, 20)                             # body below the head
    for sx in (-1, 1):                                        # ears
        c.circle(fur, (32 + sx * 17, 26), 7)
        c.circle(face, (32 + sx * 17, 26), 4.2)
    c.circle(fur, (32, 25), 16)
    c.circle(shade(fur, 1.15), (27, 18), 6)
    # heart-shaped face mask
    c.circle(face, (26.5, 24), 7.2)
    c.circle(face, (37.5, 24), 7.2)
    c.ellipse(face, 21, 24, 22, 15)
    eye(c, 27, 23, 2.2)
    eye(c, 37, 23, 2.2)
    c.ellipse(dark, 29.5, 29, 5, 3)                            # nose
    c.arc(dark, 26, 28, 12, 8, math.pi * 1.15, math.pi * 1.85, 1.4)
    return outlined(c, 2.2)


def icon_turtle() -> pygame.Surface:
    c = icon_canvas()
    skin, shell, plate, rim = (120, 170, 90), (120, 96, 52), (176, 146, 82), (86, 66, 34)
    for (fx, fy, a) in ((17, 20, -0.6), (47, 20, 0.6), (19, 46, 0.7), (45, 46, -0.7)):   # flippers
        pts = [(-4, 0), (0, -9), (4, 0), (0, 4)]
        pts = [(fx + x * math.cos(a) - y * math.sin(a), fy + x * math.sin(a) + y * math.cos(a)) for x, y in pts]
        c.poly(skin, pts)
    c.ellipse(skin, 27, 4, 10, 13)                              # head (facing up)
    eye(c, 29, 9, 1.1)
    eye(c, 35, 9, 1.1)
    c.ellipse(rim, 14, 14, 36, 40)
    c.ellipse(shell, 16, 16, 32, 36)
    hexes = [(32, 24), (32, 34), (32, 44), (24, 29), (40, 29), (24, 39), (40, 39)]
    for hx, hy in hexes:
        c.poly(plate, [(hx + 4.2 * math.cos(a), hy + 4.2 * math.sin(a)) for a in (i * math.pi / 3 for i in range(6))])
    c.ellipse(rgba((255, 240, 200), 90), 20, 18, 12, 8)
    c.poly(skin, [(29, 53), (35, 53), (32, 59)])               # tail
    return outlined(c, 2.2)


def icon_toucan() -> pygame.Surface:
    c = icon_canvas()
    black, white = (28, 26, 30), (252, 236, 170)
    orange, red = (250, 140, 30), (220, 40, 36)
    c.line((90, 70, 50), (10, 52), (40, 52), 3)                  # perch
    body = A.bezier((22, 14), (36, 16), (38, 40), (28, 50), 12) + A.bezier((28, 50), (14, 54), (10, 30), (16, 18), 10)
    c.poly(black, body)
    c.poly(black, [(18, 46), (26, 48), (18, 58), (13, 56)])      # tail
    c.ellipse(white, 24, 18, 11, 15)                             # throat
    c.circle(black, (22, 15), 9)
    # the big beak pointing right
    beak_top = A.bezier((27, 9), (40, 4), (54, 8), (60, 18), 12)
    beak_bot = A.bezier((60, 18), (50, 20), (38, 21), (28, 20), 12)
    c.poly(orange, beak_top + beak_bot)
    c.poly((252, 214, 64), beak_top[:7] + [(40, 13), (28, 15)])
    c.poly(red, [(54, 10), (60, 18), (52, 19)])
    c.line(rgba(black, 200), (29, 15), (56, 17), 0.9)
    c.circle((90, 190, 240), (22, 12), 3.4)                      # blue eye ring
    eye(c, 22, 12, 1.7)
    return outlined(c, 2.2)


def icon_flamingo() -> pygame.Surface:
    c = icon_canvas()
    pink, deep = (246, 128, 150), (214, 80, 110)
    c.line((226, 110, 120), (33, 38), (33, 60), 1.8)            # standing leg
    c.lines((226, 110, 120), [(33, 48), (40, 46), (35, 42)], 1.6)  # folded leg
    body = A.bezier((16, 30), (20, 20), (44, 20), (48, 30), 10) + A.bezier((48, 30), (44, 42), (24, 42), (16, 30), 10)
    c.poly(pink, body)
    c.poly(deep, A.bezier((26, 26), (34, 22), (44, 26), (48, 30), 8) + [(36, 34)])   # wing
    c.poly(deep, [(46, 28), (56, 32), (47, 34)])                  # tail feathers
    neck = A.bezier((20, 28), (8, 18), (26, 12), (20, 6), 14)
    c.lines(pink, neck, 4.2)
    c.circle(pink, (19, 7), 4.6)
    # bent beak, black tip
    c.poly((250, 240, 230), [(15, 5), (8, 8), (7, 13), (11, 10), (16, 10)])
    c.poly((30, 26, 30), [(8, 8), (7, 13), (5.5, 14), (6, 9)])
    eye(c, 20.5, 6, 1.2)
    return outlined(c, 2.2)


def icon_iguana() -> pygame.Surface:
    c = icon_canvas()
    green, dark, light = (78, 170, 70), (40, 112, 50), (170, 220, 110)
    spine = A.bezier((48, 11), (30, 19), (48, 38), (30, 46), 20) + A.bezier((30, 46), (18, 52), (12, 48), (14, 40), 12)
    for i in range(len(spine) - 1):                              # body tapering into the curled tail
        t = i / (len(spine) - 1)
        w = 9.5 * (1 - t) ** 0.7 + 1.2
        c.line(green, spine[i], spine[i + 1], w)
    for (lx, ly), (ex, ey) in (((41, 18), (33, 12)), ((45, 21), (54, 23)), ((37, 35), (29, 32)), ((42, 37), (48, 44))):
        c.line(green, (lx, ly), (ex, ey), 3)
        for a in (-0.5, 0, 0.5):
            dx, dy = ex - lx, ey - ly
            ln = math.hypot(dx, dy)
            ca, sa = math.cos(a), math.sin(a)
            c.line(green, (ex, ey), (ex + (dx * ca - dy * sa) / ln * 3, ey + (dx * sa + dy * ca) / ln * 3), 1.2)
    c.ellipse(green, 44, 4.5, 11, 13)                             # head (up-right)
    eye(c, 46.5, 9.5, 1.2)
    eye(c, 52.5, 9.5, 1.2)
    for i in range(3, 15):                                       # crest of spikes along the back
        x, y = spine[i]
        c.circle(dark, (x, y), 1.5)
    for i in range(5, 16, 3):                                    # bands
        x, y = spine[i]
        c.circle(light, (x + 1.5, y), 1.3)
    return outlined(c, 2.2)


def icon_volcano() -> pygame.Surface:
    c = icon_canvas()
    rock, dark, lava, glow_c = (128, 100, 84), (82, 62, 54), (240, 84, 30), (255, 196, 60)
    smoke = c.layer()
    for x, y, r in ((30, 15, 5.6), (36, 11.5, 6.4), (42, 14, 5), (35, 8, 4)):
        smoke.circle((120, 116, 118, 255), (x, y), r)
    for x, y, r in ((29, 14, 4.3), (35.5, 10.5, 5), (41, 13, 3.7)):
        smoke.circle((176, 172, 172, 255), (x, y), r)
    c.paste(smoke)
    cone = [(6, 56), (25, 22), (39, 22), (58, 56)]
    c.poly(rock, cone)
    c.poly(dark, [(32, 22), (39, 22), (58, 56), (36, 56)])
    c.poly(shade(rock, 1.18), [(25, 22), (29, 22), (16, 56), (6, 56)])
    c.ellipse(lava, 24, 19, 16, 6)
    c.ellipse(glow_c, 27, 20, 10, 3)
    for pts, wdt in (([(27, 24), (24, 34), (26, 42), (22, 52)], 3.2), ([(36, 24), (39, 32), (37, 38)], 2.6)):
        c.lines(lava, pts, wdt)
        c.lines(glow_c, pts[:-1], wdt * 0.4)
    c.rect(shade(rock, 0.8), 6, 55, 52, 2.5, radius=1)
    return outlined(c, 2.2)


ICON_DRAW: dict[str, Callable[[], pygame.Surface]] = {
    "parrot": icon_parrot, "monkey": icon_monkey, "turtle": icon_turtle, "toucan": icon_toucan,
    "flamingo": icon_flamingo, "iguana": icon_iguana, "volcano": icon_volcano,
}


# =============================================================================================
# overlays (128x128): clouds, frame, cell hints
# =============================================================================================
def puff_cloud(c: Canvas, x: float, y: float, s: float) -> None:
    """A soft cloud seen from above: a cluster of puffs with a shaded underside."""
    puffs = [(-0.9, 0.15, 0.52), (-0.35, -0.22, 0.66), (0.3, -0.28, 0.72), (0.85, 0.05, 0.55), (0.1, 0.28, 0.6),
             (-0.45, 0.35, 0.45), (0.65, 0.38, 0.42)]
    for dx, dy, r in puffs:
        c.circle((196, 208, 222, 255), (x + dx * s + 0.08 * s, y + dy * s + 0.14 * s), r * s)
    for dx, dy, r in puffs:
        c.circle((246, 248, 252, 255), (x + dx * s, y + dy * s), r * s * 0.9)
    for dx, dy, r in puffs[:4]:
        c.circle((255, 255, 255, 255), (x + dx * s - 0.1 * s, y + dy * s - 0.12 * s), r * s * 0.5)


def clouds() -> pygame.Surface:
    """Two soft clouds for back faces, kept off the middles of the edges (the terrain must show)."""
    c = Canvas(OVERLAY, OVERLAY, 2)
    sh = c.layer()
    for x, y, s in ((44, 44, 22), (88, 90, 18)):
        sh.circle((255, 255, 255, 255), (x + 5, y + 8), s * 1.05)
    sh_s = A.recolour(A.blur(sh.surf, 14), (20, 40, 60))
    sh_s.fill((255, 255, 255, 70), special_flags=pygame.BLEND_RGBA_MULT)
    c.surf.blit(sh_s, (0, 0))
    lay = c.layer()
    puff_cloud(lay, 44, 44, 22)
    puff_cloud(lay, 88, 90, 18)
    c.paste(lay, 232)
    return c.result()


def frame() -> pygame.Surface:
    """The tile's rim: the same on all four sides (a tile turns, its rim must not)."""
    c = Canvas(OVERLAY, OVERLAY, 4)
    r = 9
    c.rect(rgba((30, 22, 14), 235), 0, 0, OVERLAY, OVERLAY, radius=r, width=2.2)
    c.rect(rgba((255, 250, 236), 120), 2.2, 2.2, OVERLAY - 4.4, OVERLAY - 4.4, radius=r - 2, width=1.6)
    c.rect(rgba((30, 22, 14), 60), 3.8, 3.8, OVERLAY - 7.6, OVERLAY - 7.6, radius=r - 3, width=1.4)
    return c.result()


def hint(water: tuple[bool, bool, bool, bool]) -> pygame.Surface:
    """A faint hint for an empty cell: soft waves along the edges that must be water, a faint
    sandy wash where land goes. ``water`` = (N, E, S, W)."""
    S = OVERLAY
    c = Canvas(S, S, 2)
    land = c.layer()
    land.rect((250, 236, 196, 255), 6, 6, S - 12, S - 12, radius=10)
    c.paste(A.recolour(A.blur(land.surf, 6), (250, 236, 196)), 56)
    sea = c.layer()
    band = 34
    for d, on in enumerate(water):
        if not on:
            continue
        pts = []
        for i in range(33):
            t = i / 32
            depth = band + 4 * math.sin(t * math.pi * 3)
            pts.append((t, depth))
        poly = [(t * S, dd) for t, dd in pts] + [(S, 0), (0, 0)]
        poly = A.rotate_pts(poly, S / 2, S / 2, d * math.pi / 2)
        sea.poly((80, 170, 220, 255), poly)
    sea_s = A.recolour(A.blur(sea.surf, 3), (64, 156, 214))
    c.paste(sea_s, 165)
    waves = c.layer()
    for d, on in enumerate(water):
        if not on:
            continue
        for row, y in enumerate((11, 24)):
            for j in range(4):
                x = 16 + j * 32 + (row * 16)
                if x > S - 12:
                    continue
                arc = A.quad((x - 8, y + 2), (x, y - 3), (x + 8, y + 2), 8)
                waves.lines((255, 255, 255, 255), A.rotate_pts(arc, S / 2, S / 2, d * math.pi / 2), 1.6)
    c.paste(waves, 170)
    dash = c.layer()                                    # dotted line where the coast will run
    for d, on in enumerate(water):
        if not on:
            continue
        for i in range(1, 16):
            t = i / 16
            pt = A.rotate_pts([(t * S, band + 6 + 4 * math.sin(t * math.pi * 3))], S / 2, S / 2, d * math.pi / 2)[0]
            dash.circle((255, 255, 255, 255), pt, 1.3)
    c.paste(dash, 110)
    if not any(water):                                   # centre: a faint compass star, land all round
        star = c.layer()
        star.poly((255, 255, 255, 255), A.star_points(S / 2, S / 2, 22, 6, 4, 0))
        star.circle((255, 255, 255, 255), (S / 2, S / 2), 26, width=1.4)
        c.paste(star, 70)
    return c.result()


# =============================================================================================
# the "Done" ribbon and the table
# =============================================================================================
def banner() -> pygame.Surface:
    """A ribbon with folded tails, no text (the scene writes it)."""
    w, h = BANNER
    c = Canvas(w, h, 4)
    red, red_dark, gold = (180, 48, 40), (120, 28, 24), P.GOLD
    mid_y, bh = h / 2, 40
    top, bot = mid_y - bh / 2, mid_y + bh / 2
    M.soft_shadow(c, lambda l: l.rect((0, 0, 0, 255), 26, top, w - 52, bh, radius=4), (0, 4), 120, 3)
    for sx in (-1, 1):                                  # tails behind, with a notch
        x0 = w / 2 + sx * (w / 2 - 4)
        x1 = w / 2 + sx * (w / 2 - 46)
        c.poly(red_dark, [(x1, top + 10), (x0, top + 10), (x0 - sx * 12, mid_y + 10), (x0, bot + 10), (x1, bot + 10)])
        c.poly(shade(red_dark, 0.7), [(w / 2 + sx * (w / 2 - 34), bot), (w / 2 + sx * (w / 2 - 46), bot + 10),
                                      (w / 2 + sx * (w / 2 - 34), bot + 10)])
    body = c.layer()
    body.rect((255, 255, 255), 26, top, w - 52, bh, radius=3)
    body.fill_gradient_mask(shade(red, 1.2), shade(red, 0.85), top, bot)
    c.paste(body)
    c.rect(gold, 26, top + 3, w - 52, 2.2)
    c.rect(gold, 26, bot - 5.2, w - 52, 2.2)
    c.rect(rgba((255, 255, 255), 60), 28, top + 6, w - 56, 5, radius=2)
    return c.result()


def race_table() -> pygame.Surface:
    """A wooden chart table: dark planks, and a large faded sea chart in the middle where the pile lies."""
    tw, th = TABLE
    wood = pygame.transform.smoothscale(_tex["wood"], (384, 384))
    out = A.tile(wood, (tw, th))
    dim = pygame.Surface((tw, th))
    dim.fill((150, 138, 128))
    out.blit(dim, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    # the chart: parchment with torn, soft edges
    cx, cy, cw, ch = 110, 64, tw - 220, th - 112
    c = Canvas(tw, th, 1)
    edge = [(cx + cw * t, cy + 3 * math.sin(t * 37) + 2 * math.sin(t * 91)) for t in [i / 80 for i in range(81)]]
    edge += [(cx + cw + 3 * math.sin(t * 29) + 2 * math.sin(t * 71), cy + ch * t) for t in [i / 50 for i in range(51)]]
    edge += [(cx + cw * (1 - t), cy + ch + 3 * math.sin(t * 41) + 2 * math.sin(t * 83)) for t in [i / 80 for i in range(81)]]
    edge += [(cx + 3 * math.sin(t * 33) + 2 * math.sin(t * 77), cy + ch * (1 - t)) for t in [i / 50 for i in range(51)]]
    sh = c.layer()
    sh.poly((0, 0, 0, 255), [(x + 6, y + 10) for x, y in edge])
    shadow = A.blur(sh.surf, 12)
    shadow.fill((255, 255, 255, 120), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(shadow, (0, 0))
    chart = c.layer()
    chart.poly((255, 255, 255, 255), edge)
    parch = A.tile(A.blur(_tex["parchment"], 3), (tw, th))   # softer grain: calmer, and a smaller file
    wash = pygame.Surface((tw, th))
    wash.fill((236, 240, 226))
    parch.blit(wash, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    chart.surf.blit(parch, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    # sea-blue wash towards the chart's middle, fading out
    blue = pygame.Surface((tw // 8, th // 8), pygame.SRCALPHA)
    pygame.draw.ellipse(blue, (120, 170, 190, 255), pygame.Rect(tw // 8 // 6, th // 8 // 6, tw // 8 * 2 // 3, th // 8 * 2 // 3))
    blue = A.recolour(A.blur(pygame.transform.smoothscale(blue, (tw, th)), 60), (120, 170, 190))
    blue.fill((255, 255, 255, 60), special_flags=pygame.BLEND_RGBA_MULT)
    chart.surf.blit(blue, (0, 0))
    # rhumb lines from two compass points, and a light grid
    lines = Canvas(tw, th, 2)
    ink = rgba((110, 86, 60), 255)
    for px_, py_ in ((tw * 0.5, th * 0.5),):
        for i in range(32):
            a = i * math.pi / 16
            lines.line(ink, (px_, py_), (px_ + math.cos(a) * 1400, py_ + math.sin(a) * 1400), 0.7 if i % 2 else 1.1)
    for x in range(cx + 60, cx + cw, 120):
        lines.line(ink, (x, cy), (x, cy + ch), 0.6)
    for y in range(cy + 50, cy + ch, 100):
        lines.line(ink, (cx, y), (cx + cw, y), 0.6)
    lines_s = lines.result()
    lines_s.fill((255, 255, 255, 46), special_flags=pygame.BLEND_RGBA_MULT)
    chart.surf.blit(lines_s, (0, 0))
    # a few faint coastlines drawn in the chart's margins
    deco = Canvas(tw, th, 2)
    for x0, y0, s in ((cx + 70, cy + 70, 1.0), (cx + cw - 90, cy + ch - 70, 0.8), (cx + cw - 110, cy + 80, 0.6),
                      (cx + 80, cy + ch - 80, 0.7)):
        pts = []
        for i in range(40):
            a = i * 2 * math.pi / 40
            r = 34 * s * (1 + 0.25 * math.sin(3 * a + x0) + 0.12 * math.sin(7 * a + y0))
            pts.append((x0 + math.cos(a) * r * 1.4, y0 + math.sin(a) * r))
        deco.poly(rgba((214, 192, 140), 255), pts)
        deco.lines(rgba((110, 86, 60), 255), pts + pts[:1], 1.2)
        for k in range(1, 3):
            ring = [(x0 + (x - x0) * (1 + 0.18 * k), y0 + (y - y0) * (1 + 0.18 * k)) for x, y in pts + pts[:1]]
            deco.lines(rgba((110, 140, 150), 255), ring, 0.6)
    deco_s = deco.result()
    deco_s.fill((255, 255, 255, 110), special_flags=pygame.BLEND_RGBA_MULT)
    chart.surf.blit(deco_s, (0, 0))
    rose = Canvas(160, 160, 2)
    M.compass_rose(rose, 80, 80, 64)
    rose_s = rose.result()
    rose_s.fill((255, 255, 255, 60), special_flags=pygame.BLEND_RGBA_MULT)
    chart.surf.blit(rose_s, (cx + cw - 170, cy + 20))
    # darker, aged rim of the chart
    rim = c.layer()
    rim.poly((255, 255, 255, 255), edge)
    inner = c.layer()
    inner.poly((255, 255, 255, 255), [(tw / 2 + (x - tw / 2) * 0.94, th / 2 + (y - th / 2) * 0.9) for x, y in edge])
    inner_s = A.blur(inner.surf, 30)
    rim.surf.blit(inner_s, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    rim_s = A.recolour(rim.surf, (120, 84, 40))
    rim_s.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MULT)
    chart.surf.blit(rim_s, (0, 0))
    out.blit(chart.surf, (0, 0))
    vig = pygame.Surface((tw // 8, th // 8), pygame.SRCALPHA)
    vig.fill((20, 10, 4, 120))
    pygame.draw.ellipse(vig, (0, 0, 0, 0), pygame.Rect(-tw // 48, -th // 24, tw // 8 + tw // 24, th // 8 + th // 12))
    out.blit(A.blur(pygame.transform.smoothscale(vig, (tw, th)), 90), (0, 0))
    return posterize(out, 2)


def posterize(s: pygame.Surface, bits: int) -> pygame.Surface:
    """Drop the lowest ``bits`` of each channel (invisible under the grain, and the PNG shrinks)."""
    step = 1 << bits
    lut = bytes(min(255, (v // step) * step + step // 2) for v in range(256))
    return pygame.image.frombytes(pygame.image.tobytes(s, "RGB").translate(lut), s.get_size(), "RGB")


# =============================================================================================
# entry point
# =============================================================================================
def build_all(textures: dict[str, pygame.Surface]) -> dict[str, pygame.Surface]:
    """Every Island Race image by its path under assets/images/ (``textures``: make_art's tiles)."""
    _tex.clear()
    _tex.update(textures)
    out: dict[str, pygame.Surface] = {
        "terrain_water.png": tex_water(), "terrain_forest.png": tex_forest(),
        "terrain_plains.png": tex_plains(), "terrain_desert.png": tex_desert(),
    }
    for name, draw in ICON_DRAW.items():
        out[f"icon_{name}.png"] = draw()
    out["clouds.png"] = clouds()
    out["frame.png"] = frame()
    out["hint_corner.png"] = hint((True, False, False, True))
    out["hint_side.png"] = hint((True, False, False, False))
    out["hint_centre.png"] = hint((False, False, False, False))
    out["done_banner.png"] = banner()
    out["race_table.png"] = race_table()
    return {PREFIX + k: v for k, v in out.items()}


def contract() -> dict[str, tuple[int, int]]:
    """The files build_all draws, with their sizes."""
    c = {f"terrain_{t}.png": (TEX, TEX) for t in TERRAINS}
    c.update({f"icon_{n}.png": (ICON, ICON) for n in ANIMALS + ("volcano",)})
    c.update({f"{n}.png": (OVERLAY, OVERLAY) for n in ("clouds", "frame", "hint_corner", "hint_side", "hint_centre")})
    c.update({"done_banner.png": BANNER, "race_table.png": TABLE})
    return {PREFIX + k: v for k, v in c.items()}
