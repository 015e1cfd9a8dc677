"""Invariants over random legal games (hypothesis): the movement cards conserved between deck, market, hands and
discard pile (I2); the adventure cards between deck, discard pile, row, ships and secured piles (I1); fame on a
ship is its cards plus its owed units, never negative; views and JSON round trips; every game ends. Two
hundred games here (SM_PROPERTY_GAMES); `make soak` plays SM_SOAK_GAMES (default 1000)."""
from __future__ import annotations

import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.rng import Rng
from game.games.spanish_main.rules import (ADVENTURE_CARDS, FAME_CARD, MOVEMENT_CARDS, PIRATES, RULES, SHIPS,
                                           UNKNOWN, SpanishMainState, determinize)
from tests.support.engine_helpers import play_checked

MAX_ACTIONS = 3000

options = st.fixed_dictionaries({"extended-fame": st.booleans(), "imminent-adventures": st.booleans(),
                                 "movement-hand": st.booleans()})


def check_invariants(s: SpanishMainState) -> None:
    moving = Counter(s.mv_deck + s.mv_discard + s.market + [c for h in s.hands for c in h])
    assert moving == Counter(MOVEMENT_CARDS)                        # I2: 24, each once
    named = s.adv_deck + [c for c in s.adv_discard if c != FAME_CARD] + s.adv_row
    assert len(named) == len(set(named)) and set(named) <= set(ADVENTURE_CARDS)
    assert s.adventure_count() == 58                                # I1
    for i, ship in enumerate(SHIPS):
        assert s.fame[i] >= 0 and s.owed[i] >= 0 and s.fame_of(ship) == s.fame[i] + s.owed[i]
    assert sorted(s.row) == sorted(SHIPS)
    assert sorted([p for ps in s.pirates for p in ps] + s.aside) == sorted(PIRATES)


def row_public(s: SpanishMainState, seat: int | None, v: SpanishMainState) -> None:
    assert UNKNOWN not in v.row


def play(players: int, opts: dict, seed: int) -> SpanishMainState:
    return play_checked(RULES, determinize, players, opts, seed, check=check_invariants, every=15,
                        max_actions=MAX_ACTIONS, view_check=row_public, check_full=True)


@settings(max_examples=int(os.environ.get("SM_PROPERTY_GAMES", "200")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), opts=options, seed=st.integers(0, 2**31))
def test_random_games_keep_every_invariant_and_end(players, opts, seed):
    s = play(players, opts, seed)
    assert s.is_over() and not s.adv_row and not s.adv_deck
    assert s.turns <= 58                                            # every turn turns an adventure or ends
    assert s.result().scores == [float(s.score_of(k)) for k in range(players)]


@pytest.mark.soak
def test_soak_random_games():
    rng = Rng(18)
    for _ in range(int(os.environ.get("SM_SOAK_GAMES", "1000"))):
        opts = {k: bool(rng.below(2)) for k in ("extended-fame", "imminent-adventures", "movement-hand")}
        play(2 + rng.below(3), opts, rng.below(2**31))
