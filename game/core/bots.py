"""Bots: the Bot interface, a random bot, and the generic search bot (filled in below).

A bot is given ``view(seat)`` only, never the live state nor its RNG. Search bots sample complete
states consistent with the view through the game's ``determinize(view, rng)``; the sample's own RNG
is reseeded, so a search never sees future dice or shuffles.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Callable

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

    @abstractmethod
    def choose(self, view: State) -> Action:
        """An action from ``view.legal_actions(self.seat)``; ``view`` is ``state.view(self.seat)``."""


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    level = "random"

    def choose(self, view: State) -> Action:
        actions = view.legal_actions(self.seat)
        if not actions:
            raise ValueError("RandomBot asked to act with no legal action")
        return self.rng.choice(actions)
