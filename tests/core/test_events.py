"""Events (game.core.events): typed, public or partly private, filtered per seat, saved as JSON."""
from __future__ import annotations

import json

import pytest

from game.core.events import Event, events_seen_by


def test_an_event_keeps_its_fields_frozen_and_gives_them_back():
    e = Event.of("moved", 0, piece="ship-spanish-1", frm=[5, 13], to=(8, 13))
    assert e.get("frm") == (5, 13) and e.get("to") == (8, 13) and e.get("nope", 7) == 7
    assert hash(e) == hash(Event.of("moved", 0, to=[8, 13], frm=(5, 13), piece="ship-spanish-1"))


def test_a_secret_is_seen_only_by_its_audience():
    e = Event.of("drew", 1, audience=[1], secret={"card": "towel-red-3"}, pile="deck")
    assert e.seen_by(1).get("card") == "towel-red-3"
    for other in (0, 2, None):
        seen = e.seen_by(other)
        assert seen.get("card") is None and seen.get("pile") == "deck" and seen.audience == (1,)
    assert [x.get("card") for x in events_seen_by([e, e], 0)] == [None, None]


def test_a_secret_needs_an_audience():
    with pytest.raises(ValueError):
        Event.of("drew", 1, secret={"card": "x"})


def test_events_round_trip_through_json():
    for e in (Event.of("rolled", 2, dice=[6, 1, 3]), Event.of("turn", 0),
              Event.of("revealed", None, audience=[0, 2], secret={"cards": ["a", "b"]}, count=2)):
        assert Event.from_json(json.loads(json.dumps(e.to_json()))) == e


@pytest.mark.parametrize("bad", ["x", {}, {"kind": ""}, {"kind": "moved", "seat": "0"},
                                 {"kind": "moved", "data": {"a": {"b": 1}}}, {"kind": "drew", "secret": {"c": 1}},
                                 {"kind": "drew", "audience": [True]}, {"kind": "moved", "data": []}])
def test_damaged_events_are_refused(bad):
    with pytest.raises(ValueError):
        Event.from_json(bad)


# -- the log is events ------------------------------------------------------------------------------
def test_a_log_line_is_a_said_event_public_or_told_to_one_seat():
    from game.core.events import log_of, said
    from game.core.protocol import Text
    public = said(0, Text.of("mg.log.play", seat=0, card=12))
    private = said(1, Text.of("pp.log.bury_private", spot=2, treasure=Text.of("pp.treasure.coins")), audience=1)
    events = [public, Event.of("turn", 1), private]
    assert [(e.seat, e.text.key) for e in log_of(events, 1)] == [(0, "mg.log.play"), (1, "pp.log.bury_private")]
    assert [e.text.key for e in log_of(events, 0)] == ["mg.log.play"]           # another seat: not the line
    assert [e.text.key for e in log_of(events)] == ["mg.log.play"]              # a spectator, a full state
    seen = [e.seen_by(0) for e in events]
    assert seen[2].kind == "said" and seen[2].get("text") is None                # that she learned something
    assert log_of(seen, 0) == log_of(events, 0)


def test_a_log_line_round_trips_with_its_text_and_nested_texts():
    from game.core.events import said
    from game.core.protocol import Text
    line = said(None, Text.of("pir.log.win", player=Text.of("seat.name", seat=1), how=Text.of("pir.how.home")))
    back = Event.from_json(json.loads(json.dumps(line.to_json())))
    assert back == line and back.get("text").kwargs["player"] == Text.of("seat.name", seat=1)
    secret = said(2, Text.of("pp.log.draft_keep", card=Text.of("pp.special.flag")), audience=2)
    assert Event.from_json(json.loads(json.dumps(secret.to_json()))) == secret


@pytest.mark.parametrize("bad", [
    {"kind": "said", "seat": None, "data": {"text": {"params": {}}}},           # a text without its key
    {"kind": "said", "seat": None, "data": {"text": {"key": 5}}},
    {"kind": "said", "seat": None, "data": {"text": {"key": "x", "params": []}}},
])
def test_a_damaged_log_line_is_refused(bad):
    with pytest.raises(ValueError):
        Event.from_json(bad)


def test_check_said_refuses_a_line_without_its_text_or_with_other_fields():
    from game.core.events import check_said, said
    from game.core.protocol import Text
    check_said(said(0, Text.of("mg.log.play", seat=0, card=12)))
    for bad in (Event.of("said", 0), Event.of("said", 0, text="plain words"),
                Event("said", 0, (("text", Text.of("mg.log.deal", players=2)), ("card", 3)))):
        with pytest.raises(ValueError, match="log line"):
            check_said(bad)


def test_a_save_from_before_the_log_was_events_keeps_its_lines_as_said_events():
    from game.core.events import read_events
    old = {"events": [{"kind": "turn", "seat": 1, "data": {}}],
           "log": [{"seat": None, "text": {"key": "mg.log.deal", "params": {"players": 2}}},
                   {"seat": 0, "text": {"key": "mg.log.play", "params": {"seat": 0, "card": 12}}}]}
    events = read_events(old)
    assert [e.kind for e in events] == ["turn", "said", "said"]
    assert [e.get("text").key for e in events[1:]] == ["mg.log.deal", "mg.log.play"] and events[2].seat == 0
    new = {"events": [e.to_json() for e in events], "log": old["log"]}   # a save with said lines: read once
    assert read_events(new) == events
    with pytest.raises(ValueError):
        read_events({"log": "not a list"})


def test_a_game_s_log_is_its_said_events_in_every_view():
    from tests.support.minigame import RULES as MINI
    from game.core.rng import Rng
    state = MINI.new_game(2, {}, 3)
    rng = Rng(1)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    lines = [e for e in state.events if e.kind == "said"]
    assert len(state.log) == len(lines) > 5
    for seat in (None, 0, 1):
        assert [x.to_json() for x in state.view(seat).log] == [x.to_json() for x in state.log]


def test_json_once_encodes_each_item_once_and_afresh_from_where_a_list_differs():
    from game.core.events import encoded_once, json_once

    class Item:
        encoded = 0

        def __init__(self, n):
            self.n = n

        def to_json(self):
            Item.encoded += 1
            return {"n": self.n}

    class Owner:
        pass
    owner = Owner()
    items = [Item(i) for i in range(5)]
    assert json_once(owner, "things", items) == [{"n": i} for i in range(5)] and Item.encoded == 5
    assert json_once(owner, "things", items) == [{"n": i} for i in range(5)] and Item.encoded == 10  # not saving
    json_once(owner, "things", items)[0]["n"] = "changed by a caller"      # ... so a caller may change what it got
    Item.encoded = 0
    with encoded_once():                                           # as GameSession.to_save does
        assert json_once(owner, "things", items) == [{"n": i} for i in range(5)] and Item.encoded == 5
        items += [Item(5), Item(6)]                                    # an action later: only the new ones
        out = json_once(owner, "things", items)
        assert out == [{"n": i} for i in range(7)] and Item.encoded == 7
        out.append("a caller's own list")
        assert json_once(owner, "things", items) == [{"n": i} for i in range(7)] and Item.encoded == 7
        del items[4:]                                                  # an undo: what is left is kept
        assert json_once(owner, "things", items) == [{"n": i} for i in range(4)] and Item.encoded == 7
        items[2] = Item(20)                                            # another object at 2: encoded from there on
        assert json_once(owner, "things", items) == [{"n": 0}, {"n": 1}, {"n": 20}, {"n": 3}] and Item.encoded == 9
        assert json_once(owner, "others", items) and Item.encoded == 13   # each name has its own memo
        copy = Owner()
        copy.__dict__.update(owner.__dict__)                           # a clone sharing its original's dict
        changed = items[:1] + [Item(30)]
        assert json_once(copy, "things", changed) == [{"n": 0}, {"n": 30}]
        assert json_once(owner, "things", items) == [{"n": 0}, {"n": 1}, {"n": 20}, {"n": 3}]


def test_a_session_saved_after_every_action_and_undo_saves_what_a_fresh_encoding_gives(monkeypatch):
    import game.core.match
    import game.core.plain
    import game.core.session
    from tests.support.minigame import played_with_undos

    def fresh(owner, name, items):
        return [item.to_json() for item in items]

    def encoded_afresh(session):
        with monkeypatch.context() as m:
            for module in (game.core.match, game.core.plain, game.core.session):
                m.setattr(module, "json_once", fresh)
            return session.to_save()
    for _step, session in played_with_undos(60):
        save, again = session.to_save(), encoded_afresh(session)
        assert save.actions == again.actions and save.snapshot == again.snapshot and save.actions
    assert len(session.actions) > 10
