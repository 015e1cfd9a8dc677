"""Every worked example of the spec (section 8, E1 ... E37), named after its id."""
from __future__ import annotations

import pytest

from game.games.planks.positions import position
from game.games.planks.rules import (GIVE, EndTurn, GiveTreasure, Move, PlaceChests, PlacePirates,
                                     Rescue, judge_chest, line_length)
from tests.games.planks.helpers import (P, end_two_player_round, events, kinds, new, refused, scoring_position, trigger,
                                        two_player_last_turn)


def ids(*names: str) -> list[str]:
    return [P + n for n in names]


def test_E1_chest_placement():
    s = new(4, **{"first-plank": "choose", "first-player": "seat-1"})
    s.apply(PlaceChests(0, 2))
    assert s.chests == [2, 5, 8, 11]
    assert [(b - a) % 12 - 1 for a, b in zip(s.chests, s.chests[1:] + s.chests[:1])] == [2, 2, 2, 2]


@pytest.mark.parametrize("players,doubles", [(4, 8), (3, 3)])
def test_E2_pirate_placement(players, doubles):
    s = new(players, **{"first-plank": "choose", "first-player": "seat-1"})
    s.apply(PlaceChests(0, 0))
    s.apply(PlacePirates(0, 0))
    assert [len(p) for p in s.planks] == [2] * doubles + [1] * (12 - doubles)


def test_E3_jump_around_the_stern_and_the_bow():
    s = position(3, planks={5: ["red-3"], 11: ["red-1"]})
    s.apply(Move(0, P + "red-3", 1, 1))
    assert s.plank_of(P + "red-3") == 6 and s.spent == 1
    s.apply(Move(0, P + "red-1", 1, 1))
    assert s.plank_of(P + "red-1") == 0 and s.spent == 2


def test_E4_landing_behind():
    s = position(3, planks={4: ["green-2"], 2: ["blue-5"]}, turn=2)
    s.apply(Move(2, P + "blue-5", 1, 2))
    assert s.planks[4] == ids("green-2", "blue-5")


def test_E5_push_into_the_sea():
    s = position(4, planks={3: ["blue-2", "red-5", "green-1"], 1: ["yellow-4"]}, turn=3)
    s.apply(Move(3, P + "yellow-4", 1, 2))
    assert s.planks[3] == ids("red-5", "green-1", "yellow-4") and P + "blue-2" in s.island


def test_E6_passing_a_full_plank():
    s = position(4, planks={3: ["blue-2", "red-5", "green-1"], 1: ["yellow-4"]}, turn=3)
    s.apply(Move(3, P + "yellow-4", 1, 3))
    assert s.planks[3] == ids("blue-2", "red-5", "green-1") and s.planks[4] == ids("yellow-4")


def test_E7_rescue():
    s = position(3, planks={0: ["red-1"]}, island=["red-3"])
    assert s.allowance == 5
    s.apply(Rescue(0, P + "red-3", 6, 2, 1))
    assert s.plank_of(P + "red-3") == 8 and s.spent == 4 and s.left_in_turn() == 1
    assert events(s, "moved")[-1].get("path") == (6, 7, 8)


def test_E8_big_chest_red_wins():
    assert judge_chest("chest-big-1", ids("green-2", "red-5", "blue-3"))[0] == P + "red-5"


def test_E9_small_chest_green_wins():
    assert judge_chest("chest-small-2", ids("red-4", "green-1", "yellow-3"))[0] == P + "green-1"


def test_E10_tie_of_the_two_small_pirates_blue_wins():
    assert judge_chest("chest-small-1", ids("red-2", "yellow-2", "blue-4"))[0] == P + "blue-4"


def test_E11_tie_of_the_two_big_pirates():
    assert judge_chest("chest-big-1", ids("red-5", "green-5", "blue-1"))[0] == P + "blue-1"


def test_E12_three_equal_or_two_equal_alone():
    assert judge_chest("chest-big-1", ids("red-3", "green-3", "blue-3"))[0] is None
    assert judge_chest("chest-small-1", ids("red-4", "yellow-4"))[0] is None


def test_E13_draw_order():
    s = scoring_position(4, scorer=2, planks={0: ["red-1"], 3: ["yellow-5"], 6: ["blue-2"], 9: ["green-4"]})
    trigger(s)                                                      # C = seat 2 put the second clip on 0/1
    assert [e.seat for e in events(s, "drew")] == [2, 3, 0, 1]


def test_E14_duplicate_handed_on():
    s = scoring_position(4, scorer=0, planks={0: ["red-2"]},
                         treasures={0: ["crown", "ring"], 1: ["pearl", "ruby"], 2: ["goblet"], 3: ["amulet"]},
                         draws=["crown"])
    trigger(s)
    assert s.phase == GIVE and s.current == 0 and sorted(a.to for a in s.legal_actions()) == [2, 3]
    s.apply(GiveTreasure(0, 2))
    assert kinds(s.treasures[2]) == ["goblet", "crown"]


def test_E15_next_round():
    s = scoring_position(4, scorer=2, planks={0: ["red-2", "green-3"]}, chests=2)
    s.budgets[0] = 7
    before_island = list(s.island)
    trigger(s)
    assert s.chests == [4, 7, 10, 1] and s.budgets == [12] * 4
    assert s.island == before_island and s.planks[0] == ids("red-2", "green-3")


def test_E16_exhausted_player():
    s = position(3, planks={0: ["red-1"]}, island=["red-2"], budgets={0: 0}, exhausted=[0])
    acts = s.legal_actions()
    assert acts and all(isinstance(a, Move) and a.steps == 1 for a in acts)
    assert refused(s, Rescue(0, P + "red-2", 5, 0, -1)) == "planks.reason.rescue_mp"


def test_E17_two_player_round():
    s = position(2, planks={0: ["red-1"], 6: ["blue-1"]}, turn=0, first=0)
    order, counters = [], []
    while s.round == 1:
        seat = s.current
        order.append(seat)
        pirate = P + ("red-1" if seat == 0 else "blue-1")
        s.apply(Move(seat, pirate, 1, 1))
        s.apply(EndTurn(seat))
        counters.append(list(s.counters))
    assert order == [0, 1, 0, 1, 0, 1] and s.scorer == 1 and s.first == 1
    assert [c[0] for c in counters[:5:2]] == [2, 1, 0]


def test_E18_two_player_duplicate():
    s = two_player_last_turn(planks={0: ["red-2"]}, treasures={0: ["ruby"]}, draws=["ruby"])
    end_two_player_round(s)
    assert kinds(s.removed) == ["ruby"] and kinds(s.treasures[0]) == ["ruby"] and not s.treasures[1]


def test_E19_two_player_win():
    s = position(2, pairs=12, treasures={0: ["pearl", "ring", "doubloon", "ruby", "emerald", "brooch", "amulet"],
                                         1: ["goblet", "crown", "gold-bar", "necklace", "dagger"]})
    assert s.result().winners == [0]
    tie = position(2, pairs=12, treasures={0: ["pearl", "ring", "doubloon", "ruby", "emerald", "brooch", "amulet"],
                                           1: ["goblet", "crown", "gold-bar", "necklace", "dagger", "pearl", "ring"]})
    assert tie.result().winners == [1] and tie.result().how.key == "planks.how.line"


def test_E20_tie_break():
    s = position(3, pairs=12, treasures={0: ["crown", "dagger", "pearl", "ring", "ruby"], 1: [],
                                         2: ["goblet", "amulet", "brooch", "doubloon", "emerald"]})
    assert line_length(s.treasures[0]) == 28 and line_length(s.treasures[2]) == 29
    assert s.result().winners == [2]


def test_E21_one_move_per_pirate():
    s = position(3, planks={4: ["red-2"]})
    s.apply(Move(0, P + "red-2", 1, 1))
    assert refused(s, Move(0, P + "red-2", 1, 1)) == "planks.reason.moved"
    assert refused(s, Move(0, P + "red-2", -1, 1)) == "planks.reason.moved"


def test_E22_budget_below_five():
    first = position(3, planks={0: ["red-1", "red-2"]}, budgets={0: 3})
    assert first.allowance == 3
    first.apply(Move(0, P + "red-1", 1, 3))
    assert first.budgets[0] == 0 and first.round == 1 and first.current == 1
    second = position(3, planks={0: ["red-1", "red-2"]}, budgets={0: 3, 2: 0}, exhausted=[2])
    second.apply(Move(0, P + "red-1", 1, 3))
    assert second.scorer == 0 and second.round == 2


def test_E23_rescue_with_1_mp_left():
    s = position(3, planks={0: ["red-1", "red-2"]}, island=["red-3"])
    s.apply(Move(0, P + "red-1", 1, 2))
    s.apply(Move(0, P + "red-2", 1, 2))
    assert s.left_in_turn() == 1
    assert refused(s, Rescue(0, P + "red-3", 5, 0, -1)) == "planks.reason.rescue_mp"


def test_E24_push_your_own_pirate_then_rescue_it():
    s = position(3, planks={6: ["red-1", "blue-4", "green-2"], 5: ["red-5"]})
    s.apply(Move(0, P + "red-5", 1, 1))
    assert P + "red-1" in s.island and s.left_in_turn() == 4
    s.apply(Rescue(0, P + "red-1", 5, 0, -1))
    assert s.plank_of(P + "red-1") == 5


def test_E25_stop_on_the_stern_plank_after_a_rescue():
    stop = position(3, planks={5: ["green-1", "blue-1", "green-2"], 0: ["red-1"]}, island=["red-2"])
    stop.apply(Rescue(0, P + "red-2", 5, 0, -1))
    assert stop.planks[5] == ids("blue-1", "green-2", "red-2") and P + "green-1" in stop.island
    on = position(3, planks={5: ["green-1", "blue-1", "green-2"], 0: ["red-1"]}, island=["red-2"])
    on.apply(Rescue(0, P + "red-2", 5, 1, -1))
    assert on.planks[5] == ids("green-1", "blue-1", "green-2") and on.plank_of(P + "red-2") == 4


def test_E26_two_draws_same_kind():
    s = scoring_position(4, scorer=0, planks={0: ["red-2"], 3: ["red-5"]},
                         treasures={0: [], 1: [], 2: ["pearl"], 3: ["ring", "ruby"]},
                         draws=["treasure-necklace-a", "treasure-necklace-b"])
    trigger(s)
    assert kinds(s.treasures[0]) == ["necklace"] and kinds(s.treasures[1]) == ["necklace"]


def test_E27_drawer_has_the_fewest():
    s = scoring_position(4, scorer=0, planks={0: ["red-2"]},
                         treasures={0: ["crown"], 1: ["pearl", "ring"], 2: ["ruby", "emerald"],
                                    3: ["brooch", "amulet", "goblet"]}, pairs=8, draws=["crown"])
    trigger(s)
    assert s.phase == GIVE and sorted(a.to for a in s.legal_actions()) == [1, 2]


def test_E28_bag_runs_out():
    s = scoring_position(4, scorer=2, planks={0: ["blue-2"], 3: ["yellow-5"], 6: ["yellow-1"], 9: ["red-4"]},
                         treasures={0: ["pearl", "ring", "doubloon"], 1: ["pearl", "ring", "doubloon"],
                                    2: ["ruby", "emerald"], 3: ["ruby", "emerald"]}, bag=["brooch", "brooch"])
    trigger(s)
    drew = {e.seat: len(e.get("tiles")) for e in events(s, "drew")}
    assert drew == {2: 1, 3: 1} and s.is_over()


def test_E29_two_pirates_of_one_two_player_side_tie():
    # P1 = red + blue, P2 = green + yellow: P1's own two pirates of size 3 cancel each other
    s = position(2, colours={0: ["red", "blue"], 1: ["green", "yellow"]}, turn=1, first=0,
                 counters={0: 0, 1: 1}, planks={3: ["red-3", "blue-3", "green-1"], 1: ["yellow-1"]})
    s.apply(Move(1, P + "yellow-1", 1, 1))
    s.apply(EndTurn(1))
    chest = next(e for e in events(s, "chest") if e.get("chest") == "chest-big-1")
    assert chest.get("cancelled") == (P + "red-3", P + "blue-3")
    assert chest.get("winner") == P + "green-1" and chest.get("owner") == 1
    assert len(s.treasures[1]) == 1 and not s.treasures[0]


def test_E30_stuck_player():
    s = position(3, planks={2: ["green-1"], 4: ["blue-1"]}, turn=2, budgets={0: 1, 1: 0}, exhausted=[1])
    s.apply(Move(2, P + "blue-1", 1, 1))
    s.apply(EndTurn(2))
    assert events(s, "skipped")[-1].seat == 0 and s.scorer == 0 and s.round == 2


def test_E31_intro_two_player_target():
    s = two_player_last_turn(planks={0: ["red-1"]},
                             treasures={0: ["pearl", "ring", "doubloon", "ruby", "emerald"]}, draws=["brooch"])
    end_two_player_round(s)
    assert len(s.treasures[0]) == 6 and s.is_over()


def test_E32_chest_with_a_single_pirate():
    assert judge_chest("chest-small-1", ids("blue-5"))[0] == P + "blue-5"


def test_E33_no_turning_back_after_a_rescue():
    s = position(3, planks={0: ["red-1"]}, island=["red-2"])
    assert refused(s, Rescue(0, P + "red-2", 5, 1, 1)) == "planks.reason.turn_back"
    s.apply(Rescue(0, P + "red-2", 5, 1, -1))
    assert s.plank_of(P + "red-2") == 4


def test_E34_tie_below_the_winner():
    assert judge_chest("chest-big-1", ids("red-1", "green-1", "blue-3"))[0] == P + "blue-3"
    assert judge_chest("chest-small-1", ids("red-1", "green-1", "blue-3"))[0] == P + "blue-3"


def test_E35_two_player_pacing():
    s = position(2, planks={0: ["red-1", "red-2", "green-1"], 6: ["blue-1"]}, turn=0, first=0)
    plan = {0: [[("red-1", 5)], [("red-2", 5)], [("green-1", 2)]], 1: [[("blue-1", 1)]] * 3}
    turn = {0: 0, 1: 0}
    while s.round == 1:
        seat = s.current
        for name, steps in plan[seat][turn[seat]]:
            s.apply(Move(seat, P + name, 1, steps))
        if s.current == seat and s.round == 1:
            s.apply(EndTurn(seat))
        turn[seat] += 1
    assert turn == {0: 3, 1: 3} and s.scorer == 1 and s.budgets == [12, 12]
    assert next(e for e in events(s, "clip") if e.seat == 0 and e.get("exhausted"))


def test_E36_several_moves_in_one_turn():
    s = position(3, planks={2: ["red-4"], 8: ["red-1"]})
    s.apply(Move(0, P + "red-4", 1, 2))
    assert s.current == 0
    s.apply(Move(0, P + "red-1", -1, 3))
    assert s.plank_of(P + "red-4") == 4 and s.plank_of(P + "red-1") == 5 and s.current == 1
    t = position(3, planks={2: ["red-4"], 8: ["red-1"]})
    t.apply(Move(0, P + "red-4", 1, 2))
    assert refused(t, Move(0, P + "red-4", 1, 1)) == "planks.reason.moved"


def test_E37_landing_where_a_pirate_was_pushed_from():
    s = position(4, planks={9: ["green-3", "blue-1", "yellow-5"], 8: ["red-2"], 7: ["red-4"]})
    s.apply(Move(0, P + "red-2", 1, 1))
    assert s.planks[9] == ids("blue-1", "yellow-5", "red-2") and P + "green-3" in s.island
    s.apply(Move(0, P + "red-4", 1, 2))
    assert s.planks[9] == ids("yellow-5", "red-2", "red-4") and P + "blue-1" in s.island
