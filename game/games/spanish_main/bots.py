"""Pirates of the Spanish Main bots (spec section 10). Only the easy level is built so far (issue 18 item 8
is later work): medium and hard play the easy policy until their belief model and search exist.

- easy: one-ply greedy. Every legal action is tried on a state dealt from the bot's own view (``determinize``:
  what it cannot see is dealt again with its own generator) and scored by the fame its own ships gain minus
  what they lose, damage counting a little against; chosen by a softmax with a high temperature. It accuses
  only when the owner of a pirate is certain from what it knows and the ship has at least 2 fame, and never
  sabotages its own ship.

Every bot sees only ``view(seat)``: the same view and seed give the same decision.
"""
from __future__ import annotations

import math

from game.core.bots import Bot, BudgetBot, bot_levels
from game.core.protocol import Action, State
from game.games.spanish_main.rules import (UNKNOWN, Accuse, Discard, PlayCard, SpanishMainState,
                                           card_type, determinize, ship_of)

TEMPERATURE = 0.8


def certain_owner(view: SpanishMainState, seat: int, pirate: str) -> int | None:
    """The seat that must own ``pirate`` from what ``seat`` knows (None: not certain): no set-aside place is
    left for it (Mutiny made every set-aside card known, A4) and only one other seat has a hidden place not
    publicly denied it (R28)."""
    if pirate in view.revealed or pirate in view.pirates[seat] or pirate in view.unowned:
        return None
    if len(view.aside) > len(view.unowned):
        return None
    holders = [k for k in range(view.players) if k != seat and UNKNOWN in view.pirates[k]
               and pirate not in view.denied[k]]
    return holders[0] if len(holders) == 1 else None


def own_value(s: SpanishMainState, seat: int) -> float:
    ships = s.owned_ships(seat)
    return sum(s.fame_of(x) for x in ships) + s.secured[seat] + s.secured_owed[seat] - 0.3 * sum(
        1 for x in ships if s.is_damaged(x))


class EasyBot(Bot):
    level = "easy"

    def choose(self, view: State) -> Action:
        assert isinstance(view, SpanishMainState)
        acts = view.legal_actions(self.seat)
        if isinstance(acts[0], Discard):
            return acts[self.rng.below(len(acts))]
        full = determinize(view.clone(), self.rng.fork())
        base = own_value(full, self.seat)
        mine = set(full.owned_ships(self.seat))
        scored: list[tuple[float, Action]] = []
        seen: set[tuple] = set()
        for a in acts:
            if isinstance(a, PlayCard) and card_type(a.card) == "mv-sabotage" and a.ship in mine:
                continue                                            # never its own ship
            if isinstance(a, Accuse):
                if a.discard and len(view.hands[self.seat]) > 1 and a.discard != view.hands[self.seat][0]:
                    continue
                if certain_owner(view, self.seat, a.pirate) != a.accused or full.fame_of(ship_of(a.pirate)) < 2:
                    continue
            key = (type(a).__name__, card_type(getattr(a, "card", "") or getattr(a, "replace", "") or "x"),
                   getattr(a, "ship", ""), getattr(a, "accused", -1), getattr(a, "pirate", ""))
            if key in seen:
                continue
            seen.add(key)
            trial = full.clone()
            trial.apply(a)
            scored.append((own_value(trial, self.seat) - base, a))
        if not scored:
            return acts[self.rng.below(len(acts))]
        top = max(v for v, _ in scored)
        weights = [math.exp((v - top) / TEMPERATURE) for v, _ in scored]
        pick = self.rng.random() * sum(weights)
        for w, (_, a) in zip(weights, scored):
            pick -= w
            if pick <= 0:
                return a
        return scored[-1][1]


class MediumBot(EasyBot):
    level = "medium"


class HardBot(BudgetBot):
    level = "hard"

    def __init__(self, seat: int, seed: int = 0, playouts: int | None = None, seconds: float | None = None):
        super().__init__(seat, seed, playouts, seconds)
        self._easy = EasyBot(seat, seed)

    def choose(self, view: State) -> Action:
        return self._easy.choose(view)


make_bot = bot_levels(EasyBot, MediumBot, HardBot)
