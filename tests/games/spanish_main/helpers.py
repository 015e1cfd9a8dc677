"""Shared helpers of the Pirates of the Spanish Main engine tests."""
from __future__ import annotations

from typing import Any

import pytest

from game.core.protocol import IllegalAction
from game.core.rng import Rng
from game.games.spanish_main.positions import position, ship
from game.games.spanish_main.rules import RULES, SpanishMainState

#: the spec's example row: 1:EN1 2:ES1 3:NL1 4:EN2 5:ES2 6:NL2 7:EN3 8:ES3 9:NL3
ROW = ["EN1", "ES1", "NL1", "EN2", "ES2", "NL2", "EN3", "ES3", "NL3"]


def refused(s: SpanishMainState, action) -> str:
    """The reason key of ``action``'s refusal; the state is left as it was."""
    before = s.to_json()
    assert s.check(action) is not None
    with pytest.raises(IllegalAction) as caught:
        s.apply(action)
    assert s.to_json() == before
    return caught.value.reason.key


def new(players: int = 3, seed: int = 1, **options: Any) -> SpanishMainState:
    return RULES.new_game(players, options, seed)  # type: ignore[return-value]


def play_random(s: SpanishMainState, seed: int = 0, limit: int = 5000) -> SpanishMainState:
    rng = Rng(seed)
    for _ in range(limit):
        if s.is_over():
            return s
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    raise AssertionError("the game did not end")


def events(s: SpanishMainState, kind: str) -> list:
    return [e for e in s.events if e.kind == kind]


def names(s: SpanishMainState) -> list[str]:
    """The row as short names, front to back (``EN1`` ...)."""
    return [x[len("ship-"):].replace("-", "").upper() for x in s.row]


def fame(s: SpanishMainState, name: str) -> int:
    return s.fame_of(ship(name))


def at(**kw: Any) -> SpanishMainState:
    """The spec's example row (3 players unless told), Treasure Map active, a deck of 20 (with ``discard`` given:
    every card not placed elsewhere)."""
    kw.setdefault("row", ROW)
    if "discard" not in kw:
        kw.setdefault("deck", 20)
    return position(kw.pop("players", 3), **kw)
