"""SearchBot (ISMCTS): stronger than random, repeatable, blind to what it may not see."""
from __future__ import annotations

from game.core.bots import RandomBot, play_out
from game.core.protocol import Result
from game.core.search import SearchBot, result_rewards
from tests.support.minigame import RULES, MiniState, determinize, greedy_rollout
from tests.support.racegame import RaceState

GAMES = 40
PLAYOUTS = 16


def test_search_beats_random_clearly():
    wins = 0
    for g in range(GAMES):
        me = g % 2  # alternate seats: the first player has no edge that we would measure instead
        state = RULES.new_game(2, {}, 1000 + g)
        bots = [RandomBot(0, g), RandomBot(1, g)]
        bots[me] = SearchBot(me, g, determinize=determinize, playouts=PLAYOUTS)
        play_out(state, bots)
        wins += state.result().winners == [me]
    assert wins / GAMES >= 0.7, f"search won only {wins}/{GAMES}"


def test_same_seed_same_budget_same_decisions():
    state = RULES.new_game(2, {}, 77)
    view = state.view(0)
    first = [SearchBot(0, s, determinize=determinize, playouts=30).choose(view) for s in range(3)]
    again = [SearchBot(0, s, determinize=determinize, playouts=30).choose(view) for s in range(3)]
    assert first == again
    assert all(a in view.legal_actions(0) for a in first)


def test_decision_ignores_what_the_bot_cannot_see():
    a = MiniState.deal(2, {"wagers": False, "big_hands": False}, 5)
    b = a.clone()
    # swap a card of seat 1's hand with a deck card: seat 0 cannot tell the two states apart
    b.hands[1][0], b.deck[0] = b.deck[0], b.hands[1][0]
    b.hands[1].sort()
    assert a.to_json() != b.to_json()
    assert a.view(0).to_json() == b.view(0).to_json()
    for seed in range(3):
        bot_a = SearchBot(0, seed, determinize=determinize, playouts=40)
        bot_b = SearchBot(0, seed, determinize=determinize, playouts=40)
        assert bot_a.choose(a.view(0)) == bot_b.choose(b.view(0))


def test_time_budget_stops_the_search():
    from tests.support.timers import SteppingTimer
    state = RULES.new_game(2, {}, 3)
    bot = SearchBot(0, 1, determinize=determinize, playouts=None, seconds=0.05)
    bot.timer = SteppingTimer(0.001)  # one look at the clock per iteration: 1 ms each
    action = bot.choose(state.view(0))
    assert action in state.legal_actions(0)
    assert 45 <= bot.last_iterations <= 50 and bot.last_seconds <= 0.052


def test_hooks_rollout_policy_and_depth_limit_with_evaluation():
    state = RULES.new_game(3, {"hands": 2}, 9)
    calls = {"policy": 0, "eval": 0}

    def policy(s, seat, legal, rng):
        calls["policy"] += 1
        return greedy_rollout(s.hand, seat, legal, rng)

    def evaluate(s):
        calls["eval"] += 1
        return [0.5] * s.players

    bot = SearchBot(0, 2, determinize=determinize, playouts=20, rollout_policy=policy, max_depth=6,
                    evaluate=evaluate)
    assert bot.choose(state.view(0)) in state.legal_actions(0)
    assert calls["policy"] > 0 and calls["eval"] > 0


def test_simultaneous_state_searches_own_actions_only():
    race = RaceState(3)
    race.positions = [5, 4, 9]
    bot = SearchBot(0, 1, determinize=lambda view, rng: view.clone(), playouts=60)
    action = bot.choose(race.view(0))
    assert action.seat == 0 and action in race.legal_actions(0)


def test_rewards_from_ranks_and_scores():
    assert result_rewards(Result.from_scores([10, 0]), 2) == [1.0, 0.0]
    shared = result_rewards(Result.from_scores([5, 5, 1]), 3)
    assert shared[0] == shared[1] == 1.0 and shared[2] == 0.0
    r = result_rewards(Result.from_scores([3, 2, 1, 0]), 4)
    assert r == sorted(r, reverse=True) and all(0.0 <= x <= 1.0 for x in r)
    no_scores = Result(winners=[1], ranks=[2, 1])
    assert result_rewards(no_scores, 2) == [0.0, 1.0]


def test_search_rolls_out_across_the_hands_of_a_match():
    state = RULES.new_game(2, {"hands": 2}, 4)
    bot = SearchBot(0, 5, determinize=determinize, playouts=10)
    assert bot.choose(state.view(0)) in state.legal_actions(0)
