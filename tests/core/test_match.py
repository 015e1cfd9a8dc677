"""MatchState: several hands, running totals, first-player rotation, tie-breaks, views and JSON."""
from __future__ import annotations

import json

from game.core.bots import RandomBot
from game.core.match import MatchState
from game.core.protocol import Result
from game.core.rng import Rng
from tests.support.minigame import RULES, UNKNOWN, MiniState


def play_random_until(state: MatchState, stop, seed: int = 0) -> None:
    rng = Rng(seed)
    while not state.is_over() and not stop(state):
        state.apply(rng.choice(state.legal_actions()))


def test_a_match_plays_its_hands_with_rotating_first_player():
    m = RULES.new_game(3, {"hands": 3}, 8)
    assert m.n_hands == 3 and m.hand_index == 0 and m.current_player == 0
    firsts = [m.hand.current]
    for k in (1, 2):
        play_random_until(m, lambda s, k=k: s.hand_index == k, seed=k)
        assert m.hand_index == k and len(m.hand_results) == k
        firsts.append(m.hand.current)
        assert m.last_hand is not None and m.last_hand.is_over()
    assert firsts == [0, 1, 2]
    play_random_until(m, lambda s: False)
    assert m.is_over() and m.legal_actions() == [] and m.current_players() == ()


def test_totals_add_up_the_hands_and_the_breakdown_lists_them():
    m = RULES.new_game(2, {"hands": 3}, 21)
    play_random_until(m, lambda s: False, seed=3)
    r = m.result()
    per_hand = [h.scores for h in m.hand_results]
    assert r.scores == [sum(s[seat] for s in per_hand) for seat in range(2)]
    assert [k for k, _ in r.breakdown[0]] == ["match.hand.1", "match.hand.2", "match.hand.3"]
    assert [v for _, v in r.breakdown[1]] == [s[1] for s in per_hand]
    assert r.stats["match.stat.hands_won"] == [sum(1 for h in m.hand_results if seat in h.winners)
                                              for seat in range(2)]


def test_tiebreak_on_best_hand():
    m = RULES.new_game(2, {"hands": 2}, 1)
    m.hand_results = [Result.from_scores([5.0, 1.0]), Result.from_scores([-1.0, 3.0])]
    m.totals = [4.0, 4.0]
    r = m.result()
    assert r.winners == [0] and r.ranks == [1, 2] and r.how is not None


def test_new_hand_raises_the_undo_barrier_and_comes_from_the_match_rng():
    m = RULES.new_game(2, {"hands": 2}, 4)
    barrier = m.undo_barrier
    play_random_until(m, lambda s: s.hand_index == 1)
    assert m.undo_barrier > barrier
    again = RULES.new_game(2, {"hands": 2}, 4)
    play_random_until(again, lambda s: s.hand_index == 1)
    assert again.to_json() == m.to_json()  # same seed, same actions: same match


def test_json_round_trip_at_every_step():
    m = RULES.new_game(2, {"hands": 2}, 6)
    rng = Rng(2)
    while True:
        data = json.loads(json.dumps(m.to_json()))
        back = RULES.state_from_json(data)
        assert back.to_json() == data
        assert back.undo_barrier == m.undo_barrier and back.log == m.log
        if m.is_over():
            break
        m.apply(rng.choice(m.legal_actions()))
    assert RULES.state_from_json(m.to_json()).result() == m.result()


def test_view_hides_the_hand_and_the_match_rng_and_clone_is_independent():
    m = RULES.new_game(2, {"hands": 2}, 6)
    v = m.view(1)
    assert isinstance(v.hand, MiniState) and v.hand.hands[0] == [UNKNOWN] * 4
    assert v.rng.state() != m.rng.state()
    c = m.clone()
    c.apply(RandomBot(0, 1).choose(c.view(0)))
    assert c.to_json() != m.to_json()
    assert m.to_json() == RULES.new_game(2, {"hands": 2}, 6).to_json()


def test_a_single_hand_match_has_no_hand_banners_in_the_log():
    m = RULES.new_game(2, {}, 1)
    assert all(not e.text.key.startswith("match.") for e in m.log)
