"""Pirates, Planks & Pesetas bots (spec section 10): every level legal at every player count and option,
deterministic for its seed, blind to the bag's order and the generator, medium sensible on the trigger
(section 10 (1)), hard stronger than random."""
from __future__ import annotations

import pytest

from game.core.bots import RandomBot, play_out
from game.core.rng import Rng
from game.games.planks import make_bot
from game.games.planks.bots import EasyBot, HardBot, Sim, _pnum, suits, to_action
from game.games.planks.positions import position
from game.games.planks.rules import GIVE, KEEP, PLAY, RULES, GiveTreasure, Move, PlanksState
from tests.games.planks.helpers import events, new, scoring_position, trigger

LEVELS = ("easy", "medium", "hard")
HARD_PLAYOUTS = 2

OPTION_SETS = [
    {},
    {"feel-draw": True, "pairs": 8},
    {"pairs": 12, "first-plank": "choose", "first-player": "seat-2"},
    {"feel-draw": True, "pairs": 10, "first-plank": "choose", "colours": "choose"},
]


def random_positions(players: int, opts: dict, seed: int, count: int) -> list[PlanksState]:
    """``count`` positions of one random game, some in each phase that asks a choice."""
    s = new(players, seed=seed, **{k: v for k, v in opts.items() if players == 2 or k != "colours"})
    rng = Rng(seed)
    out: list[PlanksState] = []
    while not s.is_over() and len(out) < count:
        if s.phase in (KEEP, GIVE) or rng.random() < 0.08 or s.phase not in (PLAY,):
            out.append(s.clone())
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("opts", OPTION_SETS)
def test_every_level_plays_legal_actions(players, opts):
    for k, s in enumerate(random_positions(players, opts, 10 * players + len(opts), 6)):
        seat = s.current
        for level in LEVELS:
            a = make_bot(level, seat, k, playouts=HARD_PLAYOUTS).choose(s.view(seat))
            assert s.check(a) is None, (level, a)


def test_the_search_model_follows_the_rules():
    """``Sim`` (the bots' copy of a round's play) lists the engine's moves and lands where the engine does."""
    for players in (2, 3, 4):
        s = new(players, seed=players, **{"feel-draw": True})
        rng = Rng(players)
        for _ in range(400):
            if s.is_over():
                break
            if s.phase != PLAY:
                s.apply(s.legal_actions()[0])
                continue
            sim = Sim.of(s.view(s.current))
            moves = sim.moves()
            assert sorted(map(repr, (to_action(s.current, m) for m in moves))) == \
                sorted(map(repr, s.legal_actions()))
            m = moves[rng.below(len(moves))]
            before = s.round
            s.apply(to_action(s.current, m))
            sim.apply(m)
            if not sim.ended:
                assert s.round == before and s.phase == PLAY
                assert sim.planks == [[_pnum(p) for p in line] for line in s.planks]
                assert (sim.budgets, sim.current, sim.spent) == (s.budgets, s.current, s.spent)
            else:
                assert s.round != before or s.phase != PLAY or s.is_over()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_never_read_the_bag_order(players):
    """Section 10: two views that differ only in the bag's order (and the generator) give the same choice."""
    checked = 0
    for k, s in enumerate(random_positions(players, {"feel-draw": True}, 300 + players, 8)):
        seat = s.current
        twin = RULES.twin(s, seat, Rng(900 + k))
        for level in LEVELS:
            a = make_bot(level, seat, 7, playouts=HARD_PLAYOUTS).choose(s.view(seat))
            shuffled = twin.view(seat)
            shuffled.bag = list(reversed(shuffled.bag))          # the same multiset, another order
            b = make_bot(level, seat, 7, playouts=HARD_PLAYOUTS).choose(shuffled)
            assert a == b, (level, s.phase)
            checked += 1
    assert checked


def test_decisions_are_deterministic_from_the_seed():
    for s in random_positions(3, {}, 77, 5):
        seat = s.current
        for level in LEVELS:
            a = make_bot(level, seat, 42, playouts=3).choose(s.view(seat))
            b = make_bot(level, seat, 42, playouts=3).choose(s.view(seat))
            assert a == b, level


def test_easy_bots_finish_games_with_legal_actions():
    for players in (2, 3, 4):
        s = new(players, seed=players, **{"feel-draw": True})
        bots = [make_bot("easy", seat, 10 + seat) for seat in range(players)]
        assert play_out(s, bots).is_over()


def test_the_bot_is_deterministic_and_blind_to_the_generator():
    s = new(3, seed=4)
    twin = RULES.twin(s, s.current, Rng(9))
    a = make_bot("easy", s.current, 5).choose(s.view(s.current))
    b = make_bot("easy", s.current, 5).choose(twin.view(twin.current))
    assert a == b and s.check(a) is None


def test_the_easy_bot_prefers_a_chest_plank_that_suits_its_pirate():
    s = position(3, planks={1: ["red-5", "red-1"], 7: ["red-2", "red-4"], 10: ["red-3"]})
    view = s.view(0)
    moves = [a for a in view.legal_actions(0) if isinstance(a, Move)]
    uniform = sum(suits(view, a) == 3 for a in moves) / len(moves)
    picks = [EasyBot(0, seed).choose(view) for seed in range(300)]
    share = sum(isinstance(a, Move) and suits(view, a) == 3 for a in picks) / len(picks)
    assert share > 1.5 * uniform


@pytest.mark.parametrize("level", LEVELS)
def test_a_duplicate_goes_to_the_player_with_fewest(level):
    s = scoring_position(4, scorer=0, planks={0: ["red-2"]},
                         treasures={0: ["crown"], 1: ["pearl"], 2: ["ring"], 3: ["ruby", "emerald"]},
                         draws=["crown"])
    trigger(s)
    assert make_bot(level, 0, 1, playouts=HARD_PLAYOUTS).choose(s.view(0)) == GiveTreasure(0, 1)


def _finish_turn(s: PlanksState, level: str) -> None:
    seat, round_ = s.current, s.round
    bot = make_bot(level, seat, 3, playouts=HARD_PLAYOUTS)
    while s.current == seat and s.round == round_ and s.phase == PLAY:
        s.apply(bot.choose(s.view(seat)))


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_round_is_ended_when_ahead(level):
    """Section 10 (1): Green is on 0/1 and Red, 2 MP left, holds both big chests: Red spends both (R30)."""
    s = position(3, planks={3: ["red-5"], 9: ["red-4", "blue-2"], 1: ["red-1"], 7: ["blue-3", "green-3"]},
                 turn=0, budgets={0: 2, 1: 0, 2: 9}, exhausted=[1])
    _finish_turn(s, level)
    assert events(s, "scoring")


def test_medium_does_not_end_the_round_when_behind():
    """Section 10 (1): Green on 0/1, Blue holds every chest and Red, 2 MP left, cannot touch them: Red spends
    1 MP and waits instead of handing Blue four draws at once (R30)."""
    s = position(3, planks={1: ["blue-1"], 4: ["blue-5"], 7: ["blue-2"], 10: ["blue-4"], 2: ["red-3"]},
                 chests=1, turn=0, budgets={0: 2, 1: 0, 2: 9}, exhausted=[1])
    _finish_turn(s, "medium")
    assert not events(s, "scoring") and s.budgets[0] == 1


def test_hard_beats_random():
    wins = 0
    for g in range(2):
        s = new(2, seed=50 + g)
        bots = [HardBot(0, g, playouts=2), RandomBot(1, g)] if g % 2 == 0 else \
            [RandomBot(0, g), HardBot(1, g, playouts=2)]
        hard = g % 2
        play_out(s, bots)
        wins += hard in s.result().winners
    assert wins == 2
