"""What moves on the Spanish Main table, as clips of the table's timeline (``game.ui.timeline``; durations at normal
speed, the Settings speed is applied there). Each clip is a pure function of its progress; the pieces a clip draws
itself are named in ``hides`` so the table leaves them out until it ends.

- ``ShipSlide``: a ship sliding along the row to its new space (R8; the ships it passes slide one space the other
  way, each its own clip);
- ``Flip``: a ship card turning over to its damaged side (R16, R34) or back (R21);
- ``Token``: a fame card flying (from the deck face down, from the active card, from a ship to a ship when looted,
  to the adventure discard pile when lost, to a player's secured pile when an accusation is right);
- ``CardFly``: a movement or adventure card flying (played from the market onto the row and on to the discard
  pile; a new card from the deck to the market or to the adventure row);
- ``Verdict``: an accusation: a spotlight on the accused, then the captain's portrait (right) or a "No!" stamp;
- ``Glow``: the active adventure lighting as it resolves.
"""
from __future__ import annotations

from typing import Sequence

from game.ui.clips import Point, along, ease, lerp
from game.ui.timeline import Clip

SLIDE_SECONDS = 0.35
FLIP_SECONDS = 0.45
TOKEN_SECONDS = 0.55
CARD_SECONDS = 0.45
VERDICT_SECONDS = 1.8
GLOW_SECONDS = 0.7


class ShipSlide(Clip):
    layer = "ships"

    def __init__(self, ship: str, start: Point, end: Point, delay: float = 0.0, seconds: float = SLIDE_SECONDS):
        super().__init__(delay, seconds, tag=("ship", ship), hides=(ship,))
        self.ship, self.start, self.end = ship, start, end

    def point(self) -> Point:
        return lerp(self.start, self.end, ease(self.t))


class Flip(Clip):
    """``damaged`` is the side it turns to; ``scale`` the card's width factor now, ``face_damaged`` its side now."""

    layer = "ships"

    def __init__(self, ship: str, damaged: bool, delay: float = 0.0) -> None:
        super().__init__(delay, FLIP_SECONDS, tag=("flip", ship), hides=(ship,))
        self.ship, self.damaged = ship, damaged

    def scale(self) -> float:
        return abs(1.0 - 2.0 * self.t)

    def face_damaged(self) -> bool:
        return self.damaged if self.t >= 0.5 else not self.damaged


class Token(Clip):
    """A fame card (its back: the fame symbol) along ``points``."""

    layer = "over"

    def __init__(self, points: Sequence[Point], delay: float = 0.0, seconds: float = TOKEN_SECONDS) -> None:
        super().__init__(delay, seconds)
        self.points = list(points)

    def point(self) -> Point:
        return along(self.points, ease(self.t))


class CardFly(Clip):
    """``card`` (a card id, or "" for a back) along ``points``; ``hides`` what it covers until it lands."""

    layer = "over"

    def __init__(self, card: str, points: Sequence[Point], delay: float = 0.0, seconds: float = CARD_SECONDS,
                 hides: Sequence[str] = (), back: str = "") -> None:
        super().__init__(delay, seconds, hides=hides)
        self.card, self.points, self.back = card, list(points), back
        self.before: list[str] | None = None     # a turned adventure: the row of adventures shown until it starts

    def point(self) -> Point:
        return along(self.points, ease(self.t))


class Verdict(Clip):
    """An accusation of ``accused`` naming ``pirate``: the spotlight for the first half, then the answer."""

    layer = "over"

    def __init__(self, accused: int, pirate: str, correct: bool, delay: float = 0.0) -> None:
        super().__init__(delay, VERDICT_SECONDS, tag="verdict")
        self.accused, self.pirate, self.correct = accused, pirate, correct

    @property
    def answered(self) -> bool:
        return self.t >= 0.45

    def alpha(self) -> int:
        t = self.t
        return round(255 * min(1.0, t / 0.1, (1.0 - t) / 0.15)) if self.started and not self.done else 0


class Glow(Clip):
    layer = "over"

    def __init__(self, what: str, delay: float = 0.0) -> None:
        super().__init__(delay, GLOW_SECONDS, tag=("glow", what))
        self.what = what

    def strength(self) -> float:
        return 1.0 - abs(1.0 - 2.0 * self.t)
