"""Pirateer pieces as pygame Surfaces, scaled from assets/images/pirateer/ (drawn by
build/art_pirateer.py), with what depends on the game drawn here: ship numbers, the carrier's coin
and glow, the grey dead man, struck-out compass arms, strait letters and compass labels.

Every function is a pure function of its arguments and cached (``theme.SurfaceCache``); do not draw
on a returned surface (copy it first). Missing or unreadable art never crashes: a plain drawn piece
replaces it (``theme.image`` logs one warning per missing file). Sizes are in screen pixels; values
below 1 become 1.

Factions are ``"spanish"``, ``"french"``, ``"pirates"``, ``"barbary"``; the ``fantastic-eight`` ids
``"<faction>-a"`` / ``"<faction>-b"`` work too (set b has a framed sail and flag). An unknown id
draws a neutral grey ship. Each faction's emblem has its own shape (cross, lily, skull, crescent and
star), so factions are told apart without colour.

Ships and board pieces (a board diamond is ``2h`` px across; h ~ 26 at 1280x720):

- ``ship(faction, size, carrier=False, dead=False, number=None, facing=1)`` -> ``size`` x ``size``.
  A ship with the bow to the right (``facing=-1``: mirrored). Put ``ship_foot(size)`` on the
  square's centre (the waterline's middle; the sails rise above the square). ``number`` (1-3) is
  lettered on a disc at the stern; ``carrier`` adds a gold halo and the coin at the bow (a number: that
  many coins, up to two side by side, V11.5: a ship holding both treasures); ``dead``
  gives the grey, faded look of an uncontrolled dead-man fleet. Suggested size: ``round(1.7 * h)``.
- ``ship_foot(size, facing=1)`` -> (x, y) inside the ship image.
- ``coin(size)``: the treasure doubloon (a simpler drawing at 40 px and below, for the panel).
- ``anchor(faction, size)``: the harbour's anchor on a disc in the faction colour.
- ``mooring(size)``: the dock's mooring post. ``wreck(size)``: a wreck marker, same framing as a ship
  (use ``ship_foot``).
- ``strait_badge(letter, size)``: a rope ring with the strait's letter (e.g. "S", "T").
- ``current_arrow(direction, size)`` -> ``size`` x ``size // 2``: a flowing arrow, "E" or "W".

Side panel:

- ``flag(faction, size)``: the faction flag on a short staff. ``emblem(faction, size, colour)``: the
  emblem alone, drawn plainly (for chips, logs, tests).
- ``compass(size, forbidden=(), labels=None)``: the six directions of the game as they lie on the
  screen (NE/NW/SE/SW diagonal, E/W along a current, horizontal). Arms in ``forbidden`` (a
  direction or several) are greyed and struck through in red. ``labels`` maps directions to
  already translated text drawn at the arm tips. ``compass_arm(direction)`` gives the unit vector.
- ``die_badge(value, size)``: a small die (1-6) for landing highlights (the app's dice art).

Effects (blit centred):

- ``smoke(frame, size)``, frames ``0 .. SMOKE_FRAMES - 1``: a boarding puff, flash to fading cloud.
- ``wave(size)`` -> ``size`` x ``size // 2``: a breaking storm wave (crest at the right).
- ``blast_ring(radius_px)``: a ring of fire whose middle line lies ``radius_px`` from the centre;
  the surface is ``blast_side(radius_px)`` square (room for the glow).
- ``glint(frame, size)``, frames ``0 .. GLINT_FRAMES - 1``: a twinkle for the winning coin.
"""
from __future__ import annotations

import math
from typing import Callable, Iterable, Mapping

import pygame

from game.ui import palette, theme

FOLDER = "pirateer"
FACTIONS = ("spanish", "french", "pirates", "barbary")
EMBLEMS = {"spanish": "cross", "french": "lily", "pirates": "skull", "barbary": "crescent"}
DIRECTIONS = ("NE", "E", "SE", "SW", "W", "NW")
SMOKE_FRAMES = 6
GLINT_FRAMES = 6

# Main and emblem colours (the same as build/art_pirateer.py and the map's anchors). The b sets of
# fantastic-eight are a lighter tint of the same colour for panels (their ships are framed instead).
_MAIN = {"spanish": (178, 40, 36), "french": (36, 72, 168), "pirates": (28, 28, 30), "barbary": (30, 122, 64)}
EMBLEM_RGB = {"spanish": (246, 196, 66), "french": (250, 250, 250), "pirates": (250, 250, 250),
              "barbary": (250, 250, 250)}
NEUTRAL_RGB = (120, 120, 124)


def _lighter(rgb: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return tuple(round(c + (255 - c) * t) for c in rgb)  # type: ignore[return-value]


FACTION_RGB: dict[str, tuple[int, int, int]] = dict(_MAIN)
FACTION_RGB.update({f"{f}-a": rgb for f, rgb in _MAIN.items()})
FACTION_RGB.update({f"{f}-b": _lighter(rgb, 0.3) for f, rgb in _MAIN.items()})

# Art geometry, as fractions of the image side (build/art_pirateer.py draws to these numbers).
ART_SHIP = 128
SHIP_FOOT = (0.5, 0.79)
SHIP_BADGE = (0.2, 0.66, 0.135)          # number disc: centre x, y, radius
SHIP_CARGO = (0.84, 0.45, 0.15)           # the carrier's coin: centre x, y, radius
SHIP_SAIL = (0.24, 0.16, 0.52, 0.42)     # x, y, w, h of the main sail (the emblem lies inside)
SHIP_PENNANT = (0.1, 0.0, 0.5, 0.2)      # the player's pennant: x0, y0, x1 (at the mast), y1
COMPASS_ARMS = {"E": (0, 0.6), "NE": (45, 0.8), "NW": (135, 0.8), "W": (180, 0.6), "SW": (225, 0.8), "SE": (315, 0.8)}
COMPASS_ARM_HALF_WIDTH = 0.13
RING_AT = 0.8                            # blast ring: its middle line at this fraction of the half side

_cache = theme.SurfaceCache(FOLDER, 768)
_INK = (34, 24, 18)
_BADGE = (250, 244, 226)
_STRIKE = (200, 30, 24)


# --------------------------------------------------------------------------------------------------
# factions
# --------------------------------------------------------------------------------------------------
def faction_parts(faction: str) -> tuple[str | None, bool]:
    """(base faction or None if unknown, True for a fantastic-eight b set)."""
    f = str(faction).lower()
    b = f.endswith("-b")
    if f.endswith(("-a", "-b")):
        f = f[:-2]
    return (f if f in _MAIN else None), b


def faction_rgb(faction: str) -> tuple[int, int, int]:
    """The faction's colour for tints and panels (grey for an unknown id)."""
    return FACTION_RGB.get(str(faction).lower(), NEUTRAL_RGB)


# --------------------------------------------------------------------------------------------------
# ships and board pieces
# --------------------------------------------------------------------------------------------------
def ship(faction: str, size: int, carrier: bool | int = False, dead: bool = False, number: int | None = None,
         facing: int = 1, seat: int | None = None) -> pygame.Surface:
    """A ship ``size`` px square (see the module docstring)."""
    size = _n(size)
    pennant = None if seat is None else int(seat)
    coins = min(2, int(carrier))
    base, set_b = faction_parts(faction)
    flip = facing < 0
    num = None if number is None else int(number)

    def make() -> pygame.Surface:
        art = _ship_art(base, set_b, size)
        out = pygame.Surface((size, size), pygame.SRCALPHA)
        if carrier:
            out.blit(_art_or(("glow", size), "carrier_glow.png", (size, size), _plain_glow), (0, 0))
        out.blit(art, (0, 0))
        if coins:
            cx, cy, r = SHIP_CARGO
            d = max(3, round(2 * r * size))
            if coins > 1:           # the second coin behind the first, up toward the sails
                out.blit(coin(d), (round((cx - 0.75 * r) * size - d / 2), round((cy - 0.9 * r) * size - d / 2)))
            out.blit(coin(d), (round(cx * size - d / 2), round(cy * size - d / 2)))
        if flip:       # the whole picture mirrors; the number (below) is lettered the right way round
            out = pygame.transform.flip(out, True, False)
        if pennant is not None:
            _pennant(out, pennant, flip)
        if num is not None:
            _badge(out, num, flip)
        if dead:
            out = _deadened(out)
        return out
    return _cache.get(("ship", base, set_b, size, coins, bool(dead), num, flip, pennant), make)


def ship_foot(size: int, facing: int = 1) -> tuple[int, int]:
    """Where the waterline's middle lies in a ``size`` ship image: put it on the square's centre."""
    size = _n(size)
    return (round(_fx(SHIP_FOOT[0], facing < 0) * size), round(SHIP_FOOT[1] * size))


def coin(size: int) -> pygame.Surface:
    """The treasure doubloon, ``size`` px square."""
    size = _n(size)
    name = "coin_small.png" if size <= 40 else "coin.png"
    return _art_or(("coin", size), name, (size, size), _plain_coin)


def anchor(faction: str, size: int) -> pygame.Surface:
    """The harbour anchor of a faction on a disc in its colour, ``size`` px square."""
    size = _n(size)
    base, _ = faction_parts(faction)
    if base is None:
        return _cache.get(("anchor", None, size), lambda: _plain_anchor(None, size))
    return _art_or(("anchor", base, size), f"anchor_{base}.png", (size, size), lambda n: _plain_anchor(base, n))


def mooring(size: int) -> pygame.Surface:
    """The mooring post that marks a dock, ``size`` px square."""
    size = _n(size)
    return _art_or(("mooring", size), "mooring.png", (size, size), _plain_mooring)


def wreck(size: int) -> pygame.Surface:
    """A wreck marker, framed like a ship (its waterline at ``ship_foot(size)``)."""
    size = _n(size)
    return _art_or(("wreck", size), "wreck.png", (size, size), _plain_wreck)


def strait_badge(letter: str, size: int) -> pygame.Surface:
    """A rope ring with ``letter`` in it, ``size`` px square (mark both halves of a strait alike)."""
    size = _n(size)
    text = str(letter)[:2]

    def make() -> pygame.Surface:
        out = _art_or(("ring", size), "strait_ring.png", (size, size), _plain_ring).copy()
        if text and size >= 6:
            px = max(6, round(size * 0.5))
            fnt = theme.font_px("display", px)
            while px > 6 and fnt.size(text)[0] > size * 0.56:
                px -= 1
                fnt = theme.font_px("display", px)
            if px >= theme.MIN_TEXT_PX:      # a ring too small for a readable letter shows none
                glyph = fnt.render(text, True, _INK)
                out.blit(glyph, glyph.get_rect(center=(size / 2, size / 2 + size * 0.02)))
        return out
    return _cache.get(("strait", text, size), make)


def current_arrow(direction: str, size: int) -> pygame.Surface:
    """A flowing arrow ``size`` x ``size // 2`` pointing "E" (right) or "W" (left)."""
    size = _n(size)
    wh = (size, max(1, size // 2))
    west = str(direction).upper() == "W"

    def make() -> pygame.Surface:
        east = _art_or(("arrow", wh), "current_arrow.png", wh, lambda n: _plain_arrow(wh))
        return pygame.transform.flip(east, True, False) if west else east
    return _cache.get(("current", west, wh), make)


# --------------------------------------------------------------------------------------------------
# side panel
# --------------------------------------------------------------------------------------------------
def flag(faction: str, size: int) -> pygame.Surface:
    """The faction flag on a short staff, ``size`` px square."""
    size = _n(size)
    base, set_b = faction_parts(faction)
    if base is None:
        return _cache.get(("flag", None, size), lambda: _plain_flag(None, False, size))
    name = f"flag_{base}{'_b' if set_b else ''}.png"
    return _art_or(("flag", base, set_b, size), name, (size, size), lambda n: _plain_flag(base, set_b, n))


def emblem(faction: str, size: int, colour: tuple[int, ...] | None = None) -> pygame.Surface:
    """The faction's emblem alone (``size`` px square, transparent field), drawn plainly in
    ``colour`` (default: the emblem colour). A grey ring for an unknown faction."""
    size = _n(size)
    base, _ = faction_parts(faction)
    col = tuple(colour) if colour is not None else EMBLEM_RGB.get(base or "", (200, 200, 200))
    return _cache.get(("emblem", base, size, col), lambda: _draw_emblem(base, size, col))


def compass_arm(direction: str) -> tuple[float, float]:
    """The unit vector on screen (y down) of one of the six directions."""
    deg, _ = COMPASS_ARMS[str(direction).upper()]
    return (math.cos(math.radians(deg)), -math.sin(math.radians(deg)))


def compass(size: int, forbidden: str | Iterable[str] | None = None,
            labels: Mapping[str, str] | None = None) -> pygame.Surface:
    """The compass rose, ``size`` px square; ``forbidden`` arms are greyed and struck through."""
    size = _n(size)
    if forbidden is None:
        banned: tuple[str, ...] = ()
    elif isinstance(forbidden, str):
        banned = (forbidden.upper(),)
    else:
        banned = tuple(sorted({str(d).upper() for d in forbidden}))
    banned = tuple(d for d in banned if d in COMPASS_ARMS)
    names = tuple(sorted((str(k).upper(), str(v)) for k, v in (labels or {}).items() if str(k).upper() in COMPASS_ARMS))

    def make() -> pygame.Surface:
        out = _art_or(("rose", size), "compass.png", (size, size), _plain_compass).copy()
        for d in banned:
            _strike(out, d)
        if names:
            _labels(out, dict(names))
        return out
    return _cache.get(("compass", size, banned, names), make)


def die_badge(value: int, size: int) -> pygame.Surface:
    """A small die showing ``value`` (1-6, clamped), ``size`` px square."""
    size = _n(size)
    v = min(6, max(1, int(value)))

    def make() -> pygame.Surface:
        img = theme.image("dice", f"die_{v}.png")
        return _scaled(img, (size, size)) if img is not None else _plain_die(v, size)
    return _cache.get(("die", v, size), make)


# --------------------------------------------------------------------------------------------------
# effects
# --------------------------------------------------------------------------------------------------
def smoke(frame: int, size: int) -> pygame.Surface:
    """Boarding smoke, ``frame`` 0 .. SMOKE_FRAMES - 1 (clamped), ``size`` px square."""
    size = _n(size)
    f = min(SMOKE_FRAMES - 1, max(0, int(frame)))
    return _art_or(("smoke", f, size), f"smoke_{f + 1}.png", (size, size), lambda n: _plain_smoke(f, n))


def wave(size: int) -> pygame.Surface:
    """The storm wave, ``size`` x ``size // 2``, its curling crest at the right."""
    size = _n(size)
    wh = (size, max(1, size // 2))
    return _art_or(("wave", wh), "wave.png", wh, lambda n: _plain_wave(wh))


def blast_side(radius_px: float) -> int:
    """The side of ``blast_ring(radius_px)``."""
    return max(2, 2 * math.ceil(max(1.0, float(radius_px)) / RING_AT))


def blast_ring(radius_px: float) -> pygame.Surface:
    """The nuke's ring, its middle line ``radius_px`` from the centre (``blast_side`` px square)."""
    side = blast_side(radius_px)
    return _art_or(("blast", side), "blast_ring.png", (side, side), _plain_blast)


def glint(frame: int, size: int) -> pygame.Surface:
    """A twinkle, ``frame`` 0 .. GLINT_FRAMES - 1 (clamped), ``size`` px square."""
    size = _n(size)
    f = min(GLINT_FRAMES - 1, max(0, int(frame)))
    return _art_or(("glint", f, size), f"glint_{f + 1}.png", (size, size), lambda n: _plain_glint(f, n))


def clear_cache() -> None:
    """Forget every composed surface (e.g. after theme.set_asset_root)."""
    _cache.clear()


# --------------------------------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------------------------------
def _n(size: float) -> int:
    return max(1, int(size))


def _fx(x: float, flip: bool) -> float:
    return 1 - x if flip else x


def _scaled(img: pygame.Surface, wh: tuple[int, int]) -> pygame.Surface:
    if img.get_size() == wh:
        return img.copy()
    while wh[0] * 2 <= img.get_width() and wh[1] * 2 <= img.get_height():
        # big reductions in halves, so smoothscale keeps thin lines
        img = pygame.transform.smoothscale(img, (img.get_width() // 2, img.get_height() // 2))
    return pygame.transform.smoothscale(img, wh)


def _art_or(key: tuple, name: str, wh: tuple[int, int], plain: Callable[[int], pygame.Surface]) -> pygame.Surface:
    """The art file scaled to ``wh``, or ``plain(wh[0])`` when it is missing (cached either way)."""
    def make() -> pygame.Surface:
        img = theme.image(FOLDER, name)
        if img is None:
            out = plain(wh[0])
            return out if out.get_size() == wh else pygame.transform.smoothscale(out, wh)
        return _scaled(img, wh)
    return _cache.get(key, make)


def _ship_art(base: str | None, set_b: bool, size: int) -> pygame.Surface:
    if base is None:
        return _cache.get(("ship-art", None, False, size), lambda: _plain_ship(None, False, size))
    name = f"ship_{base}{'_b' if set_b else ''}.png"
    return _art_or(("ship-art", base, set_b, size), name, (size, size), lambda n: _plain_ship(base, set_b, n))


def _pennant(out: pygame.Surface, seat: int, flip: bool) -> None:
    """The player's pennant at the masthead, flying astern: a swallow-tailed flag in the seat's colour with the
    seat's symbol on it (the sail keeps the faction's emblem: the emblem says which rules the ship sails by, the
    pennant whose ship it is). Drawn after the mirroring, so the symbol always reads the right way round."""
    size = out.get_width()
    x0, y0, x1, y1 = SHIP_PENNANT
    k = 4
    w, h = max(3, round((x1 - x0) * size)), max(2, round((y1 - y0) * size))
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    W, H = w * k, h * k
    rgb = theme.seat_colour(seat)
    # the hoist on the right (at the mast), the swallow tail on the left
    pts = [(W - 1, 0), (0, 0), (W * 0.2, H * 0.5), (0, H - 1), (W - 1, H - 1)]
    pygame.draw.polygon(big, rgb, pts)
    pygame.draw.polygon(big, _INK, pts, max(1, round(H * 0.09)))
    flag = pygame.transform.smoothscale(big, (w, h))
    if flip:                                        # bow to the left: the flag flies to the right
        flag = pygame.transform.flip(flag, True, False)
    sym = round(h * 0.8)
    if sym >= 5:
        glyph = theme.seat_symbol(seat, sym, theme.contrast_text(rgb))
        flag.blit(glyph, glyph.get_rect(center=(round(w * (0.4 if flip else 0.6)), round(h / 2))))
    left = round(x0 * size)
    if flip:
        left = size - left - w
    out.blit(flag, (left, round(y0 * size)))


def _badge(out: pygame.Surface, number: int, flip: bool) -> None:
    size = out.get_width()
    cx, cy, r = SHIP_BADGE
    rad = max(2.0, r * size)
    k = 4
    d = math.ceil(2 * rad + 2)
    left = round(cx * size - d / 2)
    if flip:
        left = size - left - d                      # exactly mirrored
    top = round(cy * size - d / 2)
    x, y = left + d / 2, top + d / 2
    big = pygame.Surface((d * k, d * k), pygame.SRCALPHA)
    c = d * k / 2
    pygame.draw.circle(big, _INK, (c, c), rad * k)
    pygame.draw.circle(big, _BADGE, (c, c), rad * k - max(1.0, rad * k * 0.16))
    out.blit(pygame.transform.smoothscale(big, (d, d)), (left, top))
    text = str(number)
    if rad < 3:
        return
    # never below the smallest readable size: the number may fill its disc to the rim on a small ship, and a
    # disc too small for a readable number (a thumbnail's ship) shows none
    if rad * 2 < theme.MIN_TEXT_PX - 1:
        return
    px = max(theme.MIN_TEXT_PX, round(rad * 1.75))
    fnt = theme.font_px("bold", px)
    while px > theme.MIN_TEXT_PX and max(fnt.size(text)) > rad * 1.9:
        px -= 1
        fnt = theme.font_px("bold", px)
    glyph = fnt.render(text, True, _INK)
    out.blit(glyph, glyph.get_rect(center=(round(x), round(y + rad * 0.04))))


def _deadened(src: pygame.Surface) -> pygame.Surface:
    """Grey, washed out and half transparent."""
    grey = pygame.transform.grayscale(src)
    wash = pygame.Surface(grey.get_size(), pygame.SRCALPHA)
    wash.fill((70, 70, 70, 0))
    grey.blit(wash, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    grey.fill((255, 255, 255, 165), special_flags=pygame.BLEND_RGBA_MULT)
    return grey


def _arm_points(size: int, d: str, scale: float = 1.0) -> list[tuple[float, float]]:
    deg, ln = COMPASS_ARMS[d]
    half = size / 2
    a = -math.radians(deg)
    w = COMPASS_ARM_HALF_WIDTH * half * scale
    tip = (half + math.cos(a) * ln * half, half + math.sin(a) * ln * half)
    left = (half + math.cos(a - math.pi / 2) * w, half + math.sin(a - math.pi / 2) * w)
    right = (half + math.cos(a + math.pi / 2) * w, half + math.sin(a + math.pi / 2) * w)
    return [tip, left, (half, half), right]


def _strike(out: pygame.Surface, d: str) -> None:
    """A barred arm, readable at a glance even on the side panel's small compass: the arm painted red over
    its own colours (a red arm is a way barred), outlined dark, and struck through across its middle with a
    bold red bar edged in white. The rose's hub is left clear, so the arms still allowed read as they are."""
    size = out.get_width()
    k = 3
    lay = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    tip, left, centre, right = _arm_points(size, d, 1.1)
    ux, uy = compass_arm(d)
    half = size / 2
    t0 = 0.07 * half                                   # leave the hub alone
    base_l = (left[0] + ux * t0, left[1] + uy * t0)
    base_r = (right[0] + ux * t0, right[1] + uy * t0)
    tip = (tip[0] + ux * size * 0.02, tip[1] + uy * size * 0.02)
    arm = [(x * k, y * k) for x, y in (tip, base_l, base_r)]
    pygame.draw.polygon(lay, (236, 224, 196, 255), arm)               # the arm's own colours gone
    pygame.draw.polygon(lay, _STRIKE + (235,), arm)                   # ... a red arm instead
    pygame.draw.polygon(lay, _INK + (255,), arm, max(2, round(size * 0.012 * k)))
    _, ln = COMPASS_ARMS[d]
    along = ln * half * 0.68
    mx, my = half + ux * along, half + uy * along
    vx, vy = -uy, ux                                   # across the arm
    r = half * 0.26                                    # the bar's half length
    w = max(3, round(size * 0.07 * k))
    halo = w + 2 * max(2, w // 3)
    a, b = ((mx - vx * r) * k, (my - vy * r) * k), ((mx + vx * r) * k, (my + vy * r) * k)
    for colour, width in (((255, 250, 240, 255), halo), (_STRIKE + (255,), w)):
        pygame.draw.line(lay, colour, a, b, width)
        for q in (a, b):
            pygame.draw.circle(lay, colour, q, width / 2)
    out.blit(pygame.transform.smoothscale(lay, (size, size)), (0, 0))


def _labels(out: pygame.Surface, names: dict[str, str]) -> None:
    size = out.get_width()
    half = size / 2
    px = max(6, round(size * 0.1))
    if px < theme.MIN_TEXT_PX:                  # a compass too small for readable letters shows none
        return
    fnt = theme.font_px("bold", px)
    for d, text in names.items():
        if not text:
            continue
        deg, ln = COMPASS_ARMS[d]
        ux, uy = compass_arm(d)
        rr = (ln + 0.1) * half if d in ("E", "W") else (ln + 0.02) * half
        glyph = theme.render_text(text, fnt, _INK, outline=_BADGE, outline_px=max(1, px // 8))
        gw, gh = glyph.get_size()
        # push the label outwards so it sits beyond the tip, not over it
        x = half + ux * rr + ux * gw * 0.3
        y = half + uy * rr + uy * gh * 0.3
        r = glyph.get_rect(center=(round(x), round(y)))
        r.clamp_ip(out.get_rect())
        out.blit(glyph, r)


# --------------------------------------------------------------------------------------------------
# plain drawings (missing art): the same shapes, simply drawn
# --------------------------------------------------------------------------------------------------
_K = 4   # supersampling of the plain drawings


def _canvas(size: int) -> pygame.Surface:
    return pygame.Surface((size * _K, size * _K), pygame.SRCALPHA)


def _down(big: pygame.Surface, size: int | tuple[int, int]) -> pygame.Surface:
    wh = (size, size) if isinstance(size, int) else size
    return pygame.transform.smoothscale(big, wh)


def _emblem_on(surf: pygame.Surface, base: str | None, cx: float, cy: float, r: float, col: tuple, field: tuple) -> None:
    """Draw an emblem centred at (cx, cy) with half size r on ``surf`` (any scale)."""
    def P(x: float, y: float) -> tuple[float, float]:
        return (cx + x * r, cy + y * r)

    if base == "spanish":
        a, b = 0.31, 0.15
        pts = [(-a, -1), (a, -1), (b, -b), (1, -a), (1, a), (b, b), (a, 1), (-a, 1), (-b, b), (-1, a), (-1, -a), (-b, -b)]
        pygame.draw.polygon(surf, col, [P(x, y) for x, y in pts])
    elif base == "french":
        mid = [P(0, -1), P(-0.24, -0.62), P(-0.26, -0.1), P(-0.08, 0.18), P(0.08, 0.18), P(0.26, -0.1), P(0.24, -0.62)]
        pygame.draw.polygon(surf, col, mid)
        for s in (-1, 1):
            petal = [P(s * 0.3, 0.18), P(s * 0.3, -0.45), P(s * 0.62, -0.72), P(s * 0.92, -0.6), P(s * 1.0, -0.3),
                     P(s * 0.92, -0.04), P(s * 0.76, -0.1), P(s * 0.74, -0.34), P(s * 0.56, -0.3), P(s * 0.5, 0.18)]
            pygame.draw.polygon(surf, col, petal)
        pygame.draw.rect(surf, col, pygame.Rect(P(-0.62, 0.14), (1.24 * r, 0.24 * r)))
        pygame.draw.polygon(surf, col, [P(-0.12, 0.38), P(0.12, 0.38), P(0.16, 0.56), P(0.56, 0.72), P(0.62, 0.96),
                                        P(0.3, 0.8), P(0.1, 0.8), P(0, 1.0), P(-0.1, 0.8), P(-0.3, 0.8),
                                        P(-0.62, 0.96), P(-0.56, 0.72), P(-0.16, 0.56)])
    elif base == "pirates":
        bone = max(1, round(0.18 * r))
        for s in (-1, 1):
            pygame.draw.line(surf, col, P(-0.85, 0.2 * -s + 0.35), P(0.85, 0.2 * s + 0.35), bone)
            for e in (-1, 1):
                pygame.draw.circle(surf, col, P(0.85 * e, 0.2 * s * e + 0.35 + 0.08), 0.12 * r)
                pygame.draw.circle(surf, col, P(0.85 * e, 0.2 * s * e + 0.35 - 0.08), 0.12 * r)
        pygame.draw.circle(surf, col, P(0, -0.2), 0.56 * r)
        pygame.draw.rect(surf, col, pygame.Rect(P(-0.3, 0.1), (0.6 * r, 0.36 * r)), border_radius=max(1, round(0.1 * r)))
        for ex in (-0.22, 0.22):
            pygame.draw.circle(surf, field, P(ex, -0.2), 0.15 * r)
        pygame.draw.polygon(surf, field, [P(0, 0.0), P(-0.08, 0.14), P(0.08, 0.14)])
    elif base == "barbary":
        lay = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        pygame.draw.circle(lay, col, P(-0.2, 0), 0.8 * r)
        pygame.draw.circle(lay, (0, 0, 0, 0), P(0.1, -0.04), 0.66 * r)
        pts = []
        for i in range(10):
            rad = 0.42 if i % 2 == 0 else 0.17
            a = -math.pi / 2 + i * math.pi / 5
            pts.append(P(0.5 + rad * math.cos(a), -0.02 + rad * math.sin(a)))
        pygame.draw.polygon(lay, col, pts)
        surf.blit(lay, (0, 0))
    else:
        pygame.draw.circle(surf, col, P(0, 0), 0.8 * r, max(1, round(0.25 * r)))


def _draw_emblem(base: str | None, size: int, col: tuple) -> pygame.Surface:
    big = _canvas(size)
    s = size * _K
    _emblem_on(big, base, s / 2, s / 2, s * 0.46, col, (0, 0, 0, 0))
    return _down(big, size)


def _plain_ship(base: str | None, set_b: bool, size: int) -> pygame.Surface:
    big = _canvas(size)
    s = size * _K / ART_SHIP              # art pixels -> canvas pixels
    main = _MAIN.get(base or "", NEUTRAL_RGB)
    mark = EMBLEM_RGB.get(base or "", (230, 230, 230))

    def P(x: float, y: float) -> tuple[float, float]:
        return (x * s, y * s)
    pygame.draw.ellipse(big, (6, 26, 40, 90), pygame.Rect(P(10, 95), (112 * s, 14 * s)))
    rim = max(1, round(2.5 * s))
    hull = [P(13, 70), P(40, 70), P(40, 81), P(80, 84), P(117, 71), P(104, 100), P(30, 102), P(14, 92)]
    sail = pygame.Rect(P(31, 20), (66 * s, 48 * s))
    pygame.draw.line(big, _BADGE, P(64, 80), P(64, 6), round(3.2 * s) + 2 * rim)
    pygame.draw.rect(big, _BADGE, sail.inflate(2 * rim, 2 * rim), border_radius=round(6 * s))
    pygame.draw.polygon(big, _BADGE, hull, 2 * rim)
    pygame.draw.line(big, (74, 45, 28), P(64, 80), P(64, 6), round(3.2 * s))
    pygame.draw.polygon(big, (230, 220, 190), [P(70, 16), P(121, 64), P(82, 68)])
    pygame.draw.rect(big, main if base != "pirates" else (40, 40, 44), sail, border_radius=round(6 * s))
    pygame.draw.rect(big, _INK, sail, max(1, round(1.3 * s)), border_radius=round(6 * s))
    if set_b:
        pygame.draw.rect(big, mark, sail.inflate(-12 * s, -12 * s), max(1, round(2.6 * s)), border_radius=round(4 * s))
    _emblem_on(big, base, 64 * s, 43 * s, (18.5 if not set_b else 16) * s, mark, main)
    pygame.draw.polygon(big, palette.WOOD, hull)
    band = [P(13, 70), P(40, 70), P(40, 81), P(80, 84), P(117, 71), P(114, 80), P(80, 92), P(14, 86)]
    pygame.draw.polygon(big, main if base != "pirates" else (70, 66, 70), band)
    pygame.draw.polygon(big, _INK, hull, max(1, round(1.4 * s)))
    return _down(big, size)


def _plain_glow(size: int) -> pygame.Surface:
    big = _canvas(size)
    s = size * _K
    pygame.draw.ellipse(big, (255, 220, 110, 120), pygame.Rect(0.04 * s, 0.08 * s, 0.92 * s, 0.84 * s))
    return _down(big, size)


def _plain_coin(size: int) -> pygame.Surface:
    big = _canvas(size)
    s = size * _K
    c = (s / 2, s / 2)
    pygame.draw.circle(big, (140, 100, 30), c, s * 0.46)
    pygame.draw.circle(big, palette.GOLD, c, s * 0.41)
    pygame.draw.circle(big, (140, 100, 30), c, s * 0.32, max(1, round(s * 0.04)))
    pts = [(c[0] + math.cos(-math.pi / 2 + i * math.pi / 8) * (s * 0.26 if i % 2 == 0 else s * 0.09),
            c[1] + math.sin(-math.pi / 2 + i * math.pi / 8) * (s * 0.26 if i % 2 == 0 else s * 0.09)) for i in range(16)]
    pygame.draw.polygon(big, palette.GOLD_LIGHT, pts)
    return _down(big, size)


def _plain_anchor(base: str | None, size: int) -> pygame.Surface:
    big = _canvas(size)
    s = size * _K
    c = (s / 2, s / 2)
    pygame.draw.circle(big, palette.GOLD, c, s * 0.46)
    pygame.draw.circle(big, _MAIN.get(base or "", NEUTRAL_RGB), c, s * 0.41)
    col = EMBLEM_RGB.get(base or "", (230, 230, 230))
    w = max(1, round(s * 0.06))
    pygame.draw.line(big, col, (c[0], s * 0.2), (c[0], s * 0.8), w)
    pygame.draw.circle(big, col, (c[0], s * 0.2), s * 0.07, w)
    pygame.draw.line(big, col, (s * 0.34, s * 0.34), (s * 0.66, s * 0.34), w)
    pygame.draw.arc(big, col, pygame.Rect(s * 0.24, s * 0.36, s * 0.52, s * 0.44), math.pi * 1.05, math.pi * 1.95, w)
    return _down(big, size)


def _plain_mooring(size: int) -> pygame.Surface:
    big = _canvas(size)
    s = size * _K
    pygame.draw.ellipse(big, (6, 26, 40, 90), pygame.Rect(0.22 * s, 0.72 * s, 0.56 * s, 0.18 * s))
    pygame.draw.rect(big, palette.WOOD, pygame.Rect(0.36 * s, 0.25 * s, 0.28 * s, 0.56 * s), border_radius=round(s * 0.05))
    pygame.draw.ellipse(big, palette.WOOD_LIGHT, pygame.Rect(0.34 * s, 0.17 * s, 0.32 * s, 0.16 * s))
    for y in (0.48, 0.56):
        pygame.draw.line(big, (226, 200, 140), (0.33 * s, y * s), (0.67 * s, y * s), max(1, round(s * 0.05)))
    return _down(big, size)


def _plain_wreck(size: int) -> pygame.Surface:
    big = _canvas(size)
    s = size * _K / ART_SHIP

    def P(x: float, y: float) -> tuple[float, float]:
        return (x * s, y * s)
    pygame.draw.ellipse(big, (6, 26, 40, 100), pygame.Rect(P(12, 90), (106 * s, 20 * s)))
    hull = [P(20, 82), P(96, 70), P(88, 96), P(30, 102)]
    pygame.draw.polygon(big, (110, 96, 84), hull)
    pygame.draw.polygon(big, _INK, hull, max(1, round(1.4 * s)))
    pygame.draw.line(big, (74, 45, 28), P(56, 80), P(44, 34), max(1, round(4 * s)))
    pygame.draw.polygon(big, (170, 166, 156), [P(51, 52), P(74, 47), P(68, 64), P(54, 66)])
    return _down(big, size)


def _plain_ring(size: int) -> pygame.Surface:
    big = _canvas(size)
    s = size * _K
    c = (s / 2, s / 2)
    pygame.draw.circle(big, (132, 96, 50), c, s * 0.44)
    pygame.draw.circle(big, (214, 178, 110), c, s * 0.4)
    pygame.draw.circle(big, _BADGE, c, s * 0.32)
    return _down(big, size)


def _plain_arrow(wh: tuple[int, int]) -> pygame.Surface:
    w, h = wh
    big = pygame.Surface((w * _K, h * _K), pygame.SRCALPHA)
    W, H = w * _K, h * _K
    pts = [(W * 0.06 + W * 0.72 * i / 20, H / 2 + H * 0.1 * math.sin(i / 20 * 2 * math.pi * 1.25)) for i in range(21)]
    pygame.draw.lines(big, palette.FOAM, False, pts, max(1, round(H * 0.14)))
    pygame.draw.polygon(big, palette.FOAM, [(W * 0.74, H * 0.18), (W * 0.97, H * 0.5), (W * 0.74, H * 0.82)])
    return _down(big, wh)


def _plain_flag(base: str | None, set_b: bool, size: int) -> pygame.Surface:
    big = _canvas(size)
    s = size * _K
    main = _MAIN.get(base or "", NEUTRAL_RGB)
    mark = EMBLEM_RGB.get(base or "", (230, 230, 230))
    pygame.draw.line(big, palette.WOOD_DARK, (s * 0.12, s * 0.08), (s * 0.12, s * 0.94), max(1, round(s * 0.05)))
    body = pygame.Rect(s * 0.15, s * 0.14, s * 0.78, s * 0.62)
    pygame.draw.rect(big, main, body)
    pygame.draw.rect(big, _INK, body, max(1, round(s * 0.015)))
    if set_b:
        pygame.draw.rect(big, mark, body.inflate(-s * 0.1, -s * 0.1), max(1, round(s * 0.035)))
    _emblem_on(big, base, body.centerx, body.centery, s * (0.22 if not set_b else 0.19), mark, main)
    return _down(big, size)


def _plain_compass(size: int) -> pygame.Surface:
    big = _canvas(size)
    s = size * _K
    c = (s / 2, s / 2)
    pygame.draw.circle(big, palette.GOLD, c, s * 0.49)
    pygame.draw.circle(big, palette.PARCHMENT, c, s * 0.46)
    for d in COMPASS_ARMS:
        pts = [(x * _K, y * _K) for x, y in _arm_points(size, d)]
        pygame.draw.polygon(big, palette.SEA if d in ("E", "W") else palette.GOLD, pts)
        pygame.draw.polygon(big, _INK, pts, max(1, round(s * 0.008)))
    pygame.draw.circle(big, _INK, c, s * 0.05)
    return _down(big, size)


def _plain_die(value: int, size: int) -> pygame.Surface:
    big = _canvas(size)
    s = size * _K
    pygame.draw.rect(big, (252, 246, 230), pygame.Rect(s * 0.06, s * 0.06, s * 0.88, s * 0.88), border_radius=round(s * 0.16))
    pygame.draw.rect(big, _INK, pygame.Rect(s * 0.06, s * 0.06, s * 0.88, s * 0.88), max(1, round(s * 0.04)),
                     border_radius=round(s * 0.16))
    pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
            5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
    for px, py in pips[value]:
        pygame.draw.circle(big, _INK, (s / 2 + px * s * 0.24, s / 2 + py * s * 0.24), s * 0.08)
    return _down(big, size)


def _plain_smoke(frame: int, size: int) -> pygame.Surface:
    big = _canvas(size)
    s = size * _K
    t = frame / max(1, SMOKE_FRAMES - 1)
    alpha = round(220 * (1 - t)) + 20
    for i in range(6):
        a = i * math.pi / 3
        r = s * (0.14 + 0.14 * t)
        pygame.draw.circle(big, (225, 222, 218, alpha), (s / 2 + math.cos(a) * r, s / 2 + math.sin(a) * r), s * (0.12 + 0.1 * t))
    return _down(big, size)


def _plain_wave(wh: tuple[int, int]) -> pygame.Surface:
    w, h = wh
    big = pygame.Surface((w * _K, h * _K), pygame.SRCALPHA)
    W, H = w * _K, h * _K
    pts = [(0, H)] + [(W * i / 20, H * (0.75 - 0.6 * (i / 20) ** 2)) for i in range(21)] + [(W, H)]
    pygame.draw.polygon(big, palette.SEA, pts)
    pygame.draw.lines(big, palette.FOAM, False, pts[1:-1], max(1, round(H * 0.05)))
    return _down(big, wh)


def _plain_blast(side: int) -> pygame.Surface:
    big = _canvas(side)
    s = side * _K
    r = RING_AT * s / 2
    pygame.draw.circle(big, (255, 150, 60, 50), (s / 2, s / 2), r)
    pygame.draw.circle(big, (255, 120, 40, 220), (s / 2, s / 2), r + s * 0.02, max(1, round(s * 0.04)))
    pygame.draw.circle(big, (255, 236, 180, 255), (s / 2, s / 2), r + s * 0.005, max(1, round(s * 0.012)))
    return _down(big, side)


def _plain_glint(frame: int, size: int) -> pygame.Surface:
    big = _canvas(size)
    s = size * _K
    t = (frame + 1) / (GLINT_FRAMES + 1)
    k = math.sin(math.pi * t)
    rot = t * math.pi / 4
    pts = []
    for i in range(8):
        rad = (s * 0.46 if i % 2 == 0 else s * 0.06) * k + 1
        a = -math.pi / 2 + rot + i * math.pi / 4
        pts.append((s / 2 + rad * math.cos(a), s / 2 + rad * math.sin(a)))
    pygame.draw.polygon(big, (255, 246, 210, 255), pts)
    return _down(big, size)
