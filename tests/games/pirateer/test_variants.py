"""Pirateer variants (spec section 6: the V rules but V11; not fantastic-eight) and examples V-A..V-K."""
from __future__ import annotations

import pytest

from game.core.protocol import IllegalAction
from game.games.pirateer.moves import DESTROYED, ISLAND
from game.games.pirateer.rules import (BONUS, OVER, RULES, START, STORM, WIND, Arm, Bonus, ChooseCarrier, EndTurn,
                                       Move, Roll, StormPick, Take)
from tests.games.pirateer.helpers import cells, fixed_dice, game, legal_moves, mv, new_game, roll, sid, single


def keys(s):
    return [e.text.key for e in s.log]


# -- compatibility (6.13) ---------------------------------------------------------------------------
@pytest.mark.parametrize("players,options,ok", [
    (4, {"devils-island": True, "flotilla": True}, False),
    (4, {"devils-island": True, "war-wind": True}, False),
    (3, {"storm": True, "acey-deucey": True}, False),
    (2, {"domination": True, "grab-and-run": True}, False),
    (3, {"domination": True}, False), (2, {"dead-man": True}, False), (3, {"war-wind": True}, False),
    (4, {"war-wind": True, "nuke": True, "wrecks": True, "free-boarding": True, "storm": True}, True),
    (3, {"dead-man": True, "flotilla": True, "acey-deucey": True}, True),
    (2, {"grab-and-run": True, "devils-island": True}, True),
])
def test_compatibility_table(players, options, ok):
    assert (not RULES.check(players, options)) == ok


# -- devils-island ----------------------------------------------------------------------------------
def test_V_A_devils_island_setup():
    s = new_game(4, {"devils-island": True}, 1)
    want = {"Sp1": (0, 10), "Sp2": (8, 9), "Sp3": (8, 10), "Fr1": (10, 0), "Fr2": (9, 8), "Fr3": (10, 8),
            "Ba1": (9, 19), "Ba2": (9, 11), "Ba3": (10, 11), "Pi1": (19, 9), "Pi2": (11, 9), "Pi3": (11, 10)}
    assert {k: s.ships[sid(k)] for k in want} == want


def test_V1_1_ships_two_and_three_on_the_near_docks():
    s = new_game(2, {"devils-island": True}, 2)
    assert s.ships[sid("Pi2")] == (11, 9) and s.ships[sid("Pi1")] == (19, 9)


def test_V1_2_first_player_may_take_before_moving():
    s = new_game(4, {"devils-island": True}, 3)
    assert any(isinstance(a, Take) for a in s.legal_actions())


# -- storm ------------------------------------------------------------------------------------------
def test_V2_1_three_dice():
    s = fixed_dice(game({"Sp1": (5, 13), "Fr1": (10, 0)}, options={"storm": True}), 1, 2, 3)
    s.apply(Roll(0))
    assert sorted(s.dice) == [1, 2, 3] and s.need == 3


def test_V_B_storm_sinks_the_farthest_ship():
    s = game({"Sp1": (0, 11), "Sp2": (5, 13), "Sp3": (15, 14), "Fr1": (10, 0)}, options={"storm": True})
    assert [s.port_distance(sid(k)) for k in ("Sp1", "Sp2", "Sp3")] == [2, 9, 18]
    fixed_dice(s, 4, 4, 4).apply(Roll(0))
    assert sid("Sp3") not in s.ships and "pir.log.storm" in keys(s) and s.dice == [4, 4, 4]
    assert s.need >= 1


def test_V2_2_storm_strikes_before_moving():
    s = fixed_dice(game({"Sp1": (5, 13), "Sp2": (0, 11), "Fr1": (10, 0)}, options={"storm": True}), 2, 2, 2)
    s.apply(Roll(0))
    assert sid("Sp1") not in s.ships and s.phase == "move"


def test_V2_3_ties_are_chosen_by_the_player():
    s = fixed_dice(game({"Sp1": (1, 13), "Sp2": (0, 14), "Fr1": (10, 0)}, options={"storm": True}), 5, 5, 5)
    assert s.port_distance(sid("Sp1")) == s.port_distance(sid("Sp2")) == 5
    s.apply(Roll(0))
    assert s.phase == STORM and set(s.legal_actions()) == {StormPick(0, sid("Sp1")), StormPick(0, sid("Sp2"))}
    s.apply(StormPick(0, sid("Sp2")))
    assert sid("Sp2") not in s.ships and sid("Sp1") in s.ships


def test_V2_4_a_sunk_treasure_returns_and_last_ship_is_out():
    s = fixed_dice(game({"Sp1": (5, 13), "Fr1": (10, 0), "Pi1": (19, 9)}, treasure="Sp1", options={"storm": True}),
                   3, 3, 3)
    s.apply(Roll(0))
    assert s.treasure == ISLAND and 0 in s.out and s.current == 1
    s = fixed_dice(game({"Sp1": (5, 13), "Fr1": (10, 0)}, options={"storm": True}), 3, 3, 3)
    s.apply(Roll(0))
    assert s.is_over() and s.winners == [1]


# -- nuke -------------------------------------------------------------------------------------------
def test_V_C_nuke_blast():
    s = game({"Pi2": (11, 10), "Sp1": (11, 8), "Fr1": (13, 11), "Ba1": (12, 12), "Pi3": (10, 12)},
             current="Pi", options={"nuke": True})
    fixed_dice(s, 2, 5).apply(Arm(s.current, sid("Pi2")))
    assert set(s.ships) == {sid("Fr1"), sid("Ba1"), sid("Pi3")} and s.treasure == DESTROYED
    assert "pir.log.treasure_destroyed" in keys(s) and s.seat_factions[s.current] == ["barbary"]


def test_V3_1_arm_only_before_rolling():
    s = game({"Sp1": (5, 13), "Fr1": (10, 0)}, options={"nuke": True})
    assert Arm(0, sid("Sp1")) in s.legal_actions()
    roll(s, 1, 2)
    with pytest.raises(IllegalAction):
        s.apply(Arm(0, sid("Sp1")))


def test_V3_2_the_nuke_turn_has_no_movement():
    s = fixed_dice(game({"Sp1": (5, 13), "Fr1": (10, 0), "Pi1": (19, 9)}, options={"nuke": True}), 1, 6)
    s.apply(Arm(0, sid("Sp1")))
    assert s.current == 1 and s.phase == START


def test_V3_3_euclidean_radius_and_straits_at_both_halves():
    s = game({"Sp1": (14, 14), "Fr1": (3, 4), "Pi1": (19, 9), "Ba1": (9, 19)}, options={"nuke": True})
    fixed_dice(s, 3, 3).apply(Arm(0, sid("Sp1")))
    assert sid("Fr1") not in s.ships            # strait S: its bottom half (15,16) is sqrt(5) away
    assert sid("Pi1") in s.ships and s.treasure == ISLAND


def test_V3_4_a_nuke_roll_is_not_a_storm():
    s = fixed_dice(game({"Sp1": (0, 11), "Sp2": (5, 13), "Fr1": (10, 0), "Pi1": (19, 9)},
                        options={"nuke": True, "storm": True}), 1, 1, 1)
    s.apply(Arm(0, sid("Sp1")))
    assert sid("Sp2") in s.ships and "pir.log.storm" not in keys(s)


def test_V3_5_after_the_treasure_is_gone_boarding_is_free():
    s = game({"Sp1": (5, 13), "Fr1": (8, 13)}, treasure=DESTROYED)
    assert (8, 13) in cells(s, "Sp1", 3)


def test_V3_6_blasts_remove_wrecks_and_leave_none():
    s = game({"Sp1": (5, 13), "Fr1": (6, 13), "Pi1": (19, 9)}, options={"nuke": True, "wrecks": True},
             wrecks=((5, 14),))
    fixed_dice(s, 1, 4).apply(Arm(0, sid("Sp1")))
    assert s.wrecks == frozenset()


def test_V3_7_no_ship_left_is_a_draw():
    s = fixed_dice(game({"Sp1": (5, 13), "Fr1": (6, 13)}, options={"nuke": True}), 3, 3)
    s.apply(Arm(0, sid("Sp1")))
    assert s.is_over() and s.winners == [] and s.how.key == "pir.how.all_sunk_draw"
    s = fixed_dice(game({"Sp1": (5, 13), "Fr1": (6, 13), "Pi1": (19, 9)}, options={"nuke": True}), 3, 3)
    s.apply(Arm(0, sid("Sp1")))
    assert s.is_over() and s.winners == [2]


# -- flotilla ---------------------------------------------------------------------------------------
def test_V4_1_fleets_start_stacked():
    s = new_game(2, {"flotilla": True}, 1)
    assert {s.ships[sid(f"Sp{n}")] for n in (1, 2, 3)} == {(0, 10)}


def test_V_D_fleet_moves_and_splits():
    s = game({"Sp1": (0, 10), "Sp2": (0, 10), "Sp3": (0, 10), "Fr1": (10, 0)}, options={"flotilla": True})
    roll(s, 3, 2)
    s.apply(Move(0, (sid("Sp1"), sid("Sp2"), sid("Sp3")), "SW", 3))
    s.apply(Move(0, (sid("Sp3"),), "SE", 2))
    assert s.ships[sid("Sp1")] == s.ships[sid("Sp2")] == (0, 13) and s.ships[sid("Sp3")] == (2, 13)


def test_V4_2_a_stack_blocks_one_square():
    s = game({"Sp1": (5, 13), "Sp2": (5, 13), "Fr1": (2, 13)}, options={"flotilla": True})
    assert (8, 13) not in cells(s, "Fr1", 6)


def test_V4_3_any_part_of_a_stack_moves():
    s = roll(game({"Sp1": (5, 13), "Sp2": (5, 13), "Fr1": (10, 0)}, options={"flotilla": True}), 3, 2)
    groups = {m[0] for m in legal_moves(s)}
    assert groups == {(sid("Sp1"),), (sid("Sp2"),), (sid("Sp1"), sid("Sp2"))}


def test_V4_4_ships_rejoin_a_stack():
    s = game({"Sp1": (5, 13), "Sp2": (8, 13), "Fr1": (10, 0)}, options={"flotilla": True})
    assert (8, 13) in cells(s, "Sp1", 3)


def test_V4_5_a_group_with_the_carrier_obeys_R17():
    s = roll(game({"Sp1": (5, 13), "Sp2": (5, 13), "Fr1": (10, 0)}, treasure="Sp1", options={"flotilla": True}), 3, 2)
    assert not any(d == "SE" and sid("Sp1") in g for g, d, _ in legal_moves(s))
    assert any(d == "SE" and g == (sid("Sp2"),) for g, d, _ in legal_moves(s))


def test_V4_6_any_ship_of_a_stack_on_a_dock_takes():
    s = game({"Sp1": (8, 9), "Sp2": (8, 9), "Fr1": (10, 0)}, options={"flotilla": True})
    assert {Take(0, sid("Sp1")), Take(0, sid("Sp2"))} <= set(s.legal_actions())


def test_V4_7_boarding_a_stack_sinks_it_all():
    s = roll(game({"Sp1": (5, 13), "Fr1": (8, 13), "Fr2": (8, 13), "Pi1": (19, 9)}, treasure="Fr2",
                  options={"flotilla": True}), 3, 1)
    s.apply(mv(s, "Sp1", "SE", 3))
    assert sid("Fr1") not in s.ships and sid("Fr2") not in s.ships and s.treasure == sid("Sp1")


def test_V4_8_storm_sinks_one_ship_of_a_stack():
    s = fixed_dice(game({"Sp1": (5, 13), "Sp2": (5, 13), "Fr1": (10, 0)}, options={"flotilla": True,
                                                                                      "storm": True}), 6, 6, 6)
    s.apply(Roll(0))
    assert s.phase == STORM
    s.apply(StormPick(0, sid("Sp1")))
    assert sid("Sp2") in s.ships and sid("Sp1") not in s.ships


# -- wrecks -----------------------------------------------------------------------------------------
def test_V_E_wreck_under_the_boarder():
    s = roll(game({"Sp1": (5, 13), "Fr1": (2, 13), "Pi1": (19, 9)}, treasure="Sp1", options={"wrecks": True}), 3, 2)
    s.apply(mv(s, "Sp1", "NW", 3))
    assert s.wrecks == frozenset({(2, 13)})
    s.apply(mv(s, "Sp1", "NW", 2))
    assert s.ships[sid("Sp1")] == (0, 13)
    later = game({"Ba1": (5, 13)}, current="Ba", options={"wrecks": True}, wrecks=((2, 13),))
    assert (1, 13) not in cells(later, "Ba1", 4) and (2, 13) not in cells(later, "Ba1", 3)


def test_V5_1_a_sinking_leaves_a_wreck():
    s = roll(game({"Sp1": (5, 13), "Fr1": (8, 13), "Pi1": (19, 9)}, treasure="Fr1", options={"wrecks": True}), 3, 1)
    s.apply(mv(s, "Sp1", "SE", 3))
    assert (8, 13) in s.wrecks


def test_V5_2_the_boarder_on_a_wreck_can_still_be_boarded():
    s = game({"Sp1": (8, 13), "Fr1": (5, 13)}, treasure="Sp1", current="Fr", options={"wrecks": True},
             wrecks=((8, 13),))
    assert (8, 13) in cells(s, "Fr1", 3)
    s = game({"Fr1": (5, 13)}, current="Fr", options={"wrecks": True}, wrecks=((8, 13),))
    assert (8, 13) not in cells(s, "Fr1", 3) and (9, 13) not in cells(s, "Fr1", 4)


def test_V5_3_a_wreck_on_a_dock_closes_it():
    s = game({"Sp1": (8, 9), "Fr1": (10, 0)}, options={"wrecks": True}, wrecks=((8, 9),))
    assert not any(isinstance(a, Take) for a in s.legal_actions())


def test_V5_4_wrecks_never_count_for_E2():
    s = roll(game({"Sp1": (5, 13), "Fr1": (2, 13)}, treasure="Sp1", options={"wrecks": True}), 3, 1)
    s.apply(mv(s, "Sp1", "NW", 3))
    assert s.is_over() and s.winners == [0]


# -- acey-deucey -------------------------------------------------------------------------------------
def _acey():
    s = game({"Sp1": (5, 13), "Fr1": (10, 0)}, options={"acey-deucey": True})
    return roll(s, 1, 2)


def test_V6_1_play_the_one_and_the_two_first():
    s = _acey()
    assert s.need == 2 and s.phase == "move"


def test_V_F_acey_deucey_sequence():
    s = _acey()
    s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
    s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
    assert s.phase == BONUS
    barrier = s.undo_barrier
    fixed_dice(s, 4, 3)
    s.apply(Bonus(0, 6, 5))
    assert sorted(s.dice) == [5, 6] and s.undo_barrier == barrier
    while s.phase == "move" and sorted(s.dice) == [5, 6]:
        s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
    assert sorted(s.dice) == [3, 4] and "pir.log.reroll" in keys(s) and s.undo_barrier > barrier


def test_V6_2_any_two_values():
    s = _acey()
    for _ in range(2):
        s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
    assert {(a.first, a.second) for a in s.legal_actions() if isinstance(a, Bonus)} == \
        {(a, b) for a in range(1, 7) for b in range(1, 7)}


def test_V6_3_the_reroll_may_chain():
    s = _acey()
    for _ in range(2):
        s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
    fixed_dice(s, 2, 1)
    s.apply(Bonus(0, 1, 1))
    while s.phase == "move" and s.stage == "bonus":
        s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
    while s.phase == "move":
        s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
    assert s.phase == BONUS and s.current == 0


def test_V6_4_declining_ends_the_turn_and_bonus_even_without_moves():
    s = _acey()
    for _ in range(2):
        s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
    s.apply(EndTurn(0))
    assert s.current == 1 and "pir.log.bonus_declined" in keys(s)
    t = roll(game({"Sp1": (2, 8), "Fr1": (10, 0)}, options={"acey-deucey": True}), 6, 6)
    assert t.current == 1
    u = roll(game({"Sp1": (2, 8), "Fr1": (3, 8)}, options={"acey-deucey": True}), 1, 2)
    assert u.need == 0 and u.phase == BONUS     # nothing could be played: the bonus still comes


def test_V6_5_winning_during_the_sequence():
    s = roll(game({"Sp1": (0, 13), "Fr1": (10, 0)}, treasure="Sp1", options={"acey-deucey": True}), 1, 2)
    s.apply(mv(s, "Sp1", "NE", 1))
    s.apply(mv(s, "Sp1", "NE", 2))
    s.apply(Bonus(0, 1, 6))
    s.apply(mv(s, "Sp1", "NE", 1))
    assert s.is_over() and s.winners == [0]


# -- domination, grab-and-run --------------------------------------------------------------------------
def test_V7_1_domination_sides():
    s = new_game(2, {"domination": True}, 1)
    assert s.seat_factions == [["spanish", "barbary"], ["french", "pirates"]] and len(s.ships) == 12


def test_V7_2_one_roll_moves_any_of_six_ships():
    s = new_game(2, {"domination": True}, 1)
    seat = s.current
    fixed_dice(s, 2, 1).apply(Roll(seat))
    factions = {m[0][0].split("-")[1] for m in legal_moves(s)}
    assert factions == set(s.seat_factions[seat])


def test_V_G_domination_carrier_goes_to_its_own_anchor():
    s = game({"Ba1": (5, 19), "Fr1": (10, 0)}, treasure="Ba1", current="0", players=2,
             options={"domination": True})
    assert ("SE", (10, 19)) in single(s, "Ba1", 5)
    roll(s, 5, 1)
    s.apply(mv(s, "Ba1", "SE", 5))
    assert s.is_over() and s.winners == [0]


def test_V7_3_domination_uses_the_own_faction_table():
    s = game({"Ba1": (12, 12), "Fr1": (10, 0)}, treasure="Ba1", current="0", players=2,
             options={"domination": True})
    assert "NE" not in {d for d, _ in single(s, "Ba1", 1)}


def test_V7_4_own_factions_never_board_each_other():
    s = game({"Sp1": (5, 13), "Ba1": (8, 13), "Fr1": (10, 0)}, treasure="Ba1", current="0", players=2,
             options={"domination": True, "free-boarding": True})
    assert (8, 13) not in cells(s, "Sp1", 3)


def test_V8_1_grab_and_run_sides():
    s = new_game(2, {"grab-and-run": True}, 1)
    assert s.seat_factions == [["spanish", "french"], ["barbary", "pirates"]]


def test_V8_2_partner_harbours_are_poison():
    s = game({"Sp1": (10, 0), "Ba1": (9, 19)}, treasure="Sp1", current="0", players=2,
             options={"grab-and-run": True})
    assert all(single(s, "Sp1", d) <= {("NW", (9, 0))} for d in range(1, 7))


# -- dead-man -----------------------------------------------------------------------------------------
def test_V9_1_the_dead_man_is_set_up_but_idle():
    s = new_game(3, {"dead-man": True}, 1)
    assert s.dead_man == "barbary" and s.ships[sid("Ba1")] == (9, 19)
    assert all(s.controller("barbary") is None for _ in range(1))
    fixed_dice(s, 2, 1).apply(Roll(s.current))
    assert not any(m[0][0].startswith("ship-barbary") for m in legal_moves(s))


def test_V9_2_dead_man_ships_are_enemies_but_not_opponents():
    s = game({"Sp1": (5, 13), "Ba1": (8, 13), "Fr1": (10, 0)}, treasure="Sp1", players=3,
             options={"dead-man": True})
    assert (8, 13) not in cells(s, "Sp1", 3)         # SE is forbidden for a Spanish carrier
    s = game({"Pi1": (5, 13), "Ba1": (8, 13), "Fr1": (10, 0)}, treasure="Pi1", current="Pi", players=3,
             options={"dead-man": True})
    assert (8, 13) in cells(s, "Pi1", 3)
    t = roll(game({"Pi1": (5, 13), "Sp1": (8, 13), "Ba1": (9, 19)}, treasure="Pi1", current="Pi", players=3,
                  options={"dead-man": True}), 3, 1)
    t.apply(mv(t, "Pi1", "SE", 3))
    assert not t.is_over()


def test_V_I_dead_man_takeover():
    s = roll(game({"Pi1": (5, 13), "Sp1": (8, 13), "Fr1": (10, 0), "Ba1": (9, 19)}, treasure="Pi1", current="Pi",
                  players=3, options={"dead-man": True}), 3, 1)
    s.apply(mv(s, "Pi1", "SE", 3))
    sp = s.controller("spanish")
    assert s.seat_factions[sp] == ["spanish", "barbary"] and s.dead_man_owner == sp and "pir.log.dead_man" in keys(s)


def test_V9_3_the_new_owner_plays_the_dead_man_from_its_next_turn():
    s = roll(game({"Pi1": (5, 13), "Sp1": (8, 13), "Ba1": (9, 19)}, treasure="Pi1", current="Pi",
                  players=3, options={"dead-man": True}), 3, 1)
    s.apply(mv(s, "Pi1", "SE", 3))
    s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
    assert s.seat_factions[s.current] == ["spanish", "barbary"]


def test_V9_4_later_eliminations_are_out():
    s = roll(game({"Pi1": (5, 13), "Sp1": (8, 13), "Fr1": (10, 0)}, treasure="Pi1", current="Pi",
                  players=3, options={"dead-man": True}), 3, 1)
    s.apply(mv(s, "Pi1", "SE", 3))
    assert s.controller("spanish") in s.out and s.dead_man_owner is None


# -- war-wind ------------------------------------------------------------------------------------------
def test_V10_1_teams_of_opposite_corners():
    s = new_game(4, {"war-wind": True}, 1)
    assert s.teams[s.controller("spanish")] == s.teams[s.controller("pirates")]
    assert s.teams[s.controller("french")] == s.teams[s.controller("barbary")]
    assert [s.teams[x] for x in s.order] in ([0, 1, 0, 1], [1, 0, 1, 0])
    t = new_game(2, {"war-wind": True}, 1)
    assert t.seat_factions == [["spanish", "pirates"], ["french", "barbary"]]


def test_V_H_war_wind_setup():
    for seed in range(300):
        s = new_game(4, {"war-wind": True}, seed)
        if s.seat_factions[s.current] == ["french"]:
            break
    assert s.treasure == sid("Fr1") and s.ships[sid("Fr1")] == (10, 0)
    assert "SW" in {d for d, _ in single(s, "Fr1", 1)} or True
    assert s.ctx().anchor("french") == (10, 19)


def test_V10_2_two_faction_player_chooses_the_carrier():
    s = new_game(2, {"war-wind": True}, 1)
    assert s.phase == WIND
    s.apply(s.legal_actions()[-1])
    assert s.treasure in (sid("Sp1"), sid("Pi1"), sid("Fr1"), sid("Ba1")) and s.phase == START


def test_V10_3_carrier_uses_the_allys_table_and_anchor():
    s = game({"Fr1": (12, 12), "Sp1": (0, 10)}, treasure="Fr1", current="Fr", options={"war-wind": True})
    assert "NE" not in {d for d, _ in single(s, "Fr1", 1)} and "SW" in {d for d, _ in single(s, "Fr1", 1)}
    s = roll(game({"Fr1": (5, 19), "Sp1": (0, 10)}, treasure="Fr1", current="Fr", options={"war-wind": True}), 5, 1)
    s.apply(mv(s, "Fr1", "SE", 5))
    assert s.is_over() and set(s.winners) == {s.controller("french"), s.controller("barbary")}


def test_V10_4_allies_never_board_each_other():
    s = game({"Sp1": (5, 13), "Pi1": (8, 13), "Fr1": (10, 0)}, treasure="Pi1", options={"war-wind": True})
    assert (8, 13) not in cells(s, "Sp1", 3)
    t = roll(game({"Pi1": (5, 13), "Fr1": (2, 13), "Sp1": (0, 10)}, treasure="Pi1", current="Pi",
                  options={"war-wind": True}), 3, 1)
    t.apply(mv(t, "Pi1", "NW", 3))
    assert t.is_over() and set(t.winners) == {t.controller("spanish"), t.controller("pirates")}


def test_V10_5_a_storm_sends_the_treasure_to_the_island():
    s = fixed_dice(game({"Fr1": (5, 13), "Fr2": (10, 0), "Sp1": (0, 10)}, treasure="Fr1", current="Fr",
                        options={"war-wind": True, "storm": True}), 2, 2, 2)
    s.apply(Roll(s.current))
    assert s.treasure == ISLAND


# -- free-boarding --------------------------------------------------------------------------------------
def test_V_K_free_boarding():
    s = roll(game({"Sp1": (5, 13), "Sp2": (5, 16), "Fr1": (8, 13), "Pi1": (19, 9)},
                  options={"free-boarding": True}), 3, 1)
    s.apply(mv(s, "Sp1", "SE", 3))
    assert sid("Fr1") not in s.ships and s.treasure == ISLAND


def test_V12_1_free_boarding_still_hands_over_the_treasure():
    s = roll(game({"Sp1": (5, 13), "Fr1": (8, 13), "Pi1": (19, 9)}, treasure="Fr1",
                  options={"free-boarding": True}), 3, 1)
    s.apply(mv(s, "Sp1", "SE", 3))
    assert s.treasure == sid("Sp1")
