"""Protocol helpers: Text JSON, option checks, results and ranks, the RNG."""
from __future__ import annotations

import json

import pytest

from game.core.protocol import Option, Result, Text, check_options, resolve_options
from game.core.rng import Rng


def test_text_json_round_trip_with_nested_text():
    text = Text.of("log.take", who=Text.of("seat.name", n=2), amount=3)
    data = json.loads(json.dumps(text.to_json()))
    assert Text.from_json(data) == text
    assert Text.from_json(data).kwargs["who"] == Text.of("seat.name", n=2)


def test_text_params_are_order_independent():
    assert Text.of("k", a=1, b=2) == Text.of("k", b=2, a=1)


OPTIONS = (
    Option("wagers", "bool", False, label="x.wagers"),
    Option("duel", "bool", False, label="x.duel", players=(2,), excludes=("wagers",)),
    Option("crew", "choice", "small", label="x.crew", choices=("small", "big")),
    Option("rounds", "int", 3, label="x.rounds", lo=1, hi=5),
    Option("tides", "bool", False, label="x.tides", requires=("wagers",)),
)


def keys(problems):
    return [p.key for p in problems]


def test_default_options_are_fine_for_every_count():
    for players in (2, 3, 4):
        assert check_options(OPTIONS, players, {}) == []


def test_player_count_constraint_of_a_variant():
    assert check_options(OPTIONS, 2, {"duel": True}) == []
    assert keys(check_options(OPTIONS, 3, {"duel": True})) == ["opt.err.players"]


def test_excludes_requires_and_bad_values():
    assert "opt.err.excludes" in keys(check_options(OPTIONS, 2, {"duel": True, "wagers": True}))
    assert keys(check_options(OPTIONS, 2, {"tides": True})) == ["opt.err.requires"]
    assert check_options(OPTIONS, 2, {"tides": True, "wagers": True}) == []
    assert keys(check_options(OPTIONS, 2, {"crew": "huge"})) == ["opt.err.bad_choice"]
    assert keys(check_options(OPTIONS, 2, {"rounds": 9})) == ["opt.err.bad_int"]
    assert keys(check_options(OPTIONS, 2, {"wagers": "yes"})) == ["opt.err.not_bool"]
    assert keys(check_options(OPTIONS, 2, {"nope": 1})) == ["opt.err.unknown"]


def test_resolve_options_fills_defaults():
    assert resolve_options(OPTIONS, {"rounds": 2}) == {"wagers": False, "duel": False, "crew": "small",
                                                       "rounds": 2, "tides": False}


def test_result_ranks_and_shared_win():
    r = Result.from_scores([5, 9, 9, 1])
    assert r.ranks == [3, 1, 1, 4]
    assert r.winners == [1, 2]


def test_result_tiebreak_splits_a_tie():
    r = Result.from_scores([9, 9, 3], tiebreak=[1, 2, 0])
    assert r.ranks == [2, 1, 3] and r.winners == [1]


def test_result_json_round_trip():
    r = Result.from_scores([3.0, 4.0], breakdown=[[("a", 1.0), ("b", 2.0)], [("a", 4.0), ("b", 0.0)]],
                           how=Text.of("how.x"), stats={"s": [1, 2]})
    again = Result.from_json(json.loads(json.dumps(r.to_json())))
    assert again == r


def test_rng_is_deterministic_and_json_resumable():
    a, b = Rng(42), Rng(42)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    saved = json.loads(json.dumps(a.state()))
    resumed = Rng.from_state(saved)
    assert [a.randint(1, 6) for _ in range(20)] == [resumed.randint(1, 6) for _ in range(20)]


def test_rng_known_values_do_not_drift():
    # A saved game replays from its seed: the sequence must never change between versions.
    assert [Rng(1).next64(), Rng(2).next64()] == [12966619160104079557, 1884871951439679575]
    deck = list(range(10))
    Rng(7).shuffle(deck)
    assert deck == [8, 3, 9, 0, 7, 2, 1, 6, 5, 4]


def test_rng_fork_is_independent_and_repeatable():
    a, b = Rng(5), Rng(5)
    fa, fb = a.fork(), b.fork()
    assert [fa.below(100) for _ in range(10)] == [fb.below(100) for _ in range(10)]
    assert a.state() == b.state()


def test_rng_rejects_bad_state():
    with pytest.raises(ValueError):
        Rng.from_state([1, 2, 3])
    with pytest.raises(ValueError):
        Rng.from_state([1, 2, 3, -1])


def test_an_option_needing_a_two_valued_choice_names_the_value_it_needs():
    decl = (Option("seating", "choice", "table", label="x.seating", choices=("table", "preset"),
                   choice_labels=("x.seating.table", "x.seating.preset")),
            Option("pair", "choice", "a", label="x.pair", choices=("a", "b"), requires=("seating",)))
    (problem,) = check_options(decl, 2, {"pair": "b"})
    assert problem.key == "opt.err.requires_value"
    assert problem.kwargs["other"].key == "x.seating" and problem.kwargs["value"].key == "x.seating.preset"
    assert check_options(decl, 2, {"pair": "b", "seating": "preset"}) == []


def test_texts_read_from_json_are_the_texts_written_even_when_read_again():
    from game.core.protocol import Text
    t = Text.of("pir.log.roll", dice=[3, 4], player=Text.of("seat.name", seat=1), turn=2)
    data = t.to_json()
    assert Text.from_json(data) == t and Text.from_json(data) == t          # the second read is remembered
    assert Text.from_json({"key": "x", "params": {"n": [1, 2]}}) != Text.from_json({"key": "x", "params": {"n": [2, 1]}})
    with pytest.raises(ValueError):
        Text.from_json({"key": "x", "params": {"n": [1, {"evil": 1}]}})
