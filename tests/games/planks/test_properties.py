"""Invariants over random legal games (hypothesis): pirates conserved (on a plank or the island, never more than
three on a plank), budgets never below zero, treasures conserved between the bag, the players, the removed pile
and the marker, views and JSON round trips, every game ends. Two hundred games here (PLANKS_PROPERTY_GAMES); `make soak` plays
PLANKS_SOAK_GAMES (default 1000)."""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.rng import Rng
from game.games.planks.rules import (ALL_PIRATES, BUDGET, RULES, UNKNOWN, PlanksState, determinize,
                                     tile_ids)
from tests.support.engine_helpers import play_checked

MAX_ACTIONS = 5000

options = st.fixed_dictionaries({
    "pairs": st.sampled_from([6, 8, 10, 12]),
    "feel-draw": st.booleans(),
    "first-plank": st.sampled_from(["random", "choose"]),
})


def check_invariants(s: PlanksState) -> None:
    in_play = sorted(p for cs in s.colours for c in cs for p in ALL_PIRATES if p.split("-")[1] == c)
    if s.phase not in ("colours", "chests", "pirates"):
        found = sorted([p for plank in s.planks for p in plank] + list(s.island))
        assert found == in_play                                     # pirates conserved
    assert all(len(p) <= 3 for p in s.planks)                       # never more than three on a plank
    assert all(0 <= b <= BUDGET for b in s.budgets)                 # budgets never below zero
    assert 0 <= s.spent <= s.allowance
    assert s.all_tiles() == sorted(t for k in s.kinds for t in tile_ids(k))  # treasures conserved
    assert len(s.kinds) == s.pairs


def offer_hidden(s: PlanksState, seat: int | None, v: PlanksState) -> None:
    if s.offer and seat != s.drawer:
        assert v.offer == [UNKNOWN] * len(s.offer)


def play(players: int, opts: dict, seed: int) -> PlanksState:
    return play_checked(RULES, determinize, players, opts, seed, check=check_invariants, every=50,
                        max_actions=MAX_ACTIONS, view_check=offer_hidden)


@settings(max_examples=int(os.environ.get("PLANKS_PROPERTY_GAMES", "200")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), opts=options, seed=st.integers(0, 2**31))
def test_random_games_keep_every_invariant_and_end(players, opts, seed):
    s = play(players, opts, seed)
    assert s.is_over() and not s.bag or (players == 2 and max(len(t) for t in s.treasures) >= (
        6 if s.pairs == 6 else 7))
    r = s.result()
    assert r.scores == [float(len(t)) for t in s.treasures]


@pytest.mark.soak
def test_soak_random_games():
    rng = Rng(17)
    for k in range(int(os.environ.get("PLANKS_SOAK_GAMES", "1000"))):
        players = 2 + rng.below(3)
        opts = {"pairs": [6, 8, 10, 12][rng.below(4)], "feel-draw": bool(rng.below(2))}
        play(players, opts, rng.below(2**31))
