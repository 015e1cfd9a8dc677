"""A toy simultaneous real-time game for the real-time driver: a race to the harbour.

Every racer may act at any time. ``Row`` moves one step; ``Grab`` takes the single treasure once a racer
is at least ``TREASURE_AT`` steps out (only the first grabber gets it). The first to reach ``GOAL`` wins;
the score is the distance plus 3 for the treasure. The state keeps a simulated ``time``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.protocol import JSON, Action, IllegalAction, Result, State
from game.core.realtime import RealtimeAgent

GOAL = 10
TREASURE_AT = 5


@dataclass(frozen=True)
class Row(Action):
    kind: ClassVar[str] = "race.row"


@dataclass(frozen=True)
class Grab(Action):
    kind: ClassVar[str] = "race.grab"


class RaceState(State):
    def __init__(self, players: int = 2):
        self.players = players
        self.positions = [0] * players
        self.treasure: int | None = None
        self.winner: int | None = None
        self.time = 0.0

    def current_players(self) -> tuple[int, ...]:
        return () if self.winner is not None else tuple(range(self.players))

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self.winner is not None:
            return []
        seats = range(self.players) if seat is None else [seat]
        acts: list[Action] = []
        for s in seats:
            acts.append(Row(s))
            if self.treasure is None and self.positions[s] >= TREASURE_AT:
                acts.append(Grab(s))
        return acts

    def apply(self, action: Action) -> None:
        if action not in self.legal_actions(action.seat):
            raise IllegalAction("race.reason.illegal")
        if isinstance(action, Grab):
            self.treasure = action.seat
        else:
            self.positions[action.seat] += 1
            if self.positions[action.seat] >= GOAL:
                self.winner = action.seat

    def advance_time(self, t: float) -> None:
        self.time = max(self.time, t)

    def view(self, seat: int | None) -> "RaceState":
        return self.clone()

    def is_over(self) -> bool:
        return self.winner is not None

    def result(self) -> Result:
        scores = [float(p + (3 if self.treasure == s else 0)) for s, p in enumerate(self.positions)]
        return Result.from_scores(scores, tiebreak=[1 if s == self.winner else 0 for s in range(self.players)])

    def clone(self) -> "RaceState":
        c = RaceState(self.players)
        c.positions = list(self.positions)
        c.treasure, c.winner, c.time = self.treasure, self.winner, self.time
        return c

    def to_json(self) -> JSON:
        return {"players": self.players, "positions": list(self.positions), "treasure": self.treasure,
                "winner": self.winner, "time": self.time}


class PacedRower(RealtimeAgent):
    """Rows every ``pace`` seconds; grabs the treasure ``reaction`` seconds after it first sees it possible."""

    def __init__(self, seat: int, pace: float, reaction: float = 0.3):
        super().__init__(seat)
        self.pace = pace
        self.reaction = reaction
        self.last_row = 0.0
        self.grab_seen: float | None = None

    def next_action(self, view: State, now: float) -> tuple[Action, float] | None:
        legal = view.legal_actions(self.seat)
        if Grab(self.seat) in legal:
            if self.grab_seen is None:
                self.grab_seen = now
            grab_at = self.grab_seen + self.reaction
            if grab_at <= self.last_row + self.pace:
                return Grab(self.seat), grab_at
        return Row(self.seat), self.last_row + self.pace

    def on_applied(self, action: Action, at: float) -> None:
        if isinstance(action, Row):
            self.last_row = at
