"""The spec's resolved ambiguities (section 7, A1 ... A25), one test each, named after its id."""
from __future__ import annotations

from game.games.planks.positions import position
from game.games.planks.rules import (BIG, CHESTS, COLOURS, GIVE, LENGTH, PLAY, EndTurn, Move, PlaceChests,
                                     PlacePirates, Rescue, judge_chest, plank_at, treasure_target)
from tests.games.planks.helpers import (P, end_two_player_round, events, new, scoring_position, trigger,
                                        two_player_last_turn)


def test_A1_twelve_planks_in_a_closed_ring():
    assert [plank_at(11, 1), plank_at(0, -1), plank_at(5, 1)] == [0, 11, 6]
    assert len(new(3).planks) == 12


def test_A2_the_ladder_leads_to_either_stern_plank():
    s = position(3, planks={0: ["red-1"]}, island=["red-2"])
    stern = {a.plank for a in s.legal_actions() if isinstance(a, Rescue) and a.pirate == P + "red-2"}
    assert stern == {5, 6}


def test_A3_a_rescued_pirate_goes_on_away_from_the_ladder():
    s = position(3, planks={0: ["red-1"]}, island=["red-2"])
    rescues = [a for a in s.legal_actions() if isinstance(a, Rescue) and a.pirate == P + "red-2"]
    assert all(a.direction == (-1 if a.plank == 5 else 1) for a in rescues)
    assert max(a.steps for a in rescues) == 3


def test_A4_twelve_mp_before_0_1_and_three_turns_on_the_counter():
    s = position(3, planks={0: ["red-1", "red-2", "red-3"]})
    s.apply(Move(0, P + "red-1", 1, 5))
    assert s.budgets[0] == 7
    t = position(3, planks={0: ["red-1", "red-2", "red-3"]}, budgets={0: 1})
    t.apply(Move(0, P + "red-1", 1, 1))
    assert t.budgets[0] == 0 and t.exhausted == [0]
    assert new(2).counters == [3, 3]


def test_A5_no_extra_mp_in_the_turn_the_budget_runs_out():
    s = position(3, planks={0: ["red-1", "red-2"]}, budgets={0: 1})
    s.apply(Move(0, P + "red-1", 1, 1))
    assert s.current == 1 and s.budgets[0] == 0


def test_A6_scoring_is_immediate_mid_turn():
    s = scoring_position(4, scorer=2, planks={5: ["blue-2"]})
    trigger(s)
    assert events(s, "scoring") and not [e for e in events(s, "ended") if e.get("what") == "turn" and e.seat == 2]


def test_A7_every_shared_size_cancels():
    assert judge_chest("chest-big-1", [P + "red-5", P + "green-5", P + "blue-1"])[0] == P + "blue-1"
    assert judge_chest("chest-small-1", [P + "red-1", P + "green-1", P + "blue-5"])[0] == P + "blue-5"


def test_A8_a_stuck_player_is_skipped_and_drops_to_0_1():
    s = position(3, planks={2: ["green-1"], 4: ["blue-1"]}, turn=2, budgets={0: 1})
    s.apply(Move(2, P + "blue-1", 1, 1))
    s.apply(EndTurn(2))
    assert s.budgets[0] == 0 and s.current == 1


def test_A9_play_continues_clockwise_after_the_scoring_player():
    s = scoring_position(3, scorer=1)
    trigger(s)
    assert s.first == 2 and s.current == 2


def test_A10_the_drawer_is_never_the_recipient():
    s = scoring_position(4, scorer=0, planks={0: ["red-2"]}, treasures={0: ["crown"], 1: ["pearl"], 2: ["ring"],
                                                                         3: ["ruby", "emerald"]}, draws=["crown"])
    trigger(s)
    assert s.phase == GIVE and sorted(a.to for a in s.legal_actions()) == [1, 2]


def test_A11_the_marker_is_out_of_play_and_six_treasures_end_the_intro_game():
    s = new(2, pairs=6)
    assert s.marker not in s.bag and len(s.bag) == 11
    assert treasure_target(6) == 6 and treasure_target(8) == treasure_target(12) == 7


def test_A12_two_players_the_last_turns_player_scores():
    s = two_player_last_turn()
    end_two_player_round(s)
    assert events(s, "scoring")[-1].seat == 1


def test_A13_twelve_kinds_with_lengths_one_to_twelve():
    assert sorted(LENGTH.values()) == list(range(1, 13))


def test_A14_the_default_draw_is_blind():
    s = scoring_position(4, scorer=2, planks={6: ["blue-2"]})
    trigger(s)
    assert s.phase == PLAY and not events(s, "offered") and len(events(s, "drew")[-1].get("tiles")) == 1


def test_A15_yellow_is_the_fourth_colour():
    assert COLOURS == ("red", "green", "blue", "yellow")
    assert new(4).colours[3] == ["yellow"]


def test_A16_the_setup_chooses_who_starts():
    assert new(3, **{"first-player": "seat-3"}).starter == 2


def test_A17_first_chest_and_first_pirate_are_random_unless_chosen_at_the_table():
    assert new(3).phase == PLAY
    s = new(3, **{"first-plank": "choose", "first-player": "seat-1"})
    assert s.phase == "chests"
    s.apply(PlaceChests(0, 4))
    assert s.phase == "pirates"
    s.apply(PlacePirates(0, 4))
    assert s.phase == PLAY and len(s.planks[4]) == 2


def test_A18_the_kinds_in_the_bag_are_picked_at_random():
    assert len({tuple(new(3, seed=k).kinds) for k in range(6)}) > 1


def test_A19_small_and_big_chests_are_told_apart():
    assert [c in BIG for c in CHESTS] == [False, True, False, True]


def test_A20_a_chest_serves_only_its_own_plank():
    s = scoring_position(4, scorer=2, planks={11: ["red-1"], 2: ["red-2"]})
    trigger(s)
    assert all(e.get("winner") is None for e in events(s, "chest"))


def test_A21_a_plank_is_a_queue_of_three_front_first_out():
    s = position(3, planks={2: ["green-1", "green-2", "green-3"], 0: ["red-1", "red-2"]})
    s.apply(Move(0, P + "red-1", 1, 2))
    s.apply(Move(0, P + "red-2", 1, 2))
    assert s.planks[2] == [P + "green-3", P + "red-1", P + "red-2"]


def test_A22_setup_never_overfills_a_plank():
    for seed in range(10):
        assert max(len(p) for p in new(4, seed=seed).planks) == 2


def test_A23_several_rescues_in_one_turn():
    s = position(3, planks={0: ["red-5"]}, island=["red-1", "red-2"], budgets={0: 12})
    s.apply(Rescue(0, P + "red-1", 5, 0, -1))
    s.apply(Rescue(0, P + "red-2", 6, 0, 1))
    assert s.plank_of(P + "red-1") == 5 and s.plank_of(P + "red-2") == 6 and s.spent == 4


def test_A24_a_rescue_is_one_move_never_split_across_turns():
    s = position(3, planks={0: ["red-5"]}, island=["red-1"], budgets={0: 1})
    assert not [a for a in s.legal_actions() if isinstance(a, Rescue)]
    t = position(3, planks={0: ["red-5"]}, island=["red-1"])
    t.apply(Rescue(0, P + "red-1", 5, 0, -1))
    assert P + "red-1" in t.moved and "ladder" not in str(t.to_json()["planks"])


def test_A25_equal_lines_share_the_victory():
    r = position(3, treasures={0: ["pearl", "ruby"], 1: ["ring", "doubloon"], 2: []}).result()
    assert r.winners == [0, 1] and r.ranks[:2] == [1, 1]
