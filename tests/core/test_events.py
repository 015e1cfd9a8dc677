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
