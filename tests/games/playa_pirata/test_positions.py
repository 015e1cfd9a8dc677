"""The Playa Pirata position builder (game/games/playa_pirata/positions.py): what a position says is where
it says, what it leaves unsaid is filled in like a deal, every position is one a save could hold, and a
position that does not fit says why."""
from __future__ import annotations

import doctest
import re

import pytest

from game.core.rng import Rng
from game.games.playa_pirata import positions
from game.games.playa_pirata.cards import (BUCKET, DOUBLE, FLAG, LIFEGUARD, PARROT, SPECIAL_IDS, TOWEL_COLOUR,
                                           TOWEL_VALUE,
                                           TREASURE_IDS, UNKNOWN)
from game.games.playa_pirata.positions import REST, Buried, PositionError, at, hand, position
from game.games.playa_pirata.rules import (DRAFT, FINAL, ROUND, RULES, SEATING, STEP_B, ChoosePosition,
                                           DraftPick, EndTurn, PlayaMatch)
from tests.games.playa_pirata.helpers import BLUE, GREEN, RED, YELLOW, scored_final


def test_the_worked_example_of_the_docstring_runs():
    example = re.search(r"::\n\n(.*?)\n\n", positions.__doc__, re.S).group(1)
    code = "\n".join(line[4:] for line in example.splitlines())
    scope: dict = {}
    exec(code, scope)
    h = scope["h"]
    assert h.beach[1].pile and h.beach[2].occupant == BLUE and h.beach[2].top_value == 1
    assert {a.kind for a in h.legal_actions()} == {"pp.bury", "pp.pirate"}
    assert h.current == BLUE and h.round == 4 and [TOWEL_VALUE[c] for c in h.towels[GREEN]] == [3, 3]
    assert doctest  # the example is code, not a doctest: it is run above


def test_what_a_position_says_is_where_it_says():
    h = hand(4, round=3, turn=GREEN, first=BLUE,
             treasures={RED: ["7", "treasure-7-b"], GREEN: ["skull"]},
             pirates={GREEN: ["map"]}, towels={YELLOW: [1, 1, 3]},
             central=Buried(pile=[(YELLOW, REST), (BLUE, 2)], known_by=[RED]),
             beach=[Buried("towel", by=YELLOW, pile=[(RED, 3), (GREEN, 1)], face_up=True),
                    Buried("5", by=BLUE, pile=[(BLUE, 1)], umbrella=BLUE)])
    assert h.order == [BLUE, GREEN, YELLOW, RED] and h.current == GREEN and h.round == 3 and h.phase == ROUND
    assert h.treasures[RED] == ["treasure-7-a", "treasure-7-b"] and h.treasures[GREEN] == ["treasure-skull-1"]
    assert h.pirates[GREEN] == ["pirate-green-map"]
    assert set(h.discard) == {"pirate-green-spyglass", "pirate-green-umbrella", "pirate-blue-umbrella"}
    assert [TOWEL_VALUE[c] for c in h.towels[YELLOW]] == [1, 1, 3]
    assert [TOWEL_COLOUR[c] for c in h.beach[0].pile] == [YELLOW] * 9 + [BLUE]
    assert h.beach[0].known_by == [RED] and h.beach[0].buried_by is None
    assert h.beach[1].treasure == "treasure-towel-1" and h.beach[1].face_up and h.beach[1].occupant == GREEN
    assert h.beach[2].treasure == "treasure-5-a" and h.beach[2].umbrella == BLUE and h.beach[2].known_by == [BLUE]
    assert len(h.towels[RED]) == 11 and len(h.towels[BLUE]) == 10


def test_what_it_leaves_unsaid_is_filled_in_like_a_deal():
    h = hand(3, beach=[Buried(), Buried(), Buried()])
    assert [sp.buried_by for sp in h.beach] == [None, 0, 1, 2]  # one each, in turn order
    assert [len(t) for t in h.treasures] == [3, 3, 3] and len(h.removed) == 2  # R2 less the burials, R3
    assert sorted(h.all_cards()["treasures"]) == sorted(TREASURE_IDS)
    assert all(len(t) == 12 for t in h.towels) and all(len(p) == 3 for p in h.pirates)
    assert h.discard == [] and h.special_hand == [None] * 3 and h.scores is None
    assert h.phase == ROUND and h.round == 2 and h.current == 0 and h.step == "A"
    assert hand(3, seed=2).treasures != hand(3, seed=3).treasures  # dealt from the seed
    assert hand(3, seed=2).treasures == hand(3, seed=2).treasures
    s = hand(3, special=True, specials={GREEN: PARROT}, played=[(RED, BUCKET)])
    assert s.special_hand == [None, "special-sandcastle", PARROT]  # passive cards first
    assert s.special_played == [(RED, BUCKET)] and s.special_discard is not None and not s.packet
    assert sorted(s.all_cards()["specials"]) == sorted(SPECIAL_IDS)


def test_markers_bring_the_cards_they_need():
    h = hand(3, special=True, turn=RED, step=STEP_B, parrot=1,
             looks=[(GREEN, BLUE)],
             beach=[Buried(pile=[(BLUE, 3)], flag=True, by=BLUE), Buried(pile=[(GREEN, 1)])])
    assert (BLUE, FLAG) in h.special_played and h.beach[1].flag
    assert (RED, PARROT) in h.special_played and h.special_hand[RED] is None and h.parrot == 1
    assert h.looks == [[GREEN, BLUE, sorted(h.treasures[BLUE]), 2]]
    assert (GREEN, LIFEGUARD) in h.special_played and h.view(GREEN).looks[0][2] == sorted(h.treasures[BLUE])
    assert hand(3, special=True, beach=[Buried(double_by=GREEN)]).special_played == [(GREEN, DOUBLE)]
    with pytest.raises(PositionError, match="2 special cards"):
        hand(3, special=True, looks=[(GREEN, BLUE)], beach=[Buried(double_by=GREEN)])


def test_a_position_can_be_a_draft_or_a_seating_choice():
    d = hand(3, special=True, phase="draft", turn=GREEN, specials={BLUE: LIFEGUARD})
    assert d.phase == DRAFT and d.current == GREEN and d.drafters == [BLUE, GREEN, RED]
    assert len(d.packet) == 3 and d.draft_seen[GREEN] == sorted(d.packet)
    assert d.draft_seen[BLUE] == sorted([LIFEGUARD] + d.packet)
    assert d.view(BLUE).packet == [UNKNOWN] * 3
    d.apply(DraftPick(GREEN, d.packet[0]))
    d.apply(DraftPick(RED, d.packet[0]))
    assert d.phase == ROUND and d.round == 1
    m = position(3, match_format="two-hands", finished=[scored_final([10, 3, 12])], phase="seating")
    assert m.hand.phase == SEATING and m.current_player == BLUE  # the lowest score chooses (V2)
    m.apply(ChoosePosition(BLUE, 1))
    assert m.hand.order[0] == BLUE


def test_finished_hands_are_scored_by_the_rules():
    m = position(2, match_format="full", finished=[scored_final([20, 14])], turn=1)
    assert m.hand_index == 1 and m.totals == [20.0, 14.0] and m.last_hand.is_over()
    assert m.hand.order == [1, 0] and m.current_player == 1  # the start moved one seat (R39)
    assert isinstance(m, PlayaMatch)


def test_at_moves_the_same_table_to_another_turn():
    h = hand(3, turn=RED, beach=[Buried(pile=[(BLUE, 1)])])
    g = at(h, turn=GREEN, round=5)
    assert (g.current, g.round, g.step) == (GREEN, 5, "A") and g.beach[1].pile == h.beach[1].pile
    assert h.current == RED  # unchanged
    f = at(h, phase="final")
    assert f.phase == FINAL and f.current == h.order[0]
    f.apply(EndTurn(f.current))
    assert f.is_over()


@pytest.mark.parametrize("spec,words", [
    ({"treasures": {RED: ["7", "7", "7"]}}, "no treasure '7' left"),
    ({"treasures": {RED: ["treasure-3-a"]}, "beach": [Buried("treasure-3-a")]}, "treasure-3-a is both"),
    ({"treasures": {RED: ["gold"]}}, "unknown treasure 'gold'"),
    ({"towels": {RED: [1]}}, "red (seat 0)'s towels"),
    ({"towels": {RED: [3, 3, 3, 3, 3]}}, "no towel of value 3 left"),
    ({"beach": [Buried(pile=[(RED, REST)]), Buried(pile=[(RED, REST)])]}, "REST is in two piles"),
    ({"beach": [Buried(umbrella=RED)], "pirates": {RED: ["umbrella"]}}, "umbrella is in hand and in play"),
    ({"turn": 5}, "5 is not a seat"),
    ({"round": 9}, "round 9"),
    ({"phase": "final", "turn": BLUE}, "the final turn is the starting player's"),
    ({"specials": {RED: DOUBLE}}, "without the special-cards variant"),
    ({"beach": [Buried(flag=True, by=RED)]}, "without the special-cards variant"),
    ({"round": 1, "beach": [Buried(pile=[(RED, 1)])]}, "before round 2"),
    ({"step": "B", "groups": [0, 0]}, "towel groups on [0, 0]"),
    ({"central": Buried(by=RED)}, "central treasure was buried by nobody"),
    ({"removed": ["3"]}, "treasure cards in no place"),
])
def test_a_position_that_does_not_fit_says_why(spec, words):
    with pytest.raises(ValueError) as caught:
        hand(3, **spec)
    assert words in str(caught.value), str(caught.value)
    assert str(caught.value).startswith("not a Playa Pirata position")


def test_positions_play_on_to_the_end_of_the_match():
    """Built positions are positions of the game: random play goes on from them, and every state on the
    way passes the load checks."""
    built = [
        position(2, special=True, turn=1, round=5, beach=[Buried(pile=[(0, 3)], umbrella=0), Buried(flag=True, by=1)]),
        position(3, match_format="two-hands", phase="final", beach=[Buried("towel", pile=[(1, REST), (2, 1)])],
                 towels={1: [2]}),
        position(4, special=True, phase="draft", turn=2, first=1),
        position(3, match_format="full", finished=[scored_final([5, 6, 7])], turn=2, round=6),
    ]
    for k, m in enumerate(built):
        rng = Rng(k)
        steps = 0
        while not m.is_over():
            m.apply(rng.choice(m.legal_actions()))
            steps += 1
            if steps % 17 == 0:
                RULES.validate_state(m)
        RULES.validate_state(m)
        assert steps > 3
