"""One test per numbered rule of the spec (R1 ... R50, V1 ... V3), named after it."""
from __future__ import annotations

import pytest

from game.games.planks import make_bot
from game.games.planks.positions import position
from game.games.planks.rules import (BUDGET, CHESTS, COLOURS, KEEP, GIVE, OVER, PLAY, RULES, ChooseColours,
                                     EndTurn, GiveTreasure, KeepTreasure, Move, PlaceChests, PlacePirates,
                                     Rescue, judge_chest, line_length)
from tests.games.planks.helpers import (P, end_two_player_round, events, kinds, new, refused,
                                        scoring_position, trigger, two_player_last_turn)


# ---------------------------------------------------------------------------------------------- setup
def test_R1_starting_player_from_the_setup_and_clockwise_turns():
    s = new(4, **{"first-player": "seat-3"})
    assert s.starter == s.first == s.current == 2
    assert events(s, "turn")[-1].seat == 2
    s.apply(next(a for a in s.legal_actions() if isinstance(a, Move) and a.steps == 1))
    s.apply(EndTurn(2))
    assert s.current == 3
    starters = {new(4, seed=k).starter for k in range(20)}
    assert len(starters) > 1                                      # random by default


def test_R2_one_colour_five_pirates_and_a_clip_on_12_each():
    s = new(4)
    assert s.colours == [[c] for c in COLOURS]
    for seat in range(4):
        assert sorted(s.pirates_of(seat)) == sorted(f"{P}{COLOURS[seat]}-{k}" for k in range(1, 6))
    assert s.budgets == [BUDGET] * 4 and s.counters == []


def test_R3_the_starting_player_places_the_first_chest_then_every_three_planks():
    s = new(3, **{"first-plank": "choose", "first-player": "seat-2"})
    assert s.phase == "chests" and s.current == 1
    s.apply(PlaceChests(1, 10))
    assert s.chests == [10, 1, 4, 7]
    assert CHESTS == ("chest-small-1", "chest-big-1", "chest-small-2", "chest-big-2")
    assert refused(s, PlaceChests(1, 3)) == "planks.reason.phase.pirates"


def test_R4_pirates_drawn_one_by_one_onto_consecutive_planks_first_at_the_front():
    s = new(4, **{"first-plank": "choose", "first-player": "seat-1"})
    s.apply(PlaceChests(0, 0))
    s.apply(PlacePirates(0, 5))
    placed = next(e for e in events(s, "placed") if e.get("what") == "pirates").get("pirates")
    assert [plank for _, plank in placed] == [(5 + k) % 12 for k in range(20)]
    for k, (pirate, plank) in enumerate(placed):
        assert s.planks[plank][0 if k < 12 else 1] == pirate
    assert sorted(len(s.planks[(5 + k) % 12]) for k in range(12)) == [1] * 4 + [2] * 8
    orders = {tuple(p for p, _ in next(e for e in events(new(4, seed=k), "placed")
                                       if e.get("what") == "pirates").get("pirates")) for k in range(5)}
    assert len(orders) == 5                                        # a random draw


@pytest.mark.parametrize("pairs", [6, 8, 10, 12])
def test_R5_pairs_of_treasures_in_the_bag(pairs):
    s = new(3, pairs=pairs)
    assert len(s.kinds) == pairs and len(s.bag) == 2 * pairs
    assert sorted(kinds(s.bag)) == sorted(k for k in s.kinds for _ in range(2))
    assert RULES.check(3, {"pairs": 7})


def test_R6_the_ladder_is_at_the_stern_between_planks_5_and_6():
    s = position(3, island=["red-2"], planks={0: ["green-1"]})
    acts = [a for a in s.legal_actions() if isinstance(a, Rescue) and a.steps == 0 and a.pirate == P + "red-2"]
    assert sorted(a.plank for a in acts) == [5, 6]
    assert refused(s, Rescue(0, P + "red-2", 3, 0, -1)) == "planks.reason.ladder"


def test_R7_two_players_two_colours_one_budget_and_a_turn_counter():
    s = new(2)
    assert sorted(c for cs in s.colours for c in cs) == sorted(COLOURS)
    assert all(len(cs) == 2 for cs in s.colours)
    assert s.budgets == [12, 12] and s.counters == [3, 3]
    c = new(2, colours="choose", **{"first-player": "seat-2"})
    assert c.phase == "colours" and c.current == 1
    assert refused(c, ChooseColours(1, ("red", "red"))) == "planks.reason.colours"
    c.apply(ChooseColours(1, ("yellow", "green")))
    assert c.colours == [["red", "blue"], ["green", "yellow"]]
    assert RULES.check(3, {"colours": "choose"})                  # a choice of the 2-player game only


def test_R8_two_players_place_all_twenty_pirates():
    s = new(2)
    assert sum(len(p) for p in s.planks) == 20 and not s.island


def test_R9_a_turn_marker_is_drawn_from_the_bag_and_leaves_the_game():
    s = new(2, pairs=8)
    assert s.marker is not None and s.marker not in s.bag
    assert len(s.bag) == 15
    assert sorted(s.all_tiles()) == sorted(t for k in s.kinds for t in (f"treasure-{k}-a", f"treasure-{k}-b"))


# ---------------------------------------------------------------------------------------------- turns
def test_R10_turns_go_clockwise_from_the_rounds_first_player():
    s = position(4, planks={0: ["red-1"], 2: ["green-1"], 4: ["blue-1"], 7: ["yellow-1"]}, turn=3)
    seen = []
    for _ in range(5):
        seen.append(s.current)
        colour = s.colours[s.current][0]
        s.apply(Move(s.current, f"{P}{colour}-1", 1, 1))
        s.apply(EndTurn(s.current))
    assert seen == [3, 0, 1, 2, 3]


def test_R11_two_players_the_turn_counter_moves_down_each_turn():
    s = position(2, planks={0: ["red-1"], 2: ["blue-1"]})
    s.apply(Move(0, P + "red-1", 1, 1))
    s.apply(EndTurn(0))
    assert s.counters == [2, 3] and s.current == 1


def test_R12_each_mp_moves_the_clip_down_and_the_12th_reaches_0_1():
    s = position(3, planks={0: ["red-1", "red-2"]}, budgets={0: 2})
    s.apply(Move(0, P + "red-1", 1, 1))
    assert s.budgets[0] == 1
    s.apply(Move(0, P + "red-2", 1, 1))
    assert s.budgets[0] == 0 and s.exhausted == [0]


def test_R13_allowance_is_five_or_the_budget_and_one_when_exhausted():
    assert position(3, planks={0: ["red-1"]}).allowance == 5
    assert position(3, planks={0: ["red-1"]}, budgets={0: 3}).allowance == 3
    s = position(3, planks={0: ["red-1"]}, budgets={0: 0}, exhausted=[0])
    assert s.allowance == 1
    s.apply(Move(0, P + "red-1", 1, 1))
    assert s.budgets[0] == 0 and s.current == 1                   # the clip stays on 0/1
    # the allowance the engine gives at the start of each turn (not the position builder's)
    t = position(3, planks={0: ["red-1"], 2: ["green-1"], 4: ["blue-1"]}, turn=2, budgets={0: 3, 1: 0},
                 exhausted=[1])
    t.apply(Move(2, P + "blue-1", 1, 1))
    t.apply(EndTurn(2))
    assert t.current == 0 and t.allowance == 3                      # budget 3 < 5
    assert max(a.steps for a in t.legal_actions() if isinstance(a, Move)) == 3
    t.apply(Move(0, P + "red-1", 1, 1))
    t.apply(EndTurn(0))
    assert t.current == 1 and t.allowance == 1 and t.budgets[1] == 0  # exhausted: 1
    assert {a.steps for a in t.legal_actions() if isinstance(a, Move)} == {1}
    t.apply(Move(1, P + "green-1", 1, 1))
    assert t.current == 2 and t.allowance == 5 and t.budgets[1] == 0  # budget 11: 5


def test_R14_at_least_one_mp_then_end_at_will_or_when_the_allowance_is_spent():
    s = position(3, planks={0: ["red-1", "red-2"]})
    assert refused(s, EndTurn(0)) == "planks.reason.spend_one"
    s.apply(Move(0, P + "red-1", 1, 2))
    assert EndTurn(0) in s.legal_actions()
    s.apply(Move(0, P + "red-2", -1, 3))
    assert s.current == 1                                           # 5 MP spent: the turn ended


def test_R15_reaching_0_1_mid_turn_ends_the_turn():
    s = position(3, planks={0: ["red-1", "red-2"]}, budgets={0: 2})
    s.apply(Move(0, P + "red-1", 1, 2))
    assert s.budgets[0] == 0 and s.current == 1


def test_R16_a_jump_of_k_planks_costs_k_mp():
    s = position(3, planks={2: ["red-3"]})
    s.apply(Move(0, P + "red-3", -1, 4))
    assert s.plank_of(P + "red-3") == 10 and s.spent == 4 and s.budgets[0] == 8
    t = position(3, planks={2: ["red-3"]}, budgets={0: 3})
    assert refused(t, Move(0, P + "red-3", 1, 4)) == "planks.reason.too_far"


def test_R17_each_pirate_moves_once_per_turn_in_one_direction():
    s = position(3, planks={2: ["red-3"]})
    s.apply(Move(0, P + "red-3", 1, 1))
    assert refused(s, Move(0, P + "red-3", -1, 1)) == "planks.reason.moved"
    assert not [a for a in s.legal_actions() if getattr(a, "pirate", "") == P + "red-3"]


def test_R18_moves_are_sequential_each_landing_and_push_first():
    s = position(3, planks={1: ["red-1", "red-2"], 3: ["green-1", "green-2", "blue-1"]})
    s.apply(Move(0, P + "red-1", 1, 2))
    assert P + "green-1" in s.island
    s.apply(Move(0, P + "red-2", 1, 2))
    assert s.planks[3] == [P + "blue-1", P + "red-1", P + "red-2"] and P + "green-2" in s.island


def test_R19_planks_passed_over_are_unaffected():
    s = position(3, planks={1: ["red-1"], 2: ["green-1", "green-2", "blue-1"]})
    s.apply(Move(0, P + "red-1", 1, 2))
    assert s.planks[2] == [P + "green-1", P + "green-2", P + "blue-1"] and s.plank_of(P + "red-1") == 3


def test_R20_a_landing_pirate_stands_at_the_back():
    s = position(3, planks={1: ["red-1"], 2: ["green-4"]})
    s.apply(Move(0, P + "red-1", 1, 1))
    assert s.planks[2] == [P + "green-4", P + "red-1"]


def test_R21_a_fourth_pirate_pushes_the_front_one_into_the_sea_own_pirates_too():
    s = position(3, planks={1: ["red-5"], 2: ["red-1", "green-4", "blue-2"]})
    s.apply(Move(0, P + "red-5", 1, 1))
    assert s.planks[2] == [P + "green-4", P + "blue-2", P + "red-5"] and P + "red-1" in s.island
    pushed = events(s, "pushed")[-1]
    assert pushed.get("piece") == P + "red-1" and pushed.get("frm") == 2 and pushed.get("to") == "island"
    assert s.spent == 1                                             # no MP for the fall


def test_R22_a_pirate_on_the_island_moves_only_by_a_rescue():
    s = position(3, planks={0: ["red-1"]})
    assert P + "red-2" in s.island
    assert refused(s, Move(0, P + "red-2", 1, 1)) == "planks.reason.on_island"


def test_R23_rescue_costs_two_and_continues_away_from_the_ladder():
    s = position(3, planks={0: ["red-1"]})
    s.apply(Rescue(0, P + "red-2", 5, 2, -1))
    assert s.plank_of(P + "red-2") == 3 and s.spent == 4
    assert events(s, "moved")[-1].get("path") == (5, 4, 3)
    t = position(3, planks={0: ["red-1"]})
    assert refused(t, Rescue(0, P + "red-2", 6, 1, -1)) == "planks.reason.turn_back"


def test_R24_a_rescue_needs_two_mp_left_in_the_turn():
    s = position(3, planks={0: ["red-1"]}, spent=4, budgets={0: 8})
    assert s.left_in_turn() == 1
    assert refused(s, Rescue(0, P + "red-2", 5, 0, -1)) == "planks.reason.rescue_mp"
    tired = position(3, planks={0: ["red-1"]}, budgets={0: 0})
    assert not [a for a in tired.legal_actions() if isinstance(a, Rescue)]


def test_R25_a_rescue_is_the_pirates_move_and_a_moved_pirate_pushed_off_stays_out():
    s = position(3, planks={0: ["red-1"]})
    s.apply(Rescue(0, P + "red-2", 6, 0, 1))
    assert refused(s, Move(0, P + "red-2", 1, 1)) == "planks.reason.moved"
    t = position(3, planks={0: ["red-1"], 1: ["red-2"], 2: ["red-3", "green-1", "blue-1"]})
    t.apply(Move(0, P + "red-1", 1, 2))              # red-1 lands on plank 2 and pushes red-3, unmoved
    t.apply(Rescue(0, P + "red-3", 6, 0, 1))
    assert t.plank_of(P + "red-3") == 6
    moved = position(3, planks={0: ["red-2"]}, island=["red-1"], moved=["red-1"], spent=1, budgets={0: 11})
    assert moved.left_in_turn() == 4                               # MP enough, but red-1 already moved
    assert refused(moved, Rescue(0, P + "red-1", 5, 0, -1)) == "planks.reason.moved"
    assert not [a for a in moved.legal_actions() if isinstance(a, Rescue) and a.pirate == P + "red-1"]


def test_R26_island_pirates_stay_there_into_the_next_round():
    s = scoring_position(4, scorer=2, planks={0: ["red-4"]})
    trigger(s)
    assert s.round == 2 and P + "green-3" in s.island


def test_R27_a_player_without_a_move_is_skipped_and_drops_to_0_1():
    s = position(3, planks={2: ["green-1"], 4: ["blue-1"]}, turn=1, budgets={0: 1})
    s.apply(Move(1, P + "green-1", 1, 1))
    s.apply(EndTurn(1))
    s.apply(Move(2, P + "blue-1", 1, 1))
    s.apply(EndTurn(2))
    assert events(s, "skipped")[-1].seat == 0 and s.budgets[0] == 0 and s.current == 1
    # with 2 players the skipped turn still moves the turn counter (a constructed position: it cannot happen)
    two = position(2, planks={0: ["red-1"]}, budgets={1: 1}, counters={0: 2, 1: 2})
    two.apply(Move(0, P + "red-1", 1, 1))
    two.apply(EndTurn(0))
    assert events(two, "skipped")[-1].seat == 1 and two.counters == [1, 1] and two.current == 0


def test_R28_an_exhausted_player_moves_one_pirate_one_plank_per_turn():
    s = position(3, planks={0: ["red-1", "red-2"]}, budgets={0: 0}, exhausted=[0])
    moves = [a for a in s.legal_actions() if isinstance(a, Move)]
    assert moves and all(a.steps == 1 for a in moves)
    s.apply(moves[0])
    assert s.current == 1
    # turn after turn, until the round's scoring: the 1-MP moves never count as a second player on 0/1
    t = position(3, planks={0: ["red-1"], 2: ["green-1"], 4: ["blue-1"]}, turn=1, budgets={0: 0}, exhausted=[0])
    for _ in range(3):
        t.apply(Move(1, P + "green-1", 1, 1))
        t.apply(EndTurn(1))
        t.apply(Move(2, P + "blue-1", 1, 1))
        t.apply(EndTurn(2))
        assert t.current == 0 and t.allowance == 1
        t.apply(Move(0, P + "red-1", 1, 1))
        assert t.current == 1 and t.budgets[0] == 0 and t.exhausted == [0]
    assert t.round == 1 and not events(t, "scoring") and t.plank_of(P + "red-1") == 3


def test_R29_the_first_player_to_reach_0_1_does_not_end_the_round():
    s = position(3, planks={0: ["red-1"]}, budgets={0: 1})
    s.apply(Move(0, P + "red-1", 1, 1))
    assert s.exhausted == [0] and s.round == 1 and s.phase == PLAY and s.current == 1


def test_R30_the_second_player_to_reach_0_1_ends_the_round_at_once():
    s = scoring_position(4, scorer=2)
    trigger(s)
    assert events(s, "scoring")[-1].seat == 2 and s.scorer == 2 and s.round == 2
    lines = [line.text.key for line in s.log]
    assert "planks.log.scoring" in lines and "planks.log.exhausted" not in lines  # no "1 MP per turn" now
    # the move in progress is finished first: its landing pushes Red 5 off the big chest's plank
    t = scoring_position(4, scorer=2, planks={3: ["red-5", "green-4", "yellow-3"], 1: [], 2: ["blue-1"]})
    t.apply(Move(2, P + "blue-1", 1, 1))
    chest = next(e for e in events(t, "chest") if e.get("chest") == "chest-big-1")
    assert chest.get("pirates") == (P + "green-4", P + "yellow-3", P + "blue-1")
    assert chest.get("winner") == P + "green-4" and P + "red-5" in t.island


def test_R31_two_players_score_when_both_have_played_three_turns():
    s = two_player_last_turn()
    end_two_player_round(s)
    assert events(s, "scoring")[-1].seat == 1 and s.round == 2 and s.counters == [3, 3]


def test_R32_a_two_player_round_is_six_turns_and_unspent_mp_are_lost():
    s = new(2, seed=3)
    first = s.current
    turns = []
    while s.round == 1:
        seat = s.current
        act = next(a for a in s.legal_actions() if isinstance(a, Move) and a.steps == 1)
        s.apply(act)
        s.apply(EndTurn(seat))
        turns.append(seat)
    assert turns == [first, 1 - first] * 3 and s.budgets == [12, 12]
    t = position(2, planks={0: ["red-1", "red-2"], 6: ["blue-1"]}, budgets={0: 2}, counters={0: 1, 1: 1})
    t.apply(Move(0, P + "red-1", 1, 2))                             # 0/1 on the last turn: no 1-MP turns follow
    assert t.current == 1 and "planks.log.exhausted_2p" in [line.text.key for line in t.log]
    assert "planks.log.exhausted" not in [line.text.key for line in t.log]


def test_R33_two_players_the_last_turns_player_is_the_scoring_player():
    s = two_player_last_turn(planks={0: ["red-5"]})
    end_two_player_round(s)
    assert s.scorer == 1


# ---------------------------------------------------------------------------------------------- scoring
def test_R34_only_pirates_on_a_chest_plank_win_and_never_from_the_island():
    s = scoring_position(4, scorer=2, planks={0: ["red-3"], 2: ["yellow-5"]})
    trigger(s)
    chests = {e.get("chest"): e for e in events(s, "chest")}
    assert chests["chest-small-1"].get("winner") == P + "red-3"
    assert all(e.get("winner") is None for c, e in chests.items() if c != "chest-small-1")


def test_R35_every_pirate_whose_size_is_shared_is_cancelled():
    winner, cancelled = judge_chest("chest-big-1", [P + "red-2", P + "green-2", P + "blue-1"])
    assert cancelled == [P + "red-2", P + "green-2"] and winner == P + "blue-1"


def test_R36_the_biggest_remaining_pirate_wins_a_big_chest():
    assert judge_chest("chest-big-2", [P + "red-1", P + "green-4", P + "blue-3"])[0] == P + "green-4"


def test_R37_the_smallest_remaining_pirate_wins_a_small_chest():
    assert judge_chest("chest-small-2", [P + "red-1", P + "green-4", P + "blue-3"])[0] == P + "red-1"


def test_R38_no_pirate_left_no_treasure():
    assert judge_chest("chest-small-1", [])[0] is None
    assert judge_chest("chest-small-1", [P + "red-2", P + "blue-2"])[0] is None
    s = scoring_position(4, scorer=2)
    trigger(s)
    assert all(len(t) == 0 for t in s.treasures)


def test_R39_each_chest_won_is_one_draw_up_to_four():
    s = scoring_position(4, scorer=2, planks={0: ["red-1"], 3: ["red-5"], 6: ["red-2"], 9: ["red-4"]})
    trigger(s)
    drew = events(s, "drew")[-1]
    assert drew.seat == 0 and len(drew.get("tiles")) == 4


def test_R40_the_scoring_player_draws_first_then_clockwise():
    s = scoring_position(4, scorer=2, planks={0: ["red-1"], 3: ["yellow-5"], 6: ["blue-2"], 9: ["green-4"]})
    trigger(s)
    assert [e.seat for e in events(s, "drew")] == [2, 3, 0, 1]


def test_R41_an_empty_bag_gives_nothing_more_and_ends_the_game():
    s = scoring_position(3, scorer=2, planks={0: ["blue-2"], 3: ["red-5"], 6: ["green-2"]},
                         treasures={0: ["pearl", "ring", "doubloon"],
                                    1: ["pearl", "ring", "doubloon", "ruby", "emerald"], 2: ["ruby", "emerald"]},
                         bag=["brooch", "brooch"])
    trigger(s)
    assert s.is_over() and not s.bag
    assert [len(t) for t in s.treasures] == [4, 5, 3]
    assert [e.seat for e in events(s, "drew")] == [2, 0]


def test_R42_a_duplicate_goes_to_the_player_with_fewest_chosen_by_the_giver():
    s = scoring_position(4, scorer=2, planks={6: ["blue-2"]},
                         treasures={0: ["crown"], 1: ["pearl", "ruby"], 2: ["goblet"], 3: ["amulet"]},
                         draws=["goblet"])
    trigger(s)
    assert s.phase == GIVE and s.current == 2
    assert sorted(a.to for a in s.legal_actions()) == [0, 3]
    assert refused(s, GiveTreasure(2, 1)) == "planks.reason.not_fewest"
    assert refused(s, GiveTreasure(2, 2)) == "planks.reason.give_self"
    s.apply(GiveTreasure(2, 3))
    assert kinds(s.treasures[3]) == ["amulet", "goblet"] and kinds(s.treasures[2]) == ["goblet"]
    assert s.phase == PLAY and s.round == 2
    # tiles drawn together are checked in the order drawn, the fewest counted anew for each
    t = scoring_position(4, scorer=0, planks={0: ["red-2"], 3: ["red-5"]},
                         treasures={0: ["crown", "ruby"], 1: [], 2: ["pearl"], 3: ["ring"]},
                         draws=["crown", "ruby"])
    trigger(t)
    assert kinds(t.treasures[1]) == ["crown"]                     # the first duplicate to the only one with 0
    assert t.phase == GIVE and kinds([t.gift]) == ["ruby"] and sorted(a.to for a in t.legal_actions()) == [1, 2, 3]


def test_R43_two_players_a_duplicate_leaves_the_game():
    s = two_player_last_turn(planks={0: ["red-2"]}, treasures={0: ["ruby"]}, draws=["ruby"])
    end_two_player_round(s)
    assert kinds(s.removed) == ["ruby"] and kinds(s.treasures[0]) == ["ruby"]


def test_R44_chests_move_two_planks_clips_reset_pirates_stay():
    s = scoring_position(4, scorer=2, planks={5: ["red-2", "green-3"]})
    before = [list(p) for p in s.planks]
    trigger(s)
    assert s.chests == [2, 5, 8, 11] and s.budgets == [12] * 4
    before[1].remove(P + "blue-1")
    before[2].append(P + "blue-1")
    assert s.planks == before


def test_R45_next_round_starts_left_of_the_scorer_or_alternates_with_two():
    s = scoring_position(4, scorer=3)
    trigger(s)
    assert s.first == 0 and s.current == 0
    u = scoring_position(4, scorer=2, first=0)                     # the round began with seat 0, not the scorer
    trigger(u)
    assert u.first == 3 and u.current == 3
    t = two_player_last_turn()
    end_two_player_round(t)
    assert t.first == 1 and t.current == 1


def test_R46_the_game_ends_when_the_bag_is_empty_after_scoring():
    s = scoring_position(3, scorer=2, planks={0: ["blue-2"], 3: ["red-5"]},
                         treasures={0: ["pearl", "ring", "doubloon"], 1: ["pearl", "ring", "doubloon", "ruby"],
                                    2: ["ruby", "emerald", "brooch"]}, bag=["emerald", "brooch"])
    trigger(s)
    assert s.is_over() and s.phase == OVER and s.current_players() == ()
    one_left = scoring_position(3, scorer=2, planks={0: ["blue-2"], 3: ["red-5"]},
                                treasures={0: ["pearl", "ring", "doubloon"], 1: ["pearl", "ring", "doubloon", "ruby"],
                                           2: ["ruby", "emerald"]}, bag=["emerald", "brooch", "brooch"])
    trigger(one_left)
    assert len(one_left.bag) == 1 and not one_left.is_over() and one_left.round == 2   # a tile left: play on


def test_R47_most_treasures_wins():
    s = position(3, treasures={0: ["pearl"], 1: ["ring", "dagger"], 2: []})
    assert s.result().winners == [1]


def test_R48_a_tie_on_treasures_goes_to_the_longest_line():
    s = position(3, treasures={0: ["pearl", "dagger"], 1: ["ring", "ruby"], 2: []})
    assert line_length(s.treasures[0]) == 13 and s.result().winners == [0]
    assert s.result().how.key == "planks.how.line"


def test_R49_equal_lines_share_the_victory():
    s = position(3, treasures={0: ["pearl", "ruby"], 1: ["ring", "doubloon"], 2: ["pearl"]})
    r = s.result()
    assert r.winners == [0, 1] and r.how.key == "planks.how.shared"


def test_R50_two_players_seven_treasures_end_the_game():
    s = two_player_last_turn(pairs=8, planks={0: ["red-1"]},
                             treasures={0: ["pearl", "ring", "doubloon", "ruby", "emerald", "brooch"]},
                             draws=["amulet"])
    end_two_player_round(s)
    assert s.is_over() and s.result().winners == [0]
    six = two_player_last_turn(pairs=8, planks={0: ["red-1"]},
                               treasures={0: ["pearl", "ring", "doubloon", "ruby", "emerald"]}, draws=["amulet"])
    end_two_player_round(six)
    assert len(six.treasures[0]) == 6 and not six.is_over() and six.round == 2   # 6 is not enough with 8 pairs


# ---------------------------------------------------------------------------------------------- feel-draw
def test_V1_feel_draw_offers_two_tiles_to_the_drawer_only():
    s = scoring_position(4, scorer=2, planks={6: ["blue-2"]}, feel_draw=True, draws=["ruby", "crown"])
    trigger(s)
    assert s.phase == KEEP and s.current == 2 and kinds(s.offer) == ["crown", "ruby"]
    assert s.view(2).offer == s.offer and s.view(0).offer == ["?", "?"] and s.view(None).offer == ["?", "?"]
    bag = len(s.bag)
    s.apply(KeepTreasure(2, s.offer[0]))
    assert len(s.bag) == bag - 1 and kinds(s.treasures[2]) == ["crown"] and "ruby" in kinds(s.bag)


def test_V2_several_draws_one_offer_each_in_sequence():
    s = scoring_position(4, scorer=2, planks={0: ["blue-2"], 6: ["blue-3"]}, feel_draw=True)
    trigger(s)
    offers = 0
    while s.phase == KEEP:
        offers += 1
        s.apply(s.legal_actions()[0])
    assert offers == 2 and len(s.treasures[2]) in (1, 2)


def test_V3_bots_choose_between_the_offered_tiles():
    s = scoring_position(4, scorer=2, planks={6: ["blue-2"]}, feel_draw=True)
    trigger(s)
    for level in ("easy", "medium", "hard"):
        choice = make_bot(level, 2, 7).choose(s.view(2))
        assert isinstance(choice, KeepTreasure) and choice.tile in s.offer
