"""Playa Pirata's resolved ambiguities (spec section 7, A1 to A30), one test each: every reading the spec
chose is checked on a position built for it (positions.py), so that the other reading would fail it."""
from __future__ import annotations

from collections import Counter

import pytest

from game.core.protocol import IllegalAction
from game.core.rng import Rng
from game.games.playa_pirata.cards import (BUCKET, DOUBLE, LIFEGUARD, PARROT, PIGGY, SLIPPERS,
                                           TOWEL_COLOUR, TOWEL_VALUE, TOWELS_PER_COLOUR, TREASURE_DECK,
                                           TREASURE_IDS, TREASURE_KIND, UNKNOWN, WAVE, pirate_ids, rounds_in_hand,
                                           towel_ids)
from game.games.playa_pirata.rules import (ROUND, RULES, SEATING, BuryTreasure, ChoosePosition,
                                           DraftPick, EndTurn, PlayPirate, PlaySpecial, PlayTowels, ShowHand,
                                           seating_order)
from tests.games.playa_pirata.helpers import (BLUE, GREEN, REST, RED, YELLOW, Buried, at, finish, groups_on, hand,
                                              new_hand, position, scored_final)


def reason(h, action) -> str:
    with pytest.raises(IllegalAction) as info:
        h.apply(action)
    return info.value.reason.key


def test_A1_four_skulls_and_one_towel_treasure():
    kinds = Counter(kind for _, kind, _ in TREASURE_DECK)
    assert kinds == {"number": 10, "skull": 4, "towel": 1}
    assert sorted(v for _, kind, v in TREASURE_DECK if kind == "number") == [3, 3, 4, 4, 5, 5, 6, 6, 7, 7]
    # four skulls exist, and a fourth adds nothing (the rule that only makes sense with four)
    h = finish(hand(4, beach=[Buried("skull", [(RED, 1)]) for _ in range(4)]))
    assert dict(h.result().breakdown[RED])["pp.score.skulls"] == 18


def test_A2_four_towels_of_each_value_per_colour():
    assert TOWELS_PER_COLOUR == {1: 4, 2: 4, 3: 4}
    assert sorted(TOWEL_VALUE[c] for c in towel_ids(GREEN)) == [1] * 4 + [2] * 4 + [3] * 4
    # "four cards of value 1" beat a 3: a colour has at least four 1s
    h = hand(3, turn=RED, step="B", towels={RED: [1, 1, 1, 1]},
             central=Buried(pile=[(RED, REST), (BLUE, 3)]))
    assert groups_on(h, RED, 0) == {(1, 1, 1, 1)}


def test_A3_the_fourth_colour_is_yellow():
    h = new_hand(4)
    assert {TOWEL_COLOUR[c] for c in h.towels[YELLOW]} == {YELLOW}
    assert all(c.startswith("towel-yellow-") for c in h.towels[YELLOW])
    assert h.pirates[YELLOW] == pirate_ids(YELLOW) == ["pirate-yellow-spyglass", "pirate-yellow-map",
                                                       "pirate-yellow-umbrella"]


def test_A4_a_turno_is_a_round_of_every_player():
    for players, rounds in ((2, 8), (3, 7), (4, 6)):
        assert rounds_in_hand(players) == rounds == new_hand(players).action_cards(0)
        h = new_hand(players, seed=players)
        rng = Rng(players)
        turns: dict[int, list[int]] = {}
        last = None
        while h.phase == ROUND:
            if (h.round, h.current) != last:
                last = (h.round, h.current)
                turns.setdefault(h.round, []).append(h.current)
            h.apply(rng.choice(h.legal_actions()))
        assert sorted(turns) == list(range(1, rounds + 1))
        assert all(seats == h.order for seats in turns.values())  # each player once, in order, every round


def test_A5_round_one_only_buries():
    h = hand(3, round=1, turn=BLUE)
    h.apply(BuryTreasure(BLUE, h.treasures[BLUE][0]))
    assert h.legal_actions() == [EndTurn(BLUE)]
    assert reason(h, PlayTowels(BLUE, 1, (1,))) == "pp.reason.round1_bury"
    g = hand(3, round=2, turn=RED)
    g.apply(BuryTreasure(RED, g.treasures[RED][0]))
    assert any(isinstance(a, PlayTowels) for a in g.legal_actions())  # "dal secondo turno in poi"


def test_A6_the_central_treasure_is_a_treasure_like_any_other():
    h = hand(3, turn=RED, central=Buried(pile=[(RED, 1)]))
    legal = h.legal_actions()
    for kind in ("spyglass", "map", "umbrella"):
        assert PlayPirate(RED, f"pirate-red-{kind}", 0) in legal
    assert all(h.view(s).beach[0].treasure == UNKNOWN for s in (None, RED, BLUE, GREEN))
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    assert (2,) in groups_on(h, RED, 0)


def test_A7_a_player_may_cover_their_own_pile_beating_it():
    h = hand(3, turn=RED, step="B", beach=[Buried(pile=[(BLUE, 1), (RED, 2)])])
    groups = groups_on(h, RED, 1)
    assert (3,) in groups and (2,) not in groups and (1, 1) not in groups  # the same threshold


def test_A8_every_group_is_stacked_highest_first_even_on_an_empty_pile():
    h = hand(3, turn=GREEN, step="B", beach=[Buried(), Buried(pile=[(RED, 1)])])
    h.apply(PlayTowels(GREEN, 1, (1, 2, 3, 2)))
    assert [TOWEL_VALUE[c] for c in h.beach[1].pile] == [3, 2, 2, 1]
    h.apply(PlayTowels(GREEN, 2, (1, 3)))
    assert [TOWEL_VALUE[c] for c in h.beach[2].pile] == [1, 3, 1]


def test_A9_showing_the_hand_shows_the_towels_only():
    h = hand(3, turn=RED, step="B", towels={RED: [1, 1]}, central=Buried(pile=[(RED, REST), (BLUE, 3)]))
    assert h.legal_actions() == [ShowHand(RED)]
    h.apply(ShowHand(RED))
    line = next(e for e in h.log if e.text.key == "pp.log.show")
    assert "values" in line.text.kwargs and "treasure" not in str(line.text)
    for seat in (BLUE, GREEN, None):
        assert h.view(seat).treasures[RED] == [UNKNOWN] * len(h.treasures[RED])


def test_A10_the_umbrella_needs_the_pile_at_the_start_of_the_turn_and_still_now():
    h = hand(3, special=True, specials={RED: PIGGY}, turn=RED, beach=[Buried(pile=[(BLUE, 3), (RED, 1)])])
    assert PlayPirate(RED, "pirate-red-umbrella", 1) in h.legal_actions()
    h.apply(PlaySpecial(RED, PIGGY, 1, h.beach[1].pile[-1]))  # Red takes its own 1 back: Blue's 3 on top
    assert reason(h, PlayPirate(RED, "pirate-red-umbrella", 1)) == "pp.reason.umbrella_not_occupied"
    g = hand(3, turn=RED, beach=[Buried(pile=[(RED, 1)])])
    g.apply(BuryTreasure(RED, g.treasures[RED][0]))
    g.apply(PlayTowels(RED, 2, (1,)))  # occupied only since this turn: never an umbrella target
    g = at(g, turn=RED)
    assert {a.target for a in g.legal_actions() if isinstance(a, PlayPirate) and a.card.endswith("umbrella")} == {1, 2}


def test_A11_the_umbrella_point_is_counted_once():
    h = finish(hand(3, umbrella_aside=[GREEN], pirates={GREEN: []}))
    assert dict(h.result().breakdown[GREEN])["pp.score.umbrella"] == 1
    assert h.scores[GREEN] == 12 + 1
    # a hand played to its end leaves no umbrella in a hand: every action card is played
    g = new_hand(3, seed=4)
    rng = Rng(4)
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
    assert all(p == [] for p in g.pirates)


def test_A12_spyglass_and_map_may_be_played_without_looking_and_only_at_face_down_treasures():
    h = hand(3, turn=RED, central=Buried(face_up=True), beach=[Buried(face_up=True)])
    legal = h.legal_actions()
    assert PlayPirate(RED, "pirate-red-spyglass", -1) in legal and PlayPirate(RED, "pirate-red-map", -1) in legal
    assert not any(isinstance(a, PlayPirate) and a.target >= 0 and not a.card.endswith("umbrella") for a in legal)
    assert reason(h, PlayPirate(RED, "pirate-red-map", 1)) == "pp.reason.face_up"


def test_A13_a_treasure_without_towel_or_umbrella_is_nobodys():
    h = finish(hand(3, beach=[Buried("7", by=RED), Buried("skull", by=BLUE)]))
    assert h.beach[1].occupant is None and h.beach[2].occupant is None
    assert all(h.captures(s) == [] for s in range(3))
    assert [dict(r)["pp.score.numbers"] for r in h.result().breakdown] == [0, 0, 0]


def test_A14_the_towel_treasure_counts_every_card_but_not_those_taken_back():
    h = hand(3, special=True, specials={RED: PIGGY}, turn=RED,
             beach=[Buried("towel", pile=[(BLUE, 3), (GREEN, 1), (RED, 2), (RED, 1)])])
    h.apply(PlaySpecial(RED, PIGGY, 1, h.beach[1].pile[2]))  # the red 2 from the middle of the pile
    h = finish(h)
    assert dict(h.result().breakdown[RED])["pp.score.towel_treasure"] == 6  # 3 cards of 3 colours


def test_A15_the_final_turn_may_be_empty_one_treasure_and_specials_allowed():
    h = hand(3, special=True, specials={RED: DOUBLE}, phase="final", beach=[Buried(pile=[(BLUE, 1)]), Buried()])
    legal = h.legal_actions()
    assert EndTurn(RED) in legal and PlaySpecial(RED, DOUBLE, 1) in legal
    h.apply(PlayTowels(RED, 2, (1,)))
    assert reason(h, PlayTowels(RED, 1, (3,))) == "pp.reason.final_one_treasure"
    empty = hand(3, phase="final")
    empty.apply(EndTurn(RED))
    assert empty.is_over()


def test_A16_best_single_hand_then_a_shared_win_without_second_best():
    m = position(3, match_format="full", finished=[scored_final(s) for s in ([20, 20, 1], [15, 10, 1], [5, 10, 1])])
    assert m.totals[:2] == [40.0, 40.0]
    assert m.result().winners == [0, 1]  # both best hands are 20; Red's better second hand does not count
    m = position(3, match_format="full", finished=[scored_final(s) for s in ([21, 20, 1], [14, 10, 1], [5, 10, 1])])
    assert m.result().winners == [0]


def test_A17_on_a_tie_for_lowest_the_latest_seat_chooses_others_keep_their_order():
    m = position(3, match_format="two-hands", first=RED, finished=[scored_final([12, 5, 5])], phase="seating")
    assert m.hand.phase == SEATING and m.current_player == GREEN  # Blue and Green tie: Green sat later
    m.apply(ChoosePosition(GREEN, 3))
    assert m.hand.order == [BLUE, RED, GREEN] == seating_order([RED, BLUE, GREEN], GREEN, 3)


def test_A18_special_cards_only_on_the_holders_own_turn_at_any_moment_of_it():
    h = hand(3, special=True, specials={RED: DOUBLE}, turn=BLUE, beach=[Buried(pile=[(GREEN, 1)])])
    assert h.legal_actions(RED) == []
    assert reason(h, PlaySpecial(RED, DOUBLE, 1)) == "pp.reason.not_your_turn"
    end = hand(3, special=True, specials={RED: DOUBLE}, turn=RED, step="end", groups=[1],
               beach=[Buried(pile=[(GREEN, 1), (RED, 2)])])
    assert set(end.legal_actions()) == {EndTurn(RED), PlaySpecial(RED, DOUBLE, 0), PlaySpecial(RED, DOUBLE, 1)}
    # after step B too (above), but not in the draft
    d = hand(3, special=True, phase="draft", turn=GREEN, specials={BLUE: DOUBLE})
    assert reason(d, PlaySpecial(BLUE, DOUBLE, 0)) == "pp.reason.not_your_turn"


def test_A19_a_flagged_treasure_is_no_target_but_is_captured_normally():
    h = hand(3, special=True, turn=RED, beach=[Buried(pile=[(RED, 2)], flag=True, by=BLUE)])
    assert all(a.target != 1 for a in h.legal_actions() if isinstance(a, PlayPirate))
    assert reason(h, PlayPirate(RED, "pirate-red-spyglass", 1)) == "pp.reason.flagged"
    h = finish(h)
    assert h.captures(RED) == [1]


def test_A20_the_bucket_reads_the_visible_top_card():
    h = hand(3, special=True, specials={RED: BUCKET}, turn=RED,
             beach=[Buried(pile=[(BLUE, 3), (GREEN, 1)]), Buried(pile=[(GREEN, 1), (BLUE, 3)])])
    assert {a.target for a in h.legal_actions() if isinstance(a, PlaySpecial)} == {2}
    assert reason(h, PlaySpecial(RED, BUCKET, 1)) == "pp.reason.bucket_top"


def test_A21_the_parrot_helps_on_one_treasure_and_cancels_the_double_towel():
    h = hand(3, special=True, specials={RED: PARROT}, turn=RED, step="B",
             beach=[Buried(pile=[(BLUE, 2)], double_by=BLUE), Buried(pile=[(BLUE, 2)])])
    h.apply(PlaySpecial(RED, PARROT, 1))
    assert min(sum(g) for g in groups_on(h, RED, 1)) == 3  # top + 2 - 1
    assert min(sum(g) for g in groups_on(h, RED, 2)) == 3  # the other treasure: no Parrot there


def test_A22_the_wave_pairs_treasure_values_never_skulls_nor_a_worthless_towel_treasure():
    h = finish(hand(3, special=True, specials={RED: WAVE},
                    beach=[Buried("4", [(RED, 1)]), Buried("towel", [(BLUE, 1), (RED, 2)])]))
    assert dict(h.result().breakdown[RED])["pp.score.towel_treasure"] == 4
    assert dict(h.result().breakdown[RED])["pp.score.wave"] == 3  # the 4 and the towel treasure's 4
    g = finish(hand(3, special=True, specials={RED: WAVE},
                    beach=[Buried("towel", umbrella=RED), Buried("skull", [(RED, 1)])]))
    assert g.captures(RED) == [1, 2]
    assert dict(g.result().breakdown[RED])["pp.score.wave"] == 0  # 0 points and a skull: no pair


def test_A23_the_piggy_bank_may_take_from_under_an_umbrella():
    h = hand(3, special=True, specials={RED: PIGGY}, turn=RED, beach=[Buried("6", pile=[(RED, 1)], umbrella=RED)])
    card = h.beach[1].pile[0]
    assert PlaySpecial(RED, PIGGY, 1, card) in h.legal_actions()
    h.apply(PlaySpecial(RED, PIGGY, 1, card))
    assert h.beach[1].pile == [] and card in h.towels[RED]
    assert finish(h).captures(RED) == [1]  # the umbrella still takes it (R29)


def test_A24_the_lifeguard_at_the_start_looks_after_the_draft_at_treasures_only():
    h = hand(3, special=True, phase="draft", turn=RED, packet=[LIFEGUARD, SLIPPERS])
    assert h.drafters[-1] == RED
    seen = sorted(h.treasures[BLUE])
    h.apply(DraftPick(RED, LIFEGUARD, BLUE))
    assert h.phase == ROUND and h.round == 1 and h.burials == 0  # before the first burial
    assert h.looks == [[RED, BLUE, seen, 0]] and all(TREASURE_KIND.get(c) for c in h.looks[0][2])
    assert (RED, LIFEGUARD) in h.special_played and h.special_hand[RED] is None
    g = hand(3, special=True, phase="draft", turn=RED, packet=[LIFEGUARD, SLIPPERS])
    g.apply(DraftPick(RED, LIFEGUARD))  # without a target: kept for one of Red's turns
    assert g.looks == [] and g.special_hand[RED] == LIFEGUARD and g.phase == ROUND


def test_A25_the_starting_player_is_chosen_at_setup_default_random():
    option = next(o for o in RULES.options if o.key == "first-player")
    assert option.default == "random"
    assert RULES.new_game(4, {"first-player": "seat-3"}, 1).hand.order[0] == 2
    assert {RULES.new_game(4, {}, seed).hand.order[0] for seed in range(40)} == {0, 1, 2, 3}


def test_A26_component_counts_live_in_one_constant_each():
    assert len(TREASURE_DECK) == len(TREASURE_IDS) == 15
    h = new_hand(4)
    assert all(Counter(TOWEL_VALUE[c] for c in t) == Counter(TOWELS_PER_COLOUR) for t in h.towels)
    assert sum(v * n for v, n in TOWELS_PER_COLOUR.items()) == 24
    assert sorted(h.all_cards()["treasures"]) == sorted(TREASURE_IDS)


def test_A28_an_umbrella_with_only_flagged_treasures_is_played_without_effect():
    spec = dict(special=True, specials={RED: WAVE}, treasures={RED: []}, turn=RED,
                beach=[Buried("5", [(RED, 2)], flag=True, by=BLUE)])
    early = hand(3, round=6, pirates={RED: ["umbrella", "map"]}, **spec)
    assert not any(a.card.endswith("umbrella") for a in early.legal_actions() if isinstance(a, PlayPirate))
    last = hand(3, round=7, pirates={RED: ["umbrella"]}, **spec)
    assert last.legal_actions() == [PlayPirate(RED, "pirate-red-umbrella", -1)]
    last.apply(PlayPirate(RED, "pirate-red-umbrella", -1))
    assert last.umbrella_wasted[RED] and not last.umbrella_aside[RED]
    assert any(e.text.key == "pp.log.umbrella_wasted" for e in last.log)
    rows = dict(finish(last).result().breakdown[RED])
    assert rows["pp.score.umbrella"] == 0 and rows["pp.score.numbers"] == 5


def test_A29_one_group_per_treasure_and_a_treasure_buried_now_takes_towels():
    h = hand(3, turn=RED, beach=[Buried(pile=[(BLUE, 1)])])
    h.apply(BuryTreasure(RED, h.treasures[RED][0]))
    new = len(h.beach) - 1
    assert (1,) in groups_on(h, RED, new)
    h.apply(PlayTowels(RED, new, (1,)))
    assert reason(h, PlayTowels(RED, new, (3,))) == "pp.reason.same_treasure"  # not a second group


def test_A30_a_double_towel_on_an_empty_pile_takes_any_group():
    h = hand(3, special=True, turn=RED, step="B", beach=[Buried(double_by=BLUE)])
    assert h.need(RED, 1) == 1 and (1,) in groups_on(h, RED, 1)
    h.apply(PlayTowels(RED, 1, (1,)))
    g = at(h, turn=BLUE)
    g.apply(PlayPirate(BLUE, "pirate-blue-map", -1))
    assert g.need(BLUE, 1) == 3 and (2,) not in groups_on(g, BLUE, 1)  # then top + 2 (V10)


def test_every_ambiguity_has_its_test():
    names = {name for name in globals() if name.startswith("test_A")}
    numbers = {int(name.split("_")[1][1:]) for name in names}
    assert numbers | {27} == set(range(1, 31))  # A27 (what the table shows) is in test_scene.py
