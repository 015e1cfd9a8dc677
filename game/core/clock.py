"""The app's clock: how much time a frame covers, what time it is, and how much work fits in a slice.

Everything that moves or waits reads this clock, never ``time`` directly: the frame loop's time step,
the pause before a bot's move, the race clock, and the work budgets of bots that think in slices
inside the frame loop. Two kinds:

- ``SystemClock`` (the app): real time. A frame's step is the time since the last frame, capped at
  ``MAX_STEP`` (a frame that took longer, or a window dragged for a second, does not make every
  animation jump); a work budget is so many seconds of real time.
- ``ManualClock`` (tests, the soak): time moves only when the frame loop ticks (by ``step`` each) or
  a test calls ``advance``; a work budget is a fixed number of units of work. Nothing depends on the
  machine's speed or load, so a test sees the same frames on a fast machine and on a busy one.

Pure Python: the system clock imports pygame only to pace frames.
"""
from __future__ import annotations

import time
from typing import Any

MAX_STEP = 0.1  # seconds: the longest time step a single frame may cover
TEST_STEP = 1.0 / 60.0
#: a ManualClock's work budget: units of work per second of budget (a unit is one step of a bot's
#: work generator or one playout of a search)
UNITS_PER_SECOND = 40_000  # about what one core of a 2-core laptop does (measured: 15-35 us a bot step)


class WorkBudget:
    """How long one slice of work may go on. ``spent()`` is asked after each unit of work."""

    def spent(self) -> bool:
        raise NotImplementedError


def seconds_budget(seconds: float) -> WorkBudget:
    """A slice of about ``seconds`` of real time (the default of code that runs without an app)."""
    return _Seconds(seconds)


class _Seconds(WorkBudget):
    def __init__(self, seconds: float):
        self.deadline = time.perf_counter() + seconds

    def spent(self) -> bool:
        return time.perf_counter() >= self.deadline


class _Units(WorkBudget):
    def __init__(self, units: int):
        self.left = max(1, units)

    def spent(self) -> bool:
        self.left -= 1
        return self.left <= 0


class SystemClock:
    """Real time, with the frame rate capped at ``fps`` (0: no cap)."""

    deterministic = False

    def __init__(self) -> None:
        self._pg: Any = None

    def tick(self, fps: int) -> float:
        """Wait for the next frame (at most ``fps`` a second) and return the step it covers, seconds."""
        if self._pg is None:
            import pygame
            self._pg = pygame.time.Clock()
        return min(self._pg.tick(fps) / 1000.0, MAX_STEP)

    def now(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)

    def budget(self, seconds: float) -> WorkBudget:
        """A slice of work of about ``seconds`` of real time."""
        return _Seconds(seconds)


class ManualClock:
    """Time that moves only by ``step`` per frame or by ``advance``: the same frames on any machine."""

    deterministic = True

    def __init__(self, step: float = TEST_STEP, start: float = 1000.0):
        self.step = step
        self.t = start

    def tick(self, fps: int) -> float:
        self.t += self.step
        return min(self.step, MAX_STEP)

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds

    def sleep(self, seconds: float) -> None:
        self.t += seconds

    def budget(self, seconds: float) -> WorkBudget:
        """A fixed number of units of work for ``seconds`` of budget (never fewer than one)."""
        return _Units(int(round(seconds * UNITS_PER_SECOND)))
