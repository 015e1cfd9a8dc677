"""The easy bot: legal, deterministic for its seed, blind to what its seat cannot see, and it prefers chest
planks that suit its pirates."""
from __future__ import annotations

from game.core.bots import play_out
from game.core.rng import Rng
from game.games.planks import make_bot
from game.games.planks.bots import EasyBot, suits
from game.games.planks.positions import position
from game.games.planks.rules import RULES, GiveTreasure, Move
from tests.games.planks.helpers import new, scoring_position, trigger


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


def test_the_easy_bot_gives_a_duplicate_to_the_player_with_fewest():
    s = scoring_position(4, scorer=0, planks={0: ["red-2"]},
                         treasures={0: ["crown"], 1: ["pearl"], 2: ["ring"], 3: ["ruby", "emerald"]},
                         draws=["crown"])
    trigger(s)
    assert make_bot("hard", 0, 1).choose(s.view(0)) == GiveTreasure(0, 1)
