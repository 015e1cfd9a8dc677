"""The resolved ambiguities of spec section 7 (A1..A24), one test each, named after it."""
from __future__ import annotations

import dataclasses

from game import i18n
from game.games.spanish_main.rules import (FAME_CARD, PIRATES, SHIPS, Accuse, Discard, Pass, PlayCard, Repair,
                                           card_type)
from tests.games.spanish_main.helpers import ROW, at, events, fame, names, refused


def play(s, t, target=""):
    card = next(c for c in s.movement_cards_of(s.current) if card_type(c) == t)
    s.apply(PlayCard(s.current, card, f"ship-{target[:2].lower()}-{target[2]}" if target else ""))


def test_A1_loot_the_flag_ships_are_the_victims():
    s = at(row=["NL1", "ES1", "EN1", "NL2", "EN2", "NL3", "ES2", "ES3", "EN3"], fame={"NL1": 1, "ES1": 1},
           adventure="adv-loot-nl")
    s.apply(Pass(0))                                                # ES1 behind NL1 takes; NL2 takes nothing
    assert fame(s, "NL1") == 0 and fame(s, "ES1") == 2 and fame(s, "NL2") == 0


def test_A2_mutiny_takes_the_front_most_unrevealed_ship_even_damaged():
    s = at(pirates={0: ["EN1", "NL1"]}, damaged=["EN1"], fame={"EN1": 2}, adventure="adv-mutiny")
    s.apply(Pass(0))
    assert "pirate-en-1" in s.revealed and fame(s, "EN1") == 1


def test_A3_mutiny_discards_half_rounded_up():
    s = at(pirates={0: ["EN1", "NL1"]}, fame={"EN1": 5}, adventure="adv-mutiny", discard=[])
    s.apply(Pass(0))
    assert fame(s, "EN1") == 2 and s.adv_discard.count(FAME_CARD) == 3


def test_A4_mutiny_on_an_unowned_ship_does_nothing_and_the_next_is_not_tried():
    s = at(pirates={0: ["ES1", "NL1"], 1: ["EN2", "ES2"], 2: ["NL2", "EN3"]}, fame={"ES1": 4},
           adventure="adv-mutiny")
    s.apply(Pass(0))                                                # EN1 (space 1) is set aside
    assert s.revealed == [] and fame(s, "ES1") == 4 and s.unowned == ["pirate-en-1"]
    assert s.view(1).unowned == ["pirate-en-1"]


def test_A5_a_shortfall_becomes_owed_fame_counted_at_the_end():
    s = at(adventure="adv-secret-charts", deck=0, pirates={0: ["EN1", "ES1"]})
    s.apply(Pass(0))
    assert s.owed[SHIPS.index("ship-en-1")] == 1 and s.score_of(0) == 2


def test_A6_extended_fame_takes_the_discard_pile_before_the_deck():
    s = at(adventure="adv-legendary-treasure", extended=True, discard=["adv-kraken"], deck=20, secured={1: 36})
    s.apply(Pass(0))                                                # 3 units: 1 from the pile, then 2 from the deck
    e = events(s, "fame")[-1]
    assert e.get("discard") == 1 and e.get("deck") == 2


def test_A7_a_revealed_ship_can_still_be_looted_and_lose_fame():
    s = at(pirates={1: ["EN1", "NL3"]}, revealed=["EN1"], fame={"EN1": 2}, adventure="adv-loot-en")
    s.apply(Pass(0))
    assert fame(s, "EN1") == 1 and fame(s, "ES1") == 1
    s = at(pirates={1: ["EN1", "NL3"]}, revealed=["EN1"], fame={"EN1": 2}, adventure="adv-cursed-ship")
    s.apply(Pass(0))
    assert fame(s, "EN1") == 1


def test_A8_the_last_adventure_resolves_in_full_before_the_end():
    s = at(adventure="adv-legendary-treasure", deck=2)
    s.apply(Pass(0))                                                # the deck runs out during the payment
    assert fame(s, "EN1") == 2 and fame(s, "ES1") == 2 and sum(s.owed) == 1 and s.is_over()
    s = at(adventure="adv-kraken", deck=1, draws=["adv-treasure-map"])
    s.apply(Pass(0))                                                # the last deck card is turned face up ...
    assert not s.is_over() and s.adv_row == ["adv-treasure-map-1"]
    s.apply(Pass(1))                                                # ... and still resolved and paid (owed fame)
    assert s.is_over() and [s.fame_of(x) for x in s.row[:3]] == [1, 1, 1] and sum(s.owed) == 2


def test_A9_imminent_adventures_end_when_the_row_is_empty():
    s = at(imminent=True, adventures=["adv-kraken", "adv-volcano", "adv-maelstrom"], deck=0)
    turns = 0
    while not s.is_over():
        s.apply(Pass(s.current))
        turns += 1
    assert turns == 3 and s.adv_row == []


def test_A10_a_move_of_zero_spaces_is_legal():
    s = at(market=["mv-full-speed", "mv-rip", "mv-rip"])
    assert PlayCard(0, "mv-full-speed-1", "ship-en-1") in s.legal_actions()
    play(s, "mv-full-speed", "EN1")
    assert names(s) == ROW and s.mv_discard == ["mv-full-speed-1"]


def test_A11_flag_advance_at_the_front_swaps():
    s = at(row=["EN1", "EN2", "ES1", "NL1", "ES2", "NL2", "EN3", "ES3", "NL3"],
           market=["mv-advance-en", "mv-rip", "mv-rip"])
    play(s, "mv-advance-en")
    assert names(s)[:2] == ["EN2", "EN1"]


def test_A12_repair_with_nothing_damaged_is_legal_and_the_adventure_resolves():
    s = at(adventure="adv-volcano")
    assert Repair(0) in s.legal_actions()
    s.apply(Repair(0))
    assert s.damaged == ["ship-en-1"]


def test_A13_sabotage_needs_an_undamaged_target():
    s = at(damaged=["NL1"], market=["mv-sabotage", "mv-rip", "mv-rip"])
    targets = {a.ship for a in s.legal_actions() if isinstance(a, PlayCard) and a.card == "mv-sabotage-1"}
    assert "ship-nl-1" not in targets and len(targets) == 8


def test_A14_the_reshuffle_happens_at_the_draw_and_takes_the_card_just_played():
    s = at(mv_deck=0, market=["mv-fog", "mv-rip", "mv-rip"], adventure="adv-kraken")
    play(s, "mv-fog")
    assert "mv-fog-1" in s.mv_deck or "mv-fog-1" in s.market


def test_A15_there_is_no_pirate_code_check_answers_are_the_engines():
    assert [f.name for f in dataclasses.fields(Accuse)] == ["seat", "accused", "pirate", "discard"]
    s = at(pirates={1: ["ES1", "EN2"]}, adventure="adv-kraken")
    s.apply(Accuse(0, 1, "pirate-es-1"))
    assert "pirate-es-1" in s.revealed                              # nobody is asked, nobody can lie


def test_A16_an_accused_with_one_card_discards_it():
    s = at(hand=True, hands={0: ["mv-rip", "mv-fog"], 1: ["mv-sabotage"]}, adventure="adv-kraken")
    s.apply(Accuse(0, 1, "pirate-nl-3", "mv-fog-1"))
    assert s.phase == "discard" and s.legal_actions() == [Discard(1, "mv-sabotage-1")]
    s.apply(Discard(1, "mv-sabotage-1"))
    assert s.hands[1] == []


def test_A17_accuse_another_player_own_pirate_allowed():
    s = at(pirates={0: ["EN1", "ES1"]})
    assert refused(s, Accuse(0, 0, "pirate-es-3")) == "sm.reason.accuse_self"
    assert Accuse(0, 1, "pirate-en-1") in s.legal_actions()


def test_A18_tie_break_two_counts_damaged_ships_too():
    s = at(players=2, pirates={0: ["EN1", "EN2", "EN3"], 1: ["ES1", "ES2", "ES3"]},
           damaged=["EN1", "EN2", "ES1", "ES2"],
           fame={"EN3": 3, "ES3": 3}, deck=0, adventure="adv-ghost-ship")
    s.apply(Pass(0))                                                # EN3 (7) and ES3 (8) lose 1 each
    assert s.score_of(0) == s.score_of(1) and s.undamaged_owned(0) == s.undamaged_owned(1) == 1
    assert s.front_most(0) == 1 and s.result().winners == [0]       # the damaged EN1 counts


def test_A19_the_active_card_goes_to_the_rear_most_gaining_ship():
    s = at(adventure="adv-neptunes-favor")
    s.apply(Pass(0))
    assert events(s, "fame")[-1].get("last") == "ship-es-2"


def test_A20_adventures_without_fame_are_discarded_face_up():
    s = at(adventure="adv-attack-nl")
    s.apply(Pass(0))
    assert s.adv_discard[-1] == "adv-attack-nl-1"


def test_A21_the_nine_captains_have_names_in_both_languages():
    for lang in i18n.LANGUAGES:
        for p in PIRATES:
            assert i18n.has_key(f"sm.captain.{p}", lang) and i18n.has_key(f"sm.ship.ship-{p[7:]}", lang)
    assert i18n._load("en")["sm.captain.pirate-en-1"] == "Captain Silas Thorne"


def test_A22_the_accuser_discards_first_then_the_accused_then_the_answer():
    s = at(hand=True, pirates={1: ["ES1", "EN2"]}, hands={0: ["mv-rip", "mv-fog"], 1: ["mv-sabotage", "mv-alliance"]},
           adventure="adv-kraken")
    s.apply(Accuse(0, 1, "pirate-es-1", "mv-rip-1"))
    s.apply(Discard(1, "mv-alliance-1"))
    kinds = [(e.kind, e.seat) for e in s.events if e.kind in ("discarded", "accused")]
    assert kinds == [("discarded", 0), ("discarded", 1), ("accused", 0)]


def test_A23_fewer_undamaged_ships_than_named():
    s = at(damaged=ROW[:7], adventure="adv-treasure-map")
    s.apply(Pass(0))
    assert fame(s, "ES3") == 1 and fame(s, "NL3") == 1 and sum(s.fame) == 2


def test_A24_cards_leave_before_owed_fame():
    s = at(pirates={1: ["EN2", "NL3"]}, fame={"EN2": 1}, owed={"EN2": 3}, adventure="adv-kraken")
    s.apply(Accuse(0, 1, "pirate-en-2"))                            # F = 4: 2 leave, the card first
    assert s.secured[0] == 1 and s.secured_owed[0] == 1 and s.owed[SHIPS.index("ship-en-2")] == 2
