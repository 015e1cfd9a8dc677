"""What moves on the Playa Pirata table besides the gliding cards, as clips of the table's timeline
(``game.ui.timeline``: the Settings speed is applied there, so every duration here is at normal speed).

The scene draws them itself from their progress (they are part of its beach): a Map turning its treasure
over and an Umbrella popping open (``SpotAnim``, on one beach spot), a private look shown large to the
looker (``Peek``), and the sunset at the end of a hand (``SunsetClip``: the treasures turn over one by one,
the points of each rise and fade, the beach dims; the scoring panel shows once all are turned over).
"""
from __future__ import annotations

from typing import Callable

from game.ui.timeline import Clip

SPOT_ANIM_SECONDS = 0.45  # a Map's treasure turning over, an Umbrella popping open
PEEK_SECONDS = 2.5        # a private look shown large (its last half second fades)
REVEAL_STEP = 0.7         # seconds between two treasures turning over at sunset: time to read each one
SCORING_HOLD = 1.75       # the fully turned beach, held before the scoring panel comes up
POINTS_SECONDS = 1.2      # the points rising from a treasure that turned over
DIM_SECONDS = 2.5         # the beach darkening at sunset


class SpotAnim(Clip):
    """R13 the Map's treasure turns over (``kind`` "flip"), R15 the Umbrella pops open ("umbrella"), on
    beach spot ``spot``. Bots wait for it; a new one on the same spot replaces it (same tag)."""

    def __init__(self, spot: int, kind: str) -> None:
        super().__init__(0.0, SPOT_ANIM_SECONDS, tag=("spot", spot))
        self.spot, self.kind = spot, kind


class Peek(Clip):
    """R12 Spyglass / V12 Bucket: treasure ``card`` of spot ``spot`` shown large to the looker alone, for
    a moment. It does not hold the game up (the looker plays on; bots do not wait for it)."""

    TAG = "peek"

    def __init__(self, spot: int, card: str) -> None:
        super().__init__(0.0, PEEK_SECONDS, tag=self.TAG, blocking=False)
        self.spot, self.card = spot, card

    @property
    def alpha(self) -> float:
        """1 while shown, fading to 0 over the last half second."""
        return max(0.0, min(1.0, 1.0 - max(0.0, self.age - (PEEK_SECONDS - 0.5)) / 0.5))


class SunsetClip(Clip):
    """The sunset of a hand with ``spots`` treasures (R32): one turns over every ``REVEAL_STEP`` seconds,
    its points rise for ``POINTS_SECONDS``, the beach dims over ``DIM_SECONDS``, the whole beach stays
    ``SCORING_HOLD`` seconds after the last card before the scoring shows; ``on_turn()`` (a sound)
    when a treasure turns over and when the scoring shows. Over (settled) when all of that is done;
    skipped or cancelled, it is at its end. Bots never play during a sunset (the scene holds them), so it
    does not block the timeline."""

    TAG = "sunset"

    def __init__(self, spots: int, on_turn: Callable[[], None] | None = None) -> None:
        super().__init__(0.0, max(spots * REVEAL_STEP + max(POINTS_SECONDS, SCORING_HOLD), DIM_SECONDS),
                         tag=self.TAG, blocking=False)
        self.spots = spots
        self.on_turn = on_turn

    @property
    def elapsed(self) -> float:
        """Seconds of sunset shown (all of it once skipped or cancelled)."""
        return max(self.age, self.end_time) if self.finished else self.age

    @property
    def revealed(self) -> int:
        """How many steps have passed: treasures turned over, and the scoring once more than ``spots``."""
        if self.elapsed >= self.reveal_time:
            return self.spots + 1
        return min(self.spots, int(self.elapsed / REVEAL_STEP))

    @property
    def reveal_time(self) -> float:
        """When the scoring shows: ``SCORING_HOLD`` after the last treasure turned over."""
        return self.spots * REVEAL_STEP + SCORING_HOLD

    def step(self, dt: float) -> None:
        before = self.revealed
        super().step(dt)
        if min(self.revealed, self.spots + 1) > before and self.on_turn is not None:
            self.on_turn()
