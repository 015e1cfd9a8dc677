"""One test per numbered rule of spec sections 3-6 (S1..S6, R1..R58, V1.1..V3.7), named after it; each fails if
its rule breaks. Worked examples are in test_examples.py, the resolved ambiguities in test_ambiguities.py."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from game.games.spanish_main.rules import (ADVENTURE_CARDS, FAME_CARD, MOVEMENT_CARDS, PIRATES, SHIPS, Accuse,
                                           Discard, Pass, PlayCard, Repair, card_type)
from tests.games.spanish_main.helpers import ROW, at, events, fame, names, new, play_random, refused


#: spec 2.3: the movement cards and their counts (24)
MOVEMENT_TABLE = {"mv-full-speed": 2, "mv-lost-at-sea": 3, "mv-alliance": 4, "mv-rip": 3, "mv-advance-en": 1,
                  "mv-advance-es": 1, "mv-advance-nl": 1, "mv-retreat-en": 1, "mv-retreat-es": 1, "mv-retreat-nl": 1,
                  "mv-sabotage": 5, "mv-fog": 1}
#: spec 2.4: the adventure cards and their counts (58)
ADVENTURE_TABLE = {"adv-ancient-relics": 2, "adv-native-alliance": 2, "adv-island-discovery": 2, "adv-parley": 2,
                   "adv-neptunes-favor": 4, "adv-mermaids": 4, "adv-treasure-map": 6, "adv-secret-charts": 3,
                   "adv-legendary-treasure": 2, "adv-cursed-treasure": 2, "adv-volcano": 2, "adv-maelstrom": 5,
                   "adv-storm-ahead": 2, "adv-kraken": 2, "adv-cursed-waters": 2, "adv-ghost-ship": 2,
                   "adv-cursed-ship": 1, "adv-mutiny": 1, "adv-attack-en": 2, "adv-attack-es": 2, "adv-attack-nl": 2,
                   "adv-loot-en": 2, "adv-loot-es": 2, "adv-loot-nl": 2}


def card_of(s, t):
    return next(c for c in s.movement_cards_of(s.current) if card_type(c) == t)


def play(s, t, target=""):
    s.apply(PlayCard(s.current, card_of(s, t), f"ship-{target[:2].lower()}-{target[2]}" if target else ""))


# --- setup -------------------------------------------------------------------------------------------
def test_S1_the_nine_ships_in_random_order_undamaged_without_fame():
    rows = set()
    for seed in range(6):
        s = new(3, seed)
        assert sorted(s.row) == sorted(SHIPS) and not s.damaged and sum(s.fame) == sum(s.owed) == 0
        rows.add(tuple(s.row))
    assert len(rows) > 1


def test_S2_one_active_adventure_and_57_in_the_deck():
    s = new(3, 4)
    assert len(s.adv_row) == 1 and len(s.adv_deck) == 57 and s.adv_discard == []
    assert sorted(s.adv_row + s.adv_deck) == sorted(ADVENTURE_CARDS)
    assert Counter(card_type(c) for c in s.adv_row + s.adv_deck) == ADVENTURE_TABLE and len(s.adv_deck) + 1 == 58
    assert "adv-treasure-map-6" in ADVENTURE_CARDS and "adv-attack-nl-2" in ADVENTURE_CARDS   # <type>-<n>


@pytest.mark.parametrize("players,each,aside", [(2, 3, 3), (3, 2, 3), (4, 2, 1)])
def test_S3_pirates_dealt_secretly_and_the_rest_set_aside(players, each, aside):
    s = new(players, 9)
    assert all(len(p) == each for p in s.pirates) and len(s.aside) == aside
    assert sorted([p for ps in s.pirates for p in ps] + s.aside) == sorted(PIRATES)
    for seat in range(players):
        dealt = [e for e in events(s, "dealt") if e.get("to") == seat and e.get("what") is None][0]
        assert dealt.audience == (seat,) and dealt.seen_by((seat + 1) % players).get("pirates") is None


def test_S4_three_movement_cards_face_up_and_21_in_the_deck():
    s = new(3, 2)
    assert len(s.market) == 3 and len(s.mv_deck) == 21 and s.mv_discard == []
    assert sorted(s.market + s.mv_deck) == sorted(MOVEMENT_CARDS)
    assert Counter(card_type(c) for c in s.market + s.mv_deck) == MOVEMENT_TABLE and len(s.mv_deck) + 3 == 24
    assert "mv-sabotage-4" in MOVEMENT_CARDS and "mv-advance-en" in MOVEMENT_CARDS          # 2.3: the ids


def test_S5_the_starting_player_is_chosen_at_random():
    starters = {new(4, seed).starter for seed in range(20)}
    assert len(starters) > 2
    s = new(4, 3)
    assert s.current == s.starter and events(s, "turn")[0].seat == s.starter


def test_S6_secured_fame_starts_empty():
    s = new(4, 1)
    assert s.secured == [0, 0, 0, 0] and s.secured_owed == [0, 0, 0, 0]


# --- the turn ------------------------------------------------------------------------------------------
def test_R1_exactly_one_of_four_actions_then_the_turn_passes():
    s = at()
    kinds = {type(a).__name__ for a in s.legal_actions()}
    assert kinds == {"PlayCard", "Repair", "Accuse", "Pass"}
    s.apply(Repair(0))
    assert s.current == 1 and refused(s, Pass(0)) == "sm.reason.not_your_turn"


def test_R2_the_active_adventure_resolves_after_the_action():
    s = at(adventure="adv-volcano")
    s.apply(Pass(0))
    assert s.damaged == ["ship-en-1"] and "adv-volcano-1" in s.adv_discard


def test_R3_a_new_adventure_is_turned_and_the_next_player_goes():
    s = at(turn=2, adventure="adv-volcano", draws=["adv-kraken"])
    s.apply(Pass(2))
    assert s.adv_row == ["adv-kraken-1"] and s.current == 0 and not s.is_over()
    s = at(deck=1, adventure="adv-volcano")                         # the last deck card is turned, play goes on
    s.apply(Pass(0))
    assert len(s.adv_row) == 1 and s.adv_deck == [] and s.current == 1 and not s.is_over()
    s = at(deck=0, adventure="adv-volcano")
    s.apply(Pass(0))
    assert s.is_over()


def test_R4_any_player_may_act_on_any_ship():
    s = at(pirates={0: ["EN1", "ES1"], 1: ["NL3", "ES3"]}, damaged=["NL3"],
           market=["mv-full-speed", "mv-full-speed", "mv-rip"])
    play(s, "mv-full-speed", "NL3")
    assert names(s)[2] == "NL3" and "ship-nl-3" in s.damaged


def test_R5_only_a_market_card_may_be_played():
    s = at()
    assert refused(s, PlayCard(0, "mv-rip-1", "ship-en-1")) == "sm.reason.not_in_market"
    assert {a.card for a in s.legal_actions() if isinstance(a, PlayCard)} == set(s.market)


def test_R6_the_card_is_discarded_and_its_slot_refilled():
    s = at(market=["mv-rip", "mv-full-speed", "mv-fog"], draws=["mv-sabotage-2"])
    play(s, "mv-full-speed", "NL3")
    assert s.mv_discard == ["mv-full-speed-1"] and s.market == ["mv-rip-1", "mv-sabotage-2", "mv-fog-1"]


def test_R7_an_empty_deck_is_the_discard_pile_shuffled():
    s = at(mv_deck=0)
    assert len(s.mv_discard) == 21
    s.apply(Pass(0, s.market[0]))
    assert len(s.mv_deck) == 21 and s.mv_discard == [] and len(s.market) == 3 and events(s, "reshuffled")


def test_R8_moves_are_clamped_at_the_row_ends_and_passed_ships_shift():
    s = at(market=["mv-full-speed", "mv-full-speed", "mv-rip"])
    play(s, "mv-full-speed", "ES1")
    assert names(s)[:3] == ["ES1", "EN1", "NL1"]
    s = at(market=["mv-full-speed", "mv-full-speed", "mv-rip"])
    play(s, "mv-full-speed", "EN1")                                 # 0 spaces, legal
    assert names(s) == ROW
    s = at(market=["mv-full-speed", "mv-lost-at-sea", "mv-rip"])
    play(s, "mv-lost-at-sea", "EN3")                                # 7 -> 9 (not 13); ES3 and NL3 shift forward
    assert names(s)[6:] == ["ES3", "NL3", "EN3"]


def test_R9_full_speed_ahead_moves_six_forward():
    s = at(market=["mv-full-speed", "mv-full-speed", "mv-rip"])
    play(s, "mv-full-speed", "ES3")
    assert names(s) == ["EN1", "ES3", "ES1", "NL1", "EN2", "ES2", "NL2", "EN3", "NL3"]


def test_R10_lost_at_sea_moves_six_back():
    s = at(market=["mv-lost-at-sea"] * 3)
    play(s, "mv-lost-at-sea", "NL1")
    assert names(s).index("NL1") + 1 == 9


def test_R11_temporary_alliance_moves_a_pair_three_forward_as_a_block():
    s = at(market=["mv-alliance"] * 3)
    play(s, "mv-alliance", "ES2")                                   # spaces 5-6 -> 2-3
    assert names(s) == ["EN1", "ES2", "NL2", "ES1", "NL1", "EN2", "EN3", "ES3", "NL3"]
    s = at(market=["mv-alliance"] * 3)
    play(s, "mv-alliance", "NL1")                                   # spaces 3-4 -> 1-2 (clamped)
    assert names(s)[:4] == ["NL1", "EN2", "EN1", "ES1"]


def test_R12_caught_in_a_rip_moves_a_pair_three_back_as_a_block():
    s = at(market=["mv-rip"] * 3)
    play(s, "mv-rip", "ES1")                                        # spaces 2-3 -> 5-6
    assert names(s) == ["EN1", "EN2", "ES2", "NL2", "ES1", "NL1", "EN3", "ES3", "NL3"]
    s = at(market=["mv-rip"] * 3)
    play(s, "mv-rip", "NL2")                                        # spaces 6-7 -> 8-9 (clamped)
    assert names(s)[5:] == ["ES3", "NL3", "NL2", "EN3"]


def test_R13_flag_advance_moves_each_ship_two_forward_front_first():
    s = at(market=["mv-advance-es", "mv-rip", "mv-rip"])
    play(s, "mv-advance-es")                                        # ES1 2->1, ES2 5->3, ES3 8->6
    assert names(s) == ["ES1", "EN1", "ES2", "NL1", "EN2", "ES3", "NL2", "EN3", "NL3"]
    s = at(row=["ES1", "EN1", "EN2", "NL1", "ES2", "NL2", "EN3", "ES3", "NL3"],
           market=["mv-advance-en", "mv-rip", "mv-rip"])
    play(s, "mv-advance-en")                                        # front first: EN1 2->1, then EN2 3->1
    assert names(s)[:3] == ["EN2", "EN1", "ES1"]


def test_R14_flag_retreat_moves_each_ship_two_back_rear_first():
    s = at(market=["mv-retreat-en", "mv-rip", "mv-rip"])
    play(s, "mv-retreat-en")                                        # EN3 7->9, EN2 4->6, EN1 1->3
    assert names(s) == ["ES1", "NL1", "EN1", "ES2", "NL2", "EN2", "ES3", "NL3", "EN3"]
    s = at(row=["EN1", "ES1", "EN2", "ES2", "NL1", "EN3", "NL2", "NL3", "ES3"],
           market=["mv-retreat-nl", "mv-rip", "mv-rip"])
    play(s, "mv-retreat-nl")                                        # rear first: NL3 8->9, then NL2 7->9
    assert names(s) == ["EN1", "ES1", "EN2", "ES2", "EN3", "ES3", "NL1", "NL3", "NL2"]


def test_R15_moving_never_changes_damage_or_fame():
    s = at(market=["mv-lost-at-sea"] * 3, damaged=["ES1"], fame={"ES1": 3}, owed={"ES1": 1}, adventure="adv-parley")
    play(s, "mv-lost-at-sea", "ES1")
    assert "ship-es-1" in s.damaged and fame(s, "ES1") == 4


def test_R16_sabotage_damages_one_undamaged_ship():
    s = at(market=["mv-sabotage"] * 3, damaged=["EN2"], adventure="adv-ghost-ship")
    assert refused(s, PlayCard(0, s.market[0], "ship-en-2")) == "sm.reason.already_damaged"
    play(s, "mv-sabotage", "NL2")
    assert s.damaged == ["ship-en-2", "ship-nl-2"]


def test_R17_a_card_without_a_possible_target_cannot_be_played():
    s = at(market=["mv-sabotage", "mv-rip", "mv-full-speed"], damaged=ROW)
    assert not [a for a in s.legal_actions() if isinstance(a, PlayCard) and card_type(a.card) == "mv-sabotage"]
    assert refused(s, PlayCard(0, "mv-sabotage-1", "ship-en-1")) == "sm.reason.all_damaged"
    assert len([a for a in s.legal_actions() if isinstance(a, PlayCard) and card_type(a.card) == "mv-rip"]) == 8


def test_R18_a_movement_card_is_the_whole_action():
    s = at(market=["mv-full-speed", "mv-full-speed", "mv-rip"])
    play(s, "mv-full-speed", "NL3")
    assert s.current == 1 and refused(s, Repair(0)) == "sm.reason.not_your_turn"


def test_R19_movement_ignores_ownership_and_damage():
    s = at(pirates={1: ["ES3", "NL3"]}, damaged=["ES3"], market=["mv-alliance"] * 3)
    assert PlayCard(0, s.market[0], "ship-es-3") in s.legal_actions()
    play(s, "mv-alliance", "ES3")
    assert names(s)[4:6] == ["ES3", "NL3"]


def test_R20_fog_discards_the_active_adventure_without_effect():
    s = at(market=["mv-fog", "mv-rip", "mv-rip"], adventure="adv-kraken", draws=["mv-rip-3", "adv-volcano"])
    play(s, "mv-fog")
    assert not s.damaged and s.adv_discard[-1] == "adv-kraken-1" and s.adv_row == ["adv-volcano-1"]
    s.apply(Pass(1))                                                # only that one adventure is cancelled
    assert s.damaged == ["ship-en-1"]


def test_R21_repair_undamages_every_ship_even_with_none_damaged():
    s = at(damaged=["EN1", "NL1", "NL3"], adventure="adv-parley")
    s.apply(Repair(0))
    assert s.damaged == []
    assert fame(s, "EN1") == 1 and fame(s, "NL1") == 1              # repaired before the adventure
    s = at(adventure="adv-parley")
    s.apply(Repair(0))
    assert fame(s, "EN2") == 1


def test_R22_accuse_another_player_of_an_unrevealed_pirate():
    s = at(pirates={0: ["EN1", "ES1"], 1: ["NL1", "EN2"]}, revealed=["NL1"])
    assert refused(s, Accuse(0, 0, "pirate-en-1")) == "sm.reason.accuse_self"
    assert refused(s, Accuse(0, 1, "pirate-nl-1")) == "sm.reason.revealed"
    accusations = [a for a in s.legal_actions() if isinstance(a, Accuse)]
    assert {a.accused for a in accusations} == {1, 2} and len(accusations) == 2 * 8


def test_R23_naming_ones_own_pirate_is_a_legal_bluff_answered_no():
    s = at(pirates={0: ["NL2", "ES1"], 1: ["EN1", "EN2"]}, fame={"NL2": 4}, adventure="adv-volcano")
    s.apply(Accuse(0, 1, "pirate-nl-2"))
    assert s.revealed == [] and fame(s, "NL2") == 4 and events(s, "accused")[-1].get("correct") is False


def test_R24_the_answer_is_automatic_and_truthful():
    s = at(pirates={0: ["EN1", "ES1"], 1: ["NL1", "EN2"]}, adventure="adv-volcano")
    s.apply(Accuse(0, 1, "pirate-en-2"))
    assert events(s, "accused")[-1].get("correct") is True
    s = at(pirates={0: ["EN1", "ES1"], 1: ["NL1", "EN2"]}, adventure="adv-volcano")
    s.apply(Accuse(0, 2, "pirate-en-2"))
    assert events(s, "accused")[-1].get("correct") is False


def test_R25_a_correct_accusation_reveals_and_takes_half_rounded_up_cards_first():
    s = at(pirates={1: ["NL1", "EN2"]}, fame={"EN2": 1}, owed={"EN2": 2}, adventure="adv-volcano")
    s.apply(Accuse(0, 1, "pirate-en-2"))                            # F = 3: takes 2 (the card, then 1 owed)
    assert "pirate-en-2" in s.revealed and s.secured[0] == 1 and s.secured_owed[0] == 1
    assert fame(s, "EN2") == 1 and s.owed[SHIPS.index("ship-en-2")] == 1


def test_R26_secured_fame_counts_and_nothing_removes_it():
    s = at(pirates={0: ["EN1", "ES1"], 1: ["NL1", "EN2"]}, secured={0: 4}, adventure="adv-ghost-ship",
           discard=[], fame={"EN1": 1}, players=3)
    s.apply(Pass(0))
    assert s.secured[0] == 4 and s.score_of(0) == 4 + fame(s, "EN1") + fame(s, "ES1")


def test_R27_a_revealed_pirate_cannot_be_named_but_its_ship_still_plays():
    s = at(pirates={1: ["ES1", "EN2"]}, revealed=["ES1"], fame={"EN1": 2}, adventure="adv-loot-en")
    assert refused(s, Accuse(0, 1, "pirate-es-1")) == "sm.reason.revealed"
    s.apply(Pass(0))                                                # ES1 (revealed) loots EN1 in front of it
    assert fame(s, "ES1") == 1


def test_R28_a_wrong_accusation_is_stated_publicly_and_changes_nothing_else():
    s = at(pirates={1: ["NL1", "EN2"]}, fame={"ES3": 5}, adventure="adv-volcano")
    s.apply(Accuse(0, 1, "pirate-es-3"))
    assert s.denied[1] == ["pirate-es-3"] and fame(s, "ES3") == 5 and s.secured == [0, 0, 0]
    assert any(line.text.key == "sm.log.accuse_wrong" for line in s.view(2).log)


def test_R29_nobody_can_lie_every_answer_is_the_engines():
    s = play_random(new(4, 8), seed=3)
    start = new(4, 8)
    for e in events(s, "accused"):
        assert e.get("correct") == (e.get("pirate") in start.pirates[e.get("accused")])


def test_R30_pass_may_first_replace_one_market_card():
    s = at(market=["mv-rip", "mv-full-speed", "mv-fog"], draws=["mv-sabotage-1"])
    passes = [a for a in s.legal_actions() if isinstance(a, Pass)]
    assert sorted(a.replace for a in passes) == sorted(["", *s.market])
    s.apply(Pass(0, "mv-full-speed-1"))
    assert s.market == ["mv-rip-1", "mv-sabotage-1", "mv-fog-1"] and s.mv_discard == ["mv-full-speed-1"]


# --- adventures ---------------------------------------------------------------------------------------
def test_R31_a_damaged_ship_never_gains_fame():
    s = at(damaged=["EN1", "ES1", "NL1"], adventure="adv-ancient-relics")
    s.apply(Pass(0))
    assert sum(s.fame) == 0 and s.adv_discard[-1] == "adv-ancient-relics-1"
    s = at(fame={"EN1": 2}, damaged=["ES1"], adventure="adv-loot-en")  # nor from looting
    s.apply(Pass(0))
    assert fame(s, "EN1") == 2 and fame(s, "ES1") == 0


def test_R32_first_undamaged_skips_damaged_ships():
    s = at(damaged=["EN1", "NL1"], adventure="adv-secret-charts")
    s.apply(Pass(0))
    assert fame(s, "ES1") == 1 and fame(s, "EN2") == 1 and fame(s, "ES2") == 0


def test_R33_fame_for_a_damaged_ship_on_a_listed_space_is_lost():
    s = at(damaged=["ES1"], adventure="adv-ancient-relics")
    s.apply(Pass(0))
    assert [fame(s, x) for x in ("EN1", "ES1", "NL1", "EN2")] == [1, 0, 1, 0]


def test_R34_damaging_a_damaged_ship_has_no_effect():
    s = at(damaged=["EN2"], adventure="adv-kraken")
    s.apply(Pass(0))
    assert s.damaged == sorted(["ship-en-2", "ship-nl-2", "ship-es-3"])
    assert events(s, "damaged")[-1].get("ships") == ("ship-nl-2", "ship-es-3")
    s = at(damaged=["EN1"], row=["EN1", "ES1", "NL1", "ES2", "EN2", "NL2", "EN3", "ES3", "NL3"],
           adventure="adv-attack-es")                               # ES1 hits the damaged EN1: no effect
    s.apply(Pass(0))
    assert s.damaged == ["ship-en-1", "ship-en-3", "ship-nl-1"]
    assert events(s, "damaged")[-1].get("ships") == ("ship-nl-1", "ship-en-3")


def test_R35_effects_are_decided_from_the_state_at_the_start():
    s = at(adventure="adv-storm-ahead")
    s.apply(Pass(0))                                                # the last 2 undamaged at the start
    assert s.damaged == ["ship-es-3", "ship-nl-3"]


@pytest.mark.parametrize("card,spaces", [("adv-ancient-relics", (1, 2, 3)), ("adv-native-alliance", (1, 2, 3)),
                                         ("adv-island-discovery", (1, 2, 3, 4)), ("adv-parley", (1, 2, 3, 4)),
                                         ("adv-neptunes-favor", (1, 3, 5)), ("adv-mermaids", (2, 4, 6))])
def test_R36_fame_by_space(card, spaces):
    s = at(adventure=card)
    s.apply(Pass(0))
    assert [s.fame_of(x) for x in s.row] == [1 if p in spaces else 0 for p in range(1, 10)]


def test_R37_treasure_map_secret_charts_legendary_treasure():
    for card, want in (("adv-treasure-map", [1, 1, 1, 0]), ("adv-secret-charts", [1, 1, 0, 0]),
                       ("adv-legendary-treasure", [2, 2, 0, 0])):
        s = at(adventure=card)
        s.apply(Pass(0))
        assert [s.fame_of(x) for x in s.row[:4]] == want


def test_R38_volcano_maelstrom_storm_ahead():
    s = at(adventure="adv-volcano", damaged=["EN1"])
    s.apply(Pass(0))
    assert s.damaged == ["ship-en-1", "ship-es-1"]
    s = at(adventure="adv-maelstrom", damaged=["NL3"])
    s.apply(Pass(0))
    assert s.damaged == ["ship-es-3", "ship-nl-3"]
    s = at(adventure="adv-storm-ahead", damaged=["NL3"])             # the last 2 undamaged: spaces 8 and 7
    s.apply(Pass(0))
    assert s.damaged == ["ship-en-3", "ship-es-3", "ship-nl-3"]
    s = at(adventure="adv-storm-ahead", damaged=ROW)
    s.apply(Pass(0))
    assert len(s.damaged) == 9 and s.adv_discard[-1] == "adv-storm-ahead-1"


def test_R39_cursed_treasure_gives_two_then_damages():
    s = at(adventure="adv-cursed-treasure", damaged=["EN1"])
    s.apply(Pass(0))
    assert fame(s, "ES1") == 2 and "ship-es-1" in s.damaged


def test_R40_kraken_and_cursed_waters_damage_by_space():
    s = at(adventure="adv-kraken")
    s.apply(Pass(0))
    assert sorted(s.space_of(x) for x in s.damaged) == [4, 6, 8]
    s = at(adventure="adv-cursed-waters")
    s.apply(Pass(0))
    assert sorted(s.space_of(x) for x in s.damaged) == [5, 7, 9]


def test_R41_ghost_ship_and_cursed_ship_cost_one_fame_to_the_discard_pile():
    s = at(adventure="adv-cursed-ship", fame={"EN1": 2}, owed={"ES1": 1}, damaged=["EN1"], discard=[])
    s.apply(Pass(0))
    assert fame(s, "EN1") == 1 and fame(s, "ES1") == 0 and s.adv_discard == [FAME_CARD, "adv-cursed-ship-1"]
    s = at(adventure="adv-ghost-ship", fame={"NL2": 1, "EN3": 1, "NL3": 2}, damaged=["NL3"], discard=[])
    s.apply(Pass(0))                                                # spaces 9, 8, 7; ES3 (8) has none
    assert [fame(s, x) for x in ("NL2", "EN3", "ES3", "NL3")] == [1, 0, 0, 1]
    assert s.adv_discard == [FAME_CARD, FAME_CARD, "adv-ghost-ship-1"]


def test_R42_loss_and_damage_cards_award_no_fame_and_are_discarded():
    s = at(adventure="adv-kraken")
    s.apply(Pass(0))
    assert sum(s.fame) == 0 and s.adv_discard[-1] == "adv-kraken-1" and len(s.adv_deck) == 19


def test_R43_mutiny_reveals_the_front_most_unrevealed_owner_and_halves_its_fame():
    s = at(adventure="adv-mutiny", pirates={1: ["ES1", "NL3"]}, revealed=["ES1"], fame={"EN1": 3},
           unowned=[], players=3)
    # EN1 at space 1 belongs to seat 0 (default deal): revealed, discards 2 of 3
    s.apply(Pass(0))
    assert "pirate-en-1" in s.revealed and fame(s, "EN1") == 1
    assert Counter(s.adv_discard)[FAME_CARD] >= 2 and s.adv_discard[-1] == "adv-mutiny-1"
    s = at(adventure="adv-mutiny", pirates={0: ["EN1", "NL3"], 1: ["ES1", "EN2"]}, revealed=["EN1"],
           damaged=["ES1"], fame={"EN1": 4, "ES1": 3}, discard=[])
    s.apply(Pass(0))                                                # EN1 is revealed: the damaged ES1 behind it
    assert s.revealed == ["pirate-en-1", "pirate-es-1"] and fame(s, "EN1") == 4 and fame(s, "ES1") == 1
    assert s.adv_discard == [FAME_CARD, FAME_CARD, "adv-mutiny-1"]


def test_R44_attack_front_to_back():
    s = at(row=["ES1", "EN1", "EN2", "NL1", "EN3", "ES2", "NL2", "ES3", "NL3"], adventure="adv-attack-es")
    s.apply(Pass(0))                                                # ES2 hits EN3, ES3 hits NL2
    assert s.damaged == ["ship-en-3", "ship-nl-2"]
    s = at(row=["EN1", "EN2", "ES1", "NL1", "EN3", "ES2", "NL2", "ES3", "NL3"], damaged=["EN3"],
           adventure="adv-attack-en")
    s.apply(Pass(0))                                                # EN2 faces EN1; the damaged EN3 does not attack
    assert s.damaged == ["ship-en-3"]


def test_R45_loot_front_to_back_the_ship_behind_takes_one():
    s = at(adventure="adv-loot-es", fame={"ES1": 2, "ES2": 1}, damaged=["NL2"])
    s.apply(Pass(0))                                                # NL1 loots ES1; NL2 is damaged
    assert fame(s, "ES1") == 1 and fame(s, "NL1") == 1 and fame(s, "ES2") == 1 and fame(s, "NL2") == 0
    s = at(row=["ES1", "ES2", "EN1", "NL1", "ES3", "NL2", "EN2", "EN3", "NL3"], fame={"ES1": 1, "ES3": 1},
           damaged=["ES3"], adventure="adv-loot-es")
    s.apply(Pass(0))                                                # ES2 is Spanish too; the damaged ES3 is looted
    assert [fame(s, x) for x in ("ES1", "ES2", "ES3", "NL2")] == [1, 0, 0, 1]


# --- paying fame -----------------------------------------------------------------------------------------
def test_R46_fame_under_ships_is_public():
    s = at(fame={"EN1": 2, "NL3": 1}, owed={"ES2": 1})
    for seat in (0, 1, 2, None):
        v = s.view(seat)
        assert v.fame == s.fame and v.owed == s.owed


def test_R47_n_units_n_minus_one_from_the_supply_and_the_active_card_last():
    s = at(adventure="adv-legendary-treasure")
    s.apply(Pass(0))
    e = events(s, "fame")[-1]
    assert e.get("deck") == 3 and e.get("last") == "ship-es-1" and len(s.adv_deck) == 20 - 3 - 1
    s = at(adventure="adv-parley", damaged=ROW)
    s.apply(Pass(0))
    assert s.adv_discard[-1] == "adv-parley-1"


def test_R48_the_supply_is_the_deck_then_owed_fame():
    s = at(adventure="adv-treasure-map", deck=1)
    s.apply(Pass(0))
    assert [s.fame_of(x) for x in s.row[:3]] == [1, 1, 1] and s.owed[SHIPS.index("ship-es-1")] == 1
    s = at(adventure="adv-secret-charts", draws=["adv-kraken-2", "adv-volcano"])
    n = len(s.events)
    s.apply(Pass(0))                                                # Kraken is drawn face down, unseen by anyone
    assert fame(s, "EN1") == 1 and s.adv_row == ["adv-volcano-1"] and "adv-kraken-2" not in s.adv_deck
    for seat in (0, 1, 2, None):
        told = json.dumps([e.to_json() for e in s.events_for(seat)[n:]])
        assert "adv-kraken" not in told and "adv-volcano-1" in told


def test_R49_in_the_base_game_owed_fame_comes_only_with_the_last_adventure():
    s = at(adventure="adv-legendary-treasure", deck=0)
    s.apply(Pass(0))
    assert sum(s.owed) == 3 and s.is_over()


def test_R50_a_card_leaves_before_owed_fame_and_owed_fame_vanishes():
    s = at(adventure="adv-cursed-ship", fame={"EN1": 1}, owed={"EN1": 1}, discard=[])
    s.apply(Pass(0))
    assert s.fame[SHIPS.index("ship-en-1")] == 0 and s.owed[SHIPS.index("ship-en-1")] == 1
    assert s.adv_discard == [FAME_CARD, "adv-cursed-ship-1"]
    s = at(adventure="adv-cursed-ship", owed={"EN1": 1}, discard=[])
    s.apply(Pass(0))
    assert s.adv_discard == ["adv-cursed-ship-1"] and fame(s, "EN1") == 0


# --- the end -----------------------------------------------------------------------------------------------
def test_R51_the_game_ends_after_the_turn_that_finds_the_deck_empty():
    s = at(adventure="adv-kraken", deck=1, draws=["adv-volcano"])
    s.apply(Pass(0))
    assert not s.is_over() and len(s.adv_deck) == 0 and s.adv_row == ["adv-volcano-1"]   # the last card is played
    s.apply(Pass(1))
    assert s.is_over() and events(s, "ended") and "ship-en-1" in s.damaged and s.adv_discard[-1] == "adv-volcano-1"


def test_R52_at_the_end_every_pirate_is_revealed():
    s = at(adventure="adv-kraken", deck=0, players=4)
    s.apply(Pass(0))
    shown = [(e.get("pirate"), e.get("owner")) for e in events(s, "revealed")]
    assert sorted(p for p, _ in shown) == sorted(PIRATES)
    assert [o for p, o in shown if p in s.aside] == [None]
    v = s.view(1)
    assert v.pirates == s.pirates and v.aside == s.aside


def test_R53_score_is_secured_fame_plus_owned_ships_fame():
    s = at(pirates={0: ["EN1", "NL2"], 1: ["ES1", "ES3"], 2: ["EN3", "NL1"]}, fame={"EN1": 4, "NL2": 3, "EN2": 9},
           owed={"NL2": 2}, secured={0: 3}, secured_owed={0: 1}, discard=[], adventure="adv-kraken")
    assert s.score_of(0) == 13 and s.score_of(1) == 0               # owed fame and secured owed units count
    assert s.result().scores == [13.0, 0.0, 0.0]
    assert s.result().breakdown[0] == [("sm.result.secured", 4.0), ("sm.ship.ship-en-1", 4.0),
                                       ("sm.ship.ship-nl-2", 5.0)]  # section 5: fame on each owned ship


def test_R54_the_highest_score_wins():
    s = at(pirates={0: ["EN1", "NL2"], 1: ["ES1", "ES3"], 2: ["EN3", "NL1"]}, fame={"ES1": 2}, deck=0,
           adventure="adv-kraken")
    s.apply(Pass(0))
    r = s.result()
    assert r.winners == [1] and r.scores[1] == 2


def test_R55_tie_break_most_undamaged_ships():
    s = at(pirates={0: ["EN1", "NL2"], 1: ["ES1", "ES3"], 2: ["EN3", "NL1"]}, fame={"EN1": 2, "ES1": 2}, deck=0,
           adventure="adv-mermaids", damaged=["EN1", "NL2", "ES1", "EN3", "NL1"])
    s.apply(Pass(0))                                                # ES3 (space 8) gains nothing
    r = s.result()
    assert r.scores[0] == r.scores[1] and r.winners == [1] and r.how.key == "sm.how.undamaged"


def test_R56_tie_break_the_front_most_ship():
    s = at(pirates={0: ["NL1", "NL2"], 1: ["ES1", "ES3"], 2: ["EN3", "EN2"]}, fame={"NL1": 2, "ES1": 2}, deck=0,
           adventure="adv-kraken", damaged=["NL2", "ES3"])
    s.apply(Pass(0))                                                # ES1 on space 2 beats NL1 on space 3
    r = s.result()
    assert r.winners == [1] and r.how.key == "sm.how.front"


def test_R57_the_ranking_is_a_strict_order():
    s = at(pirates={0: ["NL1", "NL2"], 1: ["ES1", "ES3"], 2: ["EN3", "EN2"]}, deck=0, adventure="adv-kraken")
    s.apply(Pass(0))
    assert sorted(s.result().ranks) == [1, 2, 3]


def test_R58_a_match_is_one_game_and_a_rematch_starts_at_random():
    starters = {new(2, seed).starter for seed in range(12)}
    assert starters == {0, 1}
    s = play_random(new(2, 3))
    assert s.is_over() and s.current_players() == ()


# --- variants ----------------------------------------------------------------------------------------------
def test_V1_1_extended_fame_pays_from_the_discard_pile_first():
    s = at(adventure="adv-treasure-map", extended=True, discard=["adv-kraken", "adv-volcano"], deck=10,
           secured={1: 45})
    s.apply(Pass(0))
    assert s.adv_discard == [] and len(s.adv_deck) == 9             # 2 units from the pile, then 1 turned


def test_V1_2_lost_fame_goes_to_the_discard_pile_and_can_come_back():
    s = at(adventure="adv-cursed-ship", extended=True, fame={"EN1": 1}, discard=[],
           draws=["adv-secret-charts"])
    s.apply(Pass(0))
    assert s.adv_discard == [FAME_CARD, "adv-cursed-ship-1"]
    s.apply(Pass(1))                                                # Secret Charts: 1 unit from the pile
    assert s.adv_discard == [FAME_CARD] and len(s.adv_deck) == 54


def test_V2_1_imminent_adventures_lay_out_a_row_of_as_many_as_players():
    for players in (2, 3, 4):
        s = new(players, 3, **{"imminent-adventures": True})
        assert len(s.adv_row) == players and len(s.adv_deck) == 58 - players


def test_V2_2_the_row_slides_left_and_refills_from_the_deck():
    s = at(imminent=True, adventures=["adv-treasure-map", "adv-kraken", "adv-volcano"], draws=["adv-parley"] * 0)
    before = len(s.adv_deck)
    s.apply(Pass(0))
    assert s.adv_row[:2] == ["adv-kraken-1", "adv-volcano-1"] and len(s.adv_row) == 3
    assert len(s.adv_deck) == before - 2 - 1                        # fame from the deck, never the row


def test_V2_3_the_game_ends_when_the_row_is_empty():
    s = at(imminent=True, adventures=["adv-kraken", "adv-treasure-map"], deck=0, players=2)
    s.apply(Pass(0))
    assert s.adv_row == ["adv-treasure-map-1"] and not s.is_over()
    s.apply(Pass(1))                                                # the deck is empty: owed fame
    assert s.is_over() and sum(s.owed) == 2


def test_V2_4_every_player_sees_the_whole_row():
    s = new(4, 2, **{"imminent-adventures": True})
    for seat in (0, 1, 2, 3, None):
        assert s.view(seat).adv_row == s.adv_row


@pytest.mark.parametrize("players,size,deck", [(2, 4, 16), (3, 3, 15), (4, 3, 12)])
def test_V3_1_movement_hand_deals_secret_hands_and_no_market(players, size, deck):
    s = new(players, 6, **{"movement-hand": True})
    assert s.market == [] and all(len(h) == size for h in s.hands) and len(s.mv_deck) == deck


def test_V3_2_a_card_is_played_from_the_hand_and_one_drawn():
    s = at(hand=True, hands={0: ["mv-full-speed", "mv-rip", "mv-fog"]}, draws=["mv-sabotage-3"])
    assert refused(s, PlayCard(0, "mv-alliance-1", "ship-en-1")) == "sm.reason.not_in_hand"
    s.apply(PlayCard(0, "mv-full-speed-1", "ship-nl-3"))
    assert s.hands[0] == ["mv-fog-1", "mv-rip-1", "mv-sabotage-3"] and s.mv_discard == ["mv-full-speed-1"]


def test_V3_3_an_accusation_costs_both_players_a_card_accuser_first():
    s = at(hand=True, pirates={1: ["NL1", "EN2"]}, hands={0: ["mv-rip", "mv-fog"], 1: ["mv-sabotage"]},
           adventure="adv-volcano")
    assert refused(s, Accuse(0, 1, "pirate-en-2")) == "sm.reason.accuse_discard"
    s.apply(Accuse(0, 1, "pirate-en-2", "mv-rip-1"))
    assert s.hands[0] == ["mv-fog-1"] and s.current == 1 and s.phase == "discard" and s.revealed == []
    s.apply(Discard(1, "mv-sabotage-1"))
    assert s.hands[1] == [] and "pirate-en-2" in s.revealed and s.current == 1 and s.damaged == ["ship-en-1"]


def test_V3_4_a_hand_of_one_card_or_fewer_may_not_accuse():
    s = at(hand=True, hands={0: ["mv-rip"]})
    assert not [a for a in s.legal_actions() if isinstance(a, Accuse)]
    assert refused(s, Accuse(0, 1, "pirate-en-2", "mv-rip-1")) == "sm.reason.hand_small"


def test_V3_5_the_accused_discards_even_the_last_card_and_none_with_an_empty_hand():
    s = at(hand=True, hands={0: ["mv-rip", "mv-fog"], 1: []}, adventure="adv-volcano")
    s.apply(Accuse(0, 1, "pirate-en-2", "mv-rip-1"))                # nothing to discard: answered at once
    assert s.current == 1 and s.phase == "play"
    kinds = {type(a).__name__ for a in s.legal_actions()}
    assert "PlayCard" not in kinds and {"Repair", "Pass"} <= kinds


def test_V3_6_pass_may_discard_one_card_and_draw_one():
    s = at(hand=True, hands={0: ["mv-rip", "mv-fog"]}, draws=["mv-alliance-2"])
    s.apply(Pass(0, "mv-fog-1"))
    assert s.hands[0] == ["mv-alliance-2", "mv-rip-1"] and s.mv_discard == ["mv-fog-1"]


def test_V3_7_hands_are_secret_but_their_sizes_public():
    s = new(3, 5, **{"movement-hand": True})
    v = s.view(0)
    assert v.hands[0] == s.hands[0] and v.hands[1] == ["?"] * 3 and v.hands[2] == ["?"] * 3
    assert all(e.seen_by(0).get("cards") is None for e in events(s, "dealt") if e.get("to") not in (0, None))


def test_V3_3_the_accuser_waits_for_the_accused_discard():
    s = at(hand=True, hands={0: ["mv-rip", "mv-fog"], 1: ["mv-sabotage"]})
    s.apply(Accuse(0, 1, "pirate-en-2", "mv-rip-1"))
    assert refused(s, Pass(0)) == "sm.reason.wait_discard" and refused(s, Pass(1)) == "sm.reason.must_discard"


def test_R25_right_accusations_are_counted_in_the_results():
    """Each seat's right accusations are a figure of the results (and the bots' bluffing measure)."""
    from game.games.spanish_main.positions import position
    s = position(2, pirates={0: ["EN1", "EN2", "EN3"], 1: ["ES1", "ES2", "ES3"]}, fame={"ES1": 2},
                 adventure="adv-volcano", deck=1)
    s.apply(Accuse(0, 1, "pirate-es-1"))       # right
    s.apply(Accuse(1, 0, "pirate-nl-1"))       # wrong: nobody's
    assert s.is_over()                         # R51: the deck ran out
    assert s.result().stats["sm.stat.right"] == [1, 0]
