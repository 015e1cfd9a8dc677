"""What moves on the Pirates, Planks & Pesetas table, as clips of the table's timeline (``game.ui.timeline``:
the Settings speed is applied there, so every duration here is at normal speed).

Each clip is a pure function of its progress: the scene asks it where its piece is (``point``) and draws it.
The pieces a clip shows itself are named in its ``hides`` ("pirate-red-3", "chest-big-1", "tile-treasure-crown-a",
"clip-0"), so the table leaves them out of its normal drawing until the clip ends.

- ``Hop``: a pirate jumping plank to plank (one arc per plank passed: R19, the planks passed stay as they are),
  or climbing the ladder from the island (R23: a swim to the ladder's foot, up, then the hops);
- ``Fall``: a pirate pushed off the front of a full plank (R21): it waits where it stood until the jump that
  pushes it lands, drops into the sea with a splash, then swims to the island;
- ``Slide``: a movement clip sliding down (or back to 12 at a new round) on a seat's board;
- ``Judge``: the scoring of one chest (R34): its plank lights, cancelled pirates shake (R35), the winner glows;
- ``Flight``: a treasure tile flying from the bag to its drawer (R40), on to the player it is given to (R42),
  or away (R43: a 2-player duplicate leaves the game); ``Wobble``: the bag shaking as a tile comes out;
- ``ChestSlide``: a chest moving two planks clockwise round the deck ring (R44);
- ``Banner`` (``game.ui.clips``): a short line over the table ("Scoring!", "Ben cannot move").
"""
from __future__ import annotations

import math
from typing import Sequence

from game.ui.clips import along, ease, lerp
from game.ui.timeline import Clip

Point = tuple[float, float]

HOP_SECONDS = 0.26        # one plank's arc
CLIMB_SECONDS = 0.9       # swim to the ladder and climb it
FALL_SECONDS = 0.55       # off the plank into the sea, with the splash
SWIM_SECONDS = 0.9        # from the splash to the island
SLIDE_SECONDS = 0.45      # a clip sliding on its board
JUDGE_SECONDS = 1.3       # one chest's scoring
FLIGHT_SECONDS = 0.7      # a tile from the bag to a player
WOBBLE_SECONDS = 0.35
CHEST_SLIDE_SECONDS = 0.9
DROP_STAGGER = 0.06       # setup: one pirate after another onto its plank
DROP_SECONDS = 0.35


class Hop(Clip):
    """``piece`` from ``start`` through ``stops`` (a point per plank entered, the landing place last), an arc of
    ``lift`` px per plank; ``climb`` (a rescue): first ``climb`` (island -> ladder foot -> ladder top) at swimming
    pace. ``shown`` (0 while on the way) is how many planks it has passed (a sound per landing)."""

    layer = "pieces"

    def __init__(self, piece: str, start: Point, stops: Sequence[Point], lift: float, delay: float = 0.0,
                 climb: Sequence[Point] = ()) -> None:
        self.climb_s = CLIMB_SECONDS if climb else 0.0
        super().__init__(delay, self.climb_s + HOP_SECONDS * max(1, len(stops)), tag=("piece", piece),
                         hides=(piece,))
        self.piece, self.start, self.stops, self.lift = piece, start, list(stops) or [start], lift
        self.climb = [start, *climb] if climb else []

    def point(self) -> tuple[Point, float]:
        """(foot point, height above the deck in px) now."""
        elapsed = max(0.0, self.age - self.delay) if not self.finished else self.duration
        if self.climb and elapsed < self.climb_s:
            return along(self.climb, ease(elapsed / self.climb_s)), 0.0
        elapsed -= self.climb_s
        first = self.climb[-1] if self.climb else self.start
        k = min(len(self.stops) - 1, int(elapsed / HOP_SECONDS))
        u = min(1.0, (elapsed - k * HOP_SECONDS) / HOP_SECONDS)
        a = first if k == 0 else self.stops[k - 1]
        b = self.stops[k]
        lift = self.lift * (1.6 if math.dist(a, b) > self.lift * 4 else 1.0)   # round bow and stern: a longer arc
        return lerp(a, b, ease(u)), lift * math.sin(math.pi * u)


class Fall(Clip):
    """``piece`` pushed into the sea: at ``start`` until ``delay`` (the jump that pushes it), off the plank's end
    to ``splash``, then a swim to ``island``. ``phase`` "wait", "fall", "swim"."""

    layer = "pieces"

    def __init__(self, piece: str, start: Point, splash: Point, island: Point, delay: float) -> None:
        super().__init__(0.0, delay + FALL_SECONDS + SWIM_SECONDS, tag=("piece", piece), hides=(piece,))
        self.piece, self.start, self.splash, self.island, self.wait = piece, start, splash, island, delay

    @property
    def phase(self) -> str:
        a = self.age if not self.finished else self.duration
        if a < self.wait:
            return "wait"
        return "fall" if a < self.wait + FALL_SECONDS else "swim"

    def fall_t(self) -> float:
        return max(0.0, min(1.0, (self.age - self.wait) / FALL_SECONDS))

    def point(self) -> Point:
        a = self.age if not self.finished else self.duration
        if a < self.wait:
            return self.start
        if a < self.wait + FALL_SECONDS:
            return lerp(self.start, self.splash, ease((a - self.wait) / FALL_SECONDS))
        return lerp(self.splash, self.island, ease((a - self.wait - FALL_SECONDS) / SWIM_SECONDS))


class Slide(Clip):
    """Seat ``seat``'s movement clip from ``frm`` to ``to`` (budgets 12 ... 0) on its board."""

    layer = "panel"

    def __init__(self, seat: int, frm: int, to: int, delay: float = 0.0) -> None:
        super().__init__(delay, SLIDE_SECONDS, tag=("clip", seat), hides=(f"clip-{seat}",), blocking=False)
        self.seat, self.frm, self.to = seat, frm, to

    def value(self) -> float:
        return self.frm + (self.to - self.frm) * ease(self.t)


class Judge(Clip):
    """The scoring of ``chest`` on ``plank``: ``cancelled`` pirates shake, ``winner`` (or nobody) glows."""

    layer = "over"

    def __init__(self, chest: str, plank: int, cancelled: Sequence[str], winner: str | None, owner: int | None,
                 delay: float) -> None:
        super().__init__(delay, JUDGE_SECONDS, tag="judge")
        self.chest, self.plank, self.cancelled, self.winner, self.owner = chest, plank, list(cancelled), winner, owner

    def shake(self) -> float:
        """The cancelled pirates' sideways offset now (px at the ship's scale, -1 .. 1)."""
        if not self.started or self.done:
            return 0.0
        return math.sin(self.t * math.pi * 10) * (1.0 - self.t)


class Flight(Clip):
    """Treasure ``tile`` flying along ``points`` (the bag, the drawer, a recipient ...); ``away`` fades it out at
    the end (R43: a duplicate removed)."""

    layer = "over"

    def __init__(self, tile: str, points: Sequence[Point], delay: float, away: bool = False) -> None:
        super().__init__(delay, FLIGHT_SECONDS * max(1, len(points) - 1), tag=("tile", tile),
                         hides=(f"tile-{tile}",))
        self.tile, self.points, self.away = tile, list(points), away

    def point(self) -> Point:
        return along(self.points, ease(self.t))

    def alpha(self) -> int:
        return round(255 * (1.0 - max(0.0, self.t - 0.6) / 0.4)) if self.away else 255


class Wobble(Clip):
    """The bag shaking as a tile comes out of it."""

    layer = "over"

    def __init__(self, delay: float) -> None:
        super().__init__(delay, WOBBLE_SECONDS, tag="wobble", blocking=False)

    def angle(self) -> float:
        return 0.0 if not self.started or self.done else 9.0 * math.sin(self.t * math.pi * 4) * (1 - self.t)


class ChestSlide(Clip):
    """``chest`` moving along the deck ring ``points`` (from its plank to two planks clockwise, R44)."""

    layer = "pieces"

    def __init__(self, chest: str, points: Sequence[Point], delay: float = 0.0) -> None:
        super().__init__(delay, CHEST_SLIDE_SECONDS, tag=("chest", chest), hides=(chest,))
        self.chest, self.points = chest, list(points)

    def point(self) -> Point:
        return along(self.points, ease(self.t))


class Drop(Clip):
    """Setup (R4): a pirate dropping onto its place from above."""

    layer = "pieces"

    def __init__(self, piece: str, at: Point, delay: float) -> None:
        super().__init__(delay, DROP_SECONDS, tag=("piece", piece), hides=(piece,))
        self.piece, self.at = piece, at

    def point(self) -> tuple[Point, float]:
        return self.at, 120.0 * (1.0 - ease(self.t))
