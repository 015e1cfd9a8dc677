"""Island Race events (issue 14, item 1; kinds and fields in the rules module's docstring): what each
action records, views that carry the same events and never a tile id, the JSON round trip, saves made
before events, twins nobody can tell apart by their events, and damaged events a load refuses."""
from __future__ import annotations

import copy
import json

import pytest

from game.core.events import Event
from game.core.rng import Rng
from game.games.island_race.rules import (LAST, MIX, OVER, RULES, Done, Flip, IslandRound, Place, Return,
                                          Rotate, StartRound, Stop, Take, TimeUp, face_data, face_from_data)
from game.games.island_race.tiles import BACK, TILE_IDS
from tests.games.island_race.helpers import ANNA, BEN, CATERINA, PIERO, build, new_round, random_race, slot_of, specs

TILES = set(TILE_IDS)


def typed(state) -> list[Event]:
    """The state's events but its log lines (``said``: the log's own tests read them)."""
    return [e for e in state.events if e.kind != "said"]


def kinds(state) -> list[str]:
    return [e.kind for e in typed(state)]


def dump(events) -> str:
    return json.dumps([e.to_json() for e in events], sort_keys=True)


def strings_in(value) -> list[str]:
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in strings_in(v)]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in strings_in(k) + strings_in(v)]
    return [value] if isinstance(value, str) else []


CONFIGS = [(2, {}), (3, {"no-timer": True}), (4, {}), (2, {"big-island": True, "no-timer": True})]


def played(players: int, options: dict, seed: int, steps: int = 400):
    """Snapshots of a random race, the finished match last."""
    snaps = []

    def keep(before, action, after):
        if len(snaps) < 400 and (len(typed(after)) % 7 == 0 or after.hand_index != before.hand_index):
            snaps.append(after.clone())

    m, _ = random_race(players, options, seed, steps, keep)
    return snaps + [m]


POSITIONS = [m for i, (players, options) in enumerate(CONFIGS) for m in played(players, options, 60 + i)]


# --------------------------------------------------------------------------------------------------
# What each action records
# --------------------------------------------------------------------------------------------------
def test_a_round_begins_with_its_mix_and_go_starts_it():
    m = RULES.new_game(3, {"expert-timer": True}, 5)
    assert kinds(m) == ["mixed"]
    mixed = typed(m)[0]
    assert mixed.seat is None and mixed.fields == {"round": 1, "tiles": 48, "size": 3, "timer": 180}
    m.apply(StartRound())
    go = typed(m)[-1]
    assert (go.kind, go.seat, go.fields) == ("go", None, {"round": 1})


def test_take_rotate_flip_return_and_place_record_the_up_faces_everyone_sees():
    r = new_round(2, seed=3)
    assert kinds(r) == ["mixed", "go"]
    slot = slot_of(r, "T01")
    shown = r.pile[slot]
    r.apply(Take(ANNA, slot))
    drew = typed(r)[-1]
    assert (drew.kind, drew.seat) == ("drew", ANNA)
    assert drew.fields == {"slot": slot, "side": shown.side, "rot": shown.rot, "face": tuple(face_data(shown.face))}
    assert face_from_data(drew.get("face")) == shown.face

    before = r.hands[ANNA]
    r.apply(Rotate(ANNA, -1))
    turned = typed(r)[-1]
    held = r.hands[ANNA]
    assert (turned.kind, turned.seat, turned.get("turn")) == ("turned", ANNA, -1)
    assert face_from_data(turned.get("was")) == before.face and face_from_data(turned.get("face")) == held.face
    assert (turned.get("side"), turned.get("rot")) == (held.side, held.rot)

    r.apply(Flip(ANNA))
    flipped = typed(r)[-1]
    assert (flipped.kind, flipped.seat) == ("flipped", ANNA)
    assert face_from_data(flipped.get("was")) == held.face
    assert face_from_data(flipped.get("face")) == r.hands[ANNA].face
    assert flipped.get("side") == r.hands[ANNA].side != held.side

    now = r.hands[ANNA]
    r.apply(Return(ANNA))
    back = typed(r)[-1]
    assert (back.kind, back.seat) == ("returned", ANNA)
    assert back.fields == {"slot": slot, "why": "return", "side": now.side, "rot": now.rot,
                           "face": tuple(face_data(now.face))}

    r.apply(Take(BEN, slot))
    r.apply(Place(BEN, (1, 2)))
    placed = typed(r)[-1]
    assert (placed.kind, placed.seat, placed.get("cell"), placed.get("slot")) == ("placed", BEN, (1, 2), slot)
    assert placed.get("last") is False and face_from_data(placed.get("face")) == r.grids[BEN][5].face
    assert kinds(r) == ["mixed", "go", "drew", "turned", "flipped", "returned", "drew", "placed"]


def test_done_returns_a_held_tile_first_and_everyone_done_ends_the_round_with_the_scores():
    r = new_round(2, seed=1)
    build(r, ANNA, specs(CATERINA))
    build(r, BEN, specs(PIERO)[:8] + ["T44 front r0"])
    slot = next(s for s, p in enumerate(r.pile) if p is not None)
    r.apply(Take(ANNA, slot))
    told = len(typed(r))
    r.apply(Done(ANNA))
    assert [(e.kind, e.seat) for e in typed(r)[told:]] == [("returned", ANNA), ("done", ANNA)]
    assert typed(r)[told].get("why") == "done" and typed(r)[told].get("slot") == slot
    assert typed(r)[-1].fields == {"place": 1, "last": False}
    told = len(typed(r))
    r.apply(Done(BEN))
    tail = typed(r)[told:]
    assert [(e.kind, e.seat) for e in tail] == [("done", BEN), ("scored", ANNA), ("scored", BEN), ("ended", None)]
    assert tail[0].get("place") == 2
    for seat, e in zip((ANNA, BEN), tail[1:3]):
        sc = r.scores[seat]
        assert e.fields == {"why": "ir.score.round.1", "points": sc.total, "valid": sc.valid,
                            "animals": sc.animals, "landscapes": sc.landscape_points,
                            "volcanoes": sc.volcano_penalty, "empty": sc.empty, "wrong": sc.wrong,
                            "first": sc.first_out, "floor": sc.floor, "running": sc.running_total}
    assert tail[1].get("first") == 4 and tail[1].get("valid") is True
    assert tail[-1].fields == {"what": "round", "round": 1, "how": "all-done",
                               "points": (r.scores[0].total, r.scores[1].total)}


def test_time_up_returns_every_held_tile_then_scores():
    m = RULES.new_game(3, {}, 8)
    m.apply(StartRound())
    r = m.hand
    m.apply(Take(0, 4))
    m.apply(Take(2, 9))
    told = len(typed(m))
    m.apply(TimeUp())
    new = typed(m)[told:]
    assert [(e.kind, e.seat) for e in new] == [
        ("timeup", None), ("returned", 0), ("returned", 2), ("scored", 0), ("scored", 1), ("scored", 2),
        ("ended", None), ("ended", None), ("mixed", None)]
    assert new[0].get("held") == 2
    assert [(e.get("slot"), e.get("why")) for e in new[1:3]] == [(4, "time-up"), (9, "time-up")]
    assert new[6].get("how") == "time-up" and new[6].get("what") == "round"
    assert new[7].fields == {"what": "hand", "hand": 0, "points": (0.0, 0.0, 0.0)}   # the match's own
    assert new[8].get("round") == 2 and m.hand is not r


def test_the_no_timer_last_tile_phase_records_done_the_extra_tile_and_stop():
    r = new_round(3, seed=2, no_timer=True)
    build(r, ANNA, specs(CATERINA))
    r.apply(Done(ANNA))
    assert r.phase == LAST and typed(r)[-1].fields == {"place": 1, "last": True}
    r.apply(Stop(1))
    assert (typed(r)[-1].kind, typed(r)[-1].seat, typed(r)[-1].fields) == ("stopped", 1, {})
    slot = next(s for s, p in enumerate(r.pile) if p is not None)
    r.apply(Take(2, slot))
    told = len(typed(r))
    r.apply(Place(2, (0, 0)))
    assert r.phase == OVER
    new = typed(r)[told:]
    assert [e.kind for e in new] == ["placed", "scored", "scored", "scored", "ended"]
    assert new[0].get("last") is True and new[-1].get("how") == "last-tile"


def test_the_end_of_the_last_tile_phase_returns_the_tiles_still_held():
    r = new_round(2, seed=2, no_timer=True)
    build(r, BEN, specs(CATERINA))
    slot = next(s for s, p in enumerate(r.pile) if p is not None)
    r.apply(Take(ANNA, slot))
    r.apply(Done(BEN))
    r.apply(Rotate(ANNA, 1))
    r.apply(TimeUp())           # V3.6: the optional limit of the last-tile phase ran out
    assert [e.kind for e in typed(r)[-5:]] == ["timeup", "returned", "scored", "scored", "ended"]
    assert typed(r)[-4].get("why") == "time-up" and typed(r)[-4].get("slot") == slot


@pytest.mark.parametrize("players,options", CONFIGS)
def test_every_action_system_actions_included_adds_an_event(players, options):
    seen = set()

    def check(before, action, after):
        assert len(typed(after)) > len(typed(before)), action
        assert dump(after.events[:len(before.events)]) == dump(before.events), "an action rewrote past events"
        seen.add(type(action).__name__)

    random_race(players, options, 11 + players, 600, check)
    assert {"Take", "Rotate", "Flip", "Return", "Place", "StartRound"} <= seen
    assert "TimeUp" in seen or options.get("no-timer")


def test_events_do_not_depend_on_the_clock_nor_on_a_longer_round():
    """Replaying the actions gives the same events (a save's snapshot matches its actions)."""
    _, actions = random_race(2, {}, 5, steps=300)
    slow = RULES.new_game(2, {}, 5)
    fast = RULES.new_game(2, {}, 5)
    slow.hand.lengthen_round(360)
    for k, a in enumerate(actions):
        slow.advance_time(k * 3.0)
        slow.apply(a)
        fast.apply(a)
    assert dump(slow.events) == dump(fast.events)


# --------------------------------------------------------------------------------------------------
# Views, JSON, old saves, twins
# --------------------------------------------------------------------------------------------------
def test_views_carry_the_same_events_and_no_event_names_a_tile():
    assert len(POSITIONS) > 60 and any(m.is_over() for m in POSITIONS)
    for m in POSITIONS:
        assert typed(m) and all(e.secret == () and e.audience is None for e in typed(m))
        for seat in (None, *range(m.players)):
            view = m.view(seat)
            assert dump(view.events) == dump(m.events_for(seat)) == dump(m.events)
            assert dump(view.hand.events) == dump(m.hand.events)
            data = [e.to_json() for e in view.events]
            assert not TILES & set(strings_in(data)), "an event names a tile id"
            assert all("tile" not in e["data"] and "secret" not in e for e in data)


def test_events_round_trip_through_json_and_validate():
    for m in POSITIONS[::3]:
        data = json.loads(json.dumps(m.to_json()))
        back = RULES.state_from_json(data)
        RULES.validate_state(back)
        assert dump(back.events) == dump(m.events)
        assert dump(back.hand.events) == dump(m.hand.events)
        rnd = IslandRound.from_json(json.loads(json.dumps(m.hand.to_json())))
        assert dump(rnd.events) == dump(m.hand.events)
        assert dump(RULES.state_from_json(m.view(0).to_json()).events) == dump(m.events_for(0))


def test_a_save_made_before_events_loads_with_none_and_plays_on():
    m = next(p for p in POSITIONS if p.hand_index == 1 and p.hand.phase != MIX and not p.is_over())
    data = json.loads(json.dumps(m.to_json()))
    del data["events"]
    del data["hand"]["events"]
    if data.get("last_hand"):
        del data["last_hand"]["events"]
    old = RULES.state_from_json(data)
    RULES.validate_state(old)
    assert old.events == [] and old.hand.events == []
    action = old.legal_actions(None)[0]
    old.apply(action)
    assert len(old.events) >= 1
    RULES.validate_state(RULES.state_from_json(json.loads(json.dumps(old.to_json()))))


def test_twins_give_every_seat_the_same_events():
    for k, m in enumerate(POSITIONS):
        for seat in (None, *range(m.players)):
            twin = RULES.twin(m, seat, Rng(k * 5 + (seat or 0)))
            for viewer in (None, *range(m.players)):
                assert dump(twin.events_for(viewer)) == dump(m.events_for(viewer))


# --------------------------------------------------------------------------------------------------
# Damaged events
# --------------------------------------------------------------------------------------------------
def loaded(data):
    state = RULES.state_from_json(json.loads(json.dumps(data)))
    RULES.validate_state(state)
    return state


def a_race_with_every_kind():
    m = RULES.new_game(2, {}, 4)
    m.apply(StartRound())
    m.apply(Take(0, 3))
    m.apply(Rotate(0, 1))
    m.apply(Flip(0))
    m.apply(Place(0, (1, 1)))
    m.apply(Take(1, 5))
    return m


def damage(m, change):
    """``m``'s save with ``change`` made to its round's events (the log lines left out: the positions the
    changes name are those of the typed events)."""
    data = copy.deepcopy(m.to_json())
    data["hand"]["events"] = [e for e in data["hand"]["events"] if e["kind"] != "said"]
    change(data["hand"]["events"])
    return data


@pytest.mark.parametrize("change,words", [
    (lambda ev: ev[2]["data"].update(tile="T07"), "tile"),
    (lambda ev: ev[2]["data"].update(slot=77), "slot"),
    (lambda ev: ev[2].update(seat=5), "seat"),
    (lambda ev: ev[1].update(seat=0), "seat"),
    (lambda ev: ev[3]["data"].update(turn=2), "turned"),
    (lambda ev: ev[4]["data"].update(side=0 if ev[4]["data"]["side"] == BACK else BACK), "face"),
    (lambda ev: ev[5]["data"].update(cell=[3, 0]), "cell"),
    (lambda ev: ev[5]["data"].pop("face"), "lacks"),
    (lambda ev: ev[0]["data"].update(round=2), "round"),
    (lambda ev: ev.insert(1, ev[2]), "started"),
    (lambda ev: ev.append({"kind": "done", "seat": 1, "data": {"place": 1, "last": False}}), "done order"),
    (lambda ev: ev.append({"kind": "ended", "seat": None, "data": {"what": "round", "round": 1,
                                                                    "how": "time-up", "points": [0, 0]}}), "goes on"),
    (lambda ev: ev[2].update(secret={"tile": "T03"}, audience=[0]), "secret"),
])
def test_damaged_events_are_refused_naming_the_problem(change, words):
    m = a_race_with_every_kind()
    assert kinds(m) == ["mixed", "go", "drew", "turned", "flipped", "placed", "drew"]
    loaded(m.to_json())
    with pytest.raises(ValueError) as info:
        loaded(damage(m, change))
    assert words in str(info.value).lower()


def test_damaged_events_of_a_finished_round_are_refused():
    m = RULES.new_game(2, {}, 6)
    m.apply(StartRound())
    m.apply(Take(0, 0))
    m.apply(Place(0, (0, 0)))
    m.apply(TimeUp())
    loaded(m.to_json())
    data = m.to_json()
    hand_end = next(e for e in data["events"] if e["data"].get("what") == "hand")
    hand_end["data"]["points"] = [9.0, 0.0]
    with pytest.raises(ValueError, match="other points"):
        loaded(data)
    data = m.to_json()
    data["last_hand"]["events"][-2]["data"]["points"] = 40
    with pytest.raises(ValueError, match="scores"):
        loaded(data)
    data = m.to_json()
    data["events"].append(Event.of("teleported", 0).to_json())
    with pytest.raises(ValueError, match="kind"):
        loaded(data)
