"""Playa Pirata pieces as pygame Surfaces, composed at run time from assets/images/playa-pirata/
(drawn by build/art_playa_pirata.py).

Every function is a pure function of its arguments, cached, and returns a Surface of exactly the
requested size; do not draw on the returned surfaces (copy them first). A missing or unreadable
image never crashes: a plain drawn card replaces it (theme logs one warning per missing file).

Sizes are pixels: a ``(w, h)`` pair, or one int (cards: the width, the height follows the 5:7 card
shape; square pieces: the side). ``colour`` is a seat colour index into ``palette.SEAT_COLOURS``.
Seat-coloured pieces are three layers: ``<name>.png``, ``<name>_tint.png`` (grey shading multiplied
by the seat colour) and ``<name>_top.png``; the seat symbol is added here.
"""
from __future__ import annotations

import math
from typing import Callable

import pygame

from game.ui import palette, theme

ART_CARD = (240, 336)          # the card art size (2x the 120x168 design size)
ART_TOKEN = 128
ART_EYE = 64
ART_TABLE = (1280, 720)
FOLDER = "playa-pirata"
TITLE_BAND = (22, 252, 196, 46)   # special cards: x, y, w, h of the clean title band at art size

TREASURE_KINDS = ("number", "skull", "towel")
TREASURE_VALUES = (3, 4, 5, 6, 7)
PIRATE_KINDS = ("spyglass", "map", "umbrella")
TOWEL_VALUES = (1, 2, 3)
SPECIAL_IDS = ("special-sandcastle", "special-skeleton", "special-wave", "special-double-towel", "special-flag",
               "special-bucket", "special-lifeguard", "special-slippers", "special-piggy-bank", "special-parrot")

Size = int | tuple[int, int]

_cache = theme.SurfaceCache(FOLDER, 384)


# --------------------------------------------------------------------------------------------------
# public API
# --------------------------------------------------------------------------------------------------
def treasure_face(kind: str, value: int | None, size: Size) -> pygame.Surface:
    """The face of a treasure card: kind "number" (value 3..7), "skull" or "towel" (value ignored)."""
    wh = _card_size(size)
    if kind == "number":
        name = f"treasure_{value}.png" if value in TREASURE_VALUES else ""
        mark = str(value) if value is not None else "?"
    elif kind in ("skull", "towel"):
        name, mark = f"treasure_{kind}.png", ""
    else:
        name, mark = "", "?"
    return _cached(("treasure", kind, value, wh), lambda: _card_from(name, wh, lambda s: _plain_treasure(s, kind, mark)))


def treasure_back(size: Size) -> pygame.Surface:
    """The back of a treasure card: crossed bones on the sand (face-down buried treasures)."""
    wh = _card_size(size)
    return _cached(("treasure_back", wh), lambda: _card_from("treasure_back.png", wh, _plain_back))


def pirate_card(kind: str, colour: int, size: Size) -> pygame.Surface:
    """A pirate card ("spyglass", "map", "umbrella") in the seat colour, with the seat symbol."""
    wh = _card_size(size)
    seat = _seat(colour)

    def make() -> pygame.Surface:
        art = _layers(f"pirate_{kind}", seat) if kind in PIRATE_KINDS else None
        if art is None:
            return _plain_pirate(wh, kind, seat)
        sym = theme.seat_symbol(seat, 40, theme.contrast_text(_tint_rgb(seat)))
        art.blit(sym, sym.get_rect(center=(ART_CARD[0] - 38, 32)))
        return _scaled(art, wh)
    return _cached(("pirate", kind, seat, wh), make)


def towel_card(value: int, colour: int, size: Size) -> pygame.Surface:
    """A towel card of value 1, 2 or 3 in the seat colour, the seat symbol in two corners."""
    wh = _card_size(size)
    seat = _seat(colour)

    def make() -> pygame.Surface:
        art = _layers(f"towel_{value}", seat) if value in TOWEL_VALUES else None
        if art is None:
            return _plain_towel(wh, value, seat)
        chip = _chip(seat, 40)
        art.blit(chip, chip.get_rect(center=(ART_CARD[0] - 32, 32)))
        turned = pygame.transform.rotate(chip, 180)
        art.blit(turned, turned.get_rect(center=(32, ART_CARD[1] - 32)))
        return _scaled(art, wh)
    return _cached(("towel", value, seat, wh), make)


def special_card(card_id: str, size: Size) -> pygame.Surface:
    """A special card (id as in the spec, e.g. "special-parrot") without its title: the scene writes
    the title in the current language inside ``special_title_rect(size)``."""
    wh = _card_size(size)
    name = card_id[len("special-"):] if card_id.startswith("special-") else card_id
    file = f"special_{name}.png" if f"special-{name}" in SPECIAL_IDS else ""
    return _cached(("special", card_id, wh), lambda: _card_from(file, wh, _plain_special))


def special_title_rect(size: Size) -> pygame.Rect:
    """Where a special card's title goes on a card of ``size`` (the clean parchment band)."""
    w, h = _card_size(size)
    x, y, bw, bh = TITLE_BAND
    sx, sy = w / ART_CARD[0], h / ART_CARD[1]
    return pygame.Rect(round(x * sx), round(y * sy), round(bw * sx), round(bh * sy))


def umbrella_token(colour: int, size: Size) -> pygame.Surface:
    """The beach umbrella that stands on a locked treasure, in the owner's seat colour."""
    wh = _square(size)
    seat = _seat(colour)

    def make() -> pygame.Surface:
        art = _layers("umbrella_token", seat)
        return _scaled(art, wh) if art is not None else _plain_umbrella(wh, seat)
    return _cached(("umbrella", seat, wh), make)


def eye_marker(size: Size) -> pygame.Surface:
    """The "seen by you" badge for a face-down treasure whose value the viewer knows."""
    wh = _square(size)

    def make() -> pygame.Surface:
        img = theme.image(FOLDER, "eye.png")
        return _scaled(img, wh) if img is not None else _plain_eye(wh)
    return _cached(("eye", wh), make)


def beach_background(size: Size) -> pygame.Surface:
    """The table: sea along the top, wet sand, light dry sand (scaled to cover, centred)."""
    wh = (int(size), int(size) * ART_TABLE[1] // ART_TABLE[0]) if isinstance(size, int) else _pair(size)

    def make() -> pygame.Surface:
        img = theme.image(FOLDER, "beach_table.png")
        return _cover(img, wh) if img is not None else _plain_beach(wh)
    return _cached(("beach", wh), make)


def clear_cache() -> None:
    """Forget every composed surface (e.g. after theme.set_asset_root)."""
    _cache.clear()


# --------------------------------------------------------------------------------------------------
# composition
# --------------------------------------------------------------------------------------------------
def _pair(size: tuple[int, int]) -> tuple[int, int]:
    return (max(1, int(size[0])), max(1, int(size[1])))


def _card_size(size: Size) -> tuple[int, int]:
    if isinstance(size, int):
        return (max(1, size), max(1, round(size * ART_CARD[1] / ART_CARD[0])))
    return _pair(size)


def _square(size: Size) -> tuple[int, int]:
    return (max(1, size), max(1, size)) if isinstance(size, int) else _pair(size)


def _seat(colour: int) -> int:
    return int(colour) % len(palette.SEAT_COLOURS)


def _tint_rgb(seat: int) -> tuple[int, int, int]:
    """The multiply colour for a seat: very dark colours are lifted a little so shading shows."""
    r, g, b = theme.seat_colour(seat)
    if 0.299 * r + 0.587 * g + 0.114 * b < 70:
        return (r + 34, g + 34, b + 38)
    return (r, g, b)


def _cached(key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    return _cache.get(key, make)


def _scaled(img: pygame.Surface, wh: tuple[int, int]) -> pygame.Surface:
    if img.get_size() == wh:
        return img.copy()
    if wh[0] * 2 <= img.get_width() and wh[1] * 2 <= img.get_height():
        # big reductions: halve first so smoothscale keeps thin lines
        img = pygame.transform.smoothscale(img, (max(wh[0], img.get_width() // 2), max(wh[1], img.get_height() // 2)))
    return pygame.transform.smoothscale(img, wh)


def _cover(img: pygame.Surface, wh: tuple[int, int]) -> pygame.Surface:
    """Scale to cover ``wh`` keeping the aspect, cropped to the middle horizontally and to the top
    (the sea) vertically."""
    iw, ih = img.get_size()
    k = max(wh[0] / iw, wh[1] / ih)
    sw, sh = max(wh[0], math.ceil(iw * k)), max(wh[1], math.ceil(ih * k))
    big = pygame.transform.smoothscale(img, (sw, sh))
    out = pygame.Surface(wh, pygame.SRCALPHA)
    out.blit(big, (-(sw - wh[0]) // 2, 0))
    return out


def _card_from(name: str, wh: tuple[int, int], plain: Callable[[tuple[int, int]], pygame.Surface]) -> pygame.Surface:
    img = theme.image(FOLDER, name) if name else None
    return _scaled(img, wh) if img is not None else plain(wh)


def _layers(stem: str, seat: int) -> pygame.Surface | None:
    """base + tint x seat colour + top, at art size (None when a layer is missing)."""
    base = theme.image(FOLDER, f"{stem}.png")
    tint = theme.image(FOLDER, f"{stem}_tint.png")
    top = theme.image(FOLDER, f"{stem}_top.png")
    if base is None or tint is None or top is None or not (base.get_size() == tint.get_size() == top.get_size()):
        return None
    out = pygame.Surface(base.get_size(), pygame.SRCALPHA)
    out.blit(base, (0, 0))
    coloured = tint.copy()
    coloured.fill((*_tint_rgb(seat), 255), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(coloured, (0, 0))
    out.blit(top, (0, 0))
    return out


def _chip(seat: int, d: int) -> pygame.Surface:
    """A round seat chip with a white rim, drawn at 3x and reduced (anti-aliased)."""
    k = 3
    big = pygame.Surface((d * k, d * k), pygame.SRCALPHA)
    r = d * k // 2
    pygame.draw.circle(big, (40, 24, 10, 110), (r + k, r + 2 * k), r - 2 * k)
    pygame.draw.circle(big, (252, 248, 238), (r, r), r - 2 * k)
    pygame.draw.circle(big, theme.seat_colour(seat), (r, r), r - 5 * k)
    sym = theme.seat_symbol(seat, int(d * k * 0.56), theme.contrast_text(theme.seat_colour(seat)))
    big.blit(sym, sym.get_rect(center=(r, r)))
    return pygame.transform.smoothscale(big, (d, d))


# --------------------------------------------------------------------------------------------------
# plain fallbacks (missing art)
# --------------------------------------------------------------------------------------------------
def _plain_card(wh: tuple[int, int], fill: tuple[int, int, int], border: tuple[int, int, int]) -> pygame.Surface:
    w, h = wh
    out = pygame.Surface(wh, pygame.SRCALPHA)
    r = max(2, w // 12)
    pygame.draw.rect(out, border, out.get_rect(), border_radius=r)
    inset = max(1, w // 30)
    pygame.draw.rect(out, fill, out.get_rect().inflate(-2 * inset, -2 * inset), border_radius=max(1, r - inset))
    return out


def _corner_text(out: pygame.Surface, text: str, colour: tuple[int, int, int]) -> None:
    w, h = out.get_size()
    if not text or w < 8 or h < 8:
        return
    f = theme.font_px("display", max(6, w // 4))
    img = f.render(text, True, colour)
    m = max(2, w // 14)
    out.blit(img, (m, m))
    turned = pygame.transform.rotate(img, 180)
    out.blit(turned, turned.get_rect(bottomright=(w - m, h - m)))


def _centre_text(out: pygame.Surface, text: str, colour: tuple[int, int, int], frac: float = 0.45) -> None:
    w, h = out.get_size()
    if w < 8 or h < 8:
        return
    img = theme.font_px("display", max(6, int(w * frac))).render(text, True, colour)
    out.blit(img, img.get_rect(center=(w // 2, h // 2)))


def _plain_treasure(wh: tuple[int, int], kind: str, mark: str) -> pygame.Surface:
    out = _plain_card(wh, palette.PARCHMENT, palette.WOOD_DARK)
    if kind == "skull":
        w, h = wh
        pygame.draw.circle(out, palette.INK, (w // 2, h // 2), max(2, w // 5))
        for dx in (-1, 1):
            pygame.draw.circle(out, palette.PARCHMENT, (w // 2 + dx * w // 12, h // 2 - h // 40), max(1, w // 18))
    _corner_text(out, mark if kind == "number" else "", palette.GOLD)
    if kind == "number":
        _centre_text(out, mark, palette.GOLD)
    elif kind == "towel":
        w, h = wh
        pygame.draw.rect(out, palette.RED, pygame.Rect(w // 4, h // 2 - h // 10, w // 2, h // 5), border_radius=max(1, w // 30))
        _centre_text(out, "2", palette.INK, 0.3)
    return out


def _plain_back(wh: tuple[int, int]) -> pygame.Surface:
    out = _plain_card(wh, palette.SAND, palette.WOOD_DARK)
    w, h = wh
    lw = max(2, w // 10)
    pygame.draw.line(out, (246, 238, 218), (w * 0.22, h * 0.28), (w * 0.78, h * 0.72), lw)
    pygame.draw.line(out, (246, 238, 218), (w * 0.78, h * 0.28), (w * 0.22, h * 0.72), lw)
    return out


def _plain_pirate(wh: tuple[int, int], kind: str, seat: int) -> pygame.Surface:
    col = theme.seat_colour(seat)
    out = _plain_card(wh, palette.PARCHMENT, col)
    w, h = wh
    band = pygame.Rect(0, 0, w, max(2, h // 7))
    pygame.draw.rect(out, col, band, border_top_left_radius=max(2, w // 12), border_top_right_radius=max(2, w // 12))
    if w >= 16:
        sym = theme.seat_symbol(seat, max(4, band.h - 4), theme.contrast_text(col))
        out.blit(sym, sym.get_rect(midright=(w - max(2, w // 14), band.centery)))
    letter = {"spyglass": "S", "map": "M", "umbrella": "U"}.get(kind, "?")
    _centre_text(out, letter, palette.INK)
    return out


def _plain_towel(wh: tuple[int, int], value: int, seat: int) -> pygame.Surface:
    col = theme.seat_colour(seat)
    out = _plain_card(wh, palette.SAND, col)
    w, h = wh
    n = value if value in TOWEL_VALUES else 1
    th = max(1, h // 8)
    for i in range(n):
        y = h // 2 + int((i - (n - 1) / 2) * th * 1.6) - th // 2
        pygame.draw.rect(out, col, pygame.Rect(w // 5, y, w * 3 // 5, th), border_radius=max(1, th // 4))
        pygame.draw.rect(out, palette.WHITE, pygame.Rect(w // 5 + w // 10, y, max(1, w // 30), th))
    _corner_text(out, str(value), theme.contrast_text(palette.SAND))
    if w >= 16:
        sym = theme.seat_symbol(seat, max(4, w // 6), col)
        out.blit(sym, sym.get_rect(topright=(w - max(2, w // 14), max(2, w // 14))))
    return out


def _plain_special(wh: tuple[int, int]) -> pygame.Surface:
    out = _plain_card(wh, (34, 96, 112), palette.GOLD)
    band = special_title_rect(wh)
    pygame.draw.rect(out, palette.PARCHMENT, band, border_radius=max(1, band.h // 5))
    return out


def _plain_umbrella(wh: tuple[int, int], seat: int) -> pygame.Surface:
    out = pygame.Surface(wh, pygame.SRCALPHA)
    w, h = wh
    col = theme.seat_colour(seat)
    pygame.draw.line(out, (238, 232, 220), (w // 2, h // 3), (w // 2, h * 9 // 10), max(1, w // 24))
    pygame.draw.polygon(out, col, [(w * 0.08, h * 0.45), (w // 2, h * 0.08), (w * 0.92, h * 0.45)])
    pygame.draw.polygon(out, palette.WHITE, [(w * 0.36, h * 0.45), (w // 2, h * 0.08), (w * 0.64, h * 0.45)])
    return out


def _plain_eye(wh: tuple[int, int]) -> pygame.Surface:
    out = pygame.Surface(wh, pygame.SRCALPHA)
    w, h = wh
    pygame.draw.ellipse(out, palette.PARCHMENT, out.get_rect())
    pygame.draw.ellipse(out, palette.INK, pygame.Rect(w // 8, h * 3 // 10, w * 3 // 4, h * 2 // 5), max(1, w // 16))
    pygame.draw.circle(out, palette.INK, (w // 2, h // 2), max(1, w // 8))
    return out


def _plain_beach(wh: tuple[int, int]) -> pygame.Surface:
    out = pygame.Surface(wh, pygame.SRCALPHA)
    w, h = wh
    out.fill(palette.SAND)
    sea_h = max(1, h * 84 // 720)
    out.fill(palette.SEA, pygame.Rect(0, 0, w, sea_h))
    out.fill(palette.SAND_DARK, pygame.Rect(0, sea_h, w, max(1, h // 14)))
    out.fill(palette.FOAM, pygame.Rect(0, sea_h - max(1, h // 200), w, max(1, h // 200)))
    return out
