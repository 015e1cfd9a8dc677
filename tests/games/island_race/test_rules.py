"""Island Race rules engine: one test per numbered rule (S.., R.., V.., A..) and per worked example (T-..,
E.., §8.1) of /work/shared/rules/island-race.md. Scoring details are in test_scoring.py; random races in
test_properties.py. Scenarios are built with tests/games/island_race/helpers.py."""
from __future__ import annotations

import pytest

from game.core.protocol import IllegalAction, seat_ref
from game.games.island_race.positions import position
from game.games.island_race.rules import (EXPERT_SECONDS, LAST, MIX, OVER, PLAY, ROUND_SECONDS, RULES, SYSTEM,
                                          Done, Flip, IslandMatch, IslandRound, Piece, Place, Return, Rotate,
                                          StartRound, Stop, Take, TimeUp, timer_seconds)
from game.games.island_race.tiles import BACK, FRONT, TILE_IDS, TILE_SET, face_of
from tests.games.island_race.helpers import (ANNA, BEN, CARA, CATERINA, E1, E2, PIERO, build, new_round, slot_of,
                                             specs, take_tile)


def reason(state, action) -> str:
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.to_json() == before, "an illegal action must change nothing"
    return info.value.reason.key


def log_keys(state) -> list[str]:
    return [e.text.key for e in state.log]


def full_piero() -> list[str | None]:
    """Piero's island with its empty cell filled by an unused tile (T44, a centre face: invalid there,
    which does not matter where only fullness counts)."""
    return specs(PIERO)[:8] + ["T44 front r0"]


def capacity_layout(size: int, corners: list[str], sides: list[str], centres: list[str]) -> list[str]:
    """T-C1/T-C2: fronts turned to fit: corners (water N+W at r0) and sides (water N at r0) by position."""
    corners, sides, centres = list(corners), list(sides), list(centres)
    last = size - 1
    corner_rot = {(0, 0): 0, (0, last): 1, (last, last): 2, (last, 0): 3}
    layout = []
    for row in range(size):
        for col in range(size):
            if (row, col) in corner_rot:
                layout.append(f"{corners.pop(0)} front r{corner_rot[(row, col)]}")
            elif row in (0, last) or col in (0, last):
                rot = 0 if row == 0 else 1 if col == last else 2 if row == last else 3
                layout.append(f"{sides.pop(0)} front r{rot}")
            else:
                layout.append(f"{centres.pop(0)} front r0")
    return layout


ROUND_3_ISLANDS = {  # R29, T-G1: full valid islands worth 13 (Anna) and 16 (Ben) when nobody is first out
    ANNA: ["T14 front r0", "T31 front r0", "T04 front r1", "T23 front r3", "T45 front r2", "T34 front r1",
           "T17 front r3", "T22 front r2", "T10 front r2"],
    BEN: ["T18 front r0", "T29 front r0", "T16 front r1", "T33 front r3", "T42 front r0", "T37 front r1",
          "T19 front r3", "T24 front r2", "T20 front r2"],
}


def tiles(lo: int, hi: int) -> list[str]:
    return [f"T{i:02d}" for i in range(lo, hi + 1)]


# ==================================================================================================
# Setup S1-S4
# ==================================================================================================
def test_S1_islands_start_empty_and_row_0_col_0_is_the_top_left():
    r = new_round(3)
    assert r.size == 3 and r.grids == [[None] * 9] * 3
    big = new_round(2, big_island=True)
    assert big.size == 4 and big.grids == [[None] * 16] * 2
    build(r, ANNA, ["T01 front r0"] + [None] * 8)          # water N and W: fits the top-left corner
    assert r.grids[ANNA][0].face.edges == "wpfw" and r.compute_scores()[ANNA].valid


def test_S2_round_timer_240_or_180_or_none():
    assert timer_seconds({}) == ROUND_SECONDS == 240
    assert timer_seconds({"expert-timer": True}) == EXPERT_SECONDS == 180
    assert timer_seconds({"no-timer": True}) is None
    assert RULES.timer_seconds({"expert-timer": True}) == 180
    r = new_round(2, start=False)
    r.advance_time(10.0)
    r.apply(StartRound())
    assert r.timer == 240 and r.time_left() == 240 and r.round_start == 10.0
    r.advance_time(75.5)
    assert r.elapsed() == 65.5 and r.time_left() == 174.5
    r.advance_time(60.0)                                    # the clock never goes back
    assert r.now == 75.5
    r.advance_time(400.0)
    assert r.time_left() == 0.0 and r.phase == PLAY         # the scene sends TimeUp, not the clock
    assert new_round(2, no_timer=True).time_left() is None


def test_S3_the_sheet_starts_at_zero_in_round_1():
    m = RULES.new_game(3, {}, 4)
    assert isinstance(m, IslandMatch) and m.totals == [0, 0, 0] and m.n_hands == 3
    assert m.hand_index == 0 and m.hand.round_index == 0 and m.hand.phase == MIX
    m.apply(StartRound())
    assert m.log[-1].text.key == "ir.log.go" and m.log[-1].text.kwargs == {"round": 1, "rounds": 3}


def test_S4_the_mix_puts_every_tile_in_the_pile_random_side_rotation_and_slot():
    r = new_round(4, seed=11, start=False)
    assert r.phase == MIX and len(r.pile) == 48 and all(p is not None for p in r.pile)
    assert r.all_tiles() == sorted(TILE_IDS) and r.hands == [None] * 4
    sides = [p.side for seed in range(20) for p in new_round(2, seed=seed, start=False).pile]
    assert 0.4 < sides.count(BACK) / len(sides) < 0.6                 # 50/50
    rots = {p.rot for p in r.pile}
    assert rots == {0, 1, 2, 3}
    assert [p.tile for p in r.pile] != list(TILE_IDS)               # slots are shuffled
    assert new_round(2, seed=3, start=False).to_json() == new_round(2, seed=3, start=False).to_json()
    assert new_round(2, seed=3, start=False).to_json() != new_round(2, seed=4, start=False).to_json()
    for p in r.pile:
        assert p.face == face_of(p.tile, p.side, p.rot)


def test_S4_nobody_acts_before_go():
    r = new_round(2, start=False)
    assert r.current_players() == () and r.legal_actions(ANNA) == [] and r.legal_actions(SYSTEM) == [StartRound()]
    assert reason(r, Take(ANNA, 0)) == "ir.reason.not_started"
    assert reason(r, TimeUp()) == "ir.reason.not_started"
    assert reason(r, StartRound(ANNA)) == "ir.reason.system_only"
    r.apply(StartRound())
    assert r.phase == PLAY and r.current_players() == (ANNA, BEN)
    assert reason(r, StartRound()) == "ir.reason.already_started"


def test_S4_views_show_up_faces_by_slot_never_tile_ids_or_down_faces():
    r = new_round(3, seed=2)
    take_tile(r, BEN, "T30 front r1")
    build(r, CARA, ["T01 front r0"] + [None] * 8)
    for seat in (None, ANNA, BEN, CARA):
        v = r.view(seat)
        assert v.all_tiles() == []                                   # no id anywhere
        assert [p.face if p else None for p in v.pile] == [p.face if p else None for p in r.pile]
        assert v.hands[BEN].face == r.hands[BEN].face and v.hands[BEN].tile is None
        assert v.grids[CARA][0].face.edges == "wpfw"
        text = str(v.to_json())
        assert not any(f"'{t}'" in text for t in TILE_IDS)
        assert v.legal_actions(ANNA) == r.legal_actions(ANNA)
    # only the up face is in a view piece: its JSON holds one face
    assert set(r.view(ANNA).to_json()["pile"][0]) == {"side", "rot", "face"}


def test_S4_two_states_that_differ_only_in_down_faces_look_the_same():
    """T03 and T13 share their front (turtle bay) but not their back: front up, they are anonymous."""
    base = new_round(2, seed=5)
    s03, s13 = slot_of(base, "T03"), slot_of(base, "T13")
    a = new_round(2, seed=5, pile={s03: "T03 front r1", s13: "T13 front r1"})
    b = new_round(2, seed=5, pile={s03: "T13 front r1", s13: "T03 front r1"})
    assert a.to_json() != b.to_json()
    for seat in (None, ANNA, BEN):
        assert a.view(seat).to_json() == b.view(seat).to_json()
    # the held tile too: taking it shows only its current face; the back is seen only after a Flip
    a.apply(Take(ANNA, s03))
    b.apply(Take(ANNA, s03))
    assert a.view(BEN).to_json() == b.view(BEN).to_json()
    a.apply(Flip(ANNA))
    b.apply(Flip(ANNA))
    assert a.view(BEN).hands[ANNA].face.edges == "wwww" and b.view(BEN).hands[ANNA].face.edges == "dddd"


# ==================================================================================================
# Play R1-R19
# ==================================================================================================
def test_R1_everyone_acts_at_once_in_arrival_order_each_action_names_its_seat():
    r = new_round(3)
    assert set(r.current_players()) == {ANNA, BEN, CARA}
    r.apply(Take(BEN, 5))
    r.apply(Take(ANNA, 6))
    r.apply(Place(BEN, (1, 1)))
    r.apply(Take(CARA, 7))
    assert r.grids[BEN][4] is not None and r.hands[ANNA] is not None and r.hands[CARA] is not None
    assert all(a.seat == ANNA for a in r.legal_actions(ANNA))


def test_R2_a_player_acts_until_the_round_ends_unless_done():
    r = new_round(2, islands={ANNA: specs(CATERINA)})
    r.apply(Done(ANNA))
    assert r.current_players() == (BEN,) and r.legal_actions(ANNA) == []
    assert reason(r, Take(ANNA, slot_of(r, "T44"))) == "ir.reason.done"
    r.apply(Take(BEN, slot_of(r, "T44")))


def test_R3_one_tile_in_hand_seen_by_everyone_with_its_current_face():
    r = new_round(2)
    take_tile(r, ANNA, "T26 front r2")
    assert reason(r, Take(ANNA, slot_of(r, "T44"))) == "ir.reason.hand_full"
    assert r.view(BEN).hands[ANNA].face == face_of("T26", FRONT, 2)


def test_R4_take_needs_an_empty_hand_and_a_tile_in_the_slot():
    r = new_round(2)
    slot = slot_of(r, "T10")
    assert Take(ANNA, slot) in r.legal_actions(ANNA)
    r.apply(Take(ANNA, slot))
    assert r.pile[slot] is None and r.hands[ANNA].tile == "T10" and r.hand_slot[ANNA] == slot
    assert reason(r, Take(BEN, slot)) == "ir.reason.taken_by"
    assert reason(r, Take(BEN, 48)) == "ir.reason.no_slot"
    assert reason(r, Take(BEN, -1)) == "ir.reason.no_slot"
    assert Take(BEN, slot) not in r.legal_actions(BEN) and len(r.legal_actions(BEN)) == 47


def test_R5_rotate_and_flip_only_the_held_tile_freely():
    r = new_round(2, showing=["T01 front r0"])
    slot = slot_of(r, "T01")
    assert reason(r, Rotate(ANNA, 1)) == "ir.reason.hand_empty"    # pile tiles cannot be turned
    assert reason(r, Flip(ANNA)) == "ir.reason.hand_empty"
    r.apply(Take(ANNA, slot))
    r.apply(Rotate(ANNA, 1))
    assert r.hands[ANNA].face.edges == "wwpf"
    r.apply(Rotate(ANNA, -1))
    r.apply(Rotate(ANNA, -1))
    assert r.hands[ANNA].rot == 3 and r.hands[ANNA].face.edges == "pfww"
    r.apply(Flip(ANNA))
    assert r.hands[ANNA].side == BACK and r.hands[ANNA].face == TILE_SET["T01"].back.rotated(3)
    r.apply(Flip(ANNA))
    assert r.hands[ANNA].face == face_of("T01", FRONT, 3)
    assert reason(r, Rotate(ANNA, 2)) == "ir.reason.bad_turn"
    for _ in range(20):
        r.apply(Rotate(ANNA, 1))                                   # unlimited
    assert r.hands[ANNA].rot == 3


def test_R6_return_puts_the_tile_back_in_its_slot_as_it_shows_now():
    r = new_round(2, showing=["T24 front r0"])
    slot = slot_of(r, "T24")
    r.apply(Take(ANNA, slot))
    r.apply(Rotate(ANNA, 1))
    r.apply(Return(ANNA))
    assert r.hands[ANNA] is None and r.pile[slot] == Piece.of("T24", FRONT, 1)
    r.apply(Take(BEN, slot))                                       # available to everyone at once
    assert r.hands[BEN].tile == "T24"


def test_R7_place_inside_empty_and_touching_unless_first():
    r = new_round(2)
    take_tile(r, ANNA, "T41 front r0")
    assert sorted(a.cell for a in r.legal_actions(ANNA) if isinstance(a, Place)) == \
        [(row, col) for row in range(3) for col in range(3)]       # first tile: any cell
    assert reason(r, Place(ANNA, (3, 1))) == "ir.reason.outside"
    assert reason(r, Place(ANNA, (0, -1))) == "ir.reason.outside"
    r.apply(Place(ANNA, (1, 1)))
    take_tile(r, ANNA, "T01 front r0")
    assert reason(r, Place(ANNA, (1, 1))) == "ir.reason.occupied"
    assert reason(r, Place(ANNA, (0, 0))) == "ir.reason.not_adjacent"
    assert sorted(a.cell for a in r.legal_actions(ANNA) if isinstance(a, Place)) == [(0, 1), (1, 0), (1, 2), (2, 1)]
    r.apply(Place(ANNA, (1, 0)))
    assert r.grids[BEN] == [None] * 9                              # one's own grid only


def test_R8_a_placed_tile_is_final():
    r = new_round(2)
    take_tile(r, ANNA, "T41 front r0")
    r.apply(Place(ANNA, (1, 1)))
    placed = r.grids[ANNA][4]
    for action in (Rotate(ANNA, 1), Flip(ANNA), Return(ANNA)):
        assert reason(r, action) == "ir.reason.hand_empty"
    assert r.grids[ANNA][4] == placed and placed.tile not in [p.tile for p in r.pile if p]


def test_R9_matching_is_not_required():
    r = new_round(2)
    build(r, ANNA, ["T01 front r0", None, None, "T25 front r3", None, None, None, None, None])
    assert r.grids[ANNA][0].face.edges[2] != r.grids[ANNA][3].face.edges[0]
    assert r.compute_scores()[ANNA].wrong == 1


def test_R10_the_water_rule_is_not_checked_when_placing_but_reported():
    r = new_round(2)
    take_tile(r, ANNA, "T08 front r1")                 # a corner face
    assert r.water_faults_of_placement(ANNA, (0, 1)) == [1]       # E edge would face (0,2) with water
    assert r.water_faults_of_placement(ANNA, (0, 2)) == []
    assert Place(ANNA, (0, 1)) in r.legal_actions(ANNA)
    r.apply(Place(ANNA, (0, 1)))
    assert not r.compute_scores()[ANNA].valid
    assert r.water_faults_of_placement(ANNA, (0, 0)) == []        # nothing held
    assert r.water_faults_of_placement(ANNA, (1, 1), face_of("T41", FRONT, 0)) == []


def test_R10_the_hover_assist_asks_the_engine_about_each_edge():
    r = new_round(2, islands={ANNA: {(1, 1): "T41 front r0", (0, 1): "T08 front r1"}}, hands={ANNA: "T01 front r0"})
    assert r.edge_report(ANNA, (1, 0)) == (False, True, None, True)   # N water inwards, E matches, S empty, W sea
    assert r.edge_report(BEN, (0, 0)) == ()                            # nothing held
    # W: water against the neighbour's water, facing inside: the same terrain, still the water rule broken
    assert r.edge_report(ANNA, (0, 2)) == (True, False, None, False)
    assert r.edge_report(ANNA, (0, 2), face_of("T04", FRONT, 1)) == (True, True, None, False)  # wwfp: W p vs w


def test_R11_placing_empties_the_hand():
    r = new_round(2)
    take_tile(r, BEN, "T41 front r0")
    r.apply(Place(BEN, (2, 2)))
    assert r.hands[BEN] is None and r.hand_slot[BEN] == -1


def test_R12_after_placing_take_another():
    r = new_round(2)
    take_tile(r, BEN, "T41 front r0")
    r.apply(Place(BEN, (1, 1)))
    assert any(isinstance(a, Take) for a in r.legal_actions(BEN))
    take_tile(r, BEN, "T42 front r0")


def test_R13_done_needs_a_full_grid_returns_the_held_tile_and_ends_acting():
    r = new_round(2, islands={ANNA: specs(CATERINA)[:8] + [None]})
    assert Done(ANNA) not in r.legal_actions(ANNA)
    assert reason(r, Done(ANNA)) == "ir.reason.not_full"
    build(r, ANNA, [None] * 8 + ["T03 front r2"])
    slot = slot_of(r, "T44")
    r.apply(Take(ANNA, slot))
    assert Done(ANNA) in r.legal_actions(ANNA)
    r.apply(Done(ANNA))
    assert r.pile[slot].tile == "T44" and r.hands[ANNA] is None
    assert r.legal_actions(ANNA) == [] and ANNA not in r.current_players()


def test_R14_the_order_of_done_is_recorded_and_the_first_gets_the_bonus():
    r = new_round(3, islands={BEN: specs(CATERINA), CARA: full_piero()})
    r.apply(Done(BEN))
    r.apply(Done(CARA))
    assert r.done == [BEN, CARA] and r.first_out == BEN
    assert [e.text.kwargs["place"].key for e in r.log if e.text.key == "ir.log.done"] == ["ir.place.1", "ir.place.2"]
    r.apply(TimeUp())
    assert r.scores[BEN].first_out == 4 and r.scores[CARA].first_out == 0


def test_R15_no_done_keeps_what_is_placed_and_pays_for_empty_cells():
    r = new_round(2, islands={BEN: specs(PIERO)})
    r.apply(TimeUp())
    assert r.scores[BEN].empty == 1 and r.filled(BEN) == 8
    assert r.scores[BEN].total == 11 - 2          # alone, Piero has the most volcanoes (2)


def test_R16_the_round_ends_when_everyone_is_done_or_at_time_up():
    r = new_round(2, islands={ANNA: specs(CATERINA), BEN: full_piero()})
    r.apply(Done(BEN))
    assert r.phase == PLAY
    r.apply(Done(ANNA))
    assert r.phase == OVER and r.ended_by == "all-done" and "ir.log.all_done" in log_keys(r)
    t = new_round(2)
    t.apply(TimeUp())
    assert t.phase == OVER and t.ended_by == "time-up" and t.legal_actions(SYSTEM) == []


def test_R17_at_time_up_held_tiles_return_and_later_actions_are_rejected():
    r = new_round(3)
    slot = slot_of(r, "T42")
    r.apply(Take(ANNA, slot))
    r.apply(Rotate(ANNA, 1))
    held = r.hands[ANNA]
    r.apply(TimeUp())
    assert r.hands == [None] * 3 and r.pile[slot] == held
    assert r.all_tiles() == sorted(TILE_IDS) and r.grids[ANNA] == [None] * 9
    assert log_keys(r)[1] == "ir.log.time_up_one"
    assert reason(r, Take(BEN, 0)) == "ir.reason.round_over"
    assert reason(r, TimeUp()) == "ir.reason.round_over"


def test_R18_every_island_is_scored_and_written_on_the_sheet():
    m = position(2, seed=7, islands={ANNA: specs(CATERINA), BEN: specs(PIERO)})
    m.apply(Done(ANNA))
    m.apply(TimeUp())
    assert m.totals == [25, 11] and m.hand_results[0].scores == [25, 11]
    assert [s.total for s in m.last_hand.scores] == [25, 11]
    assert log_keys(m.last_hand)[-2:] == ["ir.log.score", "ir.log.score"]


def test_R19_the_next_round_mixes_again_with_the_same_timer_three_rounds():
    m = RULES.new_game(2, {"expert-timer": True}, 9)
    piles = []
    for round_index in range(3):
        assert m.hand.round_index == round_index and m.hand.phase == MIX and m.hand.timer == 180
        piles.append([p.tile for p in m.hand.pile])
        m.apply(StartRound())
        m.apply(TimeUp())
    assert m.is_over() and len(m.hand_results) == 3 and len({tuple(p) for p in piles}) == 3
    assert reason(m, StartRound()) == "match.reason.over"


def test_R20_an_invalid_island_scores_zero_in_the_engine():
    r = new_round(2)
    build(r, ANNA, specs(E2))
    build(r, BEN, specs(E1))
    r.apply(Done(ANNA))
    r.apply(Done(BEN))
    assert not r.scores[ANNA].valid and r.scores[ANNA].total == 0 and r.scores[ANNA].water_faults == [((0, 1), 1)]
    assert "ir.log.invalid" in log_keys(r)


def test_R28_after_three_rounds_the_totals_decide():
    m = RULES.new_game(2, {}, 12)
    rounds = [(CATERINA, PIERO, ANNA), (E2, E1, BEN), (PIERO, CATERINA, BEN)]   # (Anna, Ben, first out)
    for anna, ben, first in rounds:
        m.apply(StartRound())
        build(m.hand, ANNA, specs(anna))
        build(m.hand, BEN, specs(ben))
        m.apply(Done(first))
        m.apply(TimeUp())
    assert [r.scores for r in m.hand_results] == [[25, 11], [0, 13], [11, 25]]
    res = m.result()
    assert m.totals == [36, 49] and res.scores == [36, 49] and res.winners == [BEN] and res.ranks == [2, 1]
    assert res.breakdown[ANNA] == [("ir.score.round.1", 25), ("ir.score.round.2", 0), ("ir.score.round.3", 11)]
    assert res.stats["ir.stat.first_out"] == [1, 2]


def test_R29_ties_share_the_victory():
    m = position(3, round=3, past_rounds=[[25, 11, 3], [9, 20, 0]], islands=ROUND_3_ISLANDS)
    m.apply(TimeUp())                                   # round 3: 13, 16 and 0 points
    assert m.is_over() and m.hand_results[-1].scores == [13, 16, 0] and m.totals == [47, 47, 3]
    res = m.result()
    assert res.winners == [ANNA, BEN] and res.ranks == [1, 1, 3] and res.how is None


def test_T_G1_rounds_25_9_13_and_11_20_16_give_a_shared_victory():
    m = position(2, round=3, past_rounds=[[25, 11], [9, 20]], islands=ROUND_3_ISLANDS)
    m.apply(TimeUp())
    assert [r.scores for r in m.hand_results] == [[25, 11], [9, 20], [13, 16]]
    res = m.result()
    assert res.winners == [ANNA, BEN] and res.ranks == [1, 1]


def test_R30_the_round_breakdown_per_player():
    r = new_round(2, islands={ANNA: specs(CATERINA), BEN: specs(PIERO)}, round=2, past_rounds=[[4, 7]])
    assert r.totals_before == [4, 7]
    r.apply(Done(ANNA))
    r.apply(TimeUp())
    res = r.result()
    assert res.scores == [25, 11]
    assert [sum(v for _, v in rows) for rows in res.breakdown] == [25, 11]
    keys = [k for k, _ in res.breakdown[BEN]]
    assert keys == ["ir.score.animals", "ir.score.landscapes.p", "ir.score.landscapes.f", "ir.score.landscapes.d",
                    "ir.score.volcanoes", "ir.score.empty", "ir.score.wrong", "ir.score.first_out",
                    "ir.score.floor"]
    assert res.stats["ir.stat.valid"] == [True, True] and res.stats["ir.stat.landscapes"] == [11, 5]
    ben = r.scores[BEN]
    assert (ben.valid, ben.animals, ben.landscapes_of("f"), ben.volcanoes, ben.volcano_penalty, ben.empty,
            ben.wrong, ben.first_out, ben.floor, ben.total, ben.running_total) == \
        (True, 4, 2, 2, 0, 1, 2, 0, 0, 11, 18)
    assert r.scores[ANNA].running_total == 29


# ==================================================================================================
# Worked examples in the engine: §8.1, E3
# ==================================================================================================
def test_example4_in_the_engine_caterina_25_piero_11():
    r = new_round(2, seed=21)
    build(r, ANNA, specs(CATERINA))
    build(r, BEN, specs(PIERO)[:8], order=[4, 1, 0, 2, 3, 5, 6, 7])   # from the centre outwards
    r.apply(Done(ANNA))
    r.apply(TimeUp())
    assert [s.total for s in r.scores] == [25, 11]
    lines = [e.text for e in r.log if e.text.key == "ir.log.score"]
    assert lines[0].kwargs["points"] == 25 and lines[0].kwargs["first"] == "+4"
    assert lines[0].kwargs["volcanoes"] == "\u22123" and lines[1].kwargs["empty"] == "\u22121"


def test_E3_in_the_engine_anna_13_ben_0():
    r = new_round(2, seed=22)
    build(r, ANNA, specs(E1))
    build(r, BEN, specs(E2))
    r.apply(Done(ANNA))
    r.apply(Done(BEN))
    assert [s.total for s in r.scores] == [13, 0]


# ==================================================================================================
# §8.5 placement and real-time edge cases
# ==================================================================================================
def test_T_P1_first_tile_anywhere_then_only_touching_cells():
    r = new_round(2)
    take_tile(r, ANNA, "T41 front r0")
    r.apply(Place(ANNA, (1, 1)))
    take_tile(r, ANNA, "T24 front r0")
    with pytest.raises(IllegalAction) as info:
        r.apply(Place(ANNA, (0, 0)))
    assert info.value.reason.key == "ir.reason.not_adjacent"
    r.apply(Place(ANNA, (0, 1)))


def test_T_P2_take_while_holding_is_illegal_return_then_take_works():
    r = new_round(2)
    take_tile(r, ANNA, "T41 front r0")
    other = slot_of(r, "T42")
    assert reason(r, Take(ANNA, other)) == "ir.reason.hand_full"
    r.apply(Return(ANNA))
    r.apply(Take(ANNA, other))
    assert r.hands[ANNA].tile == "T42"


def test_T_P3_no_stacking_and_no_cell_outside():
    r = new_round(2)
    take_tile(r, ANNA, "T41 front r0")
    r.apply(Place(ANNA, (1, 1)))
    take_tile(r, ANNA, "T42 front r0")
    assert reason(r, Place(ANNA, (1, 1))) == "ir.reason.occupied"
    assert reason(r, Place(ANNA, (1, 3))) == "ir.reason.outside"
    assert all(0 <= a.cell[0] < 3 and 0 <= a.cell[1] < 3 for a in r.legal_actions(ANNA) if isinstance(a, Place))


def test_T_P4_a_placed_tile_takes_no_rotate_flip_return():
    r = new_round(2)
    take_tile(r, ANNA, "T41 front r0")
    r.apply(Place(ANNA, (1, 1)))
    assert r.hands[ANNA] is None
    assert {reason(r, a) for a in (Rotate(ANNA, 1), Flip(ANNA), Return(ANNA))} == {"ir.reason.hand_empty"}


def test_T_P5_done_with_8_illegal_with_9_legal_and_the_held_tile_returns():
    r = new_round(2)
    build(r, ANNA, specs(CATERINA)[:8])
    assert reason(r, Done(ANNA)) == "ir.reason.not_full"
    assert r.filled(ANNA) == 8
    build(r, ANNA, [None] * 8 + ["T03 front r2"])
    slot = slot_of(r, "T45")
    r.apply(Take(ANNA, slot))
    r.apply(Done(ANNA))
    assert r.pile[slot].tile == "T45" and r.done == [ANNA]


def test_T_P6_contention_the_first_take_wins():
    r = new_round(2)
    r.apply(Take(ANNA, 17))
    with pytest.raises(IllegalAction) as info:
        r.apply(Take(BEN, 17))
    assert info.value.reason.key == "ir.reason.taken_by"
    assert info.value.reason.kwargs["player"] == seat_ref(ANNA)
    assert r.hands[ANNA] is not None and r.hands[BEN] is None
    r.apply(Place(ANNA, (0, 0)))                                    # placed: still "taken by Anna"
    assert reason(r, Take(BEN, 17)) == "ir.reason.taken_by"
    assert reason(r, Take(ANNA, 17)) == "ir.reason.slot_empty"


def test_T_P7_return_after_flip_shows_the_flipped_face_to_everyone():
    r = new_round(3, showing=["T31 front r0"])
    slot = slot_of(r, "T31")
    r.apply(Take(BEN, slot))
    r.apply(Flip(BEN))
    r.apply(Return(BEN))
    assert r.pile[slot] == Piece.of("T31", BACK, 0)
    for seat in (None, ANNA, BEN, CARA):
        assert r.view(seat).pile[slot].face.edges == "dddd" and r.view(seat).pile[slot].face.back


def test_T_R1_time_up_with_7_placed_and_a_tile_in_hand():
    r = new_round(2)
    build(r, BEN, specs(CATERINA)[:7])
    slot = slot_of(r, "T45")
    r.apply(Take(BEN, slot))
    r.apply(TimeUp())
    assert r.pile[slot].tile == "T45" and r.hands[BEN] is None
    assert r.scores[BEN].empty == 2 and r.scores[BEN].empty_cells == [(2, 1), (2, 2)]


def test_T_R2_all_done_at_2_10_ends_the_round_at_once_and_no_time_up_follows():
    m = position(2, seed=3, started_at=5.0, islands={ANNA: specs(CATERINA), BEN: full_piero()})
    m.advance_time(5.0 + 130.0)
    assert m.hand.time_left() == 110.0
    m.apply(Done(BEN))
    m.apply(Done(ANNA))
    assert m.last_hand.ended_by == "all-done" and m.last_hand.phase == OVER
    assert m.hand.phase == MIX and m.hand.round_index == 1 and m.hand.now == 135.0
    assert reason(m, TimeUp()) == "ir.reason.not_started"
    assert reason(m.last_hand, TimeUp()) == "ir.reason.round_over"


def test_T_R3_actions_after_time_up_are_rejected():
    r = new_round(2)
    r.apply(TimeUp())
    for action in (Take(ANNA, 0), Done(BEN), Stop(ANNA), Place(BEN, (0, 0))):
        assert reason(r, action) == "ir.reason.round_over"


def test_T_R4_next_round_starts_clean():
    m = position(3, seed=8, islands={ANNA: specs(CATERINA)})
    m.apply(Done(ANNA))
    m.apply(Take(BEN, slot_of(m.hand, "T45")))
    m.apply(TimeUp())
    h = m.hand
    assert h.round_index == 1 and h.phase == MIX
    assert h.all_tiles() == sorted(TILE_IDS) and all(p is not None for p in h.pile)
    assert h.grids == [[None] * 9] * 3 and h.hands == [None] * 3 and h.done == [] and h.taken_by == [None] * 48
    assert h.totals_before == [25, 0, 0]


# ==================================================================================================
# §8.7 game and variants
# ==================================================================================================
def test_T_V1_no_timer_last_tile_phase():
    r = new_round(3, no_timer=True, islands={ANNA: specs(E1), BEN: ["T17 front r0"] + [None] * 8,
                                             CARA: ["T16 front r0"] + [None] * 8},
                  hands={BEN: "T21 front r0"}, showing=["T30 back r0"])
    slot = slot_of(r, "T30")
    r.apply(Done(ANNA))
    assert r.phase == LAST and r.current_players() == (BEN, CARA)
    r.apply(Place(BEN, (0, 1)))
    assert r.finished[BEN] and r.current_players() == (CARA,)
    r.apply(Take(CARA, slot))
    r.apply(Flip(CARA))
    for _ in range(3):
        r.apply(Rotate(CARA, 1))
    r.apply(Place(CARA, (1, 0)))
    assert r.phase == OVER and r.ended_by == "last-tile"
    assert r.scores[ANNA].first_out == 4 and r.scores[ANNA].total == 13       # as E3: valid, +4
    assert r.filled(BEN) == 2 and r.filled(CARA) == 2


def test_T_V2_no_timer_stop_without_placing_and_no_done():
    r = new_round(2, no_timer=True, islands={ANNA: specs(CATERINA), BEN: full_piero()})
    r.apply(Done(ANNA))
    assert Done(BEN) not in r.legal_actions(BEN) and Stop(BEN) in r.legal_actions(BEN)
    assert reason(r, Done(BEN)) == "ir.reason.no_done_now"
    r.apply(Stop(BEN))
    assert r.phase == OVER and r.done == [ANNA] and "ir.log.stop" in log_keys(r)


def test_T_V3_big_island_done_needs_16():
    from tests.games.island_race.helpers import BIG
    r = new_round(2, big_island=True, islands={ANNA: specs(BIG)[:9] + [None] * 7})
    assert reason(r, Done(ANNA)) == "ir.reason.not_full"
    r = new_round(2, big_island=True, islands={ANNA: specs(BIG)[:15] + [None]})
    assert reason(r, Done(ANNA)) == "ir.reason.not_full" and r.filled(ANNA) == 15
    build(r, ANNA, [None] * 15 + specs(BIG)[15:])
    r.apply(Done(ANNA))
    r.apply(TimeUp())
    assert r.scores[BEN].empty == 16 and r.scores[ANNA].total == 18 + 4
    assert [p.key for p in RULES.check(3, {"big-island": True})] == ["opt.err.players"]
    assert RULES.check(2, {"big-island": True}) == []


def test_T_C1_capacity_four_players_all_valid_at_once():
    r = new_round(4, seed=31)
    for k in range(1, 5):
        layout = capacity_layout(3, tiles(4 * k - 3, 4 * k), tiles(4 * k + 17, 4 * k + 20), [f"T{40 + k}"])
        build(r, k - 1, layout)
    for seat in range(4):
        r.apply(Done(seat))
    assert all(s.valid for s in r.scores) and r.phase == OVER


def test_T_C2_capacity_two_big_islands_valid():
    r = new_round(2, seed=32, big_island=True)
    build(r, ANNA, capacity_layout(4, tiles(1, 4), tiles(21, 28), tiles(41, 44)))
    build(r, BEN, capacity_layout(4, tiles(5, 8), tiles(29, 36), tiles(45, 48)))
    r.apply(Done(BEN))
    r.apply(Done(ANNA))
    assert all(s.valid for s in r.scores) and r.filled(ANNA) == r.filled(BEN) == 16


# ==================================================================================================
# Variants V1-V3
# ==================================================================================================
def test_V1_1_expert_timer_is_180_seconds_nothing_else_changes():
    r = new_round(2, expert_timer=True)
    assert r.timer == 180 and r.size == 3 and not r.no_timer
    assert r.legal_actions(SYSTEM) == [TimeUp()]


def test_V2_1_big_island_only_with_two_players():
    opt = {o.key: o for o in RULES.options}["big-island"]
    assert opt.players == (2,)
    for players in (3, 4):
        assert RULES.check(players, {"big-island": True})
        with pytest.raises(ValueError):
            IslandRound.mix(players, {"big-island": True}, 1)


def test_V2_2_big_island_reads_4x4_everywhere():
    r = new_round(2, big_island=True)
    from tests.games.island_race.helpers import BIG
    build(r, ANNA, specs(BIG))
    assert Done(ANNA) in r.legal_actions(ANNA)
    take_tile(r, BEN, "T08 front r0")
    assert r.water_faults_of_placement(BEN, (0, 0)) == [] and r.water_faults_of_placement(BEN, (1, 1)) == [0, 3]
    assert r.water_faults_of_placement(BEN, (3, 3)) != []
    r.apply(Place(BEN, (0, 3)))                                     # a C face with water N+W at the NE corner
    r.apply(TimeUp())
    assert r.scores[ANNA].valid and r.scores[ANNA].empty == 0
    assert not r.scores[BEN].valid


def test_V2_3_big_island_keeps_the_timer():
    assert new_round(2, big_island=True).timer == 240
    assert new_round(2, big_island=True, expert_timer=True).timer == 180


def test_V3_1_no_timer_has_no_clock_and_no_time_up():
    r = new_round(2, no_timer=True)
    assert r.time_left() is None and r.legal_actions(SYSTEM) == []
    assert reason(r, TimeUp()) == "ir.reason.no_timer"


def test_V3_2_play_until_the_first_done_who_gets_the_bonus():
    r = new_round(2, no_timer=True, islands={BEN: specs(CATERINA)})
    assert r.phase == PLAY
    r.apply(Done(BEN))
    assert r.phase == LAST and r.first_out == BEN and "ir.log.last_tile" in log_keys(r)
    r.apply(Stop(ANNA))
    assert r.scores[BEN].first_out == 4


def test_V3_3_each_other_player_places_at_most_one_more_tile_or_stops():
    r = new_round(3, no_timer=True, islands={ANNA: specs(CATERINA)}, hands={BEN: "T44 front r0"})
    r.apply(Done(ANNA))
    r.apply(Return(BEN))                                            # may swap the held tile
    take_tile(r, BEN, "T45 front r0")
    r.apply(Place(BEN, (1, 1)))
    assert reason(r, Take(BEN, slot_of(r, "T46"))) == "ir.reason.finished"
    assert "ir.log.last_placed" in log_keys(r) and r.phase == LAST
    assert reason(r, Stop(BEN)) == "ir.reason.finished"
    r.apply(Stop(CARA))
    assert r.phase == OVER and r.filled(BEN) == 1 and r.filled(CARA) == 0


def test_V3_4_nobody_else_declares_done_and_a_filled_grid_gets_no_bonus():
    r = new_round(2, no_timer=True, islands={ANNA: specs(CATERINA), BEN: specs(PIERO)})
    r.apply(Done(ANNA))
    take_tile(r, BEN, "T44 front r0")
    r.apply(Place(BEN, (2, 2)))
    assert r.phase == OVER and r.grid_full(BEN) and r.done == [ANNA] and r.scores[BEN].first_out == 0
    assert Stop(ANNA) not in r.legal_actions(ANNA)


def test_V3_5_the_round_ends_when_every_other_player_is_finished_held_tiles_return():
    r = new_round(3, no_timer=True, islands={CARA: specs(CATERINA)})
    r.apply(Done(CARA))
    slot = slot_of(r, "T44")
    r.apply(Take(ANNA, slot))
    r.apply(Stop(BEN))
    assert r.phase == LAST
    r.apply(Stop(ANNA))
    assert r.phase == OVER and r.pile[slot].tile == "T44" and r.hands == [None] * 3
    assert r.all_tiles() == sorted(TILE_IDS)


def test_V3_6_an_optional_limit_may_end_the_last_tile_phase():
    r = new_round(3, no_timer=True, islands={ANNA: specs(CATERINA)})
    r.apply(Done(ANNA))
    assert r.legal_actions(SYSTEM) == [TimeUp()]
    take_tile(r, BEN, "T44 front r0")
    r.apply(TimeUp())
    assert r.phase == OVER and r.hands == [None] * 3 and r.ended_by == "time-up"


def test_options_are_declared_for_the_setup_form():
    opts = {o.key: o for o in RULES.options}
    assert set(opts) == {"expert-timer", "no-timer", "big-island"}
    assert all(o.kind == "bool" and o.default is False and o.label and o.help for o in opts.values())
    assert opts["no-timer"].excludes == ("expert-timer",) and opts["expert-timer"].excludes == ("no-timer",)
    problems = RULES.check(2, {"no-timer": True, "expert-timer": True})
    assert {p.key for p in problems} == {"opt.err.excludes"}
    assert RULES.check(2, {"no-timer": True, "big-island": True}) == []
    assert RULES.check(1, {}) and RULES.check(5, {})
    assert RULES.realtime and not RULES.has_secrets and RULES.id == "island-race"


# ==================================================================================================
# Resolved ambiguities (§7) that state behaviour
# ==================================================================================================
def test_A4_a_valid_island_may_have_gaps_whose_facing_edges_are_land():
    r = new_round(2, islands={ANNA: specs(PIERO)})
    r.apply(TimeUp())
    assert r.scores[ANNA].valid and r.scores[ANNA].empty == 1


def test_A5_the_grid_is_fixed_from_the_first_tile():
    r = new_round(2)
    take_tile(r, ANNA, "T01 front r0")
    r.apply(Place(ANNA, (2, 2)))                                    # a top-left corner face at bottom right
    take_tile(r, ANNA, "T42 front r0")
    r.apply(Place(ANNA, (1, 2)))
    assert r.grids[ANNA][8].face.edges == "wpfw"                    # nothing shifted
    assert not r.compute_scores()[ANNA].valid


def test_A6_invalid_first_out_passes_the_bonus_to_nobody():
    r = new_round(2, islands={ANNA: specs(E2), BEN: specs(E1)})
    r.apply(Done(ANNA))
    r.apply(Done(BEN))
    assert [s.first_out for s in r.scores] == [0, 0] and [s.total for s in r.scores] == [0, 9]


def test_A8_done_needs_a_full_grid_not_a_valid_one():
    r = new_round(2, islands={ANNA: specs(E2)})
    assert Done(ANNA) in r.legal_actions(ANNA)


def test_A9_time_up_wins_the_race_against_a_drop():
    r = new_round(2)
    take_tile(r, ANNA, "T41 front r0")
    r.apply(TimeUp())
    assert reason(r, Place(ANNA, (1, 1))) == "ir.reason.round_over"
    assert r.grids[ANNA] == [None] * 9


def test_A13_pile_tiles_cannot_be_moved_flipped_or_turned():
    r = new_round(2)
    before = list(r.pile)
    kinds = {type(a) for a in r.legal_actions(ANNA)}
    assert kinds == {Take}                         # nothing acts on a pile tile but taking it
    assert r.pile == before


def test_A17_there_is_always_exactly_one_first_out():
    r = new_round(2, islands={ANNA: specs(CATERINA), BEN: full_piero()})
    r.apply(Done(BEN))
    r.apply(Done(ANNA))
    assert r.first_out == BEN and r.done == [BEN, ANNA]


def test_A20_both_players_build_4x4():
    m = RULES.new_game(2, {"big-island": True}, 2)
    assert [len(g) for g in m.hand.grids] == [16, 16]


def test_A21_every_round_uses_the_same_timer():
    m = RULES.new_game(2, {"expert-timer": True}, 2)
    timers = []
    for _ in range(3):
        timers.append(m.hand.timer)
        m.apply(StartRound())
        m.apply(TimeUp())
    assert timers == [180, 180, 180]


def test_system_actions_and_unknown_seats():
    r = new_round(2)
    assert reason(r, Take(2, 0)) == "ir.reason.no_such_seat"
    assert reason(r, TimeUp(ANNA)) == "ir.reason.system_only"
    assert r.legal_actions(None) == r.legal_actions(ANNA) + r.legal_actions(BEN)
    assert r.undo_barrier == 1
    r.apply(Take(ANNA, 0))
    assert r.undo_barrier == 2                      # a race has no undo: every action raises the barrier


def test_actions_round_trip_through_json():
    import json
    actions = [Take(ANNA, 17), Rotate(BEN, -1), Flip(CARA), Return(ANNA), Place(BEN, (2, 1)), Done(ANNA),
               Stop(BEN), StartRound(), TimeUp()]
    for a in actions:
        again = RULES.action_from_json(json.loads(json.dumps(a.to_json())))
        assert again == a and type(again) is type(a)
    assert StartRound().seat == TimeUp().seat == SYSTEM


def test_longer_rounds_from_settings_only_lengthen_a_timed_round_before_go():
    """Settings' longer rounds go through the engine (the scene writes no field of the state)."""
    import pytest as _pytest

    from game.games.island_race.positions import position
    rnd = position(2, phase="mix").hand
    rnd.lengthen_round(360)
    assert rnd.timer == 360
    for bad in (120, 200, 420):
        with _pytest.raises(ValueError):
            rnd.lengthen_round(bad)
    with _pytest.raises(ValueError):
        position(2, phase="play").hand.lengthen_round(300)      # after "Go!": too late
    untimed = position(2, phase="mix", options={"no-timer": True}).hand
    with _pytest.raises(ValueError):
        untimed.lengthen_round(300)
