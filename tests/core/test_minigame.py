"""The test game "Expeditions" (tests/support/minigame.py): rules, views, determinization, properties."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.protocol import IllegalAction
from game.core.rng import Rng
from tests.support.minigame import (DECK, RULES, UNKNOWN, Discard, Draw, EndPlays, MiniState, Play,
                                    determinize, determinize_hand, expedition_score, full_deck)


def scenario(hands, deck, players=2, current=0, **options) -> MiniState:
    """A hand set up by hand: given hands and deck (top = last), empty table."""
    s = MiniState.deal(players, {"wagers": False, "big_hands": False, **options}, seed=0, first_player=current)
    s.hands = [sorted(h) for h in hands]
    s.deck = list(deck)
    s.known = [[] for _ in range(players)]
    s._legal = None
    return s


def test_r1_deal_sizes():
    s = MiniState.deal(2, {}, 3)
    assert [len(h) for h in s.hands] == [4, 4] and len(s.deck) == 20 - 8
    s = MiniState.deal(4, {}, 3)
    assert [len(h) for h in s.hands] == [3] * 4 and len(s.deck) == 28 - 12
    s = MiniState.deal(3, {"big_hands": True, "wagers": True}, 3)
    assert [len(h) for h in s.hands] == [5] * 3 and len(s.deck) == 28 - 15
    assert s.all_cards() == full_deck(3, True)


def test_r1_the_deal_depends_on_the_seed_only():
    assert MiniState.deal(2, {}, 9).to_json() == MiniState.deal(2, {}, 9).to_json()
    assert MiniState.deal(2, {}, 9).to_json() != MiniState.deal(2, {}, 10).to_json()


def test_big_hands_is_for_two_or_three_players():
    assert RULES.check(3, {"big_hands": True}) == []
    assert [p.key for p in RULES.check(4, {"big_hands": True})] == ["opt.err.players"]
    with pytest.raises(ValueError):
        RULES.new_game(4, {"big_hands": True}, 1)


def test_r2_expeditions_go_up():
    s = scenario([[3, 5, 14, 22], [1, 2, 4, 11]], [31, 32, 33])
    s.apply(Play(0, 5))
    with pytest.raises(IllegalAction):
        s.apply(Play(0, 3))  # 3 after 5 in the same suit
    assert Play(0, 3) not in s.legal_actions() and Discard(0, 3) in s.legal_actions()


def test_illegal_action_leaves_the_state_unchanged():
    s = scenario([[3, 5, 14, 22], [1, 2, 4, 11]], [31, 32, 33])
    before = s.to_json()
    for bad in (Play(1, 1), Play(0, 99), Draw(0, DECK), EndPlays(0)):
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s.to_json() == before


def test_r3_one_or_two_cards_then_draw_as_many():
    s = scenario([[3, 5, 14, 22], [1, 2, 4, 11]], [31, 32, 33, 34])
    s.apply(Play(0, 3))
    assert EndPlays(0) in s.legal_actions()
    s.apply(Discard(0, 22))
    assert s.phase == "draw"
    assert Draw(0, 2) not in s.legal_actions()  # not from the pile discarded to this turn
    s.apply(Draw(0, DECK))
    assert s.current == 0
    s.apply(Draw(0, DECK))
    assert s.current == 1 and s.hands[0] == [5, 14, 33, 34]


def test_r3_a_card_taken_from_a_pile_is_public():
    s = scenario([[3, 5, 14, 22], [1, 2, 4, 11]], [31, 32, 33, 34])
    s.apply(Discard(0, 22))
    s.apply(EndPlays(0))
    s.apply(Draw(0, DECK))
    s.apply(Play(1, 1))
    s.apply(EndPlays(1))
    s.apply(Draw(1, 2))  # takes the 22 that seat 0 threw away
    view0 = s.view(0)
    assert 22 in view0.hands[1] and view0.hands[1].count(UNKNOWN) == 3
    assert s.view(None).hands[1] == [22, UNKNOWN, UNKNOWN, UNKNOWN]


def test_r5_hand_ends_when_the_deck_runs_out():
    s = scenario([[3, 5, 14, 22], [1, 2, 4, 11]], [31])
    s.apply(Play(0, 3))
    s.apply(EndPlays(0))
    s.apply(Draw(0, DECK))
    assert s.is_over() and s.current_players() == () and s.legal_actions() == []


def test_r6_scoring_and_breakdown():
    assert expedition_score([]) == 0
    assert expedition_score([2, 3, 4]) == 3
    assert expedition_score([11, 12]) == -3
    assert expedition_score([10, 12]) == -8  # a wager doubles a loss too
    assert expedition_score([20, 21, 25]) == 0  # wager + 1 + 5 - 6 = 0
    assert expedition_score([30, 34, 35]) == 6  # (9 - 6) x 2
    s = scenario([[3, 5, 14, 22], [1, 2, 4, 11]], [31])
    s.apply(Play(0, 3))
    s.apply(Play(0, 5))
    s.apply(Draw(0, DECK))
    r = s.result()
    assert r.scores == [2.0, 0.0] and r.winners == [0]
    assert sum(v for _, v in r.breakdown[0]) == r.scores[0]


def test_view_hides_other_hands_and_the_deck_and_determinize_fills_them():
    s = MiniState.deal(3, {}, 11)
    v = s.view(1)
    assert v.hands[1] == s.hands[1]
    assert v.hands[0] == [UNKNOWN] * 4 and v.deck == [UNKNOWN] * len(s.deck)
    d = determinize_hand(v, Rng(4))
    assert d.hands[1] == s.hands[1]
    assert d.all_cards() == full_deck(3, False)
    assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
    assert determinize_hand(v, Rng(4)).to_json() == d.to_json()  # repeatable


def test_determinize_keeps_publicly_known_cards():
    s = scenario([[3, 5, 14, 22], [1, 2, 4, 11]], [31, 32, 33, 34])
    s.apply(Discard(0, 22))
    s.apply(EndPlays(0))
    s.apply(Draw(0, DECK))
    s.apply(Discard(1, 1))
    s.apply(EndPlays(1))
    s.apply(Draw(1, 2))
    for seed in range(5):
        d = determinize_hand(s.view(0), Rng(seed))
        assert 22 in d.hands[1] and d.hands[0] == s.hands[0]


def test_match_view_determinizes_through_the_game_determinizer():
    m = RULES.new_game(2, {"hands": 2}, 5)
    d = determinize(m.view(0), Rng(1))
    assert d.hand.hands[0] == m.hand.hands[0] and UNKNOWN not in d.hand.all_cards()
    assert d.rng.state() != m.rng.state()  # the real next deal stays secret


# ---------------------------------------------------------------------------------------------------
# Property test: random legal games
# ---------------------------------------------------------------------------------------------------
def assert_view_is_fair(state: MiniState, seat: int | None) -> None:
    view = state.view(seat)
    assert all(c == UNKNOWN for c in view.deck)
    for other in range(state.players):
        if other == seat:
            assert view.hands[other] == state.hands[other]
            continue
        visible = [c for c in view.hands[other] if c != UNKNOWN]
        assert sorted(visible) == sorted(state.known[other])
        assert len(view.hands[other]) == len(state.hands[other])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), wagers=st.booleans(), big=st.booleans(),
       moves=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(seed, players, wagers, big, moves):
    options = {"wagers": wagers, "big_hands": big and players < 4}
    state = MiniState.deal(players, options, seed)
    cards = full_deck(players, wagers)
    rng = Rng(moves)
    for _ in range(500):
        assert state.all_cards() == cards  # cards are conserved
        again = MiniState.from_json(json.loads(json.dumps(state.to_json())))
        assert again.to_json() == state.to_json()
        assert again.legal_actions() == state.legal_actions()
        for seat in [None, *range(players)]:
            assert_view_is_fair(state, seat)
        if state.is_over():
            break
        barrier = state.undo_barrier
        state.apply(rng.choice(state.legal_actions()))
        assert state.undo_barrier >= barrier
    assert state.is_over()
    result = state.result()
    assert result.scores == [sum(v for _, v in rows) for rows in result.breakdown]
    assert 1 in result.ranks


def test_register_makes_the_test_game_known():
    import game.games as games
    from tests.support import minigame
    minigame.register()
    try:
        entry = games.get("minigame")
        assert games.playable("minigame").rules is RULES  # rules and bots: enough for the command line
        assert not entry.available  # no table scene: not offered in the menu
    finally:
        minigame.unregister()
    with pytest.raises(KeyError):
        games.get("minigame")
