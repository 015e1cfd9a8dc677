"""Island Race: the resolved ambiguities of spec §7 that had no test of their own (A3, A7, A10, A11, A12,
A15, A16, A19), each asserting what the engine does, so that the test fails if the reading changes.
(The others are tested in test_rules.py, test_scoring.py, test_tiles.py and test_secrets.py.)"""
from __future__ import annotations

import dataclasses

from game.games.island_race.positions import round_position
from game.games.island_race.rules import LAST, OVER, SYSTEM, Done, Place, Stop, TimeUp
from game.games.island_race.scoring import closed_landscapes, landscapes, score_island, score_round
from game.games.island_race.tiles import DESERT, E, FOREST, TILE_SET, face_of
from tests.games.island_race.helpers import ANNA, BEN, CARA, CATERINA, E2, face, faces, specs, take_tile

EMPTY = [None] * 9


def island(*cells: tuple[int, str]) -> list:
    """A 3x3 island: (cell index, 'T01 front r0') pairs, the rest empty."""
    grid = list(EMPTY)
    for i, spec in cells:
        grid[i] = face(spec)
    return grid


def test_A3_a_landscape_is_closed_only_when_every_edge_meets_the_same_terrain():
    # T17's east forest meets T24's west forest: both regions have that one edge, matched: closed
    matched = island((0, "T17 front r0"), (1, "T24 front r0"))
    closed = closed_landscapes(matched, 3)
    assert [(land.terrain, land.cells) for land in closed] == [(FOREST, ((0, 0), (0, 1)))]
    # T21's west edge is plains: the same corner's forest now meets another terrain, never closed
    wrong = island((0, "T17 front r0"), (1, "T21 front r0"))
    assert closed_landscapes(wrong, 3) == []
    # an edge towards an empty cell keeps a landscape open, however well the rest matches
    still_open = landscapes(island((0, "T17 front r0")), 3)[1]
    assert {land.terrain for land in still_open} == {FOREST} and len(still_open) == 2


def test_A7_volcano_penalty_edge_cases():
    no_volcano = [island((0, "T01 front r0")), island((0, "T02 front r0"))]
    assert [s.volcano_penalty for s in score_round(no_volcano, 3, None)] == [0, 0]            # M = 0
    lone = [island((0, "T04 front r0")), list(EMPTY)]
    assert [s.volcano_penalty for s in score_round(lone, 3, None)] == [1, 0]                  # the most alone
    tie = [island((0, "T04 front r0")), island((0, "T06 front r0")), island((0, "T02 front r0"))]
    assert [s.volcano_penalty for s in score_round(tie, 3, None)] == [1, 1, 0]                # tied: both lose
    invalid_more = [island((0, "T04 front r0")), faces(E2)]
    scores = score_round(invalid_more, 3, None)
    assert not scores[1].valid and scores[1].volcanoes == 4 and scores[0].volcano_penalty == 1


def test_A10_animals_always_score_even_on_open_landscapes():
    s = score_island(island((0, "T01 front r0")), 3)                 # the parrot's plains and forest are open
    assert s.valid and s.landscapes == [] and s.animals == 1 and s.animal_cells == [(0, 0)]
    assert all(f.back is False for f in [TILE_SET[t].front for t in TILE_SET if TILE_SET[t].front.animal])
    assert not any(TILE_SET[t].back.animal for t in TILE_SET)       # backs carry no animals


def test_A11_clouds_are_decoration_a_back_is_a_full_face():
    back = face_of("T31", 1, 0)                                      # dddd, one region, clouds
    assert back.back and back.edges == "dddd"
    centre = list(EMPTY)
    for i, spec in ((1, "T36 front r0"), (3, "T40 front r3"), (5, "T26 front r1"), (7, "T24 front r2")):
        centre[i] = face(spec)
    centre[4] = back
    with_clouds = score_island(centre, 3)
    assert with_clouds.valid and with_clouds.empty == 4
    plain = list(centre)
    plain[4] = dataclasses.replace(back, back=False)                  # the same face without clouds
    assert score_island(plain, 3).to_json() == with_clouds.to_json()
    joined = [land for land in landscapes(centre, 3)[1] if (1, 1) in land.cells]  # open: empty corners around
    assert len(joined) == 1 and joined[0].terrain == DESERT and len(joined[0].cells) == 5  # the back joins all four


def test_A12_a_placement_that_breaks_the_water_rule_is_allowed_and_scores_zero():
    r = round_position(2, seed=4)
    take_tile(r, ANNA, "T08 front r1")                               # a corner face
    assert r.water_faults_of_placement(ANNA, (0, 1)) == [E]          # what the scene warns about
    assert Place(ANNA, (0, 1)) in r.legal_actions(ANNA) and r.check(Place(ANNA, (0, 1))) is None
    r.apply(Place(ANNA, (0, 1)))
    r.apply(TimeUp())
    assert not r.scores[ANNA].valid and r.scores[ANNA].total == 0


def test_A15_the_big_island_uses_the_same_timer():
    for options, seconds in (({"big-island": True}, 240), ({"big-island": True, "expert-timer": True}, 180)):
        big = round_position(2, options=options, elapsed=100.0)
        small = round_position(2, options={k: v for k, v in options.items() if k != "big-island"}, elapsed=100.0)
        assert big.size == 4 and big.timer == small.timer == seconds and big.time_left() == seconds - 100.0


def test_A16_without_timer_each_other_player_may_place_one_more_tile_the_held_one_too_or_stop():
    r = round_position(3, options={"no-timer": True}, islands={ANNA: specs(CATERINA), BEN: {(1, 1): "T44 front r0"}},
                       hands={BEN: "T45 front r0"})
    r.apply(Done(ANNA))                                              # a full grid
    assert r.phase == LAST and r.legal_actions(SYSTEM) == [TimeUp()]
    r.apply(Place(BEN, (1, 2)))                                      # the tile already in hand is the extra one
    assert r.finished[BEN] and r.current_players() == (CARA,)       # one tile only: Ben is finished
    assert r.check(Stop(BEN)) is not None
    r.apply(Stop(CARA))                                              # optional: Cara declines
    assert r.phase == OVER and r.filled(BEN) == 2 and r.filled(CARA) == 0 and r.ended_by == "last-tile"


def test_A19_example_2_marker_is_the_inward_water_edge_of_the_top_middle_corner_face():
    grid = faces(E2)
    assert grid[1].kind == "C" and grid[1].edges[E] == "w"           # T08 front r1: a corner face at (0, 1)
    s = score_island(grid, 3)
    assert not s.valid and s.water_faults == [((0, 1), E)]           # the one edge the scoring screen circles
