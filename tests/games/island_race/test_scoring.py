"""Island Race scoring (spec §5, R20-R27) on the worked examples of §8: Example 4 (Caterina 25, Piero 11),
Examples 1-3 (E1-E3), Example 5 (4x4), the ridge and the bay (T-S1, T-S2) and the edge cases T-S3..T-S8.
Islands are pure data here; the engine's use of these functions is tested in test_rules.py."""
from __future__ import annotations

import pytest

from game.games.island_race.scoring import (FIRST_OUT_BONUS, closed_landscapes, landscapes, score_island,
                                            score_round, water_faults, water_faults_at, wrong_joints)
from game.games.island_race.tiles import DESERT, E, FOREST, N, PLAINS, S, W, face_of, FRONT, BACK
from tests.games.island_race.helpers import (BIG, CATERINA, E1, E2, PIERO, TS1, TS2, cells, edges_and_regions,
                                             face, faces, regions_set)


@pytest.mark.parametrize("table", [CATERINA, PIERO, E1, E2, BIG, TS1, TS2],
                         ids=["caterina", "piero", "E1", "E2", "big", "TS1", "TS2"])
def test_the_spec_tables_check_themselves(table):
    """Every cell of §8: the tile, side and rotation give exactly the placed edges and regions printed."""
    for row in table:
        if row is None:
            continue
        spec, edges, regions = row
        assert edges_and_regions(spec) == (edges, regions_set(regions)), spec


def landscape_cells(grid, size):
    return sorted((land.terrain, land.cells) for land in closed_landscapes(grid, size))


# ==================================================================================================
# §8.1 Example 4
# ==================================================================================================
def test_example4_caterina_scores_25():
    scores = score_round([faces(CATERINA), faces(PIERO)], 3, first_out=0)
    cat = scores[0]
    assert cat.valid and cat.animals == 2
    assert landscape_cells(faces(CATERINA), 3) == sorted([
        (FOREST, cells("0,0", "1,0")), (FOREST, cells("0,1", "1,1")), (FOREST, cells("0,2", "1,2")),
        (FOREST, cells("1,1", "2,1")),
        (PLAINS, cells("0,0", "0,1")), (PLAINS, cells("1,0", "1,1")), (PLAINS, cells("1,1", "1,2")),
        (PLAINS, cells("2,0", "2,1")),
        (DESERT, cells("0,1", "0,2")), (DESERT, cells("1,0", "2,0")), (DESERT, cells("1,2", "2,1", "2,2")),
    ])
    assert (cat.landscapes_of(FOREST), cat.landscapes_of(PLAINS), cat.landscapes_of(DESERT)) == (4, 4, 3)
    assert cat.landscape_points == 22
    assert (cat.volcanoes, cat.volcano_penalty, cat.empty, cat.wrong, cat.first_out) == (3, 3, 0, 0, 4)
    assert cat.total == 25


def test_example4_piero_scores_11():
    piero = score_round([faces(CATERINA), faces(PIERO)], 3, first_out=0)[1]
    assert piero.valid and piero.water_faults == []   # (1,2)S and (2,1)E face the empty cell: land, fine
    assert piero.animals == 4
    assert landscape_cells(faces(PIERO), 3) == sorted([
        (FOREST, cells("0,0", "0,1")), (FOREST, cells("1,0", "1,1")),
        (PLAINS, cells("0,0", "1,0")), (PLAINS, cells("1,1", "1,2")), (DESERT, cells("0,1", "1,1"))])
    _, still_open = landscapes(faces(PIERO), 3)
    open_nodes = {(land.terrain, land.nodes) for land in still_open}
    assert (DESERT, (((0, 2), 0), ((1, 2), 0))) in open_nodes    # through T28's N+S, towards the empty cell
    assert (DESERT, (((1, 1), 2), ((2, 1), 1))) in open_nodes    # through T26's N+E, towards the empty cell
    assert (FOREST, (((2, 0), 0), ((2, 1), 0))) in open_nodes    # T07's N+E: its N edge meets desert
    assert (piero.volcanoes, piero.volcano_penalty) == (2, 0)
    assert piero.empty == 1 and piero.empty_cells == [(2, 2)]
    assert piero.wrong_joints == [((0, 1), E), ((1, 0), S)]
    assert piero.first_out == 0 and piero.total == 11


# ==================================================================================================
# §8.2 Examples 1-3
# ==================================================================================================
def test_E1_valid_island_details():
    s = score_island(faces(E1), 3)
    assert s.valid and s.empty == 0 and s.animals == 2 and s.volcanoes == 2
    assert landscape_cells(faces(E1), 3) == sorted([
        (DESERT, cells("0,0", "0,1")), (DESERT, cells("1,1", "1,2")),
        (FOREST, cells("0,2", "1,2", "2,2")), (FOREST, cells("1,1", "2,1")),
        (PLAINS, cells("0,1", "0,2")), (PLAINS, cells("2,0", "2,1"))])
    assert s.wrong_joints == [((0, 0), S), ((0, 1), S), ((2, 1), E)]


def test_E2_invalid_island_because_of_the_inward_water_edge():
    """A19: the "(A)" of the rulebook: T08's east edge, facing (0,2), is water."""
    assert water_faults(faces(E2), 3) == [((0, 1), E)]
    s = score_island(faces(E2), 3)
    assert not s.valid and s.volcanoes == 4 and s.total == 0
    assert s.animals == 0 and s.landscapes == [] and s.wrong == 0


def test_E3_invalid_island_scores_zero_and_its_volcanoes_are_ignored():
    anna, ben = score_round([faces(E1), faces(E2)], 3, first_out=0)
    assert ben.total == 0 and not ben.valid and ben.volcano_penalty == 0
    assert anna.volcano_penalty == 2                      # M = 2: only Anna is valid
    assert (anna.animals, anna.landscape_points, anna.volcano_penalty, anna.empty, anna.wrong,
            anna.first_out) == (2, 12, 2, 0, 3, 4)
    assert anna.total == 13                               # 15 if Ben's 4 volcanoes were counted
    anna2, ben2 = score_round([faces(E1), faces(E2)], 3, first_out=1)
    assert anna2.total == 9 and ben2.total == 0 and anna2.first_out == ben2.first_out == 0


# ==================================================================================================
# §8.3 Example 5 and §8.4 ridge/bay
# ==================================================================================================
def test_example5_big_island_4x4():
    grid = faces(BIG)
    s = score_island(grid, 4)
    assert s.valid and s.empty == 0 and s.animals == 4 and s.volcanoes == 2
    closed = closed_landscapes(grid, 4)
    assert len(closed) == 9
    assert (s.landscapes_of(FOREST), s.landscapes_of(PLAINS), s.landscapes_of(DESERT)) == (4, 2, 3)
    assert max(len(land.cells) for land in closed if land.terrain == PLAINS) == 9
    assert s.wrong_joints == [((0, 0), E), ((1, 0), S)]
    with_3 = score_round([grid, [face("T06 front r0")] + [None] * 15], 4, None)  # opponent: 1 volcano
    assert with_3[0].total == 18                            # ≤ 2 volcanoes on the other island: -2
    rival = [face("T06 front r0"), face("T30 front r0"), None, None, None, face("T47 front r0")] + [None] * 10
    assert score_island(rival, 4).valid and score_island(rival, 4).volcanoes == 3
    assert score_round([grid, rival], 4, None)[0].total == 20     # the rival has 3 (valid): no penalty
    assert score_round([grid, rival], 4, 0)[0].total == 24


def test_T_S1_ridge_two_separate_forests():
    grid = faces(TS1)
    closed = closed_landscapes(grid, 3)
    assert [(land.terrain, land.cells, land.nodes) for land in closed] == \
        [(FOREST, cells("0,0", "0,1"), (((0, 0), 0), ((0, 1), 2)))]
    s = score_round([grid], 3, None)[0]
    assert (s.animals, s.volcanoes, s.volcano_penalty, s.empty, s.wrong) == (2, 1, 1, 6, 0)
    assert s.raw == 2 + 2 - 1 - 6 == -3 and s.total == 0 and s.floor == 3


def test_T_S2_bay_one_region_joins_the_open_forest():
    grid = faces(TS2)
    assert closed_landscapes(grid, 3) == []
    s = score_round([grid], 3, None)[0]
    assert s.animals == 3 and s.raw == -4 and s.total == 0


# ==================================================================================================
# §8.6 scoring edge cases
# ==================================================================================================
def volcano_island(n: int) -> list:
    """A valid partial island with ``n`` volcanoes in the top row (corner/side faces fit there)."""
    tops = ["T04 front r0", "T27 front r0", "T06 front r1"][:n]
    return [face(t) for t in tops] + [None] * (9 - len(tops))


def test_T_S3_volcano_tie_every_tied_valid_player_loses():
    a, b, c = volcano_island(2), volcano_island(2), volcano_island(1)
    d = faces(E2)   # invalid, 4 volcanoes
    scores = score_round([a, b, c, d], 3, None)
    assert [s.volcano_penalty for s in scores] == [2, 2, 0, 0]
    assert not scores[3].valid and scores[3].total == 0


def test_T_S4_no_volcanoes_nobody_loses():
    scores = score_round([faces(TS2)[:3] + [None] * 6, [None] * 9], 3, None)
    assert [s.volcanoes for s in scores] == [0, 0] and [s.volcano_penalty for s in scores] == [0, 0]


def test_T_S5_empty_grid_is_valid_and_scores_zero():
    s = score_round([[None] * 9], 3, None)[0]
    assert s.valid and s.empty == 9 and s.raw == -9 and s.total == 0 and s.volcanoes == 0


def test_T_S6_invalid_first_out_gets_nothing_and_nobody_else_gets_it():
    anna, ben = score_round([faces(E2), faces(E1)], 3, first_out=0)
    assert anna.total == 0 and anna.first_out == 0
    assert ben.first_out == 0 and ben.total == 9


def test_T_S7_land_back_in_the_centre_closes_only_with_four_closed_desert_neighbours():
    centre = face("T31 back r0")
    assert centre.edges == "dddd" and centre.regions == ((0, 1, 2, 3),)
    # a cross of four neighbours showing desert towards the centre; the bottom one (T36) is one desert
    # region N+E+W whose E and W edges still face empty cells
    cross = [None, face("T24 front r0"), None,
             face("T29 front r3"), centre, face("T34 front r1"),
             None, face("T36 front r2"), None]
    assert [cross[1].edges[S], cross[3].edges[E], cross[5].edges[W], cross[7].edges[N]] == ["d"] * 4
    assert not any((1, 1) in land.cells for land in closed_landscapes(cross, 3))
    # close the bottom region with two corners showing desert towards it: now the desert closes
    full = list(cross)
    full[6], full[8] = face("T14 front r3"), face("T05 front r2")
    desert = [land for land in closed_landscapes(full, 3) if (1, 1) in land.cells]
    assert len(desert) == 1 and desert[0].terrain == DESERT
    assert desert[0].cells == cells("0,1", "1,0", "1,1", "1,2", "2,0", "2,1", "2,2")
    # only one neighbour: open
    single = [None, face("T24 front r0"), None, None, centre, None, None, None, None]
    assert not any((1, 1) in land.cells for land in closed_landscapes(single, 3))


def test_T_S8_animals_score_on_open_landscapes():
    piero = score_island(faces(PIERO), 3)
    flamingo_cell = (1, 2)   # T28: its desert N+S is open towards the empty cell
    assert flamingo_cell in piero.animal_cells
    assert not any(flamingo_cell in land.cells and land.terrain == DESERT for land in piero.landscapes)


# ==================================================================================================
# R20-R27 one by one
# ==================================================================================================
def test_R20_validity_checks_outer_water_and_inner_land_of_placed_tiles_only():
    c = face_of("T01", FRONT, 0)                       # water N and W
    assert water_faults_at(c, (0, 0), 3) == []
    assert water_faults_at(c, (1, 1), 3) == [N, W]     # inner edges must be land
    assert water_faults_at(c, (2, 2), 3) == [N, E, S, W]
    back = face_of("T01", BACK, 0)                     # open sea: fits nowhere
    assert all(water_faults_at(back, cell, 3) for cell in [(0, 0), (0, 1), (1, 1)])
    assert water_faults([c] + [None] * 8, 3) == []      # empty cells are not checked
    s = score_round([[None, None, None, None, c, None, None, None, None], faces(E1)], 3, 0)
    assert not s[0].valid and s[0].total == 0 and s[0].first_out == 0
    assert s[0].water_faults == [((1, 1), N), ((1, 1), W)]


def test_R21_every_animal_scores_one_point_closed_or_not():
    s = score_island(faces(TS2), 3)
    assert s.animals == 3 and s.landscapes == []
    assert s.animal_cells == [(0, 0), (0, 1), (1, 0)]


def test_R22_volcanoes_only_the_most_among_valid_islands_lose():
    assert [s.volcano_penalty for s in score_round([volcano_island(3), volcano_island(1)], 3, None)] == [3, 0]
    assert [s.volcano_penalty for s in score_round([volcano_island(1)], 3, None)] == [1]   # A7: alone
    assert [s.volcano_penalty for s in score_round([volcano_island(2), faces(E2)], 3, None)] == [2, 0]


def test_R23_each_empty_cell_costs_one():
    s = score_island(faces(PIERO), 3)
    assert s.empty == 1
    big_empty = score_island([None] * 16, 4)
    assert big_empty.empty == 16


def test_R24_wrong_connections_once_per_pair_never_against_an_empty_cell():
    assert wrong_joints(faces(PIERO), 3) == [((0, 1), E), ((1, 0), S)]
    pair = [face("T01 front r0"), None, None, face("T25 front r3")] + [None] * 5   # forest S / plains N
    assert wrong_joints(pair, 3) == [((0, 0), S)]
    lone = [face("T01 front r0")] + [None] * 8
    assert wrong_joints(lone, 3) == [] and score_island(lone, 3).wrong == 0


def test_R25_first_out_bonus_goes_to_the_first_done_if_valid():
    a, b = score_round([faces(CATERINA), faces(PIERO)], 3, first_out=1)
    assert a.first_out == 0 and b.first_out == FIRST_OUT_BONUS and b.total == 15 and a.total == 21


def test_R26_a_closed_landscape_scores_two_whatever_its_size():
    s = score_island(faces(BIG), 4)
    sizes = sorted(len(land.cells) for land in s.landscapes)
    assert sizes[0] == 2 and sizes[-1] == 9 and s.landscape_points == 2 * len(s.landscapes)
    assert all(land.terrain != "w" for land in s.landscapes)   # water never scores


def test_R27_round_score_sum_then_floor_at_zero():
    for table, first in [(CATERINA, 0), (PIERO, None), (E1, 0), (TS1, None)]:
        s = score_round([faces(table)], 3, first)[0]
        assert s.raw == s.animals + s.landscape_points - s.volcano_penalty - s.empty - s.wrong + s.first_out
        assert s.total == max(0, s.raw) and s.floor == s.total - s.raw
        assert sum(v for _, v in s.rows()) == s.total


def test_A18_the_floor_applies_per_round():
    s = score_round([faces(TS1)], 3, None, totals_before=[5])[0]
    assert s.total == 0 and s.running_total == 5


def test_R30_breakdown_has_every_item_of_the_results_screen():
    s = score_round([faces(CATERINA), faces(PIERO)], 3, 0, totals_before=[10, 3])[0]
    rows = dict(s.rows())
    assert rows == {"ir.score.animals": 2, "ir.score.landscapes.p": 8, "ir.score.landscapes.f": 8,
                    "ir.score.landscapes.d": 6, "ir.score.volcanoes": -3, "ir.score.empty": 0,
                    "ir.score.wrong": 0, "ir.score.first_out": 4, "ir.score.floor": 0}
    assert s.valid and s.volcanoes == 3 and s.total == 25 and s.running_total == 35
    assert {land.terrain for land in s.landscapes} == {FOREST, PLAINS, DESERT}
