"""Pirates, Planks & Pesetas rules pictures (``game.scenes.rules``): the ship from above, the standees, the
chests, the island, the bag, the treasure tiles and the movement boards of ``sprites.py``, showing the
positions the rules page talks about.

``picture(name, width)`` draws one picture no wider than ``width`` (KeyError for an unknown name). Every
position is built by the engine (``positions.position``, or a new game for the setup) and every move drawn
on a picture is asked of the engine: ``EXAMPLES`` holds, per picture, the position and the actions shown
(``Mark``: played in order, the last one legal or refused with the reason key the picture and its caption
quote), so a test replays each through ``State.check`` and a picture never shows a move the game would not
allow, or allow one it shows refused. Labels are catalog keys of the ``planks_rules`` domain; a refusal is
lettered with the engine's own reason.

A picture is as wide as asked and scales with that width (about 600 to 820 pixels: the page's column at
960x540 and 1280x720); its fonts never go below 12 px.
"""
from __future__ import annotations

import math
from typing import Callable, Sequence

import pygame

from game.core.protocol import Text
from game.games.planks import sprites
from game.games.planks.positions import position
from game.games.planks.rules import (BIG, CHESTS, LENGTH, RULES, ChooseColours, EndTurn, GiveTreasure,
                                     KeepTreasure, Move, PlaceChests, PlacePirates, PlanksState, Rescue,
                                     colour_of, kind_of, line_length, path_of, pirate_text, size_of,
                                     treasure_target)
from game.i18n import tr
from game.ui import palette, picture_kit, theme
from game.ui.picture_kit import Example, Mark, arrow, column, row
from game.ui.theme import verdict_icon

__all__ = ["picture", "PICTURES", "EXAMPLES", "Example", "Mark", "state_of", "verdict", "played"]

DESIGN_W = 812          # the page's column at 1280x720; everything scales with the width asked
_TICK = (54, 140, 60)
_CROSS = (196, 36, 28)
_ARC = palette.GOLD_LIGHT
_LIT = (248, 214, 120)
P = "pirate-"


# ==================================================================================================
# Positions and the actions shown on them (the tests replay every one through the engine)
# ==================================================================================================
_replay = picture_kit.Replay(RULES, position)
state_of: Callable[[Example], PlanksState] = _replay.state_of
verdict: Callable[[Example, Mark], tuple[PlanksState, Text | None]] = _replay.verdict
played: Callable[[Example, Mark], PlanksState] = _replay.played


def _p(*names: str) -> list[str]:
    return list(names)


#: the middle of a 4-player round: 20 pirates, plank 4 full, chests on planks 1, 4, 7 and 10 (shown 1-12)
MIDGAME = {0: _p("blue-3", "red-4"), 1: _p("green-2"), 2: _p("yellow-5", "red-3"), 3: _p("green-4", "blue-1", "yellow-2"),
           4: _p("red-1"), 5: _p("green-5", "yellow-1"), 6: _p("blue-5"), 7: _p("yellow-3", "green-3"),
           8: _p("red-5"), 9: _p("blue-2", "red-2"), 10: _p("green-1", "yellow-4"), 11: _p("blue-4")}

_LEGAL = Move(0, P + "red-5", 1, 2)
_FIRST = Move(0, P + "red-1", 1, 1)
_PUSH_AT = {3: _p("blue-2", "red-5", "green-1"), 1: _p("yellow-4"), 0: _p("red-1"), 6: _p("green-3")}
_RESCUE_AT = {0: _p("red-1"), 4: _p("green-2", "blue-3"), 6: _p("blue-1"), 8: _p("green-4")}
_SCORING = {0: _p("red-2", "yellow-2", "blue-4"), 3: _p("green-2", "red-5", "blue-3"),
            6: _p("red-4", "green-1", "yellow-3"), 9: _p("yellow-5", "green-5", "blue-1"),
            1: _p("red-1")}
_GIFT_TREASURES = {0: ["crown", "ring"], 1: ["pearl", "ruby"], 2: ["goblet"], 3: ["amulet"]}
_TRIGGER = Move(0, P + "red-1", 1, 1)          # plank 2 to 3: Red's last MP, the second clip on 0/1 (R30)

E: dict[str, Example] = {
    # R3, R4, E1, E2: the starting player puts the first small chest on plank 2 and the first pirate on plank 1
    "setup": Example(4, new={"first-player": "seat-1", "first-plank": "choose", "pairs": 6}, seed=7,
                     marks=(Mark((PlaceChests(0, 1),), True),
                            Mark((PlaceChests(0, 1), PlacePirates(0, 0)), True))),
    # R16, R19, E3: 3 planks along the side, then 1 around the stern; 4 MP of the turn's 5
    "jump": Example(3, at=dict(planks={1: _p("red-4"), 2: _p("blue-2"), 3: _p("green-3", "blue-5"), 4: _p("green-1"),
                                       5: _p("red-3"), 6: _p("blue-4"), 7: _p("green-2")}),
                    marks=(Mark((Move(0, P + "red-4", 1, 3),), True),
                           Mark((Move(0, P + "red-4", 1, 3), Move(0, P + "red-3", 1, 1)), True))),
    # R16: every plank a pirate can reach lights with its cost, both ways; Red 5 to the big chest of plank 11
    "legal": Example(4, at=dict(planks=MIDGAME, chests=1), marks=(Mark((_LEGAL,), True),)),
    # R16, R17, E21: after Red 1's jump, a 6-plank jump costs more than is left, and Red 1 cannot go again,
    # either way
    "illegal": Example(4, at=dict(planks=MIDGAME, chests=1),
                       marks=(Mark((_FIRST,), True),
                              Mark((_FIRST, Move(0, P + "red-4", -1, 6)), False, "planks.reason.too_far"),
                              Mark((_FIRST, Move(0, P + "red-1", -1, 1)), False, "planks.reason.moved"))),
    # R20, R21, E5: landing behind on a full plank pushes its front pirate into the sea; R19, E6: passing over
    "push": Example(4, at=dict(planks=_PUSH_AT, turn=3),
                    marks=(Mark((Move(3, P + "yellow-4", 1, 2),), True),
                           Mark((Move(3, P + "yellow-4", 1, 3),), True))),
    # R23, E7: ladder, stern plank 6, on to 4 (2 + 2 MP); R23, E33: a rescued pirate never turns back
    "rescue": Example(3, at=dict(planks=_RESCUE_AT, island=["red-3", "red-2"]),
                      marks=(Mark((Rescue(0, P + "red-3", 5, 2, -1),), True),
                             Mark((Rescue(0, P + "red-2", 5, 1, 1),), False, "planks.reason.turn_back"))),
    # R28, E16: an exhausted player moves exactly 1 plank; R30: Green is the second to reach 0/1
    "board": Example(3, at=dict(planks={0: _p("red-1"), 4: _p("green-2"), 8: _p("blue-3")}, turn=0,
                                budgets={0: 0, 1: 1}, exhausted=[0]),
                     marks=(Mark((Move(0, P + "red-1", 1, 2),), False, "planks.reason.too_far"),
                            Mark((Move(0, P + "red-1", 1, 1),), True),
                            Mark((Move(0, P + "red-1", 1, 1), Move(1, P + "green-2", 1, 1)), True))),
    # R35, R36, R37, R38, E8, E9, E10, E11: the four chests judged
    "scoring": Example(4, at=dict(planks=_SCORING, chests=0)),
    # R40, R42, E14: Red already has a crown: it goes to Blue or Yellow (fewest), never Green
    "draw": Example(4, at=dict(planks={0: _p("red-2"), 2: _p("red-1"), 5: _p("green-1")}, budgets={0: 1, 1: 0},
                               exhausted=[1], treasures=_GIFT_TREASURES, draws=["crown"]),
                    marks=(Mark((Move(0, P + "red-1", 1, 1), GiveTreasure(0, 2)), True),
                           Mark((Move(0, P + "red-1", 1, 1), GiveTreasure(0, 1)), False,
                                "planks.reason.not_fewest"))),
    # R44, E15: the round ends; the chests move 2 planks clockwise
    "chests-move": Example(4, at=dict(planks={0: _p("red-2", "green-3"), 2: _p("red-1"), 6: _p("blue-4"),
                                              9: _p("yellow-5")}, budgets={0: 1, 1: 0}, exhausted=[1], chests=0),
                           marks=(Mark((Move(0, P + "red-1", 1, 1),), True),)),
    # R47, R48, E20: five treasures each, the longer line wins
    "end": Example(3, at=dict(pairs=12, treasures={0: ["crown", "dagger", "pearl", "ring", "ruby"], 1: ["necklace"],
                                                   2: ["goblet", "amulet", "brooch", "doubloon", "emerald"]})),
    # R7, R9, R11: two colours each, the turn counter on 3, the marker by the starting player
    "two-players": Example(2, at=dict(planks={0: _p("red-2"), 3: _p("green-4"), 6: _p("blue-3"), 9: _p("yellow-1")},
                                      treasures={0: ["ruby"]}, marker="crown"),
                           marks=(Mark((Move(0, P + "green-4", 1, 2), EndTurn(0)), True),)),
    # R5, R7, A17: the options; the colours chosen at the table
    "options": Example(2, new={"first-player": "seat-1", "colours": "choose", "first-plank": "choose"}, seed=3,
                       marks=(Mark((ChooseColours(0, ("red", "blue")),), True),)),
    # V1: two tiles felt, one kept, the other back in the bag
    "feel-draw": Example(4, at=dict(planks={0: _p("red-2"), 2: _p("red-1")}, budgets={0: 1, 1: 0}, exhausted=[1],
                                    feel_draw=True, treasures={0: ["crown"]}, draws=["goblet", "pearl"]),
                         marks=(Mark((_TRIGGER, KeepTreasure(0, "treasure-goblet-a")), True),
                                Mark((_TRIGGER, KeepTreasure(0, "treasure-crown-b")), False,
                                     "planks.reason.not_offered"))),
}
EXAMPLES: dict[str, Example] = E


# ==================================================================================================
# Small drawing parts (sizes are design pixels at DESIGN_W, scaled with ``Kit.s``)
# ==================================================================================================
class Kit(picture_kit.Kit):
    """The scale of one picture (``picture_kit.Kit``) with the parts of Planks' pictures."""
    DESIGN_W = DESIGN_W

    def panel(self, text: str, img: pygame.Surface, ok: bool | None = None) -> pygame.Surface:
        """A picture with its heading (a tick or a cross before it)."""
        icon = verdict_icon(ok, self.px(24)) if ok is not None else None
        head = self.title(text, img.get_width() - (icon.get_width() + self.px(6) if icon else 0), 16)
        if icon is not None:
            head = row([icon, head], self.px(6))
        return column([head, img], self.px(4))

    def chip(self, colour: str, size: int) -> pygame.Surface:
        """A colour's disc with its symbol (as on the pirates' coats)."""
        out = pygame.Surface((size, size), pygame.SRCALPHA)
        rgb = sprites.colour_rgb(colour)
        pygame.draw.circle(out, palette.WHITE, (size / 2, size / 2), size / 2)
        pygame.draw.circle(out, rgb, (size / 2, size / 2), size / 2 - max(1, size // 12))
        sym = theme.seat_symbol(sprites._symbol_seat(colour), int(size * 0.62), theme.contrast_text(rgb))
        out.blit(sym, sym.get_rect(center=(size // 2, size // 2)))
        return out


def _arrow_head(surface: pygame.Surface, a, b, colour, size: float) -> None:
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    tip = b
    left = (tip[0] - math.cos(ang - 0.5) * size, tip[1] - math.sin(ang - 0.5) * size)
    right = (tip[0] - math.cos(ang + 0.5) * size, tip[1] - math.sin(ang + 0.5) * size)
    pygame.draw.polygon(surface, palette.INK, [tip, left, right])
    il = (tip[0] + (left[0] - tip[0]) * 0.7, tip[1] + (left[1] - tip[1]) * 0.7)
    ir = (tip[0] + (right[0] - tip[0]) * 0.7, tip[1] + (right[1] - tip[1]) * 0.7)
    pygame.draw.polygon(surface, colour, [tip, il, ir])


def board_with_clip(colour: str, width: int, budget: int, counter: bool = False) -> pygame.Surface:
    """A movement board (or the 2-player turn counter) with its clip on ``budget`` (12 ... 0; 3 ... 0)."""
    img = sprites.counter(colour, width) if counter else sprites.board(colour, width)
    art = sprites.ART_COUNTER if counter else sprites.ART_BOARD
    space = sprites.counter_space(budget, width) if counter else sprites.board_space(budget, width)
    tip = sprites.clip_point(space, width, art)
    ch = max(8, round(img.get_height() * 0.8))
    clip = sprites.clip(ch)
    top = max(0, ch - tip[1])
    out = pygame.Surface((img.get_width(), img.get_height() + top), pygame.SRCALPHA)
    out.blit(img, (0, top))
    out.blit(clip, (tip[0] - clip.get_width() // 2, top + tip[1] - ch))
    return out


def tile_line(kinds: Sequence[str], height: int, gap: int = 0) -> pygame.Surface:
    """Treasure tiles laid in a line, each touching the previous one (R48)."""
    return row([sprites.treasure(k, height) for k in kinds], gap) if kinds else pygame.Surface((1, height),
                                                                                               pygame.SRCALPHA)


def colour_name(colour: str) -> str:
    return tr(f"planks.colour.{colour}")


def pirate_name(pirate: str) -> str:
    return tr(pirate_text(pirate))


# ==================================================================================================
# The ship with its pieces
# ==================================================================================================
class Deck:
    """The ship from above at art scale ``k`` (ship art 600x720) on the sea, with ``margin`` (left, top,
    right, bottom, art pixels) around it for plank numbers, the island or the stern's water. Pieces,
    arcs and labels go on in layers; ``image(crop)`` returns the part asked for (art coordinates of the
    ship, margins negative or beyond 600x720)."""

    def __init__(self, k: float, margin: tuple[int, int, int, int] = (44, 8, 44, 8)):
        self.k = max(0.2, k)
        self.H = max(60, round(sprites.ART_SHIP[1] * self.k))
        ml, mt, mr, mb = margin
        self.ox, self.oy = round(ml * self.k), round(mt * self.k)
        sw, sh = sprites.ship_size(self.H)
        size = (sw + self.ox + round(mr * self.k), self.H + self.oy + round(mb * self.k))
        self.surf = sprites.table_background(size).copy()
        self.surf.blit(sprites.ship(self.H), (self.ox, self.oy))
        self.sh = max(24, round(self.H * 0.125))         # a standee's canvas
        self.ch = max(18, round(self.H * 0.13))          # a chest's
        self.over: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.island_at: tuple[int, int] | None = None
        self.island_w = 0

    # -- geometry ---------------------------------------------------------------------------------
    def art(self, x: float, y: float) -> tuple[int, int]:
        return (round(self.ox + x * self.k), round(self.oy + y * self.k))

    def place(self, plank: int, place: int) -> tuple[int, int]:
        x, y = sprites.place_point(plank, place, self.H)
        return (x + self.ox, y + self.oy)

    def head(self, plank: int, place: int, lift: float = 0.78) -> tuple[int, int]:
        x, y = self.place(plank, place)
        return (x, round(y - self.sh * lift))

    def tip(self, plank: int, out: float = 22) -> tuple[int, int]:
        """Just beyond the plank's outer end, in the water (plank numbers, cost badges)."""
        side = 1 if plank % 12 < 6 else -1
        y = sprites.place_point(plank, 0, sprites.ART_SHIP[1])[1]
        return self.art(300 + side * (292 + out), y)

    # -- pieces -----------------------------------------------------------------------------------
    def light(self, plank: int, rgb=_LIT, fill: int = 90) -> None:
        r = sprites.plank_rect(plank, self.H).move(self.ox, self.oy).inflate(self.sh // 6, self.sh // 6)
        shade = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (*rgb[:3], fill), shade.get_rect(), border_radius=max(2, r.h // 4))
        pygame.draw.rect(shade, (*rgb[:3], 255), shade.get_rect(), max(2, r.h // 10), border_radius=max(2, r.h // 4))
        self.surf.blit(shade, r)

    def chests(self, planks: Sequence[int], alpha: int = 255, only: Sequence[int] | None = None) -> None:
        for chest, plank in zip(CHESTS, planks):
            if plank < 0 or (only is not None and plank not in only):
                continue
            facing = sprites.chest_facing(plank)
            img = sprites.chest(chest in BIG, self.ch, facing)
            if alpha < 255:
                img = img.copy()
                img.set_alpha(alpha)
            fx, fy = sprites.chest_foot(self.ch, facing)
            x, y = sprites.chest_point(plank, self.H)
            self.surf.blit(img, (x + self.ox - fx, y + self.oy - fy))

    def standee(self, pirate: str, at: tuple[int, int], alpha: int = 255, glow: bool = False,
                surface: pygame.Surface | None = None) -> None:
        surface = surface or self.surf
        img = sprites.standee(colour_of(pirate), size_of(pirate), self.sh)
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        fx, fy = sprites.standee_foot(self.sh)
        if glow:
            r = pygame.Rect(0, 0, round(self.sh * 0.7), round(self.sh * 0.26))
            r.center = (at[0], at[1] - round(self.sh * 0.02))
            pygame.draw.ellipse(surface, palette.GOLD_LIGHT, r)
            pygame.draw.ellipse(surface, palette.GOLD, r, max(2, self.sh // 24))
        surface.blit(img, (at[0] - fx, at[1] - fy))

    def pirates(self, s: PlanksState, skip: Sequence[str] = (), only: Sequence[int] | None = None,
                glow: Sequence[str] = ()) -> None:
        """Every pirate on the planks (top planks first, so lower figures overlap the ones above)."""
        order = sorted(range(12), key=lambda p: sprites.place_point(p, 0, 720)[1])
        for plank in order:
            if only is not None and plank not in only:
                continue
            for place, pirate in enumerate(s.planks[plank]):
                if pirate not in skip:
                    self.standee(pirate, self.place(plank, place), glow=pirate in glow)

    def numbers(self, planks: Sequence[int] = tuple(range(12)), size: float = 13) -> None:
        """Each plank's number (1-12, as the log and the reasons count them) beyond its outer end."""
        f = theme.font_px("bold", max(12, round(size * self.k * 1.25)))
        for plank in planks:
            img = theme.render_text(str(plank + 1), f, palette.PARCHMENT, palette.INK, 2)
            self.surf.blit(img, img.get_rect(center=self.tip(plank)))

    def island(self, at: tuple[float, float], width: float, pirates: Sequence[str] = (),
               alpha: Sequence[str] = ()) -> list[tuple[int, int]]:
        """The island with castaways, its top-left at art ``at``, ``width`` art pixels wide."""
        w = max(20, round(width * self.k))
        x, y = self.art(*at)
        self.surf.blit(sprites.island(w), (x, y))
        spots = [(x + sx, y + sy) for sx, sy in sprites.island_spots(len(pirates), w)]
        for pirate, spot in zip(pirates, spots):
            self.standee(pirate, spot, alpha=110 if pirate in alpha else 255)
        self.island_at, self.island_w = (x, y), w
        return spots

    def splash(self, at: tuple[int, int], frame: int = 1) -> None:
        img = sprites.splash(frame, round(self.sh * 1.1))
        self.surf.blit(img, img.get_rect(center=(at[0], at[1] - round(self.sh * 0.15))))

    # -- arcs and labels --------------------------------------------------------------------------
    def hop(self, a: tuple[float, float], b: tuple[float, float], ok: bool = True, bulge: float = 0.35,
            head: bool = True, colour=None) -> tuple[int, int]:
        """A curved hop from ``a`` to ``b`` bulging away from the ship's middle; returns its apex."""
        cx, cy = self.art(300, 380)
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        d = math.dist(a, b)
        nx, ny = mx - cx, my - cy
        n = math.hypot(nx, ny) or 1.0
        ctrl = (mx + nx / n * d * bulge, my + ny / n * d * bulge)
        pts = []
        for i in range(25):
            t = i / 24
            pts.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * ctrl[0] + t * t * b[0],
                        (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * ctrl[1] + t * t * b[1]))
        colour = colour or (_ARC if ok else _CROSS)
        w = max(3, round(self.sh / 12))
        if ok:
            pygame.draw.lines(self.surf, palette.INK, False, pts, w + 4)
            pygame.draw.lines(self.surf, colour, False, pts, w)
        else:
            for i in range(0, len(pts) - 1, 2):
                pygame.draw.line(self.surf, palette.WHITE, pts[i], pts[i + 1], w + 4)
                pygame.draw.line(self.surf, colour, pts[i], pts[i + 1], w)
        if head:
            _arrow_head(self.surf, pts[-3], pts[-1], colour, self.sh * 0.3)
        apex = pts[12]
        return (round(apex[0]), round(apex[1]))

    def dot(self, at: tuple[float, float], text: str, fill=palette.PARCHMENT) -> None:
        r = max(7, round(self.sh * 0.15))
        pygame.draw.circle(self.surf, palette.INK, at, r + 2)
        pygame.draw.circle(self.surf, fill, at, r)
        f = theme.font_px("bold", max(theme.MIN_TEXT_PX, round(r * 1.3)))
        theme.draw_text(self.surf, text, f, palette.INK, (round(at[0]), round(at[1])), "center")

    def jump(self, frm: int, place: int, direction: int, steps: int, land: int, ok: bool = True,
             numbered: bool = True, bulge: float = 0.35) -> tuple[int, int]:
        """A jump drawn hop by hop over the planks it passes (each numbered: 1 MP a plank), from the pirate
        at ``place`` of ``frm`` to ``land`` (its place on the landing plank); returns the last apex."""
        path = path_of(frm, direction, steps)
        pts = [self.head(frm, place, 0.5)] + [self.head(p, 1, 0.35) for p in path[:-1]] + \
              [self.head(path[-1], land, 0.55)]
        apex = pts[0]
        for i, (a, b) in enumerate(zip(pts, pts[1:])):
            apex = self.hop(a, b, ok, bulge, head=i == len(pts) - 2)
            if numbered and len(pts) > 2:
                self.dot(apex, str(i + 1), palette.PARCHMENT if ok else (246, 214, 206))
        return apex

    def label(self, text: str, near: tuple[float, float], anchor: str = "center", size: float = 13,
              colour=palette.INK, fill=palette.PARCHMENT) -> pygame.Rect:
        """A parchment tag, drawn last, kept inside the picture."""
        f = theme.font_px("bold", max(12, round(size * self.k * 1.25)))
        img = theme.render_text(text, f, colour)
        pad = max(3, round(5 * self.k))
        plate = pygame.Surface((img.get_width() + 2 * pad, img.get_height() + pad), pygame.SRCALPHA)
        pygame.draw.rect(plate, fill, plate.get_rect(), border_radius=pad)
        pygame.draw.rect(plate, palette.WOOD_DARK, plate.get_rect(), max(1, pad // 3), border_radius=pad)
        plate.blit(img, (pad, pad // 2))
        rect = plate.get_rect(**{anchor: (round(near[0]), round(near[1]))})
        self.over.append((plate, rect))
        return rect

    def icon(self, ok: bool, at: tuple[float, float], size: float | None = None) -> None:
        img = verdict_icon(ok, round(size or self.sh * 0.36))
        self.over.append((img, img.get_rect(center=(round(at[0]), round(at[1])))))

    def crop(self, crop: tuple[float, float, float, float]) -> pygame.Surface:
        """A part of the picture as it stands (the tags and icons added so far drawn on first): several
        parts may be cut from one deck."""
        for img, rect in self.over:
            rect.clamp_ip(self.surf.get_rect().inflate(-4, -4))
            self.surf.blit(img, rect)
        self.over = []
        (x0, y0), (x1, y1) = self.art(crop[0], crop[1]), self.art(crop[2], crop[3])
        return self.surf.subsurface(pygame.Rect(x0, y0, x1 - x0, y1 - y0).clip(self.surf.get_rect())).copy()

    def image(self, crop: tuple[float, float, float, float] | None = None) -> pygame.Surface:
        """The picture (``crop``: x0, y0, x1, y1 in the ship's art pixels; default everything)."""
        full = self.surf.get_rect()
        if crop is None:
            box = full
        else:
            (x0, y0), (x1, y1) = self.art(crop[0], crop[1]), self.art(crop[2], crop[3])
            box = pygame.Rect(x0, y0, x1 - x0, y1 - y0).clip(full)
        for img, rect in self.over:
            rect.clamp_ip(box.inflate(-4, -4))
            self.surf.blit(img, rect)
        self.over = []
        return self.surf.subsurface(box).copy()


def _k_for(art_w: float, art_h: float, width: float, height: float) -> float:
    return max(0.2, min(width / art_w, height / art_h))


def _landing(s: PlanksState, plank: int) -> int:
    return min(len(s.planks[plank]), 2)


# ==================================================================================================
# The pictures
# ==================================================================================================
def _setup(width: int) -> pygame.Surface:
    """R2, R3, R4, R5, R6: the ship after the setup: chests small and big in turn, two empty planks between
    two chests, the pirates drawn from the bag one a plank from the first; each player's board on 12."""
    kit = Kit(width)
    ex = E["setup"]
    s = played(ex, ex.marks[-1])
    chest_plank, pirate_plank = ex.marks[0].actions[0].plank, ex.marks[1].actions[1].plank
    ship_h = min(kit.w * 0.6, kit.px(520))
    k = _k_for(688, 736, kit.w * 0.56, ship_h)
    deck = Deck(k)
    deck.chests(s.chests)
    deck.pirates(s)
    deck.numbers()
    x, y = sprites.chest_point(chest_plank, deck.H)
    deck.label(tr("planks.rulebook.pic.first_chest"), (x + deck.ox - deck.ch * 0.2, y + deck.oy + deck.ch * 0.3),
               "midtop")
    fx, fy = deck.place(pirate_plank, 0)
    deck.label(tr("planks.rulebook.pic.first_pirate"), (fx, fy - deck.sh * 0.8), "midbottom")
    ship = kit.framed(deck.image())
    side_w = kit.w - ship.get_width() - kit.px(12)
    bw = min(side_w - kit.px(24), kit.px(300))
    colours = [c for cs in s.colours for c in cs]
    boards = column([board_with_clip(c, bw, 12) for c in colours], kit.px(4))
    crew_h = max(28, kit.px(56))
    crew = row([sprites.standee(colours[0], n, crew_h) for n in range(1, 6)], -crew_h // 8, "top")
    bag = row([sprites.bag(kit.px(54)), kit.words(tr("planks.rulebook.pic.bag_pairs", pairs=s.pairs,
                                                       tiles=2 * s.pairs), bw - kit.px(64), 14, "bold")], kit.px(8))
    card = kit.card([kit.title(tr("planks.rulebook.pic.each_player"), bw), crew,
                     kit.words(tr("planks.rulebook.pic.sizes"), bw, 13), boards,
                     kit.words(tr("planks.rulebook.pic.clips_12"), bw, 13), bag], side_w)
    return row([ship, card], kit.px(12))


def _jump(width: int) -> pygame.Surface:
    """R16, R19, E3: one plank costs 1 MP, around the stern too; the planks passed are unaffected."""
    kit = Kit(width)
    ex = E["jump"]
    s = state_of(ex)
    crop = (-44, 200, 644, 716)
    k = _k_for(crop[2] - crop[0], crop[3] - crop[1], kit.w * 0.6, kit.w * 0.56)
    deck = Deck(k, (44, 8, 44, 8))
    deck.chests(s.chests, only=range(1, 9))
    deck.pirates(s)
    deck.numbers(range(1, 9))
    lands = []
    cur = s.clone()
    for a in ex.marks[-1].actions:
        assert isinstance(a, Move)
        frm = cur.plank_of(a.pirate)
        to = path_of(frm, a.direction, a.steps)[-1]
        land = _landing(cur, to)
        deck.standee(a.pirate, deck.place(to, land), alpha=120)
        apex = deck.jump(frm, cur.planks[frm].index(a.pirate), a.direction, a.steps, land)
        lands.append((apex, a.steps))
        cur.apply(a)
    for (ax, ay), cost in lands:
        deck.label(tr("planks.rulebook.pic.mp", n=cost), (ax - deck.sh * 0.45, ay - deck.sh * 0.1), "midright", 14)
    img = kit.framed(deck.image(crop))
    spent = sum(a.steps for a in ex.marks[-1].actions if isinstance(a, Move))
    side_w = kit.w - img.get_width() - kit.px(12)
    bw = side_w - kit.px(24)
    card = kit.card([kit.title(tr("planks.rulebook.pic.this_turn"), bw),
                     kit.words(tr("planks.rulebook.pic.spent", spent=spent, allowance=s.allowance,
                                  left=s.allowance - spent), bw, 14),
                     board_with_clip(s.colours[0][0], bw, cur.budgets[0]),
                     kit.words(tr("planks.rulebook.pic.clip_down", budget=cur.budgets[0]), bw, 13)], side_w)
    return row([img, card], kit.px(12))


def _legal(width: int) -> pygame.Surface:
    """R16: every plank the pirate can reach lights with its cost, both ways (at most 5 MP a turn)."""
    kit = Kit(width)
    ex = E["legal"]
    s = state_of(ex)
    move = ex.marks[0].actions[0]
    assert isinstance(move, Move)
    frm = s.plank_of(move.pirate)
    reach: dict[int, int] = {}
    for a in s.legal_actions():
        if isinstance(a, Move) and a.pirate == move.pirate:
            reach[path_of(frm, a.direction, a.steps)[-1]] = a.steps
    k = _k_for(688, 736, kit.w * 0.6, kit.w * 0.6)
    deck = Deck(k)
    for plank in reach:
        deck.light(plank)
    deck.chests(s.chests)
    deck.pirates(s, glow=[move.pirate])
    to = path_of(frm, move.direction, move.steps)[-1]
    deck.standee(move.pirate, deck.place(to, _landing(s, to)), alpha=130)
    deck.jump(frm, s.planks[frm].index(move.pirate), move.direction, move.steps, _landing(s, to), numbered=False)
    for plank, cost in reach.items():
        deck.dot(deck.tip(plank), str(cost), _LIT)
    for plank in range(12):
        if plank not in reach:
            deck.numbers([plank], 11)
    x, y = deck.head(to, _landing(s, to), 0.55)
    inward = 1 if to >= 6 else -1
    deck.icon(True, (x + inward * deck.sh * 0.5, y))
    img = kit.framed(deck.image())
    side_w = kit.w - img.get_width() - kit.px(12)
    bw = side_w - kit.px(24)
    badge = Deck(k)
    disc = pygame.Surface((deck.sh // 2, deck.sh // 2), pygame.SRCALPHA)
    badge.surf = disc
    badge.dot((disc.get_width() // 2, disc.get_height() // 2), "3", _LIT)
    card = kit.card([kit.title(tr("planks.rulebook.pic.pick_up"), bw),
                     kit.words(tr("planks.rulebook.pic.lit_says"), bw, 14),
                     row([disc, kit.words(tr("planks.rulebook.pic.badge_says"), bw - disc.get_width() - kit.px(8),
                                          13)], kit.px(8)),
                     kit.words(tr("planks.rulebook.pic.played", pirate=pirate_name(move.pirate), n=move.steps),
                               bw, 14, "bold")], side_w)
    return row([img, card], kit.px(12))


def _illegal(width: int) -> pygame.Surface:
    """R16, R17: after Red 1's jump, 4 MP are left: a 6-plank jump is refused, and so is Red 1 again."""
    kit = Kit(width)
    ex = E["illegal"]
    s = state_of(ex)
    first = ex.marks[0].actions[0]
    assert isinstance(first, Move)
    k = _k_for(688, 736, kit.w * 0.58, kit.w * 0.6)
    deck = Deck(k)
    deck.chests(s.chests)
    after = played(ex, ex.marks[0])
    deck.pirates(after)
    deck.numbers()
    frm = s.plank_of(first.pirate)
    deck.standee(first.pirate, deck.place(frm, s.planks[frm].index(first.pirate)), alpha=90)
    to = after.plank_of(first.pirate)
    deck.jump(frm, s.planks[frm].index(first.pirate), first.direction, first.steps, after.planks[to].index(first.pirate))
    reasons = []
    for n, mark in enumerate(ex.marks[1:], 1):
        state, reason = verdict(ex, mark)
        a = mark.actions[-1]
        assert isinstance(a, Move) and reason is not None
        at = state.plank_of(a.pirate)
        path = path_of(at, a.direction, a.steps)
        again = a.pirate in state.moved                  # the way back under the way it came
        deck.jump(at, state.planks[at].index(a.pirate), a.direction, a.steps, _landing(state, path[-1]),
                  ok=False, numbered=not again, bulge=-0.35 if again else 0.35)
        end = deck.head(path[-1], _landing(state, path[-1]), 0.55)
        side = -1 if path[-1] < 6 else 1                 # toward the deck
        deck.icon(False, (end[0] + side * deck.sh * 0.45, end[1] + deck.sh * 0.05))
        deck.label(str(n), (end[0] + side * deck.sh * 0.8, end[1] + deck.sh * 0.05),
                   "midleft" if side > 0 else "midright", 15, palette.WHITE, _CROSS)
        reasons.append(tr(reason))
    img = kit.framed(deck.image())
    side_w = kit.w - img.get_width() - kit.px(12)
    bw = side_w - kit.px(24)
    parts = [kit.title(tr("planks.rulebook.pic.after_first", pirate=pirate_name(first.pirate),
                          left=after.left_in_turn()), bw)]
    for n, text in enumerate(reasons, 1):
        num = kit.tag(str(n), 15, palette.WHITE, _CROSS)
        parts.append(row([num, kit.words(text, bw - num.get_width() - kit.px(8), 14, "text", align="left")],
                         kit.px(8)))
    card = kit.card(parts, side_w)
    return row([img, card], kit.px(12))


def _push(width: int) -> pygame.Surface:
    """R20, R21, R19, E5, E6: a pirate lands behind the others; a fourth pushes the front one into the
    sea, to the island; jumping over a full plank pushes nobody."""
    kit = Kit(width)
    ex = E["push"]
    panels = []
    crop = (296, 196, 600 + 190, 560)
    pw = (kit.w - kit.px(12)) // 2 - kit.px(10)
    k = _k_for(crop[2] - crop[0], crop[3] - crop[1], pw, kit.w * 0.42)
    for mark, key in zip(ex.marks, ("planks.rulebook.pic.push", "planks.rulebook.pic.pass_over")):
        s = state_of(ex)
        after = played(ex, mark)
        a = mark.actions[0]
        assert isinstance(a, Move)
        deck = Deck(k, (44, 8, 200, 8))
        deck.chests(s.chests, only=range(0, 6))
        fallen = [p for p in after.island if p not in s.island]
        spots = deck.island((612, 300), 170, fallen)
        deck.pirates(after)
        deck.numbers(range(0, 6))
        frm = s.plank_of(a.pirate)
        deck.standee(a.pirate, deck.place(frm, s.planks[frm].index(a.pirate)), alpha=90)
        to = after.plank_of(a.pirate)
        deck.jump(frm, s.planks[frm].index(a.pirate), a.direction, a.steps, after.planks[to].index(a.pirate))
        for p in fallen:
            old = s.plank_of(p)
            front = deck.place(old, 0)
            deck.splash(front, 1)
            deck.hop(deck.head(old, 0, 0.2), (spots[0][0], spots[0][1] - deck.sh * 0.8), True, 0.25,
                     colour=palette.FOAM)
            deck.label(tr("planks.rulebook.pic.falls", pirate=pirate_name(p)), deck.art(612, 476), "midleft", 13)
        if not fallen:
            deck.label(tr("planks.rulebook.pic.nobody_falls"), deck.art(612, 476), "midleft", 13)
            assert after.planks[3] == s.planks[3]
        panels.append(kit.panel(tr(key), kit.framed(deck.image(crop)), True))
    return row(panels, kit.px(12), "top")


def _rescue(width: int) -> pygame.Surface:
    """R22, R23, R24, E7, E33: from the island up the ladder (1 MP) onto a stern plank (1 MP), then on away
    from the ladder, 1 MP a plank; a rescued pirate never turns back past the ladder."""
    kit = Kit(width)
    ex = E["rescue"]
    s = state_of(ex)
    crop = (-44, 250, 644, 870)
    k = _k_for(crop[2] - crop[0], crop[3] - crop[1], kit.w * 0.6, kit.w * 0.6)
    deck = Deck(k, (44, 8, 44, 170))
    deck.chests(s.chests, only=range(2, 11))
    castaways = sorted(p for p in s.island if s.owner_of(p) == 0)
    spots = deck.island((-30, 716), 250, castaways)
    deck.pirates(s)
    deck.numbers(range(2, 10))
    top, foot = sprites.ladder_points(deck.H)
    top, foot = (top[0] + deck.ox, top[1] + deck.oy), (foot[0] + deck.ox, foot[1] + deck.oy)
    good, bad = ex.marks
    a = good.actions[-1]
    assert isinstance(a, Rescue)
    path = [a.plank] + path_of(a.plank, a.direction, a.steps)
    land = _landing(s, path[-1])
    deck.standee(a.pirate, deck.place(path[-1], land), alpha=120)
    spot = spots[castaways.index(a.pirate)]
    deck.hop((spot[0], spot[1] - deck.sh * 0.75), foot, True, 0.15, head=False)
    climb = deck.hop(foot, top, True, 0.0, head=False)
    pts = [top] + [deck.head(p, 1, 0.35) for p in path[:-1]] + [deck.head(path[-1], land, 0.55)]
    apexes = [climb]
    for i, (p0, p1) in enumerate(zip(pts, pts[1:])):
        apexes.append(deck.hop(p0, p1, True, 0.2, head=i == len(pts) - 2))
    for n, at in enumerate(apexes, 1):
        deck.dot(at, str(n))
    deck.label(tr("planks.rulebook.pic.rescue_cost", steps=a.steps, n=2 + a.steps),
               (apexes[-1][0] - deck.sh * 0.4, apexes[-1][1]), "midright", 14)
    # the refused turn back: from the stern plank round the stern, toward the ladder's other side
    _, reason = verdict(ex, bad)
    r = bad.actions[-1]
    assert isinstance(r, Rescue) and reason is not None and r.plank == a.plank
    back = path_of(r.plank, r.direction, r.steps)[-1]
    end = deck.head(back, _landing(s, back), 0.55)
    deck.hop(deck.head(r.plank, 1, 0.35), end, False, 0.3)
    deck.icon(False, (end[0] - deck.sh * 0.55, end[1] + deck.sh * 0.1))
    deck.label(tr("planks.rulebook.pic.ladder"), (foot[0] + deck.sh * 0.3, foot[1] + deck.sh * 0.15), "midleft", 13)
    assert deck.island_at is not None
    deck.label(tr("planks.rulebook.pic.island"), (deck.island_at[0] + deck.island_w * 0.75,
                                                  deck.island_at[1] + deck.island_w * 0.12), "midbottom", 13)
    img = kit.framed(deck.image(crop))
    side_w = kit.w - img.get_width() - kit.px(12)
    bw = side_w - kit.px(24)
    steps = [tr("planks.rulebook.pic.rescue_1"), tr("planks.rulebook.pic.rescue_2"),
             tr("planks.rulebook.pic.rescue_3")]
    parts = [kit.title(tr("planks.rulebook.pic.rescue_title"), bw)]
    for n, text in enumerate(steps, 1):
        num = kit.tag(str(n) if n < 3 else "3+", 14)
        parts.append(row([num, kit.words(text, bw - num.get_width() - kit.px(8), 13, "text", align="left")],
                         kit.px(8)))
    icon = verdict_icon(False, kit.px(22))
    parts.append(row([icon, kit.words(tr(reason), bw - icon.get_width() - kit.px(8), 13, "text", align="left")],
                     kit.px(8)))
    card = kit.card(parts, side_w, "left")
    return row([img, card], kit.px(12))


def _board(width: int) -> pygame.Surface:
    """R12, R13, R28, R29, R30: the clip goes down 1 space an MP; on 0/1 a player has 1 MP a turn; the
    second player to reach 0/1 ends the round at once."""
    kit = Kit(width)
    ex = E["board"]
    s = state_of(ex)
    bw = min(kit.px(400), round(kit.w * 0.5))
    tw = kit.w - bw - kit.px(24 + 12)
    red, green = s.colours[0][0], s.colours[1][0]
    _, too_far = verdict(ex, ex.marks[0])
    last = played(ex, ex.marks[2])
    assert too_far is not None and last.round == 2
    icon = verdict_icon(False, kit.px(20))
    refusal = row([icon, kit.words(tr(too_far), tw - icon.get_width() - kit.px(6), 13.5, "bold", _CROSS, "left")],
                  kit.px(6))
    rows_ = [
        (board_with_clip(red, bw, 12), tr("planks.rulebook.pic.board_12"), None),
        (board_with_clip(red, bw, 7), tr("planks.rulebook.pic.board_7"), None),
        (board_with_clip(red, bw, 0), tr("planks.rulebook.pic.board_0"), refusal),
        (board_with_clip(green, bw, 0), tr("planks.rulebook.pic.board_second"), None),
    ]
    lines = []
    for img, text, extra in rows_:
        words = column([kit.words(text, tw, 13.5, "text", align="left"), extra], kit.px(2), "left")
        lines.append(row([img, words], kit.px(12)))
    return kit.card(lines, kit.w - kit.px(4), "left")


def _scoring(width: int) -> pygame.Surface:
    """R34, R35, R36, R37, R38, R39, E8, E9, E10, E11: each chest's plank judged on its own."""
    kit = Kit(width)
    ex = E["scoring"]
    s = state_of(ex)
    pw = (kit.w - kit.px(12)) // 2
    k = _k_for(294, 130, pw - kit.px(10), kit.w * 0.22)
    deck = Deck(k)
    deck.chests(s.chests)
    results = s.chest_winners()
    deck.pirates(s, only=[plank for _, plank, _, _ in results], glow=[w for _, _, w, _ in results if w])
    for _, plank, winner, cancelled in results:
        for p in cancelled:
            x, y = deck.head(plank, s.planks[plank].index(p), 0.95)
            deck.icon(False, (x, y), deck.sh * 0.3)
        if winner:
            x, y = deck.head(plank, s.planks[plank].index(winner), 0.98)
            deck.icon(True, (x, y), deck.sh * 0.3)
    panels = []
    for chest, plank, winner, cancelled in results:
        y = sprites.place_point(plank, 0, 720)[1]
        x0, x1 = (312, 606) if plank < 6 else (-6, 288)
        img = kit.framed(deck.crop((x0, y - 106, x1, y + 24)))
        big = chest in BIG
        head = tr("planks.rulebook.pic.plank_n", plank=plank + 1) + " · " + \
            tr("planks.rulebook.pic.big_chest" if big else "planks.rulebook.pic.small_chest")
        if winner is None:
            says = tr("planks.rulebook.pic.nobody")
        elif cancelled:
            says = tr("planks.rulebook.pic.tie_wins", size=size_of(cancelled[0]), pirate=pirate_name(winner))
        else:
            says = tr("planks.rulebook.pic.wins", pirate=pirate_name(winner))
        panels.append(column([kit.title(head, img.get_width(), 15), img,
                              kit.tag(says, 14, max_w=img.get_width())], kit.px(4)))
    owners: dict[int, int] = {}
    for _, _, winner, _ in results:
        if winner:
            owners[s.owner_of(winner)] = owners.get(s.owner_of(winner), 0) + 1
    tally = " · ".join(tr("planks.rulebook.pic.draws", colour=colour_name(s.colours[seat][0]), n=n)
                       for seat, n in sorted(owners.items()))
    grid = column([row(panels[:2], kit.px(12), "top"), row(panels[2:], kit.px(12), "top")], kit.px(10))
    return column([grid, kit.tag(tally, 15)], kit.px(8))


def _draw(width: int) -> pygame.Surface:
    """R40, R42, E14: Red draws a crown and already has one: it goes to a player with the fewest treasures
    (Blue or Yellow, Red's choice), never to Green."""
    kit = Kit(width)
    ex = E["draw"]
    ok_mark, bad_mark = ex.marks
    s, _ = verdict(ex, ok_mark)                       # Red must give the crown away
    _, refused = verdict(ex, bad_mark)
    assert refused is not None and s.gift is not None
    candidates = s.gift_candidates(0)
    th = max(22, kit.px(40))
    name_w = kit.px(110)
    rows_ = []
    cross = verdict_icon(False, kit.px(26))
    tick = verdict_icon(True, kit.px(26))
    widest = max(tile_line([kind_of(t) for t in ts], th, kit.px(4)).get_width() for ts in s.treasures)
    for seat in range(s.players):
        colour = s.colours[seat][0]
        who = row([kit.chip(colour, kit.px(26)), kit.words(colour_name(colour), name_w - kit.px(34), 15, "bold",
                                                          align="left")], kit.px(8))
        who = row([who, pygame.Surface((max(1, name_w - who.get_width()), 1), pygame.SRCALPHA)], 0)
        line = tile_line([kind_of(t) for t in s.treasures[seat]], th, kit.px(4))
        pad = pygame.Surface((max(1, widest - line.get_width()), 1), pygame.SRCALPHA)
        parts: list[pygame.Surface] = [who, row([line, pad], 0)]
        if seat == 0:
            crown = sprites.treasure(kind_of(s.gift), th).copy()
            pygame.draw.rect(crown, _CROSS, crown.get_rect(), max(2, kit.px(3)), border_radius=kit.px(6))
            parts += [arrow(kit, kit.px(34)), crown,
                      kit.words(tr("planks.rulebook.pic.already"), kit.px(180), 13, "bold", _CROSS, "left")]
        elif seat in candidates:
            parts += [tick, kit.words(tr("planks.rulebook.pic.fewest", n=len(s.treasures[seat])), kit.px(200), 13,
                                      "bold", _TICK, "left")]
        else:
            parts += [cross]
        rows_.append(row(parts, kit.px(8)))
    bag = column([sprites.bag(kit.px(64)), kit.words(tr("planks.rulebook.pic.drawn", treasure=tr(
        f"planks.treasure.{kind_of(s.gift)}")), kit.px(120), 13, "bold")], kit.px(2))
    left = column(rows_, kit.px(8), "left")
    top = row([bag, left], kit.px(16))
    icon = verdict_icon(False, kit.px(22))
    note = row([icon, kit.words(tr(refused), kit.w - kit.px(80), 13, "text", align="left")], kit.px(8))
    return kit.card([top, note], kit.w - kit.px(4), "left")


def _chests_move(width: int) -> pygame.Surface:
    """R44, R26, E15: every chest moves 2 planks clockwise; the pirates stay, the island too; clips on 12."""
    kit = Kit(width)
    ex = E["chests-move"]
    s = state_of(ex)
    after = played(ex, ex.marks[0])
    assert after.round == s.round + 1
    k = _k_for(688, 736, kit.w * 0.5, kit.w * 0.52)
    deck = Deck(k)
    for plank in after.chests:
        deck.light(plank, palette.GOLD_LIGHT, 60)
    deck.chests(s.chests, alpha=90)
    deck.chests(after.chests)
    deck.pirates(after)
    deck.numbers()
    for old, new in zip(s.chests, after.chests):
        a = sprites.chest_point(old, deck.H)
        b = sprites.chest_point(new, deck.H)
        deck.hop((a[0] + deck.ox, a[1] + deck.oy - deck.ch * 0.55), (b[0] + deck.ox, b[1] + deck.oy - deck.ch * 0.55),
                 True, -0.35)
    img = kit.framed(deck.image())
    side_w = kit.w - img.get_width() - kit.px(12)
    bw = side_w - kit.px(24)
    parts = [kit.title(tr("planks.rulebook.pic.next_round"), bw)]
    for key in ("planks.rulebook.pic.move_2", "planks.rulebook.pic.stay", "planks.rulebook.pic.clips_back",
                "planks.rulebook.pic.next_first"):
        parts.append(kit.words(tr(key), bw, 14, "text", align="left"))
    parts.append(board_with_clip(s.colours[0][0], bw, after.budgets[0]))
    return row([img, kit.card(parts, side_w, "left")], kit.px(12))


def _end(width: int) -> pygame.Surface:
    """R46, R47, R48, E20: most treasures wins; tied, each lays its treasures in a line; the longest wins."""
    kit = Kit(width)
    ex = E["end"]
    s = state_of(ex)
    res = s.result()
    counts = [len(t) for t in s.treasures]
    tied = [seat for seat in range(s.players) if counts[seat] == max(counts)]
    th = max(24, kit.px(44))
    rows_ = []
    for seat in tied:
        colour = s.colours[seat][0]
        kinds = [kind_of(t) for t in s.treasures[seat]]
        sums = " + ".join(str(LENGTH[k]) for k in kinds)
        won = seat in res.winners
        head = row([kit.chip(colour, kit.px(26)),
                    kit.words(tr("planks.rulebook.pic.line", colour=colour_name(colour), n=len(kinds)),
                              kit.w - kit.px(120), 15, "bold", align="left"),
                    verdict_icon(won, kit.px(24))], kit.px(8))
        rows_.append(column([head, tile_line(kinds, th),
                             kit.words(tr("planks.rulebook.pic.length", sums=sums, total=line_length(s.treasures[seat])),
                                       kit.w - kit.px(40), 14, "bold", _TICK if won else palette.INK, "left")],
                            kit.px(4), "left"))
    others = [seat for seat in range(s.players) if seat not in tied]
    note = kit.words(tr("planks.rulebook.pic.fewer", colour=colour_name(s.colours[others[0]][0]),
                        n=counts[others[0]]), kit.w - kit.px(40), 13, "text", align="left") if others else None
    return kit.card([*rows_, note], kit.w - kit.px(4), "left")


def _two_players(width: int) -> pygame.Surface:
    """R7, R9, R11, R31, R43, R50: two colours each, a board and a turn counter each, the turn marker by
    the player whose turn it is; a duplicate leaves the game; 7 treasures (6 with 6 pairs) end it."""
    kit = Kit(width)
    ex = E["two-players"]
    s = state_of(ex)
    after = played(ex, ex.marks[0])
    assert after.current == 1 and after.counters[0] == s.counters[0] - 1
    bw = min(kit.px(300), round(kit.w * 0.37))
    cw = round(bw * sprites.ART_COUNTER[0] / sprites.ART_BOARD[0])
    sh = max(28, kit.px(58))
    rows_ = []
    for seat in range(2):
        crew = row([sprites.standee(c, n, sh) for c in s.colours[seat] for n in (5, 3, 1)], -sh // 6, "top")
        name = kit.words(tr("planks.rulebook.pic.player", n=seat + 1, a=colour_name(s.colours[seat][0]),
                            b=colour_name(s.colours[seat][1])), kit.px(170), 14, "bold", align="left")
        boards = column([board_with_clip(s.colours[seat][0], bw, 12),
                         row([board_with_clip(s.colours[seat][1], cw, after.counters[seat], counter=True),
                              kit.words(tr("planks.rulebook.pic.counter"), bw - cw - kit.px(8), 12, "text",
                                        align="left")], kit.px(8))], kit.px(4), "left")
        who = column([name, crew], kit.px(4), "left")
        pad = pygame.Surface((max(1, kit.px(170) - who.get_width()), 1), pygame.SRCALPHA)
        parts = [row([who, pad], 0), boards]
        if s.marker and seat == after.current:
            parts.append(column([sprites.treasure(kind_of(s.marker), max(20, kit.px(34))),
                                 kit.words(tr("planks.rulebook.pic.marker"), kit.px(110), 12, "bold")], kit.px(2)))
        rows_.append(row(parts, kit.px(14)))
    ruby = sprites.treasure("ruby", max(20, kit.px(30)))
    dup = row([ruby, kit.words("+", kit.px(20), 16, "bold"), ruby, arrow(kit, kit.px(30), _CROSS),
               kit.words(tr("planks.rulebook.pic.removed"), kit.px(200), 13, "bold", _CROSS, "left")], kit.px(6))
    target = kit.words(tr("planks.rulebook.pic.target", n=treasure_target(12), intro=treasure_target(6)),
                       kit.w - kit.px(40), 13, "text", align="left")
    order = kit.words(tr("planks.rulebook.pic.six_turns"), kit.w - kit.px(40), 13, "text", align="left")
    return kit.card([*rows_, order, dup, target], kit.w - kit.px(4), "left")


def _options(width: int) -> pygame.Surface:
    """R5, R1, R3, R4, R7, A17: the options of the setup screen."""
    kit = Kit(width)
    ex = E["options"]
    s = played(ex, ex.marks[0])
    chosen = ex.marks[0].actions[0]
    assert isinstance(chosen, ChooseColours) and s.colours[0] == list(chosen.colours)
    opts = {o.key: o for o in RULES.options}
    cw = (kit.w - kit.px(24)) // 3 - kit.px(8)
    # Treasures: how many pairs in the bag
    pairs = opts["pairs"]
    lines = []
    for n, label in zip(pairs.choices, pairs.choice_labels):
        lines.append(row([sprites.bag(kit.px(26)), kit.words(tr(label), cw - kit.px(40), 13, "text", align="left")],
                         kit.px(6)))
    first = column([kit.title(tr(pairs.label), cw, 16), column(lines, kit.px(4), "left")], kit.px(6))
    # Colours (2 players): the starting player takes two
    pick = row([kit.chip(c, kit.px(30)) for c in chosen.colours], kit.px(4))
    rest = row([kit.chip(c, kit.px(30)) for c in s.colours[1]], kit.px(4))
    second = column([kit.title(tr(opts["colours"].label), cw, 16),
                     row([kit.tag("1", 13), pick], kit.px(6)), row([kit.tag("2", 13), rest], kit.px(6)),
                     kit.words(tr("planks.rulebook.pic.colours_says"), cw, 12.5)], kit.px(6))
    # Chests and pirates / Starting player: chosen at the table
    plank = opts["first-plank"]
    third = column([kit.title(tr(plank.label), cw, 16), kit.words(tr(plank.choice_labels[1]), cw, 13, "bold"),
                    kit.words(tr("planks.rulebook.pic.plank_says"), cw, 12.5),
                    kit.title(tr(opts["first-player"].label), cw, 16),
                    kit.words(tr("planks.rulebook.pic.first_says"), cw, 12.5)], kit.px(6))
    return kit.card([row([first, second, third], kit.px(12), "top")], kit.w - kit.px(4))


def _feel_draw(width: int) -> pygame.Surface:
    """V1, V2: for each treasure the drawer feels two tiles, keeps one, the other goes back into the bag."""
    kit = Kit(width)
    ex = E["feel-draw"]
    ok_mark, bad_mark = ex.marks
    s, _ = verdict(ex, ok_mark)
    _, refused = verdict(ex, bad_mark)
    assert len(s.offer) == 2 and refused is not None
    keep = ok_mark.actions[-1]
    assert isinstance(keep, KeepTreasure)
    th = max(26, kit.px(52))
    offered = []
    for tile in s.offer:
        kind = kind_of(tile)
        sil = sprites.treasure_silhouette(kind, th, palette.INK_SOFT)
        kept = tile == keep.tile
        label = tr("planks.rulebook.pic.keep" if kept else "planks.rulebook.pic.back")
        offered.append(column([sil, kit.words(tr(f"planks.treasure.{kind}"), kit.px(150), 13, "bold"),
                               kit.tag(label, 13, palette.WHITE if kept else palette.INK,
                                       _TICK if kept else palette.PARCHMENT_DARK)], kit.px(4)))
    bag = column([sprites.bag(kit.px(70)), kit.words(tr("planks.rulebook.pic.feel"), kit.px(140), 13, "bold")],
                 kit.px(2))
    kept_tile = sprites.treasure(kind_of(keep.tile), th)
    mine = column([kit.words(tr("planks.rulebook.pic.in_front"), kit.px(160), 13, "bold"),
                   row([sprites.treasure(kind_of(t), th) for t in s.treasures[0]] + [kept_tile], kit.px(4))],
                  kit.px(4))
    top = row([bag, arrow(kit, kit.px(36)), row(offered, kit.px(18), "top"), arrow(kit, kit.px(36)), mine],
              kit.px(10))
    note = kit.words(tr("planks.rulebook.pic.feel_says"), kit.w - kit.px(40), 13, "text", align="left")
    icon = verdict_icon(False, kit.px(20))
    crown = sprites.treasure(kind_of(bad_mark.actions[-1].tile), max(16, kit.px(26)))
    refusal = row([icon, crown, kit.words(tr(refused), kit.w - kit.px(120), 13, "text", align="left")], kit.px(6))
    return kit.card([top, note, refusal], kit.w - kit.px(4))


PICTURES: dict[str, Callable[[int], pygame.Surface]] = {
    "setup": _setup,
    "jump": _jump,
    "legal": _legal,
    "illegal": _illegal,
    "push": _push,
    "rescue": _rescue,
    "board": _board,
    "scoring": _scoring,
    "draw": _draw,
    "chests-move": _chests_move,
    "end": _end,
    "two-players": _two_players,
    "options": _options,
    "feel-draw": _feel_draw,
}


def picture(name: str, width: int) -> pygame.Surface:
    """The rules picture ``name``, at most ``width`` pixels wide (KeyError for an unknown name)."""
    return picture_kit.draw_picture(PICTURES, name, width)
