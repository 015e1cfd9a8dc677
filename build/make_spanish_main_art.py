#!/usr/bin/env python
"""Pirates of the Spanish Main pieces, drawn by our own code (no copied art): the 9 ship cards (whole
and damaged), the 9 captain portraits and the pirate card back, a face for each movement kind and
its back, a face for each adventure kind and its back (the back is also the face-down fame card),
the three flags, the fame token, the damage marker, the row's space markers 1-9, the sea-chart table
and the menu picture.

Used two ways: ``build/make_art.py`` imports ``build_all`` like the other games' art modules (so
``make art`` and tests/test_art.py draw and check everything), and it runs on its own:
``python build/make_spanish_main_art.py [--out DIR] [--sheet PNG]`` writes only these images (default
assets/images/) and an optional contact sheet. Deterministic (game.core.rng.Rng, portable
smoothscale). game/games/spanish_main/sprites.py loads these; the ids, the sizes and the blank plates
(``*_RECT``) are its own, imported here, so the two cannot drift apart.

File names use the engine's ids (game/games/spanish_main/rules.py): ``ship-en-1.png`` and
``ship-en-1_damaged.png``, ``pirate-en-1.png``, ``mv-sabotage.png``, ``adv-kraken.png`` ...

Colour-blind safe flags: every flag differs by pattern and emblem, not by colour alone. English: a red
cross on white; Spanish: a gold castle on a plain red field; Dutch: three horizontal stripes (red, white,
blue) with a lion. Adventure faces carry a category badge (star = fame, burst = damage, star with a
minus = fame lost, eye = reveal) and, for the cards that name spaces, a strip of the 9 spaces with the
targets marked by shape (star, cross, minus).

Layout (card art 180x252, every card): ``PICTURE_*`` is the picture window, the ``*_RECT`` numbers
(sprites.py) are the blank parchment where the scene letters names and effects in the player's language.
"""
from __future__ import annotations

import math
from typing import Callable

import art_lib as A  # first: the repository on sys.path, SDL headless
import pygame
from art_lib import Canvas, font, mix, rgba, shade
from game.core.rng import Rng
from game.games.spanish_main.sprites import (  # the ids and the layout the game reads the art by
    ADV_TEXT_RECT, ADVENTURE_TYPES, ART_CARD as CARD, ART_FLAG as FLAG, ART_SPACE as SPACE, ART_TABLE as TABLE,
    ART_TOKEN as TOKEN, CAPTAIN_RECT, CATEGORY, FLAG_BADGE, FLAGS, MOVE_NAME_RECT, MOVEMENT_TYPES, PIRATE_NAME_RECT,
    PIRATES, RIBBON_RECT, SHIP_NAME_RECT, SHIPS)
from game.ui import palette as P

PREFIX = "spanish-main/"

#: spaces named by the space cards (rules.py SPACE_FAME, SPACE_DAMAGE, SPACE_LOSS)
SPACE_TARGETS = {"adv-ancient-relics": ("fame", (1, 2, 3)), "adv-native-alliance": ("fame", (1, 2, 3)),
                 "adv-island-discovery": ("fame", (1, 2, 3, 4)), "adv-parley": ("fame", (1, 2, 3, 4)),
                 "adv-neptunes-favor": ("fame", (1, 3, 5)), "adv-mermaids": ("fame", (2, 4, 6)),
                 "adv-kraken": ("damage", (4, 6, 8)), "adv-cursed-waters": ("damage", (5, 7, 9)),
                 "adv-ghost-ship": ("loss", (7, 8, 9)), "adv-cursed-ship": ("loss", (1, 2))}

# ---- sizes and layout (art pixels) -----------------------------------------------------------------
# (the card, flag, token, space and table sizes and the blank plates' *_RECT: from sprites.py above)
RADIUS = 11
PICTURE_SHIP = (8, 8, 164, 170)
PICTURE_PIRATE = (8, 8, 164, 180)
PICTURE_MOVE = (8, 8, 164, 164)
PICTURE_ADV = (8, 8, 164, 122)
MENU = (400, 240)
K = 3

NATION = {"en": (196, 36, 44), "es": (178, 30, 40), "nl": (33, 70, 139)}
FLAG_RED = (196, 36, 44)
ES_RED = (172, 26, 36)
NL_RED = (174, 28, 40)
NL_BLUE = (33, 70, 139)
FLAG_WHITE = (246, 242, 232)
INK = P.INK
SKIN = ((238, 196, 156), (214, 166, 120), (176, 122, 82), (150, 98, 64), (242, 206, 172))
SAIL = (246, 236, 210)
STEEL = (176, 184, 194)
FOG = (214, 218, 220)
PURPLE = (112, 60, 130)
DMG = (160, 36, 30)

_tex: dict[str, pygame.Surface] = {}


# =============================================================================================
# helpers
# =============================================================================================
def M():
    import make_art
    return make_art


def grad(c: Canvas, x: float, y: float, w: float, h: float, stops) -> None:
    g = A.vgradient((max(1, int(w * c.k)), max(1, int(h * c.k))), stops)
    c.surf.blit(g, c.p((x, y)))


def text_img(c: Canvas, text: str, size: float, col=INK, role: str = "display") -> pygame.Surface:
    """Lettering at canvas scale (numerals only: words are lettered by the scene)."""
    f = font(role, max(4, int(size * c.k)))
    return f.render(text, True, col)


def numeral_badge(c: Canvas, x: float, y: float, r: float, text: str, fill=P.PARCHMENT, ink=INK) -> None:
    c.circle(rgba((0, 0, 0), 90), (x + 1, y + 2), r)
    c.circle(INK, (x, y), r)
    c.circle(fill, (x, y), r - 1.6)
    c.circle(rgba(P.GOLD, 255), (x, y), r - 3, width=0.8)
    g = text_img(c, text, r * 1.5, ink)
    c.surf.blit(g, g.get_rect(center=c.p((x, y + r * 0.1))))


def parchment_plate(c: Canvas, x: float, y: float, w: float, h: float, r: float = 6) -> None:
    c.rect(rgba((0, 0, 0), 70), x + 1, y + 2, w, h, radius=r)
    lay = c.layer()
    lay.rect((255, 255, 255), x, y, w, h, radius=r)
    lay.fill_gradient_mask(mix((255, 250, 238), P.PARCHMENT, 0.4), mix(P.PARCHMENT, P.PARCHMENT_DARK, 0.35))
    lay.surf.blit(A.tex_fill(c, _tex["parchment"], 180), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    add = pygame.Surface(c.surf.get_size())
    add.fill((40, 36, 30))
    lay.surf.blit(add, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    c.paste(lay)
    c.rect(shade(P.GOLD, 0.8), x, y, w, h, radius=r, width=1.2)


def plate_under(c: Canvas, *rects: tuple[int, int, int, int]) -> None:
    """The blank plate the scene letters on: around ``rects`` (sprites.py's ``*_RECT``) with a 2 px margin."""
    x, y = min(r[0] for r in rects), min(r[1] for r in rects)
    x1, y1 = max(r[0] + r[2] for r in rects), max(r[1] + r[3] for r in rects)
    parchment_plate(c, x - 2, y - 2, x1 - x + 4, y1 - y + 4)


def card_frame(c: Canvas, frame=P.WOOD_DARK, face=None) -> None:
    """The card's edge and body (wood for ships and movement, per kind for the others)."""
    W, H = CARD
    c.rect(shade(frame, 0.7), 0, 0, W, H, radius=RADIUS)
    body = c.layer()
    body.rect((255, 255, 255), 2.5, 2.5, W - 5, H - 5, radius=RADIUS - 2)
    top, bottom = face or (shade(frame, 1.15), shade(frame, 0.85))
    body.fill_gradient_mask(top, bottom)
    wood = A.tex_fill(c, _tex["wood"], 160)
    lay_w = body.surf.copy()
    lay_w.blit(wood, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    c.paste(body)
    c.paste(lay_w, 70)
    c.rect(rgba(P.GOLD, 220), 4.5, 4.5, W - 9, H - 9, radius=RADIUS - 4, width=1.0)


def window(c: Canvas, rect, draw: Callable[[Canvas], None], r: float = 7) -> None:
    """A picture drawn by ``draw`` on a layer, clipped to ``rect``, with a gold rim."""
    x, y, w, h = rect
    lay = c.layer()
    draw(lay)
    A.clip_paste(c, lay, x, y, w, h, r)
    c.rect(INK, x, y, w, h, radius=r, width=1.6)
    c.rect(rgba(P.GOLD_LIGHT, 160), x + 1.6, y + 1.6, w - 3.2, h - 3.2, radius=r - 1.5, width=0.7)


def finish(c: Canvas, bits: int = 2) -> pygame.Surface:
    return A.posterize(M().round_corners(c.result(), RADIUS), bits)


def arrow(c: Canvas, x0: float, x1: float, y: float, h: float, col, label: str | None = None) -> None:
    """A fat arrow from x0 to x1 (pointing toward x1), ``h`` high at its head, with an optional number
    on its shaft."""
    d = 1 if x1 > x0 else -1
    head = h * 0.75
    shaft = h * 0.26
    hh = h / 2
    pts = [(x0, y - shaft), (x1 - d * head, y - shaft), (x1 - d * head, y - hh), (x1, y),
           (x1 - d * head, y + hh), (x1 - d * head, y + shaft), (x0, y + shaft)]
    c.poly(rgba((0, 0, 0), 90), [(px + 1.5, py + 2.5) for px, py in pts])
    c.poly(INK, pts)
    e = 1.6
    inner = [(x0 + d * e, y - shaft + e), (x1 - d * head - d * e * 0.4, y - shaft + e),
             (x1 - d * head - d * e * 0.4, y - hh + e * 1.8), (x1 - d * e * 2.2, y), (x1 - d * head - d * e * 0.4, y + hh - e * 1.8),
             (x1 - d * head - d * e * 0.4, y + shaft - e), (x0 + d * e, y + shaft - e)]
    c.poly(col, inner)
    c.poly(shade(col, 1.3), inner[:3] + [(x1 - d * e * 2.2, y), (x0 + d * e, y)])
    if label:
        bx = (x0 + x1 - d * head) / 2
        numeral_badge(c, bx, y, h * 0.5, label)


# =============================================================================================
# flags
# =============================================================================================
def castle(c: Canvas, cx: float, cy: float, s: float, col, ink) -> None:
    """The Spanish emblem: a three-towered castle, ``s`` wide, centred."""
    def R(x, y, w, h):
        return (cx + x * s, cy + y * s, w * s, h * s)
    parts = [R(-0.5, -0.05, 1.0, 0.5), R(-0.5, -0.35, 0.28, 0.35), R(0.22, -0.35, 0.28, 0.35), R(-0.16, -0.5, 0.32, 0.5)]
    merlons = []
    for bx, by, n in ((-0.5, -0.35, 2), (0.22, -0.35, 2), (-0.16, -0.5, 2)):
        for i in range(n + 1):
            merlons.append(R(bx + i * 0.28 * (0.32 / 0.28 if by == -0.5 else 1) / n - 0.03, by - 0.1, 0.08, 0.1))
    for r in parts + merlons:
        c.rect(ink, r[0] - s * 0.04, r[1] - s * 0.04, r[2] + s * 0.08, r[3] + s * 0.08)
    for r in parts + merlons:
        c.rect(col, *r)
    c.rect(ink, *R(-0.1, 0.12, 0.2, 0.33), radius=s * 0.1)          # gate
    for wx in (-0.38, 0.34):
        c.rect(ink, *R(wx, -0.22, 0.06, 0.12))
    c.rect(ink, *R(-0.03, -0.38, 0.06, 0.14))
    c.line(shade(col, 0.7), (cx - 0.5 * s, cy + 0.18 * s), (cx + 0.5 * s, cy + 0.18 * s), max(0.4, s * 0.03))


def lion(c: Canvas, cx: float, cy: float, s: float, col, ink) -> None:
    """The Dutch emblem: a rampant lion facing left (raised claws, spiky mane, tufted tail), about ``s``
    high, centred."""
    def T(x, y):
        return (cx + x * s, cy + y * s)
    body = [T(-0.2, -0.12), T(0.0, -0.2), T(0.16, 0.05), T(0.16, 0.26), T(0.02, 0.3), T(-0.1, 0.12)]
    tail = A.bezier(T(0.14, 0.24), T(0.46, 0.3), T(0.22, -0.1), T(0.36, -0.3), 12)
    limbs = [(T(-0.14, -0.1), T(-0.38, -0.26)), (T(-0.1, 0.02), T(-0.36, 0.02)),     # raised forelegs
             (T(0.04, 0.26), T(-0.14, 0.46)), (T(0.12, 0.24), T(0.26, 0.46))]       # hind legs
    for stroke, extra in ((ink, 0.07), (col, 0.0)):
        c.lines(stroke, tail, s * (0.05 + extra))
        for p0, p1 in limbs:
            c.line(stroke, p0, p1, s * (0.1 + extra))
    tip = T(0.36, -0.32)
    c.poly(ink, A.star_points(tip[0], tip[1], s * 0.12, s * 0.06, 6))
    c.poly(col, A.star_points(tip[0], tip[1], s * 0.08, s * 0.04, 6))
    for p0, p1 in limbs:   # claws
        c.circle(ink, p1, s * 0.065)
        c.circle(col, p1, s * 0.04)
    c.poly(ink, body, width=max(0.6, s * 0.08))
    c.poly(col, body)
    hx, hy = T(-0.2, -0.28)
    c.poly(ink, A.star_points(hx, hy, s * 0.22, s * 0.15, 11))
    c.poly(col, A.star_points(hx, hy, s * 0.18, s * 0.12, 11))
    c.circle(ink, (hx - s * 0.04, hy - s * 0.02), s * 0.025)
    c.poly(ink, [(hx - s * 0.16, hy + s * 0.02), (hx - s * 0.06, hy + s * 0.05), (hx - s * 0.15, hy + s * 0.09)])
    c.poly(DMG, [(hx - s * 0.16, hy + s * 0.06), (hx - s * 0.25, hy + s * 0.08), (hx - s * 0.15, hy + s * 0.09)])   # tongue


def flag_flat(kind: str, w: int, h: int, k: int = 4) -> Canvas:
    """A flag, flat, filling w x h (no pole) with a thin dark edge."""
    c = Canvas(w, h, k)
    if kind == "en":
        c.rect(FLAG_WHITE, 0, 0, w, h)
        t = h * 0.2
        c.rect(FLAG_RED, 0, h / 2 - t / 2, w, t)
        c.rect(FLAG_RED, w / 2 - t / 2, 0, t, h)
    elif kind == "es":
        c.rect(ES_RED, 0, 0, w, h)
        c.rect(P.GOLD, 0, 0, w, h * 0.07)
        c.rect(P.GOLD, 0, h * 0.93, w, h * 0.07)
        castle(c, w / 2, h * 0.52, h * 0.62, P.GOLD, shade(INK, 0.8))
    elif kind == "nl":
        c.rect(NL_RED, 0, 0, w, h / 3 + 0.5)
        c.rect(FLAG_WHITE, 0, h / 3, w, h / 3 + 0.5)
        c.rect(NL_BLUE, 0, 2 * h / 3, w, h / 3)
        lion(c, w / 2, h * 0.5, h * 0.78, P.GOLD, shade(INK, 0.8))
    c.rect(shade(INK, 0.8), 0, 0, w, h, width=max(0.6, h * 0.04))
    return c


def waved(flat: pygame.Surface, amp: float, waves: float = 1.0) -> pygame.Surface:
    """A flat flag bent into a wave (each column shifted), the hoist at the left kept straight."""
    w, h = flat.get_size()
    pad = int(math.ceil(amp)) + 1
    out = pygame.Surface((w, h + 2 * pad), pygame.SRCALPHA)
    for x in range(w):
        t = x / max(1, w - 1)
        dy = amp * t * math.sin(t * math.pi * 2 * waves)
        shadef = 1.0 - 0.18 * t * (0.5 + 0.5 * math.cos(t * math.pi * 2 * waves))
        col = flat.subsurface((x, 0, 1, h)).copy()
        if shadef < 1:
            v = int(255 * shadef)
            col.fill((v, v, v, 255), special_flags=pygame.BLEND_RGBA_MULT)
        out.blit(col, (x, pad + int(round(dy))))
    return out


def flag_on_pole(c: Canvas, kind: str, x: float, y: float, w: float, h: float, d: int = 1) -> None:
    """A waving flag whose hoist is at (x, y), flying toward ``d``."""
    flat = flag_flat(kind, int(w * c.k), int(h * c.k), 1).surf
    wv = waved(flat, h * c.k * 0.12, 0.9)
    if d < 0:
        wv = pygame.transform.flip(wv, True, False)
    pad = (wv.get_height() - flat.get_height()) // 2
    px, py = c.p((x, y))
    c.surf.blit(wv, (px if d > 0 else px - wv.get_width(), py - pad))


def flag_badge(c: Canvas, kind: str, x: float, y: float, w: float, h: float) -> None:
    c.rect(rgba((0, 0, 0), 110), x + 1, y + 2, w, h, radius=2)
    c.rect(INK, x - 1.2, y - 1.2, w + 2.4, h + 2.4, radius=2.4)
    img = flag_flat(kind, int(w * c.k), int(h * c.k), 1).surf
    c.surf.blit(img, c.p((x, y)))
    c.rect(rgba(P.GOLD_LIGHT, 200), x - 1.2, y - 1.2, w + 2.4, h + 2.4, radius=2.4, width=0.7)


def flag_image(kind: str) -> pygame.Surface:
    W, H = FLAG
    c = Canvas(W, H, 4)
    img = flag_flat(kind, (W - 4) * 4, (H - 4) * 4, 1).surf
    c.surf.blit(img, (8, 8))
    c.rect(INK, 2, 2, W - 4, H - 4, width=1.6)
    return c.result()


# =============================================================================================
# ships (side view, bow to the right: the ships sail toward space 1)
# =============================================================================================
SHIP_LOOK = {  # hull, trim, masts, sky (dawn / day / dusk), sail tint
    "ship-en-1": ((120, 76, 44), P.GOLD, 3, "day", SAIL),
    "ship-en-2": ((70, 56, 52), FLAG_RED, 2, "dusk", (240, 232, 222)),
    "ship-en-3": ((150, 104, 62), (40, 90, 160), 3, "dawn", (250, 244, 226)),
    "ship-es-1": ((112, 48, 36), P.GOLD, 3, "dusk", (244, 226, 196)),
    "ship-es-2": ((42, 36, 40), (200, 180, 150), 2, "day", (232, 226, 214)),
    "ship-es-3": ((140, 84, 40), (30, 120, 100), 3, "dawn", SAIL),
    "ship-nl-1": ((96, 70, 48), (240, 150, 40), 3, "dawn", SAIL),
    "ship-nl-2": ((128, 96, 58), NL_BLUE, 2, "day", (248, 240, 220)),
    "ship-nl-3": ((58, 50, 60), (150, 40, 50), 3, "dusk", (236, 228, 210)),
}
SKIES = {"day": ((84, 152, 204), (214, 232, 236)), "dusk": ((70, 84, 140), (250, 180, 120)),
         "dawn": ((120, 160, 200), (252, 222, 176))}
MASTS = {3: ((-0.45, 1.0), (0.05, 1.35), (0.5, 1.05)), 2: ((-0.3, 1.15), (0.3, 1.3))}


def sea_sky(c: Canvas, rect, sky: str, rng: Rng, horizon: float = 0.62, grey: bool = False) -> None:
    x, y, w, h = rect
    top, low = SKIES[sky]
    if grey:
        top, low = (96, 102, 110), (170, 172, 170)
    grad(c, x, y, w, h * horizon, [(0.0, top), (0.7, mix(top, low, 0.6)), (1.0, low)])
    hy = y + h * horizon
    deep = P.SEA_DEEP if not grey else (52, 62, 70)
    mid = P.SEA if not grey else (76, 90, 96)
    grad(c, x, hy, w, h - h * horizon, [(0.0, mix(mid, low, 0.35)), (0.3, mid), (1.0, deep)])
    lay = c.layer()
    for i in range(26):
        t = (i + rng.random()) / 26
        yy = hy + 2 + (h - h * horizon - 2) * t * t
        xx = x + rng.random() * w
        ww = 2 + 9 * t
        lay.lines(rgba(P.FOAM, 255), A.quad((xx - ww, yy + ww * 0.18), (xx, yy - ww * 0.25), (xx + ww, yy + ww * 0.18), 6),
                  0.6 + 0.8 * t)
    c.paste(lay, 110)
    c.rect(rgba((255, 250, 230), 120), x, hy, w, 0.8)


def draw_ship(c: Canvas, x: float, y: float, s: float, look, flag: str | None, damaged: bool = False) -> None:
    """A galleon (bow right) on the waterline at (x, y), ``s`` its half length, the nation's flag on
    the main mast; damaged: torn sails, the main mast snapped, its top and sail fallen in the sea."""
    Mk = M()
    hull, trim, masts, _sky, sail = look
    if damaged:
        sail = mix(sail, (150, 146, 138), 0.45)

    def T(px, py):
        return (x + px * s, y + py * s)
    Mk.ship(c, x, y, s, 1, hull, sail, flag=False, masts=masts, sails=not damaged, trim=trim)
    main = max(MASTS[masts], key=lambda m: m[1])
    mx, mh = main
    if not damaged:
        if flag:
            top = T(mx, -0.2 - mh)
            c.line(shade(P.WOOD_DARK, 0.9), top, (top[0], top[1] - s * 0.08), s * 0.03)
            flag_on_pole(c, flag, top[0], top[1] - s * 0.08, s * 0.44, s * 0.3)
        return
    # damaged: masts drawn here, the main one snapped at half height
    c.line(shade(P.WOOD_DARK, 0.9), T(0.72, -0.22), T(1.0, -0.42), s * 0.03)   # short, broken bowsprit
    for px, ph in MASTS[masts]:
        snapped = (px, ph) == main
        top_y = -0.2 - (ph * 0.5 if snapped else ph)
        c.line(shade(P.WOOD_DARK, 0.9), T(px, -0.1), T(px, top_y), s * 0.035)
        if snapped:
            jag = [T(px - 0.03, top_y), T(px - 0.01, top_y - 0.07), T(px + 0.005, top_y - 0.02), T(px + 0.02, top_y - 0.09),
                   T(px + 0.035, top_y)]
            c.poly(P.WOOD_LIGHT, jag)
            # the fallen top: leaning over the side into the sea, its sail dragging
            a, b = T(px + 0.1, top_y + 0.05), T(px + 0.75, -0.02)
            c.line(shade(P.WOOD_DARK, 0.9), a, b, s * 0.032)
            rag = [T(px + 0.22, top_y + 0.02), T(px + 0.62, -0.1), T(px + 0.5, 0.02), T(px + 0.38, -0.02),
                   T(px + 0.3, 0.05), T(px + 0.2, -0.05)]
            c.poly(shade(sail, 0.8), rag)
            continue
        sw = 0.22
        y0, y1 = -0.42, -0.2 - ph * 0.85
        pts = [T(px - sw, y1), T(px + sw, y1), T(px + sw * 1.05, y0 + 0.02)]
        n = 6
        for i in range(n + 1):   # ragged foot
            t = 1 - i / n
            pts.append(T(px - sw * 1.05 + 2 * sw * 1.05 * t, y0 - (0.1 if i % 2 else 0.0) - 0.04 * ((i * 7) % 3)))
        c.poly(sail, pts)
        c.poly(shade(sail, 0.86), [T(px, y1), T(px + sw, y1), T(px + sw * 1.05, y0), T(px, y0 - 0.05)])
        for hx, hy, hr in ((px - 0.08, (y0 + y1) / 2, 0.05), (px + 0.1, y1 + 0.15, 0.035)):   # shot holes
            c.ellipse(shade(sail, 0.45), *T(hx - hr, hy - hr), 2 * hr * s, 1.6 * hr * s)
        c.line(shade(P.WOOD_DARK, 0.8), T(px - sw * 1.15, y1), T(px + sw * 1.15, y1), s * 0.022)
    if flag:   # the flag, torn, hanging from the stump
        top = T(mx, -0.2 - mh * 0.5)
        img = flag_flat(flag, int(s * 0.3 * c.k), int(s * 0.2 * c.k), 1).surf
        img = pygame.transform.rotate(img, -70)
        c.surf.blit(img, img.get_rect(topleft=c.p((top[0] - s * 0.02, top[1]))))
    for hx in (-0.5, 0.2, 0.55):   # holes in the hull
        c.ellipse((26, 18, 14), *T(hx - 0.05, -0.05), s * 0.1, s * 0.07)
        c.ellipse(shade(hull, 1.3), *T(hx - 0.06, -0.065), s * 0.11, s * 0.02)


def smoke(c: Canvas, x: float, y: float, s: float, rng: Rng) -> None:
    lay = c.layer()
    for i in range(7):
        t = i / 6
        r = s * (0.25 + 0.35 * t)
        lay.circle((96, 96, 100, 255), (x - s * 0.4 * t + rng.random() * s * 0.2, y - s * 1.6 * t), r)
        lay.circle((150, 150, 152, 255), (x - s * 0.4 * t + rng.random() * s * 0.2 - r * 0.2, y - s * 1.6 * t - r * 0.2), r * 0.7)
    c.paste(A.blur(lay.surf, max(2, int(s * c.k * 0.25))), 150)


def rotate_about(surf: pygame.Surface, pivot: tuple[int, int], angle: float) -> tuple[pygame.Surface, tuple[int, int]]:
    """``surf`` turned by ``angle`` degrees (counter-clockwise) about ``pivot``; the blit position."""
    w, h = surf.get_size()
    out = pygame.transform.rotate(surf, angle)
    vx, vy = pivot[0] - w / 2, pivot[1] - h / 2
    a = math.radians(angle)
    rx, ry = vx * math.cos(a) + vy * math.sin(a), -vx * math.sin(a) + vy * math.cos(a)
    cx, cy = out.get_width() / 2 + rx, out.get_height() / 2 + ry
    return out, (int(round(pivot[0] - cx)), int(round(pivot[1] - cy)))


def desaturate(c: Canvas, amount: float) -> None:
    grey = pygame.transform.grayscale(c.surf)
    grey.fill((236, 232, 226, 255), special_flags=pygame.BLEND_RGBA_MULT)
    grey.fill((255, 255, 255, int(255 * amount)), special_flags=pygame.BLEND_RGBA_MULT)
    c.surf.blit(grey, (0, 0))


def ribbon(c: Canvas, rect, col=DMG) -> None:
    """A banner across the picture (blank: the scene letters "damaged" on it)."""
    x, y, w, h = rect
    ext, tail = 22, 12
    for sx in (-1, 1):
        ex = x - ext if sx < 0 else x + w + ext
        base = x if sx < 0 else x + w
        c.poly(shade(col, 0.55), [(base, y + 5), (ex, y + 5), (ex - sx * tail, y + h / 2 + 5), (ex, y + h + 5),
                                   (base, y + h + 5)])
        c.poly(shade(col, 0.35), [(base, y + h), (base + sx * 6, y + h + 5), (base, y + h + 5)])
    c.rect(rgba((0, 0, 0), 90), x + 1, y + 2, w, h)
    c.rect(col, x, y, w, h)
    c.rect(shade(col, 1.25), x, y, w, h * 0.3)
    for yy in (y + 2, y + h - 2):   # stitched edges
        for i in range(int(w // 6)):
            c.line(rgba(P.PARCHMENT, 200), (x + 3 + i * 6, yy), (x + 6 + i * 6, yy), 0.7)


def ship_card(ship: str, damaged: bool) -> pygame.Surface:
    look = SHIP_LOOK[ship]
    flag = ship.split("-")[1]
    rng = Rng(900 + SHIPS.index(ship) * 7 + (3 if damaged else 0))
    c = Canvas(*CARD, K)
    card_frame(c, P.WOOD_DARK if not damaged else (84, 80, 78))

    def pic(lay: Canvas) -> None:
        sea_sky(lay, PICTURE_SHIP, look[3], rng, 0.64, grey=damaged)
        x, y, w, h = PICTURE_SHIP
        if not damaged:
            if look[3] == "dusk":
                M().sun(lay, x + w * 0.22, y + h * 0.6, 9)
            M().cloud(lay, x + w * 0.72, y + h * 0.16, 7, 190)
        sx, sy = x + w * 0.47, y + h * 0.86
        if damaged:
            sy = y + h * 0.76
            lay2 = lay.layer()
            draw_ship(lay2, sx, sy, 58, look, flag, True)
            turned, at = rotate_about(lay2.surf, lay.p((sx, sy)), 6)
            lay.surf.blit(turned, at)
            smoke(lay, sx - 30, sy - 30, 16, rng)
            smoke(lay, sx + 30, sy - 24, 11, rng)
            desaturate(lay, 0.7)
        else:
            draw_ship(lay, sx, sy, 60, look, flag, False)
        lay.ellipse(rgba(P.FOAM, 140), sx - 62, sy + 4, 124, 5)
    window(c, PICTURE_SHIP, pic)
    if damaged:
        ribbon(c, RIBBON_RECT)
    flag_badge(c, flag, *FLAG_BADGE)
    plate_under(c, SHIP_NAME_RECT, CAPTAIN_RECT)
    c.line(rgba(P.GOLD, 200), (24, 215), (156, 215), 0.8)
    out = finish(c)
    if damaged:   # a grey cast over the whole card
        g = pygame.transform.grayscale(out)
        g.fill((255, 255, 255, 110), special_flags=pygame.BLEND_RGBA_MULT)
        out.blit(g, (0, 0))
    return out


# =============================================================================================
# captains (portraits for the secret pirate cards)
# =============================================================================================
# skin, hair colour, hair style, beard, hat, hat colour, coat, backdrop, extras
CAPTAINS = {
    "pirate-en-1": dict(skin=SKIN[0], hair=(30, 26, 24), hair_style="short", beard="full", hat="tricorn",
                        hat_col=(34, 28, 30), coat=(170, 36, 40), back=(196, 214, 224), extra=("eyepatch", "scar")),
    "pirate-en-2": dict(skin=SKIN[4], hair=(150, 62, 30), hair_style="long", beard=None, hat="bandana",
                        hat_col=(200, 40, 44), coat=(30, 50, 96), back=(230, 208, 170), extra=("earring",)),
    "pirate-en-3": dict(skin=SKIN[0], hair=(226, 196, 110), hair_style="tail", beard="moustache", hat="bicorne",
                        hat_col=(40, 40, 60), coat=(40, 110, 70), back=(220, 200, 220), extra=("pipe",)),
    "pirate-es-1": dict(skin=SKIN[2], hair=(24, 20, 18), hair_style="wild", beard="wild", hat="bandana",
                        hat_col=(30, 30, 34), coat=(190, 120, 40), back=(240, 190, 150), extra=("earring", "scar")),
    "pirate-es-2": dict(skin=SKIN[1], hair=(28, 22, 26), hair_style="long", beard=None, hat="feather",
                        hat_col=(90, 40, 110), coat=(110, 40, 120), back=(190, 210, 200), extra=("earring",)),
    "pirate-es-3": dict(skin=SKIN[3], hair=(140, 140, 140), hair_style="short", beard="goatee", hat="morion",
                        hat_col=STEEL, coat=(80, 40, 30), back=(236, 220, 160), extra=("hook",)),
    "pirate-nl-1": dict(skin=SKIN[0], hair=(236, 236, 232), hair_style="short", beard="long", hat="flatcap",
                        hat_col=(34, 34, 40), coat=(40, 80, 150), back=(240, 214, 180), extra=()),
    "pirate-nl-2": dict(skin=SKIN[4], hair=(236, 200, 100), hair_style="braids", beard=None, hat="tricorn_feather",
                        hat_col=(60, 40, 30), coat=(220, 120, 30), back=(170, 200, 230), extra=()),
    "pirate-nl-3": dict(skin=SKIN[1], hair=(190, 80, 30), hair_style="bald", beard="full", hat=None,
                        hat_col=(0, 0, 0), coat=(96, 100, 104), back=(214, 226, 190), extra=("eyepatch", "earring")),
}


def portrait(c: Canvas, rect, who: dict, rng: Rng) -> None:
    x, y, w, h = rect
    cx, hy, hr = x + w / 2, y + h * 0.47, 30
    back = who["back"]
    grad(c, x, y, w, h, [(0.0, shade(back, 1.12)), (1.0, shade(back, 0.78))])
    rays = c.layer()   # a soft sunburst behind the head
    for i in range(16):
        a = i * math.pi / 8
        rays.poly((255, 255, 255, 255), [(cx, hy), (cx + math.cos(a) * 200, hy + math.sin(a) * 200),
                                         (cx + math.cos(a + 0.18) * 200, hy + math.sin(a + 0.18) * 200)])
    c.paste(rays, 40)
    skin, hair, coat = who["skin"], who["hair"], who["coat"]
    dark_skin = shade(skin, 0.78)
    # long hair behind
    if who["hair_style"] in ("long", "braids"):
        c.poly(shade(hair, 0.85), [(cx - hr * 1.05, hy - hr * 0.4), (cx + hr * 1.05, hy - hr * 0.4),
                                   (cx + hr * 1.25, hy + hr * 1.9), (cx - hr * 1.25, hy + hr * 1.9)])
        c.circle(shade(hair, 0.85), (cx, hy - hr * 0.2), hr * 1.08)
    # shoulders, coat
    sy = hy + hr * 1.05
    c.poly(shade(coat, 0.7), [(x - 2, y + h + 2), (x + 6, sy + 22), (cx - 30, sy + 4), (cx + 30, sy + 4), (x + w - 6, sy + 22),
                              (x + w + 2, y + h + 2)])
    c.poly(coat, [(x + 4, y + h + 2), (x + 12, sy + 24), (cx - 28, sy + 8), (cx + 28, sy + 8), (x + w - 12, sy + 24),
                  (x + w - 4, y + h + 2)])
    c.poly((246, 240, 226), [(cx - 14, sy + 2), (cx + 14, sy + 2), (cx + 6, y + h + 2), (cx - 6, y + h + 2)])   # shirt
    for sx in (-1, 1):   # lapels with gold edge
        lap = [(cx + sx * 12, sy + 4), (cx + sx * 32, sy + 10), (cx + sx * 18, y + h + 2), (cx + sx * 8, y + h + 2)]
        c.poly(shade(coat, 0.8), lap)
        c.lines(P.GOLD, lap[:3], 1.4)
        for i in range(3):
            c.circle(P.GOLD, (cx + sx * 24, sy + 24 + i * 12), 2.2)
    # neck and head
    c.rect(dark_skin, cx - 9, hy + hr * 0.6, 18, 22)
    for sx in (-1, 1):
        c.ellipse(dark_skin, cx + sx * hr * 0.92 - 5, hy - 6, 10, 14)
    c.ellipse(skin, cx - hr * 0.9, hy - hr, hr * 1.8, hr * 2.1)
    c.ellipse(shade(skin, 1.08), cx - hr * 0.6, hy - hr * 0.8, hr * 0.7, hr * 0.5)
    # hair on top
    style = who["hair_style"]
    if style != "bald":
        c.poly(hair, [(cx - hr * 0.92, hy - hr * 0.05), (cx - hr * 0.85, hy - hr * 0.7), (cx, hy - hr * 1.05),
                      (cx + hr * 0.85, hy - hr * 0.7), (cx + hr * 0.92, hy - hr * 0.05), (cx + hr * 0.7, hy - hr * 0.55),
                      (cx - hr * 0.7, hy - hr * 0.55)])
    else:
        c.ellipse(shade(skin, 1.18), cx - hr * 0.4, hy - hr * 0.95, hr * 0.6, hr * 0.3)
        for sx in (-1, 1):
            c.ellipse(hair, cx + sx * hr * 0.9 - 4, hy - hr * 0.4, 8, hr * 0.6)
    if style == "wild":
        for i in range(9):
            a = math.pi + i * math.pi / 8
            c.poly(hair, [(cx + math.cos(a) * hr * 0.7, hy - hr * 0.3 + math.sin(a) * hr * 0.7),
                          (cx + math.cos(a) * hr * 1.25, hy - hr * 0.2 + math.sin(a) * hr * 1.1),
                          (cx + math.cos(a + 0.3) * hr * 0.8, hy - hr * 0.3 + math.sin(a + 0.3) * hr * 0.8)])
    if style == "tail":
        c.lines(hair, A.quad((cx + hr * 0.8, hy - hr * 0.3), (cx + hr * 1.4, hy), (cx + hr * 1.1, hy + hr * 0.9), 8), 5)
        c.circle(FLAG_RED, (cx + hr * 1.15, hy + hr * 0.1), 3)
    if style == "braids":
        for sx in (-1, 1):
            for i in range(5):
                c.ellipse(hair, cx + sx * hr * 1.05 - 5, hy + i * 9 - 4, 10, 11)
                c.ellipse(shade(hair, 0.75), cx + sx * hr * 1.05 - 5, hy + i * 9 - 4, 10, 11, width=0.8)
            c.circle(NL_BLUE, (cx + sx * hr * 1.05, hy + 44), 3)
    # face
    eye_y = hy - hr * 0.05
    patch = "eyepatch" in who["extra"]
    for sx in (-1, 1):
        ex = cx + sx * hr * 0.36
        c.lines(shade(hair if style != "bald" else (90, 60, 40), 0.8), [(ex - 7, eye_y - 9 - (sx > 0) * 1.5), (ex + 7, eye_y - 10 + (sx < 0) * 1.5)], 2.4)
        if patch and sx < 0:
            continue
        c.ellipse((252, 250, 244), ex - 5.5, eye_y - 3.5, 11, 7)
        c.circle((60, 40, 30), (ex + 0.5, eye_y), 2.8)
        c.circle((250, 250, 250), (ex + 1.4, eye_y - 1), 0.9)
    if patch:
        ex = cx - hr * 0.36
        c.line(INK, (cx - hr * 0.95, hy - hr * 0.55), (cx + hr * 0.92, hy - hr * 0.05), 1.8)
        c.ellipse(INK, ex - 8, eye_y - 6, 16, 12)
    c.poly(dark_skin, [(cx, hy - 2), (cx - 5, hy + 12), (cx + 3, hy + 12)])   # nose
    beard = who["beard"]
    mouth_y = hy + hr * 0.55
    if beard in ("full", "wild", "long"):
        bw = 1.0 if beard != "wild" else 1.1
        ln = {"full": 1.25, "wild": 1.35, "long": 1.9}[beard]
        pts = [(cx - hr * 0.9 * bw, hy + 0.05 * hr)] + A.quad((cx - hr * 0.8 * bw, hy + hr * ln), (cx, hy + hr * (ln + 0.25)),
                                                              (cx + hr * 0.8 * bw, hy + hr * ln), 10) + [(cx + hr * 0.9 * bw, hy + 0.05 * hr),
                                                                                                       (cx + hr * 0.5, hy + hr * 0.3), (cx, hy + hr * 0.4),
                                                                                                       (cx - hr * 0.5, hy + hr * 0.3)]
        c.poly(hair, pts)
        if beard == "wild":
            for i in range(6):
                bx = cx - hr * 0.7 + i * hr * 0.28
                c.poly(hair, [(bx - 4, hy + hr * ln), (bx, hy + hr * (ln + 0.45)), (bx + 4, hy + hr * ln)])
        if beard == "long":
            for i in range(4):
                c.lines(shade(hair, 0.8), A.quad((cx - 10 + i * 7, hy + hr * 0.8), (cx - 12 + i * 8, hy + hr * 1.4),
                                                  (cx - 8 + i * 6, hy + hr * 1.9), 6), 0.8)
        c.ellipse(shade(skin, 0.55), cx - 7, mouth_y - 2, 14, 5)
    else:
        c.lines(shade(skin, 0.5), A.quad((cx - 8, mouth_y), (cx, mouth_y + 4), (cx + 8, mouth_y - 1), 8), 1.6)
        if beard is None:   # a touch of colour on the lips and cheeks
            c.lines((170, 60, 60), A.quad((cx - 7, mouth_y), (cx, mouth_y + 3.5), (cx + 7, mouth_y - 0.5), 8), 1.2)
            for sx in (-1, 1):
                A.glow(c, cx + sx * hr * 0.55, hy + hr * 0.3, 5, (230, 120, 110), 90)
    if beard == "moustache":
        for sx in (-1, 1):
            c.poly(hair, [(cx, mouth_y - 5), (cx + sx * 14, mouth_y - 4), (cx + sx * 19, mouth_y - 9), (cx + sx * 16, mouth_y - 1),
                          (cx + sx * 2, mouth_y - 1)])
    if beard == "goatee":
        c.poly(hair, [(cx - 12, mouth_y - 4), (cx + 12, mouth_y - 4), (cx + 14, mouth_y), (cx + 4, mouth_y - 1.5),
                      (cx - 4, mouth_y - 1.5), (cx - 14, mouth_y)])
        c.poly(hair, [(cx - 5, mouth_y + 4), (cx + 5, mouth_y + 4), (cx, mouth_y + 18)])
    if "scar" in who["extra"]:
        sx = cx + hr * 0.5
        c.line((150, 60, 50), (sx - 4, hy - hr * 0.5), (sx + 4, hy + hr * 0.15), 1.4)
        for i in range(3):
            yy = hy - hr * 0.35 + i * 6
            c.line((150, 60, 50), (sx - 3.5 + i * 1.3, yy), (sx + 2 + i * 1.3, yy + 1), 0.8)
    if "earring" in who["extra"]:
        ear = (cx + hr * 0.92, hy + 6)
        c.circle(P.GOLD, ear, 4.2, width=1.6)
    if "pipe" in who["extra"]:
        c.line(P.WOOD_DARK, (cx + 5, mouth_y + 1), (cx + 24, mouth_y + 8), 2.4)
        c.rect(P.WOOD, cx + 21, mouth_y - 2, 9, 12, radius=2)
        c.rect(P.WOOD_DARK, cx + 21, mouth_y - 2, 9, 12, radius=2, width=0.8)
        for i in range(3):
            c.circle(rgba((240, 240, 240), 150 - i * 30), (cx + 27 + i * 4, mouth_y - 8 - i * 7), 3 + i)
    if "hook" in who["extra"]:
        hx, hyy = x + w * 0.2, y + h - 14
        c.rect(shade(coat, 0.6), hx - 8, hyy + 4, 16, 12, radius=2)
        c.lines(STEEL, A.quad((hx, hyy + 4), (hx - 1, hyy - 14), (hx + 10, hyy - 12), 8), 3)
        c.lines(shade(STEEL, 0.6), A.quad((hx, hyy + 4), (hx - 1, hyy - 14), (hx + 10, hyy - 12), 8), 0.8)
    hat(c, who["hat"], who["hat_col"], cx, hy, hr)


def hat(c: Canvas, kind: str | None, col, cx: float, hy: float, hr: float) -> None:
    if kind is None:
        return
    top = hy - hr * 0.62
    if kind in ("tricorn", "tricorn_feather"):
        if kind == "tricorn_feather":
            c.lines((250, 250, 246), A.quad((cx + 8, top - 10), (cx + 30, top - 34), (cx + 44, top - 20), 10), 5)
            c.lines((200, 200, 196), A.quad((cx + 8, top - 10), (cx + 30, top - 34), (cx + 44, top - 20), 10), 1)
        c.ellipse(col, cx - hr * 0.72, top - hr * 0.8, hr * 1.44, hr * 0.95)
        brim = [(cx - hr * 1.35, top + 2), (cx - hr * 0.6, top - hr * 0.55), (cx, top - hr * 0.2), (cx + hr * 0.6, top - hr * 0.55),
                (cx + hr * 1.35, top + 2), (cx, top + hr * 0.22)]
        c.poly(col, brim)
        c.lines(P.GOLD, [brim[0], brim[5], brim[4]], 1.6)
        if kind == "tricorn":
            M().skull(c, cx, top - hr * 0.28, 5, (240, 236, 224), col, bones=True)
    elif kind == "bicorne":
        pts = A.quad((cx - hr * 1.5, top + 2), (cx, top - hr * 1.4), (cx + hr * 1.5, top + 2), 14) + [(cx, top + hr * 0.18)]
        c.poly(col, pts)
        c.lines(P.GOLD, pts[:-1], 1.5)
        c.circle((246, 240, 226), (cx, top - hr * 0.35), 6)
        c.circle(FLAG_RED, (cx, top - hr * 0.35), 3.5)
    elif kind == "bandana":
        c.poly(col, [(cx - hr * 0.98, top + hr * 0.3), (cx - hr * 0.8, top - hr * 0.4), (cx, top - hr * 0.62),
                     (cx + hr * 0.8, top - hr * 0.4), (cx + hr * 0.98, top + hr * 0.3), (cx, top + hr * 0.05)])
        for i in range(7):
            c.circle(shade(col, 1.6) if col[0] + col[1] + col[2] > 150 else (220, 220, 220),
                     (cx - hr * 0.6 + i * hr * 0.2, top - hr * 0.2 + (i % 2) * 5), 1.6)
        kx, ky = cx + hr * 0.95, top + hr * 0.15
        c.poly(col, [(kx, ky), (kx + 16, ky + 6), (kx + 12, ky + 12)])
        c.poly(shade(col, 0.8), [(kx, ky), (kx + 10, ky + 18), (kx + 4, ky + 20)])
        c.circle(shade(col, 0.8), (kx, ky), 4)
    elif kind == "feather":
        c.ellipse(col, cx - hr * 1.75, top - hr * 0.05, hr * 3.5, hr * 0.62)
        c.ellipse(shade(col, 0.8), cx - hr * 0.78, top - hr * 0.95, hr * 1.56, hr * 1.25)
        c.rect(P.GOLD, cx - hr * 0.78, top - hr * 0.15, hr * 1.56, 4)
        plume = A.bezier((cx - hr * 0.4, top - hr * 0.3), (cx - hr * 1.6, top - hr * 1.5), (cx - hr * 0.2, top - hr * 2.0),
                         (cx + hr * 1.2, top - hr * 1.3), 14)
        for i in range(len(plume) - 1):   # a fluffy plume: wide in the middle, barbs along its spine
            t = i / (len(plume) - 1)
            wdt = 3 + 9 * math.sin(math.pi * t)
            c.line((246, 242, 234), plume[i], plume[i + 1], wdt)
        for i in range(1, len(plume) - 1, 2):
            (ax, ay), (bx, by) = plume[i - 1], plume[i + 1]
            nx, ny = -(by - ay), bx - ax
            n = math.hypot(nx, ny) or 1
            t = i / (len(plume) - 1)
            ln = 2 + 5 * math.sin(math.pi * t)
            px, py = plume[i]
            c.line((206, 196, 186), (px - nx / n * ln, py - ny / n * ln), (px + nx / n * ln, py + ny / n * ln), 0.7)
        c.lines((200, 60, 60), plume, 1.6)
    elif kind == "morion":
        c.ellipse(col, cx - hr * 0.85, top - hr * 0.85, hr * 1.7, hr * 1.3)
        brim = A.quad((cx - hr * 1.5, top - hr * 0.45), (cx, top + hr * 0.55), (cx + hr * 1.5, top - hr * 0.45), 14)
        c.lines(col, brim, 6)
        c.lines(shade(col, 0.6), brim, 1)
        crest = A.quad((cx - hr * 0.7, top - hr * 0.4), (cx, top - hr * 1.7), (cx + hr * 0.7, top - hr * 0.4), 12)
        c.poly(shade(col, 0.85), crest)
        c.lines(shade(col, 0.5), crest, 1)
        c.ellipse(shade(col, 1.4), cx - hr * 0.5, top - hr * 0.6, hr * 0.4, hr * 0.25)
        for i in range(5):
            c.circle(P.GOLD, (cx - hr * 0.6 + i * hr * 0.3, top - hr * 0.1), 1.6)
    elif kind == "flatcap":
        c.ellipse(col, cx - hr * 1.3, top - hr * 0.62, hr * 2.6, hr * 0.9)
        c.ellipse(shade(col, 1.4), cx - hr * 1.1, top - hr * 0.6, hr * 2.2, hr * 0.4)
        c.rect(shade(col, 0.7), cx - hr * 0.95, top - hr * 0.12, hr * 1.9, 6, radius=2)
        c.circle(P.GOLD, (cx + hr * 0.7, top - hr * 0.1), 3)


def card_face(frame, face, picture, draw: Callable[[Canvas], None], plate, flag: str | None = None) -> pygame.Surface:
    """A card's face: its edge and body, the picture ``draw`` paints in its ``picture`` window, the flag badge,
    the blank plate around ``plate`` (a sprites.py ``*_RECT``)."""
    c = Canvas(*CARD, K)
    card_frame(c, frame, face)
    window(c, picture, draw)
    if flag is not None:
        flag_badge(c, flag, *FLAG_BADGE)
    plate_under(c, plate)
    return finish(c)


def pirate_card(pirate: str) -> pygame.Surface:
    who = CAPTAINS[pirate]
    rng = Rng(1000 + PIRATES.index(pirate))
    return card_face((92, 30, 34), ((132, 48, 48), (74, 24, 28)), PICTURE_PIRATE,
                     lambda lay: portrait(lay, PICTURE_PIRATE, who, rng), PIRATE_NAME_RECT, pirate.split("-")[1])


def pirate_back() -> pygame.Surface:
    c = Canvas(*CARD, K)
    W, H = CARD
    card_frame(c, (92, 30, 34), ((120, 40, 42), (60, 18, 22)))
    c.rect(rgba((0, 0, 0), 80), 14, 14, W - 28, H - 28, radius=8)
    lat = c.layer()
    for i in range(-30, 30):
        lat.line(rgba(P.GOLD, 255), (i * 12, 0), (i * 12 + H, H), 0.5)
        lat.line(rgba(P.GOLD, 255), (i * 12, 0), (i * 12 - H, H), 0.5)
    m = c.layer()
    m.rect((255, 255, 255, 255), 14, 14, W - 28, H - 28, radius=8)
    lat.surf.blit(m.surf, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    c.paste(lat, 50)
    c.rect(P.GOLD, 14, 14, W - 28, H - 28, radius=8, width=1.4)
    c.circle(INK, (W / 2, H / 2), 52)
    c.circle(P.GOLD, (W / 2, H / 2), 52, width=2)
    for sgn in (-1, 1):   # crossed cutlasses behind the skull
        a, b = (W / 2 - sgn * 40, H / 2 + 40), (W / 2 + sgn * 38, H / 2 - 38)
        c.line(STEEL, a, b, 4)
        c.line(shade(STEEL, 1.3), a, b, 1.2)
        c.line(P.GOLD, (a[0] + sgn * 6 - 7, a[1] - 6 - sgn * 0), (a[0] + sgn * 6 + 7, a[1] + 6 - sgn * 0), 3)
    M().skull(c, W / 2, H / 2 - 4, 24, (240, 236, 224), INK, bones=False)
    for dy in (-1, 1):
        c.poly(P.GOLD, A.star_points(W / 2, H / 2 + dy * 82, 8, 3, 4, 0))
    return finish(c)


# =============================================================================================
# movement cards
# =============================================================================================
def mini_ship(c: Canvas, x: float, y: float, s: float, hull=P.WOOD, flag: str | None = None, alpha: int = 255) -> None:
    lay = c.layer()
    M().ship(lay, x, y, s, 1, hull, SAIL, flag=False, masts=2, trim=P.GOLD)
    if flag:
        top = (x + 0.3 * s, y - 1.5 * s)
        lay.line(P.WOOD_DARK, top, (top[0], top[1] - s * 0.1), s * 0.04)
        flag_on_pole(lay, flag, top[0], top[1] - s * 0.1, s * 0.5, s * 0.34)
    lay.ellipse(rgba(P.FOAM, 200), x - s * 1.05, y + s * 0.08, s * 2.1, s * 0.12)
    c.paste(lay, alpha)


def move_sea(lay: Canvas, rng: Rng, tint=None) -> None:
    x, y, w, h = PICTURE_MOVE
    top = tint or (150, 196, 214)
    grad(lay, x, y, w, h, [(0.0, top), (0.38, mix(top, P.SEA, 0.6)), (1.0, P.SEA_DEEP)])
    wv = lay.layer()
    for i in range(30):
        t = (i + rng.random()) / 30
        yy = y + h * 0.3 + h * 0.7 * t
        xx = x + rng.random() * w
        ww = 3 + 6 * t
        wv.lines(rgba(P.FOAM, 255), A.quad((xx - ww, yy + ww * 0.18), (xx, yy - ww * 0.25), (xx + ww, yy + ww * 0.18), 6), 0.8)
    lay.paste(wv, 90)


FORWARD = P.GOLD
BACKWARD = (150, 170, 186)


def mv_picture(kind: str, lay: Canvas, rng: Rng) -> None:
    x, y, w, h = PICTURE_MOVE
    cx = x + w / 2
    if kind == "mv-fog":
        move_sea(lay, rng, (190, 200, 204))
        mini_ship(lay, cx, y + h * 0.62, 34, alpha=120)
        fog = lay.layer()
        for i in range(14):
            fx = x + (i % 5) * w / 4 + rng.random() * 10 - 5
            fy = y + h * 0.3 + (i // 5) * h * 0.22 + rng.random() * 8
            fog.ellipse((236, 240, 240, 255), fx - 30, fy - 12, 60, 24)
        lay.paste(A.blur(fog.surf, 4), 215)
        # the adventure card, cancelled
        ax, ay = cx, y + h * 0.36
        lay.rect(rgba((0, 0, 0), 90), ax - 20, ay - 26, 42, 56, radius=5)
        lay.rect(INK, ax - 22, ay - 28, 42, 56, radius=5)
        lay.rect((40, 58, 92), ax - 20, ay - 26, 38, 52, radius=4)
        lay.poly(P.GOLD, A.star_points(ax - 1, ay - 1, 12, 5, 5))
        for a0 in (1, -1):
            lay.line(INK, (ax - 30, ay - 30 * a0), (ax + 28, ay + 30 * a0), 7)
            lay.line(DMG, (ax - 30, ay - 30 * a0), (ax + 28, ay + 30 * a0), 4)
        return
    if kind == "mv-sabotage":
        move_sea(lay, rng, (220, 170, 140))
        mini_ship(lay, cx + 6, y + h * 0.8, 40)
        bx, by = cx - 18, y + h * 0.38
        A.glow(lay, bx + 30, by - 34, 16, (255, 220, 120), 200)
        lay.circle(rgba((0, 0, 0), 90), (bx + 2, by + 4), 24)
        lay.circle((30, 30, 36), (bx, by), 24)
        lay.circle((80, 84, 96), (bx - 8, by - 8), 7)
        lay.rect((60, 60, 70), bx + 10, by - 28, 12, 10, radius=2)
        lay.lines((200, 180, 140), A.quad((bx + 16, by - 28), (bx + 20, by - 44), (bx + 32, by - 36), 8), 2)
        lay.poly((255, 210, 80), A.star_points(bx + 32, by - 36, 10, 4, 8))
        lay.poly((255, 250, 210), A.star_points(bx + 32, by - 36, 5, 2, 8))
        # the "!" mark on a disc at the right
        ex, ey = x + w - 26, y + 26
        lay.circle(INK, (ex, ey), 16)
        lay.circle(DMG, (ex, ey), 14)
        lay.rect(P.PARCHMENT, ex - 2.5, ey - 10, 5, 13, radius=2)
        lay.circle(P.PARCHMENT, (ex, ey + 7.5), 2.8)
        return
    back = kind in ("mv-lost-at-sea", "mv-rip") or kind.startswith("mv-retreat")
    move_sea(lay, rng, (206, 196, 170) if back else (150, 200, 220))
    col = BACKWARD if back else FORWARD
    if kind in ("mv-full-speed", "mv-lost-at-sea"):
        sx = cx + (22 if not back else -22)
        sy = y + h * 0.6
        if not back:   # speed lines and a fair wind
            for i in range(4):
                lay.line(rgba((255, 255, 255), 200), (x + 12, sy - 40 + i * 12), (sx - 40, sy - 40 + i * 12), 2)
        else:          # lost: a spinning current
            spiral = [(sx + math.cos(t * 0.5) * t * 1.8, sy + 14 + math.sin(t * 0.5) * t * 0.6) for t in range(0, 40)]
            lay.lines(rgba(P.FOAM, 220), spiral, 1.6)
        mini_ship(lay, sx, sy, 34)
        arrow(lay, x + (14 if not back else w - 14), x + (w - 14 if not back else 14), y + h - 30, 40, col, "6")
        return
    if kind in ("mv-alliance", "mv-rip"):
        sy = y + h * 0.58
        xs = (cx - 34, cx + 34)
        mini_ship(lay, xs[0], sy, 26, (96, 64, 44))
        mini_ship(lay, xs[1], sy, 26, (140, 90, 50))
        if kind == "mv-alliance":   # a rope joins the two
            lay.lines((220, 190, 130), A.quad((xs[0] + 22, sy - 8), (cx, sy + 6), (xs[1] - 26, sy - 8), 10), 2.4)
            lay.lines(shade((220, 190, 130), 0.6), A.quad((xs[0] + 22, sy - 8), (cx, sy + 6), (xs[1] - 26, sy - 8), 10), 0.6)
        else:                       # the rip current under both
            for i in range(3):
                yy = sy + 10 + i * 7
                lay.lines(rgba(P.FOAM, 230), A.quad((x + w - 20, yy), (cx, yy + 6), (x + 16, yy), 10), 1.6)
                lay.poly(rgba(P.FOAM, 230), [(x + 16, yy), (x + 24, yy - 4), (x + 24, yy + 4)])
        br = [(xs[0] - 26, sy + 4), (xs[0] - 26, sy + 12), (xs[1] + 26, sy + 12), (xs[1] + 26, sy + 4)]   # one block
        lay.lines(INK, br, 3.4)
        lay.lines(P.GOLD if kind == "mv-alliance" else BACKWARD, br, 1.8)
        arrow(lay, x + (14 if not back else w - 14), x + (w - 14 if not back else 14), y + h - 28, 38, col, "3")
        return
    flag = kind.split("-")[-1]
    # advance / retreat: the flag large, three ships of it in a column
    flag_badge(lay, flag, x + w / 2 - 30, y + 12, 60, 40)
    for i in range(3):
        mini_ship(lay, x + 40 + i * 42, y + h * 0.62 + (i % 2) * 8, 18, (110 + i * 14, 70, 44), flag)
    arrow(lay, x + (14 if not back else w - 14), x + (w - 14 if not back else 14), y + h - 26, 36, col, "2")


def movement_card(kind: str) -> pygame.Surface:
    rng = Rng(1100 + MOVEMENT_TYPES.index(kind))
    return card_face((70, 52, 40), None, PICTURE_MOVE, lambda lay: mv_picture(kind, lay, rng), MOVE_NAME_RECT)


def movement_back() -> pygame.Surface:
    c = Canvas(*CARD, K)
    W, H = CARD
    card_frame(c, (70, 52, 40), ((120, 84, 56), (70, 48, 32)))
    c.rect(P.GOLD, 14, 14, W - 28, H - 28, radius=8, width=1.4)
    # a ship's wheel
    cx, cy, r = W / 2, H / 2, 46
    for i in range(8):
        a = i * math.pi / 4
        c.line(P.WOOD_DARK, (cx + math.cos(a) * 8, cy + math.sin(a) * 8), (cx + math.cos(a) * (r + 14), cy + math.sin(a) * (r + 14)), 6)
        c.line(P.WOOD_LIGHT, (cx + math.cos(a) * 8, cy + math.sin(a) * 8), (cx + math.cos(a) * (r + 13), cy + math.sin(a) * (r + 13)), 3.4)
        c.circle(P.WOOD_DARK, (cx + math.cos(a) * (r + 14), cy + math.sin(a) * (r + 14)), 5.2)
        c.circle(P.WOOD_LIGHT, (cx + math.cos(a) * (r + 14), cy + math.sin(a) * (r + 14)), 4)
    c.circle(P.WOOD_DARK, (cx, cy), r, width=9)
    c.circle(P.WOOD_LIGHT, (cx, cy), r - 1.5, width=5)
    c.circle(P.GOLD, (cx, cy), 11)
    c.circle(shade(P.GOLD, 0.6), (cx, cy), 11, width=1.2)
    for dy in (-1, 1):
        arrow(c, cx - 30, cx + 30, cy + dy * 96, 16, P.GOLD) if dy < 0 else arrow(c, cx + 30, cx - 30, cy + dy * 96, 16, BACKWARD)
    return finish(c)


# =============================================================================================
# adventure cards
# =============================================================================================
ADV_FRAME = {"fame": ((40, 72, 60), ((64, 110, 88), (30, 56, 46))),
             "damage": ((96, 36, 30), ((140, 56, 44), (76, 26, 22))),
             "loss": ((70, 44, 90), ((110, 74, 130), (54, 32, 70))),
             "reveal": ((40, 40, 48), ((80, 80, 92), (30, 30, 38)))}


def category_badge(c: Canvas, cat: str, x: float, y: float, r: float) -> None:
    c.circle(rgba((0, 0, 0), 110), (x + 1, y + 2), r)
    c.circle(INK, (x, y), r)
    fill = {"fame": (40, 100, 70), "damage": DMG, "loss": PURPLE, "reveal": (60, 60, 70)}[cat]
    c.circle(fill, (x, y), r - 1.5)
    c.circle(P.GOLD, (x, y), r - 1.5, width=1)
    if cat in ("fame", "loss"):
        c.poly(P.GOLD_LIGHT, A.star_points(x, y + 1, r * 0.72, r * 0.3, 5))
        c.poly(INK, A.star_points(x, y + 1, r * 0.72, r * 0.3, 5), width=0.6)
        if cat == "loss":
            c.rect(INK, x - r * 0.75, y - 2.6, r * 1.5, 5.2, radius=2)
            c.rect(P.PARCHMENT, x - r * 0.66, y - 1.6, r * 1.32, 3.2, radius=1.5)
    elif cat == "damage":
        c.poly(P.GOLD_LIGHT, A.star_points(x, y, r * 0.8, r * 0.38, 8, 0.2))
        c.lines(INK, [(x - r * 0.3, y - r * 0.5), (x, y - r * 0.05), (x - r * 0.15, y + r * 0.15), (x + r * 0.3, y + r * 0.55)], 1.6)
    else:
        c.ellipse(P.PARCHMENT, x - r * 0.7, y - r * 0.38, r * 1.4, r * 0.76)
        c.circle((40, 90, 140), (x, y), r * 0.3)
        c.circle(INK, (x, y), r * 0.14)


def space_strip(c: Canvas, cat: str, spaces, x: float, y: float, w: float) -> None:
    """The row's 9 spaces, 9 at the left and 1 at the right (as on the table), the named ones marked."""
    n = 9
    step = w / n
    c.rect(rgba((10, 10, 16), 150), x - 3, y - step * 0.55, w + 6, step * 1.1, radius=step * 0.55)
    for i in range(n):
        sp = n - i
        px = x + step * (i + 0.5)
        on = sp in spaces
        r = step * 0.42
        if not on:
            c.circle(rgba(P.PARCHMENT, 120), (px, y), r * 0.45)
            continue
        c.circle(INK, (px, y), r)
        if cat == "fame":
            c.circle(P.PARCHMENT, (px, y), r - 1)
            c.poly(P.GOLD, A.star_points(px, y + 0.5, r * 0.8, r * 0.34, 5))
            c.poly(INK, A.star_points(px, y + 0.5, r * 0.8, r * 0.34, 5), width=0.4)
        elif cat == "damage":
            c.circle(P.PARCHMENT, (px, y), r - 1)
            for a0 in (1, -1):
                c.line(DMG, (px - r * 0.5, y - r * 0.5 * a0), (px + r * 0.5, y + r * 0.5 * a0), 2.2)
        else:
            c.circle(P.PARCHMENT, (px, y), r - 1)
            c.rect(PURPLE, px - r * 0.55, y - 1.3, r * 1.1, 2.6, radius=1)


def adv_picture(kind: str, lay: Canvas, rng: Rng) -> None:
    x, y, w, h = PICTURE_ADV
    cx, cy = x + w / 2, y + h / 2
    Mk = M()
    base = kind.rsplit("-", 1)[0] if kind.split("-")[-1] in FLAGS else kind
    day = ((120, 180, 216), (240, 226, 196))
    night = ((36, 44, 70), (90, 100, 120))
    storm = ((70, 76, 90), (130, 136, 140))
    sky = {"adv-volcano": ((120, 70, 60), (240, 160, 100)), "adv-maelstrom": storm, "adv-storm-ahead": storm,
           "adv-kraken": night, "adv-cursed-waters": ((40, 70, 60), (120, 150, 120)), "adv-ghost-ship": night,
           "adv-cursed-ship": ((60, 50, 70), (140, 120, 140)), "adv-mutiny": ((90, 70, 60), (220, 170, 120)),
           "adv-cursed-treasure": ((70, 60, 80), (170, 140, 150))}.get(base, day)
    hz = y + h * 0.58
    grad(lay, x, y, w, hz - y, [(0.0, sky[0]), (1.0, sky[1])])
    seacol = P.SEA if sky in (day,) else mix(P.SEA, sky[0], 0.4)
    grad(lay, x, hz, w, y + h - hz, [(0.0, mix(seacol, sky[1], 0.3)), (1.0, shade(seacol, 0.6))])
    wv = lay.layer()
    for i in range(16):
        t = (i + rng.random()) / 16
        yy = hz + 3 + (y + h - hz - 3) * t
        xx = x + rng.random() * w
        wv.lines(rgba(P.FOAM, 255), A.quad((xx - 5, yy + 1), (xx, yy - 1.5), (xx + 5, yy + 1), 6), 0.8)
    lay.paste(wv, 80)
    gx, gy = cx, hz   # ground point for the motifs
    if base == "adv-ancient-relics":
        Mk.island(lay, cx, hz + 4, 130, 18, ())
        for i, (px, ph) in enumerate(((-40, 40), (-14, 52), (14, 30), (40, 46))):
            col = (222, 212, 190)
            if i == 2:   # a broken column
                lay.rect(col, cx + px - 7, hz - ph, 14, ph)
                lay.poly(col, [(cx + px - 7, hz - ph), (cx + px - 2, hz - ph - 8), (cx + px + 3, hz - ph - 2), (cx + px + 7, hz - ph - 6), (cx + px + 7, hz - ph)])
            else:
                lay.rect(col, cx + px - 7, hz - ph, 14, ph)
                lay.rect(shade(col, 1.1), cx + px - 10, hz - ph - 5, 20, 5)
            for fl in (-3, 1, 5):
                lay.line(shade(col, 0.75), (cx + px + fl, hz - ph + 2), (cx + px + fl, hz - 2), 0.8)
        lay.rect((222, 212, 190), cx - 52, hz - 60, 74, 6)
        lay.ellipse((150, 100, 60), cx + 50, hz - 18, 14, 18)   # an amphora
        lay.rect((150, 100, 60), cx + 54, hz - 24, 6, 8)
    elif base == "adv-native-alliance":
        Mk.island(lay, cx, hz + 4, 150, 22, ((-0.32, 0.55, 0.3),))
        px = cx + 18   # a totem pole with feathers
        for i, col in enumerate(((170, 70, 40), (60, 130, 110), (210, 160, 60))):
            ty = hz - 20 - i * 18
            lay.rect(col, px - 12, ty, 24, 18, radius=3)
            lay.circle(INK, (px - 5, ty + 7), 2.2)
            lay.circle(INK, (px + 5, ty + 7), 2.2)
            lay.rect(INK, px - 5, ty + 12, 10, 2)
        lay.poly((200, 60, 50), [(px - 12, hz - 54), (px - 32, hz - 64), (px - 12, hz - 46)])
        lay.poly((60, 120, 190), [(px + 12, hz - 54), (px + 32, hz - 64), (px + 12, hz - 46)])
        for i, col in enumerate(((220, 60, 50), (250, 200, 60), (60, 140, 90))):
            lay.ellipse(col, px - 4 + (i - 1) * 7, hz - 78 - abs(i - 1) * -4, 6, 18)
    elif base == "adv-island-discovery":
        Mk.island(lay, cx + 10, hz + 4, 110, 26, ((-0.1, 1.0, 0.3), (0.25, 0.7, -0.3)))
        mini_ship(lay, x + 32, hz + 14, 16)
        lay.lines(INK, [(cx + 46, hz - 6), (cx + 46, hz - 30)], 1.4)
        lay.poly(FLAG_RED, [(cx + 46, hz - 30), (cx + 60, hz - 25), (cx + 46, hz - 20)])
    elif base == "adv-parley":
        mini_ship(lay, x + 38, hz + 16, 22, (96, 64, 44))
        mini_ship(lay, x + w - 38, hz + 16, 22, (140, 90, 50))
        # a white flag of truce between them
        lay.line(P.WOOD_DARK, (cx, hz + 16), (cx, y + 16), 2)
        lay.poly((250, 250, 246), [(cx, y + 16), (cx + 30, y + 20), (cx + 26, y + 30), (cx + 30, y + 40), (cx, y + 38)])
        lay.lines(shade(FOG, 0.8), [(cx, y + 16), (cx + 30, y + 20), (cx + 26, y + 30), (cx + 30, y + 40), (cx, y + 38)], 0.8)
    elif base == "adv-neptunes-favor":
        A.glow(lay, cx, cy - 6, 34, (255, 240, 180), 150)
        tx, ty = cx, y + 14
        lay.line(P.GOLD, (tx, ty + 18), (tx, hz + 20), 4)
        lay.line(shade(P.GOLD, 0.6), (tx + 1.2, ty + 18), (tx + 1.2, hz + 20), 1)
        lay.lines(P.GOLD, A.quad((tx - 20, ty), (tx - 18, ty + 22), (tx, ty + 24), 8) + A.quad((tx, ty + 24), (tx + 18, ty + 22), (tx + 20, ty), 8), 4)
        for px in (-20, 0, 20):
            lay.poly(P.GOLD, [(tx + px - 4.5, ty + 2 + (px == 0) * 6), (tx + px, ty - 10 + (px == 0) * -4), (tx + px + 4.5, ty + 2 + (px == 0) * 6)])
        for i in range(5):
            lay.lines(rgba(P.FOAM, 220), A.quad((cx - 50 + i * 25, hz + 18), (cx - 38 + i * 25, hz + 10), (cx - 26 + i * 25, hz + 18), 6), 2)
    elif base == "adv-mermaids":
        Mk.island(lay, cx - 34, hz + 6, 70, 14, ())
        lay.ellipse((120, 116, 110), cx - 56, hz - 12, 40, 20)   # a rock
        mx, my = cx + 6, hz + 6
        tail = A.bezier((mx, my - 10), (mx + 30, my + 10), (mx + 40, my - 10), (mx + 52, my - 26), 12)
        for i in range(len(tail) - 1):
            lay.line((40, 150, 130), tail[i], tail[i + 1], 14 - i * 0.9)
        lay.poly((40, 150, 130), [(mx + 50, my - 26), (mx + 66, my - 40), (mx + 58, my - 22), (mx + 68, my - 12)])
        lay.circle(SKIN[1], (mx - 2, my - 30), 9)
        lay.rect(SKIN[1], mx - 7, my - 22, 12, 14, radius=4)
        lay.poly((190, 70, 40), [(mx - 11, my - 40), (mx + 10, my - 38), (mx + 14, my - 6), (mx + 4, my - 20), (mx - 14, my - 10)])
        lay.circle((190, 70, 40), (mx - 2, my - 34), 9)
        lay.circle(SKIN[1], (mx + 1, my - 30), 6.5)
        lay.circle(INK, (mx + 3, my - 31), 1)
        for i in range(3):
            lay.circle(rgba(P.FOAM, 220), (mx + 20 + i * 8, my - 40 - i * 6), 2 + i)
    elif base in ("adv-treasure-map", "adv-secret-charts"):
        mx, my, mw, mh = cx - 52, y + 14, 104, 82
        lay.rect(rgba((0, 0, 0), 90), mx + 2, my + 3, mw, mh, radius=3)
        lay.rect((236, 214, 170), mx, my, mw, mh, radius=3)
        lay.rect(shade((236, 214, 170), 0.7), mx, my, mw, mh, radius=3, width=1.2)
        if base == "adv-treasure-map":
            lay.poly((120, 160, 100), [(mx + 20, my + 50), (mx + 36, my + 22), (mx + 70, my + 18), (mx + 86, my + 44), (mx + 60, my + 66), (mx + 30, my + 66)])
            Mk.dotted_route(lay, A.quad((mx + 30, my + 58), (mx + 40, my + 30), (mx + 66, my + 36), 10), DMG, 1.3, 5)
            Mk.xmark(lay, mx + 66, my + 38, 8, DMG)
            Mk.chest(lay, mx + mw - 6, my + mh + 6, 30)
        else:
            for i in range(8):
                a = i * math.pi / 4
                lay.line(rgba(INK, 120), (mx + mw / 2, my + mh / 2), (mx + mw / 2 + math.cos(a) * 60, my + mh / 2 + math.sin(a) * 60), 0.6)
            Mk.compass_rose(lay, mx + mw / 2, my + mh / 2, 22)
            lay.rect((236, 214, 170), mx + mw - 24, my, 30, mh, radius=10)   # rolled edge
            lay.rect(shade((236, 214, 170), 0.7), mx + mw - 24, my, 30, mh, radius=10, width=1)
    elif base == "adv-legendary-treasure":
        A.glow(lay, cx, hz - 10, 40, (255, 220, 120), 200)
        Mk.chest(lay, cx, hz + 20, 80)
        crown = [(cx - 20, hz - 30), (cx - 22, hz - 52), (cx - 10, hz - 40), (cx, hz - 58), (cx + 10, hz - 40), (cx + 22, hz - 52), (cx + 20, hz - 30)]
        lay.poly(P.GOLD, crown)
        lay.lines(shade(P.GOLD, 0.6), crown, 1, closed=True)
        for px in (-10, 0, 10):
            lay.circle((200, 40, 60), (cx + px, hz - 36), 2.4)
    elif base == "adv-cursed-treasure":
        A.glow(lay, cx, hz - 10, 40, (140, 230, 150), 170)
        Mk.chest(lay, cx, hz + 20, 80)
        Mk.skull(lay, cx, hz - 42, 14, (226, 236, 216), (40, 70, 50), bones=True)
    elif base == "adv-volcano":
        top = hz - 38
        lay.poly((90, 70, 60), [(cx - 64, hz + 6), (cx - 14, top), (cx + 14, top), (cx + 64, hz + 6)])
        lay.poly((70, 54, 48), [(cx + 3, top), (cx + 14, top), (cx + 64, hz + 6), (cx + 18, hz + 6)])
        lay.poly((240, 110, 40), [(cx - 14, top), (cx - 6, top + 14), (cx - 1, top + 6), (cx + 5, top + 18), (cx + 14, top)])
        smoke(lay, cx - 4, top - 4, 10, rng)
        for i in range(7):
            a = -math.pi / 2 + (i - 3) * 0.38
            lay.line((250, 170, 60), (cx, top - 2), (cx + math.cos(a) * 22, top - 2 + math.sin(a) * 20), 2.4)
            lay.circle((255, 220, 120), (cx + math.cos(a) * 25, top - 2 + math.sin(a) * 22), 2.4)
    elif base == "adv-maelstrom":
        for i in range(70):
            t = i / 70
            a = t * 6 * math.pi
            r = 4 + 60 * t
            lay.circle(rgba(P.FOAM, int(220 - 120 * t)), (cx + math.cos(a) * r, hz + 10 + math.sin(a) * r * 0.35), 1.6)
        lay.ellipse((10, 26, 40), cx - 12, hz + 6, 24, 8)
        mini_ship(lay, cx + 46, hz + 4, 14)
    elif base == "adv-storm-ahead":
        Mk.cloud(lay, cx - 20, y + 26, 20, 255)
        Mk.cloud(lay, cx + 30, y + 22, 16, 255)
        lay.paste(lay.layer(), 255)
        bolt = [(cx + 4, y + 36), (cx - 10, y + 62), (cx + 2, y + 62), (cx - 12, y + 92), (cx + 16, y + 56), (cx + 4, y + 56), (cx + 16, y + 36)]
        lay.poly(INK, [(px + 1.5, py + 1.5) for px, py in bolt])
        lay.poly((255, 230, 90), bolt)
        for i in range(14):
            rx = x + 10 + i * 11
            lay.line(rgba((200, 210, 230), 180), (rx, y + 40), (rx - 6, y + 62), 0.9)
        mini_ship(lay, x + 40, hz + 12, 14)
    elif base == "adv-kraken":
        for i, (tx, ph) in enumerate(((-56, 0.0), (-22, 1.0), (14, 2.0), (50, 3.0))):
            pts = [(cx + tx + math.sin(t / 4 + ph) * 8, hz + 14 - t * 3) for t in range(0, 20)]
            for j in range(len(pts) - 1):
                lay.line((150, 60, 90), pts[j], pts[j + 1], 10 - j * 0.45)
            for j in range(2, 17, 3):
                lay.circle((240, 190, 200), (pts[j][0] - 3, pts[j][1]), 1.6)
        lay.ellipse((130, 50, 80), cx - 30, hz + 2, 60, 24)
        lay.circle((250, 220, 100), (cx - 10, hz + 10), 4)
        lay.circle((250, 220, 100), (cx + 10, hz + 10), 4)
        lay.rect(INK, cx - 11, hz + 7, 2, 6)
        lay.rect(INK, cx + 9, hz + 7, 2, 6)
    elif base == "adv-cursed-waters":
        A.glow(lay, cx, hz + 12, 40, (120, 240, 140), 140)
        Mk.skull(lay, cx, hz - 4, 22, (210, 236, 200), (30, 60, 40), bones=True)
        for i in range(6):
            lay.circle(rgba((150, 240, 160), 200), (cx - 50 + i * 20, hz + 20 + (i % 2) * 4), 2 + (i % 3))
    elif base == "adv-ghost-ship":
        A.glow(lay, cx, hz - 20, 50, (170, 230, 220), 120)
        mini_ship(lay, cx, hz + 10, 40, (150, 190, 190), alpha=150)
        lay.circle((240, 240, 220), (x + w - 30, y + 24), 12)
        lay.circle(sky[0], (x + w - 24, y + 20), 10)
    elif base == "adv-cursed-ship":
        M().ship(lay, cx, hz + 12, 40, 1, (60, 50, 60), (90, 84, 90), flag=False, masts=2, trim=(120, 200, 120))
        Mk.skull(lay, cx - 12, hz - 36, 8, (226, 236, 216), (60, 60, 64), bones=True)
        Mk.skull(lay, cx + 12, hz - 40, 8, (226, 236, 216), (60, 60, 64), bones=True)
    elif base == "adv-mutiny":
        lay.rect((140, 100, 62), x, hz, w, y + h - hz)   # the deck
        for i in range(9):
            lay.line(shade((140, 100, 62), 0.7), (x + i * 20, hz), (x + i * 20 - 30, y + h), 1)
        for sgn in (-1, 1):
            a, b = (cx - sgn * 44, y + h - 14), (cx + sgn * 40, y + 14)
            lay.line(STEEL, a, b, 5)
            lay.line(shade(STEEL, 1.3), a, b, 1.4)
            lay.line(P.GOLD, (a[0] - 8, a[1] - 6 * sgn), (a[0] + 8, a[1] + 6 * sgn), 3)
        Mk.jolly_roger(lay, cx - 26, y + 26, 52, 34)
    elif base == "adv-attack":
        mini_ship(lay, cx + 30, hz + 14, 28, (110, 70, 44))
        for i in range(3):   # cannon smoke and a ball in flight
            lay.circle(rgba((236, 236, 236), 220 - i * 40), (cx - 30 - i * 14, hz - 2 - i * 4), 10 + i * 2)
        lay.circle(INK, (cx - 4, hz - 22), 5)
        lay.rect((40, 40, 44), x + 8, hz - 4, 40, 14, radius=6)   # the cannon
        lay.circle((40, 40, 44), (x + 12, hz + 3), 8)
        lay.circle(P.WOOD, (x + 28, hz + 12), 7)
        lay.poly((255, 200, 80), A.star_points(x + 52, hz + 2, 10, 4, 7))
    elif base == "adv-loot":
        sx, sy = cx, hz + 6
        lay.ellipse((200, 170, 120), sx - 34, sy - 30, 68, 50)   # a sack of coins
        lay.poly((200, 170, 120), [(sx - 12, sy - 28), (sx - 18, sy - 48), (sx + 18, sy - 48), (sx + 12, sy - 28)])
        lay.line((120, 90, 50), (sx - 14, sy - 30), (sx + 14, sy - 30), 3)
        for i in range(6):
            Mk.coin(lay, sx - 40 + i * 14, sy + 22 - (i % 2) * 4, 6, 0.6)
        arrow(lay, x + w - 8, cx + 34, hz - 26, 22, P.GOLD)   # the fame goes back, to the ship behind
    # badges
    cat = CATEGORY[kind]
    category_badge(lay, cat, x + 16, y + 16, 12)
    if kind.split("-")[-1] in FLAGS:
        flag_badge(lay, kind.split("-")[-1], x + w - 42, y + 7, 36, 24)
    if kind in SPACE_TARGETS:
        cat2, spaces = SPACE_TARGETS[kind]
        space_strip(lay, cat2, spaces, x + 8, y + h - 11, w - 16)


def adventure_card(kind: str) -> pygame.Surface:
    rng = Rng(1200 + ADVENTURE_TYPES.index(kind))
    return card_face(*ADV_FRAME[CATEGORY[kind]], PICTURE_ADV, lambda lay: adv_picture(kind, lay, rng), ADV_TEXT_RECT)


def fame_star(c: Canvas, x: float, y: float, r: float) -> None:
    c.poly(rgba((0, 0, 0), 100), A.star_points(x + 1.5, y + 2.5, r, r * 0.45, 5))
    c.poly(INK, A.star_points(x, y, r + 2, r * 0.45 + 1, 5))
    c.poly(P.GOLD, A.star_points(x, y, r, r * 0.45, 5))
    c.poly(P.GOLD_LIGHT, [(x, y - r), (x + r * 0.13, y - r * 0.2), (x, y), (x - r * 0.13, y - r * 0.2)])


def adventure_back() -> pygame.Surface:
    """The adventure back, which is also a face-down fame card: the fame symbol on a rope ring."""
    c = Canvas(*CARD, K)
    W, H = CARD
    card_frame(c, (30, 40, 70), ((48, 70, 110), (20, 28, 52)))
    c.rect(P.GOLD, 14, 14, W - 28, H - 28, radius=8, width=1.4)
    for i in range(12):   # rays
        a = i * math.pi / 6
        c.poly(rgba(P.GOLD, 18), [(W / 2, H / 2), (W / 2 + math.cos(a) * 120, H / 2 + math.sin(a) * 120),
                                  (W / 2 + math.cos(a + 0.2) * 120, H / 2 + math.sin(a + 0.2) * 120)])
    c.circle((232, 206, 150), (W / 2, H / 2), 54, width=6)
    for i in range(36):
        a = i * math.pi / 18
        c.line(shade((232, 206, 150), 0.6), (W / 2 + math.cos(a) * 51, H / 2 + math.sin(a) * 51),
               (W / 2 + math.cos(a + 0.1) * 57, H / 2 + math.sin(a + 0.1) * 57), 0.9)
    fame_star(c, W / 2, H / 2 + 2, 40)
    for dy in (-1, 1):
        c.poly(P.GOLD, A.star_points(W / 2, H / 2 + dy * 88, 8, 3, 4, 0))
    return finish(c)


# =============================================================================================
# tokens, markers
# =============================================================================================
def fame_token() -> pygame.Surface:
    c = Canvas(TOKEN, TOKEN, 4)
    r = TOKEN / 2 - 3
    cx = cy = TOKEN / 2
    c.circle(rgba((0, 0, 0), 100), (cx + 1, cy + 2), r)
    c.circle(shade(P.GOLD, 0.55), (cx, cy), r)
    c.circle(P.GOLD, (cx, cy), r - 2)
    c.circle(P.GOLD_LIGHT, (cx, cy), r - 5, width=1.2)
    c.poly(shade(P.GOLD, 0.5), A.star_points(cx, cy + 1.5, r * 0.72, r * 0.3, 5))
    c.poly((255, 244, 200), A.star_points(cx, cy + 0.5, r * 0.66, r * 0.27, 5))
    return c.result()


def damage_marker() -> pygame.Surface:
    """A red burst with a snapped plank: the same on every kind of card (shape, not only colour)."""
    c = Canvas(TOKEN, TOKEN, 4)
    cx = cy = TOKEN / 2
    pts = A.star_points(cx, cy, 30, 19, 10, 0.1)
    c.poly(rgba((0, 0, 0), 100), [(x + 1, y + 2) for x, y in pts])
    c.poly(INK, pts)
    c.poly(DMG, A.star_points(cx, cy, 27, 17, 10, 0.1))
    # a plank snapped in two
    c.poly(P.WOOD_LIGHT, [(cx - 20, cy - 2), (cx - 2, cy - 8), (cx + 1, cy - 2), (cx - 3, cy + 2), (cx - 18, cy + 6)])
    c.poly(P.WOOD_LIGHT, [(cx + 3, cy + 2), (cx + 7, cy - 3), (cx + 21, cy + 2), (cx + 19, cy + 10), (cx + 4, cy + 8)])
    for pl in ([(cx - 20, cy - 2), (cx - 2, cy - 8), (cx + 1, cy - 2), (cx - 3, cy + 2), (cx - 18, cy + 6)],
               [(cx + 3, cy + 2), (cx + 7, cy - 3), (cx + 21, cy + 2), (cx + 19, cy + 10), (cx + 4, cy + 8)]):
        c.lines(INK, pl, 1.2, closed=True)
    c.lines(P.GOLD_LIGHT, [(cx - 8, cy - 22), (cx - 2, cy - 12), (cx - 6, cy - 10), (cx + 2, cy - 2)], 1.6)
    return c.result()


def space_marker(n: int) -> pygame.Surface:
    """A brass buoy disc with the space number (space 1, the head of the row, has a gold star ring)."""
    c = Canvas(SPACE, SPACE, 4)
    cx = cy = SPACE / 2
    r = SPACE / 2 - 4
    c.circle(rgba((0, 0, 0), 100), (cx + 1, cy + 2), r + 1)
    c.circle(INK, (cx, cy), r + 1)
    c.circle(P.WOOD, (cx, cy), r)
    c.circle(P.GOLD if n == 1 else shade(P.GOLD, 0.8), (cx, cy), r - 1.5, width=2.2)
    c.circle(P.PARCHMENT, (cx, cy), r - 5)
    if n == 1:
        for i in range(8):
            a = i * math.pi / 4
            c.poly(P.GOLD, A.star_points(cx + math.cos(a) * (r - 2.5), cy + math.sin(a) * (r - 2.5), 2.6, 1.1, 4, 0))
    g = text_img(c, str(n), 36, INK)
    c.surf.blit(g, g.get_rect(center=c.p((cx, cy + 2))))
    return c.result()


# =============================================================================================
# the sea chart table and the menu picture
# =============================================================================================
def table() -> pygame.Surface:
    """An old sea chart: pale water, rhumb lines from two compass roses, coasts along the edges."""
    tw, th = TABLE
    rng = Rng(1300)
    small = A.stretch_contrast(A.periodic_noise(160, 90, 3, rng, 4, 0.55))
    water = A.ramp_surface(small, 160, 90, [(0.0, (110, 150, 158)), (0.5, (142, 178, 178)), (1.0, (176, 202, 190))])
    out = pygame.transform.smoothscale(water, (tw, th))
    par = pygame.transform.smoothscale(_tex["parchment"], (512, 512))
    paper = A.tile(par, (tw, th))
    out.blit(paper, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    lift = pygame.Surface((tw, th))
    lift.fill((40, 40, 36))
    out.blit(lift, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    c = Canvas(tw, th, 1)
    ink = (70, 60, 48)
    for ox, oy in ((250, 140), (1040, 590)):   # rhumb lines
        for i in range(32):
            a = i * math.pi / 16
            c.line(rgba(ink, 50 if i % 4 else 80), (ox, oy), (ox + math.cos(a) * 1600, oy + math.sin(a) * 1600), 1)
    # coasts: sandy land with a dark shore line along the top-left and bottom-right corners
    land = c.layer()
    coast1 = [(0, 0), (420, 0)] + A.bezier((420, 0), (380, 40), (250, 30), (180, 80), 12) + \
        A.bezier((180, 80), (120, 120), (60, 90), (0, 150), 12)
    coast2 = [(tw, th), (760, th)] + A.bezier((760, th), (820, 680), (980, 700), (1060, 650), 12) + \
        A.bezier((1060, 650), (1140, 600), (1200, 620), (tw, 540), 12)
    coast3 = [(tw, 0), (1100, 0)] + A.bezier((1100, 0), (1140, 30), (1230, 20), (tw, 70), 10)
    for pts in (coast1, coast2, coast3):
        land.poly(mix(P.SAND, P.PARCHMENT, 0.4) + (255,), pts)
    c.paste(land, 230)
    for pts in (coast1, coast2, coast3):
        c.lines(rgba(ink, 200), pts[2:], 2)
        sea_side = (1, 1) if pts is coast1 else (-1, 1) if pts is coast3 else (-1, -1)
        for i, a in ((1, 90), (2, 60), (3, 36), (4, 20)):   # the chart's shore lines, fading out to sea
            c.lines(rgba(ink, a), [(x + sea_side[0] * 5 * i, y + sea_side[1] * 5 * i) for x, y in pts[2:]], 1)
    # depth soundings: small numbers scattered on the water, and a few dotted routes
    f = font("text", 12)
    for _ in range(40):
        x, y = rng.random() * tw, rng.random() * th
        if 200 < y < 520:   # keep the middle band (the row) calm
            continue
        g = f.render(str(3 + rng.below(30)), True, ink)
        g.set_alpha(110)
        out.blit(g, (int(x), int(y)))
    M().dotted_route(c, A.bezier((60, 620), (300, 560), (420, 660), (700, 600), 30), rgba(ink, 110), 1.4, 9)
    M().dotted_route(c, A.bezier((600, 60), (760, 140), (900, 40), (1060, 120), 30), rgba(ink, 110), 1.4, 9)
    out.blit(c.surf, (0, 0))
    rose = Canvas(180, 180, 2)
    M().compass_rose(rose, 90, 90, 80)
    r = rose.result()
    r.set_alpha(150)
    out.blit(r, r.get_rect(center=(1040, 590)))
    r2 = pygame.transform.smoothscale(rose.result(), (110, 110))
    r2.set_alpha(120)
    out.blit(r2, r2.get_rect(center=(250, 140)))
    # a sea serpent and a ship drawn in the chart's ink, faint
    deco = Canvas(tw, th, 2)
    M().ship(deco, 180, 660, 30, 1, (150, 120, 90), (220, 204, 170), flag=False, masts=2, trim=(120, 90, 60))
    d = deco.result()
    d.set_alpha(130)
    out.blit(d, (0, 0))
    vig = pygame.Surface((tw // 8, th // 8), pygame.SRCALPHA)
    vig.fill((60, 40, 20, 140))
    pygame.draw.ellipse(vig, (0, 0, 0, 0), pygame.Rect(-tw // 48, -th // 24, tw // 8 + tw // 24, th // 8 + th // 12))
    out.blit(A.blur(pygame.transform.smoothscale(vig, (tw, th)), 90), (0, 0))
    # the chart lies on a wooden table: a wood border with the chart's shadow on it
    rgba_out = pygame.Surface((tw, th), pygame.SRCALPHA)
    wood = pygame.transform.smoothscale(_tex["wood"], (384, 384))
    rgba_out.blit(A.tile(wood, (tw, th)), (0, 0))
    b = 14
    sh = pygame.Surface((tw, th), pygame.SRCALPHA)
    pygame.draw.rect(sh, (0, 0, 0, 170), pygame.Rect(b + 3, b + 5, tw - 2 * b, th - 2 * b), border_radius=4)
    rgba_out.blit(A.blur(sh, 8), (0, 0))
    rgba_out.blit(out.subsurface((b, b, tw - 2 * b, th - 2 * b)), (b, b))
    pygame.draw.rect(rgba_out, (120, 96, 64), pygame.Rect(b, b, tw - 2 * b, th - 2 * b), 1)
    return A.posterize(rgba_out, 2)


def menu_picture() -> pygame.Surface:
    """The menu tile (400x240): a row of ships under their three flags on the sea, the active
    adventure card and a captain's card, half turned."""
    Mk = M()
    W, H = MENU
    rng = Rng(1400)
    c = Canvas(W, H, 2)
    Mk.sky(c, 0, 120, (70, 130, 186), (250, 206, 150))
    Mk.sun(c, 300, 110, 16)
    Mk.cloud(c, 90, 30, 12, 200)
    Mk.sea(c, 110, H, rng, waves=50)
    for i, (ship, sx, sy, s) in enumerate((("ship-nl-1", 40, 146, 22), ("ship-es-2", 104, 152, 24), ("ship-en-1", 172, 158, 26),
                                           ("ship-nl-2", 242, 164, 27), ("ship-es-3", 300, 196, 30))):
        draw_ship(c, sx, sy, s, SHIP_LOOK[ship], ship.split("-")[1], False)
        c.ellipse(rgba(P.FOAM, 150), sx - s, sy + 2, 2 * s, 4)
    # the active adventure at the right and a secret captain at the bottom-left, tilted
    adv = adventure_card("adv-treasure-map")
    adv = pygame.transform.rotozoom(adv, -8, 0.46 * c.k)
    sh = A.shadow_of(adv, (10, 20, 30), 120, 6)
    c.surf.blit(sh, sh.get_rect(center=c.p((366, 96))))
    c.blit_at(adv, (362, 90))
    cap = pygame.transform.rotozoom(pirate_back(), 14, 0.36 * c.k)
    c.blit_at(cap, (30, 214))
    cap2 = pygame.transform.rotozoom(pirate_card("pirate-es-1"), -6, 0.4 * c.k)
    sh2 = A.shadow_of(cap2, (10, 20, 30), 120, 6)
    c.surf.blit(sh2, sh2.get_rect(center=c.p((82, 222))))
    c.blit_at(cap2, (78, 216))
    Mk.vignette(c, 80)
    return A.posterize(Mk.round_corners(c.result(), 12), 1)


# =============================================================================================
# entry points
# =============================================================================================
def build_all(textures: dict[str, pygame.Surface]) -> dict[str, pygame.Surface]:
    """Every Spanish Main image by its path under assets/images/ (``textures``: make_art's tiles).
    The menu picture is ``menu_picture()`` (make_art puts it at menu/spanish-main.png)."""
    _tex.clear()
    _tex.update(textures)
    out: dict[str, pygame.Surface] = {}
    for ship in SHIPS:
        out[f"{ship}.png"] = ship_card(ship, False)
        out[f"{ship}_damaged.png"] = ship_card(ship, True)
    for pirate in PIRATES:
        out[f"{pirate}.png"] = pirate_card(pirate)
    out["pirate_back.png"] = pirate_back()
    for kind in MOVEMENT_TYPES:
        out[f"{kind}.png"] = movement_card(kind)
    out["movement_back.png"] = movement_back()
    for kind in ADVENTURE_TYPES:
        out[f"{kind}.png"] = adventure_card(kind)
    out["adventure_back.png"] = adventure_back()
    for f in FLAGS:
        out[f"flag_{f}.png"] = flag_image(f)
    out["fame_token.png"] = fame_token()
    out["damage.png"] = damage_marker()
    for n in range(1, 10):
        out[f"space_{n}.png"] = space_marker(n)
    out["table.png"] = table()
    return {PREFIX + k: v for k, v in out.items()}


def contract() -> dict[str, tuple[int, int]]:
    """Every Spanish Main image with its size (tests/test_art.py repeats it)."""
    c: dict[str, tuple[int, int]] = {}
    for ship in SHIPS:
        c[f"{ship}.png"] = c[f"{ship}_damaged.png"] = CARD
    c.update({f"{p}.png": CARD for p in PIRATES})
    c.update({f"{k}.png": CARD for k in MOVEMENT_TYPES + ADVENTURE_TYPES})
    c.update({"pirate_back.png": CARD, "movement_back.png": CARD, "adventure_back.png": CARD})
    c.update({f"flag_{f}.png": FLAG for f in FLAGS})
    c.update({"fame_token.png": (TOKEN, TOKEN), "damage.png": (TOKEN, TOKEN), "table.png": TABLE})
    c.update({f"space_{n}.png": (SPACE, SPACE) for n in range(1, 10)})
    return {PREFIX + k: v for k, v in c.items()}


def main(argv: list[str] | None = None) -> int:
    return A.run_alone("make_spanish_main_art", __doc__, build_all, "menu/spanish-main.png", menu_picture, argv)


if __name__ == "__main__":
    raise SystemExit(main())
