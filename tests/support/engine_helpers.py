"""Helpers of the engine tests of the games built on ``game.core.plain.TurnState`` (Planks, Spanish Main): a
refusal's reason, the events of a kind, a game played to its end by a seeded generator, and the same with the
checks every property test makes along the way (the game's invariants, JSON round trips, views and
determinization)."""
from __future__ import annotations

import json
from typing import Any, Callable

import pytest

from game.core.protocol import IllegalAction, Rules, State
from game.core.rng import Rng


def refused(s: State, action: Any) -> str:
    """The reason key of ``action``'s refusal (``check`` and ``apply`` both refuse it); the state is left as it
    was."""
    before = s.to_json()
    assert s.check(action) is not None
    with pytest.raises(IllegalAction) as caught:
        s.apply(action)
    assert s.to_json() == before
    return caught.value.reason.key


def play_random(s: Any, seed: int = 0, limit: int = 20000) -> Any:
    """``s`` played to its end by random legal actions (AssertionError if it has not ended after ``limit``)."""
    rng = Rng(seed)
    for _ in range(limit):
        if s.is_over():
            return s
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    raise AssertionError("the game did not end")


def events(s: State, kind: str) -> list:
    """The events of ``kind`` so far."""
    return [e for e in s.events if e.kind == kind]


def play_checked(rules: Rules, determinize: Callable[[Any, Rng], Any], players: int, opts: dict, seed: int, *,
                 check: Callable[[Any], None], every: int, max_actions: int,
                 view_check: Callable[[Any, int | None, Any], None] | None = None, check_full: bool = False) -> Any:
    """A random legal game played to its end: ``check(state)`` before every action; every ``every`` actions a JSON
    round trip that must load and validate, and for every seat and the spectator ``view_check(state, seat, view)``
    and a determinization of the view that the seat sees as the view (``check``-ed too with ``check_full``)."""
    s = rules.new_game(players, opts, seed)
    rng = Rng(seed ^ 0x5151)
    for step in range(max_actions):
        check(s)
        if s.is_over():
            return s
        acts = s.legal_actions()
        assert acts, "nobody may act but the game is not over"
        s.apply(acts[rng.below(len(acts))])
        if step % every == 0:
            back = rules.state_from_json(json.loads(json.dumps(s.to_json())))
            rules.validate_state(back)
            for seat in (*range(players), None):
                v = s.view(seat)
                if view_check is not None:
                    view_check(s, seat, v)
                full = determinize(v, Rng(step))
                if check_full:
                    check(full)
                assert json.dumps(full.view(seat).to_json(), sort_keys=True) == \
                    json.dumps(v.to_json(), sort_keys=True)
    raise AssertionError(f"a random {players}-player game with {opts} did not end (seed {seed})")
