"""Explicit chance (game.core.chance): every roll of any number of dice with its probability, draws from
what is left, and a script of fixed outcomes that a position carries in its save."""
from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest

from game.core.chance import Chance, ChanceScriptError, dice_outcomes, draw_outcomes, roll_probability
from game.core.rng import Rng


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_dice_outcomes_are_every_roll_with_its_probability(n):
    outcomes = dict(dice_outcomes(n))
    assert len(outcomes) == {1: 6, 2: 21, 3: 56, 4: 126}[n]
    assert sum(outcomes.values()) == 1
    counted: dict[tuple[int, ...], int] = {}
    for roll in product(range(1, 7), repeat=n):
        key = tuple(sorted(roll))
        counted[key] = counted.get(key, 0) + 1
    assert outcomes == {k: Fraction(c, 6 ** n) for k, c in counted.items()}


def test_roll_probability_of_doubles_and_mixed():
    assert roll_probability([3, 3]) == Fraction(1, 36)
    assert roll_probability([1, 2]) == Fraction(2, 36)
    assert roll_probability([6, 6, 6, 6]) == Fraction(1, 1296)


def test_draw_outcomes_from_a_multiset():
    assert draw_outcomes(["a", "b", "a", "c"]) == [("a", Fraction(1, 2)), ("b", Fraction(1, 4)),
                                                    ("c", Fraction(1, 4))]
    assert draw_outcomes([]) == []


def test_unscripted_chance_rolls_like_the_generator_it_holds():
    rng = Rng(42)
    expected = [rng.randint(1, 6) for _ in range(3)]
    assert Chance(Rng(42)).roll(3) == expected


def test_a_script_fixes_the_next_rolls_and_draws_and_leaves_the_generator_where_it_was():
    chance = Chance(Rng(7)).script_dice([6, 6], [1, 2, 3]).script_draws("T07")
    assert chance.roll(2) == [6, 6]
    assert chance.roll(3) == [1, 2, 3]
    pile = ["T01", "T07", "T09"]
    assert chance.draw(pile) == "T07" and pile == ["T01", "T09"]
    assert chance.roll(2) == Chance(Rng(7)).roll(2)      # after the script: the generator, untouched


def test_a_script_that_does_not_fit_is_refused_with_its_reason():
    with pytest.raises(ChanceScriptError, match="roll of 2 dice"):
        Chance().script_dice([1, 2, 3]).roll(2)
    with pytest.raises(ChanceScriptError, match="asks for a draw"):
        Chance().script_dice([1, 2]).draw_index(["x"])
    with pytest.raises(ChanceScriptError, match="not among what is left"):
        Chance().script_draws("z").draw(["x", "y"])
    with pytest.raises(ChanceScriptError, match="six-sided"):
        Chance().script_dice([0, 7])


def test_chance_round_trips_through_json_with_and_without_a_script():
    plain = Chance(Rng(3))
    assert plain.to_json() == Rng(3).state()                  # what saves held before scripts existed
    assert Chance.from_json(json.loads(json.dumps(plain.to_json()))).roll(4) == Chance(Rng(3)).roll(4)
    scripted = Chance(Rng(3)).script_dice([2, 5]).script_draws(["a", 1])
    back = Chance.from_json(json.loads(json.dumps(scripted.to_json())))
    assert back.roll(2) == [2, 5] and back.draw([("a", 1), ("b", 2)]) == ("a", 1)
    clone = scripted.clone()
    assert clone.roll(2) == [2, 5] and scripted.script[0] == ["dice", [2, 5]]


@pytest.mark.parametrize("bad", ["x", {"rng": [1, 2, 3, 4], "script": [["dice", [9]]]},
                                 {"rng": [1, 2, 3, 4], "script": [["coin", 1]]}, {"rng": [1], "script": []}])
def test_damaged_chance_is_refused(bad):
    with pytest.raises(ValueError):
        Chance.from_json(bad)
