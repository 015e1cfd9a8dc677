"""Where things go on the Pirates, Planks & Pesetas table (pure geometry from the window's rect; no state).

The side panel on the right (whose turn and what to do, the buttons, each player's movement board, counter and
treasures, the bag, the log); the table on the left: the ship from above, bow up, as tall as the table allows,
beside the panel; the island in the sea at the lower left, by the stern's ladder.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.games.planks import sprites
from game.ui import theme


@dataclass
class Layout:
    table: pygame.Rect
    side: pygame.Rect
    ship: pygame.Rect          # the ship surface's rect on screen
    island: pygame.Rect        # the island surface's rect on screen
    log: pygame.Rect           # the log, in the sea left of the ship above the island
    ship_h: int                # the ship's height (sprites' ``height`` argument)
    standee_h: int
    chest_h: int

    def at(self, point: tuple[float, float]) -> tuple[float, float]:
        """A point on the ship surface -> screen."""
        return self.ship.x + point[0], self.ship.y + point[1]

    def place(self, plank: int, place: int) -> tuple[float, float]:
        return self.at(sprites.place_point(plank, place, self.ship_h))

    def plank_rect(self, plank: int) -> pygame.Rect:
        return sprites.plank_rect(plank, self.ship_h).move(self.ship.topleft)

    def chest(self, plank: int) -> tuple[float, float]:
        return self.at(sprites.chest_point(plank, self.ship_h))

    def ladder(self) -> tuple[tuple[float, float], tuple[float, float]]:
        top, foot = sprites.ladder_points(self.ship_h)
        return self.at(top), self.at(foot)

    def ring(self) -> list[tuple[float, float]]:
        return [self.at(p) for p in sprites.ring_points(self.ship_h)]

    def castaway(self, index: int, count: int) -> tuple[float, float]:
        spots = sprites.island_spots(count, self.island.w)
        x, y = spots[min(index, len(spots) - 1)] if spots else (self.island.w // 2, self.island.h // 2)
        return self.island.x + x, self.island.y + y

    def splash_point(self, plank: int) -> tuple[float, float]:
        """In the water just beyond the plank's outer end."""
        r = self.plank_rect(plank)
        front = sprites.place_point(plank, 0, self.ship_h)
        side = 1 if front[0] + self.ship.x > self.ship.centerx else -1
        x = r.right + self.standee_h * 0.35 if side > 0 else r.left - self.standee_h * 0.35
        return x, r.centery + self.standee_h * 0.3


def make_layout(rect: pygame.Rect) -> Layout:
    side_w = max(theme.px(360), min(theme.px(400), rect.w // 3))
    side = pygame.Rect(rect.right - side_w, rect.y, side_w, rect.h)
    table = pygame.Rect(rect.x, rect.y, rect.w - side_w, rect.h)
    pad = theme.px(10)
    ship_h = max(120, table.h - 2 * pad)
    w, h = sprites.ship_size(ship_h)
    if w > table.w * 0.7:                               # a narrow window: the ship a little smaller
        ship_h = max(120, int(table.w * 0.7 * sprites.ART_SHIP[1] / sprites.ART_SHIP[0]))
        w, h = sprites.ship_size(ship_h)
    ship = pygame.Rect(0, 0, w, h)
    ship.midright = (table.right - pad - theme.px(30), table.centery)   # room for the right planks' numbers
    free = ship.left - table.left - pad
    island_w = max(80, min(theme.px(300), free - pad))
    island_h = round(island_w * sprites.ART_ISLAND[1] / sprites.ART_ISLAND[0])
    island = pygame.Rect(0, 0, island_w, island_h)
    island.bottomleft = (table.left + pad, table.bottom - pad)
    if island.right > ship.left + ship.w * 0.1:          # never under the planks
        island.right = int(ship.left + ship.w * 0.1)
    # the log stops short of the left planks' numbers
    log = pygame.Rect(table.left + pad, table.top + pad, max(60, free - pad - theme.px(30)),
                      max(60, island.top - table.top - 2 * pad))
    return Layout(table, side, ship, island, log, ship_h, max(24, round(ship_h * 0.12)), max(20, round(ship_h * 0.13)))
