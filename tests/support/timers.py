"""A timer for time-budget tests: every look at it moves it on by a fixed step, so a search's time
budget is the same amount of work on any machine, idle or busy."""
from __future__ import annotations


class SteppingTimer:
    def __init__(self, step: float = 0.001, start: float = 100.0):
        self.step = step
        self.t = start
        self.looks = 0

    def __call__(self) -> float:
        self.t += self.step
        self.looks += 1
        return self.t
