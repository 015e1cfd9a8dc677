"""Pirateer's resolved ambiguities (spec section 7, A1-A26): each reading the spec chose, as a test that
fails if the engine reads the rulebook another way."""
from __future__ import annotations

import pytest

from game.core.protocol import IllegalAction
from game.games.pirateer.moves import DESTROYED, ISLAND, MOVE_DIRECTIONS, ray
from game.games.pirateer.rules import (BONUS, MOVE, RULES, START, STORM, Bonus, EndTurn, Move, Roll, StormPick,
                                       Take)
from tests.games.pirateer.helpers import cells, game, legal_moves, mv, roll, sid, single
from tests.games.pirateer.test_setup_rules import CLOCKWISE, started

BOARD = RULES.board


def keys(s):
    return [e.text.key for e in s.log]


# -- moving -------------------------------------------------------------------------------------------
def test_A1_a_diagonal_step_crosses_a_side_of_the_diamond():
    s = game({"Sp1": (5, 5)})
    assert cells(s, "Sp1", 1) == {(6, 5), (4, 5), (5, 6), (5, 4)}        # x or y changes by one
    assert not cells(s, "Sp1", 1) & {(6, 6), (4, 4), (6, 4), (4, 6)}     # no bishop moves on upright squares
    # so a ship is not locked to one colour of a chequered board: one step changes x + y's parity
    assert {(x + y) % 2 for x, y in cells(s, "Sp1", 1)} == {1 - (5 + 5) % 2}


def test_A2_the_whole_die_in_one_straight_line_no_stopping_short():
    s = game({"Sp1": (5, 5)})
    for die in range(1, 7):
        for direction, cell in single(s, "Sp1", die):
            assert cell == ray(BOARD, (5, 5), direction, die)[-1]        # exactly ``die`` squares on
    s = roll(s, 3, 5)
    with pytest.raises(IllegalAction):
        s.apply(Move(s.current, (sid("Sp1"),), "SE", 2))                  # no 2 rolled: no stopping at 2


def test_A3_when_either_die_fits_alone_the_player_picks_not_the_larger():
    # the French carrier at (12,10) may sail only NE here: the 3 or the 6, never both (M = 1)
    s = roll(game({"Fr1": (12, 10), "Sp3": (0, 11)}, treasure="Fr1", current="Fr"), 3, 6)
    assert s.need == 1
    assert legal_moves(s) == {((sid("Fr1"),), "NE", 3), ((sid("Fr1"),), "NE", 6)}
    t = s.clone()
    t.apply(mv(t, "Fr1", "NE", 3))                                        # the smaller one is allowed
    assert t.ships[sid("Fr1")] == (12, 7) and t.phase == START and t.current != s.current


def test_A4_doubles_give_two_moves_of_that_value_and_no_more():
    s = roll(game({"Sp1": (5, 5), "Fr1": (14, 14)}), 3, 3)
    assert s.need == 2 and {m[2] for m in legal_moves(s)} == {3}
    s.apply(mv(s, "Sp1", "SE", 3))
    assert s.phase == MOVE and s.need == 1 and {m[2] for m in legal_moves(s)} == {3}
    s.apply(mv(s, "Sp1", "NW", 3))
    assert s.ships[sid("Sp1")] == (5, 5) and s.phase == START and s.current != 0     # not four moves


def test_A5_a_take_before_the_roll_is_always_allowed_after_it_only_within_the_plan():
    # E4's position: the only Spanish ship on dock (9,8)
    before = game({"Sp1": (9, 8)})
    assert Take(0, sid("Sp1")) in before.legal_actions()                  # before rolling: allowed
    after = roll(before.clone(), 3, 3)
    assert Take(0, sid("Sp1")) not in after.legal_actions()              # after 3+3 it would waste the dice
    before.apply(Take(0, sid("Sp1")))
    assert before.treasure == sid("Sp1") and before.phase == START        # the take cost nothing; roll next
    roll(before, 3, 3)
    assert before.need < 2                                                # R11 counts from after the take


def test_A6_a_strait_is_entered_with_one_die_and_left_with_the_other():
    s = roll(game({"Sp1": (3, 7), "Fr1": (10, 0)}), 3, 2)
    s.apply(mv(s, "Sp1", "NE", 3))
    assert s.ships[sid("Sp1")] == (3, 4) and s.phase == MOVE             # the move stops on the strait
    s.apply(mv(s, "Sp1", "NE", 2))
    assert s.ships[sid("Sp1")] == (15, 14)                                # and the next die leaves it
    assert not any(d == "NE" for d, _ in single(game({"Sp1": (3, 7)}), "Sp1", 4))    # no die passes through


def test_A7_no_lengthwise_step_touches_a_strait():
    for strait in BOARD.straits:
        for cell in (strait.top, strait.bottom):
            assert BOARD.step(cell, "E") is None and BOARD.step(cell, "W") is None
    for cell in BOARD.squares:
        for direction in ("E", "W"):
            for die in range(1, 7):
                path = ray(BOARD, cell, direction, die)
                assert path is None or not any(BOARD.strait_at(c) for c in path)


def test_A8_a_ship_that_lands_on_a_current_rides_it_with_the_other_die():
    s = roll(game({"Sp1": (6, 11), "Fr1": (10, 0)}), 2, 3)
    s.apply(mv(s, "Sp1", "NE", 2))
    assert s.ships[sid("Sp1")] == (6, 9)                                  # on C1 now
    assert ((sid("Sp1"),), "E", 3) in legal_moves(s)
    s.apply(mv(s, "Sp1", "E", 3))
    assert s.ships[sid("Sp1")] == (9, 6)
    # a move may end on the current but never pass it (R5): 3 NE from (6,11) would cross (6,9)
    assert not any(d == "NE" for d, _ in single(game({"Sp1": (6, 11)}), "Sp1", 3))


def test_A9_the_poison_harbour_and_its_two_outer_squares():
    trap = {(9, 0), (10, 0), (11, 0), (12, 0)}                  # French anchor and start squares
    for cell in trap:
        s = game({"Sp1": cell}, treasure="Sp1")
        assert {c for die in range(1, 7) for c in cells(s, "Sp1", die)} <= trap, cell     # it never leaves
        free = game({"Sp1": cell})
        assert {c for die in range(1, 7) for c in cells(free, "Sp1", die)} - trap          # not carrying: it can
    for cell in ((13, 0), (14, 0)):                              # from the outer two it still gets out
        s = game({"Sp1": cell}, treasure="Sp1")
        assert any(d == "SW" for die in range(1, 7) for d, _ in single(s, "Sp1", die))
    # a carrier on a current rides it only the way with no forbidden component (R18)
    s = game({"Sp1": (6, 9)}, treasure="Sp1")
    assert {d for die in range(1, 7) for d, _ in single(s, "Sp1", die)} & {"E", "W"} == {"W"}


def test_A10_boarding_needs_the_treasure_unless_free_boarding_is_on():
    ships = {"Sp1": (5, 13), "Fr1": (8, 13)}
    assert (8, 13) not in cells(game(ships), "Sp1", 3)
    assert (8, 13) in cells(game(ships, treasure="Fr1"), "Sp1", 3)
    assert (5, 13) in cells(game({"Sp1": (5, 16), "Fr1": (5, 13)}, treasure="Sp1"), "Sp1", 3)  # carrier boards
    assert (8, 13) in cells(game(ships, options={"free-boarding": True}), "Sp1", 3)


def test_A11_no_move_crosses_a_harbour_but_any_ship_may_enter_one():
    channel = {c: h.faction for h in BOARD.harbours for c in h.channel}
    for cell in BOARD.squares:
        for direction in MOVE_DIRECTIONS:
            for die in range(2, 7):
                path = ray(BOARD, cell, direction, die)
                if path is None:
                    continue
                for inner in path[:-1]:
                    if inner in channel:
                        assert channel.get(path[-1]) == channel[inner], (cell, direction, die)
    s = game({"Sp1": (13, 3)})                                   # a Spanish ambush in the French harbour
    assert (13, 0) in cells(s, "Sp1", 3)


def test_A12_the_start_squares_are_the_three_next_to_the_anchor():
    for h in BOARD.harbours:
        chan = list(h.channel)
        assert chan[0] == h.anchor and list(h.starts) == chan[1:4]
    s = started(4, seed=3)
    for h in BOARD.harbours:
        assert [s.ships[f"ship-{h.faction}-{n}"] for n in (1, 2, 3)] == list(h.starts)


def test_A13_the_highest_total_starts_then_clockwise_by_corner():
    seen = set()
    for seed in range(40):
        s = started(3, seed=seed, factions=["spanish", "french", "barbary"])
        first = s.seat_factions[s.current][0]
        seen.add(first)
        order = [s.seat_factions[x][0] for x in s.order]
        k = [f for f in CLOCKWISE if f in order].index(first)
        ring = [f for f in CLOCKWISE if f in order]
        assert order == ring[k:] + ring[:k]                       # E14: Ba -> Sp -> Fr when Barbary starts
    assert "barbary" in seen and len(seen) == 3


def test_A14_winning_mid_turn_leaves_the_other_die_unplayed():
    s = roll(game({"Sp1": (0, 13), "Fr1": (10, 0)}, treasure="Sp1"), 4, 5)
    s.apply(mv(s, "Sp1", "NE", 4))
    assert s.is_over() and s.winners == [0] and s.ships[sid("Sp1")] == (0, 9)
    assert s.unused() == (5,) and "pir.log.forfeit" not in keys(s)
    assert s.legal_actions(0) == []


def test_A15_with_three_players_the_sunk_are_out_and_the_last_afloat_wins():
    s = roll(game({"Sp1": (5, 13), "Fr1": (2, 13), "Ba1": (9, 19)}, treasure="Sp1", players=3), 3, 1)
    s.apply(mv(s, "Sp1", "NW", 3))
    french = s.controller("french")
    assert sid("Fr1") not in s.ships and french in s.out and not s.is_over()
    s = roll(game({"Sp1": (5, 13), "Ba1": (2, 13)}, treasure="Sp1", players=3), 3, 1)   # French already sunk
    s.apply(mv(s, "Sp1", "NW", 3))
    assert s.is_over() and s.winners == [s.controller("spanish")]


def test_A16_the_storm_takes_the_farthest_ship_the_treasure_goes_home_the_turn_goes_on():
    s = game({"Sp1": (5, 5), "Sp2": (15, 14), "Fr1": (10, 0)}, treasure="Sp2", options={"storm": True},
             next_rolls=[[4, 4, 4]])
    assert s.port_distance(sid("Sp2")) > s.port_distance(sid("Sp1"))      # step distance, V2.3
    s.apply(Roll(0))
    assert sid("Sp2") not in s.ships and s.treasure == ISLAND
    assert s.current == 0 and s.phase == MOVE and sorted(s.dice) == [4, 4, 4]   # the turn goes on
    tie = game({"Sp1": (1, 13), "Sp2": (0, 14), "Fr1": (10, 0)}, options={"storm": True}, next_rolls=[[5, 5, 5]])
    tie.apply(Roll(0))
    assert tie.phase == STORM and {a.ship for a in tie.legal_actions()} == {sid("Sp1"), sid("Sp2")}
    tie.apply(StormPick(0, sid("Sp1")))                                   # the player breaks the tie
    assert sid("Sp1") not in tie.ships and sid("Sp2") in tie.ships


def test_A17_once_the_treasure_is_destroyed_any_enemy_may_be_boarded():
    ships = {"Sp1": (5, 13), "Fr1": (8, 13), "Ba1": (9, 19)}
    assert (8, 13) not in cells(game(ships, options={"nuke": True}), "Sp1", 3)
    s = game(ships, treasure=DESTROYED, options={"nuke": True})
    assert (8, 13) in cells(s, "Sp1", 3)
    # the blast is a circle of the lowest die; land survives it: the board is the same afterwards
    n = game({"Pi2": (11, 10), "Sp1": (11, 8), "Fr1": (13, 11), "Ba1": (12, 12), "Pi3": (10, 12)},
             current="Pi", options={"nuke": True}, next_rolls=[[2, 5]])
    from game.games.pirateer.rules import Arm
    n.apply(Arm(n.current, sid("Pi2")))
    assert set(n.ships) == {sid("Fr1"), sid("Ba1"), sid("Pi3")} and n.treasure == DESTROYED
    assert n.board is BOARD and BOARD.kind((10, 10)) == "island"


def test_A18_a_fleet_starts_on_start_one_stacks_only_its_own_and_sinks_whole():
    s = started(4, {"flotilla": True}, seed=2)
    for h in BOARD.harbours:
        assert {s.ships[f"ship-{h.faction}-{n}"] for n in (1, 2, 3)} == {h.starts[0]}
    b = game({"Sp1": (5, 13), "Fr1": (8, 13), "Fr2": (8, 13), "Pi1": (2, 13)}, options={"flotilla": True})
    assert (2, 13) not in cells(b, "Sp1", 3)              # another faction's ship is no stack to join
    assert (5, 10) in cells(game({"Sp1": (5, 13), "Sp2": (5, 10)}, options={"flotilla": True}), "Sp1", 3)
    c = roll(game({"Sp1": (5, 13), "Fr1": (8, 13), "Fr2": (8, 13), "Ba1": (9, 19)}, treasure="Fr1",
                  options={"flotilla": True}), 3, 1)
    c.apply(Move(0, (sid("Sp1"),), "SE", 3))
    assert sid("Fr1") not in c.ships and sid("Fr2") not in c.ships and c.treasure == sid("Sp1")


def test_A19_the_boarder_standing_on_its_new_wreck_can_still_be_boarded():
    s = roll(game({"Sp1": (5, 13), "Fr1": (2, 13), "Pi1": (14, 14)}, treasure="Fr1", options={"wrecks": True}), 3, 1)
    s.apply(mv(s, "Sp1", "NW", 3))
    assert (2, 13) in s.wrecks and s.ships[sid("Sp1")] == (2, 13) and s.treasure == sid("Sp1")
    p = game({"Sp1": (2, 13), "Pi1": (5, 13)}, treasure="Sp1", current="Pi", wrecks=((2, 13),),
             options={"wrecks": True})
    assert (2, 13) in cells(p, "Pi1", 3)                         # not invulnerable on its wreck
    q = game({"Pi1": (5, 13), "Sp1": (0, 11)}, treasure="Sp1", current="Pi", wrecks=((2, 13),),
             options={"wrecks": True})
    assert (2, 13) not in cells(q, "Pi1", 3)                     # once it left, the square is closed


def test_A20_acey_deucey_values_are_free_and_independent_the_bonus_optional():
    s = game({"Sp1": (5, 5), "Fr1": (14, 14)}, options={"acey-deucey": True},
             next_rolls=[[1, 2], [1, 2]])                                   # the roll, and the re-roll: 1-2 again
    s.apply(Roll(0))
    for die in (1, 2):
        s.apply(next(a for a in s.legal_actions() if isinstance(a, Move) and a.die == die))
    assert s.phase == BONUS
    bonuses = {(a.first, a.second) for a in s.legal_actions() if isinstance(a, Bonus)}
    assert bonuses == {(a, b) for a in range(1, 7) for b in range(1, 7)}   # not only doubles
    assert EndTurn(0) in s.legal_actions()                                  # "può": optional
    t = s.clone()
    t.apply(EndTurn(0))
    assert t.current != 0
    s.apply(Bonus(0, 6, 4))
    assert sorted(s.dice) == [4, 6]
    for _ in range(2):
        s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
    assert s.phase == MOVE and sorted(s.dice) == [1, 2]
    for _ in range(2):
        s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
    assert s.phase == BONUS                                                 # and it chains


def test_A21_domination_and_grab_and_run_carriers_go_to_their_own_anchor():
    d = started(2, {"domination": True}, seed=1)
    assert sorted(sorted(fs) for fs in d.seat_factions) == [["barbary", "spanish"], ["french", "pirates"]]
    g = started(2, {"grab-and-run": True}, seed=1)
    assert sorted(sorted(fs) for fs in g.seat_factions) == [["barbary", "pirates"], ["french", "spanish"]]
    s = game({"Ba1": (5, 19), "Fr1": (14, 0)}, treasure="Ba1", current="Ba", players=2,
             options={"domination": True})
    s = roll(s, 5, 1)
    s.apply(mv(s, "Ba1", "SE", 5))
    assert s.is_over() and s.winners == [s.controller("barbary")]        # its own anchor (10,19)
    for mode, pairs in (("domination", ("spanish", "barbary")), ("grab-and-run", ("spanish", "french"))):
        t = game({"Sp1": (5, 5), "Ba1": (5, 13), "Fr1": (14, 0)}, players=2, options={mode: True})
        ctx = t.ctx()
        for f in pairs:                                                  # not the partner's anchor
            assert ctx.anchor(f) == BOARD.harbour(f).anchor and ctx.home[f] == f


def test_A22_the_dead_mans_ships_wait_on_the_board_until_someone_takes_them_over():
    s = started(3, {"dead-man": True}, seed=3)
    dm = s.dead_man
    ships = [f"ship-{dm}-{n}" for n in (1, 2, 3)]
    assert [s.ships[x] for x in ships] == list(BOARD.harbour(dm).starts)
    for _ in range(30):
        seat = s.current_players()[0]
        for a in s.legal_actions(seat):
            assert not (isinstance(a, Move) and set(a.ships) & set(ships))   # nobody moves them
        s.apply(Roll(seat) if s.phase == START else s.legal_actions(seat)[-1])
        if s.is_over() or s.dead_man_owner is not None:
            break
    assert all(x in s.ships or s.dead_man_owner is not None for x in ships)


def test_A23_war_wind_ship_one_of_the_first_player_carries_to_the_allys_anchor():
    s = started(4, {"war-wind": True}, seed=5)
    first = s.seat_factions[s.current][0]
    assert s.treasure == f"ship-{first}-1"                         # "la nave più interna": start square 1
    w = game({"Sp1": (19, 6), "Fr1": (14, 0)}, treasure="Sp1", options={"war-wind": True})
    roll(w, 4, 1)
    w.apply(mv(w, "Sp1", "SW", 4))
    assert w.is_over() and w.controller("spanish") in w.winners     # the Pirates' anchor (19,10)


def test_A25_devils_island_ships_two_and_three_on_the_docks_facing_home():
    s = started(4, {"devils-island": True}, seed=1)
    facing = {"spanish": {(8, 9), (8, 10)}, "french": {(9, 8), (10, 8)}, "barbary": {(9, 11), (10, 11)},
              "pirates": {(11, 9), (11, 10)}}
    for f, docks in facing.items():
        assert s.ships[f"ship-{f}-1"] == BOARD.harbour(f).starts[0]
        assert {s.ships[f"ship-{f}-2"], s.ships[f"ship-{f}-3"]} == docks
        assert {d.cell for d in BOARD.docks if d.near == f} == docks


def test_A26_factions_corners_and_the_clockwise_ring_of_the_reconstructed_map():
    anchors = {"spanish": (0, 9), "french": (9, 0), "barbary": (10, 19), "pirates": (19, 10)}
    for f, cell in anchors.items():
        assert BOARD.harbour(f).anchor == cell and BOARD.anchor_of(cell) == f
    assert BOARD.factions == CLOCKWISE
    # the corners on the table (G1: u = x - y, w = x + y): Spanish top-left, French top-right ...
    u = {f: c[0] - c[1] for f, c in anchors.items()}
    w = {f: c[0] + c[1] for f, c in anchors.items()}
    assert u["spanish"] < 0 < u["french"] and u["barbary"] < 0 < u["pirates"]
    assert w["spanish"] < w["barbary"] and w["french"] < w["pirates"]
