"""Island Race positions on demand (``game/games/island_race/positions.py``) and the mix made explicit
(S4 through ``game.core.chance.Chance``): the builder's every parameter, its refusals, the documented
example, old piles mixed exactly as before, and the next round's pile fixed in advance."""
from __future__ import annotations

import json
import re

import pytest

from game.core.chance import Chance, ChanceScriptError
from game.core.rng import Rng
from game.games.island_race import positions
from game.games.island_race.positions import piece, position, round_position
from game.games.island_race.rules import (LAST, MIX, OVER, PLAY, RULES, SYSTEM, Done, IslandMatch, IslandRound,
                                          Piece, Place, StartRound, Stop, Take, TimeUp, mix_pile, mix_script)
from game.games.island_race.tiles import BACK, FRONT, TILE_IDS
from tests.games.island_race.helpers import ANNA, BEN, CARA, CATERINA, PIERO, slot_of, specs


def old_mix(seed: int) -> list[tuple[str, int, int]]:
    """The mix as the engine wrote it before ``Chance`` (rules version 1): the saves' reference."""
    rng = Rng(seed)
    order = list(TILE_IDS)
    rng.shuffle(order)
    return [(tile, rng.below(2), rng.below(4)) for tile in order]


def triples(pile) -> list[tuple[str, int, int]]:
    return [(p.tile, p.side, p.rot) for p in pile]


def test_the_documented_example_runs():
    block = re.search(r"::\n\n((?:    .*\n|\n)+)", positions.__doc__).group(1)
    exec("\n".join(line[4:] for line in block.splitlines()), {})


def test_S4_the_mix_draws_through_chance_exactly_as_before():
    for seed in range(40):
        assert triples(IslandRound.mix(2 + seed % 3, {}, seed).pile) == old_mix(seed)
    for seed in (3, 77):
        m = RULES.new_game(2, {}, seed)
        rng = Rng(seed)
        for _ in range(3):
            assert triples(m.hand.pile) == old_mix(rng.next64())   # each round seeded from the match's generator
            m.apply(StartRound())
            m.apply(TimeUp())


def test_S4_a_scripted_mix_lays_the_pile_asked_for_and_the_generator_does_not_move():
    wanted = [(t, (i % 2), i % 4) for i, t in enumerate(reversed(TILE_IDS))]
    chance = Chance(Rng(5)).script_draws(*mix_script(wanted))
    before = chance.rng.state()
    assert triples(mix_pile(chance)) == wanted and chance.script == [] and chance.rng.state() == before
    with pytest.raises(ValueError):
        mix_script(wanted[:-1] + [wanted[0]])                        # a tile twice
    with pytest.raises(ValueError):
        mix_script([(t, 2, 0) for t, _, _ in wanted])                # no side 2
    with pytest.raises(ChanceScriptError):
        mix_pile(Chance(Rng(1)).script_dice([3, 4]))                 # the mix draws tiles, it rolls no dice


def test_S4_the_next_round_pile_fixed_by_the_builder_is_saved_hidden_and_used():
    nxt = [f"{t} {'back' if i % 3 else 'front'} r{i % 4}" for i, t in enumerate(TILE_IDS)]
    m = position(3, next_pile=nxt, seed=4)
    data = json.loads(json.dumps(m.to_json()))
    assert isinstance(data["rng"], dict) and data["rng"]["script"]              # saved with the match
    again = RULES.state_from_json(data)
    RULES.validate_state(again)
    assert again.to_json() == m.to_json()
    assert isinstance(m.view(0).to_json()["rng"], list) and m.view(None).script == []  # nobody sees it
    assert RULES.twin(m, None, Rng(2)).script == []
    for state in (m, again):
        state.apply(TimeUp())
        assert state.hand.round_index == 1 and triples(state.hand.pile) == triples(piece(s) for s in nxt)
        assert state.script == [] and isinstance(state.to_json()["rng"], list)  # spent: saved as before
    with pytest.raises(ValueError, match="no round after round 3"):
        position(2, round=3, past_rounds=[[0, 0], [0, 0]], next_pile=nxt)


def test_a_default_position_is_a_mixed_and_started_round():
    for players in (2, 3, 4):
        m = RULES.new_game(players, {}, 0)
        built = position(players, seed=0)
        assert isinstance(built, IslandMatch) and built.hand.phase == PLAY
        r = IslandRound.mix(players, {}, 0)
        r.apply(StartRound())
        assert built.hand.to_json() == r.to_json()
        assert position(players, seed=0, phase=MIX).hand.to_json() == IslandRound.mix(players, {}, 0).to_json()
        assert built.players == m.players and built.totals == m.totals


def test_islands_hands_pile_and_clock_are_laid_as_written():
    m = position(3, seed=2, round=2, past_rounds=[[4, 7, 0]], elapsed=61.5, started_at=300.0,
                 islands={ANNA: specs(CATERINA), BEN: {(1, 1): "T44 front r0", (1, 2): ("T45", FRONT, 1)}},
                 hands={CARA: ("T30 back r3", 11)}, pile={0: "T17 front r0"}, showing=["T31 back r2"])
    r = m.hand
    assert r.round_index == 1 and r.totals_before == [4, 7, 0] and m.totals == [4, 7, 0]
    assert r.now == 361.5 and r.round_start == 300.0 and r.time_left() == 240 - 61.5
    assert [p.tile for p in r.grids[ANNA]] == [s.split()[0] for s in specs(CATERINA)]
    assert r.grids[BEN][4] == Piece.of("T44", FRONT, 0) and r.grids[BEN][5] == Piece.of("T45", FRONT, 1)
    assert r.hands[CARA] == Piece.of("T30", BACK, 3) and r.hand_slot[CARA] == 11 and r.taken_by[11] == CARA
    assert r.pile[0] == Piece.of("T17", FRONT, 0) and r.pile[slot_of(r, "T31")] == Piece.of("T31", BACK, 2)
    assert r.all_tiles() == sorted(TILE_IDS)
    assert sum(1 for t in r.taken_by if t == ANNA) == 9 and sum(1 for t in r.taken_by if t == BEN) == 2
    m.apply(Place(CARA, (0, 0)))                                     # it plays on
    assert r.grids[CARA][0].tile == "T30"


def test_a_whole_pile_in_slot_order():
    layout = [f"{t} front r0" for t in TILE_IDS]
    held = layout.pop(5)                                             # T06 is held, its slot 5 empty
    pile = layout[:5] + [None] + layout[5:]
    r = round_position(2, pile=pile, hands={BEN: held})
    assert r.hand_slot[BEN] == 5 and r.pile[5] is None and triples(r.pile[:2]) == [("T01", 0, 0), ("T02", 0, 0)]
    with pytest.raises(ValueError, match="empty slots"):
        round_position(2, pile=pile)                                 # an empty slot nobody took from
    with pytest.raises(ValueError, match="48"):
        round_position(2, pile=pile[:40])


def test_done_last_tile_and_a_finished_match():
    r = round_position(3, islands={BEN: specs(CATERINA)}, done=[BEN])
    assert r.done == [BEN] and r.current_players() == (ANNA, CARA) and r.log[-1].text.key == "ir.log.done"
    last = round_position(3, options={"no-timer": True}, islands={BEN: specs(CATERINA)}, done=[BEN],
                          finished=[CARA], phase=LAST)
    assert last.phase == LAST and last.current_players() == (ANNA,) and last.time_left() is None
    last.apply(Stop(ANNA))
    assert last.phase == OVER and last.scores[BEN].first_out == 4
    over = position(2, round=3, phase=OVER, past_rounds=[[10, 0], [5, 6]],
                    islands={ANNA: specs(CATERINA), BEN: specs(PIERO)}, done=[ANNA], hands={BEN: "T44 front r0"})
    assert over.is_over() and over.last_hand is over.hand and over.hand.ended_by == "time-up"
    assert over.hand.hands == [None, None] and over.totals == [40, 17] and over.result().winners == [ANNA]
    assert over.hand_results[-1].scores == [25, 11]


def test_a_longer_timer_and_the_totals_alone():
    r = round_position(2, timer=360, elapsed=100.0)
    assert r.timer == 360 and r.time_left() == 260
    m = position(2, round=3, totals=[30, 12])
    assert m.totals == [30, 12] and m.hand.totals_before == [30, 12] and len(m.hand_results) == 2


@pytest.mark.parametrize("kwargs,words", [
    ({"islands": {ANNA: specs(CATERINA), BEN: specs(CATERINA)}}, "twice"),
    ({"islands": {ANNA: specs(CATERINA)[:8] + [None]}, "done": [ANNA]}, "empty cells"),
    ({"islands": {ANNA: specs(CATERINA)}, "done": [ANNA], "hands": {ANNA: "T44 front r0"}}, "holds a tile"),
    ({"islands": {ANNA: specs(CATERINA), BEN: specs(PIERO)[:8] + ["T44 front r0"]}, "done": [ANNA, BEN]},
     "everyone is Done"),
    ({"islands": {ANNA: {(0, 0): "T01 front r0", (2, 2): "T03 front r2"}}}, "touch"),
    ({"islands": {ANNA: {(3, 0): "T01 front r0"}}}, "cell"),
    ({"islands": {ANNA: ["T01 front r0"]}}, "9 cells"),
    ({"hands": {5: "T01 front r0"}}, "seat"),
    ({"hands": {ANNA: "T99 front r0"}}, "no such tile"),
    ({"hands": {ANNA: "T01 sideways r0"}}, "written like"),
    ({"phase": LAST}, "last-tile"),
    ({"phase": OVER}, "last round"),
    ({"phase": "halftime"}, "phase"),
    ({"round": 4}, "round"),
    ({"phase": MIX, "islands": {ANNA: {(1, 1): "T41 front r0"}}}, "started"),
    ({"phase": MIX, "done": [ANNA]}, "Go"),
    ({"options": {"big-island": True}, "players": 3}, "opt.err.players"),
    ({"round": 2, "past_rounds": [[1, 2], [3, 4]]}, "finished rounds"),
    ({"totals": [3, 0]}, "totals at 0"),
    ({"timer": 100}, "timer"),
    ({"pile": {60: "T01 front r0"}}, "slot"),
])
def test_a_position_that_cannot_be_is_refused_saying_why(kwargs, words):
    players = kwargs.pop("players", 2)
    with pytest.raises(ValueError, match=words):
        position(players, **kwargs)


def test_every_built_position_is_validated_and_round_trips():
    for m in (position(4, islands={CARA: specs(PIERO)}, hands={ANNA: "T44 front r1"}, elapsed=12.0),
              position(2, options={"big-island": True, "expert-timer": True}, round=2, past_rounds=[[3, 9]]),
              position(2, options={"no-timer": True}, islands={BEN: specs(CATERINA)}, done=[BEN], phase=LAST)):
        data = json.loads(json.dumps(m.to_json()))
        again = RULES.state_from_json(data)
        RULES.validate_state(again)
        assert again.to_json() == m.to_json()
        assert m.legal_actions(SYSTEM) or m.hand.no_timer


def test_done_and_take_from_a_built_position_behave_like_any_other():
    r = round_position(2, islands={ANNA: specs(CATERINA)}, hands={ANNA: "T44 front r0"})
    slot = r.hand_slot[ANNA]
    r.apply(Done(ANNA))                                              # R13: the held tile goes back
    assert r.pile[slot].tile == "T44" and r.hands[ANNA] is None
    r.apply(Take(BEN, slot))
    assert r.hands[BEN].tile == "T44"


def test_S4_scripted_draws_the_next_mixes_cannot_use_are_refused_on_load():
    nxt = [f"{t} front r0" for t in TILE_IDS]
    data = position(2, round=2, past_rounds=[[0, 0]], next_pile=nxt).to_json()
    cases = {"more scripted draws": lambda s: s.append(["draw", "T01"]),          # one mix to come, two piles
             "do not fit": lambda s: s.__setitem__(0, ["draw", 0]),              # a side where a tile is drawn
             "dice": lambda s: s.__setitem__(0, ["dice", [1, 2]])}               # the mix rolls no dice
    for words, change in cases.items():
        bad = json.loads(json.dumps(data))
        change(bad["rng"]["script"])
        with pytest.raises(ValueError, match=words):
            RULES.validate_state(RULES.state_from_json(bad))
