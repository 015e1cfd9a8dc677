"""Bots: the Bot interface, a random bot and a headless game runner. The generic search bot
(ISMCTS) lives in game.core.search (``SearchBot``).

A bot is given ``view(seat)`` only, never the live state nor its RNG. Search bots sample complete
states consistent with the view through the game's ``determinize(view, rng)``; the sample's own RNG
is reseeded, so a search never sees future dice or shuffles.
"""
from __future__ import annotations

import time
from abc import ABC, abstractmethod
from typing import Callable, Sequence

from game.core.protocol import Action, State
from game.core.rng import Rng

LEVELS = ("easy", "medium", "hard")

Determinizer = Callable[[State, Rng], State]


class Bot(ABC):
    """Chooses an action for ``seat`` from that seat's view. Deterministic given its seed."""

    level: str = "random"

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat
        self.rng = Rng(seed)
        #: what a time budget is measured with (tests give a timer that moves a fixed step per look)
        self.timer: Callable[[], float] = time.perf_counter

    @abstractmethod
    def choose(self, view: State) -> Action:
        """An action from ``view.legal_actions(self.seat)``; ``view`` is ``state.view(self.seat)``."""

    def set_time_budget(self, seconds: float | None) -> None:
        """Think for at most ``seconds`` per decision (bots that do not search ignore it)."""


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    level = "random"

    def choose(self, view: State) -> Action:
        actions = view.legal_actions(self.seat)
        if not actions:
            raise ValueError("RandomBot asked to act with no legal action")
        return self.rng.choice(actions)


class BudgetBot(Bot):
    """A bot that searches within a budget: ``playouts`` samples per decision (repeatable, for tests) or
    ``seconds`` of thinking, ``SAFETY`` of the time it is given (about 1 s when given neither)."""

    SAFETY = 0.9

    def __init__(self, seat: int, seed: int = 0, playouts: int | None = None, seconds: float | None = None):
        super().__init__(seat, seed)
        if playouts is None and seconds is None:
            seconds = 1.0 * self.SAFETY
        self.playouts = playouts
        self.seconds = seconds
        self.last_iterations = 0     # statistics of the last decision (for bench and tests)
        self.last_seconds = 0.0

    def set_time_budget(self, seconds: float | None) -> None:
        if seconds is None and self.playouts is None:
            return
        self.seconds = None if seconds is None else seconds * self.SAFETY


def bot_levels(easy: type[Bot], medium: type[Bot], hard: type[BudgetBot]) -> Callable[..., Bot]:
    """A game's ``make_bot(level, seat, seed, playouts=None)`` from its three classes (``random`` too):
    ``playouts`` fixes hard's search budget (repeatable); without it hard searches for about 1 s."""
    def make_bot(level: str, seat: int, seed: int, playouts: int | None = None, **_: object) -> Bot:
        if level == "random":
            return RandomBot(seat, seed)
        if level == "easy":
            return easy(seat, seed)
        if level == "medium":
            return medium(seat, seed)
        if level == "hard":
            return hard(seat, seed, playouts=playouts)
        raise ValueError(f"unknown level {level!r}")
    return make_bot


def play_out(state: State, bots: Sequence[Bot], max_actions: int = 100_000) -> State:
    """Play ``state`` to the end headlessly, each bot choosing from its own view; returns the state.

    ``bots[i]`` plays seat i. In a simultaneous state the first listed current player acts first.
    Raises RuntimeError if the game does not end within ``max_actions`` actions.
    """
    for _ in range(max_actions):
        if state.is_over():
            return state
        seats = state.current_players()
        if not seats:
            raise RuntimeError("play_out: nobody may act but the game is not over")
        seat = seats[0]
        state.apply(bots[seat].choose(state.view(seat)))
    raise RuntimeError(f"play_out: the game did not end within {max_actions} actions")
