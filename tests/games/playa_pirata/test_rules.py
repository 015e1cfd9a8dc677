"""Playa Pirata rules engine: one test per numbered rule (R.., V..) and worked example (E..) of the spec
(its ids are in rule_ids.txt). Positions come from the engine's builder (positions.py: ``hand``,
``Buried``, ``REST``, ``at``); tests/games/playa_pirata/helpers.py names the moves made often."""
from __future__ import annotations

import pytest

from game.core.protocol import IllegalAction, Text
from game.core.rng import Rng
from game.games.playa_pirata.cards import (BUCKET, DOUBLE, FLAG, LIFEGUARD, PARROT, PIGGY, SANDCASTLE,
                                           SKELETON, SLIPPERS, SPECIAL_IDS, TOWEL_COLOUR, TOWEL_VALUE,
                                           TREASURE_IDS, UNKNOWN, WAVE, towel_treasure_points)
from game.games.playa_pirata.rules import (DRAFT, FINAL, ROUND, SEATING, RULES, BuryTreasure,
                                           ChoosePosition, DraftPick, EndTurn, PlayaHand, PlayPirate,
                                           PlaySpecial, PlayTowels, ShowHand, seating_chooser, seating_order)
from tests.games.playa_pirata.helpers import (BLUE, GREEN, REST, RED, Buried, at, finish, groups_on, hand,
                                              new_hand, position, scored_final)


def reason(h: PlayaHand, action) -> str:
    with pytest.raises(IllegalAction) as info:
        h.apply(action)
    return info.value.reason.key


def pile_values(h: PlayaHand, i: int) -> list[tuple[int, int]]:
    return [(TOWEL_COLOUR[c], TOWEL_VALUE[c]) for c in h.beach[i].pile]


def bury_round(h: PlayaHand) -> None:
    """Everyone buries their first treasure (round 1)."""
    for _ in range(h.players):
        seat = h.current
        h.apply(BuryTreasure(seat, h.treasures[seat][0]))
        h.apply(EndTurn(seat))


# ==================================================================================================
# Setup R1-R6
# ==================================================================================================
def test_R1_each_player_gets_their_colour_pirates_and_towels():
    h = new_hand(4)
    for seat in range(4):
        assert len(h.pirates[seat]) == 3 and len(h.towels[seat]) == 12
        assert {TOWEL_COLOUR[c] for c in h.towels[seat]} == {seat}
        assert sorted(TOWEL_VALUE[c] for c in h.towels[seat]) == [1] * 4 + [2] * 4 + [3] * 4
    assert len({c for hand in h.towels for c in hand}) == 48


@pytest.mark.parametrize("players,each,removed", [(2, 5, 4), (3, 4, 2), (4, 3, 2)])
def test_R2_treasures_dealt_by_player_count(players, each, removed):
    h = new_hand(players)
    assert [len(t) for t in h.treasures] == [each] * players
    assert len(h.removed) == removed and len(h.beach) == 1
    assert h.all_cards()["treasures"] == sorted(TREASURE_IDS)


def test_R3_central_and_removed_treasures_are_seen_by_nobody():
    h = new_hand(2)
    central = h.beach[0]
    assert central.buried_by is None and central.pile == [] and not central.face_up and central.known_by == []
    for seat in (None, 0, 1):
        v = h.view(seat)
        assert v.beach[0].treasure == UNKNOWN
        assert v.removed == [UNKNOWN] * 4


def test_R4_hands_are_private_but_counts_towels_and_pirates_are_public():
    h = new_hand(3)
    v = h.view(BLUE)
    assert v.treasures[BLUE] == h.treasures[BLUE]
    assert v.treasures[RED] == [UNKNOWN] * 4 and v.treasures[GREEN] == [UNKNOWN] * 4
    assert v.towels == h.towels and v.pirates == h.pirates
    spectator = h.view(None)
    assert all(t == [UNKNOWN] * 4 for t in spectator.treasures)


@pytest.mark.parametrize("players,rounds", [(2, 8), (3, 7), (4, 6)])
def test_R5_hand_has_one_round_per_action_card(players, rounds):
    h = new_hand(players)
    assert h.n_rounds == rounds == h.action_cards(0)
    rng = Rng(players)
    seen_rounds = set()
    while h.phase == ROUND:
        seen_rounds.add(h.round)
        h.apply(rng.choice(h.legal_actions()))
    assert seen_rounds == set(range(1, rounds + 1)) and h.phase == FINAL
    assert all(h.action_cards(s) == 0 for s in range(players))


def test_R6_starting_player_from_setup_or_seed():
    m = RULES.new_game(3, {"first-player": "seat-3"}, 7)
    assert m.hand.order[0] == 2 and m.current_player == 2
    firsts = {RULES.new_game(3, {}, seed).hand.order[0] for seed in range(30)}
    assert firsts == {0, 1, 2}
    assert RULES.new_game(3, {}, 11).hand.order == RULES.new_game(3, {}, 11).hand.order
    assert [p.key for p in RULES.check(2, {"first-player": "seat-4"})] == ["pp.opt.err.first"]


# ==================================================================================================
# Turn structure R7-R9
# ==================================================================================================
def test_R7_turns_go_clockwise_from_the_starting_player():
    h = new_hand(4, first=2)
    assert h.order == [2, 3, 0, 1]
    seen = []
    for _ in range(4):
        seen.append(h.current)
        h.apply(BuryTreasure(h.current, h.treasures[h.current][0]))
        h.apply(EndTurn(seen[-1]))
    assert seen == [2, 3, 0, 1] and h.round == 2 and h.current == 2


def test_R8_round_one_is_burial_only():
    h = new_hand(3)
    assert all(isinstance(a, BuryTreasure) for a in h.legal_actions())
    assert reason(h, PlayPirate(RED, "pirate-red-map", -1)) == "pp.reason.round1_bury"
    h.apply(BuryTreasure(RED, h.treasures[RED][0]))
    assert h.legal_actions() == [EndTurn(RED)]
    assert reason(h, PlayTowels(RED, 1, (1,))) == "pp.reason.round1_bury"


def test_R9_step_a_then_step_b():
    h = new_hand(3)
    bury_round(h)
    assert h.round == 2 and h.current == RED
    assert reason(h, PlayTowels(RED, 0, (1,))) == "pp.reason.step_a_first"
    kinds = {type(a) for a in h.legal_actions()}
    assert kinds == {BuryTreasure, PlayPirate}
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    assert {type(a) for a in h.legal_actions()} == {PlayTowels}
    assert reason(h, BuryTreasure(RED, h.treasures[RED][0])) == "pp.reason.step_a_done"
    h.apply(PlayTowels(RED, 0, (1,)))
    h.apply(EndTurn(RED))
    assert h.current == BLUE


# ==================================================================================================
# Step A R10-R17
# ==================================================================================================
def test_R10_burying_makes_a_face_down_treasure_only_the_burier_knows():
    h = new_hand(3)
    card = h.treasures[RED][0]
    h.apply(BuryTreasure(RED, card))
    sp = h.beach[1]
    assert sp.treasure == card and sp.pile == [] and not sp.face_up and sp.buried_by == RED
    assert h.view(RED).beach[1].treasure == card
    assert h.view(BLUE).beach[1].treasure == UNKNOWN and h.view(None).beach[1].treasure == UNKNOWN
    assert any("bury_private" in e.text.key for e in h.view(RED).log)
    assert not any("bury_private" in e.text.key for e in h.view(BLUE).log + h.log)


def test_R10_the_burier_can_lose_their_own_treasure():
    h = hand(3, beach=[Buried("treasure-7-a", [(RED, 1), (BLUE, 2)], by=RED)])
    t = 1
    h = finish(h)
    assert h.captures(BLUE) == [t] and h.captures(RED) == []


def test_R11_pirate_cards_go_face_up_to_the_discard():
    h = hand(3, turn=RED)
    h.apply(PlayPirate(RED, "pirate-red-spyglass", -1))
    assert h.discard == ["pirate-red-spyglass"] and "pirate-red-spyglass" not in h.pirates[RED]
    assert h.view(GREEN).discard == ["pirate-red-spyglass"]


def test_R12_spyglass_shows_only_the_acting_player():
    h = hand(3, turn=RED, beach=[Buried("treasure-6-a", [(BLUE, 2), (GREEN, 1)], by=BLUE)])
    t = 1
    before = list(h.beach[t].pile)
    barrier = h.undo_barrier
    h.apply(PlayPirate(RED, "pirate-red-spyglass", t))
    assert h.undo_barrier > barrier
    assert h.beach[t].pile == before and not h.beach[t].face_up
    assert h.view(RED).beach[t].treasure == "treasure-6-a"
    assert h.view(GREEN).beach[t].treasure == UNKNOWN
    assert h.view(GREEN).beach[t].known_by == [RED, BLUE]  # who looked is public
    # the knowledge stays in later views
    h.apply(PlayTowels(RED, 0, (1,)))
    h.apply(EndTurn(RED))
    assert h.view(RED).beach[t].treasure == "treasure-6-a"
    # the look is optional
    assert PlayPirate(BLUE, "pirate-blue-spyglass", -1) in h.legal_actions()


def test_R13_map_turns_a_treasure_face_up_for_everyone():
    h = hand(3, turn=RED, beach=[Buried("treasure-5-a", [(BLUE, 3)], by=BLUE)])
    t = 1
    assert PlayPirate(RED, "pirate-red-map", -1) in h.legal_actions()
    h.apply(PlayPirate(RED, "pirate-red-map", t))
    assert h.beach[t].face_up and pile_values(h, t) == [(BLUE, 3)]
    for seat in (None, RED, BLUE, GREEN):
        assert h.view(seat).beach[t].treasure == "treasure-5-a"
    h = at(h, turn=BLUE)
    targets = {a.target for a in h.legal_actions() if isinstance(a, PlayPirate) and a.card.endswith("map")}
    assert t not in targets  # only face-down treasures


def test_R14_umbrella_only_on_a_treasure_occupied_at_turn_start():
    h = hand(3, turn=RED, beach=[Buried(pile=[(RED, 1)]), Buried(pile=[(BLUE, 1)])])
    mine, theirs = 1, 2
    targets = {a.target for a in h.legal_actions() if isinstance(a, PlayPirate) and "umbrella" in a.card}
    assert targets == {mine}
    assert reason(h, PlayPirate(RED, "pirate-red-umbrella", theirs)) == "pp.reason.umbrella_not_occupied"


def test_R15_umbrella_locks_the_treasure_for_its_owner():
    h = hand(3, turn=RED, beach=[Buried("treasure-7-a", [(RED, 1)])])
    t = 1
    h.apply(PlayPirate(RED, "pirate-red-umbrella", t))
    assert h.beach[t].umbrella == RED
    assert groups_on(h, RED, t) == set()
    assert reason(h, PlayTowels(RED, t, (3,))) == "pp.reason.umbrella_blocks"
    h = at(h, turn=GREEN)
    h.apply(PlayPirate(GREEN, "pirate-green-map", -1))
    assert reason(h, PlayTowels(GREEN, t, (3, 3))) == "pp.reason.umbrella_blocks"
    h = finish(h)
    assert t in h.captures(RED)


def test_R16_umbrella_aside_when_last_card_and_nothing_occupied():
    h = hand(3, turn=RED, round=7, treasures={RED: []}, pirates={RED: ["umbrella"]},
             beach=[Buried(pile=[(BLUE, 1)])])
    assert h.legal_actions() == [PlayPirate(RED, "pirate-red-umbrella", -1)]
    h.apply(PlayPirate(RED, "pirate-red-umbrella", -1))
    assert h.umbrella_aside[RED]


def test_R17_step_a_is_never_empty_and_umbrella_needs_a_target_until_last():
    h = hand(3, turn=RED, round=6, treasures={RED: []}, pirates={RED: ["umbrella", "map"]})
    acts = h.legal_actions()
    assert acts and not any(isinstance(a, PlayPirate) and "umbrella" in a.card for a in acts)
    assert reason(h, PlayPirate(RED, "pirate-red-umbrella", -1)) == "pp.reason.umbrella_needs_target"
    for seed in range(12):  # every step A of random hands offers a play
        g = new_hand(2 + seed % 3, special=bool(seed % 2), seed=seed)
        rng = Rng(seed)
        while not g.is_over():
            if g.phase == ROUND and g.step == "A":
                assert any(isinstance(a, (BuryTreasure, PlayPirate)) for a in g.legal_actions())
            g.apply(rng.choice(g.legal_actions()))


# ==================================================================================================
# Step B R18-R26
# ==================================================================================================
def test_R18_at_least_one_towel_card_when_possible():
    h = hand(3, turn=RED)
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    assert EndTurn(RED) not in h.legal_actions()
    assert reason(h, EndTurn(RED)) == "pp.reason.must_play_towels"
    h.apply(PlayTowels(RED, 0, (2,)))
    assert EndTurn(RED) in h.legal_actions()


def test_R19_one_group_per_treasure_and_two_treasures_at_most():
    h = hand(3, turn=RED, beach=[Buried(), Buried()])
    a, b = 1, 2
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    h.apply(PlayTowels(RED, a, (1,)))
    assert reason(h, PlayTowels(RED, a, (3,))) == "pp.reason.same_treasure"
    h.apply(PlayTowels(RED, b, (1,)))
    assert reason(h, PlayTowels(RED, 0, (1,))) == "pp.reason.two_treasures"


def test_R20_eligible_treasures():
    h = hand(3, turn=RED, beach=[Buried(pile=[(BLUE, 1)], face_up=True), Buried(pile=[(RED, 1)]),
                                 Buried(pile=[(GREEN, 1)], umbrella=GREEN)])
    face_up, own, locked = 1, 2, 3
    card = h.treasures[RED][0]
    h.apply(BuryTreasure(RED, card))
    new = len(h.beach) - 1
    targets = {a.target for a in h.legal_actions() if isinstance(a, PlayTowels)}
    assert targets == {0, face_up, own, new} and locked not in targets


def test_R21_group_total_must_beat_the_top_card():
    h = hand(3, turn=RED, beach=[Buried(pile=[(BLUE, 1), (BLUE, 3)])])
    t = 1
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    groups = groups_on(h, RED, t)
    assert (3,) not in groups and (2, 1) not in groups and (3, 1) in groups and (2, 2) in groups
    assert min(sum(g) for g in groups) == 4
    assert len(groups_on(h, RED, 0)) == 124  # empty pile: every multiset of the 12 towels
    assert reason(h, PlayTowels(RED, t, (2, 1))) == "pp.reason.too_low"


def test_R22_group_stacked_with_the_lowest_card_on_top():
    h = hand(3, turn=GREEN)
    h.apply(PlayPirate(GREEN, "pirate-green-map", -1))
    h.apply(PlayTowels(GREEN, 0, (1, 3, 2)))  # any order is accepted, stacked highest first
    assert pile_values(h, 0) == [(GREEN, 3), (GREEN, 2), (GREEN, 1)]
    assert h.beach[0].top_value == 1


def test_R23_every_played_towel_is_public():
    h = hand(3, turn=GREEN)
    h.apply(PlayPirate(GREEN, "pirate-green-map", -1))
    h.apply(PlayTowels(GREEN, 0, (3, 2)))
    for seat in (None, RED, BLUE):
        assert h.view(seat).beach[0].pile == h.beach[0].pile
        assert h.view(seat).towels[GREEN] == h.towels[GREEN]
    assert any(e.text.key == "pp.log.towels" for e in h.log)


def test_R24_cannot_play_shows_the_towels_and_skips_step_b():
    h = hand(3, turn=RED, towels={RED: [1]}, central=Buried(pile=[(RED, REST), (BLUE, 2)]))
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    assert h.legal_actions() == [ShowHand(RED)]
    h.apply(ShowHand(RED))
    assert h.legal_actions() == [EndTurn(RED)]
    assert any(e.text.key == "pp.log.show" for e in h.log)
    h.apply(EndTurn(RED))
    assert h.current == BLUE and h.towels[RED] and h.shown is False


def test_R25_no_voluntary_pass():
    h = hand(3, turn=RED)
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    assert ShowHand(RED) not in h.legal_actions()
    assert reason(h, ShowHand(RED)) == "pp.reason.can_play"


def test_R26_towels_are_never_drawn():
    h = new_hand(2)
    rng = Rng(3)
    counts = [12, 12]
    while not h.is_over():
        h.apply(rng.choice(h.legal_actions()))
        now = [len(t) for t in h.towels]
        assert all(n <= c for n, c in zip(now, counts))
        counts = now


# ==================================================================================================
# End of the hand R27-R28
# ==================================================================================================
def test_R27_rounds_end_when_action_cards_are_out_whatever_the_towels():
    h = new_hand(2)
    rng = Rng(1)
    while h.phase == ROUND:
        legal = h.legal_actions()
        if EndTurn(h.current) in legal:
            h.apply(EndTurn(h.current))  # one group a turn, one card a group: towels stay in hand
            continue
        small = [a for a in legal if not isinstance(a, PlayTowels) or len(a.values) == 1]
        h.apply(rng.choice(small or legal))
    assert h.phase == FINAL and h.round == 8 and sum(len(t) for t in h.towels) > 0


def test_R28_final_turn_starting_player_alone_one_treasure_zero_allowed():
    h = hand(3, first=BLUE, phase="final", beach=[Buried(), Buried(pile=[(RED, 1)])])
    a, b = 1, 2
    assert h.current == BLUE
    assert EndTurn(BLUE) in h.legal_actions()
    assert not any(isinstance(x, (BuryTreasure, PlayPirate)) for x in h.legal_actions())
    h.apply(PlayTowels(BLUE, b, (2,)))
    assert reason(h, PlayTowels(BLUE, a, (1,))) == "pp.reason.final_one_treasure"
    h.apply(EndTurn(BLUE))
    assert h.is_over() and h.current_players() == ()


# ==================================================================================================
# Scoring R29-R38
# ==================================================================================================
def test_R29_umbrella_captures_whatever_the_pile():
    h = finish(hand(3, beach=[Buried("treasure-7-a", [(RED, 1), (BLUE, 3)], umbrella=RED)]))
    t = 1
    assert h.captures(RED) == [t] and h.scores[RED] >= 7


def test_R30_top_towel_captures():
    h = finish(hand(3, beach=[Buried("treasure-6-a", [(RED, 3), (GREEN, 1)])]))
    t = 1
    assert h.captures(GREEN) == [t]


def test_R31_treasure_without_towels_goes_to_nobody():
    h = finish(hand(3, beach=[Buried("treasure-7-a")]))
    assert all(h.captures(s) == [] for s in range(3))


def test_R31_the_log_says_nobody_takes_a_treasure_without_towels_in_beach_order():
    """Each treasure gets its sunset line in the order of the beach: who takes it, or nobody (R31), each line
    followed by its event (a table holds each line until its card turns)."""
    h = finish(hand(3, central=Buried(pile=[(GREEN, 1)]), beach=[
        Buried("treasure-7-a", [(RED, 1)]), Buried("treasure-6-a"), Buried("treasure-5-a", [(BLUE, 1)])]))
    events = list(h.events)
    start = next(i for i, e in enumerate(events) if e.kind == "revealed" and e.get("what") == "beach")
    told = [e for e in events[start:] if e.kind in ("took", "unclaimed")]
    assert [e.get("spot") for e in told] == list(range(len(h.beach)))          # every treasure, beach order
    nobody = [e for e in told if e.kind == "unclaimed"]
    assert [(e.seat, e.get("spot"), e.get("treasure")) for e in nobody] == [(None, 2, "treasure-6-a")]
    index = events.index(nobody[0])
    line = events[index - 1].get("text")                                       # its line, just before it
    assert events[index - 1].kind == "said" and line.key == "pp.log.unclaimed" and dict(line.params)["spot"] == 3
    from game.i18n import set_language, tr
    set_language("en")
    assert tr(line.key, **dict(line.params)) == "Nobody takes treasure #3 (no towels on it): 6."


def test_R32_every_treasure_is_revealed_at_scoring():
    h = finish(hand(3, beach=[Buried("treasure-7-a", by=RED)]))
    for seat in (None, RED, BLUE):
        v = h.view(seat)
        assert all(sp.treasure != UNKNOWN and sp.face_up for sp in v.beach)
        assert v.removed == [UNKNOWN, UNKNOWN]  # the removed ones stay unseen


def test_R33_number_treasures_score_their_value():
    h = finish(hand(2, beach=[Buried("treasure-7-a", [(RED, 1)]), Buried("treasure-4-b", [(RED, 1)])]))
    assert dict(h.result().breakdown[RED])["pp.score.numbers"] == 11


def test_R34_towel_treasure_two_per_card_capped_at_eight():
    assert [towel_treasure_points(n) for n in range(7)] == [0, 2, 4, 6, 8, 8, 8]
    h = finish(hand(2, beach=[Buried("treasure-towel-1", [(BLUE, 3), (RED, 2), (BLUE, 3)])]))
    assert dict(h.result().breakdown[BLUE])["pp.score.towel_treasure"] == 6


def test_R35_skull_sets():
    h = finish(hand(4, beach=[*(Buried(f"treasure-skull-{k}", [(RED, 1)]) for k in (1, 2, 3)),
                              Buried("treasure-skull-4", [(BLUE, 1)])]))
    rows = h.result().breakdown
    assert dict(rows[RED])["pp.score.skulls"] == 18 and dict(rows[BLUE])["pp.score.skulls"] == 0


def test_R36_each_towel_left_scores_one():
    h = finish(hand(2, towels={RED: [3, 3, 2, 1]}, central=Buried(pile=[(RED, REST), (BLUE, 1)])))
    assert dict(h.result().breakdown[RED])["pp.score.towels_left"] == 4


def test_R37_umbrella_aside_scores_one_point():
    h = finish(hand(3, umbrella_aside=[GREEN]))
    assert dict(h.result().breakdown[GREEN])["pp.score.umbrella"] == 1
    assert dict(h.result().breakdown[RED])["pp.score.umbrella"] == 0


def test_R38_hand_score_is_the_sum_of_its_rows():
    h = finish(hand(3, beach=[Buried("treasure-5-a", [(RED, 1)]), Buried("treasure-skull-1", [(RED, 1)]),
                              Buried("treasure-skull-2", [(RED, 1)])]))
    r = h.result()
    assert r.scores == [sum(v for _, v in rows) for rows in r.breakdown]
    assert r.scores[RED] == 5 + 10 + 9


# ==================================================================================================
# Match R39-R43
# ==================================================================================================
def play_match(m, seed=0):
    rng = Rng(seed)
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()))
    return m


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R39_as_many_hands_as_players_with_rotating_start(players):
    m = RULES.new_game(players, {"first-player": "seat-2"}, 3)
    starters = []
    rng = Rng(players)
    while not m.is_over():
        if not starters or starters[-1][0] != m.hand_index:
            starters.append((m.hand_index, m.hand.order[0]))
        m.apply(rng.choice(m.legal_actions()))
    assert [s for _, s in starters] == [(1 + k) % players for k in range(players)]
    assert m.result().scores == [sum(r.scores[s] for r in m.hand_results) for s in range(players)]


def test_R40_highest_total_wins():
    m = play_match(RULES.new_game(3, {}, 5), 2)
    r = m.result()
    best = max(r.scores)
    assert all(r.scores[w] == best for w in r.winners)


def test_R41_tie_on_total_broken_by_best_single_hand():
    m = position(3, match_format="full", finished=[scored_final(s) for s in ([20, 22, 5], [25, 22, 5], [15, 16, 5])])
    assert m.is_over() and m.totals == [60.0, 60.0, 15.0]
    r = m.result()
    assert r.winners == [0] and r.how is not None


def test_R42_still_tied_players_share_the_win():
    m = position(3, match_format="full", finished=[scored_final(s) for s in ([22, 22, 5], [22, 22, 5], [16, 16, 5])])
    assert m.is_over() and m.totals == [60.0, 60.0, 15.0]
    assert m.result().winners == [0, 1]


def test_R43_shorter_match_formats():
    assert RULES.hands_in_match(4, {"match-format": "full"}) == 4
    assert RULES.hands_in_match(4, {"match-format": "two-hands"}) == 2
    assert RULES.hands_in_match(4, {"match-format": "single-hand"}) == 1
    assert RULES.new_game(4, {"match-format": "single-hand", "special-cards": True}, 1).n_hands == 1


# ==================================================================================================
# Variants V1-V17
# ==================================================================================================
def test_V1_single_hand_match():
    m = play_match(RULES.new_game(3, {"match-format": "single-hand"}, 9), 4)
    assert len(m.hand_results) == 1 and m.result().scores == m.hand_results[0].scores


def two_hands_to_seating(players=3, seed=2, special=False):
    m = RULES.new_game(players, {"match-format": "two-hands", "first-player": "seat-1",
                                 "special-cards": special}, seed)
    rng = Rng(seed)
    while m.hand_index == 0:
        m.apply(rng.choice(m.legal_actions()))
    return m


def test_V2_lowest_score_chooses_the_seat():
    m = two_hands_to_seating()
    scores = m.hand_results[0].scores
    assert m.hand.phase == SEATING
    chooser = m.current_player
    assert scores[chooser] == min(scores)
    assert m.legal_actions() == [ChoosePosition(chooser, p) for p in (1, 2, 3)]
    assert seating_chooser([0, 1, 2], [30, 18, 18]) == 2


def test_V3_hand_two_order():
    assert seating_order([0, 1, 2], 2, 1) == [2, 1, 0]
    assert seating_order([0, 1, 2], 2, 2) == [1, 2, 0]
    m = two_hands_to_seating()
    chooser = m.current_player
    m.apply(ChoosePosition(chooser, 1))
    assert m.hand.order == seating_order([0, 1, 2], chooser, 1) and m.hand.order[0] == chooser
    assert m.hand.phase == ROUND and m.current_player == chooser
    play_match(m, 5)
    assert m.is_over() and len(m.hand_results) == 2


@pytest.mark.parametrize("players,packet,removed", [(2, 3, 7), (3, 4, 6), (4, 5, 5)])
def test_V4_draft_packet_to_the_second_player(players, packet, removed):
    h = new_hand(players, special=True, first=1)
    assert h.phase == DRAFT and h.current == h.order[1] == (1 + 1) % players
    assert len(h.packet) == packet and len(h.special_deal_removed) == removed
    assert h.view(h.order[0]).packet == [UNKNOWN] * packet
    assert h.view(h.current).packet == h.packet


def test_V5_draft_each_keeps_one_starter_removes_last():
    h = new_hand(3, special=True)
    offered = []
    while h.phase == DRAFT:
        seat = h.current
        offered.append((seat, len(h.packet)))
        h.apply(DraftPick(seat, sorted(h.packet)[0]))
    assert offered == [(1, 4), (2, 3), (0, 2)]
    assert all(c is not None for c in h.special_hand) and h.special_discard is not None
    assert h.view(1).special_hand[0] == UNKNOWN and h.view(1).special_discard == UNKNOWN
    assert sorted(h.all_cards()["specials"]) == sorted(SPECIAL_IDS)
    assert h.phase == ROUND and h.current == 0


def with_special(card, players=3, seat=RED, **spec):
    """A position after the draft in which ``seat`` holds ``card`` (V5)."""
    return hand(players, special=True, specials={seat: card}, **spec)


def test_V6_special_card_timing():
    h = with_special(DOUBLE, turn=RED, beach=[Buried(pile=[(BLUE, 1)])])
    t = 1
    assert PlaySpecial(RED, DOUBLE, t) in h.legal_actions()  # before step A
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    assert PlaySpecial(RED, DOUBLE, t) in h.legal_actions()  # between A and B
    h.apply(PlayTowels(RED, 0, (1,)))
    assert PlaySpecial(RED, DOUBLE, t) in h.legal_actions()  # after B
    h = at(h, turn=BLUE)
    assert h.legal_actions(RED) == []  # not in another player's turn
    assert reason(h, PlaySpecial(RED, DOUBLE, t)) == "pp.reason.not_your_turn"
    h = at(h, phase="final")
    assert PlaySpecial(RED, DOUBLE, t) in h.legal_actions()  # final turn counts
    for kept in (SANDCASTLE, SKELETON, WAVE):
        g = with_special(kept, turn=RED)
        assert not any(isinstance(a, PlaySpecial) for a in g.legal_actions())
        assert reason(g, PlaySpecial(RED, kept, -1)) == "pp.reason.kept_card"


def test_V7_sandcastle_threes_score_three():
    h = finish(with_special(SANDCASTLE, towels={RED: [3, 3, 1]}, central=Buried(pile=[(RED, REST), (BLUE, 1)])))
    rows = dict(h.result().breakdown[RED])
    assert rows["pp.score.towels_left"] + rows["pp.score.sandcastle"] == 7


def test_V8_skeleton_needs_a_skull():
    h = finish(with_special(SKELETON, beach=[Buried("treasure-skull-1", [(RED, 1)])]))
    assert dict(h.result().breakdown[RED])["pp.score.skeleton"] == 3
    g = finish(with_special(SKELETON))
    assert dict(g.result().breakdown[RED])["pp.score.skeleton"] == 0


def test_V9_wave_needs_a_pair_of_equal_values():
    h = finish(with_special(WAVE, beach=[Buried("treasure-4-a", [(RED, 1)]), Buried("treasure-4-b", [(RED, 1)])]))
    assert dict(h.result().breakdown[RED])["pp.score.wave"] == 3


def test_V10_double_towel_needs_top_plus_two():
    h = with_special(DOUBLE, turn=RED, beach=[Buried(pile=[(BLUE, 2)]), Buried()])
    t = 1
    h.apply(PlaySpecial(RED, DOUBLE, t))
    assert h.beach[t].double
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    assert min(sum(g) for g in groups_on(h, RED, t)) == 4
    assert reason(h, PlayTowels(RED, t, (3,))) == "pp.reason.too_low"
    h = hand(3, special=True, turn=RED, step="B", beach=[Buried(pile=[(BLUE, 2)]), Buried(double_by=BLUE)])
    empty = 2
    assert (1,) in groups_on(h, RED, empty)  # A30


def test_V11_flag_blocks_pirates_and_specials_not_towels():
    h = with_special(FLAG, turn=RED)
    card = h.treasures[RED][0]
    assert BuryTreasure(RED, card, True) in h.legal_actions()
    h.apply(BuryTreasure(RED, card, True))
    t = len(h.beach) - 1
    assert h.beach[t].flag and (RED, FLAG) in h.special_played and h.special_hand[RED] is None
    assert (1,) in groups_on(h, RED, t)
    h.apply(PlayTowels(RED, t, (1,)))
    h.apply(EndTurn(RED))
    assert PlayPirate(BLUE, "pirate-blue-spyglass", t) not in h.legal_actions()
    assert reason(h, PlayPirate(BLUE, "pirate-blue-map", t)) == "pp.reason.flagged"


def test_V12_bucket_looks_under_a_top_three():
    h = with_special(BUCKET, turn=RED, beach=[Buried("treasure-7-b", [(BLUE, 3)], by=BLUE),
                                               Buried("treasure-5-b", [(BLUE, 2)], by=BLUE)])
    three = 1
    assert {a.target for a in h.legal_actions() if isinstance(a, PlaySpecial)} == {three}
    h.apply(PlaySpecial(RED, BUCKET, three))
    assert h.view(RED).beach[three].treasure == "treasure-7-b"
    assert h.view(GREEN).beach[three].treasure == UNKNOWN
    g = with_special(BUCKET, turn=RED)
    assert not any(isinstance(a, PlaySpecial) for a in g.legal_actions())


def test_V13_lifeguard_looks_at_one_players_treasures():
    h = with_special(LIFEGUARD, turn=RED)
    h.apply(PlaySpecial(RED, LIFEGUARD, BLUE))
    assert h.looks[0][:2] == [RED, BLUE] and h.looks[0][2] == sorted(h.treasures[BLUE])
    assert h.view(RED).looks[0][2] == sorted(h.treasures[BLUE])
    assert h.view(GREEN).looks[0][2] == [UNKNOWN] * len(h.treasures[BLUE])
    assert h.view(RED).treasures[BLUE] == [UNKNOWN] * len(h.treasures[BLUE])


def test_V14_flip_flops_move_the_umbrella():
    h = with_special(SLIPPERS, turn=RED)
    assert not any(isinstance(a, PlaySpecial) for a in h.legal_actions())  # umbrella not in play yet
    h = with_special(SLIPPERS, turn=RED, beach=[Buried(pile=[(RED, 2)], umbrella=RED), Buried(pile=[(RED, 3)]),
                                                Buried(pile=[(BLUE, 3)])])
    a, b = 1, 2
    assert [x.target for x in h.legal_actions() if isinstance(x, PlaySpecial)] == [b]
    h.apply(PlaySpecial(RED, SLIPPERS, b))
    assert h.beach[b].umbrella == RED and h.beach[a].umbrella is None


def test_V15_piggy_bank_takes_back_an_own_low_towel_at_any_depth():
    h = with_special(PIGGY, turn=RED, beach=[Buried(pile=[(RED, 1), (BLUE, 3), (RED, 3)]),
                                              Buried(pile=[(RED, 2)], umbrella=RED),
                                              Buried(pile=[(RED, 2)], flag=True, by=GREEN)])
    t, locked, flagged = 1, 2, 3
    sources = {(a.target, TOWEL_VALUE[a.towel]) for a in h.legal_actions() if isinstance(a, PlaySpecial)}
    assert sources == {(t, 1), (locked, 2)} and flagged not in {s for s, _ in sources}
    card = h.beach[t].pile[0]
    h.apply(PlaySpecial(RED, PIGGY, t, card))
    assert card in h.towels[RED] and pile_values(h, t) == [(BLUE, 3), (RED, 3)]


def test_V16_parrot_equal_is_enough_on_one_treasure():
    h = with_special(PARROT, turn=RED, beach=[Buried(pile=[(BLUE, 3)])])
    t = 1
    h.apply(PlaySpecial(RED, PARROT, t))
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    assert (3,) in groups_on(h, RED, t)
    h.apply(PlayTowels(RED, t, (3,)))
    assert h.beach[t].occupant == RED


def test_V17_specials_do_not_change_the_hand_length():
    h = new_hand(3, special=True)
    rng = Rng(4)
    rounds = set()
    while not h.is_over():
        if h.phase == ROUND:
            rounds.add(h.round)
        h.apply(rng.choice(h.legal_actions()))
    assert max(rounds) == 7
    unused = [c for c in h.special_hand if c is not None and c not in (SANDCASTLE, SKELETON, WAVE)]
    for seat, card in enumerate(h.special_hand):
        if card in unused:
            rows = dict(h.result().breakdown[seat])
            assert rows["pp.score.sandcastle"] == rows["pp.score.skeleton"] == rows["pp.score.wave"] == 0


# ==================================================================================================
# Worked examples E1-E35
# ==================================================================================================
def test_E1_towel_treasure_three_cards_six_points():
    h = finish(hand(3, beach=[Buried("treasure-towel-1", [(BLUE, 1), (GREEN, 2), (RED, 1)])]))
    assert dict(h.result().breakdown[RED])["pp.score.towel_treasure"] == 6


def test_E2_towel_treasure_seven_cards_caps_at_eight():
    h = finish(hand(3, beach=[Buried("treasure-towel-1", [(BLUE, 1), (GREEN, 1), (BLUE, 1), (GREEN, 1), (BLUE, 1),
                                                        (GREEN, 1), (RED, 1)])]))
    assert dict(h.result().breakdown[RED])["pp.score.towel_treasure"] == 8


def test_E3_beating_a_three_with_three_plus_one():
    h = hand(3, turn=RED, beach=[Buried(pile=[(BLUE, 3)])])
    t = 1
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    h.apply(PlayTowels(RED, t, (3, 1)))
    assert pile_values(h, t) == [(BLUE, 3), (RED, 3), (RED, 1)] and h.beach[t].occupant == RED


def test_E4_then_green_needs_two():
    h = hand(3, turn=GREEN, beach=[Buried(pile=[(BLUE, 3), (RED, 3), (RED, 1)])])
    t = 1
    h.apply(PlayPirate(GREEN, "pirate-green-map", -1))
    assert (1,) not in groups_on(h, GREEN, t)
    h.apply(PlayTowels(GREEN, t, (2,)))
    assert h.beach[t].occupant == GREEN and h.beach[t].top_value == 2


def test_E5_other_ways_to_beat_a_three():
    h = hand(3, turn=RED, beach=[Buried(pile=[(BLUE, 3)])])
    t = 1
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    groups = groups_on(h, RED, t)
    for ok in [(2, 2), (1, 1, 1, 1), (3, 1), (3, 3), (3, 2)]:
        assert ok in groups
    for bad in [(3,), (2, 1), (1, 1, 1)]:
        assert bad not in groups
        assert reason(h, PlayTowels(RED, t, bad)) == "pp.reason.too_low"
    from game import i18n
    before = i18n.language()
    try:
        with pytest.raises(IllegalAction) as info:
            h.apply(PlayTowels(RED, t, (2, 1)))
        i18n.set_language("en")
        assert "not beaten" in i18n.tr(info.value.reason)
        i18n.set_language("it")
        assert "non è superato" in i18n.tr(info.value.reason)
    finally:
        i18n.set_language(before)
    h.apply(PlayTowels(RED, t, (3, 2)))
    assert h.beach[t].top_value == 2


def test_E6_cannot_play_with_only_ones():
    h = hand(3, turn=RED, towels={RED: [1, 1]}, central=Buried(pile=[(RED, REST), (BLUE, 3)]),
             beach=[Buried(pile=[(GREEN, 2)]), Buried(pile=[(GREEN, 1)], umbrella=GREEN)])
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    assert h.legal_actions() == [ShowHand(RED)]
    h.apply(ShowHand(RED))
    assert [e for e in h.log if e.text.key == "pp.log.show"]


def e7_state(extra_skull: bool) -> PlayaHand:
    beach = [Buried("treasure-skull-1", [(BLUE, 1), (RED, 3)]), Buried("treasure-3-a", [(RED, 1)]),
             Buried("treasure-6-a", [(RED, 2)]),
             Buried("treasure-towel-1", [(GREEN, 1), (BLUE, 2), (GREEN, 3), (RED, 3)])]
    if extra_skull:
        beach.append(Buried("treasure-skull-2", [(RED, 1)]))
    return finish(hand(4, beach=beach, towels={RED: [1, 2, 2, 3]}, central=Buried(pile=[(RED, REST), (BLUE, 1)])))


def test_E7_rulebook_scoring_example_21():
    h = e7_state(False)
    assert h.scores[RED] == 21
    assert h.result().scores[RED] == 21


def test_E8_with_a_second_skull_31():
    assert e7_state(True).scores[RED] == 31


def test_E9_hand_length_per_player_count():
    assert [new_hand(p).n_rounds for p in (2, 3, 4)] == [8, 7, 6]


def test_E10_draft_size_four_players():
    h = new_hand(4, special=True)
    assert len(h.packet) == 5 and len(h.special_deal_removed) == 5
    for _ in range(3):
        h.apply(DraftPick(h.current, h.packet[0]))
    assert h.current == h.order[0] and len(h.packet) == 2
    h.apply(DraftPick(h.current, h.packet[0]))
    assert h.special_discard is not None and h.packet == []


def test_E11_umbrella_target_covered_by_blue_is_illegal():
    h = hand(3, turn=BLUE, beach=[Buried(pile=[(RED, 1)])])
    t = 1
    h.apply(PlayPirate(BLUE, "pirate-blue-map", -1))
    h.apply(PlayTowels(BLUE, t, (2,)))
    h.apply(EndTurn(BLUE))
    h = at(h, turn=RED, round=3)
    assert reason(h, PlayPirate(RED, "pirate-red-umbrella", t)) == "pp.reason.umbrella_not_occupied"


def test_E12_umbrella_blocks_everyone_even_the_final_turn():
    h = hand(3, first=GREEN, turn=RED, beach=[Buried("treasure-5-a", [(RED, 1)])])
    t = 1
    h.apply(PlayPirate(RED, "pirate-red-umbrella", t))
    assert reason(h, PlayTowels(RED, t, (1,))) == "pp.reason.umbrella_blocks"
    h = at(h, phase="final")
    assert t not in {a.target for a in h.legal_actions() if isinstance(a, PlayTowels)}
    h.apply(EndTurn(GREEN))
    assert t in h.captures(RED)


def test_E13_umbrella_exception_and_must_place_when_occupying():
    h = hand(3, turn=RED, round=7, treasures={RED: []}, pirates={RED: ["umbrella"]})
    h.apply(PlayPirate(RED, "pirate-red-umbrella", -1))
    h = finish(h)
    assert dict(h.result().breakdown[RED])["pp.score.umbrella"] == 1
    g = hand(3, turn=RED, round=7, treasures={RED: []}, pirates={RED: ["umbrella"]}, beach=[Buried(pile=[(RED, 2)])])
    t = 1
    assert g.legal_actions() == [PlayPirate(RED, "pirate-red-umbrella", t)]


def test_E14_three_treasures_in_one_turn_is_illegal():
    h = hand(3, turn=RED, beach=[Buried(), Buried(), Buried()])
    t1, t2, t3 = 1, 2, 3
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    h.apply(PlayTowels(RED, t1, (1,)))
    h.apply(PlayTowels(RED, t2, (1,)))
    assert reason(h, PlayTowels(RED, t3, (1,))) == "pp.reason.two_treasures"


def test_E15_final_turn_one_treasure_only():
    h = hand(3, phase="final", beach=[Buried(pile=[(BLUE, 1)]), Buried()])
    t1, t2 = 1, 2
    both = h.clone()
    both.apply(PlayTowels(RED, t1, (3,)))
    assert reason(both, PlayTowels(RED, t2, (2,))) == "pp.reason.final_one_treasure"
    group = h.clone()
    group.apply(PlayTowels(RED, t1, (3, 2)))
    group.apply(EndTurn(RED))
    assert group.is_over() and group.beach[t1].top_value == 2
    h.apply(EndTurn(RED))  # no cards at all
    assert h.is_over()


def test_E16_four_skulls_eighteen():
    h = finish(hand(4, beach=[Buried(f"treasure-skull-{k}", [(RED, 1)]) for k in range(1, 5)], towels={RED: []},
                    central=Buried(pile=[(RED, REST), (BLUE, 1)])))
    assert h.scores[RED] == 18


def test_E17_central_treasure_with_empty_pile_scores_for_nobody():
    h = finish(new_hand(3))
    assert all(0 not in h.captures(s) for s in range(3))


def test_E18_towel_treasure_with_one_card_two_points():
    h = finish(hand(3, beach=[Buried("treasure-towel-1", [(GREEN, 3)])]))
    assert dict(h.result().breakdown[GREEN])["pp.score.towel_treasure"] == 2


def test_E19_match_tie_break():
    m = position(3, match_format="full", finished=[scored_final(s) for s in ([20, 22, 1], [25, 22, 1], [15, 16, 1])])
    assert m.totals == [60.0, 60.0, 3.0]
    assert m.result().winners == [0]
    assert m.result().how == Text.of("pp.how.best_hand", n=25)      # the results say how: A's best hand, 25
    m = position(3, match_format="full", finished=[scored_final(s) for s in ([22, 22, 1], [22, 22, 1], [16, 16, 1])])
    assert m.result().winners == [0, 1]


def test_E20_two_hands_seating():
    a, b, c = 0, 1, 2
    assert seating_chooser([a, b, c], [30, 18, 18]) == c
    assert seating_order([a, b, c], c, 2) == [b, c, a]  # the default order
    assert seating_order([a, b, c], c, 1) == [c, b, a]


def test_E21_double_towel_and_parrot():
    h = with_special(PARROT, turn=RED, beach=[Buried(pile=[(BLUE, 2)], double_by=BLUE)])
    t = 1
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    assert (3,) not in groups_on(h, RED, t) and (3, 1) in groups_on(h, RED, t)
    h.apply(PlaySpecial(RED, PARROT, t))
    assert (3,) in groups_on(h, RED, t)
    h.apply(PlayTowels(RED, t, (3, 1)))
    assert h.beach[t].top_value == 1


def test_E22_parrot_applies_to_one_treasure_only():
    h = with_special(PARROT, turn=RED, beach=[Buried(pile=[(BLUE, 3)]), Buried(pile=[(BLUE, 2)])])
    t, t2 = 1, 2
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    h.apply(PlaySpecial(RED, PARROT, t))
    h.apply(PlayTowels(RED, t, (3,)))
    assert (2,) not in groups_on(h, RED, t2) and (3,) in groups_on(h, RED, t2)
    assert reason(h, PlayTowels(RED, t2, (2,))) == "pp.reason.too_low"


def test_E23_piggy_bank_changes_the_owner():
    h = with_special(PIGGY, turn=RED, beach=[Buried(pile=[(BLUE, 2), (RED, 3), (RED, 1)])])
    t = 1
    h.apply(PlaySpecial(RED, PIGGY, t, h.beach[t].pile[2]))
    assert pile_values(h, t) == [(BLUE, 2), (RED, 3)] and h.beach[t].occupant == RED
    g = with_special(PIGGY, seat=BLUE, turn=BLUE, beach=[Buried(pile=[(BLUE, 2), (RED, 3), (RED, 1)])])
    g.apply(PlaySpecial(BLUE, PIGGY, t, g.beach[t].pile[0]))
    assert pile_values(g, t) == [(RED, 3), (RED, 1)]


def test_E24_flag_blocks_every_pirate_and_special_target():
    for card in (DOUBLE, BUCKET, SLIPPERS, PIGGY, PARROT):
        h = with_special(card, turn=RED, beach=[Buried(pile=[(RED, 2), (RED, 3)], flag=True, by=BLUE),
                                               Buried(pile=[(RED, 1)], umbrella=RED)])
        t = 1
        targets = {a.target for a in h.legal_actions() if isinstance(a, (PlaySpecial, PlayPirate))}
        assert t not in targets, card
        if card == PARROT:
            h.apply(PlayPirate(RED, "pirate-red-map", -1))
            assert reason(h, PlaySpecial(RED, PARROT, t)) == "pp.reason.flagged"
    h = hand(3, special=True, turn=RED, beach=[Buried(pile=[(RED, 1)], flag=True, by=BLUE)])
    t = 1
    assert reason(h, PlayPirate(RED, "pirate-red-umbrella", t)) == "pp.reason.flagged"
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    assert (2,) in groups_on(h, RED, t)  # towels are played normally


def test_E25_wave_with_the_towel_treasure():
    h = finish(with_special(WAVE, beach=[Buried("treasure-6-a", [(RED, 1)]),
                                         Buried("treasure-towel-1", [(BLUE, 1), (BLUE, 2), (RED, 3)])]))
    assert dict(h.result().breakdown[RED])["pp.score.wave"] == 3
    g = finish(with_special(WAVE, beach=[Buried("treasure-skull-1", [(RED, 1)]),
                                         Buried("treasure-skull-2", [(RED, 1)])]))
    assert dict(g.result().breakdown[RED])["pp.score.wave"] == 0


def test_E26_sandcastle_three_three_one_is_seven():
    h = finish(with_special(SANDCASTLE, towels={RED: [3, 3, 1]}, central=Buried(pile=[(RED, REST), (BLUE, 1)])))
    rows = dict(h.result().breakdown[RED])
    assert rows["pp.score.towels_left"] + rows["pp.score.sandcastle"] == 7


def test_E27_skeleton_with_two_skulls():
    h = finish(with_special(SKELETON, beach=[Buried("treasure-skull-1", [(RED, 1)]),
                                             Buried("treasure-skull-2", [(RED, 1)])]))
    rows = dict(h.result().breakdown[RED])
    assert rows["pp.score.skulls"] == 10 and rows["pp.score.skeleton"] == 3


def test_E28_bury_then_cover_it_at_once():
    h = hand(3, turn=RED, beach=[Buried(pile=[(BLUE, 1)])])
    other = 1
    h.apply(BuryTreasure(RED, h.treasures[RED][0]))
    new = len(h.beach) - 1
    h.apply(PlayTowels(RED, new, (1,)))
    h.apply(PlayTowels(RED, other, (2,)))
    assert h.beach[new].occupant == RED and h.beach[other].occupant == RED


def test_E29_round_one_has_no_towels():
    h = new_hand(3, first=BLUE)
    h.apply(BuryTreasure(BLUE, h.treasures[BLUE][0]))
    assert reason(h, PlayTowels(BLUE, 1, (1,))) == "pp.reason.round1_bury"
    h.apply(EndTurn(BLUE))
    for seat in (GREEN, RED):
        h.apply(BuryTreasure(seat, h.treasures[seat][0]))
        h.apply(EndTurn(seat))
    assert h.round == 2 and h.current == BLUE


def test_E30_lowest_card_on_top():
    h = hand(3, turn=GREEN)
    h.apply(PlayPirate(GREEN, "pirate-green-spyglass", -1))
    h.apply(PlayTowels(GREEN, 0, (1, 3, 2)))
    assert pile_values(h, 0) == [(GREEN, 3), (GREEN, 2), (GREEN, 1)]


def test_E31_umbrella_with_only_flagged_treasures_has_no_effect():
    h = with_special(WAVE, turn=RED, round=7, treasures={RED: []}, pirates={RED: ["umbrella"]},
                     beach=[Buried("treasure-6-b", [(RED, 2)], flag=True, by=BLUE)])
    t = 1
    assert h.legal_actions() == [PlayPirate(RED, "pirate-red-umbrella", -1)]
    h.apply(PlayPirate(RED, "pirate-red-umbrella", -1))
    assert h.umbrella_wasted[RED] and not h.umbrella_aside[RED]
    h = finish(h)
    assert dict(h.result().breakdown[RED])["pp.score.umbrella"] == 0 and t in h.captures(RED)


def test_E32_flip_flops_reopen_the_old_treasure():
    h = with_special(SLIPPERS, turn=RED, beach=[Buried(pile=[(RED, 2)], umbrella=RED), Buried(pile=[(RED, 3)])])
    t1, t2 = 1, 2
    h.apply(PlaySpecial(RED, SLIPPERS, t2))
    h = at(h, turn=BLUE, round=3)
    h.apply(PlayPirate(BLUE, "pirate-blue-map", -1))
    h.apply(PlayTowels(BLUE, t1, (3,)))
    h = finish(h)
    assert t1 in h.captures(BLUE) and t2 in h.captures(RED)


def test_E33_lifeguard_at_the_start():
    seed = next(k for k in range(500) if LIFEGUARD in new_hand(3, special=True, seed=k).packet)
    h = new_hand(3, special=True, seed=seed)
    looker = h.current
    target = h.order[0] if looker != h.order[0] else h.order[1]
    assert DraftPick(looker, LIFEGUARD, target) in h.legal_actions()
    h.apply(DraftPick(looker, LIFEGUARD, target))
    assert h.looks == []  # nothing happens before the draft is over
    while h.phase == DRAFT:
        h.apply(DraftPick(h.current, h.packet[0]))
    assert h.looks and h.looks[0][:2] == [looker, target] and len(h.looks[0][2]) == 4
    assert (looker, LIFEGUARD) in h.special_played and h.special_hand[looker] is None
    other = ({0, 1, 2} - {looker, target}).pop()
    assert h.view(other).looks[0][2] == [UNKNOWN] * 4
    assert h.phase == ROUND and h.round == 1


def test_E34_draft_with_two_players():
    h = new_hand(2, special=True, first=0)
    assert h.current == 1 and len(h.packet) == 3 and len(h.special_deal_removed) == 7
    h.apply(DraftPick(1, h.packet[0]))
    assert h.current == 0 and len(h.packet) == 2
    h.apply(DraftPick(0, h.packet[1]))
    assert h.special_discard is not None and h.view(1).special_discard == UNKNOWN


def test_E35_towel_hand_exhausted():
    h = hand(3, turn=RED, towels={RED: []}, central=Buried(pile=[(RED, REST), (BLUE, 1)]))
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    assert h.legal_actions() == [ShowHand(RED)]
    h.apply(ShowHand(RED))
    assert any(e.text.key == "pp.log.show_none" for e in h.log)
    h = finish(h)
    assert dict(h.result().breakdown[RED])["pp.score.towels_left"] == 0
