"""Drawing helpers for build/make_art.py and the games' art scripts: a supersampled canvas, tileable
noise, gradients, blur, curves, lettering, and what every art script needs (the fonts, posterizing,
a texture fill, running on its own). Deterministic: randomness only through game.core.rng.Rng, and
smoothscale is pinned to its portable C backend so every machine draws the same pixels.

An art script imports this module before pygame and game/: it puts the repository and build/ on
``sys.path`` and makes SDL headless."""
from __future__ import annotations

import math
import os
import sys
from pathlib import Path
from typing import Callable, Iterable, Sequence

ROOT = Path(__file__).resolve().parent.parent
for _p in (str(ROOT), str(ROOT / "build")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.core.rng import Rng  # noqa: E402
from game.ui import palette as P  # noqa: E402

Colour = tuple[int, ...]
Point = tuple[float, float]


def setup() -> None:
    """Headless pygame with the portable smoothscale (SIMD variants may round differently)."""
    pygame.display.init()
    pygame.font.init()
    pygame.transform.set_smoothscale_backend("GENERIC")


# -- colour -------------------------------------------------------------------------------------
def mix(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, ...]:
    """Linear blend of two colours (same length), t in [0, 1]."""
    t = 0.0 if t < 0 else 1.0 if t > 1 else t
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def shade(c: Sequence[int], f: float) -> tuple[int, ...]:
    """Darken (f < 1) or lighten (f > 1, towards white) an RGB colour."""
    if f <= 1:
        return tuple(int(v * f) for v in c[:3]) + tuple(c[3:])
    return mix(c[:3], (255, 255, 255), f - 1) + tuple(c[3:])


def rgba(c: Sequence[int], a: int) -> tuple[int, int, int, int]:
    return (c[0], c[1], c[2], a)


# -- curves -------------------------------------------------------------------------------------
def bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 16) -> list[Point]:
    """Points of a cubic Bezier curve, both ends included."""
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append((u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
                    u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1]))
    return out


def quad(p0: Point, p1: Point, p2: Point, n: int = 12) -> list[Point]:
    """Points of a quadratic Bezier curve."""
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append((u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0], u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]))
    return out


def star_points(cx: float, cy: float, r_out: float, r_in: float, n: int, rot: float = -math.pi / 2) -> list[Point]:
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = rot + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def rotate_pts(pts: Iterable[Point], cx: float, cy: float, ang: float) -> list[Point]:
    ca, sa = math.cos(ang), math.sin(ang)
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca) for x, y in pts]


# -- canvas -------------------------------------------------------------------------------------
class Canvas:
    """A transparent surface drawn at ``k`` times the target size, addressed in target pixels.

    ``result()`` smoothscales it down, which anti-aliases every edge."""

    def __init__(self, w: int, h: int, k: int = 4):
        self.w, self.h, self.k = w, h, k
        self.surf = pygame.Surface((w * k, h * k), pygame.SRCALPHA)

    # coordinates
    def p(self, pt: Point) -> tuple[int, int]:
        return (int(round(pt[0] * self.k)), int(round(pt[1] * self.k)))

    def pts(self, pts: Iterable[Point]) -> list[tuple[int, int]]:
        return [self.p(q) for q in pts]

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        k = self.k
        return pygame.Rect(int(round(x * k)), int(round(y * k)), max(1, int(round(w * k))), max(1, int(round(h * k))))

    # primitives: an alpha of 0 erases, an alpha between 1 and 254 blends, 255 paints over
    def _draw(self, colour: Colour, fn: Callable[[pygame.Surface, Colour], pygame.Rect]) -> None:
        if len(colour) < 4 or colour[3] in (0, 255):
            fn(self.surf, colour)
            return
        scratch = getattr(self, "_scratch", None)
        if scratch is None:
            scratch = self._scratch = pygame.Surface(self.surf.get_size(), pygame.SRCALPHA)
        area = fn(scratch, colour).inflate(4, 4).clip(scratch.get_rect())
        self.surf.blit(scratch, area, area)
        scratch.fill((0, 0, 0, 0), area)  # the scratch stays clear between calls

    def poly(self, colour: Colour, pts: Sequence[Point], width: float = 0) -> None:
        q, wk = self.pts(pts), int(round(width * self.k))
        self._draw(colour, lambda s, col: pygame.draw.polygon(s, col, q, wk))

    def lines(self, colour: Colour, pts: Sequence[Point], width: float, closed: bool = False) -> None:
        """A thick polyline with round joins."""
        wk = max(1, int(round(width * self.k)))
        ps = self.pts(pts)

        def fn(s: pygame.Surface, col: Colour) -> pygame.Rect:
            r = pygame.draw.lines(s, col, closed, ps, wk)
            if wk > 2:
                for q in ps:
                    r.union_ip(pygame.draw.circle(s, col, q, wk / 2 - 0.5))
            return r
        self._draw(colour, fn)

    def line(self, colour: Colour, a: Point, b: Point, width: float = 1) -> None:
        self.lines(colour, [a, b], width)

    def circle(self, colour: Colour, c: Point, r: float, width: float = 0) -> None:
        cc, rk, wk = self.p(c), r * self.k, int(round(width * self.k))
        self._draw(colour, lambda s, col: pygame.draw.circle(s, col, cc, rk, wk))

    def ellipse(self, colour: Colour, x: float, y: float, w: float, h: float, width: float = 0) -> None:
        rr, wk = self.r(x, y, w, h), int(round(width * self.k))
        self._draw(colour, lambda s, col: pygame.draw.ellipse(s, col, rr, wk))

    def rect(self, colour: Colour, x: float, y: float, w: float, h: float, radius: float = 0, width: float = 0) -> None:
        rr, wk, rad = self.r(x, y, w, h), int(round(width * self.k)), int(round(radius * self.k))
        self._draw(colour, lambda s, col: pygame.draw.rect(s, col, rr, wk, border_radius=rad))

    def arc(self, colour: Colour, x: float, y: float, w: float, h: float, a0: float, a1: float, width: float) -> None:
        """Elliptic arc drawn as a thick polyline (pygame's arc leaves gaps)."""
        n = max(6, int(abs(a1 - a0) * 12))
        pts = [(x + w / 2 + w / 2 * math.cos(a0 + (a1 - a0) * i / n), y + h / 2 - h / 2 * math.sin(a0 + (a1 - a0) * i / n))
               for i in range(n + 1)]
        self.lines(colour, pts, width)

    # layers
    def layer(self) -> "Canvas":
        return Canvas(self.w, self.h, self.k)

    def paste(self, other: "Canvas | pygame.Surface", alpha: int = 255, pos: Point = (0, 0), flags: int = 0) -> None:
        s = other.surf if isinstance(other, Canvas) else other
        if alpha < 255:
            s = s.copy()
            s.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
        self.surf.blit(s, self.p(pos), special_flags=flags)

    def blit_at(self, img: pygame.Surface, centre: Point) -> None:
        """Blit an image that is already at canvas scale, centred on a point."""
        r = img.get_rect(center=self.p(centre))
        self.surf.blit(img, r)

    def fill_gradient_mask(self, top: Colour, bottom: Colour, y0: float | None = None, y1: float | None = None) -> None:
        """Recolour everything drawn on this canvas with a vertical gradient, keeping its alpha."""
        g = vgradient((self.surf.get_width(), self.surf.get_height()), [(0.0, top), (1.0, bottom)],
                      None if y0 is None else (y0 / self.h, (y1 or self.h) / self.h))
        rgbonly = self.surf.copy()
        rgbonly.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)  # white, alpha kept
        rgbonly.blit(g, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
        self.surf = rgbonly

    def result(self) -> pygame.Surface:
        return pygame.transform.smoothscale(self.surf, (self.w, self.h))


# -- surfaces -----------------------------------------------------------------------------------
def vgradient(size: tuple[int, int], stops: Sequence[tuple[float, Colour]],
              span: tuple[float, float] | None = None) -> pygame.Surface:
    """An opaque (or RGBA if stops carry alpha) vertical gradient through (position, colour) stops."""
    w, h = size
    has_alpha = any(len(c) == 4 for _, c in stops)
    s = pygame.Surface((w, h), pygame.SRCALPHA if has_alpha else 0)
    y0, y1 = (0.0, 1.0) if span is None else span
    full = [(p, tuple(c) + ((255,) if has_alpha and len(c) == 3 else ())) for p, c in stops]
    for y in range(h):
        t = (y / max(1, h - 1) - y0) / max(1e-6, (y1 - y0))
        s.fill(_stop_colour(full, t), (0, y, w, 1))
    return s


def _stop_colour(stops: Sequence[tuple[float, Sequence[int]]], t: float) -> tuple[int, ...]:
    if t <= stops[0][0]:
        return tuple(stops[0][1])
    for (p0, c0), (p1, c1) in zip(stops, stops[1:]):
        if t <= p1:
            return mix(c0, c1, (t - p0) / max(1e-6, p1 - p0))
    return tuple(stops[-1][1])


def tile(tex: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    out = pygame.Surface(size, 0 if tex.get_flags() & pygame.SRCALPHA == 0 else pygame.SRCALPHA)
    tw, th = tex.get_size()
    for y in range(0, size[1], th):
        for x in range(0, size[0], tw):
            out.blit(tex, (x, y))
    return out


def blur(s: pygame.Surface, radius: int) -> pygame.Surface:
    """A cheap soft blur: scale down by ``radius`` and back up twice."""
    w, h = s.get_size()
    f = max(1, radius)
    out = s
    for _ in range(2):
        small = pygame.transform.smoothscale(out, (max(1, w // f), max(1, h // f)))
        out = pygame.transform.smoothscale(small, (w, h))
    return out


def recolour(s: pygame.Surface, colour: Colour) -> pygame.Surface:
    """A copy of ``s`` in one flat colour, alpha kept."""
    out = s.copy()
    out.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)
    out.fill((colour[0], colour[1], colour[2], 0), special_flags=pygame.BLEND_RGBA_ADD)
    return out


def shadow_of(s: pygame.Surface, colour: Colour = (0, 0, 0), alpha: int = 120, radius: int = 8) -> pygame.Surface:
    """A blurred silhouette of ``s`` (its alpha) in one colour."""
    sil = recolour(s, colour)
    sil.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    pad = radius * 3
    big = pygame.Surface((s.get_width() + 2 * pad, s.get_height() + 2 * pad), pygame.SRCALPHA)
    big.blit(sil, (pad, pad))
    return blur(big, radius)


def gray_surface(values: Sequence[float], w: int, h: int, lo: Colour, hi: Colour) -> pygame.Surface:
    """Map values in [0, 1] to a colour ramp from lo to hi; an opaque RGB surface."""
    lut = [mix(lo[:3], hi[:3], i / 255) for i in range(256)]
    lutb = [bytes(c) for c in lut]
    buf = b"".join(lutb[min(255, max(0, int(v * 255)))] for v in values)
    return pygame.image.frombytes(buf, (w, h), "RGB")


def ramp_surface(values: Sequence[float], w: int, h: int, stops: Sequence[tuple[float, Colour]]) -> pygame.Surface:
    """Map values in [0, 1] through colour stops; an opaque RGB surface."""
    lutb = [bytes(_stop_colour(stops, i / 255)[:3]) for i in range(256)]
    buf = b"".join(lutb[min(255, max(0, int(v * 255)))] for v in values)
    return pygame.image.frombytes(buf, (w, h), "RGB")


# -- noise --------------------------------------------------------------------------------------
def periodic_noise(w: int, h: int, cells: int, rng: Rng, octaves: int = 4, persistence: float = 0.5,
                   stretch: tuple[int, int] = (1, 1)) -> list[float]:
    """Fractal value noise in [0, 1] that tiles seamlessly (w and h periods).

    ``stretch`` divides the cell count per axis, e.g. (4, 1) gives grain that runs along x."""
    total = [0.0] * (w * h)
    amp, norm = 1.0, 0.0
    for o in range(octaves):
        cx = max(1, (cells << o) // stretch[0])
        cy = max(1, (cells << o) // stretch[1])
        grid = [[rng.random() for _ in range(cx)] for _ in range(cy)]
        xs = [_cell(x, w, cx) for x in range(w)]
        for y in range(h):
            j0, j1, ty = _cell(y, h, cy)
            r0, r1 = grid[j0], grid[j1]
            base = y * w
            for x in range(w):
                i0, i1, tx = xs[x]
                a = r0[i0] + (r0[i1] - r0[i0]) * tx
                b = r1[i0] + (r1[i1] - r1[i0]) * tx
                total[base + x] += amp * (a + (b - a) * ty)
        norm += amp
        amp *= persistence
    return [v / norm for v in total]


def _cell(x: int, size: int, cells: int) -> tuple[int, int, float]:
    f = x * cells / size
    i = int(f)
    t = f - i
    t = t * t * (3 - 2 * t)
    return i % cells, (i + 1) % cells, t


def stretch_contrast(values: list[float], lo: float = 0.02, hi: float = 0.98) -> list[float]:
    """Rescale values so that their range fills [0, 1] (the small percentiles clipped)."""
    srt = sorted(values)
    a = srt[int(lo * (len(srt) - 1))]
    b = srt[int(hi * (len(srt) - 1))]
    d = max(1e-6, b - a)
    return [min(1.0, max(0.0, (v - a) / d)) for v in values]


# -- lettering ----------------------------------------------------------------------------------
def lettering(font: pygame.font.Font, text: str, top: Colour, bottom: Colour, outline: Colour,
              outline_w: int, shadow: Colour | None = (0, 0, 0), shadow_off: tuple[int, int] = (0, 0),
              shadow_blur: int = 0, shadow_alpha: int = 150) -> pygame.Surface:
    """Text with a vertical gradient fill, a round outline and an optional soft drop shadow."""
    glyphs = font.render(text, True, (255, 255, 255))
    gw, gh = glyphs.get_size()
    pad = outline_w + max(abs(shadow_off[0]), abs(shadow_off[1])) + shadow_blur * 3 + 2
    W, H = gw + 2 * pad, gh + 2 * pad
    out = pygame.Surface((W, H), pygame.SRCALPHA)
    # outline: the glyph mask stamped around a circle
    ring = pygame.Surface((W, H), pygame.SRCALPHA)
    mask = recolour(glyphs, outline)
    steps = max(12, outline_w * 6)
    for r in range(1, outline_w + 1):
        for i in range(steps):
            a = 2 * math.pi * i / steps
            ring.blit(mask, (pad + round(r * math.cos(a)), pad + round(r * math.sin(a))))
    ring.blit(mask, (pad, pad))
    if shadow is not None:
        sh = shadow_of(ring, shadow, shadow_alpha, max(1, shadow_blur))
        off = (shadow_off[0] - max(1, shadow_blur) * 3, shadow_off[1] - max(1, shadow_blur) * 3)
        out.blit(sh, off)
    out.blit(ring, (0, 0))
    fill = glyphs.copy()
    grad = vgradient((gw, gh), [(0.0, top), (0.55, mix(top, bottom, 0.5)), (1.0, bottom)], (0.2, 0.85))
    fill.blit(grad, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    out.blit(fill, (pad, pad))
    return out


def scatter_wrapped(draw: Callable[[float, float], None], x: float, y: float, w: int, h: int) -> None:
    """Call ``draw`` at (x, y) and at its 8 wrapped copies so a motif crosses tile edges seamlessly."""
    for dx in (-w, 0, w):
        for dy in (-h, 0, h):
            draw(x + dx, y + dy)


# -- what every art script needs ----------------------------------------------------------------
def font(role: str, size: int) -> pygame.font.Font:
    """The game's font for ``role`` (game.ui.palette.FONT_FILES) at ``size`` pixels."""
    return pygame.font.Font(str(ROOT / "assets" / "fonts" / P.FONT_FILES[role]), size)


def posterize(s: pygame.Surface, bits: int) -> pygame.Surface:
    """Drop the lowest ``bits`` of each colour channel, alpha kept (the PNG shrinks; invisible under grain)."""
    step = 1 << bits
    lut = bytes(min(255, (v // step) * step + step // 2) for v in range(256))
    data = pygame.image.tobytes(s, "RGBA")
    rgb = bytearray(data)
    rgb[0::4] = data[0::4].translate(lut)
    rgb[1::4] = data[1::4].translate(lut)
    rgb[2::4] = data[2::4].translate(lut)
    return pygame.image.frombytes(bytes(rgb), s.get_size(), "RGBA")


def tex_fill(c: Canvas, tex: pygame.Surface, tex_px: int = 256) -> pygame.Surface:
    """A canvas-sized surface tiled with the texture ``tex`` shown ``tex_px`` art pixels wide."""
    t = pygame.transform.smoothscale(tex, (tex_px * c.k, tex_px * c.k))
    return tile(t, c.surf.get_size())


def clip_paste(c: Canvas, lay: Canvas, x: float, y: float, w: float, h: float, r: float) -> None:
    """Paste ``lay`` on ``c`` clipped to a rounded rectangle."""
    mask = c.layer()
    mask.rect((255, 255, 255, 255), x, y, w, h, radius=r)
    lay.surf.blit(mask.surf, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    c.paste(lay)


def glow(c: Canvas, x: float, y: float, r: float, col: Colour, alpha: int) -> None:
    """A soft disc of light of radius ``r`` (blurred by 0.6 of it) pasted at ``alpha``."""
    g = c.layer()
    g.circle(rgba(col, 255), (x, y), r)
    c.paste(blur(g.surf, max(1, int(r * c.k * 0.6))), alpha)


def run_alone(name: str, doc: str, build_all: Callable[[dict], dict], menu: str,
              menu_picture: Callable[[], pygame.Surface], argv: list[str] | None = None) -> int:
    """A game's art script run on its own (``python build/<name>.py [--out DIR] [--sheet PNG] [--only TEXT]``):
    make_art's textures, the game's images from ``build_all`` and its menu picture (``menu``) written
    under --out (default assets/images/), and an optional contact sheet."""
    import argparse
    import time

    import make_art as M
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "assets" / "images", help="output folder (default: assets/images)")
    ap.add_argument("--sheet", type=Path, default=None, help="also write a contact sheet PNG here")
    ap.add_argument("--only", default="", help="draw only the images whose name contains this (for looking)")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    setup()
    for tex, fn in (("sea", M.tex_sea), ("sand", M.tex_sand), ("wood", M.tex_wood), ("parchment", M.tex_parchment)):
        M.tex_cache[tex] = fn()
    images = build_all(dict(M.tex_cache))
    images[menu] = menu_picture()
    if args.only:
        images = {k: v for k, v in images.items() if args.only in k}
    for rel, surf in images.items():
        path = args.out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surf, str(path))
    if args.sheet:
        pygame.image.save(M.contact_sheet(images, 1600), str(args.sheet))
    print(f"{name}: {len(images)} images in {args.out} ({time.perf_counter() - t0:.1f} s)")
    return 0
