"""Pirateer's rules pictures (``game.scenes.rules``): the real map and the game's own sprites (ships, coin,
anchors, wrecks, dice, compass, blast ring, wave), showing the positions the rulebook talks about.

``picture(name, width)`` draws one picture no wider than ``width`` (KeyError for an unknown name). Every
position is built by the engine's position builder (``positions.position``) and every arrow drawn on a
picture is a move the engine was asked about: ``EXAMPLES`` holds, per picture, the position, the roll and
the moves shown (``Mark``: legal or refused, and for a refused one the reason key the caption quotes), so
a test can replay each of them through ``State.check`` and a picture can never show a move the game would
not allow (or allow one it shows refused). Labels are catalog keys of the ``pirateer_rules`` domain.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

import pygame

from game.core.protocol import Text
from game.games.pirateer import sprites
from game.games.pirateer.boardmodel import Board, Cell
from game.games.pirateer.boardview import LABEL_MARGIN, BoardView
from game.games.pirateer.moves import ISLAND, faction_of, number_of
from game.games.pirateer.positions import position, ship_name
from game.games.pirateer.rules import (EIGHT, MOVE, RULES, START, Arm, Move, PirateerState, Roll, preset_seating,
                                       teams_for)
from game.i18n import tr
from game.ui import palette, theme
from game.ui.theme import verdict_icon

__all__ = ["picture", "PICTURES", "EXAMPLES", "Example", "Mark", "Step", "state_of", "verdict", "eight_sea_state"]

NAMES_MIN_H = 15     # the squares' names go on a picture's frame when a diamond is this tall (h, pixels) or more
MAX_H = 360          # the tallest a picture gets at 1280x720 (design pixels): it stays readable in one view
GAP = 12             # between panels (design pixels)
_TICK = (54, 140, 60)
_CROSS = (196, 36, 28)
_ARROW = palette.GOLD_LIGHT


# ==================================================================================================
# Positions and the moves shown on them (checked by the engine in the tests)
# ==================================================================================================
@dataclass(frozen=True)
class Step:
    """One die move: ``ships`` (short names, ``"Sp1"``; several for a flotilla stack) sail ``die`` squares
    ``direction``."""
    ships: tuple[str, ...]
    direction: str
    die: int

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(sorted(ship_name(s) for s in self.ships))


def step(ships: str | tuple[str, ...], direction: str, die: int) -> Step:
    return Step((ships,) if isinstance(ships, str) else tuple(ships), direction, die)


@dataclass(frozen=True)
class Mark:
    """A move drawn on a picture: ``steps`` played in order from the example's position; the last one is
    legal (``ok``) or refused by the engine with the reason ``reason`` (a catalog key)."""
    steps: tuple[Step, ...]
    ok: bool
    reason: str | None = None


@dataclass(frozen=True)
class Example:
    """A position as ``positions.position`` takes it, the roll shown (the move phase; none: before the roll)
    and the moves drawn on it."""
    ships: dict[str, Cell]
    factions: tuple[str, ...] = ("spanish", "pirates")
    current: str = "spanish"
    dice: tuple[int, ...] = ()
    treasure: str = ISLAND
    wrecks: tuple[Cell, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    marks: tuple[Mark, ...] = ()
    next_rolls: tuple[tuple[int, ...], ...] = ()
    treasures: dict[str, str] | None = None      # V11.5: each treasure's place, when there are two
    island: str | None = None                    # V11.2: the island the coin flip chose (two-board map)


def state_of(ex: Example) -> PirateerState:
    """The example's position: in the move phase with its dice, or before the roll when it has none."""
    return position(factions=list(ex.factions), ships=ex.ships, treasure=ex.treasure, treasures=ex.treasures,
                    wrecks=ex.wrecks, options=ex.options, current=ex.current, phase=MOVE if ex.dice else START,
                    dice=ex.dice, next_rolls=[list(r) for r in ex.next_rolls], island=ex.island)


def verdict(ex: Example, mark: Mark) -> tuple[PirateerState, Text | None]:
    """Play every step of ``mark`` but the last (each must be legal), and ask the engine about the last one:
    (the position it is asked in, None if legal or the reason it is refused)."""
    s = state_of(ex)
    for st in mark.steps[:-1]:
        s.apply(Move(s.current, st.ids, st.direction, st.die))
    last = mark.steps[-1]
    return s, s.check(Move(s.current, last.ids, last.direction, last.die))


E = {  # the examples, by picture (spec section 8 rebuilds most of them)
    # X2: a ship in open sea with 3 and 4; 3 NE ends on the current (legal), 4 NE would cross it (refused)
    "legal": Example({"Sp1": (5, 13), "Pi1": (15, 6)}, dice=(3, 4),
                     marks=(Mark((step("Sp1", "NE", 3),), True),)),
    "illegal": Example({"Sp1": (5, 13), "Pi1": (15, 6)}, dice=(3, 4),
                       marks=(Mark((step("Sp1", "NE", 4),), False, "pir.reason.crosses_current"),)),
    # R3, R4: one die, one straight move of exactly that many squares, NW, NE, SE or SW
    "turn": Example({"Sp1": (6, 12), "Pi1": (19, 8)}, dice=(2, 2),
                    marks=tuple(Mark((step("Sp1", d, 2),), True) for d in ("NW", "NE", "SE", "SW"))),
    # E1: the only ship on its anchor, 3 and 4: the 3 first would leave the 4 unplayable (R11)
    "dice": Example({"Sp1": (0, 9), "Pi1": (15, 6)}, dice=(3, 4),
                    marks=(Mark((step("Sp1", "SW", 3),), False, "pir.reason.blocks_dice"),
                           Mark((step("Sp1", "SW", 4),), True),
                           Mark((step("Sp1", "SW", 4), step("Sp1", "SE", 3)), True))),
    # the harbours at setup (S2)
    "harbour": Example({"Sp1": (0, 10), "Sp2": (0, 11), "Sp3": (0, 12), "Pi1": (15, 6)}),
    # R14: a ship on a dock takes the treasure
    "island": Example({"Sp1": (8, 9), "Pi1": (11, 10)}),
    # X3, E10: riding a current; stopping on it; crossing it refused
    "current": Example({"Sp1": (3, 12), "Sp2": (10, 7), "Sp3": (12, 5), "Pi1": (19, 8)}, dice=(4, 2),
                       marks=(Mark((step("Sp1", "E", 4),), True), Mark((step("Sp2", "NE", 2),), True))),
    "current-cross": Example({"Sp1": (3, 12), "Sp2": (10, 7), "Sp3": (12, 5), "Pi1": (19, 8)}, dice=(3, 2),
                             marks=(Mark((step("Sp3", "NE", 3),), False, "pir.reason.crosses_current"),)),
    # X4, X4b: into strait S with a 3, out across the far edge with a 2
    "strait": Example({"Sp1": (3, 7), "Pi1": (19, 8)}, dice=(3, 2),
                      marks=(Mark((step("Sp1", "NE", 3), step("Sp1", "NE", 2)), True),)),
    # X5: the Spanish carrier on dock (10,8) with a 2: NW and NE yes, SE (straight away from home) no
    "carrier": Example({"Sp1": (10, 8), "Pi1": (15, 14)}, dice=(2, 1), treasure="Sp1",
                       marks=(Mark((step("Sp1", "NW", 2),), True), Mark((step("Sp1", "NE", 2),), True),
                              Mark((step("Sp1", "SE", 2),), False, "pir.reason.away_from_home"))),
    # X6, X6b: boarding without the treasure refused; onto the carrier it sinks it and takes the coin
    "boarding": Example({"Sp1": (5, 13), "Sp2": (5, 16), "Fr1": (8, 13)}, factions=("spanish", "french"),
                        dice=(3, 2),
                        marks=(Mark((step("Sp1", "SE", 3),), False, "pir.reason.no_treasure_aboard"),)),
    "boarding-carrier": Example({"Sp1": (5, 13), "Sp2": (5, 16), "Fr1": (8, 13)}, factions=("spanish", "french"),
                                dice=(3, 2), treasure="Fr1", marks=(Mark((step("Sp1", "SE", 3),), True),)),
    # V-K: the same boarding with Free boarding on: no treasure needed
    "free-boarding": Example({"Sp1": (5, 13), "Sp2": (5, 16), "Fr1": (8, 13)}, factions=("spanish", "french"),
                             dice=(3, 2), options={"free-boarding": True},
                             marks=(Mark((step("Sp1", "SE", 3),), True),)),
    # E12: the carrier reaches its anchor with the 4 and wins at once; the 5 is never played
    "scoring": Example({"Sp1": (0, 13), "Pi1": (15, 6), "Pi2": (19, 8)}, dice=(4, 5), treasure="Sp1",
                       marks=(Mark((step("Sp1", "NE", 4),), True),)),
    # V-B: three 4s: a storm sinks the ship farthest from port
    "storm": Example({"Sp1": (0, 11), "Sp2": (5, 13), "Sp3": (15, 14), "Pi1": (19, 8)}, options={"storm": True},
                     next_rolls=((4, 4, 4),)),
    # V-C: Pirates ship 2 armed, the dice 2 and 5: radius 2
    "nuke": Example({"Pi2": (11, 10), "Sp1": (11, 8), "Fr1": (13, 11), "Ba1": (12, 12), "Pi3": (10, 12)},
                    factions=("spanish", "french", "pirates", "barbary"), current="pirates",
                    options={"nuke": True}, next_rolls=((2, 5),)),
    # V-D: the fleet sails 3 SW together, then one ship 2 SE
    "flotilla": Example({"Sp1": (0, 10), "Sp2": (0, 10), "Sp3": (0, 10), "Pi1": (15, 6)}, dice=(3, 2),
                        options={"flotilla": True},
                        marks=(Mark((step(("Sp1", "Sp2", "Sp3"), "SW", 3), step("Sp1", "SE", 2)), True),)),
    # V-E: a wreck at (2,13) closes the square
    "wrecks": Example({"Ba1": (5, 13), "Sp1": (0, 11)}, factions=("spanish", "barbary"), current="barbary",
                      dice=(4, 2), wrecks=((2, 13),), options={"wrecks": True},
                      marks=(Mark((step("Ba1", "NW", 4),), False, "pir.reason.wreck_in_way"),)),
}

# The fantastic eight: five players on the two-board map (V11.1), the coin on island A (V11.2), four dice (V11.4)
FIVE = ("spanish-a", "french-a", "pirates-a", "french-b", "spanish-b")
EIGHT_ON = {EIGHT: True}
E.update({
    # V11.4, V-J: four dice, four moves; Pirates A ship 1 sails 3 SW through the inner strait Z16 onto board B
    "eight-dice": Example({"SpA1": (0, 10), "FrA1": (12, 0), "PiA1": (15, 14), "PiA2": (15, 21), "FrB1": (22, 12),
                           "SpB1": (12, 22)}, factions=FIVE, current="pirates-a", dice=(3, 2, 4, 2),
                          options=EIGHT_ON, island="A",
                          marks=tuple(Mark(steps, True) for steps in (
                              (step("PiA1", "SW", 3),),
                              (step("PiA1", "SW", 3), step("PiA2", "NE", 2)),
                              (step("PiA1", "SW", 3), step("PiA2", "NE", 2), step("PiA2", "SE", 2)),
                              (step("PiA1", "SW", 3), step("PiA2", "NE", 2), step("PiA2", "SE", 2),
                               step("PiA1", "SE", 4))))),
    # V11.5: French A ship 1 holds both treasures; Spanish A ship 1 boards it with the 3 and takes both
    "eight-boarding": Example({"SpA1": (5, 13), "SpA2": (5, 16), "FrA1": (8, 13), "PiA1": (19, 9), "FrB1": (22, 12),
                               "SpB1": (12, 22)}, factions=FIVE, current="spanish-a", dice=(3, 1, 2, 1),
                              options=EIGHT_ON, island="A",
                              treasures={"treasure-1": "FrA1", "treasure-2": "FrA1"},
                              marks=(Mark((step("SpA1", "SE", 3),), True),)),
    # V11.6: one treasure home is enough: the 4 NE ends on the Spanish A anchor; the other treasure stays on island A
    "eight-win": Example({"SpA1": (0, 13), "FrA1": (12, 0), "PiA1": (19, 9), "FrB1": (22, 12), "SpB1": (12, 22)},
                         factions=FIVE, current="spanish-a", dice=(4, 5, 6, 6), options=EIGHT_ON, island="A",
                         treasures={"treasure-1": "SpA1", "treasure-2": ISLAND},
                         marks=(Mark((step("SpA1", "NE", 4),), True),)),
})
EXAMPLES: dict[str, Example] = E


# ==================================================================================================
# Drawing: a piece of the sea with pieces, arrows and labels on it
# ==================================================================================================
def _font(size: int, role: str = "bold") -> pygame.font.Font:
    return theme.font(role, size)


class Sea:
    """The whole map drawn at ``h`` pixels per half-diagonal; ``window`` (u0, u1, w0, w1) in table units is
    the part kept (default: the whole board); ``board``: the map (default the standard one; the two-board map of
    the fantastic eight, V11.1)."""

    def __init__(self, h: float, window: tuple[float, float, float, float] | None = None,
                 board: Board | None = None):
        self.board: Board = board if board is not None else RULES.board
        e = self.board.edges
        self.view = BoardView(self.board)
        self.view.layout(pygame.Rect(0, 0, max(8, round(2 * e.side * h)), max(6, round((e.bottom - e.top) * h))))
        self.h = self.view.h
        self.full = pygame.Surface(self.view.rect.size, pygame.SRCALPHA)
        self.full.blit(self.view.background(), (0, 0))
        u0, u1, w0, w1 = window if window is not None else (-e.side, e.side, e.top, e.bottom)
        ox, oy = self.view.origin
        self.crop = pygame.Rect(round(ox + u0 * self.h), round(oy + w0 * self.h),
                                round((u1 - u0) * self.h), round((w1 - w0) * self.h)).clip(self.full.get_rect())
        self.labels: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.later: list[tuple[PirateerState, tuple[str, ...]]] = []

    @staticmethod
    def fit(units_w: float, units_h: float, width: int, height: int) -> float:
        """The h that fits ``units`` of the table into ``width`` x ``height`` pixels."""
        return max(4.0, min(width / units_w, height / units_h))

    # -- geometry ---------------------------------------------------------------------------------
    def at(self, cell: Cell, piece: bool = False) -> tuple[float, float]:
        """A square's middle (for marks, labels, arrows); ``piece``: where a ship stands on it (as on the
        table: lower on an upper anchor, see ``BoardView.anchor_point``)."""
        return self.view.anchor_point(cell, piece=piece)

    def ship_size(self) -> int:
        return max(14, int(self.h * 1.7))

    # -- pieces -----------------------------------------------------------------------------------
    def ship(self, ship: str, cell: Cell, carrier: bool | int = False, dead: bool = False, facing: int | None = None,
             alpha: int = 255, offset: int = 0) -> None:
        ship = ship_name(ship)
        faction = faction_of(ship)
        if facing is None:
            facing = 1 if self.at(self.board.harbour(faction).anchor)[0] < self.full.get_width() / 2 else -1
        size = self.ship_size()
        img = sprites.ship(faction, size, carrier=carrier, dead=dead, number=number_of(ship), facing=facing)
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        fx, fy = sprites.ship_foot(size, facing)
        x, y = self.at(cell, piece=True)
        self.full.blit(img, (int(x - fx + offset), int(y - fy - offset)))

    def pieces(self, s: PirateerState, skip: Iterable[str] = (), on_top: bool = False) -> None:
        """Every ship afloat, the wrecks and the coin on the island, as the table draws them; ``on_top``: drawn
        when the picture is finished, over the arrows (a move's arrow then starts under its ship)."""
        if on_top:
            self.later.append((s, tuple(skip)))
            return
        skip = set(skip)
        for cell in s.wrecks:
            img = sprites.wreck(self.ship_size())
            self.full.blit(img, img.get_rect(center=self.at(cell)))
        on_island = sum(1 for p in s.treasures.values() if p == ISLAND)
        for k in range(on_island):                      # S3; V11.2: both side by side on the chosen island
            self.coin(k, on_island, s.setup.island)
        by_cell: dict[Cell, list[str]] = {}
        for ship, cell in s.ships.items():
            if ship not in skip:
                by_cell.setdefault(cell, []).append(ship)
        for cell in sorted(by_cell, key=lambda c: (c[0] + c[1], c[0])):
            ships = sorted(by_cell[cell])
            for k, ship in enumerate(ships):
                held = sum(1 for p in s.treasures.values() if p == ship)         # V11.5: one ship may hold two
                self.ship(ship, cell, carrier=held, offset=k * max(3, int(self.h / 7)))
            if len(ships) > 1:
                x, y = self.at(cell, piece=True)
                theme.draw_text(self.full, f"×{len(ships)}", _font(13), palette.PARCHMENT,
                                (int(x - self.h * 0.75), int(y + self.h * 0.25)), "center", palette.INK, 2)

    def coin_point(self, k: int = 0, n: int = 1, island: str | None = None) -> tuple[float, float]:
        """Where the ``k``-th of ``n`` coins on the island (``island``: its label on the two-board map) lies, as
        the table draws them (side by side)."""
        u, w = self.board.island_named(island).treasure_uw if island and self.board.islands else \
            self.board.treasure_uw
        ox, oy = self.view.origin
        spread = (k - (n - 1) / 2) * self.ship_size() * 0.5
        return ox + u * self.h + spread, oy + w * self.h

    def coin(self, k: int = 0, n: int = 1, island: str | None = None) -> None:
        img = sprites.coin(int(self.ship_size() * 0.8))
        self.full.blit(img, img.get_rect(center=self.coin_point(k, n, island)))

    def diamond(self, cell: Cell, rgb: tuple[int, int, int], fill: int = 90, line: int = 255) -> None:
        """A square lit like the table's targets (every half of a strait)."""
        for half in self.view.halves(cell):
            pts = self.view.diamond_at(half)
            box = pygame.Rect(int(pts[3][0]), int(pts[0][1]), int(2 * self.h) + 2, int(2 * self.h) + 2)
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            local = [(x - box.x, y - box.y) for x, y in pts]
            pygame.draw.polygon(shade, (*rgb, fill), local)
            pygame.draw.polygon(shade, (*rgb, line), local, max(2, int(self.h / 10)))
            self.full.blit(shade, box)

    def lit(self, cell: Cell, dice: Iterable[int]) -> None:
        """A landing lit with the die (or dice) that reach it, as on the table."""
        self.diamond(cell, palette.GOLD_LIGHT)
        dice = sorted(set(dice))
        badge = max(12, int(self.h * 0.7))
        for half in self.view.halves(cell):
            cx, cy = self.at(half)
            x0 = cx - (len(dice) * (badge + 2) - 2) / 2
            for k, d in enumerate(dice):
                self.full.blit(sprites.die_badge(d, badge), (int(x0 + k * (badge + 2)), int(cy - badge / 2)))

    def path(self, cells: list[Cell], ok: bool, die: int | None = None, icon: bool = True) -> None:
        """A move drawn as an arrow through the centres of ``cells`` (start first): gold when legal, red and
        dashed when refused, with the die at its middle and a tick or a cross at its end."""
        pts = [self.at(c) for c in cells]
        colour = _ARROW if ok else _CROSS
        width = max(3, int(self.h / 6))
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            if math.dist((x0, y0), (x1, y1)) > 3 * self.h:         # across a strait's seam: no line
                continue
            if ok:
                pygame.draw.line(self.full, palette.INK, (x0, y0), (x1, y1), width + 4)
                pygame.draw.line(self.full, colour, (x0, y0), (x1, y1), width)
            else:
                for k in range(4):
                    a, b = k / 4, (k + 0.6) / 4
                    p = (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a)
                    q = (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)
                    pygame.draw.line(self.full, palette.WHITE, p, q, width + 4)
                    pygame.draw.line(self.full, colour, p, q, width)
        if len(pts) >= 2 and math.dist(pts[-2], pts[-1]) <= 3 * self.h:
            _arrow_head(self.full, pts[-2], pts[-1], colour, self.h * 0.55)
        end = pts[-1]
        if icon:
            mark = verdict_icon(ok, max(14, int(self.h * 0.9)))
            box = mark.get_rect(center=(int(end[0] + self.h * 0.7), int(end[1] - self.h * 0.7)))
            box.clamp_ip(self.crop.inflate(-4, -4))
            self.full.blit(mark, box)
        if die is not None and len(pts) >= 2:
            k = (len(pts) - 1) // 2
            (x0, y0), (x1, y1) = pts[k], pts[k + 1] if k + 1 < len(pts) else pts[k]
            mid = ((x0 + x1) / 2, (y0 + y1) / 2) if len(pts) % 2 == 0 else pts[len(pts) // 2]
            badge = sprites.die_badge(die, max(14, int(self.h * 0.8)))
            self.full.blit(badge, badge.get_rect(center=(int(mid[0]), int(mid[1]))))

    def move(self, s: PirateerState, st: Step, ok: bool, show_die: bool = True, icon: bool = True) -> list[Cell]:
        """Draw ``st`` from ``s`` (its path from the board's ray) and return its cells, start first."""
        start = s.ships[st.ids[0]]
        ray = self.board.ray(start, st.direction, st.die) or ()
        cells = [start, *ray]
        self.path(cells, ok, st.die if show_die else None, icon)
        return cells

    def label(self, key: str | Text, near: tuple[float, float], anchor: str = "center", size: int = 14,
              **params: Any) -> pygame.Rect:
        """A parchment tag with a translated word or two, kept inside the window; drawn last."""
        text = tr(key, **params) if isinstance(key, str) else tr(key)
        img = tag(text, size)
        rect = img.get_rect(**{anchor: (int(near[0]), int(near[1]))})
        rect.clamp_ip(self.crop.inflate(-4, -4))
        self.labels.append((img, rect))
        return rect

    def label_cell(self, key: str, cell: Cell, dx: float = 0, dy: float = 0, anchor: str = "center",
                   **params: Any) -> pygame.Rect:
        x, y = self.at(cell)
        return self.label(key, (x + dx * self.h, y + dy * self.h), anchor, **params)

    def name_cell(self, cell: Cell, dx: float = 0, dy: float = 0, anchor: str = "center") -> pygame.Rect:
        """A small tag with a square's name as the table's frame prints it ("G4"), near ``cell``."""
        x, y = self.at(cell)
        img = tag(self.board.square_name(cell), 13, palette.PARCHMENT, palette.WOOD_DARK)
        rect = img.get_rect(**{anchor: (int(x + dx * self.h), int(y + dy * self.h))})
        rect.clamp_ip(self.crop.inflate(-4, -4))
        self.labels.append((img, rect))
        return rect

    def image(self, names: bool = False) -> pygame.Surface:
        """The window, framed like the table's map; ``names``: the frame prints the squares' names, as the
        table's does (the whole board only, drawn large enough to read them)."""
        for state, skip in self.later:
            self.pieces(state, skip)
        self.later = []
        for img, rect in self.labels:
            self.full.blit(img, rect)
        self.labels = []
        out = self.full.subsurface(self.crop).copy()
        if names and self.crop == self.full.get_rect() and self.h >= NAMES_MIN_H:
            view = BoardView(self.board)
            view.label_margin = LABEL_MARGIN
            m = round(LABEL_MARGIN * self.h)
            view.layout(pygame.Rect(0, 0, out.get_width() + 2 * m, out.get_height() + 2 * m))
            frame = view.frame_rect()
            framed_out = pygame.Surface(frame.size, pygame.SRCALPHA)
            view.rect.move_ip(-frame.x, -frame.y)
            view.origin = (view.origin[0] - frame.x, view.origin[1] - frame.y)
            view.draw_frame(framed_out)
            framed_out.blit(out, view.rect)
            return framed_out
        return framed(out)


def _arrow_head(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], colour, size: float) -> None:
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    tip = (b[0] - math.cos(ang) * size * 0.2, b[1] - math.sin(ang) * size * 0.2)
    left = (tip[0] - math.cos(ang - 0.5) * size, tip[1] - math.sin(ang - 0.5) * size)
    right = (tip[0] - math.cos(ang + 0.5) * size, tip[1] - math.sin(ang + 0.5) * size)
    pygame.draw.polygon(surface, palette.INK, [tip, left, right])
    inner = 0.72
    il = (tip[0] + (left[0] - tip[0]) * inner, tip[1] + (left[1] - tip[1]) * inner)
    ir = (tip[0] + (right[0] - tip[0]) * inner, tip[1] + (right[1] - tip[1]) * inner)
    pygame.draw.polygon(surface, colour, [tip, il, ir])




def tag(text: str, size: int = 14, colour=palette.INK, fill=palette.PARCHMENT) -> pygame.Surface:
    """A word or two on a small parchment plate."""
    f = _font(size)
    img = theme.render_text(text, f, colour)
    pad_x, pad_y = theme.px(6), theme.px(2)
    out = pygame.Surface((img.get_width() + 2 * pad_x, img.get_height() + 2 * pad_y), pygame.SRCALPHA)
    r = out.get_rect()
    pygame.draw.rect(out, fill, r, border_radius=theme.px(5))
    pygame.draw.rect(out, palette.WOOD_DARK, r, max(1, theme.px(1)), border_radius=theme.px(5))
    out.blit(img, (pad_x, pad_y))
    return out


def framed(img: pygame.Surface) -> pygame.Surface:
    """A picture in the table's dark wood frame."""
    b = max(3, theme.px(5))
    out = pygame.Surface((img.get_width() + 2 * b, img.get_height() + 2 * b), pygame.SRCALPHA)
    pygame.draw.rect(out, palette.WOOD_DARK, out.get_rect(), border_radius=b + 2)
    out.blit(img, (b, b))
    return out


def title(text: str, width: int, size: int = 16, colour=palette.WOOD_DARK) -> pygame.Surface:
    """A panel's heading, fitted to ``width``."""
    f = theme.fit_font(text, "display", size, width, 10)
    return theme.render_text(text, f, colour)


def column(parts: list[pygame.Surface], gap: int | None = None, align: str = "center") -> pygame.Surface:
    gap = theme.px(6) if gap is None else gap
    parts = [p for p in parts if p is not None]
    w = max(p.get_width() for p in parts)
    h = sum(p.get_height() for p in parts) + gap * (len(parts) - 1)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    y = 0
    for p in parts:
        x = (w - p.get_width()) // 2 if align == "center" else 0
        out.blit(p, (x, y))
        y += p.get_height() + gap
    return out


def row(parts: list[pygame.Surface], gap: int | None = None) -> pygame.Surface:
    gap = theme.px(GAP) if gap is None else gap
    w = sum(p.get_width() for p in parts) + gap * (len(parts) - 1)
    h = max(p.get_height() for p in parts)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    x = 0
    for p in parts:
        out.blit(p, (x, (h - p.get_height()) // 2))
        x += p.get_width() + gap
    return out

def beside_roll(img: pygame.Surface, dice, width: int, *parts: pygame.Surface, dice_px: int = 36) -> pygame.Surface:
    """A sea picture with, beside it, the roll that moves it and what it says (the parts under the dice)."""
    side = legend([title(tr("pir.rulebook.label.roll"), theme.px(170)), dice_strip(dice, theme.px(dice_px)), *parts],
                  width - img.get_width() - theme.px(GAP))
    return row([img, side])



def panel(key: str, img: pygame.Surface, ok: bool | None = None, **params: Any) -> pygame.Surface:
    """A picture with its heading (and a tick or a cross before it)."""
    head = title(tr(key, **params), img.get_width() - (theme.px(26) if ok is not None else 0))
    if ok is not None:
        icon = verdict_icon(ok, max(16, head.get_height()))
        head = row([icon, head], theme.px(6))
    return column([head, img])


def dice_strip(dice: Iterable[int], size: int, used: Iterable[bool] = ()) -> pygame.Surface:
    dice = list(dice)
    used = list(used) + [False] * (len(dice) - len(list(used)))
    imgs = []
    for d, u in zip(dice, used):
        img = sprites.die_badge(d, size)
        if u:
            img = img.copy()
            img.set_alpha(90)
        imgs.append(img)
    return row(imgs, max(4, size // 5))


def legend(lines: list[pygame.Surface], width: int) -> pygame.Surface:
    """A column of small parts on a parchment card."""
    inner = column(lines, theme.px(8))
    pad = theme.px(10)
    out = pygame.Surface((min(width, inner.get_width() + 2 * pad), inner.get_height() + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(out, palette.PARCHMENT, out.get_rect(), border_radius=theme.px(8))
    pygame.draw.rect(out, palette.WOOD, out.get_rect(), max(1, theme.px(2)), border_radius=theme.px(8))
    out.blit(inner, ((out.get_width() - inner.get_width()) // 2, pad))
    return out


def words(key: str, width: int, size: int = 14, **params: Any) -> pygame.Surface:
    """A short translated text wrapped to ``width``, centred lines."""
    f = _font(size, "text")
    lines = theme.wrap_text(tr(key, **params), f, width)
    return column([theme.render_text(line, f, palette.INK) for line in lines], 0)


def fit_width(img: pygame.Surface, width: int) -> pygame.Surface:
    """Never wider than ``width`` (a last resort: the pictures are laid out to fit)."""
    if img.get_width() <= width:
        return img
    k = width / img.get_width()
    return pygame.transform.smoothscale(img, (width, max(1, round(img.get_height() * k))))


def _max_h() -> int:
    return theme.px(MAX_H)


def _window(cells: Iterable[Cell], pad: float = 1.6) -> tuple[float, float, float, float]:
    us = [c[0] - c[1] for c in cells]
    ws = [c[0] + c[1] for c in cells]
    return min(us) - pad, max(us) + pad, min(ws) - pad - 0.9, max(ws) + pad


# ==================================================================================================
# The pictures
# ==================================================================================================
def _sailed_home(sea: "Sea", s: PirateerState, ex: Example, anchor: Cell, start: Cell) -> None:
    """The pieces, the winning move of ``ex`` (its first step) onto ``anchor`` with the coin's glint and "wins",
    and the names of the anchor and the square the ship sailed from (as the frame prints them)."""
    sea.pieces(s, on_top=True)
    sea.move(s, ex.marks[0].steps[0], True)
    x, y = sea.at(anchor)
    glint = sprites.glint(2, int(sea.h * 1.6))
    sea.full.blit(glint, glint.get_rect(center=(int(x), int(y))))
    sea.label_cell("pir.rulebook.label.wins", anchor, 1.5, 0.4, "midleft")
    sea.name_cell(anchor, -1.0, 0.0, "midright")
    sea.name_cell(start, -1.0, 0.0, "midright")


def _setup(width: int) -> pygame.Surface:
    """S1, S2, S3: the four fleets on their start squares, the treasure on Skull Island; the frame prints the
    squares' names as the table's does."""
    s = position(players=4, options={"factions": "preset"})
    e = RULES.board.edges
    m = 2 * LABEL_MARGIN
    h = Sea.fit(2 * e.side + m, e.bottom - e.top + m, width - 12, theme.px(420))
    sea = Sea(h)
    sea.pieces(s)
    b = sea.board
    for hb in b.harbours:
        ax, ay = sea.at(hb.anchor)
        left = ax < sea.full.get_width() / 2
        top = ay < sea.full.get_height() / 2
        near = (ax + (1.2 if left else -1.2) * sea.h, ay + (-0.2 if top else 0.2) * sea.h)
        sea.label(f"pir.faction.{hb.faction}", near, "midleft" if left else "midright")
    ox, oy = sea.view.origin
    u, w = b.treasure_uw
    sea.label("pir.rulebook.label.island", (ox + u * sea.h, oy + (w + 1.6) * sea.h), "midtop")
    return sea.image(names=True)


def _harbour(width: int) -> pygame.Surface:
    """G7: a harbour: anchor, start squares 1-3, the channel and its mouth."""
    ex = E["harbour"]
    s = state_of(ex)
    b = RULES.board
    hb = b.harbour("spanish")
    win = _window([*hb.channel, *hb.mouth, (3, 13), (2, 9)], 1.4)
    h = Sea.fit(win[1] - win[0], win[3] - win[2], width * 0.62, _max_h() * 0.85)
    sea = Sea(h, win)
    for c in hb.channel[4:]:
        sea.diamond(c, palette.FOAM, 40, 160)
    sea.pieces(s)
    for m in hb.mouth:
        sea.diamond(m, palette.GOLD_LIGHT, 60, 220)
    sea.label_cell("pir.rulebook.label.anchor", hb.anchor, 1.2, 0, "midleft")
    sea.label_cell("pir.rulebook.label.starts", hb.starts[1], 1.4, 0.2, "midleft")
    sea.label_cell("pir.rulebook.label.channel", hb.channel[5], 1.1, -0.3, "midleft")
    sea.label_cell("pir.rulebook.label.mouth", hb.mouth[0], 1.0, 0.9, "midleft")
    img = sea.image()
    side = legend([sprites.anchor("spanish", theme.px(34)), words("pir.rulebook.label.anchor_says", theme.px(190))],
                  width - img.get_width() - theme.px(GAP))
    return row([img, side])


def _island(width: int) -> pygame.Surface:
    """G6, R14, R15: Skull Island, its eight docks, a ship on a dock taking the treasure."""
    ex = E["island"]
    s = state_of(ex)
    b = RULES.board
    docks = [d.cell for d in b.docks]
    win = _window(docks, 1.5)
    pw = (width - theme.px(GAP)) // 2 - 12
    h = Sea.fit(win[1] - win[0], win[3] - win[2], pw, _max_h() * 0.75)
    before = Sea(h, win)
    for d in docks:
        before.diamond(d, palette.GOLD_LIGHT, 40, 200)
    before.pieces(s)
    before.label_cell("pir.rulebook.label.dock", (10, 11), 0, 1.0, "midtop")
    take = next(a for a in s.legal_actions() if type(a).__name__ == "Take")
    after_state = s.clone()
    after_state.apply(take)
    after = Sea(h, win)
    after.pieces(after_state)
    ok = ship_name("Sp1") in after_state.treasures.values()
    return row([panel("pir.rulebook.label.on_dock", before.image()),
                panel("pir.rulebook.label.takes", after.image(), ok)])


def _turn(width: int) -> pygame.Surface:
    """R3, R4, G3: the four ways a die moves a ship, across the sides of the diamonds; E and W on a current."""
    ex = E["turn"]
    s = state_of(ex)
    start = s.ships[ship_name("Sp1")]
    ends = [RULES.board.ray(start, m.steps[0].direction, 2)[-1] for m in ex.marks]
    win = _window([start, *ends], 1.6)
    h = Sea.fit(win[1] - win[0], win[3] - win[2], width * 0.5, _max_h() * 0.8)
    sea = Sea(h, win)
    sea.pieces(s, on_top=True)
    for mark, end in zip(ex.marks, ends):
        st = mark.steps[0]
        sea.move(s, st, True, show_die=False, icon=False)
        x, y = sea.at(end)
        ux, uy = sprites.compass_arm(st.direction)
        sea.label(f"pir.dir.{st.direction}", (x + ux * sea.h * 0.9, y + uy * sea.h * 0.9), "center", 15)
    img = sea.image()
    labels = {d: tr(f"pir.dir.{d}") for d in sprites.DIRECTIONS}
    side = legend([title(tr("pir.rulebook.label.roll"), theme.px(170)), dice_strip(ex.dice, theme.px(34)),
                   sprites.compass(theme.px(110), labels=labels),
                   words("pir.rulebook.label.turn_says", theme.px(200))], width - img.get_width() - theme.px(GAP))
    return row([img, side])


def _legal(width: int) -> pygame.Surface:
    """R3, R4, R5, R6: one ship, the roll 3 and 4: every square it may reach lit with its die; the move played."""
    ex = E["legal"]
    s = state_of(ex)
    ship = ship_name("Sp1")
    lands: dict[Cell, set[int]] = {}
    for a in s.legal_actions():
        if isinstance(a, Move) and a.ships == (ship,):
            cell = RULES.board.ray(s.ships[ship], a.direction, a.die)[-1]
            lands.setdefault(cell, set()).add(a.die)
    cells = [s.ships[ship], *lands]
    win = _window(cells, 1.3)
    h = Sea.fit(win[1] - win[0], win[3] - win[2], width * 0.64, _max_h())
    sea = Sea(h, win)
    for cell, dice in lands.items():
        sea.lit(cell, dice)
    sea.pieces(s, on_top=True)
    for mark in ex.marks:
        sea.move(s, mark.steps[0], mark.ok, show_die=False)
    cur = RULES.board.current_at(RULES.board.ray(s.ships[ship], "NE", 3)[-1])
    if cur is not None:
        sea.label_cell("pir.rulebook.label.current", (5, 10), 0, -1.0, "midbottom")
    img = sea.image()
    return beside_roll(img, ex.dice, width, words("pir.rulebook.label.lit_says", theme.px(180)))


def _illegal(width: int) -> pygame.Surface:
    """R5 (a): the same ship, the 4 toward the NE would cross the current: refused."""
    ex = E["illegal"]
    s = state_of(ex)
    win = _window([(5, 13), (5, 9), (1, 13), (9, 13), (5, 17)], 1.5)
    h = Sea.fit(win[1] - win[0], win[3] - win[2], width * 0.64, _max_h())
    sea = Sea(h, win)
    sea.diamond((5, 10), (40, 160, 200), 70, 255)
    sea.pieces(s, on_top=True)
    for mark in ex.marks:
        sea.move(s, mark.steps[0], mark.ok)
    sea.label_cell("pir.rulebook.label.current", (5, 10), -1.2, 0, "midright")
    img = sea.image()
    return beside_roll(img, ex.dice, width, verdict_icon(False, theme.px(30)))


def _dice(width: int) -> pygame.Surface:
    """R10, R11: both dice must be played when they can: the 3 first would strand the 4."""
    ex = E["dice"]
    s = state_of(ex)
    b = RULES.board
    hb = b.harbour("spanish")
    win = _window([*hb.channel, (3, 13), (0, 9)], 1.5)
    pw = (width - theme.px(GAP)) // 2 - 12
    h = Sea.fit(win[1] - win[0], win[3] - win[2], pw, _max_h() * 0.8)
    bad = Sea(h, win)
    bad.pieces(s, on_top=True)
    wrong = ex.marks[0]
    bad.move(s, wrong.steps[0], wrong.ok)
    good = Sea(h, win)
    good.pieces(s, on_top=True)
    plan = ex.marks[2]
    first = plan.steps[0]
    good.move(s, first, True)
    after = s.clone()
    after.apply(Move(after.current, first.ids, first.direction, first.die))
    good.move(after, plan.steps[1], True)
    left = panel("pir.rulebook.label.dice_bad", bad.image(), False)
    right = panel("pir.rulebook.label.dice_good", good.image(), True)
    roll = row([title(tr("pir.rulebook.label.roll"), theme.px(160)), dice_strip(ex.dice, theme.px(32))])
    return column([roll, row([left, right])])


def _current(width: int) -> pygame.Surface:
    """G5, R7, R8: ride a current E or W; stop on it; never cross it."""
    ex, cross = E["current"], E["current-cross"]
    s = state_of(ex)
    win = (-10.5, 10.5, 11.0, 19.2)
    h = Sea.fit(win[1] - win[0], win[3] - win[2], width - 12, _max_h() * 0.8)
    sea = Sea(h, win)
    sea.pieces(s, on_top=True)
    for mark in ex.marks:
        sea.move(s, mark.steps[0], mark.ok)
    sea.move(state_of(cross), cross.marks[0].steps[0], False)
    sea.label_cell("pir.rulebook.label.ride", (5, 10), 0, 1.1, "midtop")
    sea.label_cell("pir.rulebook.label.stop", (10, 5), -1.2, -0.2, "midright")
    sea.label_cell("pir.rulebook.label.no_cross", (12, 2), 1.4, 0.2, "midleft")
    return sea.image()


def _strait(width: int) -> pygame.Surface:
    """G4, R9: the strait S is one square printed on both long edges; in with a 3, out at the far edge with a 2."""
    ex = E["strait"]
    s = state_of(ex)
    b = RULES.board
    st = b.strait_at((3, 4))
    units_w = 13.0
    top_win = (-7.0, 6.0, 7.0, 12.0)
    bot_win = (-7.0, 6.0, 26.0, 31.0)
    h = Sea.fit(units_w, 10.6, width * 0.62, _max_h() * 0.92)
    top, bottom = Sea(h, top_win), Sea(h, bot_win)
    badge = max(14, int(h * 0.9))
    first, second = ex.marks[0].steps
    top.pieces(s, on_top=True)
    top.move(s, first, True)
    cells = [st.bottom, *(b.ray(st.top, second.direction, second.die) or ())]
    bottom.diamond(st.bottom, palette.GOLD_LIGHT, 50, 220)
    bottom.path(cells, True, second.die)
    bottom.ship("Sp1", cells[-1], alpha=255)
    for sea, half in ((top, st.top), (bottom, st.bottom)):
        x, y = sea.at(half)
        ring = sprites.strait_badge(st.label, badge)
        sea.full.blit(ring, ring.get_rect(center=(int(x + 1.6 * sea.h), int(y))))
    top.label_cell("pir.rulebook.label.top_edge", (0, 12), 0, 0, "center")
    bottom.label_cell("pir.rulebook.label.bottom_edge", (12, 16), 0, 0, "center")
    img = column([top.image(), bottom.image()], theme.px(10))
    return beside_roll(img, ex.dice, width, words("pir.rulebook.label.strait_says", theme.px(180), letter=st.label))


def _carrier(width: int) -> pygame.Surface:
    """R17: the Spanish carrier never sails SE (straight away from its anchor)."""
    ex = E["carrier"]
    s = state_of(ex)
    win = _window([(10, 8), (8, 8), (10, 6), (12, 8), (9, 9)], 1.6)
    h = Sea.fit(win[1] - win[0], win[3] - win[2], width * 0.55, _max_h() * 0.9)
    sea = Sea(h, win)
    sea.pieces(s, on_top=True)
    for mark in ex.marks:
        sea.move(s, mark.steps[0], mark.ok, show_die=False)
    img = sea.image()
    labels = {d: tr(f"pir.dir.{d}") for d in ("NE", "E", "SE", "SW", "W", "NW")}
    rose = sprites.compass(theme.px(120), forbidden=("SE", "E"), labels=labels)
    side = legend([title(tr("pir.faction.spanish"), theme.px(170)), sprites.flag("spanish", theme.px(40)), rose,
                   words("pir.rulebook.label.compass_says", theme.px(190))], width - img.get_width() - theme.px(GAP))
    return row([img, side])


def _boarding(width: int) -> pygame.Surface:
    """R20, R21: board only when a treasure is involved; the boarded ship sinks, the coin passes over."""
    no, yes = E["boarding"], E["boarding-carrier"]
    cells = [(5, 13), (5, 16), (8, 13)]
    win = _window(cells, 1.4)
    pw = (width - 2 * theme.px(GAP)) // 3 - 12
    h = Sea.fit(win[1] - win[0], win[3] - win[2], pw, _max_h() * 0.75)
    panels = move_panels(((no, "pir.rulebook.label.board_no"), (yes, "pir.rulebook.label.board_yes")), h, win)
    # after the boarding: the victim gone, the boarder holds the coin
    s = state_of(yes)
    st = yes.marks[0].steps[0]
    s.apply(Move(s.current, st.ids, st.direction, st.die))
    sea = Sea(h, win)
    sea.pieces(s)
    x, y = sea.at((8, 13))
    puff = sprites.smoke(2, int(sea.ship_size() * 1.1))
    sea.full.blit(puff, puff.get_rect(center=(int(x + sea.h * 0.9), int(y - sea.h * 0.9))))
    after = panel("pir.rulebook.label.board_after", sea.image())
    return row([*panels, after])


def _free_boarding(width: int) -> pygame.Surface:
    """V12.1: with Free boarding any exact landing on an enemy sinks it, treasure or not."""
    cells = [(5, 13), (5, 16), (8, 13)]
    win = _window(cells, 1.4)
    pw = (width - theme.px(GAP)) // 2 - 12
    h = Sea.fit(win[1] - win[0], win[3] - win[2], pw, _max_h() * 0.6)
    return row(move_panels(((E["boarding"], "pir.rulebook.label.standard"),
                            (E["free-boarding"], "pir.opt.free-boarding")), h, win))


def move_panels(examples, h: float, win) -> list[pygame.Surface]:
    """One titled panel per (example, title key): its position and its first marked move, ticked or crossed."""
    panels = []
    for ex, key in examples:
        s = state_of(ex)
        sea = Sea(h, win)
        sea.pieces(s)
        mark = ex.marks[0]
        sea.move(s, mark.steps[0], mark.ok)
        panels.append(panel(key, sea.image(), mark.ok))
    return panels


def _scoring(width: int) -> pygame.Surface:
    """E1: the carrier ends a move on its own anchor and wins at once; the other die is never played."""
    ex = E["scoring"]
    s = state_of(ex)
    hb = RULES.board.harbour("spanish")
    win = _window([*hb.channel, *hb.mouth, (2, 9), (3, 13)], 1.6)
    h = Sea.fit(win[1] - win[0], win[3] - win[2], width * 0.58, _max_h() * 0.9)
    sea = Sea(h, win)
    _sailed_home(sea, s, ex, hb.anchor, ex.ships["Sp1"])
    mark = ex.marks[0]
    img = sea.image()
    won = s.clone()
    won.apply(Move(won.current, mark.steps[0].ids, mark.steps[0].direction, mark.steps[0].die))
    side = legend([title(tr("pir.rulebook.label.roll"), theme.px(170)),
                   dice_strip(ex.dice, theme.px(36), [True, False]),
                   words("pir.rulebook.label.score_says", theme.px(190), die=mark.steps[0].die,
                         unused=ex.dice[1])],
                  width - img.get_width() - theme.px(GAP))
    assert won.is_over()
    return row([img, side])


def _small_board(width: int, height: int) -> Sea:
    e = RULES.board.edges
    return Sea(Sea.fit(2 * e.side, e.bottom - e.top, width, height))


def _devils_island(width: int) -> pygame.Surface:
    """V1.1: ship 1 in harbour, ships 2 and 3 on the docks facing home."""
    s = position(players=4, options={"factions": "preset", "devils-island": True})
    whole = _small_board(int(width * 0.55), _max_h() * 0.85)
    for d in whole.board.docks:
        whole.diamond(d.cell, palette.GOLD_LIGHT, 40, 200)
    whole.pieces(s)
    left = whole.image()
    win = _window([d.cell for d in RULES.board.docks], 1.2)
    h = Sea.fit(win[1] - win[0], win[3] - win[2], width - left.get_width() - theme.px(GAP) - 12, left.get_height() - 10)
    near = Sea(h, win)
    for d in near.board.docks:
        near.diamond(d.cell, palette.GOLD_LIGHT, 40, 200)
    near.pieces(s)
    return row([left, near.image()])


def _storm(width: int) -> pygame.Surface:
    """V2.2, V2.3: three equal dice: the storm sinks the player's ship farthest from its port."""
    ex = E["storm"]
    s = state_of(ex)
    after = s.clone()
    after.apply(Roll(after.current))
    gone = [sh for sh in s.ships if sh not in after.ships]
    img_w = int(width * 0.68)
    sea = _small_board(img_w, _max_h())
    sea.pieces(s)
    for ship in sorted(s.ships):
        if faction_of(ship) == "spanish":
            sea.label_cell("pir.rulebook.label.steps", s.ships[ship], 0, 1.0, "midtop", n=s.port_distance(ship))
    for ship in gone:
        x, y = sea.at(s.ships[ship])
        wv = sprites.wave(int(sea.ship_size() * 1.5))
        sea.full.blit(wv, wv.get_rect(midbottom=(int(x), int(y + sea.h * 0.4))))
        icon = verdict_icon(False, max(14, int(sea.h * 1.1)))
        sea.full.blit(icon, icon.get_rect(center=(int(x + sea.h), int(y - sea.h * 1.2))))
    sea.diamond(RULES.board.harbour("spanish").anchor, palette.GOLD_LIGHT, 60, 255)
    img = sea.image()
    return beside_roll(img, ex.next_rolls[0], width, words("pir.rulebook.label.storm_says", theme.px(180)), dice_px=30)


def _nuke(width: int) -> pygame.Surface:
    """V3.2, V3.3: an armed ship explodes; the radius is the lower die; everything within it is gone."""
    ex = E["nuke"]
    s = state_of(ex)
    armed = ship_name("Pi2")
    after = s.clone()
    after.apply(Arm(after.current, armed))
    r = min(ex.next_rolls[0])
    gone = [sh for sh in s.ships if sh not in after.ships]
    win = _window([(11, 10), (11, 8), (13, 11), (12, 12), (10, 12), (9, 9)], 2.2)
    h = Sea.fit(win[1] - win[0], win[3] - win[2], width * 0.6, _max_h() * 0.9)
    sea = Sea(h, win)
    cx, cy = sea.at(s.ships[armed])
    radius = sea.view.ring_radius(r)
    ring = sprites.blast_ring(radius)
    sea.full.blit(ring, ring.get_rect(center=(int(cx), int(cy))))
    sea.pieces(s)
    for ship in gone:
        x, y = sea.at(s.ships[ship])
        icon = verdict_icon(False, max(14, int(sea.h * 0.9)))
        sea.full.blit(icon, icon.get_rect(center=(int(x + sea.h * 0.6), int(y - sea.h * 1.2))))
    if after.treasures != s.treasures:
        ox, oy = sea.view.origin
        u, w = sea.board.treasure_uw
        icon = verdict_icon(False, max(14, int(sea.h * 0.9)))
        at = (int(ox + (u - 0.8) * sea.h), int(oy + (w - 0.8) * sea.h))
        sea.full.blit(icon, icon.get_rect(center=at))
    img = sea.image()
    return beside_roll(img, ex.next_rolls[0], width, words("pir.rulebook.label.nuke_says", theme.px(180), r=r), dice_px=34)


def _flotilla(width: int) -> pygame.Surface:
    """V4.1, V4.2, V4.3, V4.4: the fleet starts stacked; a die moves the whole stack or part of it."""
    ex = E["flotilla"]
    s = state_of(ex)
    hb = RULES.board.harbour("spanish")
    win = _window([*hb.channel, (2, 13), (3, 13), (2, 9)], 1.3)
    h = Sea.fit(win[1] - win[0], win[3] - win[2], width * 0.6, _max_h() * 0.9)
    sea = Sea(h, win)
    a, b = ex.marks[0].steps
    for ship in ("Sp1", "Sp2", "Sp3"):
        sea.ship(ship, s.ships[ship_name(ship)], alpha=110, offset=("Sp1", "Sp2", "Sp3").index(ship) * 3)
    sea.move(s, a, True, icon=False)
    mid = s.clone()
    mid.apply(Move(mid.current, a.ids, a.direction, a.die))
    sea.move(mid, b, True, icon=False)
    end = mid.clone()
    end.apply(Move(end.current, b.ids, b.direction, b.die))
    sea.pieces(end)
    img = sea.image()
    return beside_roll(img, ex.dice, width, words("pir.rulebook.label.flotilla_says", theme.px(180)))


def _wrecks(width: int) -> pygame.Surface:
    """V5.1, V5.2: a wreck closes its square for good: no ship passes it or stops on it."""
    ex = E["wrecks"]
    s = state_of(ex)
    win = (-15.5, -4.5, 10.0, 20.5)
    h = Sea.fit(win[1] - win[0], win[3] - win[2], width * 0.62, _max_h() * 0.8)
    sea = Sea(h, win)
    sea.pieces(s, on_top=True)
    for mark in ex.marks:
        sea.move(s, mark.steps[0], mark.ok)
    sea.label_cell("pir.rulebook.label.wreck", (2, 13), -0.9, 0.6, "topright")
    img = sea.image()
    return beside_roll(img, ex.dice, width, words("pir.rulebook.label.wreck_says", theme.px(180)))


def _acey_deucey(width: int) -> pygame.Surface:
    """V6: a 1 and a 2: play them, choose any two values and play them, then roll again."""
    d = theme.px(40)
    steps = [
        ("pir.rulebook.label.acey_rolled", dice_strip((1, 2), d)),
        ("pir.rulebook.label.acey_choose", dice_strip((6, 5), d)),
        ("pir.rulebook.label.acey_again", dice_strip((4, 3), d)),
    ]
    col_w = max(theme.px(120), (width - 2 * theme.px(40)) // 3)
    parts = []
    for k, (key, dice) in enumerate(steps):
        parts.append(column([dice, words(key, col_w, 14)], theme.px(6)))
    aw, ah = theme.px(30), theme.px(22)
    arrow = pygame.Surface((aw, ah), pygame.SRCALPHA)
    pygame.draw.line(arrow, palette.WOOD_DARK, (0, ah / 2), (aw * 0.55, ah / 2), max(3, theme.px(5)))
    pygame.draw.polygon(arrow, palette.WOOD_DARK, [(aw * 0.5, 0), (aw, ah / 2), (aw * 0.5, ah)])
    out = row([parts[0], arrow, parts[1], arrow, parts[2]], theme.px(6))
    return legend([out], width)


def _modes(width: int) -> pygame.Surface:
    """V7.1, V8.1, V9.1, V10.1: who sails which fleets in each mode (from the setup's seating)."""
    modes = (("domination", 2), ("grab-and-run", 2), ("war-wind", 2), ("dead-man", 3))
    cols = 2 if width < theme.px(760) else 4
    pw = (width - (cols - 1) * theme.px(GAP)) // cols - 12
    panels = []
    for mode, players in modes:
        seats, dead = preset_seating(players, {mode: True})
        teams = teams_for(mode, seats)
        sea = _small_board(pw, _max_h() * 0.5)
        size = max(16, int(sea.h * 3.2))
        for seat, fleets in enumerate(seats):
            for f in fleets:
                _seat_at_harbour(sea, f, size, teams[seat])
        if dead:
            hb = sea.board.harbour(dead)
            for n, cell in enumerate(hb.starts, 1):
                sea.ship(f"ship-{dead}-{n}", cell, dead=True)
            x, y = sea.at(hb.anchor)
            sea.label("pir.ui.dead_man", (x + size * 0.6, y), "midleft", 12)
        if mode == "war-wind":
            for f in ("spanish", "french"):
                a, b = sea.at(sea.board.harbour(f).anchor), sea.at(sea.board.harbour(
                    {"spanish": "pirates", "french": "barbary"}[f]).anchor)
                _dashed(sea.full, a, b, palette.GOLD_LIGHT, max(2, int(sea.h / 3)))
        panels.append(panel(f"pir.opt.{mode}", sea.image()))
    rows = [row(panels[i:i + cols]) for i in range(0, len(panels), cols)]
    return column(rows, theme.px(10))


def _seat_at_harbour(sea: Sea, faction: str, size: int, seat: int) -> None:
    hb = sea.board.harbour(faction)
    x, y = sea.at(hb.starts[1])
    fl = sprites.flag(faction, size)
    sea.full.blit(fl, fl.get_rect(center=(int(x), int(y))))
    name, rgb, _ = palette.SEAT_COLOURS[seat]
    r = max(8, int(size * 0.3))
    cx = x + (size * 0.75 if x < sea.full.get_width() / 2 else -size * 0.75)
    pygame.draw.circle(sea.full, palette.WHITE, (int(cx), int(y)), r + 2)
    pygame.draw.circle(sea.full, rgb, (int(cx), int(y)), r)
    f = _font(13)
    theme.draw_text(sea.full, str(seat + 1), f, palette.WHITE, (int(cx), int(y)), "center", palette.INK, 2)


def _dashed(surface: pygame.Surface, a, b, colour, width: int) -> None:
    n = max(2, int(math.dist(a, b) / (width * 4)))
    for k in range(0, n, 2):
        p = (a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n)
        q = (a[0] + (b[0] - a[0]) * (k + 1) / n, a[1] + (b[1] - a[1]) * (k + 1) / n)
        pygame.draw.line(surface, palette.INK, p, q, width + 2)
        pygame.draw.line(surface, colour, p, q, width)


# ==================================================================================================
# The fantastic eight: five to eight players on the two-board map (each picture cites the rules it shows)
# ==================================================================================================
def eight_sea_state() -> PirateerState:
    """The whole-sea picture's position: eight players, each fleet in its harbour (V11.1), the coin flip's island A
    holding both treasures (V11.2)."""
    return position(players=8, options=EIGHT_ON, island="A")


def _harbour_tag(faction: str, size: int = 13) -> pygame.Surface:
    """A harbour's flag and its name ("Spanish A") on a parchment plate."""
    plate = tag(tr(f"pir.faction.{faction}"), size)
    fl = sprites.flag(faction, plate.get_height())
    return row([fl, plate], theme.px(3))


def _eight_sea(width: int) -> pygame.Surface:
    """V11.1: the two boards joined into one tall sea, its eight harbours named; V11.2: both treasures on the island
    the coin chose (A); V11.3: the inner straits lit as open sea, the outer straits marked; V11.7: the turn goes
    clockwise round the whole sea (the dashed ring with its arrows)."""
    s = eight_sea_state()
    b = s.board
    e = b.edges
    tags = {h.name: _harbour_tag(h.name) for h in b.harbours}
    col_w = max(img.get_width() for img in tags.values())
    gap = theme.px(GAP)
    band = theme.px(22)                                  # room for the ring above and below the sea
    img_max_w = width - 2 * (col_w + gap) - 12
    h = Sea.fit(2 * e.side, e.bottom - e.top, img_max_w, theme.px(440) - 2 * band)
    sea = Sea(h, board=b)
    for cell in b.inner_straits:                         # V11.3: open sea, lit
        sea.diamond(cell, palette.GOLD_LIGHT, 70, 255)
    sea.pieces(s)
    badge = max(12, int(h * 1.6))
    for st in b.straits:                                 # V11.3: the outer straits, top of A and bottom of B
        for half in (st.top, st.bottom):
            x, y = sea.at(half)
            ring = sprites.strait_badge(st.label, badge)
            dx = (-1 if st.label == b.straits[0].label else 1) * 1.9 * h
            sea.full.blit(ring, ring.get_rect(center=(int(x + dx), int(y + (1.2 if half == st.top else -1.2) * h))))
    for isl in b.islands:
        u, w = isl.treasure_uw
        ox, oy = sea.view.origin
        sea.label(Text.of("pir.rulebook.label.island_named", island=isl.label),
                  (ox + (u + 2.6) * h, oy + w * h), "midleft", 13)
    board_img = sea.image()
    frame = (board_img.get_width() - sea.crop.w) // 2
    W = 2 * (col_w + gap) + board_img.get_width()
    H = board_img.get_height() + 2 * band
    out = pygame.Surface((W, H), pygame.SRCALPHA)
    bx, by = col_w + gap, band
    # V11.7: the turn order ring, clockwise: along the top, down the right, back along the bottom, up the left
    lx, rx = col_w // 2, W - col_w // 2
    ty, dy = band // 2, H - band // 2
    lw = max(2, theme.px(3))
    corners = [(lx, ty), (rx, ty), (rx, dy), (lx, dy)]
    heads = []
    for a, c in zip(corners, corners[1:] + corners[:1]):
        _dashed(out, a, c, palette.GOLD_LIGHT, lw)
        for f in ((0.5,) if a[1] == c[1] else (0.3, 0.7)):    # one arrow along the top and bottom, two a side
            mid = (a[0] + (c[0] - a[0]) * f, a[1] + (c[1] - a[1]) * f)
            heads.append((mid, (mid[0] + (c[0] - a[0]) * 0.02, mid[1] + (c[1] - a[1]) * 0.02)))
    out.blit(board_img, (bx, by))
    ox, oy = bx + frame - sea.crop.x, by + frame - sea.crop.y
    placed: list[pygame.Rect] = []
    for hb in b.harbours:                                # V11.1: the eight harbours, named beside the sea
        x, y = sea.at(hb.starts[1])
        x, y = x + ox, y + oy
        left = x < bx + board_img.get_width() / 2
        img = tags[hb.name]
        rect = img.get_rect(midleft=(0, int(y))) if left else img.get_rect(midright=(W, int(y)))
        rect.clamp_ip(out.get_rect())
        for other in placed:                             # never over a tag already placed on the same side
            if rect.colliderect(other):
                rect.top = other.bottom + 2
        placed.append(rect)
        edge = (rect.right, rect.centery) if left else (rect.left, rect.centery)
        pygame.draw.line(out, palette.INK, edge, (x, y), lw + 2)
        pygame.draw.line(out, palette.PARCHMENT, edge, (x, y), max(1, lw - 1))
        pygame.draw.circle(out, palette.INK, (int(x), int(y)), lw + 2)
        out.blit(img, rect)
    for mid, ahead in heads:                             # over the tags' lines, never hidden
        ang = math.atan2(ahead[1] - mid[1], ahead[0] - mid[0])
        r = theme.px(9)
        tri = [(mid[0] + math.cos(ang + a) * r * k, mid[1] + math.sin(ang + a) * r * k)
               for a, k in ((0.0, 1.3), (2.4, 1.0), (-2.4, 1.0))]
        pygame.draw.polygon(out, palette.GOLD_LIGHT, tri)
        pygame.draw.polygon(out, palette.INK, tri, max(1, theme.px(2)))
    coins = row([sprites.coin(theme.px(30)), sprites.coin(theme.px(30))], theme.px(4))
    d = theme.px(16)                                     # the lit diamond, as on the map
    lit = pygame.Surface((2 * d + 2, 2 * d + 2), pygame.SRCALPHA)
    pts = [(d, 1), (2 * d, d), (d, 2 * d), (1, d)]
    pygame.draw.polygon(lit, (34, 98, 132), pts)                 # open sea, lit gold, outlined in ink
    pygame.draw.polygon(lit, (*palette.GOLD_LIGHT, 110), pts)
    pygame.draw.polygon(lit, palette.INK, pts, max(3, theme.px(4)))
    pygame.draw.polygon(lit, palette.GOLD_LIGHT, pts, max(2, theme.px(2)))
    side = legend([title(tr("pir.rulebook.label.coin_flip"), theme.px(170)), coins,
                   words("pir.rulebook.label.coin_says", theme.px(180), island=s.setup.island),
                   title(tr("pir.rulebook.label.turn_order"), theme.px(170)),
                   words("pir.rulebook.label.turn_says_eight", theme.px(180)),
                   lit, words("pir.rulebook.label.inner", theme.px(180))],
                  width - W - theme.px(GAP))
    return row([out, side])


def _faded_ships(sea: Sea, s: PirateerState, ships: Iterable[str]) -> None:
    """Where ``ships`` stood before the moves, faded."""
    for ship in ships:
        sea.ship(ship, s.ships[ship_name(ship)], alpha=110)


def _eight_dice(width: int) -> pygame.Surface:
    """V11.4: four dice, each one move (R11 over all four); V-J: a move through the inner strait onto board B."""
    ex = E["eight-dice"]
    s = state_of(ex)
    b = s.board
    steps = ex.marks[-1].steps
    states = [s]
    cells: list[Cell] = []
    for st in steps:                                      # every step is checked (one mark per step)
        nxt = states[-1].clone()
        start = nxt.ships[st.ids[0]]
        cells += [start, *(b.ray(start, st.direction, st.die) or ())]
        nxt.apply(Move(nxt.current, st.ids, st.direction, st.die))
        states.append(nxt)
    u0, u1, w0, w1 = _window(cells, 1.5)
    grow = max(0.0, (w1 - w0) * 1.2 - (u1 - u0)) / 2          # a little of the sea round the moves
    win = (u0 - grow, u1 + grow, w0, w1)
    h = Sea.fit(win[1] - win[0], win[3] - win[2], width * 0.62, _max_h() * 0.95)
    sea = Sea(h, win, board=b)
    for cell in b.inner_straits:
        sea.diamond(cell, palette.GOLD_LIGHT, 50, 200)
    _faded_ships(sea, s, sorted({sh for st in steps for sh in st.ships}))
    for before, st in zip(states, steps):
        sea.move(before, st, True, icon=False)
    sea.pieces(states[-1])
    sea.label_cell("pir.rulebook.label.inner_one", b.inner_straits[1], 1.3, 0.0, "midleft")
    img = sea.image()
    return beside_roll(img, ex.dice, width, words("pir.rulebook.label.four_says", theme.px(180)), dice_px=30)


def _eight_boarding(width: int) -> pygame.Surface:
    """V11.5: a ship may hold both treasures; boarding it takes every treasure it holds."""
    ex = E["eight-boarding"]
    s = state_of(ex)
    mark = ex.marks[0]
    st = mark.steps[0]
    after = s.clone()
    after.apply(Move(after.current, st.ids, st.direction, st.die))
    win = _window([(5, 13), (5, 16), (8, 13)], 1.4)
    pw = (width - theme.px(GAP)) // 2 - 12
    h = Sea.fit(win[1] - win[0], win[3] - win[2], pw, _max_h() * 0.7)
    before = Sea(h, win, board=s.board)
    before.pieces(s, on_top=True)
    before.move(s, st, mark.ok)
    boarded = Sea(h, win, board=s.board)
    boarded.pieces(after)
    x, y = boarded.at(s.ships[ship_name("FrA1")])
    puff = sprites.smoke(2, int(boarded.ship_size() * 1.1))
    at = (int(x - boarded.h * 1.1), int(y - boarded.h))                  # astern: clear of the coins at the bow
    boarded.full.blit(puff, puff.get_rect(center=at))
    return row([panel("pir.rulebook.label.both_aboard", before.image(), mark.ok),
                panel("pir.rulebook.label.both_taken", boarded.image())])


def _eight_win(width: int) -> pygame.Surface:
    """V11.6: one treasure brought home wins at once; the other may still lie on the island."""
    ex = E["eight-win"]
    s = state_of(ex)
    b = s.board
    hb = b.harbour("spanish-a")
    isl = b.island_named(s.setup.island)
    win = _window([*hb.channel, *hb.mouth, ex.ships["SpA1"], *isl.docks], 1.2)
    h = Sea.fit(win[1] - win[0], win[3] - win[2], width * 0.6, _max_h() * 0.9)
    sea = Sea(h, win, board=b)
    _sailed_home(sea, s, ex, hb.anchor, ex.ships["SpA1"])
    mark = ex.marks[0]
    cx, cy = sea.coin_point(0, 1, s.setup.island)
    sea.label("pir.rulebook.label.still_there", (cx, cy + sea.h * 1.3), "midtop", 13)
    img = sea.image()
    side = legend([title(tr("pir.rulebook.label.roll"), theme.px(170)),
                   dice_strip(ex.dice, theme.px(30), [True, False, False, False]),
                   words("pir.rulebook.label.one_home_says", theme.px(190), die=mark.steps[0].die)],
                  width - img.get_width() - theme.px(GAP))
    return row([img, side])


PICTURES: dict[str, Callable[[int], pygame.Surface]] = {
    "setup": _setup,
    "harbour": _harbour,
    "island": _island,
    "turn": _turn,
    "legal": _legal,
    "illegal": _illegal,
    "dice": _dice,
    "current": _current,
    "strait": _strait,
    "carrier": _carrier,
    "boarding": _boarding,
    "scoring": _scoring,
    "devils-island": _devils_island,
    "storm": _storm,
    "nuke": _nuke,
    "flotilla": _flotilla,
    "wrecks": _wrecks,
    "acey-deucey": _acey_deucey,
    "free-boarding": _free_boarding,
    "modes": _modes,
    "eight-sea": _eight_sea,
    "eight-dice": _eight_dice,
    "eight-boarding": _eight_boarding,
    "eight-win": _eight_win,
}


def picture(name: str, width: int) -> pygame.Surface:
    """The rules picture ``name``, at most ``width`` pixels wide (KeyError for an unknown name)."""
    if name not in PICTURES:
        raise KeyError(name)
    return fit_width(PICTURES[name](max(120, int(width))), max(1, int(width)))
