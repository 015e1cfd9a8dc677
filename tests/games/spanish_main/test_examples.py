"""Every worked example of spec section 8, named after its id."""
from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.rng import Rng
from game.games.spanish_main.positions import position
from game.games.spanish_main.rules import (FAME_CARD, SHIPS, Accuse, Discard, Pass, PlayCard, RULES, card_type)
from tests.games.spanish_main.helpers import ROW, at, events, fame, names, refused


def play(s, t, target=""):
    card = next(c for c in s.movement_cards_of(s.current) if card_type(c) == t)
    s.apply(PlayCard(s.current, card, f"ship-{target[:2].lower()}-{target[2]}" if target else ""))


# --- 8.1 from the rulebook ------------------------------------------------------------------------------
def test_T_X1_the_rulebooks_accusation():
    s = at(pirates={1: ["EN1", "NL3"]}, fame={"EN1": 5}, adventure="adv-kraken")
    s.apply(Accuse(0, 1, "pirate-en-1"))                            # "Adam is Captain Silas Thorne"
    assert "pirate-en-1" in s.revealed and s.secured[0] == 3 and fame(s, "EN1") == 2
    s.apply(Pass(1))
    assert refused(s, Accuse(2, 1, "pirate-en-1")) == "sm.reason.revealed"


def test_T_X2_first_undamaged_ships():
    s = at(damaged=["EN1", "NL1"], adventure="adv-treasure-map")
    s.apply(Pass(0))
    assert [fame(s, x) for x in ("ES1", "EN2", "ES2")] == [1, 1, 1] and sum(s.fame) == 3
    assert events(s, "fame")[-1].get("deck") == 2 and events(s, "fame")[-1].get("last") == "ship-es-2"
    assert len(s.adv_deck) == 17


# --- 8.2 movement -------------------------------------------------------------------------------------------
def test_T_M1_full_speed_clamped():
    s = at(market=["mv-full-speed", "mv-rip", "mv-rip"])
    play(s, "mv-full-speed", "EN2")
    assert names(s)[:4] == ["EN2", "EN1", "ES1", "NL1"]


def test_T_M2_lost_at_sea():
    s = at(market=["mv-lost-at-sea", "mv-rip", "mv-rip"])
    play(s, "mv-lost-at-sea", "ES1")
    assert names(s) == ["EN1", "NL1", "EN2", "ES2", "NL2", "EN3", "ES3", "ES1", "NL3"]


def test_T_M3_alliance():
    s = at(market=["mv-alliance", "mv-rip", "mv-rip"])
    play(s, "mv-alliance", "ES1")
    assert names(s)[:3] == ["ES1", "NL1", "EN1"]


def test_T_M4_rip_and_a_legal_zero_move():
    s = at(market=["mv-rip", "mv-rip", "mv-fog"])
    play(s, "mv-rip", "EN3")
    assert names(s)[6:] == ["NL3", "EN3", "ES3"]
    s = at(market=["mv-rip", "mv-rip", "mv-fog"])
    play(s, "mv-rip", "ES3")
    assert names(s) == ROW


def test_T_M5_flag_advance_swap():
    s = at(row=["EN1", "EN2", "ES1", "NL1", "EN3", "ES2", "NL2", "ES3", "NL3"],
           market=["mv-advance-en", "mv-rip", "mv-rip"])
    play(s, "mv-advance-en")
    assert names(s)[:5] == ["EN2", "EN1", "EN3", "ES1", "NL1"]


def test_T_M6_flag_retreat():
    s = at(row=["EN2", "ES2", "EN3", "ES3", "NL1", "ES1", "NL2", "EN1", "NL3"],
           market=["mv-retreat-nl", "mv-rip", "mv-rip"])
    play(s, "mv-retreat-nl")
    assert names(s)[4:] == ["ES1", "EN1", "NL1", "NL3", "NL2"]


def test_T_M10_flag_advance_swap_from_spaces_2_and_3():
    s = at(row=["ES1", "EN1", "EN2", "NL1", "ES2", "NL2", "EN3", "ES3", "NL3"],
           market=["mv-advance-en", "mv-rip", "mv-rip"])
    play(s, "mv-advance-en")
    assert names(s) == ["EN2", "EN1", "ES1", "NL1", "EN3", "ES2", "NL2", "ES3", "NL3"]


def test_T_M7_no_sabotage_when_every_ship_is_damaged():
    s = at(damaged=ROW, market=["mv-sabotage", "mv-sabotage", "mv-rip"])
    assert not [a for a in s.legal_actions() if isinstance(a, PlayCard) and a.card.startswith("mv-sabotage")]
    assert refused(s, PlayCard(0, s.market[0], "ship-en-1")) == "sm.reason.all_damaged"


def test_T_M8_fog_cancels_a_maelstrom():
    s = at(adventure="adv-maelstrom", market=["mv-fog", "mv-rip", "mv-rip"])
    play(s, "mv-fog")
    assert not s.damaged and s.adv_discard[-1] == "adv-maelstrom-1" and len(s.adv_deck) == 19


def test_T_M9_reshuffle():
    s = at(mv_deck=0, market=["mv-rip", "mv-full-speed", "mv-fog"])
    assert len(s.mv_discard) == 21 and len(s.market) == 3
    play(s, "mv-rip", "EN1")
    assert len(s.mv_deck) == 21 and s.mv_discard == [] and len(s.market) == 3
    assert events(s, "reshuffled")[-1].get("count") == 22


# --- 8.3 adventures -------------------------------------------------------------------------------------------
def test_T_A1_space_fame_with_damage():
    s = at(damaged=["EN1"], adventure="adv-ancient-relics")
    s.apply(Pass(0))
    assert [fame(s, x) for x in ("EN1", "ES1", "NL1")] == [0, 1, 1] and len(s.adv_deck) == 20 - 1 - 1


def test_T_A2_legendary_treasure():
    s = at(damaged=["ES1"], adventure="adv-legendary-treasure")
    s.apply(Pass(0))
    assert fame(s, "EN1") == 2 and fame(s, "NL1") == 2 and events(s, "fame")[-1].get("deck") == 3


def test_T_A3_cursed_treasure():
    s = at(damaged=["EN1"], adventure="adv-cursed-treasure")
    s.apply(Pass(0))
    assert fame(s, "ES1") == 2 and "ship-es-1" in s.damaged and events(s, "fame")[-1].get("deck") == 1


def test_T_A4_storm_ahead_with_few_undamaged():
    s = at(damaged=[x for i, x in enumerate(ROW) if i + 1 not in (2, 6)], adventure="adv-storm-ahead")
    s.apply(Pass(0))
    assert len(s.damaged) == 9
    s = at(damaged=[x for i, x in enumerate(ROW) if i + 1 != 6], adventure="adv-storm-ahead")
    s.apply(Pass(0))
    assert len(s.damaged) == 9 and sum(s.fame) == 0


def test_T_A5_ghost_ship():
    s = at(fame={"ES3": 2, "NL3": 1}, damaged=["ES3"], adventure="adv-ghost-ship", discard=[])
    s.apply(Pass(0))
    assert [fame(s, x) for x in ("EN3", "ES3", "NL3")] == [0, 1, 0]
    assert s.adv_discard == [FAME_CARD, FAME_CARD, "adv-ghost-ship-1"]


def test_T_A6_attack():
    s = at(row=["ES1", "EN1", "EN2", "NL1", "EN3", "ES2", "NL2", "ES3", "NL3"], damaged=["EN2"],
           adventure="adv-attack-en")
    s.apply(Pass(0))
    assert s.damaged == ["ship-en-2", "ship-es-1", "ship-nl-1"] and sum(s.fame) == 0
    assert s.adv_discard[-1] == "adv-attack-en-1"


def test_T_A7_attack_with_the_same_flag_in_front():
    s = at(row=["EN1", "EN2", "ES1", "ES2", "ES3", "NL1", "NL2", "NL3", "EN3"], adventure="adv-attack-en")
    s.apply(Pass(0))                                                # EN2 faces EN1; EN3 hits NL3
    assert s.damaged == ["ship-nl-3"]


def test_T_A8_loot():
    s = at(row=["NL1", "ES1", "NL2", "EN1", "NL3", "ES2", "EN2", "EN3", "ES3"], fame={"NL1": 2, "NL2": 1},
           damaged=["NL2", "ES2"], adventure="adv-loot-nl", discard=[])
    s.apply(Pass(0))
    assert [fame(s, x) for x in ("NL1", "ES1", "NL2", "EN1", "NL3", "ES2")] == [1, 1, 0, 1, 0, 0]
    assert s.adv_discard == ["adv-loot-nl-1"]


def test_T_A9_loot_with_a_damaged_looter():
    s = at(row=["ES1", "EN1", "NL1", "EN2", "NL2", "EN3", "NL3", "ES2", "ES3"], fame={"ES1": 3}, damaged=["EN1"],
           adventure="adv-loot-es")
    s.apply(Pass(0))
    assert fame(s, "ES1") == 3 and fame(s, "EN1") == 0


def test_T_A10_mutiny_on_an_owned_ship():
    s = at(row=["EN2", "ES3", "EN1", "ES1", "NL1", "ES2", "NL2", "EN3", "NL3"],
           pirates={0: ["EN2", "NL1"], 1: ["ES3", "EN1"]},
           revealed=["EN2"], damaged=["ES3"], fame={"ES3": 5}, adventure="adv-mutiny", discard=[])
    s.apply(Pass(0))
    assert "pirate-es-3" in s.revealed and fame(s, "ES3") == 2
    assert s.adv_discard == [FAME_CARD] * 3 + ["adv-mutiny-1"]


def test_T_A11_mutiny_on_an_unowned_ship():
    s = at(row=["NL1", "EN1", "ES1", "EN2", "ES2", "NL2", "EN3", "ES3", "NL3"],
           pirates={0: ["EN1", "ES1"], 1: ["EN2", "ES2"],
           2: ["NL2", "EN3"]}, fame={"NL1": 4}, adventure="adv-mutiny")
    s.apply(Pass(0))
    assert fame(s, "NL1") == 4 and s.revealed == [] and s.unowned == ["pirate-nl-1"]
    line = [x for x in s.log if x.text.key == "sm.log.mutiny_nobody"][-1]
    assert line.text.kwargs["ship"].key == "sm.ship.ship-nl-1"
    assert s.adv_discard[-1] == "adv-mutiny-1"


def test_T_A12_shortfall_in_the_base_game():
    s = at(adventure="adv-island-discovery", deck=1)
    s.apply(Pass(0))
    assert [s.fame[SHIPS.index(x)] for x in s.row[:4]] == [1, 0, 0, 1]
    assert [s.owed[SHIPS.index(x)] for x in s.row[:4]] == [0, 1, 1, 0]
    assert events(s, "fame")[-1].get("last") == s.row[3]            # space 4 gets the active card
    assert events(s, "fame")[-1].get("deck") == 1 and events(s, "fame")[-1].get("owed") == 2
    assert s.is_over() and s.score_of(0) == sum(s.fame_of(x) for x in s.owned_ships(0))


def test_T_A13_extended_fame():
    s = at(adventure="adv-treasure-map", extended=True, discard=["adv-kraken", "adv-volcano"], deck=10,
           secured={2: 45})
    s.apply(Pass(0))
    assert s.adv_discard == [] and events(s, "fame")[-1].get("discard") == 2
    assert events(s, "fame")[-1].get("deck") == 0 and len(s.adv_deck) == 9     # 10, then one turned


@settings(max_examples=int(os.environ.get("SM_PROPERTY_GAMES", "12")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), extended=st.booleans(), imminent=st.booleans(), hand=st.booleans(),
       seed=st.integers(0, 2**31))
def test_T_A14_invariant_in_random_games(players, extended, imminent, hand, seed):
    opts = {"extended-fame": extended, "imminent-adventures": imminent, "movement-hand": hand}
    s = RULES.new_game(players, opts, seed)
    rng = Rng(seed)
    while not s.is_over():
        before = [s.fame_of(x) for x in SHIPS]
        damaged = set(s.damaged)
        acts = s.legal_actions()
        a = acts[rng.below(len(acts))]
        if type(a).__name__ == "Repair":
            damaged = set()
        s.apply(a)
        assert s.adventure_count() == 58                            # I1
        assert all(n >= 0 for n in s.fame + s.owed)
        for i, x in enumerate(SHIPS):
            if x in damaged and not isinstance(a, PlayCard):
                assert s.fame_of(x) <= before[i]                    # a damaged ship never gains


# --- 8.4 accusations, end and tie-breaks ---------------------------------------------------------------------
def test_T_C1_no_self_accusation_no_revealed_pirate():
    s = at(pirates={0: ["EN1", "ES1"], 1: ["NL2", "EN2"]}, revealed=["NL2"])
    assert refused(s, Accuse(0, 0, "pirate-nl-1")) == "sm.reason.accuse_self"
    assert refused(s, Accuse(0, 1, "pirate-nl-2")) == "sm.reason.revealed"


def test_T_C2_the_own_pirate_bluff():
    s = at(pirates={0: ["NL2", "EN1"], 1: ["ES1", "ES2"]}, adventure="adv-kraken")
    s.apply(Accuse(0, 1, "pirate-nl-2"))
    assert not s.revealed and s.denied[1] == ["pirate-nl-2"]
    for seat in (1, 2, None):
        assert "pirate-nl-2" not in s.view(seat).pirates[0]


def test_T_C3_a_reveal_with_no_fame():
    s = at(pirates={1: ["ES1", "ES2"]}, adventure="adv-kraken")
    s.apply(Accuse(0, 1, "pirate-es-2"))
    assert "pirate-es-2" in s.revealed and s.secured[0] == 0


def test_T_C4_movement_hand_accusations():
    s = at(hand=True, pirates={0: ["EN1", "ES1"], 1: ["NL1", "EN2"]}, hands={0: ["mv-rip", "mv-fog", "mv-sabotage"],
           1: ["mv-alliance"], 2: ["mv-full-speed", "mv-rip"]}, adventure="adv-kraken", draws=["adv-volcano"])
    s.apply(Accuse(0, 1, "pirate-nl-3", "mv-rip-1"))
    assert len(s.hands[0]) == 2 and s.current == 1
    s.apply(Discard(1, "mv-alliance-1"))
    assert s.hands[1] == [] and s.current == 1
    s.apply(Pass(1))
    s.apply(Pass(2))
    assert s.current == 0 and any(isinstance(a, Accuse) for a in s.legal_actions())
    s.apply(Accuse(0, 2, "pirate-en-3", "mv-fog-1"))
    s.apply(Discard(2, "mv-rip-2"))
    s.apply(Pass(1))
    s.apply(Pass(2))
    assert len(s.hands[0]) == 1 and not any(isinstance(a, Accuse) for a in s.legal_actions())


def test_T_E1_scoring():
    s = at(pirates={0: ["EN1", "NL2"], 1: ["ES1", "ES3"], 2: ["EN3", "NL1"]}, secured={0: 3},
           fame={"EN1": 4, "NL2": 3, "ES1": 6, "ES3": 2, "EN3": 5, "NL1": 2, "EN2": 7}, discard=[])
    assert [s.score_of(k) for k in range(3)] == [10, 8, 7]


def test_T_E2_tie_break_one():
    s = at(players=2, pirates={0: ["EN1", "NL2", "NL3"], 1: ["ES1", "ES3", "EN3"]}, fame={"EN1": 10, "ES1": 10},
           damaged=["NL2", "NL3", "EN3"], deck=0, adventure="adv-ghost-ship")
    s.apply(Pass(0))                                                # the last adventure changes nothing
    assert s.score_of(0) == s.score_of(1) == 10
    assert s.undamaged_owned(0) == 1 and s.undamaged_owned(1) == 2
    assert s.result().winners == [1] and s.result().how.key == "sm.how.undamaged"


def test_T_E3_tie_break_two():
    s = at(players=2, row=["EN1", "ES1", "NL1", "EN2", "ES2", "NL2", "EN3", "ES3", "NL3"],
           pirates={0: ["EN2", "NL2", "NL3"], 1: ["ES1", "ES3", "EN3"]}, fame={"EN2": 10, "ES1": 10},
           damaged=["NL2", "NL3", "ES3", "EN3"], deck=0, adventure="adv-volcano")
    s.apply(Pass(0))                                                # Volcano damages EN1 (unowned)
    assert s.undamaged_owned(0) == s.undamaged_owned(1) == 1 and s.front_most(0) == 4 and s.front_most(1) == 2
    assert s.result().winners == [1]


def test_T_E4_imminent_adventures_three_players():
    s = position(3, imminent=True, adventures=["adv-kraken", "adv-volcano", "adv-maelstrom"], deck=2,
                 discard=None)
    assert len(s.adv_row) == 3
    for _ in range(2):
        s.apply(Pass(s.current))
    assert len(s.adv_deck) == 0 and len(s.adv_row) == 3
    lengths = []
    while not s.is_over():
        s.apply(Pass(s.current))
        lengths.append(len(s.adv_row))
    assert lengths == [2, 1, 0]
    s = RULES.new_game(3, {"imminent-adventures": True}, 4)
    assert len(s.adv_row) == 3 and len(s.adv_deck) == 55
    s = position(3, imminent=True, adventures=["adv-treasure-map", "adv-kraken"], deck=0)
    s.apply(Pass(0))
    assert sum(s.owed) == 2 and not s.is_over()
