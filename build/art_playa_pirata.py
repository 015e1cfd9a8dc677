"""Playa Pirata pieces for build/make_art.py: treasure, pirate, towel and special cards, the umbrella
token, the "seen" eye and the beach table, all drawn by our own code (never from the printed art).

Cards are 240x336 (2x the 120x168 design size) with rounded corners. Pieces in a seat colour come
in layers that game/games/playa_pirata/sprites.py composes at run time:
``<name>.png`` (base), ``<name>_tint.png`` (grey shading, multiplied by the seat colour) and
``<name>_top.png`` (drawn over the tinted layer). Special cards leave a clean parchment band
(``SPECIAL_TITLE_BAND``) for the title the scene writes in the current language.
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

W, H, K = 240, 336, 2          # card art size and supersampling
RADIUS = 20                    # corner radius at art size
TOKEN = 128                    # umbrella token (square)
EYE = 64                       # "seen by you" marker (square)
TABLE = (1280, 720)            # beach table background
SPECIAL_TITLE_BAND = (22, 252, 196, 46)   # x, y, w, h at art size: the clean band for the title
PREFIX = "playa-pirata/"

TREASURE_VALUES = (3, 4, 5, 6, 7)
PIRATES = ("spyglass", "map", "umbrella")
SPECIALS = ("sandcastle", "skeleton", "wave", "double-towel", "flag", "bucket", "lifeguard", "slippers",
            "piggy-bank", "parrot")

BONE = (246, 238, 218)
BONE_SHADE = (200, 184, 152)
BRASS = (206, 160, 70)
RUBY = (196, 36, 56)
EMERALD = (34, 160, 96)
SAPPHIRE = (40, 110, 200)
PINK = (240, 150, 170)
TEAL_FRAME = (22, 70, 84)

_tex: dict[str, pygame.Surface] = {}


# =============================================================================================
# helpers
# =============================================================================================
def filled(c: Canvas, draw: Callable[[Canvas], None], fill: pygame.Surface, alpha: int = 255) -> None:
    """Draw a white shape on a layer, multiply it with ``fill`` and paste it."""
    lay = c.layer()
    draw(lay)
    lay.surf.blit(fill, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    c.paste(lay, alpha)


def numeral(text: str, size: int, fill=("gold",)) -> pygame.Surface:
    """Big corner lettering at final resolution."""
    f = A.font("display", size)
    if fill == "ivory":
        return A.lettering(f, text, (255, 255, 255), (236, 226, 204), P.INK, 4, (20, 10, 0), (1, 2), 2, 150)
    return A.lettering(f, text, P.GOLD_LIGHT, shade(P.GOLD, 0.78), P.INK, 4, (20, 10, 0), (1, 2), 2, 150)


def corners(img: pygame.Surface, mark: pygame.Surface, at: tuple[float, float] = (33, 42)) -> None:
    """``mark`` centred near the top-left corner and, turned over, near the bottom-right one."""
    img.blit(mark, mark.get_rect(center=(int(at[0]), int(at[1]))))
    turned = pygame.transform.rotate(mark, 180)
    img.blit(turned, turned.get_rect(center=(int(W - at[0]), int(H - at[1]))))


def drop_shadow(c: Canvas, draw: Callable[[Canvas], None], off=(2.5, 4), alpha=110, radius=3.0) -> None:
    M.soft_shadow(c, draw, off, alpha, radius)


def card_outline(c: Canvas, col=P.WOOD_DARK) -> None:
    c.rect(col, 0, 0, W, H, radius=RADIUS)


def parchment_panel(c: Canvas, x: float, y: float, w: float, h: float, r: float, warm: float = 0.0) -> None:
    lay = c.layer()
    lay.rect((255, 255, 255), x, y, w, h, radius=r)
    lay.fill_gradient_mask(mix((255, 250, 238), P.PARCHMENT, 0.35 + warm), mix(P.PARCHMENT, P.PARCHMENT_DARK, 0.3 + warm))
    lay.surf.blit(A.tex_fill(c, _tex["parchment"], 200), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    lay.surf.blit(_brighten(c), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    c.paste(lay)


def _brighten(c: Canvas) -> pygame.Surface:
    s = pygame.Surface(c.surf.get_size())
    s.fill((34, 30, 24))
    return s


def gem(c: Canvas, x: float, y: float, r: float, col) -> None:
    """A cut gem seen from above: an octagon with a table and facets."""
    outer = [(x + r * math.cos(a), y + r * 0.86 * math.sin(a)) for a in (i * math.pi / 4 + math.pi / 8 for i in range(8))]
    inner = [(x + r * 0.55 * math.cos(a), y - r * 0.05 + r * 0.5 * math.sin(a)) for a in (i * math.pi / 4 + math.pi / 8 for i in range(8))]
    c.poly(shade(col, 0.55), [(px + r * 0.08, py + r * 0.14) for px, py in outer])
    c.poly(shade(col, 0.8), outer)
    for i in range(8):
        f = (1.25, 1.1, 0.85, 0.7, 0.75, 0.95, 1.2, 1.35)[i]
        c.poly(shade(col, f), [outer[i], outer[(i + 1) % 8], inner[(i + 1) % 8], inner[i]])
    c.poly(shade(col, 1.15), inner)
    c.poly(rgba((255, 255, 255), 200), [inner[5], inner[6], (x - r * 0.05, y - r * 0.1)])
    c.circle(rgba((255, 255, 255), 230), (x - r * 0.3, y - r * 0.35), r * 0.12)


def coin_flat(c: Canvas, x: float, y: float, r: float, thick: float = 0.28) -> None:
    """A coin lying flat, (x, y) the top face centre."""
    sq = 0.42
    c.ellipse(shade(P.GOLD, 0.5), x - r, y - r * sq + r * thick, 2 * r, 2 * r * sq)
    c.rect(shade(P.GOLD, 0.62), x - r, y, 2 * r, r * thick)
    c.ellipse(P.GOLD, x - r, y - r * sq, 2 * r, 2 * r * sq)
    c.ellipse(shade(P.GOLD, 0.8), x - r * 0.72, y - r * sq * 0.72, r * 1.44, r * 1.44 * sq, width=max(0.5, r * 0.07))
    c.ellipse(rgba((255, 246, 200), 210), x - r * 0.5, y - r * sq * 0.7, r * 0.5, r * 0.3 * sq)


def coin_stack(c: Canvas, x: float, y: float, r: float, n: int) -> None:
    """``n`` flat coins stacked upwards from the bottom face at (x, y)."""
    step = r * 0.26
    for i in range(n):
        jitter = ((i * 37) % 7 - 3) * r * 0.03
        coin_flat(c, x + jitter, y - r * 0.28 - i * step, r)


def coin_face(c: Canvas, x: float, y: float, r: float, emblem: str = "star") -> None:
    """A coin standing up, face on, with an emblem."""
    c.circle(shade(P.GOLD, 0.5), (x + r * 0.08, y + r * 0.1), r)
    c.circle(P.GOLD, (x, y), r)
    c.circle(shade(P.GOLD, 0.72), (x, y), r * 0.8, width=max(0.6, r * 0.07))
    for i in range(20):
        a = i * math.pi / 10
        c.circle(shade(P.GOLD, 0.75), (x + math.cos(a) * r * 0.9, y + math.sin(a) * r * 0.9), r * 0.035)
    if emblem == "star":
        c.poly(shade(P.GOLD, 0.7), A.star_points(x + r * 0.04, y + r * 0.06, r * 0.5, r * 0.22, 5))
        c.poly(P.GOLD_LIGHT, A.star_points(x, y, r * 0.5, r * 0.22, 5))
    elif emblem == "skull":
        M.skull(c, x, y + r * 0.02, r * 0.36, shade(P.GOLD, 0.7), P.GOLD, bones=False)
    c.arc(rgba((255, 250, 220), 220), x - r * 0.86, y - r * 0.86, r * 1.72, r * 1.72, 1.9, 2.9, max(0.6, r * 0.07))


def pearls(c: Canvas, pts: list[tuple[float, float]], r: float) -> None:
    for px, py in pts:
        c.circle((150, 140, 140), (px + r * 0.15, py + r * 0.2), r)
        c.circle((244, 240, 236), (px, py), r)
        c.circle((255, 255, 255), (px - r * 0.3, py - r * 0.3), r * 0.35)


def towel_icon(c: Canvas, x: float, y: float, w: float, h: float, col=(206, 62, 52)) -> None:
    """A small striped towel (used as an icon), centred at (x, y)."""
    c.rect(rgba((40, 20, 10), 90), x - w / 2 + w * 0.05, y - h / 2 + h * 0.12, w, h, radius=h * 0.12)
    c.rect(col, x - w / 2, y - h / 2, w, h, radius=h * 0.12)
    for fx in (0.18, 0.3, 0.7, 0.82):
        c.rect((252, 248, 238), x - w / 2 + w * fx - w * 0.04, y - h / 2, w * 0.08, h)
    for i in range(7):
        for sx in (-1, 1):
            fx = x + sx * (w / 2 + h * 0.08)
            fy = y - h / 2 + h * (i + 0.5) / 7
            c.line((252, 248, 238), (fx - sx * h * 0.1, fy), (fx + sx * h * 0.02, fy), max(0.5, h * 0.05))


def window_scene(c: Canvas, x: float, y: float, w: float, h: float, rng: Rng, horizon: float = 0.42,
                 shore: float = 0.66, sun_at: tuple[float, float] | None = (0.78, 0.16), clouds: int = 2,
                 sky_top=M.SKY_TOP, sky_low=M.SKY_LOW) -> Canvas:
    """A layer with a little beach view (sky, sea, wet sand, sand) filling the rectangle."""
    lay = c.layer()
    hy, sy = y + h * horizon, y + h * shore
    M.grad_rect(lay, x, y, w, hy - y + 1, [(0.0, sky_top), (0.7, mix(sky_top, sky_low, 0.6)), (1.0, sky_low)])
    if sun_at is not None:
        M.sun(lay, x + w * sun_at[0], y + h * sun_at[1], w * 0.07)
    for i in range(clouds):
        M.cloud(lay, x + w * (0.25 + 0.45 * i) + rng.random() * 10, y + h * (0.1 + 0.08 * (i % 2)), w * 0.045, 210)
    M.sea(lay, hy, sy + 4, rng, x, x + w, waves=int(w / 7))
    shore_pts = [(x - 2, sy)] + [(xx, sy + 3 * math.sin((xx - x) / w * 9 + 1) + 1.5 * math.sin((xx - x) / 7))
                                 for xx in [x + w * i / 24 for i in range(25)]] + [(x + w + 2, sy)]
    lay.poly(rgba(P.FOAM, 255), [(px, py - 2.2) for px, py in shore_pts] + [(x + w + 2, y + h + 2), (x - 2, y + h + 2)])
    lay.poly(mix(P.SAND_DARK, P.SEA_LIGHT, 0.3), [(px, py - 0.6) for px, py in shore_pts] + [(x + w + 2, y + h + 2), (x - 2, y + h + 2)])
    sand = lay.layer()
    sand.poly((255, 255, 255), [(px, py + 3) for px, py in shore_pts] + [(x + w + 2, y + h + 2), (x - 2, y + h + 2)])
    st = A.tex_fill(c, _tex["sand"], 200)
    sand.surf.blit(st, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    lay.paste(sand)
    return lay


# =============================================================================================
# treasure cards
# =============================================================================================
def treasure_frame() -> Canvas:
    c = Canvas(W, H, K)
    card_outline(c)
    parchment_panel(c, 4, 4, W - 8, H - 8, RADIUS - 3)
    A.glow(c, W / 2, H * 0.54, 70, (255, 226, 150), 170)
    c.rect(P.GOLD, 11, 11, W - 22, H - 22, radius=12, width=2.6)
    c.rect(shade(P.GOLD, 0.65), 15, 15, W - 30, H - 30, radius=9, width=0.9)
    for cx in (W / 2,):  # small ornaments on the top and bottom edges
        for cy in (12.3, H - 12.3):
            c.poly(P.GOLD, [(cx - 16, cy), (cx, cy - 5), (cx + 16, cy), (cx, cy + 5)])
            c.circle(RUBY, (cx, cy), 2.4)
    return c


def sand_mound(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    c.ellipse(rgba((90, 60, 20), 60), x - w / 2 - 4, y - h / 2 + 4, w + 8, h)
    filled(c, lambda l: l.ellipse((255, 255, 255), x - w / 2, y - h / 2, w, h), A.tex_fill(c, _tex["sand"], 160))
    c.ellipse(rgba((255, 248, 230), 90), x - w * 0.3, y - h * 0.42, w * 0.5, h * 0.35)


def pouch(c: Canvas, x: float, y: float, s: float) -> None:
    """A leather pouch, (x, y) bottom centre, s its height."""
    leather, dark = (150, 96, 56), (96, 58, 32)
    body = A.bezier((x - s * 0.2, y - s * 0.72), (x - s * 0.7, y - s * 0.5), (x - s * 0.62, y), (x, y), 12) + \
        A.bezier((x, y), (x + s * 0.62, y), (x + s * 0.7, y - s * 0.5), (x + s * 0.2, y - s * 0.72), 12)
    c.poly(dark, [(px + s * 0.03, py + s * 0.03) for px, py in body])
    c.poly(leather, body)
    c.poly(shade(leather, 0.82), A.bezier((x + s * 0.05, y - s * 0.7), (x + s * 0.55, y - s * 0.45), (x + s * 0.5, y - s * 0.02), (x, y), 10)
           + [(x + s * 0.2, y - s * 0.3)])
    c.ellipse(rgba((255, 230, 200), 70), x - s * 0.42, y - s * 0.5, s * 0.22, s * 0.3)
    # the neck, tied with a cord
    c.poly(leather, [(x - s * 0.2, y - s * 0.72), (x - s * 0.3, y - s * 0.95), (x - s * 0.1, y - s * 0.86), (x + s * 0.05, y - s * 0.98),
                     (x + s * 0.3, y - s * 0.9), (x + s * 0.2, y - s * 0.72)])
    c.lines(dark, [(x - s * 0.3, y - s * 0.95), (x - s * 0.1, y - s * 0.86), (x + s * 0.05, y - s * 0.98), (x + s * 0.3, y - s * 0.9)], max(0.6, s * 0.02))
    c.rect(P.GOLD, x - s * 0.24, y - s * 0.78, s * 0.48, s * 0.07, radius=s * 0.03)
    c.lines(P.GOLD, A.quad((x + s * 0.2, y - s * 0.76), (x + s * 0.38, y - s * 0.7), (x + s * 0.34, y - s * 0.55), 6), max(0.6, s * 0.03))
    c.circle(P.GOLD_LIGHT, (x + s * 0.34, y - s * 0.54), s * 0.04)


def goblet(c: Canvas, x: float, y: float, s: float) -> None:
    """A golden goblet with gems, (x, y) bottom centre, s its height."""
    g, d = P.GOLD, shade(P.GOLD, 0.62)
    c.ellipse(d, x - s * 0.26, y - s * 0.08, s * 0.52, s * 0.12)
    c.ellipse(g, x - s * 0.24, y - s * 0.1, s * 0.48, s * 0.1)
    c.poly(g, [(x - s * 0.05, y - s * 0.08), (x - s * 0.04, y - s * 0.45), (x + s * 0.04, y - s * 0.45), (x + s * 0.05, y - s * 0.08)])
    c.ellipse(shade(g, 1.15), x - s * 0.09, y - s * 0.34, s * 0.18, s * 0.08)
    cup = A.bezier((x - s * 0.34, y - s * 0.98), (x - s * 0.36, y - s * 0.6), (x - s * 0.2, y - s * 0.46), (x, y - s * 0.46), 10) + \
        A.bezier((x, y - s * 0.46), (x + s * 0.2, y - s * 0.46), (x + s * 0.36, y - s * 0.6), (x + s * 0.34, y - s * 0.98), 10)
    c.poly(d, [(px + s * 0.02, py + s * 0.02) for px, py in cup])
    c.poly(g, cup)
    c.poly(shade(g, 0.8), A.bezier((x + s * 0.05, y - s * 0.98), (x + s * 0.3, y - s * 0.85), (x + s * 0.28, y - s * 0.55), (x, y - s * 0.46), 10)
           + [(x + s * 0.34, y - s * 0.98)])
    c.lines(rgba((255, 250, 220), 200), A.quad((x - s * 0.26, y - s * 0.92), (x - s * 0.27, y - s * 0.65), (x - s * 0.12, y - s * 0.54), 8), max(0.6, s * 0.03))
    c.ellipse(d, x - s * 0.34, y - s * 1.04, s * 0.68, s * 0.13)
    c.ellipse(shade(g, 1.2), x - s * 0.32, y - s * 1.03, s * 0.64, s * 0.1, width=max(0.6, s * 0.02))
    for gx, col in ((-0.16, RUBY), (0.0, SAPPHIRE), (0.16, EMERALD)):
        gem(c, x + gx * s, y - s * 0.78, s * 0.055, col)
    c.rect(shade(g, 0.7), x - s * 0.33, y - s * 0.9, s * 0.66, s * 0.025)


def necklace(c: Canvas, pts: list[tuple[float, float]], r: float) -> None:
    path = []
    for a, b in zip(pts, pts[1:]):
        for i in range(6):
            t = i / 6
            path.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
    path.append(pts[-1])
    pearls(c, path, r)


def treasure_number(value: int) -> pygame.Surface:
    c = treasure_frame()
    cx, by, k = W / 2, 246, 1.3

    def at(dx: float, dy: float) -> tuple[float, float]:
        return (cx + dx * k, by + dy * k)

    sand_mound(c, cx, by + 4, 190, 50)
    if value == 3:
        coin_stack(c, *at(-34, 0), 24 * k, 4)
        coin_face(c, *at(24, -42), 34 * k)
        coin_flat(c, *at(60, 8), 15 * k)
    elif value == 4:
        coin_stack(c, *at(-46, 2), 21 * k, 5)
        coin_stack(c, *at(0, 8), 21 * k, 3)
        coin_face(c, *at(44, -40), 29 * k)
        gem(c, *at(-10, -72), 19 * k, RUBY)
    elif value == 5:
        pouch(c, *at(-4, 6), 124 * k)
        coin_flat(c, *at(52, 10), 14 * k)
        coin_face(c, *at(-54, -16), 24 * k)
        gem(c, *at(38, -28), 14 * k, EMERALD)
        coin_flat(c, *at(-36, 14), 12 * k)
    elif value == 6:
        coin_stack(c, *at(-56, 8), 17 * k, 4)
        coin_stack(c, *at(56, 8), 17 * k, 5)
        goblet(c, *at(0, 4), 140 * k)
        necklace(c, [at(-40, -4), at(-20, 16), at(14, 14), at(36, 0)], 3.6 * k)
        gem(c, *at(-36, -52), 11 * k, SAPPHIRE)
    elif value == 7:
        M.chest(c, *at(0, 8), 150 * k)
        gem(c, *at(-62, 2), 11 * k, EMERALD)
        coin_flat(c, *at(62, 12), 12 * k)
        coin_flat(c, *at(-50, 18), 11 * k)
        c.poly(rgba((255, 255, 240), 230), A.star_points(*at(44, -118), 9, 2.4, 4))
        c.poly(rgba((255, 255, 240), 200), A.star_points(*at(-34, -126), 6, 1.8, 4))
    img = M.round_corners(c.result(), RADIUS)
    corners(img, numeral(str(value), 76))
    return img


def skull_medallion(c: Canvas, x: float, y: float, r: float) -> None:
    c.circle(rgba((30, 16, 8), 120), (x + 3, y + 5), r)
    c.circle(shade(P.GOLD, 0.55), (x, y), r)
    c.circle(P.GOLD, (x, y - 1), r - 1)
    face = c.layer()
    face.circle((255, 255, 255), (x, y), r * 0.86)
    face.fill_gradient_mask((64, 60, 72), (24, 22, 30), y - r, y + r)
    c.paste(face)
    c.circle(shade(P.GOLD, 0.7), (x, y), r * 0.86, width=1.2)
    for i in range(28):
        a = i * math.pi / 14
        c.circle(shade(P.GOLD, 0.7), (x + math.cos(a) * r * 0.93, y - 1 + math.sin(a) * r * 0.93), 1.3)
    M.skull(c, x, y - r * 0.1, r * 0.4, BONE, (24, 22, 30), bones=True)
    lay = c.layer()
    M.skull(lay, x, y - r * 0.1, r * 0.4, (255, 255, 255), (0, 0, 0, 0), bones=True)
    lay.rect((0, 0, 0, 0), 0, y - r * 0.1, W, H)
    c.paste(lay, 60)


def skull_mark(size: int) -> pygame.Surface:
    c = Canvas(size, size, 4)
    M.skull(c, size / 2 + 1, size / 2 + 1.5, size * 0.26, (20, 10, 0, 150), (0, 0, 0, 0), bones=True)
    lay = c.layer()
    M.skull(lay, size / 2, size / 2, size * 0.26, P.INK, (0, 0, 0, 0), bones=True)
    c.paste(lay)
    inner = c.layer()
    M.skull(inner, size / 2, size / 2, size * 0.26 * 0.82, BONE, (0, 0, 0, 0), bones=False)
    c.paste(inner)
    M.skull(c, size / 2, size / 2, size * 0.26 * 0.82, (0, 0, 0, 0), P.INK, bones=False)
    return c.result()


def treasure_skull() -> pygame.Surface:
    c = treasure_frame()
    cx, by = W / 2, 240
    sand_mound(c, cx, by + 2, 170, 44)
    coin_flat(c, cx - 58, by + 6, 15)
    coin_flat(c, cx + 60, by + 10, 13)
    skull_medallion(c, cx, 170, 66)
    img = M.round_corners(c.result(), RADIUS)
    corners(img, skull_mark(52), (33, 40))
    return img


def towel_mark(size: int) -> pygame.Surface:
    c = Canvas(size, size, 4)
    towel_icon(c, size / 2, size / 2, size * 0.66, size * 0.46)
    return c.result()


def treasure_towel() -> pygame.Surface:
    c = treasure_frame()
    cx = W / 2
    sand_mound(c, cx, 196, 170, 40)
    M.chest(c, cx, 196, 128)
    # a striped towel thrown over the chest's front
    lay = c.layer()
    drape = [(cx - 58, 140), (cx + 18, 132), (cx + 30, 196), (cx - 40, 204)]
    lay.poly((206, 62, 52), drape)
    for t in (0.2, 0.32, 0.68, 0.8):
        a = (drape[0][0] + (drape[1][0] - drape[0][0]) * t, drape[0][1] + (drape[1][1] - drape[0][1]) * t)
        b = (drape[3][0] + (drape[2][0] - drape[3][0]) * t, drape[3][1] + (drape[2][1] - drape[3][1]) * t)
        lay.line((252, 248, 238), a, b, 4.2)
    for i in range(12):
        t = (i + 0.5) / 12
        a = (drape[3][0] + (drape[2][0] - drape[3][0]) * t, drape[3][1] + (drape[2][1] - drape[3][1]) * t)
        lay.line((252, 248, 238), a, (a[0] - 0.6, a[1] + 5), 1.4)
    drop_shadow(c, lambda l: l.poly((0, 0, 0), drape), (2, 3), 90, 2)
    c.paste(lay)
    c.poly(rgba((0, 0, 0), 40), [(cx - 58, 140), (cx - 40, 204), (cx - 50, 204)])
    # the rule as a picture: towel card -> 2 coins each
    plaque_y = 250
    c.rect(rgba((60, 30, 10), 70), 38, plaque_y - 22, 168, 50, radius=14)
    c.rect(shade(P.PARCHMENT, 1.04), 36, plaque_y - 25, 168, 50, radius=14)
    c.rect(P.GOLD, 36, plaque_y - 25, 168, 50, radius=14, width=1.6)
    towel_icon(c, 78, plaque_y, 44, 28)
    for dy in (-4, 4):
        c.rect(P.INK, 114, plaque_y + dy - 1.8, 14, 3.6, radius=1.5)
    coin_face(c, 160, plaque_y, 19, "none")
    img = M.round_corners(c.result(), RADIUS)
    two = numeral("2", 40)
    img.blit(two, two.get_rect(center=(160, plaque_y + 3)))
    small = A.font("text_bold", 15)
    cap = small.render("max 8", True, P.INK_SOFT)
    img.blit(cap, cap.get_rect(center=(W / 2, plaque_y + 40)))
    corners(img, towel_mark(50), (33, 40))
    return img


def bone(c: Canvas, a: tuple[float, float], b: tuple[float, float], w: float, col, outline) -> None:
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    nx, ny = -math.sin(ang), math.cos(ang)
    for draw_col, grow in ((outline, 2.2), (col, 0.0)):
        c.line(draw_col, a, b, w + grow)
        for (ex, ey), sgn in ((a, 1), (b, -1)):
            for side in (-1, 1):
                px = ex + nx * side * w * 0.55 - math.cos(ang) * sgn * w * 0.35
                py = ey + ny * side * w * 0.55 - math.sin(ang) * sgn * w * 0.35
                c.circle(draw_col, (px, py), w * 0.62 + grow / 2)


def treasure_back() -> pygame.Surface:
    c = Canvas(W, H, K)
    card_outline(c, shade(P.WOOD_DARK, 0.9))
    wood = c.layer()
    wood.rect((255, 255, 255), 3, 3, W - 6, H - 6, radius=RADIUS - 2)
    wood.surf.blit(A.tex_fill(c, _tex["wood"], 180), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    c.paste(wood)
    # sand inside, darker at the edges
    sand = c.layer()
    sand.rect((255, 255, 255), 13, 13, W - 26, H - 26, radius=10)
    sand.surf.blit(A.tex_fill(c, _tex["sand"], 190), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    c.paste(sand)
    vig = c.layer()
    vig.rect((120, 80, 30, 150), 13, 13, W - 26, H - 26, radius=10)
    vig.ellipse((0, 0, 0, 0), 30, 40, W - 60, H - 80)
    v = A.blur(vig.surf, 40)
    inner = c.layer()
    inner.rect((255, 255, 255, 255), 13, 13, W - 26, H - 26, radius=10)
    v.blit(inner.surf, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    c.paste(v)
    c.rect(rgba((40, 20, 8), 150), 13, 13, W - 26, H - 26, radius=10, width=2)
    c.rect(P.GOLD, 18, 18, W - 36, H - 36, radius=7, width=1.4)
    # footprints leading to the spot
    for i in range(5):
        fx, fy = 60 + i * 8 + (6 if i % 2 else -6), 300 - i * 18
        c.ellipse(rgba(shade(P.SAND_DARK, 0.7), 120), fx - 4, fy - 6, 8, 12)
    # the crossed bones
    cx, cy = W / 2, H / 2
    d = 66
    pts = ((cx - d, cy - d * 1.1), (cx + d, cy + d * 1.1)), ((cx + d, cy - d * 1.1), (cx - d, cy + d * 1.1))
    lay = c.layer()
    for a, b in pts:
        bone(lay, a, b, 15, BONE, (250, 250, 250))
    drop_shadow(c, lambda l: l.paste(lay), (3, 6), 150, 4)
    for a, b in pts:
        bone(c, a, b, 15, BONE, P.INK)
    for a, b in pts:
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        nx, ny = -math.sin(ang), math.cos(ang)
        c.line(BONE_SHADE, (a[0] + nx * 4, a[1] + ny * 4), (b[0] + nx * 4, b[1] + ny * 4), 4)
        c.line(rgba((255, 255, 255), 200), (a[0] - nx * 3, a[1] - ny * 3), (b[0] - nx * 3, b[1] - ny * 3), 2.4)
    return M.round_corners(c.result(), RADIUS)


# =============================================================================================
# seat-coloured cards: base + tint (+ top)
# =============================================================================================
GREY_LIGHT = (244, 244, 244)
GREY_MID = (214, 214, 214)
GREY_DARK = (168, 168, 168)


def tint_ring(t: Canvas, band_h: float = 0.0) -> None:
    """The seat-coloured border (and an optional header band) in grey shading."""
    ring = t.layer()
    ring.rect((255, 255, 255), 0, 0, W, H, radius=RADIUS)
    ring.rect((0, 0, 0, 0), 9, 9 + band_h, W - 18, H - 18 - band_h, radius=RADIUS - 8)
    ring.fill_gradient_mask(GREY_LIGHT, GREY_DARK)
    t.paste(ring)
    t.rect(rgba((90, 90, 90), 255), 0, 0, W, H, radius=RADIUS, width=1.6)
    t.rect(rgba((255, 255, 255), 255), 2.5, 2.5, W - 5, 1.6, radius=1)


def towel_layers(base: Canvas, tint: Canvas, top: Canvas, x: float, y: float, w: float, h: float, ang: float) -> None:
    """One towel lying on the sand, centred at (x, y), w x h, turned by ``ang`` degrees."""
    a = math.radians(ang)

    def R(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return A.rotate_pts([(x + px, y + py) for px, py in pts], x, y, a)

    hw, hh = w / 2, h / 2
    rect = R([(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)])
    drop_shadow(base, lambda l: l.poly((0, 0, 0), rect), (3, 5), 120, 3)
    body = tint.layer()
    body.poly((255, 255, 255), rect)
    body.fill_gradient_mask((250, 250, 250), (206, 206, 206), y - hh, y + hh)
    tint.paste(body)
    # a soft fold across the middle and a hem line
    tint.poly(rgba((150, 150, 150), 255), R([(-hw, -h * 0.02), (hw, -h * 0.02), (hw, h * 0.05), (-hw, h * 0.05)]))
    tint.poly(rgba((232, 232, 232), 255), R([(-hw, h * 0.05), (hw, h * 0.05), (hw, h * 0.1), (-hw, h * 0.1)]))
    for sx in (-1, 1):
        tint.lines((185, 185, 185), R([(sx * (hw - w * 0.03), -hh + 1), (sx * (hw - w * 0.03), hh - 1)]), 1.0)
    # white stripes near both ends and the fringe (not tinted)
    for fx in (0.12, 0.2, 0.8, 0.88):
        sw = w * (0.045 if fx in (0.12, 0.88) else 0.025)
        px = -hw + w * fx
        top.poly((250, 248, 242), R([(px - sw / 2, -hh), (px + sw / 2, -hh), (px + sw / 2, hh), (px - sw / 2, hh)]))
    n = max(6, int(h / 5))
    for i in range(n):
        fy = -hh + h * (i + 0.5) / n
        for sx in (-1, 1):
            top.lines((246, 240, 226), R([(sx * hw, fy), (sx * (hw + 5), fy + 0.6)]), 1.3)
    top.poly(rgba((255, 255, 255), 70), R([(-hw, -hh), (hw, -hh), (hw, -hh + h * 0.12), (-hw, -hh + h * 0.12)]))


TOWEL_LAYOUTS = {
    1: [(120, 176, 150, 104, -5)],
    2: [(122, 134, 150, 72, 4), (118, 222, 150, 72, -4)],
    3: [(122, 112, 146, 56, -4), (118, 176, 146, 56, 3), (122, 240, 146, 56, -3)],
}


def towel_card(value: int) -> dict[str, pygame.Surface]:
    base, tint, top = Canvas(W, H, K), Canvas(W, H, K), Canvas(W, H, K)
    card_outline(base, P.WOOD_DARK)
    sand = base.layer()
    sand.rect((255, 255, 255), 6, 6, W - 12, H - 12, radius=RADIUS - 5)
    sand.surf.blit(A.tex_fill(base, _tex["sand"], 220), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    base.paste(sand)
    vig = base.layer()
    vig.rect((140, 96, 40, 110), 6, 6, W - 12, H - 12, radius=RADIUS - 5)
    vig.ellipse((0, 0, 0, 0), 26, 30, W - 52, H - 60)
    base.paste(A.blur(vig.surf, 30))
    rng = Rng(600 + value)
    for _ in range(3):  # a few shells on the sand
        sx, sy = 40 + rng.random() * 160, 40 + rng.random() * 250
        base.ellipse(rgba((236, 214, 196), 220), sx, sy, 6, 4.4)
        base.ellipse(rgba((190, 150, 120), 200), sx + 1, sy + 2.4, 4, 1.4)
    tint_ring(tint)
    for x, y, w, h, ang in TOWEL_LAYOUTS[value]:
        towel_layers(base, tint, top, x, y, w, h, ang)
    top.rect(shade(P.GOLD, 1.0), 9.5, 9.5, W - 19, H - 19, radius=RADIUS - 9, width=1.6)
    top_img = top.result()
    corners(top_img, numeral(str(value), 74, "ivory"), (31, 41))
    return {f"towel_{value}.png": M.round_corners(base.result(), RADIUS), f"towel_{value}_tint.png": tint.result(),
            f"towel_{value}_top.png": top_img}


# -- pirate cards -------------------------------------------------------------------------------
BAND_H = 56
WIN = (20, 72, W - 40, H - 94)   # illustration window on pirate cards


def spyglass(c: Canvas, x0: float, y0: float, x1: float, y1: float, r: float) -> None:
    """A brass spyglass from the eyepiece (x0, y0) to the objective (x1, y1)."""
    ang = math.atan2(y1 - y0, x1 - x0)
    nx, ny = -math.sin(ang), math.cos(ang)

    def seg(t0: float, t1: float, rad0: float, rad1: float, col) -> None:
        a = (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0)
        b = (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)
        c.poly(col, [(a[0] + nx * rad0, a[1] + ny * rad0), (b[0] + nx * rad1, b[1] + ny * rad1),
                     (b[0] - nx * rad1, b[1] - ny * rad1), (a[0] - nx * rad0, a[1] - ny * rad0)])
        c.poly(shade(col, 1.25), [(a[0] - nx * rad0 * 0.7, a[1] - ny * rad0 * 0.7), (b[0] - nx * rad1 * 0.7, b[1] - ny * rad1 * 0.7),
                                  (b[0] - nx * rad1 * 0.35, b[1] - ny * rad1 * 0.35), (a[0] - nx * rad0 * 0.35, a[1] - ny * rad0 * 0.35)])
        c.poly(shade(col, 0.7), [(a[0] + nx * rad0, a[1] + ny * rad0), (b[0] + nx * rad1, b[1] + ny * rad1),
                                 (b[0] + nx * rad1 * 0.55, b[1] + ny * rad1 * 0.55), (a[0] + nx * rad0 * 0.55, a[1] + ny * rad0 * 0.55)])

    drop_shadow(c, lambda l: l.line((0, 0, 0), (x0, y0), (x1, y1), r * 2), (4, 7), 110, 4)
    seg(0.0, 0.16, r * 0.55, r * 0.6, BRASS)
    seg(0.16, 0.36, r * 0.68, r * 0.68, (120, 70, 40))       # leather grip
    for t in (0.2, 0.26, 0.32):
        seg(t, t + 0.015, r * 0.7, r * 0.7, shade((120, 70, 40), 0.7))
    seg(0.36, 0.4, r * 0.82, r * 0.82, shade(BRASS, 1.1))
    seg(0.4, 0.66, r * 0.78, r * 0.78, BRASS)
    seg(0.66, 0.7, r * 0.92, r * 0.92, shade(BRASS, 1.1))
    seg(0.7, 0.96, r * 0.88, r * 0.98, BRASS)
    seg(0.96, 1.0, r * 1.08, r * 1.08, shade(BRASS, 1.1))
    # the objective lens, seen a little from the side
    end = (x1, y1)
    lens = [(end[0] + nx * r * 1.05 * math.cos(t) + math.cos(ang) * r * 0.35 * math.sin(t),
             end[1] + ny * r * 1.05 * math.cos(t) + math.sin(ang) * r * 0.35 * math.sin(t)) for t in [i * math.pi / 12 for i in range(24)]]
    c.poly(shade(BRASS, 0.6), lens)
    inner = [(end[0] + (px - end[0]) * 0.78, end[1] + (py - end[1]) * 0.78) for px, py in lens]
    c.poly((120, 190, 220), inner)
    c.poly(rgba((255, 255, 255), 200), inner[14:20] + [end])


def map_scroll(c: Canvas, x: float, y: float, w: float, h: float, rng: Rng) -> None:
    """A treasure map lying on the sand, rolled at the top and bottom."""
    drop_shadow(c, lambda l: l.rect((0, 0, 0), x, y, w, h, radius=4), (4, 6), 120, 4)
    paper = c.layer()
    edge = []
    for i in range(20):
        edge.append((x + w * i / 20, y + (rng.random() - 0.5) * 2))
    for i in range(20):
        edge.append((x + w + (rng.random() - 0.5) * 2, y + h * i / 20))
    for i in range(20):
        edge.append((x + w - w * i / 20, y + h + (rng.random() - 0.5) * 2))
    for i in range(20):
        edge.append((x + (rng.random() - 0.5) * 2, y + h - h * i / 20))
    paper.poly((255, 255, 255), edge)
    paper.surf.blit(A.tex_fill(c, _tex["parchment"], 160), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    c.paste(paper)
    burn = c.layer()
    burn.poly((150, 100, 50, 140), edge)
    burn.rect((0, 0, 0, 0), x + 10, y + 10, w - 20, h - 20, radius=8)
    b = A.blur(burn.surf, 16)
    b.blit(paper.surf, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    c.paste(b)
    # an island, a route and the X
    isl = [(x + w * (0.5 + 0.32 * math.cos(t) * (1 + 0.18 * math.sin(3 * t + 1))), y + h * (0.5 + 0.3 * math.sin(t) * (1 + 0.15 * math.cos(5 * t))))
           for t in [i * math.pi / 18 for i in range(36)]]
    c.poly(rgba((120, 170, 170), 120), [(px + (px - x - w / 2) * 0.12, py + (py - y - h / 2) * 0.12) for px, py in isl])
    c.poly(rgba((212, 180, 120), 255), isl)
    c.lines(rgba(P.INK_SOFT, 255), isl, 1.4, closed=True)
    M.palm(c, x + w * 0.34, y + h * 0.48, 30, 0.3)
    M.dotted_route(c, [(x + w * 0.1, y + h * 0.88), (x + w * 0.3, y + h * 0.7), (x + w * 0.5, y + h * 0.62), (x + w * 0.62, y + h * 0.5)],
                   rgba(P.INK_SOFT, 255), 1.3, 6)
    M.xmark(c, x + w * 0.66, y + h * 0.46, 11, P.RED)
    M.compass_rose(c, x + w * 0.82, y + h * 0.17, 13)
    for yy, flip in ((y, -1), (y + h, 1)):  # rolled ends
        c.rect(shade(P.PARCHMENT_DARK, 0.85), x - 6, yy - 7, w + 12, 14, radius=7)
        c.rect(P.PARCHMENT, x - 6, yy - 7, w + 12, 8, radius=5)
        c.rect(rgba((255, 255, 255), 120), x - 2, yy - 5, w + 4, 2, radius=1)
        c.circle(shade(P.PARCHMENT_DARK, 0.65), (x - 6, yy), 7)
        c.circle(shade(P.PARCHMENT_DARK, 0.95), (x - 6, yy), 4.6)
        c.circle(shade(P.PARCHMENT_DARK, 0.65), (x + w + 6, yy), 7)


def umbrella_layers(base: Canvas, tint: Canvas, top: Canvas, x: float, y: float, rx: float, ry: float, pole: float,
                    panels: int = 8, shadow: bool = True) -> None:
    """A beach umbrella seen from the side and a little above: canopy centre (x, y), rx x ry,
    the pole reaching ``pole`` below. Alternate panels are in the tint layer."""
    apex = (x, y - ry * 0.95)
    if shadow:
        base.ellipse(rgba((80, 50, 10), 80), x - rx * 0.8, y + pole - ry * 0.2, rx * 1.6, ry * 0.5)
    base.line((238, 232, 220), (x, y - ry * 0.3), (x + rx * 0.04, y + pole), max(1.6, rx * 0.05))
    base.line((180, 170, 150), (x + rx * 0.02, y - ry * 0.3), (x + rx * 0.05, y + pole), max(0.6, rx * 0.015))
    rim = [(x - rx * math.cos(i * math.pi / panels), y + ry * 0.45 * math.sin(i * math.pi / panels)) for i in range(panels + 1)]
    for i in range(panels):
        a, b = rim[i], rim[i + 1]
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 + ry * 0.16)
        ctrl_a = ((apex[0] * 0.4 + a[0] * 0.6) - (x - a[0]) * 0.08, apex[1] * 0.4 + a[1] * 0.6 - ry * 0.12)
        ctrl_b = ((apex[0] * 0.4 + b[0] * 0.6) - (x - b[0]) * 0.08, apex[1] * 0.4 + b[1] * 0.6 - ry * 0.12)
        pts = A.quad(apex, ctrl_a, a, 8) + A.quad(a, mid, b, 6)[1:] + A.quad(b, ctrl_b, apex, 8)[1:]
        light = 1.0 - 0.22 * abs((i + 0.5) / panels - 0.35)
        if i % 2 == 0:
            tint.poly(tuple(int(236 * light) for _ in range(3)), pts)
        else:
            base.poly(shade((252, 248, 240), light), pts)
    # shading on the right side and the rim
    shade_lay = top.layer()
    shade_lay.poly((0, 0, 0, 255), [apex] + A.quad(rim[panels // 2 + 1], (x + rx * 0.4, y + ry * 0.5), rim[-1], 8))
    top.paste(A.blur(shade_lay.surf, int(rx * 0.15 * top.k)), 40)
    top.circle(P.GOLD, apex, max(1.5, rx * 0.06))
    top.circle(P.GOLD_LIGHT, (apex[0] - rx * 0.015, apex[1] - rx * 0.015), max(0.7, rx * 0.025))


def pirate_card(kind: str) -> dict[str, pygame.Surface]:
    base, tint, top = Canvas(W, H, K), Canvas(W, H, K), Canvas(W, H, K)
    card_outline(base)
    parchment_panel(base, 4, 4, W - 8, H - 8, RADIUS - 3)
    rng = Rng(700 + PIRATES.index(kind))
    x, y, w, h = WIN
    if kind == "spyglass":
        lay = window_scene(base, x, y, w, h, rng, 0.36, 0.78, (0.2, 0.14))
        M.island(lay, x + w * 0.62, y + h * 0.36 + 1, 60, 8, ((0.0, 0.6, 0.25),))
        M.ship(lay, x + w * 0.25, y + h * 0.47, 16, 1, flag=True, masts=2)
        A.clip_paste(base, lay, x, y, w, h, 10)
        spyglass(base, x + 22, y + h - 26, x + w - 26, y + h * 0.5, 15)
    elif kind == "map":
        lay = window_scene(base, x, y, w, h, rng, 0.2, 0.32, None, 1)
        A.clip_paste(base, lay, x, y, w, h, 10)
        map_scroll(base, x + 22, y + 62, w - 44, h - 88, rng)
    else:
        lay = window_scene(base, x, y, w, h, rng, 0.34, 0.5, (0.82, 0.12))
        A.clip_paste(base, lay, x, y, w, h, 10)
        towel_icon(base, x + w * 0.3, y + h * 0.86, 70, 30, (70, 130, 180))
        umbrella_layers(base, tint, top, x + w * 0.52, y + h * 0.4, w * 0.42, h * 0.3, h * 0.5)
    base.rect(rgba(P.WOOD_DARK, 200), x, y, w, h, radius=10, width=1.6)
    # the seat-coloured border and header band
    tint_ring(tint, BAND_H - 9)
    band = tint.layer()
    band.rect((255, 255, 255), 0, 0, W, BAND_H + 4, radius=RADIUS)
    band.rect((0, 0, 0, 0), 0, BAND_H, W, 8)
    band.fill_gradient_mask((250, 250, 250), (196, 196, 196), 0, BAND_H)
    tint.paste(band)
    top.rect(P.GOLD, 9.5, 9.5, W - 19, H - 19, radius=RADIUS - 9, width=1.6)
    top.line(P.GOLD, (9.5, BAND_H + 1), (W - 9.5, BAND_H + 1), 1.6)
    top.line(rgba(P.WOOD_DARK, 160), (9.5, BAND_H + 2.6), (W - 9.5, BAND_H + 2.6), 1.0)
    # the item as an icon on a medallion at the top left (visible in a fanned hand)
    mx, my, mr = 40, 31, 23
    top.circle(rgba((30, 16, 8), 110), (mx + 1.5, my + 2.5), mr)
    top.circle(shade(P.GOLD, 0.6), (mx, my), mr)
    face = top.layer()
    face.circle((255, 255, 255), (mx, my), mr - 2.2)
    face.fill_gradient_mask((255, 252, 240), P.PARCHMENT, my - mr, my + mr)
    top.paste(face)
    pirate_icon(top, kind, mx, my + 1, mr * 1.02)
    return {f"pirate_{kind}.png": M.round_corners(base.result(), RADIUS), f"pirate_{kind}_tint.png": tint.result(),
            f"pirate_{kind}_top.png": top.result()}


def pirate_icon(c: Canvas, kind: str, x: float, y: float, r: float) -> None:
    if kind == "spyglass":
        spyglass_icon = (x - r * 0.8, y + r * 0.55, x + r * 0.8, y - r * 0.45)
        c.line(shade(BRASS, 0.55), spyglass_icon[:2], spyglass_icon[2:], r * 0.34)
        c.line(BRASS, (x - r * 0.8, y + r * 0.55), (x + r * 0.8, y - r * 0.45), r * 0.26)
        c.line(shade(BRASS, 0.55), (x + r * 0.45, y - r * 0.23), (x + r * 0.9, y - r * 0.52), r * 0.5)
        c.line(BRASS, (x + r * 0.45, y - r * 0.23), (x + r * 0.86, y - r * 0.5), r * 0.4)
        c.line((120, 70, 40), (x - r * 0.55, y + r * 0.4), (x - r * 0.15, y + r * 0.15), r * 0.36)
    elif kind == "map":
        c.rect(shade(P.PARCHMENT_DARK, 0.8), x - r * 0.75, y - r * 0.8, r * 1.5, r * 1.6, radius=r * 0.12)
        c.rect(P.PARCHMENT_DARK, x - r * 0.68, y - r * 0.73, r * 1.36, r * 1.46, radius=r * 0.1)
        M.dotted_route(c, [(x - r * 0.5, y + r * 0.5), (x - r * 0.1, y + r * 0.1), (x + r * 0.15, y - r * 0.1)], P.INK_SOFT, r * 0.07, r * 0.22)
        M.xmark(c, x + r * 0.3, y - r * 0.28, r * 0.34, P.RED)
    else:
        apex = (x, y - r * 0.75)
        rim = [(x - r * 0.95 * math.cos(i * math.pi / 6), y + r * 0.05 + r * 0.2 * math.sin(i * math.pi / 6)) for i in range(7)]
        c.line(P.INK_SOFT, (x, y - r * 0.2), (x, y + r * 0.95), r * 0.12)
        for i in range(6):
            c.poly(P.RED if i % 2 == 0 else (252, 248, 240), [apex, rim[i], rim[i + 1]])
        c.lines(P.INK_SOFT, [apex, rim[0]], r * 0.05)
        c.lines(shade(P.RED, 0.6), rim, r * 0.08)


# -- special cards ------------------------------------------------------------------------------
SWIN = (16, 16, W - 32, 228)   # the picture window on special cards


def special_frame(c: Canvas) -> None:
    card_outline(c, shade(TEAL_FRAME, 0.6))
    body = c.layer()
    body.rect((255, 255, 255), 3, 3, W - 6, H - 6, radius=RADIUS - 2)
    body.fill_gradient_mask(mix(TEAL_FRAME, P.SEA, 0.5), shade(TEAL_FRAME, 0.7))
    c.paste(body)
    lat = c.layer()
    for i in range(-30, 30):  # a faint rope-net pattern
        lat.line(rgba(P.GOLD, 255), (i * 14, 0), (i * 14 + H, H), 0.6)
        lat.line(rgba(P.GOLD, 255), (i * 14, 0), (i * 14 - H, H), 0.6)
    lat.surf.blit(body.surf, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    c.paste(lat, 40)
    c.rect(P.GOLD, 8, 8, W - 16, H - 16, radius=RADIUS - 7, width=1.8)


def title_band(c: Canvas) -> None:
    x, y, w, h = SPECIAL_TITLE_BAND
    c.rect(rgba((10, 20, 24), 140), x + 1, y + 3, w, h, radius=8)
    for sx in (-1, 1):  # ribbon tails
        ex = x - 6 if sx < 0 else x + w + 6
        c.poly(shade(P.PARCHMENT_DARK, 0.8), [(ex, y + 8), (ex - sx * 16, y + 8), (ex - sx * 16, y + h - 2), (ex, y + h - 2), (ex + sx * 6, y + h / 2 + 3)])
    parchment_panel(c, x, y, w, h, 8)
    c.rect(P.GOLD, x, y, w, h, radius=8, width=1.6)
    c.rect(rgba(P.GOLD, 140), x + 4, y + 4, w - 8, h - 8, radius=5, width=0.8)
    # an ornament under the band
    cx, cy = W / 2, y + h + 15
    c.line(P.GOLD, (cx - 40, cy), (cx - 12, cy), 1.2)
    c.line(P.GOLD, (cx + 12, cy), (cx + 40, cy), 1.2)
    c.poly(P.GOLD, A.star_points(cx, cy, 7, 2.8, 4, 0))
    c.circle(RUBY, (cx, cy), 1.8)


def special_card(name: str) -> pygame.Surface:
    c = Canvas(W, H, K)
    special_frame(c)
    rng = Rng(800 + SPECIALS.index(name))
    x, y, w, h = SWIN
    draw = SPECIAL_DRAW[name]
    lay = draw(c, rng, x, y, w, h)
    A.clip_paste(c, lay, x, y, w, h, 12)
    c.rect(P.GOLD, x, y, w, h, radius=12, width=1.8)
    title_band(c)
    return M.round_corners(c.result(), RADIUS)


def sp_sandcastle(c: Canvas, rng: Rng, x, y, w, h) -> Canvas:
    lay = window_scene(c, x, y, w, h, rng, 0.3, 0.46)
    cx, by = x + w / 2, y + h - 34
    sandt = A.tex_fill(c, _tex["sand"], 120)

    def castle(l: Canvas) -> None:
        l.rect((255, 255, 255), cx - 70, by - 56, 140, 56)
        for tx, th, tw in ((-58, 96, 34), (58, 96, 34), (0, 132, 42)):
            l.rect((255, 255, 255), cx + tx - tw / 2, by - th, tw, th)
            for k in range(3):
                l.rect((255, 255, 255), cx + tx - tw / 2 + k * tw / 2.5, by - th - 9, tw / 5, 10)
        for k in range(7):
            l.rect((255, 255, 255), cx - 40 + k * 12, by - 64, 7, 9)
        l.ellipse((255, 255, 255), cx - 96, by - 14, 192, 30)

    drop_shadow(lay, castle, (6, 3), 90, 4)
    body = lay.layer()
    castle(body)
    body.fill_gradient_mask(shade(P.SAND, 1.05), mix(P.SAND, P.SAND_DARK, 0.8), by - 140, by + 10)
    body.surf.blit(sandt, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    body.surf.blit(_brighten(c), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    lay.paste(body)
    for tx, th, tw in ((-58, 96, 34), (58, 96, 34), (0, 132, 42)):
        lay.rect(rgba(P.SAND_DARK, 200), cx + tx + tw * 0.1, by - th, tw * 0.4, th, radius=0)
        lay.rect(rgba((90, 60, 30), 200), cx + tx - 5, by - th * 0.62, 10, 14, radius=5)
    lay.rect(rgba((90, 60, 30), 220), cx - 12, by - 34, 24, 34, radius=12)
    lay.line(P.WOOD_DARK, (cx, by - 141), (cx, by - 176), 1.8)
    lay.poly(P.RED, [(cx + 1, by - 176), (cx + 26, by - 169), (cx + 1, by - 162)])
    M.coin(lay, cx - 80, by + 6, 6, 0.6)
    return lay


def sp_skeleton(c: Canvas, rng: Rng, x, y, w, h) -> Canvas:
    lay = window_scene(c, x, y, w, h, rng, 0.3, 0.46, (0.18, 0.16), sky_top=(120, 110, 170), sky_low=(250, 190, 150))
    M.palm(lay, x + w - 30, y + h - 40, 150, -0.3, -1)
    cx, cy = x + w * 0.42, y + h - 70
    # lounging skeleton: ribcage, arms and legs as bones, then the skull with a pirate hat
    for a, b in (((cx - 16, cy + 30), (cx - 64, cy + 52)), ((cx + 4, cy + 32), (cx - 40, cy + 56)),
                 ((cx + 18, cy - 10), (cx + 52, cy + 16)), ((cx + 52, cy + 16), (cx + 40, cy + 44))):
        bone(lay, a, b, 6, BONE, shade(BONE_SHADE, 0.7))
    lay.line(shade(BONE_SHADE, 0.7), (cx, cy - 20), (cx - 6, cy + 34), 7)
    lay.line(BONE, (cx, cy - 20), (cx - 6, cy + 34), 4.5)
    for i in range(4):
        yy = cy - 12 + i * 10
        lay.lines(shade(BONE_SHADE, 0.7), A.quad((cx - 22 + i, yy + 6), (cx - 3, yy - 6), (cx + 18 - i, yy + 6), 8), 5.4)
        lay.lines(BONE, A.quad((cx - 22 + i, yy + 6), (cx - 3, yy - 6), (cx + 18 - i, yy + 6), 8), 3.4)
    M.skull(lay, cx + 4, cy - 40, 22, BONE, (50, 40, 50))
    lay.poly((34, 28, 30), [(cx - 30, cy - 58), (cx + 4, cy - 86), (cx + 40, cy - 58), (cx + 4, cy - 66)])
    lay.ellipse((34, 28, 30), cx - 16, cy - 92, 40, 26)
    lay.line(P.GOLD, (cx - 24, cy - 62), (cx + 34, cy - 62), 1.8)
    M.skull(lay, cx + 4, cy - 78, 5, BONE, (34, 28, 30))
    M.coin(lay, cx + 60, cy + 56, 7, 0.6)
    return lay


def sp_wave(c: Canvas, rng: Rng, x, y, w, h) -> Canvas:
    lay = window_scene(c, x, y, w, h, rng, 0.5, 0.9, (0.16, 0.14))
    # a big wave rolling in from the right, its lip curling over to the left
    def P_(u: float, v: float) -> tuple[float, float]:
        return (x + u * w, y + v * h)

    back = A.bezier(P_(1.1, 0.62), P_(1.0, 0.3), P_(0.8, 0.1), P_(0.5, 0.12), 16)
    lip = A.bezier(P_(0.5, 0.12), P_(0.26, 0.13), P_(0.16, 0.3), P_(0.24, 0.42), 12)
    curl = A.bezier(P_(0.24, 0.42), P_(0.3, 0.5), P_(0.42, 0.44), P_(0.4, 0.34), 8)
    face = A.bezier(P_(0.4, 0.34), P_(0.5, 0.42), P_(0.42, 0.78), P_(-0.1, 0.86), 14)
    shape = back + lip[1:] + curl[1:] + face[1:] + [P_(-0.1, 1.1), P_(1.1, 1.1)]
    body = lay.layer()
    body.poly((255, 255, 255), shape)
    body.fill_gradient_mask(mix(P.SEA_LIGHT, P.FOAM, 0.25), P.SEA_DEEP, y + h * 0.1, y + h * 0.95)
    lay.paste(body)
    # the hollow under the lip
    lay.poly(rgba(P.SEA_DEEP, 150), curl + A.bezier(P_(0.4, 0.34), P_(0.46, 0.3), P_(0.36, 0.22), P_(0.28, 0.26), 8))
    # foam lines following the face of the wave
    for i in range(4):
        u = 0.6 + i * 0.11
        lay.lines(rgba(P.FOAM, 90), A.quad(P_(u, 0.16 + i * 0.05), P_(u - 0.04, 0.5), P_(u - 0.3, 0.74), 12), 1.6)
    # foam on the crest and lip, with little claws
    lay.lines(P.FOAM, back[5:] + lip[1:], 7)
    lay.lines((255, 255, 255), back[7:] + lip[1:-2], 3)
    for i in range(6):
        t = 0.15 + i * 0.14
        px, py = lip[int(t * (len(lip) - 1))]
        lay.circle((255, 255, 255), (px - 3, py + 5), 4.5 - i * 0.4)
    for i in range(22):  # spray
        t = rng.random()
        px, py = back[int(t * (len(back) - 1))]
        lay.circle(rgba((255, 255, 255), 220), (px + (rng.random() - 0.3) * 18, py - 4 - rng.random() * 16), 1.2 + rng.random() * 2.4)
    # foam at the foot of the wave and a towel tumbling in it
    lay.lines(rgba(P.FOAM, 230), [P_(-0.05, 0.86)] + [P_(0.05 + 0.1 * i, 0.85 + 0.02 * math.sin(i * 1.7)) for i in range(11)], 5)
    for i in range(14):
        lay.circle(rgba((255, 255, 255), 200), P_(rng.random(), 0.83 + rng.random() * 0.06), 1.5 + rng.random() * 3)
    tw = lay.layer()
    towel_icon(tw, x + w * 0.42, y + h * 0.62, 58, 24, (240, 190, 60))
    rot = pygame.transform.rotozoom(tw.surf, 28, 1.0)
    lay.surf.blit(rot, rot.get_rect(center=tw.p((x + w * 0.42, y + h * 0.62))))
    return lay


def sp_double_towel(c: Canvas, rng: Rng, x, y, w, h) -> Canvas:
    lay = window_scene(c, x, y, w, h, rng, 0.22, 0.36, (0.8, 0.1), 1)
    tx, ty, tw, th = x + 22, y + 92, w - 44, 122
    drop_shadow(lay, lambda l: l.rect((0, 0, 0), tx, ty, tw, th, radius=4), (4, 6), 110, 4)
    lay.rect((64, 132, 196), tx, ty, tw, th, radius=4)
    for i in range(8):  # wide stripes in two colours
        col = (250, 246, 236) if i % 2 else (238, 190, 60)
        lay.rect(col, tx + 8 + i * (tw - 16) / 8, ty, (tw - 16) / 16, th)
    lay.rect((64, 132, 196), tx + tw / 2 - 3, ty, 6, th)
    for i in range(int(tw / 5)):
        for yy, d in ((ty, -1), (ty + th, 1)):
            fx = tx + 3 + i * 5
            lay.line((250, 246, 236), (fx, yy), (fx + 0.5, yy + d * 5), 1.3)
    for px in (tx + tw * 0.28, tx + tw * 0.72):  # two pillows
        lay.rect(rgba((40, 30, 20), 80), px - 24, ty + 10, 50, 26, radius=12)
        lay.rect((252, 250, 244), px - 25, ty + 6, 50, 26, radius=12)
        lay.rect((226, 222, 214), px - 25, ty + 22, 50, 10, radius=6)
    M.coin(lay, tx + tw * 0.5, ty + th + 14, 6, 0.6)
    return lay


def sp_flag(c: Canvas, rng: Rng, x, y, w, h) -> Canvas:
    lay = window_scene(c, x, y, w, h, rng, 0.5, 0.64, (0.15, 0.2))
    px, base = x + w * 0.34, y + h - 26
    lay.ellipse(rgba((80, 50, 10), 90), px - 30, base - 6, 70, 14)
    lay.ellipse(rgba(shade(P.SAND_DARK, 0.9), 255), px - 22, base - 10, 44, 14)
    lay.line(P.WOOD_DARK, (px, base), (px, y + 22), 5)
    lay.line(P.WOOD_LIGHT, (px - 1, base), (px - 1, y + 22), 1.6)
    lay.circle(P.GOLD, (px, y + 20), 5)
    M.jolly_roger(lay, px + 2, y + 30, 120, 84, 0.14)
    return lay


def sp_bucket(c: Canvas, rng: Rng, x, y, w, h) -> Canvas:
    lay = window_scene(c, x, y, w, h, rng, 0.26, 0.4, (0.8, 0.12), 1)
    cx, by = x + w * 0.44, y + h - 30
    lay.ellipse(rgba((80, 50, 10), 80), cx - 66, by - 12, 136, 26)
    top_w, bot_w, bh = 116, 86, 104
    body = [(cx - top_w / 2, by - bh), (cx + top_w / 2, by - bh), (cx + bot_w / 2, by), (cx - bot_w / 2, by)]
    lay.poly((226, 70, 60), body)
    lay.poly(shade((226, 70, 60), 0.8), [(cx + top_w * 0.2, by - bh), (cx + top_w / 2, by - bh), (cx + bot_w / 2, by), (cx + bot_w * 0.2, by)])
    lay.poly(rgba((255, 255, 255), 60), [(cx - top_w * 0.4, by - bh), (cx - top_w * 0.28, by - bh), (cx - bot_w * 0.22, by), (cx - bot_w * 0.34, by)])
    lay.ellipse(shade((226, 70, 60), 0.6), cx - top_w / 2, by - bh - 10, top_w, 20)
    filled(lay, lambda l: l.ellipse((255, 255, 255), cx - top_w / 2 + 5, by - bh - 7, top_w - 10, 14), A.tex_fill(c, _tex["sand"], 100))
    lay.rect((250, 210, 70), cx - bot_w / 2 - 3, by - bh * 0.45, bot_w + 6 + (top_w - bot_w) * 0.45, 12)
    lay.poly(P.GOLD_LIGHT, A.star_points(cx, by - bh * 0.45 + 6, 14, 6, 5))
    lay.arc((80, 80, 90), cx - top_w / 2 - 2, by - bh - 60, top_w + 4, 100, 0.2, math.pi - 0.2, 2.6)
    # a spade stuck in the sand and a "3" towel corner peeking
    lay.line(P.WOOD, (cx + 92, by + 4), (cx + 64, by - 110), 4)
    lay.poly((70, 150, 210), [(cx + 84, by - 8), (cx + 104, by - 14), (cx + 110, by + 20), (cx + 94, by + 24)])
    return lay


def sp_lifeguard(c: Canvas, rng: Rng, x, y, w, h) -> Canvas:
    lay = window_scene(c, x, y, w, h, rng, 0.34, 0.5, (0.86, 0.1))
    cx, by = x + w * 0.46, y + h - 18
    wood = (236, 232, 222)
    for lx in (-44, 44):  # the tall chair
        lay.line(shade(wood, 0.75), (cx + lx, by), (cx + lx * 0.6, by - 120), 6)
    for yy in (by - 34, by - 76):
        lay.line(shade(wood, 0.8), (cx - 40, yy), (cx + 40, yy), 4)
    lay.rect(wood, cx - 40, by - 128, 80, 10, radius=2)
    lay.rect(rgba((40, 20, 10), 90), cx - 27, by - 178, 60, 52, radius=5)
    lay.rect(P.RED, cx - 30, by - 182, 60, 54, radius=5)
    lay.rect(shade(P.RED, 0.75), cx - 30, by - 140, 60, 12, radius=3)
    lay.rect((250, 246, 236), cx - 6, by - 174, 12, 36, radius=1)   # the white cross
    lay.rect((250, 246, 236), cx - 18, by - 162, 36, 12, radius=1)
    # a red-and-white lifebuoy hanging on the chair
    bx, byy = cx + 46, by - 72
    lay.circle(rgba((40, 20, 10), 80), (bx + 2, byy + 3), 22)
    for i in range(8):
        a0 = i * math.pi / 4
        seg = [(bx + math.cos(a0 + t * math.pi / 4 / 6) * 22, byy + math.sin(a0 + t * math.pi / 4 / 6) * 22) for t in range(7)] + \
              [(bx + math.cos(a0 + t * math.pi / 4 / 6) * 11, byy + math.sin(a0 + t * math.pi / 4 / 6) * 11) for t in range(6, -1, -1)]
        lay.poly(P.RED if i % 2 == 0 else (250, 246, 236), seg)
    lay.circle(shade(P.SEA, 1.0), (bx, byy), 10)
    # a whistle on its cord hanging from the seat
    lay.lines((250, 220, 80), A.quad((cx - 36, by - 120), (cx - 40, by - 96), (cx - 30, by - 90), 8), 1.4)
    lay.rect((250, 210, 60), cx - 34, by - 94, 14, 8, radius=3)
    return lay


def flip_flop(c: Canvas, x: float, y: float, s: float, ang: float, col) -> None:
    sole = [(x + s * 0.32 * math.cos(t) * (0.85 + 0.15 * math.sin(t)), y + s * math.sin(t) * 0.98 - s * 0.08 * math.cos(2 * t))
            for t in [i * math.pi / 16 for i in range(32)]]
    sole = A.rotate_pts(sole, x, y, math.radians(ang))
    c.poly(rgba((70, 40, 10), 100), [(px + 3, py + 5) for px, py in sole])
    c.poly(shade(col, 0.7), sole)
    c.poly(col, [(x + (px - x) * 0.9, y + (py - y) * 0.9 - 1.5) for px, py in sole])
    toe = A.rotate_pts([(x, y - s * 0.6)], x, y, math.radians(ang))[0]
    ends = A.rotate_pts([(x - s * 0.3, y - s * 0.1), (x + s * 0.3, y - s * 0.1)], x, y, math.radians(ang))
    for e in ends:
        c.lines((250, 246, 236), A.quad(toe, ((toe[0] + e[0]) / 2, (toe[1] + e[1]) / 2 - s * 0.08), e, 8), s * 0.09)
    c.circle((250, 220, 80), toe, s * 0.07)


def sp_slippers(c: Canvas, rng: Rng, x, y, w, h) -> Canvas:
    lay = window_scene(c, x, y, w, h, rng, 0.24, 0.38, (0.2, 0.1), 1)
    flip_flop(lay, x + w * 0.36, y + h * 0.64, 70, -12, (60, 170, 200))
    flip_flop(lay, x + w * 0.66, y + h * 0.6, 70, 14, (60, 170, 200))
    for i in range(4):  # footprints leading away
        fx, fy = x + w * (0.1 + 0.06 * (i % 2)), y + h * (0.95 - i * 0.12)
        lay.ellipse(rgba(shade(P.SAND_DARK, 0.7), 120), fx, fy, 8, 13)
    return lay


def sp_piggy_bank(c: Canvas, rng: Rng, x, y, w, h) -> Canvas:
    lay = window_scene(c, x, y, w, h, rng, 0.28, 0.42, (0.82, 0.12), 1)
    cx, cy = x + w * 0.5, y + h * 0.62
    lay.ellipse(rgba((80, 50, 10), 90), cx - 70, cy + 38, 140, 20)
    for lx in (-40, -16, 20, 42):
        lay.rect(shade(PINK, 0.8), cx + lx - 8, cy + 18, 16, 30, radius=6)
    body = lay.layer()
    body.ellipse((255, 255, 255), cx - 72, cy - 50, 144, 96)
    body.fill_gradient_mask(shade(PINK, 1.15), shade(PINK, 0.82), cy - 50, cy + 46)
    lay.paste(body)
    lay.ellipse(shade(PINK, 0.85), cx + 56, cy - 18, 30, 32)   # snout
    lay.ellipse(shade(PINK, 0.6), cx + 64, cy - 10, 6, 9)
    lay.ellipse(shade(PINK, 0.6), cx + 74, cy - 10, 6, 9)
    lay.poly(shade(PINK, 0.8), [(cx + 24, cy - 44), (cx + 36, cy - 70), (cx + 46, cy - 38)])   # ear
    lay.circle((40, 30, 30), (cx + 44, cy - 22), 4.5)
    lay.circle((255, 255, 255), (cx + 45, cy - 23.5), 1.5)
    lay.lines(shade(PINK, 0.7), A.quad((cx - 72, cy - 6), (cx - 90, cy - 20), (cx - 80, cy - 30), 8), 3)  # tail
    lay.rect((80, 50, 50), cx - 20, cy - 49, 36, 6, radius=3)   # coin slot
    lay.ellipse(rgba((255, 255, 255), 110), cx - 50, cy - 36, 50, 22)
    M.coin(lay, cx - 2, cy - 78, 13, 0.35)
    coin_face(lay, cx - 2, cy - 86, 13)
    for i in range(3):
        lay.line(rgba((255, 250, 220), 200), (cx - 24 + i * 22, cy - 110), (cx - 22 + i * 22, cy - 100), 2)
    return lay


def sp_parrot(c: Canvas, rng: Rng, x, y, w, h) -> Canvas:
    lay = window_scene(c, x, y, w, h, rng, 0.36, 0.5, (0.15, 0.14), 1)
    M.palm(lay, x + 20, y + h + 10, 210, 0.12)
    # a branch across the window
    lay.lines(P.WOOD_DARK, A.quad((x - 4, y + h * 0.78), (x + w * 0.5, y + h * 0.7), (x + w + 4, y + h * 0.8), 12), 9)
    lay.lines(P.WOOD, A.quad((x - 4, y + h * 0.77), (x + w * 0.5, y + h * 0.69), (x + w + 4, y + h * 0.79), 12), 5)
    px, py = x + w * 0.55, y + h * 0.44
    red, blue, yellow = (216, 48, 40), (40, 96, 200), (250, 206, 60)
    tail = [(px - 6, py + 40), (px + 14, py + 40), (px + 2, py + 112), (px - 12, py + 108)]
    lay.poly(blue, tail)
    lay.poly(yellow, [(px - 2, py + 40), (px + 8, py + 40), (px, py + 100)])
    body = A.bezier((px, py - 52), (px + 42, py - 40), (px + 36, py + 20), (px + 8, py + 48), 12) + \
        A.bezier((px + 8, py + 48), (px - 20, py + 50), (px - 32, py + 10), (px - 22, py - 30), 12)
    lay.poly(red, body)
    wing = A.bezier((px + 22, py - 14), (px + 38, py + 4), (px + 30, py + 40), (px + 10, py + 56), 10) + \
        A.bezier((px + 10, py + 56), (px + 6, py + 30), (px + 4, py), (px + 22, py - 14), 10)
    lay.poly(yellow, wing)
    lay.poly(blue, A.bezier((px + 14, py + 16), (px + 30, py + 26), (px + 26, py + 46), (px + 10, py + 56), 8) + [(px + 8, py + 30)])
    lay.circle(red, (px - 2, py - 50), 26)
    lay.ellipse((252, 250, 244), px - 22, py - 62, 22, 22)   # face patch
    lay.circle((30, 24, 24), (px - 12, py - 52), 5)
    lay.circle((255, 255, 255), (px - 13.5, py - 54), 1.8)
    beak = [(px - 26, py - 56), (px - 44, py - 48), (px - 40, py - 30), (px - 30, py - 36), (px - 22, py - 40)]
    lay.poly((60, 50, 50), beak)
    lay.poly((120, 110, 110), [(px - 26, py - 56), (px - 44, py - 48), (px - 34, py - 46)])
    for fx in (-4, 10):  # feet on the branch
        lay.line((90, 80, 80), (px + fx, py + 44), (px + fx, py + 58), 3)
    return lay


SPECIAL_DRAW: dict[str, Callable[..., Canvas]] = {
    "sandcastle": sp_sandcastle, "skeleton": sp_skeleton, "wave": sp_wave, "double-towel": sp_double_towel,
    "flag": sp_flag, "bucket": sp_bucket, "lifeguard": sp_lifeguard, "slippers": sp_slippers,
    "piggy-bank": sp_piggy_bank, "parrot": sp_parrot,
}


# =============================================================================================
# token, marker, table
# =============================================================================================
def umbrella_token() -> dict[str, pygame.Surface]:
    base, tint, top = Canvas(TOKEN, TOKEN, 4), Canvas(TOKEN, TOKEN, 4), Canvas(TOKEN, TOKEN, 4)
    base.ellipse(rgba((40, 24, 6), 110), 24, 100, 86, 22)   # shadow on the ground
    base.ellipse(rgba((40, 24, 6), 70), 16, 96, 104, 30)
    umbrella_layers(base, tint, top, 64, 48, 58, 40, 62, panels=8, shadow=False)
    top.ellipse(rgba(shade(P.SAND_DARK, 0.8), 255), 58, 106, 16, 7)   # the pole in the sand
    return {"umbrella_token.png": base.result(), "umbrella_token_tint.png": tint.result(), "umbrella_token_top.png": top.result()}


def eye_marker() -> pygame.Surface:
    c = Canvas(EYE, EYE, 4)
    cx = cy = EYE / 2
    c.circle(rgba((20, 10, 4), 120), (cx + 1, cy + 2), 30)
    c.circle(shade(P.GOLD, 0.55), (cx, cy), 30)
    c.circle(P.GOLD, (cx, cy - 0.6), 29)
    face = c.layer()
    face.circle((255, 255, 255), (cx, cy), 25)
    face.fill_gradient_mask((255, 252, 240), P.PARCHMENT, 6, 58)
    c.paste(face)
    top = A.quad((cx - 21, cy + 1), (cx, cy - 20), (cx + 21, cy + 1), 16)
    bot = A.quad((cx + 21, cy + 1), (cx, cy + 18), (cx - 21, cy + 1), 16)
    c.poly(P.INK, top + bot)
    c.poly((255, 255, 255), [(cx + (px - cx) * 0.9, cy + 1 + (py - cy - 1) * 0.86) for px, py in top + bot])
    iris = c.layer()
    iris.circle((255, 255, 255), (cx, cy + 1), 9)
    iris.fill_gradient_mask((80, 170, 200), (20, 80, 110), cy - 8, cy + 10)
    iris.circle((20, 16, 16), (cx, cy + 1), 4.4)
    iris.circle((255, 255, 255), (cx - 3, cy - 2.5), 2.2)
    clip = c.layer()
    clip.poly((255, 255, 255, 255), [(cx + (px - cx) * 0.9, cy + 1 + (py - cy - 1) * 0.86) for px, py in top + bot])
    iris.surf.blit(clip.surf, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    c.paste(iris)
    c.lines(P.INK, top, 2.4)
    for i in range(5):  # lashes
        t = 0.2 + i * 0.15
        px, py = top[int(t * (len(top) - 1))]
        c.line(P.INK, (px, py), (px + (px - cx) * 0.18, py - 5), 1.6)
    return c.result()


def beach_table() -> pygame.Surface:
    """The table: sea at the top, a foamy wet-sand edge, light dry sand in the middle."""
    tw, th = TABLE
    rng = Rng(901)
    out = pygame.Surface((tw, th))
    out.fill(mix(P.SAND, (255, 250, 236), 0.42))
    grain = A.tile(_tex["sand"], (tw, th))
    grain.set_alpha(80)   # keep the grains, soften the texture's blotches (and its repeat)
    out.blit(grain, (0, 0))
    big = A.stretch_contrast(A.periodic_noise(160, 90, 3, rng, 3, 0.5))
    broad = pygame.transform.smoothscale(A.gray_surface(big, 160, 90, (226, 218, 208), (255, 255, 255)), (tw, th))
    out.blit(broad, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    # wet sand: a darker band below the water line fading into the dry sand
    sea_h = 84
    wet = A.vgradient((tw, 150), [(0.0, (168, 156, 146)), (0.35, (206, 196, 186)), (1.0, (255, 255, 255))])
    out.blit(wet, (0, sea_h - 8), special_flags=pygame.BLEND_RGB_MULT)
    c = Canvas(tw, sea_h + 40, 2)
    M.sea(c, 0, sea_h + 16, rng, waves=110)
    shore = [(x, sea_h + 6 * math.sin(x / 90) + 3 * math.sin(x / 23 + 1)) for x in range(0, tw + 16, 16)]
    cut = c.layer()
    cut.poly((255, 255, 255, 255), [(0, 0)] + shore + [(tw, 0)])
    c.surf.blit(cut.surf, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    c.poly(rgba(mix(P.SEA_LIGHT, P.FOAM, 0.4), 110), [(x, y + 6) for x, y in shore] + [(tw, 0), (0, 0)])
    foam = c.layer()
    foam.lines(P.FOAM, shore, 3.2)
    foam.lines((255, 255, 255), [(x, y - 1) for x, y in shore], 1.2)
    for i in range(60):  # bubbles along the foam line
        x = rng.random() * tw
        yy = sea_h + 6 * math.sin(x / 90) + 3 * math.sin(x / 23 + 1) + (rng.random() - 0.3) * 6
        foam.circle(rgba((255, 255, 255), 200), (x, yy), 0.8 + rng.random() * 1.6)
    c.paste(foam)
    out.blit(c.result(), (0, 0))
    # a gentle darker rim towards the table edges
    vig = pygame.Surface((tw // 8, th // 8), pygame.SRCALPHA)
    vig.fill((90, 56, 20, 60))
    pygame.draw.ellipse(vig, (0, 0, 0, 0), pygame.Rect(-tw // 40, -th // 16, tw // 8 + tw // 20, th // 8 + th // 16 - 6))
    out.blit(A.blur(pygame.transform.smoothscale(vig, (tw, th)), 80), (0, 0))
    # shells, starfish and pebbles, sparse and near the edges
    deco = Canvas(tw, th, 2)
    for i in range(26):
        x = rng.random() * tw
        y = sea_h + 40 + rng.random() * (th - sea_h - 60)
        if 260 < x < tw - 260 and 200 < y < th - 120:
            continue
        kind = rng.below(3)
        if kind == 0:
            deco.poly(rgba((226, 120, 90), 230), A.star_points(x, y, 7, 3, 5, rng.random()))
        elif kind == 1:
            deco.ellipse(rgba((244, 230, 214), 240), x - 4, y - 3, 8, 6)
            for k in range(3):
                deco.line(rgba((200, 170, 140), 230), (x, y + 3), (x - 3 + k * 3, y - 2.5), 0.5)
        else:
            deco.ellipse(rgba((150, 140, 130), 200), x - 3, y - 2, 6, 4)
    out.blit(deco.result(), (0, 0))
    return out


# =============================================================================================
# entry point
# =============================================================================================
def build_all(textures: dict[str, pygame.Surface]) -> dict[str, pygame.Surface]:
    """Every Playa Pirata image by its path under assets/images/ (``textures``: make_art's tiles)."""
    _tex.clear()
    _tex.update(textures)
    out: dict[str, pygame.Surface] = {}
    for v in TREASURE_VALUES:
        out[f"treasure_{v}.png"] = treasure_number(v)
    out["treasure_skull.png"] = treasure_skull()
    out["treasure_towel.png"] = treasure_towel()
    out["treasure_back.png"] = treasure_back()
    for kind in PIRATES:
        out.update(pirate_card(kind))
    for v in (1, 2, 3):
        out.update(towel_card(v))
    for name in SPECIALS:
        out[f"special_{name}.png"] = special_card(name)
    out.update(umbrella_token())
    out["eye.png"] = eye_marker()
    out["beach_table.png"] = beach_table()
    return {PREFIX + k: v for k, v in out.items()}


def contract() -> dict[str, tuple[int, int]]:
    """The files build_all draws, with their sizes."""
    c = {f"treasure_{v}.png": (W, H) for v in TREASURE_VALUES}
    c.update({"treasure_skull.png": (W, H), "treasure_towel.png": (W, H), "treasure_back.png": (W, H)})
    for kind in PIRATES:
        c.update({f"pirate_{kind}{s}.png": (W, H) for s in ("", "_tint", "_top")})
    for v in (1, 2, 3):
        c.update({f"towel_{v}{s}.png": (W, H) for s in ("", "_tint", "_top")})
    c.update({f"special_{n}.png": (W, H) for n in SPECIALS})
    c.update({f"umbrella_token{s}.png": (TOKEN, TOKEN) for s in ("", "_tint", "_top")})
    c.update({"eye.png": (EYE, EYE), "beach_table.png": TABLE})
    return {PREFIX + k: v for k, v in c.items()}
