"""Scenario helpers for the Playa Pirata tests. Positions come from the engine's builder
(``game/games/playa_pirata/positions.py``: ``hand``, ``position``, ``at``, ``Buried``, ``REST``); these
helpers only name what the tests do often."""
from __future__ import annotations

from itertools import combinations
from typing import Any, Sequence

from game.games.playa_pirata.positions import REST, Buried, at, hand, position  # noqa: F401 - re-exported
from game.games.playa_pirata.rules import EndTurn, PlayaHand, PlayTowels

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def new_hand(players: int = 3, special: bool = False, first: int = 0, seed: int = 1) -> PlayaHand:
    """A hand as the rules deal it (the setup rules are tested on these)."""
    return PlayaHand.deal(players, {"special-cards": special}, seed, first)


def finish(h: PlayaHand) -> PlayaHand:
    """The same table at the final turn, ended without a play: the hand scored (R38)."""
    h = at(h, phase="final")
    h.apply(EndTurn(h.order[0]))
    return h


def groups_on(h: PlayaHand, seat: int, target: int) -> set[tuple[int, ...]]:
    return {a.values for a in h.legal_actions(seat) if isinstance(a, PlayTowels) and a.target == target}


NUMBERS = (3, 3, 4, 4, 5, 5, 6, 6, 7, 7)


def scored_final(scores: Sequence[int]) -> dict[str, Any]:
    """A final turn (``position(..., finished=[...])``) after which each seat scores exactly
    ``scores[seat]`` when the starting player ends it without a play: towels kept (R36) and number
    treasures taken with one towel on top (R30, R33); every other towel lies under a lone skull that
    seat 0 takes (R35: 0 points)."""
    free = list(NUMBERS)
    beach: list[Buried] = []
    towels: dict[int, list[int]] = {}
    dump: list[tuple[int, Any]] = []
    for seat, target in enumerate(scores):
        found = None
        extra = 1 if seat == 0 else 0  # seat 0's towel on the skull
        for c in range(len(free) + 1):
            for kept in range(min(target, 12 - c - extra), -1, -1):
                pick = next((p for p in combinations(free, c) if sum(p) == target - kept), None)
                if pick is not None:
                    found = (pick, kept)
                    break
            if found:
                break
        assert found, f"no table scores {target} for seat {seat}"
        pick, kept = found
        tops = [(3, 2, 1)[k % 3] for k in range(len(pick))]
        left = [v for v in (1, 2, 3) for _ in range(4)]
        for value, top in zip(pick, tops):
            free.remove(value)
            left.remove(top)
            beach.append(Buried(str(value), pile=[(seat, top)]))
        if extra:
            left.remove(1)
        towels[seat] = left[:kept]
        dump.append((seat, REST))
    beach.insert(0, Buried("skull", pile=dump + [(0, 1)]))
    return {"beach": beach, "towels": towels}
