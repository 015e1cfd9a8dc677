"""PlainState (game.core.plain): a state's copy, JSON and shape checks written once from its fields."""
from __future__ import annotations

import json

import pytest

from game.core.events import Event, said
from game.core.plain import Maybe, PlainState
from game.core.protocol import T


class Pot(PlainState):
    KIND = "test.pot"
    FIELDS = {"players": int, "hands": [[int]], "names": [str], "done": bool, "score": float,
              "extra": dict, "winner": Maybe(int)}

    def reset_caches(self) -> None:
        self.cache = None

    # the rules of a game would go here; the tests need none
    def current_players(self): return ()            # noqa: E704
    def legal_actions(self, seat=None): return []   # noqa: E704
    def apply(self, action): raise NotImplementedError  # noqa: E704
    def is_over(self): return False                 # noqa: E704
    def result(self): raise NotImplementedError     # noqa: E704
    def view(self, seat): return self.view_of(seat)  # noqa: E704


def a_pot() -> Pot:
    p = Pot()
    p.players, p.hands, p.names, p.score, p.extra = 2, [[1, 2], [3]], ["a", "b"], 1.5, {"k": [1, {"x": 2}]}
    p._events = [said(None, T("mg.log.deal", players=2)),
                 Event.of("drew", 1, audience=[1], secret={"card": 7}, pile="deck")]
    return p


def test_a_new_state_has_each_field_empty_and_its_caches_set_up():
    p = Pot()
    assert (p.players, p.hands, p.names, p.done, p.score, p.extra, p.winner) == (0, [], [], False, 0.0, {}, None)
    assert p.cache is None and p.events == [] and p.viewer is None and not p.is_view


def test_a_copy_shares_nothing_that_changes():
    p = a_pot()
    p.cache = "worked out"
    c = p.clone()
    c.hands[0].append(9)
    c.extra["k"][1]["x"] = 5
    c._events.append(Event.of("turn", 0))
    assert p.hands == [[1, 2], [3]] and p.extra == {"k": [1, {"x": 2}]} and len(p.events) == 2
    assert c.cache is None                                 # caches are worked out again


def test_json_round_trip_keeps_every_field_and_the_events():
    p = a_pot()
    data = json.loads(json.dumps(p.to_json()))
    assert data["type"] == "test.pot"
    back = Pot.from_json(data)
    assert back.to_json() == p.to_json() and back.events == p.events and back.log == p.log


@pytest.mark.parametrize("field,value,words", [
    ("hands", [[1, "2"]], "'hands' is not a list of a list of whole numbers"),
    ("players", True, "'players' is not whole numbers"),
    ("winner", "x", "'winner'"),
    ("extra", [], "'extra'"),
    ("names", None, "'names'"),
])
def test_a_damaged_field_is_refused_naming_it(field, value, words):
    data = json.loads(json.dumps(a_pot().to_json()))
    data[field] = value
    with pytest.raises(ValueError, match=words):
        Pot.from_json(data)


def test_a_missing_field_or_another_kind_is_refused():
    data = a_pot().to_json()
    del data["score"]
    with pytest.raises(ValueError, match="'score' is missing"):
        Pot.from_json(data)
    with pytest.raises(ValueError, match="not a test.pot"):
        Pot.from_json(dict(a_pot().to_json(), type="other"))


def test_view_of_gives_the_seats_events_and_marks_the_view():
    p = a_pot()
    v = p.view_of(0)
    assert v.is_view and v.viewer == 0 and v.events[1].get("card") is None and p.events[1].get("card") == 7
    assert p.view_of(1).events[1].get("card") == 7
    assert [e.text.key for e in v.log] == ["mg.log.deal"]
