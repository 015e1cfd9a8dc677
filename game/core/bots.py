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
