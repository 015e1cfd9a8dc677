"""Pirates, Planks & Pesetas bots (spec section 10). Only the easy level is built so far: random legal moves
with a slight preference for chest planks where the pirate would suit the chest. Medium and hard play the easy
bot until their own search is written (issue 17, item 7).

Bots see only ``view(seat)``: the bag as what is left in it, never its order (the generator is not in a view),
and the feel-draw offer only when they are the drawer (V3: they may look at the two offered kinds).
"""
from __future__ import annotations

from typing import Any

from game.core.bots import Bot
from game.core.protocol import Action, State
from game.games.planks.rules import (BIG, AWAY_FROM_LADDER, GIVE, KEEP, PLAY, EndTurn, GiveTreasure,
                                     KeepTreasure, Move, PlanksState, Rescue, kind_of, path_of, size_of)

END_CHANCE = 0.3          # after the first MP, how often the easy bot stops early


def landing(view: PlanksState, a: Action) -> int:
    """The plank a move or a rescue ends on."""
    if isinstance(a, Move):
        return path_of(view.plank_of(a.pirate), a.direction, a.steps)[-1]
    assert isinstance(a, Rescue)
    return ([a.plank] + path_of(a.plank, AWAY_FROM_LADDER[a.plank], a.steps))[-1]


def suits(view: PlanksState, a: Action) -> float:
    """A move's weight: 3 onto a chest plank the pirate's size suits (big pirates at big chests, small at
    small), 1.5 onto another chest plank, 1 elsewhere."""
    chest = view.chest_on(landing(view, a))
    if chest is None:
        return 1.0
    size = size_of(a.pirate)  # type: ignore[attr-defined]
    fits = size >= 4 if chest in BIG else size <= 2
    return 3.0 if fits else 1.5


class EasyBot(Bot):
    level = "easy"

    def choose(self, view: State) -> Action:
        assert isinstance(view, PlanksState)
        acts = view.legal_actions(self.seat)
        if not acts:
            raise ValueError("the easy bot was asked to act with no legal action")
        if view.phase == KEEP:                          # V3: prefer a kind it does not own yet
            mine = {kind_of(t) for t in view.treasures[self.seat]}
            fresh = [a for a in acts if isinstance(a, KeepTreasure) and kind_of(a.tile) not in mine]
            return self.rng.choice(fresh or acts)
        if view.phase == GIVE:                          # section 10: to the least threatening player
            gifts = [a for a in acts if isinstance(a, GiveTreasure)]
            return min(gifts, key=lambda a: (len(view.treasures[a.to]), a.to))
        if view.phase != PLAY:
            return self.rng.choice(acts)
        moves = [a for a in acts if isinstance(a, (Move, Rescue))]
        end = [a for a in acts if isinstance(a, EndTurn)]
        if end and (not moves or self.rng.random() < END_CHANCE):
            return end[0]
        weights = [suits(view, a) for a in moves]
        pick = self.rng.random() * sum(weights)
        for a, w in zip(moves, weights):
            pick -= w
            if pick <= 0:
                return a
        return moves[-1]


def make_bot(level: str, seat: int, seed: int, playouts: int | None = None, **_: Any) -> Bot:
    """easy (and, until their search exists, medium and hard): ``EasyBot``."""
    return EasyBot(seat, seed)
