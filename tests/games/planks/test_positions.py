"""The position builder (``game.games.planks.positions``): what it builds and what it refuses."""
from __future__ import annotations

import pytest

from game.games.planks.positions import PositionError, position
from game.games.planks.rules import RULES, Move


def test_the_docstring_example():
    s = position(4, planks={1: ["yellow-4"], 3: ["blue-2", "red-5", "green-1"]}, turn=3)
    s.apply(Move(3, "pirate-yellow-4", 1, 2))
    assert s.planks[3] == ["pirate-red-5", "pirate-green-1", "pirate-yellow-4"]
    assert "pirate-blue-2" in s.island


def test_a_built_position_is_a_valid_save():
    s = position(2, planks={0: ["red-1"]}, treasures={1: ["ruby"]}, counters={0: 2}, budgets={0: 7})
    RULES.validate_state(RULES.state_from_json(s.to_json()))
    assert s.counters == [2, 3] and s.allowance == 5 and s.marker is not None


@pytest.mark.parametrize("spec,word", [
    (dict(planks={0: ["red-1", "red-2", "red-3", "red-4"]}), "plank"),
    (dict(planks={0: ["red-1"], 1: ["red-1"]}), "pirates"),
    (dict(planks={0: ["yellow-1"]}), "not in play"),
    (dict(treasures={0: ["ruby", "ruby", "ruby"]}), "ruby"),
    (dict(bag=["ruby"]), "placed nowhere"),
    (dict(draws=["crown"], bag=None, kinds=["pearl"], pairs=6, treasures={0: ["crown", "crown"]}), "crown"),
])
def test_impossible_positions_are_refused(spec, word):
    with pytest.raises(PositionError) as caught:
        position(3, **spec)
    assert word in str(caught.value)
