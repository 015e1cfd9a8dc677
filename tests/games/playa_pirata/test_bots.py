"""Playa Pirata bots: always legal, repeatable, blind to what they cannot see, and ranked
random < easy < medium, random < hard."""
from __future__ import annotations

import pytest

from game.core.bots import RandomBot, play_out
from game.core.rng import Rng
from game.games.playa_pirata.bots import (PlayaHardBot, _survivors, hand_of, make_bot, planner_action,
                                          scored_actions, towel_candidates)
from game.games.playa_pirata.cards import UNKNOWN
from game.games.playa_pirata.rules import FINAL, ROUND, RULES, determinize_hand
from tests.games.playa_pirata.helpers import Buried, position, scored_final

LEVELS = ("random", "easy", "medium", "hard")
HARD_PLAYOUTS = 3  # samples per decision (each plays every candidate to the end of the hand)


def random_positions(players: int, special: bool, seed: int, count: int):
    """``count`` positions of one match (with the match view's current seat), reached by random play."""
    state = RULES.new_game(players, {"special-cards": special, "match-format": "two-hands"}, seed)
    rng = Rng(seed)
    out = []
    steps = 0
    while not state.is_over() and len(out) < count:
        if rng.random() < 0.12:
            out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("special", [False, True])
def test_every_level_plays_legal_actions(players: int, special: bool) -> None:
    for k, state in enumerate(random_positions(players, special, 100 * players + special, 8)):
        seat = state.current_player
        view = state.view(seat)
        legal = set(state.legal_actions(seat))
        for level in LEVELS:
            bot = make_bot(level, seat, k, playouts=HARD_PLAYOUTS)
            action = bot.choose(state.view(seat))
            assert action in legal, (level, action)
        # the pruned action spaces never leave the rules
        hand = hand_of(view)
        if hand.phase in (ROUND, FINAL):
            assert set(a for _, a in scored_actions(hand, seat)) <= legal
            assert set(towel_candidates(hand, seat)) <= legal
            full = determinize_hand(hand, Rng(k))
            assert planner_action(full, seat, Rng(k)) in set(full.legal_actions(seat))


@pytest.mark.parametrize("players", [2, 4])
def test_whole_games_between_levels_finish(players: int) -> None:
    lineup = ["hard", "medium", "easy", "random"][:players]
    for seed in range(2):
        state = RULES.new_game(players, {"special-cards": bool(seed), "match-format": "single-hand"}, seed)
        bots = [make_bot(level, seat, seed * 7 + seat, playouts=HARD_PLAYOUTS) for seat, level in enumerate(lineup)]
        assert play_out(state, bots).is_over()


def test_decisions_repeat_for_a_fixed_seed_and_budget() -> None:
    positions = [s for s in random_positions(3, True, 7, 12) if len(s.legal_actions()) > 1][:5]
    assert positions
    for state in positions:
        seat = state.current_player
        for level in ("easy", "medium", "hard"):
            a = make_bot(level, seat, 42, playouts=4).choose(state.view(seat))
            b = make_bot(level, seat, 42, playouts=4).choose(state.view(seat))
            assert a == b, level


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hidden_cards_do_not_change_the_choice(players: int) -> None:
    checked = 0
    for k, state in enumerate(random_positions(players, False, 500 + players, 10)):
        seat = state.current_player
        hand = state.hand
        if hand.phase != ROUND or hand.round < 2 or len(state.legal_actions(seat)) < 2:
            continue
        other = RULES.twin(state, seat, Rng(k))  # the cards this seat has not seen, dealt again
        if other.hand.to_json() == hand.to_json():
            continue
        assert other.hand.all_cards() == hand.all_cards()
        assert other.view(seat).to_json() == state.view(seat).to_json()
        assert other.hand.to_json() != hand.to_json()
        for level in ("easy", "medium", "hard"):
            a = make_bot(level, seat, 5, playouts=4).choose(state.view(seat))
            b = make_bot(level, seat, 5, playouts=4).choose(other.view(seat))
            assert a == b, level
        checked += 1
    assert checked >= 2


def test_views_handed_to_bots_hide_rival_treasures() -> None:
    state = random_positions(3, False, 9, 3)[-1]
    seat = state.current_player
    view = state.view(seat)
    for s in range(3):
        if s != seat:
            assert all(c == UNKNOWN for c in view.hand.treasures[s])
    # the hard bot decides from the view alone
    assert make_bot("hard", seat, 1, playouts=2).choose(view) in set(state.legal_actions(seat))


def _duel(levels: list[str], games: int, playouts: int, players: int | None = None) -> dict[str, float]:
    """Win credit per level over ``games`` single-hand games, seats rotated."""
    wins = {level: 0.0 for level in levels}
    n = len(levels)
    for g in range(games):
        seating = levels[g % n:] + levels[:g % n]
        state = RULES.new_game(n, {"match-format": "single-hand"}, 1000 + g)
        bots = [make_bot(level, seat, 31 * g + seat, playouts=playouts) for seat, level in enumerate(seating)]
        result = play_out(state, bots).result()
        for w in result.winners:
            wins[seating[w]] += 1.0 / len(result.winners)
    return wins


def test_medium_beats_easy() -> None:
    wins = _duel(["medium", "easy"], 24, 1)
    assert wins["medium"] >= 16, wins


def test_easy_beats_random() -> None:
    wins = _duel(["easy", "random"], 12, 1)
    assert wins["easy"] >= 10, wins


def test_hard_beats_random() -> None:
    wins = _duel(["hard", "random"], 6, 3)
    assert wins["hard"] >= 6, wins


def test_random_level_is_the_core_random_bot() -> None:
    assert isinstance(make_bot("random", 0, 1), RandomBot)
    with pytest.raises(ValueError):
        make_bot("genius", 0, 1)


def test_hard_drops_only_clearly_worse_candidates() -> None:
    # candidate 1 always loses 0.5 to candidate 0: dropped; candidate 2 is noisy and even: kept
    rewards = [[0.6, 0.7, 0.5, 0.6, 0.65, 0.55], [0.1, 0.2, 0.0, 0.1, 0.15, 0.05], [0.9, 0.3, 0.8, 0.2, 0.9, 0.4]]
    assert _survivors(rewards, [0, 1, 2], 6) == [0, 2]
    # equal candidates both survive
    assert _survivors([[0.5] * 5, [0.5] * 5], [0, 1], 5) == [0, 1]


def test_hard_respects_its_time_budget() -> None:
    from tests.support.timers import SteppingTimer
    state = RULES.new_game(4, {"match-format": "single-hand"}, 12)
    bots = [make_bot("medium", s, s) for s in range(4)]
    hard = PlayaHardBot(0, 3, seconds=0.2)
    hard.timer = SteppingTimer(0.01)  # each look at the clock costs 10 ms, on any machine
    timed = 0
    while not state.is_over() and timed < 3:
        seat = state.current_player
        if seat == 0 and hand_of(state).round >= 2:
            action = hard.choose(state.view(0))
            if hard.last_iterations:
                timed += 1
                assert hard.last_seconds <= 0.2 + 1e-6, hard.last_seconds
        else:
            action = bots[seat].choose(state.view(seat))
        state.apply(action)
    assert timed


def test_hard_counts_the_match_totals() -> None:
    # with match totals far apart the hand cannot change the ranking: every candidate is worth the same
    # and the planner's favourite is kept; the reward uses totals, not the hand alone
    for seat in (0, 1):
        lead = [0, 0]
        lead[seat] = 50  # hand 1: every number treasure (R33) against nothing
        state = position(2, match_format="two-hands", finished=[scored_final(lead)], round=3, turn=seat,
                         beach=[Buried(pile=[(1 - seat, 2)]), Buried(pile=[(seat, 1)])])
        assert state.totals[seat] - state.totals[1 - seat] == 50 and len(state.legal_actions()) >= 3
        view = state.view(seat)
        favourite = scored_actions(hand_of(view), seat)[0][1]
        assert PlayaHardBot(seat, 1, playouts=4).choose(view) == favourite


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bots_fast_towel_path_matches_the_engines_towel_groups(players: int) -> None:
    """The bots prune the engine's towel groups (``legal_towel_groups``) to the cheapest group per top
    value (``minimal_groups``, their fast path): on random positions, every pruned group is one of the
    engine's, on exactly the engine's targets, and it is the engine's cheapest group for its top value.
    The engine's legal PlayTowels actions are its towel groups."""
    from game.games.playa_pirata.rules import PlayTowels, legal_towel_groups
    checked = 0
    for seed in range(4):
        state = RULES.new_game(players, {"special-cards": seed % 2 == 1, "match-format": "single-hand"}, seed)
        rng = Rng(seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            hand = state.hand
            seat = hand.current
            if hand.phase not in (ROUND, FINAL):
                continue
            for after_step_a in (False, True):
                engine = legal_towel_groups(hand, seat, after_step_a)
                pruned = [(a.target, a.values) for a in towel_candidates(hand, seat, after_step_a)]
                assert set(pruned) <= set(engine)
                assert {t for t, _ in pruned} == {t for t, _ in engine}
                cheapest: dict[tuple[int, int], tuple[int, ...]] = {}
                for target, values in engine:
                    key = (target, values[-1])
                    if key not in cheapest or (len(values), sum(values), values) < \
                            (len(cheapest[key]), sum(cheapest[key]), cheapest[key]):
                        cheapest[key] = values
                assert sorted(pruned) == sorted((t, v) for (t, _), v in cheapest.items())
                checked += bool(engine)
            legal = {(a.target, a.values) for a in state.legal_actions(seat) if isinstance(a, PlayTowels)}
            assert legal == set(legal_towel_groups(hand, seat))
    assert checked >= 40
