"""Pirates of the Spanish Main pieces as pygame Surfaces, scaled from assets/images/spanish-main/ (drawn by
build/make_spanish_main_art.py). Names, effects and counts are not in the art: the scene letters them (in
the player's language) on the blank parchment the ``*_rect`` functions give.

Every function is a pure function of its arguments and cached (``theme.SurfaceCache``); do not draw on
a returned surface (copy it first). Missing or unreadable art never crashes: a plain drawn piece
replaces it and ``theme.image`` logs one warning naming the missing file. Sizes are screen pixels.

Ids are the engine's (game/games/spanish_main/rules.py): ships ``ship-en-1`` ... ``ship-nl-3``, pirates
``pirate-en-1`` ..., flags ``en`` / ``es`` / ``nl``, movement and adventure cards by type
(``mv-sabotage``) or by instance (``mv-sabotage-4``: the type's picture).

Colour-blind safe: every flag differs by pattern and emblem (English: red cross on white; Spanish: gold
castle on plain red; Dutch: red-white-blue stripes with a lion), also in the plain fallbacks; a damaged
ship is grey with a broken mast and a ribbon; adventure faces carry a category badge (star = fame, burst
= damage, star with a minus = fame lost, eye = reveal) and the cards that name spaces show the 9 spaces
(9 left ... 1 right) with the targets marked by shape.

Pieces (every card is 180 x 252 in the art, so ``card_size(height)`` is the same for all of them):

- ``ship_card(ship, height, damaged=False)``: the ship under sail with its nation's flag (damaged: grey,
  main mast snapped, smoke, a blank ribbon). Blank plates: ``ship_name_rect(height)`` (the ship's name),
  ``captain_rect(height)`` (its captain's name), ``ribbon_rect(height)`` (on the damaged side, "damaged");
  ``flag_badge_rect(height)`` is where the flag sits in the picture's corner.
- ``pirate_card(pirate, height)``: the captain's portrait (hat, hair, beard, eyepatch, coat and backdrop
  differ for each of the 9) with the flag badge; ``pirate_name_rect(height)`` for the captain's name.
  ``pirate_back(height)``: the back of a secret pirate card.
- ``movement_card(card, height)``: the picture of the movement kind (full speed 6 forward, lost at sea
  6 back, alliance and rip: a pair 3 forward / back, flag advance / retreat 2, sabotage, fog);
  forward points right (toward space 1). ``movement_name_rect(height)``; ``movement_back(height)``.
- ``adventure_card(card, height)``: the adventure's picture, category badge, flag badge for attacks and
  loots, the space strip for the space cards; ``adventure_text_rect(height)`` for its name and effect.
  ``adventure_back(height)``: the back, the fame symbol; ``fame_card(height)`` is the same picture (a card
  under a ship, face down, is 1 fame).
- ``flag(flag, width)``: the flag alone, 3:2 (``flag_size(width)``).
- ``fame_token(size)``: a gold coin with the fame star (square). ``damage_marker(size)``: a red burst with
  a snapped plank (square).
- ``space_marker(n, size)``: the brass disc with the row's space number 1-9 (space 1 ringed with stars).
- ``table_background(size)``: the sea chart on its wooden table (covers ``size``).
"""
from __future__ import annotations


import pygame

from game.ui import palette, theme

FOLDER = "spanish-main"
FLAGS = ("en", "es", "nl")
SHIPS = tuple(f"ship-{f}-{n}" for f in FLAGS for n in (1, 2, 3))
PIRATES = tuple(f"pirate-{f}-{n}" for f in FLAGS for n in (1, 2, 3))
MOVEMENT_TYPES = ("mv-full-speed", "mv-lost-at-sea", "mv-alliance", "mv-rip", "mv-advance-en", "mv-advance-es",
                  "mv-advance-nl", "mv-retreat-en", "mv-retreat-es", "mv-retreat-nl", "mv-sabotage", "mv-fog")
ADVENTURE_TYPES = ("adv-ancient-relics", "adv-native-alliance", "adv-island-discovery", "adv-parley",
                   "adv-neptunes-favor", "adv-mermaids", "adv-treasure-map", "adv-secret-charts",
                   "adv-legendary-treasure", "adv-cursed-treasure", "adv-volcano", "adv-maelstrom",
                   "adv-storm-ahead", "adv-kraken", "adv-cursed-waters", "adv-ghost-ship", "adv-cursed-ship",
                   "adv-mutiny", "adv-attack-en", "adv-attack-es", "adv-attack-nl", "adv-loot-en", "adv-loot-es",
                   "adv-loot-nl")
#: the adventure's category (its badge; the plain fallback's colour and mark)
CATEGORY = {**{t: "fame" for t in ADVENTURE_TYPES[:9] + ("adv-loot-en", "adv-loot-es", "adv-loot-nl")},
            **{t: "damage" for t in ("adv-cursed-treasure", "adv-volcano", "adv-maelstrom", "adv-storm-ahead",
                                     "adv-kraken", "adv-cursed-waters", "adv-attack-en", "adv-attack-es",
                                     "adv-attack-nl")},
            "adv-ghost-ship": "loss", "adv-cursed-ship": "loss", "adv-mutiny": "reveal"}

# Art geometry, in art pixels: build/make_spanish_main_art.py imports these and draws to them.
ART_CARD = (180, 252)
SHIP_NAME_RECT = (12, 186, 156, 28)       # the ship's name ...
CAPTAIN_RECT = (12, 216, 156, 28)         # ... and its captain's, under the picture
RIBBON_RECT = (30, 150, 120, 22)          # damaged: the ribbon's blank middle ("damaged")
FLAG_BADGE = (14, 14, 42, 28)             # the flag in the picture's top-left corner
PIRATE_NAME_RECT = (12, 196, 156, 48)
MOVE_NAME_RECT = (12, 182, 156, 62)
ADV_TEXT_RECT = (12, 138, 156, 106)       # the adventure's name and effect
ART_FLAG = (96, 64)
ART_TOKEN = 64
ART_SPACE = 64
ART_TABLE = (1280, 720)

_FLAG_RED, _ES_RED, _NL_BLUE, _WHITE = (196, 36, 44), (172, 26, 36), (33, 70, 139), (246, 242, 232)
_CATEGORY_RGB = {"fame": (40, 100, 70), "damage": (160, 36, 30), "loss": (112, 60, 130), "reveal": (60, 60, 70)}

Rect = tuple[int, int, int, int]
_cache = theme.SurfaceCache(FOLDER, 512)


def card_type(card: str) -> str:
    """``mv-sabotage-4`` -> ``mv-sabotage`` (the engine's instance ids); a type stays itself."""
    if card in MOVEMENT_TYPES or card in ADVENTURE_TYPES:
        return card
    head, _, tail = card.rpartition("-")
    return head if tail.isdigit() and head else card


def flag_of(ship_or_pirate: str) -> str:
    parts = ship_or_pirate.split("-")
    return parts[1] if len(parts) > 1 else ""


# --------------------------------------------------------------------------------------------------
# sizes and the blank plates
# --------------------------------------------------------------------------------------------------
def card_size(height: int) -> tuple[int, int]:
    h = max(8, int(height))
    return (max(6, round(h * ART_CARD[0] / ART_CARD[1])), h)


def _rect(art: Rect, height: int) -> pygame.Rect:
    k = card_size(height)[1] / ART_CARD[1]
    x, y, w, h = art
    return pygame.Rect(round(x * k), round(y * k), max(1, round(w * k)), max(1, round(h * k)))


def ship_name_rect(height: int) -> pygame.Rect:
    """Where the scene letters the ship's name on ``ship_card(..., height)``."""
    return _rect(SHIP_NAME_RECT, height)


def captain_rect(height: int) -> pygame.Rect:
    """Where the scene letters the captain's name (under the ship's) on ``ship_card(..., height)``."""
    return _rect(CAPTAIN_RECT, height)


def ribbon_rect(height: int) -> pygame.Rect:
    """The damaged ribbon's blank middle (the word "damaged")."""
    return _rect(RIBBON_RECT, height)


def flag_badge_rect(height: int) -> pygame.Rect:
    return _rect(FLAG_BADGE, height)


def pirate_name_rect(height: int) -> pygame.Rect:
    return _rect(PIRATE_NAME_RECT, height)


def movement_name_rect(height: int) -> pygame.Rect:
    return _rect(MOVE_NAME_RECT, height)


def adventure_text_rect(height: int) -> pygame.Rect:
    """The adventure's name and effect go here (the large active card letters both)."""
    return _rect(ADV_TEXT_RECT, height)


def flag_size(width: int) -> tuple[int, int]:
    w = max(6, int(width))
    return (w, max(4, round(w * ART_FLAG[1] / ART_FLAG[0])))


# --------------------------------------------------------------------------------------------------
# pieces
# --------------------------------------------------------------------------------------------------
def ship_card(ship: str, height: int, damaged: bool = False) -> pygame.Surface:
    wh = card_size(height)
    name = f"{ship}{'_damaged' if damaged else ''}.png" if ship in SHIPS else ""
    return _cached(("ship", ship, bool(damaged), wh), lambda: _art_or(name, wh, lambda s: _plain_ship(ship, damaged, s)))


def pirate_card(pirate: str, height: int) -> pygame.Surface:
    return _face("pirate", pirate, PIRATES, height, _plain_pirate)


def pirate_back(height: int) -> pygame.Surface:
    return _back("pirate", height)


def movement_card(card: str, height: int) -> pygame.Surface:
    return _face("movement", card_type(card), MOVEMENT_TYPES, height, _plain_movement)


def movement_back(height: int) -> pygame.Surface:
    return _back("movement", height)


def adventure_card(card: str, height: int) -> pygame.Surface:
    return _face("adventure", card_type(card), ADVENTURE_TYPES, height, _plain_adventure)


def adventure_back(height: int) -> pygame.Surface:
    return _back("adventure", height)


def fame_card(height: int) -> pygame.Surface:
    """A face-down fame card: the adventure back (R46: a card under a ship is 1 fame)."""
    return adventure_back(height)


def flag(flag_id: str, width: int) -> pygame.Surface:
    wh = flag_size(width)
    name = f"flag_{flag_id}.png" if flag_id in FLAGS else ""
    return _cached(("flag", flag_id, wh), lambda: _art_or(name, wh, lambda s: _plain_flag(flag_id, s)))


def fame_token(size: int) -> pygame.Surface:
    s = max(4, int(size))
    return _cached(("fame_token", s), lambda: _art_or("fame_token.png", (s, s), _plain_token))


def damage_marker(size: int) -> pygame.Surface:
    s = max(4, int(size))
    return _cached(("damage", s), lambda: _art_or("damage.png", (s, s), _plain_damage))


def space_marker(n: int, size: int) -> pygame.Surface:
    """The row's space ``n`` (1-9)."""
    n = max(1, min(9, int(n)))
    s = max(4, int(size))
    return _cached(("space", n, s), lambda: _art_or(f"space_{n}.png", (s, s), lambda wh: _plain_space(n, wh)))


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


def _face(family: str, kind: str, known: tuple[str, ...], height: int, plain) -> pygame.Surface:
    """The card ``kind`` of ``family`` (pirate, movement, adventure) from ``<kind>.png``, or ``plain(kind, wh)``
    for a kind the art does not know or a missing file."""
    wh = card_size(height)
    name = f"{kind}.png" if kind in known else ""
    return _cached((family, kind, wh), lambda: _art_or(name, wh, lambda s: plain(kind, s)))


def _back(family: str, height: int) -> pygame.Surface:
    """The back of a ``family`` card (pirate, movement, adventure) from ``<family>_back.png``."""
    wh = card_size(height)
    return _cached((f"{family}_back", wh), lambda: _art_or(f"{family}_back.png", wh, lambda s: _plain_back(family, s)))


# --------------------------------------------------------------------------------------------------
# plain fallbacks (missing art): simple shapes that still tell the pieces apart
# --------------------------------------------------------------------------------------------------
def _plain_card(wh: tuple[int, int], face: tuple[int, int, int], edge: tuple[int, int, int] = palette.WOOD_DARK) -> pygame.Surface:
    out = pygame.Surface(wh, pygame.SRCALPHA)
    r = max(2, wh[0] // 14)
    pygame.draw.rect(out, edge, out.get_rect(), border_radius=r)
    pygame.draw.rect(out, face, out.get_rect().inflate(-max(2, wh[0] // 30) * 2, -max(2, wh[0] // 30) * 2), border_radius=r)
    return out


def _plate(out: pygame.Surface, art: Rect) -> None:
    r = _rect(art, out.get_height())
    pygame.draw.rect(out, palette.PARCHMENT, r, border_radius=max(1, r.h // 6))


def _plain_flag(flag_id: str, wh: tuple[int, int]) -> pygame.Surface:
    w, h = wh
    out = pygame.Surface(wh, pygame.SRCALPHA)
    if flag_id == "en":
        out.fill(_WHITE)
        t = max(1, round(h * 0.2))
        pygame.draw.rect(out, _FLAG_RED, (0, h // 2 - t // 2, w, t))
        pygame.draw.rect(out, _FLAG_RED, (w // 2 - t // 2, 0, t, h))
    elif flag_id == "es":
        out.fill(_ES_RED)
        u = max(1, round(h / 8))   # a blocky castle: three towers on a wall
        cx, base = w // 2, round(h * 0.8)
        pygame.draw.rect(out, palette.GOLD, (cx - 3 * u, base - 3 * u, 6 * u, 3 * u))
        for tx in (-3, -1, 1):
            pygame.draw.rect(out, palette.GOLD, (cx + tx * u, base - (5 if tx == -1 else 4) * u, 2 * u, 2 * u))
    elif flag_id == "nl":
        pygame.draw.rect(out, (174, 28, 40), (0, 0, w, h // 3 + 1))
        pygame.draw.rect(out, _WHITE, (0, h // 3, w, h // 3 + 1))
        pygame.draw.rect(out, _NL_BLUE, (0, 2 * h // 3, w, h - 2 * h // 3))
        pygame.draw.circle(out, palette.GOLD, (w // 2, h // 2), max(1, h // 5))   # the lion, as a disc
    else:
        out.fill(palette.INK_SOFT)
    pygame.draw.rect(out, palette.INK, out.get_rect(), 1)
    return out


def _badge(out: pygame.Surface, flag_id: str) -> None:
    r = _rect(FLAG_BADGE, out.get_height())
    out.blit(_plain_flag(flag_id, r.size), r)


def _plain_ship(ship: str, damaged: bool, wh: tuple[int, int]) -> pygame.Surface:
    w, h = wh
    out = _plain_card(wh, (150, 150, 150) if damaged else palette.SEA)
    k = h / ART_CARD[1]
    hull = [(w * 0.18, h * 0.56), (w * 0.86, h * 0.56), (w * 0.74, h * 0.66), (w * 0.26, h * 0.66)]
    pygame.draw.polygon(out, palette.WOOD, hull)
    masts = (0.35, 0.55) if damaged else (0.35, 0.55, 0.72)
    for i, mx in enumerate(masts):
        top = h * (0.42 if damaged and i == 1 else 0.2)
        pygame.draw.line(out, palette.WOOD_DARK, (w * mx, h * 0.56), (w * mx, top), max(1, round(3 * k)))
        if not (damaged and i == 1):
            pygame.draw.rect(out, (246, 236, 210), (w * mx - 12 * k, top + 6 * k, 24 * k, 30 * k))
    if damaged:
        pygame.draw.rect(out, (160, 36, 30), _rect(RIBBON_RECT, h).inflate(round(20 * k), round(4 * k)))
    _badge(out, flag_of(ship))
    _plate(out, SHIP_NAME_RECT)
    _plate(out, CAPTAIN_RECT)
    return out


def _plain_pirate(pirate: str, wh: tuple[int, int]) -> pygame.Surface:
    w, h = wh
    out = _plain_card(wh, (214, 200, 176), (92, 30, 34))
    n = PIRATES.index(pirate) if pirate in PIRATES else 0
    pygame.draw.rect(out, [(170, 36, 40), (30, 50, 96), (40, 110, 70)][n % 3], (w * 0.15, h * 0.58, w * 0.7, h * 0.18))
    pygame.draw.circle(out, (236, 190, 146), (w // 2, round(h * 0.4)), round(w * 0.2))
    fnt = theme.font_px("bold", max(6, h // 8))
    theme.draw_text(out, str(n % 3 + 1), fnt, palette.INK, (w // 2, round(h * 0.4)), "center")
    _badge(out, flag_of(pirate))
    _plate(out, PIRATE_NAME_RECT)
    return out


def _plain_back(kind: str, wh: tuple[int, int]) -> pygame.Surface:
    w, h = wh
    face = {"pirate": (92, 30, 34), "movement": palette.WOOD, "adventure": (30, 40, 70)}[kind]
    out = _plain_card(wh, face)
    if kind == "adventure":
        _star(out, (w // 2, h // 2), w * 0.3, palette.GOLD)
    elif kind == "pirate":
        pygame.draw.circle(out, (240, 236, 224), (w // 2, h // 2), round(w * 0.18))
    else:
        pygame.draw.circle(out, palette.WOOD_LIGHT, (w // 2, h // 2), round(w * 0.28), max(1, w // 20))
    return out


def _star(out: pygame.Surface, centre: tuple[float, float], r: float, col) -> None:
    import math
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((centre[0] + rr * math.cos(a), centre[1] + rr * math.sin(a)))
    pygame.draw.polygon(out, col, pts)
    pygame.draw.polygon(out, palette.INK, pts, 1)


def _arrow(out: pygame.Surface, y: float, forward: bool) -> None:
    w = out.get_width()
    d = 1 if forward else -1
    x0, x1 = (w * 0.2, w * 0.8) if forward else (w * 0.8, w * 0.2)
    t = max(2, w // 16)
    pygame.draw.line(out, palette.GOLD if forward else (150, 170, 186), (x0, y), (x1 - d * t * 2, y), t)
    pygame.draw.polygon(out, palette.GOLD if forward else (150, 170, 186),
                        [(x1, y), (x1 - d * t * 3, y - t * 2), (x1 - d * t * 3, y + t * 2)])


def _plain_movement(kind: str, wh: tuple[int, int]) -> pygame.Surface:
    w, h = wh
    out = _plain_card(wh, palette.SEA, (70, 52, 40))
    steps = {"mv-full-speed": "6", "mv-lost-at-sea": "6", "mv-alliance": "3", "mv-rip": "3"}
    fnt = theme.font_px("bold", max(6, h // 7))
    if kind.startswith(("mv-advance", "mv-retreat")):
        r = pygame.Rect(0, 0, round(w * 0.4), round(w * 0.27))
        r.center = (w // 2, round(h * 0.22))
        out.blit(_plain_flag(kind.rsplit("-", 1)[-1], r.size), r)
        steps[kind] = "2"
    if kind in steps:
        _arrow(out, h * 0.5, not (kind in ("mv-lost-at-sea", "mv-rip") or kind.startswith("mv-retreat")))
        theme.draw_text(out, steps[kind], fnt, palette.PARCHMENT, (w // 2, round(h * 0.38)), "center")
    elif kind == "mv-sabotage":
        pygame.draw.circle(out, (30, 30, 36), (w // 2, round(h * 0.36)), round(w * 0.18))
        theme.draw_text(out, "!", fnt, (240, 200, 80), (w // 2, round(h * 0.36)), "center")
    else:   # fog and anything unknown
        for i in range(3):
            pygame.draw.ellipse(out, (214, 218, 220), (w * 0.12, h * (0.2 + i * 0.13), w * 0.76, h * 0.1))
    _plate(out, MOVE_NAME_RECT)
    return out


def _plain_adventure(kind: str, wh: tuple[int, int]) -> pygame.Surface:
    w, h = wh
    cat = CATEGORY.get(kind, "reveal")
    out = _plain_card(wh, _CATEGORY_RGB[cat])
    centre = (w // 2, round(h * 0.28))
    if cat in ("fame", "loss"):
        _star(out, centre, w * 0.18, palette.GOLD)
        if cat == "loss":
            pygame.draw.rect(out, palette.INK, (centre[0] - w * 0.2, centre[1] - 2, w * 0.4, 4))
    elif cat == "damage":
        for d in (1, -1):
            pygame.draw.line(out, palette.PARCHMENT, (centre[0] - w * 0.15, centre[1] - d * w * 0.15),
                             (centre[0] + w * 0.15, centre[1] + d * w * 0.15), max(2, w // 18))
    else:
        pygame.draw.ellipse(out, palette.PARCHMENT, (centre[0] - w * 0.18, centre[1] - w * 0.09, w * 0.36, w * 0.18))
        pygame.draw.circle(out, palette.INK, centre, max(1, round(w * 0.05)))
    if kind.rsplit("-", 1)[-1] in FLAGS:
        r = pygame.Rect(0, 0, round(w * 0.26), round(w * 0.17))
        r.topright = (w - round(w * 0.07), round(w * 0.06))
        out.blit(_plain_flag(kind.rsplit("-", 1)[-1], r.size), r)
    _plate(out, ADV_TEXT_RECT)
    return out


def _plain_token(wh: tuple[int, int]) -> pygame.Surface:
    out = pygame.Surface(wh, pygame.SRCALPHA)
    c = (wh[0] // 2, wh[1] // 2)
    pygame.draw.circle(out, palette.GOLD, c, wh[0] // 2 - 1)
    _star(out, c, wh[0] * 0.32, (255, 244, 200))
    return out


def _plain_damage(wh: tuple[int, int]) -> pygame.Surface:
    out = pygame.Surface(wh, pygame.SRCALPHA)
    w, h = wh
    pygame.draw.circle(out, (160, 36, 30), (w // 2, h // 2), w // 2 - 1)
    for d in (1, -1):
        pygame.draw.line(out, palette.PARCHMENT, (w * 0.28, h / 2 - d * h * 0.22), (w * 0.72, h / 2 + d * h * 0.22), max(2, w // 10))
    return out


def _plain_space(n: int, wh: tuple[int, int]) -> pygame.Surface:
    out = pygame.Surface(wh, pygame.SRCALPHA)
    w, h = wh
    pygame.draw.circle(out, palette.WOOD, (w // 2, h // 2), w // 2 - 1)
    pygame.draw.circle(out, palette.PARCHMENT, (w // 2, h // 2), max(1, w // 2 - max(2, w // 10)))
    theme.draw_text(out, str(n), theme.font_px("bold", max(6, round(h * 0.55))), palette.INK, (w // 2, h // 2), "center")
    return out
