"""Playa Pirata's events (``game.core.events``, the kinds and fields in the rules module's docstring).

For each kind of action the events it adds (kinds, fields, who is told the secret part); over random
games: every action adds an event, ``view(seat).events == events_for(seat)``, and a secret is told to
exactly the seats whose view shows what it tells; events round-trip through JSON and a save without them
loads; twins give their seat equal events and tell the other seats' secrets from their own cards; damaged
events are refused."""
from __future__ import annotations

import json

import pytest

from game.core.events import Event
from game.core.rng import Rng
from game.games.playa_pirata.cards import (BUCKET, DOUBLE, FLAG, LIFEGUARD, PARROT, PIGGY, SANDCASTLE,
                                           SLIPPERS, TOWEL_VALUE, UNKNOWN)
from game.games.playa_pirata.rules import (DRAFT, RULES, BuryTreasure, ChoosePosition, DraftPick, EndTurn,
                                           PlayaHand, PlayaMatch, PlayPirate, PlaySpecial, PlayTowels, ShowHand,
                                           twin_hand)
from game.games.playa_pirata.validate import corruptions
from tests.games.playa_pirata.helpers import BLUE, GREEN, REST, RED, Buried, at, finish, hand, new_hand

SEATS3 = (None, RED, BLUE, GREEN)


def typed(events) -> list[Event]:
    """The events but the log lines (``said``: the log's own tests read them)."""
    return [e for e in events if e.kind != "said"]


def js(events) -> list:
    return [e.to_json() for e in events]


def played(h: PlayaHand, action) -> list[Event]:
    """The events ``action`` adds."""
    before = len(typed(h.events))
    h.apply(action)
    return typed(h.events)[before:]


def kinds(events) -> list[tuple[str, str | None]]:
    return [(e.kind, e.get("what") or e.get("choice")) for e in events]


def told_to(e: Event, seats=SEATS3) -> list:
    """The seats that see the secret part of ``e``."""
    return [s for s in seats if e.seen_by(s).secret]


def with_special(card, players=3, seat=RED, **spec) -> PlayaHand:
    return hand(players, special=True, specials={seat: card}, **spec)


# ==================================================================================================
# The deal, the draft, the seating
# ==================================================================================================
def test_the_deal_tells_each_seat_its_own_treasures_and_everyone_the_rest():
    h = new_hand(3, first=BLUE)
    assert kinds(typed(h.events)) == [("dealt", "table"), ("dealt", "hand"), ("dealt", "hand"), ("dealt", "hand"),
                               ("round", None), ("turn", None)]
    table = typed(h.events)[0]
    assert table.seat is None and not table.secret
    assert table.get("removed") == len(h.removed) == 2 and table.get("order") == (BLUE, GREEN, RED)
    for seat in (RED, BLUE, GREEN):
        e = typed(h.events)[1 + seat]
        assert e.seat == seat and e.get("count") == 4
        assert e.get("cards") == tuple(h.treasures[seat]) and told_to(e) == [seat]
        assert e.get("towels") == tuple(h.towels[seat]) and e.get("pirates") == tuple(h.pirates[seat])
        assert e.seen_by(RED if seat != RED else BLUE).get("cards") is None
    assert typed(h.events)[4].get("round") == 1 and typed(h.events)[4].get("rounds") == 7
    assert typed(h.events)[5].seat == BLUE and typed(h.events)[5].get("phase") == "round"


def test_the_draft_tells_each_drafter_the_packet_and_its_pick():
    h = new_hand(3, special=True)
    assert kinds(typed(h.events)[-2:]) == [("dealt", "packet"), ("turn", None)]
    first = h.current
    packet = typed(h.events)[-2]
    assert packet.seat == first and packet.get("frm") is None and packet.get("count") == 4
    assert packet.get("cards") == tuple(sorted(h.packet)) and told_to(packet) == [first]
    pick = sorted(h.packet)[0]
    events = played(h, DraftPick(first, pick))
    assert kinds(events) == [("chose", "special"), ("dealt", "packet"), ("turn", None)]
    chose, passed, turn = events
    assert chose.seat == first and chose.get("card") == pick and chose.get("lifeguard_target") == -1
    assert told_to(chose) == [first] and chose.get("left") == 3
    assert passed.seat == h.current and passed.get("frm") == first and told_to(passed) == [h.current]
    assert passed.get("cards") == tuple(sorted(h.packet)) and turn.seat == h.current
    events = played(h, DraftPick(h.current, h.packet[0]))
    starter = h.current
    events = played(h, DraftPick(starter, h.packet[0]))
    assert kinds(events) == [("chose", "special"), ("discarded", "special"), ("round", None), ("turn", None)]
    assert events[1].seat == starter and not events[1].secret  # removed unseen (V5)


def test_a_lifeguard_chosen_in_the_draft_tells_its_target_to_its_holder_then_looks():
    seed = next(k for k in range(500) if LIFEGUARD in new_hand(3, special=True, seed=k).packet)
    h = new_hand(3, special=True, seed=seed)
    looker = h.current
    target = h.order[0] if looker != h.order[0] else h.order[1]
    chose = played(h, DraftPick(looker, LIFEGUARD, target))[0]
    assert chose.get("lifeguard_target") == target and told_to(chose) == [looker]
    events = []
    while h.phase == DRAFT:
        events += played(h, DraftPick(h.current, h.packet[0]))
    look = next(k for k, e in enumerate(events) if e.kind == "played")
    card, seen = events[look], events[look + 1]
    assert card.seat == looker and card.get("card") == LIFEGUARD and card.get("target") == target
    assert card.get("start") is True and not card.secret
    assert seen.kind == "revealed" and seen.get("what") == "hand" and seen.get("target") == target
    assert seen.get("cards") == tuple(sorted(h.treasures[target])) and told_to(seen) == [looker]
    assert seen.get("count") == 4


def test_the_seating_choice_is_a_turn_then_a_public_choice():
    m = RULES.new_game(3, {"match-format": "two-hands", "first-player": "seat-1"}, 2)
    rng = Rng(2)
    while m.hand_index == 0:
        m.apply(rng.choice(m.legal_actions()))
    chooser = m.current_player
    assert typed(m.hand.events)[-1].kind == "turn" and typed(m.hand.events)[-1].get("phase") == "seating"
    assert typed(m.hand.events)[-1].seat == chooser
    before = len(typed(m.events))
    m.apply(ChoosePosition(chooser, 2))
    events = typed(m.events)[before:]
    assert kinds(events) == [("chose", "position"), ("round", None), ("turn", None)]
    assert events[0].get("position") == 2 and events[0].get("order") == tuple(m.hand.order)
    assert events[2].seat == m.hand.order[0]


# ==================================================================================================
# A turn
# ==================================================================================================
def test_burying_tells_the_treasure_to_the_burier_only():
    h = new_hand(3)
    seat = h.current
    card = h.treasures[seat][-1]
    events = played(h, BuryTreasure(seat, card))
    assert kinds(events) == [("buried", None)]
    e = events[0]
    assert e.seat == seat and e.get("spot") == 1 and e.get("flag") is False
    assert e.get("treasure") == card and told_to(e) == [seat]
    events = played(h, EndTurn(seat))
    assert kinds(events) == [("ended", "turn"), ("turn", None)]
    assert events[0].get("groups") == () and events[1].seat == h.current != seat


def test_burying_with_the_flag_says_so():
    h = with_special(FLAG, turn=RED)
    card = h.treasures[RED][0]
    e = played(h, BuryTreasure(RED, card, True))[0]
    assert e.kind == "buried" and e.get("flag") is True and e.get("spot") == 1 and told_to(e) == [RED]


def test_the_spyglass_is_played_for_all_and_what_it_shows_to_the_seats_that_know_the_treasure():
    h = hand(3, turn=RED, beach=[Buried("treasure-6-a", [(BLUE, 2)], by=BLUE)])
    events = played(h, PlayPirate(RED, "pirate-red-spyglass", 1))
    assert kinds(events) == [("played", "pirate"), ("revealed", "treasure")]
    card, look = events
    assert card.get("card") == "pirate-red-spyglass" and card.get("pirate") == "spyglass"
    assert card.get("target") == 1 and card.get("effect") == "look" and not card.secret
    assert look.get("spot") == 1 and look.get("by") == "spyglass" and look.get("treasure") == "treasure-6-a"
    assert told_to(look) == [RED, BLUE]  # the looker, and the burier who knew it already
    g = hand(3, turn=RED)
    assert [e.get("effect") for e in played(g, PlayPirate(RED, "pirate-red-spyglass", -1))] == ["none"]


def test_the_map_turns_a_treasure_up_for_everyone():
    h = hand(3, turn=RED, beach=[Buried("treasure-5-a", [(BLUE, 3)], by=BLUE)])
    card, shown = played(h, PlayPirate(RED, "pirate-red-map", 1))
    assert card.get("effect") == "face-up" and shown.get("by") == "map"
    assert shown.audience is None and shown.seen_by(GREEN).get("treasure") == "treasure-5-a"


def test_the_umbrella_placed_aside_or_wasted():
    h = hand(3, turn=RED, beach=[Buried("treasure-7-a", [(RED, 1)])])
    [e] = played(h, PlayPirate(RED, "pirate-red-umbrella", 1))
    assert e.get("effect") == "umbrella" and e.get("target") == 1
    h = hand(3, turn=RED, round=7, treasures={RED: []}, pirates={RED: ["umbrella"]}, beach=[Buried(pile=[(BLUE, 1)])])
    assert [e.get("effect") for e in played(h, PlayPirate(RED, "pirate-red-umbrella", -1))] == ["aside"]
    h = with_special(SANDCASTLE, turn=RED, round=7, treasures={RED: []}, pirates={RED: ["umbrella"]},
                     beach=[Buried("treasure-6-b", [(RED, 2)], flag=True, by=BLUE)])
    assert [e.get("effect") for e in played(h, PlayPirate(RED, "pirate-red-umbrella", -1))] == ["wasted"]


def test_towels_say_which_cards_went_where():
    h = hand(3, turn=RED, beach=[Buried(pile=[(BLUE, 3)])])
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    [e] = played(h, PlayTowels(RED, 1, (1, 3)))
    assert e.kind == "played" and e.get("what") == "towels" and e.get("target") == 1
    assert e.get("values") == (3, 1) and e.get("cards") == tuple(h.beach[1].pile[-2:])
    assert [TOWEL_VALUE[c] for c in e.get("cards")] == [3, 1] and e.get("top") == 1 and e.get("final") is False
    events = played(h, EndTurn(RED))
    assert events[0].get("groups") == (1,)


def test_showing_the_towels_tells_them():
    h = hand(3, turn=RED, towels={RED: [1]}, central=Buried(pile=[(RED, REST), (BLUE, 2)]))
    h.apply(PlayPirate(RED, "pirate-red-map", -1))
    [e] = played(h, ShowHand(RED))
    assert kinds([e]) == [("revealed", "towels")] and e.get("values") == (1,)
    assert e.get("cards") == tuple(h.towels[RED])


def test_the_last_turn_of_a_round_starts_the_next_and_the_last_round_the_final_turn():
    h = at(hand(3, round=3), turn=GREEN)
    h.apply(PlayPirate(GREEN, "pirate-green-map", -1))
    h.apply(PlayTowels(GREEN, 0, (1,)))
    events = played(h, EndTurn(GREEN))
    assert kinds(events) == [("ended", "turn"), ("round", None), ("turn", None)]
    assert events[1].get("round") == 4 and events[1].get("final") is False and events[2].seat == RED
    h = at(hand(3, round=7), turn=GREEN)
    h.apply(PlayPirate(GREEN, "pirate-green-map", -1))
    h.apply(PlayTowels(GREEN, 0, (1,)))
    events = played(h, EndTurn(GREEN))
    assert kinds(events) == [("ended", "turn"), ("round", None), ("turn", None)]
    assert events[1].get("final") is True and events[2].get("phase") == "final" and events[2].seat == RED
    [e] = played(h, PlayTowels(RED, 0, (2,)))
    assert e.get("final") is True


# ==================================================================================================
# Special cards
# ==================================================================================================
def test_the_double_beach_towel_and_the_parrot_name_their_treasure():
    h = with_special(DOUBLE, turn=RED, beach=[Buried(pile=[(BLUE, 1)])])
    [e] = played(h, PlaySpecial(RED, DOUBLE, 1))
    assert (e.kind, e.get("what"), e.get("card"), e.get("target")) == ("played", "special", DOUBLE, 1)
    h = with_special(PARROT, turn=RED, beach=[Buried(pile=[(BLUE, 3)])])
    [e] = played(h, PlaySpecial(RED, PARROT, 1))
    assert e.get("card") == PARROT and e.get("target") == 1 and not e.secret


def test_the_bucket_shows_its_player_the_treasure():
    h = with_special(BUCKET, turn=RED, central=Buried("treasure-7-b", [(BLUE, 3)]))  # R3: known by nobody
    card, look = played(h, PlaySpecial(RED, BUCKET, 0))
    assert card.get("card") == BUCKET and look.get("by") == "bucket" and look.get("treasure") == "treasure-7-b"
    assert look.get("spot") == 0 and told_to(look) == [RED]


def test_the_lifeguard_shows_its_player_a_hand():
    h = with_special(LIFEGUARD, turn=RED)
    card, look = played(h, PlaySpecial(RED, LIFEGUARD, BLUE))
    assert card.get("target") == BLUE and card.get("start") is False
    assert look.get("cards") == tuple(sorted(h.treasures[BLUE])) and told_to(look) == [RED]


def test_the_flip_flops_and_the_piggy_bank_say_from_where():
    h = with_special(SLIPPERS, turn=RED, beach=[Buried(pile=[(RED, 2)], umbrella=RED), Buried(pile=[(RED, 3)])])
    [e] = played(h, PlaySpecial(RED, SLIPPERS, 2))
    assert e.get("frm") == 1 and e.get("target") == 2
    h = with_special(PIGGY, turn=RED, beach=[Buried(pile=[(RED, 1), (BLUE, 3)])])
    towel = h.beach[1].pile[0]
    [e] = played(h, PlaySpecial(RED, PIGGY, 1, towel))
    assert e.get("towel") == towel and e.get("target") == 1 and e.get("frm") == -1


# ==================================================================================================
# Scoring
# ==================================================================================================
def test_scoring_reveals_the_beach_and_says_who_takes_what_for_how_much():
    h = with_special(SANDCASTLE, seat=RED, towels={RED: [3, 3]},
                     central=Buried(pile=[(RED, REST), (BLUE, REST), (GREEN, REST)]),
                     beach=[Buried("treasure-7-a", [(RED, 1)], by=BLUE), Buried("treasure-skull-1", [(BLUE, 1)]),
                            Buried("treasure-towel-1", [(GREEN, 1)], umbrella=BLUE, by=GREEN)])
    before = len(typed(h.events))
    h = finish(h)
    events = typed(h.events)[before + 1:]  # after the final turn's end
    beach = events[0]
    assert kinds([beach]) == [("revealed", "beach")] and beach.audience is None
    assert beach.get("treasures") == tuple(sp.treasure for sp in h.beach)
    kept = [e for e in events if e.kind == "revealed" and e.get("what") == "special"]
    assert [(e.seat, e.get("card")) for e in kept if e.seat == RED] == [(RED, SANDCASTLE)]
    took = {e.get("spot"): e for e in events if e.kind == "took"}
    assert (took[1].seat, took[1].get("treasure"), took[1].get("points"), took[1].get("how")) == \
        (RED, "treasure-7-a", 7, "towel")
    assert took[2].seat == BLUE and took[2].get("points") is None  # a skull scores as a set
    assert (took[3].seat, took[3].get("how"), took[3].get("points")) == (BLUE, "umbrella", 2)
    scored = {e.seat: e for e in events if e.kind == "scored"}
    assert sorted(scored) == [RED, BLUE, GREEN]
    for seat, e in scored.items():
        assert e.get("points") == h.scores[seat] == sum(v for _, v in e.get("rows"))
        assert [tuple(r) for r in e.get("rows")] == [tuple(r) for r in h.breakdown[seat]]
        assert [s for s, _ in e.get("taken")] == h.captures(seat)
    assert dict(scored[RED].get("rows"))["pp.score.sandcastle"] == 4
    assert all(not e.secret for e in events)


# ==================================================================================================
# Over random games: every action, every seat
# ==================================================================================================
CONFIGS = [(2, {"match-format": "two-hands"}), (3, {"match-format": "single-hand", "special-cards": True}),
           (4, {"match-format": "two-hands", "special-cards": True})]
IDS = [f"{p}p-{'-'.join(map(str, o.values()))}" for p, o in CONFIGS]


def secret_shown_by_view(h: PlayaHand, e: Event, seat: int | None) -> bool:
    """Whether ``seat``'s view (just after ``e``) shows what the secret of ``e`` tells."""
    v = h.view(seat)
    if e.kind == "dealt" and e.get("what") == "hand":
        return v.treasures[e.seat] == h.treasures[e.seat]
    if e.kind == "dealt" and e.get("what") == "packet":
        return v.draft_seen[e.seat] == h.draft_seen[e.seat]
    if e.kind == "chose":
        return v.special_hand[e.seat] == e.get("card") and v.pending_lifeguard == h.pending_lifeguard
    if e.kind in ("buried", "revealed") and e.get("what") in (None, "treasure"):
        return v.beach[e.get("spot")].treasure == e.get("treasure")
    if e.kind == "revealed" and e.get("what") == "hand":
        return [lk[2] for lk in v.looks] == [lk[2] for lk in h.looks]
    raise AssertionError(f"an event with an unexpected secret: {e}")


def random_match(players: int, options: dict, seed: int):
    m = RULES.new_game(players, options, seed)
    rng = Rng(seed)
    while not m.is_over():
        yield m, rng.choice(m.legal_actions())


@pytest.mark.parametrize("players,options", CONFIGS, ids=IDS)
def test_every_action_adds_events_and_a_secret_is_told_to_exactly_the_seats_whose_view_shows_it(players, options):
    seats = [None, *range(players)]
    seen_kinds = set()
    for m, action in random_match(players, options, 5 + players):
        before, hand_before = len(typed(m.events)), m.hand
        told = len(typed(hand_before.events))
        m.apply(action)
        assert len(typed(m.events)) > before, f"{action} added no event"
        new = [(hand_before, e) for e in typed(hand_before.events)[told:]]
        if m.hand is not hand_before:  # the next hand dealt
            new += [(m.hand, e) for e in typed(m.hand.events)]
        for h, e in new:
            seen_kinds.add(e.kind)
            assert e.seat is None or 0 <= e.seat < players
            if e.secret:
                if e.kind == "chose" and h.phase != DRAFT:
                    continue  # the draft's last pick: the card may be played at once (the Lifeguard)
                assert [s for s in seats if secret_shown_by_view(h, e, s)] == told_to(e, seats), e
        for seat in seats:
            assert js(m.view(seat).events) == js(m.events_for(seat))
    assert {"dealt", "turn", "round", "buried", "played", "ended", "took", "scored", "revealed"} <= seen_kinds


@pytest.mark.parametrize("players,options", CONFIGS, ids=IDS)
def test_events_round_trip_through_json_and_a_save_without_them_loads(players, options):
    for k, (m, action) in enumerate(random_match(players, options, 11)):
        m.apply(action)
        if k % 17:
            continue
        data = json.loads(json.dumps(m.to_json()))
        back = RULES.state_from_json(data)
        RULES.validate_state(back)
        assert js(back.events) == js(m.events) and back.events == m.events
        for seat in (None, 0):
            view = m.view(seat)
            assert js(PlayaMatch.from_json(RULES, json.loads(json.dumps(view.to_json()))).events) == js(view.events)
        old = json.loads(json.dumps(data))
        for part in (old, old["hand"], old["last_hand"] or {}):
            part.pop("events", None)
        loaded = RULES.state_from_json(old)
        RULES.validate_state(loaded)
        assert typed(loaded.events) == [] and typed(loaded.hand.events) == []
        assert json.dumps(loaded.view(0).to_json()) == json.dumps(RULES.state_from_json(old).view(0).to_json())


@pytest.mark.parametrize("players,options", CONFIGS, ids=IDS)
def test_twins_tell_their_seat_the_same_events_and_the_others_their_own_cards(players, options):
    rewritten = finished = 0
    for k, (m, action) in enumerate(random_match(players, options, 21)):
        m.apply(action)
        if k % 7:
            continue
        for seat in [None, *range(players)]:
            twin = RULES.twin(m, seat, Rng(100 * k + (seat or 0)))
            RULES.validate_state(twin)  # the twin's events agree with its beach
            assert js(twin.events_for(seat)) == js(m.events_for(seat))
            assert js(twin.view(seat).events) == js(m.view(seat).events)
            for h in (twin.hand,):
                for e in typed(h.events):
                    if e.kind == "dealt" and e.get("what") == "hand":
                        dealt = sorted(h.treasures[e.seat] + [sp.treasure for sp in h.beach if sp.buried_by == e.seat])
                        assert list(e.get("cards")) == dealt
                    if e.kind == "buried":
                        assert e.get("treasure") == h.beach[e.get("spot")].treasure
            if twin.last_hand is not None and not twin.is_over():  # the finished hand's events, told again
                assert typed(twin.past_events)[-1 - len(typed(twin.last_hand.events)):-1] == typed(twin.last_hand.events)
                finished += 1
            rewritten += js(twin.events) != js(m.events)
    assert rewritten  # some secret was told again from other cards
    assert finished or options["match-format"] == "single-hand"


def test_a_twin_of_a_hand_tells_the_others_secrets_from_its_cards():
    h = new_hand(3, special=True, seed=3)
    rng = Rng(3)
    while h.round < 3:
        h.apply(rng.choice(h.legal_actions()))
    for seat in (None, RED, BLUE, GREEN):
        for k in range(3):
            twin = twin_hand(h, seat, Rng(k))
            assert js(twin.events_for(seat)) == js(h.events_for(seat))
            for e, t in zip(typed(h.events), typed(twin.events)):
                assert (e.kind, e.seat, e.data, e.audience) == (t.kind, t.seat, t.data, t.audience)
                if e.secret and seat in (e.audience or ()):
                    assert t.secret == e.secret
            picks = [e for e in typed(twin.events) if e.kind == "chose"]
            for e in picks:
                card = twin.special_hand[e.seat] or next(c for s, c in twin.special_played if s == e.seat)
                assert e.get("card") == card


def test_a_view_holds_its_seats_events_only():
    h = new_hand(3, special=True, seed=4)
    while h.phase == DRAFT:
        h.apply(DraftPick(h.current, h.packet[0]))
    h.apply(BuryTreasure(h.current, h.treasures[h.current][0]))
    for seat in SEATS3:
        v = h.view(seat)
        assert js(v.events) == js(h.events_for(seat))
        for e in typed(v.events):
            assert not e.secret or seat in e.audience
        assert js(PlayaHand.from_json(json.loads(json.dumps(v.to_json()))).events) == js(v.events)
    assert h.clone().events == h.events and h.clone().events is not h.events


# ==================================================================================================
# Damaged events
# ==================================================================================================
def damaged_hand(change) -> dict:
    m = RULES.new_game(3, {"match-format": "single-hand", "special-cards": True}, 6)
    rng = Rng(6)
    while m.hand.round < 3:
        m.apply(rng.choice(m.legal_actions()))
    data = json.loads(json.dumps(m.to_json()))
    data["hand"]["events"] = events = [e for e in data["hand"]["events"] if e["kind"] != "said"]  # by position
    change(events, data["hand"])
    return data


def buried(events: list, k: int = 0) -> dict:
    return [e for e in events if e["kind"] == "buried"][k]


@pytest.mark.parametrize("change,words", [
    (lambda ev, h: ev[1]["secret"].update(cards=["treasure-9-z"]), "treasure-9-z"),
    (lambda ev, h: ev[1]["data"].update(towels=["towel-purple-1-1"]), "towel-purple-1-1"),
    (lambda ev, h: buried(ev)["data"].update(spot=40), "spot 40"),
    (lambda ev, h: buried(ev)["secret"].update(treasure=h["removed"][0]), "is not the card"),
    (lambda ev, h: buried(ev).update(seat=(buried(ev)["seat"] + 1) % 3), "not buried by"),
    (lambda ev, h: ev.append({"kind": "teleported", "seat": 0, "data": {}}), "teleported"),
    (lambda ev, h: ev[1].update(audience=[7]), "told to"),
    (lambda ev, h: ev.append({"kind": "played", "seat": 0, "data": {"what": "towels", "target": 30,
                                                                     "cards": []}}), "target 30"),
])
def test_damaged_events_are_refused_naming_the_damage(change, words):
    data = damaged_hand(change)
    with pytest.raises(ValueError) as caught:
        RULES.validate_state(RULES.state_from_json(data))
    assert words in str(caught.value)


def test_a_broken_event_is_refused_on_loading_and_corruptions_damage_events():
    data = damaged_hand(lambda ev, h: ev.append({"kind": "buried", "seat": 0, "secret": {"treasure": "x"}}))
    with pytest.raises(ValueError):
        RULES.state_from_json(data)
    data = damaged_hand(lambda ev, h: None)
    words = [w for w, _ in corruptions(data)]
    assert "treasure-9-z" in words and "spot" in words
