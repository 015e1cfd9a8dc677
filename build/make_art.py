#!/usr/bin/env python
"""Draw every image of the asset contract (assets/images/...) with pygame-ce.

Usage: ``python build/make_art.py [--out DIR] [--sheet PNG]``. Deterministic: the same pixels on every
run (noise comes from game.core.rng.Rng, smoothscale uses its portable backend). Runs headless.
"""
from __future__ import annotations

import argparse
import math
import time
from pathlib import Path
from typing import Callable

import art_lib as A  # first: the repository on sys.path, SDL headless
import pygame
from art_lib import ROOT, Canvas, font, mix, rgba, shade  # font: also the game art modules' M.font
from game.core.rng import Rng
from game.ui import palette as P

GAME_IDS = ("playa-pirata", "planks", "island-race", "pirateer", "spanish-main")
SYMBOLS = tuple(sym for _, _, sym in P.SEAT_COLOURS)
SEAT_RGB = tuple(rgb for _, rgb, _ in P.SEAT_COLOURS)

NAVY = (24, 40, 70)
NAVY_DARK = (14, 24, 46)
FELT = (38, 98, 66)
SKIN = (236, 190, 146)
IVORY = (252, 246, 230)
IVORY_DARK = (214, 198, 166)
SAIL = (246, 236, 210)
SAIL_SHADE = (206, 190, 158)
LEAF = (62, 132, 66)
LEAF_DARK = (36, 90, 48)
TRUNK = (132, 94, 58)
SKY_TOP = (92, 162, 210)
SKY_LOW = (250, 214, 160)


# =============================================================================================
# textures (256x256, seamless)
# =============================================================================================
T = 256
T_SIZE = T


def tex_sea() -> pygame.Surface:
    rng = Rng(101)
    vals = A.stretch_contrast(A.periodic_noise(T, T, 4, rng, 5, 0.55))
    base = A.ramp_surface(vals, T, T, [(0.0, P.SEA_DEEP), (0.55, P.SEA), (1.0, mix(P.SEA, P.SEA_LIGHT, 0.55))])
    c = Canvas(T, T, 2)

    def wave(x: float, y: float, w: float, a: int) -> None:
        c.lines(rgba(P.FOAM, a), A.quad((x - w, y + w * 0.22), (x, y - w * 0.28), (x + w, y + w * 0.22), 8), 1.6)

    for _ in range(26):
        x, y = rng.random() * T, rng.random() * T
        w = 5 + rng.random() * 7
        a = 60 + rng.below(70)
        A.scatter_wrapped(lambda xx, yy: wave(xx, yy, w, a), x, y, T, T)
    base.blit(c.result(), (0, 0))
    return base


def tex_sand() -> pygame.Surface:
    rng = Rng(102)
    vals = A.stretch_contrast(A.periodic_noise(T, T, 3, rng, 5, 0.6))
    base = A.ramp_surface(vals, T, T, [(0.0, P.SAND_DARK), (0.45, mix(P.SAND_DARK, P.SAND, 0.7)), (1.0, shade(P.SAND, 1.08))])
    c = Canvas(T, T, 2)
    for _ in range(900):
        x, y = rng.random() * T, rng.random() * T
        r = 0.35 + rng.random() * 0.6
        col = rgba(shade(P.SAND_DARK, 0.75), 150) if rng.below(3) else rgba((255, 248, 228), 170)
        A.scatter_wrapped(lambda xx, yy: c.circle(col, (xx, yy), r), x, y, T, T)
    for _ in range(14):  # a few tiny shells and pebbles
        x, y = rng.random() * T, rng.random() * T
        col = rgba(mix((240, 226, 210), (210, 160, 130), rng.random()), 220)
        A.scatter_wrapped(lambda xx, yy: c.ellipse(col, xx, yy, 2.6, 1.8), x, y, T, T)
    base.blit(c.result(), (0, 0))
    return base


def tex_wood() -> pygame.Surface:
    rng = Rng(103)
    raw = A.periodic_noise(T, T, 16, rng, 4, 0.55, stretch=(16, 1))
    warp = A.periodic_noise(T, T, 2, rng, 2, 0.5)
    vals = [0.5 + 0.5 * math.sin(v * 38 + 6 * w) for v, w in zip(raw, warp)]
    base = A.ramp_surface(vals, T, T, [(0.0, shade(P.WOOD, 0.78)), (0.6, P.WOOD), (1.0, mix(P.WOOD, P.WOOD_LIGHT, 0.6))])
    c = Canvas(T, T, 2)
    plank_h = T // 4
    for i in range(4):
        y = i * plank_h
        tint = (0.9, 1.06, 0.96, 1.02)[i]
        strip = pygame.Surface((T, plank_h))
        strip.fill((int(255 * min(1, tint)),) * 3)
        if tint < 1:
            base.blit(strip, (0, y), special_flags=pygame.BLEND_RGB_MULT)
        else:
            add = int(255 * (tint - 1))
            strip.fill((add, add, add))
            base.blit(strip, (0, y), special_flags=pygame.BLEND_RGB_ADD)
        c.rect(rgba(P.WOOD_DARK, 230), 0, y, T, 1.4)
        c.rect(rgba(P.WOOD_LIGHT, 90), 0, y + 1.4, T, 1.0)
        jx = (37 + i * 97) % T
        for dx in (-T, 0, T):
            c.rect(rgba(P.WOOD_DARK, 210), jx + dx, y, 1.4, plank_h)
            c.rect(rgba(P.WOOD_LIGHT, 70), jx + dx + 1.4, y, 1.0, plank_h)
            for nx in (jx - 5, jx + 6):
                for ny in (y + 10, y + plank_h - 10):
                    c.circle(rgba(P.WOOD_DARK, 220), (nx + dx, ny), 1.8)
                    c.circle(rgba((150, 130, 110), 200), (nx + dx - 0.4, ny - 0.4), 1.0)
    base.blit(c.result(), (0, 0))
    return base


def tex_parchment() -> pygame.Surface:
    rng = Rng(104)
    blot = A.stretch_contrast(A.periodic_noise(T, T, 3, rng, 5, 0.62))
    fibre = A.periodic_noise(T, T, 32, rng, 2, 0.5, stretch=(8, 1))
    vals = [0.75 * b + 0.25 * f for b, f in zip(blot, fibre)]
    return A.ramp_surface(A.stretch_contrast(vals, 0.005, 0.995), T, T,
                          [(0.0, mix(P.PARCHMENT_DARK, P.PARCHMENT, 0.35)), (0.5, mix(P.PARCHMENT_DARK, P.PARCHMENT, 0.8)),
                           (1.0, shade(P.PARCHMENT, 1.03))])


def tex_felt() -> pygame.Surface:
    rng = Rng(105)
    coarse = A.periodic_noise(T, T, 4, rng, 3, 0.5)
    fine = [rng.random() for _ in range(T * T)]
    vals = [0.55 * a + 0.45 * b for a, b in zip(coarse, fine)]
    return A.ramp_surface(A.stretch_contrast(vals), T, T, [(0.0, shade(FELT, 0.82)), (1.0, shade(FELT, 1.1))])


# =============================================================================================
# shared motifs (drawn on a Canvas in target pixels)
# =============================================================================================
def grad_rect(c: Canvas, x: float, y: float, w: float, h: float, stops: list) -> None:
    g = A.vgradient((int(w * c.k), int(h * c.k)), stops)
    c.surf.blit(g, c.p((x, y)))


def sky(c: Canvas, y0: float, y1: float, top=SKY_TOP, low=SKY_LOW) -> None:
    grad_rect(c, 0, y0, c.w, y1 - y0, [(0.0, top), (0.65, mix(top, low, 0.55)), (1.0, low)])


def sun(c: Canvas, x: float, y: float, r: float) -> None:
    glow = c.layer()
    glow.circle((255, 236, 170, 255), (x, y), r * 2.6)
    g = A.blur(glow.surf, int(r * c.k * 0.9))
    c.paste(g, 150)
    c.circle((255, 246, 214), (x, y), r)


def cloud(c: Canvas, x: float, y: float, s: float, alpha: int = 220) -> None:
    lay = c.layer()
    puffs = [(-1.0, 0.1, 0.55), (-0.45, -0.25, 0.7), (0.2, -0.35, 0.8), (0.8, -0.05, 0.6), (1.25, 0.15, 0.45)]
    for dx, dy, r in puffs:
        lay.circle((226, 222, 226, 255), (x + dx * s, y + dy * s + 0.18 * s), r * s)
    for dx, dy, r in puffs:
        lay.circle((255, 252, 246, 255), (x + dx * s, y + dy * s), r * s * 0.92)
    lay.rect((255, 255, 255, 0), x - 2 * s, y + 0.5 * s, 4 * s, 2 * s)
    c.paste(lay, alpha)


def sea(c: Canvas, y0: float, y1: float, rng: Rng, x0: float = 0, x1: float | None = None, waves: int = 40) -> None:
    x1 = c.w if x1 is None else x1
    grad_rect(c, x0, y0, x1 - x0, y1 - y0,
              [(0.0, mix(P.SEA_LIGHT, SKY_LOW, 0.25)), (0.12, P.SEA_LIGHT), (0.5, P.SEA), (1.0, P.SEA_DEEP)])
    lay = c.layer()
    for i in range(waves):
        t = (i + rng.random()) / waves
        y = y0 + 3 + (y1 - y0 - 3) * t * t
        x = x0 + rng.random() * (x1 - x0)
        w = 3 + 14 * t
        lay.lines(rgba(P.FOAM, 255), A.quad((x - w, y + w * 0.18), (x, y - w * 0.25), (x + w, y + w * 0.18), 8),
                  0.7 + 1.0 * t)
    c.paste(lay, 120)
    c.rect(rgba((255, 250, 230), 140), x0, y0, x1 - x0, 1.2)  # bright horizon line


def palm(c: Canvas, x: float, y: float, h: float, lean: float = 0.3, flip: int = 1) -> None:
    top = (x + lean * h * flip, y - h)
    mid = (x + lean * h * 0.1 * flip, y - h * 0.55)
    pts = A.quad((x, y), mid, top, 14)
    for i in range(len(pts) - 1):
        wdt = h * (0.075 - 0.035 * i / len(pts))
        c.line(TRUNK, pts[i], pts[i + 1], wdt)
        c.line(shade(TRUNK, 0.7), (pts[i][0] - wdt * 0.45, pts[i][1]), (pts[i][0] + wdt * 0.45, pts[i][1] + wdt * 0.2), max(0.6, wdt * 0.18))
    tx, ty = top
    for ang, ln, droop in ((-2.9, 0.55, 0.3), (-2.3, 0.5, 0.2), (-1.7, 0.38, 0.05), (-1.15, 0.48, 0.2),
                           (-0.45, 0.55, 0.32), (0.15, 0.45, 0.4), (2.7, 0.42, 0.42)):
        a = ang if flip > 0 else math.pi - ang
        L = ln * h
        end = (tx + math.cos(a) * L, ty + math.sin(a) * L + droop * L)
        ctrl = (tx + math.cos(a) * L * 0.55, ty + math.sin(a) * L * 0.55 - 0.25 * L)
        spine = A.quad((tx, ty), ctrl, end, 12)
        left, right = [], []
        for j, (px, py) in enumerate(spine):
            wdt = 0.09 * L * math.sin(math.pi * j / (len(spine) - 1)) + 0.5
            nx, ny = -math.sin(a), math.cos(a)
            left.append((px + nx * wdt, py + ny * wdt - wdt * 0.3))
            right.append((px - nx * wdt * 0.6, py - ny * wdt * 0.6 + wdt * 0.6))
        c.poly(LEAF_DARK, left + right[::-1])
        c.poly(LEAF, left + spine[::-1])
        c.lines(shade(LEAF_DARK, 0.8), spine, max(0.6, h * 0.012))
    for dx, dy in ((-0.03, 0.04), (0.035, 0.05), (0.0, 0.07)):
        c.circle((96, 62, 36), (tx + dx * h, ty + dy * h), h * 0.035)


def island(c: Canvas, cx: float, base: float, w: float, h: float, palms: tuple = ((0.0, 1.0, 0.25),)) -> None:
    lay = c.layer()
    lay.ellipse(rgba(P.FOAM, 200), cx - w * 0.56, base - h * 0.35, w * 1.12, h * 0.9)
    lay.ellipse(P.SAND_DARK, cx - w / 2, base - h, w, h * 1.6)
    lay.ellipse(P.SAND, cx - w * 0.46, base - h * 1.05, w * 0.9, h * 1.4)
    lay.ellipse(shade(P.SAND, 1.06), cx - w * 0.3, base - h * 0.98, w * 0.5, h * 0.5)
    lay.rect((0, 0, 0, 0), cx - w, base + 0.15 * h, 2 * w, 3 * h)  # cut at the waterline
    c.paste(lay)
    c.ellipse(rgba(P.FOAM, 230), cx - w * 0.55, base + 0.15 * h - 1.3, w * 1.1, 2.6)
    for dx, sc, lean in palms:
        palm(c, cx + dx * w, base - h * 0.75, h * 2.2 * sc, lean, 1 if lean >= 0 else -1)


def jolly_roger(c: Canvas, x: float, y: float, w: float, h: float, wave: float = 0.12) -> None:
    """A black flag whose hoist is at (x, y), flying to the right."""
    top = A.bezier((x, y), (x + w * 0.33, y - h * wave), (x + w * 0.66, y + h * wave), (x + w, y), 10)
    bot = A.bezier((x + w, y + h), (x + w * 0.66, y + h + h * wave), (x + w * 0.33, y + h - h * wave), (x, y + h), 10)
    c.poly((26, 24, 28), top + bot)
    skull(c, x + w * 0.5, y + h * 0.42, h * 0.24, (240, 236, 224), (26, 24, 28), bones=True)


def skull(c: Canvas, cx: float, cy: float, r: float, col, hole, bones: bool = False) -> None:
    if bones:
        for ang in (0.65, -0.65):
            dx, dy = math.cos(ang) * r * 1.55, math.sin(ang) * r * 1.55
            a, b = (cx - dx, cy + r * 0.35 - dy), (cx + dx, cy + r * 0.35 + dy)
            c.line(col, a, b, r * 0.34)
            for (ex, ey), sgn in ((a, -1), (b, 1)):
                px, py = -math.sin(ang) * r * 0.2, math.cos(ang) * r * 0.2
                c.circle(col, (ex + px, ey + py), r * 0.22)
                c.circle(col, (ex - px, ey - py), r * 0.22)
    c.circle(col, (cx, cy - r * 0.12), r)
    c.rect(col, cx - r * 0.55, cy + r * 0.35, r * 1.1, r * 0.62, radius=r * 0.2)
    c.ellipse(hole, cx - r * 0.62, cy - r * 0.22, r * 0.5, r * 0.52)
    c.ellipse(hole, cx + r * 0.12, cy - r * 0.22, r * 0.5, r * 0.52)
    c.poly(hole, [(cx, cy + r * 0.3), (cx - r * 0.14, cy + r * 0.55), (cx + r * 0.14, cy + r * 0.55)])
    for i in (-1, 0, 1):
        c.line(hole, (cx + i * r * 0.24, cy + r * 0.72), (cx + i * r * 0.24, cy + r * 0.95), max(0.5, r * 0.09))


def ship(c: Canvas, x: float, y: float, s: float, d: int = 1, hull=P.WOOD, sail=SAIL, flag: bool = True,
         masts: int = 3, sails: bool = True, trim=P.GOLD) -> None:
    """A galleon in side view; (x, y) is the middle of the waterline, s the half length, d = +1 bow right."""
    def T(px: float, py: float) -> tuple[float, float]:
        return (x + px * s * d, y + py * s)

    if sails:
        mast_x = {3: (-0.45, 0.05, 0.5), 2: (-0.3, 0.3), 1: (0.0,)}[masts]
        heights = {3: (1.0, 1.35, 1.05), 2: (1.15, 1.3), 1: (1.3,)}[masts]
        for mx, mh in zip(mast_x, heights):
            c.line(shade(P.WOOD_DARK, 0.9), T(mx, -0.1), T(mx, -0.2 - mh), s * 0.035)
        c.line(shade(P.WOOD_DARK, 0.9), T(0.72, -0.22), T(1.18, -0.55), s * 0.03)  # bowsprit
        c.poly(shade(sail, 0.95), [T(0.62 if masts > 1 else 0.1, -1.05), T(1.12, -0.53), T(0.66 if masts > 1 else 0.12, -0.42)])
        for mx, mh in zip(mast_x, heights):
            for lvl, (sy0, sy1, sw) in enumerate(((-0.42, -0.2 - mh * 0.5, 0.26), (-0.2 - mh * 0.5 - 0.06, -0.2 - mh * 0.9, 0.2))):
                bulge = 0.1 * d
                tl, tr = T(mx - sw, sy1), T(mx + sw, sy1)
                bl, br = T(mx - sw * 1.05, sy0), T(mx + sw * 1.05, sy0)
                left = A.quad(tl, (tl[0] + bulge * s, (tl[1] + bl[1]) / 2), bl, 8)
                right = A.quad(br, (br[0] + bulge * s, (br[1] + tr[1]) / 2), tr, 8)
                bottom = A.quad(bl, ((bl[0] + br[0]) / 2 + bulge * s * 0.3, bl[1] + 0.08 * s), br, 8)
                c.poly(sail, left + bottom + right)
                shadow_side = A.quad(br, (br[0] + bulge * s, (br[1] + tr[1]) / 2), tr, 8)
                mid_top = ((tl[0] + tr[0]) / 2 + 0.04 * s * d, tl[1])
                mid_bot = ((bl[0] + br[0]) / 2 + 0.08 * s * d, bl[1] + 0.07 * s)
                c.poly(shade(sail, 0.86), [mid_top] + [mid_bot] + shadow_side)
                c.line(shade(P.WOOD_DARK, 0.8), T(mx - sw * 1.15, sy1), T(mx + sw * 1.15, sy1), s * 0.022)
        if flag:
            mx, mh = max(zip(heights, mast_x))[1], max(heights)
            fx, fy = T(mx, -0.2 - mh)
            jolly_roger(c, fx if d > 0 else fx - s * 0.34, fy, s * 0.34, s * 0.22)
    hull_pts = hull_profile(T)
    c.poly(shade(hull, 0.7), hull_pts)
    inner = [(px, py) for px, py in hull_pts]
    c.poly(hull, [(px, py - 0.02 * s) for px, py in inner[:-1]] + [T(-0.98, -0.42)])
    for i, yy in enumerate((-0.12, -0.02, 0.06)):  # planks
        c.lines(shade(hull, 0.8), A.quad(T(-0.96, yy), T(0.1, yy + 0.05), T(0.84, yy - 0.04), 10), s * 0.012)
    c.lines(trim, A.quad(T(-0.98, -0.2), T(0.0, -0.14), T(0.9, -0.26), 12), s * 0.03)
    for i in range(6):
        gx = -0.7 + i * 0.26
        gp = T(gx, -0.08)
        c.rect((30, 20, 14), gp[0] - s * 0.035, gp[1] - s * 0.03, s * 0.07, s * 0.06, radius=s * 0.01)
    c.line(shade(hull, 0.55), T(-1.02, -0.42), T(-0.62, -0.42), s * 0.03)  # stern rail


def hull_profile(T: Callable[[float, float], tuple[float, float]]) -> list[tuple[float, float]]:
    """Outline of a galleon hull in unit coordinates mapped through T (stern at -1, bow at +1)."""
    return [T(-1.0, -0.42), T(-0.98, -0.25), T(-0.62, -0.22), T(0.5, -0.2), T(0.78, -0.3), T(0.95, -0.32)] + \
        A.bezier(T(0.95, -0.32), T(0.85, 0.0), T(0.65, 0.14), T(0.35, 0.16), 8) + \
        A.bezier(T(0.35, 0.16), T(-0.2, 0.18), T(-0.75, 0.14), T(-0.92, 0.02), 8) + [T(-1.02, -0.42)]


def coin(c: Canvas, x: float, y: float, r: float, squash: float = 1.0) -> None:
    c.ellipse(shade(P.GOLD, 0.62), x - r, y - r * squash + r * 0.12, 2 * r, 2 * r * squash)
    c.ellipse(P.GOLD, x - r, y - r * squash, 2 * r, 2 * r * squash)
    c.ellipse(P.GOLD_LIGHT, x - r * 0.7, y - r * squash * 0.7, r * 1.4, r * 1.4 * squash, width=max(0.4, r * 0.12))
    c.ellipse((255, 246, 200), x - r * 0.45, y - r * squash * 0.6, r * 0.35, r * 0.3 * squash)


def chest(c: Canvas, x: float, y: float, s: float) -> None:
    """Open treasure chest, (x, y) = bottom centre, s = width."""
    w, h = s, s * 0.55
    bx, by = x - w / 2, y - h
    c.ellipse(rgba((0, 0, 0), 70), bx - w * 0.05, y - h * 0.1, w * 1.1, h * 0.3)
    # lid (open, tilted back)
    c.poly(shade(P.WOOD, 0.75), [(bx, by), (bx + w, by), (bx + w * 0.96, by - h * 0.75), (bx + w * 0.04, by - h * 0.75)])
    c.poly(shade(P.WOOD_DARK, 0.8), [(bx + w * 0.06, by), (bx + w * 0.94, by), (bx + w * 0.9, by - h * 0.6), (bx + w * 0.1, by - h * 0.6)])
    # treasure heap
    for i in range(14):
        ang = i * 2.4
        cx = x + math.cos(ang) * w * 0.3 * ((i % 5) / 5)
        cy = by - h * 0.08 - (i % 4) * h * 0.06
        coin(c, cx, cy, w * 0.07, 0.55)
    c.poly((200, 40, 60), A.star_points(x + w * 0.18, by - h * 0.22, w * 0.06, w * 0.035, 4))
    c.poly((60, 160, 210), A.star_points(x - w * 0.2, by - h * 0.18, w * 0.05, w * 0.03, 4))
    # body
    c.rect(P.WOOD, bx, by, w, h, radius=w * 0.04)
    c.rect(shade(P.WOOD, 1.12), bx + w * 0.04, by + h * 0.1, w * 0.92, h * 0.15)
    c.rect(shade(P.WOOD, 0.82), bx + w * 0.04, by + h * 0.55, w * 0.92, h * 0.12)
    for fx in (0.08, 0.86):
        c.rect(P.GOLD, bx + w * fx, by, w * 0.06, h, radius=1)
        c.rect(shade(P.GOLD, 0.7), bx + w * (fx + 0.045), by, w * 0.015, h)
    c.rect(P.GOLD, bx, by, w, h * 0.09)
    c.rect(P.GOLD, x - w * 0.08, by + h * 0.1, w * 0.16, h * 0.28, radius=2)
    c.circle(P.WOOD_DARK, (x, by + h * 0.22), w * 0.025)
    c.rect(P.WOOD_DARK, bx, by, w, h, radius=w * 0.04, width=max(0.6, w * 0.015))


def pawn(c: Canvas, x: float, y: float, s: float, col) -> None:
    """A pirate pawn (board-game piece with a tricorn hat); (x, y) = foot centre, s = height."""
    dark = shade(col, 0.62)
    c.ellipse(rgba((0, 0, 0), 80), x - s * 0.34, y - s * 0.08, s * 0.68, s * 0.16)
    c.ellipse(dark, x - s * 0.3, y - s * 0.12, s * 0.6, s * 0.16)
    c.ellipse(col, x - s * 0.3, y - s * 0.16, s * 0.6, s * 0.14)
    body = [(x - s * 0.24, y - s * 0.1), (x - s * 0.13, y - s * 0.6), (x + s * 0.13, y - s * 0.6), (x + s * 0.24, y - s * 0.1)]
    c.poly(col, body)
    c.poly(dark, [(x + s * 0.04, y - s * 0.6), (x + s * 0.13, y - s * 0.6), (x + s * 0.24, y - s * 0.1), (x + s * 0.08, y - s * 0.1)])
    c.circle(col, (x, y - s * 0.72), s * 0.16)
    c.circle(shade(col, 1.25), (x - s * 0.05, y - s * 0.77), s * 0.05)
    # tricorn hat
    c.poly((34, 28, 30), [(x - s * 0.25, y - s * 0.8), (x, y - s * 0.98), (x + s * 0.25, y - s * 0.8), (x, y - s * 0.86)])
    c.ellipse((34, 28, 30), x - s * 0.13, y - s * 1.0, s * 0.26, s * 0.18)
    c.line(P.GOLD, (x - s * 0.2, y - s * 0.82), (x + s * 0.2, y - s * 0.82), max(0.5, s * 0.025))


def xmark(c: Canvas, x: float, y: float, r: float, col=P.RED) -> None:
    for a0 in (math.pi / 4, 3 * math.pi / 4):
        dx, dy = math.cos(a0) * r, math.sin(a0) * r
        nx, ny = -dy / r, dx / r
        w0, w1 = r * 0.22, r * 0.1
        pts = [(x - dx + nx * w1, y - dy + ny * w1), (x + nx * w0, y + ny * w0), (x + dx + nx * w1 * 0.5, y + dy + ny * w1 * 0.5),
               (x + dx - nx * w1 * 0.5, y + dy - ny * w1 * 0.5), (x - nx * w0, y - ny * w0), (x - dx - nx * w1, y - dy - ny * w1)]
        c.poly(col, pts)


def dotted_route(c: Canvas, pts: list, col, r: float, gap: float) -> None:
    acc = 0.0
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        d = math.hypot(x1 - x0, y1 - y0)
        t = acc
        while t < d:
            c.circle(col, (x0 + (x1 - x0) * t / d, y0 + (y1 - y0) * t / d), r)
            t += gap
        acc = t - d


def soft_shadow(c: Canvas, draw: Callable[[Canvas], None], off: tuple[float, float] = (3, 4), alpha: int = 110, radius: float = 3) -> None:
    lay = c.layer()
    draw(lay)
    sh = A.shadow_of(lay.surf, (20, 12, 6), alpha, max(1, int(radius * c.k)))
    pad = max(1, int(radius * c.k)) * 3
    c.surf.blit(sh, (int(off[0] * c.k) - pad, int(off[1] * c.k) - pad))


def vignette(c: Canvas, strength: int = 90) -> None:
    lay = c.layer()
    lay.surf.fill((30, 16, 8, strength))
    lay.ellipse((0, 0, 0, 0), -c.w * 0.12, -c.h * 0.15, c.w * 1.24, c.h * 1.3)
    g = A.blur(lay.surf, int(c.k * min(c.w, c.h) * 0.12))
    c.surf.blit(g, (0, 0))


def round_corners(img: pygame.Surface, r: int) -> pygame.Surface:
    k = 4
    m = pygame.Surface((img.get_width() * k, img.get_height() * k), pygame.SRCALPHA)
    pygame.draw.rect(m, (255, 255, 255, 255), m.get_rect(), border_radius=r * k)
    m = pygame.transform.smoothscale(m, img.get_size())
    out = img.copy()
    out.blit(m, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


# =============================================================================================
# dice, cards, symbols (also reused inside the illustrations)
# =============================================================================================
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die_canvas(size: int, value: int, k: int = 4) -> Canvas:
    c = Canvas(size, size, k)
    s = size / 64
    c.rect(rgba((40, 24, 10), 90), 8 * s, 10 * s, 52 * s, 52 * s, radius=12 * s)  # contact shadow
    c.rect(IVORY_DARK, 6 * s, 7 * s, 52 * s, 53 * s, radius=11 * s)               # visible sides (3/4)
    c.rect(shade(IVORY_DARK, 0.86), 9 * s, 52 * s, 48 * s, 7 * s, radius=6 * s)
    face = c.layer()
    face.rect((255, 255, 255), 5 * s, 4 * s, 50 * s, 49 * s, radius=10 * s)
    face.fill_gradient_mask(IVORY, mix(IVORY, IVORY_DARK, 0.55))
    c.paste(face)
    c.rect(rgba((255, 255, 255), 200), 9 * s, 6 * s, 38 * s, 2.2 * s, radius=1.1 * s)  # top-edge gloss
    cx, cy, d = 30 * s, 28.5 * s, 12.5 * s
    for px, py in PIPS[value]:
        r = 5.6 * s if value != 1 else 7.5 * s
        col = P.RED if value == 1 else (40, 30, 28)
        c.circle(shade(col, 1.35), (cx + px * d + 0.5 * s, cy + py * d + 0.8 * s), r)
        c.circle(col, (cx + px * d, cy + py * d), r)
        c.circle(shade(col, 0.6), (cx + px * d + 0.6 * s, cy + py * d + 0.6 * s), r * 0.72)
    return c


def die_image(value: int) -> pygame.Surface:
    return die_canvas(64, value).result()


def die_blur(frame: int) -> pygame.Surface:
    """Tumbling die: a few rotated copies smeared along the throw direction."""
    values = ((3, 5, 2), (6, 1, 4), (2, 4, 5))[frame - 1]
    angle = (22, -38, 61)[frame - 1]
    out = pygame.Surface((64, 64), pygame.SRCALPHA)
    big = pygame.Surface((256, 256), pygame.SRCALPHA)
    n = 7
    for i in range(n):
        t = i / (n - 1)
        d = die_canvas(48, values[min(2, int(t * 3))], 4).surf  # 192 px
        d = pygame.transform.rotozoom(d, angle + t * 40, 1.0)
        d.fill((255, 255, 255, int(60 + 120 * t)), special_flags=pygame.BLEND_RGBA_MULT)
        r = d.get_rect(center=(128 - 36 + 72 * t, 128 + 18 - 36 * t))
        big.blit(d, r)
    out.blit(pygame.transform.smoothscale(big, (64, 64)), (0, 0))
    return out


def card_frame_canvas(w: int, h: int, k: int = 4) -> Canvas:
    c = Canvas(w, h, k)
    s = w / 120
    c.rect(shade(P.WOOD_DARK, 1.0), 0, 0, w, h, radius=10 * s)
    face = c.layer()
    face.rect((255, 255, 255), 1.2 * s, 1.2 * s, w - 2.4 * s, h - 2.4 * s, radius=9 * s)
    face.fill_gradient_mask(shade(IVORY, 1.0), mix(IVORY, P.PARCHMENT, 0.8))
    c.paste(face)
    c.rect(P.GOLD, 6 * s, 6 * s, w - 12 * s, h - 12 * s, radius=6 * s, width=1.6 * s)
    c.rect(shade(P.GOLD, 0.7), 9 * s, 9 * s, w - 18 * s, h - 18 * s, radius=4 * s, width=0.6 * s)
    for cx, cy in ((6, 6), (w / s - 6, 6), (6, h / s - 6), (w / s - 6, h / s - 6)):
        c.poly(P.GOLD, A.star_points(cx * s, cy * s, 5 * s, 1.8 * s, 4, 0))
        c.circle(shade(P.GOLD, 0.6), (cx * s, cy * s), 1.2 * s)
    for cx in (w / 2,):
        for cy in (6 * s, h - 6 * s):
            c.poly(P.GOLD, [(cx - 9 * s, cy), (cx, cy - 3 * s), (cx + 9 * s, cy), (cx, cy + 3 * s)])
            c.circle(P.RED, (cx, cy), 1.4 * s)
    return c


def card_back_canvas(w: int, h: int, k: int = 4) -> Canvas:
    c = Canvas(w, h, k)
    s = w / 120
    c.rect(P.WOOD_DARK, 0, 0, w, h, radius=10 * s)
    c.rect(IVORY, 1.2 * s, 1.2 * s, w - 2.4 * s, h - 2.4 * s, radius=9 * s)
    inner = c.layer()
    inner.rect((255, 255, 255), 6 * s, 6 * s, w - 12 * s, h - 12 * s, radius=6 * s)
    inner.fill_gradient_mask(mix(NAVY, P.SEA, 0.25), NAVY_DARK)
    # diamond lattice
    lat = c.layer()
    step = 12 * s
    for i in range(-20, 20):
        lat.line(rgba(P.GOLD, 255), (i * step, 0), (i * step + h, h), 0.5 * s)
        lat.line(rgba(P.GOLD, 255), (i * step, 0), (i * step - h, h), 0.5 * s)
    lat.surf.blit(inner.surf, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    c.paste(inner)
    c.paste(lat, 70)
    c.rect(P.GOLD, 6 * s, 6 * s, w - 12 * s, h - 12 * s, radius=6 * s, width=1.4 * s)
    compass_rose(c, w / 2, h / 2, 38 * s)
    return c


def compass_rose(c: Canvas, x: float, y: float, r: float, ink=None) -> None:
    c.circle(NAVY_DARK, (x, y), r * 0.98)
    c.circle(P.GOLD, (x, y), r, width=max(0.6, r * 0.05))
    c.circle(P.GOLD, (x, y), r * 0.78, width=max(0.4, r * 0.025))
    for i in range(32):
        a = i * math.pi / 16
        l0 = 0.84 if i % 4 else 0.72
        c.line(P.GOLD_LIGHT, (x + math.cos(a) * r * l0, y + math.sin(a) * r * l0),
               (x + math.cos(a) * r * 0.92, y + math.sin(a) * r * 0.92), max(0.4, r * 0.02))
    for rot, ln, colours in ((math.pi / 4, 0.55, (IVORY_DARK, shade(IVORY_DARK, 0.7))), (0, 0.9, (IVORY, P.GOLD))):
        for i in range(4):
            a = rot + i * math.pi / 2
            tip = (x + math.cos(a) * r * ln, y + math.sin(a) * r * ln)
            l = (x + math.cos(a - math.pi / 2) * r * 0.12, y + math.sin(a - math.pi / 2) * r * 0.12)
            rr = (x + math.cos(a + math.pi / 2) * r * 0.12, y + math.sin(a + math.pi / 2) * r * 0.12)
            c.poly(colours[0], [tip, l, (x, y)])
            c.poly(colours[1], [tip, rr, (x, y)])
    north = (x, y - r * 0.9)
    c.poly(P.RED, [north, (x - r * 0.12, y), (x, y)])
    c.circle(P.GOLD, (x, y), r * 0.08)


def symbol_canvas(name: str, size: int = 32, k: int = 8, col=(255, 255, 255, 255)) -> Canvas:
    c = Canvas(size, size, k)
    s = size / 32
    hole = (0, 0, 0, 0)
    cx = cy = 16 * s
    if name == "anchor":
        c.circle(col, (cx, 5 * s), 3.4 * s, width=1.8 * s)
        c.line(col, (cx, 8 * s), (cx, 27 * s), 3 * s)
        c.line(col, (cx - 7 * s, 11.5 * s), (cx + 7 * s, 11.5 * s), 2.6 * s)
        c.lines(col, A.quad((cx - 11 * s, 19 * s), (cx - 9 * s, 28.5 * s), (cx, 28.5 * s), 10), 2.8 * s)
        c.lines(col, A.quad((cx + 11 * s, 19 * s), (cx + 9 * s, 28.5 * s), (cx, 28.5 * s), 10), 2.8 * s)
        for sx in (-1, 1):
            c.poly(col, [(cx + sx * 13.5 * s, 21 * s), (cx + sx * 11 * s, 15 * s), (cx + sx * 8.5 * s, 21 * s)])
    elif name == "skull":
        skull(c, cx, 13.5 * s, 10 * s, col, hole, bones=False)
        for ang in (0.6, -0.6):
            dx, dy = math.cos(ang) * 14 * s, math.sin(ang) * 14 * s
            a, b = (cx - dx, 26 * s - dy * 0.45), (cx + dx, 26 * s + dy * 0.45)
            c.line(col, a, b, 2.6 * s)
            for e in (a, b):
                c.circle(col, e, 2.2 * s)
    elif name == "star":
        c.poly(col, A.star_points(cx, cy + 1 * s, 15 * s, 6.2 * s, 5))
    elif name == "compass":
        c.circle(col, (cx, cy), 14.5 * s, width=2.2 * s)
        for i in range(4):
            a = i * math.pi / 2 - math.pi / 2
            tip = (cx + math.cos(a) * 12 * s, cy + math.sin(a) * 12 * s)
            c.poly(col, [tip, (cx + math.cos(a + 1.2) * 3.6 * s, cy + math.sin(a + 1.2) * 3.6 * s), (cx, cy),
                         (cx + math.cos(a - 1.2) * 3.6 * s, cy + math.sin(a - 1.2) * 3.6 * s)])
        for i in range(4):
            a = i * math.pi / 2 + math.pi / 4
            c.line(col, (cx, cy), (cx + math.cos(a) * 8 * s, cy + math.sin(a) * 8 * s), 1.6 * s)
        c.circle(hole, (cx, cy), 1.6 * s)
    elif name == "wheel":
        for i in range(8):
            a = i * math.pi / 4
            c.line(col, (cx + math.cos(a) * 4 * s, cy + math.sin(a) * 4 * s), (cx + math.cos(a) * 14 * s, cy + math.sin(a) * 14 * s), 2.2 * s)
            c.circle(col, (cx + math.cos(a) * 14 * s, cy + math.sin(a) * 14 * s), 2.2 * s)
        c.circle(col, (cx, cy), 10.5 * s, width=2.6 * s)
        c.circle(col, (cx, cy), 4.2 * s)
        c.circle(hole, (cx, cy), 1.6 * s)
    elif name == "parrot":
        body = A.bezier((19 * s, 9 * s), (27 * s, 14 * s), (24 * s, 22 * s), (15 * s, 26 * s), 10) + \
            [(9 * s, 31 * s), (6.5 * s, 30 * s), (11 * s, 23 * s)] + \
            A.bezier((11 * s, 23 * s), (10 * s, 17 * s), (11 * s, 12 * s), (13 * s, 9 * s), 8)
        c.poly(col, body)
        c.circle(col, (17 * s, 8.5 * s), 6.5 * s)
        c.poly(col, [(21 * s, 4.5 * s), (28 * s, 6 * s), (28.5 * s, 11 * s), (26 * s, 14 * s), (25.5 * s, 10.5 * s), (22 * s, 10 * s)])
        c.lines(hole, A.quad((22.5 * s, 10 * s), (24 * s, 9.8 * s), (25.2 * s, 11.6 * s), 6), 0.9 * s)
        c.circle(hole, (17.5 * s, 7.2 * s), 1.7 * s)
        c.lines(hole, A.quad((19.5 * s, 14.5 * s), (17 * s, 20 * s), (12.5 * s, 23.5 * s), 8), 1.1 * s)  # wing line
        c.line(col, (10 * s, 27 * s), (22 * s, 27 * s), 1.6 * s)  # perch
    elif name == "sword":
        blade = A.quad((8 * s, 22 * s), (15 * s, 10 * s), (28.5 * s, 2.5 * s), 10) + \
            A.quad((28.5 * s, 2.5 * s), (22 * s, 16 * s), (12.5 * s, 26.5 * s), 10)
        c.poly(col, blade)
        c.line(col, (6 * s, 20 * s), (14.5 * s, 28.5 * s), 2.6 * s)  # guard
        c.line(col, (9 * s, 25 * s), (4.5 * s, 29.5 * s), 3 * s)      # grip
        c.circle(col, (3.8 * s, 30 * s), 2.2 * s)
        c.lines(col, A.quad((7 * s, 21 * s), (3 * s, 23 * s), (5.5 * s, 28 * s), 6), 1.3 * s)  # knuckle bow
    elif name == "bell":
        outline = A.bezier((cx - 4 * s, 6 * s), (cx - 10 * s, 7 * s), (cx - 9 * s, 18 * s), (cx - 13 * s, 24 * s), 10) + \
            [(cx + 13 * s, 24 * s)] + A.bezier((cx + 13 * s, 24 * s), (cx + 9 * s, 18 * s), (cx + 10 * s, 7 * s), (cx + 4 * s, 6 * s), 10)
        c.poly(col, outline)
        c.rect(col, cx - 14 * s, 23 * s, 28 * s, 3 * s, radius=1.5 * s)
        c.circle(col, (cx, 28.5 * s), 2.8 * s)
        c.circle(col, (cx, 4.5 * s), 2.6 * s, width=1.4 * s)
        c.lines(hole, A.quad((cx - 6 * s, 11 * s), (cx - 7 * s, 17 * s), (cx - 9 * s, 21 * s), 8), 1.2 * s)
    else:
        raise ValueError(name)
    return c


# =============================================================================================
# UI pieces
# =============================================================================================
def wood_fill(size: tuple[int, int], base, seed: int) -> pygame.Surface:
    """A small wood-grain fill (grain along x)."""
    w, h = size
    rng = Rng(seed)
    raw = A.periodic_noise(w, h, 8, rng, 3, 0.55, stretch=(8, 1))
    vals = [0.5 + 0.5 * math.sin(v * 30) for v in raw]
    return A.ramp_surface(vals, w, h, [(0.0, shade(base, 0.8)), (1.0, shade(base, 1.1))])


def button(state: str) -> pygame.Surface:
    W, H, k = 96, 48, 4
    c = Canvas(W, H, k)
    wood = {"normal": P.WOOD, "hover": mix(P.WOOD, P.WOOD_LIGHT, 0.45), "pressed": shade(P.WOOD, 0.8),
            "disabled": (118, 108, 98)}[state]
    rim = {"normal": P.GOLD, "hover": P.GOLD_LIGHT, "pressed": shade(P.GOLD, 0.85), "disabled": (160, 150, 136)}[state]
    dy = 1.5 if state == "pressed" else 0
    if state != "pressed":
        c.rect(rgba((20, 10, 4), 110), 2, 4, W - 4, H - 5, radius=11)
    else:
        c.rect(rgba((20, 10, 4), 90), 2, 3, W - 4, H - 5, radius=11)
    c.rect(shade(rim, 0.55), 1, 1 + dy, W - 2, H - 5, radius=12)
    c.rect(rim, 2, 2 + dy, W - 4, H - 7, radius=11)
    body = c.layer()
    body.rect((255, 255, 255), 5, 5 + dy, W - 10, H - 13, radius=8)
    shaded = wood_fill((W * k, H * k), wood, 7)
    light = A.vgradient((W * k, H * k), [(0.0, (255, 255, 255)), (0.5, (236, 236, 236)), (1.0, (196, 196, 196))])
    if state == "pressed":
        light = A.vgradient((W * k, H * k), [(0.0, (170, 170, 170)), (0.35, (230, 230, 230)), (1.0, (240, 240, 240))])
    shaded.blit(light, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    body.surf.blit(shaded, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    c.paste(body)
    c.rect(rgba(shade(rim, 1.3), 150), 3.5, 3 + dy, W - 7, 1.2, radius=1)  # rim highlight
    c.rect(rgba(P.WOOD_DARK, 160), 5, 5 + dy, W - 10, H - 13, radius=8, width=0.8)
    if state == "hover":
        c.rect(rgba((255, 240, 200), 60), 6, 6, W - 12, (H - 13) / 2, radius=7)
    for x in (9, W - 9):  # brass studs inside the corners
        c.circle(shade(rim, 0.6), (x, H / 2 - 1.5 + dy + 0.4), 1.9)
        c.circle(rim, (x, H / 2 - 1.5 + dy), 1.6)
    if state == "disabled":
        c.rect(rgba((200, 190, 180), 60), 5, 5, W - 10, H - 13, radius=8)
    return c.result()


def panel_parchment() -> pygame.Surface:
    W = H = 96
    c = Canvas(W, H, 4)
    rng = Rng(301)
    sh = c.layer()
    sh.rect((0, 0, 0, 255), 5, 7, W - 10, H - 10, radius=10)
    c.paste(A.blur(sh.surf, 12), 120)
    edge = []
    m = 5.0
    for side in range(4):
        for i in range(24):
            t = i / 24
            j = (rng.random() - 0.5) * 1.4
            if side == 0:
                edge.append((m + (W - 2 * m) * t, m + j))
            elif side == 1:
                edge.append((W - m + j, m + (H - 2 * m) * t))
            elif side == 2:
                edge.append((W - m - (W - 2 * m) * t, H - m - 1 + j))
            else:
                edge.append((m + j, H - m - 1 - (H - 2 * m) * t))
    paper = c.layer()
    paper.poly((255, 255, 255), edge)
    tex = pygame.transform.smoothscale(tex_cache["parchment"], (W * 4, W * 4))
    paper.surf.blit(tex, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    # burnt, darker rim
    rim = c.layer()
    rim.surf.fill((120, 80, 40, 120))
    rim.rect((0, 0, 0, 0), 13, 13, W - 26, H - 27, radius=6)
    rim_s = A.blur(rim.surf, 20)
    rim_s.blit(paper.surf, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    c.paste(paper)
    c.paste(rim_s)
    c.poly(rgba((140, 100, 60), 200), edge, width=0.6)
    return c.result()


def panel_dark() -> pygame.Surface:
    W = H = 96
    c = Canvas(W, H, 4)
    sh = c.layer()
    sh.rect((0, 0, 0, 255), 3, 6, W - 6, H - 7, radius=14)
    c.paste(A.blur(sh.surf, 12), 130)
    c.rect(shade(P.WOOD_DARK, 0.6), 2, 2, W - 4, H - 5, radius=14)
    frame = c.layer()
    frame.rect((255, 255, 255), 3, 3, W - 6, H - 7, radius=13)
    g = pygame.transform.smoothscale(wood_fill((W, H), shade(P.WOOD, 0.9), 11), (W * 4, H * 4))
    frame.surf.blit(g, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    c.paste(frame)
    inner = c.layer()
    inner.rect((255, 255, 255), 12, 12, W - 24, H - 25, radius=6)
    g2 = pygame.transform.smoothscale(wood_fill((W, H), shade(P.WOOD_DARK, 0.95), 12), (W * 4, H * 4))
    inner.surf.blit(g2, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    c.rect(rgba((0, 0, 0), 140), 11, 11.5, W - 22, H - 23, radius=7)
    c.paste(inner)
    c.rect(rgba(P.WOOD_LIGHT, 120), 3.5, 3.5, W - 7, 1.0, radius=1)
    for x, y in ((7.5, 7.5), (W - 7.5, 7.5), (7.5, H - 8.5), (W - 7.5, H - 8.5)):
        c.circle(shade(P.GOLD, 0.5), (x + 0.3, y + 0.4), 2.3)
        c.circle(P.GOLD, (x, y), 2.0)
        c.circle(P.GOLD_LIGHT, (x - 0.6, y - 0.6), 0.7)
    return c.result()


def toast() -> pygame.Surface:
    W, H = 96, 48
    c = Canvas(W, H, 4)
    sh = c.layer()
    sh.rect((0, 0, 0, 255), 3, 5, W - 6, H - 7, radius=12)
    c.paste(A.blur(sh.surf, 10), 120)
    body = c.layer()
    body.rect((255, 255, 255), 2, 2, W - 4, H - 6, radius=12)
    body.fill_gradient_mask(mix(P.INK, P.WOOD_DARK, 0.5), shade(P.INK, 0.75))
    c.paste(body, 238)
    c.rect(rgba(P.GOLD, 220), 4.5, 4.5, W - 9, H - 11, radius=9, width=1.0)
    return c.result()


def checkbox(on: bool) -> pygame.Surface:
    c = Canvas(32, 32, 8)
    c.rect(rgba((20, 10, 4), 110), 3, 5, 27, 26, radius=6)
    c.rect(P.WOOD_DARK, 2, 2, 28, 27, radius=6)
    c.rect(P.WOOD, 3, 3, 26, 25, radius=5)
    paper = c.layer()
    paper.rect((255, 255, 255), 6, 6, 20, 19, radius=3)
    paper.fill_gradient_mask(shade(P.PARCHMENT_DARK, 0.95), P.PARCHMENT)
    c.paste(paper)
    c.rect(rgba(P.WOOD_LIGHT, 160), 3.5, 3.2, 25, 1.0, radius=1)
    if on:
        pts = [(8.5, 15.5), (11.5, 13.5), (14.5, 18), (23.5, 6.5), (26.5, 8.5), (15, 24), (13.5, 24)]
        c.poly(rgba((0, 0, 0), 60), [(x + 0.8, y + 1) for x, y in pts])
        c.poly(P.RED, pts)
        c.lines(shade(P.RED, 1.3), [(11.5, 14.8), (14.5, 19.5), (24.2, 7.6)], 0.8)
    return c.result()


def arrow(direction: int) -> pygame.Surface:
    c = Canvas(32, 32, 8)
    c.circle(rgba((20, 10, 4), 110), (16.5, 17.5), 14.5)
    c.circle(shade(P.GOLD, 0.55), (16, 16), 14.5)
    c.circle(P.GOLD, (16, 15.6), 13.8)
    face = c.layer()
    face.circle((255, 255, 255), (16, 16), 11.2)
    face.fill_gradient_mask(mix(P.WOOD, P.WOOD_LIGHT, 0.3), shade(P.WOOD, 0.78))
    c.paste(face)
    pts = [(-6, -7.5), (6.5, 0), (-6, 7.5), (-3, 0)]
    pts = [(16 + direction * x + direction * 0.8, 16 + y) for x, y in pts]
    c.poly(rgba((0, 0, 0), 90), [(x + 0.6, y + 0.9) for x, y in pts])
    c.poly(P.PARCHMENT, pts)
    return c.result()


def icon() -> pygame.Surface:
    c = Canvas(64, 64, 4)
    c.circle(rgba((20, 10, 4), 110), (33, 34), 30)
    c.circle(shade(P.GOLD, 0.55), (32, 32), 30)
    c.circle(P.GOLD, (32, 31), 29)
    face = c.layer()
    face.circle((255, 255, 255), (32, 31), 23.5)
    face.fill_gradient_mask(P.GOLD_LIGHT, shade(P.GOLD, 0.85))
    c.paste(face)
    c.circle(shade(P.GOLD, 0.7), (32, 31), 23.5, width=1.2)
    for i in range(24):
        a = i * math.pi / 12
        c.circle(shade(P.GOLD, 0.7), (32 + math.cos(a) * 26.3, 31 + math.sin(a) * 26.3), 0.9)
    lay = c.layer()
    skull(lay, 32, 28, 11, (48, 30, 18), (0, 0, 0, 0), bones=True)
    emb = lay.surf.copy()
    emb.fill((255, 240, 180, 0), special_flags=pygame.BLEND_RGBA_MAX)
    c.surf.blit(emb, (-4, -4))  # embossed light edge
    c.paste(lay)
    return c.result()


# =============================================================================================
# menu illustrations
# =============================================================================================
MW, MH, MK = 400, 240, 2


def towel(c: Canvas, cx: float, cy: float, w: float, h: float, angle: float, cols) -> None:
    t = Canvas(int(w) + 2, int(h) + 2, c.k)
    n = 7
    for i in range(n):
        t.rect(cols[i % len(cols)], 1, 1 + i * h / n, w, h / n + 0.6)
    for x in range(0, int(w), 3):  # fringe
        t.line(rgba((250, 244, 230), 255), (1 + x, 1), (1 + x, 0), 0.6)
    img = pygame.transform.rotozoom(t.surf, angle, 1.0)
    sh = A.shadow_of(img, (60, 40, 10), 90, 6)
    c.surf.blit(sh, sh.get_rect(center=(int((cx + 2) * c.k), int((cy + 3) * c.k))))
    c.blit_at(img, (cx, cy))


def scene_playa() -> pygame.Surface:
    rng = Rng(401)
    c = Canvas(MW, MH, MK)
    sky(c, 0, 80)
    sun(c, 320, 34, 14)
    cloud(c, 90, 34, 14)
    cloud(c, 230, 22, 10, 190)
    sea(c, 72, 140, rng)
    ship(c, 300, 80, 22, -1)
    # sand with a wavy shoreline
    shore = [(0, 118)] + [(x, 116 + 8 * math.sin(x / 47) + 4 * math.sin(x / 13)) for x in range(0, MW + 10, 8)] + [(MW, MH), (0, MH)]
    c.poly(rgba(P.FOAM, 255), [(x, y - 3.5) for x, y in shore[:-2]] + [(MW, MH), (0, MH)])
    c.poly(mix(P.SAND_DARK, P.SEA_LIGHT, 0.25), [(x, y - 1) for x, y in shore[:-2]] + [(MW, MH), (0, MH)])
    sand = c.layer()
    sand.poly((255, 255, 255), shore)
    stex = pygame.transform.smoothscale(tex_cache["sand"], (MW * MK, MW * MK))
    sand.surf.blit(stex, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    c.paste(sand)
    palm(c, 28, 214, 120, 0.35)
    # towels in seat colours
    towel(c, 110, 170, 58, 30, 8, [SEAT_RGB[1], (250, 246, 236)])
    towel(c, 180, 200, 60, 30, -6, [SEAT_RGB[0], SEAT_RGB[6]])
    towel(c, 350, 185, 56, 30, 14, [SEAT_RGB[3], (250, 246, 236)])
    # beach umbrella
    c.ellipse(rgba((90, 60, 20), 70), 226, 206, 84, 18)
    c.line((236, 228, 214), (270, 222), (262, 124), 2.2)
    apex = (262, 114)
    rim = A.quad((220, 146), (262, 128), (306, 144), 12)
    for i in range(len(rim) - 1):
        col = SEAT_RGB[0] if (i // 2) % 2 == 0 else (250, 246, 236)
        c.poly(col, [apex, rim[i], rim[i + 1]])
        mid = ((rim[i][0] + rim[i + 1][0]) / 2, (rim[i][1] + rim[i + 1][1]) / 2 + 3)
        c.poly(col, [rim[i], mid, rim[i + 1]])
    c.poly(rgba((0, 0, 0), 40), [apex] + rim[6:])
    c.circle(P.GOLD, apex, 2)
    # buried treasure: X, shovel and a peeking coin
    c.ellipse(rgba(shade(P.SAND_DARK, 0.8), 160), 186, 214, 40, 14)  # freshly dug sand
    xmark(c, 206, 218, 13)
    c.line(P.WOOD, (236, 232), (252, 196), 2.4)
    c.poly((150, 150, 160), [(246, 204), (258, 192), (264, 204), (254, 212)])
    coin(c, 178, 228, 5, 0.6)
    # footprints
    for i in range(6):
        fx, fy = 150 + i * 14, 230 - i * 4 + (3 if i % 2 else -3)
        c.ellipse(rgba(shade(P.SAND_DARK, 0.85), 150), fx, fy, 5, 3)
    vignette(c, 70)
    return round_corners(c.result(), 12)


def plank_floor(c: Canvas, y0: float, vp: tuple, n: int = 11) -> None:
    deck = c.layer()
    deck.poly((255, 255, 255), [(0, y0), (MW, y0), (MW, MH), (0, MH)])
    wtex = pygame.transform.smoothscale(tex_cache["wood"], (MW * MK, MW * MK))
    deck.surf.blit(wtex, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    c.paste(deck)
    shadow = c.layer()
    shadow.rect((0, 0, 0, 255), 0, y0, MW, MH - y0)
    shadow.surf.blit(A.vgradient(shadow.surf.get_size(), [(0.0, (255, 255, 255, 90)), (0.4, (255, 255, 255, 0))], (y0 / MH, 1.0)),
                     (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    c.paste(shadow)
    for i in range(-n, 2 * n):
        xb = i * MW / n
        t = (y0 - vp[1]) / (MH - vp[1])
        xt = vp[0] + (xb - vp[0]) * t
        c.line(rgba(P.WOOD_DARK, 200), (xt, y0), (xb, MH), 1.0)


def scene_planks() -> pygame.Surface:
    rng = Rng(402)
    c = Canvas(MW, MH, MK)
    sky(c, 0, 70)
    cloud(c, 300, 26, 12)
    cloud(c, 60, 40, 9, 180)
    sea(c, 62, 150, rng)
    island(c, 80, 66, 60, 8, ((0.05, 0.6, 0.25),))
    # the plank out over the water, with a nervous pirate
    c.poly(shade(P.WOOD_DARK, 0.8), [(250, 112), (392, 92), (394, 98), (252, 122)])
    c.poly(P.WOOD_LIGHT, [(250, 108), (392, 90), (392, 94), (250, 114)])
    pawn(c, 368, 94, 30, SEAT_RGB[1])
    for i in range(5):  # splash rings below
        c.ellipse(rgba(P.FOAM, 120 - i * 20), 355 - i * 6, 138 + i * 2, 30 + i * 12, 5 + i)
    # deck
    plank_floor(c, 118, (200, -60))
    c.rect(P.WOOD_DARK, 0, 100, 250, 6)
    for x in range(4, 250, 16):  # railing balusters
        c.rect(shade(P.WOOD, 0.9), x, 106, 6, 14, radius=2)
        c.rect(P.WOOD_LIGHT, x + 1, 106, 1.5, 14)
    c.rect(P.WOOD, 0, 96, 252, 7, radius=2)
    c.rect(P.WOOD_LIGHT, 0, 96, 252, 2, radius=1)
    pawn(c, 110, 196, 46, SEAT_RGB[0])
    pawn(c, 190, 172, 40, SEAT_RGB[2])
    pawn(c, 60, 160, 38, SEAT_RGB[3])
    # pesetas
    for i, (x, y) in enumerate(((260, 210), (272, 214), (266, 204), (300, 224), (284, 226), (240, 226))):
        coin(c, x, y, 8, 0.55)
    chest(c, 330, 214, 52)
    vignette(c, 70)
    return round_corners(c.result(), 12)


def tile_sprite(kind: str, s: float, k: int, rng: Rng) -> pygame.Surface:
    t = Canvas(int(s) + 4, int(s) + 4, k)
    base = {"sand": P.SAND, "grass": (118, 168, 84), "jungle": (72, 128, 66), "rock": (150, 140, 126), "beach": mix(P.SAND, (255, 255, 255), 0.2)}[kind]
    t.rect(shade(base, 0.6), 2, 3, s, s, radius=3)
    t.rect(base, 2, 2, s, s, radius=3)
    t.rect(rgba(shade(base, 1.2), 255), 3, 3, s - 2, 1.5, radius=1)
    if kind in ("grass", "jungle"):
        for _ in range(5):
            x, y = 5 + rng.random() * (s - 8), 5 + rng.random() * (s - 8)
            t.circle(shade(base, 0.75), (x, y), 2 + rng.random() * 2)
            t.circle(shade(base, 1.15), (x - 0.5, y - 0.7), 1.2 + rng.random())
    elif kind == "rock":
        t.poly(shade(base, 0.7), [(6, s - 4), (s * 0.4, 7), (s * 0.7, s * 0.45), (s - 3, s - 4)])
        t.poly(shade(base, 1.2), [(s * 0.4, 7), (s * 0.5, s - 4), (6, s - 4)])
    else:
        for _ in range(6):
            x, y = 5 + rng.random() * (s - 8), 5 + rng.random() * (s - 8)
            t.circle(shade(base, 0.85), (x, y), 0.8)
    return t.surf


def hourglass(c: Canvas, x: float, y: float, h: float) -> None:
    w = h * 0.56
    c.ellipse(rgba((0, 0, 0), 80), x - w * 0.6, y + h * 0.44, w * 1.3, h * 0.12)
    glass = c.layer()
    top = A.bezier((x - w * 0.38, y - h * 0.4), (x - w * 0.42, y - h * 0.05), (x - w * 0.05, y - h * 0.05), (x - w * 0.05, y), 10)
    bot = A.bezier((x - w * 0.05, y), (x - w * 0.05, y + h * 0.05), (x - w * 0.42, y + h * 0.05), (x - w * 0.38, y + h * 0.4), 10)
    right = [(2 * x - px, py) for px, py in (top + bot)][::-1]
    glass.poly((220, 240, 245, 255), top + bot + right)
    c.paste(glass, 120)
    # sand: bottom heap and a bit left at the top
    c.poly(P.SAND, [(x - w * 0.33, y + h * 0.39), (x, y + h * 0.16), (x + w * 0.33, y + h * 0.39)])
    c.poly(shade(P.SAND, 0.85), [(x, y + h * 0.16), (x + w * 0.33, y + h * 0.39), (x + w * 0.1, y + h * 0.39)])
    c.poly(P.SAND, [(x - w * 0.2, y - h * 0.12), (x + w * 0.2, y - h * 0.12), (x, y - h * 0.01)])
    c.line(P.SAND, (x, y), (x, y + h * 0.2), max(0.6, h * 0.012))
    c.lines(rgba((255, 255, 255), 230), top[2:8], max(0.6, h * 0.015))
    c.lines(rgba(shade(P.SEA_LIGHT, 0.8), 200), top + bot, max(0.5, h * 0.008))
    c.lines(rgba(shade(P.SEA_LIGHT, 0.8), 200), right, max(0.5, h * 0.008))
    for yy in (-0.5, 0.42):
        c.rect(shade(P.WOOD_DARK, 0.9), x - w * 0.55, y + h * yy + 1.5, w * 1.1, h * 0.08, radius=2)
        c.rect(P.WOOD, x - w * 0.55, y + h * yy, w * 1.1, h * 0.08, radius=2)
        c.rect(P.WOOD_LIGHT, x - w * 0.5, y + h * yy, w * 1.0, h * 0.02, radius=1)
    for sx in (-0.47, 0.47):
        c.line(P.WOOD_DARK, (x + w * sx, y - h * 0.42), (x + w * sx, y + h * 0.42), h * 0.04)
        c.line(P.WOOD_LIGHT, (x + w * sx - h * 0.008, y - h * 0.42), (x + w * sx - h * 0.008, y + h * 0.42), h * 0.012)


def sea_topdown(c: Canvas) -> None:
    tex = pygame.transform.smoothscale(tex_cache["sea"], (T * c.k // 2, T * c.k // 2))
    c.surf.blit(A.tile(tex, c.surf.get_size()), (0, 0))


def scene_island_race() -> pygame.Surface:
    rng = Rng(403)
    c = Canvas(MW, MH, MK)
    sea_topdown(c)
    layout = ["...sg....", "..sjgs...", ".sgjrjs..", "..bgjgsb.", "...sbgs..", "....ss..."]
    S = 30
    ox, oy = 20, 22
    halo = c.layer()
    for j, row in enumerate(layout):
        for i, ch in enumerate(row):
            if ch != ".":
                halo.rect((255, 255, 255), ox + i * S - 6, oy + j * S - 6, S + 12, S + 12, radius=12)
    c.paste(A.blur(halo.surf, 10), 110)
    kinds = {"s": "sand", "g": "grass", "j": "jungle", "r": "rock", "b": "beach"}
    for j, row in enumerate(layout):
        for i, ch in enumerate(row):
            if ch == ".":
                continue
            spr = tile_sprite(kinds[ch], S - 2, c.k, rng)
            sh = A.shadow_of(spr, (0, 20, 30), 90, 4)
            c.surf.blit(sh, c.p((ox + i * S + 1 - 3, oy + j * S + 2 - 3)))
            c.surf.blit(spr, c.p((ox + i * S - 1, oy + j * S - 1)))
    palm(c, ox + 4.5 * S, oy + 2.6 * S, 34, 0.3)
    palm(c, ox + 2.5 * S, oy + 3.6 * S, 26, -0.3)
    # a loose tile being placed, and the racers' pawns
    spr = pygame.transform.rotozoom(tile_sprite("grass", S - 2, c.k, rng), -12, 1.0)
    sh = A.shadow_of(spr, (0, 20, 30), 100, 8)
    c.surf.blit(sh, sh.get_rect(center=c.p((ox + 7.8 * S, oy + 1.2 * S + 8))))
    c.blit_at(spr, (ox + 7.8 * S, oy + 1.2 * S))
    pawn(c, ox + 3.5 * S, oy + 4.8 * S, 22, SEAT_RGB[0])
    pawn(c, ox + 5.6 * S, oy + 3.9 * S, 22, SEAT_RGB[4])
    pawn(c, ox + 1.6 * S, oy + 2.8 * S, 22, SEAT_RGB[2])
    hourglass(c, 338, 130, 150)
    vignette(c, 80)
    return round_corners(c.result(), 12)


def ship_top(c: Canvas, x: float, y: float, s: float, ang: float, col) -> None:
    """A ship token seen from above (for map views)."""
    hull = A.bezier((-1, 0), (-0.9, -0.5), (0.5, -0.5), (1.2, 0), 10) + A.bezier((1.2, 0), (0.5, 0.5), (-0.9, 0.5), (-1, 0), 10)
    pts = A.rotate_pts([(x + px * s, y + py * s) for px, py in hull], x, y, ang)
    c.poly(rgba((0, 20, 30), 90), [(px + 2, py + 3) for px, py in pts])
    c.poly(shade(P.WOOD, 0.9), pts)
    inner = A.rotate_pts([(x + px * s * 0.8, y + py * s * 0.7) for px, py in hull], x, y, ang)
    c.poly(P.WOOD_LIGHT, inner)
    for mx, sw in ((-0.4, 0.55), (0.25, 0.65)):
        sail = A.rotate_pts([(x + (mx - 0.06) * s, y - sw * s), (x + (mx + 0.16) * s, y), (x + (mx - 0.06) * s, y + sw * s),
                             (x + (mx + 0.02) * s, y)], x, y, ang)
        c.poly(col, sail)
        c.lines(shade(col, 0.7), sail, max(0.5, s * 0.04), closed=True)


def scene_pirateer() -> pygame.Surface:
    rng = Rng(404)
    c = Canvas(MW, MH, MK)
    # a map on a table
    c.surf.blit(A.tile(pygame.transform.smoothscale(tex_cache["wood"], (T * MK // 2, T * MK // 2)), c.surf.get_size()), (0, 0))
    cx, cy, R = 200, 122, 112
    diamond = [(cx, cy - R), (cx + R * 1.55, cy), (cx, cy + R), (cx - R * 1.55, cy)]
    soft_shadow(c, lambda L: L.poly((0, 0, 0), diamond), (4, 6), 140, 5)
    board = c.layer()
    board.poly((255, 255, 255), diamond)
    btex = pygame.transform.smoothscale(tex_cache["sea"], (T * MK // 2, T * MK // 2))
    board.surf.blit(A.tile(btex, c.surf.get_size()), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    c.paste(board)
    n = 9
    for i in range(n + 1):  # grid in diamond coordinates
        t = i / n
        a = (diamond[3][0] + (diamond[0][0] - diamond[3][0]) * t, diamond[3][1] + (diamond[0][1] - diamond[3][1]) * t)
        b = (diamond[2][0] + (diamond[1][0] - diamond[2][0]) * t, diamond[2][1] + (diamond[1][1] - diamond[2][1]) * t)
        c.line(rgba(P.FOAM, 110), a, b, 0.8)
        a = (diamond[3][0] + (diamond[2][0] - diamond[3][0]) * t, diamond[3][1] + (diamond[2][1] - diamond[3][1]) * t)
        b = (diamond[0][0] + (diamond[1][0] - diamond[0][0]) * t, diamond[0][1] + (diamond[1][1] - diamond[0][1]) * t)
        c.line(rgba(P.FOAM, 110), a, b, 0.8)
    c.poly(P.GOLD, diamond, width=2.5)
    c.poly(P.WOOD_DARK, diamond, width=0.8)
    # home islands in the four corners and the treasure island in the middle
    for (hx, hy), col in zip(((cx, cy - R + 20), (cx + R * 1.55 - 30, cy), (cx, cy + R - 20), (cx - R * 1.55 + 30, cy)), SEAT_RGB):
        c.ellipse(P.SAND_DARK, hx - 14, hy - 8, 28, 16)
        c.ellipse(P.SAND, hx - 12, hy - 8, 24, 13)
        c.poly(col, [(hx - 1, hy - 18), (hx + 9, hy - 14), (hx - 1, hy - 10)])
        c.line(P.WOOD_DARK, (hx - 1, hy - 19), (hx - 1, hy - 4), 1.2)
    c.ellipse(P.SAND_DARK, cx - 24, cy - 12, 48, 26)
    c.ellipse(P.SAND, cx - 21, cy - 13, 42, 21)
    palm(c, cx + 6, cy - 2, 22, 0.3)
    xmark(c, cx - 8, cy + 2, 5)
    dotted_route(c, [(cx - R * 1.55 + 44, cy + 4), (cx - 90, cy + 30), (cx - 45, cy + 8), (cx - 26, cy + 2)], (250, 246, 230), 1.3, 6)
    ship_top(c, cx - 95, cy + 32, 11, -0.5, SEAT_RGB[3])
    ship_top(c, cx + 70, cy - 34, 11, 2.6, SEAT_RGB[0])
    ship_top(c, cx + 40, cy + 52, 11, -2.2, SEAT_RGB[1])
    ship_top(c, cx - 30, cy - 60, 11, 0.9, SEAT_RGB[2])
    for val, (x, y, a) in zip((5, 2), ((340, 196, 18), (374, 182, -24))):
        d = pygame.transform.rotozoom(die_canvas(34, val, MK).surf, a, 1.0)
        c.blit_at(d, (x, y))
    vignette(c, 80)
    return round_corners(c.result(), 12)


def pointing_hand(c: Canvas, x: float, y: float, s: float) -> None:
    """A hand pointing left (accusation); (x, y) = fingertip, s = scale (about the hand length)."""
    def P_(px, py):
        return (x + px * s, y + py * s)
    out = shade(SKIN, 0.6)
    c.rect(out, *P_(0.0, -0.11), s * 0.62, s * 0.22, radius=s * 0.11)  # index finger
    c.rect(SKIN, *P_(0.01, -0.095), s * 0.6, s * 0.19, radius=s * 0.095)
    for i in range(3):  # folded fingers
        fx, fy = 0.5, 0.06 + i * 0.16
        c.ellipse(out, *P_(fx - 0.01, fy - 0.01), s * 0.3, s * 0.19)
        c.ellipse(SKIN, *P_(fx, fy), s * 0.28, s * 0.17)
    c.poly(out, [P_(0.55, -0.13), P_(1.05, -0.2), P_(1.1, 0.55), P_(0.6, 0.58)])
    c.poly(SKIN, [P_(0.57, -0.11), P_(1.04, -0.18), P_(1.08, 0.53), P_(0.62, 0.56)])
    c.ellipse(out, *P_(0.6, -0.29), s * 0.4, s * 0.2)  # thumb
    c.ellipse(SKIN, *P_(0.61, -0.275), s * 0.38, s * 0.17)
    c.ellipse(shade(SKIN, 1.15), *P_(0.05, -0.07), s * 0.08, s * 0.06)  # nail
    # lace cuff and sleeve
    for i in range(6):
        c.circle((248, 244, 236), P_(1.1, -0.3 + i * 0.17), s * 0.12)
    c.poly(P.RED, [P_(1.16, -0.45), P_(1.8, -0.55), P_(1.8, 0.85), P_(1.16, 0.75)])
    c.poly(shade(P.RED, 0.75), [P_(1.16, 0.4), P_(1.8, 0.4), P_(1.8, 0.85), P_(1.16, 0.75)])
    c.rect(P.GOLD, *P_(1.18, -0.47), s * 0.08, s * 1.22)


def scene_spanish_main() -> pygame.Surface:
    rng = Rng(405)
    c = Canvas(MW, MH, MK)
    sky(c, 0, 150, (64, 118, 170), (246, 196, 140))
    sun(c, 70, 120, 18)
    cloud(c, 300, 40, 13, 200)
    sea(c, 140, MH, rng, waves=50)
    # the Jolly Roger over the fleet
    c.line(P.WOOD_DARK, (190, 6), (190, 64), 2.2)
    c.circle(P.GOLD, (190, 6), 2.5)
    jolly_roger(c, 191, 10, 70, 44, 0.14)
    hulls = (shade(P.WOOD, 0.9), P.WOOD, mix(P.WOOD, (100, 60, 50), 0.5), shade(P.WOOD, 1.1))
    trims = (SEAT_RGB[0], SEAT_RGB[1], SEAT_RGB[2], SEAT_RGB[3])
    for i, (sx, sy, sc) in enumerate(((52, 168, 28), (134, 176, 31), (218, 172, 30), (318, 180, 32))):
        if i == 2:  # the accused ship stands in a warm glow
            glow = c.layer()
            glow.ellipse((255, 226, 140, 255), sx - 44, sy - 62, 88, 80)
            c.paste(A.blur(glow.surf, 24), 150)
        ship(c, sx, sy, sc, 1, hulls[i], flag=False, masts=2, trim=trims[i])
        c.ellipse(rgba(P.FOAM, 140), sx - sc * 1.05, sy + sc * 0.1, sc * 2.1, 4)
    # the accusing finger, coming in from the right and pointing at the third ship
    hs = 50
    hand = Canvas(int(hs * 1.9), int(hs * 1.5), MK)
    pointing_hand(hand, 3, hs * 0.62, hs)
    img = pygame.transform.rotozoom(hand.surf, -16, 1.0)
    tip = (246, 180)
    # where the fingertip lands after rotation: rotate the tip offset from the sprite centre
    hw, hh = hand.surf.get_size()
    ox, oy = 3 * MK - hw / 2, hs * 0.62 * MK - hh / 2
    ang = math.radians(16)
    rx, ry = ox * math.cos(ang) - oy * math.sin(ang), ox * math.sin(ang) + oy * math.cos(ang)
    centre = (tip[0] - rx / MK, tip[1] - ry / MK)
    sh = A.shadow_of(img, (10, 20, 30), 110, 6)
    c.surf.blit(sh, sh.get_rect(center=c.p((centre[0] + 4, centre[1] + 6))))
    c.blit_at(img, centre)
    vignette(c, 80)
    return round_corners(c.result(), 12)


def scene_shipyard() -> pygame.Surface:
    rng = Rng(406)
    c = Canvas(MW, MH, MK)
    sky(c, 0, 110)
    cloud(c, 320, 30, 12)
    cloud(c, 120, 46, 10, 190)
    for gx, gy_, gs in ((200, 40, 6), (224, 52, 4.5), (90, 24, 4)):  # gulls
        c.lines((70, 70, 80), A.quad((gx - gs, gy_), (gx - gs * 0.5, gy_ - gs * 0.7), (gx, gy_), 6) +
                A.quad((gx, gy_), (gx + gs * 0.5, gy_ - gs * 0.7), (gx + gs, gy_), 6), 1.1)
    sea(c, 100, 150, rng, waves=20)
    # slipway ground
    ground = c.layer()
    ground.poly((255, 255, 255), [(0, 150), (MW, 138), (MW, MH), (0, MH)])
    ground.surf.blit(pygame.transform.smoothscale(tex_cache["sand"], (MW * MK, MW * MK)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    c.paste(ground)
    # crane / scaffold
    c.line(P.WOOD_DARK, (330, 200), (330, 40), 4)
    c.line(P.WOOD_DARK, (330, 44), (250, 60), 3)
    c.line(shade(P.WOOD_DARK, 1.2), (300, 50), (300, 100), 0.8)
    c.rect(P.WOOD_LIGHT, 290, 100, 20, 8, radius=1)
    # the hull on stocks: the stern half planked, the bow still bare ribs
    hx, hy, hs = 180, 150, 118

    def T(px: float, py: float) -> tuple[float, float]:
        return (hx + px * hs, hy + py * hs)
    gy = 204
    for px in (-0.75, -0.4, -0.05, 0.3, 0.62):
        c.poly(P.WOOD_DARK, [(hx + px * hs - 5, gy), (hx + px * hs + 5, gy), (hx + px * hs + 3, hy - 10), (hx + px * hs - 3, hy - 10)])
        c.rect(P.WOOD, hx + px * hs - 4, hy - 10, 1.5, gy - hy + 10)
    c.line(P.WOOD, (hx - 0.85 * hs, gy - 20), (hx + 0.7 * hs, hy + 2), 2.5)  # diagonal brace
    c.rect(shade(P.WOOD_DARK, 0.9), hx - hs * 0.95, gy - 2, hs * 1.85, 7, radius=2)
    outline = hull_profile(T)
    cut = hx + hs * 0.1
    planked = c.layer()
    planked.poly((255, 255, 255), outline)
    wtex = pygame.transform.smoothscale(tex_cache["wood"], (T_SIZE * MK // 2, T_SIZE * MK // 2))
    planked.surf.blit(A.tile(wtex, c.surf.get_size()), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    planked.rect((0, 0, 0, 0), cut, 0, MW, MH)
    ribs = c.layer()
    ribs.poly(P.WOOD, outline)
    ribs.rect((0, 0, 0, 0), 0, 0, cut, MH)
    x = cut
    while x < MW:
        ribs.rect((0, 0, 0, 0), x + 3.2, 0, 6.5, MH)
        x += 9.7
    inner_lay = c.layer()  # the far side of the hull, seen through the ribs
    inner_lay.poly(shade(P.WOOD_DARK, 0.75), outline)
    inner_lay.rect((0, 0, 0, 0), 0, 0, cut, MH)
    c.paste(inner_lay, 200)
    c.paste(ribs)
    c.paste(planked)
    c.lines(P.WOOD_DARK, outline, 1.2, closed=True)
    c.lines(P.WOOD, [T(-1.0, -0.42), T(-0.62, -0.24), T(0.5, -0.22), T(0.95, -0.33)], 2.4)  # sheer strake
    c.lines(P.GOLD, [T(-0.98, -0.2), T(0.05, -0.15)], 1.6)
    c.line(P.WOOD_DARK, (cut, hy - 0.3 * hs), (cut, hy + 0.19 * hs), 1.2)
    # tools and timber
    for i in range(3):
        c.rect(shade(P.WOOD_LIGHT, 1 - i * 0.08), 40 + i * 3, 206 - i * 7, 80, 7, radius=2)
        c.rect(P.WOOD_DARK, 40 + i * 3, 206 - i * 7, 80, 7, radius=2, width=0.6)
    c.line(P.WOOD, (260, 226), (282, 204), 2.4)  # hammer
    c.rect((110, 110, 120), 276, 198, 14, 7, radius=1)
    c.line((150, 150, 160), (150, 222), (200, 212), 4)  # saw
    c.rect(P.WOOD, 140, 216, 14, 9, radius=3)
    vignette(c, 80)
    return round_corners(c.result(), 12)


# =============================================================================================
# title
# =============================================================================================
def title() -> pygame.Surface:
    W, H, k = 1280, 300, 2
    rng = Rng(407)
    c = Canvas(W, H, k)
    # sky that fades in from transparent at the top edge
    sk = c.layer()
    sky(sk, 0, 205, (76, 146, 200), (252, 214, 160))
    sk.surf.blit(A.vgradient(sk.surf.get_size(), [(0.0, (255, 255, 255, 0)), (0.3, (255, 255, 255, 255)), (1.0, (255, 255, 255, 255))]),
                 (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    c.paste(sk)
    sun(c, 640, 200, 40)
    cloud(c, 180, 110, 26, 200)
    cloud(c, 1080, 90, 30, 200)
    cloud(c, 900, 150, 16, 170)
    sea(c, 200, H, rng, waves=120)
    # sunlight glitter on the water
    for i in range(50):
        x = 640 + (rng.random() - 0.5) * 200 * (1 + i / 25)
        y = 204 + i * 1.8
        c.rect(rgba((255, 240, 200), 150), x, y, 6 + rng.random() * 16, 1.4, radius=1)
    island(c, 150, 214, 240, 26, ((-0.15, 1.1, 0.3), (0.12, 0.8, -0.25), (0.3, 0.6, 0.35)))
    ship(c, 1172, 240, 70, -1)
    ship(c, 930, 212, 24, 1, flag=False, masts=2)
    for x, y in ((420, 250), (1240, 270), (300, 280)):
        c.lines(rgba(P.FOAM, 180), A.quad((x - 14, y + 2), (x, y - 4), (x + 14, y + 2), 8), 1.6)
    out = c.result()
    # lettering at final scale (crisper glyph hinting than supersampling text)
    f = font("display", 104)
    glyph_w = f.size("Pirate Game Night")[0]
    halo = pygame.Surface((W, H), pygame.SRCALPHA)
    pygame.draw.ellipse(halo, (255, 236, 190, 255), pygame.Rect(W // 2 - glyph_w // 2 - 40, 50, glyph_w + 80, 130))
    halo = A.blur(halo, 28)
    halo.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(halo, (0, 0))
    txt = A.lettering(f, "Pirate Game Night", P.GOLD_LIGHT, shade(P.GOLD, 0.8), P.INK, 6, (20, 10, 0), (5, 7), 4, 190)
    r = txt.get_rect(center=(W // 2, 116))
    out.blit(txt, r)
    for sx in (-1, 1):  # small stars beside the title
        stc = Canvas(44, 44, 4)
        stc.poly(P.INK, A.star_points(22, 22, 18, 8.5, 5))
        stc.poly(P.GOLD_LIGHT, A.star_points(22, 21.5, 13, 6, 5))
        st = stc.result()
        out.blit(st, st.get_rect(center=(W // 2 + sx * (glyph_w // 2 + 42), 122)))
    return out


def card_shadow() -> pygame.Surface:
    s = pygame.Surface((128 * 2, 176 * 2), pygame.SRCALPHA)
    pygame.draw.rect(s, (0, 0, 0, 255), pygame.Rect(14, 14, 228, 324), border_radius=18)
    s = A.blur(s, 14)
    s.fill((20, 10, 0, 110), special_flags=pygame.BLEND_RGBA_MULT)
    return pygame.transform.smoothscale(s, (128, 176))


def mark_x() -> pygame.Surface:
    c = Canvas(48, 48, 4)
    xmark(c, 25, 26, 19, rgba((60, 10, 5), 110))
    xmark(c, 24, 24, 19, P.RED)
    lay = c.layer()
    xmark(lay, 24, 24, 19, shade(P.RED, 1.3))
    lay.rect((0, 0, 0, 0), 0, 21, 48, 30)
    c.paste(lay, 120)
    return c.result()


# =============================================================================================
# driver
# =============================================================================================
tex_cache: dict[str, pygame.Surface] = {}


def build_all() -> dict[str, pygame.Surface]:
    """Every contract image by its path under assets/images/."""
    for name, fn in (("sea", tex_sea), ("sand", tex_sand), ("wood", tex_wood), ("parchment", tex_parchment), ("felt", tex_felt)):
        tex_cache[name] = fn()
    out: dict[str, pygame.Surface] = {f"textures/{n}.png": s for n, s in tex_cache.items()}
    out["menu/title.png"] = title()
    scenes = {"playa-pirata": scene_playa, "planks": scene_planks, "island-race": scene_island_race,
              "pirateer": scene_pirateer, "spanish-main": scene_spanish_main}
    for gid in GAME_IDS:
        out[f"menu/{gid}.png"] = scenes[gid]()
    out["menu/shipyard.png"] = scene_shipyard()
    for st, suffix in (("normal", ""), ("hover", "_hover"), ("pressed", "_pressed"), ("disabled", "_disabled")):
        out[f"ui/button{suffix}.png"] = button(st)
    out["ui/panel.png"] = panel_parchment()
    out["ui/panel_dark.png"] = panel_dark()
    out["ui/toast.png"] = toast()
    out["ui/checkbox_off.png"] = checkbox(False)
    out["ui/checkbox_on.png"] = checkbox(True)
    out["ui/arrow_left.png"] = arrow(-1)
    out["ui/arrow_right.png"] = arrow(1)
    out["ui/icon.png"] = icon()
    out["cards/frame.png"] = card_frame_canvas(120, 168).result()
    out["cards/back.png"] = card_back_canvas(120, 168).result()
    out["cards/mark_x.png"] = mark_x()
    out["cards/shadow.png"] = card_shadow()
    for v in range(1, 7):
        out[f"dice/die_{v}.png"] = die_image(v)
    for f in range(1, 4):
        out[f"dice/die_blur_{f}.png"] = die_blur(f)
    for sym in SYMBOLS:
        out[f"symbols/{sym}.png"] = symbol_canvas(sym).result()
    import art_playa_pirata  # Playa Pirata pieces (build/art_playa_pirata.py, reuses the helpers above)
    out.update(art_playa_pirata.build_all(tex_cache))
    import art_island_race  # Island Race pieces (build/art_island_race.py, reuses the helpers above)
    out.update(art_island_race.build_all(tex_cache))
    import art_pirateer  # Pirateer pieces (build/art_pirateer.py, reuses the helpers above)
    out.update(art_pirateer.build_all(tex_cache))
    import make_planks_art  # Pirates, Planks & Pesetas pieces and its menu picture (build/make_planks_art.py)
    out.update(make_planks_art.build_all(tex_cache))
    out["menu/planks.png"] = make_planks_art.menu_picture()
    import make_spanish_main_art  # Spanish Main pieces and its menu picture (build/make_spanish_main_art.py)
    out.update(make_spanish_main_art.build_all(tex_cache))
    out["menu/spanish-main.png"] = make_spanish_main_art.menu_picture()
    return out


def contact_sheet(images: dict[str, pygame.Surface], width: int = 1320) -> pygame.Surface:
    """All images on a parchment sheet with their names (for people to look at)."""
    small = pygame.font.Font(str(ROOT / "assets" / "fonts" / P.FONT_FILES["text"]), 13)
    W = width
    x = y = 10
    row_h = 0
    placed = []
    for name, img in images.items():
        w, h = img.get_size()
        if x + w > W - 10:
            x, y = 10, y + row_h + 24
            row_h = 0
        placed.append((name, img, x, y))
        x += max(w, small.size(name.split("/")[-1])[0]) + 14
        row_h = max(row_h, h)
    sheet = pygame.Surface((W, y + row_h + 34))
    sheet.blit(A.tile(tex_cache["parchment"], sheet.get_size()), (0, 0))
    for name, img, px, py in placed:
        if name.startswith("symbols/"):
            sheet.fill(NAVY, (px - 2, py - 2, img.get_width() + 4, img.get_height() + 4))
        sheet.blit(img, (px, py))
        sheet.blit(small.render(name.split("/")[-1], True, P.INK), (px, py + img.get_height() + 3))
    return sheet


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "assets" / "images", help="output folder (default: assets/images)")
    ap.add_argument("--sheet", type=Path, default=None, help="also write a contact sheet PNG here")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    A.setup()
    images = build_all()
    for rel, surf in images.items():
        path = args.out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surf, str(path))
    if args.sheet:
        pygame.image.save(contact_sheet(images), str(args.sheet))
    print(f"make_art: {len(images)} images in {args.out} ({time.perf_counter() - t0:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
