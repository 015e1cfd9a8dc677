"""Pirateer base rules (spec sections 4 and 5: the R and E rules) and the worked examples of section 8 (test_example_<id>)."""
from __future__ import annotations

import json

import pytest

from game.core.protocol import IllegalAction
from game.games.pirateer.moves import ISLAND, faction_of
from game.games.pirateer.rules import (END, OVER, RULES, START, EndTurn, Move, PirateerState, Roll, Take)
from tests.games.pirateer.helpers import PRESET_SEATS, cells, game, legal_moves, mv, new_game, roll, sid, single


def keys(s: PirateerState) -> list[str]:
    return [e.text.key for e in s.log]


# ==================================================================================================
# Section 8: worked examples
# ==================================================================================================
def test_X1_setup_four_players():
    s = new_game(4, {}, 3)
    want = {"Sp": [(0, 10), (0, 11), (0, 12)], "Fr": [(10, 0), (11, 0), (12, 0)],
            "Ba": [(9, 19), (8, 19), (7, 19)], "Pi": [(19, 9), (19, 8), (19, 7)]}
    for short, where in want.items():
        for n, cell in enumerate(where, 1):
            assert s.ships[sid(f"{short}{n}")] == cell
    assert s.treasure == ISLAND and len(s.ships) == 12


def test_X2_straight_moves_may_end_on_a_current():
    s = game({"Sp1": (5, 13)})
    assert single(s, "Sp1", 3) == {("SE", (8, 13)), ("NW", (2, 13)), ("SW", (5, 16)), ("NE", (5, 10))}


def test_X2b_no_crossing_a_current():
    assert cells(game({"Sp1": (5, 13)}), "Sp1", 4) == {(9, 13), (1, 13), (5, 17)}


def test_X2c_only_one_six():
    assert cells(game({"Sp1": (5, 13)}), "Sp1", 6) == {(5, 19)}


def test_X3_onto_a_current_but_not_across():
    s = game({"Sp1": (6, 11)})
    assert ("NE", (6, 9)) in single(s, "Sp1", 2)
    assert not any(d == "NE" for d, _ in single(s, "Sp1", 3))


def test_X3b_riding_the_current():
    s = game({"Sp1": (6, 9)})
    assert ("E", (12, 3)) in single(s, "Sp1", 6)
    assert ("W", (3, 12)) in single(s, "Sp1", 3)
    assert not any(d == "W" for d, _ in single(s, "Sp1", 4))
    assert ("SE", (8, 9)) in single(s, "Sp1", 2)


def test_X4_into_a_strait_not_through():
    s = game({"Sp1": (3, 7)})
    assert ("NE", (3, 4)) in single(s, "Sp1", 3)
    assert not any(d == "NE" for d, _ in single(s, "Sp1", 4))


def test_X4b_out_of_a_strait_in_four_directions():
    s = game({"Sp1": (3, 4)})
    assert ("NE", (15, 14)) in single(s, "Sp1", 2)
    assert ("NW", (14, 16)) in single(s, "Sp1", 1)
    assert ("SE", (6, 4)) in single(s, "Sp1", 3) and ("SW", (3, 7)) in single(s, "Sp1", 3)


def test_X5_the_carrier_never_sails_away():
    assert cells(game({"Sp1": (10, 8)}), "Sp1", 2) == {(12, 8), (8, 8), (10, 6)}
    assert cells(game({"Sp1": (10, 8)}, treasure="Sp1"), "Sp1", 2) == {(8, 8), (10, 6)}


def test_X5b_carrier_on_a_current():
    assert single(game({"Sp1": (6, 9)}, treasure="Sp1"), "Sp1", 3) == \
        {("W", (3, 12)), ("NW", (3, 9)), ("NE", (6, 6)), ("SW", (6, 12))}
    assert single(game({"Fr1": (6, 9)}, treasure="Fr1", current="Fr"), "Fr1", 3) == \
        {("E", (9, 6)), ("NW", (3, 9)), ("NE", (6, 6))}


def test_X6_no_boarding_without_the_treasure():
    s = game({"Sp1": (5, 13), "Sp2": (5, 16), "Fr1": (8, 13)})
    assert cells(s, "Sp1", 3) == {(2, 13), (5, 10)}


def test_X6b_boarding_the_carrier_then_obeying_R17():
    s = roll(game({"Sp1": (5, 13), "Sp2": (5, 16), "Fr1": (8, 13)}, treasure="Fr1"), 3, 2)
    s.apply(mv(s, "Sp1", "SE", 3))
    assert sid("Fr1") not in s.ships and s.treasure == sid("Sp1") and s.ships[sid("Sp1")] == (8, 13)
    assert cells(s, "Sp1", 2) == {(6, 13), (8, 15), (8, 11)}


def test_example_E1_first_move_may_not_block_the_second_die():
    s = roll(game({"Sp1": (0, 9)}), 3, 4)
    assert legal_moves(s) == {((sid("Sp1"),), "SW", 4)}
    with pytest.raises(IllegalAction) as exc:
        s.apply(mv(s, "Sp1", "SW", 3))
    assert exc.value.reason.key == "pir.reason.blocks_dice"
    s.apply(mv(s, "Sp1", "SW", 4))
    assert legal_moves(s) == {((sid("Sp1"),), "SE", 3), ((sid("Sp1"),), "NE", 3)}


def test_example_E2_only_one_die_usable():
    s = roll(game({"Sp1": (2, 8), "Fr1": (10, 0)}), 1, 6)
    assert s.need == 1 and legal_moves(s) == {((sid("Sp1"),), "SE", 1)}
    s.apply(mv(s, "Sp1", "SE", 1))
    assert "pir.log.forfeit" in keys(s) and s.current != 0 and s.phase == START


def test_example_E3_no_die_usable():
    s = roll(game({"Sp1": (2, 8), "Fr1": (10, 0)}), 6, 6)
    assert "pir.log.no_move_why" in keys(s) and s.current == s.controller("french") and s.phase == START


def test_example_E4_taking_first_would_waste_a_die():
    s = roll(game({"Sp1": (9, 8)}), 3, 3)
    assert Take(0, sid("Sp1")) not in s.legal_actions()
    assert legal_moves(s) == {((sid("Sp1"),), "SE", 3)}
    with pytest.raises(IllegalAction) as exc:
        s.apply(Take(0, sid("Sp1")))
    assert exc.value.reason.key == "pir.reason.take_blocks_dice"
    s.apply(mv(s, "Sp1", "SE", 3))
    assert {m[1:] for m in legal_moves(s)} == {("NW", 3), ("SE", 3), ("SW", 3), ("NE", 3)}
    assert cells(s, "Sp1", 3) == {(9, 8), (15, 8), (12, 11), (12, 5)}
    s.apply(mv(s, "Sp1", "NW", 3))
    assert s.phase == END and s.legal_actions() == [Take(0, sid("Sp1")), EndTurn(0)]
    s.apply(Take(0, sid("Sp1")))
    assert s.treasure == sid("Sp1") and s.phase == START


def test_example_E5_take_between_the_dice():
    s = roll(game({"Sp1": (6, 9)}), 2, 3)
    s.apply(mv(s, "Sp1", "SE", 2))
    assert Take(0, sid("Sp1")) in s.legal_actions()
    s.apply(Take(0, sid("Sp1")))
    assert legal_moves(s) == {((sid("Sp1"),), "SW", 3)}
    s.apply(mv(s, "Sp1", "SW", 3))
    assert s.ships[sid("Sp1")] == (8, 12)


def test_example_E6_both_dice_boarding():
    s = game({"Sp1": (5, 13), "Fr1": (8, 11)}, treasure="Fr1")
    assert (8, 11) not in cells(s, "Sp1", 3) | cells(s, "Sp1", 2)
    a = roll(s.clone(), 3, 2)
    a.apply(mv(a, "Sp1", "SE", 3))
    a.apply(mv(a, "Sp1", "NE", 2))
    b = roll(s.clone(), 3, 2)
    b.apply(mv(b, "Sp1", "NE", 2))
    b.apply(mv(b, "Sp1", "SE", 3))
    for x in (a, b):
        assert x.ships[sid("Sp1")] == (8, 11) and x.treasure == sid("Sp1") and sid("Fr1") not in x.ships


def test_example_E7_poison_harbour():
    s = roll(game({"Ba1": (8, 19), "Pi1": (5, 19), "Sp1": (0, 10)}, treasure="Ba1", current="Pi"), 3, 1)
    s.apply(mv(s, "Pi1", "SE", 3))
    assert s.treasure == sid("Pi1") and s.ships[sid("Pi1")] == (8, 19)
    assert single(s, "Pi1", 1) == {("SE", (9, 19))} and single(s, "Pi1", 2) == {("SE", (10, 19))}
    for die in (3, 4, 5, 6):
        assert single(s, "Pi1", die) == set()


def test_example_E8_carrier_through_the_near_strait():
    s = roll(game({"Sp1": (3, 7)}, treasure="Sp1"), 3, 2)
    s.apply(mv(s, "Sp1", "NE", 3))
    s.apply(mv(s, "Sp1", "NE", 2))
    assert s.ships[sid("Sp1")] == (15, 14)
    assert cells(game({"Ba1": (3, 7)}, treasure="Ba1", current="Ba"), "Ba1", 3) == {(6, 7), (3, 10)}


def test_example_E9_the_strait_is_one_square():
    s = game({"Sp1": (3, 4), "Pi1": (15, 13)}, treasure="Pi1", current="Pi")
    assert ("SW", (3, 4)) in single(s, "Pi1", 3)


def test_example_E10_lengthwise_limits_and_blocking():
    s = game({"Sp1": (4, 11)})
    assert ("W", (3, 12)) in single(s, "Sp1", 1)
    assert not any(d == "W" for d, _ in single(s, "Sp1", 2))
    assert ("E", (10, 5)) in single(s, "Sp1", 6)
    s = game({"Sp1": (4, 11), "Sp2": (7, 8)})
    assert ("E", (6, 9)) in single(s, "Sp1", 2)
    assert not any(d == "E" for d, _ in single(s, "Sp1", 3) | single(s, "Sp1", 6))


def test_example_E11_no_passing_ships():
    assert cells(game({"Sp1": (5, 13), "Fr1": (6, 13)}), "Sp1", 3) == {(2, 13), (5, 16), (5, 10)}


def test_example_E12_win_mid_turn():
    s = roll(game({"Sp1": (0, 13), "Fr1": (10, 0)}, treasure="Sp1"), 4, 5)
    s.apply(mv(s, "Sp1", "NE", 4))
    assert s.is_over() and s.result().winners == [0] and s.how.key == "pir.how.treasure"
    assert s.legal_actions() == []


def test_example_E13_annihilation():
    s = roll(game({"Sp1": (5, 13), "Fr1": (2, 13)}, treasure="Sp1"), 3, 5)
    s.apply(mv(s, "Sp1", "NW", 3))
    assert s.is_over() and s.result().winners == [0] and s.how.key == "pir.how.sunk_all"


def _seed_where_first(players: int, faction: str) -> PirateerState:
    for seed in range(200):
        s = new_game(players, {}, seed)
        if s.seat_factions[s.current] == [faction]:
            return s
    raise AssertionError("no seed")  # pragma: no cover


def test_example_E14_three_players_clockwise():
    s = _seed_where_first(3, "barbary")
    seen = []
    for _ in range(4):
        seat = s.current
        seen.append(s.seat_factions[seat][0])
        while s.current == seat:                 # the turn is played through, whatever it holds
            s.apply(s.legal_actions()[0])
    assert seen == ["barbary", "spanish", "french", "barbary"]


def test_example_E15_an_eliminated_player_is_skipped():
    s = roll(game({"Sp1": (5, 13), "Fr1": (2, 13), "Pi1": (19, 9), "Ba1": (9, 19)}, treasure="Sp1"), 3, 1)
    s.apply(mv(s, "Sp1", "NW", 3))
    assert "pir.log.out" in keys(s)
    s.apply(next(a for a in s.legal_actions() if isinstance(a, Move)))
    assert s.seat_factions[s.current] == ["pirates"]


# ==================================================================================================
# Numbered rules
# ==================================================================================================
FACTION_PAIRS = {"spanish-pirates": ("spanish", "pirates"), "spanish-french": ("spanish", "french"),
                 "spanish-barbary": ("spanish", "barbary"), "french-pirates": ("french", "pirates"),
                 "french-barbary": ("french", "barbary"), "pirates-barbary": ("pirates", "barbary")}
HOMES = {"spanish": [(0, 10), (0, 11), (0, 12)], "french": [(10, 0), (11, 0), (12, 0)],
         "barbary": [(9, 19), (8, 19), (7, 19)], "pirates": [(19, 9), (19, 8), (19, 7)]}


def test_S1_two_players_default_to_spanish_against_pirates():
    s = new_game(2, {}, 9)
    assert s.seat_factions == [["spanish"], ["pirates"]] and s.options["factions-2p"] == "spanish-pirates"
    assert {faction_of(x) for x in s.ships} == {"spanish", "pirates"} and len(s.ships) == 6


@pytest.mark.parametrize("choice", sorted(FACTION_PAIRS))
def test_S1_two_players_may_take_any_two_factions(choice):
    a, b = FACTION_PAIRS[choice]
    assert not RULES.check(2, {**PRESET_SEATS, "factions-2p": choice})
    s = new_game(2, {"factions-2p": choice}, 21)
    assert s.seat_factions == [[a], [b]] and s.teams == [0, 1] and s.dead_man is None
    want = {f"ship-{f}-{n}": cell for f in (a, b) for n, cell in enumerate(HOMES[f], 1)}
    assert s.ships == want                                      # S2; the absent factions have no ships at all
    assert sorted(s.order) == [0, 1] and s.order[0] == s.current   # S4/S5
    # the game runs: each side moves only its own ships, and the choice survives a JSON round trip
    for _ in range(6):
        seat = s.current
        for action in s.legal_actions():
            if isinstance(action, Move):
                assert all(x.startswith(f"ship-{s.seat_factions[seat][0]}-") for x in action.ships)
        s.apply(s.legal_actions()[-1] if s.phase != START else Roll(seat))
    again = RULES.state_from_json(json.loads(json.dumps(s.to_json())))
    assert again.to_json() == s.to_json() and again.options["factions-2p"] == choice
    assert again.legal_actions() == s.legal_actions()


def test_S1_each_pair_is_listed_clockwise_and_labelled_in_both_languages():
    from game.i18n import has_key
    opt = next(o for o in RULES.options if o.key == "factions-2p")
    assert opt.kind == "choice" and opt.default == "spanish-pirates" and set(opt.choices) == set(FACTION_PAIRS)
    clock = ["spanish", "french", "pirates", "barbary"]                # S5
    for choice in opt.choices:
        a, b = FACTION_PAIRS[choice]
        assert clock.index(a) < clock.index(b)
    for key in (opt.label, opt.help, *opt.choice_labels):
        assert has_key(key, "en") and has_key(key, "it"), key
    assert len(set(opt.choice_labels)) == len(opt.choices)


def test_S1_the_choice_is_for_the_basic_two_player_game_only():
    keys_of = lambda problems: {p.key for p in problems}            # noqa: E731
    assert "opt.err.players" in keys_of(RULES.check(3, {"factions-2p": "french-barbary"}))
    assert "opt.err.players" in keys_of(RULES.check(4, {"factions-2p": "french-barbary"}))
    for mode in ("domination", "grab-and-run", "war-wind"):           # these modes fix the sides themselves
        assert "opt.err.excludes" in keys_of(RULES.check(2, {"factions-2p": "french-barbary", mode: True}))
        assert not RULES.check(2, {mode: True})                       # the default choice never blocks a mode
    assert "opt.err.bad_choice" in keys_of(RULES.check(2, {"factions-2p": "spanish-spanish"}))
    for variant in ("storm", "nuke", "flotilla", "wrecks", "devils-island", "acey-deucey", "free-boarding"):
        assert not RULES.check(2, {**PRESET_SEATS, "factions-2p": "pirates-barbary", variant: True})
    s = new_game(2, {"factions-2p": "french-barbary", "devils-island": True}, 4)
    assert s.ships[sid("Fr2")] == (9, 8) and s.ships[sid("Ba3")] == (10, 11) and len(s.ships) == 6
    # defaults still give the old sides; the engine itself ignores the choice where a mode sets the sides
    assert new_game(3, {}, 2).seat_factions == [["spanish"], ["french"], ["barbary"]]
    d = RULES.new_state(2, {"factions-2p": "french-barbary", "domination": True}, 2)
    assert d.seat_factions == [["spanish", "barbary"], ["french", "pirates"]]
    with pytest.raises(ValueError):
        RULES.new_state(2, {"factions-2p": "nobody"}, 2)


def test_R1_take_before_rolling_then_roll():
    s = game({"Sp1": (8, 9), "Fr1": (10, 0)})
    assert set(s.legal_actions()) == {Roll(0), Take(0, sid("Sp1"))}
    s.apply(Take(0, sid("Sp1")))
    assert s.phase == START and s.treasure == sid("Sp1")
    s.apply(Roll(0))
    assert s.phase != START or s.current != 0


def test_R2_roll_is_public_and_doubles_give_two_moves():
    s = new_game(2, {}, 4)
    seat = s.current
    s.apply(Roll(seat))
    rolled = [e.text for e in s.log if e.text.key == "pir.log.roll"]
    assert len(rolled) == 1 and rolled[0].kwargs["player"].key == "pir.faction.spanish" or len(rolled) == 1
    d = roll(game({"Sp1": (5, 13)}), 3, 3)
    assert d.need == 2


def test_R3_exact_distance_in_one_line():
    s = game({"Sp1": (5, 13)})
    got = cells(s, "Sp1", 3)
    assert (6, 13) not in got and (7, 13) not in got and (6, 12) not in got


def test_R4_ordinary_steps_and_the_seam():
    s = game({"Sp1": (3, 4)})
    assert {d for d, _ in single(s, "Sp1", 1)} == {"NW", "NE", "SE", "SW"}
    assert ("NW", (14, 16)) in single(s, "Sp1", 1)


def test_R5_path_may_not_pass_currents_straits_or_ships():
    s = game({"Sp1": (5, 13), "Fr1": (6, 13)})
    assert (8, 13) not in cells(s, "Sp1", 3)          # ship
    assert (5, 9) not in cells(s, "Sp1", 4)           # current
    assert (3, 3) not in cells(game({"Sp1": (3, 7)}), "Sp1", 4)   # strait


def test_R6_landing_on_own_ship_is_illegal():
    s = game({"Sp1": (5, 13), "Sp2": (8, 13)})
    assert (8, 13) not in cells(s, "Sp1", 3)


def test_R7_enter_and_leave_a_current():
    s = game({"Sp1": (6, 11)})
    assert (6, 9) in cells(s, "Sp1", 2)
    s = game({"Sp1": (6, 9)})
    assert {d for d, _ in single(s, "Sp1", 1)} >= {"NW", "NE", "SW", "SE"}


def test_R8_ride_the_current_with_the_second_die():
    s = roll(game({"Sp1": (6, 11)}), 2, 3)
    s.apply(mv(s, "Sp1", "NE", 2))
    assert ((sid("Sp1"),), "E", 3) in legal_moves(s)
    assert not any(d in ("E", "W") for d, _ in single(game({"Sp1": (6, 11)}), "Sp1", 2))


def test_R9_enter_a_strait_and_leave_with_the_other_die():
    s = roll(game({"Sp1": (3, 7)}), 3, 2)
    s.apply(mv(s, "Sp1", "NE", 3))
    s.apply(mv(s, "Sp1", "NW", 2))
    assert s.ships[sid("Sp1")] == (13, 16)


def test_R10_two_ships_or_one_ship_twice():
    s = roll(game({"Sp1": (5, 13), "Sp2": (5, 16)}), 3, 2)
    ships = {m[0] for m in legal_moves(s)}
    assert ships == {(sid("Sp1"),), (sid("Sp2"),)}
    s.apply(mv(s, "Sp1", "NW", 3))
    assert (sid("Sp1"),) in {m[0] for m in legal_moves(s)} and (sid("Sp2"),) in {m[0] for m in legal_moves(s)}


def test_R11_dice_obligation_counts_takes():
    s = roll(game({"Sp1": (9, 8)}), 3, 3)
    assert s.need == 2 and all(not isinstance(a, Take) for a in s.legal_actions())


def test_R12_when_either_die_alone_fits_the_player_chooses_which():
    # the Spanish carrier at (15,7) may sail only NW (R17): a 3 or a 5 fits, never both (M = 1)
    s = roll(game({"Sp1": (15, 7), "Fr1": (10, 0)}, treasure="Sp1"), 3, 5)
    assert s.need == 1
    assert legal_moves(s) == {((sid("Sp1"),), "NW", 3), ((sid("Sp1"),), "NW", 5)}
    for die, other, end in ((3, 5, (12, 7)), (5, 3, (10, 7))):
        t = s.clone()
        t.apply(mv(t, "Sp1", "NW", die))
        assert t.ships[sid("Sp1")] == end and t.current != 0 and t.phase == START
        forfeits = [e.text.kwargs["die"] for e in t.log if e.text.key == "pir.log.forfeit"]
        assert forfeits == [other]


def test_R12_one_usable_die_the_other_is_forfeited():
    s = roll(game({"Sp1": (2, 8), "Fr1": (10, 0)}), 1, 6)
    s.apply(mv(s, "Sp1", "SE", 1))
    assert any(e.text.key == "pir.log.forfeit" and e.text.kwargs["die"] == 6 for e in s.log)


def test_R13_no_die_usable_but_a_take_is_still_offered():
    s = roll(game({"Sp1": (8, 10), "Fr1": (10, 0)}), 6, 6)
    assert s.need == 0 and s.phase == END
    assert set(s.legal_actions()) == {Take(0, sid("Sp1")), EndTurn(0)}
    s.apply(EndTurn(0))
    assert s.current == 1 and s.treasure == ISLAND


def test_R14_taking_is_free_and_optional():
    s = roll(game({"Sp1": (6, 9)}), 2, 3)
    s.apply(mv(s, "Sp1", "SE", 2))
    before = s.need
    s.apply(Take(0, sid("Sp1")))
    assert s.need == before == 1 and s.treasure == sid("Sp1")


def test_R15_passing_a_dock_is_not_standing_on_it():
    s = roll(game({"Sp1": (8, 12), "Fr1": (10, 0)}), 4, 1)
    s.apply(mv(s, "Sp1", "NE", 4))
    assert s.ships[sid("Sp1")] == (8, 8)
    assert all(not isinstance(a, Take) for a in s.legal_actions())


def test_R16_the_treasure_stays_aboard():
    s = roll(game({"Sp1": (8, 9), "Sp2": (8, 10)}, treasure="Sp1"), 2, 3)
    assert all(not isinstance(a, Take) for a in s.legal_actions())
    with pytest.raises(IllegalAction):
        s.apply(Take(0, sid("Sp2")))


def test_R17_carrier_routes_home_match_the_board_verification():
    """Spec section 11: from every dock a carrier needs 4 or 5 die moves home, and only the poison harbour and
    two pockets per faction can never reach it (``die_distances``, terrain only)."""
    from game.games.pirateer.moves import die_distances, toward_vector
    b = RULES.board
    stuck = {"spanish": [(2, 8), (4, 16), (9, 0), (10, 0), (11, 0), (12, 0)],
             "french": [(0, 9), (0, 10), (0, 11), (0, 12), (8, 2), (16, 4)],
             "barbary": [(3, 15), (11, 17), (19, 7), (19, 8), (19, 9), (19, 10)],
             "pirates": [(7, 19), (8, 19), (9, 19), (10, 19), (15, 3), (17, 11)]}
    to_docks = die_distances(b, [d.cell for d in b.docks])
    for f in b.factions:
        home = die_distances(b, [b.harbour(f).anchor], toward_vector(b, f))
        assert sorted(home[d.cell] for d in b.docks) == [4, 4, 4, 4, 5, 5, 5, 5]
        assert sorted(c for c in b.squares if c not in home) == stuck[f]
        assert to_docks[b.harbour(f).starts[0]] == 4
    assert len(to_docks) == len(b.squares) == 232


@pytest.mark.parametrize("faction,bad", [("Sp", "SE"), ("Fr", "SW"), ("Ba", "NE"), ("Pi", "NW")])
def test_R17_forbidden_direction_per_faction(faction, bad):
    ship = f"{faction}1"
    s = game({ship: (12, 12)}, treasure=ship, current=faction)
    dirs = {d for d, _ in single(s, ship, 1)}
    assert bad not in dirs and len(dirs) == 3
    free = game({ship: (12, 12)}, current=faction)
    assert bad in {d for d, _ in single(free, ship, 1)}


def test_R18_carrier_on_a_current_rides_one_way():
    assert "E" not in {d for d, _ in single(game({"Sp1": (6, 9)}, treasure="Sp1"), "Sp1", 1)}
    assert "W" not in {d for d, _ in single(game({"Pi1": (6, 9)}, treasure="Pi1", current="Pi"), "Pi1", 1)}
    assert "W" in {d for d, _ in single(game({"Ba1": (6, 9)}, treasure="Ba1", current="Ba"), "Ba1", 1)}


def test_R19_carrier_crosses_the_strait():
    s = game({"Sp1": (3, 4)}, treasure="Sp1")
    assert ("NE", (15, 14)) in single(s, "Sp1", 2) and ("NW", (14, 16)) in single(s, "Sp1", 1)


def test_R20_boarding_needs_the_treasure_on_either_ship():
    s = game({"Sp1": (5, 13), "Fr1": (8, 13)})
    assert (8, 13) not in cells(s, "Sp1", 3)
    assert (8, 13) in cells(game({"Pi1": (5, 13), "Fr1": (8, 13)}, treasure="Pi1", current="Pi"), "Pi1", 3)
    assert (8, 13) in cells(game({"Sp1": (5, 13), "Fr1": (8, 13)}, treasure="Fr1"), "Sp1", 3)


def test_R21_boarding_removes_and_passes_the_treasure():
    s = roll(game({"Sp1": (5, 13), "Fr1": (8, 13), "Fr2": (11, 0), "Fr3": (12, 0), "Pi1": (19, 9)}, treasure="Fr1"),
             3, 1)
    s.apply(mv(s, "Sp1", "SE", 3))
    assert sid("Fr1") not in s.ships and s.treasure == sid("Sp1")
    assert "pir.log.board" in keys(s) and "pir.log.seize" in keys(s)
    assert s.sunk[0] == 1 and s.lost[1] == 1


def test_R22_boarding_on_an_anchor():
    s = game({"Sp1": (0, 13), "Fr1": (0, 9)}, treasure="Fr1")
    assert (0, 9) in cells(s, "Sp1", 4)


def test_R23_elimination():
    s = roll(game({"Sp1": (5, 13), "Fr1": (2, 13), "Pi1": (19, 9)}, treasure="Sp1"), 3, 1)
    s.apply(mv(s, "Sp1", "NW", 3))
    assert 1 in s.out and not s.is_over()


def test_R24_nothing_else_interacts():
    s = roll(game({"Sp1": (5, 13), "Fr1": (6, 12), "Pi1": (19, 9)}), 1, 2)
    s.apply(mv(s, "Sp1", "NE", 1))
    assert s.ships[sid("Fr1")] == (6, 12) and s.ships[sid("Sp1")] == (5, 12)


def test_R25_turn_ends_after_the_dice_and_declined_take():
    s = roll(game({"Sp1": (8, 12), "Fr1": (10, 0)}), 3, 2)
    s.apply(mv(s, "Sp1", "NE", 3))
    assert s.ships[sid("Sp1")] == (8, 9) and s.phase == MOVE_PHASE
    barrier = s.undo_barrier
    s.apply(mv(s, "Sp1", "NW", 2))
    assert s.current == 1 and s.undo_barrier > barrier


MOVE_PHASE = "move"


def test_R26_log_records_rolls_moves_takes_boardings():
    s = roll(game({"Sp1": (6, 9), "Fr1": (8, 12)}), 2, 1)
    s.apply(mv(s, "Sp1", "SE", 2))
    s.apply(Take(0, sid("Sp1")))
    ks = keys(s)
    assert "pir.log.move" in ks and "pir.log.take" in ks
    r = new_game(2, {}, 9)
    r.apply(Roll(r.current))
    assert "pir.log.roll" in keys(r)


def test_R27_illegal_actions_change_nothing():
    s = roll(game({"Sp1": (0, 9)}), 3, 4)
    before = s.to_json()
    for bad in (mv(s, "Sp1", "SW", 3), Roll(0), EndTurn(0), Take(0, sid("Sp1")), Move(1, (sid("Sp1"),), "SW", 4),
                Move(0, (sid("Fr1"),), "SW", 4), mv(s, "Sp1", "SW", 5), mv(s, "Sp1", "Q", 4)):
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s.to_json() == before


def test_E1_treasure_home_ends_the_game_at_once():
    s = roll(game({"Sp1": (0, 13), "Fr1": (10, 0)}, treasure="Sp1"), 4, 5)
    s.apply(mv(s, "Sp1", "NE", 4))
    assert s.phase == OVER and s.used == [True, False]
    assert s.result().stats["pir.stat.carry_turns"][0] == 1


def test_E2_last_player_with_ships_wins():
    s = roll(game({"Sp1": (5, 13), "Fr1": (2, 13), "Pi1": (19, 9)}, treasure="Sp1"), 3, 1)
    s.apply(mv(s, "Sp1", "NW", 3))
    assert not s.is_over()
    s = roll(game({"Sp1": (5, 13), "Fr1": (2, 13)}, treasure="Sp1"), 3, 1)
    s.apply(mv(s, "Sp1", "NW", 3))
    assert s.is_over() and s.winners == [0]


def test_E3_one_winner_no_points():
    s = roll(game({"Sp1": (0, 13), "Fr1": (10, 0)}, treasure="Sp1"), 4, 5)
    s.apply(mv(s, "Sp1", "NE", 4))
    r = s.result()
    assert r.winners == [0] and r.scores is None and r.ranks == [1, 2, 2, 2]
    assert set(r.stats) == {"pir.stat.sunk", "pir.stat.lost", "pir.stat.carry_turns"}


def test_E4_every_game_rolls_for_the_first_player():
    firsts = {new_game(4, {}, seed).current for seed in range(30)}
    assert len(firsts) > 1
    s = new_game(4, {}, 1)
    assert sum(1 for e in s.log if e.text.key == "pir.log.first_roll") >= 4


# ==================================================================================================
# App rules: undo, draw, JSON, views
# ==================================================================================================
def test_undo_barrier_lets_moves_of_this_turn_be_taken_back():
    from game.core.session import GameSession, Seat
    sess = GameSession.new("pirateer", RULES, [Seat("a", "human"), Seat("b", "human")], PRESET_SEATS, 11)
    seat = sess.state.current
    sess.apply(Roll(seat))
    assert not sess.can_undo(seat)
    st = sess.state
    if st.current == seat and st.phase == "move" and st.need == 2:
        sess.apply(st.legal_actions()[0])
        assert sess.can_undo(seat)
        sess.undo(seat)
        assert sess.state.need == 2


def test_draw_after_300_quiet_rounds():
    s = roll(game({"Sp1": (2, 8), "Pi1": (19, 9)}, players=2, quiet=300 * 2 - 1), 6, 6)   # E3: no die fits
    assert s.is_over() and s.winners == [] and s.how.key == "pir.how.draw_rounds"
    assert s.result().ranks == [1, 1]


def test_json_round_trip_and_view_without_future_dice():
    s = new_game(3, {}, 5)
    s.apply(Roll(s.current))
    data = json.loads(json.dumps(s.to_json()))
    again = RULES.state_from_json(data)
    assert again.to_json() == s.to_json() and again.legal_actions() == s.legal_actions()
    v = s.view(0)
    assert v.rng.state() != s.rng.state() and v.ships == s.ships and v.legal_actions() == s.legal_actions()


def test_rules_check_rejects_bad_player_counts():
    assert RULES.check(5, {}) and RULES.check(1, {}) and not RULES.check(3, {})
